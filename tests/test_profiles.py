"""The SLURM and local profiles plan the same jobs as a plain run (dry runs, no cluster needed)."""

from __future__ import annotations

import importlib.util

import pytest
import yaml

from workflow_helpers import ROOT, copy_repo, planned_jobs, snakemake


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
    extract = {rule: n for rule, n in jobs.items() if rule.startswith("extract_")}
    assert set(extract) == {"extract_charts_1", "extract_charts_2", "extract_pages_1", "extract_pages_2"} < set(jobs)
    assert len(extract) < n_docs  # the extractions go in groups of documents, one job each
    assert {"combine_documents", "build_report", "compile_report_pdf", "synthesis"} <= set(jobs)
    # the figures and tables are known before anything ran (no checkpoint): every render job is planned
    assert {rule for rule in jobs if rule.startswith("render_")} == {
        "render_figures_1", "render_figures_2", "render_tables_1", "render_tables_2"}
    assert "mem_mb=2000" in text  # set-resources of the profile reach the jobs
    assert "Group job" not in text  # no job groups: Snakemake would sum their jobs' resources


def test_slurm_profile_asks_for_what_fits_one_node():
    """What makes the profile run on a real cluster (tests/test_slurm.py runs it): no request is
    larger than a small node, no job groups (their resources would add up), and job status
    does not need SLURM's accounting."""
    profile = yaml.safe_load((ROOT / "profiles" / "slurm" / "config.yaml").read_text())
    assert "groups" not in profile and "group-components" not in profile
    assert profile["slurm-status-command"] == "squeue"
    requests = [profile["default-resources"], *profile["set-resources"].values()]
    assert max(r.get("mem_mb", 0) for r in requests) <= 2000
    assert max(r.get("cpus_per_task", 1) for r in requests) == 1


def test_local_profile_plans_the_same_jobs(repo):
    assert planned_jobs(repo, "--profile", "profiles/local") == planned_jobs(repo)
