"""The survey report: one context, HTML that is self-contained, LaTeX that compiles cleanly."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote

import pytest

from paperfig import contract
from paperfig.io import write_csv, write_json, write_text
from paperfig.bibtex import render_bib
from paperfig.report import build_context, copy_figures, render_html, render_latex
from paperfig.table_render import render_table

CHART = "000_chart.txt"
PAGE = "003_page.txt"
FIG = "000_chart-fig1"
TAB = "003_page-tab1"
TAB2 = "003_page-tab2"
HOSTILE = r"\write18{touch /tmp/pwned} \input{/etc/passwd} <script>alert(1)</script> {{ 7*7 }} \catcode"


def rec(columns, **values):
    return contract.record(columns, **values)


def table_layout(**values):
    """A TABLES record (contract.record cannot take a field named "columns")."""
    return {c: "" for c in contract.TABLES} | values


def tv(table_id, line_no, row_idx, label, column, part, value, raw_cell, unit="", carried=False):
    return rec(contract.TABLE_VALUES, source_file=PAGE, line_no=line_no, table_id=table_id, paper="p1",
               caption="", row_idx=row_idx, row_label=label, row_label_raw=label, column=column, part=part,
               value=value, unit=unit, raw_cell=raw_cell, carried=carried, column_raw=column, part_name="",
               flag="", row_group="", carried_from_line="")


def make_processed(root: Path, hostile: str = "", synthesis: bool = True) -> dict:
    """A small data/processed + figures + report/tables tree, as the pipeline would leave it."""
    processed, figures, report = root / "data" / "processed", root / "figures", root / "report"
    tables_dir = report / "tables"
    label = f"TinyBERT {hostile}".strip()
    caption = f"Table 3: Results on GLUE {hostile}".strip()

    points = [
        rec(contract.POINTS, source_file=CHART, line_no=5, figure_id=FIG, series="", label=label, x="14.5",
            y="82.5", x_unit="", y_unit="", color="", group="", raw=f"- {label}: (14.5, 82.5)"),
        rec(contract.POINTS, source_file=CHART, line_no=6, figure_id=FIG, series="", label="Memory³ α→β",
            y="84.6", x="110", x_unit="", y_unit="", color="", group="", raw="- Memory³: (110, 84.6)"),
    ]
    axes = [rec(contract.AXES, source_file=CHART, figure_id=FIG, chart_type="scatter",
                title="Compression rate vs. MNLI accuracy", x_label="Parameters (M)", y_label="MNLI",
                x_scale="log", y_scale="linear", line_no=1, heading="Small BERT")]
    legend = [rec(contract.LEGEND, source_file=CHART, line_no=3, figure_id=FIG, order=1, entry="2019",
                  color="blue", kind="date", raw="- 2019: blue")]
    arrows = [rec(contract.ARROWS, source_file=CHART, line_no=4, figure_id=FIG, text="better", direction="up",
                  orientation="vertical", raw="arrow up: better")]
    claims = [rec(contract.CLAIMS, source_file=CHART, line_no=8, figure_id=FIG, section="Summary",
                  subject="TinyBERT", text=f"{label} is the best small model", raw="...",
                  verdict="supported", evidence="highest y at x < 20")]

    values = [
        tv(TAB, 12, 0, label, "MNLI", "value", "84.6", "84.6"),
        tv(TAB, 12, 0, label, "MRPC", "first", "88.5", "88.5/84.3"),
        tv(TAB, 12, 0, label, "MRPC", "second", "84.3", "88.5/84.3"),
        tv(TAB, 13, 1, "BERT-PKD", "MNLI", "missing", "", "-"),
        tv(TAB, 13, 1, "BERT-PKD", "MRPC", "value", "85.3", "85.3 (-5.6)"),
        tv(TAB, 13, 1, "BERT-PKD", "MRPC", "delta", "-5.6", "85.3 (-5.6)"),
        tv(TAB2, 20, 0, "RPP", "Size", "value", "1.64", "1.64x", unit="x"),
    ]
    for v in values:
        v["caption"] = caption if v["table_id"] == TAB else "Table 4: Speed"
    summaries = [
        table_layout(source_file=PAGE, table_id=TAB, paper="p1", caption=caption, caption_line=15,
                     first_line=11, last_line=13, n_rows=2, n_columns=2, n_values=5, n_missing=1,
                     columns=["MNLI", "MRPC"], row_labels=[label, "BERT-PKD"], blocks=[], notes=[]),
        table_layout(source_file=PAGE, table_id=TAB2, paper="", caption="Table 4: Speed", caption_line=21,
                     first_line=19, last_line=20, n_rows=1, n_columns=1, n_values=1, n_missing=0,
                     columns=["Size"], row_labels=["RPP"], blocks=[], notes=[]),
    ]
    papers = [rec(contract.PAPERS, source_file=PAGE, paper="p1", line_no=3,
                  title=f"Extreme compression {hostile}".strip(), authors="Zhao et al.")]
    annotations = [
        rec(contract.ANNOTATIONS, source_file=PAGE, line_no=30, kind="compression", paper="p1",
            base_model="BERT-BASE", ratio="1/6", before="84", after="78", uncertain="false",
            text="1/6: 84 => 78", section="", raw="1/6: 84 => 78"),
        rec(contract.ANNOTATIONS, source_file=PAGE, line_no=40, kind="referenced_figure", paper="p1",
            text="Figure 2: Pruning curves", raw="Figure 2: Pruning curves"),
        rec(contract.ANNOTATIONS, source_file=PAGE, line_no=41, kind="empty_section", section="Results",
            text="## Results", raw="## Results"),
        rec(contract.ANNOTATIONS, source_file=PAGE, line_no=42, kind="note", text="Severe performance drop",
            raw="Severe Performance Drop"),
    ]
    checks = [
        rec(contract.CHECKS, check="axis_range", severity="error", source_file=CHART, line_no=5,
            subject=FIG, message="point outside the stated x range", expected="<= 100", observed="110",
            verdict="", corrected=""),
        rec(contract.CHECKS, check="pair_order", severity="warning", source_file=PAGE, line_no=12,
            subject=f"{TAB} MRPC", message="F1 below accuracy", expected="88.5 >= 84.3", observed="ok",
            verdict="", corrected=""),
        rec(contract.CHECKS, check="header_repair", severity="info", source_file=PAGE, line_no=11,
            subject="", message="column header repaired", expected="", observed="", verdict="",
            corrected=""),
    ]
    corrections = [rec(contract.CORRECTIONS, source_file=PAGE, line_no=13, table="table_values",
                       field="value", printed="708", corrected="768", reason="OCR misread", subject=TAB)]
    documents = [
        rec(contract.DOCUMENTS, source_file=CHART, doc_id="000_chart", shape="chart", n_lines=10,
            title="Small BERT", n_figures=1, n_tables=0, n_points=2, n_values=0, n_annotations=0,
            n_numbers=9, n_numbers_read=8, coverage=0.8889),
        rec(contract.DOCUMENTS, source_file=PAGE, doc_id="003_page", shape="page", n_lines=50,
            title="Extreme compression", n_figures=0, n_tables=2, n_points=0, n_values=6, n_annotations=4),
    ]
    parse_notes = [rec(contract.PARSE_NOTES, source_file=PAGE, line_no=11, kind="header_repair",
                       message="'#Parame' read as '#Params'", raw="#Parame\t#FL OPS")]

    tables = {
        "points": (points, contract.POINTS), "axes": (axes, contract.AXES), "legend": (legend, contract.LEGEND),
        "arrows": (arrows, contract.ARROWS), "claims": (claims, contract.CLAIMS),
        "table_values": (values, contract.TABLE_VALUES), "table_summary": (summaries, contract.TABLES),
        "annotations": (annotations, contract.ANNOTATIONS), "papers": (papers, contract.PAPERS),
        "checks": (checks, contract.CHECKS), "corrections": (corrections, contract.CORRECTIONS),
        "documents": (documents, contract.DOCUMENTS), "parse_notes": (parse_notes, contract.PARSE_NOTES),
        "mentions": ([], contract.MENTIONS),
    }
    for name, (records, columns) in tables.items():
        write_csv(processed / contract.CSV_NAMES[name], records, columns)
    write_json(processed / "figures" / f"{FIG}.json",
               {"figure_id": FIG, "n_points": 2, "x_scale": "log", "y_scale": "linear",
                "caption": f"MNLI accuracy against parameters {hostile}".strip()})

    # re-drawn figures and re-rendered tables, as the other stages would write them
    _draw(figures / FIG, "chart")
    _draw(figures / "checks", "checks")  # as the checks_figure rule would draw it
    doc = contract.empty_parsed(PAGE, "003_page", "page")
    doc["table_summary"], doc["table_values"] = summaries, values
    for tid in (TAB, TAB2):
        latex, fragment = render_table(doc, tid)
        write_text(tables_dir / f"{tid}.tex", latex)
        write_text(tables_dir / f"{tid}.html", fragment)

    if synthesis:
        _draw(figures / "synthesis", "synthesis")
        write_csv(processed / "synthesis_points.csv", [
            {"source_file": PAGE, "line_no": 12, "model": label, "method_family": "distillation",
             "size_fraction": "0.13", "size_text": "14.5M", "size_conversion": "14.5/110", "mnli": "82.5",
             "raw": "...", "on_pareto": "true"},
        ], ("source_file", "line_no", "model", "method_family", "size_fraction", "size_text",
            "size_conversion", "mnli", "raw", "on_pareto"))
        write_csv(processed / "synthesis_ranking.csv", [{"rank": 1, "model": label, "mnli": "82.5"}],
                  ("rank", "model", "mnli"))
        write_csv(processed / "synthesis_unplaced.csv", [
            {"source_file": PAGE, "line_no": 13, "model": "NoKD Baseline", "reason": "no size given", "raw": ""}],
            ("source_file", "line_no", "model", "reason", "raw"))
    return {"processed": processed, "figures": figures, "tables": tables_dir, "report": report}


def _draw(stem: Path, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    stem.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(4, 3))
    ax.scatter([14.5, 110], [82.5, 84.6])
    ax.set_title(title)
    fig.savefig(stem.with_suffix(".pdf"))
    fig.savefig(stem.with_suffix(".png"), dpi=50)
    plt.close(fig)


def build(tmp_path, hostile="", synthesis=True):
    paths = make_processed(tmp_path, hostile, synthesis)
    copy_figures(sorted(paths["figures"].glob("*.pdf")), paths["report"])  # as build_report.py does
    meta = {"title": "Small BERT: which one is the best?", "date": "2024-01-02", "report_dir": paths["report"]}
    context = build_context(paths["processed"], paths["figures"], paths["tables"], meta)
    return paths, context


class _Links(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.hrefs, self.imgs, self.scripts, self.text = [], [], [], 0, []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if tag == "img":
            self.imgs.append(attrs.get("src", ""))
        if tag == "script":
            self.scripts += 1
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not value.startswith(("http:", "https:", "//")), f"external resource {value}"

    def handle_data(self, data):
        self.text.append(data)


def test_context_numbers_once(tmp_path):
    _, context = build(tmp_path)
    assert [f["ref"]["name"] for f in context["figures"]] == ["Figure 1", "Figure 2", "Figure 3"]
    assert [t["ref"]["name"] for t in context["tables"]] == ["Table 1", "Table 2"]
    assert [t["table_id"] for t in context["tables"]] == [TAB, TAB2]
    assert context["title"] == "paperfig survey: Small BERT: which one is the best?"
    assert [g["severity"] for g in context["checks"]] == ["error", "warning", "info"]
    # checks link to what they concern
    targets = [c["items"][0]["target"]["name"] for c in context["checks"]]
    assert targets[0] == "Figure 1" and targets[1] == "Table 1"
    assert context["checks"][2]["items"][0]["target"]["anchor"] == f"tab-{TAB}"  # by line range
    assert context["corrections"][0]["target"]["name"] == "Table 1"
    assert len(context["unreproducible"]) == 2 and len(context["compression"]) == 1
    assert context["checks_figure"]["ref"]["name"] == "Figure 2"  # in the checks section, before the synthesis
    assert context["synthesis"]["figure"]["ref"]["name"] == "Figure 3"


def test_labels_are_readable_and_stable(tmp_path):
    _, context = build(tmp_path)
    assert [f["ref"]["label"] for f in context["figures"]] == ["fig:000-chart-1", "fig:checks", "fig:synthesis"]
    assert [t["ref"]["label"] for t in context["tables"]] == ["tab:003-page-1", "tab:003-page-2"]
    assert [d["ref"]["label"] for d in context["documents"]] == ["sec:doc-000-chart", "sec:doc-003-page"]
    assert context["documents"][1]["papers"][0]["ref"]["label"] == "sec:paper-003-page-1"
    # figures from the report folder itself, a citation where each source appears
    tex = render_latex(context)
    assert "../" not in tex and "{figures/000_chart-fig1.pdf}" in tex and "{figures/checks.pdf}" in tex
    assert r"\paperfiglabelas{tab:003-page-1}\input{tables/003_page-tab1.tex}" in tex
    assert r"\cite{zhao-extreme}" in tex and r"\cite{small-bert}" in tex
    assert [e["key"] for e in context["bibliography"]] == ["small-bert", "zhao-extreme"]
    assert tex.index(r"\section{Checks}") < tex.index("{figures/checks.pdf}") < tex.index(r"\section{Claims")
    page = render_html(context)
    assert page.index('id="sec-checks"') < page.index('id="fig-checks"') < page.index('id="sec-claims"')


def test_no_bibliography_without_sources(tmp_path):
    paths = make_processed(tmp_path)
    for name in ("papers", "documents"):
        write_csv(paths["processed"] / contract.CSV_NAMES[name], [], contract.PARSED_TABLES.get(name)
                  or contract.DOCUMENTS)
    context = build_context(paths["processed"], paths["figures"], paths["tables"], {"report_dir": paths["report"]})
    assert context["bibliography"] == [] and r"\bibliography" not in render_latex(context)


def test_sources_overview_counts_the_numbers_of_each_document(tmp_path):
    paths, context = build(tmp_path)
    chart = next(o for o in context["overview"] if o["source_file"] == CHART)
    assert (chart["n_numbers"], chart["n_numbers_read"]) == ("9", "8")
    from paperfig.report import render_html

    assert "Numbers printed: 9, read or accounted for: 8." in render_html(context)


def test_html_self_contained_and_links_resolve(tmp_path):
    _, context = build(tmp_path)
    page = render_html(context)
    parser = _Links()
    parser.feed(page)
    assert parser.scripts == 0
    assert len(parser.ids) == len(set(parser.ids)), "duplicate ids"
    internal = [h for h in parser.hrefs if h.startswith("#")]
    assert internal and all(h[1:] in parser.ids for h in internal), set(internal) - {"#" + i for i in parser.ids}
    assert len(parser.imgs) == 3 and all(src.startswith("data:image/png;base64,") for src in parser.imgs)
    text = " ".join(parser.text)
    for needed in ("Table 1.", "Figure 1", "88.5/84.3", "85.3 (\u22125.6)", "1.64x", "OCR misread",
                   "Figure 2: Pruning curves", "1/6: 84 => 78", "Memory³ α→β", "supported"):
        assert needed in text, needed
    assert f'id="tab-{TAB}"' in page and f'id="fig-{FIG}"' in page


def test_html_is_streamed_and_figures_are_read_as_written(tmp_path):
    """The context holds each embedded figure as its path, read when the page is written, and
    write_html streams the page: the same bytes as render_html, never one string of them all."""
    import base64

    from paperfig.report import EmbeddedPNG, write_html

    paths, context = build(tmp_path)
    embedded = [f["png"] for f in context["figures"] if f["png"]]
    assert len(embedded) == 3 and all(isinstance(png, EmbeddedPNG) for png in embedded)
    first = embedded[0]
    assert str(first) == "data:image/png;base64," + base64.b64encode(first.path.read_bytes()).decode("ascii")
    out = tmp_path / "streamed.html"
    write_html(context, out)
    assert out.read_bytes() == render_html(context).encode("utf-8")
    assert [p.name for p in out.parent.iterdir() if p.name.startswith(".streamed")] == []  # no temp file left


def test_a_survey_with_many_figures_links_them_instead_of_embedding(tmp_path, monkeypatch):
    import paperfig.report as report_module

    monkeypatch.setattr(report_module, "EMBED_PNG_BYTES", 10)  # (every PNG is more than that)
    paths, context = build(tmp_path)
    page = report_module.render_html(context)
    parser = _Links()
    parser.feed(page)
    assert len(parser.imgs) == 3 and not any(src.startswith("data:") for src in parser.imgs)
    report_dir = Path(paths["report"])
    assert all((report_dir / unquote(src)).is_file() for src in parser.imgs), parser.imgs  # from report.html
    assert "The figures are linked, not embedded" in page


def test_html_escapes_hostile_text(tmp_path):
    _, context = build(tmp_path, hostile=HOSTILE)
    page = render_html(context)
    assert "<script>" not in page
    assert "{{ 7*7 }}" in html.unescape(page)
    text = html.unescape(page)
    # caption, row label, paper title and model name all arrive literally
    assert text.count(HOSTILE) >= 5
    parser = _Links()
    parser.feed(page)
    assert parser.scripts == 0


def _latexmk(report_dir: Path, tex: str, context: dict) -> tuple[subprocess.CompletedProcess, str]:
    (report_dir / "report.tex").write_text(tex, encoding="utf-8")
    (report_dir / "sources.bib").write_text(render_bib(context["bibliography"]), encoding="utf-8")
    result = subprocess.run(
        ["latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", "report.tex"],
        cwd=report_dir, capture_output=True, text=True, errors="replace", timeout=300,  # TeX output is bytes
    )
    log = (report_dir / "report.log").read_text(encoding="utf-8", errors="replace")
    return result, log


needs_latexmk = pytest.mark.skipif(shutil.which("latexmk") is None or shutil.which("pdflatex") is None,
                                   reason="latexmk/pdflatex not installed")


@needs_latexmk
def test_latex_report_compiles_without_undefined_references(tmp_path):
    paths, context = build(tmp_path)
    result, log = _latexmk(paths["report"], render_latex(context), context)
    assert result.returncode == 0, log[-4000:]
    assert "undefined" not in log.lower().replace("undefined on input line", "x"), \
        [line for line in log.splitlines() if "ndefined" in line]
    assert "Rerun to get" not in log.split("Output written")[-1]
    assert "Overfull \\vbox" not in log
    assert (paths["report"] / "report.pdf").stat().st_size > 1000
    # LaTeX numbered every figure, table and section as the context did (same numbers in HTML)
    aux = (paths["report"] / "report.aux").read_text(encoding="utf-8")
    numbers = dict(re.findall(r"\\newlabel\{([^}]*)\}\{\{([^}]*)\}", aux))
    refs = [f["ref"] for f in context["figures"]] + [t["ref"] for t in context["tables"]]
    refs += [d["ref"] for d in context["documents"]] + list(context["sections"].values())
    refs += [p["ref"] for d in context["documents"] for p in d["papers"]]
    for ref in refs:
        assert numbers.get(ref["label"]) == ref["number"], (ref, numbers.get(ref["label"]))
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", "report.pdf", "-"], cwd=paths["report"], capture_output=True,
                              text=True).stdout
        for needed in ("Table 1", "Figure 1", "88.5/84.3", "Memory³", "1/6: 84 => 78", "OCR misread"):
            assert needed in text, needed


@needs_latexmk
def test_hostile_text_prints_literally_in_pdf(tmp_path):
    pwned = Path("/tmp/pwned")
    existed = pwned.exists()
    paths, context = build(tmp_path, hostile=HOSTILE)
    tex = render_latex(context)
    for bad in (r"\write18{", r"\input{/etc", r"\catcode"):
        assert bad not in tex
    result, log = _latexmk(paths["report"], tex, context)
    assert result.returncode == 0, log[-4000:]
    assert existed or not pwned.exists()
    text = subprocess.run(["pdftotext", "-raw", "report.pdf", "-"], cwd=paths["report"], capture_output=True,
                          text=True).stdout
    flat = re.sub(r"(\w)-\n(\w)", r"\1\2", text)  # undo hyphenation at line ends
    flat = re.sub(r"\s+", " ", flat)
    assert flat.count(HOSTILE) >= 3, flat[:3000]
    assert "root:x:0:0" not in text  # /etc/passwd was not read


def test_latex_errors_come_before_the_undefined_references_they_cause():
    from paperfig.pdf import latex_problems

    log = ("LaTeX Warning: Reference `sec:paper-003-a.txt-FAST-TRANSFER-FOR-\nSMALL-DEVICES' on page 1 undefined on"
           " input line 44.\n./report.tex:27850: Dimension too large.\n"
           "./report.tex:27850:  ==> Fatal error occurred, no output PDF file produced!\n")
    assert latex_problems(log) == ["./report.tex:27850: Dimension too large."]
    wrapped = "LaTeX Warning: Reference `sec:a-LONG-\nNAME' on page 1 undefined on input line 4.\n"
    assert latex_problems(wrapped) == ["undefined reference 'sec:a-LONG-NAME'"]
    assert latex_problems("all fine\n") == []


def test_a_caption_names_a_few_sources_and_counts_the_rest():
    from paperfig.report import CAPTION_SOURCES, _source_list

    assert _source_list(["a.txt", "b.txt"]) == "a.txt, b.txt"
    many = _source_list([f"{i:03d}.txt" for i in range(500)])
    assert many.count(".txt") == CAPTION_SOURCES and f"{500 - CAPTION_SOURCES} more documents" in many
