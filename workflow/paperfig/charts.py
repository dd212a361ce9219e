"""Chart descriptions: prose descriptions of plots turned into points, axes, legend and claims.

A chart description is markdown-ish text written by a person or a vision-language model: a
top heading naming the plot ("## Scatter Plot: ..."), sections, bullets and plain lines. The
parser recognises shapes of text, never particular files:

* chart type: stated by the heading, a "Chart type:" line or the first line naming a kind
  ("bar chart", "histogram", "line graph", "scatter plot"; "horizontal bar chart"), else
  decided by the form of the points (only values without x: a bar chart);
* axes in any usual spelling (``**X-axis:**``, ``**X-axis (Compute)**:``, ``X axis -``,
  ``X-Axis:``, ``Horizontal axis:``, ``x-axis label:``, ``**Y axis** –``) with sub-bullets
  (``* Label:``, ``* Range: 0 to 100``, ``* Ticks: 0, 20, 40``, ``* Scale: log``); a stated range
  is a range, tick labels are kept apart (never the range); log stated or implied by powers of ten;
* a title that says there is none ("None", "Not present", "N/A") is no title;
* legend: ``* **Legend:** Located in the <position>...`` followed by ``* Entry (Colour)`` bullets,
  a "### Legend" section, or lines such as ``2021: Yellow`` / ``Orange line: Baseline`` (legend,
  never points);
* arrows: ``* **Annotations:** ... arrows labeled "Text" (pointing left) ...``;
* mentions: ``* **Models Labeled:** a, b, c`` or ``* **Models:** ...:`` followed by bullets;
* points (see ``POINT_STYLES``): the three seed styles (a series bullet followed by ``* At
  approximately 8 MB, the Y is around 82.2 (labeled "L=6").``; ``* **Name:** Approximately (4
  GFLOPs, 75 score) - Colour (group)``; ``* **Name:** Located at approximately (2, 64).``), and
  ``Name: 4 FLOPs, 81.5% accuracy``, ``Name — x: 4, y: 81.5``, ``Name at (4, 81.5)``, several
  pairs or ``key: value`` items on one line, bars (``* **Category A:** X: 45.2, Y: 50.1``, nested
  ``* X: 45.2`` bullets, ``* Category: 45.2%``), Markdown pipe tables; numbers go through the
  shared grammar (``numbers.find_numbers``): read whole or refused, never a prefix; the digits
  of a unit or a name (``Recall@10``, ``top-1``, ``GPT-4``) are never a coordinate;
* claims: sentences about the data (trends, ranks, outliers, comparisons) in analysis and
  observation sections, and in other sections when they name a plotted series or point.

A bar is a point with an empty ``x``, its ``category`` and its value in ``y`` (no position is
ever invented); for horizontal bars ``y`` is still the value axis. A line with numbers that
yields no point gets an "unread_point" parse note. Every row carries the 1-based ``line_no``
and the ``raw`` line it came from; several points may come from one line.
"""

from __future__ import annotations

import logging
import re
from decimal import Decimal

from . import contract, patterns
from .documents import Document
from .errors import DocumentError
from .segment import is_part_heading
from .numbers import decimal_text, find_numbers, parse_decimal

log = logging.getLogger("paperfig")

# ----------------------------------------------------------------------------------------
# Line shapes

_HEADING = patterns.HEADING  # group 1: the #s, group 2: the text
_BULLET = patterns.BULLET  # group 1: the indent, group 2: the text
# **Key:** text  |  **Key**: text   (the closing ** must not be followed by another *)
_BOLD_KEY = re.compile(r"^\*\*(.+?)\*\*(?!\*)\s*(:?)\s*(.*)$")
_BOLD_LINE = re.compile(r"^\s*\*\*([^*].*?)\*\*\s*:?\s*$")

_PLOT_WORDS = patterns.PLOT_WORDS
_AXIS_KEY = re.compile(r"^\s*(x|y|horizontal|vertical)[\s-]*axis\b", re.I)
_TITLE_KEY = re.compile(r"^\s*(?:chart\s+|plot\s+|figure\s+)?title\s*$", re.I)
_LEGEND_KEY = re.compile(r"^\s*(?:legend|colou?r\s+(?:legend|key|scale|bar)|colou?rbar|key)\b", re.I)
_ARROW_KEY = re.compile(r"\b(?:annotations?|arrows?)\b", re.I)
_MENTION_KEY = re.compile(
    r"^\s*(?:(?:labell?ed\s+)?(?:models?|methods?|systems?|labels?|names?|points?\s+labell?ed|"
    r"models?\s+(?:labell?ed|shown|represented|listed|named|included)))\s*$", re.I)
#: Bold keys that organise a description rather than name a series or point.
_HEADING_LIKE_KEY = re.compile(
    r"^\s*(?:x[\s-]*axis|y[\s-]*axis|axes|axis|legend|title|annotations?|arrows?|models?|"
    r"data\s*points?|points|models?\s+labell?ed|labels?|trends?|outliers?|overview|notes?|"
    r"caption|grid|markers?|colou?rs?|series|general\s+trend|observations?|key\s+observations?|"
    r"summary|interpretation|components?|description|scale|background|source)\s*$", re.I)

#: Sections whose bullets and prose are claims (when they use claim words).
_CLAIM_SECTION = re.compile(
    r"observation|trend|analysis|finding|insight|takeaway|highlight|pattern|comparison|"
    r"result|notable|outlier|performance", re.I)
#: Sections where points are not listed (claims and commentary only).
_NON_POINT_SECTION = re.compile(
    r"overview|interpretation|observation|conclusion|insight|takeaway|summary|trend|finding|"
    r"implication|context|outlier", re.I)

_CLAIM_WORDS = re.compile(
    r"\b(?:upward|downward|increas\w*|decreas\w*|flat|plateau\w*|trend\w*|highest|lowest|"
    r"largest|smallest|best|worst|outliers?|higher|lower|better|worse|newer|older|larger|"
    r"smaller|improv\w*|declin\w*|correlat\w*|cluster\w*|peaks?|exceed\w*|outperform\w*|"
    r"dominat\w*|surpass\w*|steep\w*|rises?|rising|falls?|falling|drops?|dropping|grows?|"
    r"growing|gains?|low|high|strong\w*|weak\w*|diminishing|saturat\w*|compared|than|"
    r"top|most|least|fastest|slowest|superior|inferior|significantly)\b", re.I)

# A printed number that is not part of a word ("GPT-1", "Qwen1.5", "L=6" are not numbers).
# A number written with an exponent ("1e400") is not a printed number: no match at all, so the
# line gets an "unread_point" note instead of a point at the mantissa.
_NUM = (r"(?:(?<![\w.@^/])[-−–](?=\d)|(?<![\w.\-−–=@^/]))(?<!\d,)\d+(?:\.\d+)?(?![\d.]\d)(?![eE][-+]?\d)"
        r"(?!,\d)(?![xX][0-9A-Fa-f])(?!\s*\^)")
_NUM_RE = re.compile(_NUM)
#: A number inside an explicit coordinate form ("(x=4, y=75)", "(2, 64)").
_NUMC = r"(?<![\w.])[-−–]?\d+(?:\.\d+)?(?![\d.]\d)(?![eE][-+]?\d)"
_APPROX = (r"(?:approx(?:imately|\.)?|about|around|roughly|nearly|almost|~|≈|circa|ca\.|"
           r"just\s+(?:under|over|below|above)|"
           r"slightly\s+(?:under|over|below|above|less\s+than|more\s+than)|close\s+to|an?\s+estimated)")
_UNIT_TOKEN = re.compile(r"\s*([A-Za-z%µ°$€£][\w%/³²µ°$€£.\-]*)")
_UNIT_STOP = {
    "and", "or", "the", "to", "with", "is", "are", "was", "at", "in", "on", "of", "for",
    "a", "an", "by", "from", "vs", "versus", "while", "which", "where", "respectively",
    "approximately", "around", "about", "roughly", "labeled", "labelled", "scale", "range",
    "ranging", "ranges", "it", "this", "that", "as", "than", "but", "each", "per",
}

#: The unit printed after a coordinate: no bracket or separator; digits only inside a word
#: of the unit ("nDCG@10", "top-1", "BLEU-4", "R@1"), never a number of its own.
_SLOT = r"((?:[^(),;\[\]\d]|(?<=[A-Za-z@\-])\d+){0,40}?)"
_PAIR = re.compile(
    r"[(\[]\s*(?:[xX]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")" + _SLOT + r"\s*[,;]\s*"
    r"(?:[yY]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")" + _SLOT + r"\s*[)\]]", re.I)
_XY_EQ = re.compile(
    r"\bx\s*[=:≈]\s*(?:" + _APPROX + r"\s*)?(" + _NUMC + r")([^,;\d]{0,20}?)\s*[,;]?\s*(?:and\s+)?"
    r"\by\s*[=:≈]\s*(?:" + _APPROX + r"\s*)?(" + _NUMC + r")", re.I)
_RANGE_PHRASE = re.compile(
    r"\b(?:from|between)\s+(?:" + _APPROX + r"\s*)?" + _NUM + r"[^.;]*?\b(?:to|and)\b\s*(?:"
    + _APPROX + r"\s*)?" + _NUM, re.I)
_LABELED = (
    re.compile(r"[,;]?\s*\(\s*(?:labell?ed|label|marked|annotated)\s*(?:as\s*)?:?\s*[\"“”'‘’](.+?)[\"“”'‘’]\s*\)",
               re.I),
    re.compile(r"[,;]?\s*\(\s*(?:labell?ed|label|marked|annotated)\s*(?:as\s*)?:?\s*"
               r"((?:[^()]|\([^()]*\))+?)\s*\)", re.I),
    re.compile(r"[,;]?\s*(?:labell?ed|marked|annotated)\s+(?:as\s+)?[\"“”'‘’](.+?)[\"“”'‘’]", re.I),
)

_DATE_ENTRY = re.compile(r"^(?:19|20)\d\d(?:[-/.](?:0?[1-9]|1[0-2])(?:[-/.]\d\d?)?)?$")
_DATE_TOKEN = re.compile(r"(?<![\w.-])(?:19|20)\d\d(?:[-/.](?:0?[1-9]|1[0-2]))?(?![\w])")

# Colour words, recognised generically: base colours with optional modifiers and mixes.
_COLOUR_BASES = (
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "pink", "brown", "black",
    "white", "gray", "grey", "cyan", "magenta", "teal", "turquoise", "navy", "maroon", "olive",
    "lime", "indigo", "gold", "golden", "silver", "beige", "tan", "salmon", "coral", "crimson",
    "lavender", "lilac", "mauve", "peach", "mint", "aqua", "azure", "khaki", "ochre", "amber",
    "burgundy", "plum", "fuchsia", "scarlet", "emerald", "cerulean", "charcoal", "ivory", "rust",
    "sienna", "orchid", "chartreuse", "vermilion", "cobalt", "periwinkle", "aquamarine", "ocher",
)
_COLOUR_MODS = (
    "light", "dark", "pale", "bright", "deep", "medium", "pastel", "neon", "vivid", "muted",
    "dull", "faded", "soft", "sky", "sea", "forest", "royal", "steel", "slate", "hot", "baby",
    "powder", "dim", "dusty", "lighter", "darker", "very", "navy", "olive", "lime", "mid",
    "burnt", "brick", "blood", "midnight", "electric",
)
_CB = "(?:" + "|".join(sorted(_COLOUR_BASES, key=len, reverse=True)) + r")(?:ish)?"
_CB = r"(?:(?:redd|purpl|yellow|green|blu|pink|brown|orang|gray|grey)ish|" + _CB + ")"
_CM = "(?:" + "|".join(sorted(_COLOUR_MODS, key=len, reverse=True)) + ")"
_COLOUR_UNIT = rf"(?:{_CM}[\s-]+)*{_CB}"
COLOUR_PHRASE = re.compile(rf"(?<![\w-]){_COLOUR_UNIT}(?:\s*[-/]\s*{_COLOUR_UNIT}|\s+{_COLOUR_UNIT})*(?![\w-])", re.I)

_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "approx.", "etc.", "cf.", "fig.", "al.", "ca.", "resp.")

