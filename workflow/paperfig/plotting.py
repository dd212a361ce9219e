"""Faithful re-drawing of a described chart, with a round-trip check of the plotted points.

``render_figure`` draws one figure of a parsed (or checked) chart document with matplotlib's
object API and the shared style ``paperfig.mplstyle``, as the kind of chart it describes:
scatter plots as scatter plots, line charts as lines joined in x order per series (markers
on), bar charts as bars (grouped side by side per category, horizontal when described so,
long category labels rotated). It keeps the stated axis ranges and scales, the legend in the
described order, colours and position, point labels beside their points (``place_labels``;
adjustText only for labels that find no free place), and the described arrows. Before
anything is written, the data is read back from the drawing (scatter offsets, line vertices,
bar heights at their category ticks) and compared with the figure's points
(``roundtrip_check``); a mismatch is a ``PaperfigError``. Outputs are deterministic (no
timestamps, fixed SVG hash salt, a fixed adjustText iteration budget, font subsets that do
not depend on what else the process drew).

Speed (a survey draws hundreds of figures): the layout passes before saving are
``draw_without_rendering`` (no pixels), the tight bounding box is measured once for every
format, and the embedded PDF fonts are subset once per process (``save_figure``).
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib import colors as mcolors  # noqa: E402
from matplotlib import style as mstyle  # noqa: E402
from matplotlib import ticker  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.lines import Line2D  # noqa: E402

from .errors import PaperfigError  # noqa: E402
from .io import atomic_path  # noqa: E402

# fontTools logs every PDF font subset at INFO; keep the rule logs readable.
logging.getLogger("fontTools").setLevel(logging.WARNING)

#: The shared style file (default of ``render_figure``).
STYLE_PATH = Path(__file__).with_name("paperfig.mplstyle")

#: gid prefix of the scatter collections holding the figure's points (read back by the
#: round trip; nothing else drawn carries it).
POINTS_GID = "paperfig-points"

_PDF_METADATA = {"CreationDate": None, "ModDate": None}
_PNG_METADATA = {"Software": None}
_SVG_METADATA = {"Date": None}
_DETERMINISTIC_RC = {"svg.hashsalt": "paperfig", "pdf.compression": 6}

_LIGHTEN = {"light": 0.45, "pale": 0.55, "pastel": 0.5, "lighter": 0.55, "soft": 0.35, "baby": 0.5,
            "powder": 0.5, "faded": 0.45, "muted": 0.25, "dusty": 0.25, "dull": 0.25}
_DARKEN = {"dark": 0.4, "deep": 0.3, "darker": 0.5, "dim": 0.25, "midnight": 0.5}
_DATE = re.compile(r"^((?:19|20)\d\d)(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$")


# ----------------------------------------------------------------------------------------
# seaborn, for the jobs that draw with it


#: The scipy modules seaborn imports at start-up only for what paperfig never draws.
_SCIPY_SEABORN_SKIPS = ("scipy.stats", "scipy.cluster")


def import_seaborn():
    """seaborn, imported without the scipy modules it loads for plots paperfig never draws.

    seaborn imports ``scipy.stats`` at start-up for its kernel density estimates and
    ``scipy.cluster`` for clustermap's dendrograms: about a second of the start-up of every
    job that draws with seaborn (the synthesis and the checks figure, which draw scatter plots
    and histograms only). scipy is an optional dependency of seaborn, so while seaborn is
    imported both are hidden (a ``None`` entry in ``sys.modules`` makes their import fail) and
    seaborn takes its own fallbacks: its copy of ``gaussian_kde``, and no clustermap. They are
    importable again as soon as seaborn is. When scipy.stats is already imported (nothing to
    save), or when a seaborn cannot be imported that way, seaborn is imported as usual."""
    if "seaborn" not in sys.modules and not any(sys.modules.get(name) for name in _SCIPY_SEABORN_SKIPS):
        hidden = [name for name in _SCIPY_SEABORN_SKIPS if name not in sys.modules]
        sys.modules.update(dict.fromkeys(hidden, None))
        try:
            import seaborn

            return seaborn
        except ImportError:
            pass  # a seaborn that needs them: imported below as usual
        finally:
            for name in hidden:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]
    import seaborn

    return seaborn


# ----------------------------------------------------------------------------------------
# Colours


def colour_rgb(word: str) -> tuple[float, float, float] | None:
    """An RGB for a described colour word ("Dark Purple", "Light Green", "Blue-Green", "Teal").

    Looks the phrase up among matplotlib's xkcd and CSS4 names; otherwise mixes the parts of a
    hyphenated mix and applies light/dark modifiers. None when nothing is recognised.
    """
    norm = re.sub(r"\s+", " ", word.strip().lower())
    if not norm:
        return None
    for cand in (norm, norm.replace("-", " "), norm.replace("-", ""), norm.replace(" ", ""),
                 norm.replace("grey", "gray"), norm.replace("gray", "grey")):
        for key in (f"xkcd:{cand}", cand.replace(" ", "")):
            hexa = mcolors.XKCD_COLORS.get(key) if key.startswith("xkcd:") else mcolors.CSS4_COLORS.get(key)
            if hexa:
                return mcolors.to_rgb(hexa)
    parts = [p for p in re.split(r"\s*[-/]\s*", norm) if p]
    if len(parts) > 1:
        rgbs = [colour_rgb(p) for p in parts]
        rgbs = [c for c in rgbs if c is not None]
        if rgbs:
            return tuple(sum(c[i] for c in rgbs) / len(rgbs) for i in range(3))  # type: ignore[return-value]
        return None
    words = norm.split()
    if len(words) > 1:
        base = colour_rgb(" ".join(words[1:]))
        if base is None:
            return None
        mod = words[0]
        if mod in _LIGHTEN:
            f = _LIGHTEN[mod]
            return tuple(c + (1 - c) * f for c in base)  # type: ignore[return-value]
        if mod in _DARKEN:
            f = _DARKEN[mod]
            return tuple(c * (1 - f) for c in base)  # type: ignore[return-value]
        return base
    if norm.endswith("ish") and len(norm) > 5:
        stem = norm[:-3]
        for cand in (stem, stem + "e", stem[:-1] if len(stem) > 3 and stem[-1] == stem[-2] else stem):
            rgb = colour_rgb(cand)
            if rgb is not None:
                return rgb
    return None


def _date_value(text: str) -> float | None:
    m = _DATE.match(text.strip())
    if not m:
        return None
    year, month = int(m.group(1)), int(m.group(2) or 1)
    if not 1 <= month <= 12:
        return None
    return year + (month - 1) / 12


# ----------------------------------------------------------------------------------------
# Figure pieces


def _figure_rows(doc: dict, figure_id: str) -> tuple[dict, list[dict], list[dict], list[dict]]:
    axes_rows = [a for a in doc.get("axes", []) if a.get("figure_id") == figure_id]
    if not axes_rows:
        known = ", ".join(a.get("figure_id", "?") for a in doc.get("axes", [])) or "none"
        raise PaperfigError(f"{doc.get('source_file', '?')}: no figure {figure_id!r} (figures: {known})")
    points = [p for p in doc.get("points", []) if p.get("figure_id") == figure_id]
    legend = sorted((e for e in doc.get("legend", []) if e.get("figure_id") == figure_id),
                    key=lambda e: int(e.get("order") or 0))
    arrows = [a for a in doc.get("arrows", []) if a.get("figure_id") == figure_id]
    return axes_rows[0], points, legend, arrows


def _float(value) -> float | None:
    if value is None or value == "":
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def plain_text(text) -> str:
    """Document text as matplotlib draws it literally: every ``$`` escaped, so "$\\foo$" is
    not parsed as mathtext (which crashes on unknown commands) and "Cost ($) vs Revenue ($)"
    is not drawn as math. Every text paperfig draws goes through here; ``get_text()`` of a
    drawn text gives it back, ``from_plain_text`` inverts it."""
    return str(text if text is not None else "").replace("$", r"\$")


def from_plain_text(text: str) -> str:
    return text.replace(r"\$", "$")


def _axis_label(label: str, unit: str) -> str:
    label, unit = (label or "").strip(), (unit or "").strip()
    if not label:
        return unit
    if not unit or unit.lower() == label.lower():
        return label
    return f"{label} ({unit})"


def _figure_title(axes_row: dict) -> str:
    if axes_row.get("title"):
        return axes_row["title"]
    heading = axes_row.get("heading") or ""
    stripped = re.sub(r"^[\w\s/-]{0,30}?\b(?:plot|chart|graph|diagram|figure)\s*:\s*", "", heading, flags=re.I)
    return stripped or heading


def _limits(lo: float | None, hi: float | None, values: list[float], log: bool,
            head: float = 0.0, tail: float = 0.0) -> tuple[float, float]:
    """Axis limits: the stated range (widened to include every point), padded a little."""
    vals = [v for v in values if not log or v > 0]
    cands_lo = [v for v in (lo, *vals) if v is not None and (not log or v > 0)]
    cands_hi = [v for v in (hi, *vals) if v is not None and (not log or v > 0)]
    if not cands_lo:
        return (1.0, 10.0) if log else (0.0, 1.0)
    a, b = min(cands_lo), max(cands_hi)
    f = math.log10 if log else (lambda v: v)
    inv = (lambda v: 10 ** v) if log else (lambda v: v)
    ta, tb = f(a), f(b)
    span = tb - ta or (abs(ta) * 0.1 if ta else 1.0)
    return inv(ta - span * (0.06 + tail)), inv(tb + span * (0.06 + head))


def _log_ticks(lo: float, hi: float, stated: list[float], values: list[float]) -> list[float]:
    """Plain-number ticks for a log axis: the points' values when few, else a 1-2-5 ladder."""
    distinct = sorted({v for v in values if v > 0})
    if 0 < len(distinct) <= 5:
        cands = sorted(set(distinct) | {v for v in stated if v > 0})
    else:
        cands = [m * 10 ** e for e in range(math.floor(math.log10(lo)) - 1, math.ceil(math.log10(hi)) + 1)
                 for m in (1, 2, 5)]
        cands = sorted(set(cands) | {v for v in stated if v > 0})
    ticks: list[float] = []
    for v in cands:
        if not lo <= v <= hi:
            continue
        if ticks and math.log10(v) - math.log10(ticks[-1]) < 0.06:
            if v in stated:  # keep a stated end over a ladder value
                ticks[-1] = v
            continue
        ticks.append(v)
    return ticks


