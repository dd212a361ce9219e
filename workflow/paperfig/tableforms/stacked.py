"""Tables printed one cell per line, as ``pdftotext`` (without ``-layout``) and some PDF copy
-pastes print them: the header words, then each row's label and values, each on its own line.

Grammar
-------
* **Cell line.** A short line (at most 5 words and 40 characters) that is not a heading,
  bullet, caption or sentence (no ``word.`` at its end, no ``:`` inside).
* **Block.** A run of consecutive cell lines. It is a table of ``p`` columns (2 <= p <= 12)
  when it reads as ``p`` header lines that are not values, then at least two rows of ``p``
  lines each: ``q`` lines that are not values (the row label, and text columns such as a
  backbone: the same ``q`` in every row, fewest first) followed by ``p - q`` value lines (any
  value of the cell grammar: ``84.6``, ``71.2%``, ``-``, ``N/A``...). The header may be
  absent (rows straight away). When several ``p`` fit, the one whose rows use the whole run
  wins, then the larger ``p``. A run that fits no ``p`` is left to the other readers (and is
  prose for them).
* **Blocks of a row each** (docTR's ``render()``, OCR of a table image): paragraphs of cell
  lines separated by one blank line, >= 3 of them and all of one length ``p`` (the header's
  cells, then a row's): the same table with ``p`` fixed, the blank lines part of it.
* **Lines.** Every cell keeps its own line (``Grid.cell_lines``): a value is reported on the
  line it is printed on. The header lines make one header row (``Grid.header_rows`` = 1).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .. import cells, patterns
from . import Grid

_SENTENCE_END = re.compile(r"[A-Za-z]{3,}[.!?]$")


def _cell_line(line: str) -> bool:
    s = line.strip()
    if not s or len(s) > 40 or len(s.split()) > 5 or "\t" in s or "|" in s:
        return False
    if patterns.heading(line) or patterns.BULLET.match(line) or patterns.caption_kind(line):
        return False
    return not _SENTENCE_END.search(s) and ":" not in s


def _is_value(text: str) -> bool:
    return cells.numeric_cell(text) or cells.is_missing(text)


def _fit(flags: list[bool], p: int) -> tuple[int, int] | None:
    """(header lines, rows) when the run reads as an optional header of p text lines and then
    rows [q text cells, p-q values]; None otherwise."""
    for header in (p, 0):
        body = flags[header:]
        if header and any(flags[:header]):
            continue
        rows = len(body) // p
        if rows < 2:
            continue
        for q in range(1, p):
            if all(not any(body[r * p:r * p + q]) and all(body[r * p + q:(r + 1) * p]) for r in range(rows)):
                return header, rows
    return None


def _blocks(lines: Sequence[str], skip: Collection[int]) -> list[tuple[list[int], int]]:
    """Runs of >= 3 paragraphs of cell lines, one blank line apart, all of one length p:
    (their cell lines, p)."""
    paragraphs: list[list[int]] = []
    para: list[int] = []
    for ln in range(1, len(lines) + 2):
        if ln <= len(lines) and ln not in skip and _cell_line(lines[ln - 1]):
            para.append(ln)
            continue
        if para:
            paragraphs.append(para)
        para = []
    out: list[tuple[list[int], int]] = []
    group: list[list[int]] = []
    for para in paragraphs + [[]]:
        if group and para and len(para) == len(group[0]) and para[0] == group[-1][-1] + 2 and len(para) >= 2:
            group.append(para)
            continue
        if len(group) >= 3:
            out.append(([ln for g in group for ln in g], len(group[0])))
        group = [para] if para else []
    return out


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    runs: list[list[int]] = []
    run: list[int] = []
    for ln in range(1, len(lines) + 2):
        if ln <= len(lines) and ln not in skip and _cell_line(lines[ln - 1]):
            run.append(ln)
            continue
        if len(run) >= 6:
            runs.append(run)
        run = []
    blocks = _blocks(lines, skip)
    in_blocks = {ln for run, _ in blocks for ln in run}
    runs = [run for run in runs if not in_blocks & set(run)]
    grids = []
    for run, fixed in [(run, 0) for run in runs] + blocks:
        texts = [lines[ln - 1].strip() for ln in run]
        flags = [_is_value(t) for t in texts]
        best = None
        for p in ([fixed] if fixed else range(2, 13)):
            fit = _fit(flags, p)
            if fit:
                header, rows = fit
                used = header + rows * p
                key = (used == len(run), used, p)
                if best is None or key > best[0]:
                    best = (key, p, header, rows)
        if best is None:
            continue
        _, p, header, rows = best
        used = run[: header + rows * p]
        out_rows, out_lines = [], []
        if header:
            out_rows.append((used[0], texts[:header]))
            out_lines.append(used[:header])
        for r in range(rows):
            at = used[header + r * p: header + (r + 1) * p]
            out_rows.append((at[0], [lines[ln - 1].strip() for ln in at]))
            out_lines.append(at)
        grids.append(Grid(form="stacked", first_line=used[0], last_line=used[-1], rows=out_rows,
                          lines=list(range(used[0], used[-1] + 1)),
                          header_rows=1 if header else 0, cell_lines=out_lines,
                          notes=[(used[0], "one_cell_per_line",
                                  f"lines {used[0]}-{used[-1]} read as a table of {p} columns printed "
                                  "one cell per line")]))
    return grids
