"""Points of a chart description, in every phrasing (``POINT_STYLES``).

The three seed styles (a series bullet followed by ``* At approximately 8 MB, the Y is around
82.2 (labeled "L=6").``; ``* **Name:** Approximately (4 GFLOPs, 75 score) - Colour (group)``;
``* **Name:** Located at approximately (2, 64).``), and ``Name: 4 FLOPs, 81.5% accuracy``,
``Name — x: 4, y: 81.5``, ``Name at (4, 81.5)``, several pairs or ``key: value`` items on one
line (``Size 8: ~66%, Size 16: ~73%``), values of a line-chart series at stated x positions
(``62% at epoch 1``), several series at one x (``2019: 12.5 (ours), 10.1 (baseline)``), bars
(``* **Category A:** X: 45.2, Y: 50.1``, nested ``* X: 45.2`` bullets, ``* Category: 45.2%``,
``Standard attention uses about 12.4 GB``). Numbers are read as :mod:`.shapes` says: whole or
not at all. A line with numbers that yields no point gets an "unread_point" parse note
(``_unread``).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .. import contract, patterns
from ..numbers import find_numbers
from .axes import _axis_match
from .claims import split_sentences
from .legend import _legend_names
from .prosebars import prose_bars, sentence_bar
from .prosepoints import prose_points
from .shapes import (
    _APPROX,
    _BOLD_KEY,
    _CLAIM_WORDS,
    _HEADING_LIKE_KEY,
    _NUM,
    _NUM_RE,
    _PAIR,
    _RANGE_PHRASE,
    _UNIT_STOP,
    _XY_EQ,
    COLOUR_PHRASE,
    _extract_label,
    _num_text,
    _numbers,
    _pair_in,
    _slot_unit,
    _strip_bold,
    _strip_quotes,
    _trailing_colour,
    _unit_after,
    is_colour,
)

if TYPE_CHECKING:
    from .figure import _Figure


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


# ----------------------------------------------------------------------------------------
# The three seed styles


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


_DATE_TOKEN = re.compile(r"(?<![\w.-])(?:19|20)\d\d(?:[-/.](?:0?[1-9]|1[0-2]))?(?![\w])")


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
    before = content[: pm.start()].split() if pm else []
    if pm and pm.start() > 0 and not re.search(r"\d", before[-1] if before else ""):
        name = content[: pm.start()].strip().rstrip(":-–—,").strip()
        name = re.sub(r"\s+(?:at|is at|located at|approximately|approx\.?|~)$", "", name, flags=re.I).strip()
        if name and len(name.split()) <= 6 and not _CLAIM_WORDS.search(name):
            return _named_point(fig, line_no, raw, name, content[pm.start():], None)
    return False


# ----------------------------------------------------------------------------------------
# The forms beyond the three seed styles


def _unread(fig: _Figure, line_no: int, raw: str, message: str) -> None:
    if any(n["line_no"] == line_no and n["kind"] == "unread_point" for n in fig.notes):
        return
    fig.notes.append(contract.record(
        contract.PARSE_NOTES, source_file=fig.doc.source_file, line_no=line_no, kind="unread_point",
        message=message, raw=raw))


_MONTH_DAY = re.compile(r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}$")
_YEAR_NEXT = re.compile(r"\s+(?:19|20)\d\d\b")


def _split_items(text: str) -> list[str]:
    """Split a list of values at ', ' / '; ' / ' and ' outside parentheses (never inside a
    number such as '1,000' or '83,4', nor inside a date such as 'Jan 7, 2024')."""
    parts, depth, start = [], 0, 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        elif depth == 0 and ch in ",;" and (i + 1 == len(text) or text[i + 1].isspace()) and not (
                ch == "," and _MONTH_DAY.search(text, start, i) and _YEAR_NEXT.match(text, i + 1)):
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
    r"^(?P<key>(?:[^:=≈()]|\([^()]{0,40}\)){1,80}?)\s*(?::|=|≈|\s[-–—]\s|\s[-–—](?=\s*[~≈\d]))\s*"
    # the y's symbol before its value ('Sol 160: τ ≈ 0.42'; never a sample's 'n = 24')
    r"(?:(?-i:(?![nN]\b)(?:[α-ωΑ-Ω]|[A-Za-z]{1,3})[²³₀-₉]?)\s*[=≈]\s*)?"
    r"(?:" + _APPROX + r"\s*)?\+?"  # (a plus sign before a positive value: '+1.25 D')
    r"(?P<num>" + _NUM + r")(?P<rest>[^()]*?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;,]?\s*$", re.I)


#: 'Teacher 84.6': a name of words (no digits) then one number, with no separator between.
_KV_SPACE = re.compile(
    r"^(?P<key>[A-Za-z][A-Za-z .&'+/-]{0,60}?)\s+(?:" + _APPROX + r"\s*)?\+?"
    r"(?P<num>" + _NUM + r")(?P<rest>[^()\d]*?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;,]?\s*$", re.I)


_NOT_NAME_WORDS = frozenset(
    "at in on for with the a an from to by of and or it this that is are was were around about "
    "approximately roughly nearly reaches reach scores score has have shows while whereas".split())


_SERIES_VALUE = re.compile(
    r"^(?:" + _APPROX + r"\s*)?(?P<num>" + _NUM + r")\s*(?P<unit>%|[A-Za-z/]{1,10})?\s*"
    r"\((?P<name>[^()\d][^()]{0,40})\)$",
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
    FP16' are names; 'At approximately', 'the accuracy is around' are not); 'of', 'and' and
    'the' inside a name are its own ('Rest of world', 'Search and rescue')."""
    words = key.lower().split()
    return 0 < len(words) <= 4 and not any(
        w in _NOT_NAME_WORDS and not (i and w in _NAME_INNER_WORDS) for i, w in enumerate(words))