def _plain(v: float, _pos=None) -> str:
    return f"{v:g}"


def _point_key(p: dict) -> str:
    return p.get("series") or p.get("group") or ""


class _Colours:
    """Colour of each point: its described colour, else its legend entry's, else a cycle colour."""

    def __init__(self, points: list[dict], legend: list[dict], date_scale: bool, cycle: list[str]):
        self.date_scale = date_scale
        self.legend_rgb: dict[str, tuple] = {}
        self.cycle = cycle
        self.auto: dict[str, tuple] = {}
        if date_scale:
            from matplotlib import colormaps

            dates = [d for d in (_date_value(e["entry"]) for e in legend) if d is not None]
            dates += [d for d in (_date_value(p.get("group", "")) for p in points) if d is not None]
            self.d0, self.d1 = min(dates), max(dates)
            self.cmap = colormaps["viridis"]
            for e in legend:
                self.legend_rgb[e["entry"]] = self.date_rgb(_date_value(e["entry"]))
        else:
            for e in legend:
                rgb = colour_rgb(e.get("color", ""))
                if rgb is not None:
                    self.legend_rgb[e["entry"]] = rgb

    def date_rgb(self, d: float) -> tuple:
        t = 0.5 if self.d1 == self.d0 else (d - self.d0) / (self.d1 - self.d0)
        return tuple(self.cmap(0.05 + 0.9 * t)[:3])

    def for_key(self, key: str) -> tuple:
        if key not in self.auto:
            self.auto[key] = mcolors.to_rgb(self.cycle[len(self.auto) % len(self.cycle)])
        return self.auto[key]

    def of(self, p: dict) -> tuple:
        if self.date_scale:
            for field in ("group", "series"):
                d = _date_value(p.get(field, ""))
                if d is not None:
                    return self.date_rgb(d)
        for field in ("series", "group", "label"):
            if p.get(field) and p[field] in self.legend_rgb:
                return self.legend_rgb[p[field]]
        rgb = colour_rgb(p.get("color", ""))
        if rgb is not None:
            return rgb
        return self.for_key(_point_key(p))


