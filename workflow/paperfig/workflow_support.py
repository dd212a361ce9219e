"""Small helpers the Snakefile calls at DAG-building time (kept import-light: no pandas)."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import socket
import sys
import threading
import time
from pathlib import Path

from .documents import doc_id_for
from .errors import ConfigError, PaperfigError
from .io import write_json

#: Where the outlines of the documents (shape, figure and table ids) are cached between runs.
OUTLINE_CACHE = Path(".snakemake") / "paperfig" / "outlines.json"
#: The output formats every figure is written in (the report needs PDF for LaTeX and PNG for HTML).
REQUIRED_FIGURE_FORMATS = ("pdf", "png")


#: One JSON schema (YAML-written) per config file: the one description of its shape.
SCHEMA_DIR = Path(__file__).resolve().parents[1] / "schemas"


def validate_config_file(data, schema: str, file_name: str | Path) -> None:
    """Validate a config file's content against workflow/schemas/<schema>.schema.yaml (strict
    at every level: an unknown key is an error). Raise ConfigError naming the file, where in
    it, and the key, e.g. "config/config.yaml: checks: unknown key 'fail_on_eror' (allowed: ...)"."""
    import jsonschema
    import yaml

    spec = yaml.safe_load((SCHEMA_DIR / f"{schema}.schema.yaml").read_text(encoding="utf-8"))
    errors = sorted(jsonschema.Draft202012Validator(spec).iter_errors(data),
                    key=lambda e: [str(p) for p in e.absolute_path])
    if errors:
        problems = [_schema_problem(error) for error in errors[:5]]
        more = f" (and {len(errors) - 5} more)" if len(errors) > 5 else ""
        raise ConfigError(f"{file_name}: " + "; ".join(problems) + more)


def _schema_problem(error) -> str:
    where = ": ".join(str(p) for p in error.absolute_path) or "top level"
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = sorted(error.schema.get("properties", {}))
        unknown = [k for k in error.instance if k not in allowed]
        keys = ", ".join(repr(k) for k in unknown)
        return f"{where}: unknown key{'s' if len(unknown) > 1 else ''} {keys} (allowed: {', '.join(allowed)})"
    if error.validator == "type":
        names = {"array": "a list", "object": "a mapping", "null": "nothing", "string": "a text",
                 "integer": "an integer", "number": "a number", "boolean": "true or false"}
        wanted = error.validator_value if isinstance(error.validator_value, list) else [error.validator_value]
        return f"{where}: expected {' or '.join(names.get(t, t) for t in wanted)}, got {error.instance!r}"
    return f"{where}: {error.message}"


def discover_documents(raw_dir: str | Path) -> dict[str, str]:
    """Every non-hidden regular file in raw_dir is a document: {doc_id: path}, sorted by id."""
    raw_dir = Path(raw_dir)
    if not raw_dir.is_dir():
        raise ConfigError(f"raw_dir {str(raw_dir)!r} does not exist: put the extracted documents there")
    docs: dict[str, str] = {}
    for path in sorted(raw_dir.iterdir()):
        if path.name.startswith(".") or not path.is_file():
            continue
        doc_id = doc_id_for(path.name)
        if doc_id in docs:  # same stem, other extension (a.txt and a.md, or a backup a.txt~)
            raise ConfigError(f"{path.name} and {Path(docs[doc_id]).name} map to the same id {doc_id!r}")
        docs[doc_id] = str(path)
    return docs


def load_corrections_by_file(path: str | Path) -> dict[str, list[dict]]:
    """The corrections file, validated, split by source file, so each extract job depends on
    its own documents' entries only (and re-reads only the document whose entries changed)."""
    from .corrections import load_corrections

    by_file: dict[str, list[dict]] = {}
    for entry in load_corrections(path):
        by_file.setdefault(str(entry["file"]), []).append(entry)
    return by_file


