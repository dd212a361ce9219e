# The package is imported as installed (`pip install -e .`, done by workflow/scripts/setup.sh);
# pytest puts tests/ on sys.path (rootdir conftest), so the helper modules below import as is.
# Shared fixtures, one module each:
#   clean_builds  clean builds shared by test_determinism.py and test_interrupt.py
#   odd_build     the build with odd but valid documents (test_bad_input.py, test_safety.py)
#   seed_build    one clean build of the seeds shared by the end-to-end tests

from clean_builds import clean_builds  # noqa: F401
from odd_documents import odd_build  # noqa: F401
from seed_build import seed_build  # noqa: F401
