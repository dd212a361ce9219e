"""Small helpers every form reader shares: offsets to line numbers, whitespace."""

from __future__ import annotations

import bisect
import functools
import itertools
import re
from collections.abc import Sequence

_SPACES = re.compile(r"\s+")
_MARKS = str.maketrans("0123456789abcdefABCDEFG", "⁰¹²³⁴⁵⁶⁷⁸⁹ᵃᵇᶜᵈᵉᶠᴬᴮꟲᴰᴱꟳᴳ", " ,")
_FOOTNOTE_MARKS = frozenset("¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠᴬᴮꟲᴰᴱꟳᴳ*†‡§¶")


def footnote_mark(text: str) -> str | None:
    """A superscript printed after a number (``<sup>†</sup>``, ``<sup>1</sup>``, ``^{a,b}``) as
    footnote marks the number grammar reads after a number (``†``, ``¹``, ``ᵃᵇ``): digits and
    the letters a-f and A-G become superscripts (``<sup>A</sup>``, a Tukey group in capitals,
    never a unit there), so ``84.3<sup>1</sup>`` is 84.3, never 84.31. None
    when it is not a mark (a word, an exponent such as ``-3``)."""
    mark = text.strip().replace("\\", "").translate(_MARKS)  # (Marker escapes stars: '\*\*\*')
    return mark if mark and all(c in _FOOTNOTE_MARKS for c in mark) else None


_NUMBER = r"[-−+]?(?:\d[\d,]*(?:\.\d+)?|\.\d+)"
_ERROR_LINE = re.compile(rf"^[(\[]\s*{_NUMBER}\s*(?:(?:[–—-]|to|,|;)\s*{_NUMBER}\s*)?[)\]]$")


def error_line(text: str) -> bool:
    """A line holding only a number or an interval in parentheses or brackets (``(0.097)``,
    ``[221–236]``, ``(0.43–0.95)``): a value's error printed on the line under it, when a value
    line stands above it (never a name such as ``(95% CI)`` or ``(n = 9)``)."""
    return bool(_ERROR_LINE.match(text.strip()))


def squash(text: str) -> str:
    """Collapse runs of whitespace (newlines, non-breaking spaces) to one space; strip."""
    return _SPACES.sub(" ", text.replace("\u00a0", " ")).strip()


def runs(lines: Sequence[str], keep, skip=()) -> list[list[int]]:
    """Runs of consecutive 1-based line numbers whose line ``keep(line)`` accepts, lines in
    ``skip`` breaking a run like any other line."""
    out: list[list[int]] = []
    current: list[int] = []
    for ln, line in enumerate(lines, 1):
        if ln not in skip and keep(line):
            current.append(ln)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


class Text:
    """The document joined with "\\n", with a map from character offset to 1-based line."""

    def __init__(self, lines: Sequence[str]):
        self.lines = lines
        self.text = "\n".join(lines)

    @functools.cached_property
    def _starts(self) -> list[int]:
        """The offset of each line's first character (computed when a reader first asks: most
        documents hold none of the markup a reader building a Text looks for)."""
        return list(itertools.accumulate((len(line) + 1 for line in self.lines[:-1]), initial=0))

    def line_of(self, offset: int) -> int:
        """1-based line number of the character at ``offset``."""
        return bisect.bisect_right(self._starts, offset)

    def start_of(self, line_no: int) -> int:
        return self._starts[line_no - 1]


def span(value: str | None) -> int:
    """A ``colspan``/``rowspan`` (HTML) or ``cols``/``rows`` (TEI) attribute: 1 to 1000."""
    try:
        return max(1, min(1000, int((value or "1").strip())))
    except ValueError:
        return 1


def expand_spans(rows: list[tuple[int, list[tuple[str, int, int, int]]]]
                 ) -> tuple[list[tuple[int, list[str]]], list[list[int]], bool]:
    """Spanned cells to plain cells: a cell spanning n columns is its text then n-1 "" cells, a
    cell spanning n rows leaves "" in its column of the n-1 rows below. ``rows`` are (row line,
    [(text, columns, rows, cell line)]). Returns the rows, the line of every cell (a spanned
    or padded cell takes its row's line) and whether a row span ran past the last row."""
    pending: dict[int, int] = {}  # column -> rows still covered by a span from above
    out: list[tuple[int, list[str]]] = []
    out_lines: list[list[int]] = []
    for line, cells in rows:
        row: list[str] = []
        lines: list[int] = []
        col = 0
        for text, ncols, nrows, cell_line in cells:
            while pending.get(col, 0) > 0:  # cells covered by a span from above
                row.append("")
                lines.append(line)
                pending[col] -= 1
                col += 1
            for k in range(ncols):
                row.append(text if k == 0 else "")
                lines.append(cell_line or line)
                if nrows > 1:
                    pending[col] = nrows - 1
                col += 1
        tail = [c for c, v in pending.items() if v > 0 and c >= col]
        for c in range(col, max(tail) + 1 if tail else col):
            row.append("")
            lines.append(line)
            if pending.get(c, 0) > 0:
                pending[c] -= 1
        out.append((line, row))
        out_lines.append(lines)
    return out, out_lines, any(v > 0 for v in pending.values())
