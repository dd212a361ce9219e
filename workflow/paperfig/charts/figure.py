"""One figure of a chart description: its state, its span, its chart type, the walk over its lines.

* spans: every heading naming a plot ("## Scatter Plot: ...", at the highest level of the
  headings that name one) starts a figure that runs to the next heading of its level or
  above; a heading naming a part of a description ("### Chart type", "### Data points") is no
  figure; a file with no such heading is one figure;
* chart type: stated by the heading, a "Chart type:" line or the first line naming a kind
  ("bar chart", "histogram", "line graph", "scatter plot"; "horizontal bar chart"), else
  decided by the form of the points (only values without x: a bar chart; see :mod:`.finish`);
* the walk (``_read_figure``): a small state machine over headings, bold lines, bullets and
  prose that gives each line to the reader of its kind (:mod:`.axes`, :mod:`.legend`,
  :mod:`.points`, :mod:`.pipetables`, :mod:`.claims`). Sections that only comment
  ("Overview", "Observations", "Summary") list no points unless they also say "data",
  "points", "values" or "analysis"; a heading or bold line that is not structural names the
  category of the bars listed below it.
"""

from __future__ import annotations

import re

from .. import contract, patterns
from ..documents import Document
from ..segment import is_part_heading
from .axes import _AXIS_SUB_KEY, _axis_line, _axis_sub, _axis_text
from .claims import _claim_text
from .legend import _arrows, _legend_entry, _legend_key_text, _legend_like, _mention, _set_title
from .pipetables import _pipe_cells, _pipe_table
from .points import _bullet_points, _keyed_points, _kv_items, _named_point, _prose_points, _unread
from .shapes import (
    _ARROW_KEY,
    _BOLD_KEY,
    _BOLD_LINE,
    _CLAIM_WORDS,
    _HEADING_LIKE_KEY,
    _LEGEND_KEY,
    _MENTION_KEY,
    _NUM_RE,
    _RANGE_PHRASE,
    _TITLE_KEY,
    _extract_label,
    _pair_in,
    _split_outside_parens,
    _strip_bold,
    _trailing_colour,
    canonical_numbers,
)

#: A whole text in quotes: words printed on the chart (a note, a caption), never its data.
_QUOTATION = re.compile(r"\s*[\"“][^\"“”]*[\"”]\s*\.?\s*")


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
        self.kind_hint: tuple[str, str] = ("", "")  # (type, orientation) the description's opening names
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
    n = len(doc.lines)
    lines = range(doc.start, n + 1)  # (the lines before doc.start are blank)
    for i in lines:
        m = patterns.HEADING.match(doc.lines[i - 1])
        if m:
            headings.append((i, len(m.group("hashes")), m.group("text").strip()))
    # a heading naming a part of a description ("### Chart type", "### Data points") is no figure
    plot_heads = [h for h in headings if patterns.PLOT_WORDS.search(h[2]) and not is_part_heading(h[2])]
    first = next((i for i in lines if doc.lines[i - 1].strip()), 1)
    if not plot_heads:
        head = headings[0] if headings else None
        return [(head[0] if head else first, head[2] if head else "", doc.start, n)]
    level = min(h[1] for h in plot_heads)
    spans = []
    if first < plot_heads[0][0] and any(line.strip() and not patterns.HEADING.match(line)
                                        for line in doc.lines[first - 1:plot_heads[0][0] - 1]):
        # the description before the first heading naming a chart ('This line chart shows ...',
        # then its series, then '## What the chart suggests'): a figure of its own, unheaded
        spans.append((first, "", first, plot_heads[0][0] - 1))
    for line_no, lvl, text in plot_heads:
        if lvl != level:
            continue
        # the figure runs to the next heading of its level that is not one of its parts ("### Values")
        end = next((h[0] - 1 for h in headings if h[0] > line_no and h[1] <= level and not is_part_heading(h[2])), n)
        spans.append((line_no, text, line_no, end))
    return spans


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


#: A plain line of a name and a colon (``Jezero (solid orange):``): no digit, up to 60 characters.
_PLAIN_LEAD = re.compile(r"^(?![\s*#>|+-])[^\d:*#|]{1,60}:\s*$")
#: Words of a lead-in sentence, no name (``Here are the approximate values:``).
_LEAD_WORDS = re.compile(r"\b(?:here|are|is|the|following|below|these|this|as|we|i)\b", re.I)


def _bullet_follows(doc: Document, line_no: int, last: int) -> bool:
    """The next line that is not blank is a bullet (within the figure)."""
    for ln in range(line_no + 1, last + 1):
        text = doc.line(ln)
        if text.strip():
            return bool(patterns.BULLET.match(text))
    return False


def _block_name(text: str) -> str:
    """A heading or bold line that is not structural names the group of the values below it."""
    text = _strip_bold(text).strip().rstrip(":").strip()
    if not text or _STRUCTURAL.search(text) or is_part_heading(text) or len(text.split()) > 8:
        return ""
    return text


# ----------------------------------------------------------------------------------------
# Reading one figure: the walk over its lines

#: Sections where points are not listed (claims and commentary only).
_NON_POINT_SECTION = re.compile(
    r"overview|interpretation|observation|conclusion|insight|takeaway|summary|trend|finding|"
    r"implication|context|outlier|patterns|"
    r"what\s+(?:the|this|it)\s+(?:(?:chart|plot|graph|figure|data)\s+)?(?:shows|tells|reveals|means)", re.I)


