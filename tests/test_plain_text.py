"""Labels are text, never mathtext: "$\\foo$" does not crash the drawing and "Cost ($) vs
Revenue ($)" is drawn as printed (paperfig.plotting.plain_text)."""

from __future__ import annotations

import io

from matplotlib import cbook

from paperfig.plotting import draw_figure, from_plain_text, plain_text, plotted_points


def _doc():
    from paperfig import contract

    fid = "d-fig1"
    doc = contract.empty_parsed("d.txt", "d", "chart")
    doc["axes"] = [contract.record(contract.AXES, source_file="d.txt", figure_id=fid, chart_type="scatter",
                                   title=r"Cost ($) vs Revenue ($) $\foo$", x_label=r"$\foo$ size",
                                   y_label="Revenue ($)", x_scale="linear", y_scale="linear", line_no=1)]
    doc["points"] = [contract.record(contract.POINTS, source_file="d.txt", line_no=3 + i, figure_id=fid,
                                     series=r"$\alpha$ series", label=label, x=str(i + 1), y=str(2 * i + 1))
                     for i, label in enumerate([r"$\foo$", "costs $5 and $6", "plain"])]
    doc["arrows"] = [contract.record(contract.ARROWS, source_file="d.txt", line_no=2, figure_id=fid,
                                     text=r"better $\uparrow$", direction="up")]
    return doc, fid


def test_plain_text_round_trips_and_is_never_math():
    for text in (r"$\foo$", "Cost ($) vs Revenue ($)", r"already \$ escaped", "no dollars", "$"):
        assert not cbook.is_math_text(plain_text(text))
        assert from_plain_text(plain_text(text)) == text


def test_labels_with_dollars_draw_literally():
    doc, fid = _doc()
    fig = draw_figure(doc, fid)
    fig.savefig(io.BytesIO(), format="png")  # lays out every text: mathtext would raise here
    texts = [t for t in fig.findobj(lambda a: hasattr(a, "get_text")) if a_text(t)]
    drawn = {from_plain_text(t.get_text()) for t in texts}
    assert {"Cost ($) vs Revenue ($) $\\foo$", "$\\foo$", "costs $5 and $6"} <= drawn
    assert not [t.get_text() for t in texts if cbook.is_math_text(t.get_text())]
    assert len(plotted_points(fig)) == 3


def a_text(artist) -> bool:
    try:
        return bool(artist.get_text())
    except TypeError:
        return False


def test_statistics_of_a_note_are_not_an_unread_table_row():
    from paperfig.coverage import _looks_like_data_row

    assert not _looks_like_data_row("Note. Step 1: R² = .03, F(2, 309) = 5.12, p = .007, d = .2", 9)
    assert _looks_like_data_row("Baseline 81.2 79.4 80.0 77.1", 4)


def test_a_running_head_citing_the_journal_is_not_an_unread_table_row():
    from paperfig.coverage import _looks_like_data_row

    assert not _looks_like_data_row("Dental Materials Journal 2024; 43(2): 215–224", 5)
    assert not _looks_like_data_row("MNRAS 527, 4410–4428 (2024)", 4)
