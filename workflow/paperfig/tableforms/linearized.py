"""Linearised tables, as chart-to-table models (DePlot, MatCha, Pix2Struct, UniChart) print them.

These models decode a chart into a whole table on ONE line: the newline of each row is printed
as the token text ``<0x0A>`` (or as a literal backslash-n ``\\n`` when the output was dumped
as an escaped string; UniChart separates rows by `` & ``), the cells of a row are separated by
`` | ``.

Grammar
-------
* **Line.** A line holding at least two row separators (``<0x0A>`` or a literal ``\\n``) and
  at least two pipes. Every row of the table has that line (``Grid.lines`` is just it).
  Other lines (the log of the script that ran the model, a warning that quotes ``<0x0A>``)
  are never part of it.
* **Rows.** The line split at its separators (``<0x0A>`` when the line has one, else
  ``\\n``); each part split at ``|`` (spaces around the pipes stripped). A prefix before the
  table (``figure_4.png: ``, a quote or bracket of a printed Python string or list) is
  dropped: the table starts at ``TITLE |`` when the line has it; the model's special tokens
  (``<s>``, ``</s>``, ``<pad>``) and surrounding quotes are removed. Empty parts (two
  separators in a row, a trailing separator) are no rows.
* **Decoded.** The same table with its newlines decoded: a line ``TITLE | <text>`` followed by
  >= 2 lines of cells separated by `` | `` (no outer pipes, no alignment row); the run ends at
  the first line without a pipe. Each row keeps its own line.
* **Title.** A first row ``TITLE | <text>`` is the chart's title: ``Grid.caption`` (no caption
  when the text is empty), not a row.
* **Table.** At least two rows after the title, each with at least two cells (so a line of
  prose quoting ``<0x0A>`` is never a table), none of them a Markdown alignment row
  (``--- | ---``: a pipe table escaped into one string is not a model's output). Rows are
  padded with "" to the widest row. The first row is the header (``Grid.header_rows`` = 1)
  when none of its cells after the first is a number (DePlot always prints one:
  ``Year | Sales``).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .. import cells
from . import Grid
from ._text import squash

_SEPARATOR = re.compile(r"\s*(?:<0x0A>|\\n)\s*")
_TOKEN_SEPARATOR = re.compile(r"\s*<0x0A>\s*")
_ALIGN = re.compile(r"^:?-{2,}:?$")
_AMPERSAND = re.compile(r"\s+&\s+")
_PIPE = re.compile(r"\s*\|\s*")
_SPECIAL = re.compile(r"</?s>|<pad>|<unk>|<s_[a-z_]+>|</s_[a-z_]+>|<[a-z]+(?:_[a-z]+)+>")  # task tokens too
_TITLE = re.compile(r"\bTITLE\s*\|")
_QUOTES = "'\""


def _parts(line: str) -> list[str]:
    text = _SPECIAL.sub(" ", line)
    title = _TITLE.search(text)
    if title:
        text = text[title.start():]
    separator = _TOKEN_SEPARATOR if "<0x0A>" in text else _SEPARATOR if "\\n" in text else _AMPERSAND
    parts = [p.strip() for p in separator.split(text)]
    if parts and not title:
        parts[0] = parts[0].lstrip(_QUOTES + "[ ")
    if parts:
        last = parts[-1].rstrip(_QUOTES + ", ")
        while last and last[-1] in ")]" and last.count(last[-1]) > last.count("(" if last[-1] == ")" else "["):
            last = last[:-1].rstrip(_QUOTES + ", ")  # the bracket closing a printed list or call
        parts[-1] = last
    return [p for p in parts if p]


def _row(part: str) -> list[str]:
    return [squash(c) for c in _PIPE.split(part)]


def _row_separators(line: str) -> int:
    if "<0x0A>" in line or "\\n" in line:
        return len(_SEPARATOR.findall(line))
    amps = len(_AMPERSAND.findall(line))  # UniChart: 'a | b & 1 | 4.2 & 8 | 11.5'
    return amps if amps >= 2 and line.count("|") >= amps else 0


def read_line(line: str) -> tuple[str | None, list[list[str]]] | None:
    """(title or None, rows) of one linearised line, or None when it is not one."""
    if _row_separators(line) < 2 or line.count("|") < 2:
        return None
    parts = _parts(line)
    title = None
    if parts and _TITLE.match(parts[0]):
        title = squash(_TITLE.sub("", parts[0], count=1))
        parts = parts[1:]
    rows = [_row(p) for p in parts]
    if len(rows) < 2 or any(len(r) < 2 for r in rows):
        return None
    if any(all(_ALIGN.match(c) or not c for c in r) for r in rows):
        return None  # a Markdown pipe table written on one line: not a chart model's output
    return title, rows


_DECODED_ROW = re.compile(r"^[^|]*\S\s*\|\s*\S[^|]*(?:\|[^|]*)*$")


def _decoded(lines: Sequence[str], skip: Collection[int], ln: int) -> Grid | None:
    """The decoded form: ``TITLE | ..`` on line ``ln`` and its rows on the lines after it."""
    title = squash(_TITLE.sub("", _SPECIAL.sub(" ", lines[ln - 1]), count=1))
    last = ln
    while (last < len(lines) and last + 1 not in skip and _DECODED_ROW.match(lines[last].strip())
           and not lines[last].strip().startswith("|") and not lines[last].strip().endswith("|")):
        last += 1
    rows = [_row(_SPECIAL.sub(" ", lines[i - 1]).strip()) for i in range(ln + 1, last + 1)]
    if len(rows) < 2 or any(all(_ALIGN.match(c) or not c for c in r) for r in rows):
        return None
    width = max(len(r) for r in rows)
    rows = [r + [""] * (width - len(r)) for r in rows]
    header = 1 if not any(cells.numeric_cell(c) for c in rows[0][1:]) else 0
    return Grid(form="linearized", first_line=ln, last_line=last, rows=list(zip(range(ln + 1, last + 1), rows)),
                lines=list(range(ln, last + 1)), caption=(ln, title) if title else None, header_rows=header)


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids = []
    for ln, line in enumerate(lines, 1):
        if ln not in skip and line.lstrip().startswith("TITLE |") and _row_separators(line) < 2:
            if grid := _decoded(lines, skip, ln):
                grids.append(grid)
            continue
        if ln in skip or ("<0x0A>" not in line and "\\n" not in line and " & " not in line):
            continue
        read = read_line(line)
        if read is None:
            continue
        title, rows = read
        width = max(len(r) for r in rows)
        rows = [r + [""] * (width - len(r)) for r in rows]
        header = 1 if not any(cells.numeric_cell(c) for c in rows[0][1:]) else 0
        grids.append(Grid(form="linearized", first_line=ln, last_line=ln, rows=[(ln, r) for r in rows],
                          lines=[ln], caption=(ln, title) if title else None, header_rows=header))
    return grids