_NAME_INNER_WORDS = frozenset({"of", "and", "the"})


#: A stacked bar's total after its segments (``A: 35 ms; B: 180 ms — total about 625 ms``): no bar.
_TRAILING_TOTAL = re.compile(r"\s*(?:[—–]|--|\s-|[,;(])\s*(?:for\s+)?(?:a\s+)?(?:total|sum)\b(?:\s+of)?[^;]*$", re.I)


_LEGEND_VERB = re.compile(r"\b(?:represents?|denotes?|indicates?|stands?\s+for|corresponds?\s+to|shows?|marks?)$", re.I)
#: A legend's sentence: 'Light blue bars represent 2019, dark blue bars represent 2024'.
_REPRESENTS = re.compile(r"\b(?:represents?|denotes?|stands?\s+for|corresponds?\s+to)\b", re.I)
_ERROR_BAR = re.compile(r"\s*(?:±|\+/-)\s*\d+(?:\.\d+)?(?=\s*(?:[A-Za-z%]{1,6})?\s*$)")
#: An error bar in parentheses after a value: ``(±3)``, ``(error bar about ±2.5)``, ``(SD 1.2)``.
_PAREN_ERROR_BAR = re.compile(r"\s*\((?:(?:error\s+bars?|SD|SE|SEM|s\.d\.|std)\b[^()\d±]*(?:±|\+/-)?"
                              r"|[^()\w]*(?:±|\+/-))\s*\d+(?:\.\d+)?\s*[A-Za-z%]{0,6}\)", re.I)


def _kv_items(text: str) -> list[dict]:
    """'Model X: 45.2, Model Y: ~50.1%' (or, two items or more, 'Teacher 84.6, Student 82.1')
    -> [{key, num, unit, label}...]; [] unless every item of the text is such a pair. The digits
    of a key (a name) are never read as the value."""
    items = []
    parts = _split_items(_TRAILING_TOTAL.sub("", _strip_bold(text)))
    for part in parts:
        part = _ERROR_BAR.sub("", part.replace("**", ""))  # 'Data ≈ 0.02 ± 0.01': the error bar is no value
        m = _KV.match(part) or (_KV_SPACE.match(part) if len(parts) >= 2 else None)
        if not m:
            return []
        if m.re is _KV_SPACE and (not _plain_name(m.group("key")) or _LEGEND_VERB.search(m.group("key"))):
            return []  # ('Light blue bars represent 2019': a legend entry, no value)
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
            "depth", "width", "stage", "level", "checkpoint", "ckpt", "update", "generation", "gen",
            "parameter", "param", "passage", "document", "example", "expert", "head", "gpu", "node", "context",
            "length", "temperature", "flip", "percent", "rank", "degree", "resolution", "frame",
            "cycle", "session", "visit", "trial", "run", "dose", "age", "lap", "wave", "sweep",
            # units of time after the number ('1 h: 28%', '30 min: 0.42', '6 wk: 81')
            "h", "hr", "min", "sec", "ms", "d", "wk", "yr", "mo"}


