# What every stage shares: the validated config, the documents and their outlines, and the
# paths of this workflow's own files. Nothing here depends on the working directory but the
# survey's own paths (config, data, outputs): the scripts and the default figure style are
# found beside this file (workflow.source_path), so the workflow also runs as a module.
# The paperfig package is imported as installed (`pip install -e .`).

import json
import os
import shlex

from snakemake.utils import validate

from paperfig.batches import checked_path, extract_batches, extract_outputs, render_batches, render_outputs
from paperfig.workflow_support import (
    cancel_scheduler_timers_at_exit,
    check_figure_formats,
    corrections_json,
    discover_documents,
    document_outlines,
    load_corrections_by_file,
    on_error,
    on_start,
    on_success,
    release_stale_lock,
    refuse_unusable_names,
    report_unreadable,
    validate_config_file,
)

# The schema is the one validator of the config (strict: a typo is an error naming the key
# and the file); Snakemake's validate then fills in the defaults.
CONFIG_FILES = ", ".join(str(path) for path in workflow.configfiles)
validate_config_file(config, "config", CONFIG_FILES or "config/config.yaml")
validate(config, "../schemas/config.schema.yaml")
if workflow.is_main_process:  # not in a cluster job re-reading the Snakefile
    # Hold the run lock (flock) for the life of this Snakemake process; when this process
    # could take it, no run is alive here and a killed run's Snakemake lock is released.
    release_stale_lock()

# This folder (workflow/rules/), whether the workflow runs here or as a module.
RULES_DIR = workflow.current_basedir


def workflow_file(relative):
    """The path of one of this workflow's own files, ``relative`` to workflow/rules/: the file
    itself when the workflow is local (a stable path: a rule's command does not change from run
    to run; relative to the working directory when inside it, absolute for a module used from
    another folder), else Snakemake's cached copy of it (a module from GitHub, kept per tag or
    commit)."""
    if RULES_DIR.is_local:
        path = os.path.normpath(os.path.join(RULES_DIR.get_path_or_uri(secret_free=True), relative))
        # relative to the working directory when the workflow lives inside it (this checkout):
        # moving or copying the project folder then changes no rule's command, so nothing reruns
        inside = os.path.relpath(path, os.getcwd())
        return path if inside.startswith("..") else inside
    return str(workflow.source_path(relative))


PROCESSED = config["processed_dir"]
FIGURES = config["figures_dir"]
REPORT = config["report_dir"]
DOCS = discover_documents(config["raw_dir"])

refuse_unusable_names(DOCS)
CORRECTIONS_BY_FILE = load_corrections_by_file(config["corrections"])
CHECK_SETTINGS = json.dumps(config["checks"], sort_keys=True)
RENDER = config["render"]
# The style of every figure: the config's file, else the one beside paperfig's code.
FIGURE_STYLE = config.get("figure_style") or workflow_file("../paperfig/paperfig.mplstyle")
FIGURE_FORMATS = check_figure_formats(RENDER["figure_formats"])


def outline_workers():
    """Processes for pre-parsing many new documents: the run's --cores (1 for a dry run that
    gives none), at most the CPUs this process may use."""
    cpus = len(os.sched_getaffinity(0))
    try:
        return max(1, min(int(workflow.cores), cpus))
    except Exception:  # no number of cores known: every CPU this process may use
        return cpus


# Shape and figure/table ids of every document, from a pre-parse cached by content: the
# whole DAG is known when the Snakefile is read (no checkpoint per document).
OUTLINES = document_outlines(DOCS, config["header_aliases"], workers=outline_workers())
# Exit with the last job, not a scheduling timespan later (profiles/default paces the rounds
# over minutes), in every Snakemake process (a cluster job's too). Here, not in onstart: a
# module's onstart never runs. After the pre-parse: its processes are forked only while this
# process runs no other thread (workflow_support._outline_new).
cancel_scheduler_timers_at_exit()
# A document that will be refused is shown when the Snakefile is read (and in `snakemake -n`):
# its extract job records it as "not read", and the report lists it.
report_unreadable(OUTLINES, DOCS)
EXTRACT_BATCHES = extract_batches(OUTLINES, config["extract"]["documents_per_job"], config["extract"]["min_jobs"])
RENDER_BATCHES = render_batches(OUTLINES, RENDER["documents_per_job"], RENDER["min_jobs"])


def run_script(name):
    """The start of a rule's shell command: run scripts/<name> of this workflow, wherever it is."""
    path = workflow_file(f"../scripts/{name}")
    quoted = shlex.quote(path).replace("{", "{{").replace("}", "}}")  # braces are not wildcards
    return f"python {quoted}"


def checked_json(doc):
    return checked_path(doc, PROCESSED)


def extract_log(doc):
    """A document's own log: what its extract job said of it (kept while it is unchanged)."""
    return f"logs/extract_document/{doc}.log"


def extract_arguments(batch):
    """The extract script's --document arguments: id, raw file and log of each document."""
    return " ".join(f"--document {shlex.join([doc, DOCS[doc], extract_log(doc)])}" for doc in batch["docs"])


def batch_corrections(batch):
    """The correction entries of a group's documents only: editing one reruns one group."""
    return corrections_json(CORRECTIONS_BY_FILE, [DOCS[doc] for doc in batch["docs"]])


def checked_documents(wildcards=None):
    return [checked_json(doc) for doc in DOCS]


def table_documents(wildcards=None):
    """The checked pages and slides (what the synthesis reads; a chart edit leaves it alone)."""
    return [checked_json(doc) for doc, outline in OUTLINES.items() if outline["shape"] not in ("chart", None)]


def batch_outputs(batch, doc):
    """Every file a render job writes for one document: its figures or tables and its stamp."""
    kind = batch["kind"]
    return render_outputs(kind, doc, OUTLINES[doc][kind], FIGURES, PROCESSED, REPORT, FIGURE_FORMATS)


def batch_documents_arg(batch):
    """The render script's --document arguments: id, checked.json and the ids to render."""
    return " ".join(
        f"--document {shlex.join([doc, checked_json(doc), *OUTLINES[doc][batch['kind']]])}" for doc in batch["docs"]
    )


def rendered_files(*extensions):
    """Every rendered figure and table file with one of ``extensions`` (inputs of the report)."""
    return [
        path
        for batch in RENDER_BATCHES
        for doc in batch["docs"]
        for path in batch_outputs(batch, doc)
        if path.rsplit(".", 1)[-1] in extensions
    ]


def report_targets():
    targets = [f"{REPORT}/report.html"]
    if config["report"].get("pdf", True):
        targets.append(f"{REPORT}/report.pdf")
    return targets


def default_targets():
    return [*report_targets(), f"{PROCESSED}/checks.passed"]


# Snakemake runs these for the main Snakefile only: a Snakefile using this workflow as a
# module calls the same three functions (README: "Use it as a Snakemake module").
onstart:
    on_start(workflow, config)


onsuccess:
    on_success(config)


onerror:
    on_error(config)


def report_figure_copies():
    """The figure PDFs report.tex includes, in report/figures/ so report/ compiles alone: the
    render jobs' copies of every re-drawn figure, and the synthesis figure's (the report job's)."""
    copies = [path for path in rendered_files("pdf") if path.startswith(f"{REPORT}/figures/")]
    return [*copies, f"{REPORT}/figures/{os.path.basename(rules.synthesis.output.pdf)}"]
