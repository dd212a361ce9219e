"""Table blocks in every text form (paperfig.tableforms): one small document per variant."""

from pathlib import Path

import pytest

from grid_helpers import grids, one
from paperfig.documents import document_from_text
from paperfig.parse import parse_document
from paperfig.tableforms import Grid, aligned, find_grids, html, latex, pipe, tsv
from paperfig.tableforms.latex import clean_latex

ROOT = Path(__file__).resolve().parents[1]


def kinds(grid: Grid) -> list[str]:
    return [kind for _, kind, _ in grid.notes]


# --------------------------------------------------------------------------- tsv


def test_tsv_block_and_cells():
    g = one("Intro\nModel\tMNLI\tSST-2\nBERT\t84.6\t93.5\nTiny\t\t90.1\nafter", "tsv")
    assert (g.first_line, g.last_line, g.lines) == (2, 4, [2, 3, 4])
    assert g.rows == [(2, ["Model", "MNLI", "SST-2"]), (3, ["BERT", "84.6", "93.5"]), (4, ["Tiny", "", "90.1"])]


def test_tsv_run_split_where_header_printed_again():
    text = "Model\tA\tB\nx\t1.0\t2.0\nModel\tC\tD\ny\t3.0\t4.0"
    found = grids(text)
    assert [(g.form, g.first_line, g.last_line) for g in found] == [("tsv", 1, 2), ("tsv", 3, 4)]
    assert found[1].rows[0] == (3, ["Model", "C", "D"])


# --------------------------------------------------------------------------- pipe


def test_pipe_outer_pipes_alignment_emphasis_escape_ragged():
    text = "\n".join([
        "Text with a | pipe in it.",
        "",
        "| Model | **MNLI** | SST-2 |",
        "|:------|-----:|:---:|",
        "| *BERT* | 84.6 | __93.5__ |",
        "| a \\| b | 84.3* | 12 |",
        "| short | 1 |",
        "| stray | 2 | 3 ||",
        "| last | 4 | 5",
    ])
    g = one(text, "pipe")
    assert (g.first_line, g.last_line) == (3, 9)
    assert g.lines == [3, 4, 5, 6, 7, 8, 9]  # the alignment row is a line of the block, not a row
    assert g.rows == [
        (3, ["Model", "MNLI", "SST-2"]),
        (5, ["BERT", "84.6", "93.5"]),
        (6, ["a | b", "84.3*", "12"]),
        (7, ["short", "1", ""]),
        (8, ["stray", "2", "3"]),
        (9, ["last", "4", "5"]),
    ]


def test_pipe_without_outer_pipes_needs_alignment_or_two_same_lines():
    g = one("Model | Acc | F1\n--- | --- | ---\nA | 1.0 | 2.0", "pipe")
    assert g.rows == [(1, ["Model", "Acc", "F1"]), (3, ["A", "1.0", "2.0"])]
    g = one("x | y | z\n1 | 2 | 3", "pipe")
    assert g.rows == [(1, ["x", "y", "z"]), (2, ["1", "2", "3"])]


def test_pipe_br_entities_and_extra_cells_noted():
    g = one("| Model | Acc |\n|---|---|\n| Tiny<br>BERT | 81.2 &plusmn; 0.3 | extra |", "pipe")
    assert g.rows[1] == (3, ["Tiny BERT", "81.2 ± 0.3", "extra"])
    assert g.rows[0] == (1, ["Model", "Acc", ""])
    assert kinds(g) == ["ragged_row"]


def test_pipe_inline_math_in_cells():
    g = one("| Model | Acc |\n|---|---|\n| $\\text{BERT}_{\\text{BASE}}$ | $84.3_{\\pm 0.2}$ |", "pipe")
    assert g.rows[1] == (3, ["BERT_{BASE}", "84.3 ± 0.2"])


@pytest.mark.parametrize("text", [
    "We compare A | B here.",
    "one | pipe here\ntwo | pipe there",
    "a | b | c\nplain prose after it",
])
def test_pipe_prose_is_not_a_table(text):
    assert pipe.find(text.split("\n")) == []


# --------------------------------------------------------------------------- latex


LATEX = r"""Intro text.
\begin{table}[t]
\centering
\caption{Results on GLUE. \label{tab:x}}
\begin{tabular}{l|cc}
\toprule
\multirow{2}{*}{Model} & \multicolumn{2}{c}{GLUE} \\
\cmidrule(lr){2-3}
 & MNLI & SST-2~(\%) \\
\midrule
BERT$_{\text{BASE}}$ & 84.6 & \textbf{93.5} \\
{\bf Tiny}BERT$^\dagger$ & 82.5 $\pm$ 0.3 & -- \\ \hline
Ours\_v2$^{*}$ & 4$\times$ & \emph{91.0}\textsuperscript{\ddagger} \\
\bottomrule
\end{tabular}
\end{table}
After."""


def test_latex_table_environment_with_caption_rules_and_markup():
    g = one(LATEX, "latex")
    assert (g.first_line, g.last_line) == (2, 16)
    assert g.lines == list(range(2, 17))
    assert g.caption == (4, "Results on GLUE.")
    assert g.rows == [
        (7, ["Model", "GLUE", ""]),
        (9, ["", "MNLI", "SST-2 (%)"]),
        (11, ["BERT_{BASE}", "84.6", "93.5"]),
        (12, ["TinyBERT†", "82.5 ± 0.3", "—"]),
        (13, ["Ours_v2*", "4×", "91.0‡"]),
    ]
    assert g.notes == []


def test_latex_whole_table_on_one_line():
    line = (r"\begin{table}\caption{One line}\begin{tabular}{cc}\hline A & B \\ \hline 1 & 2 \\ "
            r"3 & 4 \\ \hline\end{tabular}\end{table}")
    g = one("before\n" + line + "\nafter", "latex")
    assert (g.first_line, g.last_line, g.lines) == (2, 2, [2])
    assert g.rows == [(2, ["A", "B"]), (2, ["1", "2"]), (2, ["3", "4"])]
    assert g.caption == (2, "One line")


def test_latex_variants_tabularx_array_and_nested_cells():
    g = one("\\begin{tabularx}{\\linewidth}{lX}\nName & Acc \\\\\nA & 1.0\n\\end{tabularx}", "latex")
    assert g.rows == [(2, ["Name", "Acc"]), (3, ["A", "1.0"])]  # last row without \\
    g = one("$$\\begin{array}{cc} a & 1.5 \\\\ b & 2.5 \\end{array}$$", "latex")
    assert g.rows == [(1, ["a", "1.5"]), (1, ["b", "2.5"])]
    nested = ("\\begin{tabular}{lc}\n\\begin{tabular}[c]{@{}l@{}}Hidden\\\\ Dim\\end{tabular} & Acc \\\\\n"
              "\\makecell{Tiny\\\\BERT} & 1.0 \\\\\n\\end{tabular}")
    g = one(nested, "latex")
    assert g.rows == [(2, ["Hidden Dim", "Acc"]), (3, ["Tiny BERT", "1.0"])]


