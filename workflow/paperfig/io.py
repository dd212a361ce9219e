"""Atomic output writing and the small JSON/CSV helpers every stage shares.

Every output is written to a temporary name in the same directory and renamed into place,
so a killed job never leaves a file that a later run could take for complete.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
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


def csv_columns(records: Iterable[dict], columns: Iterable[str]) -> list[str]:
    """The header csv_text writes: ``columns``, then any other record key in first-seen order."""
    fieldnames = list(columns)
    known = set(fieldnames)
    for rec in records:
        for key in rec:
            if key not in known:
                known.add(key)
                fieldnames.append(key)
    return fieldnames


#: A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def neutralise_formula(text: str) -> str:
    """A text cell a spreadsheet would run as a formula gets a leading ``'`` (the OWASP
    convention: spreadsheets show the rest as text and hide the quote). A plain number
    (``-1.2``, ``+3``, ``1e-5``) is a value, not a formula, and stays as it is. A text that
    already starts with ``'`` before such a character gets one more, so ``restore_formula``
    gives back exactly what was written."""
    if not text:
        return text
    if text[0] in FORMULA_STARTS and not _PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    if text[0] == "'" and text[1:2] in FORMULA_STARTS and not _PLAIN_NUMBER.fullmatch(text[1:]):
        return "'" + text
    return text


def restore_formula(text: str) -> str:
    """The inverse of neutralise_formula (for readers of paperfig's CSVs)."""
    if text[:1] == "'" and text[1:2] in FORMULA_STARTS + ("'",) and neutralise_formula(text[1:]) == text:
        return text[1:]
    return text


def csv_text(records: Iterable[dict], columns: Iterable[str]) -> str:
    """CSV with a fixed column order and Unix line endings; extra record keys are appended.
    Text cells are neutralised against formula injection (see neutralise_formula)."""
    records = list(records)
    fieldnames = csv_columns(records, columns)
    lines = [_csv_row(fieldnames, len(fieldnames))]
    for rec in records:
        cells = {k: _cell(v) for k, v in rec.items()}
        lines.append(_csv_row([cells.get(name, "") for name in fieldnames], len(fieldnames)))
    return "".join(lines)


def _csv_row(values, width: int) -> str:
    """One CSV line as the csv module writes it (minimal quoting), except that a carriage
    return inside a cell is quoted too (the csv module leaves it bare with "\n" line endings,
    and a reader then splits the row there)."""
    out = []
    for value in values:
        text = "" if value is None else str(value)
        if any(c in text for c in ',"\n\r') or (width == 1 and text == ""):
            text = '"' + text.replace('"', '""') + '"'
        out.append(text)
    return ",".join(out) + "\n"


def _cell(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, dict)):
        return neutralise_formula(json.dumps(value, ensure_ascii=False))
    if isinstance(value, str):
        return neutralise_formula(value)
    return value


def write_csv(path: str | Path, records: Iterable[dict], columns: Iterable[str]) -> list[str]:
    """Write the CSV; return its header (the columns actually written)."""
    records = list(records)
    write_text(path, csv_text(records, columns))
    return csv_columns(records, columns)