#: A unit after a key's number: '0 cycles', '5 epochs', '10 mA', '6 h'.
_UNIT_AFTER_X = re.compile(r"\s*(?:[a-z]+(?:\s+[a-z]+)?|[A-Za-zµ°Ω]{1,3}(?:/[A-Za-z]{1,3})?)")


def _x_from_key(fig: _Figure, key: str) -> str:
    """The x a key states on an x/y chart: a bare number ('2018', '10'), one number followed
    by its unit ('0 cycles', '5 epochs', '10 mA'), or one number with at most two words
    that name the x axis or a position ('Epoch 10', 'Size 8', '8 layers', '7B' on a parameters
    (B) axis); '' for a name ('Llama 3', 'GPT-4')."""
    key = _strip_quotes(_strip_bold(key)).strip()
    key = re.sub(r"^(?:at|for|in|on|with|after|x\s*=)\s*", "", key, flags=re.I).strip()
    nums = list(_NUM_RE.finditer(key))
    if len(nums) != 1:
        return ""
    m = nums[0]
    after = re.sub(r"^(?:[kKMBGT]|%)(?![A-Za-z])", "", key[m.end():])  # '125M parameters': a size
    rest = (key[: m.start()] + " " + after).strip(" =:")
    if not rest:
        return m.group(0)
    if m.start() == 0 and _UNIT_AFTER_X.fullmatch(key[m.end():]):
        return m.group(0)  # the number first, then its unit: '0 cycles', '5 epochs', '10 mA', '25 °C'
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


_YEAR = re.compile(r"(?:19|20)\d\d")


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
        if _YEAR.fullmatch(m.group("y")) and word.lower() not in ("year", "yr"):
            continue  # a year said before a position ('toward 2024 in Cycle 25'): no value at it
        found.append((x, m.group("y"), m.group("yu") or ""))
    if not found:
        return 0
    for x, y, unit in found:
        _add_point(fig, line_no, raw, x, y, series=series, group=series, color=colour,
                   y_unit=unit if unit and unit.lower() not in _UNIT_STOP else "")
    return len(found)


_ARROW_POINT = re.compile(
    r"(?:(?P<xk>[A-Za-z][\w./-]*(?:\s+[A-Za-z][\w./-]*){0,2})\s*[:=]?\s*)?"
    r"(?:" + _APPROX + r"\s*)?(?P<x>" + _NUM + r")\s*(?P<xu>%|[A-Za-z]{1,5}(?:/[A-Za-z]{1,5})?\b)?"
    r"(?:\s+[A-Za-z][\w-]*){0,3}"
    r"\s*(?:→|->|=>|⟶|➝)\s*(?:(?P<yk>[A-Za-z][\w./-]*(?:\s+[A-Za-z][\w./-]*){0,2})\s*[:=]?\s*)?"
    r"(?:" + _APPROX + r"\s*)?(?P<y>" + _NUM + r")\s*(?P<yu>%|[A-Za-z]{1,5}(?:/[A-Za-z]{1,5})?\b)?")


def _arrow_points(fig: _Figure, line_no: int, raw: str, text: str, series: str, colour: str) -> int:
    """Points given as 'x -> y' items ('depth 4 → accuracy 90.1; depth 6 → accuracy 92.3'; either
    read off as about, with a unit per time: 'CrCl ~29 mL/min → trough ~338 ng/mL'), each item's x
    before the arrow and y after it; every number of the text must be in an item."""
    text = re.sub(r"(\$|\*\*|__)\s*([-+−]?[\d.]+)\s*\1", r"\2", text)  # '→ $0.841$', '→ **54.1**'
    items = list(_ARROW_POINT.finditer(text))
    if not items or sum(2 for _ in items) != len(_numbers(text)):
        return 0
    for m in items:
        _add_point(fig, line_no, raw, m.group("x"), m.group("y"), series=series, group=series, color=colour,
                   x_unit=m.group("xu") or "", y_unit=m.group("yu") or "")
    return len(items)