def _draw_arrows(ax, arrows: list[dict], top: bool = True, right: bool = True) -> list:
    """Arrows in axes coordinates: horizontal ones in a band at the top (or bottom, when the
    legend sits at the top), vertical ones at the right (or left)."""
    artists = []
    rows = {"left": 0, "right": 0, "": 0}
    cols = {"up": 0, "down": 0}
    kw = dict(xycoords="axes fraction", textcoords="axes fraction",
              arrowprops=dict(arrowstyle="-|>", lw=1.6, color="0.3", mutation_scale=14, shrinkA=0, shrinkB=0))
    for a in arrows:
        direction = a.get("direction", "")
        text = plain_text(a.get("text", ""))
        if direction in ("up", "down"):
            x = 0.965 - 0.07 * cols[direction] if right else 0.035 + 0.07 * cols[direction]
            cols[direction] += 1
            tail, head = ((x, 0.3), (x, 0.7)) if direction == "up" else ((x, 0.7), (x, 0.3))
            ax.annotate("", xy=head, xytext=tail, **kw)
            t = ax.text(x - 0.015 if right else x + 0.015, 0.5, text, transform=ax.transAxes, rotation=90,
                        ha="right" if right else "left", va="center",
                        fontsize=9, color="0.2")
        else:
            row = rows.get(direction, 0)
            rows[direction] = row + 1
            y = 0.93 - 0.1 * row if top else 0.05 + 0.1 * row
            if direction == "left":
                tail, head = (0.46, y), (0.06, y)
            elif direction == "right":
                tail, head = (0.54, y), (0.94, y)
            else:
                tail = head = None
            if tail:
                ax.annotate("", xy=head, xytext=tail, **kw)
                mid = (tail[0] + head[0]) / 2
            else:
                mid = 0.5
            t = ax.text(mid, y + 0.012, text, transform=ax.transAxes, ha="center", va="bottom",
                        fontsize=9.5, color="0.15", fontweight="bold")
        artists.append(t)
    return artists


def _legend_loc(position: str) -> str:
    valid = {"best", "upper right", "upper left", "lower left", "lower right", "right", "center left",
             "center right", "lower center", "upper center", "center"}
    return position if position in valid else "best"


def _clear_legend(fig, ax, legend, points_xy: list[tuple[float, float]], loc: str) -> None:
    """Widen the axis on the legend's side until no point hides under the legend."""
    if legend is None or loc in ("best", "center") or not points_xy:
        return
    renderer = fig.canvas.get_renderer()
    for _ in range(8):
        box = legend.get_window_extent(renderer).expanded(1.04, 1.08)  # placed on demand, no drawing
        disp = ax.transData.transform(points_xy)
        if not any(box.contains(x, y) for x, y in disp):
            return
        if "lower" in loc or "upper" in loc:
            ax.set_ylim(*_widen(ax.get_ylim(), ax.get_yscale() == "log", 0.12, "lower" in loc))
        else:
            ax.set_xlim(*_widen(ax.get_xlim(), ax.get_xscale() == "log", 0.15, "left" in loc))


def _widen(limits: tuple[float, float], log: bool, fraction: float, low_side: bool) -> tuple[float, float]:
    """Grow an axis by a fraction of its span on one side (in log space for a log axis)."""
    lo, hi = (math.log10(v) for v in limits) if log else limits
    grow = fraction * (hi - lo)
    lo, hi = (lo - grow, hi) if low_side else (lo, hi + grow)
    return (10 ** lo, 10 ** hi) if log else (lo, hi)


