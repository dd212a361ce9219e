"""Plausibility of single records (per row, with file and line): numbers that parse, scores
within 0-100, positive sizes and speedups, a value inside its printed interval, unique keys. The pandera models in
paperfig.schemas validate the combined tables; these are the cheap per-document findings."""

from __future__ import annotations

import re
from collections import Counter

from .common import finding, name_key, num, truthy

_SCORE_AXIS = re.compile(r"score|accuracy|\bacc\b|glue|f1|performance|eval", re.IGNORECASE)
_POSITIVE_AXIS = re.compile(r"size|param|flop|memory|latency|\bmb\b|\bgb\b|billion|million", re.IGNORECASE)
#: Columns that hold attributes of a model or setting rather than a score.
ATTRIBUTE_COLUMN = re.compile(
    r"dim|vocab|size|token|param|flop|latency|memory|speed|time|ratio|factor|#|gpu|cpu|phone|sec|"
    r"\bmb\b|\bgb\b|reduction|layers?\b|heads?\b|examples|batch",
    re.IGNORECASE,
)
POSITIVE_UNITS = {"x", "X", "M", "B", "k", "K", "G", "MB", "GB"}


def check_points(doc: dict, settings: dict) -> list[dict]:
    out = []
    axes = {a.get("figure_id"): a for a in doc.get("axes", [])}
    for p in doc.get("points", []):
        axis = axes.get(p.get("figure_id"), {})
        for coord in ("x", "y"):
            text = str(p.get(coord, "")).strip()
            where = (doc["source_file"], p.get("line_no"), p.get("figure_id"))
            name = p.get("label") or p.get("series") or "point"
            if not text and coord == "x" and p.get("category"):
                continue  # a bar: its position is its category, there is no x
            if not text:
                out.append(finding("plausibility", "warning", *where,
                                   f"{name}: no {coord} coordinate", observed="", cells=[(p.get("line_no"), "points", coord)]))
                continue
            value = num(text)
            if value is None:
                out.append(finding("plausibility", "error", *where,
                                   f"{name}: {coord} {text!r} is not a number", observed=text,
                                   cells=[(p.get("line_no"), "points", coord)]))
                continue
            label = f"{axis.get(coord + '_label', '')} {axis.get(coord + '_unit', '')}"
            if _SCORE_AXIS.search(label) and not _POSITIVE_AXIS.search(label) and not 0 <= value <= 100:
                out.append(finding("plausibility", "warning", *where,
                                   f"{name}: {coord} = {text} outside 0-100 for a score axis",
                                   expected="0-100", observed=text, cells=[(p.get("line_no"), "points", coord)]))
            elif _POSITIVE_AXIS.search(label) and value <= 0:
                out.append(finding("plausibility", "warning", *where,
                                   f"{name}: {coord} = {text} is not positive on a size axis",
                                   expected="> 0", observed=text, cells=[(p.get("line_no"), "points", coord)]))
    keys = Counter((p.get("figure_id"), p.get("line_no"), p.get("series"), p.get("label"), p.get("category"),
                    p.get("x"), p.get("y"))
                   for p in doc.get("points", []))
    for key, count in keys.items():
        if count > 1:
            out.append(finding("unique_key", "error", doc["source_file"], key[1], key[0],
                               f"the same point is recorded {count} times for one line",
                               expected="1", observed=str(count)))
    return out


def check_axes(doc: dict, settings: dict) -> list[dict]:
    out = []
    ids = Counter(a.get("figure_id") for a in doc.get("axes", []))
    for fid, count in ids.items():
        if count > 1:
            out.append(finding("unique_key", "error", doc["source_file"], "", fid,
                               f"figure id {fid} is used by {count} axes records"))
    for a in doc.get("axes", []):
        for coord in ("x", "y"):
            lo, hi = num(a.get(f"{coord}_min")), num(a.get(f"{coord}_max"))
            if lo is not None and hi is not None and lo >= hi:
                out.append(finding("plausibility", "warning", doc["source_file"], a.get("line_no", ""),
                                   a.get("figure_id"), f"{coord} range {lo} to {hi} is empty or reversed",
                                   expected=f"{coord}_min < {coord}_max", observed=f"{lo} .. {hi}"))
    return out


