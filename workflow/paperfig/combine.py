"""Combine the checked documents into the published tables of data/processed/."""

from __future__ import annotations

from collections.abc import Iterable

from . import contract


def document_overview(doc: dict) -> dict:
    """One documents.csv row: what was extracted from a document."""
    title = ""
    if doc.get("axes"):
        first = doc["axes"][0]
        title = first.get("title") or first.get("heading") or ""
    elif doc.get("papers"):
        title = doc["papers"][0].get("title", "")
    return contract.record(
        contract.DOCUMENTS,
        source_file=doc["source_file"],
        doc_id=doc["doc_id"],
        shape=doc["shape"],
        n_lines=doc.get("n_lines", ""),
        title=title,
        n_figures=len(doc.get("axes", [])),
        n_tables=len(doc.get("table_summary", [])),
        n_points=len(doc.get("points", [])),
        n_values=sum(1 for row in doc.get("table_values", []) if row.get("part") != "missing"),
        n_annotations=len(doc.get("annotations", [])),
        n_numbers=doc.get("coverage", {}).get("n_numbers", ""),
        n_numbers_read=doc.get("coverage", {}).get("n_numbers_read", ""),
        coverage=doc.get("coverage", {}).get("coverage", ""),
    )


def unknown_correction_files(corrections_by_file: dict[str, list[dict]], source_files: Iterable[str]) -> list[str]:
    known = set(source_files)
    return sorted(name for name in corrections_by_file if name not in known)


def missing_document_findings(corrections_by_file: dict[str, list[dict]], source_files: Iterable[str]) -> list[dict]:
    """A ``warning`` (check ``correction_for_missing_document``) for every file that
    config/corrections.yaml names but that is not a document in the raw folder (renamed,
    removed, or a config copied from another survey): its corrections are not applied, and
    the other documents are combined as usual."""
    from .checks.common import finding, strip_internal

    return [
        strip_internal(finding(
            "correction_for_missing_document", "warning", name, entry["line"], entry.get("field", ""),
            f"config/corrections.yaml names {name}, which is not a document in the raw folder "
            "(renamed or removed?); this correction is not applied"))
        for name in unknown_correction_files(corrections_by_file, source_files)
        for entry in corrections_by_file[name]
    ]


def combine(
    docs: list[dict], corrections_by_file: dict[str, list[dict]], cross_checks: list[dict]
) -> dict[str, list[dict]]:
    """Concatenate every document's records, in document order, into one list per table
    (corrections naming a document that is not there become warnings, see above)."""
    missing = missing_document_findings(corrections_by_file, [doc["source_file"] for doc in docs])
    docs = sorted(docs, key=lambda doc: doc["source_file"])
    combined: dict[str, list[dict]] = {name: [] for name in contract.PARSED_TABLES}
    combined.update(checks=[], corrections=[], documents=[])
    for doc in docs:
        for name in contract.PARSED_TABLES:
            combined[name].extend(doc.get(name, []))
        combined["checks"].extend(doc.get("checks", []))
        combined["corrections"].extend(doc.get("corrections", []))
        combined["documents"].append(document_overview(doc))
    combined["checks"].extend(cross_checks)
    combined["checks"].extend(missing)
    return combined


def columns_for(name: str) -> tuple[str, ...]:
    return {
        **contract.PARSED_TABLES,
        "checks": contract.CHECKS,
        "corrections": contract.CORRECTIONS,
        "documents": contract.DOCUMENTS,
    }[name]
