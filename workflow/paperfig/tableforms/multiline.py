"""Pandoc's "simple" and "multiline" tables, as Markdown decks and pandoc/Quarto output print them.

No delimiter marks the cells: a line of dash runs gives the column extents, and every word of
the table lands in the column it stands under.

Grammar
-------
* **Dash-runs line.** A line made only of runs of >= 2 dashes separated by spaces, with at
  least two runs (``-------  ------  ----``). Each run is a column's extent (its first and last
  character position). A **full dashed line** is one run of >= 3 dashes (``-----------``). A
  Markdown rule ``---``, a setext underline or a YAML front-matter fence is one run: it never
  starts a table alone (see below), so prose and front matter stay prose.
* **Multiline table.** A full dashed line, then 1-4 non-blank header lines, then a dash-runs
  line, then the body up to the closing dashed line (full or dash-runs). The body's rows are
  separated by blank lines: a row's lines are joined per column (``LightGBM`` over ``quantile``
  -> ``LightGBM quantile``) and the row's line is its FIRST line; a line of only numbers in
  parentheses under a regression's coefficients (``(0.071)  (0.058)``) is a row of its own, on
  its own line (the table logic reads standard-error rows). A body with no blank line at all is
  read one row per line, a line with an empty first column and no digit in its other cells
  continuing the row above (values under a blank label are a row of their own: ``HBOT`` /
  ``Control`` under one measure). The header lines are joined per column into one header row
  (``Grid.header_rows`` = 1). Without a closing line before three blank lines in a row, a
  heading, a caption or a fence (or within 80 lines), the table is read as a simple one.
* **Simple table.** A non-blank header line directly above a dash-runs line (the header is that
  one line; a heading, caption or bullet there is no header, and no simple table starts), then
  one row per line up to a blank line; most rows holding two gaps of 2+ spaces inside one run,
  or a first word wholly left of the first run, are no pandoc table (a layout's rules under
  group names). A dashed line in the body ends the table when a blank
  line (or the end) follows it; otherwise it is a rule inside the table (its line is the
  block's, not a row).
* **Headerless.** A dash-runs line after a blank line (or at the start) opens a table without
  header; it must be closed by a dash-runs line of the same extents, with no run of three
  blank lines, heading, caption or fence before it (blank-line-separated rows as in a multiline table, else one row per
  line).
* **Cells.** Each line's words (whitespace-separated) go to the column whose extent they
  overlap most (a word in a gap: the nearest column); the words of one column are joined with
  a space. Cell text is kept as printed (inline math made plain: ``2.1 $\\pm$ 0.4`` -> ``2.1 ±
  0.4``): ``--`` is pandoc's missing-value mark and stays ``--``.
  A table needs a body row with >= 2 non-empty cells, and a header (when it has one) with
  text in >= 2 columns.
* **Caption.** A line ``Table: ...`` or ``: ...`` directly after the table (one blank line
  allowed between), else directly before it, is its caption (``Grid.caption``); the caption
  line is not one of the block's lines.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .. import patterns
from . import Grid
from ._text import runs, squash

_FENCE = re.compile(r"^\s*(?:```|~~~)")  # a code fence closes a table printed inside it
_DASH_RUNS = re.compile(r"^ *-{2,}(?: +-{2,})+ *$")
_FULL_DASH = re.compile(r"^ *-{3,} *$")
_RUN = re.compile(r"-{2,}")
_WORD = re.compile(r"\S+")
_DIGIT = re.compile(r"\d")
_CAPTION = re.compile(r"^\s*(?:[Tt]able)?:\s+(\S.*)$")
_MAX_HEADER_LINES = 4
_MAX_BODY_LINES = 80
_OUTSIDE = re.compile(r"^\s*(?:#{1,6}\s|(?:[Tt]able)?:\s|```|~~~|:::)")

Extents = list[tuple[int, int]]


def _text(lines: Sequence[str], ln: int) -> str:
    return lines[ln - 1].expandtabs(8).rstrip() if 1 <= ln <= len(lines) else ""


def _extents(line: str) -> Extents:
    return [(m.start(), m.end()) for m in _RUN.finditer(line)]


def _is_dashes(line: str) -> bool:
    return bool(_DASH_RUNS.match(line) or _FULL_DASH.match(line))


def _same_extents(a: Extents, b: Extents) -> bool:
    return len(a) == len(b) and all(abs(x[0] - y[0]) <= 1 and abs(x[1] - y[1]) <= 1 for x, y in zip(a, b))


def _closes(line: str, extents: Extents) -> bool:
    """A dashed line that may close a table of these extents: the same runs, or one full run
    at least half as wide as the table."""
    if _DASH_RUNS.match(line):
        return _same_extents(_extents(line), extents)
    if _FULL_DASH.match(line):
        run = _extents(line)[0]
        return run[1] - run[0] >= max(3, (extents[-1][1] - extents[0][0]) // 2)
    return False


def _outside(line: str) -> bool:
    """A line no table body holds: a heading, a caption, a code fence or a div fence."""
    return bool(_OUTSIDE.match(line))


def _not_header(line: str) -> bool:
    """A line above a dash-runs line that is no header: a heading, a caption, a bullet."""
    return bool(_outside(line) or patterns.heading(line) or patterns.caption_kind(line)
                or patterns.BULLET.match(line))


def _column(start: int, end: int, extents: Extents) -> int:
    best, best_key = 0, None
    for i, (a, b) in enumerate(extents):
        overlap = min(end, b) - max(start, a)
        gap = 0 if overlap > 0 else min(abs(start - b), abs(a - end))
        key = (overlap if overlap > 0 else 0, -gap)
        if best_key is None or key > best_key:
            best, best_key = i, key
    return best


def _split(line: str, extents: Extents) -> list[str]:
    out: list[list[str]] = [[] for _ in extents]
    for m in _WORD.finditer(line):
        out[_column(m.start(), m.end(), extents)].append(m.group(0))
    return [_math_plain(squash(" ".join(words))) for words in out]


def _math_plain(text: str) -> str:
    """Inline math in a cell made plain (``2.1 $\\pm$ 0.4`` -> ``2.1 ± 0.4``), as in pipe tables."""
    if "\\" not in text:
        return text  # (no LaTeX command: '$12 to $15' is money, kept as printed)
    from .latex import clean_inline

    return squash(clean_inline(text))


def _join(parts: list[list[str]]) -> list[str]:
    return [squash(" ".join(p[i] for p in parts)) for i in range(len(parts[0]))]


def _rows_from(body: list[int], lines: Sequence[str], extents: Extents) -> list[tuple[int, list[str]]]:
    """Body lines (blank ones included) to rows: blank-separated groups when there is a blank
    line, else one row per line (a line with an empty first column continues the row above)."""
    groups: list[list[int]] = []
    texts = [_text(lines, ln) for ln in body]
    if any(not t.strip() for t in texts):
        groups = [[body[i - 1] for i in run] for run in runs(texts, str.strip)]
    else:
        for ln in body:
            cells_ = _split(_text(lines, ln), extents)
            if groups and not cells_[0] and len(extents) > 1 and not any(_DIGIT.search(c) for c in cells_[1:]):
                groups[-1].append(ln)  # a wrapped cell's next line (no values of its own)
            else:
                groups.append([ln])  # (a row under a blank label: the same group, a row of its own)
    rows = []
    for group in groups:
        parts: list[tuple[int, list[list[str]]]] = []
        for ln in group:
            cells_ = _split(_text(lines, ln), extents)
            if not parts or (not cells_[0] and _errors_only(cells_)):
                parts.append((ln, [cells_]))  # a regression's standard errors: their own row, line
            else:
                parts[-1][1].append(cells_)
        rows += [(ln, _join(cells_)) for ln, cells_ in parts]
    return rows


_ERROR_CELL = re.compile(r"^[(\[]\s*[-+−]?\d*\.?\d+\s*[)\]][*∗†‡]*$")


def _errors_only(cells_: list[str]) -> bool:
    """A line of a row that prints only numbers in parentheses (``(0.071)   (0.058)``): the
    standard errors under a regression's coefficients, a row of their own."""
    filled = [c for c in cells_ if c]
    return bool(filled) and all(_ERROR_CELL.match(c) for c in filled)