_POSITION_WORDS = re.compile(r"\b(top|upper|bottom|lower|middle|center|centre|central|left|right)\b", re.I)

POINT_STYLES = (
    "a series bullet '* **Name (Colour):** ...' followed by point bullets "
    "'* At approximately 8 MB, the Score is around 82.2 (labeled \"...\").'",
    "'* **Name:** Approximately (4 GFLOPs, 75 score) - Colour (group)'",
    "'* **Name:** Located at approximately (2, 64).' or 'Name at (2, 64)'",
    "'Name: 4 FLOPs, 81.5% accuracy' or 'Name — x: 4, y: 81.5'",
    "several pairs '(1, 2), (3, 4)' or values 'Size 8: ~66%, Size 16: ~73%' / '2018: 12, 2019: 15' on one line",
    "bars: '* **Category A:** Model X: 45.2, Model Y: 50.1', nested '* Model X: 45.2' bullets, or '* Category: 45.2%'",
    "a Markdown pipe table (an x column and y columns, or a category column and value columns)",
)


def is_colour(text: str) -> bool:
    """True when ``text`` is a colour phrase ("Orange", "Dark Purple", "Blue-Green")."""
    return bool(COLOUR_PHRASE.fullmatch(text.strip()))


_PLAIN_NUMBER = re.compile(r"^[-−]?\d+(?:\.\d+)?$")
_POWER_FORM = re.compile(r"\^|\*\*|×|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]")


def canonical_numbers(text: str) -> tuple[str, list[str]]:
    """``text`` with every number the shared grammar (``numbers.find_numbers``) reads whole in a
    printed form other than plain digits ('83,4', '1,000', '83.7e0', full-width digits) written
    as its plain decimal, so the chart forms below never see (and never store) a prefix of it.
    Powers of ten ('10^3', '10³') stay as printed: they mark log axes. Numbers the grammar
    refuses ('0x1F', '1e400') stay as printed and are refused by the chart forms too. Returns
    the notes of the numbers that were normalised ("decimal comma read as decimal point")."""
    found, _ = find_numbers(text)
    out, notes, pos = [], [], 0
    for f in found:
        if _PLAIN_NUMBER.match(f.text) or _POWER_FORM.search(f.text):
            continue
        out.append(text[pos:f.start])
        out.append(decimal_text(f.value))
        pos = f.end
        if f.note:
            notes.append(f"{f.text!r}: {f.note}")
    out.append(text[pos:])
    return "".join(out), notes


def _num_text(token: str) -> str:
    return decimal_text(parse_decimal(token))


def _num_value(token: str) -> Decimal:
    return parse_decimal(token)


def _strip_quotes(text: str) -> str:
    text = text.strip()
    while len(text) >= 2 and text[0] in "\"“'‘" and text[-1] in "\"”'’":
        text = text[1:-1].strip()
    return text


def _strip_bold(text: str) -> str:
    text = text.strip()
    m = re.fullmatch(r"\*\*(.+?)\*\*(?!\*)(.*)", text)
    if m:
        text = (m.group(1) + m.group(2)).strip()
    return text


def _split_outside_parens(text: str, seps: str = ",") -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        if ch in seps and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences without breaking on decimals or common abbreviations."""
    protected = text
    for i, abbr in enumerate(_ABBREVIATIONS):
        protected = re.sub(re.escape(abbr), f"\x00{i}\x00", protected, flags=re.I)
    parts = re.split(r"(?:(?<=[.!?])|(?<=[.!?][\"”')\]]))\s+(?=[\"“(\[]?[A-Z0-9*])", protected)
    out = []
    for part in parts:
        for i, abbr in enumerate(_ABBREVIATIONS):
            part = part.replace(f"\x00{i}\x00", abbr)
        part = part.strip()
        if part:
            out.append(part)
    return out


def _trailing_colour(name: str) -> tuple[str, str]:
    """'BinaryBERT(TWN) (Purple)' -> ('BinaryBERT(TWN)', 'Purple'); no colour -> (name, '')."""
    m = re.search(r"\s*\(([^()]*)\)\s*$", name)
    if m and is_colour(m.group(1)):
        return name[: m.start()].strip(), m.group(1).strip()
    if m and is_colour(_bare_colour(m.group(1))):  # '(blue line)', '(dashed red)'
        return name[: m.start()].strip(), _bare_colour(m.group(1))
    return name.strip(), ""


def _bare_colour(text: str) -> str:
    """'Orange bars' / 'dashed blue line' -> 'Orange' / 'blue': marker words removed."""
    return re.sub(r"\s+", " ", _MARKER_WORDS.sub(" ", text)).strip(" ,-")


def _legend_position(text: str) -> str:
    words = [w.lower() for w in _POSITION_WORDS.findall(text)]
    vert = next((w for w in words if w in ("top", "upper", "bottom", "lower")), "")
    horiz = next((w for w in words if w in ("left", "right")), "")
    centre = any(w in ("middle", "center", "centre", "central") for w in words)
    vert = {"top": "upper", "bottom": "lower"}.get(vert, vert)
    if vert and horiz:
        return f"{vert} {horiz}"
    if vert:
        return f"{vert} center"
    if horiz:
        return f"center {horiz}"
    if centre:
        return "center"
    return "best"


def _unit_after(text: str, pos: int) -> str:
    m = _UNIT_TOKEN.match(text, pos)
    if not m:
        return ""
    token = m.group(1).rstrip(".-")
    if token.lower() in _UNIT_STOP or len(token) > 14:
        return ""
    return token


def _numbers(text: str) -> list[tuple[str, str, int, int]]:
    """(token, unit-after, start, end) of the printed numbers in ``text``."""
    return [(m.group(0), _unit_after(text, m.end()), m.start(), m.end()) for m in _NUM_RE.finditer(text)]


def _extract_label(text: str) -> tuple[str, str]:
    """Remove a '(labeled "X")' from a point sentence; return (text without it, X)."""
    for pattern in _LABELED:
        m = pattern.search(text)
        if m:
            return (text[: m.start()] + text[m.end():]).strip(), _strip_quotes(m.group(1))
    return text, ""


def _slot_unit(slot: str) -> str:
    """Unit printed with a coordinate in a pair: one token ("GFLOPs", "MB", "%")."""
    slot = slot.strip().strip(".")
    if not slot or " " in slot or slot.lower() in _UNIT_STOP or len(slot) > 14:
        return ""
    return slot


class _Figure:
    """State of one figure while its lines are read."""

    def __init__(self, doc: Document, figure_id: str, heading_line: int, heading: str):
        self.doc = doc
        self.figure_id = figure_id
        self.heading_line = heading_line
        self.heading = heading
        self.title = ""
        self.chart_type = ""
        self.orientation = ""
        self.axis: dict[str, dict] = {
            a: {"label": "", "unit": "", "min": "", "max": "", "scale_word": "", "line_no": 0, "ticks": [],
                "log_from_ticks": False}
            for a in ("x", "y")}
        self.legend_position = ""
        self.legend: list[dict] = []
        self.arrows: list[dict] = []
        self.mentions: list[dict] = []
        self.points: list[dict] = []
        self.claim_candidates: list[dict] = []
        self.notes: list[dict] = []
        self.point_units: dict[str, list[str]] = {"x": [], "y": []}


def _figure_spans(doc: Document) -> list[tuple[int, str, int, int]]:
    """(heading line_no, heading text, first line_no, last line_no) per described figure."""
    headings = []
    for i, line in enumerate(doc.lines, 1):
        m = _HEADING.match(line)
        if m:
            headings.append((i, len(m.group(1)), m.group(2).strip()))
    # a heading naming a part of a description ("### Chart type", "### Data points") is no figure
    plot_heads = [h for h in headings if _PLOT_WORDS.search(h[2]) and not is_part_heading(h[2])]
    n = len(doc.lines)
    if not plot_heads:
        first = next((i for i, line in enumerate(doc.lines, 1) if line.strip()), 1)
        head = headings[0] if headings else None
        return [(head[0] if head else first, head[2] if head else "", 1, n)]
    level = min(h[1] for h in plot_heads)
    spans = []
    for line_no, lvl, text in plot_heads:
        if lvl != level:
            continue
        end = next((h[0] - 1 for h in headings if h[0] > line_no and h[1] <= level), n)
        spans.append((line_no, text, line_no, end))
    return spans


def parse_chart_document(doc: Document) -> dict:
    """Parse a chart description into the contract's points/axes/legend/arrows/mentions/claims."""
    parsed = contract.empty_parsed(doc.source_file, doc.doc_id, "chart")
    for k, (head_line, heading, first, last) in enumerate(_figure_spans(doc), 1):
        fig = _Figure(doc, contract.figure_id(doc.doc_id, k), head_line, heading)
        _read_figure(fig, first, last)
        _finish_figure(fig, parsed)
    return parsed


# ----------------------------------------------------------------------------------------
# Chart type

#: "bar chart", "horizontal bar graph", "line plot", "scatter plot", "histogram", ...: a kind of
#: chart is named with a plot word after it (a bare "line" or "bars" in prose is not a type).
_TYPE_PHRASE = re.compile(
    r"\b(?:(?:horizontal|vertical|stacked|grouped|clustered|simple|multi-?series|multiple|double|"
    r"dual)[\s-]+)*(scatter|line|bar|bubble|area|column|dot)[\s-]*(?:plot|chart|graph|diagram)s?\b"
    r"|\b(scatterplot|histogram|lineplot|barplot|barchart|linechart)s?\b", re.I)
_TYPE_MAP = {"scatter": "scatter", "bubble": "scatter", "dot": "scatter", "scatterplot": "scatter",
             "line": "line", "area": "line", "lineplot": "line", "linechart": "line", "bar": "bar",
             "column": "bar", "histogram": "bar", "barplot": "bar", "barchart": "bar"}
_HORIZONTAL_BARS = re.compile(
    r"\bhorizontal(?:ly)?[\s-]+(?:oriented\s+)?(?:(?:stacked|grouped|clustered)\s+)?bar|"
    r"\bbars?\s+(?:are\s+|run\s+|extend\s+|drawn\s+)?horizontal(?:ly)?\b|"
    r"\borientation\W+horizontal\b", re.I)
_CHART_TYPE_KEY = re.compile(r"^\s*(?:chart|plot|graph|figure|visual(?:i[sz]ation)?)?\s*(?:type|kind)\s*$", re.I)
#: A section or bold line that names a legend ("### Legend", "**Color legend:**").
_LEGEND_SECTION = re.compile(r"^\s*(?:the\s+)?(?:legend|colou?r\s+(?:legend|key|coding|scheme))\b", re.I)
#: Headings and bold lines that organise a description; any other one names a group of bars.
_STRUCTURAL = re.compile(
    r"axes|axis|legend|component|overview|analysis|data|points?|values|breakdown|description|"
    r"observation|trend|summary|interpretation|insight|conclusion|notes?\b|context|title|caption|"
    r"annotation|table|details?|chart|plot|figure|graph|key\b|series\b|labels?\b|colou?rs?\b|"
    r"takeaway|finding|highlight|pattern|comparison|outlier|structure|layout|element", re.I)


def _chart_type(doc: Document, heading: str, first: int, last: int) -> tuple[str, str]:
    """(chart type, bar orientation) as the description states them.

    The heading wins ("## Bar Chart: ..."), then a "Chart type:" line, then the first line
    naming a chart kind. Kinds map onto what is re-drawn: scatter (scatter, bubble, dot),
    line (line, area), bar (bar, column, histogram). Bars are horizontal when a line says so
    ("horizontal bar chart", "the bars are horizontal", "Orientation: horizontal"). ("", "")
    when nothing names a kind: the form of the points decides later (``_finish_figure``).
    """
    lines = [doc.line(i) for i in range(first, last + 1)]
    keyed = [line for line in lines if (km := re.match(r"^\W*([A-Za-z ]{3,30}?)\W*:", line.strip()))
             and _CHART_TYPE_KEY.match(km.group(1))]
    kind = ""
    for text in [heading, *keyed, *lines]:
        m = _TYPE_PHRASE.search(text or "")
        if m:
            kind = _TYPE_MAP[(m.group(1) or m.group(2)).lower()]
            break
    orientation = ""
    if kind == "bar":
        orientation = "horizontal" if any(_HORIZONTAL_BARS.search(t) for t in [heading, *lines]) else "vertical"
    return kind, orientation


