"""Figure checks: points against the stated axis ranges, legend against points, the model
list against the points, duplicate points.

Only a range the description states (``x_min``/``x_max``, ``y_min``/``y_max`` of axes.csv) is
a range: printed tick labels (``x_ticks``/``y_ticks``) are not, so a point beyond the last tick
is never reported as outside the axis. A bar (``category`` set, ``x`` empty) is checked on its
value only."""

from __future__ import annotations

import re
from collections import defaultdict

from .common import finding, fmt, name_key, num

#: A parameter count in a model name: "Falcon-40B", "Qwen1.5-1.8B-Chat", "T5-770M".
_NAME_SIZE = re.compile(r"(?<![0-9A-Za-z.])(\d+(?:\.\d+)?)\s*([BM])(?![A-Za-z0-9])")
_BILLION_AXIS = re.compile(r"billion|\(b\)|\bb\b", re.IGNORECASE)
_MILLION_AXIS = re.compile(r"million|\(m\)|\bm\b", re.IGNORECASE)
_PARAM_AXIS = re.compile(r"param|size|model", re.IGNORECASE)


def _by_figure(rows: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        out[row.get("figure_id", "")].append(row)
    return out


def point_name(p: dict) -> str:
    label, series, category = p.get("label") or "", p.get("series") or "", p.get("category") or ""
    if category:
        return f"{category} / {series}" if series else category
    if label and series and name_key(series) not in name_key(label):
        return f"{series} {label}"
    return label or series or f"point at ({p.get('x')}, {p.get('y')})"


def _stated_range(axis: dict, coord: str) -> tuple:
    """(min, max) the description states for an axis; never its tick labels, never for the
    category axis of a bar chart."""
    if coord == "x" and (axis.get("chart_type") == "bar" or axis.get("x_scale") == "category"):
        return None, None
    return num(axis.get(f"{coord}_min")), num(axis.get(f"{coord}_max"))


def _name_size(label: str, axis: dict) -> float | None:
    """The parameter count a label's name states, in the x axis unit (billion or million)."""
    axis_text = f"{axis.get('x_label', '')} {axis.get('x_unit', '')}"
    if not _PARAM_AXIS.search(axis_text):
        return None
    matches = _NAME_SIZE.findall(label or "")
    if len(matches) != 1:
        return None
    number, suffix = float(matches[0][0]), matches[0][1]
    if _BILLION_AXIS.search(axis_text):
        return number if suffix == "B" else number / 1000
    if _MILLION_AXIS.search(axis_text):
        return number * 1000 if suffix == "B" else number
    return None


def check_axis_ranges(doc: dict, settings: dict) -> list[dict]:
    out = []
    tol_frac = float(settings.get("range_tolerance", 0.05))
    name_tol = float(settings.get("name_size_tolerance", 0.15))
    axes = {a.get("figure_id"): a for a in doc.get("axes", [])}
    for p in doc.get("points", []):
        axis = axes.get(p.get("figure_id"))
        if not axis:
            continue
        name = point_name(p)
        pinned_x_max = False
        for coord in ("x", "y"):
            value = num(p.get(coord))
            lo, hi = _stated_range(axis, coord)
            if value is None or (lo is None and hi is None):
                continue
            stated = f"{fmt(lo) if lo is not None else '?'} to {fmt(hi) if hi is not None else '?'}"
            log = str(axis.get(f"{coord}_scale", "")).lower() == "log"
            if lo is not None and hi is not None and not log:
                slack = tol_frac * float(hi - lo)
                low_limit, high_limit = float(lo) - slack, float(hi) + slack
            else:
                low_limit = float(lo) * (1 - tol_frac) if lo is not None else None
                high_limit = float(hi) * (1 + tol_frac) if hi is not None else None
            cells = [(p.get("line_no"), "points", coord)]
            where = (doc["source_file"], p.get("line_no"), p.get("figure_id"))
            if (low_limit is not None and float(value) < low_limit) or (high_limit is not None and float(value) > high_limit):
                out.append(finding(
                    "axis_range", "warning", *where,
                    f"{name}: {coord} = {fmt(value)} lies outside the stated {coord} range {stated} "
                    f"(tolerance {tol_frac:.0%} of the range)",
                    expected=stated, observed=fmt(value), cells=cells))
            elif value == hi or value == lo:
                which = "maximum" if value == hi else "minimum"
                pinned_x_max = pinned_x_max or (coord == "x" and value == hi)
                out.append(finding(
                    "axis_pinned", "info", *where,
                    f"{name}: {coord} = {fmt(value)} sits exactly at the stated {coord} {which}; "
                    f"the point may be clipped to the axis (its true value may lie beyond)",
                    expected=stated, observed=fmt(value), cells=cells))
        stated_size = _name_size(p.get("label") or p.get("series") or "", axis)
        x = num(p.get("x"))
        if stated_size and x is not None and abs(float(x) - stated_size) > name_tol * stated_size:
            severity = "info" if pinned_x_max else "warning"
            why = (" - consistent with a point clipped at the axis maximum" if pinned_x_max
                   else "; the name or the position is wrong, or the axis counts a different size")
            out.append(finding(
                "name_size", severity, doc["source_file"], p.get("line_no"), p.get("figure_id"),
                f"{name}: the name states {stated_size:g} but the point is drawn at x = {fmt(x)}{why}",
                expected=f"{stated_size:g}", observed=fmt(x), cells=[(p.get("line_no"), "points", "x")]))
    return out


def check_legend(doc: dict, settings: dict) -> list[dict]:
    out = []
    points = _by_figure(doc.get("points", []))
    for fid, entries in _by_figure(doc.get("legend", [])).items():
        pts = points.get(fid, [])
        if not pts or not entries:
            continue
        kind = entries[0].get("kind") or "series"
        def lookup(text: str):
            exact = [e for e in entries if str(e.get("entry", "")).strip().casefold() == text.strip().casefold()]
            if exact:
                return exact[0]
            loose = [e for e in entries if name_key(e.get("entry")) == name_key(text)]
            return loose[0] if len(loose) == 1 else None

        by_color = defaultdict(list)
        for e in entries:
            if e.get("color"):
                by_color[name_key(e["color"])].append(e)
        field = "group" if kind == "date" else "series"
        used = set()
        for p in pts:
            key = name_key(p.get(field) or "")
            color = name_key(p.get("color") or "")
            entry = lookup(p.get(field) or "") if key else None
            if entry is None and not key and color in by_color and len(by_color[color]) == 1:
                entry = by_color[color][0]
            where = (doc["source_file"], p.get("line_no"), fid)
            if entry is None:
                shown = p.get(field) or p.get("color") or ""
                if shown:
                    out.append(finding(
                        "legend", "warning", *where,
                        f"{point_name(p)}: {field if p.get(field) else 'colour'} {shown!r} is not in the legend "
                        f"({', '.join(e.get('entry', '') for e in entries)})",
                        expected="an entry of the legend", observed=shown))
                continue
            used.add(id(entry))
            if color and entry.get("color") and color != name_key(entry["color"]):
                out.append(finding(
                    "legend", "warning", *where,
                    f"{point_name(p)}: drawn {p.get('color')} but the legend gives {entry.get('entry')} "
                    f"as {entry.get('color')}", expected=entry.get("color"), observed=p.get("color")))
        for e in entries:
            if id(e) not in used:
                severity = "info" if kind == "date" else "warning"
                why = (" (a date scale may show dates no model has)" if kind == "date" else "")
                out.append(finding(
                    "legend", severity, doc["source_file"], e.get("line_no"), fid,
                    f"legend entry {e.get('entry')!r} is used by no point{why}",
                    expected="at least one point", observed="0"))
    return out


def check_mentions(doc: dict, settings: dict) -> list[dict]:
    out = []
    points = _by_figure(doc.get("points", []))
    for fid, mentions in _by_figure(doc.get("mentions", [])).items():
        pts = points.get(fid, [])
        if not pts:
            continue
        names = [p.get("label") or p.get("category") or p.get("series") or "" for p in pts]
        point_keys = {name_key(n): n for n in names if n}
        mention_keys = {name_key(m.get("name")): m for m in mentions if m.get("name")}
        where_fig = (doc["source_file"], mentions[0].get("line_no"), fid)
        for key, m in mention_keys.items():
            if key not in point_keys:
                out.append(finding(
                    "mentions", "warning", doc["source_file"], m.get("line_no"), fid,
                    f"{m.get('name')!r} is listed by the description but no point carries that name",
                    expected="a point named so", observed="none"))
        for key, n in point_keys.items():
            if key not in mention_keys:
                p = next(p for p in pts if name_key(p.get("label") or p.get("category") or p.get("series") or "") == key)
                out.append(finding(
                    "mentions", "warning", doc["source_file"], p.get("line_no"), fid,
                    f"point {n!r} is not in the description's list of models",
                    expected="listed", observed="missing"))
        n_points_named = sum(1 for n in names if n)
        if len(mentions) != n_points_named and set(mention_keys) == set(point_keys):
            out.append(finding(
                "mentions", "warning", *where_fig,
                f"the list names {len(mentions)} models but {n_points_named} named points are described",
                expected=str(len(mentions)), observed=str(n_points_named)))
    return out


def check_duplicates(doc: dict, settings: dict) -> list[dict]:
    out = []
    for fid, pts in _by_figure(doc.get("points", [])).items():
        seen: dict[tuple, dict] = {}
        by_label: dict[str, list[dict]] = defaultdict(list)
        for p in pts:
            key = (name_key(p.get("series") or ""), name_key(p.get("label") or ""), name_key(p.get("category") or ""),
                   str(num(p.get("x"))), str(num(p.get("y"))))
            if key in seen:
                first = seen[key]
                out.append(finding(
                    "duplicate_point", "warning", doc["source_file"], p.get("line_no"), fid,
                    f"{point_name(p)} at ({p.get('x')}, {p.get('y')}) repeats the point of line {first.get('line_no')}",
                    expected="one point", observed="2 identical points",
                    cells=[(p.get("line_no"), "points", "x"), (p.get("line_no"), "points", "y")]))
            else:
                seen[key] = p
            if p.get("label"):
                by_label[name_key((p.get("series") or "") + "|" + (p.get("category") or "") + "|" + p["label"])].append(p)
        for group in by_label.values():
            coords = {(str(num(p.get("x"))), str(num(p.get("y")))) for p in group}
            if len(coords) > 1:
                first = group[0]
                for p in group[1:]:
                    if (str(num(p.get("x"))), str(num(p.get("y")))) == (str(num(first.get("x"))), str(num(first.get("y")))):
                        continue
                    out.append(finding(
                        "duplicate_point", "warning", doc["source_file"], p.get("line_no"), fid,
                        f"{point_name(p)} is listed twice with different coordinates: "
                        f"({first.get('x')}, {first.get('y')}) on line {first.get('line_no')} and "
                        f"({p.get('x')}, {p.get('y')}) here",
                        expected=f"({first.get('x')}, {first.get('y')})", observed=f"({p.get('x')}, {p.get('y')})",
                        cells=[(p.get("line_no"), "points", "x"), (p.get("line_no"), "points", "y")]))
    return out


def run(doc: dict, settings: dict) -> list[dict]:
    return (check_axis_ranges(doc, settings) + check_legend(doc, settings) + check_mentions(doc, settings)
            + check_duplicates(doc, settings))
