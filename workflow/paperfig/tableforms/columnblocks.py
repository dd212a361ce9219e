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
  paragraph before it (``Condition``). A column may print its name of one or two lines and
  its values as one paragraph (``Retention`` / ``(%)`` / the values), and m >= 2 columns may
  print their names first, one paragraph each (the first maybe under its group's name:
  ``Discharge capacity (mAh g−1)`` / ``0.1C``, then ``1C``, ``5C``), then their m paragraphs of
  values. The label column itself may be printed one label per paragraph (``Region`` /
  ``Hallux`` / ``MTH 1`` ..., a blank line between them).
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
* **Names after the labels** (plain ``pdftotext`` of a LaTeX table): the labels ending a
  paragraph (the caption and the label column's name on the lines above them), m >= 2 names of
  one or two lines, a paragraph each, then the m columns' values, a paragraph each, and the rest
  of each column (a statistic's rows, ``F4,25`` / ``P``) in m more paragraphs
  (:func:`_names_then_parted_columns`); at least three rows, labels holding no value.
* **Headers first** (the same, the header cells all printed before the labels): k + 1 header
  cells (``kh`` / ``(d−1)``: a line opening with ``(`` continues the cell above, but for a
  column's number, ``(2) Tobit``; or a header of two rows, the group names then the names under
  them printed again for each group, or each group's name followed by its names; or only the k
  columns' numbers and names, ``(1) OLS`` / ``(2) Tobit``, under a caption's title), n labels
  (or n labels in groups, under two label columns' names: ``Habitat`` / ``Season``; or n labels
  and then a text column's n cells under k + 2 names, ``Lab code`` / ``Material``), then k x n
  cells, column after column, a cell being a value or a value and its error on the line under
  it (``0.412***`` / ``(0.097)``); after a caption that does not end its sentence, lines before
  the header cells are the caption's wrapped tail (``histology in the cohort``); the label
  column may be unnamed (k header cells). Of several splits that fit, one without repeated
  names wins, then a named label column or numbered columns, then the columns whose values
  spread least, then more rows (:func:`_headers_first`). A label ending in a taxon's rank
  (``Microtus spp.``) ends no sentence.
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
from ._text import error_line, runs

_MAX_WORDS = 10
_LETTERS = re.compile(r"[^\W_]|%")  # a letter, a digit (a ratio label, '3:1') or '%'
_DIGIT = re.compile(r"\d")
#: A temperature alone on its line (``100 °C``): in a run of columns, a column's name when values
#: follow it and it follows no other temperature (a column of temperatures prints them in a row).
_TEMPERATURE_NAME = re.compile(r"^[-−]?\d{1,4}(?:\.\d+)?\s?°[CFK]$")
#: A column's name abbreviated with a point (``Obs.``, ``No.``): a name, not a sentence's end.
_ABBREVIATION = re.compile(r"[A-Z][a-z]{1,4}\.")
#: A taxon's name ending in its rank's abbreviation (``Microtus spp.``): a label, not a sentence.
_TAXON = re.compile(r"\s(?:spp|sp|ssp|subsp|var|agg|cv|aff)\.$")
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
        if (named := _name_over_values(lines, paras[j], n)) is not None:
            names.append(named[0])
            name_lines.append(paras[j][0])
            columns.append(paras[j][-n:])
            j += 1
            continue
        if run := _names_then_columns(lines, paras, j, n):
            for name, name_line, column in run:
                names.append(name)
                name_lines.append(name_line)
                columns.append(column)
            j += 2 * len(run)
            continue
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


def _name_over_values(lines: Sequence[str], para: list[int], n: int) -> tuple[str] | None:
    """A column printed as one paragraph, its name of one or two lines over its n values
    (``Retention`` / ``(%)`` / ``71.4`` ...): (the name,), or None."""
    if len(para) not in (n + 1, n + 2) or not _short(lines, para) or not _values(lines, para[-n:]):
        return None
    name = para[:-n]
    if not _header_cell(lines, name[:1]) or not all(
            _header_cell(lines, [ln]) or re.fullmatch(r"\(.*\)", lines[ln - 1].strip()) for ln in name[1:]):
        return None  # (a name's second line may be its unit or scale: '(%)', '(1–9)')
    return (_joined(lines, name),)


def _names_then_columns(lines: Sequence[str], paras: list[list[int]], j: int,
                        n: int) -> list[tuple[str, int, list[int]]]:
    """m >= 2 columns' names, each a paragraph of one line, the first maybe under its group's name
    (``Discharge capacity (mAh g−1)`` / ``0.1C``, then ``1C``, ``5C``, ``10C``), then the m
    columns, each a paragraph of n values: (name, its line, the column) of each; else []."""
    m = 0
    while j + m < len(paras) and len(paras[j + m]) in ((1, 2) if m == 0 else (1,)) and _header_cell(
            lines, paras[j + m][-1:]) and all(_header_cell(lines, [ln]) for ln in paras[j + m]):
        m += 1
    if m < 2 or j + 2 * m > len(paras) or not all(
            len(col) == n and _short(lines, col) and _values(lines, col) for col in paras[j + m:j + 2 * m]):
        return []
    first = paras[j]
    group = lines[first[0] - 1].strip() + " " if len(first) == 2 else ""
    return [(group + lines[paras[j + c][-1] - 1].strip(), paras[j + c][-1], paras[j + m + c]) for c in range(m)]


def _names_end(lines: Sequence[str], paras: list[list[int]], j: int, ends: dict[int, int], most: int = 2) -> int:
    """The index of the first paragraph from ``j`` on that is no name (at most ``most`` lines,
    each a header cell). ``ends`` (one per ``most``) remembers the answer for every paragraph
    of the run: asked again from each paragraph of a long run of short lines (OCR with a blank
    line after every line, a page of short headings), the run is read once, not once per
    paragraph, which was quadratic in the run."""
    if j in ends:
        return ends[j]
    end = j
    while end < len(paras) and len(paras[end]) <= most and all(_header_cell(lines, [ln]) for ln in paras[end]):
        end += 1
    for k in range(j, end + 1):
        ends[k] = end
    return end


def _names_then_parted_columns(lines: Sequence[str], paras: list[list[int]], i: int,
                               ends: dict[int, int] | None = None) -> tuple[Grid, int] | None:
    """Plain ``pdftotext`` of a LaTeX table whose columns are text blocks: the labels, one per
    line, ending a paragraph (the caption and the label column's name, ``Genotype``, may stand
    on the lines above them), then m >= 2 columns' names, a paragraph of one or two lines each
    (``Eggs per`` / ``female``), then the m columns' values, a paragraph each, and when the
    labels outnumber them the rest of each column (a statistic's rows under a rule, ``F5,24`` /
    ``P``) in m more paragraphs, column after column: (the grid, the index of the paragraph
    after it), or None. At least three rows: two lines before two short paragraphs are too
    common in prose and page furniture."""
    j = _names_end(lines, paras, i + 1, {} if ends is None else ends)
    names = paras[i + 1:j]
    m = len(names)
    if m < 2 or j + m > len(paras):
        return None
    parts = [paras[j:j + m]]
    sizes = {len(p) for p in parts[0]}
    if len(sizes) != 1 or not all(_short(lines, p) and _values(lines, p) for p in parts[0]):
        return None
    n = sizes.pop()
    if n < 2:
        return None  # (cells printed a paragraph each are :mod:`.stacked`'s)
    tail = paras[j + m:j + 2 * m]
    if len(tail) == m and len({len(p) for p in tail}) == 1 and all(_short(lines, p) and _values(lines, p)
                                                                   for p in tail):
        parts.append(tail)
        n += len(tail[0])
    first = paras[i]
    labels = first[-n:]
    if n < 3 or len(labels) < n or not _short(lines, labels) or any(
            cells.value_like(lines[ln - 1].strip()) or not _header_cell(lines, [ln])
            or any(aligned.is_value(word) for word in lines[ln - 1].split()) for ln in labels):
        return None  # (a label holds no value of its own: 'V-118 (wild)', 'F5,24' are labels)
    above = first[-n - 1] if len(first) > n else None
    label_name = ("", names[0][0])
    if above is not None and _header_cell(lines, [above]) and len(lines[above - 1].split()) <= 3:
        label_name = (lines[above - 1].strip(), above)
    columns = [[ln for part in parts for ln in part[c]] for c in range(m)]
    grid = _column_grid(lines, [label_name[0], *(_joined(lines, p) for p in names)],
                        [label_name[1], *(p[0] for p in names)], labels, columns)
    return grid, j + m * len(parts)


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
    names_ends: dict[int, int] = {}  # (the ends of runs of names, of labels: see _names_end)
    labels_ends: dict[int, int] = {}
    i = 0
    while i < len(paras):
        first = paras[i]
        n = len(first)
        if i + 1 < len(paras) and len(paras[i + 1]) <= 2 and (
                parted := _names_then_parted_columns(lines, paras, i, names_ends)):
            grids.append(parted[0])
            i = parted[1]
            continue
        if n == 1 and (spaced := _spaced_labels(lines, paras, i, labels_ends)):
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
    short = not patterns.caption_kind(text) and (not text.endswith((".", ":")) or bool(
        _ABBREVIATION.fullmatch(text) or _TAXON.search(text)))
    words = _LETTERS.search(text) and text[:1] not in "{[\"'"  # no bracket or quote of code or JSON
    return "T" if short and words else "X"


def _columns_in_one_run(lines: Sequence[str], para: list[int]) -> list[Grid]:
    """The tables of a paragraph printed column after column without blank lines (module doc)."""
    groups: list[tuple[str, list[int]]] = []  # runs of one kind of line
    for k, ln in enumerate(para):
        kind = _kind(lines[ln - 1].strip())
        if kind == "V" and _TEMPERATURE_NAME.match(lines[ln - 1].strip()) and k + 1 < len(para) and (
                _kind(lines[para[k + 1] - 1].strip()) == "V") and not (
                k and _TEMPERATURE_NAME.match(lines[para[k - 1] - 1].strip())):
            kind = "T"  # a column named by its temperature ('100 °C' over its values), not a cell
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
    has none); two when it and later names are temperatures (``log σ`` / ``100 °C``, then
    ``150 °C``: the group's name over them); else as many as most other names."""
    last = lines[first[-1] - 1].strip()
    if alike := next((len(name) for name in names if lines[name[-1] - 1].strip() == last), 0):
        return alike
    if len(first) >= 2 and _TEMPERATURE_NAME.match(last) and any(
            len(name) == 1 and _TEMPERATURE_NAME.match(lines[name[0] - 1].strip()) for name in names):
        return 2  # columns named by temperatures under their group's name ('log σ' / '100 °C', '150 °C')
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
    cells (a line opening with ``(`` continues the cell above: ``kh`` / ``(d−1)``; not a column's
    number, ``(2) Tobit``), or a header of two rows (:func:`_two_header_rows`), or the k value
    columns' names only (``Men (n = 14)`` / ``Women (n = 11)`` / ``P``: the label column
    unnamed), and n labels, and there are k x n cells (k >= 2, n >= 2). A cell is a value line,
    or a value line and an error under it (:func:`_cells`: a regression's ``0.412***`` /
    ``(0.097)``). Over numbered columns, the line after a caption's bare label (``Table 4.``) is
    its title, no cell; the wrapped tail of a caption is no cell either (:func:`_caption_tail`)
    when the header does not fit with it. When several n fit, the one whose header and labels
    repeat no name wins (a flat header of ``Mean`` / ``Max`` / ``Mean`` / ``Max`` is a header of
    two rows read wrong), then one that names the label column or numbers its value columns,
    then one whose value columns are numbered ``(1)``, ``(2)`` ..., then the one whose values
    spread least within their columns (:func:`_column_spread`), then the one with more rows:
    tables are longer than wide, and so their labels outnumber their header's cells."""
    slots = _cells(lines, values)
    fits: list[tuple[int, bool, bool, int, int, Grid]] = []
    for n in range(2, len(texts) - 1):
        k, rest = divmod(len(slots), n)
        if rest or k < 2:
            continue
        above = texts[:len(texts) - n]
        heads = _header_groups(lines, above)
        while len(heads) not in (k, k + 1) and above and _caption_tail(lines, above[0]):
            above = above[1:]  # the caption's wrapped tail is no cell
            heads = _header_groups(lines, above)
        names = [_joined(lines, head) for head in heads]
        columns = [slots[c * n:(c + 1) * n] for c in range(k)]
        if len(heads) == k + 1 and _numbered(names[1:]) and _after_bare_label(lines, heads[0][0]):
            heads, names = heads[1:], names[1:]  # (the caption's title over numbered columns)
        stubless = len(heads) == k
        if stubless:
            grid = _column_grid(lines, ["", *names], [heads[0][0], *(head[0] for head in heads)],
                                texts[len(texts) - n:], columns)
        elif len(heads) == k + 1 or (names := _two_header_rows(names, k)):
            grid = _column_grid(lines, names, [head[0] for head in heads[:1]] + [head[0] for head in heads[-k:]],
                                texts[len(texts) - n:], columns)
        elif grid := _headers_first_grouped(lines, texts, columns, n, k):
            fits.append((0, False, True, _column_spread(lines, columns), -n, grid))  # (its labels recur by design)
            continue
        elif (grid := _text_column_first(lines, para, texts, values, columns, n, k)) is None:
            continue
        numbered = _numbered(grid.rows[0][1][-k:])
        names = grid.rows[0][1] + [lines[ln - 1].strip() for ln in texts[len(texts) - n:]]
        fits.append((len(names) - len(set(names)), stubless and not numbered, not numbered,
                     _column_spread(lines, columns), -n, grid))
    if not fits or _row_major(lines, para, values):
        return None
    return min(fits, key=lambda fit: fit[:5])[5]


def _text_column_first(lines: Sequence[str], para: list[int], texts: list[int], values: list[int],
                       columns: list[list[list[int]]], n: int, k: int) -> Grid | None:
    """Headers first over the n labels and then a text column's n cells (``Lab code`` /
    ``Material`` / ``14C age`` / ``Calibrated age``, then ``Poz-141207`` ..., then ``leaf
    fragments`` ..., then the values): k + 2 header cells, the text column read as a second label
    column; at least three rows, no cell of either column opening with ``(`` (a name's second
    line: ``Lidocaine gel`` / ``(n = 112)`` names a column), and no text line then values after
    the last value (a row-major table's next row: ``High CO2`` / ``1.12 ± 0.06`` ...)."""
    if n < 3 or len(texts) < 2 * n + k + 2 or any(
            lines[ln - 1].strip().startswith("(") for ln in texts[len(texts) - 2 * n:]):
        return None
    at = para.index(values[-1])
    if at + 2 < len(para) and [_kind(lines[ln - 1].strip()) for ln in para[at + 1:at + 3]] == ["T", "V"]:
        return None
    heads = _header_groups(lines, texts[:len(texts) - 2 * n])
    if len(heads) != k + 2 and heads and _caption_tail(lines, heads[0][0]):
        heads = heads[1:]
    if len(heads) != k + 2:
        return None
    labels, text = texts[len(texts) - 2 * n:len(texts) - n], texts[len(texts) - n:]
    rows = [[(lines[a - 1].strip(), a), (lines[b - 1].strip(), b)] for a, b in zip(labels, text)]
    return _column_grid(lines, [_joined(lines, head) for head in heads], [head[0] for head in heads], rows, columns)


def _headers_first_grouped(lines: Sequence[str], texts: list[int], columns: list[list[list[int]]], n: int,
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
    if len(heads) != k + 2:
        return None
    return _column_grid(lines, [_joined(lines, head) for head in heads], [head[0] for head in heads], rows, columns)


#: A value column's number opening its name (``(1)``, ``(2) Tobit``), as regression tables print them.
_COLUMN_NUMBER = re.compile(r"^\((\d{1,2})\)(?:\s|$)")
_NUMBER = re.compile(r"\d[\d,]*(?:\.(\d+))?")


def _numbered(names: list[str]) -> bool:
    """Whether the names are the value columns' numbers in order: ``(1) OLS``, ``(2) Tobit`` ..."""
    numbers = [_COLUMN_NUMBER.match(name) for name in names]
    return all(m and int(m.group(1)) == i for i, m in enumerate(numbers, 1))


def _cells(lines: Sequence[str], values: list[int]) -> list[list[int]]:
    """The value lines as cells: a line alone, or a value and the error printed under it in
    parentheses or brackets (``0.412***`` / ``(0.097)``: a cell of two lines)."""
    out: list[list[int]] = []
    for ln in values:
        text = lines[ln - 1].strip()
        if out and len(out[-1]) == 1 and error_line(text) and not error_line(lines[out[-1][0] - 1]):
            out[-1].append(ln)
        else:
            out.append([ln])
    return out


def _column_spread(lines: Sequence[str], columns: list[list[list[int]]]) -> int:
    """How far the values spread within their columns, summed over the columns: the range of
    their sizes (digits before the point; 0 below 1) and of their counts of decimals. A column
    holds one quantity, so a wrong split, which puts the end of one column over the start of the
    next, spreads more."""
    spread = 0
    for column in columns:
        sizes, decimals = [], []
        for cell in column:
            if m := _NUMBER.search(lines[cell[0] - 1]):
                whole = m.group(0).split(".")[0].replace(",", "").lstrip("0")
                sizes.append(len(whole))
                decimals.append(len(m.group(1) or ""))
        if sizes:
            spread += max(sizes) - min(sizes) + max(decimals) - min(decimals)
    return spread


def _after_bare_label(lines: Sequence[str], ln: int) -> bool:
    """Line ``ln`` follows a caption's label printed alone (``Table 4.``, ``TABLE 2``): the
    caption's title."""
    above = lines[ln - 2].strip() if ln > 1 else ""
    return bool(patterns.caption_kind(above)) and len(above.split()) <= 2


def _two_header_rows(cells: list[str], k: int) -> list[str] | None:
    """The k + 1 column names of a header printed in two rows: the label column's name, g group
    names, then the same k / g names under each group (``Treatment``, ``FG (%)``, ``MGT (d)``,
    ``0 mM``, ``150 mM``, ``0 mM``, ``150 mM``), or each group's name and its names under it in
    turn (``Prey group``, ``Breeding season``, ``%N``, ``%B``, ``Non-breeding season``, ``%N``,
    ``%B``): ``FG (%) 0 mM`` ... ; None when the cells are not so."""
    g = len(cells) - 1 - k
    if g < 2 or k % g:
        return None
    per = k // g
    for groups, subs in ((cells[1:1 + g], cells[1 + g:]),  # the groups, then their names
                         (cells[1::per + 1], [c for i, c in enumerate(cells[1:]) if i % (per + 1)])):  # in turn
        if per < 2 or any(subs[i:i + per] != subs[:per] for i in range(0, k, per)) or set(groups) & set(subs) \
                or len(set(groups)) < g:
            continue
        return [cells[0], *(f"{group} {sub}" for group in groups for sub in subs[:per])]
    return None


def _caption_tail(lines: Sequence[str], ln: int) -> bool:
    """Line ``ln`` continues a caption wrapped above it: the caption does not end its sentence
    and the line opens in lower case (``Table 2. Accuracy of the index against`` / ``histology
    in the cohort``), under the caption's line or under another such line (``front and rear
    handles ... by`` / ``saw. Mean (SD) over operators``)."""
    if not lines[ln - 1].strip()[:1].islower():
        return False
    above = lines[ln - 2].strip() if ln > 1 else ""
    if not above or above.endswith("."):
        return False
    return bool(patterns.caption_kind(above)) or _caption_tail(lines, ln - 1)


def _header_groups(lines: Sequence[str], heads: list[int]) -> list[list[int]]:
    """Header lines grouped into cells: a line opening with ``(`` continues the cell above, but
    for a column's number (``(2)``, ``(2) Tobit``), which opens a cell."""
    out: list[list[int]] = []
    for ln in heads:
        text = lines[ln - 1].strip()
        if out and text.startswith("(") and not _COLUMN_NUMBER.match(text):
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
    rows instead (a row-major table). It reads the paragraph alone, between two blank lines
    on each side, not the whole document blanked but for it: asked of every paragraph, that
    was quadratic in the paragraphs of a long document."""
    inside = set(para)
    first, last = min(para), max(para)
    shift = first - 3  # (view line 3 is the paragraph's first)
    view = ["", ""] + [lines[ln - 1] if ln in inside else "" for ln in range(first, last + 1)] + ["", ""]
    wanted = {ln - shift for ln in values}
    return any(wanted <= _data_cell_lines(g) for g in stacked.find(view))


def _data_cell_lines(grid: Grid) -> set[int]:
    """The lines of a grid's data rows' cells (never its header's: numbers read as column names)."""
    rows = range(grid.header_rows, len(grid.rows))
    if grid.cell_lines is None:
        return {grid.rows[r][0] for r in rows}
    return {ln for r in rows for ln in grid.cell_lines[r]}


def _spaced_labels(lines: Sequence[str], paras: list[list[int]], i: int,
                   ends: dict[int, int] | None = None) -> tuple[Grid, int] | None:
    """A label column printed one label per paragraph (OCR of a table: a blank line between the
    labels), its name first or not, then named value columns: (the grid, the index after it)."""
    j = _names_end(lines, paras, i, {} if ends is None else ends, most=1)
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
                 labels: list[int] | list[list[tuple[str, int]]], columns: list[list[int]] | list[list[list[int]]]
                 ) -> Grid:
    """The grid of a label column and value columns (each a list of lines, row i the i-th line of
    every column) under one header row: the names and the line of each. A row's labels are a
    line, or its label cells as (text, line) (a group's name and a label; a label over lines). A
    column may list its cells as lines (:func:`_cells`): a cell of two lines, a value and its
    error, puts the errors of its row in a row of their own under it, unlabelled, each on its
    line, as an aligned regression table prints them."""
    columns = [[cell if isinstance(cell, list) else [cell] for cell in col] for col in columns]
    rows = [(min(name_lines), names)]
    cell_lines = [name_lines]
    for r, label in enumerate(labels):
        cells_ = [(lines[label - 1].strip(), label)] if isinstance(label, int) else label
        rows.append((cells_[-1][1], [*(text for text, _ in cells_),
                                     *(lines[col[r][0] - 1].strip() for col in columns)]))
        cell_lines.append([*(ln for _, ln in cells_), *(col[r][0] for col in columns)])
        if any(len(col[r]) > 1 for col in columns):
            errors = [col[r][1] if len(col[r]) > 1 else col[r][0] for col in columns]
            rows.append((min(errors), [*("" for _ in cells_), *(
                lines[col[r][1] - 1].strip() if len(col[r]) > 1 else "" for col in columns)]))
            cell_lines.append([*(ln for _, ln in cells_), *errors])
    used = [ln for row in cell_lines for ln in row]
    first, last = min(used), max(used)
    return Grid(form="columnblocks", first_line=first, last_line=last, rows=rows,
                lines=list(range(first, last + 1)), header_rows=1, cell_lines=cell_lines)
