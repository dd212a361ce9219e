"""Two clean builds of the same sources (SOURCE_DATE_EPOCH set by workflow_helpers) are
byte-identical: CSVs, LaTeX, HTML, PNG and PDF (SVG, off by default, in test_plotting)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

GROUPS = {
    "csv": ["data/processed/*.csv", "data/processed/datapackage.json"],
    "json": ["data/processed/docs/*/*.json", "data/processed/figures/*.json"],
    "latex": ["report/report.tex", "report/tables/*.tex"],
    "html": ["report/report.html", "report/tables/*.html"],
    "png": ["figures/*.png"],
    "pdf figures": ["figures/*.pdf"],
    "pdf report": ["report/report.pdf"],
}


def _files(repo: Path, patterns: list[str]) -> dict[str, bytes]:
    return {str(p.relative_to(repo)): p.read_bytes() for pattern in patterns for p in sorted(repo.glob(pattern))}


def _first_difference(a: bytes, b: bytes) -> str:
    at = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return f"first difference at byte {at}: {a[max(0, at - 60):at + 60]!r} vs {b[max(0, at - 60):at + 60]!r}"


@pytest.mark.parametrize("group", list(GROUPS))
def test_two_clean_builds_are_byte_identical(clean_builds, group):
    first, second = _files(clean_builds.first, GROUPS[group]), _files(clean_builds.second, GROUPS[group])
    assert first, f"no {group} files were built"
    assert sorted(first) == sorted(second)
    differ = {name: _first_difference(first[name], second[name]) for name in first if first[name] != second[name]}
    assert not differ, "\n".join(f"{name}: {why}" for name, why in differ.items())
