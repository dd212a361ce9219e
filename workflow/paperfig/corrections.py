"""Corrections: fixes for values the text got wrong (OCR errors), applied after parsing.

``config/corrections.yaml`` holds a top-level ``corrections:`` list; each entry names the
``file``, the 1-based ``line``, the ``field`` (a table column, or x/y/label/series of a
point, or ratio/before/after/base_model of an annotation), the ``printed`` text, the
``corrected`` text and the ``reason``; optionally ``table`` (table_values | points |
annotations; inferred when absent) and ``part`` (first/second/value/delta of a table cell).

The raw files are never touched. A corrected record keeps what was printed in
``corrected_from`` and the reason in ``correction_reason``. A correction whose printed value
is no longer on that line (the raw text changed) is a stale correction: an error, so a fix
never silently lands on the wrong value.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path

import yaml

from . import contract
from .errors import ConfigError, DocumentError

TABLES = ("table_values", "points", "annotations")
POINT_FIELDS = ("x", "y", "label", "series")
ANNOTATION_FIELDS = ("ratio", "before", "after", "base_model")
REQUIRED = ("file", "line", "field", "printed", "corrected", "reason")
PARTS = ("value", "first", "second", "delta", "error", "low", "high", "missing")

_VALUE_UNIT = re.compile(r"^\s*([-+]?(?:\d+(?:\.\d+)?|\.\d+))\s*([A-Za-z%]*)\s*$")


def _describe(entry, number: int | None = None) -> str:
    if isinstance(entry, dict) and {"file", "line", "field"} <= set(entry):
        return f"correction {entry['file']}:{entry['line']} field {entry['field']!r}"
    return f"correction #{number}" if number else "correction"


def validate_correction(entry, number: int | None = None) -> dict:
    """Check one entry and return it normalised (texts as str, line as int)."""
    name = _describe(entry, number)
    if not isinstance(entry, dict):
        raise ConfigError(f"{name}: expected a mapping with keys {', '.join(REQUIRED)}")
    missing = [key for key in REQUIRED if key not in entry or entry[key] is None or str(entry[key]).strip() == ""]
    if missing:
        raise ConfigError(f"{name}: missing {', '.join(missing)}")
    unknown = sorted(set(entry) - set(REQUIRED) - {"table", "part"})
    if unknown:
        raise ConfigError(f"{name}: unknown key(s) {', '.join(unknown)}")
    line = entry["line"]
    if isinstance(line, bool) or not isinstance(line, int) or line < 1:
        raise ConfigError(f"{name}: 'line' must be a positive integer (1-based line of the raw file)")
    out = {key: str(entry[key]).strip() for key in REQUIRED if key != "line"}
    out["line"] = line
    if entry.get("table") not in (None, ""):
        if entry["table"] not in TABLES:
            raise ConfigError(f"{name}: 'table' must be one of {', '.join(TABLES)}")
        out["table"] = entry["table"]
    if entry.get("part") not in (None, ""):
        if entry["part"] not in PARTS:
            raise ConfigError(f"{name}: 'part' must be one of {', '.join(PARTS)}")
        out["part"] = entry["part"]
    if out.get("table") == "points" and out["field"] not in POINT_FIELDS:
        raise ConfigError(f"{name}: a point's field is one of {', '.join(POINT_FIELDS)}")
    if out.get("table") == "annotations" and out["field"] not in ANNOTATION_FIELDS:
        raise ConfigError(f"{name}: an annotation's field is one of {', '.join(ANNOTATION_FIELDS)}")
    if out["printed"] == out["corrected"]:
        raise ConfigError(f"{name}: 'printed' and 'corrected' are the same ({out['printed']!r})")
    return out


def load_corrections(path: str | Path) -> list[dict]:
    """Read and validate config/corrections.yaml; a missing file means no corrections."""
    path = Path(path)
    if not path.exists():
        return []
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({exc})") from None
    from .workflow_support import validate_config_file

    validate_config_file(data, "corrections", path)  # the shape (workflow/schemas/corrections.schema.yaml)
    entries = data.get("corrections", []) if isinstance(data, dict) else None
    if entries is None:
        entries = []
    if not isinstance(entries, list):
        raise ConfigError(f"{path}: expected a top-level 'corrections:' list")
    out = []
    for number, entry in enumerate(entries, 1):
        try:
            out.append(validate_correction(entry, number))
        except ConfigError as exc:
            raise ConfigError(f"{path}: {exc}") from None
    seen: dict[tuple, int] = {}
    for number, entry in enumerate(out, 1):
        key = (entry["file"], entry["line"], entry.get("table", ""), entry["field"], entry.get("part", ""))
        if key in seen:
            raise ConfigError(f"{path}: {_describe(entry)} is given twice (entries #{seen[key]} and #{number})")
        seen[key] = number
    return out


def corrections_for(corrections: list[dict], source_file: str) -> list[dict]:
    return [entry for entry in corrections if str(entry.get("file")) == source_file]


# --- applying -------------------------------------------------------------------------------

def _candidates(table: str, row: dict, field: str) -> list[str]:
    """The printed texts a correction's ``printed`` may be compared with."""
    if table == "table_values":
        value = str(row.get("value", ""))
        unit = str(row.get("unit", "") or "")
        texts = [value, value + unit, str(row.get("raw_cell", "")).strip()]
        return [t for t in texts if t]
    return [str(row.get(field, ""))]