_NAMED_VALUE = re.compile(r"^\s*(?P<name>[A-Za-z][\w ()/.-]{0,40}?)\s*[:=]?\s*(?:" + _APPROX + r"\s*)?"
                          r"(?P<num>" + _NUM + r")\s*(?P<unit>%|[A-Za-z/]{1,6})?\s*[.;]?\s*$", re.I)


def _x_keyed_series(fig: _Figure, line_no: int, raw: str, text: str) -> bool:
    """'k = 1: accuracy 38.2%, latency 112 ms': the key states an x, each item names a series and
    gives its y there (a point per item, all at that x; a dual-axis chart's two lines). On a bar
    chart the key is the bars' category."""
    m = re.match(r"^([^:]{1,40}?)\s*:\s+(.*)$", text)
    x = _x_from_key(fig, m.group(1)) if m else ""
    if not x:
        return False
    items = [_NAMED_VALUE.match(part) for part in _split_items(m.group(2))]
    if not items or not all(items) or len(_numbers(m.group(2))) != len(items):
        return False
    bar = fig.chart_type == "bar"  # bars: the key names the category, no x is stated
    for item in items:
        name = item.group("name").strip()
        _add_point(fig, line_no, raw, "" if bar else x, item.group("num"), series=name, group=name,
                   y_unit=item.group("unit") or "", category=_strip_quotes(m.group(1)) if bar else "")
    return True


_LIST_MARK = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")


def _sentence_bar_in_run(fig: _Figure, line_no: int, body: str) -> tuple[str, str, str] | None:
    """A sentence naming one bar (``prosebars.sentence_bar``), read only when the line above or
    below names another bar in the same unit: a lone such sentence is commentary."""
    bar = sentence_bar(body)
    if not bar:
        return None
    for other in (line_no - 1, line_no + 1):
        text = fig.doc.line(other) if 1 <= other <= len(fig.doc.lines) else ""
        near = sentence_bar(patterns.GROUNDING.sub("", _LIST_MARK.sub("", text)))
        if near and near[2].lower() == bar[2].lower() and near[0] != bar[0]:
            return bar
    return None


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
    r"^(?:(?:value|score|height|length|bar|count|frequency|y)\s*(?:of|is|:|=)?\s*)?"
    r"(?:" + _APPROX + r"\s*)?(?P<num>" + _NUM
    + r")(?P<rest>[^\d()]{0,24}?)\s*(?:\((?P<paren>[^()]*)\))?\s*[.;]?\s*$", re.I)


def _single_value(text: str) -> tuple[str, str] | None:
    """'~45.2%' / 'approximately 45.2 (labeled "best")' -> (number, unit); None otherwise."""
    m = _SINGLE_VALUE.match(_strip_bold(text).strip())
    if not m or len(m.group("rest").split()) > 3:
        return None
    return m.group("num"), _unit_after(m.group("rest"), 0)


def _xy_items(fig: _Figure, items: list[dict]) -> tuple[dict, dict] | None:
    """Two 'key: value' items that are one point: their keys name the two axes; or, on a scatter
    plot, one names an axis and the other is the other one, or no axis is named at all and the
    first is x ('Head length ≈ 18.5 cm, bite force ≈ 1,120 N'). None otherwise."""
    if len(items) != 2:
        return None
    matched = [_axis_match(fig, i["key"]) for i in items]
    if set(matched) == {"x", "y"}:
        return (items[0], items[1]) if matched[0] == "x" else (items[1], items[0])
    if fig.chart_type != "scatter":
        return None
    if set(matched) in ({"x", ""}, {"y", ""}):
        known = next(m for m in matched if m)
        first_is_x = (matched[0] == "x") if matched[0] else (known == "y")
        return (items[0], items[1]) if first_is_x else (items[1], items[0])
    if not matched[0] and not matched[1] and not (fig.axis["x"]["label"] or fig.axis["y"]["label"]):
        return items[0], items[1]
    return None


def _names_axes(fig: _Figure, items: list[dict]) -> bool:
    """Two 'key: value' items whose keys name the two axes, or one of them (the other key is the
    other axis: 'Body mass ≈ 4 kg, BMR ≈ 10 W' under a 'Body mass (kg)' x-axis)."""
    matched = {_axis_match(fig, i["key"]) for i in items}
    return len(items) == 2 and (matched == {"x", "y"} or (len(matched) == 2 and "" in matched))


