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
  absent (rows straight away). Up to two text lines may stand before the header (the
  wrapped tail of a caption, ``roadside survey, 2023``): they are no cells. When several
  ``p`` fit, the one whose rows use the whole run
  wins, then the larger ``p``. A run that fits no ``p`` is left to the other readers (and is
  prose for them).
* **Blocks of a row each** (docTR's ``render()``, OCR of a table image): paragraphs of cell
  lines separated by one blank line, >= 3 of them and all of one length ``p`` (the header's
  cells, then a row's): the same table with ``p`` fixed, the blank lines part of it.
* **Spaced cells** (Tesseract's ``--psm 11`` sparse text: every cell its own paragraph): a run
  of >= 6 cell lines each alone between blank lines, exactly one blank line apart (no other
  blank-line gap inside): read as one run of cell lines, the blank lines part of the block.
  Row labels may hold digits (``ViT-B/16``): a cell is a value only by the cell grammar.
* **Strings** (``find(..., strings=True)``, a view of a tool's printed strings, one per line,
  :mod:`.printouts`): each line is known to be one recognised string, so a leading ``-`` or
  ``#`` is the string's own text (an ablation row ``- reranker``), not a bullet or heading.
* **Lines.** Every cell keeps its own line (``Grid.cell_lines``): a value is reported on the
  line it is printed on. The header lines make one header row (``Grid.header_rows`` = 1).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .. import cells, patterns
from . import Grid

_SENTENCE_END = re.compile(r"[A-Za-z]{3,}[.!?]$")
#: Text lines that may stand before a table's header in a run (a caption's wrapped tail).
_MAX_LEAD = 2


def _cell_line(line: str, strings: bool = False) -> bool:
    s = line.strip()
    if not s or len(s) > 40 or len(s.split()) > 5 or "\t" in s or "|" in s:
        return False
    if patterns.caption_kind(line) or not strings and (patterns.heading(line) or patterns.BULLET.match(line)):
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


def _paragraphs(lines: Sequence[str], skip: Collection[int], strings: bool) -> list[list[int]]:
    """Maximal runs of consecutive cell lines (their line numbers)."""
    paragraphs: list[list[int]] = []
    para: list[int] = []
    for ln in range(1, len(lines) + 2):
        if ln <= len(lines) and ln not in skip and _cell_line(lines[ln - 1], strings):
            para.append(ln)
            continue
        if para:
            paragraphs.append(para)
        para = []
    return paragraphs


def _spaced(lines: Sequence[str], paragraphs: list[list[int]]) -> list[list[int]]:
    """Runs of >= 6 one-line paragraphs, each one blank line after the previous (spaced cells)."""
    out: list[list[int]] = []
    run: list[int] = []
    for para in paragraphs + [[]]:
        if len(para) == 1 and (not run or para[0] == run[-1] + 2 and not lines[para[0] - 2].strip()):
            run.append(para[0])
            continue
        if len(run) >= 6:
            out.append(run)
        run = [para[0]] if len(para) == 1 else []
    return out


def _blocks(paragraphs: list[list[int]]) -> list[tuple[list[int], int]]:
    """Runs of >= 3 paragraphs of cell lines, one blank line apart, all of one length p:
    (their cell lines, p)."""
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


def find(lines: Sequence[str], skip: Collection[int] = (), strings: bool = False) -> list[Grid]:
    """The one-cell-per-line tables of ``lines``; ``strings``: the lines are a tool's strings."""
    paragraphs = _paragraphs(lines, skip, strings)
    blocks = _blocks(paragraphs)
    in_blocks = {ln for run, _ in blocks for ln in run}
    runs = [para for para in paragraphs if len(para) >= 6 and not in_blocks & set(para)]
    runs += [run for run in _spaced(lines, paragraphs) if not in_blocks & set(run)]
    grids = []
    for whole, fixed in [(run, 0) for run in runs] + blocks:
        all_flags = [_is_value(lines[ln - 1].strip()) for ln in whole]
        best = None
        # A caption wrapped over lines leaves its tail (``roadside survey, 2023``) before the
        # header: up to _MAX_LEAD text lines may stand before the table and are not its cells.
        lead_max = 0 if fixed else min(_MAX_LEAD, next((i for i, f in enumerate(all_flags) if f), 0))
        for lead in range(lead_max + 1):
            for p in ([fixed] if fixed else range(2, 13)):
                fit = _fit(all_flags[lead:], p)
                if fit and (fit[0] or not lead):  # text before the table stands before its header
                    header, rows = fit
                    used = header + rows * p
                    key = (lead + used == len(whole), used, p, -lead)
                    if best is None or key > best[0]:
                        best = (key, p, header, rows, lead)
        if best is None:
            continue
        _, p, header, rows, lead = best
        run = whole[lead:]
        texts = [lines[ln - 1].strip() for ln in run]
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
