"""Table blocks in four more text forms: chart-to-table models' linearised tables, GROBID TEI,
pandoc simple/multiline tables and one-line element dumps. Small documents written here."""

import pytest

from grid_helpers import grids, one
from paperfig import cells
from paperfig.documents import document_from_text
from paperfig.parse import parse_document
from paperfig.tableforms import FORMS, find_grids, linearized, multiline, oneline, tei


def test_new_forms_are_wired_in_order():
    for form in ("tei", "linearized", "multiline", "oneline"):
        assert form in FORMS
    assert FORMS.index("tei") < FORMS.index("html")
    assert FORMS.index("linearized") < FORMS.index("pipe") < FORMS.index("multiline") < FORMS.index("aligned")


# --------------------------------------------------------------------------- linearized


def test_linearized_title_header_rows_on_one_line():
    text = "\n".join([
        "[run] model=matcha-chartqa images=2",
        "chart_a.png",
        "TITLE | Throughput by batch size <0x0A> Batch | Tokens/s | Latency <0x0A> 1 | 310 | 3.2 "
        "<0x0A> 8 | 1920 | 4.1 <0x0A> 32 | 5400 | 5.9",
        "[run] chart_a.png done in 0.8s",
    ])
    g = one(text, "linearized")
    assert (g.first_line, g.last_line, g.lines) == (3, 3, [3])
    assert g.caption == (3, "Throughput by batch size")
    assert g.header_rows == 1
    assert g.rows == [
        (3, ["Batch", "Tokens/s", "Latency"]),
        (3, ["1", "310", "3.2"]),
        (3, ["8", "1920", "4.1"]),
        (3, ["32", "5400", "5.9"]),
    ]


def test_linearized_empty_title_literal_newlines_and_printed_string():
    g = one("out: ['TITLE |  \\n Region | 2022 | 2023 \\n North | 4.5 | 5.0 \\n South (est.) | 3.1 | 3.3']",
            "linearized")
    assert g.caption is None
    assert g.rows == [(1, ["Region", "2022", "2023"]), (1, ["North", "4.5", "5.0"]),
                      (1, ["South (est.)", "3.1", "3.3"])]
    g = one("Year | Share </s><0x0A> 2021 | 12% <0x0A> 2022 | 15% <0x0A>", "linearized")
    assert g.caption is None
    assert g.rows == [(1, ["Year", "Share"]), (1, ["2021", "12%"]), (1, ["2022", "15%"])]


@pytest.mark.parametrize("text", [
    "WARNING: output has no <0x0A> separator, skipped",
    "TITLE | Share of errors by type",
    "TITLE | Only a title <0x0A> Label | 3",                    # one row after the title
    "We split on <0x0A> and on | pipes <0x0A> in the decoder",  # one cell per row
    'x = "Model | Acc\\n--- | ---\\nA | 1.0"',                  # a pipe table escaped into a string
])
def test_linearized_not_a_table(text):
    assert linearized.find([text]) == []


# --------------------------------------------------------------------------- tei

TEI = """<text><body>
<p>Prose before the table.</p>
<figure xmlns="http://www.tei-c.org/ns/1.0" type="table" xml:id="tab_1">
  <head>Table 1 :</head>
  <label>1</label>
  <figDesc>Accuracy &amp; size of the distilled students.<lb/></figDesc>
  <table>
    <row role="label"><cell>Student</cell><cell cols="2">Accuracy</cell><cell>Size</cell></row>
    <row role="label"><cell/><cell>Dev</cell><cell>Test</cell><cell/></row>
    <row><cell rows="2">Tiny</cell><cell>81.2<hi rend="superscript">†</hi></cell><cell>80.4</cell><cell>14M</cell></row>
    <row><cell>79.9</cell><cell>79.1</cell><cell>7M</cell></row>
    <row><cell><hi rend="bold">Ours</hi></cell><cell><hi rend="bold">83.0</hi></cell><cell>82.7</cell>
      <cell>22M</cell></row>
  </table>
  <note place="foot">† averaged over three seeds.</note>
</figure>
<p>Prose after.</p>
</body></text>"""


def test_tei_figure_rows_spans_header_caption():
    g = one(TEI, "tei")
    assert (g.first_line, g.last_line) == (3, 16)
    assert g.lines == list(range(3, 17))
    assert g.caption == (6, "Table 1: Accuracy & size of the distilled students.")
    assert g.header_rows == 2
    assert g.rows == [
        (8, ["Student", "Accuracy", "", "Size"]),
        (9, ["", "Dev", "Test", ""]),
        (10, ["Tiny", "81.2†", "80.4", "14M"]),
        (11, ["", "79.9", "79.1", "7M"]),
        (12, ["Ours", "83.0", "82.7", "22M"]),
    ]
    assert g.cell_lines is not None and g.cell_lines[4] == [12, 12, 12, 13]


def test_tei_several_rows_on_one_line_and_caption_already_in_desc():
    text = ('<figure type="table"><head>Table 4.</head><figDesc>Table 4. Ablation.</figDesc><table>'
            '<row><cell>Variant</cell><cell>F1</cell></row><row><cell>full</cell><cell>71.5</cell></row>'
            '<row><cell>w/o A</cell><cell>69.0</cell></row></table></figure>')
    g = one("Intro.\n" + text, "tei")
    assert g.lines == [2]
    assert g.caption == (2, "Table 4. Ablation.")
    assert g.header_rows == 0
    assert g.rows == [(2, ["Variant", "F1"]), (2, ["full", "71.5"]), (2, ["w/o A", "69.0"])]


def test_tei_bare_table_and_figure_without_table():
    text = "\n".join([
        '<figure type="table"><head>Table 9</head><figDesc>Not parsed by GROBID.</figDesc></figure>',
        "<table>",
        "<row><cell>a</cell><cell>1.5</cell></row>",
        "<row><cell>b</cell><cell>2.5</cell></row>",
        "</table>",
    ])
    found = tei.find(text.split("\n"))
    assert [(g.first_line, g.last_line) for g in found] == [(2, 5)]
    assert found[0].rows == [(3, ["a", "1.5"]), (4, ["b", "2.5"])]
    assert found[0].caption is None


def test_html_tables_are_not_tei():
    assert tei.find(["<table><tr><td>a</td><td>1</td></tr></table>"]) == []


# --------------------------------------------------------------------------- multiline

MULTILINE = """# Results

-------------------------------------------------------
Method          Steps       Loss     Peak
                (k)                  memory
--------------- ----------- -------- ----------
Baseline        100         2.31     41 GB


AdamW           80          2.18     38 GB
cosine

Lion (ours)     60          2.12     --
-------------------------------------------------------

Table: Pretraining runs on 8 GPUs.
"""


def test_multiline_table_wrapped_cells_and_caption():
    g = one(MULTILINE, "multiline")
    assert (g.first_line, g.last_line) == (3, 14)
    assert g.lines == list(range(3, 15))
    assert g.header_rows == 1
    assert g.caption == (16, "Pretraining runs on 8 GPUs.")
    assert g.rows == [
        (4, ["Method", "Steps (k)", "Loss", "Peak memory"]),
        (7, ["Baseline", "100", "2.31", "41 GB"]),
        (10, ["AdamW cosine", "80", "2.18", "38 GB"]),
        (13, ["Lion (ours)", "60", "2.12", "--"]),
    ]


def test_simple_table_right_aligned_header_and_caption_before():
    text = "\n".join([
        ": Latency per request.",
        "",
        "    Model     Batch    ms",
        "  ---------  -------  -----",
        "  small            1   12.5",
        "  large            8     --",
        "",
        "After the table.",
    ])
    g = one(text, "multiline")
    assert (g.first_line, g.last_line) == (3, 6)
    assert g.caption == (1, "Latency per request.")
    assert g.rows == [(3, ["Model", "Batch", "ms"]), (5, ["small", "1", "12.5"]), (6, ["large", "8", "--"])]


def test_multiline_without_blank_lines_and_simple_table_with_inner_rule():
    text = "\n".join([
        "--------------------------------",
        "Model        Acc      Note",
        "-----------  -------  ----------",
        "small        71.0     fast",
        "                      decoding",
        "large        75.5     slow",
        "--------------------------------",
    ])
    g = one(text, "multiline")
    assert g.rows == [(2, ["Model", "Acc", "Note"]), (4, ["small", "71.0", "fast decoding"]),
                      (6, ["large", "75.5", "slow"])]
    text = "Model   A     B\n------  ----  ----\nx       1.0   2.0\n------  ----  ----\nAvg     1.5   2.5\n\nEnd."
    g = one(text, "multiline")
    assert g.lines == [1, 2, 3, 4, 5]
    assert g.rows == [(1, ["Model", "A", "B"]), (3, ["x", "1.0", "2.0"]), (5, ["Avg", "1.5", "2.5"])]


def test_layout_rules_under_group_names_over_row_labels_are_no_pandoc_table():
    """pdftotext -layout: a rule under each group's name, the row labels left of both rules."""
    text = "\n".join([
        "                          Dry mass (g)              Height (cm)",
        "                       -------------------     -------------------",
        " Treatment               Week 2    Week 6        Week 2    Week 6",
        " Control                 4.1 ± 0.3  6.2 ± 0.4      31 ± 2    48 ± 3",
        " Mulch                   5.6 ± 0.4  8.9 ± 0.6      35 ± 2    57 ± 4",
        " Mulch + compost         6.3 ± 0.5  9.8 ± 0.7      38 ± 3    61 ± 4",
    ])
    g = one(text, "aligned")
    assert g.rows[-1][1] == ["Mulch + compost", "6.3 ± 0.5", "9.8 ± 0.7", "38 ± 3", "61 ± 4"]


def test_effect_estimates_named_in_their_cells_and_a_header_placed_over_columns_read_by_order():
    """pdftotext -layout: 'RR 0.85 (0.53 to 1.36)' is one cell; a row whose two values stand
    one space apart is read by value order, and the header's names still go over their columns."""
    text = "\n".join([
        "                                Drug             Placebo          Effect estimate         p",
        "                                (n = 96)         (n = 98)         (95% CI)",
        "   Admission, n (%)              14 (14.6)        22 (22.4)       RR 0.65 (0.36 to 1.19)   0.16",
        "   Stay, days             4.1 [3.0–5.6] 4.4 [3.2–6.1]             MD −0.3 (−0.9 to 0.3)    0.31",
        "   Death, n (%)                   2 (2.1)          3 (3.1)         —                        >0.99",
    ])
    g = one(text, "aligned")
    assert g.rows[0][1] == ["", "Drug", "Placebo", "Effect estimate", "p"]
    assert g.rows[1][1] == ["", "(n = 96)", "(n = 98)", "(95% CI)", ""]
    assert g.rows[2][1] == ["Admission, n (%)", "14 (14.6)", "22 (22.4)", "RR 0.65 (0.36 to 1.19)", "0.16"]
    assert g.rows[3][1] == ["Stay, days", "4.1 [3.0–5.6]", "4.4 [3.2–6.1]", "MD −0.3 (−0.9 to 0.3)", "0.31"]


def test_headerless_simple_table_closed_by_dash_runs():
    text = "\n".join([
        "Text.",
        "",
        "-------  -----  -----",
        "alpha      1.0    2.0",
        "beta       3.0    4.0",
        "-------  -----  -----",
    ])
    g = one(text, "multiline")
    assert (g.first_line, g.last_line, g.header_rows) == (3, 6, 0)
    assert g.rows == [(4, ["alpha", "1.0", "2.0"]), (5, ["beta", "3.0", "4.0"])]


@pytest.mark.parametrize("text", [
    "---\ntitle: Talk\nauthor: Me\n---\n\n# Intro",          # YAML front matter
    "Some prose.\n\n---\n\nMore prose 1 2 3.",               # a horizontal rule
    "Heading\n-------\n\nText 1.0 2.0",                      # a setext heading
    "- - -\nitem",                                           # a rule made of single dashes
    "-------  -----\nalpha      1.0\n\nno closing line",     # headerless, never closed
    "Table 2: Results\n-------  ----\nx        1.0\ny        3.0",  # a caption is no header
])
def test_multiline_not_a_table(text):
    assert multiline.find(text.split("\n")) == []


# --------------------------------------------------------------------------- oneline


def test_oneline_table_element():
    text = "\n".join([
        "[Title] 4 Results",
        "",
        "[Table] System Params EM F1 BERT-large 340M 84.1 90.9 RoBERTa-2 355M 88.9 94.6 Ours (small) 66M 86.0 –",
        "",
        "[NarrativeText] Ours is close to RoBERTa-2 with 5 times fewer parameters.",
    ])
    g = one(text, "oneline")
    assert (g.first_line, g.last_line, g.lines, g.header_rows) == (3, 3, [3], 1)
    assert g.rows == [
        (3, ["System", "Params", "EM", "F1"]),
        (3, ["BERT-large", "340M", "84.1", "90.9"]),
        (3, ["RoBERTa-2", "355M", "88.9", "94.6"]),
        (3, ["Ours (small)", "66M", "86.0", "–"]),
    ]


def test_oneline_category_colon_marker_and_blank_label_header():
    g = one("Table: EN DE base 21.3 18.0 big 25.1 N/A", "oneline")
    assert g.rows == [(1, ["", "EN", "DE"]), (1, ["base", "21.3", "18.0"]), (1, ["big", "25.1", "N/A"])]


@pytest.mark.parametrize("text", [
    "[NarrativeText] Model A scores 84.1 90.9 and model B scores 88.9 94.6 on the two sets.",
    "Model Params EM F1 BERT 340M 84.1 90.9 RoBERTa 355M 88.9 94.6",   # no element marker
    "Table: Validation perplexity after 30B tokens.",
    "[Table] Model EM F1 BERT 84.1 90.9 RoBERTa 88.9",                  # a row with too few values
    "[Table] Model Size EM Llama 2 7B 45.3 Mistral 7B 50.1",            # a label holding a number
    "[Table] Model EM F1 BERT 84.1 90.9",                               # one row only
    "Table: Scores of A, B 1.0 2.0 and C, D 3.0 4.0",
])
def test_oneline_prose_or_unparsed_is_not_a_table(text):
    assert oneline.find([text]) == []


def test_ocr_boxes_of_easyocr_and_paddleocr_become_rows_and_columns():
    from paperfig.tableforms import ocrboxes

    lines = [">>> for r in result: print(r)",
             "([[10, 10], [90, 10], [90, 30], [10, 30]], 'Model', 0.91)",
             "([[200, 11], [240, 11], [240, 31], [200, 31]], 'Acc', 0.88)",
             "([[300, 10], [350, 10], [350, 30], [300, 30]], 'F1', 0.93)",
             "([[10, 41], [60, 41], [60, 61], [10, 61]], 'Base', 0.82)",
             "([[200, 40], [240, 40], [240, 60], [200, 60]], '71.2', 0.75)",
             "([[300, 42], [345, 42], [345, 62], [300, 62]], '0.69', 0.70)",
             "[[[10.0, 72.0], [80.0, 72.0], [80.0, 92.0], [10.0, 92.0]], ('Ours', 0.97)]",
             "[[[300.0, 71.0], [345.0, 71.0], [345.0, 91.0], [300.0, 91.0]], ('0.74', 0.99)]",
             ">>> len(result)"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(2, ["Model", "Acc", "F1"]), (5, ["Base", "71.2", "0.69"]), (8, ["Ours", "", "0.74"])]
    assert grid.cell_lines == [[2, 3, 4], [5, 6, 7], [8, 8, 9]]
    assert ocrboxes.find(lines[:3]) == []  # too few boxes


def test_paddleocr_command_line_boxes_after_the_logger_prefix():
    """``paddleocr --image_dir`` logs every box after ``[date time] ppocr INFO:``: still a box line;
    the date, time and coordinates are the tool's, never values."""
    from paperfig.tableforms import ocrboxes

    pre = "[2025/03/02 11:07:41] ppocr INFO: "
    lines = [pre + "**********plate.png**********",
             pre + "[[[10.0, 10.0], [90.0, 10.0], [90.0, 30.0], [10.0, 30.0]], ('Strain', 0.99)]",
             pre + "[[[200.0, 10.0], [260.0, 10.0], [260.0, 30.0], [200.0, 30.0]], ('OD600', 0.97)]",
             pre + "[[[10.0, 40.0], [70.0, 40.0], [70.0, 60.0], [10.0, 60.0]], ('WT', 0.98)]",
             pre + "[[[200.0, 40.0], [250.0, 40.0], [250.0, 60.0], [200.0, 60.0]], ('1.42', 0.95)]",
             pre + "[[[10.0, 70.0], [70.0, 70.0], [70.0, 90.0], [10.0, 90.0]], ('dA', 0.96)]",
             pre + "[[[200.0, 70.0], [250.0, 70.0], [250.0, 90.0], [200.0, 90.0]], ('0.87', 0.94)]"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(2, ["Strain", "OD600"]), (4, ["WT", "1.42"]), (6, ["dA", "0.87"])]
    parsed = parse_document(document_from_text("\n".join(lines), "plate.txt"), {})
    assert sorted(v["value"] for v in parsed["table_values"]) == ["0.87", "1.42"]
    assert parsed["coverage"]["n_numbers_prose"] == 0  # no date, time or coordinate counted


def test_a_table_printed_column_by_column():
    from paperfig.tableforms import columnblocks

    lines = ["Table 2: Word error rate.", "", "Model", "", "Params", "", "clean", "", "Small", "Medium (ours)", "",
             "10.3M", "30.7M", "", "2.7", "2.3", "", "After the table, prose."]
    (grid,) = columnblocks.find(lines)
    assert grid.rows == [(3, ["Model", "Params", "clean"]), (9, ["Small", "10.3M", "2.7"]),
                         (10, ["Medium (ours)", "30.7M", "2.3"])]
    assert grid.cell_lines == [[3, 5, 7], [9, 12, 15], [10, 13, 16]] and grid.header_rows == 1
    # two short lists in prose are no table
    assert columnblocks.find(["Apples", "Pears", "", "3", "4", "", "Some prose."]) == []


def test_tesseract_tsv_words_become_cells_and_its_coordinates_no_values():
    from paperfig.tableforms import ocrboxes

    head = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext"
    rows = [(1, 1, 1, 1, "10", "Table"), (1, 1, 1, 2, "60", "3:"), (1, 1, 1, 3, "90", "speed"),
            (1, 1, 2, 1, "10", "Model"), (1, 1, 2, 2, "200", "Acc"), (1, 1, 2, 3, "300", "Speed"),
            (1, 1, 3, 1, "10", "Small"), (1, 1, 3, 2, "60", "model"), (1, 1, 3, 3, "200", "71.2"),
            (1, 1, 3, 4, "300", "2.4")]
    lines = ["Some text above.", head, "1\t1\t0\t0\t0\t0\t0\t0\t500\t300\t-1\t"]
    for block, par, line, word, left, text in rows:
        top = 10 + 30 * line
        lines.append(f"5\t1\t{block}\t{par}\t{line}\t{word}\t{left}\t{top}\t40\t20\t91.5\t{text}")
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(7, ["Model", "Acc", "Speed"]), (10, ["Small model", "71.2", "2.4"])]  # title row dropped
    assert grid.first_line == 2 and grid.last_line == len(lines)


def test_hocr_word_spans_become_cells():
    from paperfig.tableforms import ocrboxes

    def word(x, y, text):
        return f"  <span class='ocrx_word' id='w' title='bbox {x} {y} {x + 50} {y + 20}; x_wconf 91'>{text}</span>"

    lines = ["<div class='ocr_page'>", " <span class='ocr_line' title='bbox 0 0 400 20'>", word(10, 0, "Model"),
             word(200, 0, "FID"), " </span>", " <span class='ocr_line' title='bbox 0 40 400 60'>", word(10, 40, "DDPM"),
             word(200, 40, "3.17"), " </span>", " <span class='ocr_line' title='bbox 0 80 400 100'>",
             word(10, 80, "Ours"), word(200, 80, "2.91"), " </span>", "</div>"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(3, ["Model", "FID"]), (7, ["DDPM", "3.17"]), (11, ["Ours", "2.91"])]
    assert grid.cell_lines[1] == [7, 8]