def test_latex_longtable_drops_repeated_head_and_foot():
    text = "\n".join([
        r"\begin{longtable}{lc}",
        r"\caption{Long} \\",
        r"Model & Acc \\ \hline",
        r"\endfirsthead",
        r"Model & Acc \\ \hline",
        r"\endhead",
        r"\multicolumn{2}{r}{continued} \\",
        r"\endfoot",
        r"A & 1.0 \\",
        r"B & 2.0 \\",
        r"\end{longtable}",
    ])
    g = one(text, "latex")
    assert g.caption == (2, "Long")
    assert g.rows == [(3, ["Model", "Acc"]), (9, ["A", "1.0"]), (10, ["B", "2.0"])]
    assert kinds(g) == ["longtable_repeat", "longtable_repeat"]


def test_latex_unclosed_and_unknown_commands_are_noted():
    g = one("\\begin{tabular}{cc}\nA & \\foo{B} \\\\\n1 & 2 \\\\\n\nprose", "latex")
    assert g.rows == [(2, ["A", "B"]), (3, ["1", "2"])]
    assert g.last_line == 3
    assert kinds(g) == ["unclosed_table", "latex_command"]


@pytest.mark.parametrize("raw, plain", [
    (r"\multirow{3}{*}{Tiny~BERT\cite{x}}", "Tiny BERT"),
    (r"84.3$_{\pm 0.2}$", "84.3 ± 0.2"),
    (r"41\,021.00", "41021.00"),
    (r"---", "—"),
    (r"\textcolor{red}{\underline{77.1}}", "77.1"),
    (r"$\mathrm{BERT}_{\mathrm{BASE}}$", "BERT_{BASE}"),
    (r"12.5\%", "12.5%"),
    (r"\ding{51}", "✓"),
    (r"4.8\({}^{a}\)", "4.8^{a}"),  # (Nougat: a significance letter set in math after its number)
    (r"11.3\({}^{ab}\)", "11.3^{ab}"),
])
def test_latex_cell_text(raw, plain):
    assert clean_latex(raw) == plain


# --------------------------------------------------------------------------- html


HTML = """Some text
<table>
<caption>Table 2: Accuracy &amp; size</caption>
<thead><tr><th rowspan="2">Model</th><th colspan="2">GLUE</th></tr>
<tr><th>MNLI</th><th>SST-2</th></tr></thead>
<tbody>
<tr><td>BERT<sub>BASE</sub></td><td><b>84.6</b><sup>*</sup></td><td><strong>93.5</strong></td></tr>
<tr><td rowspan=2><i>Tiny</i></td><td>82.5 &plusmn; 0.3</td><td>-</td></tr>
<tr><td>80.1<br>(dev)</td><td>90.0
</tbody></table>
after"""


def test_html_spans_markup_entities_and_caption():
    g = one(HTML, "html")
    assert (g.first_line, g.last_line) == (2, 10)
    assert g.caption == (3, "Table 2: Accuracy & size")
    assert g.rows == [
        (4, ["Model", "GLUE", ""]),
        (5, ["", "MNLI", "SST-2"]),
        (7, ["BERT<sub>BASE</sub>", "84.6*", "93.5"]),
        (8, ["Tiny", "82.5 ± 0.3", "-"]),
        (9, ["", "80.1 (dev)", "90.0"]),
    ]


def test_html_one_line_and_sup_in_label():
    g = one("<table><tr><td>A<sup>a</sup></td><td>B</td></tr><tr><td>1</td><td>2<sup>†</sup></td></tr></table>",
            "html")
    assert g.rows == [(1, ["A<sup>a</sup>", "B"]), (1, ["1", "2†"])]


def test_html_rowspan_past_the_end_is_noted():
    g = one("<table>\n<tr><td rowspan=3>A</td><td>1</td></tr>\n<tr><td>2</td></tr>\n</table>", "html")
    assert g.rows == [(2, ["A", "1"]), (3, ["", "2"])]
    assert kinds(g) == ["rowspan_overflow"]


# --------------------------------------------------------------------------- aligned


def test_aligned_single_space_with_header():
    text = "\n".join([
        "Table 1: Quantization results.",
        "Method Bits Acc1 Acc2 PPL",
        "FP16 16 74.7% 59.3% 10.99",
        "W8A8 per-tensor 8 74.1% 58.8% 11.02",
        "GPTQ 4 71.2% 55.0% 1.2e4",
    ])
    g = one(text, "aligned")
    assert (g.first_line, g.last_line) == (2, 5)
    assert g.rows == [
        (2, ["Method", "Bits", "Acc1", "Acc2", "PPL"]),
        (3, ["FP16", "16", "74.7%", "59.3%", "10.99"]),
        (4, ["W8A8 per-tensor", "8", "74.1%", "58.8%", "11.02"]),
        (5, ["GPTQ", "4", "71.2%", "55.0%", "1.2e4"]),
    ]


def test_aligned_numbers_inside_labels_follow_the_header():
    text = "\n".join([
        "Model MMLU HellaSwag",
        "Llama 2 7B 45.3 61.0",
        "Llama 2 13B 54.8 69.2",
        "Mistral 7B 62.5 70.1",
        "GPT-4 86.4 92.0",
        "W8A8 2:4 4-bit 50.0 60.0",
    ])
    g = one(text, "aligned")
    assert [c for _, c in g.rows] == [
        ["Model", "MMLU", "HellaSwag"],
        ["Llama 2 7B", "45.3", "61.0"],
        ["Llama 2 13B", "54.8", "69.2"],
        ["Mistral 7B", "62.5", "70.1"],
        ["GPT-4", "86.4", "92.0"],
        ["W8A8 2:4 4-bit", "50.0", "60.0"],
    ]


def test_aligned_size_column_kept_when_the_header_names_it():
    text = "Model Size MMLU GSM8K\nLlama 7B 45.3 14.6\nLlama 13B 54.8 28.7\nMistral 7B 62.5 40.2"
    g = one(text, "aligned")
    assert g.rows[1] == (2, ["Llama", "7B", "45.3", "14.6"])


def test_aligned_without_header_an_all_integer_column_stays_label():
    # ambiguous without a header: the safe reading keeps "110" out of the values
    g = one("BERT 110 84.1 90.2\nTinyBERT 14 80.2 88.0\nDistilBERT 66 82.0 89.1", "aligned")
    assert g.rows[0] == (1, ["BERT 110", "84.1", "90.2"])


def test_aligned_compound_values_and_missing_marks():
    text = "Model Acc Delta F1\nA 81.2 ± 0.3 85.3 (-5.6) 88.5/84.3\nB 80.1 ± 0.2 N/A 86.8 / 81.7\nC — 84.0 (-6.9) -"
    g = one(text, "aligned")
    assert [c for _, c in g.rows[1:]] == [
        ["A", "81.2 ± 0.3", "85.3 (-5.6)", "88.5/84.3"],
        ["B", "80.1 ± 0.2", "N/A", "86.8 / 81.7"],
        ["C", "—", "84.0 (-6.9)", "-"],
    ]


def test_aligned_short_row_is_padded_right_and_noted():
    g = one("Model A B C\nx 1.0 2.0 3.0\ny 1.5 2.5 3.5\nz 4.0 5.0", "aligned")
    assert g.rows[3] == (4, ["z", "4.0", "5.0", ""])
    assert g.notes == [(4, "short_row", "row has 2 of 3 values; the missing cells are left blank at the right")]


