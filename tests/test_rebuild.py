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
    # The dry run plans the extract job holding this document, the render jobs holding its
    # group's figures, and the report (the synthesis reads only documents with tables, and
    # charts are read in jobs of their own: a chart edit leaves it alone).
    jobs = planned_jobs(repo)
    per_document = {rule: n for rule, n in jobs.items() if rule not in REPORT_JOBS}
    extract = [rule for rule in per_document if rule.startswith("extract_")]
    assert len(extract) == 1 and extract[0].startswith("extract_charts_") and per_document.pop(extract[0]) == 1
    assert per_document and all(rule.startswith("render_figures_") and n == 1 for rule, n in per_document.items())
    # ... and the real run re-reads only this document (its extract job keeps the other
    # documents of its group: their checked.json is not rewritten), and re-draws only this
    # document's figures and no table.
    checked = {p.parent.name: (p.stat().st_ino, p.read_bytes())
               for p in (repo / "data/processed/docs").glob("*/checked.json")}
    figures, tables = _files(repo, "figures"), _files(repo, "report/tables")
    snakemake(repo)
    doc_id = path.name.rsplit(".", 1)[0]
    after_checked = {p.parent.name: (p.stat().st_ino, p.read_bytes())
                     for p in (repo / "data/processed/docs").glob("*/checked.json")}
    assert {doc for doc in checked if after_checked[doc][0] != checked[doc][0]} == {doc_id}
    assert {doc for doc in checked if after_checked[doc][1] != checked[doc][1]} == {doc_id}
    after = _files(repo, "figures")
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
    # the corrections are the page's: the extract job holding it, and its tables' render jobs
    assert [rule for rule in jobs if rule.startswith("extract_")] == ["extract_pages_1"] and jobs["extract_pages_1"] == 1
    assert set(_render_jobs(jobs)) <= {"render_tables_1", "render_tables_2"} and len(_render_jobs(jobs)) <= 1


def test_editing_the_figure_style_reruns_only_figures_and_the_report(repo):
    style = repo / "workflow/paperfig/paperfig.mplstyle"
    original = style.read_text()
    style.write_text(original + "\n# a comment changes the file\n")
    jobs = planned_jobs(repo)
    style.write_text(original)
    assert not [rule for rule in jobs if rule.startswith("extract_")]
    assert _render_jobs(jobs) == {"render_figures_1": 1, "render_figures_2": 1}
