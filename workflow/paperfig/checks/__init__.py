"""The check stage: corrections, per-document checks and the cross-document pass.

``check_document`` applies a document's corrections and runs every per-document check on
the corrected records. Checks are also run on the records as parsed: a finding there about
a value a correction fixed is kept, marked ``corrected`` (severity info, message
"corrected: <reason>"), so the report shows what was found and how it was resolved.

Every check is written for a shape of evidence, never for a file: no file names, line
numbers or expected values appear in this package.
"""

from __future__ import annotations

import copy
from collections import Counter

from .. import contract
from ..corrections import apply_corrections, corrected_cells
from . import claims as _claims
from . import figures as _figures
from . import reading as _reading
from . import records as _records
from . import tables as _tables
from .common import strip_internal

#: Tolerances and thresholds; the workflow's config (``checks:``) overrides any of them.
DEFAULT_SETTINGS: dict = {
    # a point may lie this fraction of the stated range outside it ("approximately")
    "range_tolerance": 0.05,
    # a model name's parameter count ("40B") may differ this much (relative) from its x
    "name_size_tolerance": 0.15,
    # "flat" trend: spread of y within this fraction of the y span
    "flat_tolerance": 0.05,
    # rank correlation needed to support a trend/correlation claim
    "correlation_threshold": 0.3,
    # "similar x" for outlier claims: within this factor
    "neighbour_x_ratio": 1.5,
    # extra slack, in units of the last printed digit, on top of the rounding of a summary
    "summary_slack_ulps": 0.0,
    # implied baselines (value - delta) agree when within this many last-digit units
    "baseline_slack_ulps": 0.5,
    # a derived column must match its sources in at least this share of rows to be tested
    "derived_min_share": 0.6,
    # cross-document: relative difference tolerated between a chart's approximate value and a table
    "chart_table_tolerance": 0.15,
    # cross-document: compression factor of an annotation vs a table row (relative)
    "ratio_tolerance": 0.25,
    # cross-document: before/after of an annotation (printed rounded) vs table scores
    "annotation_score_tolerance": 1.0,
    "fail_on_error": True,
}

__all__ = ["DEFAULT_SETTINGS", "check_document", "cross_document_checks", "summarize_checks",
           "run_checks", "merged_settings", "not_read_document", "NOT_READ"]

#: The check name of a document that could not be read (its record holds only this finding).
NOT_READ = "document_not_read"


def not_read_document(source_file: str, doc_id: str, line_no, message: str) -> dict:
    """The checked record of a document that could not be read: no data, one ``error``
    finding naming its file, line and the reason. Combining, the synthesis and the report
    run on the other documents and list this one under "Documents not read"."""
    from .common import finding

    doc = contract.empty_parsed(source_file, doc_id, "")
    doc["n_lines"] = ""
    doc["checks"] = [strip_internal(finding(NOT_READ, "error", source_file, line_no, "", message))]
    doc["corrections"] = []
    return doc


def merged_settings(settings: dict | None) -> dict:
    out = dict(DEFAULT_SETTINGS)
    out.update(settings or {})
    return out


def run_checks(doc: dict, settings: dict) -> tuple[list[dict], list[dict]]:
    """(findings, claims with verdicts) of every per-document check on one parsed document."""
    findings = []
    findings += _records.run(doc, settings)
    findings += _figures.run(doc, settings)
    findings += _tables.run(doc, settings)
    findings += _reading.run(doc, settings)
    claims, claim_checks = _claims.check_claims(doc, settings)
    findings += claim_checks
    return findings, claims


def _key(row: dict) -> tuple:
    return (row["check"], row["source_file"], str(row["line_no"]), row["subject"], row["message"])


def _mark_corrected(row: dict, cells: dict[tuple, str]) -> bool:
    concerned = [cell for cell in row.get("_cells", []) if cell in cells]
    if not concerned:
        return False
    reasons = list(dict.fromkeys(cells[cell] for cell in concerned))
    row["corrected"] = True
    row["severity"] = "info"
    row["message"] = f"corrected: {'; '.join(reasons)} (was: {row['message']})"
    return True


def check_document(doc: dict, corrections: list[dict], settings: dict | None = None) -> dict:
    """The checked document: ``doc`` with corrections applied, plus ``checks``, ``corrections``
    and claims extended with ``verdict`` and ``evidence``."""
    settings = merged_settings(settings)
    problems: list[dict] = []
    corrected_doc, applied = apply_corrections(doc, corrections or [], problems=problems)
    cells = {(line, table, field): reason for (line, table, field), reason in corrected_cells(applied).items()}
    findings, claims = run_checks(corrected_doc, settings)
    if applied:
        before, _ = run_checks(copy.deepcopy(doc), settings)
        after_keys = {_key(row) for row in findings}
        resolved = [row for row in before if _key(row) not in after_keys and _mark_corrected(row, cells)]
        findings = resolved + findings
    order = {"error": 0, "warning": 1, "info": 2}
    findings.sort(key=lambda r: (_line(r), order[r["severity"]]))
    seen, unique = set(), []
    for row in findings:
        if _key(row) not in seen:
            seen.add(_key(row))
            unique.append(row)
    unique = [strip_internal(row) for row in problems] + unique
    checked = dict(corrected_doc)
    checked["claims"] = claims
    checked["checks"] = [strip_internal(row) for row in unique]
    checked["corrections"] = applied
    return checked


def _line(row: dict) -> int:
    try:
        return int(row.get("line_no") or 0)
    except (TypeError, ValueError):
        return 0


def cross_document_checks(docs: list[dict], settings: dict | None = None) -> list[dict]:
    """Findings that need more than one table or document (same model and metric in two
    places, a chart's x against a table, a compression note against its table)."""
    from . import cross

    settings = merged_settings(settings)
    return [strip_internal(row) for row in cross.run(docs, settings)]


def summarize_checks(checks: list[dict]) -> str:
    """The end-of-run summary: counts by severity, corrected findings, the errors in full."""
    counts = Counter(str(row.get("severity", "")) for row in checks)
    corrected = sum(1 for row in checks if str(row.get("corrected", "")).lower() in ("true", "1"))
    lines = [
        f"checks: {len(checks)} findings - {counts.get('error', 0)} error(s), "
        f"{counts.get('warning', 0)} warning(s), {counts.get('info', 0)} info"
        + (f" ({corrected} resolved by corrections)" if corrected else "")
    ]
    by_check = Counter((row.get("check", ""), row.get("severity", "")) for row in checks
                       if row.get("severity") in ("error", "warning"))
    for (check, severity), n in sorted(by_check.items()):
        lines.append(f"  {severity:7} {check}: {n}")
    errors = [row for row in checks if row.get("severity") == "error"]
    if errors:
        lines.append("errors:")
        for row in errors:
            where = f"{row.get('source_file', '')}:{row.get('line_no')}" if row.get("line_no") not in ("", None) else row.get("source_file", "")
            lines.append(f"  {where}: [{row.get('check', '')}] {row.get('message', '')}"
                         + (f" (expected {row['expected']}, observed {row['observed']})"
                            if row.get("expected") or row.get("observed") else ""))
    return "\n".join(lines)
