"""One document, many blocks (paperfig.parse): charts and tables in one file, figures numbered
across the file, prose-only documents warned about, every number accounted for (coverage)."""

from paperfig.checks.reading import run as reading_findings
from paperfig.documents import document_from_text
from paperfig.parse import parse_document

MIXED = "\n".join([
    "# Results",                                              # 1
    "",                                                       # 2
    "Table 2: Accuracy of the small models.",                 # 3
    "",                                                       # 4
    "| Model | Acc | F1 |",                                    # 5
    "|---|---|---|",                                          # 6
    "| Tiny-4L | 74.7% | 0.81 |",                              # 7
    "| Base | 81.2 ± 0.3 | 0.86 |",                           # 8
    "",                                                       # 9
    "## Bar Chart: Speed of each model",                      # 10
    "* **X-axis:** Model",                                    # 11
    "* **Y-axis:** Speedup (x)",                              # 12
    "* **Tiny-4L:** 3.1x",                                    # 13
    "* **Base:** 1.0x",                                       # 14
    "",                                                       # 15
    "## Line Graph: Loss over training",                      # 16
    "* **X-axis:** Epoch",                                    # 17
    "* **Y-axis:** Loss",                                     # 18
    "* **Tiny-4L:** (1, 2.5), (2, 1.9), (3, 1.4)",            # 19
    "",                                                       # 20
    "## Discussion",                                          # 21
    "Tiny-4L runs 3.1 times faster in 2 of 3 settings.",      # 22
])


def values(parsed):
    out = [(int(v["line_no"]), v["value"]) for v in parsed["table_values"] if v["part"] != "missing"]
    for p in parsed["points"]:
        out += [(int(p["line_no"]), p[k]) for k in ("x", "y") if p[k] != ""]
    return sorted(out)


def test_a_file_holds_a_table_and_two_charts():
    parsed = parse_document(document_from_text(MIXED, "mixed.md"))
    assert parsed["shape"] == "mixed"
    assert [t["caption"] for t in parsed["table_summary"]] == ["Table 2: Accuracy of the small models."]
    assert [(a["figure_id"], a["chart_type"]) for a in parsed["axes"]] == [
        ("mixed-fig1", "bar"), ("mixed-fig2", "line")]
    assert {p["figure_id"] for p in parsed["points"] if p["line_no"] == 19} == {"mixed-fig2"}
    assert values(parsed) == sorted([
        (7, "74.7"), (7, "0.81"), (8, "81.2"), (8, "0.3"), (8, "0.86"),
        (13, "3.1"), (14, "1.0"),
        (19, "1"), (19, "2.5"), (19, "2"), (19, "1.9"), (19, "3"), (19, "1.4")])


def test_every_number_is_accounted_for():
    cov = parse_document(document_from_text(MIXED, "mixed.md"))["coverage"]
    # 13 values; "2" in the caption; the discussion line's 3.1, 2 and 3 are prose
    assert cov["n_numbers_value"] == 13
    assert cov["n_numbers_caption"] == 1 and cov["n_numbers_prose"] == 3
    assert cov["n_numbers_unread"] == 0 and cov["coverage"] == 1.0


def test_a_prose_document_is_read_but_warned_about():
    parsed = parse_document(document_from_text("Meeting notes\nWe compressed 3 models by 40%.\n", "notes.txt"))
    assert parsed["shape"] == "prose" and not parsed["table_values"] and not parsed["points"]
    findings = reading_findings(parsed, {})
    assert [(f["severity"], f["line_no"], f["subject"]) for f in findings] == [("warning", 2, "nothing_read")]
    assert "lines 2" in findings[0]["message"]


def test_a_row_of_numbers_outside_any_table_is_a_warning_with_its_line():
    text = "Some intro sentence here.\n\nResNet 76.1 78.3 80.2 81.0\n\nMore prose follows.\n"
    parsed = parse_document(document_from_text(text, "odd.txt"))
    kinds = {(n["kind"], n["line_no"]) for n in parsed["parse_notes"]}
    assert ("unread_data_line", 3) in kinds