def draw_figure(doc: dict, figure_id: str) -> Figure:
    """Draw one described figure (under the current rcParams/style) and return the Figure."""
    axes_row, points, legend, arrows = _figure_rows(doc, figure_id)
    if axes_row.get("chart_type") == "bar":
        return _draw_bars(axes_row, points, legend, arrows)
    line_chart = axes_row.get("chart_type") == "line"
    categories = _line_categories(axes_row, points)
    xs = [float(categories.index(p["category"])) if categories else _float(p.get("x")) for p in points]
    ys = [_float(p.get("y")) for p in points]
    bad = [p for p, x, y in zip(points, xs, ys) if x is None or y is None]
    if bad:
        p = bad[0]
        raise PaperfigError(f"{p.get('source_file', '?')}:{p.get('line_no', '?')}: point without numeric x/y "
                            f"({p.get('x')!r}, {p.get('y')!r})")
    x_log = axes_row.get("x_scale") == "log" and all(x > 0 for x in xs) and not categories
    y_log = axes_row.get("y_scale") == "log" and all(y > 0 for y in ys)
    date_scale = axes_row.get("legend_kind") == "date" and bool(legend) and all(
        _date_value(e["entry"]) is not None for e in legend)

    fig = Figure()
    FigureCanvasAgg(fig)  # a real canvas: text extents for the legend check and adjustText
    ax = fig.add_subplot()
    cycle = [c["color"] for c in matplotlib.rcParams["axes.prop_cycle"]]
    colours = _Colours(points, legend, date_scale, cycle)

    # points: one scatter per series/group, in legend order first, then first appearance
    keys: list[str] = []
    for e in legend:
        if any(_point_key(p) == e["entry"] for p in points) and e["entry"] not in keys:
            keys.append(e["entry"])
    for p in points:
        if _point_key(p) not in keys:
            keys.append(_point_key(p))
    size = 46 if len(points) > 12 else 58
    for k, key in enumerate(keys):
        members = [(p, x, y) for p, x, y in zip(points, xs, ys) if _point_key(p) == key]
        if line_chart:  # one line per series, joined in x order, markers on
            order = sorted(members, key=lambda m: m[1])
            ax.plot([m[1] for m in order], [m[2] for m in order], color=colours.of(order[0][0]), lw=1.4,
                    marker="o", markersize=5.5, markeredgewidth=0.6, markeredgecolor="0.25", zorder=3,
                    gid=f"{POINTS_GID}-{'catline' if categories else 'line'}-{k}", label="_nolegend_")
            continue
        ax.scatter([m[1] for m in members], [m[2] for m in members], c=[colours.of(m[0]) for m in members],
                   s=size, linewidths=0.6, zorder=3, gid=f"{POINTS_GID}-{k}", label="_nolegend_")

    # axes: scale, stated range, labels, ticks
    horizontal_arrows = sum(1 for a in arrows if a.get("direction") not in ("up", "down"))
    vertical_arrows = len(arrows) - horizontal_arrows
    head_rows = len({a.get("direction") for a in arrows if a.get("direction") not in ("up", "down")}) and max(
        sum(1 for a in arrows if a.get("direction") == d) for d in ("left", "right", ""))
    if x_log:
        ax.set_xscale("log")
    if y_log:
        ax.set_yscale("log")
    x0, x1 = _float(axes_row.get("x_min")), _float(axes_row.get("x_max"))
    y0, y1 = _float(axes_row.get("y_min")), _float(axes_row.get("y_max"))
    loc = _legend_loc(axes_row.get("legend_position") or "best")
    arrows_top, arrows_right = "upper" not in loc, "right" not in loc
    x_room = 0.08 * vertical_arrows
    y_room = 0.16 * head_rows if horizontal_arrows else 0.0
    ax.set_xlim(*_limits(x0, x1, xs, x_log, head=x_room if arrows_right else 0.0,
                         tail=0.0 if arrows_right else x_room))
    ax.set_ylim(*_limits(y0, y1, ys, y_log, head=y_room if arrows_top else 0.0,
                         tail=0.0 if arrows_top else y_room))
    for axis, log, stated, values, lim in ((ax.xaxis, x_log, (x0, x1), xs, ax.get_xlim()),
                                            (ax.yaxis, y_log, (y0, y1), ys, ax.get_ylim())):
        if log:
            axis.set_major_locator(ticker.FixedLocator(
                _log_ticks(lim[0], lim[1], [v for v in stated if v is not None], values)))
            axis.set_major_formatter(ticker.FuncFormatter(_plain))
            axis.set_minor_locator(ticker.NullLocator())
    if categories:  # named positions: one tick per category, in the printed order
        ax.set_xticks(range(len(categories)), [plain_text(c) for c in categories],
                      rotation=30 if max(len(c) for c in categories) > 6 else 0,
                      ha="right" if max(len(c) for c in categories) > 6 else "center")
    ax.set_xlabel(plain_text(_axis_label(axes_row.get("x_label", ""), axes_row.get("x_unit", "")) or "x"))
    ax.set_ylabel(plain_text(_axis_label(axes_row.get("y_label", ""), axes_row.get("y_unit", "")) or "y"))
    ax.set_title(plain_text(_figure_title(axes_row)), y=1.0)  # y given: no search for top ticks per draw

    # legend: described entries, order, colours, position
    handles = []
    entries = [e["entry"] for e in legend]
    if not entries:
        named = [k for k in keys if k and any(p.get("series") == k for p in points)]
        entries = named if len(named) > 1 else []
    for entry in entries:
        rgb = colours.legend_rgb.get(entry)
        if rgb is None:
            member = next((p for p in points if entry in (p.get("series"), p.get("group"))), None)
            rgb = colours.of(member) if member else (0.5, 0.5, 0.5)
        handles.append(Line2D([], [], linestyle="-" if line_chart else "none", color=rgb, marker="o", markersize=7,
                              markerfacecolor=rgb, markeredgecolor="0.25", markeredgewidth=0.6,
                              label=plain_text(entry)))
    leg = None
    if handles:
        ncol = 1
        if loc in ("lower center", "upper center") and len(handles) > 4:
            ncol = min(4, math.ceil(len(handles) / 2))
        leg = ax.legend(handles=handles, loc=loc, ncol=ncol, title=None)
        leg.set_zorder(5)
        leg.set_gid("paperfig-legend")

    fig.tight_layout()
    _draw_arrows(ax, arrows, top=arrows_top, right=arrows_right)
    _clear_legend(fig, ax, leg, list(zip(xs, ys)), loc)

    # point labels: each beside its point where it collides with nothing (place_labels);
    # adjustText only for the labels that found no free place
    labelled = [(p, x, y) for p, x, y in zip(points, xs, ys) if p.get("label")]
    if labelled:  # (extents and positions are computed on demand: no layout pass needed)
        renderer = fig.canvas.get_renderer()
        obstacles = [t.get_window_extent(renderer) for t in ax.texts]  # arrows and their texts
        if leg is not None:
            obstacles.append(leg.get_window_extent(renderer))
        texts = [ax.text(x, y, plain_text(p["label"]), fontsize=8 if len(points) > 12 else 8.5, color="0.1",
                         zorder=4, ha="left", va="bottom") for p, x, y in labelled]
        targets = [(x, y) for _, x, y in labelled]
        marker_px = math.sqrt(size) / 2 * fig.dpi / 72
        stuck, far = place_labels(ax, texts, targets, list(zip(xs, ys)), obstacles, renderer, marker_px)
        if stuck:
            from adjustText import adjust_text

            placed = [t for t in texts if t not in stuck]
            to_data = ax.transData.inverted()
            objects = [b.transformed(to_data) for b in
                       [*obstacles, *(t.get_window_extent(renderer) for t in placed)]]
            adjust_text(stuck, x=xs, y=ys, ax=ax, objects=objects or None, iter_lim=400, time_lim=None,
                        expand=(1.15, 1.35), force_text=(0.25, 0.4), force_static=(0.2, 0.35),
                        force_pull=(0.02, 0.02), ensure_inside_axes=True)
        moved = [(t, xy) for t, xy in zip(texts, targets) if t in stuck or t in far]  # beside its point: no line
        draw_label_connectors(ax, [t for t, _ in moved], [xy for _, xy in moved], renderer, marker_px=marker_px)
    return fig


