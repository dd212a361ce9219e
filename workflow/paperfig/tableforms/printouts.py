"""Tables that extraction and OCR tools print as program output: the cells are string literals.

A script that runs pdfplumber, camelot, EasyOCR, Azure Document Intelligence, docTR, Surya or
Florence-2 prints what the tool returned; the table's text stands inside the string literals
of that output, every other number on those lines (bounding boxes, polygons, confidences, page
sizes) is the tool's and never a value. Each string literal is read with Python's literal
grammar (``\\n`` inside a cell is a line break of the cell: it becomes a space).

Grammar
-------
Three families. In the first the tool gives the cells:

* **List row** (pdfplumber ``extract_table()``, camelot ``.df.values``): one Python list of
  cells per line, ``['EAGLE-2', 'Vicuna-7B', '0.78', None],`` (``[[`` opens the first,
  ``]]`` or ``]], dtype=object)`` closes the last); a cell is a string, ``None`` (blank),
  ``nan`` or a bare number. A block is a run of >= 2 consecutive list rows of the same
  number (>= 2) of cells, at least one of which is a number (:func:`paperfig.cells.numeric_cell`).
* **Indexed cell** (Azure Document Intelligence sample scripts): ``...Cell[r][c] has text
  '92.7'``, one cell per line; the lines between (``...content ... within bounding polygon
  '[1.13, 4.96], ...'``) belong to the table but are not cells. A table ends where a cell's
  index does not follow the previous one (the next table restarts at ``[0][0]``) or at a line
  that is not the tool's (does not start with ``...``). Every cell keeps its own line.

* **Pipe-separated literals** (Google Document AI sample scripts): one row per line, each
  cell's ``repr`` followed by `` | ``: ``'CoNLL-2003' | '14,041' | '91.2' | ``; the header row
  after ``Columns:`` (``Columns: 'Dataset' | 'Train' | ``; more header rows may follow it), then
  a banner line (a line ending in ``:`` with neither literal nor digit: ``Table body data:``)
  before the body rows: the rows above it are the header (``Grid.header_rows``). A block is a
  run of >= 2 such rows (banners inside it belong to it), at least one cell a number; a
  ``Columns:`` line starts the next table. The tool's other lines (``Table with 5 columns and
  7 rows:``, page and form-field lines) are not the table's: prose.

In the second the tool gives lines of text; each printed string is one line of the table
image, read the way :mod:`.aligned` reads single-spaced rows (label words, then value tokens):

* **String item** (EasyOCR ``readtext(detail=0)``, Florence-2 ``labels``): a line holding one
  string literal and nothing else but list or dict punctuation and keys
  (``'71.8 44.3 90.2 68.8',``, ``{'<OCR>': {'labels': ['</s>Table 2 ..',``); model tokens
  (``</s>``, ``<s>``, ``<pad>``) are dropped.
* **Text field** (Surya ``TextLine(... text='Tesseract 5 81.4 92.7' ...)``): a line whose
  ``text=`` (or ``content=``) field is a string literal; the line's polygon, bbox and
  confidence are not read.
* **Word** (docTR ``Word(value='74.61', confidence=1.0)``; Google Cloud Vision's
  ``detect_document`` sample, ``Word text: 91.7 (confidence: 0.98712)``, the word unquoted,
  everything after it up to the closing ``(confidence: ..)``): one word per line; the words of
  one run of Word lines (one docTR ``Line``, one Vision paragraph) make one line of text, each
  word keeping its line. Vision's ``Block confidence: ..`` and ``Paragraph confidence: ..``
  lines end a line of text like any other gap; every confidence is the tool's score.
* **Text tuple** (ocrmac / Apple Vision ``recognize()``: ``('48.6', 1.0, [0.5498, 0.7402,
  0.0512, 0.0287])``): a tuple whose first member is a string literal and whose other members
  are numbers or lists of numbers (confidence, normalised box), one per line: a string item.

The lines of text of a run of such lines (a gap of other lines between string items or text
fields starts a new run; Word groups follow each other) become a *view*: a small document of
one text line per line, handed to :func:`.aligned.find` (header, label and value columns,
``k`` values per row) and then to :func:`.stacked.find` (Florence-2 and ocrmac print one cell
per string, no row structure: header cells, then label and values of each row; a string's
leading ``-`` is its text, not a bullet). In a list of
strings, a short string without strong values (``'16'``, ``'k'``) directly before a string
made only of >= 2 values is the row's label printed alone (EasyOCR splits a row so): the two
are one row when the list does so at least twice. The grids found in a view come back with
the file's lines: a row on the line of its first piece, every cell on the line of the word or
string it came from (``Grid.cell_lines``), the block spanning the lines of its pieces. A block
whose lines print the tool's confidences or boxes beside the text gets a note saying so.

A third family is a table printed by pandas:

* **DataFrame printout** (``print(df)``, camelot's ``tables[i].df``): a line of the frame's
  default column labels, its column positions ``0 1 2 .. n-1`` (n >= 2, nothing else on the
  line), then the frame's lines up to a blank line, a prompt (``>>>``, ``In [``, ``$``) or a
  ``[9 rows x 6 columns]`` footer. When these lines start with the row index (``0``, ``1``, ..
  counting up by one, >= 2 rows) the index is pandas', not the table's. The view blanks the
  positions line and overwrites the index with spaces (the columns stay where they stand) and
  hands the lines to :func:`.aligned.find`; a table's real header, which camelot leaves in
  body rows ``0``-``1``, is read as the aligned reader reads any header. The grid spans the
  positions line; notes name the positions and the index.
* **to_string output** (``>>> print(df.to_string(index=False, header=False))``): the lines after
  a prompt that calls ``.to_string(``, up to the same ends, are the frame's aligned text: the
  aligned reader reads them on their own (the prompt line is code, never the table's header).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .. import cells as cellgrammar
from .. import patterns
from . import Grid, aligned, stacked
from ._text import squash

FORM = "printouts"

_STR = r"""(?:[rbuRBU]{0,2}'(?:\\.|[^'\\])*'|[rbuRBU]{0,2}"(?:\\.|[^"\\])*")"""
_LIT = rf"(?:{_STR}|None|nan|NaN|-?\d+(?:\.\d+)?)"
_LIST_ROW = re.compile(rf"^\s*(?:\w+\s*=\s*)?(?:array\(\s*)?\[?\s*\[\s*(?P<cells>{_LIT}(?:\s*,\s*{_LIT})*)\s*,?\s*\]"
                       r"\s*\]?\s*(?:,\s*dtype=\w+\s*)?\)?\s*,?\s*$")
