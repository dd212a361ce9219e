"""A shared end-to-end build with odd but valid documents beside the seeds (session fixture
``odd_build``, registered in conftest.py; used by test_bad_input.py and test_safety.py):

* a hostile chart description whose file name has spaces, accents, quotes, ``$(...)``, a
  backtick and a TeX command, and whose text holds path traversals, TeX commands, HTML and
  Jinja syntax in its heading, title, series, labels and claims;
* a copy of the first seed under a file name with spaces and non-ASCII characters (the same
  figure declared by two documents).

The build runs three times: all documents; the copy removed; the copy added back. Each run
is summarised in a snapshot so tests can compare them without rebuilding.
"""

from __future__ import annotations

import csv
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from seed_build import clone_build
from workflow_helpers import ROOT, checksums, snakemake

PWNED = Path("/tmp/pwned")

HOSTILE_NAME = "Résumé d'essai $(touch PWNED) `touch PWNED` \\write18{touch PWNED} &amp; <B> {x y}.txt"
DUPLICATE_NAME = "copie de la figure – données 1 (été).txt"

#: Strings a document might try to run or inject; each must reach the data and the report as text.
HOSTILE_STRINGS = (
    "../../etc/x",
    "\\write18{touch /tmp/pwned}",
    "\\input{/etc/passwd}",
    "<script>alert(1)</script>",
)

HOSTILE_DOCUMENT = """## Scatter Plot: Hostile <script>alert(1)</script> vs. \\input{/etc/passwd}
### Components/Axes
* **X-axis:** Size (MB), ranging from approximately 8 MB to 64 MB.
* **Y-axis:** Glue Score, ranging from approximately 82.0 to 84.0.
* **Title:** "\\write18{touch /tmp/pwned} & {{ 7*7 }} 100% $x_1$ #1 ~"
* **Legend:** Located in the upper-left corner, with the following entries:
* ../../etc/x (Orange)
* <script>alert(1)</script> (Blue)
### Detailed Analysis
* **../../etc/x (Orange):** This series shows an upward trend.
* At approximately 8 MB, the Glue Score is around 82.2 (labeled "\\write18{touch /tmp/pwned}").
* At approximately 16 MB, the Glue Score is around 83.1 (labeled "\\input{/etc/passwd}").
* **<script>alert(1)</script> (Blue):** This series is flat.
* At approximately 32 MB, the Glue Score is around 83.0 (labeled "{% include '/etc/passwd' %}").
* At approximately 64 MB, the Glue Score is around 83.2 (labeled "$(touch /tmp/pwned)").
### Key Observations
* The ../../etc/x series shows the highest score at 16 MB, higher than <script>alert(1)</script>.
"""


@dataclass
class OddBuild:
    repo: Path
    hostile_name: str = HOSTILE_NAME
    duplicate_name: str = DUPLICATE_NAME
    pwned_before: float | None = None
    raw_before: dict = field(default_factory=dict)
    runs: list = field(default_factory=list)
    snapshots: list = field(default_factory=list)
    duplicate_points: int = 0


def _read_csv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _snapshot(repo: Path, duplicate_name: str) -> dict:
    points = _read_csv(repo / "data/processed/points.csv")
    html = (repo / "report/report.html").read_text(encoding="utf-8") if (repo / "report/report.html").exists() else ""
    processed = repo / "data/processed"
    return {
        "sources": sorted({row["source_file"] for row in _read_csv(processed / "documents.csv")}),
        "n_points": len(points),
        "figures": sorted(p.name for p in (repo / "figures").iterdir()),
        "tables": sorted(p.name for p in (repo / "report/tables").iterdir()),
        "doc_dirs": sorted(p.name for p in (processed / "docs").iterdir()),
        "csvs": {p.name: p.read_bytes() for p in sorted(processed.glob("*.csv"))},
        "report_mentions_duplicate": duplicate_name in html or "copie de la figure" in html,
    }


def build_odd(base: Path, seed_build) -> OddBuild:
    # Start from the built seeds: the odd documents' jobs and the report stage run here.
    repo = clone_build(seed_build, base / "repo")
    raw = repo / "data/raw"
    seed = sorted(p for p in raw.iterdir() if p.is_file() and not p.name.startswith("."))[0]
    (raw / HOSTILE_NAME).write_text(HOSTILE_DOCUMENT, encoding="utf-8")
    duplicate = raw / DUPLICATE_NAME
    duplicate.write_bytes(seed.read_bytes())
    build = OddBuild(repo=repo, pwned_before=PWNED.stat().st_mtime if PWNED.exists() else None)
    build.raw_before = checksums(raw)
    build.runs.append(snakemake(repo, check=False))
    build.snapshots.append(_snapshot(repo, DUPLICATE_NAME))
    build.duplicate_points = sum(1 for row in _read_csv(repo / "data/processed/points.csv")
                                 if row["source_file"] == DUPLICATE_NAME)
    duplicate.unlink()
    build.runs.append(snakemake(repo, check=False))
    build.snapshots.append(_snapshot(repo, DUPLICATE_NAME))
    duplicate.write_bytes(seed.read_bytes())
    build.runs.append(snakemake(repo, check=False))
    build.snapshots.append(_snapshot(repo, DUPLICATE_NAME))
    return build


@pytest.fixture(scope="session")
def odd_build(tmp_path_factory, seed_build) -> OddBuild:
    return build_odd(tmp_path_factory.mktemp("odd_documents"), seed_build)


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                          check=True, env=dict(os.environ, LC_ALL="C.UTF-8")).stdout


__all__ = ["HOSTILE_DOCUMENT", "HOSTILE_NAME", "HOSTILE_STRINGS", "DUPLICATE_NAME", "OddBuild", "PWNED", "ROOT",
           "build_odd", "odd_build", "pdf_text"]
