"""Tab-separated blocks, as OCR engines and copy-paste from PDF viewers print tables.

Grammar
-------
* **Block.** A run of consecutive non-blank lines that contain a tab. Cells are the line split
  on tabs, each stripped (an empty cell is a blank printed cell: merged cells, carried labels).
* **Two parts.** A run is split where its header line is printed again: a later line whose
  first cell equals the header's first cell and that is header-like (more text cells than
  number cells after the first), once at least one non-header-like row came before it. That
  is the second half of a table printed in two parts (``paperfig.pages`` may still join the two
  halves into one table).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from .. import cells
from . import Grid
from ._text import runs


def _header_like(cells_: list[str]) -> bool:
    """More text cells than number cells after the first cell (and at least one text cell)."""
    body = [c for c in cells_[1:] if c]
    numeric = sum(1 for c in body if cells.numeric_cell(c))
    text = len(body) - numeric
    return text > 0 and text > numeric


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids = []
    for numbers in runs(lines, lambda line: "\t" in line and line.strip(), skip):
        run = [(ln, [c.strip() for c in lines[ln - 1].split("\t")]) for ln in numbers]
        start = 0
        first = run[0][1]
        parts = []
        for i in range(1, len(run)):
            cells_ = run[i][1]
            if (cells_[0] and cells_[0] == first[0] and _header_like(cells_)
                    and any(not _header_like(c) for _, c in run[start + 1:i])):
                parts.append(run[start:i])
                start = i
        parts.append(run[start:])
        for part in parts:
            grids.append(Grid(form="tsv", first_line=part[0][0], last_line=part[-1][0], rows=part,
                              lines=[ln for ln, _ in part]))
    return grids
