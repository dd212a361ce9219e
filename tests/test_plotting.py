"""Re-drawing: outputs, round trip, scales, legend order/colours, determinism."""

from __future__ import annotations

import pytest
from matplotlib import colors as mcolors

from paperfig.charts import parse_chart_document
from paperfig.documents import document_from_text
from paperfig.errors import DocumentError, PaperfigError
from paperfig.plotting import (
    colour_rgb,
    draw_figure,
    figure_caption,
    plotted_points,
    render_figure,
    roundtrip_check,
)

DOC = """## Scatter Plot: Speed vs. Size
### Components/Axes
* **Title:** "Small test figure"
* **X-axis:** Size (MB), ranging from approximately 4 MB to 400 MB.
* **Y-axis:** Speed (tok/s), ranging from approximately 10 to 20.
* **Annotations:** A horizontal arrow labeled "Pruning" (pointing left).
* **Legend:** Located in the upper-left corner, with the following entries:
* Gamma (Dark Purple)
* Alpha (Blue-Green)
* Beta (Teal)
### Detailed Analysis
* **Alpha (Blue-Green):** This series rises.
* At approximately 4 MB, the speed is around 10.5 (labeled "a1").
* At approximately 40 MB, the speed is around 15.
* **Beta (Teal):** Flat.
* At approximately 400 MB, the speed is around 19.75 (labeled "b1").
* **Gamma (Dark Purple):** Flat.
* At approximately 100 MB, the speed is around 12.
"""

DATES = """## Scatter Plot: Score vs. Cost
* **X-axis:** Cost (ranging from approximately 1 to 5).
* **Y-axis:** Score (ranging from approximately 0 to 10).
* **Legend:** Located in the bottom-right corner, color-coded by date:
* 2022-06 (Yellow)
* 2021-01 (Green)
* 2020-01 (Dark Purple)
### Detailed Analysis
* **Old-1:** Approximately (1 units, 2 Score) - Dark Purple (2020-01)
* **Mid-1:** Approximately (3 units, 5 Score) - Green (2021-01)
* **New-1:** Approximately (5 units, 9 Score) - Yellow (2022-06)
"""


@pytest.fixture(scope="module")
def parsed():
    return parse_chart_document(document_from_text(DOC, "small.txt"))


def _render(parsed, tmp_path, name="f"):
    fid = parsed["axes"][0]["figure_id"]
    out = [tmp_path / f"{name}.{ext}" for ext in ("pdf", "png", "svg")]
    summary = render_figure(parsed, fid, dict(zip(("pdf", "png", "svg"), out)))
    return summary, out


def test_render_writes_files_and_summary(parsed, tmp_path):
    summary, out = _render(parsed, tmp_path)
    for path in out:
        assert path.exists() and path.stat().st_size > 1000
    assert not list(tmp_path.glob("*.tmp"))
    assert out[0].read_bytes().startswith(b"%PDF") and out[1].read_bytes()[:4] == b"\x89PNG"
    assert summary["figure_id"] == "small-fig1" and summary["n_points"] == 4
    assert summary["x_scale"] == "log" and summary["y_scale"] == "linear"
    assert "logarithmic because the stated range spans 4 to 400 MB (100x)" in summary["caption"]


def test_roundtrip_and_log_scale(parsed):
    fig = draw_figure(parsed, "small-fig1")
    expected = [(float(p["x"]), float(p["y"])) for p in parsed["points"]]
    got = plotted_points(fig)
    assert sorted(got) == sorted(expected)
    roundtrip_check(expected, got, "small-fig1")
    ax = fig.axes[0]
    assert ax.get_xscale() == "log" and ax.get_yscale() == "linear"
    lo, hi = ax.get_xlim()
    assert lo < 4 and hi > 400  # stated range visible, padded
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert "4" in labels and "400" in labels and not any("10^" in s or "$" in s for s in labels)
    assert ax.get_xlabel() == "Size (MB)" and ax.get_title() == "Small test figure"
    texts = {t.get_text() for t in ax.texts}
    assert {"a1", "b1", "Pruning"} <= texts


