"""Single-spaced rows whose text columns stand between value columns, as Tesseract and plain
``pdftotext`` print a case series or a characteristics table: one row per line, a single space
between every two cells, text cells of one or more words among the numbers.

::

    Case Age Sex Site Lesion Eosino- Sparganum Treatment Follow-up     <- header (optional)
    (yr) size (cm) phils (%) ELISA OD (mo)                             <- its second line
    1 54 M Cerebral (frontal) 2.8 6.1 0.412 Excision 36
    2 47 M Cerebral (parietal) 3.4 2.3 0.387 Excision 24
    3 61 F Cerebral (temporal) 1.9 11.7 0.529 Excision + PZQ 18
    | 6 66 M Breast 3.0 8.5 0.618 Excision 19                          <- OCR's border

The aligned reader reads a row as a label then a run of values; here a text cell follows values,
so no single run of values ends every row alike. What the rows do share is their *shape*.

Grammar
-------
* **Tokens**: the aligned reader's tokens (:func:`.aligned.tokens`: ``0.379 + 0.104`` is one
  value, a missing mark ``_`` or ``—`` is a value that holds its column's place); a ``|`` or
  ``]`` is what OCR left of a rule or border, no token. A whole number between two words is a
  value column (``Silt loam NE 71 Maize``); a label holding one (``Grade 2 lesion``) in some
  rows only changes their shape, and the block ends there.
* **Shape**: the line's tokens as alternating runs, each value run with its length
  (``V2 T V3 T V1``). A candidate row has a text run between two value runs, at least three
  values, text runs of at most five words, and no word of prose, no sentence, caption, heading
  or list item, no Markdown (emphasis, a pipe table's row), key (``PRP:``), arrow or cells
  parted by commas (``North America 148, Europe 92``: a list). Prose that mentions numbers
  ("shrank from 2.2 cm to 0.9 cm over 12") fails on one of those or on the shape agreement
  below.
* **Block**: at least three consecutive candidate rows (a single blank line between rows
  allowed) of one shape. Lines of another shape end it.
* **Cells**: every value one cell, every text run one cell (two text columns printed side by
  side, ``M Cerebral (frontal)``, stay one text cell: a single space cannot tell them apart).
* **Header**: up to three lines directly above the block (one blank line allowed) that the
  aligned reader takes for header lines (no value but years, units, intervals' levels; no
  sentence). Its first line names the columns when its words can be dealt to them: one word
  per column when the counts agree; else one word per value column from each end, the words
  left in the middle to the one text run there (or, with a text run at each end of the middle,
  shared between the two). Its later lines (``(yr) size (cm) phils (%)``: the names wrapped)
  cannot be dealt word by word and stay out of the names. A header that cannot be dealt is not
  used as names (the block is read headerless, note ``header_not_split``): a wrong name is
  worse than none.
* The table logic of :mod:`paperfig.pages` then treats the cells like any other grid (a first
  column of row numbers ``1, 2, 3`` is a label, text cells hold no values).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from .. import patterns
from . import Grid
from . import aligned as _al

_MIN_ROWS = 3
_MAX_TEXT_WORDS = 5
_MAX_HEADER_LINES = 3
_BORDER = frozenset({"|", "¦", "]", "[", "‖"})

#: Lines of other forms: list items and quotes, Markdown emphasis and pipes, keys (``PRP:``),
#: arrows (``18.4 → 9.1``), cells parted by commas or semicolons (``North America 148, Europe 92``).
_NOT_A_ROW = re.compile(r"^\s*(?:[-+*•>#]|\d{1,3}[.)]\s)|\*\*|__|^\s*\|.*\|.*\|\s*$|\S:(?:\s|$)|[→←⇒]"
                        r"|\d[,;](?:\s|$)")

Shape = tuple[int, ...]  # value-run lengths, 0 for a text run: (2, 0, 3, 0, 1)


def _runs(text: str) -> list[tuple[bool, list[str]]] | None:
    """The line's alternating runs of value and text tokens, or None when it is no candidate
    row (module doc)."""
    if _NOT_A_ROW.search(text):
        return None
    toks = _al.tokens(text)
    toks = [t for t in toks if t.text not in _BORDER]  # OCR's rules and borders
    if len(toks) < 5:
        return None
    runs: list[tuple[bool, list[str]]] = []
    for tok in toks:
        if runs and runs[-1][0] == tok.value:
            runs[-1][1].append(tok.text)
        else:
            runs.append((tok.value, [tok.text]))
    value_runs = [i for i, (v, _) in enumerate(runs) if v]
    if len(value_runs) < 2 or sum(len(runs[i][1]) for i in value_runs) < 3:
        return None
    if not any(not v for v, _ in runs[value_runs[0]:value_runs[-1]]):
        return None  # no text between values: the aligned reader's form
    if any(not v and len(words) > _MAX_TEXT_WORDS for v, words in runs):
        return None
    if any(_al._prose_word(w) for v, words in runs if not v for w in words):
        return None
    s = text.strip()
    if _al._excluded(s) or _al._MID_SENTENCE.search(s) or _al._SENTENCE_END.search(s):
        return None
    return runs


def _shape(runs: list[tuple[bool, list[str]]]) -> Shape:
    return tuple(len(words) if v else 0 for v, words in runs)


def _blocks(lines: Sequence[str], skip: Collection[int]) -> list[list[tuple[int, list]]]:
    blocks: list[list[tuple[int, list]]] = []
    cur: list[tuple[int, list]] = []
    shape: Shape | None = None
    blank = 0

    def close():
        nonlocal cur, shape
        if len(cur) >= _MIN_ROWS:
            blocks.append(cur)
        cur, shape = [], None

    for ln, text in enumerate(lines, 1):
        if ln in skip:
            close()
            continue
        if not text.strip():
            blank += 1
            if blank > 1:
                close()
            continue
        runs = _runs(text)
        this = _shape(runs) if runs is not None else None
        if this is None or (cur and this != shape):
            close()
        if this is not None:
            shape = this
            cur.append((ln, runs))
        blank = 0
    close()
    return blocks


def _header(lines: Sequence[str], first: int, skip: Collection[int]) -> list[int]:
    """Line numbers of the header above the block's first row (module doc), top first."""
    out: list[int] = []
    ln = first - 1
    if ln >= 1 and not lines[ln - 1].strip() and ln - 1 >= 1 and lines[ln - 2].strip():
        ln -= 1  # one blank line between header and rows
    while ln >= 1 and len(out) < _MAX_HEADER_LINES and ln not in skip and lines[ln - 1].strip():
        text = lines[ln - 1]
        line = _al._analyse(ln, text)
        if _al.is_rule(text.strip()):
            ln -= 1
            continue
        if not _al._header_line(line) or patterns.caption_kind(text.strip()):
            break
        out.insert(0, ln)
        ln -= 1
    return out


