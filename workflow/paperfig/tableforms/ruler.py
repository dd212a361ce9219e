"""Line numbers printed in a page's margins (review copies: ACL, NeurIPS, ICLR "ruler"), which
``pdftotext -layout`` prints at the start and end of every line.

Grammar: a **ruler** is a run of >= 5 lines whose first token (or last token) is an integer
that grows by exactly 1 from each line to the next (blank lines of the run carry their number
too), set apart from the text by >= 2 spaces. :func:`without_ruler` blanks those numbers
(keeping every other character at its position), so the table readers never take them for a
column of values; the page and coverage readers still see the lines as printed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

_LEFT = re.compile(r"^(\s*)(\d{1,5})(?=\s{2,}\S|\s*$)")
_RIGHT = re.compile(r"(?<=\S)(\s{2,})(\d{1,5})\s*$|^(\s*)(\d{1,5})\s*$")
_NUMBER_TOKEN = re.compile(r"\d{1,5}")
MIN_RUN = 5


def _runs(numbers: list[int | None]) -> set[int]:
    """Indexes of the lines in runs of >= MIN_RUN consecutive numbers n, n+1, n+2, ..."""
    keep: set[int] = set()
    start = 0
    for i in range(1, len(numbers) + 1):
        if i < len(numbers) and numbers[i] is not None and numbers[i - 1] is not None \
                and numbers[i] == numbers[i - 1] + 1:
            continue
        if i - start >= MIN_RUN and numbers[start] is not None:
            keep.update(range(start, i))
        start = i
    return keep


def _ends_in_number(line: str) -> bool:
    """The last token is a number of 1-5 digits: what ``_RIGHT`` needs (a test of the last token
    that spares scanning every line of the page with ``_RIGHT``)."""
    words = line.rsplit(None, 1)
    return bool(words) and bool(_NUMBER_TOKEN.fullmatch(words[-1]))


def without_ruler(lines: Sequence[str]) -> list[str]:
    """The lines with margin line numbers blanked (see the module docstring)."""
    left = [int(m.group(2)) if (m := _LEFT.match(line)) else None for line in lines]
    out = list(lines)
    for i in _runs(left):
        m = _LEFT.match(out[i])
        out[i] = m.group(1) + " " * len(m.group(2)) + out[i][m.end():]
    right = []
    for line in out:
        m = _RIGHT.search(line) if _ends_in_number(line) else None
        right.append(int(m.group(2) or m.group(4)) if m else None)
    for i in _runs(right):
        m = _RIGHT.search(out[i])
        out[i] = out[i][:m.start()].rstrip()
    return out