def _block_name(text: str) -> str:
    """A heading or bold line that is not structural names the group of the values below it."""
    text = _strip_bold(text).strip().rstrip(":").strip()
    if not text or _STRUCTURAL.search(text) or is_part_heading(text) or len(text.split()) > 8:
        return ""
    return text


# ----------------------------------------------------------------------------------------
# Reading one figure


def _read_figure(fig: _Figure, first: int, last: int) -> None:
    """Read the lines of one figure: a small state machine over headings, bold lines, bullets
    and prose. ``mode`` says what a plain bullet continues (a legend, a name list, arrows, an
    axis's sub-bullets, or the points of a parent bullet); ``series`` is the parent bullet
    (``* **Name (Colour):** ...``) whose children are its points (x/y charts) or its bars
    (bar charts: the parent is the category, a child's name the series); ``block`` is a
    non-structural heading or bold line, the category of the bars listed below it."""
    doc = fig.doc
    fig.chart_type, fig.orientation = _chart_type(doc, fig.heading, first, last)
    section = ""
    subsection = ""
    mode = ""  # legend | mentions | annotations | axis:x | axis:y | series
    series: dict | None = None  # {"name", "colour", "line_no", "indent"}
    block = ""
    axis_indent = -1
    line_no = first - 1
    while line_no < last:
        line_no += 1
        raw = doc.line(line_no)
        if line_no == fig.heading_line and _HEADING.match(raw):
            continue
        if not raw.strip():
            continue
        context = subsection or section
        points_allowed = not (_NON_POINT_SECTION.search(context or "") and not _POINTY(context))
        if _pipe_cells(raw) is not None:
            end = line_no
            while end < last and _pipe_cells(doc.line(end + 1)) is not None:
                end += 1
            if end > line_no:
                if points_allowed:
                    _pipe_table(fig, line_no, end)
                mode, series = "", None
                line_no = end
                continue
        hm = _HEADING.match(raw)
        if hm:
            section, subsection, series = hm.group(2).strip(), "", None
            mode = "legend" if _LEGEND_SECTION.match(section) else ""
            block = _block_name(section)
            continue
        bl = _BOLD_LINE.match(raw)
        if bl and not _BULLET.match(raw) and _axis_line(raw.strip()) is None:
            subsection, series = bl.group(1).strip().rstrip(":").strip(), None
            mode = "legend" if _LEGEND_SECTION.match(subsection) else ""
            block = _block_name(subsection)
            continue
        bm = _BULLET.match(raw)
        indent = len(bm.group(1).expandtabs(4)) if bm else 0
        content = bm.group(2).strip() if bm else raw.strip()
        content, number_notes = canonical_numbers(content)
        for message in number_notes:
            fig.notes.append(contract.record(contract.PARSE_NOTES, source_file=doc.source_file, line_no=line_no,
                                             kind="number_read", message=message, raw=raw))

        axis = _axis_line(content)
        if axis is None and re.match(r"^\W*ax(?:is|es)\b", context or "", re.I):
            # under an "Axes" heading or bold line: '* Horizontal: ...', '* X: ...', '* Vertical (left): ...'
            am = re.match(r"^\**\s*(x|y|horizontal|vertical)\s*(?:\([^()]*\))?\s*\**\s*:\s*\**\s*(.*)$", content, re.I)
            if am:
                axis = _axis_line(f"{am.group(1)} axis: {am.group(2)}")
        if axis is not None:
            which, rest, text = axis
            series = None
            if rest.startswith("sub:"):  # 'x-axis range: 0.5 to 20 ms', 'y-axis ticks: 0, 20, 40'
                fig.axis[which]["line_no"] = fig.axis[which]["line_no"] or line_no
                _axis_sub(fig, which, line_no, f"{rest[4:]}: {text}")
                continue
            fig.axis[which]["line_no"] = line_no
            if rest and not re.fullmatch(r"(?:label|title|name|\(?(?:left|right|top|bottom|primary|secondary)\)?)",
                                         rest, re.I):
                if text and not fig.axis[which]["label"]:
                    _axis_text(fig, which, rest.strip("()"))  # '**X-axis (Compute)**: ...': the label
                else:
                    text = f"{rest.strip('()')}. {text}" if text else rest.strip("()")
            if text and not text.endswith(":"):
                _axis_text(fig, which, text)
                mode = f"axis+:{which}"  # only deeper 'Key: value' sub-bullets may follow
                axis_indent = indent if bm else -1
            else:
                if text:
                    _axis_text(fig, which, text.rstrip(":"))
                mode = f"axis:{which}"
            continue

        if mode.startswith("axis+:"):
            if bm and indent > axis_indent and not content.startswith("**") and _AXIS_SUB_KEY.match(content):
                _axis_sub(fig, mode[6:], line_no, content)
                continue
            mode = ""
        km = _BOLD_KEY.match(content) if bm else None
        if km is None:
            plain = _plain_key(content)
            if plain and _TITLE_KEY.match(plain[0]):
                _set_title(fig, plain[1])
                continue
            if plain and _CHART_TYPE_KEY.match(plain[0]):
                continue
            if plain and _LEGEND_SECTION.match(plain[0]) and not _NUM_RE.search(plain[1]):
                _legend_key_text(fig, line_no, raw, plain[1])
                mode, series = "legend", None
                continue
        if not bm:
            if mode == "legend" and _legend_like(content):
                _legend_entry(fig, line_no, raw, content)
                continue
            if mode.startswith("axis:") and _AXIS_SUB_KEY.match(content.replace("**", "")):
                _axis_sub(fig, mode[5:], line_no, content)
                continue
            parent = series if mode == "series" else None
            if points_allowed and _prose_points(fig, line_no, raw, content, parent, block):
                continue
            mode, series = "", None
            _claim_text(fig, line_no, raw, raw.strip(), section, subsection, "", key_claimy=False)
            continue
        if km is None and mode.startswith("axis:") and not _AXIS_SUB_KEY.match(content) and (
                _pair_in(content) or _kv_items(content)):
            mode = ""  # a point after an axis's sub-bullets ends them
        if km is None:
            if mode == "legend":
                _legend_entry(fig, line_no, raw, content)
            elif mode == "mentions":
                _mention(fig, line_no, raw, _strip_bold(content).rstrip("."))
            elif mode == "annotations":
                _arrows(fig, line_no, raw, content)
            elif mode.startswith("axis:") and (_AXIS_SUB_KEY.match(content) or not (
                    _pair_in(content) or _kv_items(content))):
                _axis_sub(fig, mode[5:], line_no, content)
            elif _legend_like(content):
                if _LEGEND_SECTION.match(context or ""):
                    _legend_entry(fig, line_no, raw, content)
            elif points_allowed and _bullet_points(fig, line_no, raw, content,
                                                   series if mode == "series" else None, block):
                pass
            else:
                subject = series["name"] if (mode == "series" and series) else ""
                _claim_text(fig, line_no, raw, content, section, subsection, subject, key_claimy=False)
            continue

        key = km.group(1).strip()
        if mode in ("legend", "mentions") and not key.endswith(":") and not km.group(2):
            # a bold entry of a legend or name list ("* **XTC-BERT*** (Orange)")
            if mode == "legend":
                _legend_entry(fig, line_no, raw, f"{key} {km.group(3)}".strip())
            else:
                _mention(fig, line_no, raw, f"{key} {km.group(3)}".strip().rstrip("."))
            continue
        key = key.rstrip(":").strip()
        text = km.group(3).strip()
        nested_in_series = mode == "series" and series is not None and indent > series["indent"]
        if not nested_in_series:
            mode, series = "", None

        if _TITLE_KEY.match(key):
            _set_title(fig, text)
            continue
        if _CHART_TYPE_KEY.match(key):
            continue
        if _LEGEND_KEY.match(key) and not _pair_in(text) and not _kv_items(text):
            _legend_key_text(fig, line_no, raw, text)
            mode = "legend"
            continue
        if _ARROW_KEY.search(key) and not _pair_in(text):
            _arrows(fig, line_no, raw, text)
            mode = "annotations"
            continue
        if _MENTION_KEY.match(key) and not _pair_in(text):
            if text.endswith(":") or not text:
                mode = "mentions"
            else:
                items = [i.strip() for i in _split_outside_parens(text.rstrip("."))]
                items = [re.sub(r"^(?:and|&)\s+", "", i) for i in items if i]
                if len(items) >= 2 and all(len(i.split()) <= 6 for i in items):
                    for item in items:
                        _mention(fig, line_no, raw, item)
            continue
        parent = series if nested_in_series else None
        if points_allowed and not _HEADING_LIKE_KEY.match(key) and _keyed_points(
                fig, line_no, raw, key, text, parent, block):
            if nested_in_series:
                mode = "series"
            continue
        if points_allowed and _named_point(fig, line_no, raw, key, text, parent):
            if nested_in_series:
                mode = "series"
            continue
        if nested_in_series:
            _claim_text(fig, line_no, raw, text, section, subsection, key, key_claimy=bool(_CLAIM_WORDS.search(key)))
            mode = "series"
            continue
        name, colour = _trailing_colour(key)
        if points_allowed and not _HEADING_LIKE_KEY.match(key):
            series = {"name": name, "colour": colour, "line_no": line_no, "indent": indent}
            mode = "series"
            if (_NUM_RE.search(_extract_label(text)[0]) and not _CLAIM_WORDS.search(text)
                    and not _RANGE_PHRASE.search(text)):
                _unread(fig, line_no, raw, f"bullet {name!r} has numbers but no readable point")
        _claim_text(fig, line_no, raw, text, section, subsection, name,
                    key_claimy=bool(_CLAIM_WORDS.search(key)))


def _POINTY(context: str) -> bool:
    """A section like 'Data Points' or 'Detailed Analysis' lists points even if it says 'trend'."""
    return bool(re.search(r"data|points?|analysis|values|series|breakdown", context, re.I))


def _pair_in(text: str) -> bool:
    return bool(_PAIR.search(text) or _XY_EQ.search(text))


_AXIS_SUB_KEY = re.compile(r"^\s*(?:label|title|name|range|scale|type|axis\s+type|scale\s+type|ticks?|"
                           r"(?:major\s+)?tick\s+(?:marks|labels)|major\s+ticks|markers|values|units?|min(?:imum)?|"
                           r"max(?:imum)?|gridlines)\s*:", re.I)


def _plain_key(content: str) -> tuple[str, str] | None:
    """'Title: None' / '**Legend**: ...' -> (key, text) for a short alphabetic key, else None."""
    m = re.match(r"^\**([A-Za-z][A-Za-z /]{1,30}?)\**\s*:\s*\**\s*(.*)$", content.strip())
    return (m.group(1).strip(), m.group(2).strip()) if m else None


_NO_TITLE = re.compile(
    r"^\W*(?:none|n/?a|nil|untitled|no(?:ne)?\s+(?:\w+\s+){0,2}(?:title|visible|present|shown|given|provided)|"
    r"not\s+(?:\w+\s+)?(?:present|visible|shown|provided|available|specified|stated|given|labell?ed|"
    r"included|applicable|displayed)|there\s+is\s+no\b|(?:the\s+)?(?:chart|plot|figure|graph|image)\s+"
    r"(?:has|does\s+not\s+have)\s+no\b|-+|—|–)", re.I)


def _set_title(fig: _Figure, text: str) -> None:
    """A title; a title that says there is none ("None", "Not present", "N/A", "There is no
    title", "not visible") is no title. A quoted title is always a title."""
    title = text.strip()
    if title[-2:] in ('".', '”.', "'."):
        title = title[:-1]
    quoted = title[:1] in "\"“'‘"
    title = _strip_quotes(title)
    if not quoted and _NO_TITLE.match(title):
        title = ""
    fig.title = title