def _keyed_points(fig: _Figure, line_no: int, raw: str, key: str, text: str, parent: dict | None,
                  block: str) -> bool:
    """A bold key with values: '**Series A:** (1, 0.5), (2, 0.7)' (points of series A);
    '**Category A:** Model X: 45.2, Model Y: 50.1' (bars of category A, or points of series A at
    x = 'Epoch 10' keys; '**0 cycles:** cotton 100%, lyocell 100%': the key states x, each item is
    a series' point there); '**Category:** 45.2%' (one bar); '**Model:** FLOPs: 4, Accuracy: 81.5'
    (one point whose keys name the axes, or, on a scatter plot with no axis label, x then y)."""
    name, colour = _trailing_colour(key)
    body, label = _extract_label(text)
    if _pairs_points(fig, line_no, raw, body, name, colour):
        return True
    if fig.chart_type != "bar" and _at_x_points(fig, line_no, raw, body, _series_name(name), colour):
        return True
    items = _kv_items(body)
    matched = {_axis_match(fig, i["key"]) for i in items}
    unnamed = (fig.chart_type == "scatter" and not fig.axis["x"]["label"] and not fig.axis["y"]["label"]
               and matched == {""})
    if len(items) == 2 and (unnamed or _names_axes(fig, items) and fig.chart_type != "bar"):
        # the keys name the axes; on a scatter plot whose axes are only told in prose, the
        # first key is x and the second y ('**Atlas-7B** – Parameters: 7B, MMLU: 48.9%'); when
        # one key names an axis, the other is the other axis ('Body mass ≈ 4 kg, BMR ≈ 10 W')
        ix = next((i for i in items if _axis_match(fig, i["key"]) == "x"), None)
        iy = next((i for i in items if _axis_match(fig, i["key"]) == "y"), None)
        ix = ix or next((i for i in items if i is not iy), items[0])
        iy = iy or next((i for i in items if i is not ix), items[1])
        _add_point(fig, line_no, raw, ix["num"], iy["num"], series=parent["name"] if parent else "",
                   label=_strip_quotes(name), color=colour, group=parent["name"] if parent else "",
                   x_unit=ix["unit"], y_unit=iy["unit"])
        return True
    x = _x_from_key(fig, name) if items and fig.chart_type != "bar" else ""
    if x and all(not _x_from_key(fig, i["key"]) for i in items):
        # '**0 cycles:** cotton 100%, polyester 100%': the key states x, each item a series there
        for item in items:
            _add_point(fig, line_no, raw, x, item["num"], series=item["key"], group=item["key"],
                       y_unit=item["unit"], label=item["label"])
        return True
    if items:
        for item in items:
            _value_point(fig, line_no, raw, item["key"], item["num"], item["unit"], parent=name,
                         parent_colour=colour, label=item["label"])
        return True
    lone = _KV_SPACE.match(_strip_bold(body).strip()) if fig.chart_type != "bar" else None
    if lone and lone.group("paren") and len(lone.group("paren").split()) >= 3 and not _NUM_RE.search(
            lone.group("paren")) and not lone.group("rest").strip() and _plain_name(lone.group("key")) and (
            x := _x_from_key(fig, name)):
        # '**2020:** observed ~1,010 (no forecast marker is shown)': one series' point at the key's
        # x, the others' missing, said in words
        series_name = lone.group("key").strip()
        _add_point(fig, line_no, raw, x, lone.group("num"), series=series_name, group=series_name)
        return True
    single = _single_value(body)
    if single:
        up = parent["name"] if parent else block
        _value_point(fig, line_no, raw, key, single[0], single[1], parent=up, label=label)
        return True
    if (not _pair_in(body) and not _RANGE_PHRASE.search(body) and len(_numbers(body)) == 2
            and not _CLAIM_WORDS.search(_UNIT_WORDS.sub("", body)) and not _REPRESENTS.search(body)):
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


#: What may stand around a lone '(x, y)' bullet: an approximation word before, punctuation after.
_BARE_HEAD = re.compile(r"\s*(?:(?:approx(?:imately|\.)?|about|around|roughly|~|≈)\s*)?", re.I)
_BARE_TAIL = re.compile(r"\s*[.,;]?\s*")