def _read_figure(fig: _Figure, first: int, last: int) -> None:
    """Read the lines of one figure: a small state machine over headings, bold lines, bullets
    and prose. ``mode`` says what a plain bullet continues (a legend, a name list, arrows, an
    axis's sub-bullets, or the points of a parent bullet); ``series`` is the parent bullet
    (``* **Name (Colour):** ...``) whose children are its points (x/y charts) or its bars
    (bar charts: the parent is the category, a child's name the series); ``block`` is a
    non-structural heading or bold line, the category of the bars listed below it."""
    doc = fig.doc
    fig.chart_type, fig.orientation = _chart_type(doc, fig.heading, first, last)
    if not fig.chart_type:
        fig.chart_type, fig.orientation = fig.kind_hint  # ('Both panels are grouped bar charts' above them)
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
        if line_no == fig.heading_line and patterns.HEADING.match(raw):
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
        hm = patterns.HEADING.match(raw)
        if hm:
            section, subsection, series = hm.group("text").strip(), "", None
            mode = "legend" if _LEGEND_SECTION.match(section) else ""
            block = _block_name(section)
            continue
        bl = _BOLD_LINE.match(raw)
        if bl and not patterns.BULLET.match(raw) and _axis_line(raw.strip()) is None:
            subsection, series = bl.group(1).strip().rstrip(":").strip(), None
            mode = "legend" if _LEGEND_SECTION.match(subsection) else ""
            block = _block_name(subsection)
            continue
        if _PLAIN_LEAD.match(raw) and not _LEAD_WORDS.search(raw) and _bullet_follows(doc, line_no, last):
            # 'Jezero (solid orange):' over its bullets: a plain line naming them, as a bold one does
            subsection, series = raw.strip().rstrip(":").strip(), None
            mode = "legend" if _LEGEND_SECTION.match(subsection) else ""
            block = _block_name(subsection)
            continue
        bm = patterns.BULLET.match(raw)
        indent = len(bm.group("indent").expandtabs(4)) if bm else 0
        content = bm.group("text").strip() if bm else raw.strip()
        content = patterns.GROUNDING.sub("", content)  # a model's grounding boxes are no numbers of the chart
        if "</" in content:  # inline markup around a name: 'p<sub>T</sub> = 10 GeV' is 'pT = 10 GeV'
            content = _INLINE_TAG.sub("", content)
        content, number_notes = canonical_numbers(content)
        for message in number_notes:
            fig.notes.append(contract.record(contract.PARSE_NOTES, source_file=doc.source_file, line_no=line_no,
                                             kind="number_read", message=message, raw=raw))

        axis = _axis_line(content)
        if axis is None and not bm and "axis" in content:
            _axis_sentences(fig, line_no, content)  # 'The image is a scatter plot ... The x-axis is ...'
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
        if _legend_like(content) and not _kv_items(km.group(3)):
            _legend_entry(fig, line_no, raw, content)  # '**Light blue** – 2019': a colour names a series
            continue
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
        if _CHART_TYPE_KEY.match(key) and not _pair_in(text):
            continue  # ('Type: scatter plot'; a point named 'Type' at '(4 MB, 82.1)' is a point)
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
        if _QUOTATION.fullmatch(text):  # '**Source note:** "Based on 2,400 papers"': text printed on the chart
            _claim_text(fig, line_no, raw, text, section, subsection, key, key_claimy=False)
            continue
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


def _plain_key(content: str) -> tuple[str, str] | None:
    """'Title: None' / '**Legend**: ...' -> (key, text) for a short alphabetic key, else None."""
    m = re.match(r"^\**([A-Za-z][A-Za-z /]{1,30}?)\**\s*:\s*\**\s*(.*)$", content.strip())
    return (m.group(1).strip(), m.group(2).strip()) if m else None


_INLINE_TAG = re.compile(r"</?(?:sub|sup|b|i|em|strong|span)\b[^>]*>", re.I)
_SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


#: The second axis described in the same sentence as the first: '..., and the y-axis is ...'.
_AXIS_CLAUSE = re.compile(r",?\s+(?:and|while|whereas)\s+(?=the\s+(?:x|y|horizontal|vertical)[\s-]*axis\b)", re.I)
#: 'The x-axis is day of year (DOY), running from ...': an axis named by a plain 'is'.
_AXIS_IS = re.compile(r"^the\s+(x|y|horizontal|vertical)[\s-]*axis\s+is\s+(?!not\b|also\b|shown\b|plotted\b)"
                      r"(?:the\s+)?(.+)$", re.I)


def _axis_sentences(fig: _Figure, line_no: int, paragraph: str) -> None:
    """The axes a paragraph describes in sentences of their own after its first ('The image is
    a scatter plot ... The x-axis is labeled "Axial length (mm)" and ranges from 22 to 27.'),
    or in one sentence's two clauses ('The x-axis is day of year (DOY), running from about 150 to
    270, and the y-axis is SSC in mg/L ...'): each is read as that axis's line; the paragraph is
    read on as prose."""
    clauses = [clause for sentence in _SENTENCE_BREAK.split(paragraph)[1:] for clause in _AXIS_CLAUSE.split(sentence)]
    for clause in clauses:
        axis = _axis_line(clause)
        if axis is None and (plain := _AXIS_IS.match(clause)):
            axis = (plain.group(1).lower()[:1].replace("h", "x").replace("v", "y"), "", plain.group(2))
        if axis is None or axis[1] or fig.axis[axis[0]]["label"]:
            continue
        which, _, text = axis
        fig.axis[which]["line_no"] = fig.axis[which]["line_no"] or line_no
        if text:
            _axis_text(fig, which, text.rstrip("."))
