"""Jobs in groups of documents: everything about batching the extract and render jobs.

Why: a job is a new Python process. An extract job pays Python's start-up and paperfig's
imports (~0.3 CPU-s) before it reads anything, a render job the matplotlib (figures, ~1 s) or
pandas (tables, ~0.65 s) import before it draws anything, and Snakemake's own scheduling costs
grow with the number of jobs it keeps ready. One job per document paid all of that for every
document (at 500 documents, 500 extract jobs: most of the build). So the workflow reads, and
draws, the documents of a group in one job.

How, from the DAG to the files:

1. **Groups**, known when the Snakefile is read (``workflow/rules/common.smk``):
   :func:`extract_batches` splits the documents, charts apart from the rest (only the rest is
   read by the synthesis, so a chart edit never reruns it), and :func:`render_batches` splits
   the documents that have figures (and, apart, those that have tables). Each group is a run
   of consecutive document ids, ``documents_per_job`` per job (``extract:`` and ``render:`` in
   the config) but at least ``min_jobs`` jobs, so a small survey still uses two cores. Each
   group becomes one rule, ``extract_<group>_<i>`` (``workflow/rules/parse.smk``) or
   ``render_<kind>_<i>`` (``workflow/rules/render.smk``): Snakemake needs a rule per group
   because a rule's outputs are fixed when it is defined. Adding a document moves at most one
   document across each group boundary.
2. **Outputs**: an extract job writes each document's checked.json
   (:func:`extract_outputs`), a render job every figure's PDF/PNG(/SVG), summary JSON and
   the copy of its PDF in the report folder, or every table's TeX and HTML
   (:func:`render_outputs`); and per document a **stamp**
   (``data/processed/docs/<doc>/extracted.json``, ``rendered-<kind>.json``) holding the digest
   of what its outputs were made from. They are declared ``update()``, so Snakemake keeps
   them when the job reruns instead of deleting them first.
3. **The job** (``workflow/scripts/extract_batch.py`` -> :func:`run_extract_batch`,
   ``workflow/scripts/render_batch.py`` -> :func:`run_batch`): for each document of its group,
   the digest of its input is compared with its stamp. For an extraction that is the raw
   file, the document's own corrections, the alias table, the check settings and paperfig's
   code (:func:`extract_context`); for a rendering its checked.json, the style file, the
   formats, paperfig's code and the drawing libraries' versions (:func:`render_context`). A
   document whose digest is unchanged and whose outputs exist is not read or drawn again, so
   an edit to one document re-reads and redraws that one document, and a regrouping costs
   nothing. Snakemake touches every output of a job it ran, so in the same run every job
   reading a kept document's files runs too (and keeps what is unchanged); a later run does
   not rerun anything for a touched but unchanged file (Snakemake compares the checksums it
   recorded for files under ``--max-checksum-file-size``).
4. **Clean-up**: a document's outputs that are no longer declared (the document removed or
   shortened) are removed at start-up from the record of files paperfig wrote
   (``workflow_support.remove_orphan_outputs``), never by name.

The benchmark's floor (``benchmarks/floor/Snakefile``) builds the same groups and outputs
with these functions, so it times Snakemake on exactly this DAG.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import shutil
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from .errors import ConfigError
from .io import atomic_path, read_json, write_json, write_text
from .workflow_support import package_fingerprint

KINDS = ("figures", "tables")
TABLE_FORMATS = ("tex", "html")
#: The libraries each kind of drawing depends on (a new version draws again); "checks" is the
#: checks figure's (``paperfig.checks_figure``).
_LIBRARIES = {"figures": ("matplotlib", "adjustText"), "tables": ("pandas", "jinja2"),
              "checks": ("matplotlib", "seaborn")}


@dataclass
class BatchItem:
    """One document of a render job: its checked.json and the ids to render from it."""

    doc_id: str
    checked: str
    ids: list[str]
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> {format: path}
    stamp: str = ""


def _groups(docs: list[str], documents_per_job: int, min_jobs: int) -> list[list[str]]:
    """``docs`` (sorted) cut into runs of consecutive ids: ``documents_per_job`` per run, but at
    least ``min_jobs`` runs (as many as there are documents, if fewer)."""
    if not docs:
        return []
    n_jobs = max(min(len(docs), min_jobs), math.ceil(len(docs) / documents_per_job))
    return [docs[i * len(docs) // n_jobs:(i + 1) * len(docs) // n_jobs] for i in range(n_jobs)]


def _check_sizes(section: str, documents_per_job: int, min_jobs: int) -> None:
    if documents_per_job < 1 or min_jobs < 1:
        raise ConfigError(f"{section}.documents_per_job and {section}.min_jobs must be at least 1")


def extract_batches(outlines: dict[str, dict], documents_per_job: int = 32, min_jobs: int = 2) -> list[dict]:
    """Documents grouped into extract jobs: the charts apart from the rest (pages, slides and
    documents that will not be read), because only the rest is read by the synthesis job, and
    Snakemake reruns every job reading any output of a job it reruns: a chart edit then reruns
    no synthesis. Each group is cut as render groups are (see the module docstring)."""
    _check_sizes("extract", documents_per_job, min_jobs)
    batches: list[dict] = []
    for group in ("charts", "pages"):
        docs = [doc for doc in sorted(outlines) if (outlines[doc].get("shape") == "chart") == (group == "charts")]
        for i, members in enumerate(_groups(docs, documents_per_job, min_jobs)):
            batches.append({"name": f"{group}_{i + 1}", "docs": members})
    return batches


def render_batches(outlines: dict[str, dict], documents_per_job: int = 16, min_jobs: int = 2) -> list[dict]:
    """Documents grouped into render jobs, figures and tables apart (one imports matplotlib,
    the other pandas): each job pays Python's start-up and those imports once for up to
    ``documents_per_job`` documents, and at least ``min_jobs`` jobs share a kind so a small
    survey still uses two cores. Groups are runs of consecutive document ids (adding a
    document moves at most one document across each group boundary), and a render job
    redraws only the documents whose input changed, so a change of grouping costs no redraw."""
    _check_sizes("render", documents_per_job, min_jobs)
    batches: list[dict] = []
    for kind in KINDS:
        docs = [doc for doc in sorted(outlines) if outlines[doc].get(kind)]
        for i, members in enumerate(_groups(docs, documents_per_job, min_jobs)):
            batches.append({"name": f"{kind}_{i + 1}", "kind": kind, "docs": members})
    return batches


def checked_path(doc_id: str, processed_dir: str) -> str:
    """A document's checked records: what its extract job writes and every later stage reads."""
    return f"{processed_dir}/docs/{doc_id}/checked.json"


