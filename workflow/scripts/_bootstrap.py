"""Make ``import paperfig`` find the package in workflow/, next to these scripts.

Every script imports this module first (Python puts a script's own folder on sys.path), so
the scripts run from any checkout without installing paperfig, e.g. in a ``--use-conda``
environment, and always use the code of the checkout they belong to.
"""

import sys
from pathlib import Path

WORKFLOW_DIR = str(Path(__file__).resolve().parents[1])
if WORKFLOW_DIR not in sys.path:
    sys.path.insert(0, WORKFLOW_DIR)