_CELL_LIT = re.compile(_LIT)
_QUOTED = re.compile(_STR)
_INDEXED = re.compile(rf"^\s*\.*\s*Cell\[(?P<r>\d+)\]\[(?P<c>\d+)\]\s+has\s+text\s+(?P<text>{_STR})")
_TOOL_LINE = re.compile(r"^\s*\.\.\.")
_KEY = rf"(?:{_STR}|\w+)\s*:\s*"
_ITEM = re.compile(rf"^\s*(?:(?:[{{(]\s*|{_KEY})*\[\s*)*(?P<text>{_STR})\s*[\]}})]*\s*,?\s*[\]}})]*\s*$")
_FIELD = re.compile(rf"(?:^|[\s(,])(?:text|content)\s*=\s*(?P<text>{_STR})")
_WORD = re.compile(rf"^\s*Word\(\s*value\s*=\s*(?P<text>{_STR})")
_NUM = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_VISION_WORD = re.compile(rf"^\s*Word text:\s*(?P<text>\S.*?)\s*\(confidence:\s*{_NUM}\)\s*$")
_VISION_SCORE = re.compile(rf"^\s*(?:Block|Paragraph|Word|Symbol) confidence:\s*{_NUM}\s*$")
_NUMS = rf"(?:{_NUM}|\[[-+\d.eE,\s\[\]]*\])"
_TUPLE = re.compile(rf"^\s*\(\s*(?P<text>{_STR})(?:\s*,\s*{_NUMS})+\s*\)\s*,?\s*$")
_MODEL_TOKEN = re.compile(r"</?s>|<pad>|<unk>")
_COORDS = re.compile(r"^[\[\](){},\s]*\[\s*-?\d+(?:\.\d+)?(?:\s*,\s*[\[\]\s]*-?\d+(?:\.\d+)?[\]\s]*)+\][\[\](){},\s]*$")
_KEYS = re.compile(_KEY)