def extract_stamp(doc_id: str, processed_dir: str) -> str:
    """Per document: the digest of the input its checked.json was made from."""
    return f"{processed_dir}/docs/{doc_id}/extracted.json"


def extract_outputs(doc_id: str, processed_dir: str) -> list[str]:
    """Every file an extract job writes for one document (declared by the workflow and the
    benchmark's floor)."""
    return [checked_path(doc_id, processed_dir), extract_stamp(doc_id, processed_dir)]


#: The report's own folder of figures (``paperfig.report.REPORT_FIGURES``): report.tex includes
#: the copies there, so the report folder compiles on its own (Overleaf).
REPORT_FIGURES = "figures"


def figure_outputs(figure_id: str, figures_dir: str, processed_dir: str, report_dir: str, formats) -> dict[str, str]:
    """Every file written for one figure: {format: path}, its summary ("json") and the copy of
    its PDF that report.tex includes ("report"). The render job writes that copy, not the
    report job: a job's outputs times its inputs is what Snakemake's bookkeeping costs after the
    job, and the report job reads every rendered file."""
    paths = {fmt: f"{figures_dir}/{figure_id}.{fmt}" for fmt in formats}
    paths["json"] = f"{processed_dir}/figures/{figure_id}.json"
    paths["report"] = f"{report_dir}/{REPORT_FIGURES}/{figure_id}.pdf"
    return paths


def table_outputs(table_id: str, report_dir: str) -> dict[str, str]:
    return {fmt: f"{report_dir}/tables/{table_id}.{fmt}" for fmt in TABLE_FORMATS}


