"""Re-rendered tables: the numbers in the LaTeX and HTML are the table's values, as printed."""

from __future__ import annotations

import html
import os
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser

import pytest

from paperfig import contract
from paperfig.errors import PaperfigError
from paperfig.table_render import numbers_in_rendered, render_table

SOURCE = "003_test.txt"
TABLE_ID = "003_test-tab1"


def value_row(line_no, row_idx, label, column, part, value, raw_cell, unit="", carried=False,
              group="", part_name="", **extra):
    return contract.record(
        contract.TABLE_VALUES, source_file=SOURCE, line_no=line_no, table_id=TABLE_ID, paper="p1",
        caption="Table 3: Results", row_idx=row_idx, row_label=label, row_label_raw=label,
        column=column, part=part, value=value, unit=unit, raw_cell=raw_cell, carried=carried,
        column_raw=column, part_name=part_name, flag="", row_group=group,
        carried_from_line=12 if carried else "", **extra,
    )


def sample_doc(caption="Table 3: Results of the distilled models", label0="Teacher BERT_BASE",
               grouped=False):
    """Three rows x five columns: a pair, a unit, a missing value, a delta, a carried value,
    an empty cell and a corrected value."""
    g = (lambda name: name) if grouped else (lambda name: "")
    columns = ["Hidden Dim", "Compress Factor", "MRPC (F1/Acc)", "SQuAD 1.1", "Params"]
    values = [
        value_row(12, 0, label0, "Hidden Dim", "value", "768", "768", group=g("Teachers")),
        value_row(12, 0, label0, "Compress Factor", "value", "1.64", "1.64x", unit="x", group=g("Teachers")),
        value_row(12, 0, label0, "MRPC (F1/Acc)", "first", "88.5", "88.5/84.3", part_name="F1", group=g("Teachers")),
        value_row(12, 0, label0, "MRPC (F1/Acc)", "second", "84.3", "88.5/84.3", part_name="Acc", group=g("Teachers")),
        value_row(12, 0, label0, "SQuAD 1.1", "value", "85.3", "85.3 (-5.6)", group=g("Teachers")),
        value_row(12, 0, label0, "SQuAD 1.1", "delta", "-5.6", "85.3 (-5.6)", group=g("Teachers")),
        value_row(12, 0, label0, "Params", "value", "109", "109M", unit="M", group=g("Teachers")),
        value_row(13, 1, "NoKD Baseline", "Hidden Dim", "missing", "", "-", group=g("Students")),
        value_row(13, 1, "NoKD Baseline", "Compress Factor", "value", "1.64", "1.64x", unit="x", carried=True,
                  group=g("Students")),
        value_row(13, 1, "NoKD Baseline", "MRPC (F1/Acc)", "first", "82.6", "82.6/74.1", group=g("Students")),
        value_row(13, 1, "NoKD Baseline", "MRPC (F1/Acc)", "second", "74.1", "82.6/74.1", group=g("Students")),
        value_row(13, 1, "NoKD Baseline", "SQuAD 1.1", "value", "82.8", "82.8 (+1.3)", group=g("Students")),
        value_row(13, 1, "NoKD Baseline", "SQuAD 1.1", "delta", "1.3", "82.8 (+1.3)", group=g("Students")),
        # row 2: "Params" left empty (no record), Hidden Dim corrected from an OCR error
        value_row(14, 2, "DualTrain", "Hidden Dim", "value", "768", "708", group=g("Students"),
                  corrected_from="708", correction_reason="OCR misread of 768 (see teacher row)"),
        value_row(14, 2, "DualTrain", "Compress Factor", "value", "15", "15%", unit="%", group=g("Students")),
        value_row(14, 2, "DualTrain", "MRPC (F1/Acc)", "missing", "", "-", group=g("Students")),
        value_row(14, 2, "DualTrain", "SQuAD 1.1", "value", "91.2", "91.2 (-0.0)", group=g("Students")),
        value_row(14, 2, "DualTrain", "SQuAD 1.1", "delta", "-0.0", "91.2 (-0.0)", group=g("Students")),
    ]
    # (contract.record cannot take a field named "columns": it is its first parameter)
    layout = {c: "" for c in contract.TABLES} | dict(
        source_file=SOURCE, table_id=TABLE_ID, paper="p1", caption=caption,
        caption_line=16, first_line=11, last_line=14, n_rows=3, n_columns=len(columns),
        n_values=len(values), n_missing=2, columns=columns,
        row_labels=[label0, "NoKD Baseline", "DualTrain"], blocks=[], notes=[],
    )
    doc = contract.empty_parsed(SOURCE, "003_test", "page")
    doc["table_summary"] = [layout]
    doc["table_values"] = values
    return doc