def _bullet_points(fig: _Figure, line_no: int, raw: str, content: str, parent: dict | None, block: str) -> bool:
    """Points of a plain bullet, tried in this order: several pairs ('(1, 2), (3, 4)', with an
    optional 'Series:' before them); a list of 'key: value' items ('Size 8: ~66%, Size 16: ~73%',
    '2018: 12, 2019: 15', 'Model X: 45.2'); 'x -> y' items ('Ours (red): depth 4 → accuracy
    90.1; depth 6 → accuracy 92.3'); a bare value under a parent ('* 45.2%'); a parent's
    point sentence ('At approximately 8 MB, the score is around 82.2'); a named point ('Name:
    (x, y)', 'Name at (x, y)', 'Name — x: 4, y: 81.5', 'Name: 4 FLOPs, 81.5% accuracy'); on a bar
    chart, a name with commas or numbers of its own before the last colon and one value after it
    ('Beam search, width 4: ≈ 52.0 ms'). A bullet with a number that yields nothing gets an
    "unread_point" note (unless it is a claim)."""
    pname = parent["name"] if parent else ""
    pcolour = parent["colour"] if parent else ""
    text, label = _extract_label(_strip_bold(content))
    text = _PAREN_ERROR_BAR.sub("", text)  # '~94 dB(A) (error bar about ±2.5)': the error bar is no value
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
    if len(pairs) == 1 and _BARE_HEAD.fullmatch(text[: pairs[0].start()]) and _BARE_TAIL.fullmatch(
            text[pairs[0].end():]):
        # '* (25, 21.7)' or '* ~(25, 21.7).' under 'Approximate data points:': a point of the parent
        m = pairs[0]
        _add_point(fig, line_no, raw, m.group(1), m.group(3), series=pname, color=pcolour, group=pname,
                   label=label, x_unit=_slot_unit(m.group(2)), y_unit=_slot_unit(m.group(4)))
        return True
    if fig.chart_type != "bar":
        hm0 = re.match(r"^([^:]{1,60}?)\s*:\s+(.*)$", text)
        head0, body0 = (hm0.group(1), hm0.group(2)) if hm0 and not _NUM_RE.search(hm0.group(1)) else ("", text)
        series0, colour0 = _trailing_colour(_strip_bold(head0)) if head0 else (pname, pcolour)
        if _arrow_points(fig, line_no, raw, body0, series0 or pname, colour0 or pcolour):
            return True
        if _at_x_points(fig, line_no, raw, body0, _series_name(head0) if head0 else pname, pcolour):
            return True
    if _x_keyed_series(fig, line_no, raw, text):
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
            len(_kv_items(hm.group(2))) >= 2 or _x_from_key(fig, _kv_items(hm.group(2))[0]["key"])) and not (
            fig.chart_type != "bar" and _names_axes(fig, _kv_items(hm.group(2)))):
        # 'Model B: Epoch 1: ~2.3, Epoch 5: 1.5' -> series Model B; 'Cat A: X: 45.2, Y: 50.1' -> bars of Cat A
        series, colour = _trailing_colour(_strip_quotes(hm.group(1).strip()))
        for item in _kv_items(hm.group(2)):
            _value_point(fig, line_no, raw, item["key"], item["num"], item["unit"], parent=series,
                         parent_colour=colour, label=item["label"])
        return True
    if items and not (len(items) == 1 and _pair_in(text)):
        if (xy := _xy_items(fig, items)) is not None:
            ix, iy = xy
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
    if re.match(r"^(?:at|for|in|after|with|when|by|on|from|using|given)\s", text, re.I) and len(
            _numbers(text)) >= 2 and not _COMPARISON.search(text):
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
    pairs, a sentence starting with 'At <x>, ... <y>', points told in prose on an x/y chart
    (:mod:`.prosepoints`), or, on a bar chart, bars told in prose
    (:mod:`.prosebars`), or sentences that each name one bar in quotes and give one value
    ('The first bar, labeled "A", has a value of about 25. The second bar, "B", is around
    40.'); a line that is one 'x -> y' item starting with its x ('2 prompts → 58.0', a deck's
    fragment). Other prose is commentary."""
    text = content.strip()
    if fig.chart_type != "bar" and re.match(r"^[-+−]?\.?\d", text) and re.search(r"→|->|⟶", text) and len(
            _numbers(text)) == 2 and _arrow_points(fig, line_no, raw, text, parent["name"] if parent else "",
                                                   parent["colour"] if parent else ""):
        return True
    km = _BOLD_KEY.match(text)
    if km and not _HEADING_LIKE_KEY.match(km.group(1).rstrip(":")):
        key = km.group(1).strip().rstrip(":").strip()
        if fig.chart_type == "bar" and (bars := prose_bars(km.group(3))):
            # '**Java** — A is near 64% while B reaches about 81%.': the key is the bars' category
            for name, num, unit in bars:
                _value_point(fig, line_no, raw, name, num, unit, parent=key)
            return True
        if _keyed_points(fig, line_no, raw, key, km.group(3).strip(), parent, block):
            return True
        return _named_point(fig, line_no, raw, key, km.group(3).strip(), parent)
    body, label = _extract_label(text)
    if len(list(_PAIR.finditer(body))) >= 2 or _kv_items(body):
        return _bullet_points(fig, line_no, raw, text, parent, block)
    if fig.chart_type == "bar" and _quoted_bars(fig, line_no, raw, text, parent):
        return True
    if fig.chart_type != "bar" and (found := prose_points(body)):
        # 'starts at 0.18 in 2015, rises to 0.27 in 2016 ...', '1 (18.4), 2 (26.9)', '... respectively'
        pname = parent["name"] if parent else ""
        for x, y in found:
            _add_point(fig, line_no, raw, x, y, series=pname, group=pname, color=parent["colour"] if parent else "")
        return True
    if fig.chart_type == "bar" and (bars := prose_bars(body)):
        # 'From left to right, the bars represent A, B and C, with values of 21.4, 52.7 and 13.9
        # ms respectively.' / 'A at about 0.61, B at around 0.68' (see charts.prosebars)
        pname = parent["name"] if parent else ""
        for name, num, unit in bars:
            _value_point(fig, line_no, raw, name, num, unit, parent=pname,
                         parent_colour=parent["colour"] if parent else "")
        return True
    if fig.chart_type == "bar" and (bar := _sentence_bar_in_run(fig, line_no, body)):
        # 'TGI reaches roughly 1180 tokens/s.' on a line beside another such sentence
        _value_point(fig, line_no, raw, bar[0], bar[1], bar[2], parent=parent["name"] if parent else "")
        return True
    if re.match(r"^at\s", body, re.I) and len(_numbers(body)) >= 2 and not _COMPARISON.search(body):
        coords = _coordinates(body, fig)  # (a comparison, 'At 6 layers A is 1.4 points above B', is no point)
        if coords:
            x, y, xu, yu, _ = coords
            pname = parent["name"] if parent else ""
            _add_point(fig, line_no, raw, x, y, series=pname, label=label, color=parent["colour"] if parent else "",
                       group=pname, x_unit=xu, y_unit=yu)
            return True
    return False


#: Words of a comparison between two values: 'At k = 100 the gap is about 8.4 points' is no point.
_COMPARISON = re.compile(r"\b(?:than|gap|difference|margin|ahead|behind|lead|improvement|drop|faster|slower)\b",
                         re.I)
_QUOTED = re.compile(r"[\"“”'‘’]([^\"“”'‘’]{1,40})[\"“”'‘’]")


def _quoted_bars(fig: _Figure, line_no: int, raw: str, text: str, parent: dict | None) -> bool:
    """Bars told in sentences that quote each bar's name and give its value after it ('The first
    bar, labeled "A", has a value of about 25. The third bar, "C", reaches 55, and the last bar,
    "D", is the tallest at 70.'): each quoted name takes the one number printed between it and
    the next quoted name (ordinal words are not numbers). Any quoted name without exactly one
    number, or a comparison ('than'), makes the line commentary."""
    found = []
    for sentence in split_sentences(text):
        names = list(_QUOTED.finditer(sentence))
        if not names:
            continue
        if re.search(r"\bthan\b", sentence, re.I) or _numbers(sentence[: names[0].start()]):
            return False
        for i, m in enumerate(names):
            end = names[i + 1].start() if i + 1 < len(names) else len(sentence)
            nums = _numbers(sentence[m.end(): end])
            if len(nums) != 1:
                return False
            found.append((m.group(1).strip(), nums[0][0], nums[0][1]))
    if len(found) < 2:
        return False
    pname = parent["name"] if parent else ""
    for name, num, unit in found:
        _value_point(fig, line_no, raw, name, num, unit if unit.lower() not in ("and", "or") else "",
                     parent=pname, parent_colour=parent["colour"] if parent else "")
    return True