def test_roundtrip_check_detects_mismatch():
    expected = [(1.0, 2.0), (3.0, 4.0)]
    with pytest.raises(PaperfigError, match=r"missing from the plot: \(3, 4\)"):
        roundtrip_check(expected, [(1.0, 2.0), (3.0, 4.1)], "x-fig1")
    with pytest.raises(PaperfigError, match="drawn but not described"):
        roundtrip_check(expected, [(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)], "x-fig1")
    with pytest.raises(PaperfigError, match="2 points described, 1 drawn"):
        roundtrip_check(expected, [(1.0, 2.0)], "x-fig1")
    roundtrip_check(expected, [(3.0, 4.0 * (1 + 1e-12)), (1.0, 2.0)], "x-fig1")


def test_legend_order_colours_position(parsed):
    fig = draw_figure(parsed, "small-fig1")
    leg = fig.axes[0].get_legend()
    assert [t.get_text() for t in leg.get_texts()] == ["Gamma", "Alpha", "Beta"]
    handles = leg.legend_handles
    faces = [mcolors.to_rgb(h.get_markerfacecolor()) for h in handles]
    assert faces == [colour_rgb("Dark Purple"), colour_rgb("Blue-Green"), colour_rgb("Teal")]
    assert leg._loc == 2  # "upper left"
    # each point has its series' colour
    by_xy = {}
    for coll in fig.axes[0].collections:
        if (coll.get_gid() or "").startswith("paperfig-points"):
            for (x, y), c in zip(coll.get_offsets(), coll.get_facecolors()):
                by_xy[(float(x), float(y))] = tuple(round(v, 6) for v in c[:3])
    assert by_xy[(100.0, 12.0)] == tuple(round(v, 6) for v in colour_rgb("Dark Purple"))
    assert by_xy[(400.0, 19.75)] == tuple(round(v, 6) for v in colour_rgb("Teal"))


def test_colour_words_resolve():
    for word in ("Orange", "Dark Purple", "Light Green", "Blue-Green", "Teal", "pale yellow", "Greenish-Blue"):
        assert colour_rgb(word) is not None, word
    assert colour_rgb("Dark Purple") != colour_rgb("Purple")
    assert colour_rgb("TWN") is None


def test_date_legend_is_order_preserving(tmp_path):
    parsed = parse_chart_document(document_from_text(DATES, "dates.txt"))
    fig = draw_figure(parsed, "dates-fig1")
    leg = fig.axes[0].get_legend()
    assert [t.get_text() for t in leg.get_texts()] == ["2022-06", "2021-01", "2020-01"]
    faces = [mcolors.to_rgb(h.get_markerfacecolor()) for h in leg.legend_handles]
    # viridis: newer dates are lighter (monotone luminance along the scale)
    lum = [0.2126 * r + 0.7152 * g + 0.0722 * b for r, g, b in faces]
    assert lum[0] > lum[1] > lum[2]
    assert fig.axes[0].get_xscale() == "linear"
    summary, _ = _render(parsed, tmp_path)
    assert summary["n_points"] == 3


def test_outputs_are_deterministic(parsed, tmp_path):
    _, a = _render(parsed, tmp_path, "a")
    _, b = _render(parsed, tmp_path, "b")
    assert a[0].read_bytes() == b[0].read_bytes()  # PDF
    assert a[2].read_bytes() == b[2].read_bytes()  # SVG
    assert a[1].read_bytes() == b[1].read_bytes()  # PNG


def test_unknown_figure_is_a_clean_error(parsed, tmp_path):
    with pytest.raises(PaperfigError, match="no figure"):
        render_figure(parsed, "nope", {"pdf": tmp_path / "a.pdf", "png": tmp_path / "a.png"})