#: Where a label may sit around its point, in order of preference: (dx, dy) steps of the
#: label's own box away from the point (+1 right/up, -1 left/down, 0 centred), then the same
#: ring one and two label heights further out (a connector line then joins label and point).
_LABEL_SPOTS = ((1, 1), (-1, 1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1), (0, -1))
_LABEL_RINGS = (0.0, 1.0, 2.0)


def _overlaps(a: tuple, b: tuple) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(ax, texts, targets, points, obstacles, renderer, marker_px: float,
                 gap_pt: float = 1.5) -> tuple[list, list]:
    """Put each point label (``texts[i]`` for the point ``targets[i]``, data coordinates) in
    the first free spot around its point. Returns ``(stuck, far)``: the labels that found no
    spot, and those placed away from their point (past the first ring: they need a connector).

    A greedy placer in display space: a spot is free when the label's box stays inside the
    axes and overlaps no marker (``points``, each a square of ``marker_px`` half-width), no
    label placed before it and no ``obstacles`` (display Bboxes: legend, arrows, their texts),
    with a gap of ``gap_pt`` to labels and obstacles, so two labels never read as one, and
    twice that gap around the markers of other points, so a label is never nearer another
    point than its own.
    Spots are tried in the order of ``_LABEL_SPOTS`` (above right first, as a reader expects),
    just clear of the marker, then further out. Labels are placed in the order given, so the
    result is deterministic. A label that found no spot stays where it was created (the
    caller hands those to adjustText); a dozen labels cost a few milliseconds here, against
    a tenth of a second and the import of scipy for adjustText.
    """
    gap = gap_pt * ax.figure.dpi / 72.0
    frame = ax.get_window_extent(renderer)
    inside = (frame.x0 + 1, frame.y0 + 1, frame.x1 - 1, frame.y1 - 1)
    taken = [(b.x0 - gap, b.y0 - gap, b.x1 + gap, b.y1 + gap) for b in obstacles]  # a gap: no label touches
    markers = [tuple(xy) for xy in ax.transData.transform(points)] if points else []
    to_data = ax.transData.inverted()
    stuck, far = [], []
    for text, target in zip(texts, targets):
        box = text.get_window_extent(renderer)
        w, h = box.width, box.height
        px, py = ax.transData.transform(target)
        blocked = list(taken)
        for mx, my in markers:
            r = marker_px + 0.5 if abs(mx - px) < 1 and abs(my - py) < 1 else marker_px + 2 * gap
            blocked.append((mx - r, my - r, mx + r, my + r))
        spot = None
        for ring in _LABEL_RINGS:
            for sx, sy in _LABEL_SPOTS:
                near = marker_px * (0.75 if sx and sy else 1.0) + gap + ring * h
                x0 = px + near if sx > 0 else (px - near - w if sx < 0 else px - w / 2)
                y0 = py + near if sy > 0 else (py - near - h if sy < 0 else py - h / 2)
                cand = (x0, y0, x0 + w, y0 + h)
                if not (inside[0] <= cand[0] and cand[2] <= inside[2] and inside[1] <= cand[1]
                        and cand[3] <= inside[3]):
                    continue
                if any(_overlaps(cand, other) for other in blocked):
                    continue
                spot = cand
                break
            if spot:
                if ring:
                    far.append(text)
                break
        if spot is None:
            stuck.append(text)
            continue
        taken.append((spot[0] - gap, spot[1] - gap, spot[2] + gap, spot[3] + gap))
        text.set_horizontalalignment("left")
        text.set_verticalalignment("bottom")
        text.set_position(tuple(to_data.transform((spot[0], spot[1]))))
    return stuck, far


