"""Comma- or semicolon-separated tables, as chat models and notebooks print them.

Grammar
-------
* **Block.** A fenced code block (```` ``` ````, ```` ```csv ````, ```` ~~~ ````) whose lines,
  read with the standard library's :mod:`csv` module, all split into the same number (>= 2) of
  cells on one delimiter (``,``, ``;`` or ``|``-free tab-less text: the delimiter is the one of
  ``,`` ``;`` that splits every line evenly). Quoted cells keep their commas
  (``"41,021",3.2``); a line whose cells are quoted with ``'`` (AWS Textract's CSV:
  ``'ResNet-50 ','2,410 '``) uses that quote. The fence lines belong to the block; they are not rows.
* **Bare CSV** (no fence) is a table only when at least three consecutive lines split into
  the same number (>= 3) of cells on ``,`` with no space after the commas, and at least one
  cell of each line after the first is a number: prose never looks like that (a list
  "a, b, c" has spaces after its commas), and neither does a JSON object on one line nor a
  line of columns aligned by runs of spaces (``355   10,557   62,104``: thousands commas), nor
  one of single-spaced columns whose every comma is a thousands separator (``Societal 23,508
  11.268 412 6,438``), nor a range whose every comma is one (``1,075–1,270``).
* **Quoted records** (camelot's and tabula's CSV): every field in double quotes, a quoted field
  may hold line breaks (``"BLIP-2`` / ``ViT-g","ICML'23","97.6"``), so one record spans
  several lines. A run of >= 3 such records of one width (>= 2), starting at a line that opens
  with ``"`` and holding ``","`` and ending at a blank line, is a table when a record after
  the first holds a number; the leading records without a number are its header. A value keeps
  the line it is printed on (``Grid.cell_lines``), a record's line is its last line.
* **Header.** The first line is the header when none of its cells after the first is a number
  (``Grid.header_rows`` = 1); otherwise the table logic decides.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Collection, Sequence

from .. import cells
from . import Grid

_FENCE = re.compile(r"^\s*(```|~~~)\s*([\w+-]*)\s*$")
_DELIMS = (",", ";")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_DIGIT_DASH = re.compile(r"\d\s?[–—-]\s?\d")  # a range's dash between two numbers


def _split(line: str, delim: str) -> list[str]:
    quote = "'" if line.lstrip().startswith("'") else '"'  # AWS Textract's CSV: 'ResNet-50 ','79.8 '
    return [c.strip() for c in next(csv.reader([line], delimiter=delim, quotechar=quote, skipinitialspace=True))]


def _even(lines: list[str]) -> str | None:
    """The delimiter that splits every line into the same number (>= 2) of cells."""
    for delim in _DELIMS:
        widths = {len(_split(line, delim)) for line in lines}
        if len(widths) == 1 and widths.pop() >= 2:
            return delim
    return None


def _grid(rows_at: list[int], lines: Sequence[str], delim: str, block: list[int]) -> Grid:
    rows = [(ln, _split(lines[ln - 1], delim)) for ln in rows_at]
    header = 1 if not any(cells.numeric_cell(c) for c in rows[0][1][1:]) and len(rows) > 1 else 0
    return Grid(form="delimited", first_line=block[0], last_line=block[-1], rows=rows, lines=block,
                header_rows=header)


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids: list[Grid] = []
    taken: set[int] = set()
    i = 0
    n = len(lines)
    while i < n:  # fenced blocks
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        close = next((j for j in range(i + 1, n) if lines[j].strip().startswith(m.group(1))), None)
        if close is None:
            break
        body = [ln for ln in range(i + 2, close + 1) if lines[ln - 1].strip()]
        block = list(range(i + 1, close + 2))
        if body and not set(block) & set(skip) and len(body) >= 2 and "\t" not in "".join(
                lines[ln - 1] for ln in body):
            delim = _even([lines[ln - 1] for ln in body])
            if delim:
                grids.append(_grid(body, lines, delim, block))
                taken.update(block)
        i = close + 1
    grids += _quoted_tables(lines, set(skip) | taken)
    taken.update(ln for g in grids for ln in g.lines)
    run: list[int] = []
    for ln in range(1, n + 2):  # bare CSV
        line = lines[ln - 1] if ln <= n else ""
        if ln <= n and ln not in skip and ln not in taken and _bare_row(line):
            if run and len(_split(line, ",")) != len(_split(lines[run[-1] - 1], ",")):
                _close_bare(run, lines, grids)
                run = []
            run.append(ln)
            continue
        _close_bare(run, lines, grids)
        run = []
    return sorted(grids, key=lambda g: g.first_line)


_QUOTED_FIELD = re.compile(r'"((?:[^"]|"")*)"(,|\n|$)')


def _quoted_records(text: str) -> list[list[tuple[str, int]]] | None:
    """Records of fully quoted CSV text: [(field text, offset of its start)] per record; None
    when the text is not only quoted fields."""
    records: list[list[tuple[str, int]]] = [[]]
    pos = 0
    while pos < len(text):
        m = _QUOTED_FIELD.match(text, pos)
        if not m:
            return None
        records[-1].append((m.group(1).replace('""', '"'), m.start(1)))
        pos = m.end()
        if m.group(2) != ",":
            records.append([])
    return [r for r in records if r]


def _quoted_tables(lines: Sequence[str], skip: Collection[int]) -> list[Grid]:
    grids = []
    ln = 1
    while ln <= len(lines):
        if ln in skip or not lines[ln - 1].startswith('"') or '","' not in lines[ln - 1]:
            ln += 1
            continue
        last = ln
        while last < len(lines) and lines[last].strip() and last + 1 not in skip:
            last += 1
        block = list(range(ln, last + 1))
        grid = _quoted_grid(lines, block)
        if grid:
            grids.append(grid)
        ln = last + 1
    return grids


def _quoted_grid(lines: Sequence[str], block: list[int]) -> Grid | None:
    text = "\n".join(lines[i - 1].rstrip() for i in block)
    records = _quoted_records(text)
    if not records or len(records) < 3 or len({len(r) for r in records}) != 1 or len(records[0]) < 2:
        return None
    if not any(cells.numeric_cell(c) for r in records[1:] for c, _ in r):
        return None
    starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
    line_of = lambda offset: block[0] + sum(1 for s in starts[1:] if s <= offset)  # noqa: E731
    rows, cell_lines = [], []
    for record in records:
        at = [line_of(offset) for _, offset in record]
        ends = [line_of(offset + len(c)) for c, offset in record]
        rows.append((max(ends), [" ".join(c.split()) for c, _ in record]))
        cell_lines.append([e if cells.numeric_cell(c) else a for (c, _), a, e in zip(record, at, ends)])
    header = 0  # the leading records without a number (camelot prints a two-line header so)
    while header < len(rows) - 1 and not any(cells.numeric_cell(c) for c in rows[header][1][1:]):
        header += 1
    return Grid(form="delimited", first_line=block[0], last_line=block[-1], rows=rows, lines=block,
                header_rows=header, cell_lines=cell_lines)


def _bare_row(line: str) -> bool:
    s = line.strip()
    if s.startswith("{") and s.rstrip(",").endswith("}"):
        return False  # a JSON object printed on one line (jq -c): its commas separate fields
    # 3 cells need 2 commas; aligned columns with thousands (355   10,557   62,104) are no CSV
    if (" " in s or _DIGIT_DASH.search(s)) and len(_THOUSANDS.findall(s)) == s.count(","):
        return False  # single-spaced columns or a range whose commas are all thousands (1,075–1,270)
    return (s.count(",") >= 2 and ", " not in s and "\t" not in s and "  " not in s and "|" not in s
            and len(_split(s, ",")) >= 3)


def _close_bare(run: list[int], lines: Sequence[str], grids: list[Grid]) -> None:
    if len(run) < 3:
        return
    body = [_split(lines[ln - 1], ",") for ln in run[1:]]
    if all(any(cells.numeric_cell(c) for c in row[1:]) for row in body):
        grids.append(_grid(run, lines, ",", run))
