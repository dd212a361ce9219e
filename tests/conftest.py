import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# The package lives in workflow/; make it importable even without `pip install -e .`.
sys.path.insert(0, str(ROOT / "workflow"))
