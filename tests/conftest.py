# The package is imported as installed (`pip install -e .`, done by workflow/scripts/setup.sh);
# pytest puts tests/ on sys.path (rootdir conftest), so the helper modules below import as is.
# Shared fixtures, one module each:
#   clean_builds  clean builds shared by test_determinism.py and test_interrupt.py
#   odd_build     the build with odd but valid documents (test_bad_input.py, test_safety.py)
#   seed_build    one clean build of the seeds shared by the end-to-end tests

import os

import pytest
from hypothesis import settings

from clean_builds import clean_builds  # noqa: F401
from odd_documents import odd_build  # noqa: F401
from seed_build import seed_build  # noqa: F401

# The property tests draw the same examples on every run ("derandomize": a test fails on the
# commit that breaks it, never on a later run that happens to draw a new case), from a seed
# derived from each test. HYPOTHESIS_PROFILE=explore draws new random examples on every run, to
# look for new cases locally; a case found that way goes into its test as an @example.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))

#: Session fixtures that build the workflow: every test using one runs in the same xdist worker.
SHARED_BUILDS = {"seed_build", "odd_build", "clean_builds"}
#: Modules whose tests are independent of each other and cheap to set up: spread one by one.
SPREAD_MODULES = {"test_corpus"}


def pytest_collection_modifyitems(config, items):
    """How pytest-xdist (``-n auto --dist loadgroup``, set in pyproject.toml) shares the tests
    out. The end-to-end tests (marked ``e2e``, or using a session build) form one group, so each
    session build is made once, in one worker, while the other worker reads the corpus. Every
    other module is a group of its own, so a module-scoped fixture is set up once; only the
    corpus tests, thousands of independent documents, are spread one by one."""
    for item in items:
        if item.get_closest_marker("e2e") or SHARED_BUILDS & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group("e2e"))
        elif item.module is not None and item.module.__name__ not in SPREAD_MODULES:
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
