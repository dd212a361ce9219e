"""Title, legend, arrows and mentions of a chart description.

* a title that says there is none ("None", "Not present", "N/A") is no title;
* legend: ``* **Legend:** Located in the <position>...`` followed by ``* Entry (Colour)`` bullets,
  a "### Legend" section, or lines such as ``2021: Yellow`` / ``Orange line: Baseline`` (legend,
  never points);
* arrows: ``* **Annotations:** ... arrows labeled "Text" (pointing left) ...``;
* mentions: ``* **Models Labeled:** a, b, c`` or ``* **Models:** ...:`` followed by bullets.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .shapes import (
    _NUM_RE,
    _bare_colour,
    _split_outside_parens,
    _strip_bold,
    _strip_quotes,
    _trailing_colour,
    is_colour,
)

if TYPE_CHECKING:
    from .figure import _Figure


# ----------------------------------------------------------------------------------------
# Title

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


# ----------------------------------------------------------------------------------------
# Legend


def _legend_key_text(fig: _Figure, line_no: int, raw: str, text: str) -> None:
    """'Legend: Located at the top right: A (Blue), B (Red)' -> position and inline entries."""
    head, _, tail = text.partition(":") if ":" in text else (text, "", "")
    fig.legend_position = _legend_position(head)
    for item in _split_outside_parens(tail or ("" if _legend_position(text) != "best" else text), ",;"):
        item = item.strip().rstrip(".")
        if item and _legend_item(item)[1]:
            _legend_entry(fig, line_no, raw, item)


_POSITION_WORDS = re.compile(r"\b(top|upper|bottom|lower|middle|center|centre|central|left|right)\b", re.I)


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


def _legend_names(fig: _Figure) -> set[str]:
    return {e["entry"].casefold() for e in fig.legend}


# ----------------------------------------------------------------------------------------
# Arrows and mentions

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
