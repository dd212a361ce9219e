"""The survey report: one jinja2 context, rendered as self-contained HTML and as LaTeX.

``build_context`` reads the combined CSVs of ``data/processed``, the figure summaries, the
re-drawn figures and the re-rendered tables, and numbers every figure, table and section
once; both templates (``templates/report.html.j2`` and ``templates/report.tex.j2``) use those
numbers, so "Figure 3" is the same figure in report.html and report.pdf.

HTML is rendered with autoescaping; LaTeX with its own delimiters (``((( var )))``,
``((* block *))``) and a ``finalize`` hook that passes every printed value through
``escape_latex`` unless the template marks it ``|raw`` (labels and paths built here).
"""

from __future__ import annotations

import base64
import csv
import json
import os
import re
import shutil
from collections import defaultdict
from pathlib import Path
from urllib.parse import quote

import jinja2
from markupsafe import Markup

from . import contract
from .bibtex import bib_entries
from .checks import NOT_READ
from .io import atomic_path, restore_formula
from .latex import document_slugs, escape_latex, safe_label

TEMPLATES = Path(__file__).parent / "templates"

SEVERITIES = ("error", "warning", "info")

_SAFE_PATH = re.compile(r"^[A-Za-z0-9._/+-]+$")


# --- reading ------------------------------------------------------------------------------

def read_csv(path: str | Path) -> list[dict]:
    """Records of a CSV as strings; a missing file is an empty table."""
    path = Path(path)
    if not path.exists():
        return []
    with open(path, encoding="utf-8", newline="") as handle:
        return [{k: restore_formula(v) if isinstance(v, str) else v for k, v in row.items()}
                for row in csv.DictReader(handle)]


_COLUMNS = dict(contract.PARSED_TABLES, checks=contract.CHECKS, corrections=contract.CORRECTIONS,
                documents=contract.DOCUMENTS)
_COLUMNS["claims"] = contract.CLAIMS + ("verdict", "evidence")


def _processed(processed_dir: Path, name: str) -> list[dict]:
    """A combined CSV with every contract column present (empty when a file lacks it)."""
    rows = read_csv(processed_dir / contract.CSV_NAMES[name])
    for row in rows:
        for column in _COLUMNS.get(name, ()):
            if row.get(column) is None:
                row[column] = ""
    return rows


def _int(text, default=None):
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return default


def _list(text) -> list:
    if isinstance(text, list):
        return text
    if not text:
        return []
    try:
        value = json.loads(text)
    except (TypeError, json.JSONDecodeError):
        return [text]
    return value if isinstance(value, list) else [value]


def _names(text) -> str:
    """Authors as printed: a JSON list of names becomes "A, B, C"."""
    return ", ".join(str(x) for x in _list(text) if str(x).strip())


def line_span(numbers) -> str:
    """"lines 3–9" / "line 4" / "" from an iterable of line numbers."""
    nums = sorted({n for n in (_int(x) for x in numbers) if n is not None})
    if not nums:
        return ""
    if nums[0] == nums[-1]:
        return f"line {nums[0]}"
    return f"lines {nums[0]}\u2013{nums[-1]}"


