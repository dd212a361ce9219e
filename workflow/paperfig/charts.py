"""Chart descriptions: prose descriptions of plots turned into points, axes, legend and claims.

A chart description is markdown-ish text: a top heading naming the plot ("## Scatter Plot:
..."), ``###`` sections, and ``* **Key:** text`` bullets. The parser recognises shapes of
text, never particular files:

* axes: ``* **X-axis:** Label (unit), ranging from approximately A to B.`` (and variants);
* legend: ``* **Legend:** Located in the <position>...`` followed by ``* Entry (Colour)`` bullets;
* arrows: ``* **Annotations:** ... arrows labeled "Text" (pointing left) ...``;
* mentions: ``* **Models Labeled:** a, b, c`` or ``* **Models:** ...:`` followed by bullets;
* points, three styles:
  1. a series bullet ``* **Name (Colour):** text`` followed by plain point bullets
     ``* At approximately 8 MB, the Y is around 82.2 (labeled "L=6").``;
  2. ``* **Name:** Approximately (4 GFLOPs, 75 score) - Colour (group)``;
  3. ``* **Name:** Located at approximately (2, 64).``;
* claims: sentences about the data (trends, ranks, outliers, comparisons) in analysis and
  observation sections, and in other sections when they name a plotted series or point.

Every row carries the 1-based ``line_no`` and the ``raw`` line it came from.
"""

from __future__ import annotations

import logging
import re
from decimal import Decimal

from . import contract
from .documents import Document
from .errors import DocumentError
from .numbers import decimal_text, parse_decimal

log = logging.getLogger("paperfig")

# ----------------------------------------------------------------------------------------
# Line shapes

_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)(?:[*\-+•●▪◦‣]|\d{1,3}[.)])\s+(.*\S)\s*$")
# **Key:** text  |  **Key**: text   (the closing ** must not be followed by another *)
_BOLD_KEY = re.compile(r"^\*\*(.+?)\*\*(?!\*)\s*(:?)\s*(.*)$")
_BOLD_LINE = re.compile(r"^\s*\*\*([^*].*?)\*\*\s*:?\s*$")

_PLOT_WORDS = re.compile(
    r"\b(?:plot|chart|graph|scatter|diagram|histogram|heat\s?map|scatterplot)s?\b", re.I)
_CHART_TYPE = re.compile(
    r"\b(scatter|line|bar|bubble|area|box|pie|radar|violin|heat\s?map|histogram|column)"
    r"(?:\s*|-)(?:plot|chart|graph|diagram)?s?\b|\b(scatterplot|histogram|heatmap)\b", re.I)

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
_NUM = r"(?:(?<![\w.])[-−–](?=\d)|(?<![\w.\-−–=]))\d+(?:\.\d+)?(?![\d.]\d)(?![eE][-+]?\d)"
_NUM_RE = re.compile(_NUM)
#: A number inside an explicit coordinate form ("(x=4, y=75)", "(2, 64)").
_NUMC = r"(?<![\w.])[-−–]?\d+(?:\.\d+)?(?![\d.]\d)(?![eE][-+]?\d)"
_APPROX = r"(?:approx(?:imately|\.)?|about|around|roughly|nearly|~|≈|circa|ca\.)"
_UNIT_TOKEN = re.compile(r"\s*([A-Za-z%µ°$€£][\w%/³²µ°$€£.\-]*)")
_UNIT_STOP = {
    "and", "or", "the", "to", "with", "is", "are", "was", "at", "in", "on", "of", "for",
    "a", "an", "by", "from", "vs", "versus", "while", "which", "where", "respectively",
    "approximately", "around", "about", "roughly", "labeled", "labelled", "scale", "range",
    "ranging", "ranges", "it", "this", "that", "as", "than", "but", "each", "per",
}

_PAIR = re.compile(
    r"[(\[]\s*(?:[xX]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")([^(),;\[\]\d]{0,40}?)\s*[,;]\s*"
    r"(?:[yY]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")([^(),;\[\]\d]{0,40}?)\s*[)\]]", re.I)
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
    "'* **Name:** Located at approximately (2, 64).'",
)