def test_a_chart_heading_without_points_is_read_as_tables_instead():
    text = "## Results chart\n\n| Model | Acc |\n|---|---|\n| A | 70.1 |\n| B | 72.4 |\n"
    parsed = parse_document(document_from_text(text, "slide.md"))
    assert parsed["shape"] == "page" and not parsed["axes"]
    assert values(parsed) == [(5, "70.1"), (6, "72.4")]
    assert "chart_as_table" in {n["kind"] for n in parsed["parse_notes"]}


def test_an_empty_table_block_is_a_warning_naming_its_lines():
    text = "| Model | Acc |\n|---|---|\n| A | n/a |\n| B | n/a |\n"
    parsed = parse_document(document_from_text(text, "empty.md"))
    messages = [f["message"] for f in reading_findings(parsed, {})]
    assert any("lines 1-4" in m for m in messages) or any("no table or chart" in m for m in messages)


def test_xhtml_paragraph_tags_keep_a_table_and_its_abbreviated_header():
    text = "\n".join([
        '<div class="page"><p>Results of the encoders on three tasks.',
        "</p>",
        "<p>Model Params SS3 Fold Fluor.",
        "Teacher 650M 84.6 33.2 0.682",
        "Small 35M 81.1 26.8 0.674",
        "Student (ours) 84M 83.8 31.9 0.679",
        "</p></div>",
    ])
    parsed = parse_document(document_from_text(text, "tika.txt"))
    got = [(v["line_no"], v["column"], v["value"]) for v in parsed["table_values"]]
    assert got[:4] == [(4, "Params", "650"), (4, "SS3", "84.6"), (4, "Fold", "33.2"), (4, "Fluor.", "0.682")]
    assert len(got) == 12


def test_shortcodes_fragment_spans_and_end_of_turn_tokens_are_no_text():
    deck = "\n".join([
        "## Jobs", "",
        "| job | GPU-hours | cost (k$) |", "|---|---|---|",
        "| asr | {{% fragment %}}41,200{{% /fragment %}} | {{% fragment %}}17.9{{% /fragment %}} |",
        "| seg | {{% fragment %}}12,650{{% /fragment %}} | {{% fragment %}}5.2{{% /fragment %}} |",
    ])
    parsed = parse_document(document_from_text(deck, "deck.md"))
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [
        (5, "41200"), (5, "17.9"), (6, "12650"), (6, "5.2")]
    chat = "\n".join([
        "<|im_start|>user", "Convert the chart to a data table.<|im_end|>", "<|im_start|>assistant",
        "TITLE | Change in BLEU after quantisation", "Pair | Change", "en–de | −0.8", "en–fr | −0.3",
        "de–en | 0.2<|im_end|>",
    ])
    parsed = parse_document(document_from_text(chat, "chat.md"))
    got = sorted((int(p["line_no"]), p["y"]) for p in parsed["points"]) or sorted(
        (v["line_no"], v["value"]) for v in parsed["table_values"])
    assert got == [(6, "-0.8"), (7, "-0.3"), (8, "0.2")]


def test_bold_numbers_of_a_text_row_keep_their_columns():
    text = "\n".join([
        "Method Params SQuAD MNLI QQP",
        "LoRA 21M 63.1 54.0 35.2",
        "Adapter 24M 62.5 53.8 35.9",
        "PRISM 21M **64.8** **55.6** **36.6**",
    ])
    parsed = parse_document(document_from_text(text, "pymupdf.md"))
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["21", "64.8", "55.6", "36.6"]


