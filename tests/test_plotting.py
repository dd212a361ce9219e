"""Re-drawing: outputs, round trip, scales, legend order/colours, determinism."""

from __future__ import annotations

import pytest
from matplotlib import colors as mcolors

from paperfig.charts import parse_chart_document
from paperfig.documents import document_from_text
from paperfig.errors import PaperfigError
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