def is_colour(text: str) -> bool:
    """True when ``text`` is a colour phrase ("Orange", "Dark Purple", "Blue-Green")."""
    return bool(COLOUR_PHRASE.fullmatch(text.strip()))


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
    return name.strip(), ""


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
        self.axis: dict[str, dict] = {
            a: {"label": "", "unit": "", "min": "", "max": "", "scale_word": "", "line_no": 0}
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
    plot_heads = [h for h in headings if _PLOT_WORDS.search(h[2])]
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
# Reading one figure


def _read_figure(fig: _Figure, first: int, last: int) -> None:
    doc = fig.doc
    m = _CHART_TYPE.search(fig.heading)
    if m:
        fig.chart_type = re.sub(r"\s", "", (m.group(1) or m.group(2)).lower()).replace("scatterplot", "scatter")
    section = ""
    subsection = ""
    mode = ""  # legend | mentions | annotations | axis:x | axis:y | series
    mode_indent = 0
    series: dict | None = None  # {"name", "colour", "line_no", "indent"}

    for line_no in range(first, last + 1):
        raw = doc.line(line_no)
        if line_no == fig.heading_line and _HEADING.match(raw):
            continue
        if not raw.strip():
            continue
        hm = _HEADING.match(raw)
        if hm:
            section, subsection, mode, series = hm.group(2).strip(), "", "", None
            continue
        bl = _BOLD_LINE.match(raw)
        if bl and not _BULLET.match(raw):
            subsection, mode, series = bl.group(1).strip().rstrip(":").strip(), "", None
            continue
        context = subsection or section
        points_allowed = not (_NON_POINT_SECTION.search(context or "") and not _POINTY(context))
        bm = _BULLET.match(raw)
        if not bm:
            # prose: ends any list; may hold claims
            mode, series = "", None
            if not fig.chart_type:
                m = _CHART_TYPE.search(raw)
                if m and (m.group(1) or m.group(2)):
                    fig.chart_type = re.sub(r"\s", "", (m.group(1) or m.group(2)).lower()).replace(
                        "scatterplot", "scatter")
            _claim_text(fig, line_no, raw, raw.strip(), section, subsection, "", key_claimy=False)
            continue
        indent = len(bm.group(1).expandtabs(4))
        content = bm.group(2).strip()
        km = _BOLD_KEY.match(content)
        if km is None:
            if mode == "legend":
                _legend_entry(fig, line_no, raw, content)
            elif mode == "mentions":
                _mention(fig, line_no, raw, _strip_bold(content).rstrip("."))
            elif mode == "annotations":
                _arrows(fig, line_no, raw, content)
            elif mode.startswith("axis:"):
                _axis_sub(fig, mode[5:], line_no, content)
            elif mode == "series" and series is not None and points_allowed and _series_point(
                    fig, line_no, raw, content, series):
                pass
            elif points_allowed and _plain_named_point(fig, line_no, raw, content):
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
        colon_inside = key.endswith(":")
        key = key.rstrip(":").strip()
        text = km.group(3).strip()
        nested_in_series = mode == "series" and series is not None and indent > series["indent"]
        if not nested_in_series:
            mode, series = "", None
        mode_indent = indent

        if _AXIS_KEY.match(key) and not _pair_in(text):
            which = "x" if _AXIS_KEY.match(key).group(1).lower() in ("x", "horizontal") else "y"
            fig.axis[which]["line_no"] = line_no
            fig.axis[which]["raw"] = raw
            rest = key[_AXIS_KEY.match(key).end():].strip(" ()-:")
            if rest and not re.fullmatch(r"(?:label|title|\(?(?:left|right|top|bottom)\)?)", rest, re.I):
                text = f"{rest}. {text}" if text else rest
            if text and not text.endswith(":"):
                _axis_text(fig, which, text)
            else:
                if text:
                    _axis_text(fig, which, text.rstrip(":"))
                mode = f"axis:{which}"
            continue
        if _TITLE_KEY.match(key):
            title = text.strip()
            if title[-2:] in ('".', '”.', "'."):
                title = title[:-1]
            fig.title = _strip_quotes(title)
            continue
        if _LEGEND_KEY.match(key) and not _pair_in(text):
            head, _, tail = text.partition(":") if ":" in text else (text, "", "")
            fig.legend_position = _legend_position(head)
            for item in _split_outside_parens(tail or ("" if _legend_position(text) != "best" else text)):
                item = item.strip().rstrip(".")
                if item and _legend_item(item)[1]:
                    _legend_entry(fig, line_no, raw, item)
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
        if points_allowed and _named_point(fig, line_no, raw, key, text,
                                           series if nested_in_series else None):
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
        _claim_text(fig, line_no, raw, text, section, subsection, name,
                    key_claimy=bool(_CLAIM_WORDS.search(key)))


def _POINTY(context: str) -> bool:
    """A section like 'Data Points' or 'Detailed Analysis' lists points even if it says 'trend'."""
    return bool(re.search(r"data|points?|analysis|values|series|breakdown", context, re.I))


def _pair_in(text: str) -> bool:
    return bool(_PAIR.search(text) or _XY_EQ.search(text))


# ----------------------------------------------------------------------------------------
# Axes


_RANGE = re.compile(
    r"(?:" + _APPROX + r"\s*)?(" + _NUM + r")\s*([A-Za-z%µ°$€][\w%/³²µ°$€.\-]*)?\s*(?:to|–|—|-|and|until|through)\s*(?:"
    + _APPROX + r"\s*)?(" + _NUM + r")", re.I)


_LOG_WORDS = re.compile(
    r"\b(?:logarithmic(?:ally)?|log[- ]?scaled?|log[- ]?axis|log10|log2|log-log)\b|\(log\)", re.I)


def _axis_text(fig: _Figure, which: str, text: str) -> None:
    ax = fig.axis[which]
    if _LOG_WORDS.search(text):
        ax["scale_word"] = "log"
    elif re.search(r"\blinear\b", text, re.I) and not ax["scale_word"]:
        ax["scale_word"] = "linear"
    body = re.sub(r"^(?:labell?ed|label(?:\s*:)?|titled|represents|shows|showing)\s+(?:as\s+)?", "", text.strip(), flags=re.I)
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
            lo, hi = m.group(1), m.group(3)
            if _num_value(lo) > _num_value(hi):
                lo, hi = hi, lo
            ax["min"], ax["max"] = _num_text(lo), _num_text(hi)
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
    """Sub-bullets of an axis bullet: '* Label: Size (MB)', '* Range: 8 to 200', '* Scale: log'."""
    content = _strip_bold(content)
    m = re.match(r"^\**\s*([A-Za-z ]{2,20}?)\s*\**\s*:\**\s*(.*)$", content)
    key, value = (m.group(1).lower(), m.group(2)) if m else ("", content)
    ax = fig.axis[which]
    if key in ("label", "title", "name") and not ax["label"]:
        _axis_text(fig, which, value)
        return
    if key in ("markers", "ticks", "tick marks", "tick labels", "values") and ax["min"] == "":
        nums = [t for t, *_ in _numbers(value)]
        if len(nums) >= 2:
            vals = sorted(nums, key=_num_value)
            ax["min"], ax["max"] = _num_text(vals[0]), _num_text(vals[-1])
        if _LOG_WORDS.search(value):
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
            left_c = re.sub(r"\s+(?:circles?|dots?|markers?|points?|squares?|triangles?|stars?|"
                            r"diamonds?|crosses?|lines?)$", "", left, flags=re.I)
            right_c = re.sub(r"\s+(?:circles?|dots?|markers?|points?|squares?|triangles?|stars?|"
                             r"diamonds?|crosses?|lines?)$", "", right, flags=re.I)
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
               y_unit: str = "") -> None:
    if x_unit:
        fig.point_units["x"].append(x_unit)
    if y_unit:
        fig.point_units["y"].append(y_unit)
    fig.points.append({"line_no": line_no, "series": series, "label": label, "x": _num_text(x),
                       "y": _num_text(y), "color": color, "group": group, "raw": raw})


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


