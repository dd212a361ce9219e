"""Run the workflow on a temporary copy of the repository (never on the working tree)."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GENERATED = {".git", ".snakemake", "data/processed", "figures", "logs", ".pytest_cache",
             ".hypothesis", "benchmarks/results", "benchmarks/work"}


def copy_repo(dest: Path, source: Path = ROOT) -> Path:
    """Copy the sources and raw data of ``source`` (this checkout, or a built copy of it), none
    of the generated outputs."""

    def ignore(directory, names):
        rel = Path(directory).relative_to(source)
        # (rel / n).as_posix() is "x" at the top level ("./x" never occurs); stripping "./"
        # characters would turn ".git" into "git" and copy it.
        skipped = {n for n in names if (rel / n).as_posix() in GENERATED or n == "__pycache__"}
        if rel == Path("report"):
            skipped |= {n for n in names if n != ".gitkeep"}
        return skipped

    shutil.copytree(source, dest, ignore=ignore, symlinks=True)
    return dest


def snakemake(repo: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONDONTWRITEBYTECODE="1")
    command = [sys.executable, "-m", "snakemake", "--cores", "2", *args]
    result = subprocess.run(command, cwd=repo, env=env, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise AssertionError(f"snakemake {' '.join(args)} failed ({result.returncode}):\n"
                             f"{result.stdout[-4000:]}\n{result.stderr[-8000:]}")
    return result


def checksums(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.iterdir()) if p.is_file()}


def planned_jobs(repo: Path, *targets: str) -> dict[str, int]:
    """Rule -> job count that a dry run plans (empty when there is nothing to do)."""
    result = snakemake(repo, "-n", *targets)
    text = result.stdout + result.stderr
    jobs: dict[str, int] = {}
    if "Job stats:" not in text:
        return jobs
    table = text.split("Job stats:", 1)[1].splitlines()
    for line in table[3:]:
        parts = line.split()
        if len(parts) != 2 or not parts[1].isdigit():
            break
        if parts[0] != "total":
            jobs[parts[0]] = int(parts[1])
    return jobs