def _score_columns(values: list[dict]) -> set[tuple]:
    """(table_id, column) whose values are scores: not an attribute column, no size unit, and
    mostly within 0-100 (so a stray 850 among 84s stands out)."""
    by_column: dict[tuple, list] = {}
    for row in values:
        if row.get("part") in ("missing", "delta") or truthy(row.get("carried")):
            continue
        value = num(row.get("value"))
        if value is None:
            continue
        by_column.setdefault((row.get("table_id"), row.get("column")), []).append((value, row.get("unit") or ""))
    out = set()
    for key, items in by_column.items():
        if ATTRIBUTE_COLUMN.search(str(key[1])) or any(unit not in ("", "%") for _, unit in items):
            continue
        inside = sum(1 for v, _ in items if 0 <= v <= 100)
        if len(items) >= 3 and inside >= 0.75 * len(items):
            out.add(key)
    return out


def check_table_values(doc: dict, settings: dict) -> list[dict]:
    out = []
    values = doc.get("table_values", [])
    scores = _score_columns(values)
    for row in values:
        part = row.get("part")
        if part == "missing" or truthy(row.get("carried")):
            continue
        where = (doc["source_file"], row.get("line_no"), row.get("table_id"))
        cell = [(row.get("line_no"), "table_values", row.get("column"))]
        label = f"{row.get('row_label', '')} / {row.get('column', '')}"
        value = num(row.get("value"))
        if value is None:
            out.append(finding("plausibility", "error", *where,
                               f"{label}: value {row.get('value')!r} (cell {row.get('raw_cell')!r}) is not a number",
                               observed=row.get("value"), cells=cell))
            continue
        if part == "delta":
            continue
        unit = row.get("unit") or ""
        if (row.get("table_id"), row.get("column")) in scores and not 0 <= value <= 100:
            out.append(finding("plausibility", "warning", *where,
                               f"{label}: {row.get('value')} is outside 0-100, unlike the rest of this score column",
                               expected="0-100", observed=row.get("value"), cells=cell))
        elif unit == "%" and not 0 <= value <= 100:
            out.append(finding("plausibility", "warning", *where, f"{label}: {row.get('value')}% is outside 0-100%",
                               expected="0-100", observed=row.get("value"), cells=cell))
        elif unit in POSITIVE_UNITS and value <= 0:
            out.append(finding("plausibility", "warning", *where,
                               f"{label}: {row.get('value')}{unit} must be positive", expected="> 0",
                               observed=row.get("value"), cells=cell))
    def key_of(r):  # a table printed in two halves may repeat a cell on another line
        return (r.get("table_id"), r.get("row_idx"), r.get("column"), r.get("part"), r.get("part_name", ""), r.get("line_no"))

    keys = Counter(key_of(r) for r in values)
    first_line = {key_of(r): r.get("line_no") for r in values}
    for key, count in keys.items():
        if count > 1:
            out.append(finding("unique_key", "error", doc["source_file"], first_line[key], key[0],
                               f"row {key[1]}, column {key[2]!r}, part {key[3]!r} is recorded {count} times",
                               expected="1", observed=str(count)))
    ids = Counter(t.get("table_id") for t in doc.get("table_summary", []))
    for tid, count in ids.items():
        if count > 1:
            out.append(finding("unique_key", "error", doc["source_file"], "", tid,
                               f"table id {tid} is used by {count} tables records"))
    return out


_RATIO = re.compile(r"^\s*1\s*/\s*(\d+(?:\.\d+)?)\s*$")