def literal(text: str) -> str:
    """The text of a Python string literal, a cell's line breaks made spaces."""
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        value = text[1:-1]
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return squash(_MODEL_TOKEN.sub(" ", str(value)))


def _cell(text: str) -> str:
    return "" if text in ("None", "nan", "NaN") else literal(text) if text[-1:] in "'\"" else text


# --------------------------------------------------------------------------- cells given


def list_rows(lines: Sequence[str], skip: Collection[int]) -> list[Grid]:
    """Runs of list rows of one width (see the module doc)."""
    grids: list[Grid] = []
    run: list[tuple[int, list[str]]] = []
    for ln in range(1, len(lines) + 2):
        m = _LIST_ROW.match(lines[ln - 1]) if ln <= len(lines) and ln not in skip else None
        row = [_cell(c.group(0)) for c in _CELL_LIT.finditer(m.group("cells"))] if m else None
        if m is None or not _QUOTED.search(m.group("cells")):
            row = None  # a list of numbers only (a box, a polygon) is no row of cells
        if row is not None and len(row) >= 2 and (not run or len(row) == len(run[-1][1])):
            run.append((ln, row))
            continue
        if len(run) >= 2 and any(cellgrammar.numeric_cell(c) for _, r in run for c in r):
            grids.append(Grid(form=FORM, first_line=run[0][0], last_line=run[-1][0], rows=run,
                              lines=[ln_ for ln_, _ in run]))
        run = [(ln, row)] if row is not None and len(row) >= 2 else []
    return grids


def indexed_cells(lines: Sequence[str], skip: Collection[int]) -> list[Grid]:
    """Tables printed one ``Cell[r][c] has text '..'`` per line (see the module doc)."""
    tables: list[list[tuple[int, int, int, str]]] = []
    last: tuple[int, int] | None = None
    for ln, line in enumerate(lines, 1):
        m = _INDEXED.match(line) if ln not in skip else None
        if m is None:
            if ln in skip or not _TOOL_LINE.match(line):
                last = None
            continue
        r, c = int(m.group("r")), int(m.group("c"))
        if last is None or (r, c) <= last:
            tables.append([])
        tables[-1].append((ln, r, c, literal(m.group("text"))))
        last = (r, c)
    grids = []
    for cells in tables:
        width = max(c for _, _, c, _ in cells) + 1
        by_row: dict[int, dict[int, tuple[int, str]]] = {}
        for ln, r, c, text in cells:
            by_row.setdefault(r, {})[c] = (ln, text)
        if len(by_row) < 2 or width < 2:
            continue
        rows, cell_lines = [], []
        for r in sorted(by_row):
            first = min(ln for ln, _ in by_row[r].values())
            rows.append((first, [by_row[r].get(c, (first, ""))[1] for c in range(width)]))
            cell_lines.append([by_row[r].get(c, (first, ""))[0] for c in range(width)])
        first_ln, last_ln = cells[0][0], cells[-1][0]
        while last_ln < len(lines) and last_ln + 1 not in skip and _TOOL_LINE.match(lines[last_ln]) \
                and not _INDEXED.match(lines[last_ln]):
            last_ln += 1  # the last cell's polygon line
        grids.append(Grid(form=FORM, first_line=first_ln, last_line=last_ln, rows=rows,
                          lines=list(range(first_ln, last_ln + 1)), cell_lines=cell_lines))
    return grids


_SEPARATED_ROW = re.compile(rf"^\s*(?P<head>Columns:\s*)?(?P<cells>{_STR}(?:\s*\|\s*{_STR})+)\s*\|?\s*$")
_CELL_BANNER = re.compile(r"^[^'\"\d]*:\s*$")