def _legend_key_text(fig: _Figure, line_no: int, raw: str, text: str) -> None:
    """'Legend: Located at the top right: A (Blue), B (Red)' -> position and inline entries."""
    head, _, tail = text.partition(":") if ":" in text else (text, "", "")
    fig.legend_position = _legend_position(head)
    for item in _split_outside_parens(tail or ("" if _legend_position(text) != "best" else text), ",;"):
        item = item.strip().rstrip(".")
        if item and _legend_item(item)[1]:
            _legend_entry(fig, line_no, raw, item)


# ----------------------------------------------------------------------------------------
# Axes

#: An axis line in any of the usual spellings: '**X-axis:** ...', '**X-axis (Compute)**: ...',
#: 'X axis - ...', 'X-Axis: ...', 'Horizontal axis: ...', 'x-axis label: ...', '**Y axis** – ...',
#: 'The x-axis represents ...'; bold markers are ignored.
_AXIS_LINE = re.compile(
    r"^(?:the\s+)?(x|y|horizontal|vertical)[\s-]*axis\b\s*"
    r"(?P<rest>\([^()]*\)|(?:label|title|name)\b|(?P<sub>range|scale|ticks?|tick\s+(?:labels|marks)|limits?|"
    r"values|units?|type|min(?:imum)?|max(?:imum)?)\b|\(?(?:left|right|top|bottom|primary|secondary)\)?)?\s*"
    r"(?:(?::|[-–—](?=\s)|\s[-–—])\s*(?P<text>.*)|(?P<verb>(?:represents|shows|displays|is\s+labell?ed|"
    r"is\s+titled|measures|denotes|indicates|plots|depicts|lists|has)\b.*)|$)", re.I)


def _axis_line(content: str) -> tuple[str, str, str] | None:
    """(axis, extra key words, text) of an axis line, None for any other line. A key word
    such as 'range' or 'ticks' ('x-axis range: 0.5 to 20 ms') comes back as 'sub:<word>'."""
    c = content.replace("**", "").strip()
    m = _AXIS_LINE.match(c)
    if not m:
        return None
    text = (m.group("text") if m.group("text") is not None else (m.group("verb") or "")).strip()
    if m.group("sub"):
        which = "x" if m.group(1).lower() in ("x", "horizontal") else "y"
        return which, "sub:" + m.group("sub").lower(), text
    if _pair_in(text):
        return None
    which = "x" if m.group(1).lower() in ("x", "horizontal") else "y"
    return which, (m.group("rest") or "").strip(), text


#: A power of ten as printed on log axes: '10^3', '10^{-2}', '10**3', '10³', '1e3', '1e-3'.
_LOG_WORDS = re.compile(
    r"\b(?:logarithmic(?:ally)?|log[- ]?scaled?|log[- ]?axis|log10|log2|log-log)\b|\(log\)", re.I)
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_POW = (r"(?<![\w.])(?:10\s*(?:\^|\*\*)\s*\{?\s*[-−]?\d+\s*\}?|10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+|"
        r"\d+(?:\.\d+)?[eE][-+]?\d+)(?![\w.])")
#: A number of a range or a tick list: a plain number (not part of a word) or a power of ten.
_RNUM = r"(?:" + _POW + r"|(?<![\w.@^/])[-−]?\d+(?:\.\d+)?(?![\d.]\d)(?![eE][-+]?\d)(?!,\d)(?!\s*(?:\^|\*\*)))"
_RNUM_RE = re.compile(_RNUM)
_RANGE = re.compile(
    r"(?:" + _APPROX + r"\s*)?(" + _RNUM + r")\s*([A-Za-z%µ°$€][\w%/³²µ°$€.\-]*)?\s*"
    r"(?:to|–|—|-|and|until|through|…|\.\.\.?)\s*(?:" + _APPROX + r"\s*)?(" + _RNUM + r")", re.I)
#: 'ticks at 0, 20, 40', 'tick marks: 10, 100, 1000', 'labelled 1, 2, 4, 8', 'markers at ...'.
_TICK_PHRASE = re.compile(
    r"\b(?:(?:major\s+)?tick(?:s|\s+marks|\s+labels)?|gridlines?|markers|marked|labell?ed|labels?|values)\s*"
    r"(?:are\s+|at\s+|of\s+|:\s*|shown\s+at\s+|include\s+|every\s+)*"
    r"((?:" + _RNUM + r")(?:\s*[A-Za-z%]{0,6}\s*(?:,|;|and|,\s*and)\s*(?:" + _RNUM + r")){1,})", re.I)


def _rnum_value(token: str) -> Decimal:
    """The value of a range/tick number, powers of ten included ('10^3' -> 1000)."""
    t = token.strip().translate(_SUPERSCRIPT).replace("−", "-")
    m = re.fullmatch(r"10\s*(?:\^|\*\*)\s*\{?\s*(-?\d+)\s*\}?", t) or re.fullmatch(r"10(-?\d+)", t)
    if m and ("^" in t or "*" in t or token.strip() != t):
        return Decimal(10) ** int(m.group(1))
    if re.fullmatch(r"\d+(?:\.\d+)?[eE][-+]?\d+", t):
        mant, exp = re.split(r"[eE]", t)
        return parse_decimal(mant) * Decimal(10) ** int(exp)
    return parse_decimal(t)


def _is_pow(token: str) -> bool:
    return bool(re.fullmatch(_POW, token.strip()))


def _ticks_imply_log(values: list[Decimal]) -> bool:
    """Ticks 10, 100, 1000 (a constant ratio of 10 or more between neighbours) are a log axis."""
    vals = sorted(v for v in values)
    if len(vals) < 3 or vals[0] <= 0:
        return False
    ratios = [vals[i + 1] / vals[i] for i in range(len(vals) - 1)]
    return all(r >= 9.99 for r in ratios) and max(ratios) / min(ratios) < Decimal("1.01")


def _set_ticks(fig: _Figure, which: str, tokens: list[str]) -> None:
    ax = fig.axis[which]
    values = [_rnum_value(t) for t in tokens]
    ax["ticks"] = [decimal_text(v) for v in values]
    if not ax["scale_word"] and (any(_is_pow(t) for t in tokens) or _ticks_imply_log(values)):
        ax["scale_word"] = "log"
        ax["log_from_ticks"] = True


def _axis_text(fig: _Figure, which: str, text: str) -> None:
    """Label, unit, stated range, scale words and tick labels of one axis description.

    The label is the text before the first comma/period/parenthesised range; a trailing
    '(unit)' without digits is the unit. A range is stated ('ranging from 0 to 100', '0-100',
    'from 10^1 to 10^4'); tick labels ('ticks at 0, 20, 40') are kept apart and are never the
    range. Log scale: stated ('logarithmic', 'log scale', 'log-scaled') or implied by powers of
    ten in the range or ticks (10, 100, 1000 / 10^1, 10^2 / 1e3)."""
    ax = fig.axis[which]
    if _LOG_WORDS.search(text):
        ax["scale_word"] = "log"
    elif re.search(r"\blinear\b", text, re.I) and not ax["scale_word"]:
        ax["scale_word"] = "linear"
    body = re.sub(r"^(?:labell?ed|label(?:\s*:)?|titled|represents|shows|showing|displays|measures|denotes|"
                  r"indicates|plots|depicts)\s+(?:as\s+)?", "", text.strip(), flags=re.I)
    tm = _TICK_PHRASE.search(body)
    if tm:
        _set_ticks(fig, which, [t.group(0) for t in _RNUM_RE.finditer(tm.group(1))])
        body = body[: tm.start()] + body[tm.end():]
    if not ax["label"]:
        label_part, rest = _split_axis_label(body)
        label_part = _strip_quotes(label_part)
        um = re.search(r"\s*\(([^()]+)\)\s*$", label_part)
        if um and not re.search(r"\d", um.group(1)):
            ax["label"], ax["unit"] = label_part[: um.start()].strip(), um.group(1).strip()
        else:
            ax["label"] = label_part.strip()
        ax["label"] = _strip_quotes(ax["label"])
    else:
        rest = body
    if ax["min"] == "":
        m = _RANGE.search(rest) or _RANGE.search(body)
        if m:
            lo_t, hi_t = m.group(1), m.group(3)
            lo, hi = _rnum_value(lo_t), _rnum_value(hi_t)
            if lo > hi:
                lo, hi = hi, lo
            ax["min"], ax["max"] = decimal_text(lo), decimal_text(hi)
            if (_is_pow(lo_t) or _is_pow(hi_t)) and not ax["scale_word"]:
                ax["scale_word"] = "log"
                ax["log_from_ticks"] = True
            if not ax["unit"]:
                after = _unit_after(m.string, m.end())
                before = (m.group(2) or "").rstrip(".")
                cand = after or before
                if cand and cand.lower() not in _UNIT_STOP and (not before or not after or before == after):
                    ax["unit"] = cand


def _split_axis_label(text: str) -> tuple[str, str]:
    """'Size (MB), ranging from 8 MB to 200 MB.' -> ('Size (MB)', ', ranging from ...')."""
    depth = 0
    for i, ch in enumerate(text):
        if ch == "(":
            close = text.find(")", i)
            inner = text[i + 1: close if close > 0 else len(text)]
            if depth == 0 and re.search(r"\d|rang|scale|from|log|linear|approx", inner, re.I):
                return text[:i].strip(), text[i:]
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and ch in ",;":
            return text[:i].strip(), text[i:]
        elif depth == 0 and ch == "." and (i + 1 == len(text) or (text[i + 1] == " " and (
                i + 2 >= len(text) or text[i + 2].isupper()))):
            return text[:i].strip(), text[i:]
        elif depth == 0 and re.match(
                r"\s+(?:ranging|ranges|range|from|spanning|spans|on\s+a|with|in\s+a|scaled?|"
                r"logarithmic|linear|between)\b", text[i:], re.I) and ch == " ":
            return text[:i].strip(), text[i:]
        elif depth == 0 and text[i:i + 3] in (" - ", " – ", " — "):
            return text[:i].strip(), text[i:]
    return text.strip(), ""


def _axis_sub(fig: _Figure, which: str, line_no: int, content: str) -> None:
    """Sub-bullets of an axis bullet: '* Label: Size (MB)', '* Range: 8 to 200', '* Scale: log',
    '* Ticks: 0, 20, 40' (ticks, never the range), '* Units: %'."""
    content = _strip_bold(content)
    m = re.match(r"^\**\s*([A-Za-z ]{2,20}?)\s*\**\s*:\**\s*(.*)$", content)
    key, value = (m.group(1).lower(), m.group(2)) if m else ("", content)
    ax = fig.axis[which]
    if key in ("label", "title", "name") and not ax["label"]:
        _axis_text(fig, which, value)
        return
    if key in ("unit", "units") and not ax["unit"]:
        ax["unit"] = _strip_quotes(value.strip().strip("()").rstrip("."))
        return
    if key in ("min", "minimum", "max", "maximum"):
        return
    if key in ("markers", "ticks", "tick", "tick marks", "tick labels", "values", "major ticks", "gridlines"):
        # tick labels are not the range: kept apart (and they may imply a log axis)
        tokens = [t.group(0) for t in _RNUM_RE.finditer(value)]
        if len(tokens) >= 2:
            _set_ticks(fig, which, tokens)
        if _LOG_WORDS.search(value):
            ax["scale_word"] = "log"
        return
    if key in ("scale", "type", "axis type", "scale type") and re.search(r"\blog\b", value, re.I):
        ax["scale_word"] = "log"
        return
    saved_label = ax["label"]
    if not ax["label"]:
        ax["label"] = "\x00"  # do not take a label from a range/scale line
    _axis_text(fig, which, value)
    if ax["label"] == "\x00":
        ax["label"] = saved_label


# ----------------------------------------------------------------------------------------
# Legend, arrows, mentions


def _legend_item(text: str) -> tuple[str, str]:
    """(entry, colour) of a legend bullet; colour '' when none is recognised."""
    text = _strip_bold(text.strip().rstrip(".").strip())
    entry, colour = _trailing_colour(text)
    if colour:
        return _strip_quotes(_strip_bold(entry)), colour
    for sep in (":", " - ", " – ", " — ", "=", "→"):
        if sep in text:
            left, right = (s.strip() for s in text.split(sep, 1))
            left_c, right_c = _bare_colour(left), _bare_colour(right)
            if is_colour(left_c) and right:
                return _strip_quotes(right), left_c
            if is_colour(right_c) and left:
                return _strip_quotes(left), right_c
    return _strip_quotes(text), ""