def test_page_numbers_and_running_heads_beside_a_page_break_are_not_read():
    text = "\n".join([
        "Table 2: Turnout by group.", "Group 2014 2022 Change", "Young 61.2 55.0 −6.2", "Middle 74.1 70.3 −3.8",
        "13", "\fSociological Science 11 (2024)", "Table 2 (continued)", "Group 2014 2022 Change",
        "Old 88.7 85.9 −2.8", "Retired 87.9 85.1 −2.8",
    ])
    parsed = parse_document(document_from_text(text, "soc.txt"))
    assert not [v for v in parsed["table_values"] if v["line_no"] in (5, 6)]
    assert {v["line_no"] for v in parsed["table_values"]} == {3, 4, 9, 10}


def test_a_table_printed_one_cell_per_line_goes_on_after_a_page_break_under_no_header():
    """A foot, its page number, then the next page opening with the table's next row: the foot
    and the page number are furniture, the row's number (``\f25``, not page 10) is its label."""
    from paperfig.parse import _page_furniture

    rows = [("10", "212.4 ± 6.1", "1.21", "248.0 ± 7.9", "1.35"), ("15", "231.7 ± 6.8", "1.32", "270.5 ± 8.4", "1.47"),
            ("20", "254.9 ± 7.2", "1.45", "296.1 ± 9.9", "1.61")]
    more = [("\f25", "279.3 ± 8.0", "1.59", "322.8 ± 10.6", "1.76"), ("30", "301.6 ± 9.1", "1.72", "351.0 ± 12.2", "1.91")]
    text = "\n".join(["Table 2. Disc temperature by axle load.", "", "Load (t)", "Disc A (°C)", "Rise A", "Disc B (°C)",
                      "Rise B", *[cell for row in rows for cell in row], "",
                      "Journal of Braking Systems · Vol. 12 · No. 3", "9", *[cell for row in more for cell in row]])
    lines = tuple(text.split("\n"))
    assert _page_furniture(lines) == {23, 24}
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "disc.txt"), {})["table_values"]
              if v["value"] and v["part"] == "value"]
    assert (27, "279.3") in values and (32, "301.6") in values and (35, "1.91") in values
    assert not [v for v in values if v[0] in (24, 25, 26, 31)]  # the page number and the rows' labels
    assert _page_furniture(("8.1", "", "Journal of Braking Systems · Vol. 12 · No. 3", "9", "\f10", "Rows")) == {2, 3, 4}
    assert _page_furniture(("129", "", "Page 6 of 11", "\fP08")) == {2}  # a table's last cell stays


def test_a_running_foot_naming_the_journal_year_and_page_is_not_a_row():
    text = "\n".join([
        "Table 3: Echo parameters.", "Parameter Before After", "LVEF 52.1 55.8", "LVESD 32.7 30.9",
        "Cardiology Research and Practice 2025 7", "\f8 M. Esposito et al.", "Table 3 (continued)",
        "Parameter Before After", "IVS 13.1 12.2", "LAVI 38.2 35.1",
    ])
    parsed = parse_document(document_from_text(text, "echo.txt"))
    assert {v["line_no"] for v in parsed["table_values"]} == {3, 4, 9, 10}


def test_pandoc_superscript_letters_glued_to_numbers_leave_the_numbers_in_their_columns():
    text = "\n".join(["  Diet            Weight (g)   FCR", "  --------------  -----------  ---------",
                      "  Control         2,214^a^     1.580^c^", "  PKC 10%         2,196^a^     1.595^c^",
                      "  PKC 20%         2,051^b^     1.681^ab^"])
    parsed = parse_document(document_from_text(text, "deck.md"), {})
    values = [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]]
    assert [v for ln, v in values if ln == 3] == ["2214", "1.580"] and [v for ln, v in values if ln == 5] == [
        "2051", "1.681"]
    from paperfig.parse import _PANDOC_SUPERSCRIPT

    assert _PANDOC_SUPERSCRIPT.sub("", "10^6^ cells, 2.1^a^") == "10^6^ cells, 2.1"  # a power stays
