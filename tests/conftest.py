# The package is imported as installed (`pip install -e .`, done by workflow/scripts/setup.sh);
# pytest puts tests/ on sys.path (rootdir conftest), so the helper modules below import as is.

# One clean build of the seeds shared by the end-to-end tests (tests/seed_build.py).
from seed_build import seed_build  # noqa: F401
# The shared build with odd but valid documents (tests/odd_documents.py), used by
# test_bad_input.py and test_safety.py.
from odd_documents import odd_build  # noqa: F401
# Clean builds shared by test_determinism.py and test_interrupt.py (tests/clean_builds.py).
from clean_builds import clean_builds  # noqa: F401