def _legend_entry(fig: _Figure, line_no: int, raw: str, text: str) -> None:
    entry, colour = _legend_item(text)
    if not entry:
        return
    fig.legend.append({"line_no": line_no, "entry": entry, "color": colour, "raw": raw})


_DIRECTION = re.compile(
    r"\b(?:pointing|points?|directed|facing|toward|towards|to\s+the)?\s*(?:to\s+the\s+)?"
    r"(left|right|up|down|upward|downward|upwards|downwards|leftward|rightward|leftwards|rightwards)\b", re.I)


def _arrows(fig: _Figure, line_no: int, raw: str, text: str) -> None:
    if not re.search(r"\barrows?\b", text + " " + raw, re.I):
        return
    quoted = list(re.finditer(r"[\"“]([^\"”]+)[\"”]", text))
    if not quoted:
        quoted = list(re.finditer(r"labell?ed\s+([A-Z][\w -]*?)(?=\s*(?:\(|,|\.|$|pointing|and\b))", text))
    orientation_all = ""
    om = re.search(r"\b(horizontal|vertical|diagonal)\b", text, re.I)
    if om:
        orientation_all = om.group(1).lower()
    for i, q in enumerate(quoted):
        end = quoted[i + 1].start() if i + 1 < len(quoted) else len(text)
        dm = _DIRECTION.search(text, q.end(), end)
        if dm is None:
            start = quoted[i - 1].end() if i else 0
            cands = list(_DIRECTION.finditer(text, start, q.start()))
            dm = cands[-1] if cands else None
        direction = ""
        if dm:
            d = dm.group(1).lower()
            direction = next(w for w in ("left", "right", "up", "down") if d.startswith(w))
        orientation = orientation_all
        if direction in ("left", "right"):
            orientation = orientation if orientation == "diagonal" else "horizontal"
        elif direction in ("up", "down"):
            orientation = orientation if orientation == "diagonal" else "vertical"
        fig.arrows.append({"line_no": line_no, "text": q.group(1).strip(), "direction": direction,
                           "orientation": orientation, "raw": raw})


def _mention(fig: _Figure, line_no: int, raw: str, name: str) -> None:
    name = _strip_quotes(name.strip().rstrip(".,;").strip())
    if name:
        fig.mentions.append({"line_no": line_no, "name": name, "raw": raw})


# ----------------------------------------------------------------------------------------
# Points


def _add_point(fig: _Figure, line_no: int, raw: str, x: str, y: str, *, series: str = "",
               label: str = "", color: str = "", group: str = "", x_unit: str = "",
               y_unit: str = "", category: str = "") -> None:
    """One point (x, y) or one bar (x empty, ``category``); ``x``/``y`` are printed tokens."""
    if x_unit and x:
        fig.point_units["x"].append(x_unit)
    if y_unit:
        fig.point_units["y"].append(y_unit)
    fig.points.append({"line_no": line_no, "series": series, "label": label, "x": _num_text(x) if x else "",
                       "x_token": x, "y": _num_text(y), "color": color, "group": group, "raw": raw,
                       "category": category})


def _coordinates(text: str, fig: _Figure) -> tuple[str, str, str, str, int] | None:
    """(x, y, x unit, y unit, end of the coordinates) of one point sentence, or None."""
    m = _PAIR.search(text)
    if m:
        return m.group(1), m.group(3), _slot_unit(m.group(2)), _slot_unit(m.group(4)), m.end()
    m = _XY_EQ.search(text)
    if m:
        return m.group(1), m.group(3), _slot_unit(m.group(2)), "", m.end()
    if _RANGE_PHRASE.search(text):
        return None
    nums = _numbers(text)
    if len(nums) == 2:
        (a, ua, _, _), (b, ub, _, end) = nums
        xu = fig.axis["x"]["unit"]
        if xu and ub == xu and ua != xu:
            return b, a, ub, ua, end
        return a, b, ua, ub, end
    if len(nums) > 2:
        m = re.search(r"\bat\s+(?:" + _APPROX + r"\s*)?(" + _NUM + r")\s*([^,;\d]{0,20}?)[,;]?\s.*?"
                      r"\b(?:is|are|of|at|reaches|scores?|=|≈|around|about|approximately)\s+(?:"
                      + _APPROX + r"\s*)?(" + _NUM + r")", text, re.I)
        if m:
            return m.group(1), m.group(3), _slot_unit(m.group(2)), "", m.end()
    return None


def _series_point(fig: _Figure, line_no: int, raw: str, content: str, series: dict, note: bool = True) -> bool:
    text, label = _extract_label(_strip_bold(content))
    if not _NUM_RE.search(text):
        return False
    coords = _coordinates(text, fig)
    if coords is None:
        if note:
            _unread(fig, line_no, raw, f"bullet under series {series['name']!r} has numbers but no readable (x, y)")
        return False
    x, y, xu, yu, _ = coords
    _add_point(fig, line_no, raw, x, y, series=series["name"], label=label, color=series["colour"],
               group=series["name"], x_unit=xu, y_unit=yu)
    return True


def _tail_colour_group(tail: str) -> tuple[str, str]:
    """' - Yellow (2020-07)' -> ('Yellow', '2020-07')."""
    tail = tail.strip().lstrip("-–—:,;. ").strip()
    colour = ""
    m = COLOUR_PHRASE.search(tail)
    if m:
        colour = m.group(0).strip()
    group = ""
    for pm in re.finditer(r"\(([^()]*)\)", tail):
        inner = pm.group(1).strip()
        if inner and not is_colour(inner) and not re.match(r"labell?ed\b", inner, re.I):
            group = inner
            break
    if not group:
        dm = _DATE_TOKEN.search(tail)
        if dm:
            group = dm.group(0)
    if group:
        gm = COLOUR_PHRASE.fullmatch(group)
        if gm:
            group = ""
    return colour, group


def _named_point(fig: _Figure, line_no: int, raw: str, key: str, text: str, series: dict | None) -> bool:
    """Styles 2 and 3: '**Name:** ... (x, y) [- Colour (group)]'."""
    m = _PAIR.search(text) or _XY_EQ.search(text)
    if not m:
        # 'Name (x, y)' inside the bold key itself
        m2 = _PAIR.search(key)
        if not m2:
            return False
        name = key[: m2.start()].strip().rstrip(":").strip()
        coords = _coordinates(key, fig)
        tail = key[m2.end():] + " " + text
    else:
        name = key
        coords = _coordinates(text, fig)
        tail = text[coords[4]:] if coords else ""
    if coords is None or not name:
        return False
    x, y, xu, yu, _ = coords
    name, name_colour = _trailing_colour(name)
    colour, group = _tail_colour_group(tail)
    colour = colour or name_colour
    _add_point(fig, line_no, raw, x, y, series=series["name"] if series else "", label=_strip_quotes(name),
               color=colour or (series["colour"] if series else ""),
               group=group or (series["name"] if series else ""), x_unit=xu, y_unit=yu)
    return True


def _plain_named_point(fig: _Figure, line_no: int, raw: str, content: str) -> bool:
    """A non-bold bullet 'Name: (x, y) ...' or 'Name (x, y)'."""
    m = re.match(r"^([^:()]{1,80}?)\s*:\s*(.*)$", content)
    if m and _PAIR.search(m.group(2)):
        return _named_point(fig, line_no, raw, m.group(1).strip(), m.group(2), None)
    pm = _PAIR.search(content)
    if pm and pm.start() > 0 and not re.search(r"\d", content[: pm.start()].split()[-1] if content[: pm.start()].split() else ""):
        name = content[: pm.start()].strip().rstrip(":-–—,").strip()
        name = re.sub(r"\s+(?:at|is at|located at|approximately|approx\.?|~)$", "", name, flags=re.I).strip()
        if name and len(name.split()) <= 6 and not _CLAIM_WORDS.search(name):
            return _named_point(fig, line_no, raw, name, content[pm.start():], None)
    return False


# ----------------------------------------------------------------------------------------
# Points: the forms beyond the three seed styles


def _unread(fig: _Figure, line_no: int, raw: str, message: str) -> None:
    if any(n["line_no"] == line_no and n["kind"] == "unread_point" for n in fig.notes):
        return
    fig.notes.append(contract.record(
        contract.PARSE_NOTES, source_file=fig.doc.source_file, line_no=line_no, kind="unread_point",
        message=message, raw=raw))


_MARKER_WORDS = re.compile(
    r"\b(?:solid|dashed|dotted|dash-dotted|thick|thin|filled|hollow|open|shaded|lines?|markers?|squares?|"
    r"circles?|dots?|triangles?|stars?|diamonds?|crosses?|bars?|points?|curves?|areas?|boxes?|shapes?)\b", re.I)
_DATE_OR_YEAR = re.compile(r"^\W*(?:19|20)\d\d(?:[-/.]\d{1,2}){0,2}\W*$")


def _legend_like(text: str) -> bool:
    """A legend line ('2021: Yellow', 'Blue: ours', 'Orange line: Baseline', 'Red squares -
    Method A'): one side is a colour (with marker words), the other holds no value (a year or
    date is a legend entry, not a value)."""
    t = _strip_bold(text.strip()).rstrip(".").strip()
    for sep in (":", " - ", " – ", " — ", "=", "→"):
        if sep not in t:
            continue
        left, right = (s.strip().strip("*").strip() for s in t.split(sep, 1))
        for colour_side, other in ((left, right), (right, left)):
            bare = _bare_colour(colour_side)
            if bare and is_colour(bare) and other and (
                    not _NUM_RE.search(other) or _DATE_OR_YEAR.match(other)):
                return True
    return False