def test_caption_mentions_scales():
    row = {"figure_id": "f", "title": "T", "heading": "", "x_label": "Size", "x_unit": "MB", "y_label": "Acc",
           "y_unit": "", "x_scale": "log", "y_scale": "linear",
           "x_scale_reason": "log: the stated range spans 8 to 200 MB (25x)",
           "y_scale_reason": "linear: the stated range spans 1 to 2 (2x, under 10x)", "n_legend_entries": 0}
    cap = figure_caption(row, 5)
    assert cap.startswith("T: 5 points")
    assert "Size (MB), is logarithmic because the stated range spans 8 to 200 MB (25x)" in cap
    assert cap.endswith(".")


def test_connectors_only_for_labels_moved_away_from_their_point():
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    from paperfig.plotting import draw_label_connectors

    fig = Figure()
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.set_xlim(0, 10)
    ax.set_ylim(0, 10)
    near = ax.text(5.05, 5.05, "beside", ha="left", va="bottom")
    far = ax.text(8.0, 8.0, "moved", ha="left", va="bottom")
    draw_label_connectors(ax, [near, far], [(5.0, 5.0), (2.0, 2.0)], fig.canvas.get_renderer(), marker_px=4)
    lines = [line for line in ax.lines if line.get_gid() == "paperfig-label-connector"]
    assert len(lines) == 1
    (x0, x1), (y0, y1) = lines[0].get_xdata(), lines[0].get_ydata()
    assert 2.0 < x1 < 2.5 and 2.0 < y1 < 2.5  # ends just short of the point
    assert 7.5 < x0 < 9.0 and 7.5 < y0 <= 8.0  # starts at the edge of the label's box, not inside it


# ----------------------------------------------------------------------------------------
# Bars and lines

BARS = """## Bar Chart: Accuracy per benchmark
* **X-axis:** Benchmark
* **Y-axis:** Accuracy (%), ranging from 0 to 100
* **Legend:** Located at the upper right:
  * Blue: Ours
  * Orange: Baseline
### Data Points
* **A very long benchmark name:** Ours: 81.5, Baseline: 78
* **BoolQ:** Ours: 72.5
* **RTE:** Ours: 60, Baseline: 64.25
"""

HBARS = """## Horizontal bar chart: Latency
* **X-axis:** Latency (ms), 0-50
* **Y-axis:** Model
* Alpha: 12.5
* Beta: 30
"""

LINES = """## Line chart: Loss per epoch
* **X-axis:** Epoch
* **Y-axis:** Loss
* **Baseline (red line):** (10, 1.1), (1, 2.4), (5, 1.6)
* **Ours (blue line):** (1, 2.2), (10, 0.7)
"""


def _parsed(text, name):
    return parse_chart_document(document_from_text(text, f"{name}.txt"))


def test_bars_drawn_grouped_and_read_back(tmp_path):
    parsed = _parsed(BARS, "bars")
    fig = draw_figure(parsed, "bars-fig1")
    got = plotted_points(fig)
    assert sorted(got) == sorted([("A very long benchmark name", "Ours", 81.5), ("A very long benchmark name", "Baseline", 78.0),
                                  ("BoolQ", "Ours", 72.5), ("RTE", "Ours", 60.0), ("RTE", "Baseline", 64.25)])
    ax = fig.axes[0]
    bars = [p for p in ax.patches if (p.get_gid() or "").startswith("paperfig-points-bar")]
    # grouped side by side: the two bars of a category do not overlap and sit around its tick
    first = sorted((b for b in bars if abs(b.get_x() + b.get_width() / 2) < 0.5), key=lambda b: b.get_x())
    assert len(first) == 2 and first[0].get_x() + first[0].get_width() <= first[1].get_x() + 1e-9
    assert ax.get_ylim()[0] == 0 and ax.get_ylim()[1] >= 100
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A very long benchmark name", "BoolQ", "RTE"]
    assert ax.get_xticklabels()[0].get_rotation() == 30  # long labels rotated
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["Ours", "Baseline"]
    assert tuple(round(v, 6) for v in first[0].get_facecolor()[:3]) == tuple(round(v, 6) for v in colour_rgb("Blue"))
    summary, out = _render(parsed, tmp_path, "bars")
    assert out[1].stat().st_size > 1000 and summary["n_points"] == 5
    assert "5 bars in 3 categories, grouped by 2 series, re-drawn as bars" in summary["caption"]


