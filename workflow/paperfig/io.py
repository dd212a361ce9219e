"""Atomic output writing and the small JSON/CSV helpers every stage shares.

Every output is written to a temporary name in the same directory and renamed into place,
so a killed job never leaves a file that a later run could take for complete.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path


@contextlib.contextmanager
def atomic_path(path: str | Path) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it to ``path`` only on success."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.close(fd)
    tmp_path = Path(tmp)
    try:
        yield tmp_path
        os.chmod(tmp_path, 0o644)
        os.replace(tmp_path, path)
    finally:
        if tmp_path.exists():
            tmp_path.unlink()


def write_text(path: str | Path, text: str) -> None:
    with atomic_path(path) as tmp:
        tmp.write_text(text, encoding="utf-8")


def write_bytes(path: str | Path, data: bytes) -> None:
    with atomic_path(path) as tmp:
        tmp.write_bytes(data)


def dumps_json(obj) -> str:
    """Deterministic JSON: sorted keys would reorder records' columns, so only indent."""
    return json.dumps(obj, ensure_ascii=False, indent=1) + "\n"


def write_json(path: str | Path, obj) -> None:
    write_text(path, dumps_json(obj))


def read_json(path: str | Path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def csv_text(records: Iterable[dict], columns: Iterable[str]) -> str:
    """CSV with a fixed column order and Unix line endings; extra record keys are appended."""
    records = list(records)
    fieldnames = list(columns)
    for rec in records:
        for key in rec:
            if key not in fieldnames:
                fieldnames.append(key)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=fieldnames, lineterminator="\n", extrasaction="raise")
    writer.writeheader()
    for rec in records:
        writer.writerow({k: _cell(v) for k, v in rec.items()})
    return buffer.getvalue()


def _cell(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return value


def write_csv(path: str | Path, records: Iterable[dict], columns: Iterable[str]) -> None:
    write_text(path, csv_text(records, columns))
