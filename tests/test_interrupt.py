"""A run killed in the middle of a job (SIGKILL to the whole process group: Snakemake and its
jobs) leaves nothing a later run could take for complete, and the next run finishes the work
with the same CSVs as a clean build.

Why it holds: every output is written to a hidden temporary name and renamed into place
(paperfig.io.atomic_path), so a file at its final name is always whole; a job killed before
renaming all its outputs has missing outputs and reruns. Leftover temporary files are removed
when the next run starts (onstart in workflow/rules/common.smk). A job killed after writing
its outputs keeps Snakemake's incomplete marker and reruns (profiles/default sets
--rerun-incomplete); a killed render job keeps the outputs it finished (update() outputs,
each document's stamp written after its files) and redraws the rest. Snakemake keeps the
killed run's lock; every run holds an flock on .snakemake/paperfig/run.lock for its whole
life, which the kernel drops when the process dies, so the next run, able to take it, knows
no run is alive and releases the stale lock (paperfig.workflow_support.release_stale_lock;
tests/test_run_lock.py), and the next plain run just works.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from workflow_helpers import snakemake

pytestmark = pytest.mark.e2e

OUTPUT_DIRS = ("data/processed", "figures", "report")


def _incomplete(repo: Path) -> list[str]:
    """Outputs Snakemake has marked incomplete (jobs started and not finished)."""
    folder = repo / ".snakemake" / "incomplete"
    names = []
    if folder.is_dir():
        for path in folder.rglob("*"):
            if path.is_file():
                try:
                    names.append(base64.b64decode(path.name.replace("@", "/").encode()).decode())
                except ValueError:
                    names.append(path.name)
    return names


def _temporaries(repo: Path) -> list[Path]:
    return [p for d in OUTPUT_DIRS for p in (repo / d).rglob("*.tmp")] if repo.exists() else []


def _whole(path: Path) -> bool:
    """Is this output complete for its format (not cut off mid-write)?"""
    data = path.read_bytes()
    suffix = path.suffix
    if suffix == ".pdf":
        return data.startswith(b"%PDF") and b"%%EOF" in data[-64:]
    if suffix == ".png":
        return data.startswith(b"\x89PNG\r\n\x1a\n") and data.endswith(b"IEND\xaeB`\x82")
    if suffix == ".svg":
        return data.rstrip().endswith(b"</svg>")
    if suffix == ".json":
        json.loads(data)
        return True
    if suffix in (".csv", ".tex", ".html"):
        return data.endswith(b"\n")
    return True


def _start_and_kill(repo: Path) -> dict:
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONDONTWRITEBYTECODE="1")
    log = (repo.parent / "killed-run.log").open("w")
    proc = subprocess.Popen([sys.executable, "-m", "snakemake", "--cores", "2"], cwd=repo, env=env,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + 300
    killed_in = []
    try:
        while time.monotonic() < deadline and proc.poll() is None:
            running = [f for f in _incomplete(repo) if f.startswith(("figures/", "report/tables/"))]
            # the hardest moment: a job has renamed some of its outputs into place, not all
            if any((repo / f).exists() for f in running):
                killed_in = _incomplete(repo)
                break
            time.sleep(0.005)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        log.close()
    assert killed_in, "the run finished or never started a render job before it could be killed:\n" + (
        repo.parent / "killed-run.log").read_text()
    partial = [f for f in killed_in if (repo / f).exists()]
    return {"incomplete": killed_in, "partial": partial, "returncode": proc.returncode}


@pytest.fixture(scope="module")
def interrupted(clean_builds):
    repo = clean_builds.spare
    state = _start_and_kill(repo)
    state["after_kill"] = {
        "incomplete": _incomplete(repo),
        "temporaries": _temporaries(repo),
        "outputs": sorted(p for d in OUTPUT_DIRS for p in (repo / d).rglob("*")
                          if p.is_file() and not p.name.endswith(".tmp") and ".latex" not in p.parts),
    }
    state["rerun"] = snakemake(repo, check=False)
    return repo, state


def test_kill_happened_in_the_middle_of_a_render_job(interrupted):
    _, state = interrupted
    assert state["returncode"] == -signal.SIGKILL
    assert any(f.startswith(("figures/", "report/tables/")) for f in state["incomplete"])
    # some outputs of the killed job were already in place: only the incomplete marker tells
    assert state["partial"]


def test_every_output_left_at_its_final_name_is_whole(interrupted):
    _, state = interrupted
    broken = [str(p) for p in state["after_kill"]["outputs"] if not _whole(p)]
    assert not broken


def test_rerun_finishes_and_matches_a_clean_build(interrupted, clean_builds):
    repo, state = interrupted
    rerun = state["rerun"]
    assert rerun.returncode == 0, (rerun.stdout[-3000:] + rerun.stderr[-6000:])
    clean = clean_builds.first
    for csv in sorted((clean / "data/processed").glob("*.csv")):
        assert (repo / "data/processed" / csv.name).read_bytes() == csv.read_bytes(), csv.name
    for folder in ("figures", "report/tables"):
        assert sorted(p.name for p in (repo / folder).iterdir()) == sorted(p.name for p in (clean / folder).iterdir())
    for name in ("report/report.html", "report/report.tex"):
        assert (repo / name).read_bytes() == (clean / name).read_bytes(), name
    assert not _temporaries(repo)
    assert not _incomplete(repo)  # every job the kill interrupted was rerun


def test_the_next_plain_run_needs_no_unlock_and_no_flag(interrupted):
    """The killed run's lock is released and its unfinished jobs rerun, with no option."""
    _, state = interrupted
    text = state["rerun"].stdout + state["rerun"].stderr
    assert "cannot be locked" not in text.lower() and "released the lock" in text
    assert "IncompleteFilesException" not in text and "--rerun-incomplete" not in text