def draw_label_connectors(ax, texts, targets, renderer, marker_px: float = 0.0, min_length_px: float = 5.0,
                     gap_pt: float = 2.0) -> None:
    """A thin line from each label that adjustText moved away from its point to that point, from
    the edge of the label's box to the marker (a label beside its marker needs none). adjustText
    draws these as FancyArrowPatches clipped against their text on every draw, about a quarter
    of a figure's drawing time here; a two-point line in data coordinates costs nothing."""
    gap = gap_pt * ax.figure.dpi / 72.0
    to_data = ax.transData.inverted()
    for text, target in zip(texts, targets):
        box = text.get_window_extent(renderer)
        tx, ty = ax.transData.transform(target)
        outside = max(min(abs(box.x0 - tx), abs(box.x1 - tx)), min(abs(box.y0 - ty), abs(box.y1 - ty)))
        if box.contains(tx, ty) or outside < min_length_px:
            continue
        cx, cy = (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2
        dx, dy = tx - cx, ty - cy
        length = math.hypot(dx, dy)
        half_w, half_h = box.width / 2 + gap, box.height / 2 + gap
        leave = min(half_w / abs(dx) if dx else math.inf, half_h / abs(dy) if dy else math.inf)
        start = (cx + leave * dx, cy + leave * dy)
        end = (tx - gap * dx / length, ty - gap * dy / length)
        if leave >= 1.0 or (1.0 - leave) * length < marker_px + min_length_px:
            continue  # the label touches (or nearly touches) its marker
        (x0, y0), (x1, y1) = to_data.transform([start, end])
        ax.add_line(Line2D([x0, x1], [y0, y1], color="0.45", lw=0.6, zorder=1, solid_capstyle="butt",
                           gid="paperfig-label-connector"))


def _bar_key(p: dict) -> str:
    return p.get("series") or ""


def _draw_bars(axes_row: dict, points: list[dict], legend: list[dict], arrows: list[dict]) -> Figure:
    """Bars: one group per category (in order of first description), one bar per series side
    by side within it (series in legend order, then in order of description); horizontal bars
    when the figure says so (first category on top). The value axis starts at zero unless the
    stated range lies elsewhere; long category labels are rotated."""
    ys = [_float(p.get("y")) for p in points]
    bad = [p for p, y in zip(points, ys) if y is None or not (p.get("category") or p.get("x"))]
    if bad:
        p = bad[0]
        raise PaperfigError(f"{p.get('source_file', '?')}:{p.get('line_no', '?')}: bar without a category or "
                            f"a numeric value ({p.get('category')!r}, {p.get('y')!r})")
    horizontal = axes_row.get("orientation") == "horizontal"
    categories = list(dict.fromkeys(p.get("category") or p.get("x") for p in points))
    keys: list[str] = []
    for e in legend:
        if any(_bar_key(p) == e["entry"] for p in points) and e["entry"] not in keys:
            keys.append(e["entry"])
    for p in points:
        if _bar_key(p) not in keys:
            keys.append(_bar_key(p))
    fig = Figure()
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax._paperfig_series = keys  # read back by plotted_points
    cycle = [c["color"] for c in matplotlib.rcParams["axes.prop_cycle"]]
    colours = _Colours(points, legend, False, cycle)
    width = 0.8 / len(keys)
    for k, key in enumerate(keys):
        members = [(p, y) for p, y in zip(points, ys) if _bar_key(p) == key]
        pos = [categories.index(p.get("category") or p.get("x")) - 0.4 + width * (k + 0.5) for p, _ in members]
        vals = [y for _, y in members]
        face = [colours.of(p) for p, _ in members]
        if horizontal:
            drawn = ax.barh(pos, vals, height=width * 0.92, color=face, edgecolor="0.25", linewidth=0.5, zorder=3)
        else:
            drawn = ax.bar(pos, vals, width=width * 0.92, color=face, edgecolor="0.25", linewidth=0.5, zorder=3)
        for rect in drawn.patches:
            rect.set_gid(f"{POINTS_GID}-{'barh' if horizontal else 'bar'}-{k}")
    # value axis: stated range (widened to hold every bar), from zero for linear bars
    log = axes_row.get("y_scale") == "log" and all(y > 0 for y in ys)
    lo, hi = _float(axes_row.get("y_min")), _float(axes_row.get("y_max"))
    if log:
        limits = _limits(lo, hi, ys, True)
    else:
        a = min([v for v in (lo, *ys, 0.0) if v is not None])
        b = max([v for v in (hi, *ys, 0.0) if v is not None])
        span = (b - a) or 1.0
        limits = (a - (0.04 * span if a < 0 else 0.0), b + 0.06 * span)
    value_label = plain_text(_axis_label(axes_row.get("y_label", ""), axes_row.get("y_unit", "")) or "value")
    category_label = plain_text(_axis_label(axes_row.get("x_label", ""), axes_row.get("x_unit", "")))
    long_labels = max(len(c) for c in categories) > 10 or len(categories) > 8
    if horizontal:
        if log:
            ax.set_xscale("log")
        ax.set_xlim(*limits)
        ax.set_yticks(range(len(categories)), [plain_text(c) for c in categories])
        ax.set_ylim(len(categories) - 0.5, -0.5)  # first category on top
        ax.set_xlabel(value_label)
        ax.set_ylabel(category_label)
        ax.grid(axis="y", visible=False)
    else:
        if log:
            ax.set_yscale("log")
        ax.set_ylim(*limits)
        ax.set_xticks(range(len(categories)), [plain_text(c) for c in categories])
        ax.set_xlim(-0.5, len(categories) - 0.5)
        if long_labels:
            for t in ax.get_xticklabels():
                t.set_rotation(30)
                t.set_horizontalalignment("right")
                t.set_rotation_mode("anchor")
        ax.set_xlabel(category_label)
        ax.set_ylabel(value_label)
        ax.grid(axis="x", visible=False)
    ax.set_title(plain_text(_figure_title(axes_row)), y=1.0)  # y given: no search for top ticks per draw
    from matplotlib.patches import Patch

    entries = [e["entry"] for e in legend if any(_bar_key(p) == e["entry"] for p in points)]
    if not entries and len([k for k in keys if k]) > 1:
        entries = [k for k in keys if k]
    handles = []
    for entry in entries:
        member = next(p for p in points if _bar_key(p) == entry)
        handles.append(Patch(facecolor=colours.of(member), edgecolor="0.25", linewidth=0.5,
                             label=plain_text(entry)))
    if handles:
        leg = ax.legend(handles=handles, loc=_legend_loc(axes_row.get("legend_position") or "best"))
        leg.set_zorder(5)
        leg.set_gid("paperfig-legend")
    fig.tight_layout()
    _draw_arrows(ax, arrows)
    return fig


# ----------------------------------------------------------------------------------------
# Round trip


def _line_categories(axes_row: dict, points: list[dict]) -> list[str]:
    """The categories of a line over named positions (x scale "category"), in printed order."""
    if axes_row.get("x_scale") != "category" or not points or any(not p.get("category") for p in points):
        return []
    return list(dict.fromkeys(p["category"] for p in points))


def plotted_points(fig) -> list[tuple]:
    """The data drawn by ``draw_figure``, read back from the artists it tagged: (x, y) of every
    scatter offset and line vertex, (category, series, value) of every bar (its category is the
    label of the tick its centre sits on, its value its height, or its width when horizontal)."""
    out: list[tuple] = []
    for ax in fig.axes:
        for coll in ax.collections:
            gid = coll.get_gid() or ""
            if gid.startswith(POINTS_GID):
                out.extend((float(x), float(y)) for x, y in coll.get_offsets())
        for line in ax.lines:
            gid = line.get_gid() or ""
            if gid.startswith(f"{POINTS_GID}-catline"):  # a line over categories: (category, y)
                names = {round(t): from_plain_text(lab.get_text()) for t, lab in zip(ax.get_xticks(),
                                                                                    ax.get_xticklabels())}
                out.extend((names.get(round(x), "?"), float(y)) for x, y in line.get_xydata())
            elif gid.startswith(POINTS_GID):
                out.extend((float(x), float(y)) for x, y in line.get_xydata())
        series_names = getattr(ax, "_paperfig_series", [])
        for patch in ax.patches:
            gid = patch.get_gid() or ""
            if not gid.startswith(f"{POINTS_GID}-bar"):
                continue
            horizontal = gid.startswith(f"{POINTS_GID}-barh")
            k = int(gid.rsplit("-", 1)[1])
            if horizontal:
                centre, value = patch.get_y() + patch.get_height() / 2, patch.get_width()
                ticks, labels = ax.get_yticks(), ax.get_yticklabels()
            else:
                centre, value = patch.get_x() + patch.get_width() / 2, patch.get_height()
                ticks, labels = ax.get_xticks(), ax.get_xticklabels()
            near = [from_plain_text(lab.get_text()) for t, lab in zip(ticks, labels) if abs(t - centre) < 0.5]
            out.append((near[0] if near else "?", series_names[k] if k < len(series_names) else "?", float(value)))
    return out


def _close(a: float, b: float, rel: float = 1e-9) -> bool:
    return abs(a - b) <= rel * max(abs(a), abs(b)) or abs(a - b) <= 1e-12


def _same(a, b) -> bool:
    if isinstance(a, str) or isinstance(b, str):
        return str(a) == str(b)
    return _close(float(a), float(b))


def _show(item: tuple) -> str:
    return "(" + ", ".join(f"{v:g}" if isinstance(v, float) else str(v) for v in item) + ")"


def expected_points(axes_row: dict, points: list[dict]) -> list[tuple]:
    """What the drawing must hold: (x, y) per point, or (category, series, value) per bar."""
    if axes_row.get("chart_type") == "bar":
        return [(p.get("category") or p.get("x") or "", p.get("series") or "", float(p["y"])) for p in points]
    if _line_categories(axes_row, points):
        return [(p["category"], float(p["y"])) for p in points]
    return [(float(p["x"]), float(p["y"])) for p in points]


def roundtrip_check(expected: list[tuple], plotted: list[tuple], figure_id) -> None:
    """Every described point (or bar) is drawn exactly once at its coordinates (its category,
    series and height), and nothing else is."""
    norm = lambda item: tuple(v if isinstance(v, str) else float(v) for v in item)  # noqa: E731
    remaining = [norm(t) for t in plotted]
    missing = []
    for item in (norm(t) for t in expected):
        hit = next((i for i, got in enumerate(remaining)
                    if len(got) == len(item) and all(_same(a, b) for a, b in zip(got, item))), None)
        if hit is None:
            missing.append(item)
        else:
            remaining.pop(hit)
    if missing or remaining:
        parts = [f"round trip failed for {figure_id}: {len(expected)} points described, {len(plotted)} drawn"]
        if missing:
            parts.append("missing from the plot: " + ", ".join(_show(t) for t in missing))
        if remaining:
            parts.append("drawn but not described: " + ", ".join(_show(t) for t in remaining))
        raise PaperfigError("; ".join(parts))


# ----------------------------------------------------------------------------------------
# Captions and rendering


def _reason_clause(reason: str, scale: str) -> str:
    reason = (reason or "").strip().rstrip(".")
    if reason.lower().startswith(f"{scale}:"):
        reason = reason[len(scale) + 1:].strip()
    return f" because {reason}" if reason else ""


def figure_caption(axes_row: dict, n_points: int, points: list[dict] | None = None) -> str:
    """One sentence describing a re-drawn figure: what was drawn (points, lines or bars), its
    axis scales and why they were chosen."""
    title = _figure_title(axes_row) or axes_row.get("figure_id", "figure")
    points = points or []
    if axes_row.get("chart_type") == "bar":
        n_cat = len({p.get("category") or p.get("x") for p in points}) or n_points
        n_series = len({p.get("series") for p in points if p.get("series")})
        how = "horizontal bars" if axes_row.get("orientation") == "horizontal" else "bars"
        noun = "bar" if n_points == 1 else "bars"
        grouped = f", grouped by {n_series} series" if n_series > 1 else ""
        value = _axis_label(axes_row.get("y_label", ""), axes_row.get("y_unit", "")) or "the value"
        scale = axes_row.get("y_scale") or "linear"
        word = "logarithmic" if scale == "log" else "linear"
        return (f"{title}: {n_points} {noun} in {n_cat} "
                f"{'category' if n_cat == 1 else 'categories'}{grouped}, re-drawn as {how} from the description; "
                f"{value} is {word}{_reason_clause(axes_row.get('y_scale_reason', ''), scale)}.")
    parts = []
    for a in ("x", "y"):
        label = _axis_label(axes_row.get(f"{a}_label", ""), axes_row.get(f"{a}_unit", "")) or a
        scale = axes_row.get(f"{a}_scale") or "linear"
        word = "logarithmic" if scale == "log" else "linear"
        parts.append(f"the {a}-axis, {label}, is {word}{_reason_clause(axes_row.get(f'{a}_scale_reason', ''), scale)}")
    noun = "point" if n_points == 1 else "points"
    legend = ""
    n_legend = int(axes_row.get("n_legend_entries") or 0)
    if n_legend:
        kind = "dates" if axes_row.get("legend_kind") == "date" else "series"
        legend = f", coloured by {n_legend} legend {kind}"
    drawn = ""
    if axes_row.get("chart_type") == "line":
        n_lines = len({p.get("series") or p.get("group") or "" for p in points}) or 1
        drawn = f" as {n_lines} {'line' if n_lines == 1 else 'lines'} (points joined in x order)"
    return (f"{title}: {n_points} {noun} re-drawn from the description{drawn}{legend}; "
            f"{parts[0]}, and {parts[1]}.")


#: Metadata that would otherwise carry the time of drawing (outputs stay byte-identical).
SAVE_METADATA = {"pdf": _PDF_METADATA, "png": _PNG_METADATA, "svg": _SVG_METADATA}


def save_figure(fig, outputs: dict[str, str | Path]) -> None:
    """Write ``fig`` once per format ({"pdf": path, "png": path, ...}), each atomically.

    The tight bounding box is measured once and reused: ``bbox_inches="tight"`` would draw
    the figure twice per format. PDF fonts go through ``shared_font_subsets``.
    """
    pad = matplotlib.rcParams["savefig.pad_inches"]
    bbox = fig.get_tightbbox(fig.canvas.get_renderer()).padded(pad)
    for fmt, path in outputs.items():
        if fmt not in SAVE_METADATA:
            raise PaperfigError(f"unknown figure format {fmt!r} (use {', '.join(SAVE_METADATA)})")
        with atomic_path(path) as tmp, shared_font_subsets(fmt == "pdf"):
            fig.savefig(tmp, format=fmt, metadata=SAVE_METADATA[fmt], bbox_inches=bbox)


#: Font subsets already made by this process: (font file, face, glyph ids) -> (font bytes,
#: glyph index map). See ``shared_font_subsets``.
_SUBSETS: dict[tuple, tuple[bytes, dict]] = {}


class shared_font_subsets:  # noqa: N801  (used as a context manager, like a function)
    """While saving a PDF, make each embedded TrueType subset once per process, not per figure.

    matplotlib embeds (``pdf.fonttype: 42``) a subset of each font holding the glyphs a figure
    uses, made with fontTools for every figure: about 0.2 s, as much as drawing the figure.
    Here the glyph set is widened to every printable ASCII glyph of the font (plus whatever
    else the figure uses), so figures with ordinary text share one subset, which is made on
    the first figure and reused from memory afterwards, and kept on disk for the next process
    (``_subset_cache_path``: every figure job is a new process). The subset of a figure is the same
    bytes whether it was made or reused (a pure function of font and glyph set), so outputs
    do not depend on the order of drawing; a PDF is a few kB larger. Wraps matplotlib's
    ``_backend_pdf_ps.get_glyphs_subset`` for the duration of one save; if that internal
    function is missing or has changed, matplotlib's own subsetting runs unchanged.
    """

    def __init__(self, active: bool = True):
        self.active = active
        self.module = self.original = None

    def __enter__(self):
        if not self.active:
            return self
        try:
            from matplotlib.backends import _backend_pdf_ps as module
        except ImportError:  # pragma: no cover  (another matplotlib layout)
            return self
        original = getattr(module, "get_glyphs_subset", None)
        if original is None or not hasattr(module, "SubsetResults"):
            return self
        self.module, self.original = module, original
        module.get_glyphs_subset = self._subset
        return self

    def __exit__(self, *exc):
        if self.module is not None:
            self.module.get_glyphs_subset = self.original
        return False

    def _subset(self, fontfile, glyphs):
        from io import BytesIO

        from fontTools.ttLib import TTFont

        glyphs = frozenset(glyphs) | _ascii_glyphs(str(fontfile), getattr(fontfile, "face_index", 0))
        key = (str(fontfile), getattr(fontfile, "face_index", 0), glyphs)
        if key not in _SUBSETS:
            _SUBSETS[key] = _stored_subset(key) or self._make(fontfile, glyphs, key)
        data, index_map = _SUBSETS[key]
        font = TTFont(BytesIO(data), recalcTimestamp=False, recalcBBoxes=False)
        return self.module.SubsetResults(font, dict(index_map))._as_cm()


    def _make(self, fontfile, glyphs, key) -> tuple[bytes, dict]:
        from io import BytesIO

        with self.original(fontfile, glyphs) as made:
            data = BytesIO()
            made.font.save(data, reorderTables=False)
            subset = (data.getvalue(), dict(made.glyph_index_map))
        _store_subset(key, subset)
        return subset


def _subset_cache_path(key: tuple) -> Path | None:
    """Where the subset of ``key`` is kept between processes: matplotlib's cache folder
    (``MPLCONFIGDIR`` or ``~/.cache/matplotlib``), named by a digest of the font file (path,
    size, modification time), the glyph set and the fontTools and matplotlib versions, so a
    changed font or library never reuses an old subset. None when the font file is gone."""
    import hashlib

    import fontTools

    path, face, glyphs = key
    try:
        stat = os.stat(path)
    except OSError:
        return None
    digest = hashlib.sha256(repr((path, face, stat.st_size, stat.st_mtime_ns, sorted(glyphs),
                                  fontTools.version, matplotlib.__version__)).encode()).hexdigest()[:32]
    return Path(matplotlib.get_cachedir()) / "paperfig-font-subsets" / f"{digest}.json"


def _stored_subset(key: tuple) -> tuple[bytes, dict] | None:
    """The subset a previous process made (each figure job is a new process: making it again
    costs about 0.5 s per font), or None. A damaged file is ignored (it is made again)."""
    import base64

    path = _subset_cache_path(key)
    try:
        stored = json.loads(path.read_text(encoding="utf-8")) if path else None
        return (base64.b64decode(stored["font"]), {int(k): v for k, v in stored["index_map"].items()})
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _store_subset(key: tuple, subset: tuple[bytes, dict]) -> None:
    """Keep a subset for later processes; a cache that cannot be written is only slower."""
    import base64

    path = _subset_cache_path(key)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path) as tmp:
            Path(tmp).write_text(json.dumps({"font": base64.b64encode(subset[0]).decode("ascii"),
                                             "index_map": subset[1]}), encoding="utf-8")
    except OSError:
        pass


