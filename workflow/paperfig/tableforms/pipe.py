"""Markdown pipe tables, as people and converters (Marker, Docling, pandoc) write them.

Grammar
-------
* **Pipe line.** A non-blank line holding at least one unescaped ``|`` (``\\|`` is a literal
  pipe inside a cell, and so is a pipe inside a code span `` `a|b` ``).
* **Alignment row.** A pipe line whose cells are all dashes with optional colons
  (``|---|:--:|``, ``--- | ---``, ``|-|-|``). It is a rule: it is excluded from ``rows`` but its
  line belongs to the block. A top or bottom border printed the same way is a rule too.
* **Block.** A run of consecutive pipe lines (a blank line, or a line without a pipe, ends it).
  It is a table when it holds an alignment row; or when its lines have *outer pipes* (start
  with ``|``) and two consecutive such lines hold >= 2 pipes; or when two consecutive lines hold
  the same number (>= 2) of pipes. So prose with one ``|`` is never a table. With an alignment
  row, the block starts at the line just above the first alignment row (the header; lines
  above it are not the table's, and the row above it is the header: ``Grid.header_rows``);
  without one, leading and trailing lines of a different shape
  (no outer pipe in an outer-pipe table, fewer than two pipes) are left out.
* **Grid tables** (pandoc, reStructuredText, prettytable): ``+---+---+`` rules around
  ``| a | b |`` rows; the lines between two rules are one row (wrapped cell text joined), a
  ``+===+`` rule ends the header. A body printed without rules between its rows (the rules
  only above, below and under a one-section header: prettytable, rich) is one row per line.
* **Box-drawing tables** (tabulate's ``fancy_grid``/``rounded_grid``/``simple_grid``/
  ``heavy_grid``/``double_grid``, rich, prettytable's unicode styles) are grid tables drawn
  with box characters (:func:`box_rules`): a rule is a line of box characters only, its
  horizontal lines ``─`` (``-``) or ``━``/``═`` (``=``) between corners ``├┼┤╞╪╡╒╤╕╭╮┏┳┓...``
  (``+``); a row is fenced by ``│``/``┃``/``║`` (``|``). A heavy or double rule below the first
  rows (``╞═══╪``, ``┡━━━╇``) ends the header like ``+===+``.
* **Continued table.** A table split across pages comes back (Marker) as two pipe tables, the
  second one's first data row promoted to its header: a header row made of a label and >= 2
  values (not whole numbers in ascending order, which name columns: ``| Model | 128 | 512 |``)
  with the column count of the pipe table just before it (only blank lines and at most two
  short lines that are not captions between: a page number, a running head) is a data row
  (``Grid.header_rows`` 0, note "continued_table").
* **OCR rules.** Column rules an OCR engine read as ``l``, ``I``, ``!``, ``[`` or ``]`` are
  pipes again (:func:`ocr_rules`).
* **Stacked rows.** A body line whose cells hold the same number of ``<br>``-separated values
  is that many rows, on one line (:func:`_stacked_rows`: Marker collapses rows like that).
* **Cells.** A line is split at unescaped pipes; a leading and a trailing pipe delimit, they
  open no cell. Rows are padded with "" to the table's width (the alignment row's cell count,
  else the widest row after dropping empty cells past the header's width, which is what a
  stray closing pipe ``| a | b ||`` or a missing one ``| a | b`` leaves). A row with more
  non-empty cells than the header keeps them, with a note "ragged_row".
* **Cell text.** ``\\|`` -> ``|``; ``<br>`` -> space; HTML entities decoded (``&#124;``);
  emphasis removed (``**x**``, ``__x__``, ``*x*``, ``_x_``, ``~~x~~``, code spans); a footnote
  star after a number (``84.3*``) is not emphasis and stays. Inline HTML (Marker, MinerU):
  ``<u>``, ``<b>``, ``<span ..>`` and other formatting tags dropped, ``<sup>†</sup>`` or
  ``<sup>1</sup>`` after a number read as its footnote mark (``_text.footnote_mark``), an error
  in ``<sub>±0.004</sub>`` (Marp) read as `` ± 0.004``, and so is a number subscript glued to a
  value (Marker: ``61.9<sub>0.4</sub>``, the standard deviation printed small). Slide tools' attributes around a text
  are dropped (``[85.0]{.fragment}``, ``.red[48.91]``). LaTeX
  commands around a cell's text (``\\textbf{79.9}``, ``\\alert{-0.2}`` in beamer decks) are
  unwrapped by the LaTeX cell cleaner. Inline math (``$81.2 \\pm 0.3$``)
  is made plain by the LaTeX cell cleaner.
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Collection, Sequence

from . import Grid
from ._text import footnote_mark, runs, squash

_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")
_ALIGN_CELL = re.compile(r"^\s*:?-+:?\s*$")
_CODE_SPAN = re.compile(r"`[^`]*`")
_MD_ESCAPE = re.compile(r"\\([*_#~`<>\[\]|])")
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_LATEX_COMMAND = re.compile(r"\\[A-Za-z]+\{")
#: Inline HTML that converters (Marker, MinerU) leave in Markdown cells: formatting tags are
#: dropped, a superscript right after a number is its footnote mark.
_FORMAT_TAG = re.compile(r"</?(?:u|b|i|em|strong|mark|s|del|ins|span|font|small|big)\b[^>]*>", re.IGNORECASE)
_SUB_ERROR = re.compile(r"\s*<sub>\s*(?:±|\+/-|\+-)\s*([^<]+?)\s*</sub>"
                        r"|(?<=[\d%†‡*])<sub>\s*(\d*\.?\d+)\s*</sub>", re.IGNORECASE)
#: Text with attributes around it in slide tools: pandoc/Quarto ``[text]{.class}``, remark
#: ``.class[text]``.
_SPAN_ATTRS = re.compile(r"\[([^\[\]]*)\]\{[^{}]*\}|(?<![\w\]])\.[A-Za-z][\w-]*\[([^\[\]]*)\]")
#: A superscript after a number or its parenthesis (``84.3<sup>†</sup>``, ``17 (100)<sup>b</sup>``).
_SUP_AFTER_NUMBER = re.compile(r"(?<=[0-9%)\]])\s*<sup>([^<]{1,12})</sup>", re.IGNORECASE)  # ('\*\*\*' too)
_EMPHASIS = [
    re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"),
    re.compile(r"(?<![\w\\])__(?=\S)(.+?)(?<=\S)__(?!\w)"),
    re.compile(r"~~(?=\S)(.+?)(?<=\S)~~"),
    # a single star opens emphasis only where a word does not end before it (84.3* is a mark)
    re.compile(r"(?<![\w*\\])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])"),
    re.compile(r"(?<![\w\\])_(?=[^\s_{])(.+?)(?<=[^\s_])_(?![\w])"),
]


def _split(line: str) -> list[str]:
    """Cells of one pipe line as printed (outer pipes delimit), before cleaning."""
    s = line.strip()
    # pipes inside code spans are text: protect them
    protected = _CODE_SPAN.sub(lambda m: m.group(0).replace("|", "\\|"), s)
    parts = _UNESCAPED_PIPE.split(protected)
    if protected.startswith("|"):
        parts = parts[1:]
    if protected.endswith("|") and not protected.endswith("\\|") and parts:
        parts = parts[:-1]
    return parts


def _pipes(line: str) -> int:
    if "|" not in line:  # most lines of a page
        return 0
    return len(_UNESCAPED_PIPE.findall(_CODE_SPAN.sub("", line)))


def is_alignment(line: str) -> bool:
    if _pipes(line) == 0 or "-" not in line:
        return False
    parts = _split(line)
    return bool(parts) and all(_ALIGN_CELL.match(p) for p in parts if p.strip()) and any(
        p.strip() for p in parts)


def clean_cell(text: str) -> str:
    """Printed cell text made plain: escapes, ``<br>``, entities, emphasis and code spans."""
    t = text.replace("\\|", "|")
    t = _BR.sub(" ", t)
    t = _CODE_SPAN.sub(lambda m: m.group(0)[1:-1], t)
    for _ in range(2):  # nested emphasis (***x***, **_x_**)
        for rx in _EMPHASIS:
            t = rx.sub(r"\1", t)
    if "<" in t:
        t = _SUP_AFTER_NUMBER.sub(lambda m: footnote_mark(m.group(1)) or m.group(0), t)
        t = _SUB_ERROR.sub(lambda m: f" ± {m.group(1) or m.group(2)}", t)  # 0.842<sub>±0.004</sub>, 61.9<sub>0.4</sub>
        t = _FORMAT_TAG.sub("", t)
    if "]{" in t or "[" in t:
        # Quarto/pandoc [85.0]{.fragment}, remark .red[**48.91**]
        t = _SPAN_ATTRS.sub(lambda m: m.group(1) if m.group(1) is not None else m.group(2), t)
    t = _html.unescape(t)
    if "$" in t or "\\(" in t:
        from .latex import clean_inline

        t = clean_inline(t)
    if _LATEX_COMMAND.search(t):  # pandoc/beamer decks: | \textbf{79.9} | \alert{-0.2} |
        from .latex import clean_latex

        t = clean_latex(t, [])
    t = _MD_ESCAPE.sub(r"\1", t)
    return squash(t)


def _is_table(block: list[str], has_align: bool) -> bool:
    if has_align:
        return True
    counts = [_pipes(s) for s in block]
    outer = [s.strip().startswith("|") for s in block]
    if not any(outer) and all(_spaced_values(s) for s in block):
        return False  # OCR's specks of rules among whitespace-aligned values: no pipe table
    for a in range(len(block) - 1):
        if outer[a] and outer[a + 1] and counts[a] >= 2 and counts[a + 1] >= 2:
            return True
        if counts[a] == counts[a + 1] >= 2:
            return True
    return False


def _spaced_values(line: str) -> bool:
    """A line a pipe splits into cells of which one holds two or more values apart (``Baseline |
    68.2 + 9.4 69.0 + 10.1 |``): a row of whitespace-aligned columns, its pipes what OCR read of
    the rules (:mod:`.aligned` reads it)."""
    from .aligned import tokens

    return any(sum(t.value for t in tokens(cell)) >= 2 for cell in _UNESCAPED_PIPE.split(line))


def _trim(idx: list[int], lines: Sequence[str]) -> list[int]:
    """Without an alignment row: drop leading/trailing lines of another shape (prose with a pipe)."""
    outer = sum(lines[i - 1].strip().startswith("|") for i in idx) * 2 > len(idx)

    def fits(i: int) -> bool:
        s = lines[i - 1].strip()
        if outer:
            return s.startswith("|") or (s.endswith("|") and _pipes(s) >= 2)
        return _pipes(s) >= 2

    while idx and not fits(idx[0]):
        idx = idx[1:]
    while idx and not fits(idx[-1]):
        idx = idx[:-1]
    return idx


def _grid(idx: list[int], lines: Sequence[str]) -> Grid | None:
    align = [i for i in idx if is_alignment(lines[i - 1])]
    notes: list[tuple[int, str, str]] = []
    raw_rows = []
    for i in idx:
        if i in align:
            continue
        parts = _split(lines[i - 1])
        stacked = _stacked_rows(parts) if i > (align[0] if align else idx[0]) else None
        raw_rows.extend((i, [clean_cell(c) for c in row]) for row in (stacked or [parts]))
    if not raw_rows:
        return None
    if align:
        width = len(_split(lines[align[0] - 1]))
    else:
        width = len(raw_rows[0][1])
    rows = []
    for ln, cells_ in raw_rows:
        while len(cells_) > width and not cells_[-1]:
            cells_ = cells_[:-1]  # a stray closing pipe
        if len(cells_) > width:
            notes.append((ln, "ragged_row", f"pipe row has {len(cells_)} cells, the table {width}; "
                          "the extra cells are kept"))
        rows.append((ln, cells_))
    ncol = max(width, max(len(c) for _, c in rows))
    rows = [(ln, c + [""] * (ncol - len(c))) for ln, c in rows]
    header_rows = sum(1 for ln, _ in raw_rows if align and ln < align[0])
    return Grid(form="pipe", first_line=idx[0], last_line=idx[-1], rows=rows, lines=list(idx),
                notes=notes, header_rows=header_rows)


def _stacked_rows(parts: list[str]) -> list[list[str]] | None:
    """Rows a converter collapsed into one (Marker): ``| A<br>+ KD | 27.3<br>29.6 | 55.1<br>57.0 |``.
    When the first cell and every cell holding a ``<br>`` split into the same number k >= 2 of
    pieces, and every piece of the other cells is a value, the line is k rows (on one line)."""
    pieces = [_BR.split(p) for p in parts]
    k = len(pieces[0])
    if k < 2 or any(len(p) not in (1, k) for p in pieces) or all(len(p) == 1 for p in pieces[1:]):
        return None
    from ..cells import value_like

    if not all(value_like(clean_cell(x)) for p in pieces[1:] if len(p) == k for x in p if clean_cell(x)):
        return None
    return [[p[r] if len(p) == k else (p[0] if r == 0 else "") for p in pieces] for r in range(k)]


#: A rule of a grid table (pandoc, reStructuredText, some PDF converters): ``+-----+=====+``.
_GRID_RULE = re.compile(r"^\s*\+(?:[-=:]+\+)+\s*$")

#: Box-drawing characters: the horizontal lines of a rule (light -> ``-``, heavy or double ->
#: ``=``) and the vertical rules fencing a row; every other box character is a corner (``+``).
_BOX_LIGHT = "─┄┈╌"
_BOX_HEAVY = "━═┅┉╍"
_BOX_VERTICAL = "│┃║"
_BOX_CHAR = re.compile(r"[\u2500-\u257f]")
_BOX_RULE = re.compile(r"^\s*[\u2500-\u257f]+\s*$")
_BOX_ROW = re.compile(r"^\s*[│┃║].*[│┃║]\s*$")
_BOX_TO_ASCII = {**{ord(c): "-" for c in _BOX_LIGHT}, **{ord(c): "=" for c in _BOX_HEAVY}}


def _box_rule(line: str) -> str | None:
    """A rule drawn with box characters as an ASCII grid rule (``╞════╪═══╡`` -> ``+====+===+``);
    None when the line is not one (it must hold a horizontal line and no vertical rule)."""
    s = line.strip()
    if not _BOX_RULE.match(s) or not any(c in _BOX_LIGHT + _BOX_HEAVY for c in s) \
            or any(c in _BOX_VERTICAL for c in s):
        return None
    ascii_ = "".join(c if ord(c) in _BOX_TO_ASCII else "+" for c in s).translate(_BOX_TO_ASCII)
    return ascii_ if _GRID_RULE.match(ascii_) else None


def box_rules(lines: Sequence[str]) -> list[str]:
    """Lines of box-drawing tables in the grid table's ASCII, so one grammar reads both: rules
    become ``+---+`` / ``+===+`` rules, a row fenced by vertical box rules at both ends
    (``│ w/o aux │ 47.3M │``) becomes a pipe row (a ``|`` printed in its cells is escaped: text).
    Rows are changed only beside (or between rows beside) a box rule, so a directory tree's
    ``│   ├── a.py`` or a lone fenced line stays as printed."""
    out = list(lines)
    if not any(_BOX_CHAR.search(line) for line in lines):
        return out
    rules = {i: r for i, line in enumerate(lines) if (r := _box_rule(line))}
    for i, rule in rules.items():
        out[i] = rule
    for start in rules:  # the rows below each rule, up to the next line that is not a row
        i = start + 1
        while i < len(lines) and i not in rules and _BOX_ROW.match(lines[i]):
            row = lines[i].replace("|", "\\|")
            out[i] = "".join("|" if c in _BOX_VERTICAL else c for c in row)
            i += 1
    return out


def _sections(idx: list[int], lines: Sequence[str]) -> list[tuple[bool, list[int]]]:
    """The lines between the rules of a grid table, each with whether a ``+===+`` rule
    (heavy or double in box drawing) ends it."""
    sections: list[tuple[bool, list[int]]] = []
    current: list[int] = []
    for i in idx:
        if _GRID_RULE.match(lines[i - 1]):
            if current:
                sections.append(("=" in lines[i - 1], current))
            current = []
        else:
            current.append(i)
    if current:
        sections.append((False, current))
    return sections


def _grid_table(idx: list[int], lines: Sequence[str]) -> Grid | None:
    """A grid table: ``+---+---+`` rules between ``| a | b |`` rows. The lines between two
    rules are one row (a cell's text may wrap over several lines: joined with spaces); a
    ``+===+`` rule ends the header (``Grid.header_rows``). When the body below the header is a
    single section of several lines (no rule between its rows: prettytable, rich), every line
    of it is a row, and the rule above it ends the header."""
    sections = _sections(idx, lines)
    heads = next((k + 1 for k, (ends_header, _) in enumerate(sections) if ends_header), 0)
    body = sections[max(heads, 1):]
    one_per_line = len(sections) >= 2 and len(body) == 1 and len(body[0][1]) >= 2
    rows: list[tuple[int, list[str]]] = []
    header_rows = 0
    for k, (_, section) in enumerate(sections):
        parts = [[clean_cell(c) for c in _split(lines[i - 1])] for i in section]
        if one_per_line and k == len(sections) - 1:
            rows.extend(zip(section, parts))
            continue
        width = max(len(c) for c in parts)
        rows.append((section[0], [" ".join(c[j] for c in parts if j < len(c) and c[j]).strip()
                                  for j in range(width)]))
        if k + 1 == heads or (one_per_line and not heads and k == len(sections) - 2):
            header_rows = len(rows)
    if len(rows) < 2:
        return None
    ncol = max(len(c) for _, c in rows)
    rows = [(ln, c + [""] * (ncol - len(c))) for ln, c in rows]
    return Grid(form="pipe", first_line=idx[0], last_line=idx[-1], rows=rows, lines=list(idx),
                header_rows=header_rows if 0 < header_rows < len(rows) else 0)


#: Lines that may stand between the two parts of a table split across pages (page number,
#: running head): at most this many, each at most this long.
_GAP_LINES, _GAP_CHARS = 2, 60


def _data_header(cells_: list[str]) -> bool:
    """A header row that is data: a label, then >= 2 values, not ascending whole numbers."""
    from ..cells import numeric_cell, value_like

    label, values = cells_[0], cells_[1:]
    if not label or value_like(label) or len(values) < 2 or not all(numeric_cell(c) for c in values):
        return False
    ints = [int(c) for c in values if c.isdigit()]
    return not (len(ints) == len(values) and ints == sorted(set(ints)))


def _continues(prev: Grid | None, grid: Grid, lines: Sequence[str]) -> bool:
    """``grid`` is the second part of ``prev``, its first data row printed as its header."""
    if prev is None or grid.header_rows != 1 or len(prev.rows[0][1]) != len(grid.rows[0][1]):
        return False
    from ..patterns import caption_kind

    gap = [lines[i].strip() for i in range(prev.last_line, grid.first_line - 1) if lines[i].strip()]
    if len(gap) > _GAP_LINES or any(len(t) > _GAP_CHARS or caption_kind(t) for t in gap):
        return False
    return _data_header(grid.rows[0][1])


def _demote_header(grid: Grid) -> None:
    ln = grid.rows[0][0]
    grid.header_rows = 0
    grid.notes.append((ln, "continued_table", f"line {ln}: the header row of this pipe table is a data row (a "
                       "label and values, as many columns as the table just before it: a table split across "
                       "pages whose first row was printed as a header); read as data"))


_OCR_RULE = re.compile(r"(?<= )[lI!\[\]](?= )")
_OCR_END_RULE = re.compile(r"\s[lI!\]]\s*$")


def ocr_rules(lines: Sequence[str]) -> list[str]:
    """Lines with OCR's misread column rules made pipes again: Tesseract reads a table image's
    vertical rules as ``|``, ``l``, ``I``, ``!``, ``[`` or ``]`` (``ViT-B/32 l 88M I 66.2 | 57.9``).
    A lone ``l``/``I``/``!``/``[``/``]`` between spaces becomes ``|`` on a line that already
    prints a pipe (not at its start: OCR rules, not a Markdown table), when a neighbouring line
    read the same way has the same number (>= 2) of pipes: a prose line with a pipe and the
    word "I" is left alone. A row of a pipe table ending in such a letter (``| April | 68.3 I``)
    gets its right border back when the row above or below ends with a pipe and has as many."""
    fixed = [_OCR_RULE.sub("|", line) if "|" in line and not line.lstrip().startswith("|") else line
             for line in lines]
    out = list(lines)
    for i, line in enumerate(fixed):
        if line is lines[i] or line == lines[i]:
            continue
        n = _pipes(line)
        if n >= 2 and any(0 <= j < len(fixed) and _pipes(fixed[j]) == n for j in (i - 1, i + 1, i - 2, i + 2)):
            out[i] = line
    for i, line in enumerate(out):  # a table's right border read as 'I' at the end of its row
        if line.lstrip().startswith("|") and _OCR_END_RULE.search(line):
            closed = _OCR_END_RULE.sub(" |", line)
            if any(0 <= j < len(out) and out[j].rstrip().endswith("|") and _pipes(out[j]) == _pipes(closed)
                   for j in (i - 1, i + 1)):
                out[i] = closed
    return out


def _table_line(line: str) -> bool:
    """A line of a pipe table or of a grid table's rule ("+---+": a "+" it needs first)."""
    return bool(line.strip() and (_pipes(line) >= 1 or "+" in line and _GRID_RULE.match(line)))


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    lines = ocr_rules(box_rules(lines))
    grids = []
    for run in runs(lines, _table_line, skip):
        if sum(1 for i in run if _GRID_RULE.match(lines[i - 1])) >= 2:
            grid = _grid_table(run, lines)
            if grid:
                grids.append(grid)
            continue
        run = [i for i in run if _pipes(lines[i - 1]) >= 1]
        if not run:
            continue
        align = [i for i in run if is_alignment(lines[i - 1])]
        if align:
            first = align[0]
            start = run.index(first)
            if start > 0 and not is_alignment(lines[run[start - 1] - 1]):
                start -= 1  # the header row
            idx = run[start:]
        else:
            idx = _trim(run, lines)
        if not idx or not _is_table([lines[i - 1] for i in idx], bool(align)):
            continue
        grid = _grid(idx, lines)
        if grid:
            if _continues(grids[-1] if grids else None, grid, lines):
                _demote_header(grid)
            grids.append(grid)
    return grids
