"""One clean build of the seeds, shared by the end-to-end tests (session fixture ``seed_build``,
registered in conftest.py). Tests that only read outputs use it as it is; tests that edit
files work on ``clone_build``, a copy that keeps outputs, mtimes and Snakemake's metadata, so
the copy is up to date and needs no rebuild."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from workflow_helpers import checksums, copy_repo, snakemake


@dataclass
class SeedBuild:
    repo: Path
    raw_before: dict[str, str]
    result: subprocess.CompletedProcess


@pytest.fixture(scope="session")
def seed_build(tmp_path_factory) -> SeedBuild:
    repo = copy_repo(tmp_path_factory.mktemp("seed_build") / "repo")
    before = checksums(repo / "data" / "raw")
    return SeedBuild(repo=repo, raw_before=before, result=snakemake(repo))


def clone_build(build: SeedBuild, dest: Path) -> Path:
    """An up-to-date copy of a built repository (copy2 keeps mtimes; .snakemake comes along)."""
    shutil.copytree(build.repo, dest, symlinks=True)
    return dest


__all__ = ["SeedBuild", "clone_build", "seed_build"]