def ratio_factor(text) -> float | None:
    """'1/6' -> 6.0; a plain number is taken as the factor itself."""
    text = str(text or "").strip()
    m = _RATIO.match(text)
    if m:
        return float(m.group(1))
    value = num(text.rstrip("xX"))
    return float(value) if value is not None else None


def check_annotations(doc: dict, settings: dict) -> list[dict]:
    out = []
    for a in doc.get("annotations", []):
        if a.get("kind") != "compression":
            continue
        where = (doc["source_file"], a.get("line_no"), a.get("paper") or a.get("section") or "")
        for field in ("before", "after"):
            text = str(a.get(field, "")).strip()
            value = num(text)
            if text and value is None:
                out.append(finding("plausibility", "error", *where,
                                   f"annotation {a.get('text', '')!r}: {field} {text!r} is not a number",
                                   observed=text, cells=[(a.get("line_no"), "annotations", field)]))
            elif value is not None and not 0 <= value <= 100:
                out.append(finding("plausibility", "warning", *where,
                                   f"annotation {a.get('text', '')!r}: {field} {text} outside 0-100",
                                   expected="0-100", observed=text, cells=[(a.get("line_no"), "annotations", field)]))
        factor = ratio_factor(a.get("ratio"))
        if str(a.get("ratio", "")).strip() and (factor is None or factor <= 0):
            out.append(finding("plausibility", "warning", *where,
                               f"annotation {a.get('text', '')!r}: ratio {a.get('ratio')!r} is not a positive ratio",
                               observed=a.get("ratio"), cells=[(a.get("line_no"), "annotations", "ratio")]))
    return out


def check_intervals(doc: dict, settings: dict) -> list[dict]:
    """A cell printed with its interval (``1.38 [1.19, 1.60]``): low <= value <= high. A column of
    bare ranges every one printed high to low (calibrated ages before present, oldest first:
    ``285–140``) prints them so by convention: no cell of it is reversed."""
    cells: dict[tuple, dict] = {}
    for row in doc.get("table_values", []):
        if row.get("part") in ("value", "low", "high") and not truthy(row.get("carried")):
            key = (row.get("table_id"), row.get("row_idx"), row.get("column"), row.get("line_no"))
            cells.setdefault(key, {})[row["part"]] = row
    downward: dict[tuple, list] = {}  # (table, column) -> reversed or not, for each of its bare ranges
    for (table_id, _, column, _), parts in cells.items():
        if "value" not in parts and {"low", "high"} <= set(parts):
            low, high = num(parts["low"].get("value")), num(parts["high"].get("value"))
            if low is not None and high is not None:
                downward.setdefault((table_id, column), []).append(low > high)
    out = []
    for (table_id, _, column, line_no), parts in cells.items():
        numbers = {part: num(row.get("value")) for part, row in parts.items()}
        low, high, value = numbers.get("low"), numbers.get("high"), numbers.get("value")
        if low is None or high is None:
            continue
        if value is None and len(flags := downward.get((table_id, column), [])) >= 2 and all(flags):
            continue
        row = parts["low"]
        shown = f"[{row.get('value')}, {parts['high'].get('value')}]"
        if low > high or (value is not None and not low <= value <= high):
            what = f"{value} lies outside its interval {shown}" if low <= high else f"the interval {shown} is reversed"
            out.append(finding("plausibility", "warning", doc["source_file"], line_no, table_id,
                               f"{row.get('row_label', '')} / {column}: {what} "
                               f"(cell {row.get('raw_cell')!r})",
                               expected="low <= value <= high", observed=row.get("raw_cell"),
                               cells=[(line_no, "table_values", column)]))
    return out


def run(doc: dict, settings: dict) -> list[dict]:
    return (check_points(doc, settings) + check_axes(doc, settings) + check_table_values(doc, settings)
            + check_intervals(doc, settings) + check_annotations(doc, settings))


__all__ = ["run", "check_points", "check_axes", "check_table_values", "check_intervals", "check_annotations",
           "name_key"]