def _caption(lines: Sequence[str], first: int, last: int, taken: Collection[int]) -> tuple[int, str] | None:
    for ln in (last + 1, last + 2, first - 1, first - 2):
        if ln in taken or not 1 <= ln <= len(lines):
            continue
        between = range(last + 1, ln) if ln > last else range(ln + 1, first)
        if any(_text(lines, b).strip() for b in between):
            continue
        m = _CAPTION.match(lines[ln - 1])
        if m:
            return ln, squash(m.group(1))
    return None


def _table(rows: list[tuple[int, list[str]]], header: list[str] | None, header_line: int,
           block: list[int], lines: Sequence[str], skip: Collection[int]) -> Grid | None:
    if not any(sum(1 for c in cells_ if c) >= 2 for _, cells_ in rows):
        return None
    if header is not None and sum(1 for c in header if c) < 2:
        return None
    all_rows = ([(header_line, header)] if header is not None else []) + rows
    return Grid(form="multiline", first_line=block[0], last_line=block[-1], rows=all_rows, lines=block,
                caption=_caption(lines, block[0], block[-1], skip), header_rows=1 if header is not None else 0)


def _multiline(top: int, lines: Sequence[str], skip: Collection[int]) -> Grid | None:
    """A multiline table whose full dashed top line is ``top``."""
    n = len(lines)
    dash = next((ln for ln in range(top + 1, min(n, top + _MAX_HEADER_LINES + 1) + 1)
                 if not _text(lines, ln).strip() or _is_dashes(_text(lines, ln))), None)
    if dash is None or dash == top + 1 or not _DASH_RUNS.match(_text(lines, dash)):
        return None
    extents = _extents(_text(lines, dash))
    head_lines = list(range(top + 1, dash))
    header = _join([_split(_text(lines, ln), extents) for ln in head_lines])
    close = None
    blanks = 0
    for ln in range(dash + 1, min(n, dash + _MAX_BODY_LINES) + 1):
        text = _text(lines, ln)
        if ln in skip:
            break
        if not text.strip():
            blanks += 1
            if blanks >= 3:
                break
            continue
        blanks = 0
        if _outside(text):
            break
        if _is_dashes(text):
            if _closes(text, extents):
                close = ln
            break
    if close is None:
        return _simple(dash, lines, skip, first=top, header_lines=head_lines)
    body = list(range(dash + 1, close))
    rows = _rows_from(body, lines, extents)
    block = list(range(top, close + 1))
    return _table(rows, header, top + 1, block, lines, skip)