def _split_items(text: str) -> list[str]:
    """Split a list of values at ', ' / '; ' / ' and ' outside parentheses (never inside a
    number such as '1,000' or '83,4')."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif depth == 0 and ch in ",;" and (i + 1 == len(text) or text[i + 1].isspace()):
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    out = []
    for part in parts:
        part = re.sub(r"^\s*(?:and|&)\s+", "", part).strip()
        if part:
            out.append(part)
    return out


#: One 'Key: value' item: a key (no colon) then ':' '=' or a spaced dash, then one number with
#: an optional approximation word before it and a unit and a parenthesis after it.
_KV = re.compile(
    r"^(?P<key>[^:=]{1,80}?)\s*(?::|=|\s[-–—]\s|\s[-–—](?=\s*[~≈\d]))\s*(?:" + _APPROX + r"\s*)?"
    r"(?P<num>" + _NUM + r")(?P<rest>[^()]*?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;,]?\s*$", re.I)


#: 'Teacher 84.6': a name of words (no digits) then one number, with no separator between.
_KV_SPACE = re.compile(
    r"^(?P<key>[A-Za-z][A-Za-z .&'+/-]{0,60}?)\s+(?:" + _APPROX + r"\s*)?"
    r"(?P<num>" + _NUM + r")(?P<rest>[^()\d]*?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;,]?\s*$", re.I)


_NOT_NAME_WORDS = frozenset(
    "at in on for with the a an from to by of and or it this that is are was were around about "
    "approximately roughly nearly reaches reach scores score has have shows while whereas".split())


_SERIES_VALUE = re.compile(
    r"^(?:" + _APPROX + r"\s*)?(?P<num>" + _NUM + r")\s*(?P<unit>%|[A-Za-z/]{1,10})?\s*\((?P<name>[^()\d][^()]{0,40})\)$",
    re.I)


def _series_values(text: str) -> tuple[str, list[tuple[str, str, str]]] | None:
    """'2019: 12.5 (ours), 10.1 (baseline)' -> ('2019', [('12.5', '', 'ours'), ('10.1', '',
    'baseline')]): values of several series at one x (or in one category), each named in
    parentheses after it. None unless every item has that form and there are two or more."""
    m = re.match(r"^([^:]{1,60}?)\s*:\s+(.*)$", _strip_bold(text))
    if not m:
        return None
    items = _split_items(m.group(2).rstrip(". "))
    out = []
    for item in items:
        vm = _SERIES_VALUE.match(item.strip())
        if not vm:
            return None
        out.append((vm.group("num"), vm.group("unit") or "", vm.group("name").strip()))
    return (m.group(1).strip(), out) if len(out) >= 2 else None


def _plain_name(key: str) -> bool:
    """A name of at most four words, none of them a word of running text ('Teacher', 'Dense
    FP16' are names; 'At approximately', 'the accuracy is around' are not)."""
    words = key.lower().split()
    return 0 < len(words) <= 4 and not any(w in _NOT_NAME_WORDS for w in words)


def _kv_items(text: str) -> list[dict]:
    """'Model X: 45.2, Model Y: ~50.1%' (or, two items or more, 'Teacher 84.6, Student 82.1')
    -> [{key, num, unit, label}...]; [] unless every item of the text is such a pair. The digits of a key (a name) are never read as the value."""
    items = []
    parts = _split_items(_strip_bold(text))
    for part in parts:
        part = part.replace("**", "")
        m = _KV.match(part) or (_KV_SPACE.match(part) if len(parts) >= 2 else None)
        if not m:
            return []
        if m.re is _KV_SPACE and not _plain_name(m.group("key")):
            return []
        key = _strip_quotes(m.group("key").strip().strip("*").strip())
        rest = m.group("rest")
        if not key or _NUM_RE.search(rest) or re.search(r"\d", rest.strip()[:1]):
            return []
        if len(rest.split()) > 4:
            return []
        label = ""
        paren = m.group("paren") or ""
        lm = re.match(r"^\s*(?:labell?ed|label|marked)\s*:?\s*(.*)$", paren, re.I)
        if lm:
            label = _strip_quotes(lm.group(1))
        items.append({"key": key, "num": m.group("num"), "unit": _unit_after(rest, 0) if rest.strip() else "",
                      "label": label})
    return items


_X_WORDS = {"epoch", "step", "iteration", "iter", "round", "year", "day", "week", "month", "layer", "size",
            "shot", "batch", "token", "sample", "k", "n", "t", "x", "time", "hour", "minute", "second",
            "depth", "width", "stage", "level", "checkpoint", "ckpt", "update", "generation", "gen"}


def _x_from_key(fig: _Figure, key: str) -> str:
    """The x a key states on an x/y chart: a bare number ('2018', '10'), or one number with at
    most two words that name the x axis or a position ('Epoch 10', 'Size 8', '8 layers',
    '7B' on a parameters (B) axis); '' for a name ('Llama 3', 'GPT-4')."""
    key = _strip_quotes(_strip_bold(key)).strip()
    key = re.sub(r"^(?:at|for|in|on|with|after|x\s*=)\s*", "", key, flags=re.I).strip()
    nums = list(_NUM_RE.finditer(key))
    if len(nums) != 1:
        return ""
    m = nums[0]
    rest = (key[: m.start()] + " " + key[m.end():]).strip(" =:")
    if not rest:
        return m.group(0)
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", rest)]
    if not words or len(words) > 2 or re.search(r"[^\w\s%.=:-]", rest):
        return ""
    axis_text = f"{fig.axis['x']['label']} {fig.axis['x']['unit']}".lower()
    axis_words = set(re.findall(r"[a-z]+", axis_text))
    axis_words |= {w[:-1] for w in axis_words if w.endswith("s")}
    if all(w in axis_words or w.rstrip("s") in axis_words or w.rstrip("s") in _X_WORDS or w in _X_WORDS
           for w in words):
        return m.group(0)
    return ""


#: 'Y at X' phrases of a series: '62% at epoch 1', '78% (epoch 5)', '0.41 after 10 epochs'.
_AT_X = re.compile(
    r"(?P<y>" + _NUM + r")\s*(?P<yu>%|[A-Za-z][\w/%@-]*)?\s*(?:,\s*)?(?:\(\s*|\b(?:at|in|after|for|by|on|@)\s+)"
    r"(?:the\s+)?(?:(?P<xw>[A-Za-z][\w-]*)\s+(?P<x>" + _NUM + r")|(?P<x2>" + _NUM + r")\s+(?P<xw2>[A-Za-z][\w-]*))"
    r"\s*\)?", re.I)


def _series_name(name: str) -> str:
    """'ResNet-18 (blue line)' -> 'ResNet-18': a marker description in parentheses is not a name."""
    return re.sub(r"\s*\((?:[^()]*\b(?:line|curve|markers?|dots?|squares?|circles?|triangles?|bars?|dashed|"
                  r"dotted|solid)\b[^()]*)\)\s*$", "", name, flags=re.I).strip() or name


def _at_x_points(fig: _Figure, line_no: int, raw: str, text: str, series: str, colour: str) -> int:
    """Points of a line-chart series given as values at stated x positions ('starts at 62% at
    epoch 1, rises to 78% at epoch 5', '65% (epoch 1), 80% (epoch 5)', '0.41 after 10 epochs').
    The word beside the x must name the x axis or a position (epoch, step, year, size...), so
    '62% at epoch 1' is a point and '62% at 4 GPUs' on a 'Batch size' axis is not."""
    found = []
    for m in _AT_X.finditer(text):
        word, x = (m.group("xw"), m.group("x")) if m.group("x") else (m.group("xw2"), m.group("x2"))
        if not _x_from_key(fig, f"{word} {x}"):
            continue
        found.append((x, m.group("y"), m.group("yu") or ""))
    if not found:
        return 0
    for x, y, unit in found:
        _add_point(fig, line_no, raw, x, y, series=series, group=series, color=colour,
                   y_unit=unit if unit and unit.lower() not in _UNIT_STOP else "")
    return len(found)


def _axis_match(fig: _Figure, key: str) -> str:
    """'x' or 'y' when a key names an axis (its label, its unit, or the letter itself)."""
    k = key.strip().lower()
    for a in ("x", "y"):
        if k == a:
            return a
    for a in ("x", "y"):
        label = fig.axis[a]["label"].lower()
        unit = fig.axis[a]["unit"].lower()
        if (label and (k in label or label in k)) or (unit and (k in unit or unit in k)):
            return a
    return ""


def _legend_names(fig: _Figure) -> set[str]:
    return {e["entry"].casefold() for e in fig.legend}


def _value_point(fig: _Figure, line_no: int, raw: str, key: str, num: str, unit: str, *, parent: str,
                 parent_colour: str = "", label: str = "") -> None:
    """A 'key: value' pair: a point at x = key on an x/y chart when the key states an x, else a
    bar (category and series from the key and the parent; the parent is the category unless
    the parent is a legend entry and the key is not)."""
    x = _x_from_key(fig, key) if fig.chart_type != "bar" else ""
    if x:
        _add_point(fig, line_no, raw, x, num, series=parent, label=label, color=parent_colour, group=parent,
                   y_unit=unit, category=_strip_quotes(key))
        return
    name, colour = _trailing_colour(_strip_quotes(key))
    if parent:
        legend = _legend_names(fig)
        category, series = parent, name
        if parent.casefold() in legend and name.casefold() not in legend:
            category, series = name, parent
    else:
        category, series = name, ""
    _add_point(fig, line_no, raw, "", num, series=series, label=label, color=colour or parent_colour,
               group=series, y_unit=unit, category=category)


def _pairs_points(fig: _Figure, line_no: int, raw: str, text: str, series: str, colour: str) -> int:
    """Several '(x, y)' pairs on one line: each one a point of ``series``."""
    pairs = list(_PAIR.finditer(text))
    if len(pairs) < 2:
        return 0
    for m in pairs:
        _add_point(fig, line_no, raw, m.group(1), m.group(3), series=series, color=colour, group=series,
                   x_unit=_slot_unit(m.group(2)), y_unit=_slot_unit(m.group(4)))
    return len(pairs)


_SINGLE_VALUE = re.compile(
    r"^(?:(?:value|score|height|length|bar)\s*(?:of|is|:|=)?\s*)?(?:" + _APPROX + r"\s*)?(?P<num>" + _NUM
    + r")(?P<rest>[^\d()]{0,24}?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;]?\s*$", re.I)


def _single_value(text: str) -> tuple[str, str] | None:
    """'~45.2%' / 'approximately 45.2 (labeled "best")' -> (number, unit); None otherwise."""
    m = _SINGLE_VALUE.match(_strip_bold(text).strip())
    if not m or len(m.group("rest").split()) > 3:
        return None
    return m.group("num"), _unit_after(m.group("rest"), 0)


def _keyed_points(fig: _Figure, line_no: int, raw: str, key: str, text: str, parent: dict | None,
                  block: str) -> bool:
    """A bold key with values: '**Series A:** (1, 0.5), (2, 0.7)' (points of series A);
    '**Category A:** Model X: 45.2, Model Y: 50.1' (bars of category A, or points of series A at
    x = 'Epoch 10' keys); '**Category:** 45.2%' (one bar); '**Model:** FLOPs: 4, Accuracy: 81.5'
    (one point whose keys name the axes)."""
    name, colour = _trailing_colour(key)
    body, label = _extract_label(text)
    if _pairs_points(fig, line_no, raw, body, name, colour):
        return True
    if fig.chart_type != "bar" and _at_x_points(fig, line_no, raw, body, _series_name(name), colour):
        return True
    items = _kv_items(body)
    if len(items) == 2 and {_axis_match(fig, i["key"]) for i in items} == {"x", "y"}:
        ix = next(i for i in items if _axis_match(fig, i["key"]) == "x")
        iy = next(i for i in items if _axis_match(fig, i["key"]) == "y")
        _add_point(fig, line_no, raw, ix["num"], iy["num"], series=parent["name"] if parent else "",
                   label=_strip_quotes(name), color=colour, group=parent["name"] if parent else "",
                   x_unit=ix["unit"], y_unit=iy["unit"])
        return True
    if items:
        for item in items:
            _value_point(fig, line_no, raw, item["key"], item["num"], item["unit"], parent=name,
                         parent_colour=colour, label=item["label"])
        return True
    single = _single_value(body)
    if single:
        up = parent["name"] if parent else block
        _value_point(fig, line_no, raw, key, single[0], single[1], parent=up, label=label)
        return True
    if (not _pair_in(body) and not _RANGE_PHRASE.search(body) and len(_numbers(body)) == 2
            and not _CLAIM_WORDS.search(_UNIT_WORDS.sub("", body))):
        coords = _coordinates(body, fig)
        if coords:
            x, y, xu, yu, end = coords
            tail_colour, group = _tail_colour_group(body[end:])
            _add_point(fig, line_no, raw, x, y, series=parent["name"] if parent else "", label=_strip_quotes(name),
                       color=colour or tail_colour or (parent["colour"] if parent else ""),
                       group=group or (parent["name"] if parent else ""), x_unit=xu, y_unit=yu)
            return True
    return False


#: A bar in a sentence: 'Standard attention uses about 12.4 GB', 'Model C reaches 78%'.
_PROSE_BAR = re.compile(
    r"^(?P<name>[A-Z][\w .()+/&'-]{0,50}?)\s+(?:uses|has|is|reaches|achieves|scores|gets|takes|needs|"
    r"requires|consumes|shows|stands\s+at|comes\s+in\s+at|sits\s+at|at|with|=)\s+(?P<rest>.*?)"
    r"(?:,\s+(?:the|a|an|which|making|while)\b.*)?[.;]?\s*$", re.I)
_NAME_SEP = re.compile(r"\s*(?::|\s[-–—]\s|[-–—]\s)\s*")
#: Metric names that hold a claim word ("top-1 accuracy", "top-5"): a unit, not a claim.
_UNIT_WORDS = re.compile(r"\b(?:top|bottom)[- ]?\d+\b", re.I)


def _bullet_points(fig: _Figure, line_no: int, raw: str, content: str, parent: dict | None, block: str) -> bool:
    """Points of a plain bullet, tried in this order: several pairs ('(1, 2), (3, 4)', with an
    optional 'Series:' before them); a list of 'key: value' items ('Size 8: ~66%, Size 16: ~73%',
    '2018: 12, 2019: 15', 'Model X: 45.2'); a bare value under a parent ('* 45.2%'); a parent's
    point sentence ('At approximately 8 MB, the score is around 82.2'); a named point ('Name:
    (x, y)', 'Name at (x, y)', 'Name — x: 4, y: 81.5', 'Name: 4 FLOPs, 81.5% accuracy'); on a bar
    chart, a name with commas or numbers of its own before the last colon and one value after it
    ('Beam search, width 4: ≈ 52.0 ms'). A bullet with a number that yields nothing gets an
    "unread_point" note (unless it is a claim)."""
    pname = parent["name"] if parent else ""
    pcolour = parent["colour"] if parent else ""
    text, label = _extract_label(_strip_bold(content))
    refused = find_numbers(text)[1]
    if not _NUM_RE.search(text) and not _PAIR.search(text) and not refused:
        return False
    pairs = list(_PAIR.finditer(text))
    if len(pairs) >= 2:
        head = text[: pairs[0].start()].strip().rstrip(":-–—").strip()
        head = re.sub(r"\s+(?:at|points?|values?|are|is)$", "", head, flags=re.I).strip()
        series, colour = _trailing_colour(_strip_bold(head)) if head and len(head.split()) <= 5 else (pname, pcolour)
        _pairs_points(fig, line_no, raw, text, series or pname, colour or pcolour)
        return True
    if fig.chart_type != "bar":
        hm0 = re.match(r"^([^:]{1,60}?)\s*:\s+(.*)$", text)
        head0, body0 = (hm0.group(1), hm0.group(2)) if hm0 and not _NUM_RE.search(hm0.group(1)) else ("", text)
        if _at_x_points(fig, line_no, raw, body0, _series_name(head0) if head0 else pname, pcolour):
            return True
    m = _XY_EQ.search(text)
    if m:
        name = _NAME_SEP.split(text[: m.start()].strip(), maxsplit=1)[0].strip(" ,-–—:")
        name, colour = _trailing_colour(_strip_quotes(name)) if name else ("", "")
        _add_point(fig, line_no, raw, m.group(1), m.group(3), series=pname, label=name or label,
                   color=colour or pcolour, group=pname, x_unit=_slot_unit(m.group(2)))
        return True
    sv = _series_values(text)
    if sv:
        key, values = sv
        for num, unit, name in values:
            series, colour = _trailing_colour(name)
            _value_point(fig, line_no, raw, key, num, unit, parent=series, parent_colour=colour or pcolour)
        return True
    items = _kv_items(text)
    hm = re.match(r"^([^:]{1,60}?)\s*:\s+(.*)$", text)
    if not items and hm and not _NUM_RE.search(hm.group(1)) and len(_kv_items(hm.group(2))) >= 1 and (
            len(_kv_items(hm.group(2))) >= 2 or _x_from_key(fig, _kv_items(hm.group(2))[0]["key"])):
        # 'Model B: Epoch 1: ~2.3, Epoch 5: 1.5' -> series Model B; 'Cat A: X: 45.2, Y: 50.1' -> bars of Cat A
        series, colour = _trailing_colour(_strip_quotes(hm.group(1).strip()))
        for item in _kv_items(hm.group(2)):
            _value_point(fig, line_no, raw, item["key"], item["num"], item["unit"], parent=series,
                         parent_colour=colour, label=item["label"])
        return True
    if items and not (len(items) == 1 and _pair_in(text)):
        if len(items) == 2 and {_axis_match(fig, i["key"]) for i in items} == {"x", "y"}:
            ix = next(i for i in items if _axis_match(fig, i["key"]) == "x")
            iy = next(i for i in items if _axis_match(fig, i["key"]) == "y")
            _add_point(fig, line_no, raw, ix["num"], iy["num"], series=pname, color=pcolour, group=pname,
                       label=label, x_unit=ix["unit"], y_unit=iy["unit"])
            return True
        for item in items:
            _value_point(fig, line_no, raw, item["key"], item["num"], item["unit"], parent=pname or block,
                         parent_colour=pcolour, label=item["label"] or (label if len(items) == 1 else ""))
        return True
    single = _single_value(text)
    if single and (pname or block):
        _value_point(fig, line_no, raw, "", single[0], single[1], parent=pname or block, parent_colour=pcolour,
                     label=label)
        return True
    if parent is not None and _series_point(fig, line_no, raw, content, parent, note=False):
        return True
    if _plain_named_point(fig, line_no, raw, content):
        return True
    if re.match(r"^(?:at|for|in|after|with|when|by|on|from|using|given)\s", text, re.I) and len(_numbers(text)) >= 2:
        coords = _coordinates(text, fig)
        if coords:
            x, y, xu, yu, _ = coords
            _add_point(fig, line_no, raw, x, y, series=pname, label=label, color=pcolour, group=pname,
                       x_unit=xu, y_unit=yu)
            return True
    nm = re.match(r"^([^:]{1,80}?)\s*(?::|\s[-–—]\s)\s*(.*)$", text)
    if nm and not _RANGE_PHRASE.search(nm.group(2)) and len(_numbers(nm.group(2))) == 2 and not _NUM_RE.search(
            _x_from_key(fig, nm.group(1)) or "") and not _CLAIM_WORDS.search(_UNIT_WORDS.sub("", nm.group(2))):
        coords = _coordinates(nm.group(2), fig)
        if coords:
            x, y, xu, yu, end = coords
            name, colour = _trailing_colour(_strip_quotes(nm.group(1)))
            _add_point(fig, line_no, raw, x, y, series=pname, label=name, color=colour or pcolour, group=pname,
                       x_unit=xu, y_unit=yu)
            return True
    if fig.chart_type == "bar" and ": " not in text:
        # 'Standard attention uses about 12.4 GB.': one value, named by the words before the verb
        pm = _PROSE_BAR.match(text)
        if pm and len(_numbers(text)) == 1 and not re.search(r"\bthan\b", text, re.I):
            single = _single_value(pm.group("rest"))
            if single:
                _value_point(fig, line_no, raw, pm.group("name").strip(), single[0], single[1], parent=pname,
                             parent_colour=pcolour, label=label)
                return True
    if fig.chart_type == "bar" and ": " in text:
        # 'Beam search, width 4: ≈ 52.0 ms': a bar whose name holds commas or numbers of its own
        key, value = text[: text.rfind(": ")].strip(), text[text.rfind(": ") + 2:]
        single = _single_value(value)
        if single and key and not _CLAIM_WORDS.search(key):
            _value_point(fig, line_no, raw, key, single[0], single[1], parent=pname, parent_colour=pcolour,
                         label=label)
            return True
    if parent is not None and _series_point(fig, line_no, raw, content, parent, note=True):
        return True
    if refused or (parent is None and not _CLAIM_WORDS.search(text) and not _RANGE_PHRASE.search(text)):
        _unread(fig, line_no, raw, "bullet has numbers but no readable point"
                + (f" ({'; '.join(refused)})" if refused else ""))
    return False


def _prose_points(fig: _Figure, line_no: int, raw: str, content: str, parent: dict | None, block: str) -> bool:
    """Points in a plain (non-bullet) line of a points section, only in unambiguous forms:
    a bold key with values ('**Category A:** X: 45.2'), a list of 'key: value' items, several
    pairs, or a sentence starting with 'At <x>, ... <y>'. Other prose is commentary."""
    text = content.strip()
    km = _BOLD_KEY.match(text)
    if km and not _HEADING_LIKE_KEY.match(km.group(1).rstrip(":")):
        key = km.group(1).strip().rstrip(":").strip()
        if _keyed_points(fig, line_no, raw, key, km.group(3).strip(), parent, block):
            return True
        return _named_point(fig, line_no, raw, key, km.group(3).strip(), parent)
    body, label = _extract_label(text)
    if len(list(_PAIR.finditer(body))) >= 2 or _kv_items(body):
        return _bullet_points(fig, line_no, raw, text, parent, block)
    if re.match(r"^at\s", body, re.I) and len(_numbers(body)) >= 2:
        coords = _coordinates(body, fig)
        if coords:
            x, y, xu, yu, _ = coords
            pname = parent["name"] if parent else ""
            _add_point(fig, line_no, raw, x, y, series=pname, label=label, color=parent["colour"] if parent else "",
                       group=pname, x_unit=xu, y_unit=yu)
            return True
    return False


# ----------------------------------------------------------------------------------------
# Markdown pipe tables


_PIPE_RULE_CELL = re.compile(r"^:?-{2,}:?$")
_MISSING_CELL = re.compile(r"^(?:|-+|—|–|n/?a|none|null|nan|\?|—+|not\s+(?:shown|visible|reported|given))$", re.I)


def _pipe_cells(line: str) -> list[str] | None:
    """The cells of a Markdown pipe-table line ('| a | b |'), None for any other line."""
    s = line.strip()
    if not s.startswith("|") or s.count("|") < 2:
        return None
    s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", s)]


def _cell_value(cell: str) -> tuple[str, str, str]:
    """('num', number, unit) | ('missing', '', '') | ('bad', '', '') (digits, no clean number)
    | ('text', '', '')."""
    c = canonical_numbers(_strip_bold(cell).strip())[0]
    if _MISSING_CELL.match(c):
        return "missing", "", ""
    single = _single_value(c)
    if single:
        return "num", single[0], single[1]
    if re.search(r"\d", c) and not re.search(r"[A-Za-z]{2,}", re.sub(r"\([^()]*\)", "", c)):
        return "bad", "", ""
    return "text", "", ""


def _header_unit(header: str) -> str:
    m = re.search(r"\(([^()\d]{1,12})\)\s*$", header)
    return m.group(1).strip() if m else ""


def _header_name(header: str) -> str:
    return re.sub(r"\s*\([^()]{1,12}\)\s*$", "", _strip_bold(header)).strip()


def _pipe_table(fig: _Figure, first: int, last: int) -> None:
    """Points from a Markdown pipe table (the header row is the one above the '|---|' rule):

    * first column numeric, other numeric columns -> x and one series per y column (x/y charts);
    * numeric headers ('| Model | 2018 | 2019 |'), text first column -> a series per row, x from
      the header (x/y charts);
    * a text column and two numeric columns whose headers name the axes (or a stated scatter
      plot) -> one labelled point per row;
    * otherwise bars: the first text column is the category, each numeric column a series
      (named by its header when there are several).
    A cell with digits that is not one clean number gets an "unread_point" note.
    """
    doc = fig.doc
    rows = [(n, _pipe_cells(doc.line(n)) or []) for n in range(first, last + 1)]
    rule = next((i for i, (_, cells) in enumerate(rows)
                 if cells and all(_PIPE_RULE_CELL.match(c.replace(" ", "")) for c in cells if c)), None)
    if rule is not None and rule > 0:
        header, body = rows[rule - 1][1], rows[rule + 1:]
    else:
        header, body = rows[0][1], rows[1:]
    if not body:
        return
    ncols = max(len(cells) for _, cells in body)
    header = header + [""] * (ncols - len(header))
    cells = {(n, j): _cell_value(c[j] if j < len(c) else "") for n, c in body for j in range(ncols)}
    kinds = []
    for j in range(ncols):
        states = [cells[(n, j)][0] for n, _ in body]
        kinds.append("num" if "num" in states and "text" not in states else "text")
    num_cols = [j for j in range(ncols) if kinds[j] == "num"]
    text_cols = [j for j in range(ncols) if kinds[j] == "text"]
    if not num_cols:
        return
    bar = fig.chart_type == "bar"
    header_x = [j for j in num_cols if _single_value(header[j]) and not _header_name(header[j]).isalpha()]
    raw_of = {n: doc.line(n) for n, _ in body}

    def cell_text(n: int, j: int) -> str:
        row = dict(body)[n]
        return _strip_quotes(_strip_bold(row[j])) if j < len(row) else ""

    def value(n: int, j: int):
        state, num, unit = cells[(n, j)]
        if state == "bad":
            _unread(fig, n, raw_of[n], f"table cell {cell_text(n, j)!r} has digits but no readable number")
        return (num, unit or _header_unit(header[j])) if state == "num" else None

    named = {a: next((j for j in num_cols if _axis_match(fig, _header_name(header[j])) == a), None) for a in "xy"}
    if not bar and named["x"] is not None and named["y"] is not None and named["x"] != named["y"]:
        # the headers name both axes: those two columns, the first other column labels the point
        jx, jy = named["x"], named["y"]
        jl = next((j for j in range(ncols) if j not in (jx, jy)), None)
        for n, _ in body:
            xv, yv = value(n, jx), value(n, jy)
            if xv and yv:
                _add_point(fig, n, raw_of[n], xv[0], yv[0], label=cell_text(n, jl) if jl is not None else "",
                           x_unit=xv[1], y_unit=yv[1])
        return
    if not bar and kinds[0] == "num" and len(num_cols) >= 2:
        ycols = num_cols[1:]
        for n, _ in body:
            xv = value(n, 0)
            for j in ycols:
                yv = value(n, j)
                if xv and yv:
                    series = _header_name(header[j]) if len(ycols) > 1 else ""
                    _add_point(fig, n, raw_of[n], xv[0], yv[0], series=series, group=series,
                               x_unit=xv[1], y_unit=yv[1])
        return
    if not bar and text_cols and text_cols[0] == 0 and num_cols and len(header_x) == len(num_cols):
        for n, _ in body:
            series = cell_text(n, 0)
            for j in num_cols:
                yv = value(n, j)
                if yv:
                    _add_point(fig, n, raw_of[n], _single_value(header[j])[0], yv[0], series=series, group=series,
                               y_unit=yv[1])
        return
    if not bar and text_cols and len(num_cols) >= 2 and (
            fig.chart_type == "scatter" or (named["x"] is not None and named["y"] is not None)):
        jx = named["x"] if named["x"] is not None else num_cols[0]
        jy = named["y"] if named["y"] is not None and named["y"] != jx else next(j for j in num_cols if j != jx)
        for n, _ in body:
            xv, yv = value(n, jx), value(n, jy)
            if xv and yv:
                _add_point(fig, n, raw_of[n], xv[0], yv[0], label=cell_text(n, text_cols[0]),
                           x_unit=xv[1], y_unit=yv[1])
        return
    cat_col = text_cols[0] if text_cols else 0
    ycols = [j for j in num_cols if j != cat_col]
    for n, _ in body:
        category = cell_text(n, cat_col)
        for j in ycols:
            yv = value(n, j)
            if yv and category:
                series = _header_name(header[j]) if len(ycols) > 1 else ""
                _add_point(fig, n, raw_of[n], "", yv[0], series=series, group=series, y_unit=yv[1],
                           category=category)


# ----------------------------------------------------------------------------------------
# Claims


def _claim_text(fig: _Figure, line_no: int, raw: str, text: str, section: str, subsection: str,
                subject: str, key_claimy: bool) -> None:
    text = _strip_bold(text) if text.startswith("**") else text
    for sentence in split_sentences(text):
        fig.claim_candidates.append({
            "line_no": line_no, "raw": raw, "text": sentence, "section": section,
            "subsection": subsection, "subject": subject, "key_claimy": key_claimy})


def _names_in(sentence: str, names: list[str]) -> list[tuple[int, str]]:
    found = []
    for name in names:
        for m in re.finditer(re.escape(name), sentence):
            before = sentence[m.start() - 1] if m.start() else " "
            after = sentence[m.end()] if m.end() < len(sentence) else " "
            if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_"):
                if after == "-" and m.end() + 1 < len(sentence) and sentence[m.end() + 1].isalnum():
                    continue
                found.append((m.start(), name))
                break
    found.sort(key=lambda t: (t[0], -len(t[1])))
    return found


def _select_claims(fig: _Figure) -> list[dict]:
    names = sorted({p["series"] for p in fig.points if p["series"]}
                   | {p["label"] for p in fig.points if p["label"]}, key=len, reverse=True)
    rows = []
    for c in fig.claim_candidates:
        context = f"{c['section']} {c['subsection']}"
        claimy = bool(_CLAIM_WORDS.search(c["text"])) or c["key_claimy"]
        if not claimy:
            continue
        named = _names_in(c["text"], names)
        in_claim_section = bool(_CLAIM_SECTION.search(context)) and not re.search(
            r"overview|interpretation|component|axes|legend", context, re.I)
        subject_is_plotted = c["subject"] in names
        if not (in_claim_section or named or subject_is_plotted):
            continue
        subject = c["subject"] or (named[0][1] if named else "")
        rows.append({"line_no": c["line_no"], "section": c["section"], "subject": subject,
                     "text": c["text"], "raw": c["raw"], "subsection": c["subsection"]})
    return rows


# ----------------------------------------------------------------------------------------
# Finishing: units, scales, records


def _majority(values: list[str]) -> str:
    if not values:
        return ""
    best = max(dict.fromkeys(values), key=values.count)
    return best if values.count(best) * 2 > len(values) or len(set(values)) == 1 else ""


def _scale(axis: dict, values: list[Decimal], unit: str, from_points: bool = True) -> tuple[str, str]:
    word = axis["scale_word"]
    if word == "log" and axis.get("log_from_ticks"):
        return "log", "log: the description prints the axis values as powers of ten"
    if word == "log":
        return "log", "log: the description calls the axis logarithmic"
    if word == "linear":
        return "linear", "linear: the description calls the axis linear"
    u = f" {unit}" if unit else ""
    if axis["min"] != "":
        lo, hi, what = _num_value(axis["min"]), _num_value(axis["max"]), "the stated range spans"
        src_lo, src_hi = axis["min"], axis["max"]
    elif values and not from_points:
        return "linear", "linear: no range or scale is stated (a line chart's positions are read linearly)"
    elif values:
        lo, hi, what = min(values), max(values), "no range is stated and the points span"
        src_lo, src_hi = decimal_text(lo), decimal_text(hi)
    else:
        return "linear", "linear: neither a range nor points are given"
    if lo > 0 and hi / lo >= 10:
        ratio = float(hi / lo)
        return "log", f"log: {what} {src_lo} to {src_hi}{u} ({ratio:.3g}x)"
    if lo <= 0:
        return "linear", f"linear: {what} {src_lo} to {src_hi}{u}, which includes zero or negatives"
    ratio = float(hi / lo)
    return "linear", f"linear: {what} {src_lo} to {src_hi}{u} ({ratio:.3g}x, under 10x)"


def _settle_chart_type(fig: _Figure) -> None:
    """Decide what each point is once the whole figure is read.

    Bar charts keep no numeric x: a point read with an x (a pair, a numeric key) becomes a bar
    whose category is the x as printed. On x/y charts a value read without an x (a 'Name:
    value' line) cannot be placed: it becomes an "unread_point" note, never a point at an
    invented position. With no stated chart type, the form decides: only values without x
    make a bar chart, anything else a scatter plot.
    """
    if not fig.chart_type:
        fig.chart_type = "bar" if fig.points and all(p["x"] == "" for p in fig.points) else "scatter"
        if fig.chart_type == "bar":
            fig.orientation = "vertical"
    if fig.chart_type == "bar":
        for p in fig.points:
            if p["x"] != "":
                p["category"] = p["category"] or p["x_token"]
                p["x"] = ""
        if fig.orientation == "horizontal" and not (fig.axis["y"]["min"] != "" and fig.axis["x"]["min"] == ""):
            # the described horizontal axis carries the values: y is always the value axis
            fig.axis["x"], fig.axis["y"] = fig.axis["y"], fig.axis["x"]
            fig.point_units["x"], fig.point_units["y"] = fig.point_units["y"], fig.point_units["x"]
        # the category axis has no range, no scale and no unit from the points
        fig.axis["x"].update({"min": "", "max": "", "scale_word": "", "log_from_ticks": False})
        fig.point_units["x"] = []
        return
    kept = []
    for p in fig.points:
        if p["x"] == "":
            _unread(fig, p["line_no"], p["raw"],
                    f"value {p['y']} of {p['category'] or p['series'] or 'a bar'!r} has no x position on a "
                    f"{fig.chart_type} chart")
            continue
        p["category"] = ""
        kept.append(p)
    fig.points = kept


def _finish_figure(fig: _Figure, parsed: dict) -> None:
    doc = fig.doc
    _settle_chart_type(fig)
    if not fig.points:
        raise DocumentError(
            doc.source_file, fig.heading_line,
            f"no data points were found for the chart {fig.heading or fig.figure_id!r}; "
            "understood point styles are: " + "; ".join(f"({i}) {s}" for i, s in enumerate(POINT_STYLES, 1)))
    for a in ("x", "y"):
        ax = fig.axis[a]
        if not ax["unit"]:
            cand = _majority(fig.point_units[a])
            if cand and (cand.lower() not in ax["label"].lower().split() or cand == ax["label"]):
                ax["unit"] = cand
    bar = fig.chart_type == "bar"
    if bar:
        x_scale, x_reason = "category", "category: the bars' categories"
        if fig.axis["y"]["scale_word"] == "log":
            y_scale, y_reason = _scale(fig.axis["y"], [], "")
        else:
            y_scale, y_reason = "linear", "linear: bar lengths are read from zero"
    else:
        x_scale, x_reason = _scale(fig.axis["x"], [_num_value(p["x"]) for p in fig.points], fig.axis["x"]["unit"],
                                   from_points=fig.chart_type != "line")
        y_scale, y_reason = _scale(fig.axis["y"], [_num_value(p["y"]) for p in fig.points], fig.axis["y"]["unit"])
    entries = [e["entry"] for e in fig.legend]
    legend_kind = "none" if not entries else (
        "date" if all(_DATE_ENTRY.match(e) for e in entries) else "series")
    parsed["axes"].append(contract.record(
        contract.AXES, source_file=doc.source_file, figure_id=fig.figure_id, chart_type=fig.chart_type,
        title=fig.title, x_label=fig.axis["x"]["label"], y_label=fig.axis["y"]["label"],
        x_unit=fig.axis["x"]["unit"], y_unit=fig.axis["y"]["unit"], x_min=fig.axis["x"]["min"],
        x_max=fig.axis["x"]["max"], y_min=fig.axis["y"]["min"], y_max=fig.axis["y"]["max"],
        x_scale=x_scale, y_scale=y_scale,
        legend_position=fig.legend_position or ("best" if entries else ""),
        n_legend_entries=len(entries), line_no=fig.heading_line, heading=fig.heading,
        legend_kind=legend_kind, x_scale_reason=x_reason, y_scale_reason=y_reason,
        x_line_no=fig.axis["x"]["line_no"] or "", y_line_no=fig.axis["y"]["line_no"] or "",
        orientation=fig.orientation if bar else "", x_ticks="; ".join(fig.axis["x"]["ticks"]),
        y_ticks="; ".join(fig.axis["y"]["ticks"])))
    for p in fig.points:
        parsed["points"].append(contract.record(
            contract.POINTS, source_file=doc.source_file, line_no=p["line_no"], figure_id=fig.figure_id,
            series=p["series"], label=p["label"], x=p["x"], y=p["y"], x_unit="" if bar else fig.axis["x"]["unit"],
            y_unit=fig.axis["y"]["unit"], color=p["color"], group=p["group"], raw=p["raw"], category=p["category"]))
    for order, e in enumerate(fig.legend, 1):
        parsed["legend"].append(contract.record(
            contract.LEGEND, source_file=doc.source_file, line_no=e["line_no"], figure_id=fig.figure_id,
            order=order, entry=e["entry"], color=e["color"],
            kind="date" if legend_kind == "date" else "series", raw=e["raw"]))
    for a in fig.arrows:
        parsed["arrows"].append(contract.record(
            contract.ARROWS, source_file=doc.source_file, figure_id=fig.figure_id, **a))
    for m in fig.mentions:
        parsed["mentions"].append(contract.record(
            contract.MENTIONS, source_file=doc.source_file, figure_id=fig.figure_id, **m))
    for c in _select_claims(fig):
        parsed["claims"].append(contract.record(
            contract.CLAIMS, source_file=doc.source_file, figure_id=fig.figure_id, **c))
    for note in fig.notes:
        log.warning("%s:%s: %s: %s", note["source_file"], note["line_no"], note["kind"], note["message"])
    parsed["parse_notes"].extend(fig.notes)
