"""Tables whose rows are printed as paragraphs, as docTR's ``render()`` and other OCR tools print
a table image: each row a block of text, its label and values broken over one to four lines
wherever the tool cut them, blank lines between the rows.

::

    Management              <- the header: one paragraph, one cell (or part) per line
    Flower cover (%)
    ...

    Annual trim (autumn) 4.2 + 1.1 3.1 + 0.8 5.6 + 1.4 6.8

    Biennial trim 11.7 + 2.3            <- one row over two lines
    8.4 + 1.6 9.2 + 2.0 10.4

Grammar
-------
* **Paragraph**: a run of non-blank lines. A *group* is a run of paragraphs each of at most 10 lines
  and 400 characters, with single spaces inside its lines (a layout's columns, two spaces apart,
  keep their positions for the aligned reader), at most two blank lines apart (a long paragraph,
  prose, ends it; so does a paragraph of whole rows, >= 2 lines holding the same number, >= 3, of
  numbers each, or more than half of four lines or more, or >= 2 lines each opening with a label and
  holding >= 3 numbers, no line opening with a value: rows under a group's label, ``Hydration (AU)``
  / ``Baseline 21.6 + 8.4 22.3 + 9.1`` / ``Week 8 38.9 ...``). This reader runs before the aligned
  reader, which would read a broken row's lines as rows of their own.
* **Rows**: each paragraph of a group, its lines joined by spaces, is one line of text; the
  group's lines are read as a table by the aligned reader (then the one-cell-per-line reader),
  exactly as a tool's printed strings are (:func:`.printouts.read_view`): label words, then
  value tokens, the header from the paragraph above.
* **Only when paragraphs are rows**: a table found so is kept when >= 2 of its rows each take
  their cells from more than one line (a row the tool broke) and every row of values has its
  label (a paragraph of values alone is a column printed as a block, :mod:`.columnblocks`); a
  table whose rows each stand on one line is the aligned reader's, on the page itself.
* **Lines**: every cell keeps the line its words are printed on (``Grid.cell_lines``): a value
  is reported where it stands, not where its row starts.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Collection, Sequence

from .. import cells
from . import Grid
from ._text import runs
from .printouts import _Text, read_view

FORM = "paragraphs"
_MAX_LINES = 10
_MAX_CHARS = 400
_MAX_GAP = 2  # blank lines between two paragraphs of a group
_GAP = re.compile(r"\S\s{2,}\S")  # two spaces inside a line: a layout's columns
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _groups(lines: Sequence[str], skip: Collection[int]) -> list[list[list[int]]]:
    """Runs of short paragraphs, at most _MAX_GAP blank lines apart (module doc)."""
    groups: list[list[list[int]]] = []
    group: list[list[int]] = []
    for para in runs(lines, str.strip, skip):
        short = len(para) <= _MAX_LINES and sum(len(lines[ln - 1]) for ln in para) <= _MAX_CHARS and not any(
            _GAP.search(lines[ln - 1].strip()) for ln in para) and not _rows_block(lines, para)
        if short and group and para[0] - group[-1][-1] - 1 <= _MAX_GAP:
            group.append(para)
            continue
        if len(group) >= 3:
            groups.append(group)
        group = [para] if short else []
    if len(group) >= 3:
        groups.append(group)
    return groups


def _rows_block(lines: Sequence[str], para: list[int]) -> bool:
    """A paragraph of whole rows: >= 2 lines that each hold the same number (>= 3) of numbers
    (Tesseract's rows between blank lines), no row broken over lines; or, of four lines or more,
    more than half of them so (a row OCR broke among whole rows)."""
    counts = Counter(len(_NUMBER.findall(lines[ln - 1])) for ln in para)
    n, same = counts.most_common(1)[0]
    # (a row or two that OCR broke among them leave most lines alike: 'Normandy 7 9.8 +0.7 ...')
    if len(para) >= 2 and n >= 3 and (same == len(para) or len(para) >= 4 and 2 * same > len(para)):
        return True
    # rows under a group's label, each opening with its own label ('Hydration (AU)' / 'Baseline 21.6
    # + 8.4 22.3 + 9.1' / 'Week 8 38.9 + 10.2 ...'): a broken row's next line opens with a value
    labelled = [ln for ln in para if _LABEL_FIRST.match(lines[ln - 1]) and len(_NUMBER.findall(lines[ln - 1])) >= 3]
    return len(labelled) >= 2 and not any(_VALUE_FIRST.match(lines[ln - 1]) for ln in para)


#: A line that opens with a value (a broken row's next line: '8.4 + 1.6 9.2 + 2.0 10.4', '+ 0.8 5.6').
_VALUE_FIRST = re.compile(r"^\s*(?:[-+−±<>]\s?)?\.?\d")
#: A line that opens with a word of letters (a row's label).
_LABEL_FIRST = re.compile(r"^\s*[A-Za-z][A-Za-z-]+\b")


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids: list[Grid] = []
    for group in _groups(lines, skip):
        if sum(1 for para in group if len(para) > 1) < 2:
            continue  # no row broken over lines: the aligned reader's table, if any
        run = [_Text([(word, ln) for ln in para for word in lines[ln - 1].split()]) for para in group]
        for grid in read_view(run):
            rows = [(i, row) for i, (_, row) in enumerate(grid.rows) if any(cells.value_like(c) for c in row[1:])]
            broken = sum(1 for i, row in rows if grid.cell_lines and len(
                {ln for ln, c in zip(grid.cell_lines[i], row) if c}) > 1)
            if broken >= 2 and all(row[0].strip() for _, row in rows):
                grids.append(dataclasses.replace(grid, form=FORM))
    return grids
