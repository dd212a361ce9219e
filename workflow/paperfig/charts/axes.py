"""Axes of a chart description: labels, units, stated ranges, tick labels, scales.

Axes in any usual spelling (``**X-axis:**``, ``**X-axis (Compute)**:``, ``X axis -``,
``X-Axis:``, ``Horizontal axis:``, ``x-axis label:``, ``**Y axis** –``, "The x-axis
represents ...") with sub-bullets (``* Label:``, ``* Range: 0 to 100``, ``* Ticks: 0, 20, 40``,
``* Scale: log``); a stated range is a range, tick labels are kept apart (never the range); log
stated or implied by powers of ten. A key that names an axis (its letter, its label or its
unit) tells the point readers which of two numbers is x (``_axis_match``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import TYPE_CHECKING

from ..numbers import decimal_text, parse_decimal
from .shapes import _APPROX, _UNIT_STOP, _pair_in, _strip_bold, _strip_quotes, _unit_after

if TYPE_CHECKING:
    from .figure import _Figure


_AXIS_SUB_KEY = re.compile(r"^\s*(?:label|title|name|range|scale|type|axis\s+type|scale\s+type|ticks?|"
                           r"(?:major\s+)?tick\s+(?:marks|labels)|major\s+ticks|markers|values|units?|min(?:imum)?|"
                           r"max(?:imum)?|gridlines)\s*:", re.I)

#: An axis line in any of the usual spellings: '**X-axis:** ...', '**X-axis (Compute)**: ...',
#: 'X axis - ...', 'X-Axis: ...', 'Horizontal axis: ...', 'x-axis label: ...', '**Y axis** – ...',
#: 'The x-axis represents ...', 'Left y-axis: ...' (a side first); bold markers are ignored.
_AXIS_LINE = re.compile(
    r"^(?:the\s+)?(?:(?P<side>left|right|primary|secondary)\s+)?(?P<axis>x|y|horizontal|vertical)[\s-]*axis\b\s*"
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
    which = "x" if m.group("axis").lower() in ("x", "horizontal") else "y"
    if m.group("sub"):
        return which, "sub:" + m.group("sub").lower(), text
    if _pair_in(text):
        return None
    rest = (m.group("rest") or "").strip() or (f"({m.group('side').lower()})" if m.group("side") else "")
    return which, rest, text  # ('Left y-axis: ...' as 'Y-axis (left): ...')


#: A power of ten as printed on log axes: '10^3', '10^{-2}', '10**3', '10³', '1e3', '1e-3'.
_LOG_WORDS = re.compile(
    r"\b(?:logarithmic(?:ally)?|log[- ]?scaled?|log[- ]?axis|log10|log2|log-log)\b|\(log\)", re.I)
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
_POW = (r"(?<![\w.])(?:10\s*(?:\^|\*\*)\s*\{?\s*[-−]?\d+\s*\}?|10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+|"
        r"\d+(?:\.\d+)?[eE][-+]?\d+)(?![\w.])")
#: A number of a range or a tick list: a plain number (not part of a word) or a power of ten.
_RNUM = r"(?:" + _POW + r"|(?<![\w.@^/])[-−]?\d+(?:\.\d+)?(?!\d)(?![\d.]\d)(?![eE][-+]?\d)(?!,\d)(?!\s*(?:\^|\*\*)))"
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
    body = re.sub(r"^(?:is\s+)?(?:labell?ed|label(?:\s*:)?|titled|represents|shows|showing|displays|measures|denotes|"
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
    """'Size (MB), ranging from 8 MB to 200 MB.' -> ('Size (MB)', ', ranging from ...');
    '"Axial length (mm)" and ranges from 22 to 27' -> ('"Axial length (mm)"', ' and ranges ...')."""
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
                r"\s+(?:and\s+(?:ranges|spans|runs|goes|extends|covers)\s|ranging|ranges|range|from|spanning|"
                r"spans|on\s+a|with|in\s+a|scaled?|logarithmic|linear|between)\b", text[i:], re.I) and ch == " ":
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
