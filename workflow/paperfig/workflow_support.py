"""Small helpers the Snakefile calls at DAG-building time (kept import-light: no pandas)."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

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
        if doc_id in docs:  # pragma: no cover - doc_id_for hashes unsafe names, so only exact twins
            raise ConfigError(f"{path.name} and {Path(docs[doc_id]).name} map to the same id {doc_id!r}")
        docs[doc_id] = str(path)
    return docs


def load_corrections_by_file(path: str | Path) -> dict[str, list[dict]]:
    """The corrections file split by source file, so each document's check job can depend
    on its own entries only (an edit to one entry reruns one document)."""
    path = Path(path)
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({exc})") from None
    entries = data.get("corrections", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ConfigError(f"{path}: expected a top-level 'corrections:' list")
    by_file: dict[str, list[dict]] = {}
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict) or "file" not in entry:
            raise ConfigError(f"{path}: correction #{number} needs at least 'file', 'line', 'field', "
                              "'printed', 'corrected' and 'reason'")
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