def test_aligned_header_with_more_words_is_split_by_position_with_a_note():
    g = one("Precision Avg. acc. Wiki PPL\nFP16 74.7% 10.99\nW8A8 74.5% 11.02", "aligned")
    assert g.rows[0] == (1, ["Precision Avg. acc.", "Wiki", "PPL"])
    assert kinds(g) == ["header_split_by_position"]


def test_aligned_two_space_layout_uses_character_positions():
    text = "\n".join([
        "                     Hidden   Vocab   Compress    MRPC        MNLI-m",
        "Model                Dim      Size    Factor      (F1/Acc)    (Acc)",
        "Teacher BERT         768      30522   1x          88.5/84.3   84.0",
        "PKD, 6 layers        768      30522   1.64x       85.0/79.9   81.5",
        "",
        "NoKD Baseline                                     82.6/74.1   77.4",
        "DualTrain            192      4928    5.74x       82.5/76.6   78.1",
        "  + SharedProj       192                          83.6/76.9   78.2",
        "",
        "The next paragraph starts here.",
    ])
    g = one(text, "aligned")
    assert (g.first_line, g.last_line) == (1, 8)
    assert g.lines == list(range(1, 9))
    assert g.rows == [
        (1, ["", "Hidden", "Vocab", "Compress", "MRPC", "MNLI-m"]),
        (2, ["Model", "Dim", "Size", "Factor", "(F1/Acc)", "(Acc)"]),
        (3, ["Teacher BERT", "768", "30522", "1x", "88.5/84.3", "84.0"]),
        (4, ["PKD, 6 layers", "768", "30522", "1.64x", "85.0/79.9", "81.5"]),
        (6, ["NoKD Baseline", "", "", "", "82.6/74.1", "77.4"]),
        (7, ["DualTrain", "192", "4928", "5.74x", "82.5/76.6", "78.1"]),
        (8, ["+ SharedProj", "192", "", "", "83.6/76.9", "78.2"]),
    ]


def test_aligned_group_rows_wrapped_labels_and_rules():
    text = "\n".join([
        "                      Clean    Fog     Night",
        "  -------------------------------------------",
        "  Convolutional",
        "    Faster R-CNN       37.4    21.9    18.2",
        "    RetinaNet with     36.5    20.3    17.0",
        "      deformable conv",
        "  Transformers",
        "    DETR-R50           42.0    27.5    22.8",
        "  -------------------------------------------",
    ])
    g = one(text, "aligned")
    assert (g.first_line, g.last_line) == (1, 9)
    assert g.rows == [
        (1, ["", "Clean", "Fog", "Night"]),
        (3, ["Convolutional", "", "", ""]),
        (4, ["Faster R-CNN", "37.4", "21.9", "18.2"]),
        (5, ["RetinaNet with deformable conv", "36.5", "20.3", "17.0"]),
        (7, ["Transformers", "", "", ""]),
        (8, ["DETR-R50", "42.0", "27.5", "22.8"]),
    ]
    assert kinds(g) == ["wrapped_label"]


def test_aligned_year_header_row_and_blank_separated_rows():
    text = "Benchmark 2021 2022 2023\n\nMMLU 43.9 67.5 86.4\n\nGSM8K 35.1 57.1 92.0\n\nNext section"
    g = one(text, "aligned")
    assert g.rows == [(1, ["Benchmark", "2021", "2022", "2023"]), (3, ["MMLU", "43.9", "67.5", "86.4"]),
                      (5, ["GSM8K", "35.1", "57.1", "92.0"])]
    assert (g.first_line, g.last_line) == (1, 5)


@pytest.mark.parametrize("text", [
    "The model was trained between 2019 and 2020\nand improved from 81.2 to 84.0",
    "Our scores are 84.3 82.1\nTheir scores are 80.1 79.5",
    "- BERT 84.0 82.1\n- TinyBERT 82.5 80.0\n- MiniLM 81.0 79.9",
    "* At approximately 8 MB, the score is 82\n* At approximately 16 MB, the score is 83.6\n"
    "* At approximately 32 MB, the score is 84.0",
    "1. Quantization 84.3 82.1\n2. Pruning 80.1 79.5",
    "Results 84.3 82.1\nsome prose that follows without numbers.",
    "## Results 84.3 82.1\n## Ablations 80.1 79.5",
    "Smith, J. and Doe, A. Compression of models. In ACL, pages 12-20, 2019.\n"
    "Doe, A. Smaller networks. In EMNLP, volume 3, 2020.",
])
def test_prose_lists_and_chart_bullets_give_no_grid(text):
    assert find_grids(text.split("\n")) == []


def test_value_grammar():
    for tok in ["84.0", "-5.6", "+1.12%", "1.0×", "2.5x", "41,021.00", "110M", "7B", "84.3*", "91.3†",
                "88.5/84.3", "N/A", "n/a", "—", "-", "1.2e4", "81.2 ± 0.3", "85.3 (-5.6)"]:
        assert aligned.is_value(tok), tok
    for tok in ["W8A8", "Llama-2-7B", "GPT-4", "2:4", "4-bit", "(2019)", "84.3.", "v2", "8.2.1"]:
        assert not aligned.is_value(tok), tok


# --------------------------------------------------------------------------- all forms


def test_find_grids_order_skip_and_no_overlap():
    text = "\n".join([
        "\\begin{tabular}{ll}",
        "A\t& 1.0 \\\\",       # a tab inside a LaTeX table: still LaTeX, not TSV
        "\\end{tabular}",
        "",
        "| x | y |",
        "|---|---|",
        "| a | 2 |",
        "",
        "m\tn",
        "c\t3",
    ])
    found = grids(text)
    assert [(g.form, g.first_line, g.last_line) for g in found] == [
        ("latex", 1, 3), ("pipe", 5, 7), ("tsv", 9, 10)]
    every = [ln for g in found for ln in g.lines]
    assert len(every) == len(set(every))
    assert [g.form for g in grids(text, skip={6})] == ["latex", "tsv"]  # the pipe table lost its line
    assert all(f([], ()) == [] for f in (tsv.find, pipe.find, latex.find, html.find, aligned.find))


def _seed_lines(path: Path) -> list[str]:
    from paperfig.documents import read_document

    return list(read_document(path).lines)


@pytest.mark.parametrize("path", sorted((ROOT / "data" / "raw").glob("*")), ids=lambda p: p.name)
def test_seeds_give_their_tab_blocks_and_nothing_else(path):
    lines = _seed_lines(path)
    found = find_grids(lines)
    assert all(g.form == "tsv" for g in found)
    tab_lines = {i for i, line in enumerate(lines, 1) if "\t" in line and line.strip()}
    assert {ln for g in found for ln in g.lines} == tab_lines
    for g in found:
        assert g.rows == [(ln, [c.strip() for c in lines[ln - 1].split("\t")]) for ln in g.lines]


def test_grid_tables_with_wrapped_cells_and_a_header_rule():
    from paperfig.tableforms import find_grids

    lines = ["+--------+-------+", "| Model  | EM    |", "+========+=======+", "| BERT   | 80.8  |",
             "| base   |       |", "+--------+-------+", "| Ours   | 79.9  |", "+--------+-------+"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(2, ["Model", "EM"]), (4, ["BERT base", "80.8"]), (7, ["Ours", "79.9"])]
    assert (grid.first_line, grid.last_line, grid.header_rows) == (1, 8, 1)