def test_bar_roundtrip_detects_a_wrong_height():
    parsed = _parsed(BARS, "bars")
    fig = draw_figure(parsed, "bars-fig1")
    bar = next(p for p in fig.axes[0].patches if (p.get_gid() or "").startswith("paperfig-points-bar"))
    bar.set_height(bar.get_height() + 1)
    expected = [(p["category"], p["series"], float(p["y"])) for p in parsed["points"]]
    with pytest.raises(PaperfigError, match=r"missing from the plot: \(A very long benchmark name, Ours, 81.5\)"):
        roundtrip_check(expected, plotted_points(fig), "bars-fig1")


def test_horizontal_bars(tmp_path):
    parsed = _parsed(HBARS, "hbars")
    fig = draw_figure(parsed, "hbars-fig1")
    assert sorted(plotted_points(fig)) == [("Alpha", "", 12.5), ("Beta", "", 30.0)]
    ax = fig.axes[0]
    assert ax.get_xlabel() == "Latency (ms)" and ax.get_ylabel() == "Model"
    assert ax.get_ylim()[0] > ax.get_ylim()[1]  # first category on top
    assert ax.get_xlim()[1] >= 50
    summary, _ = _render(parsed, tmp_path, "hbars")
    assert "re-drawn as horizontal bars" in summary["caption"]


def test_lines_joined_in_x_order_with_markers(tmp_path):
    parsed = _parsed(LINES, "lines")
    fig = draw_figure(parsed, "lines-fig1")
    lines = [ln for ln in fig.axes[0].lines if (ln.get_gid() or "").startswith("paperfig-points")]
    assert [list(ln.get_xdata()) for ln in lines] == [[1, 5, 10], [1, 10]]
    assert [list(ln.get_ydata()) for ln in lines] == [[2.4, 1.6, 1.1], [2.2, 0.7]]
    assert all(ln.get_marker() == "o" and ln.get_linestyle() == "-" for ln in lines)
    assert mcolors.to_rgb(lines[0].get_color()) == colour_rgb("red")
    assert sorted(plotted_points(fig)) == sorted((float(p["x"]), float(p["y"])) for p in parsed["points"])
    summary, _ = _render(parsed, tmp_path, "lines")
    assert "5 points re-drawn from the description as 2 lines" in summary["caption"]
    assert summary["x_scale"] == "linear"


def test_caption_of_bars_without_points_argument_still_reads():
    row = {"figure_id": "f", "title": "T", "chart_type": "bar", "y_label": "Acc", "y_unit": "%",
           "y_scale": "linear", "y_scale_reason": "linear: bar lengths are read from zero"}
    assert figure_caption(row, 1).startswith("T: 1 bar in 1 category")


# ----------------------------------------------------------------------------------------
# Label placement and font subsets (speed without losing readability or determinism)


def _axes(xlim=(0, 10), ylim=(0, 10)):
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    fig = Figure()
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    return fig, ax


def _boxes(texts, renderer):
    return [t.get_window_extent(renderer) for t in texts]


