"""Finishing one figure once all its lines are read: chart type, units, scales, records.

* the chart type is settled by the form of the points (``_settle_chart_type``): bars keep no
  numeric x, an x/y chart keeps no value without x (it becomes an "unread_point" note);
* an axis with no stated unit takes the unit most of its points print;
* scales: a stated scale word wins ("logarithmic", "linear", powers of ten printed); else a
  stated range, or the points' span, that is all positive and spans 10x or more is log; a line
  chart's x with no range is linear; bars: a category x and a value y read from zero unless
  it is called logarithmic;
* records: the contract's axes, points, legend (a legend of years or dates is a 'date' legend),
  arrows, mentions, claims and parse notes. A figure with no point is an error naming its
  heading line and the point styles understood.
"""

from __future__ import annotations

import logging
import re
from decimal import Decimal
from typing import TYPE_CHECKING

from .. import contract
from ..errors import DocumentError
from ..numbers import decimal_text
from .claims import _select_claims
from .points import POINT_STYLES, _unread
from .shapes import _num_value

if TYPE_CHECKING:
    from .figure import _Figure


log = logging.getLogger("paperfig")

_DATE_ENTRY = re.compile(r"^(?:19|20)\d\d(?:[-/.](?:0?[1-9]|1[0-2])(?:[-/.]\d\d?)?)?$")


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
    invented position; except on a line chart whose every point is named and none placed
    (``**Jan 2023:** ~0.42M``, ``Q3: 41.2``): a line over categories, in the printed order.
    With no stated chart type, the form decides: only values without x
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
    if fig.chart_type == "line" and fig.points and all(p["x"] == "" and p["category"] for p in fig.points):
        return  # a line over named positions (months, quarters, stages): its x axis is categories
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
    elif all(p["x"] == "" for p in fig.points):  # a line over categories (see _settle_chart_type)
        x_scale, x_reason = "category", "category: the points are named (months, stages), not placed"
        y_scale, y_reason = _scale(fig.axis["y"], [_num_value(p["y"]) for p in fig.points], fig.axis["y"]["unit"])
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