def separated_rows(lines: Sequence[str], skip: Collection[int]) -> list[Grid]:
    """Tables printed one row per line as `` | ``-separated literals (see the module doc)."""
    blocks: list[list[tuple[int, bool, list[str]]]] = []  # (line, after a banner, cells)
    block: list[tuple[int, bool, list[str]]] = []
    banner = False
    for ln in range(1, len(lines) + 2):
        line = lines[ln - 1] if ln <= len(lines) and ln not in skip else ""
        m = _SEPARATED_ROW.match(line)
        if m and m.group("head") is not None and block:
            blocks.append(block)  # a new table's header
            block, banner = [], False
        if m:
            block.append((ln, banner, [literal(c.group(0)) for c in _QUOTED.finditer(m.group("cells"))]))
        elif block and _CELL_BANNER.match(line.strip()):
            banner = True
        elif block:
            blocks.append(block)
            block, banner = [], False
    return [g for g in map(_separated_grid, blocks) if g]


def _separated_grid(block: list[tuple[int, bool, list[str]]]) -> Grid | None:
    if len(block) < 2 or not any(cellgrammar.numeric_cell(c) for _, _, r in block for c in r):
        return None
    width = max(len(r) for _, _, r in block)
    rows = [(ln, r + [""] * (width - len(r))) for ln, _, r in block]
    header_rows = sum(1 for _, after_banner, _ in block if not after_banner)
    return Grid(form=FORM, first_line=block[0][0], last_line=block[-1][0], rows=rows,
                lines=list(range(block[0][0], block[-1][0] + 1)),
                header_rows=header_rows if header_rows < len(rows) else 0)


# --------------------------------------------------------------------------- pandas frames

_POSITIONS = re.compile(r"^\s*0(?:\s+\d+)+\s*$")
_PROMPT = re.compile(r"^\s*(?:>>>|\.\.\.\s|In \[\d*\]|\$\s)")
_FOOTER = re.compile(r"^\s*\[\d+ rows x \d+ columns\]\s*$")
_INDEX = re.compile(r"^(?P<index>\d+)(?=\s)")
_TO_STRING = re.compile(r"^\s*(?:>>>|In \[\d*\]:)\s.*\.to_string\(")


def _positions(line: str) -> bool:
    """``0 1 2 .. n-1``: a frame's default column labels."""
    if not _POSITIONS.match(line):
        return False
    return [int(t) for t in line.split()] == list(range(len(line.split())))


def _frame_lines(lines: Sequence[str], skip: Collection[int], at: int) -> list[int]:
    """The frame's lines after its positions line ``at``: up to a blank line, prompt or footer."""
    out = []
    for ln in range(at + 1, len(lines) + 1):
        line = lines[ln - 1]
        if ln in skip or not line.strip() or _PROMPT.match(line) or _FOOTER.match(line) or _positions(line):
            break
        out.append(ln)
    return out


def _row_index(lines: Sequence[str], body: list[int]) -> bool:
    """Whether the frame's lines start with its row index, counting up by one."""
    found = [_INDEX.match(lines[ln - 1]) for ln in body]
    if len(body) < 2 or not all(found):
        return False
    index = [int(m.group("index")) for m in found]
    return index == list(range(index[0], index[0] + len(index)))


def dataframes(lines: Sequence[str], skip: Collection[int]) -> list[Grid]:
    """Tables printed by pandas with default column labels or by ``to_string`` (see the module doc)."""
    grids: list[Grid] = []
    for at, line in enumerate(lines, 1):
        if at in skip or not (_positions(line) or _TO_STRING.match(line)) or any(at in g.lines for g in grids):
            continue
        body = _frame_lines(lines, skip, at)
        if len(body) < 2:
            continue
        indexed = _positions(line) and _row_index(lines, body)
        view = [""] * len(lines)
        for ln in body:
            text = lines[ln - 1]
            view[ln - 1] = _INDEX.sub(lambda m: " " * len(m.group(0)), text) if indexed else text
        for g in aligned.find(view):
            grids.append(_frame_grid(g, lines, at, body, indexed))
    return grids


def _frame_grid(grid: Grid, lines: Sequence[str], at: int, body: list[int], indexed: bool) -> Grid:
    """A grid of a frame's view, spanning the frame's positions line, with notes naming it."""
    grid.form = FORM
    if grid.first_line == body[0] and not _TO_STRING.match(lines[at - 1]):
        grid.first_line, grid.lines = at, list(range(at, grid.last_line + 1))
        grid.notes.append((at, "frame_positions", f"line {at} prints the frame's column positions "
                           "(pandas' default column labels), not values"))
    if indexed:
        grid.notes.append((grid.rows[0][0], "frame_index", f"the first number of lines {body[0]}-{body[-1]} "
                           "is the frame's row index, not a value"))
    return grid