_ASCII_GLYPHS: dict[tuple, frozenset] = {}


def _ascii_glyphs(path: str, face: int) -> frozenset:
    """Glyph ids of the printable ASCII characters (space to tilde) in a font."""
    if (path, face) not in _ASCII_GLYPHS:
        from matplotlib.ft2font import FT2Font

        font = FT2Font(path, face_index=face) if face else FT2Font(path)
        _ASCII_GLYPHS[(path, face)] = frozenset(g for g in (font.get_char_index(c) for c in range(32, 127)) if g)
    return _ASCII_GLYPHS[(path, face)]


def render_figure(doc: dict, figure_id: str, outputs: dict[str, str | Path], style_path=None) -> dict:
    """Draw ``figure_id`` of a parsed/checked chart document, check the round trip, and write
    it in every format of ``outputs`` ({"pdf": path, "png": path, "svg": path}, any subset)."""
    style = str(style_path or STYLE_PATH)
    axes_row, points, _, _ = _figure_rows(doc, figure_id)
    with mstyle.context(style), matplotlib.rc_context(_DETERMINISTIC_RC):
        fig = draw_figure(doc, figure_id)
        roundtrip_check(expected_points(axes_row, points), plotted_points(fig), figure_id)
        save_figure(fig, outputs)
    return {
        "figure_id": figure_id,
        "n_points": len(points),
        "x_scale": axes_row.get("x_scale", ""),
        "y_scale": axes_row.get("y_scale", ""),
        "caption": figure_caption(axes_row, len(points), points),
    }