def test_value_bullets_of_a_deck_are_a_small_table_outside_charts():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document
    from paperfig.tableforms import bulletlist

    lines = ["## Memory", "", "* Dense: 61.2 GB", "* MoE: **44.5 GB**", "* Ours: ~38.0 GB", "* Notes: see the paper",
             "", "- Expert 1: 0.14", "- Expert 2: 0.12", "- We added 4 new pairs", "- Expert 3: 0.11"]
    grid, pair = bulletlist.find(lines)  # a lone value bullet (line 11) is no list
    assert grid.rows == [(3, ["Dense", "61.2"]), (4, ["MoE", "44.5"]), (5, ["Ours", "38.0"])]
    assert pair.rows == [(8, ["Expert 1", "0.14"]), (9, ["Expert 2", "0.12"])]
    parsed = parse_document(document_from_text("\n".join(lines), "bullets.md"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [
        (3, "61.2"), (4, "44.5"), (5, "38.0"), (8, "0.14"), (9, "0.12")]


def test_paddleocr_json_texts_and_boxes_become_a_table():
    from paperfig.tableforms import ocrboxes

    texts = ["Method", "Acc", "Base", "71.2", "Ours", "74.0"]
    boxes = [[10, 10, 80, 30], [200, 10, 240, 30], [10, 40, 60, 60], [200, 40, 240, 60], [10, 70, 60, 90],
             [200, 70, 240, 90]]
    lines = ["{", '  "rec_texts": ['] + [f'    "{t}",' for t in texts] + ["  ],", '  "rec_scores": [0.99, 0.98],',
                                                                      '  "rec_boxes": [']
    lines += [f"    [{', '.join(str(v) for v in b)}]," for b in boxes] + ["  ]", "}"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(3, ["Method", "Acc"]), (5, ["Base", "71.2"]), (7, ["Ours", "74.0"])]
    assert grid.cell_lines[1] == [5, 6]


def test_json_objects_of_a_text_and_its_box_one_per_line_become_a_table():
    """Surya's ``text_lines`` (a polygon, a confidence, the text, a bbox) or JSON lines of a
    text and its bbox: boxes like EasyOCR's; coordinates and confidences are never values."""
    from paperfig.tableforms import ocrboxes

    cells = [("Cultivar", 10, 10, 90), ("Yield (t/ha)", 200, 10, 290), ("Tall", 10, 40, 50), ("6.1 \\u00b1 0.4", 200, 40, 270),
             ("<b>Dwarf</b>", 10, 70, 60), ("7.3 \\u00b1 0.5", 200, 70, 270)]

    def polygon(x0, y0, x1):
        return f"[[{x0}.0, {y0}.0], [{x1}.0, {y0}.0], [{x1}.0, {y0 + 20}.0], [{x0}.0, {y0 + 20}.0]]"

    surya = ['{"trial_p3": [{"text_lines": ['] + [
        f'{{"polygon": {polygon(x0, y0, x1)}, "confidence": 0.93, "text": "{t}", "bbox": [{x0}.0, {y0}.0, {x1}.0, '
        f'{y0 + 20}.0]}},' for t, x0, y0, x1 in cells] + ['], "languages": ["en"], "page": 1}]}']
    (grid,) = ocrboxes.find(surya)
    assert grid.rows == [(2, ["Cultivar", "Yield (t/ha)"]), (4, ["Tall", "6.1 ± 0.4"]), (6, ["Dwarf", "7.3 ± 0.5"])]
    lines = [f'{{"text": "{t}", "confidence": 0.9, "bbox": [{x0}, {y0}, {x1}, {y0 + 20}]}}' for t, x0, y0, x1 in cells]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows[2] == (5, ["Dwarf", "7.3 ± 0.5"])
    assert not ocrboxes.find(['{"name": "a", "bbox": [1, 2, 3, 4]}'] * 5)  # no text, no box


def test_value_bullets_that_sweep_a_setting_keep_the_setting_as_data():
    from paperfig.tableforms import bulletlist

    lines = ["- γ = 2: 1.62×", "- γ = 4: 2.04×", "- γ = 8: 1.80×", "", "- 11.3 clips/s: 74.6", "- 16.8 clips/s: 74.4",
             "- 24.1 clips/s: 73.5", "", "- layer 2: 71%", "- layer 12: 48%", "- layer 22: 39%"]
    sweep, unit, named = bulletlist.find(lines)
    assert sweep.rows == [(1, ["γ", "2", "1.62×"]), (2, ["γ", "4", "2.04×"]), (3, ["γ", "8", "1.80×"])]
    assert unit.rows[0] == (5, ["clips/s", "11.3", "74.6"])
    assert named.rows[0] == (9, ["layer 2", "71%"])  # a name with a number is a category, not a setting


def test_unichart_rows_joined_by_ampersands_and_a_years_column():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    line = ("<extract_data_table> <s_answer> Characteristic | Share of papers & 2019 | 12.4 & 2020 | 15.9 & "
            "2021 | 21.3</s>")
    (grid,) = find_grids([line])
    assert grid.rows == [(1, ["Characteristic", "Share of papers"]), (1, ["2019", "12.4"]), (1, ["2020", "15.9"]),
                         (1, ["2021", "21.3"])]
    parsed = parse_document(document_from_text(line, "unichart.txt"), {})
    assert [v["value"] for v in parsed["table_values"]] == ["12.4", "15.9", "21.3"]  # the years label the rows
    assert find_grids(["Tom & Jerry | 2 and Bob & Alice | 3 were there."]) == []


def test_doctags_otsl_tables():
    line = ("<otsl><loc_52><loc_96><caption><loc_52>Table 3: Latency.</caption><ched>MCU<ched>Model<ched>Latency (ms)<nl>"
            "<fcel>Cortex-M7<fcel>TinyLSTM<fcel>4.1<nl><ucel><fcel>Ours<fcel>6.8<nl></otsl>")
    (grid,) = find_grids(["Some text.", line])
    assert grid.form == "doctags" and grid.header_rows == 1 and grid.caption == (2, "Table 3: Latency.")
    assert [cells for _, cells in grid.rows] == [["MCU", "Model", "Latency (ms)"], ["Cortex-M7", "TinyLSTM", "4.1"],
                                                 ["", "Ours", "6.8"]]


def test_alto_xml_strings_become_cells():
    from paperfig.tableforms import ocrboxes

    def s(x, y, text):
        return f'      <String ID="s" HPOS="{x}" VPOS="{y}" WIDTH="50" HEIGHT="20" WC="0.9" CONTENT="{text}"/>'

    lines = ["<alto>", '    <TextLine ID="l0">', s(10, 0, "Model"), s(200, 0, "F1"), "    </TextLine>",
             '    <TextLine ID="l1">', s(10, 40, "Base"), s(200, 40, "-6.4"), "    </TextLine>",
             '    <TextLine ID="l2">', s(10, 80, "Ours"), s(200, 80, "0.4"), "    </TextLine>", "</alto>"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(3, ["Model", "F1"]), (7, ["Base", "-6.4"]), (11, ["Ours", "0.4"])]


def test_value_bullets_with_a_currency():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- No cache: $1.84", "- LRU: $1.31", "- Prefix-aware: ~$0.97"])
    assert [cells for _, cells in grid.rows] == [["No cache", "1.84"], ["LRU", "1.31"], ["Prefix-aware", "0.97"]]


def test_pdftotext_bbox_layout_words_become_cells():
    from paperfig.tableforms import ocrboxes

    def w(x, y, text):
        return f'      <word xMin="{x}" yMin="{y}" xMax="{x + 30}" yMax="{y + 10}">{text}</word>'

    lines = ["<doc>", '    <line xMin="0">', w(70, 10, "Method"), w(300, 10, "Acc"), "    </line>",
             '    <line xMin="0">', w(70, 30, "Base"), w(300, 30, "81.5"), "    </line>",
             '    <line xMin="0">', w(70, 50, "Ours"), w(300, 50, "83.0"), "    </line>", "</doc>"]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(3, ["Method", "Acc"]), (7, ["Base", "81.5"]), (11, ["Ours", "83.0"])]


def test_element_paths_of_a_pdf_extract_one_per_line_and_pretty_printed():
    from paperfig.tableforms import elementpaths

    compact = [
        '{"Path":"//Document/P[3]","Text":"Word error rates by language.","Bounds":[71.9,575.1,236.4,586.8]}',
        '{"Path":"//Document/Table","Text":null,"Bounds":[112.5,350.4,482.1,492.9]}',
        '{"Path":"//Document/Table/TR/TH/P","Text":"Language ","Bounds":[118.4,470.0,154.2,479.8]}',
        '{"Path":"//Document/Table/TR/TH[2]/P","Text":"WER ","Bounds":[190.5,470.0,212.9,479.8]}',
        '{"Path":"//Document/Table/TR[2]/TD/P","Text":"Welsh ","Bounds":[118.4,448.3,145.3,458.1]}',
        '{"Path":"//Document/Table/TR[2]/TD[2]/P","Text":"12.5 ","Bounds":[190.5,448.3,203.9,458.1]}',
        '{"Path":"//Document/Table/TR[3]/TD/P","Text":"Irish ","Bounds":[118.4,426.6,145.3,436.4]}',
    ]
    [grid] = elementpaths.find(compact)
    assert grid.rows == [(3, ["Language", "WER"]), (5, ["Welsh", "12.5"]), (7, ["Irish", ""])]
    assert grid.header_rows == 1 and grid.cell_lines[1] == [5, 6]
    pretty = ['{', '  "Path": "//Document/Sect/Table[2]/TR/TH[1]/P",', '  "Bounds": [1.0, 2.0],',
              '  "Text": "Model"', '},', '{', '  "Path": "//Document/Sect/Table[2]/TR/TH[2]/P",',
              '  "Text": "Acc"', '},', '{', '  "Path": "//Document/Sect/Table[2]/TR[2]/TD/P",',
              '  "Text": "Ours"', '},', '{', '  "Path": "//Document/Sect/Table[2]/TR[2]/TD[2]/P",',
              '  "TextSize": 8.9,', '  "Text": "81.4"', '}']
    [grid] = elementpaths.find(pretty)
    assert grid.rows == [(4, ["Model", "Acc"]), (12, ["Ours", "81.4"])] and grid.cell_lines[1] == [12, 17]
    parsed = parse_document(document_from_text("\n".join(compact), "extract.txt"))
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [(6, "12.5")]


def test_linearized_table_with_its_newlines_decoded():
    text = "\n".join(["TITLE | Gain per pair", "Pair | Gain", "en–de | −0.8", "de–en | 0.2", "", "Done."])
    [grid] = [g for g in grids(text) if g.form == "linearized"]
    assert grid.caption == (1, "Gain per pair") and grid.header_rows == 1
    assert grid.rows == [(2, ["Pair", "Gain"]), (3, ["en–de", "−0.8"]), (4, ["de–en", "0.2"])]
    assert grid.lines == [1, 2, 3, 4]
    assert not [g for g in grids("TITLE | Only a title\nand prose after it") if g.form == "linearized"]


def test_columns_printed_one_paragraph_each_with_their_own_names_and_ocr_misreads():
    from paperfig.tableforms import columnblocks

    lines = ["Condition", "", "Congruent", "Neutral", "Mixed list", "", "Young (N = 24)", "", "M", "",
             "462", "489", "5l6", "", "SD", "", "58", "61", "70", "", "Old (N = 24)", "", "M", "",
             "598", "631", "689", "", "Note. Mixed list = both trials."]
    [grid] = columnblocks.find(lines)
    assert grid.rows[0][1] == ["Condition", "Young (N = 24) M", "Young (N = 24) SD", "Old (N = 24) M"]
    assert grid.rows[1] == (3, ["Congruent", "462", "58", "598"]) and grid.cell_lines[1] == [3, 11, 17, 25]
    assert grid.rows[3][1] == ["Mixed list", "5l6", "70", "689"]


def test_columns_in_one_run_whose_counts_the_one_cell_per_line_reader_would_take_for_names():
    # plain pdftotext of a table printed column by column: a count column ('Obs.'), then columns
    # named on two lines; read one cell per line, the counts would be a header and each column a row
    lines = ["Site", "North", "South", "Mid", "Obs.", "188", "241", "156",
             "Intake rate", "(mg min−1)", "1.84 ± 0.12", "3.27 ± 0.15", "4.06 ± 0.31",
             "Step rate", "(steps min−1)", "71.4 ± 2.6", "88.9 ± 2.2", "43.7 ± 1.9"]
    [grid] = grids("\n".join(lines))
    assert grid.form == "columnblocks"
    assert grid.rows[1][1] == ["North", "188", "1.84 ± 0.12", "71.4 ± 2.6"]


def test_single_spaced_count_column_named_n_is_data_not_label():
    text = "\n".join(["Group n Pre M (SD) Post M (SD)", "",
                      "Year 3 64 91.4 (11.2) 99.8 (10.6)", "Year 4 58 93.7 (12.0) 100.9 (11.3)",
                      "Total 122 92.5 (11.6) 100.3 (10.9)"])
    grid = one(text, "aligned")
    assert [r[1] for r in grid.rows if r[0] >= 3] == [
        ["Year 3", "64", "91.4 (11.2)", "99.8 (10.6)"], ["Year 4", "58", "93.7 (12.0)", "100.9 (11.3)"],
        ["Total", "122", "92.5 (11.6)", "100.3 (10.9)"]]
    # without a count named in the header, a column of small integers stays in the label
    plain = one("\n".join(["ResNet 50 76.1 93.0", "ResNet 101 77.4 93.5", "VGG 16 71.6 90.4"]), "aligned")
    assert [r[1][0] for r in plain.rows] == ["ResNet 50", "ResNet 101", "VGG 16"]


def test_reference_group_decimal_bare_range_and_a_rate_unit_in_a_layout_header():
    text = "\n".join([
        "             PM range      Cases       Incidence per     HR (95% CI)",
        "             (ug/m3)       (n)         1000 PY",
        "",
        "Q1 (lowest)  5.1–8.3       611         4.89              1.00 (reference)",
        "Q2           8.4–9.9       702         5.56              1.11 (0.99–1.23)",
        "Q3           10.0–11.6     784         6.23              1.24 (1.11–1.38)"])
    grid = one(text, "aligned")
    assert grid.first_line == 1 and grid.header_rows == 2
    assert grid.rows[2] == (4, ["Q1 (lowest)", "5.1–8.3", "611", "4.89", "1.00 (reference)"])
    parsed = parse_document(document_from_text(text, "hr.txt"))
    assert {(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 4} == {
        (4, "low", "5.1"), (4, "high", "8.3"), (4, "value", "611"), (4, "value", "4.89"), (4, "value", "1.00")}
    # "4.7 -1.4" is two values, "18–29" an age group's label
    assert one("\n".join(["18–29 4.7 -1.4", "30–44 3.1 -0.2", "45–64 2.2 0.5"]), "aligned").rows[0] == (
        1, ["18–29", "4.7", "-1.4"])


def test_correlation_matrix_with_numbered_rows_is_a_lower_triangle():
    text = "\n".join(["Variable M SD 1 2 3", "—————", "",
                      "1. Anxiety 42.8 9.6 —", "2. Rumination 51.3 11.2 .58** —",
                      "3. Sleep 7.4 3.1 .36** -.O9 —", "", "Note. * p < .05."])
    grid = one(text, "aligned")
    assert grid.rows[0] == (1, ["Variable", "M", "SD", "1", "2", "3"])
    assert grid.rows[1] == (4, ["1. Anxiety", "42.8", "9.6", "—", "", ""])
    assert grid.rows[3] == (6, ["3. Sleep", "7.4", "3.1", ".36**", "-.O9", "—"])
    # a numbered list with no such header stays a list
    assert not grids("\n".join(["1. Anxiety 42.8 9.6", "2. Rumination 51.3 11.2", "3. Sleep 7.4 3.1"]))


def test_group_names_with_a_number_specks_and_an_interval_level_in_a_single_spaced_table():
    text = "\n".join(["Farm Drug n Mean pre Mean post FECR (%) 95% CI",
                      "Step 1",
                      "A Albendazole 15 1,240 655 47.2 31.8-61.0",
                      "B Moxidectin 15 ‘ 951 6 99.4 97.8-99.9",
                      "Step 2",
                      "C Levamisole 13 l,872 93 95.0 90.1-97.6"])
    grid = one(text, "aligned")
    rows = dict(grid.rows)
    assert rows[2] == ["Step 1", "", "", "", "", ""] and rows[5] == ["Step 2", "", "", "", "", ""]
    assert rows[3] == ["A Albendazole", "15", "1,240", "655", "47.2", "31.8-61.0"]
    assert rows[4] == ["B Moxidectin", "15", "951", "6", "99.4", "97.8-99.9"]
    assert rows[6] == ["C Levamisole", "13", "l,872", "93", "95.0", "90.1-97.6"]


def test_ocr_boxes_under_a_group_header_keep_their_own_columns_and_lines():
    def paddle(x0, y0, x1, text):
        return f"[[[{x0}.0, {y0}.0], [{x1}.0, {y0}.0], [{x1}.0, {y0 + 22}.0], [{x0}.0, {y0 + 22}.0]], ('{text}', 0.97)]"

    lines = ["[2024/05/14 09:12:03] ppocr DEBUG: dt_boxes num : 9, elapsed : 0.184",
             paddle(38, 10, 650, "Table 2. Mean formant frequencies of the vowels by group"),
             paddle(60, 96, 118, "Vowel"), paddle(205, 88, 335, "Female (n = 18)"),
             paddle(190, 120, 216, "F1"), paddle(300, 120, 326, "F2"),
             paddle(68, 156, 98, "/i/"), paddle(186, 156, 219, "312"), paddle(296, 156, 351, "2,648"),
             paddle(68, 190, 98, "/e/"), paddle(186, 190, 219, "455"), paddle(296, 190, 340, "2281")]
    [grid] = [g for g in grids("\n".join(lines)) if g.form == "ocrboxes"]
    assert [r[1] for r in grid.rows] == [["Vowel", "Female (n = 18)", ""], ["", "F1", "F2"],
                                         ["/i/", "312", "2,648"], ["/e/", "455", "2281"]]
    assert grid.cell_lines[2] == [7, 8, 9]
    parsed = parse_document(document_from_text("\n".join(lines), "ocr.txt"))
    assert {(v["line_no"], v["value"]) for v in parsed["table_values"]} == {
        (8, "312"), (9, "2648"), (11, "455"), (12, "2281")}
    # the caption box's coordinates are no numbers of the page: nothing looks like an unread row
    assert not [n for n in parsed["parse_notes"] if n["kind"] == "unread_data_line"]


def test_decades_and_ascending_settings_in_the_first_column_are_row_labels_not_values():
    def values(text):
        parsed = parse_document(document_from_text(text, "t.md"))
        return [(v["row_label"], v["value"]) for v in parsed["table_values"]]

    assert values("| Decade | Extent |\n|---|---|\n| 1980s | 7.15 |\n| 1990s | 6.58 |\n| 2000s | 5.60 |\n") == [
        ("1980s", "7.15"), ("1990s", "6.58"), ("2000s", "5.60")]
    grid = "| Command | RL | Ours |\n|---|---|---|\n| 0.5 | 0.44 | 0.49 |\n| 1.0 | 0.83 | 0.97 |\n| 1.5 | 1.16 | 1.42 |\n"
    assert [v for _, v in values(grid)] == ["0.44", "0.49", "0.83", "0.97", "1.16", "1.42"]
    losses = "| Loss | A | B |\n|---|---|---|\n| 0% | 2.41 | 2.28 |\n| 1% | 3.02 | 2.75 |\n| 5% | 6.12 | 4.37 |\n"
    assert [label for label, _ in values(losses)] == ["0%", "0%", "1%", "1%", "5%", "5%"]
    # decimals in no order in the first column are values
    unordered = "| a | b | c |\n|---|---|---|\n| 0.5 | 0.44 | 0.49 |\n| 1.3 | 0.83 | 0.97 |\n| 1.2 | 1.16 | 1.42 |\n"
    assert len(values(unordered)) == 9


def test_layout_rows_with_three_label_columns_an_age_and_its_range_and_a_wrapped_header():
    text = "\n".join([
        "Lab code     Context                    Material                   d13C     14C age      Calibrated",
        "                                                                   (‰)      (BP)         range (cal BP,",
        "                                                                                         95.4%)",
        "OxA-41213    Ditch F201, primary fill   Bos taurus, left tibia     −21.8    4307 ± 27    4960–4838",
        "OxA-41214    Ditch F201, primary fill   Ovis/Capra, mandible       −21.2    4290 ± 29    4956–4828"])
    grid = one(text, "aligned")
    assert grid.first_line == 1
    assert grid.rows[3] == (4, ["OxA-41213", "Ditch F201, primary fill", "Bos taurus, left tibia", "−21.8",
                                "4307 ± 27", "4960–4838"])
    parsed = parse_document(document_from_text(text, "c14.txt"))
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["-21.8", "4307", "27", "4960", "4838"]


def test_upper_and_lower_case_significance_letters_after_mean_and_sd():
    text = "\n".join([
        "Adhesive          Strategy        24 h               10,000 TC          PTF (n)",
        "Clearfil Bond 2   2-step SE       51.3 (8.4) Aa      47.2 (7.9) Aa      0",
        "Prime&Bond        Universal, SE   36.9 (6.8) BCa     29.2 (7.7) Bb      3"])
    grid = one(text, "aligned")
    assert grid.rows[0] == (1, ["Adhesive", "Strategy", "24 h", "10,000 TC", "PTF (n)"])
    assert grid.rows[2] == (3, ["Prime&Bond", "Universal, SE", "36.9 (6.8) BCa", "29.2 (7.7) Bb", "3"])
    res = cells.parse_cell("36.9 (6.8) BCa")
    assert [(p.part, p.value) for p in res.parts] == [("value", "36.9"), ("delta", "6.8")]
    assert "significance" in res.parts[0].flag
    # a lone capital after a value is no significance group (amperes, a grade)
    assert not any("significance" in p.flag for p in cells.parse_cell("12.5 A").parts)


def test_age_groups_and_signed_offsets_in_the_first_column_are_row_labels():
    def values(text):
        parsed = parse_document(document_from_text(text, "t.md"))
        return [(v["row_label"], v["value"]) for v in parsed["table_values"]]

    life = "\n".join(["Age x q(x) l(x) e(x)", "", "0 0.00412 100000 80.9", "1-4 0.00081 99588 80.2",
                      "5-9 O.00052 99507 76.3", "80+ 1.00000 62131 9.4"])
    got = values(life)
    assert ("0", "0.00412") in got and ("80+", "9.4") in got and ("5-9", "99507") in got
    assert not [v for label, v in got if v in ("0", "80", "1", "5")]
    offsets = "| dw | T | phase |\n|---|---|---|\n| -20 | 58.3 | -6.2 |\n| 0 | 71.2 | 0.0 |\n| +20 | 60.1 | 6.8 |\n"
    assert [label for label, _ in values(offsets)] == ["-20", "-20", "0", "0", "+20", "+20"]


def test_ocr_misreadings_in_parentheses_or_with_stars_hold_their_place():
    text = "\n".join(["Variable (1) (2) (3) (4)", "Age 0.214*** 0.2O9*** 0.206*** 0.199***",
                      "(0.012) (0.014) (0.O14) (0.048)", "Income 0.31 0.29 0.30 0.28"])
    grid = one(text, "aligned")
    assert grid.rows[1][1] == ["Age", "0.214***", "0.2O9***", "0.206***", "0.199***"]
    assert grid.rows[2][1] == ["", "(0.012)", "(0.014)", "(0.O14)", "(0.048)"]


def test_ocr_merged_two_cells_into_one_box_and_a_right_border_read_as_a_letter():
    def paddle(x0, y0, x1, text):
        return f"[[[{x0}.0, {y0}.0], [{x1}.0, {y0}.0], [{x1}.0, {y0 + 26}.0], [{x0}.0, {y0 + 26}.0]], ('{text}', 0.97)]"

    rows = [(150, ["Type", "Cars", "Walk"]), (190, ["Inner", "0.63", "86"]), (232, ["Estates", "0.88 71", None]),
            (277, ["Suburb", "1.52", "38"])]
    lines = [paddle(x, y, x + 60, t) for y, cells_ in rows for x, t in zip((40, 760, 990), cells_) if t]
    [grid] = [g for g in grids("\n".join(lines)) if g.form == "ocrboxes"]
    assert grid.rows[2][1] == ["Estates", "0.88", "71"] and grid.cell_lines[2][1] == grid.cell_lines[2][2]
    # means with their errors and Duncan letters merged into one box each take their column
    rows = [(150, ["Shade", "Theanine", "EGCG"]), (190, ["None", "21.6±0.8c", "74.3±2.9a"]),
            (232, ["10 d", "26.4±1.1a 63.5±2.2b", None]), (277, ["20 d", "27.1±1.0a", "59.2±2.6b"])]
    lines = [paddle(x, y, x + 60, t) for y, cells_ in rows for x, t in zip((40, 760, 990), cells_) if t]
    [grid] = [g for g in grids("\n".join(lines)) if g.form == "ocrboxes"]
    assert grid.rows[2][1] == ["10 d", "26.4±1.1a", "63.5±2.2b"]
    pipe = "\n".join(["| Month | Wind | Share |", "|January | 41.26 | 78.4 |", "| April | 25.47 | 68.3 I",
                      "| May | 21.83 | 66.0 |"])
    assert [r[1] for r in one(pipe, "pipe").rows][2] == ["April", "25.47", "68.3"]


def test_a_header_of_settings_with_units_names_the_columns_and_a_misread_value_keeps_its_error_cell():
    """``15°C 20°C 25 °C 30°C`` (OCR split one unit off its number) is the header, not a row of
    data; ``1.O8 + 0.09`` (a misread value, ± read as +) holds its column's place as one cell."""
    text = "\n".join(["Strain Host 15°C 20°C 25 °C 30°C", "A-1 P. ovis 3.12 + 0.14 5.86 + 0.21 7.43 + 0.18 4.97 + 0.25",
                      "B-2 P. bos 2.84 + 0.11 5.41 + 0.19 7.05 + 0.22 4.62 + 0.20",
                      "C-3 P. sus 2.66 + 0.12 4.75 + 0.18 5.21 + 0.23 1.O8 + 0.09"])
    grid = one(text, "aligned")
    assert grid.header_rows == 1 and grid.rows[0][1] == ["Strain Host", "15°C", "20°C", "25 °C", "30°C"]
    assert grid.rows[3][1] == ["C-3 P. sus", "2.66 + 0.12", "4.75 + 0.18", "5.21 + 0.23", "1.O8+0.09"]
    parsed = parse_document(document_from_text(text, "t.txt"))
    got = [(v["line_no"], v["column"], v["value"]) for v in parsed["table_values"] if v["part"] == "value"]
    assert (2, "25 °C", "7.43") in got and (4, "30°C", "1.O8") not in got and not [g for g in got if g[0] == 1]
    assert len([g for g in got if g[0] == 4]) == 3
    timed = one("\n".join(["Dose 0 h 24 h 48 h", "Low 1.2 2.5 3.1", "High 1.4 3.9 5.6"]), "aligned")
    assert timed.header_rows == 1 and timed.rows[0][1] == ["Dose", "0 h", "24 h", "48 h"]


def test_single_spaced_rows_with_thousands_commas_are_no_csv_and_long_group_labels_continue_the_table():
    """pdftotext (plain) rows ``Societal 23,508 11.268 412 6,438``: every comma a thousands
    separator, so no CSV; a group label of six words and a label wrapped over two lines with a
    whole number inside (``halved after 2 years``) keep the run one table."""
    text = "\n".join(["Base case", "Usual care 18,642 11.204 – –", "Pharmacist-led 19,377 11.268 735 11,484",
                      "Scenario analyses (pharmacist-led vs usual care)", "Time horizon 9,814 6.952 891 30,724",
                      "Intervention effect", "halved after 2 years", "19,377 11.239 735 21,000",
                      "Societal perspective 23,508 11.268 412 6,438"])
    grid = one(text, "aligned")
    values = [cells_[1:] for _, cells_ in grid.rows if any(c[:1].isdigit() for c in cells_[1:])]
    assert values[-2:] == [["19,377", "11.239", "735", "21,000"], ["23,508", "11.268", "412", "6,438"]]
    assert len(values) == 5


def test_one_cell_per_line_with_a_wrapped_header_a_reference_cell_and_a_group_label():
    """Plain pdftotext of a clinical table: header cells wrapped over lines (``(95% CI)`` under
    its name), ``Reference`` in a value column, a group's label between rows."""
    lines = ["Category", "No.", "Slope, mL/min per y", "(95% CI)", "Events,", "No. (%)",
             "A1 (<30 mg/g)", "1,214", "−0.9 (−1.1 to −0.7)", "38 (3.1)",
             "A2 (30-299 mg/g)", "486", "Reference", "41 (8.4)",
             "By diabetes status", "Diabetes", "1,036", "−2.3 (−2.6 to −2.0)", "131 (12.6)",
             "No diabetes", "1,271", "−1.2 (−1.4 to −1.0)", "78 (6.1)"]
    grid = one("\n".join(lines), "stacked")
    assert grid.header_rows == 1 and grid.rows[0] == (1, ["Category", "No.", "Slope, mL/min per y (95% CI)",
                                                          "Events, No. (%)"])
    assert grid.rows[2] == (11, ["A2 (30-299 mg/g)", "486", "Reference", "41 (8.4)"])
    assert grid.rows[3] == (15, ["By diabetes status", "", "", ""])
    assert grid.rows[4] == (16, ["Diabetes", "1,036", "−2.3 (−2.6 to −2.0)", "131 (12.6)"])
    assert grid.cell_lines[4] == [16, 17, 18, 19] and grid.last_line == 23


def test_one_box_per_line_with_a_counts_header_row_wrapped_labels_and_two_boxes_merged():
    """PaddleOCR's strings of a clinical table: ``(n=162)`` lines under the arm names, a row
    label over two lines, two value boxes merged into one line, stars after ``n (%)``."""
    lines = ["Endpoint", "Placebo", "Low dose", "(n=162)", "(n=164)", "ACR20 response, n (%)", "59(36.4)",
             "112 (68.3)***", "Change in HAQ-DI,", "LS mean (SE)", "-0.18(0.04)", "-0.49 (0.04)***",
             "Change in CDAI, LS mean (SE)", "-10.4 (0.8) -19.7 (0.8)***"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[0] == (1, ["Endpoint", "Placebo (n=162)", "Low dose (n=164)"])
    assert grid.rows[2] == (9, ["Change in HAQ-DI, LS mean (SE)", "-0.18(0.04)", "-0.49 (0.04)***"])
    assert grid.cell_lines[2] == [9, 11, 12]
    assert grid.rows[3] == (13, ["Change in CDAI, LS mean (SE)", "-10.4 (0.8)", "-19.7 (0.8)***"])
    assert grid.cell_lines[3] == [13, 14, 14]
    starred = cells.parse_cell("112 (68.3)***").parts
    assert [(p.part, p.value, p.flag) for p in starred] == [("value", "112", "footnote"), ("delta", "68.3", "")]


def test_a_first_column_of_decimal_bins_names_the_rows():
    """Magnitude bins ``4.5--4.9`` ... ``6.0+`` (pandoc's ``--`` for an en dash) are row labels."""
    text = "\n".join(["| Magnitude | Events | Alerts |", "|---|---|---|", "| 4.5--4.9 | 241 | 198 |",
                      "| 5.0–5.4 | 112 | 104 |", "| 5.5--5.9 | 41 | 40 |", "| 6.0+ | 18 | 18 |"])
    parsed = parse_document(document_from_text(text, "t.md"))
    got = [(v["row_label"], v["column"], v["value"]) for v in parsed["table_values"]]
    assert got[:2] == [("4.5--4.9", "Events", "241"), ("4.5--4.9", "Alerts", "198")]
    assert len(got) == 8 and ("6.0+", "Alerts", "18") in got


def test_one_cell_per_line_under_a_two_row_header_and_a_plus_minus_read_as_a_cjk_character():
    """EasyOCR's strings: the header's names, then a second row over the value columns
    (``(d)``, ``max. RFW``); OCR with a CJK model prints ± as ``土``."""
    lines = ["Solution", "Vase life", "Day of", "Bent neck", "(d)", "max. RFW", "(%)",
             "Water", "8.4 土 0.4 d", "2", "60", "Sucrose", "9.1 土 0.5 cd", "3", "50",
             "Silver", "11.8 土 0.5 ab", "4", "20"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[0] == (1, ["Solution", "Vase life (d)", "Day of max. RFW", "Bent neck (%)"])
    assert grid.rows[2] == (12, ["Sucrose", "9.1 土 0.5 cd", "3", "50"])
    res = cells.parse_cell("9.1 土 0.5 cd")
    assert [(p.part, p.value) for p in res.parts] == [("value", "9.1"), ("error", "0.5")]
    assert [n.kind for n in res.notes] == ["ocr_plus_minus"]
    aligned = one("Solution Vase life Uptake\nWater 8.4 土 0.4 d 41.6 土 2.3\nSucrose 9.1 土 0.5 cd 44.9 土 2.8",
                  "aligned")
    assert aligned.rows[2][1][1:] == ["9.1 土 0.5 cd", "44.9 土 2.8"]


def test_columns_printed_one_after_another_without_blank_lines():
    """Plain pdftotext of a table whose columns are text blocks: the label column, then each
    value column after its (wrapped) name, no blank line anywhere."""
    lines = ["Table 1 Yield components at harvest.", "Treatment", "Control", "Early LR", "Late LR", "CT",
             "Yield", "(kg/vine)", "6.84 a", "5.12 b", "6.31 a", "4.97 b",
             "Clusters", "per vine", "31.2 a", "30.6 a", "31.5 a", "19.8 b",
             "Berry", "weight (g)", "1.66", "1.61", "1.58", "1.78", "LR, leaf removal; CT, cluster thinning."]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0] == (2, ["Treatment", "Yield (kg/vine)", "Clusters per vine", "Berry weight (g)"])
    assert grid.rows[2] == (4, ["Early LR", "5.12 b", "30.6 a", "1.61"]) and grid.cell_lines[2] == [4, 10, 16, 22]
    assert (grid.first_line, grid.last_line) == (2, 24)
    # a row-major table printed one cell per line stays the one-cell-per-line reader's
    row_major = ["Model", "A", "B", "C", "X", "1.1", "2.1", "3.1", "Y", "4.1", "5.1", "6.1", "Z", "7.1", "8.1", "9.1"]
    assert [g.form for g in grids("\n".join(row_major))] == ["stacked"]


def test_columns_one_after_another_with_group_rows_and_an_abbreviated_first_name():
    """Plain pdftotext: the species each over the zones printed again under it, then ``Obs.``
    (no unit) and columns named over two lines (name / (unit)). The two label columns take the
    two names before them; a group's name stands on its first row."""
    lines = ["Table 1", "Foraging (mean ± SE) of two waders.", "Species", "Zone", "Knot", "Upper", "Lower",
             "Curlew", "Upper", "Lower", "Obs.", "12", "15", "9", "11", "Intake", "(mg min−1)",
             "1.2 ± 0.1", "2.3 ± 0.2", "3.4 ± 0.3", "4.5 ± 0.4", "Steps", "(min−1)", "71 ± 2", "65 ± 3",
             "40 ± 1", "38 ± 2", "SE, standard error."]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Species", "Zone", "Obs.", "Intake (mg min−1)", "Steps (min−1)"]
    assert grid.rows[1] == (6, ["Knot", "Upper", "12", "1.2 ± 0.1", "71 ± 2"])
    assert grid.rows[4] == (10, ["", "Lower", "11", "4.5 ± 0.4", "38 ± 2"]) and grid.cell_lines[4] == [8, 10, 15, 21, 27]


def test_columns_one_after_another_with_labels_wrapped_over_two_lines():
    """A label's second line opens with a long lower-case word: it continues the label; the
    caption's wrapped tail names no column; whole numbers carry their Tukey letters."""
    lines = ["Table 2. Density and yield under four modules (pooled", "data of two seasons)", "Treatment",
             "T1: Seed dressing", "imidacloprid 70 WS", "T2: Border crop", "T3: Neem spray", "T4: Untreated",
             "SEm ±", "Hoppers", "(per plant)", "4.1 ± 0.3b", "5.2 ± 0.4c", "6.3 ± 0.2c", "9.8 ± 0.6d", "0.41",
             "Incidence", "(%)", "14.8 (22.6)c", "17.3 (24.6)cd", "10.2 (18.6)b", "27.4 (31.6)e", "0.78",
             "Yield", "(kg ha−1)", "612c", "574c", "551cd", "463d", "18.4", "Means followed by one letter do not differ."]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Treatment", "Hoppers (per plant)", "Incidence (%)", "Yield (kg ha−1)"]
    assert grid.rows[1] == (4, ["T1: Seed dressing imidacloprid 70 WS", "4.1 ± 0.3b", "14.8 (22.6)c", "612c"])
    assert grid.rows[4] == (8, ["T4: Untreated", "9.8 ± 0.6d", "27.4 (31.6)e", "463d"])
    assert grid.rows[5] == (9, ["SEm ±", "0.41", "0.78", "18.4"]) and grid.cell_lines[2] == [6, 13, 20, 27]
    # labels in lower case, one per line, as many as the rows: no label continues another
    lower = ["Solvent", "water", "ethanol", "methanol", "Yield", "(%)", "81.2", "77.5", "69.0", "Purity", "(%)",
             "99.1", "98.4", "97.7", "Time", "(h)", "2.5", "3.0", "4.5"]
    assert [row[1][0] for row in one("\n".join(lower), "columnblocks").rows] == ["Solvent", "water", "ethanol", "methanol"]


def test_header_cells_in_two_rows_then_labels_then_columns():
    """Plain pdftotext: the label column's name, each group's name, the names under the groups
    printed again for each, the labels, then every column's values."""
    lines = ["Treatment", "FG (%)", "MGT (d)", "0 mM", "150 mM", "0 mM", "150 mM", "None", "Water", "Salt",
             "93.5 a", "95.0 a", "96.5 a", "61.5 c", "78.0 b", "85.5 a",
             "2.84 a", "2.31 b", "2.12 b", "5.63 a", "4.18 b", "3.72 c"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Treatment", "FG (%) 0 mM", "FG (%) 150 mM", "MGT (d) 0 mM", "MGT (d) 150 mM"]
    assert grid.rows[2] == (9, ["Water", "95.0 a", "78.0 b", "2.31 b", "4.18 b"])


def test_aligned_cells_of_a_value_its_error_and_a_ratio_in_parentheses():
    grid = one("Site Pb Cd\nS1 5.94 ± 0.77 (1.90) 0.24 ± 0.04 (1.33)\nS2 8.46 ± 1.05 (2.71) 0.27 ± 0.05 (1.50)",
               "aligned")
    assert grid.rows[1][1] == ["S1", "5.94 ± 0.77 (1.90)", "0.24 ± 0.04 (1.33)"]


def test_column_blocks_whose_label_column_is_printed_one_label_per_paragraph():
    """OCR sidecar text of a table: the labels each between blank lines, then each value column
    under its name, ± read as ``+``."""
    text = "\n\n".join(["Region", "Hallux", "MTH 1", "Midfoot", "Heel", "Neuropathy (n = 42)",
                        "412 + 118\n498 + 152\n142 + 61\n387 + 89", "Control (n = 40)",
                        "318 + 96\n352 + 104\n118 + 47\n372 + 81"])
    grid = one(text, "columnblocks")
    assert grid.rows[0][1] == ["Region", "Neuropathy (n = 42)", "Control (n = 40)"]
    assert grid.rows[2] == (5, ["MTH 1", "498 + 152", "352 + 104"]) and grid.cell_lines[2] == [5, 14, 21]


def test_columns_one_after_another_with_two_rows_and_a_name_over_three_lines():
    lines = ["Table 2 (continued)", "Sample", "PC-900", "PC-800-N", "SBET", "(m2 g−1)", "2,947", "2,106",
             "Rct", "(Ω)", "0.44", "0.26", "Retention after", "10,000 cycles", "(%)", "95.1", "97.0"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Sample", "SBET (m2 g−1)", "Rct (Ω)", "Retention after 10,000 cycles (%)"]
    assert grid.rows[2] == (4, ["PC-800-N", "2,106", "0.26", "97.0"])
    json_like = ["{", '"bbox": [', "0.0,", "0.0,", "612.0,", "792.0", "],", '"polygon": [', "1.0,", "2.0,", "3.0,",
                 "4.0", "],", '"box": [', "5.0,", "6.0,", "7.0,", "8.0", "]", "}"]
    assert not [g for g in grids("\n".join(json_like)) if g.form == "columnblocks"]


def test_value_bullets_with_unit_words_an_interval_fragment_markup_and_a_bullet_of_words_between():
    from paperfig.tableforms import bulletlist

    lines = ['- Sitting: **−108 min/shift** (95% CI −131 to −85) <!-- .element: class="fragment" -->',
             "- Standing: **+97 min/shift** (95% CI 76 to 118) {.fragment}",
             "- Dated by AMS radiocarbon on terrestrial macrofossils",
             "- Basal age: **6,180 cal BP** (2σ range 6,020–6,310)", "- Resolution: ~48 years per sample",
             "- Our team: 4 (see the paper)"]
    (grid,) = bulletlist.find(lines)
    assert [cells_ for _, cells_ in grid.rows] == [["Sitting", "−108 (−131 to −85)"], ["Standing", "+97 (76 to 118)"],
                                                   ["Basal age", "6,180 (6,020 to 6,310)"], ["Resolution", "48"]]
    beamer = ["- Efficiency, flood tide: \\alert{91.2\\,\\%}", "- Efficiency, ebb tide: \\textbf{97.6\\,\\%}",
              "- Wake deficit at 5 D: **−18.4 %** velocity", "", "- Dataset: 2019 survey of households",
              "- Panel: 2020 wave of the study", "- Sample: 2021 round in the north"]
    (latex,) = bulletlist.find(beamer)  # a sentence after a number is no unit: no list of values
    assert [cells_ for _, cells_ in latex.rows] == [["Efficiency, flood tide", "91.2 %"],
                                                    ["Efficiency, ebb tide", "97.6 %"], ["Wake deficit at 5 D", "−18.4 %"]]
    res = cells.parse_cell("−108 (−131 to −85)")
    assert [(p.part, p.value) for p in res.parts] == [("value", "-108"), ("low", "-131"), ("high", "-85")]


def test_a_plus_misread_in_some_rows_makes_every_rows_spaced_plus_an_error():
    """OCR read ± as ``£`` or ``+£`` in two rows: `` +0.1`` after a value is its error in every row."""
    text = "\n".join(["Sample T Tc Jc H", "A 650 36.8 +0.2 0.21 +£0.03 11.6", "B 725 37.9 +0.1 0.96 +0.08 13.2",
                      "C 800 38.6 +0.1 1.84 +0.11 14.8", "F 1000 37.7 £0.3 0.88+0.09 12.5"])
    grid = one(text, "aligned")
    assert [cells_ for _, cells_ in grid.rows][1:3] == [["A", "650", "36.8+0.2", "0.21 +£0.03", "11.6"],
                                                        ["B", "725", "37.9+0.1", "0.96+0.08", "13.2"]]
    assert [(p.part, p.value) for p in cells.parse_cell("0.21 +£0.03").parts] == [("value", "0.21"), ("error", "0.03")]


def test_value_bullets_comparing_two_values():
    from paperfig.tableforms import bulletlist

    lines = ["- Time to first oral intake: **4.2 h** (dual) vs **3.6 h** (triple)", "- QoR-15 at 24 h: 112.4 vs 118.9",
             "- Walking distance: **2.1 km** (wet) → **6.8 km** (dry)", "- Women reporting conflict: **41%**"]
    (grid,) = bulletlist.find(lines)
    assert [cells_ for _, cells_ in grid.rows] == [["Time to first oral intake", "4.2", "3.6"],
                                                   ["QoR-15 at 24 h", "112.4", "118.9"],
                                                   ["Walking distance", "2.1", "6.8"], ["Women reporting conflict", "41%", ""]]


def test_a_lone_bold_measurement_bullet_clock_time_names_and_subscript_units():
    from paperfig.tableforms import bulletlist

    lines = ["- Ash from one mill, ground in a ball mill", "- Amorphous silica in the ash: **87.6 %**", "",
             "- Label budget: **50 sentences** per type", "", "- Silica in the ash: 87.6 %", "",
             "* 09:00–10:00: **4.1 min** mean wait", "* 10:00–11:00: **6.8 min**", "",
             "- Embodied CO₂: 356 → 309 kg CO₂-e/m³", "- Cost change: **−7.4 %**"]
    lone, times, pair = bulletlist.find(lines)
    # one bullet is a list when its value, set in bold after the colon, is a measurement; a count
    # of things in bold (line 4) or a measurement not in bold (line 6) stays a remark
    assert lone.rows == [(2, ["Amorphous silica in the ash", "87.6 %"])]
    assert times.rows == [(8, ["09:00–10:00", "4.1"]), (9, ["10:00–11:00", "6.8"])]
    assert pair.rows == [(11, ["Embodied CO₂", "356", "309"]), (12, ["Cost change", "−7.4 %", ""])]


def test_a_misread_plus_minus_with_tukey_letters_glued_to_the_error():
    text = "\n".join(["Time pH Temperature", "Day 0 3.62 + 0.04a 27.4 + 0.6a", "Day 1 3.95 + 0.06b 36.8 + 1.2b",
                      "Day 2 4.38 + 0.05c 44.1 + 0.9cd"])
    grid = one(text, "aligned")
    assert grid.rows[3][1] == ["Day 2", "4.38 + 0.05c", "44.1 + 0.9cd"]
    res = cells.parse_cell("44.1 + 0.9cd")
    assert [(p.part, p.value, p.flag) for p in res.parts] == [("value", "44.1", "significance"),
                                                              ("error", "0.9", "significance")]


def test_one_cell_per_line_under_group_names_over_year_columns():
    lines = ["Branch type", "Libraries", "(n)", "Physical loans", "2019", "2023", "E-book checkouts", "2019", "2023",
             "Central", "9", "1,284,310", "1,022,745", "211,908", "488,615",
             "Urban", "41", "2,906,442", "2,118,030", "318,227", "702,904"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[0][1] == ["Branch type", "Libraries (n)", "Physical loans 2019", "Physical loans 2023",
                               "E-book checkouts 2019", "E-book checkouts 2023"]
    assert grid.rows[2] == (16, ["Urban", "41", "2,906,442", "2,118,030", "318,227", "702,904"])
    assert not [g for g in grids("\n".join(["[", "0.0,", "0.0", "],", "[", "612.0,", "0.0", "],", "[", "612.0,",
                                            "792.0", "]"])) if g.form == "stacked"]


def test_one_cell_per_line_with_a_label_merged_with_its_first_value_and_pm_read_as_shi():
    lines = ["Group", "Resting", "Feeding", "Other", "Tepeyac", "64.1±3.8", "22.6±3.1", "1.7",
             "La Selva 58.7士5.1", "25.9±4.4", "1.5", "Arroyo Frio", "57.2±4.6", "26.4±3.9", "1.7"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[2] == (9, ["La Selva", "58.7士5.1", "25.9±4.4", "1.5"]) and grid.cell_lines[2] == [9, 9, 10, 11]
    assert [(p.part, p.value) for p in cells.parse_cell("58.7士5.1").parts] == [("value", "58.7"), ("error", "5.1")]


def test_value_bullets_nested_under_a_bullet_of_words_carry_its_name():
    from paperfig.tableforms import bulletlist

    lines = ["- Median induction-to-birth interval", "  - Misoprostol: 19.6 h", "  - Dinoprostone: 17.9 h",
             "- Women satisfied with the induction", "  - Misoprostol: 81%", "  - Dinoprostone: 74%",
             "", "- New orbitopathy: **9.3%**", "  - with prophylaxis: **4.1%**", "  - without: **13.6%**"]
    first, second = bulletlist.find(lines)
    assert [cells_ for _, cells_ in first.rows] == [
        ["Median induction-to-birth interval: Misoprostol", "19.6"], ["Median induction-to-birth interval: Dinoprostone", "17.9"],
        ["Women satisfied with the induction: Misoprostol", "81%"], ["Women satisfied with the induction: Dinoprostone", "74%"]]
    assert [cells_ for _, cells_ in second.rows] == [["New orbitopathy", "9.3%"], ["with prophylaxis", "4.1%"],
                                                     ["without", "13.6%"]]


def test_columns_one_after_another_under_group_names():
    lines = ["Parameter", "PD (mm)", "CAL (mm)", "BOP (%)", "Test (n = 22)", "Baseline", "3.84 ± 0.41", "4.62 ± 0.57",
             "58.3 ± 12.6", "6 months", "2.71 ± 0.36", "3.69 ± 0.52", "19.8 ± 7.4", "Control (n = 21)", "Baseline",
             "3.79 ± 0.45", "4.55 ± 0.61", "56.9 ± 13.1", "6 months", "3.02 ± 0.40", "4.01 ± 0.58", "22.4 ± 8.1"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Parameter", "Test (n = 22) Baseline", "Test (n = 22) 6 months",
                               "Control (n = 21) Baseline", "Control (n = 21) 6 months"]
    assert grid.rows[3] == (4, ["BOP (%)", "58.3 ± 12.6", "19.8 ± 7.4", "56.9 ± 13.1", "22.4 ± 8.1"])


def test_a_header_of_time_points_names_the_columns():
    """``Week 6``, ``Week 12`` in a header are column names, not values."""
    text = "\n".join(["Outcome Baseline Week 6 Week 12 Diff p",
                      "FMA-LE (0-34) 17.2 + 5.8 22.6 + 5.1 23.4 + 5.3 2.5 (0.6 to 4.4) 0.011",
                      "BBS (0-56) 29.4 + 9.7 38.1 + 8.8 40.2+8.1 3.6 (0.4 to 6.8) 0.028"])
    grid = one(text, "aligned")
    assert grid.header_rows == 1 and grid.rows[0][1][:4] == ["Outcome", "Baseline", "Week 6", "Week 12"]
    parsed = parse_document(document_from_text(text, "t.txt"))
    assert not [v for v in parsed["table_values"] if v["line_no"] == 1]


def test_value_lines_without_bullets_as_markitdown_prints_a_slide():
    from paperfig.tableforms import bulletlist

    lines = ["# Cohort at a glance", "Patients started on treatment: 1,146", "Started on 6-month regimen: 603",
             "HIV co-infected: 38.7%", "Resistance at baseline: 12.4%", "", "Volume: 12", "Issue: 3", "Pages: 45"]
    (grid,) = bulletlist.find(lines)  # a citation's whole numbers make no list of values
    assert [cells_ for _, cells_ in grid.rows] == [["Patients started on treatment", "1,146"],
                                                   ["Started on 6-month regimen", "603"],
                                                   ["HIV co-infected", "38.7%"], ["Resistance at baseline", "12.4%"]]


def test_group_names_over_blank_cells_then_the_column_names_and_a_percentile_range_column():
    text = "\n".join(["| | Men (n = 412) | | Women (n = 455) | |", "|---|---|---|---|---|",
                      "| Analyte | Median | 2.5th-97.5th | Median | 2.5th-97.5th |",
                      "| Haemoglobin (g/L) | 151 | 134-169 | 133 | 117-151 |", "| MCHC (g/L) | 337 | 318-355 | 333 | 314-351 |"])
    parsed = parse_document(document_from_text(text, "t.md"))
    got = [(v["line_no"], v["column"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert (4, "Men (n = 412): 2.5th-97.5th", "low", "134") in got and (4, "Women (n = 455): Median", "value", "133") in got
    assert not [g for g in got if g[0] == 3]


def test_one_cell_per_line_rows_named_by_time_points():
    lines = ["Time point", "Single visit (n=48)", "Two visits (n=46)", "P value", "Preoperative", "5.84±1.92",
             "5.71±2.03", "0.748", "6h", "3.42±2.11", "3.96±2.37", "0.246", "24h", "1.93±1.62", "2.74±1.98", "0.031*"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[2] == (9, ["6h", "3.42±2.11", "3.96±2.37", "0.246"])
    parsed = parse_document(document_from_text("\n".join(lines), "t.txt"))
    assert [(v["row_label"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 10] == [("6h", "3.42"),
                                                                                                ("6h", "2.11")]
    assert not [v for v in parsed["table_values"] if v["line_no"] in (9, 13)]  # the time points name the rows


def test_a_first_column_of_ranges_with_a_total_row_and_a_footnote_after_a_parenthesis():
    text = "\n".join(["| PSA (ng/mL) | n | Positive, n (%) |", "|---|---|---|", "| < 0.2 | 17 | 7 (41.2) |",
                      "| 0.2–0.49 | 24 | 15 (62.5) |", "| 0.5–0.99 | 21 | 18 (85.7) |", "| ≥ 2.0 | 17 | 17 (100)<sup>b</sup> |",
                      "| All | 79 | 57 (72.2) |"])
    parsed = parse_document(document_from_text(text, "t.md"))
    got = [(v["row_label"], v["value"]) for v in parsed["table_values"]]
    assert ("0.2–0.49", "24") in got and ("≥ 2.0", "100") in got and ("All", "79") in got
    assert not [v for _, v in got if v in ("0.2", "0.49", "0.5")]  # the ranges name the rows


def test_aligned_cells_not_detected_hold_their_column_place():
    grid = one("Compound Sideritis Hypericum Thymus\nChlorogenic acid 6.12 9.84 2.31\nRosmarinic acid 1.45 nd. 18.62\n"
               "Hyperoside nd. 12.55 nd.", "aligned")
    assert grid.rows[3][1] == ["Hyperoside", "nd.", "12.55", "nd."]


def test_a_header_of_day_columns_and_a_row_of_whole_number_ranges():
    text = "\n".join(["                    Day 1           Day 3           Day 7",
                      "Median (IQR)        60 (30-120)     90 (45-160)     120 (60-200)",
                      "Range               10-480          15-600          15-720",
                      "On parenteral, n    22 (15.6)       31 (22.0)       46 (32.6)"])
    grid = one(text, "aligned")
    assert [cells_ for _, cells_ in grid.rows] == [["", "Day 1", "Day 3", "Day 7"],
                                                   ["Median (IQR)", "60 (30-120)", "90 (45-160)", "120 (60-200)"],
                                                   ["Range", "10-480", "15-600", "15-720"],
                                                   ["On parenteral, n", "22 (15.6)", "31 (22.0)", "46 (32.6)"]]
    assert not [g for g in grids("Age 18-29 30-44 45-64") if g.form == "aligned"]  # alone: a header's groups


def test_value_bullets_of_a_count_and_its_share():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Started in the ED: 731 (56.9%)", "- Referred only: 553 (43.1%)",
                               "- Fentanyl-positive: 88.4%"])
    assert [cells_ for _, cells_ in grid.rows] == [["Started in the ED", "731 (56.9%)"],
                                                   ["Referred only", "553 (43.1%)"], ["Fentanyl-positive", "88.4%"]]


def test_columns_one_after_another_with_every_header_cell_first():
    lines = ["Table 3", "Substrate", "BMP", "(NmL/g VS)", "kh", "(d−1)", "R2", "FW only", "3:1", "CM only",
             "418 (11)", "452 (9)", "196 (6)", "0.214 (0.011)", "0.268 (0.009)", "0.089 (0.006)", "0.991", "0.996",
             "0.985", "", "The kinetic constants are within the usual range."]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Substrate", "BMP (NmL/g VS)", "kh (d−1)", "R2"]
    assert grid.rows[2] == (9, ["3:1", "452 (9)", "0.268 (0.009)", "0.996"]) and grid.cell_lines[2] == [9, 12, 15, 18]


def test_value_bullets_with_an_error_a_remark_and_unit_words_after_the_emphasis():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Core diameter (TEM): **248 ± 52 nm**", "- Off-target editing: **0.8 %** (intronic, chr7)",
                               "- Server overhead: **2.4 s** per round (single GPU)"])
    assert [cells_ for _, cells_ in grid.rows] == [["Core diameter (TEM)", "248 ± 52"], ["Off-target editing", "0.8 %"],
                                                   ["Server overhead", "2.4"]]
    assert [(p.part, p.value) for p in cells.parse_cell("248 ± 52").parts] == [("value", "248"), ("error", "52")]


def test_value_bullets_naming_their_measure_before_the_value():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Under-dosed: LWR 3.25 nm", "- At dose-to-size: LWR 2.76 nm",
                               "- Clinic visits to stage 2: median 16 vs 12"])
    assert [cells_ for _, cells_ in grid.rows] == [["Under-dosed", "3.25", ""], ["At dose-to-size", "2.76", ""],
                                                   ["Clinic visits to stage 2", "16", "12"]]


def test_value_bullets_naming_a_statistic_by_its_symbol():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Sleep duration: β = 0.33", "- Screen time: β = −0.21", "- Parental education: r = 0.18"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["0.33", "−0.21", "0.18"]
    # a sample's size is no statistic
    assert bulletlist.find(["- Site A: n = 24", "- Site B: n = 31", "- Site C: n = 18"]) == []


def test_column_blocks_whose_names_take_a_paragraph_of_two_lines():
    text = "\n\n".join(["Outcome", "Serum urate at baseline, mg/dL, mean (SD)\nsUA < 6 mg/dL at week 24, n (%)\n"
                        "Change in eGFR, mL/min/1.73 m2, mean (SD)", "Febuxostat\n(n = 118)", "8.9 (1.4)\n87 (73.7)\n−1.2 (6.4)",
                        "Allopurinol\n(n = 121)", "9.0 (1.5)\n76 (62.8)\n−0.8 (7.1)", "p", "0.61\n0.008\n0.66"])
    grid = one(text, "columnblocks")
    assert grid.rows[0][1] == ["Outcome", "Febuxostat (n = 118)", "Allopurinol (n = 121)", "p"]
    assert grid.rows[2][1] == ["sUA < 6 mg/dL at week 24, n (%)", "87 (73.7)", "76 (62.8)", "0.008"]


def test_ocr_table_with_a_rule_remnant_a_pipe_between_cells_marks_apart_and_loq_cells():
    """Tesseract of a monitoring table: a lone ``|`` left of a rule, ``Bay East | 10`` (a column
    rule's remnant), ``1,440 *`` (a mark apart), ``<LOQ`` (``<L0Q``) cells, a ``Samples`` column."""
    text = "\n".join(["Area Samples STX GTX Total", "|", "Ria North 12 146 <LOQ 544", "Bay West 10 412 508 1,440 *",
                      "Bay East | 10 231 337 878 *", "Outer Sound 8 17 <L0Q 57"])
    grid = one(text, "aligned")
    assert [cells_ for _, cells_ in grid.rows][1:] == [["Ria North", "12", "146", "<LOQ", "544"],
                                                       ["Bay West", "10", "412", "508", "1,440 *"],
                                                       ["Bay East", "10", "231", "337", "878 *"],
                                                       ["Outer Sound", "8", "17", "<L0Q", "57"]]
    assert cells.is_missing("<L0Q")


def test_aligned_rows_of_mean_sd_and_range_cells():
    text = """                   n      Dive depth (m)          Dive time (s)
Adults            14      18.4 ± 6.2 (7–33)       41 ± 12 (18–70)
Juveniles          9      11.9 ± 4.8 (4–21)       29 ± 10 (11–52)"""
    grid = one(text, "aligned")
    assert grid.rows[1][1] == ["Adults", "14", "18.4 ± 6.2 (7–33)", "41 ± 12 (18–70)"]
    assert grid.rows[2][1][-1] == "29 ± 10 (11–52)"


def test_aligned_labels_wrapped_after_a_comma_or_a_threshold_and_a_letter_after_an_interval():
    text = """                 Outcome                 Drug          Placebo       Difference (95% CI)      p
                 Pain score              4.1 (1.2)     5.0 (1.4)     −0.9 (−1.4 to −0.4)      <0.001
                 Rescue doses per week,
                   mean (SD)             1.2 (0.8)     2.0 (1.1)     −0.8 (−1.1 to −0.5)      0.002
                 Patients with ≥50%
                   relief, n (%)         41 (52.6)     27 (34.6)     18.0 (3.1 to 32.9)c      0.02
                 Sleep score             6.3 (1.9)     6.0 (2.0)     0.3 (−0.3 to 0.9)        0.31"""
    grid = one(text, "aligned")
    assert (grid.first_line, grid.last_line) == (1, 7)  # the wrapped labels continue the run
    last_but_one = next(cells_ for ln, cells_ in grid.rows if ln == 6)
    assert last_but_one[-2:] == ["18.0 (3.1 to 32.9)c", "0.02"]
    parsed = parse_document(document_from_text(text, "trial.txt"), {})
    assert sorted(v["value"] for v in parsed["table_values"] if v["line_no"] == 4) == sorted(
        ["1.2", "0.8", "2.0", "1.1", "-0.8", "-1.1", "-0.5", "0.002"])
    assert len([v for v in parsed["table_values"] if v["line_no"] == 6]) == 8


def test_aligned_rows_ending_in_a_reference_column_of_citations():
    text = """  Catalyst            Loading (wt%)     Yield (%)     TOF (h−1)     Ref.

  Pd/C                 5.0               91.2          1,240         [12]
  Pt/Al2O3             2.5               84.6            980         [15,16]
  Ni-Mo                10.0              72.3            415         [9]
  This work            3.0               95.8          1,610         –"""
    parsed = parse_document(document_from_text(text, "catalysts.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4 and v["value"]] == ["2.5", "84.6", "980"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 6 and v["value"]] == ["3.0", "95.8", "1610"]
    assert not [n for n in parsed["parse_notes"] if n["kind"] in ("unparseable_cell", "unread_data_line")]


def test_single_spaced_rows_whose_reference_row_prints_ref_for_its_p_value():
    text = """Group n Responders, n (%) OR (95% CI) p
Placebo 120 31 (25.8) Ref. Ref.
Low dose 118 47 (39.8) 1.90 (1.09–3.31) 0.02
High dose 121 63 (52.1) 3.12 (1.81–5.39) <0.001"""
    parsed = parse_document(document_from_text(text, "doses.txt"), {})
    assert sorted(v["value"] for v in parsed["table_values"] if v["line_no"] == 2 and v["value"]) == ["120", "25.8", "31"]
    notes = [n for n in parsed["parse_notes"] if n["line_no"] == 2]
    assert notes and all(n["kind"] == "text_cell" and "reference category" in n["message"] for n in notes)


def test_value_bullets_with_a_currency_a_standard_error_and_the_measure_named_before_a_bold_value():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Unit cost per household: **USD 14.20**", "- Annual tariff revenue: US$ 2,310",
                               "- Connection fee: **$35**"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["14.20", "2,310", "35"]
    (grid,) = bulletlist.find(["- Smallholders: maize yield **+0.42** (SE 0.11)",
                               "- Large farms: maize yield **+0.17** (SE 0.09)",
                               "- Tenants: maize yield **−0.05** (SE 0.12)"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["+0.42 ± 0.11", "+0.17 ± 0.09", "−0.05 ± 0.12"]
    (grid,) = bulletlist.find(["* Low exposure: adjusted β = −0.6 (95% CI −1.9 to 0.7)",
                               "* High exposure: adjusted β = −2.8 (95% CI −4.1 to −1.5)",
                               "* Any exposure: adjusted β = −1.7 (95% CI −2.6 to −0.8)"])
    assert grid.rows[1][1][1] == "−2.8 (−4.1 to −1.5)"
    # words after the value still make a remark of the bullet, never a unit or a measure
    assert bulletlist.find(["- Farms: yield rose by 12 percent in the dry year", "- Plots: 4", "- Sites: 9"]) == []


def test_value_bullets_across_column_divs_with_italic_symbols_and_bracketed_intervals():
    from paperfig.tableforms import bulletlist

    lines = ["::: columns", ":::: column", "- Nest temperature, hatched clutches: 29.4 °C",
             "- Nest temperature, failed clutches: 31.2 °C", "::::", ":::: column",
             "- Sand moisture, hatched clutches: 6.1%", "- Sand moisture, failed clutches: 3.8%", "::::", ":::"]
    (grid,) = bulletlist.find(lines)
    assert [ln for ln, _ in grid.rows] == [3, 4, 7, 8]
    (grid,) = bulletlist.find(["- Counting: *g* = 0.21 [0.03, 0.39]", "- Estimation: *g* = −0.31 [−0.50, −0.12]",
                               "- Comparison: *g* = 0.09 [−0.08, 0.26]"])
    assert grid.rows[1][1][1] == "−0.31 (−0.50 to −0.12)"
    # a citation in brackets after a value is no interval
    assert bulletlist.find(["- Sites: 12 [4]", "- Plots: 48 [4]", "- Years: 3 [7]"]) == []


def test_aligned_labels_with_a_code_in_capitals_or_a_capitalised_verb_are_rows():
    text = """  Line             Yield (t/ha)     Loss (%)
  IS 2205          2.41 ± 0.17      12.1
  Dropped out, %   4.7              0.9
  Achieved target  61.2             3.4"""
    parsed = parse_document(document_from_text(text, "lines.txt"), {})
    assert {v["line_no"] for v in parsed["table_values"]} == {2, 3, 4}
    # in running text the same words are prose: no table
    prose = """  The line is 2.41 t/ha     and its loss 12.1
  Accuracy dropped to 4.7    from 5.9 in 2020
  The model reached 61.2      after 3.4 epochs"""
    assert not parse_document(document_from_text(prose, "prose.txt"), {})["table_values"]


def test_aligned_header_of_settings_under_a_unit_and_a_group_phrase():
    text = """                          Curing time (days)
  Mix      Cement                                          Slump
           (kg/m3)     7          28          90
  M1       350         21.4       32.8        38.1          85
  M2       400         25.9       38.2        43.6          70
  M3       450         29.7       42.5        47.9          55"""
    parsed = parse_document(document_from_text(text, "mixes.txt"), {})
    table = parsed["table_summary"][0]
    assert table["header_lines"] == [1, 2, 3]
    assert "Curing time (days): 28" in table["columns"]
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["400", "25.9", "38.2", "43.6", "70"]


def test_value_bullets_whose_value_is_said_to_be_a_mean():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Dive depth: **42 m**", "- Dive time: **3.1 min** on average", "- Surface interval: 55 s"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["42", "3.1", "55"]


def test_pandoc_multiline_regression_table_keeps_standard_errors_on_their_own_lines():
    text = """  ---------------------------------------------------------
                        (1) Wages          (2) Hours
  --------------------  -----------------  ----------------
  Treatment             0.142***           -0.031
                        (0.038)            (0.024)

  Treatment × female    0.061*
                        (0.033)

  Observations          8,412              8,412
  ---------------------------------------------------------"""
    parsed = parse_document(document_from_text(text, "reg.md"), {})
    by_line = {}
    for v in parsed["table_values"]:
        if v["value"]:
            by_line.setdefault(v["line_no"], []).append(v["value"])
    assert by_line[4] == ["0.142", "-0.031"] and by_line[5] == ["0.038", "0.024"]
    assert by_line[8] == ["0.033"]


def test_ablation_bullets_with_a_delta_in_parentheses():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Full model: 81.4", "- − reranker: 78.9 (−2.5)", "- − query expansion: 80.2 (−1.2)"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["81.4", "78.9 (−2.5)", "80.2 (−1.2)"]


def test_easyocr_boxes_printed_with_numpy_2_scalar_types():
    from paperfig.tableforms import ocrboxes

    def box(x0, y0, x1, y1, text, conf):
        pts = ", ".join(f"[np.int32({x}), np.int32({y})]" for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1)))
        return f"([{pts}], '{text}', np.float64({conf}))"

    lines = [box(10, 10, 80, 30, "Strain", 0.91), box(200, 10, 260, 30, "Titre", 0.88),
             box(10, 40, 70, 60, "K12", 0.82), box(200, 40, 250, 60, "6.42", 0.75),
             box(10, 70, 70, 90, "B7", 0.97), box(200, 70, 250, 90, "5.98", 0.99)]
    (grid,) = ocrboxes.find(lines)
    assert grid.rows == [(1, ["Strain", "Titre"]), (3, ["K12", "6.42"]), (5, ["B7", "5.98"])]


def test_simple_table_rows_under_a_blank_label_are_rows_of_their_own():
    text = """  Measure              Arm       Week 0     Week 8
  -------------------- --------- ---------- ----------
  Pain score           Drug      6.1        3.2
                       Placebo   6.0        4.9
  Sleep hours          Drug      5.2        6.4
                       Placebo   5.3        5.6"""
    parsed = parse_document(document_from_text(text, "arms.md"), {})
    lines = sorted({v["line_no"] for v in parsed["table_values"] if v["value"]})
    assert lines == [3, 4, 5, 6]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["6.0", "4.9"]


def test_single_spaced_rows_ending_in_a_range_with_thousands():
    text = """Size n Mean SD Range
Small 23 412 96 260-610
Medium 31 786 154 520-1,120
Large 28 1,245 237 880-1,760"""
    parsed = parse_document(document_from_text(text, "prices.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["31", "786", "154", "520", "1120"]


def test_value_bullets_with_a_unit_holding_parentheses():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Peak flow: 1.36 p/(m·s)", "- Mean flow: 1.04 persons/(m·s)", "- Peak density: 5.1 p/m²"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["1.36", "1.04", "5.1"]


def test_two_tables_of_ocr_boxes_printed_one_after_another_are_two_blocks():
    from paperfig.tableforms import ocrboxes

    def box(x0, y0, x1, y1, text):
        return f"[[[{x0}.0, {y0}.0], [{x1}.0, {y0}.0], [{x1}.0, {y1}.0], [{x0}.0, {y1}.0]], ('{text}', 0.95)]"

    first = [box(10, 10, 80, 30, "Site"), box(300, 10, 360, 30, "Rate"), box(10, 40, 70, 60, "North"),
             box(300, 40, 340, 60, "9.0"), box(10, 70, 70, 90, "South"), box(300, 70, 340, 90, "13.5")]
    second = [box(10, 120, 600, 140, "Table 3. Species found in infected cattle by district"),
              box(10, 150, 80, 170, "Species"), box(150, 150, 700, 170, "Cases (n)"),
              box(10, 180, 80, 200, "T. vivax"), box(150, 180, 190, 200, "41"),
              box(10, 210, 80, 230, "T. congolense"), box(150, 210, 190, 230, "17")]
    grids = ocrboxes.find(first + second)
    assert [g.rows[-1][1] for g in grids] == [["South", "13.5"], ["T. congolense", "17"]]


def test_aligned_row_ending_in_a_dash_with_its_footnote():
    text = """  Mix        Strength (MPa)    Loss (%)     Cracks
  M1         32.1 ± 1.2        2.8          4
  M2         28.4 ± 1.5        –b           –b
  M3         30.9 ± 0.9        3.4          6"""
    parsed = parse_document(document_from_text(text, "mixes.txt"), {})
    assert [(v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 3] == [
        ("value", "28.4"), ("error", "1.5"), ("missing", ""), ("missing", "")]


def test_value_bullets_with_a_standard_error_in_parentheses():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Year before: −0.010 (0.018)", "- Year of opening: 0.047 (0.022)",
                               "- Year after: 0.091 (0.027)"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["−0.010 (0.018)", "0.047 (0.022)", "0.091 (0.027)"]


def test_value_bullets_listing_their_values_with_names_sides_and_words_of_what_they_count():
    from paperfig.tableforms import bulletlist

    lines = ["- Median time on app: **Quest 412 min**, **Blocks 389 min**",
             "- Fidelity rating: 3.9 / 5 vs 3.7 / 5",
             "- Relative risk: **TIVA 0.37** (95% CI 0.22–0.64); **Sevo + DEX 0.31** (95% CI 0.17–0.56)",
             "- Change vs baseline: dialogic −12.6 min/day, standard −9.1 min/day, waitlist +2.4 min/day",
             "- Adherence: **91%** of planned sessions",
             "- Dropouts: 1 (HB), 2 (CO)",
             "- Events > 40 mm: peak reduction 8 ± 11% (n.s.)",
             "- Sodium per dose: **131 mg** vs 1,640 mg with the twice-nightly salt",
             "- Cost per part: flood €1.84, cryo €2.37 <!-- .element: class=\"fragment\" -->",
             "- Revenue, ML vs rule: **+1,733 k€** per year",
             "", "- Peak month: July (24.3% of records)", "- Setup: 2D flume, Froude scale 1:40"]
    (grid,) = bulletlist.find(lines)
    assert [cells[1:] for _, cells in grid.rows] == [
        ["412", "389", ""], ["3.9", "3.7", ""], ["0.37 (0.22 to 0.64)", "0.31 (0.17 to 0.56)", ""],
        ["−12.6", "−9.1", "+2.4"], ["91%", "", ""], ["1", "2", ""], ["8 ± 11%", "", ""], ["131", "1,640", ""],
        ["1.84", "2.37", ""], ["+1,733", "", ""]]
    assert grid.rows[0][1][0] == "Median time on app"


@pytest.mark.parametrize("line", ["- Note: see Table 3", "- Result: the model reached 91%",
                                  "- Funding: grant 2019-22 from NSF, 3 years", "- Scale: 1:40, 1:25"])
def test_bullets_of_words_around_a_number_are_no_listed_values(line):
    from paperfig.tableforms import bulletlist

    assert bulletlist.find([line, line]) == []


def test_header_cells_then_labels_then_columns_after_a_caption_whose_tail_wraps():
    """Plain pdftotext: the caption's second line, every header cell, the labels, then each
    column's values; the caption's tail is no header cell."""
    lines = ["Table 2. Accuracy of the index for staging the disease against", "histology in the cohort (n = 300)",
             "Stage", "Cases, n (%)", "Cut-off (kPa)", "AUROC (95% CI)", "F≥2", "F≥3", "F4",
             "201 (63.2)", "127 (39.9)", "58 (18.2)", "7.4", "9.1", "12.6",
             "0.84 (0.80–0.88)", "0.90 (0.86–0.93)", "0.93 (0.90–0.96)", "CI, confidence interval."]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Stage", "Cases, n (%)", "Cut-off (kPa)", "AUROC (95% CI)"]
    assert grid.rows[3] == (9, ["F4", "58 (18.2)", "12.6", "0.93 (0.90–0.96)"])
    assert grid.cell_lines[3] == [9, 12, 15, 18]


def test_value_bullets_of_a_count_of_a_total_a_change_with_its_unit_and_measured_pairs():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Silent aspirators: 38 / 109 (34.9%)", "- Detected by screen: 33 / 38 (86.8%)",
                               "- Median time: 7 min (IQR 5–9)"])
    assert [cells_[1] for _, cells_ in grid.rows] == ["38/109 (34.9%)", "33/38 (86.8%)", "7 (5 to 9)"]
    (grid,) = bulletlist.find(["- Red line: 58 → 37 min (−21 min)", "- Green line: 64 → 45 min (−19 min)"])
    assert grid.rows[0][1] == ["Red line", "58", "37 (−21)"]
    (grid,) = bulletlist.find(["- Rotation: **+24.8°** hydrodilatation vs **+17.3°** steroid",
                               "- Flexion: **+31.5°** vs **+27.9°**"])
    assert grid.rows[0][1] == ["Rotation", "+24.8", "+17.3"]
    # two bullets of whole numbers with units are measurements; two bare counts describe a design
    (grid,) = bulletlist.find(["- Procedure time: 22 min vs 6 min (median)", "- Cost per patient: €412 vs €138"])
    assert grid.rows[1][1] == ["Cost per patient", "412", "138"]
    assert bulletlist.find(["- Plots: 4", "- Sites: 9"]) == []


def test_one_cell_per_line_rows_that_leave_the_reference_arms_last_cells_blank():
    """OCR boxes of a trial table: the difference and p rows have no cell under the placebo arm,
    and an interval is glued by OCR (``-5.98to-4.84``)."""
    lines = ["Endpoint", "Active", "Comparator", "Placebo", "Score, baseline", "18.6±2.9", "18.4±3.1", "18.7±2.8",
             "Score, change", "-5.41", "-4.27", "-2.93", "95%CI", "-5.98to-4.84", "-4.85to-3.69", "-3.50to-2.36",
             "Difference vs placebo", "-2.48", "-1.34", "p value", "<0.001", "<0.001",
             "Responders, n(%)", "84(55.6)", "66(44.3)", "41(27.3)", "Congestion, change", "-1.32", "-1.08", "-0.71"]
    grid = one("\n".join(lines), "stacked")
    assert grid.rows[4] == (17, ["Difference vs placebo", "-2.48", "-1.34", ""])
    assert grid.rows[3][1][1] == "-5.98to-4.84" and grid.rows[-1] == (27, ["Congestion, change", "-1.32", "-1.08",
                                                                          "-0.71"])
    assert [n[0] for n in grid.notes if n[1] == "short_row"] == [17, 20]
    # rows that all stop short are no table of that width: two columns, the header's cells wrapped
    grid = one("\n".join(["A", "B", "C", "x", "1.1", "y", "2.2", "z", "3.3"]), "stacked")
    assert grid.rows[1] == (4, ["x", "1.1"]) and not [n for n in grid.notes if n[1] == "short_row"]


def test_value_bullets_naming_colour_coordinates_and_a_share_bins_column_of_labels():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- **Freeze drying:** L* 78.4, rehydration ratio 5.9",
                               "- **Oven 60 °C:** L* 69.1, rehydration ratio 4.2",
                               "- Mass lost: **4.6 ± 1.8 %** of body mass"])
    assert [cells_[1:] for _, cells_ in grid.rows] == [["78.4", "5.9"], ["69.1", "4.2"], ["4.6 ± 1.8 %", ""]]
    parsed = parse_document(document_from_text("\n".join([
        "| Weight lost | Athletes | Win rate |", "|---|---:|---:|", "| < 3 % | 9 | 54.2 % |",
        "| 3–5 % | 16 | 48.9 % |", "| > 5 % | 12 | 39.4 % |"]), "bins.md"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]][:2] == [(3, "9"), (3, "54.2")]
    assert {v["row_label"] for v in parsed["table_values"]} == {"< 3 %", "3–5 %", "> 5 %"}


def test_rows_printed_as_paragraphs_broken_over_lines_as_doctr_renders_a_table():
    text = "\n".join(["Management", "Flower cover (%)", "Visits", "Richness", "",
                      "Annual trim 4.2 + 1.1 3.1 + 0.8 6.8", "", "Biennial trim 11.7 + 2.3", "8.4 + 1.6 10.4", "",
                      "Triennial trim", "15.9 + 2.8 11.2 + 2.1 12.6", "",
                      "Laid (first year)", "2.6 + 0.9", "1.9 + 0.6 4.1", "", "Unmanaged 9.3 + 2.5 6.0 + 1.4 9.5"])
    (grid,) = [g for g in grids(text) if g.form == "paragraphs"]
    assert grid.rows[2] == (8, ["Biennial trim", "11.7 + 2.3", "8.4 + 1.6", "10.4"])
    assert grid.cell_lines[2] == [8, 8, 9, 9] and grid.cell_lines[4] == [14, 15, 16, 16]
    assert grid.rows[-1] == (18, ["Unmanaged", "9.3 + 2.5", "6.0 + 1.4", "9.5"])
    # rows that each stand on one line are the aligned reader's, not this one's
    flat = "\n\n".join(["Model A B", "x 1.1 2.2", "y 3.3 4.4", "z 5.5 6.6"])
    assert [g.form for g in grids(flat)] != ["paragraphs"]


def test_a_tables_last_column_printed_after_it_joins_its_rows():
    text = "\n".join(["Group Feet Casts", "", "Mild 64 4.2 + 1.1", "Moderate 118 5.6 + 1.4", "Severe 92 6.9 + 1.8", "",
                      "Relapse", "", "n (%)", "5 (7.8)", "14 (11.9)", "19 (20.7)", "", "Casts were changed weekly."])
    (grid,) = grids(text)
    assert grid.rows[1][1][-1] == "5 (7.8)" and grid.cell_lines[3][-1] == 12
    assert grid.rows[0][1][-1] == "Relapse n (%)" and grid.last_line == 12
    assert any(n[1] == "detached_column" for n in grid.notes)
    # as many values as rows, or no column: a list of numbers after a table stays prose
    short = text.replace("19 (20.7)\n", "")
    assert all(len(cells_) == 3 for _, cells_ in grids(short)[0].rows)


def test_value_bullet_with_a_second_named_value_in_parentheses():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Humidity in burrow: **92 %** (outside 64 %)", "- Burrows shared: **37 %**"])
    assert grid.rows[0][1] == ["Humidity in burrow", "92 %", "64 %"]


def test_marker_cells_with_escaped_stars_in_a_superscript_and_time_bins_as_row_labels():
    text = "\n".join(["| Condition | 48 hpa | 72 hpa |", "|---|---|---|",
                      "| gfp(RNAi) | 531 ± 64 | 338 ± 45 |",
                      "| fzr3(RNAi) | 294 ± 51<sup>\\*\\*\\*</sup> | 241 ± 39<sup>\\*\\*</sup> |"])
    parsed = parse_document(document_from_text(text, "m.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["294", "51", "241", "39"]
    bins = "\n".join(["| Time to drug | n | ROSC (%) |", "|---|---:|---:|", "| ≤5 min | 1,862 | 33.7 |",
                      "| 6–10 min | 3,975 | 26.1 |", "| >20 min | 414 | 11.8 |"])
    parsed = parse_document(document_from_text(bins, "b.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["414", "11.8"]


def test_listed_values_whose_names_say_time_to_something():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- IO first: **3,108** patients, median time to drug 8.7 min",
                               "- IV first: **6,308** patients, median time to drug 10.1 min"])
    assert grid.rows[1][1] == ["IV first", "6,308", "10.1"]


def test_listed_values_named_by_codes_and_a_continued_docling_table_whose_first_row_is_its_header():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Loss after the protocol: W1 **4.8 %**, W2 **3.1 %**, W4 **6.7 %**",
                               "- Stiffness: 9.4 ± 0.7 kN/mm (PT only) vs 11.2 ± 0.9 kN/mm (with UFPs)"])
    assert [cells_[1:] for _, cells_ in grid.rows] == [["4.8 %", "3.1 %", "6.7 %"], ["9.4 ± 0.7", "11.2 ± 0.9", ""]]
    text = "\n".join(["| Year | Biomass (kt) | Biomass (kt) | CV |", "|---|---|---|---|", "| | SSB | Total | (%) |",
                      "| 2011 | 412.6 | 538.9 | 14 |", "| 2012 | 355.3 | 471.2 | 15 |", "", "<!-- image -->", "",
                      "| 2018 | 219.8 | 10,317.5 | 17 |", "|---|---|---|---|", "| 2019 | 267.2 | 371.6 | 16 |"])
    parsed = parse_document(document_from_text(text, "d.md"), {})
    got = [(v["line_no"], v["value"]) for v in parsed["table_values"]]
    assert (9, "219.8") in got and (9, "2018") not in got and (4, "2011") not in got and (4, "412.6") in got


def test_settings_with_a_unit_in_descending_order_name_the_rows():
    text = "\n".join(["Heap      Stalls/min    Avg. stall (ms)", "16 GB        0.0            –",
                      "8 GB         0.4           11.2", "4 GB         6.8           27.9"])
    parsed = parse_document(document_from_text(text, "h.txt"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"] == [
        (2, "0.0"), (3, "0.4"), (3, "11.2"), (4, "6.8"), (4, "27.9")]


def test_a_column_of_thresholds_after_the_label_column_labels_the_rows():
    text = "\n".join(["| Reader | Threshold | Sensitivity, % | NPV, % |", "|---|---|---|---|",
                      "| Reader 1 | ≥3 | 96.6 [92.3–98.9] | 95.6 |", "| | ≥4 | 90.5 [84.6–94.7] | 92.9 |",
                      "| | ≥3 and PSAD ≥0.15 | 93.2 [87.9–96.7] | 93.8 |"])
    parsed = parse_document(document_from_text(text, "t.md"), {})
    assert not [v for v in parsed["table_values"] if v["value"] in ("3", "4")]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["90.5", "84.6", "94.7", "92.9"]


def test_grouped_settings_before_a_text_column_with_an_lsd_row_and_value_lines_in_naira():
    from paperfig.tableforms import bulletlist

    text = "\n".join(["| N rate (kg/ha) | Mulch | Pods per plant | Yield (t/ha) |", "| --- | --- | --- | --- |",
                      "| 0 | None | 11.4 | 4.62 |", "| 0 | Straw | 13.1 | 5.49 |", "| 80 | None | 16.2 | 7.38 |",
                      "| 80 | Straw | 18.9 | 8.97 |", "| LSD (0.05) |  | 1.7 | 0.64 |"])
    parsed = parse_document(document_from_text(text, "o.md"), {})
    assert not [v for v in parsed["table_values"] if v["value"] in ("0", "80")]
    (grid,) = bulletlist.find(["Straw mulch: net return ₦1,842,000; benefit–cost ratio 2.31",
                               "Polyethylene: net return ₦1,675,000; benefit–cost ratio 1.94",
                               "No mulch: net return ₦1,208,000; benefit–cost ratio 2.05"])
    assert grid.rows[0][1] == ["Straw mulch", "1,842,000", "2.31"]


def test_a_detached_p_value_column_after_a_table_whose_header_holds_an_interval_level():
    text = "\n".join(["Endpoint Active Placebo Difference", "Active Placebo (95% CI)", "",
                      "Polyp score 5.9 + 1.2 6.0 = 1.1 -1.63 (-2.05 to -1.21)",
                      "Congestion 2.4 + 0.5 2.4 + 0.6 -0.59 (-0.76 to -0.42)",
                      "UPSIT 14.2 + 8.1 15.0 + 7.7 7.1 (5.2 to 9.0)", "", "P value", "<0.001", "0.008", "0.002"])
    (grid,) = grids(text)
    assert [cells_[-1] for _, cells_ in grid.rows[-3:]] == ["<0.001", "0.008", "0.002"]
    assert grid.cell_lines[-1][-1] == 11


def test_two_columns_printed_one_after_another_after_a_table_with_a_garbled_error():
    """docTR: the table, then its ``Difference`` column, then its ``P`` column, each a block of
    its own; a row whose error OCR garbled (``(O.24)``) is still a data row."""
    text = "\n".join(["Outcome Drug Placebo", "", "Itch score 4.3 + 2.4 5.6 + 2.2", "Sleep score -2.4 (O.24) -1.5 (0.23)",
                      "Rescue use, n (%) 11 (9.3) 20 (16.5)", "", "Difference (95% CI)", "-1.3 (-1.9 to -0.7)",
                      "-0.9 (-1.6 to -0.2)", "-7.2 (-14.6 to 0.2)", "", "P", "<0.001", "0.01", "0.06"])
    (grid,) = grids(text)
    assert [cells_[-2:] for _, cells_ in grid.rows[-3:]] == [
        ["-1.3 (-1.9 to -0.7)", "<0.001"], ["-0.9 (-1.6 to -0.2)", "0.01"], ["-7.2 (-14.6 to 0.2)", "0.06"]]
    assert grid.cell_lines[-1][-1] == 15
    from paperfig.tableforms import aligned

    assert aligned.is_value("(O.24)") and not aligned.is_value("(OK)")  # an error OCR garbled holds its place


def test_listed_values_joined_by_and_against_a_named_reference():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Take-up: **+3.2 pp** (PLS) and **+3.7 pp** (PLS + reminder) vs control",
                               "- Balance: **+£41** (PLS) and **+£58** (PLS + reminder) vs control"])
    assert [cells_[1:] for _, cells_ in grid.rows] == [["+3.2", "+3.7"], ["+41", "+58"]]


def test_listed_values_parted_by_middle_dots_with_intervals_in_brackets():
    from paperfig.tableforms import bulletlist

    (grid,) = bulletlist.find(["- Cured: **34.1%** supervised · **28.6%** app · **11.1%** leaflet",
                               "- Leakage episodes, median [IQR]: 2 [0–5] · 3 [1–6] · 6 [3–10]"])
    assert grid.rows[1][1] == ["Leakage episodes, median [IQR]", "2 (0 to 5)", "3 (1 to 6)", "6 (3 to 10)"]


def test_years_under_a_header_whose_spans_are_left_blank_name_the_columns():
    text = "\n".join(["| Cultivar | Type | Incidence (%) |  | Disease index |  |", "|---|---|---|---|---|---|",
                      "|  |  | 2021 | 2022 | 2021 | 2022 |", "| Y2 | Hybrid | 38.6 | 44.2 | 21.4 | 26.9 |",
                      "| Q681 | Hybrid | 29.1 | 35.8 | 15.2 | 19.7 |"])
    parsed = parse_document(document_from_text(text, "r.md"), {})
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3]
    assert [v["column"] for v in parsed["table_values"] if v["line_no"] == 4][:2] == ["Incidence (%): 2021",
                                                                                      "Incidence (%): 2022"]


def test_single_spaced_years_header_with_a_total_a_low_dash_and_a_rate_per_spaced_thousands():
    """Tesseract of an old report: ``Total`` after the years names the last column; a dash read
    low (``_``) is a missing cell; ``Rate per 100 000`` ends a header line, not a row of values."""
    text = "\n".join(["Beach 1991 1992 1993 Total", "Rescues", "North Bay 41 38 52 131", "Sand Spit 17 22 19 58",
                      "Te Rerenga* _ 12 15 27", "", "", "Age group Deaths Rate per 100 000",
                      "Young adults 12 0.41", "Older adults 5 0.23", "All ages 17 0.32"])
    first, second = grids(text)
    assert first.rows[0][1] == ["Beach", "1991", "1992", "1993", "Total"]
    assert first.rows[2][1] == ["North Bay", "41", "38", "52", "131"]
    assert first.rows[4][1] == ["Te Rerenga*", "_", "12", "15", "27"] and cells.is_missing("_")
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.txt"), {})["table_values"]
              if v["value"]]
    assert (8, "100") not in values and (8, "000") not in values and (9, "0.41") in values


def test_decimal_settings_printed_once_for_their_rows_and_a_second_factor_repeated_under_each():
    """An HTML table (MinerU) whose first column spans rows: lime 0.5 / 1.0 / 1.5 %, each over
    steeping 8 and 16 h. Both columns name the rows; no setting is a value."""
    span = '<td rowspan="2">{}</td>'
    rows = "".join(f"<tr>{span.format(lime) if h == '8' else ''}<td>{h}</td><td>{ph}</td>"
                   f"<td>{ca}</td></tr>" for lime, h, ph, ca in [
                       ("0.5", "8", "7.21 ± 0.04e", "96.3 ± 3.1f"), ("0.5", "16", "7.35 ± 0.03d", "118.7 ± 4.0e"),
                       ("1.0", "8", "8.02 ± 0.05c", "171.5 ± 5.2d"), ("1.0", "16", "8.19 ± 0.04b", "204.9 ± 6.6c"),
                       ("1.5", "8", "8.27 ± 0.03ab", "238.2 ± 7.1b"), ("1.5", "16", "8.31 ± 0.05a", "266.4 ± 8.3a")])
    text = f"<table><tr><td>Lime (%)</td><td>Steeping (h)</td><td>pH</td><td>Calcium (mg/100 g)</td></tr>{rows}</table>"
    values = [v["value"] for v in parse_document(document_from_text(text, "p.md"), {})["table_values"] if v["value"]]
    assert "16" not in values and "0.5" not in values and "8" not in values
    assert values[:4] == ["7.21", "0.04", "96.3", "3.1"] and len(values) == 24


def test_a_wrapped_label_ending_in_a_comma_over_a_row_in_lower_case_keeps_the_run_whole():
    """docTR keeps no indent: ``Bacteriological eradication,`` / ``day 7  82/117 (70.1) ...`` is a
    label wrapped over the row below it, not the table's end."""
    text = "\n".join(["Outcome", "", "Success, day 7 94/128 (73.4) 101/126 (80.2) -6.8 (-17.1 to 3.6)",
                      "Success, day 14 105/128 (82.0) 108/126 (85.7) -3.7 (-12.8 to 5.4)",
                      "Bacteriological eradication,", "day 7 82/117 (70.1) 93/115 (80.9) -10.8 (-21.8 to 0.2)"])
    grid = one(text, "aligned")
    assert grid.rows[-1][1] == ["day 7", "82/117 (70.1)", "93/115 (80.9)", "-10.8 (-21.8 to 0.2)"]


def test_ranges_with_thousands_tukey_letters_lower_then_upper_and_a_dash_with_a_remark():
    assert [(p.part, p.value) for p in cells.parse_cell("902.6–1,227.0").parts] == [("low", "902.6"), ("high", "1227.0")]
    assert [(p.part, p.value, p.flag) for p in cells.parse_cell("38.2 ± 2.1 bC").parts] == [
        ("value", "38.2", "significance"), ("error", "2.1", "significance")]
    assert cells.parse_cell("0.88 ± 0.02 aAB").parts and not cells.parse_cell("5.0 A").parts
    assert cells.is_missing("— (no bar shown)") and not cells.is_missing("— (3)")


def test_a_full_width_row_ending_in_a_missing_mark_on_a_two_column_page_stays_whole():
    from paperfig.tableforms import columns

    assert columns.is_text("Passive (shade, supine)         12    40.03 ± 0.33        —a") is False
    assert columns.is_text("the cooling rate was highest in the cold bath") is True


def test_models_numbered_under_a_docling_header_are_no_values():
    text = "\n".join(["|      | Log rent | Log rent | Turnover |", "|------|----------|----------|----------|",
                      "|      | (1)      | (2)      | (3)      |", "| Post | -0.061*** | -0.054*** | -0.038** |",
                      "|      | (0.012)  | (0.011)  | (0.015)  |", "| Age  | 0.043*** | 0.029**  | 0.006    |"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.md"), {})["table_values"]
              if v["value"]]
    assert not [v for v in values if v[0] == 3] and (4, "-0.061") in values and (5, "0.012") in values


def test_a_numbered_section_heading_with_a_final_point_beside_a_table_row_is_text():
    from paperfig.tableforms import columns

    assert columns.is_text("3.2. Multivariable analysis") and columns.is_text("5.3   Control tasks")


def test_value_bullets_listed_with_colons_by_arm_with_slashes_and_not_significant():
    from paperfig.tableforms import bulletlist

    rows = [r[1] for g in bulletlist.find(["- Lean mass: −14.9 kg; fat mass: −6.5 kg", "- Bone mass: −0.4 kg"])
            for r in g.rows]
    assert rows == [["Lean mass", "−14.9", "−6.5"], ["Bone mass", "−0.4", ""]]
    rows = [r[1] for g in bulletlist.find(["- Hypercalcaemia: 0 cases", "- Vomiting: 4 / 3 / 5 children",
                                           "- Dropped out: 3 / 4 / 2"]) for r in g.rows]
    assert rows[1:] == [["Vomiting", "4", "3", "5"], ["Dropped out", "3", "4", "2"]]
    assert not bulletlist._SLASH_CHAIN.search("3.9 / 5 vs 3.7 / 5")  # two ratings, no list of arms
    rows = [r[1] for g in bulletlist.find(["- Awakenings: **+0.5** (0.3 to 0.7)",
                                           "- Total sleep: −4.1 min (−10.6 to 2.4), n.s."]) for r in g.rows]
    assert rows[1] == ["Total sleep", "−4.1 (−10.6 to 2.4)"]


def test_a_median_with_a_range_from_below_detection():
    res = cells.parse_cell("2.3 (<LOD–8.9)")
    assert [(p.part, p.value) for p in res.parts] == [("value", "2.3"), ("high", "8.9")]
    assert [n.kind for n in res.notes] == ["missing_bound"] and cells.numeric_cell("41 (<LOD–175)")


def test_column_blocks_named_by_a_group_and_its_columns_in_one_paragraph():
    """OCRmyPDF's sidecar text: ``Impact force (kN)`` / ``new`` over one column, ``abraded`` over
    the next (the group's too); ``Sheath`` / ``slippage (mm)`` is one name wrapped."""
    text = "\n\n".join(["Rope", "A single, 9.8 mm\nB single, 9.5 mm\nC single, 8.9 mm", "Impact force (kN)\nnew",
                        "8.6\n8.9\n9.4", "abraded", "9.3\n9.8\n10.7", "Sheath\nslippage (mm)", "1.5\n2.0\n3.5"])
    grid = one(text, "columnblocks")
    assert grid.rows[0][1] == ["Rope", "Impact force (kN) new", "Impact force (kN) abraded", "Sheath slippage (mm)"]
    assert grid.rows[2][1] == ["B single, 9.5 mm", "8.9", "9.8", "2.0"]


def test_headers_first_then_labels_in_groups_then_columns():
    lines = ["Habitat", "Season", "Trapped", "(n)", "Prevalence", "(%)", "Spruce forest", "Spring", "Autumn",
             "Clear-cut", "Spring", "Autumn", "214", "389", "58", "133", "17.3", "10.5", "3.4", "3.8"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Habitat", "Season", "Trapped (n)", "Prevalence (%)"]
    assert grid.rows[2][1] == ["", "Autumn", "389", "10.5"] and grid.rows[3][1] == ["Clear-cut", "Spring", "58", "3.4"]


def test_a_two_column_page_keeps_a_table_row_whose_label_touches_its_first_value():
    from paperfig.tableforms import columns

    line = "Grip strength, % of contralateral 91.3 (10.5)         86.7 (13.2)         84.9 (14.0)         0.028"
    gap = next(m for m in columns._GAP2.finditer(line) if m.start() <= 50 < m.end())
    assert columns._row_across(line, gap)
    prose = "Reynolds number range from roughly 9 000 to 210 000.               15.0    0.17 ± 0.06  0.63 ± 0.18"
    gap = next(m for m in columns._GAP2.finditer(prose) if m.start() <= 60 < m.end())
    assert not columns._row_across(prose, gap)


def test_a_page_number_beside_a_running_head_between_rows_is_page_furniture():
    text = "\n".join(["Site Depth Rate", "M1 0.22 −9.8 ± 3.7", "M2 0.05 −14.2 ± 5.1", "7",
                      "Estuarine, Coastal and Shelf Dynamics 298 (2024) 108652", "M3 0.31 −6.1 ± 2.2",
                      "M4 0.12 −7.4 ± 2.9"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.txt"), {})["table_values"]
              if v["value"]]
    assert not [v for v in values if v[0] in (4, 5)] and (6, "-6.1") in values
    kept = "\n".join(["Author Year Score", "Jones (2019)", "42", "Smith (2020)", "37"])  # a label's year stays
    from paperfig.parse import _page_furniture
    assert _page_furniture(tuple(kept.split("\n"))) == set()
    cited = ("M2 0.05 1.2", "12", "N Engl J Med 2024;391:884-95", "M3 0.31 2.2")  # volume and pages, another style
    assert _page_furniture(cited) == {1, 2}


def test_tukey_letters_glued_to_the_error_of_a_negative_printed_with_a_unicode_minus():
    assert [(p.part, p.value) for p in cells.parse_cell("−11.6 ± 1.4a").parts] == [("value", "-11.6"), ("error", "1.4")]


def test_a_layout_rule_under_group_names_is_no_pandoc_simple_table():
    """pdftotext -layout draws a group's rule as dashes; the rows under it hold several columns
    inside one dash run, so the aligned reader reads them, the years naming columns."""
    text = "\n".join([
        "                 Treated villages            Control villages",
        "             ----------------------    ----------------------",
        "Indicator    2012     2019    Change    2012     2019    Change", "",
        "Plots        8.7      4.1     −4.6      8.3      7.9     −0.4",
        "Plot size    0.62     1.48    0.86      0.66     0.71    0.05"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.txt"), {})["table_values"]
              if v["value"]]
    assert not [v for v in values if v[0] in (1, 3)] and (5, "-4.6") in values and (6, "0.05") in values


def test_settings_printed_once_for_their_rows_over_a_summary_row_and_colder_temperatures_name_rows():
    text = "\n".join(["| Site | N rate | Yield | TGW |", "|---|---|---|---|", "| Bareng | 0 | 612 c | 0.52 a |",
                      "| | 40 | 1,047 a | 0.50 a |", "| Sotuba | 0 | 438 b | 0.49 a |", "| | 40 | 705 a | 0.48 a |",
                      "| CV (%) | | 14.6 | 6.8 |", "", "| Snow (°C) | Base | Wax |", "|---|---|---|",
                      "| −2 | 0.064 | 0.051 |", "| −8 | 0.041 | 0.036 |", "| −15 | 0.048 | 0.039 |", "",
                      "| Loading (wt%) | Treatment | Strength |", "|---|---|---|", "| 0 (neat) | – | 29.4 |",
                      "| 10 | UT | 27.1 |", "| 20 | UT | 28.6 |", "| 10 | AT | 31.9 |"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.md"), {})["table_values"]
              if v["value"]]
    assert (3, "0") not in values and (4, "40") not in values and (7, "14.6") in values
    assert (11, "-2") not in values and (13, "-15") not in values and (13, "0.048") in values
    assert (18, "10") not in values and (18, "27.1") in values


def test_a_header_of_settings_in_decibels_names_the_columns():
    text = "\n".join(["  Method        SNR = −6 dB      −4 dB          0 dB           Params", "",
                      "  WDCNN [14]    61.27 ± 2.84     70.93 ± 2.11   86.05 ± 1.32   0.05M",
                      "  TICNN [17]    66.81 ± 2.37     75.40 ± 1.96   89.67 ± 1.05   0.07M"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.txt"), {})["table_values"]
              if v["value"]]
    assert not [v for v in values if v[0] == 1] and (3, "61.27") in values


def test_value_lines_of_a_slide_with_arrows_and_vs_a_superscript_footnote_and_a_row_across_the_gutter():
    from paperfig.tableforms import aligned, bulletlist, columns

    rows = [r[1] for g in bulletlist.find(["Hiccup episodes per day: 14.2 → 3.6 (baclofen) vs 13.8 → 9.7 (placebo)",
                                           "Sleep disturbance score (0–10): −4.1 vs −1.3",
                                           "Time to first hiccup-free 12 h: 31 h vs 58 h"]) for r in g.rows]
    assert rows[0] == ["Hiccup episodes per day", "14.2", "3.6", "13.8", "9.7"]
    assert aligned.is_value("0.036ᵇ")
    line = "  Run-up throw                           92.6 ± 5.7a,b     86.4 ± 6.1        85.9 ± 5.2        0.002"
    gap = next(m for m in columns._GAP2.finditer(line) if m.start() <= 58 < m.end())
    assert columns._row_across(line, gap)


def test_a_layout_row_of_intervals_with_thousands():
    text = "\n".join(["                      Adults 50–69 years            Adults ≥70 years",
                      " Timepoint            GMC        95% CI               GMC        95% CI",
                      " Month 0              1,084.6    987.2–1,191.6        1,021.3    925.8–1,126.7",
                      " Month 1             38,642.7    35,910.4–41,582.9   30,118.5    27,604.3–32,861.7"])
    values = [(v["line_no"], v["value"]) for v in parse_document(document_from_text(text, "p.txt"), {})["table_values"]
              if v["value"]]
    assert (3, "987.2") in values and (3, "1191.6") in values and (4, "41582.9") in values


def test_two_slide_lines_each_listing_values_a_condition_after_each_and_a_side_remark_with_a_point():
    from paperfig.tableforms import bulletlist

    rows = [r[1] for g in bulletlist.find(["# Cognitive load",
                                           "Self-reported effort (1–7): 2.8 at 12 cps, 3.6 at 16 cps, 5.1 at 20 cps",
                                           "Frustration (1–7): 2.2 / 2.9 / 4.7"]) for r in g.rows]
    assert rows == [["Self-reported effort (1–7)", "2.8", "3.6", "5.1"], ["Frustration (1–7)", "2.2", "2.9", "4.7"]]
    assert not bulletlist.find(["Volume: 12", "Issue: 3"])  # a citation stays prose
    rows = [r[1] for g in bulletlist.find(["- Any adverse event: standard **18.8%**, piperine **25.0%**",
                                           "- ALT change: +1.2 U/L vs. −0.8 U/L (micellar vs. standard)"])
            for r in g.rows]
    assert rows[1][:3] == ["ALT change", "+1.2", "−0.8"]


def test_survey_items_worded_as_sentences_are_rows_but_prose_with_numbers_is_not():
    text = "\n".join(["Item Agree Neutral Disagree", "Sedation relieved suffering 118 (89.4) 9 (6.8) 5 (3.8)",
                      "We were adequately informed 104 (78.8) 16 (12.1) 12 (9.1)",
                      "We could still communicate 47 (35.6) 38 (28.8) 47 (35.6)"])
    grid = one(text, "aligned")
    assert grid.rows[2][1] == ["We were adequately informed", "104 (78.8)", "16 (12.1)", "12 (9.1)"]
    assert not grids("We observed that the model reaches 84.3 82.1\nand it improves to 85.0 83.2")


def test_rows_ocr_split_one_cell_per_line_among_whole_rows_are_read_back():
    text = "\n".join([
        "Stylus Plays Noise (dB) THD (%) Loss (dB) Ra (nm)",
        "Conical",
        "0",
        "-63.8 + 0.6",
        "0.42 + 0.05",
        "-0.1 + 0.1",
        "18 + 2",
        "100 -61.7 + 0.9 0.55 + 0.07 -0.9 + 0.3 31 + 4",
        "250 -59.6 + 1.1 0.71 + 0.09 -1.8 + 0.4 47 + 6",
        "Elliptical",
        "0 -64.1 + 0.5 0.39 + 0.04 -0.1 + 0.1 17 + 2",
        "100 -63.0 + 0.6 0.44 + 0.05 -0.4 + 0.2 22 + 3",
        "250 -61.8 + 0.8 0.52 + 0.06 -0.9 + 0.3 30 + 4",
        "Microline",
        "0 -64.3 + 0.5 0.37 + 0.04 0.0 + 0.1 17 + 2",
        "100 -63.7 + 0.6 0.40 + 0.05 -0.2 + 0.1 19 + 2",
        "250 -63.1 + 0.6 0.43 + 0.05 -0.5 + 0.2 23 + 3",
    ])
    # (more whole rows than lone lines: the aligned reader's run; the stretch of five lone
    # lines is one row of five cells)
    g = one(text, "aligned")
    split = [(ln, cells) for ln, cells in g.rows if ln == 3]
    assert split == [(3, ["0", "-63.8 + 0.6", "0.42 + 0.05", "-0.1 + 0.1", "18 + 2"])]
    assert g.cell_lines[[ln for ln, _ in g.rows].index(3)] == [3, 4, 5, 6, 7]
    assert "split_rows" in [n[1] for n in g.notes]
    parsed = parse_document(document_from_text(text, "stylus.txt"), {})
    got = {(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert (3, "0") not in got and (4, "-63.8") in got and (7, "18") in got and (8, "100") not in got


def test_simple_table_cells_with_inline_math_are_made_plain_and_money_is_kept():
    text = "\n".join([
        "  Guard type        Incisal (mm)        Price",
        "  ----------------- ------------------- ---------",
        "  Stock             2.1 $\\pm$ 0.4       $12",
        "  Custom            4.0 $\\pm$ 0.2       $80",
        "",
    ])
    g = one(text, "multiline")
    assert g.rows[1] == (3, ["Stock", "2.1 ± 0.4", "$12"])
    assert [(p.part, p.value) for p in cells.parse_cell(g.rows[2][1][1]).parts] == [("value", "4.0"), ("error", "0.2")]


def test_significance_marks_after_a_parenthesised_sd_keep_the_row_aligned():
    text = "\n".join([
        "Treatment                 Events 0-60 min    Events 60-120 min    Gain (g/d)",
        "",
        "Sham handled               4.1 (2.6)***       2.3 (1.8)***         262 (41)",
        "Ring only                 46.8 (15.3)        21.7 (9.4)            231 (47)",
        "Ring + lidocaine          12.9 (7.7)***      18.4 (8.6)            240 (39)",
    ])
    g = one(text, "aligned")
    assert g.rows[1] == (3, ["Sham handled", "4.1 (2.6)***", "2.3 (1.8)***", "262 (41)"])
    parsed = parse_document(document_from_text(text, "lambs.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["4.1", "2.6", "2.3", "1.8", "262", "41"]


def test_a_row_ocr_broke_over_two_lines_and_settings_counted_again_under_each_group():
    text = "\n".join([
        "Island group Year Trap-nights Mink caught Females CPUE",
        "Northern 1 14,220 187 81 13.15",
        "2 13,960 64 29 4.58",
        "3 14,035 19 7 1.35",
        "Southern 1 9,410 96 44 10.20",
        "2 9,655 21",
        "8 2.18",
        "3 9,380 2 0 0.21",
    ])
    g = one(text, "aligned")
    rows = dict(g.rows)
    # the group's name and the year are two label columns; the year counts again under each group
    assert rows[2][:3] == ["Northern", "1", "14,220"] and rows[3][:3] == ["", "2", "13,960"]
    # lines 6-7 are one row, its last two cells on line 7
    assert rows[6] == ["", "2", "9,655", "21", "8", "2.18"] and 7 not in rows
    assert g.cell_lines[[ln for ln, _ in g.rows].index(6)] == [6, 6, 6, 6, 7, 7]
    kinds = [n[1] for n in g.notes]
    assert "joined_row" in kinds and "group_settings" in kinds
    parsed = parse_document(document_from_text(text, "mink.txt"), {})
    got = {(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert (3, "2") not in got and (6, "9655") in got and (7, "8") in got and (7, "2.18") in got


def test_a_whole_number_column_a_summary_row_averages_holds_data_not_labels():
    text = "\n".join([
        "Venue Seats Waterpipes PM2.5 CO",
        "in use (ug/m3) (ppm)",
        "Cafe A 48 11 612 + 188 18.4 + 5.2",
        "Cafe B 36 9 540 + 171 15.9 + 4.4",
        "Cafe C 72 19 1,085 + 302 29.6 + 8.1",
        "",
        "Mean 52 13 746 21.3",
    ])
    g = one(text, "aligned")
    rows = dict(g.rows)
    assert rows[3] == ["Cafe A", "48", "11", "612 + 188", "18.4 + 5.2"]
    assert rows[7] == ["Mean", "52", "13", "746", "21.3"]
    # without a summary row the seats read as part of the names, as model sizes do ('Llama 2 7B')
    g2 = one("\n".join(text.split("\n")[:5]), "aligned")
    assert dict(g2.rows)[3][0] == "Cafe A 48"


def test_a_range_from_below_detection_is_a_cell_of_an_aligned_row():
    text = "\n".join([
        "  Category              n     Mean ± SD        Range          Cd mean ± SD     Range",
        "  Drugstore, matte     22     1.84 ± 0.96      0.31–4.12      0.041 ± 0.022    <LOD–0.093",
        "  Luxury               19     0.88 ± 0.49      0.15–1.97      0.022 ± 0.014    <LOD–0.058",
        "  Imported              9     4.63 ± 2.87      0.94–9.12      0.136 ± 0.104    0.018–0.341",
    ])
    g = one(text, "aligned")
    assert g.rows[1] == (2, ["Drugstore, matte", "22", "1.84 ± 0.96", "0.31–4.12", "0.041 ± 0.022", "<LOD–0.093"])
    parsed = parse_document(document_from_text(text, "lipstick.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3 and v["value"]][-1] == "0.058"


def test_a_text_column_of_class_codes_after_the_values():
    text = "\n".join([
        " Site                Distance (m)    Cl deposition     TOW       Mass loss       Category",
        " Elmina Beach                  40    612 ± 148         5,870     71.9 ± 4.6      CX",
        " Cape Coast harbour           350    218 ± 57          5,410     33.5 ± 2.1      C5",
        " Saltpond                   1,200     64 ± 19          5,220     17.8 ± 1.3      C4",
    ])
    g = one(text, "aligned")
    assert g.rows[2] == (3, ["Cape Coast harbour", "350", "218 ± 57", "5,410", "33.5 ± 2.1", "C5"])


def test_an_abbreviated_column_name_ends_no_sentence_and_a_percentile_range_names_ranges():
    text = "\n".join([
        "                          Observed interval       Predicted              Ratio",
        " Node                     Mean      Range         Median     5–95%       obs./pred.",
        " K-1 (Chisapani)           27       19–36           31       22–44         0.87",
        " K-2 (Rajapur)             42       30–57           38       27–55         1.11",
        " S-1 (Chatra)              19       12–25           24       17–33         0.79",
    ])
    g = one(text, "aligned")
    assert g.first_line == 1 and g.header_rows in (0, 2)
    parsed = parse_document(document_from_text(text, "avulsion.txt"), {})
    assert parsed["table_summary"][0]["header_lines"] == [1, 2]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["27", "19", "36", "31", "22", "44",
                                                                                 "0.87"]


def test_a_missing_mark_before_a_text_column_holds_its_value_column():
    text = "\n".join([
        "  Lake            Elevation     Volume          Qp        Hazard",
        "  Lhadrak Tsho        4,712     88.4 ± 17.7     6,240     Very high",
        "  Nangpa Lake         5,364     14.9 ± 3.0      1,720     High",
        "  Yangri Tsho         4,658     34.5 ± 4.4          –     Highᵃ",
        "  Ghunsa East         5,287      7.4 ± 1.5        980     High",
    ])
    g = one(text, "aligned")
    assert g.rows[3] == (4, ["Yangri Tsho", "4,658", "34.5 ± 4.4", "–", "Highᵃ"])
    assert g.rows[4] == (5, ["Ghunsa East", "5,287", "7.4 ± 1.5", "980", "High"])


def test_a_value_column_of_ranges_each_printed_high_to_low_is_read():
    """Calibrated ages before present print the older bound first (``310–150``) in every row."""
    text = "\n".join([
        "Lab code    Depth (cm)    14C age (yr BP)    Calibrated range (cal BP)",
        "Wk-4411     35            240 ± 25           310–150",
        "Wk-4412     62            495 ± 25           540–500",
        "Wk-4415     88            1080 ± 30          1050–930",
        "Wk-4419     121           1390 ± 30          1340–1270",
    ])
    parsed = parse_document(document_from_text(text, "dates.txt"), {})
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["value"]]
    assert [(part, v) for ln, part, v in got if ln == 4] == [("value", "88"), ("value", "1080"), ("error", "30"),
                                                             ("low", "1050"), ("high", "930")]
    # a column mixing both directions is no column of ranges
    from paperfig.tablelayout import _ranges_column
    assert _ranges_column(["310–150", "540–500"]) and not _ranges_column(["150–310", "540–500"])
    assert not _ranges_column(["2020-21", "2021-22", "2022-23"])  # seasons
    # an open bound among them ('< 40') is a cell of the column too, a third of them at most
    assert _ranges_column(["800–1200", "350–500", "120–180", "< 40"]) and not _ranges_column(["< 40", "< 50", "60–95"])
    text = "\n".join(["| Location | Loss (W) | Dose (mrem/h) |", "|---|---|---|", "| Collimator | 162 | 800–1200 |",
                      "| Septum | 71 | 350–500 |", "| Girder | 39 | 60–95 |", "| Other | 24 | < 40 |"])
    parsed = parse_document(document_from_text(text, "loss.md"), {})
    assert [(v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 4] == [
        ("value", "71"), ("low", "350"), ("high", "500")]


def test_ranges_of_a_value_column_and_an_own_row_named_in_parentheses():
    text = "\n".join([
        "Deposit Fe2O3 (wt %) ISO brightness (%) Ref.",
        "Pugu Hills 0.9-1.6 78-84 [12]",
        "Malangali 0.4-1.1 82-88 [15]",
        "Mbeya (this study) 0.49-1.86 71-90",
        "Kisii 1.2-2.4 - [19]",
    ])
    parsed = parse_document(document_from_text(text, "kaolin.txt"), {})
    got = [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]]
    assert [v for ln, v in got if ln == 2] == ["0.9", "1.6", "78", "84"]
    assert [v for ln, v in got if ln == 4] == ["0.49", "1.86", "71", "90"]
    # bins that follow one another name rows: never a column of measured ranges
    bins = "\n".join(["| Depth (m) | N | Bias (m) |", "|---|---|---|", "| 0–2 | 48,213 | −0.04 |",
                      "| 2–5 | 61,907 | −0.06 |", "| 5–10 | 37,455 | −0.09 |"])
    parsed = parse_document(document_from_text(bins, "bins.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["48213", "-0.04"]


def test_paragraphs_of_whole_rows_with_a_row_broken_among_them_are_no_row_each():
    from paperfig.tableforms import paragraphs

    text = "\n".join([
        "Site Day Yield Fineness Tenacity Pectin Grade",
        "",
        "Normandy 7 9.8 +0.7 38.6 41.2 ± 2.9 6.4 2",
        "14 12.6 +0.9 31.4 44.7 +3.1 4.9 3",
        "21 15.1 +1.1 26.9 43.5 +2.6 3.6",
        "4",
        "28 16.4 +1.0 23.8 38.2 + 3.4 2.8 4",
        "",
        "Flanders 7 8.9 +0.8 40.3 39.8 +3.3 6.9 2",
        "14 11.7 +1.0 33.2 42.9 +2.8 5.2 3",
        "21 14.2 +0.9",
        "28.4 42.1 +3.0 3.9 4",
        "28 15.8 +1.2 24.6 37.5 +2.5 3.0 4",
    ])
    assert paragraphs.find(text.split("\n")) == []
    parsed = parse_document(document_from_text(text, "flax.txt"), {})
    got = {(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert (3, "9.8") in got and (4, "12.6") in got and (6, "4") in got and (12, "28.4") in got
    assert (4, "14") not in got  # the day names the row


def test_a_statistic_named_before_its_value_inside_a_row():
    text = "\n".join([
        "Outcome Splint Control Effect p",
        "Key pinch, kg 4.8 (1.6) 4.3 (1.7) 0.4 (0.0 to 0.8) 0.05",
        "Adherence, n (%) 33 (57) 26 (46) OR 1.6 (0.8 to 3.3) 0.21",
        "Irritation, n (%) 4 (7) 13 (23) OR 0.25 (0.08 to 0.82) 0.02",
    ])
    g = one(text, "aligned")
    assert g.rows[2] == (3, ["Adherence, n (%)", "33 (57)", "26 (46)", "OR 1.6 (0.8 to 3.3)", "0.21"])
    assert [(p.part, p.value) for p in cells.parse_cell(g.rows[2][1][3]).parts] == [
        ("value", "1.6"), ("low", "0.8"), ("high", "3.3")]  # (the name kept as printed, no value of its own)


def test_lines_without_bullets_each_comparing_whole_numbers_are_a_list():
    from paperfig.tableforms import bulletlist

    lines = ["# Defects per 10,000 forgings", "Laps at the pin fillets: 14 → 5", "Underfill at counterweights: 22 → 9",
             "Die mismatch: 6 → 7", "", "Volume: 12", "Issue: 3", "Pages: 45"]
    (grid,) = bulletlist.find(lines)
    assert grid.rows[2] == (4, ["Die mismatch", "6", "7"])


def test_a_bin_in_parentheses_ends_the_label_of_a_single_spaced_row():
    text = "\n".join([
        "Landholding class Loans Mean loan LTV Default 2015 Default 2017 Recovery",
        "Marginal (<1.0) 3,418 4.92 86.4 6.1 14.7 41.2",
        "Small (1.0-2.0) 7,905 5.31 81.9 4.8 11.3 47.5",
        "Medium (4.0-10.0) 8,142 6.08 71.5 2.7 5.9 58.1",
        "Large (>10.0) 2,631 7.45 64.0 1.9 3.4 63.6",
    ])
    g = one(text, "aligned")
    assert g.rows[2] == (3, ["Small (1.0-2.0)", "7,905", "5.31", "81.9", "4.8", "11.3", "47.5"])


def test_a_factorial_designs_setting_columns_name_the_rows():
    text = "\n".join([
        "  Plate      Load angle    Anchorage         Fmax (kN)           ks (N/mm)",
        "  (mm)       θ (°)         length (mm)",
        "  1.0        0             60             18.6 (7.2)          4,310 (11.4)",
        "  1.0        0             90             26.9 (6.1)          5,870 (9.8)",
        "  1.0        90            60             11.2 (12.5)         2,145 (15.0)",
        "  1.5        0             60             20.4 (5.9)          5,025 (8.7)",
        "  1.5        0             90             31.7 (4.8)          7,460 (10.2)",
    ])
    parsed = parse_document(document_from_text(text, "joints.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["11.2", "12.5", "2145", "15.0"]


def test_settings_repeated_under_groups_below_a_header_of_three_lines():
    text = "\n".join([
        "                                Major axis,          Gate open             Change in",
        "Design         Exposure (h)     gate closed                                gate-open",
        "                                kN                   kN                    strength (%)",
        "A (7075-T6)    0                25.8 ± 0.6           8.9 ± 0.3             –",
        "               500              25.5 ± 0.7           8.1 ± 0.5             −9.0",
        "               1000             25.1 ± 0.9           7.2 ± 0.6             −19.1",
        "C (steel)      0                41.3 ± 1.2           15.7 ± 0.7            –",
        "               1000             40.8 ± 1.4           15.2 ± 0.9            −3.2",
    ])
    parsed = parse_document(document_from_text(text, "carabiners.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5 and v["part"] != "missing"] == [
        "25.5", "0.7", "8.1", "0.5", "-9.0"]


def test_school_years_name_the_rows():
    text = ("| School year | Pupils | Uptake (%) |\n|---|---:|---:|\n| 2016/17 | 187,420 | 11.8 |\n"
            "| 2017/18 | 184,960 | 11.6 |\n| 2018/19 | 181,305 | 11.3 |\n")
    parsed = parse_document(document_from_text(text, "tuition.md"), {})
    assert [(v["row_label"], v["value"]) for v in parsed["table_values"]][:2] == [("2016/17", "187420"),
                                                                                  ("2016/17", "11.8")]
    assert len(parsed["table_values"]) == 6


def test_a_factorial_design_whose_first_setting_is_a_merged_cell():
    text = ("| Mould (°C) | Pressure (MPa) | Warpage (mm) | Shrinkage (%) | Cycle (s) |\n|---|---|---|---|---|\n"
            "| 40 | 30 | 1.84±0.12 | 0.31 | 38.5 |\n| | 50 | 1.52±0.09 | 0.27 | 39.2 |\n"
            "| 60 | 30 | 1.61±0.11 | 0.35 | 42.7 |\n| | 50 | 1.33±0.08 | 0.30 | 43.4 |\n")
    parsed = parse_document(document_from_text(text, "moulding.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["1.52", "0.09", "0.27", "39.2"]
    assert {(v["qualifier"], v["row_label"]) for v in parsed["table_values"] if v["line_no"] == 4} == {("40", "50")}


def test_decimal_settings_under_a_spanning_header_name_the_columns():
    text = "\n".join([
        "Table 2   Drag coefficient of four hull forms",
        "",
        "                         Cd at Fr =                       Mean dev.",
        "   Hull           0.15     0.25     0.35     0.45            (%)",
        "   H1 (round)     0.412    0.388    0.371    0.362           +1.9",
        "   H2 (chine)     0.436    0.401    0.379    0.366           −0.8",
        "   H3 (wedge)     0.455    0.420    0.392    0.371           +0.4",
    ])
    parsed = parse_document(document_from_text(text, "hulls.txt"), {})
    values = [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"]
    assert not [v for ln, v in values if ln == 4]  # the settings name the columns
    assert [v for ln, v in values if ln == 5][:4] == ["0.412", "0.388", "0.371", "0.362"]
    assert {v["column"] for v in parsed["table_values"] if v["value"] == "0.388"} <= {"0.25", "Cd at Fr =: 0.25"}
    # without the '=', a label column named by a header word tells the same
    named = text.replace("Cd at Fr =", "Drag coeff.").replace("   Hull    ", "   Model   ")
    parsed = parse_document(document_from_text(named, "hulls.txt"), {})
    assert not [v for v in parsed["table_values"] if v["line_no"] == 4 and v["part"] != "missing"]
    assert len([v for v in parsed["table_values"] if v["line_no"] == 5 and v["part"] != "missing"]) == 5


def test_settings_under_a_unit_cell_below_group_names_name_the_columns():
    text = "\n".join([
        "Table 4. Drift of two sensor types after ageing",
        "",
        "| Temperature | Type K | | Type N | |",
        "|---|---|---|---|---|",
        "| (°C) | 0 h | 500 h | 0 h | 500 h |",
        "| 100 | 0.18 | 0.41 | 0.09 | 0.14 |",
        "| 200 | 0.26 | 0.87 | 0.12 | 0.21 |",
        "| 400 | 0.31 | 1.64 | 0.15 | 0.33 |",
    ])
    parsed = parse_document(document_from_text(text, "drift.txt"), {})
    values = [v for v in parsed["table_values"] if v["part"] != "missing"]
    assert not [v for v in values if v["line_no"] == 5]  # the hours name the columns
    assert [v["value"] for v in values if v["line_no"] == 6] == ["0.18", "0.41", "0.09", "0.14"]
    assert {v["row_label"] for v in values if v["line_no"] == 6} == {"100"}


def test_paragraphs_of_a_groups_label_over_labelled_rows_are_no_row_each():
    text = "\n".join([
        "Table 2. Outcomes at baseline and week 12", "",
        "Outcome Balm Placebo Difference p", "",
        "Elasticity, cheek (R2)",
        "Baseline 0.61 + 0.08 0.62 + 0.09",
        "Week 12 0.70 + 0.07 0.63 + 0.08 0.07 (0.04 to 0.10) <0.001", "",
        "Elasticity, neck (R2)",
        "Baseline 0.55 + 0.09 0.56 + 0.10",
        "Week 12 0.63 + 0.08 0.57 + 0.09 0.06 (0.03 to 0.09) 0.002", "",
        "Roughness (Ra, um)",
        "Baseline 14.2 + 3.1 13.9 + 3.3",
        "Week 12 11.8 + 2.7 13.6 + 3.2 -2.1 (-3.0 to -1.2) <0.001",
    ])
    assert "paragraphs" not in [g.form for g in grids(text)]
    parsed = parse_document(document_from_text(text, "balm.txt"), {})
    values = {}
    for v in parsed["table_values"]:
        if v["part"] != "missing":
            values.setdefault(v["line_no"], []).append(v["value"])
    assert values[6] == ["0.61", "0.08", "0.62", "0.09"] and values[14] == ["14.2", "3.1", "13.9", "3.3"]
    assert values[7][:2] == ["0.70", "0.07"] and "12" not in values[7]


def test_seasons_under_names_and_units_over_two_header_rows_name_the_columns():
    text = "\n".join([
        "                     Pod number          Seed mass",
        "Treatment            (plant-1)           (g plant-1)",
        "                   2021/22   2022/23    2021/22   2022/23",
        "Control              12.4c     14.1c      18.2c     20.6c",
        "Strain A             21.7a     23.9a      29.5a     31.2a",
        "Strain B             18.8b     20.3b      25.1b     27.4b",
    ])
    parsed = parse_document(document_from_text(text, "pods.txt"), {})
    values = [v for v in parsed["table_values"] if v["part"] != "missing"]
    assert not [v for v in values if v["line_no"] == 3]  # the seasons name the columns
    assert [v["value"] for v in values if v["line_no"] == 4] == ["12.4", "14.1", "18.2", "20.6"]
    assert any("2022/23" in v["column"] for v in values)


def test_a_single_spaced_header_of_seasons_names_the_columns():
    text = "\n".join([
        "Table 4", "Peak moisture content of the walls (% by dry mass).",
        "Panel Depth 2021/22 2022/23 2023/24",
        "E1 50 mm 15.2 16.8 14.9", "E1 200 mm 12.0 12.6 11.7", "E2 50 mm 17.5 18.9 16.1",
        "E2 200 mm 13.3 14.0 12.8",
    ])
    parsed = parse_document(document_from_text(text, "walls.txt"), {})
    values = [v for v in parsed["table_values"] if v["part"] != "missing"]
    assert not [v for v in values if v["line_no"] == 3]
    assert [v["value"] for v in values if v["line_no"] == 4] == ["15.2", "16.8", "14.9"]
    assert [v["column"] for v in values if v["line_no"] == 4] == ["2021/22", "2022/23", "2023/24"]


def test_seasons_in_a_wrapped_single_spaced_header_are_no_values():
    text = "\n".join([
        "Table 2. Incidence and yield of four lines in two seasons", "",
        "Line Habit Incidence (%) Yield (kg ha-1)",
        "30 DAS 60 DAS 2018/19 2019/20",
        "GL-101 Runner 2.9 4.4 1,704 1,998",
        "GL-207 Runner 5.1 8.8 1,566 1,845",
        "GL-330 Bunch 2.2 3.6 1,402 1,590",
        "GL-412 Bunch 7.4 12.9 1,211 1,377",
    ])
    parsed = parse_document(document_from_text(text, "lines.txt"), {})
    found = [v["value"] for v in parsed["table_values"] if v["part"] != "missing"]
    assert not {"2018", "2019", "19", "20"} & set(found)
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["2.9", "4.4", "1704", "1998"]


def test_a_header_line_of_units_alone_names_the_value_columns_only():
    text = "\n".join([
        "Region Storage Lots Positive Mean Maximum",
        "(n) (%) (ug/kg) (ug/kg)", "",
        "North Sealed silo 24 29.2 0.84 + 0.41 1.62",
        "Open shed 22 54.5 2.37 + 1.96 7.05",
        "South Sealed silo 30 36.7 1.18 + 0.77 2.94",
        "Open shed 28 67.9 4.63 + 3.82 14.20",
    ])
    parsed = parse_document(document_from_text(text, "lots.txt"), {})
    row = [v["value"] for v in parsed["table_values"] if v["line_no"] == 4]
    assert row == ["24", "29.2", "0.84", "0.41", "1.62"]  # the lots' count is a value, not the label's


def test_a_total_row_one_cell_short_does_not_set_the_column_count():
    text = "\n".join([
        "Table 1. Seeds found in two habitats.", "",
        "Taxon Meadow Hedge",
        "n % n % Mass (%)",
        "Grass seeds 212 41.6 84 23.9 38.4",
        "Clover seeds 96 18.8 61 17.4 22.7",
        "Dock seeds 58 11.4 79 22.5 16.4",
        "Other seeds 144 28.2 127 36.2 22.5",
        "Total 510 100 351 100",
    ])
    parsed = parse_document(document_from_text(text, "seeds.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["212", "41.6", "84", "23.9", "38.4"]
    assert {v["row_label"] for v in parsed["table_values"] if v["line_no"] == 5} == {"Grass seeds"}


def test_whole_numbers_with_a_plus_glued_to_the_first_on_a_line_of_misread_pm():
    text = "\n".join([
        "TABLE 2. Fullness ratings (100-mm scale; mean + SD)", "",
        "Bread Fullness Fullness Taste Chewing",
        "30 min 90 min",
        "Rye loaf 58+ 12 41+ 15 69 + 11 66 + 14",
        "White loaf 49 + 14 30+ 12 75+ 9 78 + 10",
        "Oat loaf 61 + 12 46 + 14 64+ 13 57+ 16",
    ])
    parsed = parse_document(document_from_text(text, "bread.txt"), {})
    found = [(v["value"], v["part"]) for v in parsed["table_values"] if v["line_no"] == 5]
    assert found[:4] == [("58", "value"), ("12", "error"), ("41", "value"), ("15", "error")]
    assert len(found) == 8 and {v["row_label"] for v in parsed["table_values"] if v["line_no"] == 5} == {"Rye loaf"}


def test_years_after_a_group_name_label_the_rows_and_a_units_row_under_the_header_is_no_data():
    text = "\n".join([
        "Table 2. Reed cover and snail counts in three ponds (mean + SE).", "",
        "| Pond Year Reed cover Snails Change",
        "(%) (per m?) (%)",
        "(per trap)", "",
        "North pond 2018 41.2 + 3.1 18 + 4 —",
        "2019 35.6 + 2.8 22 + 5 -13.6",
        "2020 30.1 + 2.2 27 + 4 -15.4",
        "| East pond 2018 52.7 + 4.0 11 + 3 —",
        "2019 49.9 + 3.6 12 + 3 -5.3",
        "2020 44.0 + 3.3 16 + 4 -11.8",
    ])
    parsed = parse_document(document_from_text(text, "reeds.txt"), {})
    found = {(v["line_no"], v["value"]) for v in parsed["table_values"]}
    assert not any(value.isdigit() and value.startswith("20") for _, value in found)  # years name the rows
    assert {value for ln, value in found if ln == 8} == {"35.6", "2.8", "22", "5", "-13.6"}
    wrapped = "\n".join([
        "Habitat Year Nests Clutch size Success (%)",
        "Farm ponds 1984 38 6.8 + 1.4 71.2",
        "1985 42 7.1 + 1.2 68.4",
        "1986 35 6.5 + 1.6 63.0",
        "Canal and 1984 17 7.4 + 1.1 76.8",
        "river margins 1985 15 7.6 + 1.3 79.1",
        "1986 14 7.0 + 1.5 70.3",
        "All habitats 161 6.9 + 1.4 70.2",
    ])
    parsed = parse_document(document_from_text(wrapped, "moorhen.txt"), {})
    assert not any(v["value"].isdigit() and v["value"].startswith("198") for v in parsed["table_values"])
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 6] == ["15", "7.6", "1.3", "79.1"]
    census = "\n".join([
        "Tab1e 4. Spring census of ibex in the upper valley.", "",
        "Year | Males Females Kids Tota1 Kids per 100 females",
        "| (counted)", "",
        "2015 46 118 39 203 33.1",
        "2016 51 124 42 217 33.9",
        "2017 | 49 131 37 217 28.2",
        "2018 55 127 45 227 35.4",
    ])
    parsed = parse_document(document_from_text(census, "ibex.txt"), {})
    assert not any(v["value"].isdigit() and v["value"].startswith("201") for v in parsed["table_values"])
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 8] == ["49", "131", "37", "217", "28.2"]


def test_a_year_with_a_footnote_mark_stays_in_its_column_of_years_naming_the_rows():
    text = "\n".join([
        "Table 3. Leaf damage by site and year (mean ± SE).", "",
        "                     Damage (%)                  Mines per leaf",
        " Site      Year    Sprayed       Control       Sprayed      Control",
        "",
        " Holt      2019    12.4 ± 1.1    20.8 ± 1.9    0.41 ± 0.05  0.88 ± 0.09",
        "           2020    10.9 ± 1.0    23.5 ± 2.1    0.37 ± 0.04  0.95 ± 0.10",
        "           2021    11.7 ± 1.3    25.1 ± 2.0    0.39 ± 0.05  1.02 ± 0.11",
        " Marsh     2019    15.0 ± 1.4    19.6 ± 1.7    0.52 ± 0.06  0.71 ± 0.08",
        "           2020    14.2 ± 1.2    21.3 ± 1.8    0.49 ± 0.06  0.80 ± 0.09",
        "           2021a   –             –             0.47 ± 0.05  0.84 ± 0.08",
    ])
    parsed = parse_document(document_from_text(text, "leaves.txt"), {})
    assert not any(v["value"].isdigit() and v["value"].startswith("20") for v in parsed["table_values"])
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 11 and v["value"]] == [
        "0.47", "0.05", "0.84", "0.08"]
    assert {v["row_label"] for v in parsed["table_values"] if v["line_no"] == 7} == {"2020"}


def test_docTR_block_of_a_last_column_without_its_name_then_the_next_group_past_a_blank_line():
    text = "\n".join([
        "Table 2. Grip strength at baseline and week 8, by group.", "",
        "Outcome / group Baseline Week 8 Mean change [95% CI]", "",
        "Grip strength, kg",
        "Training (n=31) 24.2 (5.1) 27.9 (5.4)",
        "Stretching (n=30) 23.8 (4.9) 24.6 (5.0)",
        "Usual care (n=29) 24.5 (5.3) 24.1 (5.2)", "",
        "3.7 [2.9, 4.5]",
        "0.8 [0.1, 1.5]",
        "-0.4 [-1.1, 0.3]", "",
        "Pinch strength, kg",
        "Training 6.1 (1.2) 7.0 (1.3) 0.9 [0.6, 1.2]",
        "Stretching 6.0 (1.1) 6.2 (1.2) 0.2 [-0.1, 0.5]",
        "Usual care 6.2 (1.3) 6.1 (1.2) -0.1 [-0.4, 0.2]", "",
        "Mixed models were adjusted for baseline and sex.",
    ])
    parsed = parse_document(document_from_text(text, "grip.txt"), {})
    found: dict[int, list[str]] = {}
    for v in parsed["table_values"]:
        if v["value"]:
            found.setdefault(v["line_no"], []).append(v["value"])
    assert found[10] == ["3.7", "2.9", "4.5"] and found[12] == ["-0.4", "-1.1", "0.3"]  # the block, row by row
    assert {v["row_label"] for v in parsed["table_values"] if v["line_no"] == 11} == {"Stretching (n=30)"}
    assert found[15] == ["6.1", "1.2", "7.0", "1.3", "0.9", "0.6", "1.2"]
    assert found[17] == ["6.2", "1.3", "6.1", "1.2", "-0.1", "-0.4", "0.2"]


def test_a_nameless_block_of_bare_numbers_after_a_table_is_no_column():
    text = "\n".join([
        "Model Precision Recall",
        "Base 71.2 65.4",
        "Large 74.8 69.1",
        "XL 76.0 70.3", "",
        "12",
        "15",
        "18",
    ])
    parsed = parse_document(document_from_text(text, "bare.txt"), {})
    assert not any(v["line_no"] > 4 for v in parsed["table_values"])


def test_index_column_with_thousands_commas_and_a_range_column_with_thousands():
    text = "\n".join([
        "| Budget (nodes) | Score | Calibrated age (cal BP) |",
        "|---|---|---|",
        "| 400 | 61.2 | 9,920-10,190 |",
        "| 800 | 64.8 | 12,560-12,820 |",
        "| 1,600 | 67.1 | 14,290-14,930 |",
        "| 3,200 | 69.0 | 18,270-18,720 |",
    ])
    parsed = parse_document(document_from_text(text, "budget.md"), {})
    rows = {v["line_no"]: v["row_label"] for v in parsed["table_values"]}
    assert rows[5] == "1,600"
    assert [(v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 5] == [
        ("value", "67.1"), ("low", "14290"), ("high", "14930")]


def test_two_factors_printed_once_for_their_rows_name_the_rows():
    text = "\n".join([
        "Table 2. Fatigue life by rope, sheave ratio and load.", "",
        "Rope                   D/d    Load    Cycles       CoV",
        "                               (%)                 (%)",
        "6x19 Seale             20     10      312,400      7.9",
        "                              20      141,700      10.3",
        "                       30     10      984,100      6.2",
        "                              20      452,800      8.0",
        "6x36 Warrington        20     10      401,300      8.8",
        "                              20      188,900      11.1",
        "                       30     10      1,215,600    5.9",
        "                              20      573,300      7.4",
    ])
    parsed = parse_document(document_from_text(text, "rope.txt"), {})
    values = {(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert not {value for _, value in values} & {"10", "20", "30"}  # the settings name the rows
    assert {value for ln, value in values if ln == 8} == {"452800", "8.0"}


def test_a_column_of_values_with_a_glued_plus_error_is_no_column_of_pairs_when_ocr_misread_pm():
    text = "\n".join([
        "| Thread | 1,000 | 2,000 | 3,000 |",
        "|---|---|---|---|",
        "| Cotton | 131 + 4 | 177 +6 | 252 +10 |",
        "| Polyester | 142 + 5 | 198 +7 | 281 +11 |",
        "| Silk | 120 + 3 | 166 +5 | 230 +9 |",
    ])
    parsed = parse_document(document_from_text(text, "needle.md"), {})
    found = [(v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 4]
    assert found == [("value", "142"), ("error", "5"), ("value", "198"), ("error", "7"),
                     ("value", "281"), ("error", "11")]


def test_a_row_of_angles_under_a_header_printed_again_per_column_names_the_columns():
    text = "\n".join([
        "| Speed (m/min) | Cure | Strength (MPa) | Strength (MPa) | Modulus (GPa) | Modulus (GPa) |",
        "|---|---|---|---|---|---|",
        "| | | 0° | 90° | 0° | 90° |",
        "| 0.3 | 0.97 | 812 (3.1) | 61.4 (6.8) | 41.2 (2.2) | 10.8 (4.9) |",
        "| 0.5 | 0.95 | 806 (2.7) | 59.9 (7.4) | 41.0 (1.9) | 10.6 (5.3) |",
        "| 0.7 | 0.91 | 797 (3.8) | 55.2 (8.1) | 40.6 (2.4) | 10.1 (6.0) |",
    ])
    parsed = parse_document(document_from_text(text, "profiles.md"), {})
    assert not any(v["line_no"] == 3 for v in parsed["table_values"])
    assert {v["column"] for v in parsed["table_values"] if v["line_no"] == 4} >= {"Strength (MPa): 90°"}


def test_a_docling_header_printed_again_with_its_columns_names_above_a_group_label_in_every_cell():
    text = "\n".join([
        "| Stall | Milk yield (kg/d) | Milk yield (kg/d) | Fat (%) | Fat (%) |",
        "|---|---|---|---|---|",
        "| Stall | Mean | Range | Mean | Range |",
        "| Winter housing | Winter housing | Winter housing | Winter housing | Winter housing |",
        "| Tie-stall | 24.1 | 18–31 | 4.12 | 3.8–4.5 |",
        "| Free-stall | 27.9 | 21–35 | 3.97 | 3.6–4.3 |",
        "| Summer pasture | Summer pasture | Summer pasture | Summer pasture | Summer pasture |",
        "| Tie-stall | 21.6 | 16–27 | 4.25 | 3.9–4.6 |",
    ])
    parsed = parse_document(document_from_text(text, "stalls.md"), {})
    got = [(v["column"], v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 5 and v["value"]]
    assert ("Milk yield (kg/d): Range", "low", "18") in got and ("Milk yield (kg/d): Range", "high", "31") in got
    assert ("Fat (%): Mean", "value", "4.12") in got


def test_ocr_specks_of_rules_as_pipes_among_single_spaced_rows_are_no_pipe_table():
    text = "\n".join([
        "Site Before After Change (95% CI)",
        "North | 12.4 + 1.1 13.0 + 1.3 |",
        "South | 11.8 + 0.9 12.9 + 1.0 | 1.1 (0.4 to 1.8)",
        "East 10.2 + 1.4 11.0 + 1.2 0.8 (0.1 to 1.5)",
        "West 12.9 + 1.0 13.1 + 0.8 0.2 (-0.5 to 0.9)",
    ])
    assert [g.form for g in grids(text)] == ["aligned"]
    parsed = parse_document(document_from_text(text, "specks.txt"), {})
    assert sorted(float(v["value"]) for v in parsed["table_values"] if v["line_no"] == 3 and v["value"]) == [
        0.4, 0.9, 1.0, 1.1, 1.8, 11.8, 12.9]
    # a pipe table of one value per cell stays one
    assert [g.form for g in grids("Site | Before | After\nNorth | 12.4 | 13.0\nSouth | 11.8 | 12.9")] == ["pipe"]


def test_settings_with_their_unit_among_words_in_the_first_column_name_the_rows():
    text = "\n".join(["| Drying temp. | Moisture (%) | Colour (ΔE) |", "|---|---|---|", "| Sun-dried | 11.8 | 4.1 |",
                      "| 50 °C | 10.2 | 3.6 |", "| 70 °C | 8.9 | 5.2 |"])
    parsed = parse_document(document_from_text(text, "drying.md"), {})
    got = [(v["line_no"], v["row_label"], v["value"]) for v in parsed["table_values"] if v["value"]]
    assert [g for g in got if g[0] == 4] == [(4, "50 °C", "10.2"), (4, "50 °C", "3.6")]
