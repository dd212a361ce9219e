"""Lint is part of the test command: `ruff check` (pyproject.toml [tool.ruff]), `snakefmt
--check` (pyproject.toml [tool.snakefmt]) and `snakemake --lint` must be clean on the whole
repository, so a finding fails CI like a failing test. The tools come with the test extras."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from workflow_helpers import ROOT


def _tool(name: str) -> list[str]:
    """The command of a lint tool of the test extras: its console script, else `python -m`."""
    found = shutil.which(name)
    if found:
        return [found]
    probe = subprocess.run([sys.executable, "-m", name, "--version"], capture_output=True, text=True)
    if probe.returncode == 0:
        return [sys.executable, "-m", name]
    pytest.fail(f"{name} is not installed: pip install -e '.[test]' (lint is part of the tests)")


def _run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_ruff_check_is_clean():
    result = _run([*_tool("ruff"), "check", "--no-cache", "--output-format", "concise", "."])
    assert result.returncode == 0, f"ruff check found problems:\n{result.stdout[-6000:]}{result.stderr[-2000:]}"


def test_snakefmt_check_is_clean():
    result = _run([*_tool("snakefmt"), "--check", "."])
    assert result.returncode == 0, f"snakefmt would reformat:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    # the Snakemake files are found: the top-level Snakefile, the workflow's and every rule file
    checked = int(result.stderr.split("All ", 1)[1].split(" ", 1)[0]) if "All " in result.stderr else 0
    assert checked >= 2 + len(list((ROOT / "workflow" / "rules").glob("*.smk")))


def test_snakemake_lint_is_clean(tmp_path):
    """Snakemake's own linter (log on every rule, no hard-coded path prefixes in params, ...),
    on a copy: reading the Snakefile pre-parses the documents and takes the run lock."""
    from workflow_helpers import copy_repo

    repo = copy_repo(tmp_path / "repo")
    result = subprocess.run([sys.executable, "-m", "snakemake", "--lint"], cwd=repo, capture_output=True, text=True,
                            timeout=300)
    text = result.stdout + result.stderr
    assert result.returncode == 0 and "Lints for" not in text, text[-6000:]
    assert "your workflow is in a good condition" in text
