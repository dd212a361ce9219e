"""One run per folder, and a killed run's lock released only when no run is alive.

The run lock is an fcntl.flock held by a run's Snakemake process from the moment its
Snakefile is read until it exits (paperfig.workflow_support.hold_run_lock). These are the
three reproductions of issue 13 against the old pid file, plus the workflow refusing a second
run in the same folder.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from paperfig.workflow_support import release_stale_lock, require_run_lock
from workflow_helpers import copy_repo, snakemake


def _snakemake_locks(folder: Path) -> Path:
    locks = folder / ".snakemake" / "locks"
    locks.mkdir(parents=True)
    (locks / "0.input.lock").write_text("data/raw/a.txt\n")
    (locks / "0.output.lock").write_text("figures/a-fig1.pdf\n")
    return locks


class LiveRun:
    """Another process holding the run lock, as a live run's Snakemake does; what it writes
    into the lock file (a pid another PID namespace cannot see) must not matter."""

    def __init__(self, run_lock: Path, claims: str = "host elsewhere pid 999999"):
        code = textwrap.dedent(f"""
            import fcntl, sys, time
            handle = open({str(run_lock)!r}, "a+")
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            handle.seek(0); handle.truncate(); handle.write({claims!r}); handle.flush()
            print("held", flush=True)
            sys.stdin.read()
        """)
        run_lock.parent.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout.readline().strip() == "held"

    def kill(self):
        self.proc.kill()
        self.proc.wait()


def _in_child(folder: Path, call: str) -> subprocess.CompletedProcess:
    """Call a workflow_support function in a fresh process (the lock is held per process)."""
    code = f"from paperfig.workflow_support import *\nprint({call})"  # the installed package
    return subprocess.run([sys.executable, "-c", code], cwd=folder, capture_output=True, text=True, timeout=60)


def test_a_live_runs_lock_is_kept_whatever_pid_file_another_run_left(tmp_path):
    """Reproduction 1: run A is alive; run B (other targets) started, was killed and left its
    pid behind. The old release trusted B's pid and deleted A's live lock."""
    locks = _snakemake_locks(tmp_path)
    run_a = LiveRun(tmp_path / ".snakemake/paperfig/run.lock")
    try:
        (tmp_path / ".snakemake/paperfig-run.pid").write_text("myhost 999999")  # run B's, dead
        result = _in_child(tmp_path, "release_stale_lock()")
        assert result.stdout.strip() == "False", result.stderr
        assert sorted(p.name for p in locks.iterdir()) == ["0.input.lock", "0.output.lock"]
    finally:
        run_a.kill()


def test_a_killed_run_is_recovered_even_if_it_was_pid_1(tmp_path):
    """Reproduction 2: a run in a container is pid 1; killed, its pid still 'exists' for the
    next run (pid 1 is always alive), so the old release never recovered it."""
    locks = _snakemake_locks(tmp_path)
    killed = LiveRun(tmp_path / ".snakemake/paperfig/run.lock", claims="host container pid 1")
    killed.kill()  # the kernel releases its flock
    result = _in_child(tmp_path, "release_stale_lock()")
    assert result.stdout.strip() == "True", result.stderr
    assert not list(locks.iterdir())


def test_a_live_run_in_another_pid_namespace_is_never_taken_for_dead(tmp_path):
    """Reproduction 3: another container's live run has a pid this one cannot see; the old
    release took it for dead, removed its lock, and both runs compiled in report/.latex."""
    locks = _snakemake_locks(tmp_path)
    other = LiveRun(tmp_path / ".snakemake/paperfig/run.lock", claims="host other-container pid 4242424")
    try:
        result = _in_child(tmp_path, "release_stale_lock()")
        assert result.stdout.strip() == "False"
        assert len(list(locks.iterdir())) == 2
        refused = _in_child(tmp_path, "require_run_lock(wait_seconds=0.5)")
        assert refused.returncode != 0 and "another paperfig run is writing this folder" in refused.stderr
        assert "other-container pid 4242424" in refused.stderr
    finally:
        other.kill()


def test_the_lock_is_held_for_the_life_of_the_process(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    run_lock = tmp_path / "run.lock"
    assert release_stale_lock(run_lock, tmp_path / "locks") is False  # nothing stale
    require_run_lock(run_lock, wait_seconds=0)  # this process holds it already
    other = _in_child(tmp_path, f"hold_run_lock({str(run_lock)!r})")
    assert other.stdout.strip() == "False"


@pytest.mark.e2e
def test_a_second_run_in_the_same_folder_is_refused(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    live = LiveRun(repo / ".snakemake/paperfig/run.lock", claims="host h pid 1234")
    try:
        start = time.monotonic()
        result = snakemake(repo, check=False)
        assert result.returncode != 0
        assert "another paperfig run is writing this folder" in result.stdout + result.stderr
        assert not (repo / "data/processed/docs").exists() and not (repo / "figures").exists()
        assert time.monotonic() - start < 120
        dry = snakemake(repo, "-n", check=False)  # a dry run writes nothing: it still works
        assert dry.returncode == 0, dry.stderr[-2000:]
    finally:
        live.kill()