def test_csv_in_a_fenced_code_block():
    from paperfig.tableforms import find_grids

    lines = ["Values read from the chart:", "", "```csv", "Method,Latency (ms),Accuracy (%)",
             "Baseline,120,76.4", '"Pruned, 50%",85,75.9', "```", "The end."]
    (grid,) = find_grids(lines)
    assert grid.form == "delimited" and (grid.first_line, grid.last_line, grid.header_rows) == (3, 7, 1)
    assert grid.rows == [(4, ["Method", "Latency (ms)", "Accuracy (%)"]), (5, ["Baseline", "120", "76.4"]),
                         (6, ["Pruned, 50%", "85", "75.9"])]


def test_bare_csv_needs_three_rows_without_spaces_after_commas():
    from paperfig.tableforms import find_grids

    assert find_grids(["We compare A, B, C and D.", "Also E, F, G, H here.", "And I, J, K, L too."]) == []
    (grid,) = find_grids(["model,acc,f1", "a,81.2,0.80", "b,83.0,0.82"])
    assert [ln for ln, _ in grid.rows] == [1, 2, 3] and grid.header_rows == 1


def test_one_cell_per_line_as_plain_pdftotext_prints_tables():
    from paperfig.tableforms import find_grids

    lines = ["Table 1: Results.", "Model", "MNLI", "QQP", "BERT-base", "84.6", "71.2", "TinyBERT", "82.5", "-", "",
             "We see that", "the model is small."]
    (grid,) = find_grids(lines)
    assert grid.form == "stacked" and (grid.first_line, grid.last_line, grid.header_rows) == (2, 10, 1)
    assert grid.rows == [(2, ["Model", "MNLI", "QQP"]), (5, ["BERT-base", "84.6", "71.2"]),
                         (8, ["TinyBERT", "82.5", "-"])]
    assert grid.cell_lines[1] == [5, 6, 7]


def test_one_cell_per_line_after_a_caption_wrapped_over_two_lines():
    """OCR's one recognised string per line: the caption's tail (``survey, 2024``) stands before
    the header and is no cell; the table still reads with its header."""
    from paperfig.tableforms import find_grids

    lines = ["Table 2. Helmet use (%) by rider type,", "urban survey, 2024", "Rider", "Weekday", "Weekend",
             "Courier", "91.5", "88.0", "Commuter", "84.2", "-", "Leisure", "70.3", "66.1", "Source: city data."]
    (grid,) = find_grids(lines)
    assert grid.form == "stacked" and (grid.first_line, grid.last_line, grid.header_rows) == (3, 14, 1)
    assert grid.rows[0] == (3, ["Rider", "Weekday", "Weekend"])
    assert grid.rows[2] == (9, ["Commuter", "84.2", "-"])


def test_short_lines_without_a_row_pattern_are_no_stacked_table():
    from paperfig.tableforms import find_grids

    assert find_grids(["Anna Novak", "Ravi Iyer", "Example University", "2021", "Canada", "Mei Lin", "7"]) == []


def test_a_latex_row_printed_over_several_lines_keeps_each_cell_on_its_line():
    from paperfig.tableforms import find_grids

    lines = ["\\begin{tabular}{lccc}", "Method & MNLI & QQP", "& SST-2 \\\\", "BERT & 84.6 & 71.2",
             "& 93.5 \\\\", "\\end{tabular}"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(2, ["Method", "MNLI", "QQP", "SST-2"]), (4, ["BERT", "84.6", "71.2", "93.5"])]
    assert grid.cell_lines == [[2, 2, 2, 3], [4, 4, 4, 5]]


def test_inline_html_of_converters_in_pipe_cells():
    (grid,) = find_grids(["| Method | Win | MT |", "|---|---|---|",
                          "| DPO | 15.1<sup>†</sup> | 7.03<sup>1</sup> |", "| KTO | <u>16.0</u> | <b>7.10</b> |"])
    assert [cells for _, cells in grid.rows[1:]] == [["DPO", "15.1†", "7.03¹"], ["KTO", "16.0", "7.10"]]


def test_tukey_groups_in_capitals_in_superscript_after_a_value_and_its_error():
    """``<sup>A</sup>`` after a number is a mark (a Tukey group between rows), never the unit A."""
    from paperfig.cells import parse_cell

    (grid,) = find_grids(["| Diet | Day 30 | Day 60 |", "|---|---|---|",
                          "| Oat | 1.14 ± 0.09<sup>A</sup> | 2.26 ± 0.15<sup>AB</sup> |",
                          "| Rye | 0.47 ± 0.05<sup>C</sup> | 0.88<sup>Bc</sup> |"])
    assert [cells for _, cells in grid.rows[1:]] == [["Oat", "1.14 ± 0.09ᴬ", "2.26 ± 0.15ᴬᴮ"],
                                                     ["Rye", "0.47 ± 0.05ꟲ", "0.88ᴮᶜ"]]
    assert [(p.part, p.value) for p in parse_cell("1.14 ± 0.09ᴬ").parts] == [("value", "1.14"), ("error", "0.09")]
    assert [(p.part, p.value) for p in parse_cell("0.88ᴮᶜ").parts] == [("value", "0.88")]


def test_latex_math_in_html_cells():
    (grid,) = find_grids([r"<table><tr><td>Model</td><td>F1</td></tr>"
                          r"<tr><td>Base</td><td>$85.1_{\pm 0.4}$</td></tr>"
                          r"<tr><td>Ours</td><td>$\mathbf{88.4}_{\pm 0.3}$</td></tr></table>"])
    assert [cells for _, cells in grid.rows[1:]] == [["Base", "85.1 ± 0.4"], ["Ours", "88.4 ± 0.3"]]


TWO_COLUMN = """\
                 TABLE I                                  the gains come mostly from the border of
          ACCURACY ON THREE SETS                          each organ, so we also report the distance
  Method        Set A       Set B      Set C              between the two surfaces in Table II below.
  Base          71.2        64.8       55.1               We train every model for the same number of
  Ours          75.9        69.3       60.2               epochs and report the mean of five folds here.
For every task the new loss helps most on the             Variant            Dice        Delta
smallest structures, where the boundary is a              Full model         85.2        --
large part of the whole volume of the organ.              without the loss   82.9        -2.3"""


def test_two_column_page_tables_share_lines_with_the_other_columns_prose():
    from paperfig.tableforms import columns

    lines = TWO_COLUMN.split("\n")
    assert columns.gutter(lines) is not None
    left, right = find_grids(lines)
    assert [(ln, cells) for ln, cells in left.rows] == [
        (3, ["Method", "Set A", "Set B", "Set C"]), (4, ["Base", "71.2", "64.8", "55.1"]),
        (5, ["Ours", "75.9", "69.3", "60.2"])]
    assert [(ln, cells) for ln, cells in right.rows] == [
        (6, ["Variant", "Dice", "Delta"]), (7, ["Full model", "85.2", "--"]), (8, ["without the loss", "82.9", "-2.3"])]


def test_a_single_column_page_or_a_wide_table_is_not_split():
    from paperfig.tableforms import columns

    wide = ["Model                 Params      Accuracy      Latency", "Base model            110M        71.2          12.5",
            "Our model             66M         70.9          6.1", "Large model           340M        74.0          31.0"]
    assert columns.gutter(wide) is None
    prose = ["This is an ordinary paragraph of running text that goes across the whole width of the page.",
             "It has no second column, only words   that sometimes have  wider gaps between them than usual."] * 3
    assert columns.gutter(prose) is None


