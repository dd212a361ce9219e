"""Two-column pages as ``pdftotext -layout`` prints them: each line holds a piece of the left
column, a gap, and a piece of the right column, so a table of one column shares its lines
with the prose (or the table) of the other.

Grammar
-------
* **Prose piece**: >= 4 words of >= 2 letters, two of them in lower case, letters making up
  >= 60% of its non-space characters (a table row is mostly numbers, a header row capitalised
  names; a sentence is mostly lower-case words).
* **Gutter**: a character position ``g`` in the middle half of the page's width where many
  lines have a gap of >= 3 spaces containing ``g`` with a piece on each side, at least one of
  them prose, and few lines cross ``g`` with text. Chosen as the position with the most such
  *split lines*; a page needs >= 4 of them, more than crossing lines among the lines that
  reach ``g``, and prose left of ``g`` on some split line and right of it on another (a
  full-width table whose long row labels read as prose beside its values has prose on the left
  only). A single-column page (prose lines run through the middle) has none; a
  table whose own column gap happens to fall mid-page has no prose beside it, so it is never
  split.
* **Views**: a split line (a gap of >= 2 spaces around ``g`` with words on one side: prose, or
  the short last line of a paragraph, :func:`is_text`) gives its left piece to the left view
  and its right piece, kept at its position (padded with spaces), to the right view; a line
  whose text starts right of the gutter goes to the right view only; every other line (no
  text right of ``g``, text crossing it, or a table row on both sides: a full-width heading
  or table; a row whose left piece ends in a value and whose right piece is values) stays whole
  in the left view. Line numbers are unchanged, so a table found in a
  view reports the file's lines.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from .. import cells

_GAP = re.compile(r" {3,}")
_DIGIT = re.compile(r"\d")
_GAP2 = re.compile(r" {2,}")
_SECTION_HEADING = re.compile(r"^\d+(?:\.\d+)+\.?\s+[A-Z][a-z]")  # ("5.3 Control", "3.2. Multivariable")
_WORD = re.compile(r"[A-Za-z]{2,}")
MIN_SPLIT_LINES = 4


def _row_end(text: str) -> bool:
    """A piece ending in a value set apart by a run of spaces (``Robbery   1.9``, ``Healed by day
    21, n (%)   36 (69.2)``), or holding two such values before a missing mark (``Passive (shade,
    supine)   12   40.03 ± 0.33   —a``): a table row, never a paragraph's line."""
    head, _, last = text.rpartition("  ")
    if bool(head.strip()) and _DIGIT.search(last) is not None and cells.value_like(last.strip()):
        return True
    pieces = [piece.strip() for piece in _GAP2.split(text.strip())][1:]
    return sum(1 for piece in pieces if _DIGIT.search(piece) and cells.value_like(piece)) >= 2


def is_prose(piece: str) -> bool:
    text = piece.strip()
    chars = len(text.replace(" ", ""))
    words = _WORD.findall(text)
    return (len(words) >= 4 and sum(w.islower() for w in words) >= 2 and chars > 0
            and sum(c.isalpha() for c in text) >= 0.6 * chars)


def is_text(piece: str) -> bool:
    """Words rather than a table row: >= 2 lower-case words of letters, letters >= 50% of the
    characters (the last, short line of a paragraph: ``by 2.3 points.``; a row label such as
    ``Model (ours)`` has one), or a numbered section heading (``5.3   Control tasks``); never
    a piece ending in a value set apart by runs of spaces (a full-width table's row)."""
    text = piece.strip()
    if _SECTION_HEADING.match(text):
        return True
    if "  " in text and _row_end(text):
        return False  # a row's label and values, set apart by runs of spaces ('Robbery   1.9   1.1')
    chars = len(text.replace(" ", ""))
    words = _WORD.findall(text)
    return (sum(w.islower() for w in words) >= 2 and chars > 0
            and sum(c.isalpha() for c in text) >= 0.5 * chars)


def _splits(line: str, lo: int, hi: int) -> list[tuple[int, int]]:
    """The gaps of a line lying in [lo, hi) with text on both sides and prose on one: (start, end)."""
    out: list[tuple[int, int]] = []
    for m in _GAP.finditer(line):
        if m.start() == 0 or m.end() >= len(line) or m.end() < lo or m.start() >= hi:
            continue
        if is_prose(line[:m.start()]) or is_prose(line[m.end():]):
            out.append((m.start(), m.end()))
    return out