# --------------------------------------------------------------------------- lines of text


@dataclass
class _Text:
    """One line of the table's text and where its words are printed."""
    words: list[tuple[str, int]] = field(default_factory=list)  # (word, file line)

    @property
    def text(self) -> str:
        return " ".join(w for w, _ in self.words)

    @property
    def line(self) -> int:
        return self.words[0][1]


def _words(text: str, ln: int) -> list[tuple[str, int]]:
    return [(w, ln) for w in text.split()]


def _word(line: str) -> str | None:
    """The text of a word line (docTR ``Word(value=..)``, Vision ``Word text: ..``), else None."""
    m = _WORD.match(line)
    if m:
        return literal(m.group("text"))
    m = _VISION_WORD.match(line)
    return m.group("text") if m else None


def text_runs(lines: Sequence[str], skip: Collection[int]) -> list[list[_Text]]:
    """Runs of text lines: string items, text fields, docTR word groups (see the module doc)."""
    runs: list[list[_Text]] = []
    current: list[_Text] = []
    kind = None
    for ln in range(1, len(lines) + 2):
        line = lines[ln - 1] if ln <= len(lines) and ln not in skip else ""
        word = _word(line)
        item = None if word is not None else (_ITEM.match(line) or _TUPLE.match(line) or _FIELD.search(line))
        if word is not None:
            if kind != "word":
                runs.append(current)
                current, kind = [_Text()], "word"
            elif current[-1].words and current[-1].words[-1][1] != ln - 1:
                current.append(_Text())  # the next docTR Line
            current[-1].words.extend(_words(word, ln))
        elif item:
            if kind != "item":
                runs.append(current)
                current, kind = [], "item"
            text = literal(item.group("text"))
            if text:
                current.append(_Text(_words(text, ln)))
        elif kind == "item" or ln > len(lines):
            runs.append(current)
            current, kind = [], None
    runs.append(current)
    return [_join_split_labels([t for t in run if t.words]) for run in runs if len(run) >= 2]


def _label_alone(t: _Text) -> bool:
    toks = aligned.tokens(t.text)
    s = t.text
    return (0 < len(toks) <= 4 and not s.endswith((".", ":", ",", ";")) and not patterns.caption_kind(s)
            and not any(tok.value and not aligned.is_weak(tok.text) for tok in toks))


def _only_values(t: _Text) -> bool:
    toks = aligned.tokens(t.text)
    return len(toks) >= 2 and all(tok.value for tok in toks)


def _join_split_labels(run: list[_Text]) -> list[_Text]:
    """A label printed alone on the line before its values: one row (when it happens >= 2 times)."""
    pairs = [i for i in range(len(run) - 1) if _label_alone(run[i]) and _only_values(run[i + 1])]
    if len(pairs) < 2:
        return run
    out: list[_Text] = []
    skip_next = False
    for i, t in enumerate(run):
        if skip_next:
            skip_next = False
            continue
        if i in pairs:
            out.append(_Text(t.words + run[i + 1].words))
            skip_next = True
        else:
            out.append(t)
    return out


def _cell_lines(texts: list[_Text], row: list[str]) -> list[int]:
    """The line of each cell: cells take the row's words from the right (the label, first,
    the rest); a cell whose words do not match keeps the row's line."""
    words = [w for t in texts for w in t.words]
    out = [words[0][1]] * len(row)
    end = len(words)
    for i in range(len(row) - 1, 0, -1):
        n = len(row[i].split())
        if not n or n > end:
            continue
        out[i] = words[end - n][1]
        end -= n
    return out


_VIEW_LINES = re.compile(r"\b(lines? )(\d+)(?:-(\d+))?")


