"""The work of reading a document grows linearly with its size and stays within a budget.

Counted, not timed (times belong in ``benchmarks/``, and this machine is shared): the Python
function calls ``parse_document`` makes, as ``cProfile`` counts them, on the generated documents
of ``benchmarks/large_documents.py`` at two sizes. Two failures are caught:

* **superlinear work**: calls at four times the size are more than about four times the calls
  (a pass that rescans the document, or a table, for every line, row or column);
* **more work per line**: calls per line (per cell for the wide table) above a budget. The
  180 reader commits of the blind batches each added a pass over every line that cost a few
  per cent; together the 20 MB page took 1.5x longer, and nothing noticed. That page made
  177 calls per line before them and 240 after.

A budget that fails because a new reader really must look at every line is raised here, in
the same commit, with the benchmark's time (``python benchmarks/large_documents.py``) in the
message; one that fails for a pass that could skip most lines is a profile to read first.
"""

from __future__ import annotations

import cProfile
import importlib.util
import logging
import pstats
import random
from pathlib import Path

import pytest

from paperfig.documents import document_from_text
from paperfig.parse import parse_document

_spec = importlib.util.spec_from_file_location(
    "large_documents", Path(__file__).resolve().parents[1] / "benchmarks" / "large_documents.py")
large_documents = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(large_documents)


def _calls(text: str) -> tuple[int, int]:
    """(Python function calls made by parse_document, lines of the document)."""
    doc = document_from_text(text, "w.txt")
    profile = cProfile.Profile()
    logging.disable(logging.CRITICAL)
    try:
        profile.enable()
        parse_document(doc, {})
        profile.disable()
    finally:
        logging.disable(logging.NOTSET)
    return pstats.Stats(profile).total_calls, len(doc.lines)


@pytest.fixture(scope="module", autouse=True)
def _warm():
    """Modules import lazily and compile patterns on first use: one small document of each
    kind first, so the counts below are the reading's own."""
    rng = random.Random(1)
    for text in (large_documents.page(rng, 0.02), large_documents.tall_table(rng, 20),
                 large_documents.wide_table(rng, 20), large_documents.captioned_tables(rng, 20, 2),
                 titled_sections(rng, 40), chart_descriptions(rng, 5), column_runs(rng, 5)):
        _calls(text)


def titled_sections(rng: random.Random, n: int) -> str:
    """n sections, each under a line of capitals that reads as a paper's title (a proceedings
    volume, an OCR'd report's headings), each with a table: every title is compared with the
    titles before it (is it one printed again?)."""
    lines: list[str] = []
    for k in range(n):
        words = ["".join(rng.choice("ABCDEFGHIKLMNOPRSTUVW") for _ in range(rng.randint(4, 9))) for _ in range(4)]
        lines += [" ".join(words), "", "Model\tA\tB", f"m{k}\t{rng.uniform(50, 90):.1f}\t{rng.uniform(50, 90):.1f}", ""]
    return "\n".join(lines)


def chart_descriptions(rng: random.Random, n: int) -> str:
    """n chart descriptions one after another, as a vision-language model writes them for
    every figure of a report: each was read on a view of the whole file, blank but for it."""
    lines: list[str] = []
    for k in range(n):
        lines += [f"## Figure {k + 1}: Accuracy of the models", "", "This bar chart compares three models.", "",
                  "* **X-axis:** Model", "* **Y-axis:** Accuracy (%), from 0 to 100", "* **Data:**"]
        lines += [f"  * Model {c}: {rng.uniform(50, 90):.1f}" for c in "ABC"] + [""]
    return "\n".join(lines)


def column_runs(rng: random.Random, n: int) -> str:
    """n tables as plain pdftotext prints a table whose columns are text blocks: the labels,
    then each column's name and values, one cell per line, no blank line between them. Each
    was read again as a row-major table on the whole file blanked but for it."""
    lines: list[str] = []
    for k in range(n):
        lines += [f"Table {k + 1}: Results of the models.", "", "Model", "m1", "m2", "m3"]
        for name in ("Accuracy", "F1"):
            lines += [name] + [f"{rng.uniform(50, 90):.1f}" for _ in range(3)]
        lines += ["", f"The models of table {k + 1} were trained for the same number of steps.", ""]
    return "\n".join(lines)


#: kind: (document of size n, small n, calls per unit of size allowed). The unit is a line
#: for the page and the tall table, a column for the wide table (5 rows).
CASES = {
    "page of prose and small tables": (lambda n: large_documents.page(random.Random(0), n), 0.05, 280),
    "tall table": (lambda n: large_documents.tall_table(random.Random(0), n), 500, 560),
    "wide table": (lambda n: large_documents.wide_table(random.Random(0), n), 200, 570),
    # each caption between two tables: which one is its own was decided in one pass per caption
    # (quadratic in the tables: 4,000 took minutes)
    "captioned tables back to back": (lambda n: large_documents.captioned_tables(random.Random(0), n, 2), 200, 400),
    # each title was aligned with every paper's before it (difflib): quadratic in the titles
    "titled sections": (lambda n: titled_sections(random.Random(0), n), 100, 400),
    "chart descriptions": (lambda n: chart_descriptions(random.Random(0), n), 25, 620),
    "tables printed column after column": (lambda n: column_runs(random.Random(0), n), 50, 1650),
}


@pytest.mark.parametrize("kind", CASES)
def test_reading_work_is_linear_in_size_and_within_budget(kind):
    make, n, budget = CASES[kind]
    small, small_lines = _calls(make(n))
    large, large_lines = _calls(make(4 * n))
    unit_small, unit_large = (n, 4 * n) if kind == "wide table" else (small_lines, large_lines)
    growth = (large / small) / (unit_large / unit_small)
    assert growth <= 1.15, (
        f"{kind}: 4x the size made {large / small:.2f}x the calls ({small} -> {large}): the work "
        "grows faster than the document; a pass rescans it?")
    per_unit = large / unit_large
    assert per_unit <= budget, (
        f"{kind}: {per_unit:.0f} calls per {'column' if kind == 'wide table' else 'line'}, budget "
        f"{budget}: a new pass over every line? Profile it (benchmarks/large_documents.py), and "
        "raise the budget here only if the pass must look at every line")