def expected_numbers(doc, table_id=TABLE_ID):
    return Counter(v["value"].lstrip("+") for v in doc["table_values"]
                   if v["table_id"] == table_id and v["value"] != "")


class _Cells(HTMLParser):
    def __init__(self):
        super().__init__()
        self.cells, self.titles, self.in_td, self.table_ids, self.captions = [], [], False, [], []
        self.in_caption = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "td":
            self.in_td = True
            self.cells.append("")
            self.titles.append(attrs.get("title"))
        if tag == "table":
            self.table_ids.append(attrs.get("id"))
        if tag == "caption":
            self.in_caption = True
            self.captions.append("")

    def handle_endtag(self, tag):
        if tag == "td":
            self.in_td = False
        if tag == "caption":
            self.in_caption = False

    def handle_data(self, data):
        if self.in_td:
            self.cells[-1] += data
        if self.in_caption:
            self.captions[-1] += data


@pytest.mark.parametrize("grouped", [False, True])
def test_numbers_read_back_equal_values(grouped):
    doc = sample_doc(grouped=grouped)
    latex, html_text = render_table(doc, TABLE_ID)
    assert Counter(numbers_in_rendered(latex)) == expected_numbers(doc)
    assert Counter(numbers_in_rendered(html_text)) == expected_numbers(doc)


def test_cells_as_printed():
    doc = sample_doc()
    latex, html_text = render_table(doc, TABLE_ID)
    cells = _Cells()
    cells.feed(html_text)
    texts = [c.strip() for c in cells.cells]
    # row 0 in column order; row 1; row 2 (empty Params cell stays empty)
    assert texts[:5] == ["768", "1.64x", "88.5/84.3", "85.3 (\u22125.6)", "109M"]
    assert texts[5:10] == ["\u2013", "1.64x", "82.6/74.1", "82.8 (+1.3)", ""]
    assert texts[10:15] == ["768\u2020", "15%", "\u2013", "91.2 (\u22120.0)", ""]
    # provenance on every non-empty cell
    for text, title in zip(texts, cells.titles):
        if text:
            assert title and title.startswith(f"{SOURCE}:1")
            assert " \u2014 " in title
    assert cells.titles[3] == f"{SOURCE}:12 \u2014 85.3 (-5.6)"
    assert cells.table_ids == [f"tab-{TABLE_ID}"]
    assert cells.captions == ["Results of the distilled models"]
    # LaTeX: the same display strings, escaped
    assert r"88.5/84.3" in latex
    assert r"85.3 (\textminus{}5.6)" in latex
    assert r"15\%" in latex
    assert r"\textendash{}" in latex
    assert r"\textcolor{gray}{\textit{1.64x}}" in latex
    assert r"768\textsuperscript{\textdagger}" in latex
    assert r"\toprule" in latex and r"\midrule" in latex and r"\bottomrule" in latex
    assert r"\begin{table}" in latex and r"\end{table}" in latex


def test_caption_label_source_and_notes():
    latex, html_text = render_table(sample_doc(), TABLE_ID)
    assert r"\caption{Results of the distilled models}" in latex
    label = latex.split(r"\label{", 1)[1].split("}", 1)[0]
    assert label.startswith("tab:") and "_" not in label
    assert "Source: 003\\_test.txt, lines 11\\textendash{}14, caption line 16 (printed as Table 3)." in latex
    assert "Source: 003_test.txt, lines 11\u201314, caption line 16 (printed as Table 3)." in html_text
    # corrected value: printed -> corrected with the reason; carried value noted
    assert "printed 708 \u2192 corrected 768: OCR misread of 768 (see teacher row)" in html_text
    assert "printed 708 \\ensuremath{\\rightarrow} corrected 768" in latex
    assert "Grey italic" in html_text and "Grey italic" in latex
    # numbers in the notes and caption are not taken for table values
    assert "708" not in numbers_in_rendered(latex) + numbers_in_rendered(html_text)


def test_grouped_rows_render_group_labels():
    latex, html_text = render_table(sample_doc(grouped=True), TABLE_ID)
    assert r"\multirow" in latex and "Students" in latex
    assert 'rowspan="2"' in html_text and "Students" in html_text