def _row_across(line: str, gap: re.Match) -> bool:
    """A full-width table's row across the gutter: the left piece ends in a value (not a
    sentence's last word, ``210 000.``) after a label that is no sentence, and the right piece
    is values only, two or more (``Grip strength, % of contralateral 91.3 (10.5)   86.7 (13.2)
    84.9 (14.0)   0.028``; ``Run-up throw   92.6 ± 5.7a,b   86.4 ± 6.1 ...``); or the whole
    line is short label cells set apart by runs of spaces and then values
    (:func:`_cells_then_values`), wherever the gutter falls among them."""
    left = [p.strip() for p in _GAP2.split(line[:gap.start()].strip())]
    right = [p.strip() for p in _GAP2.split(line[gap.end():].strip())]
    if _cells_then_values(left + right, len(left)):
        return True
    if not left[0] or left[-1].endswith(".") or len(right) < 2:
        return False
    if len(left) > 1 and (left[0].endswith(".") or len(left[0].split()) >= 6):
        return False  # (prose, then a table's cells)
    if not all(_DIGIT.search(p) and cells.value_like(p) for p in right):
        return False
    words = left[-1].split()
    last = left[-1] if len(left) > 1 else " ".join(words[-2:])
    return _DIGIT.search(last) is not None and (cells.value_like(last) or cells.value_like(words[-1])
                                                or bool(cells.parse_cell(last).parts))  # ('5.7a,b')


def _cells_then_values(pieces: list[str], n_left: int) -> bool:
    """A row of label cells set apart by runs of spaces, then values (``Mill Street   Slab track
    Resilient baseplates   3,960   80.8 ...   —``): two or more short text cells, all among the
    first ``n_left`` pieces (left of the gutter: a label right of it is a narrow table's, beside
    prose), then three or more values (missing marks among them), nothing else."""
    k = len(pieces)
    while k and (cells.is_missing(pieces[k - 1]) or _DIGIT.search(pieces[k - 1]) and cells.value_like(pieces[k - 1])):
        k -= 1
    values = pieces[k:]
    return (2 <= k <= n_left and sum(1 for p in values if _DIGIT.search(p)) >= 3
            and all(len(p.split()) <= 4 and not p.endswith(".") for p in pieces[:k]))


def gutter(lines: Sequence[str]) -> int | None:
    """The gutter position of a two-column page, or None (see the module docstring)."""
    width = max((len(line) for line in lines), default=0)
    if width < 60:
        return None
    lo, hi = width // 4, 3 * width // 4
    votes: Counter = Counter()
    for line in lines:
        if "   " not in line:  # no gap (most lines of a page): nothing to look at
            continue
        for start, end in _splits(line, lo, hi):
            for g in range(max(start, lo), min(end, hi)):
                votes[g] += 1
    if not votes:
        return None
    g, n_split = max(votes.items(), key=lambda kv: (kv[1], -abs(kv[0] - width // 2)))
    crossing = sum(1 for line in lines if len(line) > g + 1 and line[g] != " " and line[:g].strip()
                   and line[g + 1:].strip())
    if n_split < MIN_SPLIT_LINES or crossing >= n_split:
        return None
    # two columns of text: prose stands left of the gutter on some lines and right of it on some
    # (a full-width table's long labels beside its values are prose on the left only)
    sides = {side for line in lines if "   " in line for start, end in _splits(line, lo, hi) if start <= g < end
             for side, piece in (("left", line[:start]), ("right", line[end:])) if is_prose(piece)}
    return g if len(sides) == 2 else None


def views(lines: Sequence[str]) -> tuple[list[str], list[str]] | None:
    """(left view, right view) of a two-column page, or None for a single-column one."""
    g = gutter(lines)
    if g is None:
        return None
    left: list[str] = []
    right: list[str] = []
    for line in lines:
        gap = next((m for m in _GAP2.finditer(line) if m.start() <= g < m.end()), None)
        if not line[:g].strip() and line.strip():
            left.append("")
            right.append(line)
        elif gap is None or gap.end() >= len(line) or not (
                is_text(line[:gap.start()]) or is_text(line[gap.end():])) or _row_across(line, gap):
            left.append(line)  # nothing right of the gutter, text crossing it, or no prose beside
            right.append("")
        else:
            left.append(line[:gap.start()])
            right.append(" " * gap.end() + line[gap.end():])
    return left, right
