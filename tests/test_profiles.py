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
    assert jobs["extract_document"] == n_docs
    assert {"combine_documents", "build_report", "compile_report_pdf", "synthesis"} <= set(jobs)
    # the figures and tables are known before anything ran (no checkpoint): every render job is planned
    assert {rule for rule in jobs if rule.startswith("render_")} == {
        "render_figures_1", "render_figures_2", "render_tables_1", "render_tables_2"}
    assert "mem_mb=2000" in text  # set-resources of the profile reach the jobs
    assert "runtime=1," in text  # an extraction's own runtime (a group sums it over its layers)
    assert "Group job extract" in text  # extractions go to SLURM in groups, not one job per document


def test_slurm_profile_keeps_group_jobs_to_one_node():
    """What makes the profile run on a real cluster (tests/test_slurm.py runs it): a group job's
    width is capped by --cores, so a group of 100 extractions asks for one CPU, not 100; no
    request is larger than a small node; job status does not need SLURM's accounting."""
    profile = yaml.safe_load((ROOT / "profiles" / "slurm" / "config.yaml").read_text())
    assert profile["cores"] == 1
    assert profile["slurm-status-command"] == "squeue"
    requests = [profile["default-resources"], *profile["set-resources"].values()]
    assert max(r.get("mem_mb", 0) for r in requests) <= 2000
    assert max(r.get("cpus_per_task", 1) for r in requests) == 1
    components = dict(c.split("=") for c in profile["group-components"])
    extract = profile["set-resources"]["extract_document"]
    assert int(components["extract"]) * extract["runtime"] <= 120  # minutes asked for one group job


def test_local_profile_plans_the_same_jobs(repo):
    assert planned_jobs(repo, "--profile", "profiles/local") == planned_jobs(repo)
