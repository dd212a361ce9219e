"""Block splitting (paperfig.segment): chart regions belong to blocks, not files."""

from paperfig.documents import document_from_text
from paperfig.segment import Region, chart_regions, is_part_heading, masked


def regions(text, table_lines=frozenset()):
    return chart_regions(text.split("\n"), table_lines)


def test_plot_heading_owns_its_subsections():
    text = "\n".join([
        "## Scatter Plot: Score vs. Size",      # 1
        "### Components/Axes",                  # 2
        "* **X-axis:** Size (MB)",              # 3
        "* **Y-axis:** Score",                  # 4
        "### Detailed Analysis",                # 5
        "* **A:** Located at (2, 64).",         # 6
        "## Discussion",                        # 7
        "Plain prose.",                         # 8
    ])
    assert regions(text) == [Region(1, 6)]


def test_generic_subsection_climbs_to_its_parent_heading():
    text = "\n".join([
        "# Paper notes",                 # 1
        "Some prose.",                   # 2
        "## Figure 3",                   # 3
        "### Components",                # 4
        "X axis - Epochs (1 to 10)",     # 5
        "Y axis - Loss",                 # 6
        "## Table section",              # 7
    ])
    assert regions(text) == [Region(3, 6)]


def test_two_headings_do_not_make_a_deck_of_charts():
    text = "# Title\n## Motivation\n- bullet\n## Results\n| a | b |\n|---|---|\n| x | 1 |\n"
    assert regions(text) == []


def test_axis_mentioned_in_a_sentence_is_no_anchor():
    assert regions("We plot accuracy on the x-axis: see below.\nNothing else.") == []


def test_headingless_description_starts_after_the_previous_table():
    text = "\n".join([
        "Model\tAcc",              # 1
        "A\t1.0",                  # 2
        "",                        # 3
        "The figure shows bars.",  # 4
        "X-axis: Model",           # 5
        "Y-axis: Accuracy",        # 6
        "- A: 45.2",               # 7
    ])
    assert regions(text, frozenset({1, 2})) == [Region(3, 7)]


def test_two_plot_headings_give_two_regions():
    text = "## Bar Chart: A\n* **X-axis:** M\n* m: 1\n## Line Graph: B\n* **X-axis:** t\n* (1, 2)\n"
    assert regions(text) == [Region(1, 3), Region(4, 7)]


def test_masked_keeps_line_numbers():
    doc = document_from_text("a\nb\nc\n", "m.txt")
    part = masked(doc, {2})
    assert part.lines == ("", "b", "") and part.source_file == "m.txt"


def test_a_sentence_naming_a_chart_anchors_a_region():
    text = "Intro prose.\n\nThe image is a bar chart titled \"Speed\".\n- A: 2450 tokens/s\n- B: 1890 tokens/s\n"
    assert regions(text) == [Region(1, 6)]


def test_an_axis_described_in_a_sentence_anchors_a_region():
    text = "The x-axis represents parameters and the y-axis the score.\nData points: A(2.7, 56.7), B(7, 64.3).\n"
    assert regions(text) == [Region(1, 3)]
    assert regions("In this work the x-axis of Figure 2 is time.\n") == []


def test_a_numbered_figure_description_in_a_blockquote_is_a_chart():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    text = ("Intro text.\n\n> **Figure 4 description:** A line chart of loss against experts. The points are "
            "approximately (4, 2.66), (8, 2.58) and (16, 2.52).\n\n| Model | Params | HellaSwag | ARC |\n|---|---|---|---|\n"
            "| dense | 410M | 52.3 | 58.1 |\n")
    parsed = parse_document(document_from_text(text, "blockquote.md"), {})
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(3, "4", "2.66"), (3, "8", "2.58"),
                                                                           (3, "16", "2.52")]
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [(7, "410"), (7, "52.3"), (7, "58.1")]
    assert not [n for n in parsed["parse_notes"] if n["kind"] == "unread_point"]


def test_bullets_that_differ_only_in_numbers_and_read_x_to_y_are_a_curve():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    text = ("# Results\n\n---\n\n## Robustness\n\nAUROC when label flips are injected:\n\n- 0% flips → $0.841$\n"
            "- 10% flips → $0.832$\n- 20% flips → $0.815$\n\n---\n\n## Gains\n\n- Perplexity: 18.3 → 18.7\n"
            "- Needle accuracy: 67.2 → 12.4\n- Latency: 41 ms → 38 ms\n")
    parsed = parse_document(document_from_text(text, "arrow_deck.md"), {})
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(9, "0", "0.841"), (10, "10", "0.832"),
                                                                           (11, "20", "0.815")]
    from paperfig import segment

    assert segment._arrow_series(text.splitlines()) == [(9, 11)]  # before -> after bullets are no curve


def test_a_slide_break_ends_a_chart_description():
    lines = ["# Deck", "", "---", "", "## Slide 1", "- **Type:** bar chart", "- **A:** 45.2", "", "---", "",
             "## Slide 2", "- **Type:** line chart", "- **Series:** (1, 2), (3, 4)", "", "---", "", "Thanks"]
    regions = chart_regions(lines)
    assert [(r.first, r.last) for r in regions] == [(5, 8), (11, 14)]


def test_a_section_on_what_the_chart_shows_is_part_of_its_description():
    """``## What the chart shows`` names no chart of its own: it belongs to the description."""
    text = ("This is a line chart of deer density.\n\n## Extracted data\n\n| Year | A | B |\n|---|---|---|\n"
            "| 2012 | 18.5 | 24.0 |\n| 2013 | 19.8 | 25.3 |\n\n## What the chart shows\n\nA rises, B falls.\n")
    assert regions(text) == [Region(1, 13)]
    for verb in ("suggests", "indicates", "implies"):
        assert is_part_heading(f"What the chart {verb}")
