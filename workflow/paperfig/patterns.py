"""The text patterns every reader shares: headings, bullets, captions, axis keys.

One definition each, so the block splitter, the page reader and the chart reader agree on
what a heading or a caption is (they used to keep their own copies, and they drifted).

Grammar
-------
* **Heading**: a Markdown ATX heading, up to three spaces of indent, 1-6 ``#``, a space,
  text (closing ``#``s dropped): ``## Results``. The level is the number of ``#``.
* **Bullet**: ``-``, ``*``, ``+``, ``•`` (and other bullet glyphs) or ``1.``/``1)`` followed by
  a space; the indent before it gives the nesting level.
* **Caption**: a line that starts (after optional Markdown emphasis ``**``/``*``/``_``) with
  ``Table``, ``Tab.``, ``TABLE``, ``Figure``, ``Fig.`` and a number, arabic (``3``, ``3a``,
  ``A.1``, ``S2``) or roman (``III``), followed by ``:``, ``.``, ``|``, a dash, or the end of
  the line: ``Table 3: ...``, ``Table 3. ...``, ``TABLE III ...``, ``Tab. 3 ...``,
  ``**Figure 2:** ...``. ``caption_kind`` says "table" or "figure".
* **Axis key**: a line or bullet that introduces an axis of a chart: ``**X-axis:**``,
  ``**X-axis (Compute)**:``, ``X axis -``, ``X-Axis:``, ``Horizontal axis:``, ``x-axis label:``,
  ``**Y axis** – Accuracy``, ``The x-axis represents ...``. A line merely mentioning "the
  x-axis" inside a sentence is not one: the key must open the line (after a bullet and
  emphasis).
"""

from __future__ import annotations

import re

#: Grounding boxes some vision-language models print after the things they name (CogVLM
#: ``SST-2[[118,214,214,905]]``, Qwen-VL ``<box>(118,214),(214,905)</box>``).
GROUNDING = re.compile(r"\[\[\s*\d+(?:\s*,\s*\d+){3}\s*\]\]|<box>.*?</box>|<\|box_start\|>.*?<\|box_end\|>|"
                        r"<ref>|</ref>|<\|object_ref_(?:start|end)\|>")
HEADING = re.compile(r"^\s{0,3}(?P<hashes>#{1,6})\s+(?P<text>\S.*?)\s*#*\s*$")
BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+•●▪◦‣]|\d{1,3}[.)])\s+(?P<text>.*\S)\s*$")

_CAPTION_NUMBER = r"(?-i:[A-Z]?\d+(?:\.\d+)*[a-z]?|[IVXLC]+)"
CAPTION = re.compile(
    r"^\s*[*_]{0,2}(?:(?:Extended\s+Data|Supplementary|Suppl\.|Appendix)\s+)?(?P<kind>Table|Tab\.|Tbl\.|Figure|Fig\.|Chart)\s*"
    rf"(?P<num>{_CAPTION_NUMBER})\s*[*_]{{0,2}}\s*(?:[:.|\-–—]|$|(?=\s+(?-i:[A-Z(])))",
    re.IGNORECASE,
)

AXIS_KEY = re.compile(
    r"^\s*(?:(?:[-*+•]|\d{1,3}[.)])\s+)?[*_]{0,2}\s*(?:the\s+)?(?P<axis>x|y|horizontal|vertical)[\s-]*axis\b"
    r"(?:(?:\s*(?:label|title))?[^:\n]{0,40}?(?:[:\-–—]|\*\*)|\s+(?:represents|shows|displays|is\s+labell?ed|"
    r"denotes|indicates|measures|plots|depicts|lists|gives|spans|ranges))",
    re.IGNORECASE,
)

#: A time point naming a row (``6h``, ``24 h``, ``7d``, ``2 wk``, ``12 mo``): shared by the table
#: readers and the table logic.
TIME_POINT = re.compile(r"^\d{1,4}\s?(?:h|hr|hrs|min|d|wk|mo|days?|weeks?|months?)$", re.IGNORECASE)

#: Words in a heading or first line that name a chart ("Bar Chart: ...", "Line graph of ...").
PLOT_WORDS = re.compile(
    r"\b(?:plot|chart|graph|scatter|diagram|histogram|heat\s?map|scatterplot)s?\b", re.IGNORECASE)


#: An open bound of a number, alone (``≥3``, ``<65``, ``>5%``): a threshold that names a row or a
#: group (``Responders ≥30% NRS``), never a value of its own there.
OPEN_BOUND = re.compile(r"^[<>≤≥]\s?\d+(?:\.\d+)?%?$")
#: A school, fiscal, survey or hydrological year spanning two calendar years (``2016/17``,
#: ``2019–20``, ``2021/2022``): a season, which names a column or a row.
YEAR_SPAN = re.compile(r"^(?:19|20)\d\d\s?[/–-]\s?(?:\d\d|(?:19|20)\d\d)$")

