"""Small helpers the Snakefile calls at DAG-building time (kept import-light: no pandas)."""

from __future__ import annotations

import json
import os
import re
import shutil
import socket
import sys
from pathlib import Path


from .documents import doc_id_for
from .errors import ConfigError


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
    """The corrections file, validated, split by source file, so each document's check job can
    depend on its own entries only (an edit to one entry reruns one document)."""
    from .corrections import load_corrections

    by_file: dict[str, list[dict]] = {}
    for entry in load_corrections(path):
        by_file.setdefault(str(entry["file"]), []).append(entry)
    return by_file


def corrections_json(by_file: dict[str, list[dict]], raw_path: str) -> str:
    """Deterministic JSON of one document's corrections (a rule param: changes trigger a rerun)."""
    return json.dumps(by_file.get(Path(raw_path).name, []), sort_keys=True, default=str)


def read_manifest(path: str | Path) -> dict:
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def print_check_summary(checks_csv: str | Path) -> None:
    """End-of-run summary (counts by severity, errors in full); silent when no checks ran yet."""
    import csv
    import sys

    path = Path(checks_csv)
    if not path.exists():
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


def remove_orphan_outputs(docs: dict[str, str], raw_dir: str, processed: str, figures: str, report: str) -> None:
    """Delete the per-document outputs of documents no longer in raw_dir, so figures/,
    report/tables/ and data/processed/ follow data/raw/ (only names of the exact per-document
    output patterns with an unknown document id are touched), and the temporaries of atomic
    writes (paperfig.io.atomic_path) that a killed job left behind. Runs before any job."""
    patterns = [
        (Path(figures), re.compile(r"(?P<doc>[A-Za-z0-9._-]+)-fig\d+\.(?:pdf|png|svg)")),
        (Path(processed) / "figures", re.compile(r"(?P<doc>[A-Za-z0-9._-]+)-fig\d+\.json")),
        (Path(report) / "tables", re.compile(r"(?P<doc>[A-Za-z0-9._-]+)-tab\d+\.(?:tex|html)")),
    ]
    for folder, pattern in patterns:
        if not folder.is_dir():
            continue
        for path in sorted(folder.iterdir()):
            match = pattern.fullmatch(path.name)
            if match and match.group("doc") not in docs and path.is_file():
                print(f"removing {path} (its document is no longer in {raw_dir})", file=sys.stderr)
                path.unlink()
    for folder in (Path(processed), Path(figures), Path(report)):
        if folder.is_dir():
            for path in sorted(folder.rglob(".*.tmp")):
                if path.is_file() and ".latex" not in path.parts:
                    path.unlink()
    docs_dir = Path(processed) / "docs"
    if docs_dir.is_dir():
        for path in sorted(docs_dir.iterdir()):
            if path.is_dir() and path.name not in docs:
                print(f"removing {path}/ (its document is no longer in {raw_dir})", file=sys.stderr)
                shutil.rmtree(path)


#: Written by a real run when it starts (after Snakemake took its lock), removed when it ends.
RUN_PID_FILE = Path(".snakemake") / "paperfig-run.pid"


def record_run_start(pid_file: Path = RUN_PID_FILE) -> None:
    pid_file.parent.mkdir(parents=True, exist_ok=True)
    pid_file.write_text(f"{socket.gethostname()} {os.getpid()}")


def record_run_end(pid_file: Path = RUN_PID_FILE) -> None:
    pid_file.unlink(missing_ok=True)


def release_stale_lock(pid_file: Path = RUN_PID_FILE) -> bool:
    """After a run was killed (SIGKILL, power loss) Snakemake's lock stays and every later run
    stops with "Directory cannot be locked". The killed run's pid file tells it apart from a
    run still going: if that process is gone, remove the lock so the next run just works."""
    try:
        host, pid_text = pid_file.read_text().split()
        pid = int(pid_text)
    except (OSError, ValueError):
        return False
    if host != socket.gethostname():
        return False  # a run on another host (a cluster job's node sees the head's file): not ours to judge
    try:
        os.kill(pid, 0)
        return False  # that run is still going: its lock is real
    except ProcessLookupError:
        pass
    except PermissionError:
        return False
    for lock in (pid_file.parent / "locks").glob("*.lock"):
        lock.unlink(missing_ok=True)
    pid_file.unlink(missing_ok=True)
    print(f"paperfig: released the lock of a run that ended without finishing (pid {pid})", file=sys.stderr)
    return True