def _field_matches(table: str, row: dict, field: str, part: str | None) -> bool:
    if table == "table_values":
        if field not in (row.get("column"), row.get("column_raw")):
            return False
        return part is None or row.get("part") == part
    return field in row


def _infer_table(doc: dict, entry: dict) -> str:
    found = [
        table for table in TABLES
        if (table != "points" or entry["field"] in POINT_FIELDS)
        and (table != "annotations" or entry["field"] in ANNOTATION_FIELDS)
        and any(row.get("line_no") == entry["line"] and _field_matches(table, row, entry["field"], entry.get("part"))
                for row in doc.get(table, []))
    ]
    if len(found) > 1:
        raise ConfigError(f"{_describe(entry)}: ambiguous, rows of {' and '.join(found)} match; add 'table:'")
    if not found:
        raise DocumentError(entry["file"], entry["line"],
                            f"stale correction: no record on this line has a field or column "
                            f"{entry['field']!r} (printed {entry['printed']!r}); has the raw text changed?")
    return found[0]


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def _is_carried_copy(row: dict, line: int) -> bool:
    return _truthy(row.get("carried")) and str(row.get("carried_from_line", "")) == str(line)


def _set_value(table: str, row: dict, field: str, entry: dict, matched_text: str) -> None:
    printed, corrected = entry["printed"], entry["corrected"]
    if table == "table_values":
        parsed = _VALUE_UNIT.match(corrected)
        if parsed and matched_text != str(row.get("value", "")):
            row["value"], row["unit"] = parsed.group(1), parsed.group(2)
        elif parsed and not parsed.group(2):
            row["value"] = parsed.group(1)
        else:
            row["value"] = corrected
    else:
        row[field] = corrected
    previous = row.get("corrected_from")
    row["corrected_from"] = printed if not previous else f"{previous}; {field}: {printed}"
    reason = row.get("correction_reason")
    row["correction_reason"] = entry["reason"] if not reason else f"{reason}; {entry['reason']}"


def _subject(table: str, row: dict) -> str:
    if table == "table_values":
        return row.get("table_id", "")
    if table == "points":
        return row.get("figure_id", "")
    return row.get("paper", "") or row.get("section", "")