def test_unknown_table_is_a_clean_error():
    with pytest.raises(PaperfigError, match="no table"):
        render_table(sample_doc(), "nope")


def test_hostile_text_is_escaped():
    hostile = r"\write18{touch /tmp/pwned} \input{/etc/passwd} <script>alert(1)</script> {{ 7*7 }} \catcode`\^^5c"
    doc = sample_doc(caption="Table 1: " + hostile, label0=hostile)
    latex, html_text = render_table(doc, TABLE_ID)
    for bad in (r"\write18{", r"\input{", r"\catcode", "^^5c", "{{ 7*7 }}"):
        assert bad not in latex
    assert r"\textbackslash{}write18\{touch /tmp/pwned\}" in latex
    assert "<script>" not in html_text
    assert html.escape(hostile) in html_text
    cells = _Cells()
    cells.feed(html_text)
    assert cells.captions == [hostile]
    # numbers still read back correctly (the label's digits are not values)
    assert Counter(numbers_in_rendered(latex)) == expected_numbers(doc)
    assert Counter(numbers_in_rendered(html_text)) == expected_numbers(doc)


MINIMAL = r"""\documentclass{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{textcomp}
\usepackage{mathptmx}
\usepackage{booktabs,adjustbox,xcolor,multirow,graphicx}
\begin{document}
\input{table.tex}
\end{document}
"""


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
@pytest.mark.parametrize("grouped", [False, True])
def test_rendered_table_compiles(tmp_path, grouped):
    hostile = r"\write18{touch /tmp/pwned-table} Memory³ α→β"
    doc = sample_doc(caption="Table 2: " + hostile, label0=hostile, grouped=grouped)
    latex, _ = render_table(doc, TABLE_ID)
    (tmp_path / "table.tex").write_text(latex, encoding="utf-8")
    (tmp_path / "main.tex").write_text(MINIMAL, encoding="utf-8")
    result = subprocess.run(
        ["pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "main.tex"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert (tmp_path / "main.pdf").exists()
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "-layout", "main.pdf", "-"], cwd=tmp_path,
                              capture_output=True, text=True).stdout
        assert "\\write18{touch /tmp/pwned-table}" in text
        assert "88.5/84.3" in text
    assert not os.path.exists("/tmp/pwned-table")


def test_pair_printed_with_a_space_keeps_the_space():
    doc = sample_doc()
    for v in doc["table_values"]:
        if v["raw_cell"] == "82.6/74.1":
            v["raw_cell"] = "82.6 74.1"
    latex, html_text = render_table(doc, TABLE_ID)
    assert "82.6 74.1" in html_text and "82.6 74.1" in latex
    assert "88.5/84.3" in html_text
    assert Counter(numbers_in_rendered(latex)) == expected_numbers(doc)


def test_value_with_its_interval_is_drawn_as_printed_and_reads_back():
    doc = sample_doc()
    for v in doc["table_values"]:
        if v["raw_cell"] == "15%":
            v.update(raw_cell="15 [12, 18]", unit="")
            low, high = dict(v, part="low", value="12"), dict(v, part="high", value="18")
            doc["table_values"] += [low, high]
            break
    latex, html_text = render_table(doc, TABLE_ID)
    assert "15 [12, 18]" in html_text and "15 {[}12, 18{]}" in latex
    assert Counter(numbers_in_rendered(latex)) == expected_numbers(doc)


@pytest.mark.parametrize("caption, number, text", [
    ("Table 3: Results of the distilled models", "3", "Results of the distilled models"),
    ("**Table 1 | Performance on the suite.** Mean of three seeds.", "1", "Performance on the suite. Mean of three seeds."),
    ("Extended Data Table 2 | Ablations", "2", "Ablations"),
    ("TABLE IV. Ablations", "IV", "Ablations"),
    ("Table of contents", "", "Table of contents"),
])
def test_caption_forms_split_into_number_and_text(caption, number, text):
    from paperfig.table_render import split_caption

    assert split_caption(caption) == (number, text)


def test_a_proportion_shows_its_count_out_of_the_total():
    from paperfig.table_render import _cell_text

    parts = [{"part": "value", "value": "95.9", "unit": "%"}, {"part": "first", "part_name": "count", "value": "93"},
             {"part": "second", "part_name": "total", "value": "97"}, {"part": "low", "value": "89.8"},
             {"part": "high", "value": "98.9"}]
    assert _cell_text(parts) == "95.9% (93/97) [89.8, 98.9]"
    assert _cell_text(parts[1:3]) == "(93/97)"
