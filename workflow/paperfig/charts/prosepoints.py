"""Points of a line or scatter chart told in running prose, as chat models write them.

Read only from a plain line (or bullet) of an x/y chart description, sentence by sentence;
each form needs enough items that a remark cannot pass for it:

* **y in/at x**: three or more ``<y> in <year>`` or ``<y> at <x><unit>`` items in a paragraph
  (``It starts at roughly 0.18 in 2015, rises to about 0.27 in 2016 and 0.35 in 2017``;
  ``values of about 0.71 at 22M, 0.79 at 86M and 0.84 at 307M``; both with their units, the
  same in every item: ``0.1 mW at 10 mA, 0.4 mW at 20 mA, 3.2 mW at 30 mA``), the year also
  first (``In 2021 the value is 530``, ``in 2022 it is 540``, ``In 2023 the line ends at
  1,800``). A number is read whole (``1,800``), never a part of one.
* **x (y)**: three or more ``<x> (<y>)`` items (``1 (18.4), 2 (26.9), 3 (35.2)``).
* **x: y**: three or more ``<x>: <y>`` items in a sentence, and no other number from the first
  item on (``The values are as follows: 2015: 112, 2016: 180, ..., and 2024: 5,730.``).
* **Respectively**: two lists of as many numbers (>= 2) in a sentence ending in "respectively",
  the first the x positions and the second the values (``at temperatures of 0.5, 1.0 and 1.5,
  the ECE values are 0.182, 0.094 and 0.041, respectively``).
* **On the axes**: ``<x> on the x-axis and <y> on the y-axis`` (or ``x of <x> and y of <y>``),
  one point per phrase (``located at around 300 on the x-axis and 38.5 on the y-axis``).

A sentence in none of these forms gives nothing (it is commentary).
"""

from __future__ import annotations

import re

from .claims import split_sentences
from .shapes import _APPROX, _numbers, canonical_numbers

_N = r"(?<![\d.,])[-+−]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?!\d|[.,]\d)"  # whole: never '800' of '1,800'
_Y_AT_X = re.compile(rf"(?:{_APPROX}\s*)?(?P<y>{_N})\s*(?P<yu>%)?\s+(?:in|at|by|for|around|on)\s+"
                     rf"(?:(?P<year>(?:19|20)\d\d)\b(?!\s*%)|(?P<x>{_N})(?P<xu>[kKMBGT]\b|%))", re.I)
#: The year first: 'In 2021 the value is 530', 'in 2022 it is 540', 'In 2023 the line ends at 1,800'.
_X_THEN_Y = re.compile(rf"\b(?:in|by)\s+(?P<year>(?:19|20)\d\d),?\s+(?:(?:the|it|its|this|[a-z-]+)\s+){{0,4}}?"
                       rf"(?:is|was|reaches|reached|stands\s+at|sits\s+at|ends\s+at|peaks\s+at|hits|rises\s+to|"
                       rf"falls\s+to|drops\s+to|climbs\s+to|jumps\s+to|grows\s+to)\s+(?:{_APPROX}\s*)?"
                       rf"(?P<y>{_N})(?!\s*%?\s*(?:in|by)\s+(?:19|20)\d\d)", re.I)
_X_PAREN_Y = re.compile(rf"(?<![\w.])(?P<x>{_N})(?P<xu>[kKMBGT%])?\s*\(\s*(?:{_APPROX}\s*)?(?P<y>{_N})\s*%?\s*\)",
                        re.I)
_X_COLON_Y = re.compile(rf"(?P<x>{_N})\s*:\s*(?:{_APPROX}\s*)?(?P<y>{_N})", re.I)
_Y_UNIT_AT_X = re.compile(rf"(?:{_APPROX}\s*)?(?P<y>{_N})\s*(?P<yu>[A-Za-zµ°%][A-Za-z/%°]{{0,5}})\s+at\s+"
                          rf"(?P<x>{_N})\s*(?P<xu>[A-Za-zµ°%Ω][A-Za-z/°]{{0,5}})\b", re.I)
_RESPECTIVELY = re.compile(r"\brespectively\b", re.I)
_LIST = re.compile(rf"{_N}(?:\s*(?:,|,?\s+and|,?\s+or)\s*{_N})+")
_ON_AXES = re.compile(
    rf"(?:{_APPROX}\s*)?(?P<x>{_N})\s*(?P<xu>[kKMBGT%])?\s+on\s+the\s+x[\s-]*axis\s*(?:,\s*)?(?:and|with)\s+"
    rf"(?:{_APPROX}\s*)?(?P<y>{_N})\s*%?\s+on\s+the\s+y[\s-]*axis"
    rf"|\bx\s*(?:of|=|≈)\s*(?:{_APPROX}\s*)?(?P<x2>{_N})\s*,?\s*(?:and\s+)?y\s*(?:of|=|≈)\s*(?:{_APPROX}\s*)?"
    rf"(?P<y2>{_N})", re.I)


def _plain(num: str) -> str:
    return num.replace("−", "-").replace(",", "")


def prose_points(text: str) -> list[tuple[str, str]]:
    """(x, y) of every point a prose line states in one of the module's forms."""
    text = canonical_numbers(text)[0]  # '1,020' -> '1020': every number whole
    out: list[tuple[str, str]] = []
    found = sorted([(m.start(), (m.group("year") or m.group("x")), m.group("y")) for m in _Y_AT_X.finditer(text)]
                   + [(m.start(), m.group("year"), m.group("y")) for m in _X_THEN_Y.finditer(text)])
    found = [(x, y) for _, x, y in found]
    if len(found) < 3:  # '0.1 mW at 10 mA, 0.4 mW at 20 mA, ...': both numbers with the same units
        units = list(_Y_UNIT_AT_X.finditer(text))
        if len(units) >= 3 and len({(m.group("yu"), m.group("xu")) for m in units}) == 1:
            found = [(m.group("x"), m.group("y")) for m in units]
    if len(found) >= 3:  # counted over the paragraph: 'The line reaches a peak of 0.92 in 2020.'
        return [(_plain(x), _plain(y)) for x, y in found]
    for sentence in split_sentences(text):
        found = [(m.group("x"), m.group("y")) for m in _X_PAREN_Y.finditer(sentence)]
        if len(found) >= 3:
            out.extend(found)
            continue
        pairs = list(_X_COLON_Y.finditer(sentence))
        if len(pairs) >= 3 and len(_numbers(sentence[pairs[0].start():])) == 2 * len(pairs):
            out.extend((m.group("x"), m.group("y")) for m in pairs)
            continue
        if _RESPECTIVELY.search(sentence):
            lists = [[n for n, *_ in _numbers(m.group(0))] for m in _LIST.finditer(sentence)]
            if len(lists) == 2 and len(lists[0]) == len(lists[1]) >= 2:
                out.extend(zip(lists[0], lists[1]))
                continue
        out.extend((m.group("x") or m.group("x2"), m.group("y") or m.group("y2")) for m in _ON_AXES.finditer(sentence))
    return [(_plain(x), _plain(y)) for x, y in out]
