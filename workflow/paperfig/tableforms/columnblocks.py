"""Tables printed column by column, as text extractors that walk a PDF's text blocks in order
print them (markitdown, pdfminer's plain output): each column of the table is one paragraph.

::

    Model              <- header cells, one short paragraph each (optional)

    Params

    Conformer-S        <- the label column: one cell per line
    Whisper-small

    10.3M              <- a value column: as many lines as the label column
    244M

Grammar
-------
* **Paragraph**: a run of non-blank lines; paragraphs are separated by blank lines.
* **Column run**: >= 2 consecutive paragraphs of the same number n >= 2 of lines, each line
  short (<= 10 words), the first paragraph text (labels: no line is a value) and every other
  one made only of values (:func:`paperfig.cells.value_like`): the table's columns, in order.
* **Header**: the k single-line paragraphs directly before a run of k columns, when none is a
  value, a caption or a sentence; without them the columns are unnamed. A column may also
  carry its own name, one or two single-line paragraphs directly before it, or one paragraph
  of the name and its parenthesis (``Febuxostat`` / ``(n = 118)``), or of a group's name and
  the column's (``Impact force (kN)`` / ``new``, then ``abraded``: the group's too; ``Sheath`` /
  ``slippage (mm)``, its unit last, is one name wrapped) (OCR of an old
  table: ``Young (N = 24)`` / ``M`` / the values, then ``SD`` / the values): of two, the first
  names a group kept for the next columns; the label column's name is then the single-line
  paragraph before it (``Condition``). The label column itself may be printed one label per
  paragraph (``Region`` / ``Hallux`` / ``MTH 1`` ..., a blank line between them).
* **OCR**: a misread number (``5l6``, ``7O``) holds its row's place in a value column (the cell
  grammar refuses it, with a note), when most of the column are values.
* **Columns in one run** (plain ``pdftotext`` of a table whose columns are text blocks, with no
  blank line between them): within a run of short lines, a text group ending in ``n >= 2``
  labels (after one or two lines naming the label column), then ``k >= 2`` groups of ``n``
  values (``k >= 3`` when ``n = 2``), each after one to three lines naming its column (``Yield``
  / ``(kg/vine)``; a group's name over its columns, ``SRP alone (n = 21)`` / ``Baseline`` then
  ``6 months``, names them too; ``Obs.``, one word with its point, is a name). A label whose
  second line opens with a long lower-case word (``thiamethoxam 70 WS``) is one label; labels
  that recur under names that do not (``Dunlin`` / ``Upper`` / ``Lower`` / ``Common redshank`` /
  ``Upper`` / ``Lower``) are groups of rows, read as two label columns (:func:`_label_rows`). A
  run whose value lines a row-major one-cell-per-line table reads whole (:mod:`.stacked`) is
  left to it.
* **Headers first** (the same, the header cells all printed before the labels): k + 1 header
  cells (``kh`` / ``(d−1)``: a line opening with ``(`` continues the cell above; or a header of
  two rows, each group's name then the names under it printed again for each group), n labels
  (or n labels in groups, under two label columns' names: ``Habitat`` / ``Season``), then k x n
  values, column after column; after a caption that does not end its sentence, lines
  before the k + 1 header cells are the caption's wrapped tail (``histology in the cohort``).
* Row i is the i-th line of every column; each cell keeps its own line
  (``Grid.cell_lines``), a row the line of its label. A run must have >= 2 value columns, or
  one value column and a header, so that two short lists of words and numbers in prose are
  not a table.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence

from .. import cells, patterns
from . import Grid, aligned, stacked
from ._text import runs

_MAX_WORDS = 10
_LETTERS = re.compile(r"[^\W_]|%")  # a letter, a digit (a ratio label, '3:1') or '%'
_DIGIT = re.compile(r"\d")
#: A column's name abbreviated with a point (``Obs.``, ``No.``): a name, not a sentence's end.
_ABBREVIATION = re.compile(r"[A-Z][a-z]{1,4}\.")
#: A label's wrapped line: it opens with a word of four or more lower-case letters (``thiamethoxam
#: 70 WS`` under ``T1: Seed treatment (ST)``); ``pH 5``, ``mRNA``, ``n-hexane`` open labels.
_CONTINUED = re.compile(r"[a-z]{4,}\b(?!-)")


def _short(lines: Sequence[str], para: list[int]) -> bool:
    return all(len(lines[ln - 1].split()) <= _MAX_WORDS for ln in para)


def _values(lines: Sequence[str], para: list[int]) -> bool:
    texts = [lines[ln - 1].strip() for ln in para]
    read = sum(1 for t in texts if cells.value_like(t))
    # an OCR misreading (5l6, 7O) holds its row's place: the aligned reader's value grammar says so
    return read * 2 > len(texts) and all(cells.value_like(t) or aligned.is_value(t) for t in texts)


def _named_columns(lines: Sequence[str], paras: list[list[int]], start: int, n: int):
    """Value columns from ``paras[start]`` on, each after one or two single-line name paragraphs:
    (columns, their names, their name lines, index after the last), or None."""
    columns, names, name_lines = [], [], []
    group, j = "", start
    while j < len(paras):
        if j + 1 < len(paras) and (named := _two_line_name(lines, paras[j], group)) and len(paras[j + 1]) == n \
                and _short(lines, paras[j + 1]) and _values(lines, paras[j + 1]):
            name, group, name_line = named
            names.append(name)
            name_lines.append(name_line)
            columns.append(paras[j + 1])
            j += 2
            continue
        heads = []
        while j < len(paras) and len(heads) < 2 and len(paras[j]) == 1 and _header_cell(lines, paras[j]):
            heads.append(paras[j][0])
            j += 1
        if not heads or j >= len(paras) or len(paras[j]) != n or not _short(lines, paras[j]) \
                or not _values(lines, paras[j]):
            j -= len(heads)
            break
        if len(heads) == 2:
            group = lines[heads[0] - 1].strip()
        names.append(" ".join(x for x in (group, lines[heads[-1] - 1].strip()) if x))
        name_lines.append(heads[-1])
        columns.append(paras[j])
        j += 1
    return (columns, names, name_lines, j) if len(columns) >= 2 else None


def _two_line_name(lines: Sequence[str], para: list[int], group: str) -> tuple[str, str, int] | None:
    """A column's name printed as a paragraph of two lines: (the name, the group then in force, the
    name's line), or None. The name and its parenthesis (``Febuxostat`` / ``(n = 118)``), under
    the group in force; a name wrapped with its unit last (``Sheath`` / ``slippage (mm)``); or a
    group's name over the column's own (``Impact force (kN)`` / ``new``): the group then names the
    single-line names after it too (``abraded``)."""
    if len(para) != 2 or not _header_cell(lines, para[:1]):
        return None
    first, second = (lines[ln - 1].strip() for ln in para)
    if second.startswith("("):
        return (" ".join(x for x in (group, f"{first} {second}") if x), group, para[0]) if second.endswith(")") \
            else None
    if not _header_cell(lines, para[1:]):
        return None
    if second.endswith(")"):
        return f"{first} {second}", "", para[1]
    return f"{first} {second}", first, para[1]


def _header_cell(lines: Sequence[str], para: list[int]) -> bool:
    text = lines[para[0] - 1].strip()
    return (len(para) == 1 and len(text.split()) <= _MAX_WORDS and not cells.value_like(text)
            and not patterns.caption_kind(text) and not text.endswith((".", ":")))


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    paras = runs(lines, str.strip, skip)  # paragraphs
    grids: list[Grid] = []
    i = 0
    while i < len(paras):
        first = paras[i]
        n = len(first)
        if n == 1 and (spaced := _spaced_labels(lines, paras, i)):
            grids.append(spaced[0])
            i = spaced[1]
            continue
        if n < 2 or not _short(lines, first) or any(cells.value_like(lines[ln - 1].strip()) for ln in first):
            i += 1
            continue
        j = i + 1
        while j < len(paras) and len(paras[j]) == n and _short(lines, paras[j]) and _values(lines, paras[j]):
            j += 1
        columns = paras[i:j]
        if j == i + 1 and (named := _named_columns(lines, paras, j, n)):
            before = paras[i - 1] if i >= 1 and _header_cell(lines, paras[i - 1]) else []
            grids.append(_named_grid(lines, paras[i], before, named))
            i = named[3]
            continue
        k = len(columns)
        header = paras[i - k:i] if i - k >= 0 and all(_header_cell(lines, p) for p in paras[i - k:i]) else []
        if k < 2 or (k < 3 and not header):
            i += 1
            continue
        rows = []
        cell_lines = []
        if header:
            rows.append((header[0][0], [lines[p[0] - 1].strip() for p in header]))
            cell_lines.append([p[0] for p in header])
        for r in range(n):
            rows.append((columns[0][r], [lines[col[r] - 1].strip() for col in columns]))
            cell_lines.append([col[r] for col in columns])
        used = [ln for p in [*header, *columns] for ln in p]
        grids.append(Grid(form="columnblocks", first_line=min(used), last_line=max(used), rows=rows,
                          lines=sorted(used), header_rows=1 if header else 0, cell_lines=cell_lines))
        i = j
    taken = {ln for g in grids for ln in g.lines}
    for para in paras:
        if len(para) >= 9 and not taken & set(para):
            grids += _columns_in_one_run(lines, para)
    return grids


def _kind(text: str) -> str:
    """'V' a value, 'T' a short text line (a name or a label), 'X' anything else."""
    if len(text) > 100 or len(text.split()) > _MAX_WORDS:
        return "X"  # a line of prose (most lines of a page), told without the value grammar
    if (_DIGIT.search(text) or cells.is_missing(text)) and cells.value_like(text):
        return "V"
    short = not patterns.caption_kind(text) and (not text.endswith((".", ":")) or bool(_ABBREVIATION.fullmatch(text)))
    words = _LETTERS.search(text) and text[:1] not in "{[\"'"  # no bracket or quote of code or JSON
    return "T" if short and words else "X"


def _columns_in_one_run(lines: Sequence[str], para: list[int]) -> list[Grid]:
    """The tables of a paragraph printed column after column without blank lines (module doc)."""
    groups: list[tuple[str, list[int]]] = []  # runs of one kind of line
    for ln in para:
        kind = _kind(lines[ln - 1].strip())
        if groups and groups[-1][0] == kind:
            groups[-1][1].append(ln)
        else:
            groups.append((kind, [ln]))
    grids: list[Grid] = []
    for g in range(len(groups) - 1):
        if groups[g][0] == "T" and groups[g + 1][0] == "V" and (grid := _headers_first(lines, para, *(
                groups[g][1], groups[g + 1][1]))):
            grids.append(grid)
    if grids:
        return grids
    g = 0
    while g + 3 < len(groups):
        (k0, first), (k1, values) = groups[g], groups[g + 1]
        n = len(values)
        columns, names = [values], []
        h = g + 2
        while h + 1 < len(groups) and groups[h][0] == "T" and len(groups[h][1]) <= 3 and \
                groups[h + 1][0] == "V" and len(groups[h + 1][1]) == n:
            names.append(groups[h][1])
            columns.append(groups[h + 1][1])
            h += 2
        # the first value column's name takes as many lines as a later name that ends alike (a
        # group's name over it: 'SRP + aPDT (n = 22)' / 'Baseline' ... 'SRP alone' / 'Baseline'),
        # else as most other names
        wrap = _first_name_lines(lines, first, names)
        if k0 != "T" or k1 != "V" or n < 2 or len(columns) < (2 if n >= 3 else 3) or len(first) < n + wrap:
            g += 1
            continue
        # the first group: the label column's name (0-2 lines), the n labels, the first column's name
        names.insert(0, first[-wrap:])
        above, labels = _label_rows(lines, first[:-wrap], n)
        if _row_major(lines, para, sorted(ln for col in columns for ln in col)):
            g += 1
            continue
        while above and _caption_tail(lines, above[0]):  # the caption's wrapped tail is no name
            above = above[1:]
        if len(labels[0]) == 2 and len(above) == 2:  # 'Species' / 'Zone' over groups and their labels
            label_names, label_lines = [lines[ln - 1].strip() for ln in above], above
        else:
            label_names = [""] * (len(labels[0]) - 1) + [_joined(lines, above)]
            label_lines = [(above or names[0])[0]] * len(label_names)
        grids.append(_column_grid(lines, [*label_names, *_column_names(lines, names)],
                                  [*label_lines, *(name[0] for name in names)], labels, columns))
        g = h
    return grids


def _first_name_lines(lines: Sequence[str], first: list[int], names: list[list[int]]) -> int:
    """How many of the last lines of the first text group name the first value column: as many as
    a later name that ends alike (a group's name over it: ``SRP + aPDT (n = 22)`` / ``Baseline``
    ... ``SRP alone`` / ``Baseline``); when every later name wraps only at a parenthesis
    (``Intake rate`` / ``(mg min−1)``), one line and the parenthesised lines after it (``Obs.``
    has none); else as many as most other names."""
    last = lines[first[-1] - 1].strip()
    if alike := next((len(name) for name in names if lines[name[-1] - 1].strip() == last), 0):
        return alike
    if any(len(name) > 1 for name in names) and all(
            lines[ln - 1].strip().startswith("(") for name in names for ln in name[1:]):
        wrap = 1
        while wrap < min(3, len(first)) and lines[first[-wrap] - 1].strip().startswith("("):
            wrap += 1
        return wrap
    return Counter(len(name) for name in names).most_common(1)[0][0] if names else 1


def _label_rows(lines: Sequence[str], region: list[int], n: int) -> tuple[list[int], list[list[tuple[str, int]]]]:
    """The n row labels at the end of ``region`` (the text lines before the first column's name)
    and the lines before them that name the label column (0-2): (those lines, per row its label
    cells as (text, line)).

    When there are more lines than rows, a line that opens with a long lower-case word continues
    the label above it (``T1: Seed treatment (ST)`` / ``thiamethoxam 70 WS``). Labels that recur
    under names that do not (``Dunlin`` / ``Upper`` / ``Lower`` / ``Common redshank`` / ``Upper``
    / ``Lower``) are the rows of groups: each row's cells are then its group's name (on the
    group's first row only, as a printed table leaves it) and its label, and the two lines before
    the first group name the two label columns (``Species`` / ``Zone``)."""
    units: list[list[int]] = []
    for ln in region:
        if units and _CONTINUED.match(lines[ln - 1].strip()) and len(region) > n:
            units[-1].append(ln)
        else:
            units.append([ln])
    if len(units) < n:  # lower-case labels after all: one per line
        units = [[ln] for ln in region]
    grouped = _grouped(lines, units, n)
    if grouped:
        start, rows = grouped
        return [u[0] for u in units[max(0, start - 2):start]], rows
    labels = units[len(units) - n:]
    above = units[max(0, len(units) - n - 2):len(units) - n]
    return [u[0] for u in above], [[(_joined(lines, label), label[0])] for label in labels]


def _grouped(lines: Sequence[str], units: list[list[int]], n: int):
    """(index of the first group's name, per row its group cell and label cell) when the last
    units are groups of recurring labels under names that do not recur, every group the same
    labels in the same order; else None."""
    texts = [_joined(lines, unit) for unit in units]
    counts = Counter(texts)
    subs, j = 0, len(units) - 1
    while j >= 0 and subs < n:
        subs += counts[texts[j]] > 1
        j -= 1
    if subs < n or j < 0 or counts[texts[j]] > 1 or counts[texts[-1]] < 2:
        return None
    rows: list[list[tuple[str, int]]] = []
    pattern: list[list[str]] = []
    for k in range(j, len(units)):
        if counts[texts[k]] == 1:
            group, first = (texts[k], units[k][0]), True
            pattern.append([])
            continue
        rows.append([group if first else ("", group[1]), (texts[k], units[k][0])])
        pattern[-1].append(texts[k])
        first = False
    if len(pattern) < 2 or any(p != pattern[0] for p in pattern) or not pattern[0]:
        return None
    return j, rows


def _headers_first(lines: Sequence[str], para: list[int], texts: list[int], values: list[int]) -> Grid | None:
    """Every header cell, then the n labels, then the k columns' values one column after another
    (plain pdftotext of a table whose columns are text blocks): the text lines hold k + 1 header
    cells (a line opening with ``(`` continues the cell above: ``kh`` / ``(d−1)``), or a header of
    two rows (:func:`_two_header_rows`), and n labels, and there are k x n values (k >= 2, n >= 2)."""
    for n in range(2, len(texts) - 2):
        k, rest = divmod(len(values), n)
        if rest or k < 2:
            continue
        heads = _header_groups(lines, texts[:len(texts) - n])
        if len(heads) != k + 1 and _caption_tail(lines, texts[0]):
            heads = _header_groups(lines, texts[1:len(texts) - n])  # the caption's wrapped tail is no cell
        names = [_joined(lines, head) for head in heads]
        if len(heads) != k + 1 and not (names := _two_header_rows(names, k)):
            if grid := _headers_first_grouped(lines, para, texts, values, n, k):
                return grid
            continue
        if _row_major(lines, para, values):
            return None
        return _column_grid(lines, names, [head[0] for head in heads[:1]] + [head[0] for head in heads[-k:]],
                            texts[len(texts) - n:], [values[c * n:(c + 1) * n] for c in range(k)])
    return None


def _headers_first_grouped(lines: Sequence[str], para: list[int], texts: list[int], values: list[int], n: int,
                           k: int) -> Grid | None:
    """Headers first over labels grouped as :func:`_grouped` reads them (``Spruce forest`` /
    ``Spring`` / ``Autumn`` / ``Mixed deciduous`` / ``Spring`` ...): the header cells name the two
    label columns and the k value columns."""
    grouped = _grouped(lines, [[ln] for ln in texts], n)
    if grouped is None:
        return None
    start, rows = grouped
    heads = _header_groups(lines, texts[:start])
    if len(heads) != k + 2 and heads and _caption_tail(lines, heads[0][0]):
        heads = heads[1:]
    if len(heads) != k + 2 or _row_major(lines, para, values):
        return None
    return _column_grid(lines, [_joined(lines, head) for head in heads], [head[0] for head in heads], rows,
                        [values[c * n:(c + 1) * n] for c in range(k)])


def _two_header_rows(cells: list[str], k: int) -> list[str] | None:
    """The k + 1 column names of a header printed in two rows: the label column's name, g group
    names, then the same k / g names under each group (``Treatment``, ``FG (%)``, ``MGT (d)``,
    ``0 mM``, ``150 mM``, ``0 mM``, ``150 mM``): ``FG (%) 0 mM`` ... ; None when the cells are not so."""
    g = len(cells) - 1 - k
    if g < 2 or k % g:
        return None
    groups, subs = cells[1:1 + g], cells[1 + g:]
    per = k // g
    if per < 2 or any(subs[i:i + per] != subs[:per] for i in range(0, k, per)) or set(groups) & set(subs) \
            or len(set(groups)) < g:
        return None
    return [cells[0], *(f"{group} {sub}" for group in groups for sub in subs[:per])]


def _caption_tail(lines: Sequence[str], ln: int) -> bool:
    """Line ``ln`` continues a caption wrapped above it: the caption does not end its sentence
    and the line opens in lower case (``Table 2. Accuracy of the index against`` / ``histology
    in the cohort``)."""
    above = lines[ln - 2].strip() if ln > 1 else ""
    return bool(patterns.caption_kind(above)) and not above.endswith(".") and lines[ln - 1].strip()[:1].islower()


def _header_groups(lines: Sequence[str], heads: list[int]) -> list[list[int]]:
    """Header lines grouped into cells: a line opening with ``(`` continues the cell above."""
    out: list[list[int]] = []
    for ln in heads:
        if out and lines[ln - 1].strip().startswith("("):
            out[-1].append(ln)
        else:
            out.append([ln])
    return out


def _column_names(lines: Sequence[str], names: list[list[int]]) -> list[str]:
    """Each column's name; a two-line name whose last line recurs (``SRP alone (n = 21)`` /
    ``Baseline``) is a group's name and the column's: the one-line names after it are the group's
    too (``SRP alone (n = 21) 6 months``)."""
    lasts = Counter(lines[name[-1] - 1].strip() for name in names)
    out, group = [], ""
    for name in names:
        if len(name) == 2 and lasts[lines[name[-1] - 1].strip()] > 1:
            group = lines[name[0] - 1].strip()
        elif len(name) != 1:
            group = ""
        out.append(f"{group} {lines[name[-1] - 1].strip()}" if group else _joined(lines, name))
    return out


def _joined(lines: Sequence[str], lns: list[int]) -> str:
    return " ".join(lines[ln - 1].strip() for ln in lns)


def _row_major(lines: Sequence[str], para: list[int], values: list[int]) -> bool:
    """Whether the one-cell-per-line reader reads every value line of the paragraph's columns as
    rows instead (a row-major table)."""
    inside = set(para)
    grids = stacked.find([line if ln in inside else "" for ln, line in enumerate(lines, 1)])
    return any(set(values) <= _data_cell_lines(g) for g in grids)


def _data_cell_lines(grid: Grid) -> set[int]:
    """The lines of a grid's data rows' cells (never its header's: numbers read as column names)."""
    rows = range(grid.header_rows, len(grid.rows))
    if grid.cell_lines is None:
        return {grid.rows[r][0] for r in rows}
    return {ln for r in rows for ln in grid.cell_lines[r]}


def _spaced_labels(lines: Sequence[str], paras: list[list[int]], i: int) -> tuple[Grid, int] | None:
    """A label column printed one label per paragraph (OCR of a table: a blank line between the
    labels), its name first or not, then named value columns: (the grid, the index after it)."""
    j = i
    while j < len(paras) and len(paras[j]) == 1 and _header_cell(lines, paras[j]):
        j += 1
    singles = [p[0] for p in paras[i:j]]  # the label column (and its name), then the first column's name
    for before in (singles[:1], []):
        labels = singles[len(before):-1]
        if len(labels) >= 3 and (named := _named_columns(lines, paras, j - 1, len(labels))):
            return _named_grid(lines, labels, before, named), named[3]
    return None


def _named_grid(lines: Sequence[str], label: list[int], before: list[int], named) -> Grid:
    """A label column (its lines) under its name (``before``: its line, or none) and value columns
    that each carry their name (see the module doc)."""
    columns, names, name_lines, _ = named
    return _column_grid(lines, [lines[before[0] - 1].strip() if before else "", *names],
                        [before[0] if before else name_lines[0], *name_lines], label, columns)


def _column_grid(lines: Sequence[str], names: list[str], name_lines: list[int],
                 labels: list[int] | list[list[tuple[str, int]]], columns: list[list[int]]) -> Grid:
    """The grid of a label column and value columns (each a list of lines, row i the i-th line of
    every column) under one header row: the names and the line of each. A row's labels are a
    line, or its label cells as (text, line) (a group's name and a label; a label over lines)."""
    rows = [(min(name_lines), names)]
    cell_lines = [name_lines]
    for r, label in enumerate(labels):
        cells_ = [(lines[label - 1].strip(), label)] if isinstance(label, int) else label
        rows.append((cells_[-1][1], [*(text for text, _ in cells_), *(lines[col[r] - 1].strip() for col in columns)]))
        cell_lines.append([*(ln for _, ln in cells_), *(col[r] for col in columns)])
    used = [ln for row in cell_lines for ln in row]
    first, last = min(used), max(used)
    return Grid(form="columnblocks", first_line=first, last_line=last, rows=rows,
                lines=list(range(first, last + 1)), header_rows=1, cell_lines=cell_lines)