#: A sentence that introduces a chart description ("The image is a bar chart titled ...",
#: "This line graph shows ...", "**Type:** scatter plot"): a kind of chart named at the start
#: of a line, or after "is a/an", "shows a", "type:"; or "This chart plots ..." / "The chart is
#: titled ..." at its start; or a model's first-person opening naming the kind of chart it
#: reads ("I'll describe this line chart and ...", "Let me extract the data from the bar chart"); or
#: "The image shows a two-panel figure ..." at its start.
CHART_INTRO = re.compile(
    r"^\W*(?:(?:assistant|gpt|model|answer|response|output|description|cogvlm|qwen|llava|internvl|gemini|"
    r"claude|bot|ai)\s*:\s*)?"
    r"(?:(?:figure|fig\.)\s*\d+[a-z]?\W*\s+(?:is|shows|depicts|presents|displays|illustrates|plots)\s+"
    r"(?:an?\s+)?|(?:here(?:['’]s|\s+is|\s+are)|below\s+(?:is|are))\s+(?:the\s+)?(?:underlying\s+)?"
    r"(?:data|values|data\s+points|table)\b[^.]{0,40}?\b(?:from|of|in)\s+(?:the|this)\s+|(?:the|this)\s+(?:image|figure|chart|plot|graph|visuali[sz]ation|diagram|picture)\s+"
    r"(?:is|shows|depicts|presents|displays|illustrates|contains)\s+(?:an?\s+)?"
    r"(?:(?:figure|composite|panel)\s+(?:with|of|containing|comprising)\s+)?|"
    r"(?:(?:chart|plot|figure|fig\.|image)\s*(?:\d+[a-z]?\s+)?)?(?:type|kind|description|overview|summary)\W*:\W*"
    r"(?:(?:the|this)\s+(?:image|figure)\s+(?:is|shows)\s+)?(?:an?\s+)?|(?:this|it)\s+is\s+an?\s+|an?\s+|(?:the\s+|this\s+)?)"
    r"(?:(?:horizontal|vertical|stacked|grouped|clustered|simple|log-?log|semi-?log|multi-?series|"
    r"multiple|two|three|four|five|six|several|double|dual|100\s*%|normali[sz]ed|percent(?:age)?|dual-axis|combined|side-by-side|paired|faceted|"
    r"(?:two|three|four|six|multi)[\s-]?panel(?:l?ed)?)[\s-]+)*"
    r"(?:(?:scatter|line|bar|bubble|area|column|dot)[\s-]*(?:plot|chart|graph|diagram)s?\b|"
    r"(?:one|two|three|four|five|several|multiple|\d)\s+(?:curves?|lines?)\b(?!\s+of\s+(?:text|code)))"
    r"|^\W*(?:the|this)\s+(?:chart|plot|graph)\s+(?:plots|shows|compares|tracks|depicts|displays|presents|"
    r"is\s+(?:titled|entitled|labell?ed))\b"
    r"|^\W*(?:the|this)\s+(?:image|figure)\s+(?:is|shows|depicts|presents|displays|contains)\s+an?\s+"
    r"(?:two|three|four|six|multi)[\s-]?panel(?:l?ed)?\s+(?:figure|plot|chart|graph)\b"  # ('a two-panel figure')
    r"|^\W*(?:I(?:['’]ll|\s+will|\s+can|['’]m\s+going\s+to|\s+am\s+going\s+to)|let\s+me)\s+[^.]{0,60}?\b(?:this|the)\s+"
    r"(?:(?:horizontal|vertical|stacked|grouped|clustered|multi-?series|dual-axis)[\s-]+)*"
    r"(?:scatter|line|bar|bubble|area|column|dot)[\s-]*(?:plot|chart|graph)\b",
    re.IGNORECASE)


def may_contain(text: str, words: tuple[str, ...]) -> bool:
    """False only when a case-insensitive pattern that needs one of ``words`` cannot match: an
    ASCII text holding none of them in any case. A cheap test run before such a pattern on every
    line of a page; other text is always tested by the pattern (ignoring case, a pattern also
    matches some non-ASCII letters, ``ſ`` for ``s``)."""
    if not text.isascii():
        return True
    low = text.lower()
    for word in words:  # (a plain loop: a generator costs more than the tests on a short line)
        if word in low:
            return True
    return False


#: What CHART_INTRO and AXIS_KEY cannot match without (a kind of chart, or "chart", "plot" or
#: "graph" after "The"/"This" at the start; "axis").
_CHART_KIND_WORDS = ("scatter", "line", "bar", "bubble", "area", "column", "dot", "curve", "chart", "plot", "graph",
                     "panel")
_AXIS_WORDS = ("axis",)


def heading(line: str) -> tuple[int, str] | None:
    """(level, text) of a Markdown heading line, else None."""
    m = HEADING.match(line) if "#" in line else None  # (most lines of a page hold no "#")
    return (len(m.group("hashes")), m.group("text")) if m else None


def caption_kind(line: str) -> str:
    """"table" or "figure" for a caption line, "" otherwise."""
    m = CAPTION.match(line)
    if not m:
        return ""
    kind = m.group("kind").lower()
    if kind.startswith("t"):
        # "Table of contents", "TABLE" alone are not captions: a number must follow
        return "table"
    return "figure"


def is_chart_intro(line: str) -> bool:
    """A line that opens by naming a kind of chart (emphasis ignored: ``This is a **bar chart**``)."""
    text = line.replace("**", "").replace("__", "")
    return may_contain(text, _CHART_KIND_WORDS) and bool(CHART_INTRO.match(text))


def is_axis_key(line: str) -> bool:
    return may_contain(line, _AXIS_WORDS) and bool(AXIS_KEY.match(line))


def is_chart_anchor(line: str) -> bool:
    """``is_axis_key(line) or is_chart_intro(line)``, the words they need looked for once (an
    "axis" of the line is one of the text without emphasis too)."""
    text = line.replace("**", "").replace("__", "")
    if not may_contain(text, _AXIS_WORDS + _CHART_KIND_WORDS):
        return False
    return bool(AXIS_KEY.match(line)) or bool(CHART_INTRO.match(text))
