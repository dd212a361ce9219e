"""The SLURM and local profiles plan the same jobs as a plain run (dry runs, no cluster needed)."""

from __future__ import annotations

import importlib.util

import pytest

from workflow_helpers import copy_repo, planned_jobs, snakemake


@pytest.fixture(scope="module")
def repo(tmp_path_factory):
    return copy_repo(tmp_path_factory.mktemp("profiles") / "repo")


@pytest.mark.skipif(importlib.util.find_spec("snakemake_executor_plugin_slurm") is None,
                    reason="snakemake-executor-plugin-slurm not installed (pip install -e '.[test]')")
def test_slurm_profile_plans_every_document(repo):
    result = snakemake(repo, "--profile", "profiles/slurm", "-n")
    text = result.stdout + result.stderr
    assert "profiles/slurm" in text
    assert "runtime=15" in text and "cpus_per_task=1" in text  # the profile's default resources
    jobs = planned_jobs(repo, "--profile", "profiles/slurm")
    n_docs = sum(1 for p in (repo / "data/raw").iterdir() if p.is_file() and not p.name.startswith("."))
    assert jobs["extract_document"] == n_docs
    assert {"combine_documents", "build_report", "compile_report_pdf", "synthesis"} <= set(jobs)
    # the figures and tables are known before anything ran (no checkpoint): every render job is planned
    assert {rule for rule in jobs if rule.startswith("render_")} == {
        "render_figures_1", "render_figures_2", "render_tables_1", "render_tables_2"}
    assert "mem_mb=4000" in text  # set-resources of the profile reach the jobs
    assert "Group job extract" in text  # extractions go to SLURM in groups, not one job per document


def test_local_profile_plans_the_same_jobs(repo):
    assert planned_jobs(repo, "--profile", "profiles/local") == planned_jobs(repo)