def test_labels_placed_beside_their_points_without_overlaps():
    from matplotlib.transforms import Bbox

    from paperfig.plotting import place_labels

    fig, ax = _axes()
    renderer = fig.canvas.get_renderer()
    points = [(2.0, 8.0), (2.0, 2.0), (2.3, 2.1), (2.1, 2.4), (8.0, 8.0), (9.9, 5.0)]  # a cluster of 3
    # a legend-like obstacle just above right of the point at (8, 8)
    px, py = ax.transData.transform((8.0, 8.0))
    legend = Bbox([[px + 2, py + 2], [px + 120, py + 40]])
    texts = [ax.text(x, y, f"label {i}", ha="left", va="bottom") for i, (x, y) in enumerate(points)]
    stuck, far = place_labels(ax, texts, points, points, [legend], renderer, marker_px=4)
    assert stuck == []
    boxes = _boxes(texts, renderer)
    frame = ax.get_window_extent(renderer)
    markers = [Bbox.from_bounds(x - 4, y - 4, 8, 8) for x, y in ax.transData.transform(points)]
    for i, box in enumerate(boxes):
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0 and box.y1 <= frame.y1
        assert not any(box.overlaps(other) for j, other in enumerate(boxes) if j != i)
        assert not any(box.overlaps(m) for m in markers)
        assert not box.overlaps(legend)
    first = boxes[0]  # a label with room sits just above right of its point
    x0, y0 = ax.transData.transform(points[0])
    assert x0 < first.x0 < x0 + 12 and y0 < first.y0 < y0 + 12
    assert boxes[5].x1 <= ax.transData.transform(points[5])[0]  # at the right edge: to the left
    assert boxes[4].y1 <= py or boxes[4].x1 <= px  # the legend took its first choice


def test_labels_with_no_free_spot_are_returned_and_adjusttext_places_them(tmp_path):
    from paperfig.plotting import place_labels

    fig, ax = _axes()
    renderer = fig.canvas.get_renderer()
    points = [(5.0, 5.0)] * 3
    frame = ax.get_window_extent(renderer)
    texts = [ax.text(5, 5, "a label far too wide " * 6, ha="left", va="bottom") for _ in points]
    stuck, _ = place_labels(ax, texts, points, points, [], renderer, marker_px=4)
    assert stuck == texts and texts[0].get_window_extent(renderer).width > frame.width
    # a crowded figure still renders (adjustText for what the placer could not place)
    rows = "\n".join(f"* At approximately {x} MB, the speed is around {y} (labeled \"model {i}\")."
                     for i, (x, y) in enumerate([(10, 5)] * 9 + [(11, 5.05)] * 9))
    text = ("## Scatter Plot: Crowd\n* **X-axis:** Size (MB)\n* **Y-axis:** Speed\n"
            "### Detailed Analysis\n* **Alpha (Blue):** crowded.\n" + rows + "\n")
    doc = _parsed(text, "crowd")
    summary = render_figure(doc, doc["axes"][0]["figure_id"], {"pdf": tmp_path / "c.pdf", "png": tmp_path / "c.png"})
    assert summary["n_points"] == 18 and (tmp_path / "c.png").stat().st_size > 0
    fig = draw_figure(doc, doc["axes"][0]["figure_id"])
    assert sum(1 for t in fig.axes[0].texts if t.get_text().startswith("model")) == 18


def test_font_subsets_are_shared_and_do_not_depend_on_drawing_order(parsed, tmp_path):
    import matplotlib.backends._backend_pdf_ps as pdf_ps

    from paperfig import plotting

    original = pdf_ps.get_glyphs_subset
    plotting._SUBSETS.clear()
    _, cold = _render(parsed, tmp_path, "cold")  # subsets made for this figure
    assert plotting._SUBSETS and pdf_ps.get_glyphs_subset is original  # made, and matplotlib restored
    made = dict(plotting._SUBSETS)
    other = _parsed(LINES, "lines")  # other glyphs, same ASCII subset
    render_figure(other, other["axes"][0]["figure_id"], {"pdf": tmp_path / "o.pdf"})
    assert plotting._SUBSETS.keys() == made.keys()  # reused, not made again
    _, warm = _render(parsed, tmp_path, "warm")
    assert cold[0].read_bytes() == warm[0].read_bytes()
    pdf = cold[0].read_bytes()
    assert b"/FontFile2" in pdf and b"/Type3" not in pdf  # TrueType embedded (Type 42), as before