def test_a_full_width_table_with_long_row_labels_is_no_two_column_page():
    """Labels of four words and more beside values look like prose on the left only: no gutter."""
    from paperfig.tableforms import columns

    rows = ["  Opioid consumption 0–24 h, mg OMEq     18.5 (11.0–27.5)       34.0 (22.5–46.0)       <0.001",
            "  Opioid consumption 24–48 h, mg OMEq    10.0 (5.0–17.5)        16.5 (9.0–25.0)        0.011",
            "  NRS pain at rest, 1 h                   2.4 (1.6)              3.9 (2.0)              <0.001",
            "  NRS pain at rest, 24 h                  1.9 (1.3)              2.4 (1.5)              0.048",
            "  NRS pain on coughing, 24 h              4.0 (1.9)              4.6 (2.1)              0.098",
            "the second postoperative day. Pain scores at rest separated clearly in the early hours, but by 24 h"]
    assert columns.gutter(rows) is None
    (grid,) = find_grids(rows)
    assert grid.rows[0][1][0] == "Opioid consumption 0–24 h, mg OMEq" and len(grid.rows) == 5


def test_ocr_column_rules_read_as_letters_are_pipes():
    lines = ["Model l Params I Top-1 | Top-5", "ViT-B l 88M I 66.2 | 87.9", "ViT-L | 304M I 75.3 l 92.1",
             "I think | this is prose"]
    (grid,) = find_grids(lines)
    assert [cells for _, cells in grid.rows] == [["Model", "Params", "Top-1", "Top-5"],
                                                 ["ViT-B", "88M", "66.2", "87.9"], ["ViT-L", "304M", "75.3", "92.1"]]
    assert pipe.ocr_rules(["I think | this is prose"]) == ["I think | this is prose"]


def test_a_full_width_table_on_a_page_with_two_column_prose_stays_whole():
    lines = [
        "                Model                 Ctx      NarrQA         Qasper",
        "                Mistral-7B            32k      21.3 ± 0.4     28.9 ± 0.6",
        "                RetroWin-7B (ours)    64k      25.1 ± 0.2     32.4 ± 0.5",
        "",
        "retrieval heads, which we call the new model. We train it on        with the same data mixture as the",
        "tokens of documents longer than the context, mixed with some        greedy decoding and a maximum length",
        "short documents of the same corpus so that the model keeps          of one hundred tokens for every task",
        "its quality on the usual short benchmarks of the suite here.        that we report in this section below."]
    (grid,) = find_grids(lines)
    assert [cells for _, cells in grid.rows] == [["Model", "Ctx", "NarrQA", "Qasper"],
                                                 ["Mistral-7B", "32k", "21.3 ± 0.4", "28.9 ± 0.6"],
                                                 ["RetroWin-7B (ours)", "64k", "25.1 ± 0.2", "32.4 ± 0.5"]]


def test_a_full_width_table_row_whose_label_has_lower_case_words_is_not_split_at_the_gutter():
    """``Total recorded crime   14.8   10.9`` left of the gutter is a row's start, not prose."""
    prose = ["hot spots were street segments of eighty metres between    treatment period. Officers were asked to",
             "intersections, identified from the calls for service in     each assigned segment for a while, as",
             "the three years before the experiment began in earnest.     chosen on the basis of the usual curve.",
             "Segments were ranked by the number of calls and the top     visits in the treatment arm were made."]
    table = ["                          Pre       During      Pre       During     IRR      p",
             "Total recorded crime      14.8      10.9        15.1      14.2       0.78     0.003",
             "Violent crime             3.6       2.7         3.4       3.3        0.81     0.124",
             "Disorder (calls for service)  22.7  18.3        23.4      22.9       0.81     0.002",
             "Healed by day 21, n (%)   36 (69.2)   40 (78.4)  48 (90.6)   41 (80.4)  0.91     0.420"]
    grids = [g for g in find_grids(prose + [""] + table + [""] + prose) if g.form == "aligned"]
    assert [cells for _, cells in grids[0].rows][1:] == [
        ["Total recorded crime", "14.8", "10.9", "15.1", "14.2", "0.78", "0.003"],
        ["Violent crime", "3.6", "2.7", "3.4", "3.3", "0.81", "0.124"],
        ["Disorder (calls for service)", "22.7", "18.3", "23.4", "22.9", "0.81", "0.002"],
        ["Healed by day 21, n (%)", "36 (69.2)", "40 (78.4)", "48 (90.6)", "41 (80.4)", "0.91", "0.420"]]


def test_a_full_width_row_of_several_label_cells_in_lower_case_is_not_split_at_the_gutter():
    """``Mill Street   Slab track   Resilient baseplates   3,960 ...``: label cells, then values."""
    prose = ["hot spots were street segments of eighty metres between    treatment period. Officers were asked to",
             "intersections, identified from the calls for service in     each assigned segment for a while, as",
             "the three years before the experiment began in earnest.     chosen on the basis of the usual curve.",
             "Segments were ranked by the number of calls and the top     visits in the treatment arm were made."]
    table = ["Site              Track          Treatment               Passes    Before   After    Change",
             "Ashgrove curve    Embedded       Rail dampers            4,312     82.6     78.9     −3.7",
             "Mill Street       Slab track     Resilient baseplates    3,960     80.8     80.1     −0.7",
             "Station Parade    Grass track    None (control)          2,146     76.4     76.9     —"]
    grids = [g for g in find_grids(prose + [""] + table + [""] + prose) if g.form == "aligned"]
    assert [cells for _, cells in grids[0].rows][1:] == [
        ["Ashgrove curve", "Embedded", "Rail dampers", "4,312", "82.6", "78.9", "−3.7"],
        ["Mill Street", "Slab track", "Resilient baseplates", "3,960", "80.8", "80.1", "−0.7"],
        ["Station Parade", "Grass track", "None (control)", "2,146", "76.4", "76.9", "—"]]


def test_marker_rows_collapsed_with_br_are_split_and_latex_commands_unwrapped():
    lines = ["| Model | BLEU | Params |", "|---|---|---|", "| Base<br>+ BT<br>+ KD | 27.3<br>28.9<br>29.6 | 41 |",
             r"| Ours | \textbf{30.8} | \alert{-0.2} |"]
    (grid,) = find_grids(lines)
    assert grid.rows[1:] == [(3, ["Base", "27.3", "41"]), (3, ["+ BT", "28.9", ""]), (3, ["+ KD", "29.6", ""]),
                             (4, ["Ours", "30.8", "-0.2"])]


def test_review_copy_margin_line_numbers_are_no_column():
    from paperfig.tableforms import ruler

    lines = [f"{310 + i}      {text}".ljust(70) + f"{360 + i}" for i, text in enumerate(
        ["Encoder      POS     Dep", "BERT-base    96.8    88.4", "RoBERTa      97.1    89.0", "Ours         97.6    91.7",
         "", "Our encoder is best on both tasks here."])]
    stripped = ruler.without_ruler(lines)
    assert stripped[1].strip() == "BERT-base    96.8    88.4" and len(stripped[1]) - len(stripped[1].lstrip()) == 9
    (grid,) = find_grids(lines)
    assert [cells for _, cells in grid.rows] == [["Encoder", "POS", "Dep"], ["BERT-base", "96.8", "88.4"],
                                                 ["RoBERTa", "97.1", "89.0"], ["Ours", "97.6", "91.7"]]
    assert ruler.without_ruler(["1  a", "2  b", "3  c"]) == ["1  a", "2  b", "3  c"]  # too short a run