def _deal(words: list[str], shape: Shape) -> list[str] | None:
    """Column names from one header line's words (module doc), or None."""
    columns: list[int] = []  # per column, 0 text run / 1 value
    for n in shape:
        columns.extend([1] * n if n else [0])
    if len(words) == len(columns):
        return list(words)
    if len(words) < len(columns):
        return None
    names: list[str | None] = [None] * len(columns)
    left, right = 0, len(columns) - 1
    wl, wr = 0, len(words) - 1
    while left <= right and columns[left] == 1:
        names[left] = words[wl]
        left, wl = left + 1, wl + 1
    while right >= left and columns[right] == 1:
        names[right] = words[wr]
        right, wr = right - 1, wr - 1
    middle = words[wl:wr + 1]
    if left > right:
        return None
    if left == right:  # one text run in the middle takes the words left over
        names[left] = " ".join(middle)
        return [n or "" for n in names]
    # a text run at each end of the middle: one word per value column between them
    inner = right - left - 1
    if all(columns[i] == 1 for i in range(left + 1, right)) and len(middle) >= inner + 2:
        spare = len(middle) - inner
        # the spare words go to the two text runs, half each (the first takes the odd one)
        first_words = (spare + 1) // 2
        names[left] = " ".join(middle[:first_words])
        for j, i in enumerate(range(left + 1, right)):
            names[i] = middle[first_words + j]
        names[right] = " ".join(middle[first_words + inner:])
        return [n or "" for n in names]
    return None


def _cells(runs: list[tuple[bool, list[str]]]) -> list[str]:
    """Every value a cell, every text run one cell."""
    out: list[str] = []
    for is_value, words in runs:
        out.extend(words if is_value else [" ".join(words)])
    return out


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids = []
    for block in _blocks(lines, skip):
        shape = _shape(block[0][1])
        rows = [(ln, _cells(runs)) for ln, runs in block]
        width = len(rows[0][1])
        notes: list[tuple[int, str, str]] = []
        header_lns = _header(lines, block[0][0], skip)
        header_rows = 0
        if header_lns:
            names = _deal(lines[header_lns[0] - 1].split(), shape)
            if names is None:
                notes.append((header_lns[0], "header_not_split",
                              f"the header above the table (lines {header_lns[0]}-{header_lns[-1]}) could not be "
                              f"dealt to its {width} columns; the columns are unnamed"))
            else:
                rows.insert(0, (header_lns[0], names))
                header_rows = 1
        top = header_lns[0] if header_lns else block[0][0]
        covered = [ln for ln in range(top, block[-1][0] + 1) if ln not in skip]
        grids.append(Grid(form="interleaved", first_line=covered[0], last_line=covered[-1], rows=rows,
                          lines=covered, notes=notes, header_rows=header_rows))
    return grids
