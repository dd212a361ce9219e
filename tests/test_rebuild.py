"""Rebuild only what an edit touches (dry runs on a built temporary copy)."""

from __future__ import annotations

import os
import re
import time

import pytest

from seed_build import clone_build
from workflow_helpers import planned_jobs, snakemake

pytestmark = pytest.mark.e2e

REPORT_JOBS = {"combine_documents", "checks_gate", "checks_figure", "build_report", "compile_report_pdf", "all"}


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


def _files(repo, folder):
    """name -> (inode, content): a file written again (atomically) gets a new inode."""
    return {p.name: (p.stat().st_ino, p.read_bytes()) for p in sorted((repo / folder).glob("*")) if p.is_file()}


def _render_jobs(jobs):
    return {rule: n for rule, n in jobs.items() if rule.startswith("render_")}


def test_editing_one_value_reruns_only_that_document_and_the_report(repo):
    path = _chart_document(repo)
    text = path.read_text(encoding="utf-8")
    edited = re.sub(r"around (\d+)\.(\d)", lambda m: f"around {m.group(1)}.{(int(m.group(2)) + 1) % 10}", text, count=1)
    assert edited != text
    path.write_text(edited, encoding="utf-8")
    # The dry run plans this document's extraction, the one render job that holds its figures,
    # and the report (the synthesis reads only documents with tables: a chart edit leaves it alone).
    jobs = planned_jobs(repo)
    per_document = {rule: n for rule, n in jobs.items() if rule not in REPORT_JOBS}
    assert per_document.pop("extract_document") == 1
    assert len(per_document) == 1 and list(per_document.values()) == [1]
    assert next(iter(per_document)).startswith("render_figures_")
    # ... and the real run re-draws only this document's figures (the render job keeps the
    # other documents of its group, unchanged and not rewritten) and no table.
    figures, tables = _files(repo, "figures"), _files(repo, "report/tables")
    snakemake(repo)
    after = _files(repo, "figures")
    doc_id = path.name.rsplit(".", 1)[0]
    rewritten = {name for name in after if after[name][0] != figures[name][0]}
    assert rewritten == {f"{doc_id}-fig1.{ext}" for ext in ("pdf", "png")}
    assert {name for name in after if after[name][1] != figures[name][1]} <= rewritten
    assert _files(repo, "report/tables") == tables
    assert planned_jobs(repo) == {}  # and the kept files count as up to date
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
    assert jobs.get("extract_document") == 1
    assert set(_render_jobs(jobs)) <= {"render_tables_1", "render_tables_2"} and len(_render_jobs(jobs)) <= 1


def test_editing_the_figure_style_reruns_only_figures_and_the_report(repo):
    style = repo / "workflow/paperfig/paperfig.mplstyle"
    original = style.read_text()
    style.write_text(original + "\n# a comment changes the file\n")
    jobs = planned_jobs(repo)
    style.write_text(original)
    assert "extract_document" not in jobs
    assert _render_jobs(jobs) == {"render_figures_1": 1, "render_figures_2": 1}