def test_font_subsets_are_kept_on_disk_for_the_next_process(parsed, tmp_path, monkeypatch):
    import matplotlib

    from paperfig import plotting

    monkeypatch.setattr(matplotlib, "get_cachedir", lambda: str(tmp_path / "cache"))
    plotting._SUBSETS.clear()
    _, cold = _render(parsed, tmp_path, "cold")
    stored = list((tmp_path / "cache" / "paperfig-font-subsets").glob("*.json"))
    assert stored  # made once, kept
    plotting._SUBSETS.clear()  # a new process: nothing in memory
    made = []
    monkeypatch.setattr(plotting.shared_font_subsets, "_make", lambda *a: made.append(a))
    _, warm = _render(parsed, tmp_path, "warm")
    assert made == [] and cold[0].read_bytes() == warm[0].read_bytes()  # read back, same bytes
    for path in stored:
        path.write_text("{damaged", encoding="utf-8")
    plotting._SUBSETS.clear()
    monkeypatch.undo()
    monkeypatch.setattr(matplotlib, "get_cachedir", lambda: str(tmp_path / "cache"))
    _, again = _render(parsed, tmp_path, "again")  # a damaged file is made again, not trusted
    assert again[0].read_bytes() == cold[0].read_bytes()


MONTHS = """Here is the line graph:

**Title:** Monthly downloads

*   **X-axis:** Month, from Jan 2023 to Nov 2023
*   **Y-axis:** Downloads, in millions

**Data points (estimated):**

*   **Jan 2023:** ~0.42M
*   **Mar 2023:** ~0.57M
*   **Jul 2023:** ~1.65M
*   **Nov 2023:** ~2.38M
"""


def test_a_line_over_named_months_is_drawn_on_a_category_axis(tmp_path):
    parsed = _parsed(MONTHS, "months")
    (axes,) = parsed["axes"]
    assert axes["chart_type"] == "line" and axes["x_scale"] == "category"
    assert [(p["category"], p["x"], p["y"]) for p in parsed["points"]][:2] == [("Jan 2023", "", "0.42"),
                                                                                ("Mar 2023", "", "0.57")]
    fig = draw_figure(parsed, "months-fig1")
    assert [t.get_text() for t in fig.axes[0].get_xticklabels()] == ["Jan 2023", "Mar 2023", "Jul 2023", "Nov 2023"]
    assert plotted_points(fig) == [("Jan 2023", 0.42), ("Mar 2023", 0.57), ("Jul 2023", 1.65), ("Nov 2023", 2.38)]
    summary, out = _render(parsed, tmp_path, "months")
    assert summary["n_points"] == 4 and out[0].stat().st_size > 1000
    # a scatter plot cannot place a named value: it stays a note, never a point at an invented x
    with pytest.raises(DocumentError, match="no data points"):
        _parsed(MONTHS.replace("line graph", "scatter plot"), "scatter")


def _fresh_python(code: str) -> str:
    """Run ``code`` in a new interpreter (imports not yet made) and return what it printed."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_seaborn_is_imported_without_the_scipy_it_needs_for_no_plot_here():
    out = _fresh_python(
        "import sys\n"
        "from paperfig.plotting import import_seaborn\n"
        "sns = import_seaborn()\n"
        "print(sorted(m for m in ('scipy.stats', 'scipy.cluster') if m in sys.modules))\n"
        "print(hasattr(sns, 'histplot') and hasattr(sns, 'scatterplot'), sns.color_palette('colorblind', 3)[0])\n"
        "from scipy.stats import gaussian_kde\n"  # importable again afterwards
        "print(gaussian_kde.__module__)\n"
        "print(import_seaborn() is sns)\n")
    hidden, usable, kde, again = out.splitlines()
    assert hidden == "[]"
    assert usable.startswith("True (0.00392156862745098, 0.45098039215686275, 0.6980392156862745)")
    assert kde.startswith("scipy.stats")
    assert again == "True"


def test_seaborn_is_imported_as_usual_once_scipy_stats_is():
    out = _fresh_python(
        "import scipy.stats\n"
        "from paperfig.plotting import import_seaborn\n"
        "print(import_seaborn()._statistics._no_scipy)\n")
    assert out == "False"
