"""A table's last column printed apart, after the table, as OCR of a table image (docTR's
``render()``, Tesseract on a column set off by a rule) prints it: the column's name on one to
three lines, then one value per line, as many as the table has rows.

::

    Mild (<3.5)        64  4.2 + 1.1  31 (48.4)  87.5
    Moderate (3.5-5.0) 118 5.6 + 1.4  97 (82.2)  81.4
    Total              274 5.7 + 1.7 216 (78.8)  80.3

    Relapse            <- the column's name
    n (%)
    5 (7.8)            <- one value per data row, in order
    14 (11.9)
    38 (13.9)

Grammar
-------
* **Where**: directly after a table block (at most two blank lines between), on lines no reader
  took.
* **Name**: one to three short lines (at most 6 words each; a blank line may part them) holding
  no value of the cell grammar and no sentence or caption; or none, when every value is printed
  with its interval or error (``1.54 [1.21, 1.87]``: docTR put the column's cells in a block of
  their own, its name stayed in the header).
* **Values**: then a run of lines each one value of the cell grammar (or a missing mark), ended
  by a blank line, a line that is no value, or the end of the page; exactly as many as the
  table's data rows (rows whose filled cells after the label are mostly values). Fewer or
  more: no column (a list of numbers after a table is not its column by chance), the lines
  stay prose.
* **Result**: the table gets one more column: its name in the first header row (when the
  table has one), each value in its row, every cell on its own line (``Grid.cell_lines``), with
  a ``detached_column`` note; and one more for each further column printed so after it
  (``Difference (95% CI)`` / values, then ``P`` / values). A row counts as data when a number OCR
  garbled (``(O.24)``: more digits than letters) stands where a value should.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence

from .. import cells, numbers, patterns
from . import Grid

_MAX_NAME_LINES = 3
_MAX_NAME_WORDS = 6
_MAX_BLANKS = 2


def _value(text: str) -> bool:
    t = text.strip()
    return bool(t) and (cells.numeric_cell(t) or cells.is_missing(t))


def _name(text: str) -> bool:
    t = text.strip()
    return bool(t) and len(t.split()) <= _MAX_NAME_WORDS and not _value(t) and not t.endswith(".") and \
        not patterns.caption_kind(t) and any(c.isalpha() for c in t)


def _data_row(row: list[str]) -> bool:
    """A row of values: most of its filled cells after the label are values, or numbers OCR
    garbled (``(O.24)``: more digits than letters; a header's ``(95% CI)`` is not)."""
    filled = [c for c in row[1:] if c]
    return bool(filled) and sum(1 for c in filled if cells.value_like(c) or _garbled(c)) * 2 > len(filled)


def _garbled(text: str) -> bool:
    return sum(c.isdigit() for c in text) > sum(c.isalpha() for c in text) > 0


def _column_after(lines: Sequence[str], after: int, taken: Collection[int]) -> tuple[list[int], list[int]] | None:
    """(name lines, value lines) of a column printed after line ``after``, else None."""
    ln, blanks = after + 1, 0
    while ln <= len(lines) and not lines[ln - 1].strip() and blanks < _MAX_BLANKS:
        ln, blanks = ln + 1, blanks + 1
    names: list[int] = []
    while ln <= len(lines) and ln not in taken and len(names) < _MAX_NAME_LINES:
        if names and not lines[ln - 1].strip() and ln < len(lines) and _name(lines[ln]):
            ln += 1  # (a blank line between the name's lines: two of the tool's blocks)
        if not _name(lines[ln - 1]) or ln in taken:
            break
        names.append(ln)
        ln += 1
    values: list[int] = []
    while ln <= len(lines) and ln not in taken and _value(lines[ln - 1]):
        values.append(ln)
        ln += 1
    if values and not names and not all(numbers.count_numbers(lines[v - 1]) >= 2 for v in values):
        return None  # (a nameless column only of values with their interval or error: '1.54 [1.21, 1.87]')
    return (names, values) if values else None


def attach(lines: Sequence[str], grids: list[Grid], taken: Collection[int]) -> list[Grid]:
    """The grids, each with the column printed after it when there is one (module doc)."""
    return [_attached(lines, grid, taken) for grid in grids]


def _attached(lines: Sequence[str], grid: Grid, taken: Collection[int]) -> Grid:
    """The grid with every column printed after it, one after another (``Difference (95% CI)``,
    then ``P``: docTR's blocks of a table's last columns)."""
    data = None  # (the data rows, found once a column follows: most tables have none after them)
    while True:
        found = _column_after(lines, grid.last_line, taken)
        if not found:
            return grid
        if data is None:
            data = [i for i, (_, row) in enumerate(grid.rows) if i >= grid.header_rows and _data_row(row)]
        if len(data) < 2 or len(found[1]) != len(data):
            return grid
        names, values = found
        where = grid.cell_lines or [[ln] * len(row) for ln, row in grid.rows]
        rows, cell_lines = [], []
        value_of = dict(zip(data, values))
        for i, (ln, row) in enumerate(grid.rows):
            if i in value_of:
                cell, at = lines[value_of[i] - 1].strip(), value_of[i]
            elif i == 0 and data[0] > 0 and names:  # the header's row: the column's name
                cell, at = " ".join(lines[n - 1].strip() for n in names), names[0]
            else:
                cell, at = "", where[i][-1]
            rows.append((ln, [*row, cell]))
            cell_lines.append([*where[i], at])
        first, last = (names or values)[0], values[-1]
        grid = dataclasses.replace(
            grid, rows=rows, cell_lines=cell_lines, last_line=last,
            lines=sorted({*grid.lines, *range(grid.last_line + 1, last + 1)}),
            notes=[*grid.notes, (first, "detached_column", f"lines {first}-{last}: the table's last column, "
                                 "printed after it, joined to its rows in order")])