@pytest.mark.parametrize("cell, plain", [("[85.0]{.fragment .highlight-blue}", "85.0"), (".red[**48.91**]", "48.91"),
                                         ("0.842<sub>±0.004</sub>", "0.842 ± 0.004"),
                                         ("<mark>0.841</mark><sub>±0.002</sub>", "0.841 ± 0.002"),
                                         (r"\alert{$\mathbf{24.2 \pm 0.3}$}", "24.2 ± 0.3"),
                                         ("[a link](http://x.org)", "[a link](http://x.org)")])
def test_slide_tools_cell_markup_is_made_plain(cell, plain):
    assert pipe.clean_cell(cell) == plain


def test_plain_pdftotext_header_one_cell_per_line_over_single_spaced_rows():
    lines = ["Table 2: Zero-shot accuracy.", "Model", "Params", "Tokens", "PIQA", "ARC-e",
             "OPT-1.3B 1.3B 180B 71.7 57.0", "GPT-Neo-1.3B 1.3B 380B 71.1 56.2", "Ours-1.2B 1.2B 300B 73.9 61.4"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(2, ["Model", "Params", "Tokens", "PIQA", "ARC-e"]),
                         (7, ["OPT-1.3B", "1.3B", "180B", "71.7", "57.0"]),
                         (8, ["GPT-Neo-1.3B", "1.3B", "380B", "71.1", "56.2"]),
                         (9, ["Ours-1.2B", "1.2B", "300B", "73.9", "61.4"])]


def test_layout_rows_with_their_std_on_the_line_below_and_marks_above():
    lines = ["                           a              b",
             "Retriever      Dim       TREC       NFCorpus",
             "",
             "BM25           –         49.8       25.0",
             "                         ±0.0       ±0.0",
             "                                    a",
             "Contriever     768       40.7       30.0",
             "                         ±0.5       ±0.4",
             "",
             "The adapter helps on every collection we tried here.",
             "",
             "Budget          1%        2%        4%",
             "nDCG@10         44.2      45.0      46.3",
             "Index (GB)      6.1       6.4       7.0"]
    first, second = find_grids(lines)
    assert [(ln, cells) for ln, cells in first.rows] == [
        (2, ["Retriever", "Dim", "TREC", "NFCorpus"]), (4, ["BM25", "–", "49.8", "25.0"]),
        (5, ["", "", "±0.0", "±0.0"]), (7, ["Contriever", "768", "40.7", "30.0"]), (8, ["", "", "±0.5", "±0.4"])]
    assert second.header_rows == 1 and second.rows[0] == (12, ["Budget", "1%", "2%", "4%"])