def _file_lines(message: str, run: list[_Text]) -> str:
    """A note of a view's reader with the file's line numbers (``lines 2-25`` of the view)."""
    def at(v: str, last: bool) -> str:
        i = int(v)
        return str((run[i - 1].words[-1][1] if last else run[i - 1].line) if 1 <= i <= len(run) else i)

    return _VIEW_LINES.sub(lambda m: m.group(1) + at(m.group(2), False)
                           + (f"-{at(m.group(3), True)}" if m.group(3) else ""), message)


def _back(grid: Grid, run: list[_Text]) -> Grid:
    """A grid found in a view, with the file's lines."""
    def texts(vln: int) -> list[_Text]:
        return [run[vln - 1]] if 1 <= vln <= len(run) else []

    rows, cell_lines = [], []
    for i, (vln, cells) in enumerate(grid.rows):
        if grid.cell_lines:  # one cell per string (stacked)
            where = [run[v - 1].line for v in grid.cell_lines[i]]
        else:
            where = _cell_lines(texts(vln), cells)
        rows.append((run[vln - 1].line, cells))
        cell_lines.append(where)
    used = [ln for v in grid.lines for t in texts(v) for _, ln in t.words]
    first, last = min(used), max(used)
    notes = [(run[v - 1].line if 1 <= v <= len(run) else first, kind, _file_lines(msg, run))
             for v, kind, msg in grid.notes]
    caption = (run[grid.caption[0] - 1].line, grid.caption[1]) if grid.caption else None
    several = any(len(set(ls)) > 1 for ls in cell_lines)
    return Grid(form=FORM, first_line=first, last_line=last, rows=rows, lines=list(range(first, last + 1)),
                notes=notes, caption=caption, header_rows=grid.header_rows,
                cell_lines=cell_lines if several else None)


def coords_line(line: str) -> bool:
    """A line of the tool's boxes or polygons: lists of numbers only, after any dict keys
    (``'quad_boxes': [[24.0, 18.0, 504.0, 18.0],``)."""
    return bool(_COORDS.match(_KEYS.sub("", line)))


def _with_coords(grid: Grid, lines: Sequence[str], skip: Collection[int]) -> Grid:
    """The block of a list of strings goes on over the tool's box lines printed right after it."""
    last = grid.last_line
    while last < len(lines) and last + 1 not in skip and coords_line(lines[last]):
        last += 1
    if last > grid.last_line:
        grid.notes.append((grid.last_line + 1, "tool_coordinates", f"lines {grid.last_line + 1}-{last} are the "
                           "tool's boxes of the strings above: coordinates, not values"))
        grid.last_line, grid.lines = last, list(range(grid.first_line, last + 1))
    return grid


def read_view(run: list[_Text]) -> list[Grid]:
    """The tables of one run of text lines, read by the aligned and then the stacked reader."""
    view = [t.text for t in run]
    grids = aligned.find(view)
    taken = {ln for g in grids for ln in g.lines}
    grids += stacked.find(view, frozenset(taken), strings=True)
    return [_back(g, run) for g in grids]


def _scores_note(grid: Grid, lines: Sequence[str]) -> Grid:
    """Name the lines of a block that print the tool's confidences or boxes beside the text."""
    scored = [ln for ln in grid.lines if _VISION_WORD.match(lines[ln - 1]) or _VISION_SCORE.match(lines[ln - 1])
              or _TUPLE.match(lines[ln - 1])]
    if scored:
        grid.notes.append((scored[0], "tool_scores", f"lines {scored[0]}-{scored[-1]} print the OCR tool's "
                           "confidences (and boxes) beside the text: the tool's, not values"))
    return grid


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    if not any(("'" in line or '"' in line or "Word text:" in line or _POSITIONS.match(line) or _TO_STRING.match(line))
               for line in lines):
        return []
    taken = set(skip)
    grids: list[Grid] = []
    for reader in (list_rows, indexed_cells, separated_rows, dataframes):
        for g in reader(lines, frozenset(taken)):
            grids.append(g)
            taken.update(g.lines)
    for run in text_runs(lines, frozenset(taken)):
        for g in read_view(run):
            if g.last_line == run[-1].words[-1][1]:
                g = _with_coords(g, lines, taken)
            if not taken & set(g.lines):
                grids.append(_scores_note(g, lines))
                taken.update(g.lines)
    return sorted(grids, key=lambda g: g.first_line)
