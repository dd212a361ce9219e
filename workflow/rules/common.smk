import json
import os
import sys
from pathlib import Path

from snakemake.utils import validate

sys.path.insert(0, str(Path(workflow.basedir) / "workflow"))

from paperfig.workflow_support import (  # noqa: E402
    corrections_json,
    discover_documents,
    load_corrections_by_file,
    print_check_summary,
    read_manifest,
    record_run_end,
    record_run_start,
    release_stale_lock,
    refuse_unusable_names,
    remove_orphan_outputs,
)


validate(config, "../schemas/config.schema.yaml")
release_stale_lock()

PROCESSED = config["processed_dir"]
FIGURES = config["figures_dir"]
REPORT = config["report_dir"]
DOCS = discover_documents(config["raw_dir"])

refuse_unusable_names(DOCS)
CORRECTIONS_BY_FILE = load_corrections_by_file(config["corrections"])
CHECK_SETTINGS = json.dumps(config["checks"], sort_keys=True)
FIGURE_FORMATS = ("pdf", "png", "svg")


wildcard_constraints:
    doc=r"[A-Za-z0-9._-]+",
    k=r"\d+",


def raw_document(wildcards):
    return DOCS[wildcards.doc]


def document_corrections(wildcards):
    return corrections_json(CORRECTIONS_BY_FILE, DOCS[wildcards.doc])


def checked_documents(wildcards=None):
    return [f"{PROCESSED}/docs/{doc}/checked.json" for doc in DOCS]


def document_manifest(doc):
    return read_manifest(checkpoints.parse_document.get(doc=doc).output.manifest)


def document_outputs(wildcards):
    """The figures and tables of one document, known once it has been parsed."""
    manifest = document_manifest(wildcards.doc)
    figures = [f"{FIGURES}/{fid}.{ext}" for fid in manifest["figures"] for ext in FIGURE_FORMATS]
    summaries = [f"{PROCESSED}/figures/{fid}.json" for fid in manifest["figures"]]
    tables = [f"{REPORT}/tables/{tid}.{ext}" for tid in manifest["tables"] for ext in ("tex", "html")]
    return figures + summaries + tables


def table_documents(wildcards):
    """The checked documents that hold tables or page notes (pages and slides, not charts)."""
    docs = [doc for doc in DOCS if document_manifest(doc)["shape"] != "chart"]
    return [f"{PROCESSED}/docs/{doc}/checked.json" for doc in docs]


def document_indexes(wildcards=None):
    return [f"{PROCESSED}/docs/{doc}/outputs.json" for doc in DOCS]


def default_targets():
    targets = [f"{REPORT}/report.html", f"{PROCESSED}/checks.passed"]
    if config["report"].get("pdf", True):
        targets.append(f"{REPORT}/report.pdf")
    return targets


onstart:
    record_run_start()
    remove_orphan_outputs(DOCS, config["raw_dir"], PROCESSED, FIGURES, REPORT)


onsuccess:
    record_run_end()
    print_check_summary(f"{PROCESSED}/checks.csv")


onerror:
    record_run_end()
    print_check_summary(f"{PROCESSED}/checks.csv")