def test_ocr_misread_numbers_and_dot_leaders_keep_the_rows_other_values():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    lines = ["                           Group I     Group II    Group III",
             "   Numeric display, lit ......   412         398         405",
             "   Numeric display, unlit ....   447         431         4l9",
             "   Counter, drum type ........   2.4         \"           7.0,"]
    parsed = parse_document(document_from_text("\n".join(lines), "old_scan.txt"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"] == [
        (2, "412"), (2, "398"), (2, "405"), (3, "447"), (3, "431"), (4, "2.4"), (4, "7.0")]
    assert any(n["kind"] == "unparseable_cell" and "4l9" in n["message"] for n in parsed["parse_notes"])


def test_regression_table_with_standard_errors_under_coefficients():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    lines = ["                         (1)        (2)", "Intercept               .412***    .398***",
             "                        (.021)     (.024)", "Experience              −.034**    −.029*",
             "                        (.011)     (.012)", "BERT (2019)             84.6       71.2"]
    parsed = parse_document(document_from_text("\n".join(lines), "apa.txt"), {})
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert (3, "error", "0.021") in got and (2, "value", "0.412") in got and (4, "value", "-0.034") in got
    assert (6, "value", "84.6") in got and not any(v == "2019" for _, _, v in got)


def test_textract_csv_with_single_quoted_cells():
    lines = ["'Backbone ','Top-1 (%) ','Throughput (img/s) '", "'ResNet-50 ','79.8 ','2,410 '",
             "'ViT-S/16 ','79.9 ','1,640 '"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(1, ["Backbone", "Top-1 (%)", "Throughput (img/s)"]), (2, ["ResNet-50", "79.8", "2,410"]),
                         (3, ["ViT-S/16", "79.9", "1,640"])]


def test_fully_quoted_csv_records_spanning_lines_keep_each_value_on_its_line():
    from paperfig.tableforms import delimited

    lines = ['==> out/t-1.csv <==',
             '"Method","Venue","Zero-shot","Fine-tuned"',
             '"","","Flickr',
             'R@1","Flickr',
             'R@1"',
             '"CLIP","ICML\'21","82.1","88.0"',
             '"BLIP-2',
             'ViT-g","–","97.6",""',
             '"Ours","ICCV\'23","89.9","96.0"',
             '', 'Prose after it, 12 words.']
    [grid] = delimited.find(lines)
    assert (grid.first_line, grid.last_line, grid.header_rows) == (2, 9, 2)
    assert grid.rows[1] == (5, ["", "", "Flickr R@1", "Flickr R@1"])
    assert grid.rows[3] == (8, ["BLIP-2 ViT-g", "–", "97.6", ""]) and grid.cell_lines[3] == [7, 8, 8, 8]
    parsed = parse_document(document_from_text("\n".join(lines), "camelot.txt"))
    got = [(v["line_no"], v["column"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"]
    assert got == [(6, "Zero-shot Flickr R@1", "82.1"), (6, "Fine-tuned Flickr R@1", "88.0"),
                   (8, "Zero-shot Flickr R@1", "97.6"), (9, "Zero-shot Flickr R@1", "89.9"),
                   (9, "Fine-tuned Flickr R@1", "96.0")]
    assert not [n for n in parsed["parse_notes"] if n["kind"] == "unparseable_cell"]  # Venue is a label column


def test_one_cell_per_line_in_blocks_of_a_row_with_a_text_column():
    from paperfig.tableforms import stacked

    lines = ["Table 3: Detection results.", "", "Detector", "Backbone", "AP", "AP50", "",
             "YOLO-m", "CSP-Dark", "47.2", "71.8", "", "RT-DETR", "ResNet-50", "49.6", "73.4", "",
             "Ours", "ConvNeXt-T", "54.3", "77.2", "", "Ours improves AP by 3.3 points."]
    [grid] = stacked.find(lines)
    assert grid.header_rows == 1 and grid.rows[0] == (3, ["Detector", "Backbone", "AP", "AP50"])
    assert grid.rows[1] == (8, ["YOLO-m", "CSP-Dark", "47.2", "71.8"]) and grid.cell_lines[1] == [8, 9, 10, 11]
    assert (grid.first_line, grid.last_line) == (3, 21)
    parsed = parse_document(document_from_text("\n".join(lines), "doctr.txt"))
    assert [(v["line_no"], v["column"], v["value"]) for v in parsed["table_values"]][:2] == [
        (10, "AP", "47.2"), (11, "AP50", "71.8")]


def test_marker_std_printed_as_a_subscript_is_an_error():
    from paperfig.tableforms.pipe import clean_cell

    assert clean_cell("61.9<sub>0.4</sub>") == "61.9 ± 0.4"
    assert clean_cell("**39.2<sub>0.3</sub>**") == "39.2 ± 0.3"
    assert clean_cell("<u>62.4<sub>0.4</sub></u>") == "62.4 ± 0.4"
    assert clean_cell("BERT<sub>BASE</sub>") == "BERT<sub>BASE</sub>"  # a label's subscript stays
    assert clean_cell("x<sub>2</sub>") == "x<sub>2</sub>"


def test_layout_rows_with_intervals_written_with_to_and_long_labels():
    """pdftotext -layout: an interval printed bare with 'to' (``−0.28 to 0.05``) is one cell, so
    a row with two of them and a five-word label is still a row."""
    text = "\n".join([
        "Variable                         r         95% CI              P             r         95% CI              P",
        "",
        "Postural sway, CoP path (mm)   −0.12      −0.28 to 0.05        0.17         −0.26      −0.40 to −0.11       0.001",
        "Heart rate at release (bpm)    −0.06      −0.23 to 0.11        0.49         −0.21      −0.35 to −0.06       0.007"])
    g = one(text, "aligned")
    assert g.rows[-1] == (4, ["Heart rate at release (bpm)", "−0.06", "−0.23 to 0.11", "0.49", "−0.21",
                              "−0.35 to −0.06", "0.007"])


def test_regression_rows_whose_standard_errors_include_whole_numbers_in_parentheses():
    text = "\n".join([
        "                               (1)           (2)            (3)",
        "Insured (=1)                 −1.62***      −7.48**        1,184**",
        "                             (0.41)        (3.02)         (497)",
        "Female-headed household       0.35          2.84           −906*",
        "                             (0.33)        (2.61)         (1,302)"])
    g = one(text, "aligned")
    assert g.rows[2] == (3, ["", "(0.41)", "(3.02)", "(497)"]) and g.rows[4][1][-1] == "(1,302)"


def test_single_spaced_rows_ending_in_a_one_word_text_cell():
    """Tesseract of a test report: ``... 0.8 Pass``, ``700 — — — F``: the word is the row's text
    column, the values before it are read."""
    g = one("\n".join(["Specimen Deflection Strain Tilt Result", "A 31.4 + 2.2 1,112 + 96 0.8 Pass",
                       "B 44.9 + 3.1 1,580 + 134 1.9 Pass", "C — — — F"]), "aligned")
    assert g.rows[1] == (2, ["A", "31.4 + 2.2", "1,112 + 96", "0.8", "Pass"])
    assert g.rows[3] == (4, ["C", "—", "—", "—", "F"])
    assert not grids("We measured 84.3 and 82.1 in total\nThey reached 80.1 and 79.5 overall")


def test_single_spaced_whole_numbers_after_coded_or_dated_labels_are_values():
    g = one("\n".join(["Date Rainfall Intensity Volume Boulder", "2 Aug. 1996 64 38 1.3 1.1",
                       "14 Sept. 1996 112 57 4.6 2.4", "30 Sept. 1996 47 29 0.8 0.7"]), "aligned")
    assert g.rows[2] == (3, ["14 Sept. 1996", "112", "57", "4.6", "2.4"])
    # a label without a digit keeps its number: 'Site 12' names the row
    g = one("\n".join(["Site 12 45.3 61.0", "Site 14 44.1 60.2", "Site 17 43.9 59.8"]), "aligned")
    assert g.rows[0] == (1, ["Site 12", "45.3", "61.0"])


def test_single_spaced_counts_before_the_decimals_of_every_row_are_values():
    """Two columns of bare whole numbers open every row's values: counts, not label text."""
    g = one("\n".join(["Stand Plots Nests Eggs Mean per plot 95% C.I.", "Pine plantation, young 42 11 37 0.88 0.51-1.25",
                       "Pine plantation, old 35 14 52 1.49 1.02-1.96", "Oak coppice 27 6 19 0.70 0.33-1.07",
                       "Heath 16 3 8 0.50 0.12-0.88"]), "aligned")
    assert g.rows[0] == (2, ["Pine plantation, young", "42", "11", "37", "0.88", "0.51-1.25"])
    assert g.rows[3] == (5, ["Heath", "16", "3", "8", "0.50", "0.12-0.88"])
    # the same two numbers in every row are values too, after a code with a leading zero
    g = one("\n".join(["B1 AISI 0316 250 180 2.40 0.0312", "B2 AISI 0316/shot 250 180 2.40 0.0298",
                       "B3 AISI 0316, aged 250 180 2.40 0.0341"]), "aligned")
    assert g.rows[0] == (1, ["B1 AISI 0316", "250", "180", "2.40", "0.0312"])
    # a label's one number, the same in every row, and a size stay the label's; so do a year and a
    # bin's bound
    g = one("\n".join(["Llama 2 7B 45.3 61.0", "Llama 2 13B 51.2 66.4", "Llama 2 70B 63.9 74.0"]), "aligned")
    assert g.rows[0] == (1, ["Llama 2 7B", "45.3", "61.0"])
    g = one("\n".join(["Magdalen 2017 186 24.8 71.3 0.81", "Magdalen 2018 243 29.6 77.9 0.93",
                       "St. Paul 2017 97 22.1 68.0 0.74", "St. Paul 2018 152 28.3 76.4 0.90"]), "aligned")
    assert g.rows[2] == (3, ["St. Paul 2017", "97", "22.1", "68.0", "0.74"])
    g = one("\n".join(["less than 15 7 0.47 0.31", "15 to 30 11 0.41 0.27", "30 to 60 9 0.36 0.22", "over 60 5 0.33 0.24"]),
            "aligned")
    assert all(cells[0].startswith(("15 to 30", "30 to 60", "over 60")) for _, cells in g.rows)


def test_single_spaced_rows_named_by_bins_and_a_summary_row_among_coded_labels():
    g = one("\n".join(["Baseline SRF Kidneys Mean change (pp) 95% CI Improved", "<35% 21 +7.9 5.6 to 10.2 15 (71.4)",
                       "35-45% 38 +2.6 1.1 to 4.1 11 (28.9)", ">45% 27 -0.7 -2.0 to 0.6 2 (7.4)"]), "aligned")
    assert g.rows[1] == (2, ["<35%", "21", "+7.9", "5.6 to 10.2", "15 (71.4)"])
    g = one("\n".join(["P-1 50 25 9.8 11.6", "P-2 45 30 10.4 12.3", "P-3 40 35 11.2 12.9", "All 47 33 10.5 12.3"]),
            "aligned")
    assert g.rows[3] == (4, ["All", "47", "33", "10.5", "12.3"])


def test_a_row_label_ending_in_a_stray_point_before_its_values_is_still_a_row():
    g = one("\n".join(["Albendazole 400 mg, single dose 118 1,247 14 11.9 (6.6-19.1)",
                       "Mebendazole 500 mg, single dose. 117 1,188 9 7.7 (3.6-14.1)",
                       "Oxantel pamoate 20 mg/kg 119 1,322 37 31.1 (23.0-40.2)"]), "aligned")
    assert g.rows[1][1][1:] == ["117", "1,188", "9", "7.7 (3.6-14.1)"]
    assert not grids("The effect was large in this study.\nWe measured it twice.")


def test_ranges_whose_commas_are_all_thousands_are_no_bare_csv():
    from paperfig.tableforms import delimited
    lines = ["1,075–1,270", "2,880–3,140", "5,750–5,990", "9,300 - 9,530"]
    assert delimited.find(lines) == []
    assert len(delimited.find(["site,ph,depth", "A1,6.2,12", "B2,7.1,30", "C3,5.9,18"])) == 1


def _values_by_line(text: str) -> dict[int, list[str]]:
    """Each line's values as a scanned page's parse gives them (no missing parts)."""
    found: dict[int, list[str]] = {}
    for row in parse_document(document_from_text(text, "scan.txt"), {})["table_values"]:
        if row["part"] != "missing":
            found.setdefault(row["line_no"], []).append(row["value"])
    return found


def test_trace_cells_in_single_spaced_ocr_rows_with_misread_plus_minus():
    # Tesseract of an old table: single spaces between cells, ± read as '+' or '£', a trace printed
    # 'tr' or 'tr.' where a constituent was below the limit, a stray '|' left of a rule
    text = "\n".join([
        "Table 2. Leaf oil constituents of four chemotypes (mean + SD; % of oil)",
        "",
        "Chemotype Yield Thymol Carvacrol Linalool Geraniol",
        "",
        "Thymol type 1.21 + 0.18 61.4 + 4.2 3.3 + 0.9 2.2 + 0.7 tr",
        "Carvacrol type 0.98 £ 0.14 4.1 + 1.2 | 55.9 + 5.1 1.6 + 0.5 0.8 + 0.2",
        "Linalool type 1.44 + 0.21 2.7 + 0.8 1.9 + 0.6 71.3 + 3.9 tr.",
        "Geraniol type 0.76 + 0.11 tr 2.4 + 0.7 5.8 + 1.6 48.2 + 4.4",
        "",
        "tr = trace (< 0.1%)."])
    found = _values_by_line(text)
    assert found[5] == ["1.21", "0.18", "61.4", "4.2", "3.3", "0.9", "2.2", "0.7"]
    assert found[6] == ["0.98", "0.14", "4.1", "1.2", "55.9", "5.1", "1.6", "0.5", "0.8", "0.2"]
    assert found[7][-2:] == ["71.3", "3.9"] and found[8][:2] == ["0.76", "0.11"] and len(found[8]) == 8


def test_an_index_column_that_ocr_printed_with_letters_for_digits_is_no_data():
    # Tesseract read the keys' numbers 1 and 11 as 'l' and 'Il': the column is still the rows' index
    text = "\n".join([
        "Table 2. Tuning of the twelve keys.",
        "",
        "Key f0 (Hz) Dev. (cents) Decay (s)",
        "",
        "l 196.0 +4 0.84",
        "2 214.2 -14 0.79",
        "3 239.6 +9 0.71",
        "4 259.9 -22 0.66",
        "5 291.4 +5 0.62",
        "6 326.6 +31 0.55",
        "7 352.6 -8 0.51",
        "8 390.4 -3 0.47",
        "9 436.1 +17 0.42",
        "10 473.7 -11 0.39",
        "Il 533.7 +24 0.34",
        "12 579.2 -6 0.31"])
    found = _values_by_line(text)
    assert found[5] == ["196.0", "4", "0.84"] and found[6] == ["214.2", "-14", "0.79"]
    assert found[16] == ["579.2", "-6", "0.31"]


def test_a_text_column_of_words_after_single_spaced_values():
    # Tesseract of a test report: single spaces, a last column of two or three words (a crack's
    # place), a run-out with no cycles; OCR's 'Bow!,' for 'Bowl,'
    text = "\n".join([
        "Table 4 Fatigue life of welded brackets, R = 0.1",
        "",
        "Specimen Load Stress Cycles Failure location",
        "No. (kN) (MPa) to crack",
        "B-01 40 118 412,600 Weld toe",
        "B-02 40 118 388,100 Bow!, weld root",
        "B-03 30 89 1,204,000 Weld toe",
        "B-04 30 89 — run-out",
        "B-05 50 147 201,300 Base plate edge",
        "",
        "Run-outs stopped at 2,000,000 cycles."])
    found = _values_by_line(text)
    assert found[5] == ["40", "118", "412600"] and found[6] == ["40", "118", "388100"]
    assert found[8] == ["30", "89"] and found[9] == ["50", "147", "201300"]


def test_settings_with_a_unit_spanning_rows_and_days_under_each_are_the_rows_names():
    # MinerU's HTML: a storage temperature printed once over its rows (rowspan), the days under
    # each temperature: both name the rows, no value
    row = "<tr><td>{d}</td><td>{a}</td><td>{b}</td></tr>"
    body = "".join(
        f'<tr><td rowspan="3">{t}</td><td>7</td><td>{a}</td><td>{b}</td></tr>'
        + row.format(d=14, a=a2, b=b2) + row.format(d=21, a=a3, b=b3)
        for t, a, b, a2, b2, a3, b3 in [("4°C", "1.10±0.20a", "38.1±2.2", "2.31±0.28", "35.0±3.0", "3.52±0.41", "31.7±2.6"),
                                        ("10°C", "0.92±0.15", "39.0±2.1", "1.80±0.22", "37.2±2.4", "2.70±0.30", "35.9±2.0"),
                                        ("20°C", "2.01±0.31", "34.2±2.7", "4.30±0.50", "28.0±3.1", "6.12±0.66", "22.4±2.9")])
    text = ("Table 1. Fruit quality during storage.\n\n"
            '<table><tr><td>Temperature</td><td>Storage (d)</td><td>Weight loss (%)</td><td>Firmness (N)</td></tr>'
            + body + "</table>\n")
    values = [v["value"] for v in parse_document(document_from_text(text, "page.md"), {})["table_values"]
              if v["part"] != "missing"]
    assert len(values) == 9 * 4 and values[:4] == ["1.10", "0.20", "38.1", "2.2"]
    assert "7" not in values and "4" not in values  # the days and the temperatures name the rows


def test_a_value_whose_error_ocr_garbled_holds_its_place_and_the_row_is_read():
    """``0.74 + 0.1O``: the error misread (a letter O for a zero): one cell, refused by the cell
    grammar with a note; the row's other values are read."""
    text = "\n".join(["Fatty acid Group A Group B Sig.", "Palmitic C16:0 23.9 + 1.1 25.2 + 1.3 *",
                      "Linolenic C18:3 0.61 + 0.08 0.74 + 0.1O *", "Iodine value 58.3 + 1.6 64.9 + 2.O ***"])
    parsed = parse_document(document_from_text(text, "fat.txt"), {})
    got = {(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert {(3, "value", "0.61"), (3, "error", "0.08"), (4, "value", "58.3"), (4, "error", "1.6")} <= got
    assert not {v for v in got if v[2] in ("0.1", "0.10", "2", "2.0")}  # never a number OCR garbled
