"""Tables given as document elements with structure paths, as Adobe PDF Extract's
``structuredData.json`` lists them (one element per line when printed with ``jq -c``, or
pretty-printed over several lines)::

    {"Path":"//Document/Table[2]/TR[2]/TD[3]/P","Text":"61.4 ","Bounds":[262.6,448.3,280.5,458.1]}

Grammar: an element's ``"Path"`` names its table, row and cell: ``.../Table[t]/TR[r]/TD[c]``
or ``TH[c]`` (an index left out is 1; ``/P``, ``/Span`` ... below the cell are parts of the
cell's text, joined with a space). The element's ``"Text"`` string, printed after its path on
the same line or on a later line of the same object (before the next ``"Path"``), is the cell's
text, and its line is the cell's line. An element of the table without a row and cell (the
table itself, ``"Text": null``) is no cell. ``Bounds``, ``TextSize`` and every other field are
layout, never values. Rows are ordered by r, cells by c (a cell not listed is ""); the leading
rows made only of ``TH`` cells are the header (``Grid.header_rows``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence

from . import Grid
from ._text import squash

_PATH = re.compile(r'"Path"\s*:\s*"(?P<path>[^"]*)"')
_TEXT = re.compile(r'"Text"\s*:\s*(?P<text>"(?:[^"\\]|\\.)*"|null)')
_CELL = re.compile(r"^(?P<table>.*?/Table(?:\[\d+\])?)/TR(?:\[(?P<r>\d+)\])?/(?P<kind>TH|TD)(?:\[(?P<c>\d+)\])?")
#: How many lines after its path a pretty-printed element may print its text.
_MAX_SPAN = 12


def _cells(lines: Sequence[str], skip: Collection[int]) -> list[tuple[str, int, int, str, int, str]]:
    """(table path, row, column, kind, line, text) of every cell element, in printed order."""
    out = []
    for i, line in enumerate(lines):
        if '"Path"' not in line or i + 1 in skip:
            continue
        for m in _PATH.finditer(line):
            cell = _CELL.match(m.group("path"))
            if not cell:
                continue
            found = _text_after(lines, i, m.end(), skip)
            if found is None:
                continue
            ln, text = found
            out.append((cell.group("table"), int(cell.group("r") or 1), int(cell.group("c") or 1),
                        cell.group("kind"), ln, text))
    return out


def _text_after(lines: Sequence[str], i: int, start: int, skip: Collection[int]) -> tuple[int, str] | None:
    """(line, decoded text) of the element's ``"Text"`` after its path, or None (null, none)."""
    for j in range(i, min(len(lines), i + _MAX_SPAN)):
        if j + 1 in skip:
            return None
        segment = lines[j][start:] if j == i else lines[j]
        nxt = segment.find('"Path"')
        m = _TEXT.search(segment if nxt < 0 else segment[:nxt])
        if m:
            if m.group("text") == "null":
                return None
            try:
                return j + 1, squash(json.loads(m.group("text")))
            except ValueError:
                return None
        if nxt >= 0:
            return None
    return None


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    if not any('"Path"' in line for line in lines):
        return []
    tables: dict[str, dict[tuple[int, int], tuple[str, int, str]]] = {}
    for table, r, c, kind, ln, text in _cells(lines, skip):
        cell = tables.setdefault(table, {}).get((r, c))
        joined = f"{cell[2]} {text}".strip() if cell else text  # a cell's text in parts (/P, /Span)
        tables[table][(r, c)] = (kind, cell[1] if cell else ln, joined)
    grids = []
    for cells in tables.values():
        row_ids = sorted({r for r, _ in cells})
        width = max(c for _, c in cells)
        if len(row_ids) < 2 or width < 2:
            continue
        rows, cell_lines, header = [], [], 0
        for r in row_ids:
            at = [cells.get((r, c)) for c in range(1, width + 1)]
            row_line = min(x[1] for x in at if x)
            rows.append((row_line, [x[2] if x else "" for x in at]))
            cell_lines.append([x[1] if x else row_line for x in at])
            if header == len(rows) - 1 and all(x is None or x[0] == "TH" for x in at):
                header += 1
        used = [ln for row in cell_lines for ln in row]
        first, last = min(used), max(used)
        grids.append(Grid("elementpaths", first, last, rows, list(range(first, last + 1)),
                          header_rows=header if header < len(rows) else 0, cell_lines=cell_lines))
    return sorted(grids, key=lambda g: g.first_line)
