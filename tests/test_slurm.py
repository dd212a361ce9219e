"""The workflow runs for real on a SLURM cluster through profiles/slurm, and gives the same files.

A one-node cluster is started on this machine by .ci/slurm_cluster.sh (munged, slurmctld and
slurmd as plain processes; slurm-wlm and munge installed with apt when missing and root) and
stopped by pid afterwards, even when the test fails. The seeds are built with
``--profile profiles/slurm --executor slurm`` in a copy of the sources of the shared local seed
build, and every output is compared byte for byte with that local build. Skipped, with the
reason, where no cluster can run (not root and no SLURM, no apt-get, no executor plugin).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from workflow_helpers import ROOT, copy_repo

pytestmark = [pytest.mark.slurm, pytest.mark.e2e]

CLUSTER = ROOT / ".ci" / "slurm_cluster.sh"
# The whole SLURM build of the seeds: ~90 s on a quiet 2-core machine, ~160 s on a busy one
# (Snakemake starts twice per job, and status is polled). Bounded so a stuck job cannot hang CI.
BUILD_TIMEOUT = 300
STATUS_INTERVAL = 2  # seconds before the first status check (the plugin's default is 40)


def _cannot_run() -> str | None:
    if importlib.util.find_spec("snakemake_executor_plugin_slurm") is None:
        return "snakemake-executor-plugin-slurm not installed (pip install -e '.[test]')"
    if shutil.which("timeout") is None:
        return "no timeout(1) to bound the SLURM build"
    have_slurm = all(shutil.which(tool) for tool in ("slurmctld", "slurmd", "munged", "sbatch"))
    if not have_slurm and (os.geteuid() != 0 or shutil.which("apt-get") is None):
        return "SLURM and munge are not installed and cannot be (needs root and apt-get)"
    return None


@pytest.fixture(scope="module")
def slurm_cluster():
    """A running one-node cluster: node name, CPUs and memory; stopped by pid at the end."""
    reason = _cannot_run()
    if reason:
        pytest.skip(reason)
    try:  # stop even after a failed start: it kills only the daemons the start recorded
        started = subprocess.run(["bash", str(CLUSTER), "start"], capture_output=True, text=True,
                                 timeout=300)
        if started.returncode != 0:
            pytest.skip(f"a SLURM cluster cannot start here (.ci/slurm_cluster.sh start exited "
                        f"{started.returncode}): {started.stderr.strip()[-1500:]}")
        info = subprocess.run(["sinfo", "-h", "-N", "-o", "%N %c %m"], capture_output=True,
                              text=True, check=True).stdout.split()
        yield {"node": info[0], "cpus": int(info[1]), "mem_mb": int(info[2])}
    finally:
        stopped = subprocess.run(["bash", str(CLUSTER), "stop"], capture_output=True, text=True,
                                 timeout=120)
        assert stopped.returncode == 0, stopped.stderr


def _outputs(repo: Path) -> dict[str, bytes]:
    """Every output the issue compares: the tidy tables, the figures, the HTML report."""
    files = [*sorted((repo / "data" / "processed").glob("*.csv")),
             *sorted(p for p in (repo / "figures").rglob("*") if p.is_file()),
             repo / "report" / "report.html"]
    return {p.relative_to(repo).as_posix(): p.read_bytes() for p in files if p.is_file()}


def _slurm_jobs(job_ids: list[str]) -> list[dict[str, str]]:
    listing = subprocess.run(["squeue", "-h", "-t", "all", "-j", ",".join(job_ids),
                              "-o", "%i|%k|%C|%m|%T"], capture_output=True, text=True, check=True)
    keys = ("id", "comment", "cpus", "mem", "state")
    return [dict(zip(keys, line.split("|"))) for line in listing.stdout.splitlines() if line]


def _mb(text: str) -> int:
    value, unit = re.fullmatch(r"(\d+)([KMGT]?)", text).groups()
    return int(value) * {"K": 1 / 1024, "": 1, "M": 1, "G": 1024, "T": 1024 ** 2}[unit]


def test_slurm_build_matches_the_local_build(slurm_cluster, seed_build, tmp_path):
    repo = copy_repo(tmp_path / "repo", seed_build.repo)  # both builds start from the same files
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONDONTWRITEBYTECODE="1")
    command = ["timeout", "-k", "20", str(BUILD_TIMEOUT), sys.executable, "-m", "snakemake",
               "--profile", "profiles/slurm", "--executor", "slurm",
               "--slurm-init-seconds-before-status-checks", str(STATUS_INTERVAL),
               "--retries", "0"]  # a failure shows at once instead of running twice
    result = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    text = result.stdout + result.stderr
    if result.returncode != 0:
        logs = "\n".join(f"--- {p}\n{p.read_text(errors='replace')[-1500:]}"
                         for p in sorted((repo / ".snakemake" / "slurm_logs").rglob("*.log"))[-4:])
        timed_out = " (timed out)" if result.returncode in (124, 137) else ""
        pytest.fail(f"snakemake --executor slurm failed ({result.returncode}){timed_out}:\n"
                    f"{text[-6000:]}\n{logs}")

    job_ids = re.findall(r"submitted with SLURM jobid (\d+)", text)
    jobs = _slurm_jobs(job_ids)
    assert len(jobs) == len(job_ids) >= 5, text[-3000:]
    assert all(job["state"] == "COMPLETED" for job in jobs), jobs
    # every request fits the node
    assert all(int(job["cpus"]) <= slurm_cluster["cpus"] for job in jobs), jobs
    assert all(_mb(job["mem"]) <= slurm_cluster["mem_mb"] for job in jobs), jobs
    # the seeds were read by the extract jobs of their groups, one SLURM job each
    comments = [job["comment"] for job in jobs]
    extract = sorted(c for c in comments if c.startswith("rule_extract_"))
    assert extract == ["rule_extract_charts_1", "rule_extract_charts_2", "rule_extract_pages_1",
                       "rule_extract_pages_2"], comments
    assert {"rule_combine_documents", "rule_build_report"} <= set(comments), comments

    local, on_slurm = _outputs(seed_build.repo), _outputs(repo)
    assert "report/report.html" in local and any(k.startswith("figures/") for k in local), sorted(local)
    assert sorted(on_slurm) == sorted(local)
    differing = [name for name in local if on_slurm[name] != local[name]]
    assert not differing, f"not byte-identical to the local build: {differing}"