def render_stamp(doc_id: str, kind: str, processed_dir: str) -> str:
    """Per document and kind: the digest of the input its figures or tables were drawn from."""
    return f"{processed_dir}/docs/{doc_id}/rendered-{kind}.json"


def render_outputs(kind: str, doc_id: str, ids, figures_dir: str, processed_dir: str, report_dir: str,
                   formats) -> list[str]:
    """Every file a render job writes for one document: its figures (or tables) and its stamp.
    The workflow declares these and the benchmark's floor mirrors them."""
    paths: list[str] = []
    for output_id in ids:
        if kind == "figures":
            paths.extend(figure_outputs(output_id, figures_dir, processed_dir, report_dir, formats).values())
        else:
            paths.extend(table_outputs(output_id, report_dir).values())
    paths.append(render_stamp(doc_id, kind, processed_dir))
    return paths



def _library_versions(kind: str) -> str:
    versions = []
    for name in _LIBRARIES[kind]:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=?")
    return ",".join(versions)


def render_context(kind: str, style_path: str | None, formats: Iterable[str]) -> str:
    """Everything besides a document's own data that its rendered outputs depend on."""
    style = hashlib.sha256(Path(style_path).read_bytes()).hexdigest() if style_path else "-"
    return json.dumps({"kind": kind, "style": style, "formats": list(formats), "code": package_fingerprint(),
                       "libraries": _library_versions(kind)}, sort_keys=True)


def input_digest(item: BatchItem, context: str) -> str:
    digest = hashlib.sha256(context.encode())
    digest.update(json.dumps(item.ids).encode())
    digest.update(Path(item.checked).read_bytes())
    return digest.hexdigest()


def stamp_holds(stamp_path: str, digest: str, paths: Iterable[str]) -> bool:
    """True when the stamp holds this digest and every one of ``paths`` exists."""
    try:
        stamp = read_json(stamp_path)
    except (OSError, ValueError):
        return False
    return isinstance(stamp, dict) and stamp.get("digest") == digest and all(os.path.exists(p) for p in paths)


def is_current(item: BatchItem, digest: str) -> bool:
    """True when the stamp holds this digest and every output of the document exists."""
    return stamp_holds(item.stamp, digest, [p for outs in item.outputs.values() for p in outs.values()])


def touch(paths: Iterable[str]) -> None:
    for path in paths:
        os.utime(path)


def run_batch(kind: str, items: list[BatchItem], draw: Callable[[dict, str, dict[str, str]], None],
              context: str, log=None) -> dict:
    """Render every item whose input changed with ``draw(checked_doc, id, outputs)``; touch the rest.

    Returns ``{"rendered": [...doc ids], "kept": [...doc ids]}``. A failure stops the job (the
    workflow then restores the previous outputs of the whole group).
    """
    done: dict[str, list[str]] = {"rendered": [], "kept": []}
    for item in items:
        digest = input_digest(item, context)
        if is_current(item, digest):
            touch([p for outs in item.outputs.values() for p in outs.values()] + [item.stamp])
            done["kept"].append(item.doc_id)
            if log:
                log.info("%s: %s unchanged, kept", item.doc_id, kind)
            continue
        doc = read_json(item.checked)
        for output_id in item.ids:
            draw(doc, output_id, item.outputs[output_id])
        write_json(item.stamp, {"doc_id": item.doc_id, "kind": kind, "ids": item.ids, "digest": digest})
        done["rendered"].append(item.doc_id)
    return done


def batch_items(kind: str, entries: list[tuple[str, str, list[str]]], figures_dir: str, processed_dir: str,
                report_dir: str, formats: Iterable[str]) -> list[BatchItem]:
    """The items of a job from (doc_id, checked.json, ids), with the same output paths the
    workflow declares (:func:`render_outputs`)."""
    formats = tuple(formats)
    items = []
    for doc_id, checked, ids in entries:
        if kind == "figures":
            outputs = {i: figure_outputs(i, figures_dir, processed_dir, report_dir, formats) for i in ids}
        else:
            outputs = {i: table_outputs(i, report_dir) for i in ids}
        items.append(BatchItem(doc_id, checked, list(ids), outputs, render_stamp(doc_id, kind, processed_dir)))
    return items


