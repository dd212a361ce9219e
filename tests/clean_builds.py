"""Clean builds shared by test_determinism.py and test_interrupt.py (session fixture
``clean_builds``, registered in conftest.py).

All copies are taken at the same moment, so they hold the same sources even while the
working tree changes; two are built (the determinism pair, and the reference CSVs for the
interrupted build), the third is left for test_interrupt.py to build and kill.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from workflow_helpers import copy_repo, snakemake


@dataclass
class CleanBuilds:
    first: Path
    second: Path
    spare: Path  # an unbuilt copy of the same sources


@pytest.fixture(scope="session")
def clean_builds(tmp_path_factory, seed_build) -> CleanBuilds:
    """The shared seed build is the first of the pair; the second is built here from a copy
    taken now, which holds the same sources unless the working tree changed in between."""
    base = tmp_path_factory.mktemp("clean_builds")
    second, spare = (copy_repo(base / name / "repo") for name in ("second", "spare"))
    snakemake(second)
    return CleanBuilds(first=seed_build.repo, second=second, spare=spare)


__all__ = ["CleanBuilds", "clean_builds"]