def corrections_json(by_file: dict[str, list[dict]], raw_paths) -> str:
    """Deterministic JSON of the corrections of some documents, by file name (a rule param:
    changes trigger a rerun)."""
    names = [Path(path).name for path in raw_paths]
    return json.dumps({name: by_file[name] for name in names if name in by_file}, sort_keys=True, default=str)


def package_fingerprint() -> str:
    """A hash of the paperfig package's Python code: a change invalidates what was derived
    from it (cached outlines, rendered figures and tables). The style file is not part of it
    (the render jobs hash the style they are given)."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _file_digest(path: str | Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def outline_document(path: str | Path, aliases: dict) -> dict:
    """What the DAG needs to know of one document: its shape and the ids of its figures and
    tables, read without the accounting of every printed number (``account=False``), which
    only the extract job needs. A document that does not parse gets an empty outline (its
    extract job records it as not read, with the located error, and every other document
    builds)."""
    import logging

    from .documents import read_document
    from .parse import manifest, parse_document

    parser_log = logging.getLogger("paperfig")
    level = parser_log.level
    parser_log.setLevel(logging.ERROR)  # the extract job reports the parse notes, with its log
    try:
        found = manifest(parse_document(read_document(path), aliases, account=False))
    except PaperfigError as exc:
        return {"shape": None, "figures": [], "tables": [], "error": str(exc)}
    except Exception as exc:  # a parser bug: the extract job reports it with its traceback
        return {"shape": None, "figures": [], "tables": [], "error": f"internal error: {exc!r}"}
    finally:
        parser_log.setLevel(level)
    return {"shape": found["shape"], "figures": found["figures"], "tables": found["tables"]}


#: The fewest new or edited documents a pre-parse process is started for; fewer than twice this
#: many are read in Snakemake's own process.
OUTLINES_PER_PROCESS = 25


def document_outlines(docs: dict[str, str], aliases_path: str | Path,
                      cache_path: str | Path = OUTLINE_CACHE, workers: int = 1) -> dict[str, dict]:
    """The outline of every document, from a cache keyed by the content of the document, the
    alias table and paperfig's code, so only new or edited documents are pre-parsed when the
    Snakefile is read. This replaces a checkpoint per document: the whole DAG (every figure
    and table job) is known before any job runs. Many new documents (a new survey, a first
    run) are pre-parsed by up to ``workers`` processes, with a line on stderr saying so."""
    from .aliases import load_aliases

    cache_path = Path(cache_path)
    try:
        cache = json.loads(cache_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    context = f"{package_fingerprint()}:{_file_digest(aliases_path)}"
    outlines: dict[str, dict] = {}
    keys: dict[str, str] = {}
    new: list[str] = []
    for doc_id, path in docs.items():
        try:
            keys[doc_id] = hashlib.sha256(f"{context}:{_file_digest(path)}".encode()).hexdigest()
        except OSError as exc:  # unreadable: the extract job reports it
            outlines[doc_id] = {"shape": None, "figures": [], "tables": [], "error": str(exc)}
            continue
        hit = cache.get(doc_id)
        if isinstance(hit, dict) and hit.get("key") == keys[doc_id]:
            outlines[doc_id] = hit["outline"]
        else:
            new.append(doc_id)
    if new:
        outlines.update(zip(new, _outline_new([docs[d] for d in new], load_aliases(aliases_path), workers)))
    outlines = {doc_id: outlines[doc_id] for doc_id in docs}  # in the documents' order (the groups')
    fresh = {doc_id: {"key": keys[doc_id], "outline": outlines[doc_id]} for doc_id in docs if doc_id in keys}
    if fresh != cache:
        try:
            write_json(cache_path, fresh)
        except OSError:
            pass  # a read-only checkout still runs, it just pre-parses every time
    return outlines


def _outline_new(paths: list[str], aliases: dict, workers: int) -> list[dict]:
    """The outlines of ``paths``, in order: in this process for a few, else in a pool of
    ``workers`` processes. They are forked (nothing to import again) when this process runs no
    other thread, as Snakemake's does while it reads the Snakefile; else started fresh (``spawn``:
    about 3 s each, Snakemake's own modules imported again), since a fork copies no thread."""
    import threading

    workers = min(workers, len(paths) // OUTLINES_PER_PROCESS)
    threads = threading.active_count() > 1
    if workers < 2 or (threads and len(paths) < 10 * workers * OUTLINES_PER_PROCESS):
        return [outline_document(path, aliases) for path in paths]  # (fresh processes would cost more)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from itertools import repeat

    start = time.monotonic()
    print(f"paperfig: reading the outline of {len(paths)} new or edited documents ({workers} processes) ...",
          file=sys.stderr, flush=True)
    context = multiprocessing.get_context("spawn" if threads else "fork")
    try:
        with ProcessPoolExecutor(workers, mp_context=context) as pool:
            found = list(pool.map(outline_document, paths, repeat(aliases), chunksize=8))
    except (OSError, RuntimeError) as exc:  # no processes to be had (limits), or one died: read here
        print(f"paperfig: outline processes failed ({exc}); reading here", file=sys.stderr, flush=True)
        found = [outline_document(path, aliases) for path in paths]
    print(f"paperfig: outlines read in {time.monotonic() - start:.0f} s", file=sys.stderr, flush=True)
    return found


def check_figure_formats(formats) -> tuple[str, ...]:
    formats = tuple(dict.fromkeys(formats))
    missing = [fmt for fmt in REQUIRED_FIGURE_FORMATS if fmt not in formats]
    if missing:
        raise ConfigError(f"figures.formats must include {' and '.join(REQUIRED_FIGURE_FORMATS)} "
                          f"(the report embeds them); missing: {', '.join(missing)}")
    return formats


def report_unreadable(outlines: dict[str, dict], docs: dict[str, str]) -> list[str]:
    """One line on stderr per document the pre-parse could not read (shown by every run and
    by ``snakemake -n``): its extract job will record it as "not read"; the others build."""
    lines = [f"paperfig: document not read: {outline['error']} ({docs.get(doc_id, doc_id)}; "
             "listed under 'Documents not read' in the report)"
             for doc_id, outline in outlines.items() if outline.get("error")]
    for line in lines:
        print(line, file=sys.stderr)
    return lines


def print_check_summary(checks_csv: str | Path, since: float | None = None) -> None:
    """End-of-run summary (counts by severity, errors in full); silent when no checks ran yet,
    and, with ``since`` (the run's start, time.time()), when checks.csv was not written by this
    run (a run that failed before combining must not reprint a previous run's findings)."""
    import csv

    path = Path(checks_csv)
    if not path.exists():
        return
    if since is not None and path.stat().st_mtime < since:
        print(f"paperfig: {path} was not rebuilt by this run; no check summary", file=sys.stderr)
        return
    from .checks import summarize_checks

    with path.open(encoding="utf-8", newline="") as handle:
        print(summarize_checks(list(csv.DictReader(handle))), file=sys.stderr)


#: Snakemake reads "{name}" in a path as a wildcard and "<name>" as a path variable, with no
#: way to escape either.
_SNAKEMAKE_SYNTAX = (
    (re.compile(r"\{\s*\w+?\s*(?:,[^{}]*)?\}"), "wildcard"),
    (re.compile(r"<[a-z][a-z0-9_]*>"), "path variable"),
)


def refuse_unusable_names(docs: dict[str, str]) -> None:
    """Refuse raw file names Snakemake would misread (e.g. "a {b}.txt"), naming the file,
    before they stop the DAG with an obscure error or stand for another path."""
    for path in docs.values():
        name = Path(path).name
        for pattern, meaning in _SNAKEMAKE_SYNTAX:
            match = pattern.search(name)
            if match:
                raise ConfigError(f"{name}: a document's file name must not contain {match.group(0)!r} "
                                  f"(Snakemake reads it in a path as a {meaning}); rename the file")


#: Every output path a run of the workflow declared (so may have written): clean-up removes
#: only files listed here, never a file paperfig did not write.
WRITTEN_RECORD = Path(".snakemake") / "paperfig" / "written.json"


def _temporaries_of(path: Path) -> list[Path]:
    """Leftover temporaries of paperfig.io.atomic_path for ``path`` (a killed job's)."""
    if not path.parent.is_dir():
        return []
    pattern = re.compile(rf"\.{re.escape(path.name)}\.[A-Za-z0-9_]{{8}}\.tmp")
    return [p for p in path.parent.iterdir() if pattern.fullmatch(p.name) and p.is_file()]


def remove_orphan_outputs(declared, record_path: str | Path = WRITTEN_RECORD) -> list[str]:
    """Clean-up when a run starts: delete the files an earlier run declared as outputs that
    this run no longer declares (a document removed from the raw folder, a figure format no
    longer configured), and the temporaries a killed job left beside any of them; then record
    what this run declares. Only files in that record are ever removed: a user's own files in
    figures/, report/ or data/processed/, whatever their names, are never touched. A folder
    is removed only when paperfig emptied it (data/processed/docs/<doc_id>/)."""
    record_path = Path(record_path)
    declared = sorted({os.path.normpath(str(path)) for path in declared})
    try:
        previous = set(json.loads(record_path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        previous = set()
    removed: list[str] = []
    kept_in_record: set[str] = set()
    current = set(declared)
    for name in sorted(previous - current):
        path = Path(name)
        try:
            if path.is_file() or path.is_symlink():
                print(f"removing {path} (no longer an output: its document or format is gone)", file=sys.stderr)
                path.unlink()
                removed.append(name)
        except OSError:
            kept_in_record.add(name)
            continue
        for tmp in _temporaries_of(path):
            tmp.unlink(missing_ok=True)
        parent = path.parent
        try:
            if parent.is_dir() and not any(parent.iterdir()) and parent.parent.name == "docs":
                parent.rmdir()
        except OSError:
            pass
    for name in declared:
        for tmp in _temporaries_of(Path(name)):
            tmp.unlink(missing_ok=True)
    try:
        write_json(record_path, sorted(current | kept_in_record))
    except OSError:
        pass
    return removed


def declared_outputs(workflow) -> list[str]:
    """Every output file of every rule of the Snakemake ``workflow``: what this run may write.
    (Every rule's outputs are whole paths: the per-document jobs are one rule per group of
    documents, ``paperfig.batches``.)"""
    return [str(output) for rule in workflow.rules for output in rule.output if "{" not in str(output)]


# --- the run's hooks -------------------------------------------------------------------------

#: When the Snakefile was read (this module is imported then): a failed run reprints the
#: check summary only when this run rewrote checks.csv.
READ_AT = time.time()


def on_start(workflow, config: dict) -> None:
    """``onstart:`` of the workflow: hold the run lock, then remove the outputs an earlier run
    declared that this one no longer declares. Snakemake runs the ``onstart`` of the main
    Snakefile only: a Snakefile using paperfig as a module calls this itself (``config``: the
    workflow's config, kept in the signature that module Snakefiles call)."""
    require_run_lock()
    remove_orphan_outputs(declared_outputs(workflow))


def on_success(config: dict) -> None:
    """``onsuccess:``: the check summary of the run (counts by severity, errors in full)."""
    print_check_summary(Path(config["processed_dir"]) / "checks.csv")


def on_error(config: dict) -> None:
    """``onerror:``: the check summary, when this run got as far as rewriting checks.csv."""
    print_check_summary(Path(config["processed_dir"]) / "checks.csv", since=READ_AT)


def cancel_scheduler_timers() -> int:
    """Cancel the scheduling rounds Snakemake has still planned; return how many. Each round
    that finds a job ready plans another one a timespan later (``max-jobs-per-timespan``: a
    ``threading.Timer``, which is no daemon), so a process that is done still waits up to a
    timespan before it exits. Only Snakemake's own timers are touched (by the name of the
    function they run: with a Snakemake that names it otherwise this cancels nothing)."""
    cancelled = 0
    for thread in threading.enumerate():
        function = getattr(thread, "function", None)
        if isinstance(thread, threading.Timer) and "JobScheduler." in getattr(function, "__qualname__", ""):
            thread.cancel()
            cancelled += 1
    return cancelled


@functools.cache  # one watch per process
def cancel_scheduler_timers_at_exit() -> None:
    """Once this process's main thread is done (the run ended, however: success, failed jobs,
    Ctrl-C, an error of Snakemake's own), cancel Snakemake's planned rounds, so the process
    exits with its last job instead of a timespan later (profiles/default paces the rounds
    over minutes). A daemon thread waits for the main thread: Python stops the main thread
    before it waits for the other threads to end, which is when this one cancels them."""

    def watch() -> None:
        threading.main_thread().join()
        cancel_scheduler_timers()

    threading.Thread(target=watch, name="paperfig-exit-watch", daemon=True).start()


# --- one run per folder ---------------------------------------------------------------------

#: Held (fcntl.flock, exclusive) by the Snakemake process of a run from the moment its
#: Snakefile is read until it exits. The kernel releases it when the process ends, however
#: it ends (SIGKILL, power loss), and it is seen across PID namespaces (containers), so it
#: cannot lie the way a pid file does.
RUN_LOCK = Path(".snakemake") / "paperfig" / "run.lock"
_held: dict[str, object] = {}


def hold_run_lock(run_lock: str | Path = RUN_LOCK) -> bool:
    """Take the run lock without waiting and keep it open for the life of this process;
    False when another live process holds it."""
    import fcntl

    key = os.path.abspath(run_lock)
    if key in _held:
        return True
    Path(run_lock).parent.mkdir(parents=True, exist_ok=True)
    handle = open(run_lock, "a+", encoding="utf-8")  # not inherited by the jobs (O_CLOEXEC)
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    handle.seek(0)
    handle.truncate()
    handle.write(f"host {socket.gethostname()} pid {os.getpid()}\n")
    handle.flush()
    _held[key] = handle
    return True


def run_lock_holder(run_lock: str | Path = RUN_LOCK) -> str:
    """Who holds the run lock, as it wrote when it took it (for messages only)."""
    try:
        return Path(run_lock).read_text(encoding="utf-8").strip() or "unknown"
    except OSError:
        return "unknown"


def release_stale_lock(run_lock: str | Path = RUN_LOCK, locks_dir: str | Path = Path(".snakemake") / "locks") -> bool:
    """When the Snakefile is read: Snakemake's own lock protects a run; after a run was killed
    its lock files stay and every later run stops with "Directory cannot be locked". Every
    run holds the run lock (flock) while it lives, so when this process can take it, no run
    is alive in this folder and Snakemake's lock files are stale: remove them. When another
    process holds it, nothing is touched."""
    if not hold_run_lock(run_lock):
        return False
    stale = sorted(Path(locks_dir).glob("*.lock"))
    for lock in stale:
        lock.unlink(missing_ok=True)
    if stale:
        print("paperfig: released the lock of a run that ended without finishing", file=sys.stderr)
    return bool(stale)


def require_run_lock(run_lock: str | Path = RUN_LOCK, wait_seconds: float = 10.0) -> None:
    """When a run starts (onstart, never for a dry run): hold the run lock or stop, so two
    runs never write the same folder (Snakemake alone lets runs on other targets overlap).
    Waits a little for a process that only reads the Snakefile (a dry run)."""
    import time

    deadline = time.monotonic() + wait_seconds
    while not hold_run_lock(run_lock):
        if time.monotonic() >= deadline:
            raise ConfigError(f"another paperfig run is writing this folder ({run_lock_holder(run_lock)}); "
                              "wait for it to finish (or stop it), then run again")
        time.sleep(0.25)