def draw_figure_files(style_path: str | None):
    """The ``draw`` of a figures job: PDF/PNG(/SVG), the copy of the PDF that report.tex
    includes, and the figure's summary JSON. matplotlib is imported at the first figure drawn:
    a job whose documents are all kept never imports it."""

    def draw(doc: dict, figure_id: str, outputs: dict[str, str]) -> None:
        from .plotting import render_figure

        files = {fmt: path for fmt, path in outputs.items() if fmt not in ("json", "report")}
        summary = render_figure(doc, figure_id, files, style_path=style_path)
        with atomic_path(outputs["report"]) as tmp:
            shutil.copyfile(files["pdf"], tmp)
        write_json(outputs["json"], {**summary, "roundtrip": "ok"})

    return draw


def draw_table_files():
    """The ``draw`` of a tables job: the LaTeX float and the HTML fragment (pandas is imported
    at the first table drawn)."""

    def draw(doc: dict, table_id: str, outputs: dict[str, str]) -> None:
        from .table_render import render_table

        latex, html = render_table(doc, table_id)
        write_text(outputs["tex"], latex)
        write_text(outputs["html"], html)

    return draw


# --- extract jobs ------------------------------------------------------------------------------


@dataclass
class ExtractItem:
    """One document of an extract job: its raw file, its own corrections and where it goes."""

    doc_id: str
    raw: str
    checked: str
    stamp: str
    corrections: list = field(default_factory=list)
    log: str | None = None  # the document's own log file


def extract_items(entries: list[tuple[str, str, str]], processed_dir: str,
                  corrections_by_file: dict[str, list]) -> list[ExtractItem]:
    """The items of an extract job from (doc_id, raw file, log file), with the output paths the
    workflow declares (:func:`extract_outputs`) and each document's own corrections."""
    return [ExtractItem(doc_id, raw, checked_path(doc_id, processed_dir), extract_stamp(doc_id, processed_dir),
                        list(corrections_by_file.get(Path(raw).name, [])), log or None)
            for doc_id, raw, log in entries]


def extract_context(aliases_path: str | None, settings: dict) -> str:
    """Everything besides a document's own text and corrections that its checked.json depends on."""
    aliases = hashlib.sha256(Path(aliases_path).read_bytes()).hexdigest() if aliases_path else "-"
    return json.dumps({"aliases": aliases, "settings": settings, "code": package_fingerprint()}, sort_keys=True)


def extract_digest(item: ExtractItem, context: str) -> str | None:
    """The digest of one document's input; None when its file cannot be read (it is then read
    again, and the reading reports why it cannot)."""
    digest = hashlib.sha256(context.encode())
    own = {"file": Path(item.raw).name, "corrections": item.corrections}
    digest.update(json.dumps(own, sort_keys=True, default=str).encode())
    try:
        digest.update(Path(item.raw).read_bytes())
    except OSError:
        return None
    return digest.hexdigest()


def run_extract_batch(items: list[ExtractItem], extract: Callable[[ExtractItem], dict], context: str,
                      log=None) -> dict:
    """Write the checked.json of every item whose input changed, ``extract(item)`` giving its
    records (a document that cannot be read is records too: ``paperfig.extract``); keep the rest.

    Returns ``{"extracted": [...doc ids], "kept": [...doc ids]}``.
    """
    done: dict[str, list[str]] = {"extracted": [], "kept": []}
    for item in items:
        digest = extract_digest(item, context)
        if digest is not None and stamp_holds(item.stamp, digest, [item.checked]):
            done["kept"].append(item.doc_id)
            if item.log and not os.path.exists(item.log):
                write_text(item.log, f"INFO {Path(item.raw).name}: unchanged since it was last read, kept\n")
            if log:
                log.info("%s: unchanged, kept", Path(item.raw).name)
            continue
        write_json(item.checked, extract(item))
        write_json(item.stamp, {"doc_id": item.doc_id, "digest": digest})
        done["extracted"].append(item.doc_id)
    return done