def _gapped_within(line: str, extents: Extents) -> bool:
    """A row with two or more runs of 2+ spaces between words inside one column's extent: columns
    of its own there (``pdftotext -layout`` under a group's rule, ``31.8 ± 1.6     9.4 ± 1.1``
    under one run), never a pandoc cell."""
    for lo, hi in extents:
        inner = [m for m in re.finditer(r"\S {2,}(?=\S)", line) if lo <= m.start() and m.end() < hi]
        if len(inner) >= 2:
            return True
    return False


def _left_of_runs(line: str, extents: Extents) -> bool:
    """A row whose first word ends before the first run begins: a column the dash runs leave out
    (``pdftotext -layout``'s rules under group names, the row labels left of them), never a pandoc
    table, whose dash line spans every column."""
    first = _WORD.search(line)
    return bool(first) and bool(extents) and first.end() < extents[0][0]


def _simple(dash: int, lines: Sequence[str], skip: Collection[int], first: int | None = None,
            header_lines: list[int] | None = None) -> Grid | None:
    """A simple table whose dash-runs line is ``dash``, header above it."""
    n = len(lines)
    extents = _extents(_text(lines, dash))
    if header_lines is None:
        header_lines = [dash - 1]
    header = _join([_split(_text(lines, ln), extents) for ln in header_lines])
    body: list[int] = []
    last = dash
    ln = dash + 1
    while ln <= n and ln not in skip and _text(lines, ln).strip() and not _FENCE.match(_text(lines, ln)):
        text = _text(lines, ln)
        if _is_dashes(text):
            if not _closes(text, extents):
                break
            last = ln
            if ln == n or not _text(lines, ln + 1).strip() or ln + 1 in skip:
                break  # the closing line
        else:
            body.append(ln)
            last = ln
        ln += 1
    if not body or sum(_gapped_within(_text(lines, ln), extents) or _left_of_runs(_text(lines, ln), extents)
                       for ln in body) * 2 > len(body):
        return None  # (a layout's rules under group names: its rows hold columns inside one run or left of all)
    rows = _rows_from(body, lines, extents)
    start = first if first is not None else header_lines[0]
    return _table(rows, header, header_lines[0], list(range(start, last + 1)), lines, skip)


def _headerless(dash: int, lines: Sequence[str], skip: Collection[int]) -> Grid | None:
    n = len(lines)
    extents = _extents(_text(lines, dash))
    blanks = 0
    for ln in range(dash + 1, min(n, dash + _MAX_BODY_LINES) + 1):
        text = _text(lines, ln)
        if ln in skip:
            return None
        if not text.strip():
            blanks += 1
            if blanks >= 3:
                return None
            continue
        blanks = 0
        if _outside(text):
            return None
        if _is_dashes(text):
            if not _DASH_RUNS.match(text) or not _same_extents(_extents(text), extents) or ln == dash + 1:
                return None
            rows = _rows_from(list(range(dash + 1, ln)), lines, extents)
            return _table(rows, None, dash + 1, list(range(dash, ln + 1)), lines, skip)
    return None


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids: list[Grid] = []
    taken: set[int] = set(skip)
    n = len(lines)
    ln = 1
    while ln <= n:
        if "--" not in lines[ln - 1]:  # no dash run (most lines): no table's rule
            ln += 1
            continue
        text = _text(lines, ln)
        grid = None
        if ln not in taken and _is_dashes(text):
            above = _text(lines, ln - 1) if ln > 1 and ln - 1 not in taken else ""
            if _FULL_DASH.match(text):
                grid = _multiline(ln, lines, taken)
            elif above.strip() and not _is_dashes(above) and not _not_header(above):
                grid = _simple(ln, lines, taken)
            elif not above.strip():
                grid = _headerless(ln, lines, taken)
        if grid is not None and not taken & set(grid.lines):
            grids.append(grid)
            taken.update(grid.lines)
            ln = grid.last_line + 1
            continue
        ln += 1
    return grids