def apply_corrections(doc: dict, corrections: list[dict], problems: list | None = None) -> tuple[dict, list[dict]]:
    """A copy of ``doc`` with the corrections applied, and one contract.CORRECTIONS record per
    changed value (a value carried over a merged group is changed with its source).

    A correction that cannot be applied (stale: the printed text is no longer on its line;
    ambiguous) raises, unless ``problems`` is a list: then it is skipped, the value keeps what
    was printed, and an ``error`` finding (check ``stale_correction``) naming the file and
    line is appended to ``problems``; the other corrections are still applied."""
    out = copy.deepcopy(doc)
    applied: list[dict] = []
    source_file = doc.get("source_file", "")
    for number, raw_entry in enumerate(corrections, 1):
        entry = validate_correction(raw_entry, number)
        if entry["file"] != source_file:
            continue
        if problems is None:
            applied.extend(_apply_one(out, entry, source_file))
            continue
        try:
            applied.extend(_apply_one(out, entry, source_file))
        except (ConfigError, DocumentError) as exc:
            from .checks.common import finding

            message = exc.message if isinstance(exc, DocumentError) else str(exc)
            problems.append(finding("stale_correction", "error", source_file, entry["line"], entry["field"],
                                    f"correction not applied: {message}", expected=entry["printed"]))
    return out, applied


def _apply_one(out: dict, entry: dict, source_file: str) -> list[dict]:
    """Apply one validated correction to ``out`` in place; the CORRECTIONS records it made."""
    applied: list[dict] = []
    table = entry.get("table") or _infer_table(out, entry)
    field, part, line = entry["field"], entry.get("part"), entry["line"]
    on_line = [row for row in out.get(table, [])
               if row.get("line_no") == line and _field_matches(table, row, field, part)
               and not (table == "table_values" and _truthy(row.get("carried")))]
    matches = []
    for row in on_line:
        texts = _candidates(table, row, field)
        hit = next((t for t in texts if t == entry["printed"]), None)
        if hit is not None:
            matches.append((row, hit))
    if not matches:
        seen = sorted({_candidates(table, row, field)[0] if _candidates(table, row, field) else ""
                       for row in on_line})
        found = ", ".join(repr(s) for s in seen) if seen else "nothing"
        raise DocumentError(source_file, line,
                            f"stale correction: {table} field {field!r} printed {entry['printed']!r} "
                            f"not found on this line (found {found}); has the raw text changed?")
    if len(matches) > 1:
        parts = sorted({str(row.get('part', '')) for row, _ in matches})
        raise ConfigError(f"{_describe(entry)}: {len(matches)} values on this line print "
                          f"{entry['printed']!r} (parts {', '.join(parts)}); add 'part:'")
    row, hit = matches[0]
    targets = [(row, hit)]
    if table == "table_values":
        for other in out["table_values"]:
            if other is row or not _is_carried_copy(other, line):
                continue
            if other.get("column") == row.get("column") and other.get("part") == row.get("part"):
                other_hit = next((t for t in _candidates(table, other, field) if t == entry["printed"]), None)
                if other_hit is None and other.get("value") == row.get("value"):
                    other_hit = str(other.get("value"))
                if other_hit is not None:
                    targets.append((other, other_hit))
    for target, matched in targets:
        _set_value(table, target, field, entry, matched)
        canonical = target.get("column", field) if table == "table_values" else field
        reason = entry["reason"]
        if target is not row:
            reason = f"carried from line {line}: {reason}"
        applied.append(contract.record(
            contract.CORRECTIONS, source_file=source_file, line_no=target.get("line_no", line),
            table=table, field=canonical, printed=entry["printed"], corrected=entry["corrected"],
            reason=reason, subject=_subject(table, target),
            part=target.get("part", "") if table == "table_values" else "",
        ))
    return applied


def corrected_cells(applied: list[dict]) -> dict[tuple, str]:
    """{(line_no, table, field): reason} of the applied corrections (for marking findings)."""
    return {(row["line_no"], row["table"], row["field"]): row["reason"] for row in applied}