def _data_uri(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


class EmbeddedPNG:
    """A figure's PNG as a data URI, read when the template writes it (``str`` or, for jinja's
    autoescape, ``__html__``: the scheme and base64 hold no character HTML escapes). With
    :func:`write_html` streaming the page, the report job holds one figure's bytes at a time,
    not every figure's: its memory no longer grows with the bytes of the survey's figures."""

    __slots__ = ("path",)

    def __init__(self, path: Path):
        self.path = Path(path)

    def __str__(self) -> str:
        return _data_uri(self.path)

    def __html__(self) -> str:
        return str(self)


#: Up to this many bytes of figure PNGs the HTML report embeds them (one file to send around);
#: beyond, it links them (``../figures/<id>.png``): 5,000 documents' 2,500 figures made an
#: HTML file of 267 MB, which no browser opens well, and a report job of 1.7 GB.
EMBED_PNG_BYTES = 40_000_000


def embed_pngs(figures_dir: Path, report_dir: Path) -> bool:
    """Whether the HTML report embeds its figures (their PNGs fit in ``EMBED_PNG_BYTES``)."""
    folders = {Path(figures_dir), Path(report_dir) / REPORT_FIGURES}
    return sum(p.stat().st_size for d in folders if d.is_dir() for p in d.glob("*.png")) <= EMBED_PNG_BYTES


def _png_src(png: Path, report_dir: Path, embed: bool) -> str:
    """The ``src`` of a figure in the HTML report: the PNG itself, or its path from the report."""
    if not png.exists():
        return ""
    if embed:
        return EmbeddedPNG(png)
    return quote(os.path.relpath(png.resolve(), Path(report_dir).resolve()).replace(os.sep, "/"))


#: A caption names at most this many source files (LaTeX cannot set a caption of hundreds).
CAPTION_SOURCES = 8


def _source_list(files: list[str]) -> str:
    if len(files) <= CAPTION_SOURCES:
        return ", ".join(files)
    return (f"{', '.join(files[:CAPTION_SOURCES])} and {len(files) - CAPTION_SOURCES} more documents "
            "(every point with its file and line in the table below and in data/processed/synthesis_points.csv)")


def _rel(path: Path, start: Path) -> str | None:
    """A path relative to the report directory that LaTeX can take verbatim, or None."""
    rel = os.path.relpath(path.resolve(), start.resolve()).replace(os.sep, "/")
    return rel if _SAFE_PATH.match(rel) else None


# --- numbering and references ---------------------------------------------------------------

def _ref(kind: str, number: str, anchor: str, label: str, name: str) -> dict:
    return {"kind": kind, "number": number, "anchor": anchor, "label": label, "name": name}


class _Sections:
    """Numbers sections and subsections in output order (as LaTeX's \\section counter does)."""

    def __init__(self):
        self.section = 0
        self.sub = 0

    def section_ref(self, key: str, title: str) -> dict:
        """``key``: a readable label key (``checks``, ``doc-<slug>``): ``sec:<key>``."""
        self.section += 1
        self.sub = 0
        return _ref("section", str(self.section), f"sec-{safe_label(key)}", f"sec:{safe_label(key)}", title)

    def subsection_ref(self, key: str, title: str) -> dict:
        self.sub += 1
        number = f"{self.section}.{self.sub}"
        return _ref("section", number, f"sec-{safe_label(key)}", f"sec:{safe_label(key)}", title)


_ORDINAL = re.compile(r"-(?:fig|tab)([0-9]+)$")


def _ordinal(output_id: str, fallback: int) -> int:
    """k of a figure or table id ``<document id>-fig<k>`` / ``-tab<k>`` (its number in its
    document, as in the file names); ``fallback`` for an id of another form."""
    match = _ORDINAL.search(str(output_id or ""))
    return int(match.group(1)) if match else fallback


# --- the context ----------------------------------------------------------------------------

def build_context(processed_dir, figures_dir, tables_dir, meta: dict) -> dict:
    """Everything both report templates need, with figures/tables/sections numbered once.

    ``meta``: ``title`` (shown after "paperfig survey: "), ``date`` (printed as given),
    optionally ``report_dir`` (where report.tex lives; default: the parent of ``tables_dir``)
    for the relative paths LaTeX uses (figures are included from ``<report_dir>/figures/``,
    see ``copy_figures``) and ``bib`` (the stem of the .bib beside report.tex; "sources").

    Labels are readable and stable: ``fig:<document slug>-<k>`` and ``tab:<document slug>-<k>``
    (k: the figure's or table's number in its document, as in its file name),
    ``sec:doc-<document slug>``, ``sec:paper-<document slug>-<n>``, ``fig:checks``,
    ``fig:synthesis`` and ``sec:<name>`` for the fixed sections; the slugs come from
    ``latex.document_slugs``. ``bibliography`` holds the BibTeX entries cited in the report
    (``bibtex.bib_entries``), ``cite`` of a document or paper section its key.
    """
    processed_dir, figures_dir, tables_dir = Path(processed_dir), Path(figures_dir), Path(tables_dir)
    report_dir = Path(meta.get("report_dir") or tables_dir.parent)
    embed = embed_pngs(figures_dir, report_dir)

    documents = _processed(processed_dir, "documents")
    papers = _processed(processed_dir, "papers")
    axes = _processed(processed_dir, "axes")
    points = _processed(processed_dir, "points")
    legend = _processed(processed_dir, "legend")
    arrows = _processed(processed_dir, "arrows")
    claims = _processed(processed_dir, "claims")
    table_summary = _processed(processed_dir, "table_summary")
    annotations = _processed(processed_dir, "annotations")
    checks = _processed(processed_dir, "checks")
    corrections = _processed(processed_dir, "corrections")
    parse_notes = _processed(processed_dir, "parse_notes")

    # Documents that could not be read: listed first, in a section of their own.
    not_read = [c for c in checks if c.get("check") == NOT_READ]
    unread_files = {c.get("source_file") for c in not_read}
    # Documents in the order of documents.csv, then any file only the other tables name.
    doc_rows = {d["source_file"]: d for d in documents if d["source_file"] not in unread_files}
    for rows in (axes, table_summary, papers, annotations, parse_notes):
        for row in rows:
            if row.get("source_file") and row["source_file"] not in doc_rows:
                doc_rows[row["source_file"]] = {"source_file": row["source_file"], "doc_id": "", "shape": "",
                                                "title": "", "n_lines": ""}

    slugs = document_slugs(doc_rows)
    # BibTeX entries of the papers and chart descriptions; each is cited where it appears.
    bibliography = bib_entries(papers, [d for d in documents if d["source_file"] in doc_rows])
    cite_at = {place: entry["key"] for entry in bibliography for place in entry["found"]}
    labels_used: set[str] = set()

    by_file = lambda rows: _group(rows, "source_file")  # noqa: E731
    axes_by_file, tables_by_file = by_file(axes), by_file(table_summary)
    papers_by_file, notes_by_file = by_file(papers), by_file(parse_notes)
    ann_by_file = by_file(annotations)
    points_by_fig, legend_by_fig = _group(points, "figure_id"), _group(legend, "figure_id")
    arrows_by_fig, claims_by_fig = _group(arrows, "figure_id"), _group(claims, "figure_id")

    sections = _Sections()
    context: dict = {
        "title": f"paperfig survey: {meta.get('title') or 'figures and tables from papers'}",
        "date": str(meta.get("date", "")),
        "bib": str(meta.get("bib") or "sources"),
        "sections": {},
    }
    context["not_read"] = [{"source_file": c.get("source_file", ""), "line_no": c.get("line_no", ""),
                            "message": c.get("message", "")} for c in not_read]
    if not_read:
        context["sections"]["not_read"] = sections.section_ref("not-read", "Documents not read")
    context["sections"]["overview"] = sections.section_ref("overview", "Sources")

    figures: list[dict] = []
    tables: list[dict] = []
    doc_sections: list[dict] = []
    fig_index: dict[str, dict] = {}
    tab_index: dict[str, dict] = {}
    doc_index: dict[str, dict] = {}

    for source_file, drow in doc_rows.items():
        doc_id = drow.get("doc_id") or safe_label(source_file)
        slug = slugs[source_file]
        heading = drow.get("title") or source_file
        dsec = {
            "ref": sections.section_ref(f"doc-{slug}", source_file),
            "source_file": source_file,
            "doc_id": doc_id,
            "slug": slug,
            "cite": cite_at.get((source_file, 0), ""),
            "shape": drow.get("shape", ""),
            "title": drow.get("title", ""),
            "heading": heading,
            "n_lines": drow.get("n_lines", ""),
            "figures": [],
            "papers": [],
            "loose_tables": [],
            "notes": [a for a in ann_by_file.get(source_file, []) if a.get("kind") == "note"],
            "parse_notes": notes_by_file.get(source_file, []),
            "counts": {k: drow.get(k, "") for k in ("n_figures", "n_tables", "n_points", "n_values",
                                                    "n_annotations", "n_numbers", "n_numbers_read",
                                                    "coverage")},
        }
        doc_index[source_file] = dsec
        for k, arow in enumerate(axes_by_file.get(source_file, []), 1):
            label = _unique(f"fig:{slug}-{_ordinal(arow['figure_id'], k)}", labels_used)
            fig = _figure(arow, points_by_fig, legend_by_fig, arrows_by_fig, claims_by_fig,
                          processed_dir, figures_dir, report_dir, len(figures) + 1, label, embed)
            figures.append(fig)
            fig_index[fig["figure_id"]] = fig
            dsec["figures"].append(fig)
        doc_tables = tables_by_file.get(source_file, [])
        doc_papers: list[dict] = []  # one entry per paper key, at its first title block
        for prow in papers_by_file.get(source_file, []):
            if all(p.get("paper") != prow.get("paper") for p in doc_papers):
                doc_papers.append(prow)
        known_papers = {p.get("paper") for p in doc_papers}
        table_number = {t["table_id"]: _ordinal(t["table_id"], k) for k, t in enumerate(doc_tables, 1)}

        def table_label(trow):
            return _unique(f"tab:{slug}-{table_number[trow['table_id']]}", labels_used)

        for n, prow in enumerate(doc_papers, 1):
            key = prow.get("paper", "")
            psec = {
                "ref": sections.subsection_ref(f"paper-{slug}-{n}", prow.get("title") or key or source_file),
                "paper": key,
                "cite": cite_at.get((source_file, _int(prow.get("line_no"), 0)), ""),
                "title": prow.get("title") or key,
                "authors": _names(prow.get("authors", "")),
                "line_no": prow.get("line_no", ""),
                "tables": [],
                "compression": [a for a in ann_by_file.get(source_file, [])
                                if a.get("kind") == "compression" and a.get("paper") == key],
            }
            for trow in doc_tables:
                if trow.get("paper") == key:
                    psec["tables"].append(_table(trow, tables_dir, report_dir, len(tables) + 1,
                                                 table_label(trow)))
                    tables.append(psec["tables"][-1])
            dsec["papers"].append(psec)
        for trow in doc_tables:
            if trow.get("paper") not in known_papers:
                dsec["loose_tables"].append(_table(trow, tables_dir, report_dir, len(tables) + 1,
                                                   table_label(trow)))
                tables.append(dsec["loose_tables"][-1])
        doc_sections.append(dsec)

    for tab in tables:
        tab_index[tab["table_id"]] = tab
    context["documents"] = doc_sections
    context["figures"] = figures
    context["tables"] = tables

    # The sections after the documents, numbered in the order both templates print them.
    context["sections"]["checks"] = sections.section_ref("checks", "Checks")
    context["sections"]["claims"] = sections.section_ref("claims", "Claims and verdicts")
    context["sections"]["corrections"] = sections.section_ref("corrections", "Corrections")
    context["sections"]["unreproducible"] = sections.section_ref(
        "unreproducible", "Referenced but not reproducible")
    context["sections"]["compression"] = sections.section_ref("compression", "Compression notes")

    resolve = _Resolver(fig_index, tab_index, doc_index)

    grouped = _group(checks, "severity")
    order = list(SEVERITIES) + sorted(k for k in grouped if k not in SEVERITIES)
    context["checks"] = [
        {
            "severity": sev or "unspecified",
            "items": [dict(c, anchor=f"check-{i}-{n}", resolved=_truthy(c.get("corrected")),
                           target=resolve(c.get("subject"), c.get("source_file"), c.get("line_no")))
                      for n, c in enumerate(grouped.get(sev, []), 1)],
        }
        for i, sev in enumerate(order) if grouped.get(sev)
    ]
    context["n_checks"] = {sev: len(grouped.get(sev, [])) for sev in SEVERITIES}
    context["figures_linked"] = not embed
    context["checks_figure"] = _checks_figure(checks, figures_dir, report_dir, len(figures) + 1, embed)
    if context["checks_figure"]:
        figures.append(context["checks_figure"])
    context["claims"] = [dict(c, target=resolve(c.get("figure_id") or c.get("subject"), c.get("source_file"),
                                                  c.get("line_no")), verdict_class=_css_class(c.get("verdict")))
                         for c in claims]
    context["corrections"] = [dict(c, target=resolve(c.get("subject"), c.get("source_file"), c.get("line_no")))
                              for c in corrections]
    context["unreproducible"] = [
        dict(a, target=resolve(a.get("paper"), a.get("source_file"), a.get("line_no")))
        for a in annotations if a.get("kind") in ("referenced_figure", "empty_section")
    ]
    context["compression"] = [
        dict(a, target=resolve(a.get("paper"), a.get("source_file"), a.get("line_no")))
        for a in annotations if a.get("kind") == "compression"
    ]

    # Sources overview: one entry per document and per paper.
    context["overview"] = [
        {
            "ref": d["ref"],
            "source_file": d["source_file"],
            "shape": d["shape"],
            "title": d["title"],
            "n_lines": d["n_lines"],
            "figures": [f["ref"] for f in d["figures"]],
            "tables": [t["ref"] for t in d["loose_tables"]],
            "n_points": sum(f["n_points"] for f in d["figures"]),
            "n_values": sum(_int(t.get("n_values"), 0) for t in d["loose_tables"] + [
                t for p in d["papers"] for t in p["tables"]]),
            "n_notes": len(ann_by_file.get(d["source_file"], [])),
            "n_parse_notes": len(d["parse_notes"]),
            # every number printed in the document, and how many became data or are accounted for
            "n_numbers": d["counts"].get("n_numbers", ""),
            "n_numbers_read": d["counts"].get("n_numbers_read", ""),
            "papers": [
                {"ref": p["ref"], "title": p["title"], "authors": p["authors"],
                 "tables": [t["ref"] for t in p["tables"]],
                 "n_values": sum(_int(t.get("n_values"), 0) for t in p["tables"]),
                 "n_compression": len(p["compression"])}
                for p in d["papers"]
            ],
        }
        for d in doc_sections
    ]

    context["synthesis"] = _synthesis(processed_dir, figures_dir, report_dir, len(figures) + 1, sections, embed)
    if context["synthesis"]:
        context["sections"]["synthesis"] = context["synthesis"]["ref"]
        figures.append(context["synthesis"]["figure"])
    # Cited where each paper or chart description appears; \bibliography only when cited.
    cited = {d["cite"] for d in doc_sections if d["cite"]} | {p["cite"] for d in doc_sections
                                                            for p in d["papers"] if p["cite"]}
    context["bibliography"] = [e for e in bibliography if e["key"] in cited]
    context["totals"] = {
        "documents": len(doc_sections), "not_read": len(not_read), "papers": len(papers), "figures": len(figures),
        "tables": len(tables), "points": len(points), "claims": len(claims),
        "checks": len(checks), "corrections": len(corrections),
    }
    return context


def _group(rows: list[dict], key: str) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        out[row.get(key, "")].append(row)
    return out


def _truthy(text) -> bool:
    return str(text or "").strip().lower() in ("true", "1", "yes")


def _css_class(text) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", str(text or "").lower()).strip("-") or "none"


def _unique(label: str, used: set[str]) -> str:
    """``label``, or ``label-2``, ``label-3``... when a label of the report already has it."""
    unique, n = label, 1
    while unique in used:
        n += 1
        unique = f"{label}-{n}"
    used.add(unique)
    return unique


#: Where report.tex finds its graphics, relative to it: the render jobs copy every figure PDF
#: there (``paperfig.batches.REPORT_FIGURES``), ``copy_figures`` the synthesis figure.
REPORT_FIGURES = "figures"


def copy_figures(files, report_dir) -> list[Path]:
    """Copy figure files into ``<report_dir>/figures/`` (what report.tex includes, so the
    report folder compiles on its own); returns the copies. Same bytes, so builds stay
    byte-identical."""
    target = Path(report_dir) / REPORT_FIGURES
    target.mkdir(parents=True, exist_ok=True)
    copies = []
    for path in files:
        path = Path(path)
        dest = target / path.name
        if path.resolve() != dest.resolve():
            with atomic_path(dest) as tmp:
                shutil.copyfile(path, tmp)
        copies.append(dest)
    return copies


def _graphic(stem: str, report_dir: Path) -> str | None:
    """The path report.tex includes for figure ``stem`` (PDF first, then PNG), or None when
    neither was copied into the report folder."""
    for suffix in (".pdf", ".png"):
        candidate = report_dir / REPORT_FIGURES / f"{stem}{suffix}"
        if candidate.exists():
            rel = _rel(candidate, report_dir)
            if rel:
                return rel
    return None


def _figure(arow, points_by_fig, legend_by_fig, arrows_by_fig, claims_by_fig, processed_dir,
            figures_dir, report_dir, number, label, embed: bool = True) -> dict:
    fid = arow["figure_id"]
    summary_path = processed_dir / "figures" / f"{fid}.json"
    summary = {}
    if summary_path.exists():
        with open(summary_path, encoding="utf-8") as handle:
            summary = json.load(handle)
    pts = points_by_fig.get(fid, [])
    lines = [arow.get("line_no")] + [p.get("line_no") for p in pts]
    lines += [x.get("line_no") for x in legend_by_fig.get(fid, []) + arrows_by_fig.get(fid, [])]
    caption = summary.get("caption") or arow.get("title") or arow.get("heading") or fid
    png = figures_dir / f"{fid}.png"
    graphic = _graphic(fid, report_dir)
    return {
        "figure_id": fid,
        "ref": _ref("figure", str(number), f"fig-{fid}", label, f"Figure {number}"),
        "source_file": arow.get("source_file", ""),
        "lines": line_span(lines),
        "caption": caption,
        "title": arow.get("title", ""),
        "heading": arow.get("title") or arow.get("heading") or "",
        "chart_type": arow.get("chart_type", ""),
        "x_label": arow.get("x_label", ""),
        "y_label": arow.get("y_label", ""),
        "x_scale": summary.get("x_scale") or arow.get("x_scale", ""),
        "y_scale": summary.get("y_scale") or arow.get("y_scale", ""),
        "n_points": _int(summary.get("n_points"), len(pts)) if summary else len(pts),
        # a bar has no label or x: its category names it in the points table
        "points": [dict(p, label=p.get("label") or p.get("category") or "") for p in pts],
        "has_series": any(p.get("series") for p in pts),
        "legend": [x.get("entry", "") for x in legend_by_fig.get(fid, [])],
        "arrows": [x.get("text", "") for x in arrows_by_fig.get(fid, [])],
        "n_claims": len(claims_by_fig.get(fid, [])),
        "png": _png_src(png, report_dir, embed),
        "graphic": graphic or "",
    }


def _table(trow, tables_dir, report_dir, number, label) -> dict:
    tid = trow["table_id"]
    tex_path, html_path = tables_dir / f"{tid}.tex", tables_dir / f"{tid}.html"
    fragment = ""
    if html_path.exists():
        fragment = html_path.read_text(encoding="utf-8")
        number_html = f'<span class="tnum">Table {number}.</span> '
        if '<span class="cap">' in fragment:
            fragment = fragment.replace('<span class="cap">', '<span class="cap">' + number_html, 1)
        else:
            fragment = fragment.replace("<caption>", "<caption>" + number_html, 1)
    tex_input = _rel(tex_path, report_dir) if tex_path.exists() else None
    return dict(
        trow,
        table_id=tid,
        ref=_ref("table", str(number), f"tab-{tid}", label, f"Table {number}"),
        lines=line_span([trow.get("first_line"), trow.get("last_line")]),
        html=Markup(fragment) if fragment else "",  # our own escaped output (table_render)
        tex_input=tex_input or "",
        columns_list=_list(trow.get("columns")),
    )


def _checks_figure(checks: list[dict], figures_dir: Path, report_dir: Path, number: int,
                   embed: bool = True) -> dict | None:
    """The figure of the checks (findings per document and severity), when there are
    findings and the figure was drawn (``checks_figure.py``, into ``<report_dir>/figures/``;
    a PNG in ``figures_dir`` is used for the HTML too)."""
    from .checks_figure import TOP_DOCUMENTS

    png = report_dir / REPORT_FIGURES / "checks.png"  # drawn into the report folder (rule checks_figure)
    if not png.exists():
        png = figures_dir / "checks.png"
    graphic = _graphic("checks", report_dir)
    if not checks or not (png.exists() or graphic):
        return None
    n_docs = len({c.get("source_file", "") for c in checks})
    shown = (f"the {TOP_DOCUMENTS} documents with most findings, the other {n_docs - TOP_DOCUMENTS} "
             "summed in one row" if n_docs > TOP_DOCUMENTS + 1 else "every document with a finding")
    return {
        "figure_id": "checks",
        "ref": _ref("figure", str(number), "fig-checks", "fig:checks", f"Figure {number}"),
        "caption": f"Findings of the checks per document and severity ({', '.join(SEVERITIES)}): {shown}.",
        "source_file": "",
        "lines": "",
        "x_scale": "",
        "y_scale": "",
        "png": _png_src(png, report_dir, embed),
        "graphic": graphic or "",
    }


def _synthesis(processed_dir, figures_dir, report_dir, number, sections, embed: bool = True) -> dict | None:
    points = read_csv(processed_dir / "synthesis_points.csv")
    ranking = read_csv(processed_dir / "synthesis_ranking.csv")
    unplaced = read_csv(processed_dir / "synthesis_unplaced.csv")
    png, pdf = figures_dir / "synthesis.png", figures_dir / "synthesis.pdf"
    if not (points or ranking or unplaced or png.exists() or pdf.exists()):
        return None
    graphic = _graphic("synthesis", report_dir)
    figure = {
        "figure_id": "synthesis",
        "ref": _ref("figure", str(number), "fig-synthesis", "fig:synthesis", f"Figure {number}"),
        "caption": "MNLI accuracy against model size (fraction of the teacher) for every model "
                   "placed from all sources; the Pareto front is marked.",
        "source_file": _source_list(sorted({p.get("source_file", "") for p in points if p.get("source_file")})),
        "lines": "",
        "x_scale": "",
        "y_scale": "",
        "png": _png_src(png, report_dir, embed),
        "graphic": graphic or "",
    }
    ranking_columns = list(ranking[0].keys()) if ranking else []
    return {
        "ref": sections.section_ref("synthesis", "Synthesis"),
        "figure": figure,
        "has_figure": bool(figure["png"] or figure["graphic"]),
        "points": points,
        "ranking": ranking,
        "ranking_columns": ranking_columns,
        "unplaced": unplaced,
    }


class _Resolver:
    """Finds the figure, table or document section a check/claim/correction concerns."""

    def __init__(self, figs: dict, tabs: dict, docs: dict):
        self.figs, self.tabs, self.docs = figs, tabs, docs
        self.ids = sorted([(k, "fig") for k in figs] + [(k, "tab") for k in tabs], key=lambda x: -len(x[0]))

    def __call__(self, subject, source_file, line_no) -> dict | None:
        subject = str(subject or "")
        for key, kind in self.ids:
            if subject == key or (key and key in subject):
                return (self.figs if kind == "fig" else self.tabs)[key]["ref"]
        line = _int(line_no)
        if line is not None:
            for tab in self.tabs.values():
                lo, hi = _int(tab.get("first_line")), _int(tab.get("last_line"))
                if tab.get("source_file") == source_file and lo is not None and hi is not None and lo <= line <= hi:
                    return tab["ref"]
        figs = [f for f in self.figs.values() if f.get("source_file") == source_file]
        if len(figs) == 1:
            return figs[0]["ref"]
        doc = self.docs.get(str(source_file or ""))
        if doc:
            return doc["ref"]
        return None


# --- rendering -------------------------------------------------------------------------------

class LatexSafe(str):
    """A string that is already LaTeX (built here, never from a document): printed as is."""


def _finalize_latex(value):
    if isinstance(value, LatexSafe):
        return value
    if value is None:
        return ""
    return escape_latex(value)


def _raw(value) -> LatexSafe:
    value = "" if value is None else str(value)
    if not re.fullmatch(r"[A-Za-z0-9._/:+-]*", value):
        raise ValueError(f"not a safe LaTeX key or path: {value!r}")
    return LatexSafe(value)


_REF_WORD = {"figure": "Figure", "table": "Table", "section": "Section"}


def _latex_ref(ref) -> LatexSafe:
    """"Figure~\\ref{fig:x}" for a reference built by build_context; "" for none."""
    if not ref:
        return LatexSafe("")
    return LatexSafe("%s~\\ref{%s}" % (_REF_WORD.get(ref["kind"], "Section"), _raw(ref["label"])))


def _path(value) -> LatexSafe:
    """Escaped like any text, with break points after "_" and "." for narrow columns."""
    text = escape_latex(value)
    return LatexSafe(text.replace(r"\_", r"\_\allowbreak{}").replace(".", r".\allowbreak{}"))


def _tex(value) -> LatexSafe:
    return LatexSafe(escape_latex(value))


def html_environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["css"] = _css_class
    return env


def latex_environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        autoescape=False,
        undefined=jinja2.StrictUndefined,
        block_start_string="((*",
        block_end_string="*))",
        variable_start_string="(((",
        variable_end_string=")))",
        comment_start_string="((=",
        comment_end_string="=))",
        line_statement_prefix=None,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        finalize=_finalize_latex,
    )
    env.filters["tex"] = _tex
    env.filters["raw"] = _raw
    env.filters["ref"] = _latex_ref
    env.filters["path"] = _path
    return env


