"""Tables printed one cell per line, as ``pdftotext`` (without ``-layout``) and some PDF copy
-pastes print them: the header words, then each row's label and values, each on its own line.

Grammar
-------
* **Cell line.** A short line (at most 7 words and 44 characters) holding a letter, a digit, ``%``
  or a missing mark (not JSON's ``[`` or ``],``) that is not a heading, bullet, caption or sentence
  (no ``word.`` at its end, but for a name cut short alone before another name, ``Max.`` /
  ``Secchi``; no ``:`` inside but between two digits, ``Oleic C18:1``). Inside a run, a row's label
  and >= 2 values on one line (a decimal among them) is a cell line however long (``Stari Dunavac
  64.3 5.8 1.15 48 12.7 38 19``), and it may be the table's first row, after its group's label; a
  text column never holds such a line.
* **Block.** A run of consecutive cell lines (a lone blank line between two values, each side
  holding at least two lines, is an empty cell printed as an empty line: the run goes on). It is a
  table of ``p`` columns (2 <= p <= 12) when it reads as a header, then at least two rows of ``p``
  lines each: ``q`` lines that are not values (the row label, and text columns such as a backbone:
  the same ``q`` in every row, fewest first) followed by ``p - q`` value lines (any value of the
  cell grammar: ``84.6``, ``71.2%``, ``-``, ``N/A``...; a reference category's ``Reference``; a
  range of whole numbers, ``2–538``, which the table logic reads under a header naming a range;
  never a scale's range in parentheses, ``(0–10)``, a header's second line). The header is ``p``
  text lines, or more (up to ``3p``) when its cells wrap and the lines group into ``p`` cells (a
  line opening with ``(``, or after one ending in ``,``, ``-`` or ``/``, continues the cell above:
  ``eGFR Slope, mL/min`` / ``(95% CI)``; so does a line in lower case after one ending in ``and``,
  ``of``, ``per``..., ``Working fluid and`` / ``heat load``; or they are ``p`` names and then a
  second row over the value columns, ``(n=162)`` ... (a name's third line, which OCR reads after
  that row, ``cycling (%)``, is left out); or a group's name of words stands before columns named by
  years or whole numbers, ``Physical loans`` / ``2019`` / ``2023``, and names them: such header
  lines may be values; or the label column's name and g group names come first, then the value
  columns' own names repeating every (p - 1) / g columns, ``Severity`` / ``AUDPC`` / ``2021/22`` /
  ``2022/23`` / ``2021/22`` / ``2022/23``), or absent (rows straight away). Up to two text lines may
  stand before the header (the wrapped tail of a caption, ``roadside survey, 2023``), four before a
  table of >= 3 rows and columns (OCR printing the group names over a header before it, ``Floss (n =
  44)`` / ``Interdental brush (n = 45)`` / ``Adjusted difference`` / ``Outcome`` / ``Baseline``
  ...): they are no cells. One text line of words without digits (but a scale's range in
  parentheses, ``Pain score (0–10)``) may stand between two rows (a group's label, ``By diabetes
  status``) in a table of >= 3 rows, at most one per two rows, and before the first row when another
  group follows; a row label may wrap onto a second line when its first line ends in ``,``, ``-`` or
  ``/`` (``Change in DAS28-CRP,`` / ``LS mean (SE)``) or in a parenthesis it leaves open (``Section
  A (km`` / ``0.0–6.0)``) or holds >= 4 words and the next opens in
  lower case (``Days with delirium among patients with`` / ``delirium, median (IQR)``) or in a
  setting in parentheses (``Heat pump`` / ``(45 °C, 25% RH)``); its second line may be a setting
  with its unit that reads as a value (``Hot air`` / ``55 °C``) when the row's values follow in
  full, and a label ending in such a setting on one line (``Hot air 75 °C``) is not cut; a label
  longer than a cell line (in words or in characters, up to 16 words) is a cell when a value's line
  follows it. A value line holding several values of the cell grammar (``-10.4 (0.8) -19.7
  (0.8)***``: OCR merged two boxes) gives that many cells, all on its line; so does a row's label
  merged with its first values (``La Selva 58.7±5.1``; ``Bhagwanpura 52 8.6`` / ``97 2,380 59.6``),
  and a row may stand whole on one line among rows a cell per line (``Ratanpur 71 14.7 188 4,615
  84.5``, holding a decimal, a thousands comma or a percent). Inline formatting tags around a cell
  (Surya's ``<b>329</b>``) are dropped, its inline math made plain (``<math>\\pm</math>``:
  ``±``). In the header, two or more settings of one unit between text lines (``Bridge
  profile`` / ``0.5s`` / ``1.0s`` / ``2.0s`` / ``Decay slope``) name columns. Under
  a header, a row may be named by a time point or a whole number that reads as a value (``6h``,
  ``24h``, ``7d`` under ``Time point``), or by a season (``2009/10``, a hydrological year: the
  header's last line before it, ``(mm)``, is no row's label); a header may stand one blank line
  above its rows (a paragraph of text lines only), read with them when the rows alone find no
  header; so may a stretch of rows under a group's label
  (``Haemolysis (%)`` / ``1`` / three values / ``14`` / three values), each opening with a whole
  number, a time point or a bin (``<25%``, ``25–50%``): a plain row (a label, then values) never
  leaves p value lines in a row, so only such a stretch is read so; a continued table's rows may
  follow its repeated header straight away. A text column's cell may be a dash (``Fresh control`` /
  ``–`` / ``212``). Under a p-value column (``p``, ``P-value*``) a level's row may leave the p-value
  out (printed once, on its variable's first row), and so may a baseline characteristic's, the first
  row too. Under a header, a row after the first may leave out up to half its last value cells (a
  reference arm's blank ``Difference vs placebo`` and ``p`` cells) when the next line is text or the
  run ends: its values fill the first columns, with a ``short_row`` note; at most one row in three
  may be short. When several ``p`` fit, the one whose rows use the whole run wins, then the larger
  ``p``. A table whose rows hold a text column among the values (``BH-01`` / ``150`` / ``Bentonite``
  / ``2.31 ± 0.07`` ...) fits when ``p`` header lines stand over rows whose text and value lines
  stand in the same places as the first row's (a text cell may be a dash: a summary row). A run that
  fits no ``p`` is left to the other readers (and is prose for them).
* **Errors under values** (a value's error or interval on the line under it, ``229 ± 5`` /
  ``[221–236]``, ``0.64`` / ``(0.43–0.95)``): when the run reads short of its end, or not at
  all, it is read again without such lines (:func:`._text.error_line`, after a value line) and
  the reading that covers more of it wins; a row's errors are a row of their own under it,
  unlabelled, each on its line. Never in a run holding the lines ``(1)`` and ``(2)``: a
  regression's numbered columns printed one after another (:mod:`.columnblocks`).
* **Blocks of a row each** (docTR's ``render()``, OCR of a table image, plain ``pdftotext`` of
  a table whose rows are text blocks): paragraphs of cell lines separated by one blank line, >= 3
  of them and all of one length ``p`` (the header's cells, then a row's), a group's label alone
  between two of them (``Sex``): the same table with ``p`` fixed, the blank lines part of it. A table of
  >= 3 columns read without a header takes the row set apart one blank line before it (a label
  and p - 1 values ending the paragraph), and one read to its end the row set apart after it (a
  label of one or two lines, then p - 1 values: the whole paragraph).
* **Spaced cells** (Tesseract's ``--psm 11`` sparse text: every cell its own paragraph): a run
  of >= 6 cell lines each alone between blank lines, exactly one blank line apart (no other
  blank-line gap inside): read as one run of cell lines, the blank lines part of the block.
  Row labels may hold digits (``ViT-B/16``): a cell is a value only by the cell grammar.
* **Strings** (``find(..., strings=True)``, a view of a tool's printed strings, one per line,
  :mod:`.printouts`): each line is known to be one recognised string, so a leading ``-`` or
  ``#`` is the string's own text (an ablation row ``- reranker``), not a bullet or heading.
* **Lines.** Every cell keeps its own line (``Grid.cell_lines``): a value is reported on the
  line it is printed on. The header lines make one header row (``Grid.header_rows`` = 1).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .. import cells, patterns
from . import Grid
from ._text import error_line

#: A sentence's end, but not a label's abbreviation (``Ecdyonurus spp.``, ``Quercus robur agg.``,
#: ``cv.``): a taxon's or a cultivar's name ends so in a table's label column.
_SENTENCE_END = re.compile(r"(?<![A-Za-z.])(?!(?:spp|ssp|agg|var|subsp|aff)\.$)[A-Za-z]{3,}[.!?]$")
#: A group's label between two rows (``By diabetes status``): words, digits only in parentheses
#: (a scale's range: ``Pain on loading, NRS (0–10)``).
_GROUP_LABEL = re.compile(r"^(?=.*[A-Za-z]{2})(?:[^\d()]|\([^()\d]*\)|\(\d+(?:\.\d+)?\s?[–-]\s?\d+(?:\.\d+)?\))+$")
_WORD = re.compile(r"[A-Za-z]{2}")
#: A name's next line, opening with a word in lower case (``ratio``; never ``p``, a column's name).
_LOWER_WORD = re.compile(r"[a-z]{3,}\b")


#: A rating scale's range printed after its name (``NRS 0-10``, ``VAS 0–100``), never a value of its own.
_SCALE_RANGE = re.compile(r"(?<=[A-Za-z] )[01]\s?[-–]\s?(?:5|7|10|100)(?=[,;]?(?:\s|$))")


#: A material's name and its specification after a comma (``HDPE woven, 140 g/m2``, ``Canvas,
#: waxed cotton, 380 g/m2``): a group's label that prints a quantity with its unit.
_NAMED_SPEC = re.compile(r"^[A-Za-z][\w\s+/-]*[A-Za-z],\s+(?:[a-z][a-z\s-]*,\s+)?\d[\d.,]*\s?[A-Za-zµ/%°]+\d?$")


def _group_label(text: str) -> bool:
    """A group's label between rows: words, a scale's range in parentheses (``Pain score (0–10)``)
    or after a word (``Pain at rest, NRS 0-10, median (IQR)``), or codes whose digits stand inside
    words (``≥S2 vs S0–S1``), or a name and its specification (``HDPE woven, 140 g/m2``), never a
    number of its own."""
    if _NAMED_SPEC.match(text):
        return True
    if len(_WORD.findall(text)) >= 2:  # a scale's range after its name, unbracketed: 'NRS 0-10,'
        text = _SCALE_RANGE.sub("", text)
    bare = re.sub(r"\s*\([^()\d]*\)", "", text)  # ('QIDS-SR16, mean (SD)': a parenthesis of words)
    return bool(_GROUP_LABEL.match(text)) or (
        bool(_WORD.search(bare)) and len(text.split()) <= 6 and "(" not in bare
        and not any(_STANDALONE_NUMBER.search(word) for word in bare.split()))


#: A word that is a number, or starts as one (``4``, ``18-29``, ``6h``, ``2.5mg``).
_STANDALONE_NUMBER = re.compile(r"^[<>≤≥~]?[-+−]?\d")
_DIGIT = re.compile(r"\d")
#: A colon that joins a key to its text (``Note: ...``, ``Sample size: 42``), never one between two
#: digits (a fatty acid's ``C18:1``, a ratio ``1:2``, a time ``10:30``), which a cell may hold.
_KEY_COLON = re.compile(r"(?<!\d):|:(?!\d)")
_ALNUM = re.compile(r"[^\W_]|[%℃℉°Ω‰]")  # a cell holds a letter, a digit or a unit's sign (not JSON's '],')
#: A column named by a year or a whole number under a group's name (``2019``, ``24``).
_COLUMN_NUMBER = re.compile(r"^\d{1,4}(?:[/–-]\d{2,4})?$")  # (or a season: '2021/22')
_MAX_CELL_WORDS = 7
_MAX_CELL_CHARS = 44
#: A reference category's cell in a value column (``Reference``, ``Ref.``, ``1 [Reference]``).
_REFERENCE = re.compile(r"^(?:1(?:\.0+)?\s*)?[\[(]?(?:[Rr]eference|[Rr]ef\.?)[\])]?$")


@dataclass
class _Row:
    groups: list[int]      # group label lines before the row (indices into the run)
    cells: list[str]       # the row's cells
    at: list[int]          # each cell's line (index into the run)
    short: bool = False    # its last cells were left out (blank in the table, absent in the text)


@dataclass
class _Fit:
    header: list[list[int]]  # the header's cells, each its lines (indices into the run)
    rows: list[_Row]
    p: int
    end: int                 # the index after the last row


#: A p-value column's name (``p``, ``P-value*``, ``p value``): a variable's p-value is printed
#: once, on its first level's row, and left out on the others.
_P_VALUE_HEADER = re.compile(r"^[Pp](?:[\s-]?[Vv]alues?)?\b\W*$")
#: Text lines that may stand before a table's header in a run (a caption's wrapped tail).
_MAX_LEAD = 4
_MAX_CAPTION_LEAD = 2  # more: group names over the header, before a table of >= 3 rows and columns


def _cell_line(line: str, strings: bool = False) -> bool:
    s = line.strip()
    if len(s) > _MAX_CELL_CHARS or len(s.split()) > _MAX_CELL_WORDS or "\t" in s or "|" in s:
        return False
    if not (_ALNUM.search(s) or cells.is_missing(s)):
        return False
    if patterns.caption_kind(line) or not strings and (patterns.heading(line) or patterns.BULLET.match(line)):
        return False
    if s.endswith(").") and len(s.split()) >= 4:
        return False  # a note's sentence ending in its parenthesis ('n.d., not determined (no surface).')
    return (not _SENTENCE_END.search(s) or bool(_REFERENCE.match(s))) and not _KEY_COLON.search(s)  # ('Ref.')


#: A column's name cut short, alone on its line (``Max.``, ``Temp.``): no sentence's end.
_ABBREVIATION = re.compile(r"^[A-Z][a-z]{2,4}\.$")


def _cut_name(lines: Sequence[str], ln: int) -> bool:
    """Line ``ln`` is a header's name cut short (``Max.``) among others: the next line is another
    name (a cell line of text, no value)."""
    if not _ABBREVIATION.match(lines[ln - 1].strip()) or ln >= len(lines):
        return False
    after = lines[ln].strip()
    return _cell_line(after) and not _is_value(after)


#: A row's label too long for a cell line (``Acute Physiology and Chronic Health Evaluation II
#: score, median (IQR)``): read as a cell inside a run when a value's line follows it.
_MAX_LABEL_WORDS = 16
_MAX_LABEL_CHARS = 100


def _long_label(lines: Sequence[str], ln: int, skip: Collection[int], strings: bool) -> bool:
    line = lines[ln - 1]
    s = line.strip()
    if len(s) > _MAX_LABEL_CHARS or len(s.split()) > _MAX_LABEL_WORDS or (
            len(s) <= _MAX_CELL_CHARS and len(s.split()) <= _MAX_CELL_WORDS):
        return False  # (too long for a label, or a cell line: long in characters or in words)
    if "\t" in s or "|" in s or _KEY_COLON.search(s) or _SENTENCE_END.search(s) or not _WORD.search(s) or (
            s.endswith(").")):  # (a note's sentence ending in its parenthesis)
        return False
    if patterns.caption_kind(line) or not strings and (patterns.heading(line) or patterns.BULLET.match(line)):
        return False
    return ln < len(lines) and ln + 1 not in skip and _cell_line(lines[ln], strings) and _is_value(lines[ln].strip())


#: A scale's range in parentheses (``(0–10)``, ``(1-5)``): a header's second line, no value.
_SCALE = re.compile(r"^\(\d{1,3}\s?[–-]\s?\d{1,3}\)$")


#: A number OCR garbled, a letter for a digit (``38.OO``, ``O.54``, ``15,2O9``): it holds its cell's
#: place among the values (the cell grammar refuses it, with a note), never a row's label.
_GARBLED_NUMBER = re.compile(r"^[-−]?(?=[\dOolI.,]*\d)(?=[\dOolI.,]*[OolI])"
                             r"(?:[\dOolI]+\.[\dOolI]{1,4}|\d{1,3}(?:,[\dOolI]{3})+)$")


def _is_value(text: str) -> bool:
    if _SCALE.match(text):
        return False
    return (cells.numeric_cell(text) or cells.is_missing(text) or bool(_REFERENCE.match(text))
            or bool(_GARBLED_NUMBER.match(text))
            or bool(_WHOLE_RANGE.match(text))  # ('2–538' under 'Range'; as a row's name, a bin)
            or cells.decimal_interval(text)  # ('-5.98to-4.84' under '95% CI')
            or " " in text and _DIGIT.search(text) is not None and len(_merged(text)) > 1)  # boxes merged by OCR


def _header_settings(texts: list[str], flags: list[bool]) -> list[bool]:
    """The value flags of a run's lines, with the settings that name columns read as text: in
    the header (before any other value line), two or more settings of one unit between two text
    lines (``Bridge profile`` / ``0.5s`` / ``1.0s`` / ``2.0s`` / ``Decay slope (dB/s)``), or each
    under its name (``ascr#2`` / ``60 nM`` / ``ascr#2`` / ``600 nM``)."""
    first_value = next((i for i, f in enumerate(flags) if f), len(flags))
    j = first_value
    while j < len(texts) and _SETTING_WITH_UNIT.match(texts[j]):
        j += 1
    units = {_SETTING_WITH_UNIT.match(texts[i]).group("unit") for i in range(first_value, j)}
    if first_value >= 1 and j - first_value >= 2 and len(units) == 1 and j < len(texts) and not flags[j]:
        return [False if first_value <= i < j else f for i, f in enumerate(flags)]
    # each name's setting on the line under it (``ascr#2`` / ``60 nM`` / ``ascr#2`` / ``600 nM``):
    # >= 2 settings of one unit, each after one text line, the last one before the first row's label
    alternating = []
    j = first_value
    while 1 <= j < len(texts) - 1 and (m := _SETTING_WITH_UNIT.match(texts[j])) and not (flags[j - 1] or flags[j + 1]):
        alternating.append((j, m.group("unit")))
        j += 2
    if len(alternating) >= 2 and len({unit for _, unit in alternating}) == 1:
        settings = {i for i, _ in alternating}
        return [False if i in settings else f for i, f in enumerate(flags)]
    return flags


#: A range of whole numbers (``2–538``, ``<1–412``): a cell of a range column, or a bin naming a row;
#: an interval with a negative bound, printed with "to" (``−611 to 85``), is a cell.
_WHOLE_RANGE = re.compile(r"^<?\d[\d,]*\s?[–-]\s?\d[\d,]*$|^[-−–]\d[\d,]*\s+to\s+[-−–]?\d[\d,]*$"
                          r"|^\d[\d,]*\s+to\s+[-−–]\d[\d,]*$")


#: A header line that ends in a word no name ends with (``Working fluid and`` / ``heat load``).
_OPEN_END = re.compile(r"\s(?:and|or|of|for|with|in|per|at|to|&)$")


def _open_end(line: str, after: str) -> bool:
    """``line`` ends in ``and`` (``of``, ``&``...) and ``after`` goes on in lower case: one name
    (``Working fluid and`` / ``heat load``; never ``Shading &`` / ``Intercept``, two names)."""
    return bool(_OPEN_END.search(line)) and after[:1].islower()


def _header_cells(texts: list[str], p: int, q: int) -> list[list[int]] | None:
    """Header lines as ``p`` cells (each its lines), or None. A line opening with ``(``
    (``(95% CI)``), or after a line ending in ``,``/``-``/``/`` (``Kidney Outcome,`` / ``No.
    (%)``), continues the cell above, and so does one opening in lower case when that makes ``p``
    cells (``Rehydration`` / ``ratio``); else ``p`` names and then a second row of ``p - q`` lines
    over the value columns (``Placebo`` ... then ``(n=162)`` ...; ``Vase life`` ... then ``(d)``;
    names in capitals over their second lines in lower case, ``Door`` ... then ``openings``)."""
    two_rows = [[j] for j in range(q)] + [[j, p + j - q] for j in range(q, p)] if len(texts) == 2 * p - q else None
    if two_rows and (all(text[:1] == "(" for text in texts[p:]) or all(
            text[:1] in "(" or text[:1].islower() or text[:1].isdigit() for text in texts[p:])
            and all(text[:1].isupper() for text in texts[:p])):
        return two_rows  # ('Placebo' ... '(n=162)'; 'Stops' ... 'per trip', 'Door' ... 'openings')
    out: list[list[int]] = []
    for i, text in enumerate(texts):
        if out and (text[:1] == "(" or texts[i - 1].endswith((",", "-", "/")) or _open_end(texts[i - 1], text)):
            out[-1].append(i)
        else:
            out.append([i])
    if len(out) == p:
        return out
    if len(out) > p and (settings := [i for i, text in enumerate(texts) if i and _SETTING_WITH_UNIT.match(text)]):
        # each name over its setting ('ascr#2' / '60 nM'): the setting continues the name above it
        named = [[i] for i in range(len(texts)) if i not in settings]
        for i in settings:
            next(cell for cell in reversed(named) if cell[0] < i).append(i)
        if len(named) == p and all(len(cell) <= 2 for cell in named):
            return named
    if len(out) > p and not all(t[:1].isupper() for t in texts[:p]):
        # a name wrapped with its next line in lower case ('Rehydration' / 'ratio'), each name's
        # lines together (not p names, then their second lines: below)
        joined: list[list[int]] = []
        for i, text in enumerate(texts):
            if joined and (text[:1] == "(" or _LOWER_WORD.match(text) or texts[i - 1].endswith((",", "-", "/"))):
                joined[-1].append(i)
            else:
                joined.append([i])
        if len(joined) == p:
            return joined
    if two_rows and not any(text[:1] == "(" for text in texts[1:p]):
        return two_rows  # (never when a name's parenthesis stands among the first row's: 'Ketamine' / '(n = 58)')
    if spans := _spanning_header(texts, p):
        return spans
    if p < len(texts) < 2 * p - q and all(t[:1].isupper() for t in texts[:p]) and all(
            t[:1] == "(" or t[:1].islower() for t in texts[p:]):
        # fewer second lines than columns ('blocking', 'attenuation', '(GWh/yr)' under eight
        # names): which name each continues cannot be told; each name keeps its first line
        return [[i] for i in range(p)]
    if 2 * p - q < len(texts) <= 3 * p and all(t[:1].isupper() for t in texts[:p]) and all(
            t[:1] == "(" or t[:1].islower() for t in texts[p:]):
        # more: a name's third line ('Strength loss' / 'after freeze-thaw' / 'cycling (%)'), which
        # OCR reads after the second row; the second lines continue the value columns' names in
        # order, the rest stays out of the names
        return [[j] for j in range(q)] + [[j, p + j - q] for j in range(q, p)]
    # group names over their columns: a name of words followed by a year or a number ('Physical
    # loans' / '2019' / '2023'); each column after it, up to the next group, carries its name
    groups = {c for c in range(1, len(out) - 1) if not _DIGIT.search(texts[out[c][0]])
              and _COLUMN_NUMBER.match(texts[out[c + 1][0]])}
    if not groups or len(out) - len(groups) != p:
        return None
    named: list[list[int]] = []
    group: list[int] = []
    for c, cell in enumerate(out):
        if c in groups:
            group = cell
        else:
            named.append(group + cell if group and c > min(groups) else cell)
    return named


def _spanning_header(texts: list[str], p: int) -> list[list[int]] | None:
    """The label column's name and g group names, then the p - 1 value columns' own names, which
    repeat every (p - 1) / g columns (``Treatment`` / ``Severity`` / ``AUDPC`` / ``Yield`` /
    ``2021/22`` / ``2022/23`` ... three times): each group spans its columns. The group names may
    come first, then the label column's name, when they share a word the label's name lacks
    (``Wet season`` / ``Dry season`` / ``Sloth`` / ``Mean Tb`` ...: OCR reads the top row
    first). None otherwise."""
    for g in range(2, p):
        if len(texts) != 1 + g + p - 1 or (p - 1) % g:
            continue
        width = (p - 1) // g
        subs = texts[1 + g:]
        if width >= 2 and all(subs[i] == subs[i % width] for i in range(len(subs))):
            shared = set.intersection(*(set(t.lower().split()) for t in texts[:g]))
            if shared and not shared & set(texts[g].lower().split()):
                return [[g]] + [[c // width, 1 + g + c] for c in range(p - 1)]
            return [[0]] + [[1 + c // width, 1 + g + c] for c in range(p - 1)]
    return None


def _merged(text: str) -> list[str]:
    """A value line that holds several values (OCR merged two boxes: ``-10.4 (0.8) -19.7 (0.8)``,
    ``33.6 + 0.5 32.4-35.1``): its values, each the longest run of words from where the last one
    ended that the cell grammar reads as one value; else [text] (``31.2 - 35.0`` is one range)."""
    if " " not in text or _one_value(text):
        return [text]
    words = [(m.start(), m.end()) for m in re.finditer(r"\S+", text)]
    parts, i = [], 0
    while i < len(words):
        j = next((j for j in range(len(words), i, -1) if _one_value(text[words[i][0]:words[j - 1][1]])), None)
        if j is None:
            return [text]
        parts.append(text[words[i][0]:words[j - 1][1]])
        i = j
    return parts if len(parts) > 1 else [text]


def _row_parts(flags: list[bool], texts: list[str], start: int, need: int) -> dict[int, list[str]]:
    """The cells of each value line of a row's run from ``start`` (:func:`_merged`). When they are
    fewer than the ``need`` cells the row lacks, a line of a value and a negative one (``0.96
    -1.1``, which the cell grammar reads as a range) is two values if that leaves exactly
    ``need``; when they are more, a line of a value and a signed number
    (``28.5 +5.4``: OCR read ± as ``+``) is one value and its error, printed so the cell grammar
    reads it (``28.5+5.4``), if that leaves exactly ``need``."""
    end = next((i for i in range(start, len(flags)) if not flags[i]), len(flags))
    parts = {i: _merged(texts[i]) for i in range(start, end)}
    if sum(map(len, parts.values())) < need:
        # fewer: a value and a negative one merged by OCR read as a range ('0.96 -1.1')
        split = {i: [m[1], m[2]] if len(cells_) == 1 and (m := _VALUE_THEN_NEGATIVE.match(texts[i])) else cells_
                 for i, cells_ in parts.items()}
        if sum(map(len, split.values())) == need:
            return split
    if sum(map(len, parts.values())) > need:
        glued = {i: [_PLUS_ERROR.sub("+", texts[i])] if len(cells_) == 2 and _PLUS_ERROR.search(texts[i])
                 and _one_value(_PLUS_ERROR.sub("+", texts[i])) else cells_ for i, cells_ in parts.items()}
        if sum(map(len, glued.values())) == need:
            return glued
    return parts


#: A value and a negative one, a space between (``0.96 -1.1``), which the cell grammar reads as a range.
_VALUE_THEN_NEGATIVE = re.compile(r"^([-−]?\d*\.?\d+)\s+([-−]\d*\.?\d+)$")
#: A ± read as ``+`` with a space before it and none after (``28.5 +5.4``).
_PLUS_ERROR = re.compile(r"(?<=\d)\s+\+(?=\d)")


@functools.lru_cache(maxsize=1 << 12)  # (asked of the same words while a line is split and its row is read)
def _one_value(text: str) -> bool:
    """The cell grammar reads ``text`` as one value (its parts) without refusing any of it."""
    res = cells.parse_cell(text)
    return bool(res.parts) and not any(note.kind in ("unparseable_cell", "non_numeric_cell") for note in res.notes)


def _best_fit(texts: list[str], fixed: int) -> _Fit | None:
    """The best reading of a run's cell texts (``fixed``: its number of columns, 0 when free)."""
    flags = _header_settings(texts, [_is_value(t) for t in texts])
    best = None
    # A caption wrapped over lines leaves its tail (``roadside survey, 2023``) before the
    # header, and OCR may print the group names over a header before it, which no grouping
    # of the header reads (``Floss (n = 44)`` / ``Interdental brush (n = 45)`` / ``Outcome``
    # ...): up to _MAX_LEAD text lines may stand before the table and are not its cells.
    lead_max = 0 if fixed else min(_MAX_LEAD, next((i for i, f in enumerate(flags) if f), 0))
    for lead in range(lead_max + 1):
        for p in ([fixed] if fixed else range(2, 13)):
            fit = _fit(flags, texts, p, lead)
            if fit and lead > _MAX_CAPTION_LEAD and (p < 3 or len(fit.rows) < 3):
                fit = None  # (more lines before the header: only before a table of some size)
            if fit:
                # (a short row costs a row's length: a fit without them wins a tie)
                key = (fit.end == len(texts), fit.end - lead - p * sum(row.short for row in fit.rows), p, -lead)
                if best is None or key > best[0]:
                    best = (key, fit)
    return best[1] if best else None


def _fit(flags: list[bool], texts: list[str], p: int, lead: int) -> _Fit | None:
    """The run from index ``lead`` read as a header and rows of ``p`` cells [q text cells, p - q
    values], the same q in every row; None when no q gives two rows. The first row's first value
    is the run's first value, or a later one when the header holds years (``2019`` / ``2023``)."""
    starts = [i for i in range(lead, min(len(flags), lead + 3 * p + p)) if flags[i]][:p + 1]
    # a first row whole on one line, after its group's label or not ('Connected' / 'Stari Dunavac
    # 64.3 5.8 ...'): the header ends before it
    whole_rows = [i for i in range(lead + p, min(len(flags), starts[0] if starts else len(flags)))
                  if _row_on_one_line(texts[i], p - 1)]
    whole_rows = [i - 1 if _group_label(texts[i - 1]) and not flags[i - 1] else i for i in whole_rows[:1]]

    def season_rows(at: int) -> bool:
        return at < len(texts) and bool(patterns.YEAR_SPAN.match(texts[at]))

    for q in range(1, p):
        for first_value in [i + q for i in whole_rows if q == 1] + starts:
            head = first_value - q - lead
            season = q == 1 and bool(patterns.YEAR_SPAN.match(texts[first_value - q]))  # ('2009/10' names its row)
            if head < 0 or not season and (flags[first_value - q] or not all(
                    cells.is_missing(texts[i]) for i in range(first_value - q, first_value) if flags[i])):
                continue  # the row's label is text; its other text cells may be blank ('–')
            if head > 0 and texts[first_value - q][:1] == "(" and season_rows(first_value):
                continue  # ('(mm)' / '2009/10' / values: the header's last line, then rows named by seasons)
            if head == 0 and lead:
                continue  # text before the table stands before its header
            if any(flags[i] and not _COLUMN_NUMBER.match(texts[i]) for i in range(lead, lead + head)):
                break  # a value in the header that names no column: no later start fits either
            header = _header(texts[lead:lead + head], p, q)
            grouped = header is None and head > p and _group_label(texts[first_value - q - 1])
            if grouped:  # a group's label before the first row ('Pain score (0–10)' / 'Baseline' ...)
                head -= 1
                header = _header(texts[lead:lead + head], p, q)
            if header is None:
                continue
            p_last = bool(header) and bool(_P_VALUE_HEADER.match(texts[lead + header[-1][0]]))
            rows, end = _rows(flags, texts, lead + head, p, q, named=bool(header), p_last=p_last)
            if q > 1 and any(_whole_row(cell) for row in rows for cell in row.cells[:q]):
                continue  # (a text column never holds a whole row: 'Long Meadow Upper Pond 12.4 3.8 ...')
            groups = sum(1 for row in rows if row.groups)
            if grouped and groups < 2:
                continue  # a first group's label only where another group follows
            # (at most one group's label per two rows; per row when rows hold three values or more
            # under a header of words)
            per_row = (p - q >= 3 and groups < len(rows) and not any(flags[lead + i] for cell in header for i in cell)
                       and not any(row.cells[0][:1] == "(" or row.cells[0][:1].islower() for row in rows))
            # (rows named '(kg/vine)' or 'per vine' under 'Yield': a name's second line, no row)
            if len(rows) >= (3 if groups else 2) and (groups * 2 <= len(rows) or per_row) and \
                    3 * sum(row.short for row in rows) <= len(rows):  # (a short row is the exception)
                return _Fit([[lead + i for i in cell] for cell in header], rows, p, end)
    if fit := _text_among_values(flags, texts, p, lead):
        return fit
    # p names straight over rows named by values (a continued table: 'Day' ... / '21' / values ...)
    if lead + p < len(flags) and not any(flags[lead:lead + p]) and flags[lead + p]:
        p_last = bool(_P_VALUE_HEADER.match(texts[lead + p - 1]))
        rows, end = _rows(flags, texts, lead + p, p, 1, named=True, p_last=p_last)
        if len(rows) >= 2:
            return _Fit([[lead + i] for i in range(p)], rows, p, end)
    return None


def _text_among_values(flags: list[bool], texts: list[str], p: int, lead: int) -> _Fit | None:
    """``p`` header lines, then rows of ``p`` lines each whose text and value lines stand in the
    same places, a text column among the values (``BH-01`` / ``150`` / ``Bentonite`` / ``2.31 ±
    0.07`` / ...): the row's label first, two values or more. None when fewer than two rows fit."""
    start = lead + p
    if start + 2 * p > len(flags) or any(flags[lead:start]) or any(t[:1] == "(" for t in texts[lead + 1:start]):
        return None
    pattern = flags[start:start + p]
    if pattern[0] or sum(pattern) < 2 or all(pattern[1:]) or not any(pattern[1:pattern.index(False, 1)]):
        return None  # (text cells straight after the label are the usual rows' q text lines)
    rows, pos = [], start

    def fits(at: int) -> bool:  # (a text cell may be a dash: a summary row's 'Mean' / '–' / '–' / values)
        return not flags[at] and all(flags[at + i] == want or not want and cells.is_missing(texts[at + i])
                                     for i, want in enumerate(pattern))

    while pos + p <= len(flags) and fits(pos):
        rows.append(_Row([], texts[pos:pos + p], list(range(pos, pos + p))))
        pos += p
    return _Fit([[lead + i] for i in range(p)], rows, p, pos) if len(rows) >= 2 else None


def _header(texts: list[str], p: int, q: int) -> list[list[int]] | None:
    """The header's cells (their lines' indices) when these lines head a table of p columns."""
    if len(texts) in (0, p):
        # a line opening with '(' under a name continues it ('Statin' / '(n = 310)'), and so does the
        # line after one ending in 'and' ('Working fluid and' / 'heat load'): no cell of its own
        return None if any(t[:1] == "(" for t in texts[1:]) or any(map(_open_end, texts, texts[1:])) \
            else [[i] for i in range(len(texts))]
    return _header_cells(texts, p, q) if p < len(texts) <= 3 * p else None


def _rows(flags: list[bool], texts: list[str], pos: int, p: int, q: int,
          named: bool = False, p_last: bool = False) -> tuple[list[_Row], int]:
    """The rows from index ``pos`` on, and the index after the last; ``named``: under a header;
    ``p_last``: the header's last column holds p-values (a level's row may leave it out)."""
    rows: list[_Row] = []
    while pos < len(flags):
        text_lines = next((i for i in range(pos, len(flags)) if flags[i]), len(flags)) - pos
        named_rows = _rows_named_by_values(flags, texts, pos, text_lines, p, bool(rows), p_last) \
            if named and q == 1 else []
        if named_rows:
            rows += named_rows
            pos = named_rows[-1].at[-1] + 1
            continue
        if (not text_lines and q == 1 and named and rows and _setting(texts[pos])
                and pos + p <= len(flags) and all(flags[pos + 1:pos + p])):
            # a row named by a setting that reads as a value ('6h', '24h', '7d' under 'Time point')
            rows.append(_Row([], [texts[i] for i in range(pos, pos + p)], list(range(pos, pos + p))))
            pos += p
            continue
        g = 1 if text_lines >= 2 and _group_label(texts[pos]) else 0
        if q == 1 and text_lines >= 1 + g and (rows or named) and (whole := _row_on_one_line(texts[pos + g], p - 1)):
            # a whole row on one line among rows printed a cell per line ('Ratanpur 71 14.7 188 4,615 84.5'),
            # after its group's label or not ('Semi-isolated' / 'Kopanjek 12.4 3.2 ...')
            rows.append(_Row(list(range(pos, pos + g)), [whole[0]] + whole[1], [pos + g] * p))
            pos += 1 + g
            continue
        if 1 <= text_lines < q and pos + q <= len(texts) and all(
                cells.is_missing(texts[i]) for i in range(pos + text_lines, pos + q)):
            text_lines = q  # a text column's cell left blank with a dash ('Fresh control' / '–' / 212 ...)
        wrapped = (text_lines == q + 1 and bool(_WORD.search(texts[pos]))  # a label over two lines
                   and (texts[pos].endswith((",", "-", "/")) or _SETTING_IN_PARENS.match(texts[pos + 1])
                        or texts[pos].count("(") > texts[pos].count(")")  # ('Section A (km' / '0.0–6.0)')
                        or texts[pos + 1][:1].islower()
                        and len(texts[pos].split()) >= 4))  # a long label's next line, in lower case
        if (text_lines == q and pos + q < len(flags) and _SETTING_WITH_UNIT.match(texts[pos + q])
                and sum(map(len, _row_parts(flags, texts, pos + q + 1, p - q).values())) == p - q):
            # a label's second line, a setting with its unit that reads as a value ('Hot air' /
            # '55 °C' / then the row's p - q values): one label, on its first line
            row = _Row([], [texts[i] for i in range(pos, pos + q - 1)] + [f"{texts[pos + q - 1]} {texts[pos + q]}"],
                       list(range(pos, pos + q)))
            nxt = pos + q + 1
        else:
            if not q <= text_lines <= q + (1 if wrapped or (rows or named) and _group_label(texts[pos]) else 0):
                break
            text_at = list(range(pos, pos + text_lines))
            if wrapped:  # 'Change in DAS28-CRP,' / 'LS mean (SE)': one label, on its first line
                row = _Row([], [f"{texts[pos]} {texts[pos + 1]}"] + [texts[i] for i in text_at[2:]],
                           [pos] + text_at[2:])
            else:
                row = _Row(text_at[:text_lines - q], [texts[i] for i in text_at[text_lines - q:]],
                           text_at[text_lines - q:])
            nxt = pos + text_lines
            if (label := _label_and_value(texts[nxt - 1])) and _rest_of_row(
                    flags, texts, nxt, p - q - len(label[1])) and not (
                    all(_SETTING_WITH_UNIT.match(v) for v in label[1])
                    and sum(map(len, _row_parts(flags, texts, nxt, p - q).values())) == p - q):
                # OCR merged a row's label and its first values into one line: 'La Selva 58.7±5.1' (not
                # a setting ending the label, 'Hot air 75 °C', when the lines after it hold the row's values)
                row.cells[-1] = label[0]
                row.cells += label[1]
                row.at += [nxt - 1] * len(label[1])
        parts = _row_parts(flags, texts, nxt, p - len(row.cells))
        while len(row.cells) < p and nxt < len(flags) and flags[nxt]:
            for value in parts[nxt]:
                row.cells.append(value)
                row.at.append(nxt)
            nxt += 1
        if len(row.cells) == p - 1 and p_last and (nxt == len(flags) or not flags[nxt]):
            row.cells.append("")  # a level's row under a p-value printed once for its variable
            row.at.append(row.at[-1])
        elif named and (rows or text_lines > q) and q < len(row.cells) < p and p - len(row.cells) <= (p - q) // 2 and (
                nxt == len(flags) or not flags[nxt]) and _leading_columns(rows, row.cells, q):
            # a row whose last cells were blank ('Difference vs placebo' / -2.48 / -1.34, no
            # placebo cell): its values from the first column on, the rest left empty
            row.short = True
            row.at += [row.at[-1]] * (p - len(row.cells))
            row.cells += [""] * (p - len(row.cells))
        if len(row.cells) != p:
            break
        rows.append(row)
        pos = nxt
    return rows, pos


def _leading_columns(rows: list[_Row], short: list[str], q: int) -> bool:
    """Whether a short row's values can be the first value columns': none is a range (``19.8-31.6``)
    in a column where every row above holds something else, or the reverse. A mean under a
    column of ranges says the blank cells were not the last ones (``24.9`` / ``19.8-31.6`` /
    ``22.7`` / ``16.4-30.9`` under two seasons' mean, range and hours): the row is not read so.
    Columns whose rows differ (a row of intervals among rows of means) tell nothing."""
    for c in range(q, len(short)):
        above = {_is_range(row.cells[c]) for row in rows}
        if len(above) == 1 and _is_range(short[c]) not in above:
            return False
    return True


def _is_range(text: str) -> bool:
    return {part.part for part in cells.parse_cell(text).parts} == {"low", "high"}


def _rows_named_by_values(flags: list[bool], texts: list[str], pos: int, text_lines: int, p: int,
                          after_row: bool, p_last: bool = False) -> list[_Row]:
    """Rows named by values under a group's label, after a row or as a table's first two rows
    (``Haemolysis (%)`` / ``1`` / three values / ``14`` / three values ...; ``<25%`` / values): at
    ``pos``, at most one text line (the group's label), then a stretch of value lines cut into
    rows that each open with a row's name (a whole number, a time point, a bin such as ``<25%``
    or ``25–50%``) and hold p cells, or p - 1 under a p-value column (``p_last``) when the
    stretch ends or a row's name follows.
    A plain row (a label, then p - 1 values) never leaves p values in a row, so this reads only
    what plain rows cannot: it needs p value cells in a row (a line OCR merged gives each of its
    values). Returns the rows (the label as the first row's group), or []."""
    if text_lines > 1:
        return []
    start = pos + text_lines
    end = next((i for i in range(start, len(flags)) if not flags[i]), len(flags))
    # the stretch's cells, each with its line: a line of values OCR merged gives them all
    # ('11.9士0.5 10.2士0.2'); a row's name is always a line of its own
    cells_ = [(text, i, parts == [text]) for i in range(start, end) for parts in [_merged(texts[i])] for text in parts]
    if len(cells_) < p:
        return []

    def name(k: int) -> bool:
        return cells_[k][2] and (_row_name_value(cells_[k][0]) or bool(_DECIMAL_SETTING.match(cells_[k][0])))

    rows: list[_Row] = []
    k, n = 0, len(cells_)
    while k < n and name(k):
        if k + p == n or k + p < n and name(k + p):
            size = p
        elif p_last and rows and (k + p - 1 == n or k + p - 1 < n and name(k + p - 1)):
            size = p - 1
        else:
            break
        at = [cells_[m][1] for m in range(k, k + size)]
        rows.append(_Row(list(range(pos, start)) if not rows else [], [cells_[m][0] for m in range(k, k + size)]
                         + [""] * (p - size), at + [at[-1]] * (p - size)))
        k += size
    if not text_lines and not after_row and len(rows) < 2:
        return []  # the table's first rows (a continued table's): two of them, to be sure
    if not _settings_series([row.cells[0] for row in rows]):
        return []
    return rows if rows and rows[0].cells[-1] != "" else []


#: A bin naming a row that reads as a value (``<25%``, ``≥ 65``, ``25–50%``, ``10-19``).
_BIN = re.compile(r"^(?:[<>≤≥]=?\s?\d+(?:\.\d+)?|\d+(?:\.\d+)?\s?%?\s?[-–]\s?\d+(?:\.\d+)?)\s?%?$")


#: A decimal naming a row (``4.5`` / ``7.5`` under ``Press time (min)``): only in a series of settings.
_DECIMAL_SETTING = re.compile(r"^\d{1,4}\.\d{1,3}$")


def _settings_series(names: list[str]) -> bool:
    """Rows named by decimals (``3`` / ``4.5`` / ``6`` / ``7.5``) are a series of settings: >= 3 rows
    whose names rise or fall throughout. Names that are all whole numbers, time points or bins need
    no series."""
    if not any(_DECIMAL_SETTING.match(n) and not _row_name_value(n) for n in names):
        return True
    if len(names) < 3 or not all(_DECIMAL_SETTING.match(n) or n.isdigit() for n in names):
        return False
    steps = [float(b) - float(a) for a, b in zip(names, names[1:])]
    return all(d > 0 for d in steps) or all(d < 0 for d in steps)


def _row_name_value(text: str) -> bool:
    """A row's name that reads as a value: a setting (``6h``, ``12``), a bin (``<25%``) or a season,
    a year spanning two (``2009/10``, ``2019–20``)."""
    return _setting(text) or bool(_BIN.match(text)) or bool(patterns.YEAR_SPAN.match(text))


#: A setting with its unit (``55 °C``, ``2.5 mM``, ``300 rpm``, ``0.5s``): a value by the cell grammar,
#: but a label's second line when it stands over a row's whole set of values, and a column's name
#: among others of its unit in a header.
_SETTING_WITH_UNIT = re.compile(r"^[-+−]?\d+(?:\.\d+)?\s?(?P<unit>°C|°F|℃|K|s|ms|min|h|d|wk|mo|yr|mM|µM|μM|nM|mg|g|kg|"
                                r"mL|L|Hz|kHz|MPa|kPa|bar|rpm|W|kW|V|mm|cm|m|µm|μm|nm|Gy|ppm|%)$")


#: A setting in parentheses on a label's second line (``Heat pump`` / ``(45 °C, 25% RH)``); not a
#: unit alone (``(%)``, ``(mg min−1)``: a column's name in a table printed column by column).
_SETTING_IN_PARENS = re.compile(r"^\([<>≤≥~]?\d")


def _setting(text: str) -> bool:
    """A row's name that reads as a value: a time point or a whole number (``6h``, ``24 h``, ``12``)."""
    return bool(patterns.TIME_POINT.match(text)) or (text.isdigit() and len(text) <= 4)


def _label_and_value(text: str) -> tuple[str, list[str]] | None:
    """(label, values) of a line that holds a label and then values (``La Selva 58.7±5.1``,
    ``BV-M2 33.0 + 0.8``, ``Transparent PMMA (3 m) 6.0 8.7``): the longest run of values the
    line ends with, as :func:`_merged` parts it. Values of several words hold no word: ``30
    days`` ends the label ``Paddy field work in past 30 days``."""
    words = [m.start() for m in re.finditer(r"\S+", text)]
    for start in words[1:]:
        label, value = text[:start].strip(), text[start:].strip()
        if (" " not in value or not _WORDS_IN_VALUE.search(value)) and _WORD.search(label) \
                and not _is_value(label) and _is_value(value):
            return label, _merged(value)
    return None


def _row_on_one_line(text: str, n: int | None = None) -> tuple[str, list[str]] | None:
    """(label, values) of a whole row on one line: a label, then values with a decimal, a thousands
    comma or a percent among them (no label holds one); ``n`` of them when ``n`` is given."""
    row = _label_and_value(text)
    if row is None or n is not None and len(row[1]) != n or not any(_STRONG.search(v) for v in row[1]):
        return None
    return row


_WORDS_IN_VALUE = re.compile(r"[A-Za-z]{2,}")


#: A value no label holds: a decimal, a thousands comma, a percent.
_STRONG = re.compile(r"\d[.,]\d|%")
#: Inline formatting tags around a cell's text (Surya prints ``<b>``, ``<i>``).
_INLINE_TAG = re.compile(r"</?(?:b|i|u|strong|em|sup|sub)>")
#: Surya's inline math (``2,614 <math>\pm</math> 287``).
_MATH_TAG = re.compile(r"<math>(.*?)</math>")


def _plain(line: str) -> str:
    """A cell line's text without Surya's formatting tags, its inline math made plain
    (``<math>\\pm</math>`` -> ``±``)."""
    if "<math>" in line:
        from .latex import clean_latex

        line = _MATH_TAG.sub(lambda m: clean_latex(m.group(1)), line)
    return _INLINE_TAG.sub("", line).strip()


def _rest_of_row(flags: list[bool], texts: list[str], at: int, n: int) -> bool:
    """The value lines from index ``at`` hold exactly ``n`` cells (lines OCR merged give each of
    their values) and end where a text line or the run does: the rest of a row whose first
    values were merged with its label (``Bhagwanpura 52 8.6`` / ``97 2,380 59.6``); none when the
    label's line held the whole row (``Ratanpur 71 14.7 188 4,615 84.5``)."""
    if n == 0:
        return at >= len(flags) or not flags[at]
    return _rows_values(flags, at, n) or sum(map(len, _row_parts(flags, texts, at, n).values())) == n


def _rows_values(flags: list[bool], at: int, n: int) -> bool:
    """Exactly ``n`` value lines from index ``at`` (the rest of a row whose first value was merged)."""
    return n >= 1 and at + n <= len(flags) and all(flags[at:at + n]) and (at + n == len(flags) or not flags[at + n])


def _whole_row(line: str) -> bool:
    """A row's label and >= 2 values on one line, too long for a cell line (``Stari Dunavac 64.3 5.8
    1.15 48 12.7 38 19``; a decimal, a thousands comma or a percent among them)."""
    s = line.strip()
    if len(s) > _MAX_LABEL_CHARS or ":" in s or "|" in s or "\t" in s:
        return False
    row = _row_on_one_line(s)
    return bool(row) and len(row[1]) >= 2


def _paragraphs(lines: Sequence[str], skip: Collection[int], strings: bool) -> list[list[int]]:
    """Maximal runs of consecutive cell lines (their line numbers)."""
    paragraphs: list[list[int]] = []
    para: list[int] = []
    for ln in range(1, len(lines) + 2):
        if ln <= len(lines) and ln not in skip and (_cell_line(lines[ln - 1], strings) or para and (_long_label(
                lines, ln, skip, strings) or _whole_row(lines[ln - 1]) or _cut_name(lines, ln))):
            para.append(ln)
            continue
        if para:
            paragraphs.append(para)
        para = []
    return paragraphs


def _header_apart(lines: Sequence[str], paragraphs: list[list[int]], first: int) -> list[int]:
    """The paragraph one blank line above line ``first`` when it may be a header: 2 to 36 cell lines
    none of which is a value (``Hydrological`` / ``year`` / ``Peak`` / ``discharge`` / ``(m3 s−1)``
    ...); else []."""
    para = next((para for para in paragraphs if para[-1] == first - 2), [])
    if not 2 <= len(para) <= 36 or lines[first - 2].strip():
        return []
    return [] if any(_is_value(_plain(lines[ln - 1])) for ln in para) else para


def _with_spaced_header(lines: Sequence[str], paragraphs: list[list[int]], i: int) -> list[int]:
    """Paragraph ``i`` with the header cells printed before it each as a paragraph of its own, one
    blank line apart (``Ketamine`` / ``(n = 58)``, blank, ``Midazolam`` / ``(n = 56)``, blank ...):
    two or more paragraphs of one or two lines of words, the second line a parenthesis; and the
    last lines of the paragraph above them, up to two cell lines of words (``Population`` /
    ``Alaska (n = 9)`` after a caption's lines: the label column's name and the first column's,
    which pdftotext printed with the caption)."""
    head: list[list[int]] = []
    j = i - 1
    while j >= 0 and len(head) < 12:
        para, after = paragraphs[j], (head[0] if head else paragraphs[i])
        texts = [lines[ln - 1].strip() for ln in para]
        if para[-1] + 2 != after[0] or not 1 <= len(para) <= 2 or any(_is_value(t) for t in texts) \
                or (len(para) == 2 and texts[1][:1] != "(") or not _WORD.search(texts[0]):
            break
        head.insert(0, para)
        j -= 1
    if len(head) < 2:
        return paragraphs[i]
    if j >= 0 and paragraphs[j][-1] + 2 == head[0][0]:
        # the first header cells at the end of the paragraph above (a caption's, then
        # ``Population`` / ``Alaska (n = 9)``): its last cell lines, up to two, and a name's
        # parenthesis
        tail: list[int] = []
        for ln in reversed(paragraphs[j]):
            text = lines[ln - 1].strip()
            if len(tail) >= 2 + (text[:1] == "(") or not _cell_line(text) or _is_value(text) or not _WORD.search(text):
                break
            tail.insert(0, ln)
        head.insert(0, tail)
    return [ln for para in head for ln in para] + paragraphs[i]


def _spaced(lines: Sequence[str], paragraphs: list[list[int]]) -> list[list[int]]:
    """Runs of >= 6 one-line paragraphs, each one blank line after the previous (spaced cells)."""
    out: list[list[int]] = []
    run: list[int] = []
    for para in paragraphs + [[]]:
        if len(para) == 1 and (not run or para[0] == run[-1] + 2 and not lines[para[0] - 2].strip()):
            run.append(para[0])
            continue
        if len(run) >= 6:
            out.append(run)
        run = [para[0]] if len(para) == 1 else []
    return out


def _blocks(lines: Sequence[str], paragraphs: list[list[int]]) -> list[tuple[list[int], int]]:
    """Runs of >= 3 paragraphs of cell lines, one blank line apart, all of one length p:
    (their cell lines, p). A group's label alone between two of them (``Sex``, a paragraph of one
    line of words, no value) is part of the run."""
    out: list[tuple[list[int], int]] = []
    group: list[list[int]] = []
    p = 0
    for i, para in enumerate(paragraphs + [[]]):
        if group and para and para[0] == group[-1][-1] + 2 and p >= 2:
            if len(para) == p:
                group.append(para)
                continue
            following = paragraphs[i + 1] if i + 1 < len(paragraphs) else []
            if len(para) == 1 and len(following) == p and following[0] == para[0] + 2 and _group_label(
                    lines[para[0] - 1].strip()) and not _is_value(lines[para[0] - 1].strip()):
                group.append(para)  # (a group's label between rows)
                continue
        if p >= 2 and sum(len(g) == p for g in group) >= 3:
            out.append(([ln for g in group for ln in g], p))
        group, p = ([para], len(para)) if para else ([], 0)
    return out


def _across_empty_cells(lines: Sequence[str], paragraphs: list[list[int]], in_blocks: set[int]) -> list[list[int]]:
    """Paragraphs joined across a lone blank line between two values (``5 (4–8)`` / blank /
    ``0.61``: an empty cell printed as an empty line), when each side holds at least two lines (in
    spaced cells every cell stands between blank lines). Also across a page break (a line opening
    with ``\f`` after blank lines only, the page's foot blanked as furniture): the table's rows go on
    on the next page (``2.77`` / foot / ``7`` / ``\f80`` / ``183.6 ± 7.7`` ...), the blank lines no
    cells."""
    out: list[list[int]] = []
    for para in paragraphs:
        prev = out[-1] if out else None
        if (prev and para[0] == prev[-1] + 2 and len(prev) >= 2 and len(para) >= 2
                and not in_blocks & {prev[-1], para[0]}
                and _is_value(lines[prev[-1] - 1].strip()) and _is_value(lines[para[0] - 1].strip())):
            out[-1] = prev + [prev[-1] + 1] + para
        elif (prev and lines[para[0] - 1].startswith("\f") and para[0] - prev[-1] <= 8 and len(prev) >= 2
              and len(para) >= 2 and not in_blocks & {prev[-1], para[0]} and _is_value(lines[prev[-1] - 1].strip())
              and not any(lines[ln - 1].strip() for ln in range(prev[-1] + 1, para[0]))):
            out[-1] = prev + para
        else:
            out.append(list(para))
    return out


def _row_across_blank(lines: Sequence[str], paragraphs: list[list[int]], edge: int, p: int,
                      before: bool) -> tuple[list[str], list[int]] | None:
    """A row of the table standing apart, one blank line before its first row or after its last
    (docTR's ``render()`` sets some rows apart as blocks of their own): the paragraph's last ``p``
    lines before it (a label, then p - 1 values), or the whole next paragraph (a label of one or
    two lines, ``RR for resolution by day 7`` / ``(95% CI) vs compress only``, then p - 1 values).
    (cells, each cell's line) or None; tables of >= 3 columns only."""
    if p < 3:
        return None
    para = next((q for q in paragraphs if (q[-1] == edge - 2 if before else q[0] == edge + 2)), None)
    if para is None or lines[edge - 2 if before else edge].strip():
        return None
    take = para[-p:] if before else para
    texts = [lines[ln - 1].strip() for ln in take]
    k = len(texts) - (p - 1)
    if not 1 <= k <= (1 if before else 2) or not all(_is_value(t) for t in texts[k:]) \
            or any(_is_value(t) for t in texts[:k]) or not _WORD.search(texts[0]):
        return None
    if k == 2 and not (texts[1][:1] in "(" or texts[1][:1].islower() or texts[0].endswith((",", "-", "/"))):
        return None  # (a label's second line: a parenthesis or lower case)
    return [" ".join(texts[:k]), *texts[k:]], [take[0]] + take[k:]


def find(lines: Sequence[str], skip: Collection[int] = (), strings: bool = False) -> list[Grid]:
    """The one-cell-per-line tables of ``lines``; ``strings``: the lines are a tool's strings."""
    paragraphs = _paragraphs(lines, skip, strings)
    blocks = _blocks(lines, paragraphs)
    in_blocks = {ln for run, _ in blocks for ln in run}
    joined = _across_empty_cells(lines, paragraphs, in_blocks)
    runs = [_with_spaced_header(lines, joined, i) for i, para in enumerate(joined)
            if len(para) >= 6 and not in_blocks & set(para)]
    runs += [run for run in _spaced(lines, paragraphs) if not in_blocks & set(run)]
    grids = []
    for whole, fixed in [(run, 0) for run in runs] + blocks:
        # ('<b>329</b>': Surya's bold; an empty cell's blank line reads as a dash)
        texts = [_plain(lines[ln - 1]) or "–" for ln in whole]
        best = _best_fit(texts, fixed)
        if not fixed and (best is None or not best.header) and (head := _header_apart(lines, paragraphs, whole[0])):
            # the header printed one blank line above the rows (plain pdftotext): read with it
            alt = _best_fit([_plain(lines[ln - 1]) for ln in head] + texts, fixed)
            if alt and alt.header and alt.end - len(head) >= (best.end if best else 1):
                whole, texts, best = head + whole, [_plain(lines[ln - 1]) for ln in head] + texts, alt
        errors: dict[int, int] = {}  # a value's index in the run -> its error's line
        if not fixed and (best is None or best.end < len(whole)) and not {"(1)", "(2)"} <= set(texts):
            # values with their errors on the lines under them ('229 ± 5' / '[221–236]'): the
            # run without the error lines, each error kept with its value (never a regression's
            # numbered columns, '(1)' / '(2)', printed column after column: no rows)
            kept = [i for i, t in enumerate(texts) if not (
                i and error_line(t) and _is_value(texts[i - 1]) and not error_line(texts[i - 1]))]
            bare = _best_fit([texts[i] for i in kept], fixed) if len(kept) < len(whole) else None
            if bare and (best is None or kept[bare.end - 1] + 1 > best.end):
                taken = set(kept)
                errors = {j: whole[i + 1] for j, i in enumerate(kept) if i + 1 < len(whole) and i + 1 not in taken}
                whole, texts, best = [whole[i] for i in kept], [texts[i] for i in kept], bare
        if best is None:
            continue
        fit = best
        out_rows, out_lines = [], []
        if fit.header:
            names = [" ".join(texts[i] for i in cell) for cell in fit.header]
            out_rows.append((whole[fit.header[0][0]], names))
            out_lines.append([whole[cell[0]] for cell in fit.header])
        elif not fixed and (before := _row_across_blank(lines, paragraphs, whole[0], fit.p, before=True)):
            out_rows.append((before[1][0], before[0]))
            out_lines.append(before[1])
        for row in fit.rows:
            for g in row.groups:  # a group's label row ("By diabetes status")
                out_rows.append((whole[g], [texts[g]] + [""] * (fit.p - 1)))
                out_lines.append([whole[g]] * fit.p)
            out_rows.append((whole[row.at[0]], row.cells))
            out_lines.append([whole[i] for i in row.at])
            if any(i in errors for i in row.at):  # the row's errors: a row of their own, unlabelled
                out_rows.append((min(errors[i] for i in row.at if i in errors),
                                 [lines[errors[i] - 1].strip() if i in errors else "" for i in row.at]))
                out_lines.append([errors.get(i, whole[i]) for i in row.at])
        first = out_lines[0][0]
        last = max([whole[fit.end - 1], *(line for i, line in errors.items() if i < fit.end)])
        if not fixed and fit.end == len(whole) and (
                after := _row_across_blank(lines, paragraphs, last, fit.p, before=False)):
            out_rows.append((after[1][0], after[0]))
            out_lines.append(after[1])
            last = after[1][-1]
        notes = [(first, "one_cell_per_line",
                  f"lines {first}-{last} read as a table of {fit.p} columns printed one cell per line")]
        notes += [(whole[row.at[0]], "short_row", f"row {row.cells[0]!r} stops short of the last column: its "
                   "values read from the first value column on, the last cells left empty") for row in fit.rows
                  if row.short]
        grids.append(Grid(form="stacked", first_line=first, last_line=last, rows=out_rows,
                          lines=list(range(first, last + 1)),
                          header_rows=1 if fit.header else 0, cell_lines=out_lines, notes=notes))
    return grids
