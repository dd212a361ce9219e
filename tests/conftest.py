import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The package lives in workflow/; make it importable even without `pip install -e .`.
sys.path.insert(0, str(ROOT / "workflow"))

# One clean build of the seeds shared by the end-to-end tests (tests/seed_build.py).
from seed_build import seed_build  # noqa: E402,F401
# The shared build with odd but valid documents (tests/odd_documents.py), used by
# test_bad_input.py and test_safety.py.
from odd_documents import odd_build  # noqa: E402,F401
# Clean builds shared by test_determinism.py and test_interrupt.py (tests/clean_builds.py).
from clean_builds import clean_builds  # noqa: E402,F401
