"""Rebuild only what an edit touches (dry runs on a built temporary copy)."""

from __future__ import annotations

import os
import re
import time

import pytest

from seed_build import clone_build
from workflow_helpers import planned_jobs, snakemake

pytestmark = pytest.mark.e2e

REPORT_JOBS = {"combine_documents", "checks_gate", "build_report", "compile_report_pdf", "all"}


@pytest.fixture(scope="module")
def repo(tmp_path_factory, seed_build):
    repo = clone_build(seed_build, tmp_path_factory.mktemp("rebuild") / "repo")
    assert planned_jobs(repo) == {}  # the clone is up to date
    return repo


def _chart_document(repo):
    for path in sorted((repo / "data/raw").iterdir()):
        if "**X-axis:**" in path.read_text(encoding="utf-8"):
            return path
    raise AssertionError("no chart document among the seeds")


def test_touch_without_change_rebuilds_nothing(repo):
    path = _chart_document(repo)
    later = time.time() + 5
    os.utime(path, (later, later))
    assert planned_jobs(repo) == {}


def _mtimes(repo, folder):
    return {p.name: p.stat().st_mtime_ns for p in sorted((repo / folder).glob("*")) if p.is_file()}


def test_editing_one_value_reruns_only_that_document_and_the_report(repo):
    path = _chart_document(repo)
    text = path.read_text(encoding="utf-8")
    edited = re.sub(r"around (\d+)\.(\d)", lambda m: f"around {m.group(1)}.{(int(m.group(2)) + 1) % 10}", text, count=1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    # The dry run plans this document's parse (a checkpoint: what follows it is known once it ran)
    jobs = planned_jobs(repo)
    per_document = {rule: n for rule, n in jobs.items() if rule not in REPORT_JOBS | {"synthesis"}}
    assert per_document == {"parse_document": 1, "check_document": 1, "index_document": 1}
    # ... and the real run re-draws only this document's figures and no table.
    figures, tables = _mtimes(repo, "figures"), _mtimes(repo, "report/tables")
    snakemake(repo)
    changed = {name for name, t in _mtimes(repo, "figures").items() if figures.get(name) != t}
    doc_id = path.name.rsplit(".", 1)[0]
    # (the synthesis reads only documents with tables, so a chart edit leaves it alone)
    assert changed == {f"{doc_id}-fig1.{ext}" for ext in ("pdf", "png", "svg")}
    assert _mtimes(repo, "report/tables") == tables
    path.write_text(text, encoding="utf-8")
    snakemake(repo)


def test_editing_one_correction_reruns_only_its_document(repo):
    corrections = repo / "config/corrections.yaml"
    original = corrections.read_text(encoding="utf-8")
    edited = original.replace("reason: >-\n", "reason: >-\n      (checked again)\n", 1)
    assert edited != original
    corrections.write_text(edited, encoding="utf-8")
    jobs = planned_jobs(repo)
    corrections.write_text(original, encoding="utf-8")
    assert jobs.get("check_document") == 1 and "parse_document" not in jobs


def test_editing_the_figure_style_reruns_only_figures_and_the_report(repo):
    style = repo / "workflow/paperfig/paperfig.mplstyle"
    original = style.read_text()
    style.write_text(original + "\n# a comment changes the file\n")
    jobs = planned_jobs(repo)
    style.write_text(original)
    assert "parse_document" not in jobs and "check_document" not in jobs and "render_table" not in jobs
    assert jobs.get("render_figure", 0) >= 3