def _series_point(fig: _Figure, line_no: int, raw: str, content: str, series: dict) -> bool:
    text, label = _extract_label(_strip_bold(content))
    if not _NUM_RE.search(text):
        return False
    coords = _coordinates(text, fig)
    if coords is None:
        fig.notes.append(contract.record(
            contract.PARSE_NOTES, source_file=fig.doc.source_file, line_no=line_no,
            kind="unread_point",
            message=f"bullet under series {series['name']!r} has numbers but no readable (x, y)",
            raw=raw))
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


def _scale(axis: dict, values: list[Decimal], unit: str) -> tuple[str, str]:
    word = axis["scale_word"]
    if word == "log":
        return "log", "log: the description calls the axis logarithmic"
    if word == "linear":
        return "linear", "linear: the description calls the axis linear"
    u = f" {unit}" if unit else ""
    if axis["min"] != "":
        lo, hi, what = _num_value(axis["min"]), _num_value(axis["max"]), "the stated range spans"
        src_lo, src_hi = axis["min"], axis["max"]
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


def _finish_figure(fig: _Figure, parsed: dict) -> None:
    doc = fig.doc
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
    if not fig.chart_type:
        fig.chart_type = "scatter"
    x_scale, x_reason = _scale(fig.axis["x"], [_num_value(p["x"]) for p in fig.points], fig.axis["x"]["unit"])
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
        x_line_no=fig.axis["x"]["line_no"] or "", y_line_no=fig.axis["y"]["line_no"] or ""))
    for p in fig.points:
        parsed["points"].append(contract.record(
            contract.POINTS, source_file=doc.source_file, line_no=p["line_no"], figure_id=fig.figure_id,
            series=p["series"], label=p["label"], x=p["x"], y=p["y"], x_unit=fig.axis["x"]["unit"],
            y_unit=fig.axis["y"]["unit"], color=p["color"], group=p["group"], raw=p["raw"]))
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