def render_html(context: dict) -> str:
    return html_environment().get_template("report.html.j2").render(**context)


def write_html(context: dict, path: str | Path) -> None:
    """``render_html`` written to ``path`` (atomically) as the template produces it, never
    held whole: the page is the size of every embedded figure together."""
    with atomic_path(path) as tmp, open(tmp, "w", encoding="utf-8") as handle:
        for chunk in html_environment().get_template("report.html.j2").generate(**context):
            handle.write(chunk)


def render_latex(context: dict) -> str:
    return latex_environment().get_template("report.tex.j2").render(**context)


# --- the report folder as one archive --------------------------------------------------------

_TEX_INPUT = re.compile(r"\\(?:input|includegraphics(?:\[[^\]]*\])?)\{([^}]+)\}")
_BIBLIOGRAPHY = re.compile(r"\\bibliography\{([^}]+)\}")


def report_files(tex_path) -> list[Path]:
    """Every file report.tex needs: itself, the files it ``\\input``s and includes, and its
    .bib (paths relative to its folder, as the template writes them)."""
    tex_path = Path(tex_path)
    folder, text = tex_path.parent, tex_path.read_text(encoding="utf-8")
    names = [m for m in _TEX_INPUT.findall(text)]
    names += [f"{b.strip()}.bib" for m in _BIBLIOGRAPHY.findall(text) for b in m.split(",")]
    files = [tex_path]
    for name in dict.fromkeys(names):
        path = folder / name
        if not path.exists() and not path.suffix:
            path = path.with_suffix(".tex")
        if not path.exists():
            raise FileNotFoundError(2, "needed by report.tex but missing", str(path))
        files.append(path)
    return files


def write_report_zip(tex_path, zip_path) -> list[str]:
    """A zip of report.tex and what it needs (``report_files``), paths relative to its folder,
    that compiles on its own (Overleaf: "New project" > "Upload project"). Entries sorted,
    with a fixed date and mode: the same inputs give the same bytes. Returns the names."""
    import zipfile

    tex_path = Path(tex_path)
    names = sorted({p.relative_to(tex_path.parent).as_posix(): p for p in report_files(tex_path)}.items())
    with atomic_path(zip_path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, path in names:
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, path.read_bytes())
    return [name for name, _ in names]
