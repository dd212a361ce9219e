"""Table layout: a grid of printed cells -> the contract's ``tables`` and ``table_values`` records.

One job: every table form (tab-separated, pipe, aligned columns, LaTeX, HTML, grid) is read
into rows of cells by :func:`paperfig.tableforms.find_grids`; this module decides what those
rows and columns mean (header, label columns, groups, merged cells, two halves) and writes the
records, each cell read by the one cell grammar (:mod:`paperfig.cells`). The page reader
(:mod:`paperfig.pages`) hands it the grids and gives each block its caption, paper and section.

Layout rules (documented choices)
---------------------------------
* **Blocks.** A block is one grid found by :func:`paperfig.tableforms.find_grids` (one reader
  per text form; the tab-separated reader splits a run where a header line is printed again:
  that is the second half of a table printed in two parts, joined again under *Two halves*).
* **Header.** The first line of a block is its header when the markup marks it (a pipe table's
  row above its alignment row, HTML ``<th>`` rows; but not a marked row of values with their
  errors or intervals, ``7 (6–8)``: a continued table's first row), when most of its cells are
  not numbers, or when its first cell is a header word (``Model``, ``Method``, ``Dataset``...)
  and the next line is data: ``Model  128  512  2048`` names its columns by sequence length; so
  does a row of years after a text cell over a row of other values (``Country, 2019, 2020``),
  and one of >= 3 whole numbers in ascending order over a row of decimals (``Warm-up steps, 250,
  500, 1000``; a correlation matrix's ``Variable, M, SD, 1, 2, 3``), and a regression table's
  column numbers ``(1)  (2)  (3)``, with the lines of text under them. A row of group names over
  blank cells (``Men (n = 412)``, blank, ``Women (n = 455)``) is followed by the columns' own
  names, the label column's name first (``Analyte  Median 2.5th-97.5th``), when they are mostly
  text and data follow; a row of words repeating the label column's name (Docling prints the
  header again with the columns' own names: ``Day | pH | Acetic | Gluconic`` under ``Day | pH |
  Organic acids | Organic acids``; or settings under the repeated cells, ``Mass change (%)`` x3
  over ``25 | 50 | 100``) is the header too. Following lines with an empty first cell
  or a unit (``(m³/h)``), before any data row, are header continuations (text:
  ``Hidden``/``Dim`` -> "Hidden Dim") or, when mostly numbers over a row that prints its label
  (or a lone number over labelled rows), a metadata row (``8.5k 67k ...``
  under the task names) stored in the ``tables`` row as ``header_values`` (and ``train_sizes``
  when the caption speaks of training). A top header cell followed by empty top cells (or by
  itself printed again) whose lower cells are printed is a *group* header: its columns are named
  ``"Group: sub"`` (``Speedup: GPU``) and listed in ``column_groups``. Header cells are repaired
  through the alias table (parse note ``header_alias``); text in a metadata row that is neither
  a number nor an alias is OCR noise (note ``ocr_noise``).
* **Text columns.** A column after the labels whose data cells are all words (``License``: MIT,
  Apache-2.0; ``Answer``: Abs., MC), or citations under ``Ref.`` (``[8]``, ``[21,26]``), holds
  no value: one note ``text_column``, no cell notes. A cell with more digits than letters (OCR's
  ``4l9``) is no word: its column is read.
* **Label columns.** The leading columns whose data cells are all text (a dash among two or more
  words counts as text: a label not printed), and a first column of groups (``0``, ``1-4``,
  ``5-9``, ... ``80+``; bins ``4.5–4.9`` ... ``6.0+``, ``< 3 %``, ``3–5 %``, ``≤5 min``; modes'
  indices ``(0,1)``, ``(1,1)``: mostly ranges or open bounds; or time points among words,
  ``Preoperative``, ``6h``, ``24h``; or such bins after a label column, printed again under each
  of its groups, ``Women`` / ``18.5-24.9`` ... ``≥30.0``, ``Men`` / the same), are label columns
  (and the leading columns of a factorial design's settings, plain numbers with few distinct
  values, the first never decreasing, ``1.0 | 0 | 60``, ``1.0 | 90 | 60``, ``1.5 | 0 | 60``; and a
  numeric first column directly followed by a column of words, ``1.3B`` ``uniform``; or a first
  column of distinct whole numbers in ascending order beside other values: an index such as ``k``
  = 2, 4, 8 or ``Round`` = 0, 1, 2, or of >= 3 ascending settings printed as decimals or
  percentages (0.5, 1.0, 1.5; 0%, 30%, 50%) or with one unit (20 °C, 25 °C, 30 °C), or years, even
  beside one column; up to two summary rows after them, ``Slope`` or ``Total``, leave the index an
  index; and after a column of group names, one sequence of settings printed again under each
  group, ``25, 50, 100`` kPa; and, right after a label column, a column of thresholds, ``≥3``,
  ``≥4``); the last one is the row label, any before it a qualifier (``test``/``dev``) carried
  down and used as ``row_group``.
* **Row labels.** ``row_label_raw`` is the printed text of the row's own label cell ("" when
  the label was printed once for a group and carried down); ``row_label`` is the carried,
  normalised label (``cells.normalise_label``: ``BERT _{BASE}`` -> ``BERT-base``).
  A label followed by rows with an empty label cell forms a group: ``row_group`` = label.
* **Packed rows.** A row whose value cells all hold the same number n>=2 of values and whose
  label splits into n names is n logical rows (same ``line_no``). When its cells hold different
  numbers of values, which value is whose cannot be told: the row is left out with a warning
  (``unclear_packed_row``), the rest of the table is read.
* **Merged cells.** Groups are label groups (above) or, when labels repeat with a period
  (``A, B, C, A, B, C``), each repetition (``row_group`` = "rows <first>-<last>"). Within a
  group, a column printed on some rows and blank on others is carried over the blank rows, up
  and down, from the *first* printed value of the group (``carried`` True,
  ``carried_from_line``; ``raw_cell`` ""). Disagreeing printed values stay as printed.
* **Blank cells** outside such a group are absent: no ``table_values`` row (a printed ``-``
  is a ``missing`` row). ``n_values`` counts value rows with a value (carried included),
  ``n_missing`` the ``missing`` rows.
* **Two halves.** A block directly after another (blank lines only between), with no caption
  of its own (or with the caption printed after it, when the first half has none), the same
  label header and the same row labels is the second half of the same table (one
  ``table_id``, ``blocks`` = 2). A key column printed again in the second half
  (same name, same printed cells row by row, e.g. ``Prune Ratio(%)``) is layout, not new
  data: its cells are checked equal and not emitted again (``repeated_columns`` in the
  ``tables`` row, parse note "repeated_key_column"); a same-named column with different
  cells is renamed ``"<name> (block 2)"`` (parse note "duplicate_column"). Value rows carry
  ``block`` (1-based) so a renderer can rebuild the printed halves (``block_columns``).
* **Records.** ``row_idx`` is 0-based, the position in ``row_labels``. Row groups the page
  prints no name for get the id ``unnamed_group_id`` makes (``rows 12-14``); renderers show
  no label for them (``is_unnamed_group``).
"""

from __future__ import annotations

import itertools
import logging
import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from . import cells, contract, numbers, patterns
from .documents import Document

log = logging.getLogger("paperfig")

#: First cells that name a table's label column: a first row starting with one is a header even
#: when its other cells are numbers (sequence lengths, years, sizes as column names).
_HEADER_WORD = re.compile(
    r"^\W*(?:models?|methods?|approach(?:es)?|names?|systems?|settings?|configurations?|configs?|"
    r"datasets?|tasks?|architectures?|networks?|backbones?|variants?|techniques?|"
    r"algorithms?|engines?|frameworks?|precision|models?\s*/\s*\w+|#|no\.?)\W*$", re.IGNORECASE)
#: Column names printed as numbers: integers, years, sizes (``128``, ``2019``, ``1K``, ``7B``).
_NUMBER_NAME = re.compile(r"^(?:\d+|\d+(?:\.\d+)?[kKMBGT])$")


def _names_row(cells_: list[str], settings_named: bool = False) -> bool:
    """A row whose first cell is a header word and whose other cells are all integers, years or
    sizes: the names of the columns (``Model  128  512  2048``), not a row of results; or >= 3
    settings in ascending order, decimals too, and a column's unit (``Model  0.10  0.20  0.30
    (%)``). ``settings_named``: the header line above names the setting and waits for its values
    (``Cd at Fr =``), so the first cell may be any label column's name (``Hull``) or blank."""
    rest = [c for c in cells_[1:] if c]
    named = bool(_HEADER_WORD.match(cells_[0]))
    if not rest or not named and not (settings_named and not re.search(r"\d", cells_[0])):
        return False
    if named and all(_NUMBER_NAME.match(c) for c in rest):
        return True
    settings = [c for c in rest if not _UNIT_CELL.match(c)]
    if len(settings) < 3 or not all(_SETTING_NAME.match(c) for c in settings):
        return False
    steps = [float(b) - float(a) for a, b in zip(settings, settings[1:])]
    return all(d > 0 for d in steps)


#: A header cell naming a setting and waiting for its values (``Cd at HT/P =``; not ``(n =``).
_NAMES_SETTING = re.compile(r"^[A-Za-z][^()]*=$")
#: A setting naming a column, decimals allowed (``0.10``, ``2.5``).
_SETTING_NAME = re.compile(r"^\d{1,4}(?:\.\d{1,3})?$")


_YEAR = re.compile(r"^(?:19|20)\d\d$")


_COLUMN_NUMBER = re.compile(r"^\((\d{1,2})\)$")


def _column_numbers_row(cells_: list[str]) -> bool:
    """``(1)  (2)  (3)``: a regression table numbers its columns (models) so."""
    nums = [_COLUMN_NUMBER.match(c.strip()) for c in cells_ if c.strip()]
    return len(nums) >= 2 and all(nums) and [int(m.group(1)) for m in nums] == list(
        range(int(nums[0].group(1)), int(nums[0].group(1)) + len(nums)))


#: An index cell as OCR prints it: digits, some read as letters (``l`` or ``I`` for 1, ``O`` for
#: 0), maybe after a stray ``|`` left of a rule.
_OCR_INDEX = re.compile(r"^\|?\s*(?=[lIO0-9]*\d|[lI]{1,2}$)[lIO0-9]{1,3}$")


def _ocr_index(cell: str) -> str:
    """An index cell with OCR's letters for digits read as the number (``Il`` -> ``11``); any
    other cell as it is."""
    if not _OCR_INDEX.match(cell) or cell.isdigit():
        return cell
    return cell.lstrip("|").strip().translate(str.maketrans("lIO", "110"))


def _ascending_names_row(cells_: list[str], below: list[str]) -> bool:
    """``Warm-up steps, 250, 500, 1000`` or ``Variable, M, SD, 1, 2, 3`` (a correlation matrix)
    above ``Val. loss, 3.341, 3.285, ..``: after a text cell, >= 3 whole numbers in strictly
    ascending order over a row holding decimals name the columns."""
    nums = [c.strip() for c in cells_[1:] if c.strip().isdigit()]
    under = [c.strip() for c in below[1:] if c.strip()]
    return (bool(cells_[0].strip()) and not cells_[0].strip()[0].isdigit() and len(nums) >= 3
            and all(int(a) < int(b) for a, b in zip(nums, nums[1:]))
            and all(c.strip().isdigit() or not cells.looks_numeric(c) for c in cells_[1:])
            and any("." in c and cells.is_number_token(c) for c in under))


def _years_row(cells_: list[str], below: list[str]) -> bool:
    """``Country, 2019, 2020`` above ``France, 12.5, 10.1``: a row of years or seasons (``2021/22``;
    >= 2) after a text (or blank) cell, words allowed beside them (``2019 ... 2023  Change (%)``),
    over a row whose values are not years, names the columns."""
    rest = [c.strip() for c in cells_[1:] if c.strip()]
    under = [c.strip() for c in below[1:] if c.strip()]
    years = [c for c in rest if _YEAR.match(c) or patterns.YEAR_SPAN.match(c)]
    return (not _YEAR.match(cells_[0].strip()) and len(years) >= 2
            and all(c in years or not cells.looks_numeric(c) for c in rest)
            and any(not _YEAR.match(c) and not patterns.YEAR_SPAN.match(c) for c in under))


#: A group in a row label: a range (``20-29``, ``18–29``; a bin ``4.5–4.9``, ``4.5--4.9``) or an
#: open bound (``80+``, ``6.0+``, ``≥75``, ``<5``, ``65 and over``).
#: A plain number, thousands commas allowed (``10,392``, ``0.19``, ``-3.1``).
_PLAIN = re.compile(r"[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")


def _data_row(cells_: list[str]) -> bool:
    """A row marked as a header that prints data: >= 2 value cells after its label, every one a
    value and most with an error or an interval (``7 (6–8)``, ``38.6 ± 9.2``), or >= 3 plain
    numbers of mixed sizes in no order with a decimal among them (``219.8  317.5  17  10,392
    0.19``: a continued table's first row); a header of numbers names its columns (``1K  2K
    4K``, ``2019  2020``, settings in order ``0.1  0.5  1.0``) and holds none."""
    filled = [c for c in cells_[1:] if c]
    if len(filled) < 2 or not all(cells.numeric_cell(c) for c in filled):
        return False
    if sum(1 for c in filled if "(" in c or "±" in c) * 2 > len(filled):
        return True
    # values of mixed sizes in no order, decimals among them ('219.8  317.5  17  10,392  0.19'): data
    nums = [numbers.parse_decimal(c) for c in filled if _PLAIN.fullmatch(c)]
    return len(nums) == len(filled) >= 3 and any("." in c for c in filled) and not (
        all(a < b for a, b in zip(nums, nums[1:])) or all(a > b for a, b in zip(nums, nums[1:])))


def _spanned(cells_: list[str]) -> bool:
    """A header row with a cell printed again in the next column (a spanning cell, Docling)."""
    return any(a and a == b for a, b in zip(cells_, cells_[1:]))


def _group_row(cells_: list[str]) -> bool:
    """A group's label printed again in every cell of its row (Docling's spanning cell):
    ``Summer campaign | Summer campaign | ...``."""
    texts = {c.strip() for c in cells_ if c.strip()}
    return len(texts) == 1 and sum(1 for c in cells_ if c.strip()) >= 3 and not cells.value_like(texts.pop())


def _years_under(cells_: list[str]) -> bool:
    """A row of >= 2 years or settings (``0 h``, ``24 h``; and words) under a spanning header: its
    columns' names, no data."""
    rest = [c.strip() for c in cells_ if c.strip()]
    names = [c for c in rest if _YEAR.match(c) or patterns.YEAR_SPAN.match(c) or _SETTING_UNIT.match(c)]
    return len(names) >= 2 and all(c in names or not cells.value_like(c) for c in rest)


#: A setting with its unit, printed as a row's name (``20 °C``, ``5 mg``, ``0.5 mM``).
_UNIT = r"°[CFK]?|[A-Za-zµμ]{1,4}(?:/[A-Za-z]{1,3})?"  # a setting's unit ('°C', an angle's '90°', 'mg', 'kHz', 'mg/L')
_SETTING_UNIT = re.compile(rf"^(?P<num>\d{{1,4}}(?:\.\d{{1,3}})?)\s?(?P<unit>{_UNIT})$")
#: A setting with a footnote mark set apart after it (``0.2 b``): a step repeated after the others.
_MARKED_REPEAT = re.compile(r"^\d+(?:\.\d+)?\s[a-h*†‡]$")


def _settings_under_spans(top: list[str], row: list[str]) -> bool:
    """The numbers of ``row`` (a header printed again) stand only under cells that a spanning
    header repeats (``Mass change (%)`` x4 over ``25 | 50 | 100 | 150``), whole numbers
    ascending within each span: the columns' settings, no data."""
    at = [j for j in range(1, len(row)) if cells.numeric_cell(row[j])]
    if len(at) < 2 or not all(row[j].strip().isdigit() for j in at):
        return False
    if not all(0 < j < len(top) and ((j > 1 and top[j] == top[j - 1]) or (j + 1 < len(top) and top[j] == top[j + 1]))
               for j in at):
        return False
    return all(int(row[a]) < int(row[b]) for a, b in zip(at, at[1:]) if top[a] == top[b])


def _under_groups(data, j: int, keep, by: int = 1) -> list[list[str]]:
    """Column ``j``'s cells in groups, a new group where one of the first ``by`` columns prints a
    name; a row takes part when ``keep(cells)``."""
    groups: list[list[str]] = []
    for _, c in data:
        if any(x.strip() for x in c[:by]) or not groups:
            groups.append([])
        if keep(c):
            groups[-1].append(c[j].strip())
    return groups


#: A mode's or a cell's indices in parentheses (``(0,1)``, ``(2, 1)``): a row's name.
_INDEX_PAIR = re.compile(r"^\(\d{1,2},\s?\d{1,2}\)$")
#: A setting of a design's factor, signed or with a unit printed in the cell (``25``, ``−1 °C``, ``0.5 %``).
_SETTING = re.compile(rf"(?P<num>[-−]?\d{{1,5}}(?:\.\d{{1,3}})?)(?:\s?(?P<unit>%|{_UNIT}))?")


#: A ± that OCR read as '+' between a value and its error, spaced (``5.1 + 1.2``) or glued (``-2.2+1.5``).
_PM_MISREAD_CELL = re.compile(r"\d\s\+\s\d|\d\.\d+\+\d")
#: A value and a '+' glued to the number after it (``+2.4 +0.6``): in a table whose other cells
#: show ± read as '+', the value and its error.
_HALF_SPACED_PLUS = re.compile(r"^(?P<v>[-+−]?\d+(?:\.\d+)?)\s+\+(?P<e>\d+(?:\.\d+)?)$")


#: SI prefixes and the base units a setting's prefixed unit may have (``kHz``, ``mg``, ``µL``).
_PREFIXES = {"": Decimal(1), "k": Decimal(1000), "M": Decimal(10) ** 6, "G": Decimal(10) ** 9, "m": Decimal("0.001"),
             "µ": Decimal(10) ** -6, "μ": Decimal(10) ** -6, "u": Decimal(10) ** -6, "n": Decimal(10) ** -9}
_BASE_UNITS = frozenset({"Hz", "g", "L", "l", "m", "s", "Pa", "V", "W", "A", "J", "N", "B", "mol", "Gy"})


def _in_base_unit(m: re.Match) -> tuple[str, Decimal] | None:
    """A setting's unit without its SI prefix and its number in that unit (``1 kHz`` -> ``Hz``,
    1000), or None when the unit is no prefixed base unit."""
    unit = m["unit"]
    for prefix in sorted(_PREFIXES, key=len, reverse=True):
        if unit.startswith(prefix) and unit[len(prefix):] in _BASE_UNITS:
            return unit[len(prefix):], Decimal(m["num"]) * _PREFIXES[prefix]
    return None


#: A column of the sources a row comes from (``Ref.``, ``Refs``, ``Reference``, ``Source``) and its
#: citations (``[8]``, ``[21,26]``, ``[3–5]``, ``12``): no values.
_REFERENCE_HEADER = re.compile(r"^(?:Refs?\.?|References?|Sources?|Citations?)$", re.IGNORECASE)
_CITATION = re.compile(r"^\[?\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]?$")
#: A unit in parentheses alone, under a column's name (``(m³/h)``, ``(%)``, ``(mg/L)``).
_UNIT_CELL = re.compile(r"^\((?![a-h]\)|[ivx]+\))(?=[^()]*[A-Za-zµ%°])[^()\d]*(?:\d[^()\d]*)?\)$")
#: Words in a cell (a group's label: ``Haemolysis (%)``).
_WORDS = re.compile(r"[A-Za-z]{2}")
_GROUP = re.compile(r"^(?:\d+(?:\.\d+)?\s?(?:--|[-–—])\s?\d+(?:\.\d+)?|[<>≤≥]\s?\d+(?:\.\d+)?|\d+(?:\.\d+)?\s?\+"
                    r"|\d+\s+(?:and|or)\s+(?:over|older|more|above))(?:\s?(?:%|[a-zµ°]{1,4}))?$")
# ('< 3 %', '3–5 %': bins of a share; '≤5 min', '6–10 min': of a time)
#: A header naming an interval (``95% CI``, ``IQR``, ``2.5th-97.5th`` percentiles): its cells may
#: print a bare range (``421–474``).
_INTERVAL_HEADER = re.compile(r"\bCI\b|\bCrI\b|interval|\brange\b|\bIQR\b|percentiles?\b"
                              r"|\d(?:st|nd|rd|th)\s?[-–—]\s?\d|\b\d{1,2}(?:\.\d)?\s?[-–—]\s?\d{2}(?:\.\d)?\s?%",
                              re.IGNORECASE)  # ('5–95%': a percentile range)


#: A range's bound: a whole number, with thousands commas or not, or a decimal.
_BOUND = r"\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?"
#: A bare range of whole numbers or decimals, low end first (``78-84``, ``0.9-1.6``, ``9,920-10,190``).
_BARE_RANGE = re.compile(rf"^(?P<lo>{_BOUND})\s?[-–—]\s?(?P<hi>{_BOUND})$")


def _ranges_column(words: list[str]) -> bool:
    """A value column whose every cell is a range from low to high (``78-84``, ``82-88``, ``71-90``),
    or every one from high to low (calibrated ages before present, oldest first: ``285–140``,
    ``1050–930``), holds ranges, its header naming them or not (a label column of bins is told
    apart earlier); an open bound (``< 40``) may stand for a third of them at most."""
    ranged = [w for w in words if not patterns.OPEN_BOUND.match(w.strip())]  # ('< 40' among them: a bound)
    found = [_BARE_RANGE.match(w.strip()) for w in ranged]
    if len(found) < 2 or 3 * len(ranged) < 2 * len(words) or not all(found) or any(
            patterns.YEAR_SPAN.match(w.strip()) for w in words):
        return False  # ('2020-21': a season)
    bounds = [(float(m["lo"].replace(",", "")), float(m["hi"].replace(",", ""))) for m in found]
    if not (all(lo < hi for lo, hi in bounds) or all(lo > hi for lo, hi in bounds)):
        return False
    # bins that follow one another ('0–2', '2–5', '5–10') name rows, periods of years ('1990–2010')
    # say when: no measured ranges
    return not any(a["hi"] == b["lo"] for a, b in zip(found, found[1:])) and not all(
        _YEAR.match(m["lo"]) and _YEAR.match(m["hi"]) for m in found)


def _digit_heavy(text: str) -> bool:
    """More digits than letters (``4l9``, ``55O``: OCR's misread numbers, never a text column's
    words such as ``Apache-2.0``)."""
    return sum(c.isdigit() for c in text) > sum(c.isalpha() for c in text)


def unnamed_group_id(first_line: int, last_line: int) -> str:
    """Id of a row group the page prints no name for (a repeating block of rows)."""
    return f"rows {first_line}-{last_line}"


def is_unnamed_group(group: str) -> bool:
    """True for ids made by unnamed_group_id: renderers show no label for them."""
    return bool(re.fullmatch(r"rows \d+-\d+", group))


@dataclass
class Column:
    index: int  # physical cell position in the block's lines
    name: str
    raw: str  # as printed (before alias repair)
    group: str = ""
    pair: tuple | None = None
    unit: str = ""
    sub_names: list | None = None
    text: bool = False  # a column of words after the values (``License``, ``Answer``): no value
    ranges: bool = False  # the header names an interval (``95% CI``) or every cell is one (``78-84``):
    # a bare ``421–474`` is one


@dataclass
class LRow:
    """A logical table row (a packed physical line gives several)."""

    line_no: int
    label: str
    label_raw: str
    cells: dict  # column index -> printed cell text ("" blank)
    qualifier: str = ""
    group: str = ""
    carried_label: bool = False
    carried: dict = field(default_factory=dict)  # column index -> (text, from_line)
    cell_lines: dict = field(default_factory=dict)  # column index -> its own line, when not line_no


@dataclass
class Block:
    first_line: int
    last_line: int
    header_lines: list
    label_header: str
    qualifier_header: str
    columns: list
    rows: list
    header_values: dict
    column_groups: list
    notes: list
    caption: str = ""
    caption_line: int | None = None
    caption_position: str = ""
    paper: str = ""
    section: str = ""


class TableLayout:
    """Reads the grids of one document into its table records.

    ``parsed`` is the document's record set (``contract.empty_parsed``): ``emit_tables`` adds
    its ``tables`` and ``table_values`` rows, ``note`` its parse notes (shared with the page
    reader). ``aliases`` is the normalised header alias table (``aliases.normalise_aliases``)."""

    def __init__(self, doc: Document, aliases: dict, parsed: dict):
        self.doc = doc
        self.aliases = aliases
        self.parsed = parsed

    def note(self, line_no: int | None, kind: str, message: str, token: str = "", level=logging.WARNING,
             **extra) -> None:
        """A parse note on ``line_no`` (with the line as printed), logged at ``level``."""
        raw = self.doc.line(line_no) if line_no else ""
        self.parsed["parse_notes"].append(contract.record(
            contract.PARSE_NOTES, source_file=self.doc.source_file, line_no=line_no or "", kind=kind,
            message=message, raw=raw, token=token, **extra))
        log.log(level, "%s:%s: %s: %s", self.doc.source_file, line_no or "", kind, message)

    def alias(self, text: str, line_no: int) -> str:
        """A header cell through the alias table (a ``header_alias`` note when it is repaired)."""
        key = " ".join(text.split())
        hit = self.aliases.get(key)
        if not hit:
            return key
        self.note(line_no, "header_alias", f"header {key!r} read as {hit['header']!r}"
                  + (f" ({hit['reason']})" if hit["reason"] else ""), key, logging.INFO)
        return hit["header"]

    # ---------------------------------------------------------------- blocks
    @staticmethod
    def _counts(cells_: list[str]) -> tuple[int, int]:
        body = [c for c in cells_[1:] if c]
        numeric = sum(1 for c in body if cells.numeric_cell(c))
        return numeric, len(body) - numeric

    def _header_like(self, cells_: list[str]) -> bool:
        numeric, text = self._counts(cells_)
        return text > 0 and text > numeric

    def parse_block(self, lines: list[tuple[int, list[str]]], first_line: int | None = None,
                    last_line: int | None = None, header_hint: int = 0,
                    cell_lines: list[list[int]] | None = None) -> Block | None:
        """One printed table (rows of cells, header rows first, as a table reader gives them).
        ``header_hint``: leading rows the markup marks as header (taken as they are);
        ``cell_lines``: the line of each cell when a row's cells stand on several lines."""
        ncol = max(len(c) for _, c in lines)
        rows = [(ln, c + [""] * (ncol - len(c))) for ln, c in lines]
        while ncol > 1 and all(not c[ncol - 1] for _, c in rows):
            ncol -= 1
        rows = [(ln, c[:ncol]) for ln, c in rows]
        if ncol > 2 and len(rows) > 2 and all(not c[0] for _, c in rows[1:]):
            # a first column no row prints in (a header's words split over it by position): the
            # header's text there joins the next column's name
            first = rows[0][1]  # (a header printed one cell short, flush left, keeps its cells)
            head = first[:-1] if not first[-1] else [" ".join(x for x in first[:2] if x)] + first[2:]
            rows = [(rows[0][0], head)] + [(ln, c[1:]) for ln, c in rows[1:]]
            ncol -= 1
            cell_lines = [cl[1:] for cl in cell_lines] if cell_lines else cell_lines
        header_rows: list = []
        meta = None
        i = 0
        if 0 < header_hint < len(rows) and all(_data_row(cells_) for _, cells_ in rows[:header_hint]):
            header_hint = 0  # a continued table's first row, made its header by the converter: data
        if 0 < header_hint < len(rows):
            header_rows.extend(rows[:header_hint])
            i = header_hint
        elif len(rows) > 1 and (_names_row(rows[0][1]) or _years_row(rows[0][1], rows[1][1])
                                or _ascending_names_row(rows[0][1], rows[1][1])) \
                and not self._header_like(rows[1][1]):
            # "Model  128  512  2048": integers under a header word name the columns
            header_rows.append(rows[0])
            i = 1
        elif self._header_like(rows[0][1]) or _column_numbers_row(rows[0][1]):
            header_rows.append(rows[0])
            i = 1
            # the header's next lines: the label column's cell blank, or its unit ('(m³/h)') over
            # a line of words only
            while i < len(rows) and (not rows[i][1][0] or _UNIT_CELL.match(rows[i][1][0])
                                     and not self._counts(rows[i][1])[0]):
                numeric, text = self._counts(rows[i][1])
                if text > numeric:
                    header_rows.append(rows[i])
                elif meta is None and numeric and (i + 1 < len(rows) and rows[i + 1][1][0] or numeric == 1 and any(
                        c[0] for _, c in rows[i + 1:])):
                    # (numbers under the header over rows that leave the first cell empty too are data:
                    # '|  24 | 11.5 | ...' / '|  27 | 8.9 | ...' / '| All | ...')
                    meta = rows[i]
                else:
                    break
                i += 1
        if header_rows and i + 1 < len(rows) and _names_row(
                rows[i][1], any(_NAMES_SETTING.match(c) for c in header_rows[-1][1])) \
                and not self._header_like(rows[i + 1][1]):
            header_rows.append(rows[i])  # a spanning header above ("Sequence length") then "Model 128 512"
            i += 1
        elif (header_rows and i + 1 < len(rows) and not any(header_rows[-1][1][:1])
              and any(not c for c in header_rows[-1][1][1:]) and self._header_like(rows[i][1])
              and not self._header_like(rows[i + 1][1])):
            # group names over blank cells ("Men (n = 412)" ... ), then the columns' own names
            # under them, label column's name first ("Analyte  Median  2.5th-97.5th")
            header_rows.append(rows[i])
            i += 1
        elif header_rows and i + 1 < len(rows) and (_spanned(header_rows[-1][1]) and (
                _years_under(rows[i][1]) or not rows[i][1][0] and not self._counts(rows[i][1])[0]
                and self._counts(rows[i + 1][1])[0]) or _years_under(rows[i][1])
                and (not rows[i][1][0] or _UNIT_CELL.match(rows[i][1][0]))
                and not all(header_rows[-1][1][1:])):  # ('Incidence (%) |  | Index |  ' over years)
            # years under a spanning cell printed again in each column (Docling: 'Yield | Yield'
            # over '2021 | 2022'), or names with the label cell blank ('| | SSB | Total |'): the
            # columns' own names
            header_rows.append(rows[i])
            i += 1
        elif (header_rows and i + 1 < len(rows) and rows[i][1][0] and rows[i][1][0] == header_rows[-1][1][0]
              and (not self._counts(rows[i][1])[0] or _settings_under_spans(header_rows[-1][1], rows[i][1]))
              and (not self._header_like(rows[i + 1][1]) or _group_row(rows[i + 1][1]))):
            # the header printed again with the columns' own names under a repeated group name
            # (Docling: "Day | pH | Organic acids | Organic acids" then "Day | pH | Acetic | Gluconic";
            # or settings under it, "Mass change after cycles (%)" x4 then "25 | 50 | 100 | 150"),
            # a group's label printed in every cell possibly next ("Summer campaign" x6)
            header_rows.append(rows[i])
            i += 1
        if header_rows and i + 1 < len(rows) and not rows[i][1][0] and _years_under(rows[i][1]) \
                and any(patterns.YEAR_SPAN.match(c.strip()) for c in rows[i][1]):
            # seasons under names and units over two header rows ('2021/22  2022/23' under
            # 'Nodule number' / '(plant⁻¹)'): the columns' own names
            header_rows.append(rows[i])
            i += 1
        if header_rows and i + 1 < len(rows) and not rows[i][1][0] and _column_numbers_row(rows[i][1]):
            header_rows.append(rows[i])  # the models' numbers under their names ('(1) | (2) | (3)')
            i += 1
        data = rows[i:]
        first_line = first_line or lines[0][0]
        last_line = last_line or lines[-1][0]
        for ln, printed_row in lines[i:]:
            if len(printed_row) < ncol:
                self.note(ln, "short_row", f"row has {len(printed_row)} of the table's {ncol} cells "
                          "(table cut off mid-row?); the missing cells are left blank",
                          self.doc.line(ln).strip())
        if not data:
            self.note(first_line, "empty_table", f"lines {first_line}-{last_line} look like a table of "
                      f"{ncol} columns but hold no data row; no cell was read")
            return None
        if not header_rows:
            self.note(first_line, "no_header", "table block without a header line; columns are numbered",
                      level=logging.INFO)

        # label columns: leading columns whose data cells are all text (a dash among >= 2 words
        # is a label not printed: ``Venue`` = ICML'21, -, ICCV'23)
        label_cols = 0
        for j in range(ncol - 1):
            col = [c[j] for _, c in data if c[j]]
            words = [x for x in col if not cells.is_missing(x)]
            if j == 0 and (self._group_column(words) or self._time_points_column(words)
                           or len(words) >= 2 and all(_INDEX_PAIR.match(w.strip()) for w in words)):
                label_cols += 1  # age groups: '0', '1-4', '5-9', ..., '80+'; '18–29', ..., '≥75'
                continue
            if 0 < j == label_cols and self._group_column(words) and self._repeated_bins(data, j):
                label_cols += 1  # bins printed again under each group ('Women | 18.5-24.9', '| 25.0-29.9', '| ≥30.0')
                continue
            if 0 < j == label_cols and sum(1 for x in words if patterns.OPEN_BOUND.match(x.strip())) >= 2 and all(
                    patterns.OPEN_BOUND.match(x.strip()) or not cells.value_like(x) for x in words):
                label_cols += 1  # thresholds after a label column ('Reader 1 | ≥3', '| ≥4', '| ≥3 and PSAD')
                continue
            # (a season among the labels, '2020/21' under 'Year (ref. 2019/20)', names its row; so does
            # a setting with its unit among words, 'Unroasted' / '90 °C' / '110 °C', in the first column)
            named = j == 0 and any(not cells.value_like(x) for x in words)
            if any(cells.value_like(x) and not patterns.YEAR_SPAN.match(x.strip()) and not (
                    named and _SETTING_UNIT.match(x.strip())) for x in words) or (
                    len(words) < len(col) and len(words) < 2):
                break
            label_cols += 1
        if label_cols == 0 and ncol >= 4 and (design := self._design_columns(data, ncol)) >= 2:
            label_cols = design  # a factorial design's settings ('1.0 | 0 | 60', '1.0 | 90 | 60', '1.5 | 0 | 60')
        elif label_cols == 0 and (ncol >= 3 or self._years_column(data)) and self._index_column(data):
            # '| 2 | 3,210 | 702 |' under 'k': an ascending column of whole numbers is the rows' index
            label_cols = 1
            if label_cols < ncol - 1 and self._repeated_settings(data, label_cols):
                label_cols += 1  # a second factor's settings under each of the first's (lime 0.5 % / 8, 16 h)
        elif label_cols == 0 and ncol >= 3 and self._text_column(data, 1):
            # '| 1.3B | uniform | 21.3 |': a numeric first column followed by a text column names
            # the row (model size, k, round) with it: both are labels, not values
            label_cols = 2
            while label_cols < ncol - 1 and self._text_column(data, label_cols):
                label_cols += 1
        elif 0 < label_cols < ncol - 1 and self._repeated_settings(data, label_cols):
            # 'PET-U  25 ...' / '50 ...' / 'HDPE-B  25 ...': settings repeated under each group
            label_cols += 1
            if label_cols < ncol - 1 and self._repeated_settings(data, label_cols, by=label_cols):
                label_cols += 1  # a second factor's under each of the first's (D/d 25, 40 / pull 10, 20)

        # header texts (aliases applied per printed cell)
        printed = [[c[j] for j in range(ncol)] for _, c in header_rows]
        fixed = [[self.alias(c[j], ln) if c[j] else "" for j in range(ncol)] for ln, c in header_rows]
        # OCR noise in text continuation rows
        for r in range(1, len(fixed)):
            for j in range(ncol):
                if fixed[r][j] and fixed[r][j] == printed[r][j] and re.search(r"[\"“”]", fixed[r][j]):
                    self.note(header_rows[r][0], "ocr_noise", f"dropped OCR noise {printed[r][j]!r} in a header",
                              printed[r][j])
                    fixed[r][j] = ""
        header_values: dict = {}
        meta_texts: dict = {}
        if meta is not None:
            for j in range(1, ncol):
                cell = meta[1][j]
                if not cell:
                    continue
                if cells.numeric_cell(cell):
                    meta_texts[j] = cell
                    continue
                is_alias = " ".join(cell.split()) in self.aliases
                aliased = self.alias(cell, meta[0])
                if is_alias and aliased == (fixed[0][j] if fixed else ""):
                    continue  # the lower half of a two-line header cell, already named above
                if is_alias:
                    fixed[-1][j] = f"{fixed[-1][j]} {aliased}".strip()
                    continue
                self.note(meta[0], "ocr_noise", f"dropped OCR noise {cell!r} from the row under the header",
                          cell)

        columns: list[Column] = []
        column_groups: list = []
        n_hdr = len(fixed)
        group_of: dict = {}
        if n_hdr >= 2:
            j = label_cols
            while j < ncol:
                top = fixed[0][j]
                k = j + 1
                # blank top cells continue a group, and so does its name printed again (Docling
                # repeats a spanning cell in every column it spans)
                while (k < ncol and (not fixed[0][k] or fixed[0][k] == top)
                       and any(fixed[r][k] for r in range(1, n_hdr))):
                    k += 1
                if top and k - j >= 2 and any(fixed[r][j] for r in range(1, n_hdr)):
                    for m in range(j, k):
                        group_of[m] = top
                j = k
        for j in range(label_cols, ncol):
            if j in group_of:
                sub = " ".join(x for x in (fixed[r][j] for r in range(1, n_hdr)) if x)
                sub_raw = " ".join(x for x in (printed[r][j] for r in range(1, n_hdr)) if x)
                top_raw = printed[0][min(m for m in group_of if group_of[m] == group_of[j] and m <= j)]
                name, raw = f"{group_of[j]}: {sub}", f"{top_raw}: {sub_raw}"
            else:  # (a cell printed again in the row below is named once: 'pH' over 'pH')
                name = " ".join(dict.fromkeys(x for x in (fixed[r][j] for r in range(n_hdr)) if x))
                raw = " ".join(dict.fromkeys(x for x in (printed[r][j] for r in range(n_hdr)) if x))
            if not name:
                name = raw = f"column {j + 1}"
            columns.append(Column(index=j, name=name, raw=raw, group=group_of.get(j, "")))
        seen_groups: list = []
        for col in columns:
            if col.group and col.group not in seen_groups:
                seen_groups.append(col.group)
                column_groups.append({"name": col.group,
                                      "columns": [c.name for c in columns if c.group == col.group]})
        names = [c.name for c in columns]
        for col in columns:
            if names.count(col.name) > 1:
                col.name = f"{col.name} ({col.index + 1})"
        for col in columns:
            words = [c[col.index] for _, c in data if c[col.index] and not cells.is_missing(c[col.index])]
            col.text = len(words) >= 2 and not any(cells.value_like(w) or cells.parse_cell(w).parts or _digit_heavy(w)
                                                   for w in words) or (
                len(words) >= 2 and bool(_REFERENCE_HEADER.match(col.name)) and all(_CITATION.match(w) for w in words))
            col.ranges = bool(_INTERVAL_HEADER.search(col.name)) or _ranges_column(words)
            sub = col.name.split(": ", 1)[1] if col.group else col.name
            col.pair = cells.pair_names(sub)
            col.unit = cells.header_unit(sub) or (cells.header_unit(col.group) if col.group else "")
        for j, text in meta_texts.items():
            name = next((c.name for c in columns if c.index == j), f"column {j + 1}")
            header_values[name] = text

        def header_text(j: int, table=fixed) -> str:
            return " ".join(x for x in (table[r][j] for r in range(n_hdr)) if x)

        label_header = header_text(label_cols - 1) if label_cols else ""
        qualifier_header = " ".join(header_text(j) for j in range(label_cols - 1)) if label_cols > 1 else ""

        lrows = self._logical_rows(data, label_cols, columns, cell_lines[i:] if cell_lines else None)
        block = Block(first_line=first_line, last_line=last_line,
                      header_lines=[ln for ln, _ in header_rows] + ([meta[0]] if meta else []),
                      label_header=label_header, qualifier_header=qualifier_header, columns=columns,
                      rows=lrows, header_values=header_values, column_groups=column_groups, notes=[])
        self._subcolumns(block)
        self._groups(block)
        return block

    @staticmethod
    def _years_column(data) -> bool:
        return all(_YEAR.match(c[0].strip()) for _, c in data)

    @staticmethod
    def _design_columns(data, ncol: int) -> int:
        """How many leading columns are a factorial design's settings: each a plain number in every
        row and few distinct values (the first's each printed in two rows or more, never decreasing)
        (plate 1.0, 1.0, 1.0, 1.5 ... under angle 0, 0, 90 ... and length 60, 90, 60 ...), beside
        columns of measured values (a mean with its spread, a decimal) that are no settings. The
        first's cell may be printed once over its rows, blank under it (a merged cell)."""
        rows = [c for _, c in data]
        if len(rows) < 4:
            return 0
        n = 0
        for j in range(ncol - 1):
            col = [c[j].strip() for c in rows]
            if j == 0 and col[0]:  # a merged cell printed once, blank under it (an HTML rowspan): carried
                col = list(itertools.accumulate(col, lambda above, x: x or above))
            if not all(re.fullmatch(r"\d{1,4}(?:\.\d{1,2})?", x) for x in col):
                break
            counts = Counter(col)
            if len(counts) < 2 or len(counts) * 2 > len(col) or j == 0 and any(
                    counts[x] < 2 for x in counts if x not in (col[0], col[-1])):
                break  # (the first's runs may be cut at the table's ends: a page break)
            if j == 0 and any(Decimal(a) > Decimal(b) for a, b in zip(col, col[1:])):
                break
            n += 1
        rest = [c[j].strip() for c in rows for j in range(n, ncol) if c[j].strip()]
        return n if rest and any(not re.fullmatch(r"\d{1,4}(?:\.\d{1,2})?", x) for x in rest) else 0

    @staticmethod
    def _repeated_bins(data, j: int) -> bool:
        """Column ``j`` prints the same bins under each group the first column names (``Women`` /
        ``18.5-24.9``, ``25.0-29.9``, ``≥30.0``, then ``Men`` / the same three; a group may stop
        early, ``0–2`` ... ``10–15`` then ``0–2`` ... ``5–10``): the rows' names."""
        groups = _under_groups(data, j, lambda c: bool(c[j].strip()))
        longest = max(groups, key=len, default=[])
        return len(groups) >= 2 and len(longest) >= 2 and all(g == longest[:len(g)] for g in groups)

    @staticmethod
    def _group_column(words: list[str]) -> bool:
        """A first column of groups (``0``, ``1-4``, ``5-9``, ... ``80+``; ``18–29`` ... ``≥75``):
        most cells a range or an open bound, the others whole numbers or words (``All``)."""
        groups = sum(1 for x in words if _GROUP.match(x.strip()))
        return len(words) >= 3 and groups * 2 > len(words) and all(
            _GROUP.match(x.strip()) or x.strip().isdigit() or not cells.value_like(x) for x in words)

    @staticmethod
    def _time_points_column(words: list[str]) -> bool:
        """A first column of time points among words (``Preoperative``, ``6h``, ``24h``, ``7d``):
        the rows' names. (A column of time points alone, ``1 h``, ``6 h``, stays values.)"""
        points = sum(1 for x in words if patterns.TIME_POINT.match(x.strip()))
        return points >= 2 and all(patterns.TIME_POINT.match(x.strip()) or not cells.value_like(x) for x in words) \
            and points < len(words)

    @staticmethod
    def _index_column(data) -> bool:
        """A first column of distinct whole numbers in ascending order (``k``, ``Round``,
        ``Epoch``: 0, 1, 2 or 2, 4, 8; ascending within each group under group labels; below zero,
        descending too: snow at -2, -8, -15 °C), or of >= 3
        settings in ascending order printed as decimals or percentages (doses 0.3, 1, 3, 10; a
        grid 0.5, 1.0, 1.5; a sparsity 0%, 30%, 50%; current densities beside whole-number
        capacities); or of >= 3 settings with one unit in ascending or descending order (``20 °C``,
        ``25 °C``; ``16 GB``, ``8 GB``) beside columns printing no such setting; or of >= 3
        years in order, beside anything, or of school or fiscal years (``2016/17``): the rows'
        names, not values. Up to two summary rows at
        the end (``Slope``, ``Total``, ``0.1 (recovery)``, a step repeated with a footnote mark,
        ``0.2 b``) take no part. Decimal settings and settings with a unit may each
        be printed once for the rows under them (an HTML cell spanning rows: ``0.5`` / blank /
        ``1.0`` / blank). A first row of a header's units alone (``(counted)``) takes no part. Years
        may follow a group's name printed in the first row of its group (``Hand pulling 2019``).
        OCR's letters for an index's digits (``l``, ``2``, ... ``Il``, ``12``) read as the digits."""
        # a header's units line read as the first row ('(counted)', the other cells blank) takes no part
        while len(data) > 3 and re.fullmatch(r"[|¦\s]*\([^()\d]{1,24}\)", data[0][1][0]) and not any(
                x.strip() for x in data[0][1][1:]):
            data = data[1:]
        # '0 (no merging)'; OCR's '1 (poorest}'
        col = [re.sub(r"\s*\([^(){}]*[)}]$|(?<=\d)[a-h*†‡]$", "", c[0].strip()) for _, c in data]  # ('1200a')
        # OCR's reading of a number's digits as letters ('l' 1, 'Il' 11, 'O' 0) or a rule's '|' before it
        col = [_ocr_index(x) for x in col]
        others = [c[j].strip() for _, c in data for j in range(1, len(c)) if c[j].strip()]
        summary = 0  # up to two summary rows after the settings ('Slope', 'Total', '0.1 (recovery)')
        while summary < 2 and len(col) - summary > 3 and (
                _WORDS.search(data[len(col) - 1 - summary][1][0])
                and not _SETTING_UNIT.match(col[len(col) - 1 - summary])  # ('4 kHz' is a setting, no summary)
                or _MARKED_REPEAT.match(data[len(col) - 1 - summary][1][0].strip())):
            summary += 1  # (or a setting repeated with a footnote mark apart: '0.2 b', a recovery step)
        col = col[:len(col) - summary]
        # (a setting printed once for the rows under it: an HTML cell spanning rows, '5°C' / blank / blank)
        settings = [x for x in col if x] if col and col[0] and not all(col) else col
        units = [_SETTING_UNIT.match(x) for x in settings]
        scaled = [_in_base_unit(m) for m in units] if all(units) else []
        if len(settings) >= 3 and all(units) and (len({m["unit"] for m in units}) == 1 or (
                all(scaled) and len({base for base, _ in scaled}) == 1)):
            # settings with one unit (20 °C, 25 °C, 30 °C; 5 mg, 10 mg, 20 mg; or one unit under
            # its prefixes, 250 Hz, 500 Hz, 1 kHz) beside values of another kind (3.12 ± 0.03):
            # the rows' names
            nums = [value for _, value in scaled] if len({m["unit"] for m in units}) > 1 else \
                [Decimal(m["num"]) for m in units]
            if (all(a < b for a, b in zip(nums, nums[1:])) or all(a > b for a, b in zip(nums, nums[1:]))) \
                    and not any(_SETTING_UNIT.match(x) for x in others):
                return True  # (or descending: heap sizes 16 GB, 8 GB, 4 GB)
        printed = [x for x in col if x] if col and col[0] else col  # (a setting printed once for its rows)
        if len(printed) >= 3 and all(re.fullmatch(r"\d{1,4}(?:\.\d{1,3})?%?", x) for x in printed) and any(
                "." in x or "%" in x for x in printed):
            # settings in ascending order: doses 0.3, 1, 3, 10; a grid 0.5, 1.0, 1.5; losses 0%, 1%, 5%
            nums = [Decimal(x.rstrip("%")) for x in printed]
            return all(a < b for a, b in zip(nums, nums[1:]))
        named = [re.fullmatch(r"(?=.*[A-Za-z]{2}).+?\s((?:19|20)\d\d)", x) for x in col]
        if len(col) >= 4 and any(named) and named[0] and all(m or _YEAR.match(x) for m, x in zip(named, col)):
            # a group's name printed before its first year ('Hand pulling 2019' / 2020 / 2021 /
            # 'Untreated 2019' / 2020): the years ascend within each group
            years: list[list[int]] = []
            for m, x in zip(named, col):
                year = int(m[1] if m else x)
                if m and not (years and len(years[-1]) == 1 and year > years[-1][-1]):
                    years.append([])  # (a name wrapped over two rows goes on: 'Canal and 1984' / 'river margins 1985')
                years[-1].append(year)
            if len(years) >= 2 and all(len(g) >= 2 and all(a < b for a, b in zip(g, g[1:])) for g in years):
                return True
        if len(col) >= 3 and all(patterns.YEAR_SPAN.match(x) for x in col) and all(
                a < b for a, b in zip(col, col[1:])):
            return True  # school or fiscal years in order ('2016/17', '2017/18'; '2019–20'): the rows' names
        # under group labels (a row of words with its other cells blank: 'Haemolysis (%)' / 1, 14,
        # 28 / 'Potassium' / 1, 14, 28) the numbers ascend within each group
        groups: list[list[str]] = [[]]
        for x, (_, c) in zip(col, data):
            if not any(cell.strip() for cell in c[1:]) and _WORDS.search(x):
                groups.append([])
            else:
                groups[-1].append(x)
        groups = [g for g in groups if g]
        if len(groups) > 1 and min(len(g) for g in groups) < 2:
            return False
        if len(col) < 2 or not all(re.fullmatch(r"[-+−]?(?:\d{1,6}|\d{1,3}(?:,\d{3})+)", x) for g in groups for x in g):
            return False  # (thousands printed with a comma: playouts 800, 1,600, 3,200)
        nums = [[int(x.replace("−", "-").replace(",", "")) for x in g] for g in groups]  # (signed: -20, -10, 0, +10)
        ascending = all(a < b for g in nums for a, b in zip(g, g[1:])) or (  # (or colder: -2, -8, -15 °C)
            all(x < 0 for g in nums for x in g) and all(a > b for g in nums for a, b in zip(g, g[1:])))
        if ascending and len(col) >= 3 and all(_YEAR.match(x) for x in col):
            return True  # years in order name the rows even beside counts ('1994  412  52')
        return ascending and any(not re.fullmatch(r"[\d,]+", x) for x in others)

    @staticmethod
    def _repeated_settings(data, j: int, by: int = 1) -> bool:
        """Column ``j`` after the label columns holds one sequence of settings in ascending order (``25,
        50, 100, 150`` kPa; ``−1 °C``, ``1 °C``, ``4 °C``, one unit in every cell) printed again
        under each group of the first column (a new group where the first column prints a name;
        a group of one row only at a setting the others print, ``Control`` / ``52``), or under
        the one group a page shows (three settings or more beside values not all whole numbers):
        a factor of the design, the rows' names. A setting may be printed once for the rows under
        it (``25`` / blank / ``40`` / blank); with ``by`` > 1 a group starts where any of the first
        ``by`` columns prints (a second factor's settings under each of the first's)."""
        # (header rows still among the rows, 'Design | Exposure (h)' / '| | kN': words from column j on
        # and no value; skipped. A group's name alone on its row prints nothing there: kept)
        while data and any(x.strip() for x in data[0][1][j:]) and not any(
                cells.value_like(x) for x in data[0][1][j:] if x.strip()):
            data = data[1:]
        # (a group's name alone on its row prints no setting; a summary row may leave it blank: 'LSD')
        groups = [g for g in _under_groups(data, j, lambda c: any(x.strip() for x in c[j:]), by) if any(g)]
        if all(g[0] for g in groups) and any(not x for g in groups for x in g) and all(
                (c[j].strip() or not any(x.strip() for x in c[:j])) for _, c in data):
            # a setting printed once for the rows under it, until the next ('25' / blank / '40' /
            # blank under each rope): the settings printed
            groups = [[x for x in g if x] for g in groups]
        # (a setting's footnote mark apart: a season not surveyed whole, '2021a')
        found = [[_SETTING.fullmatch(re.sub(r"(?<=\d)[a-h*†‡]$", "", x)) for x in g] for g in groups]
        if not all(all(g) for g in found):
            return False
        if len({m["unit"] or "" for g in found for m in g}) > 1:
            return False  # (one unit for all, or none: '−1 °C', '1 °C', '4 °C')
        groups = [[m["num"].replace("−", "-") for m in g] for g in found]
        if sum(1 for g in groups if len(g) >= 2) < 2:
            # one group under its name ('Burial depth 30 cm' / 2, 4, 8 ... weeks): three settings or
            # more beside values that are not all whole numbers
            others = [x.strip() for _, c in data for x in c[j + 1:] if x.strip()]
            long = [g for g in groups if len(g) >= 3]
            if not (len(long) == 1 and all(len(g) == 1 for g in groups if g is not long[0])
                    and any(c[0].strip() for _, c in data) and any(not re.fullmatch(r"[\d,]+", x) for x in others)):
                return False  # (a group of one row at a setting of the long one: 'Control' / '52')
        seqs = [[Decimal(x) for x in g] for g in groups]
        longest = set(max(seqs, key=len))  # (a group may print only some of the settings: '50' alone)
        return all(a < b for g in seqs for a, b in zip(g, g[1:])) and all(set(g) <= longest for g in seqs)

    @staticmethod
    def _text_column(data, j: int) -> bool:
        """A column of words: every data row prints a cell there (a summary row named by a word,
        ``LSD (0.05)``, may leave it blank; a dash stands for a word not printed) and none looks
        like a value."""
        col = [c[j] for _, c in data if c[j] or not (j and c[0] and not cells.value_like(c[0]))]
        words = [x for x in col if not cells.is_missing(x)]  # (a dash among words: a word not printed)
        return len(words) >= 2 and all(col) and not any(cells.value_like(x) for x in words)

    def _logical_rows(self, data, label_cols: int, columns: list[Column],
                      cell_lines: list[list[int]] | None = None) -> list[LRow]:
        out: list[LRow] = []
        qualifier = ""
        prev: LRow | None = None
        for r_no, (ln, c) in enumerate(data):
            own_lines = {j: x for j, x in enumerate(cell_lines[r_no]) if x != ln} if cell_lines else {}
            quals = [c[j] for j in range(max(label_cols - 1, 0))]
            if any(quals):
                qualifier = " ".join(q for q in quals if q)
            label_raw = c[label_cols - 1] if label_cols else ""
            values = {col.index: c[col.index] for col in columns}
            filled = [v for v in values.values() if v]
            counts = [len(cells.value_tokens(v)) for v in filled]
            if counts and min(counts) >= 2:  # a cell the cell grammar reads whole is one value ('3.12 ± 0.03 a')
                counts = [1 if cells.parse_cell(v).parts else n for v, n in zip(filled, counts)]
            if len(filled) >= 2 and min(counts) >= 2 and label_raw:
                n = counts[0]
                names = cells.split_packed_label(label_raw, n) if len(set(counts)) == 1 else None
                if len(set(counts)) > 1 and any(cells.split_packed_label(label_raw, c) for c in set(counts)):
                    # which value is whose cannot be told: the row is left out (never a wrong
                    # number), the rest of the table and of the document is read
                    self.note(ln, "unclear_packed_row", f"row {label_raw!r} packs several rows but its cells "
                              f"hold {sorted(set(counts))} values; cannot tell which value is whose, left out "
                              "of the values", label_raw)
                    continue
                if names:
                    split = {j: cells.value_tokens(v) if v else [""] * n for j, v in values.items()}
                    for i, name in enumerate(names):
                        out.append(LRow(line_no=ln, label=cells.normalise_label(name), label_raw=name,
                                        cells={j: split[j][i] for j in split}, qualifier=qualifier))
                    self.note(ln, "packed_row", f"one printed line holds {n} rows ({', '.join(names)})",
                              label_raw, logging.INFO)
                    prev = out[-1]
                    continue
            if label_raw:
                row = LRow(line_no=ln, label=cells.normalise_label(label_raw), label_raw=label_raw,
                           cells=values, qualifier=qualifier)
            elif prev is not None and label_cols:
                row = LRow(line_no=ln, label=prev.label, label_raw="", cells=values, qualifier=qualifier)
                row.carried_label = True
            else:
                row = LRow(line_no=ln, label="", label_raw="", cells=values, qualifier=qualifier)
            row.cell_lines = own_lines
            out.append(row)
            prev = row
        return out

    def _subcolumns(self, block: Block) -> None:
        # (OCR read ± as '+' in some cells: '281 +11' is then a value and its error, no pair)
        misread_pm = any(_PM_MISREAD_CELL.search(c) for row in block.rows for c in row.cells.values() if c)
        for col in block.columns:
            texts = [r.cells[col.index] for r in block.rows
                     if r.cells[col.index] and not cells.is_missing(r.cells[col.index])]
            if not texts or misread_pm and all(_HALF_SPACED_PLUS.match(t) for t in texts):
                continue
            toks = [cells.value_tokens(t) for t in texts]
            if all(len(t) == 2 for t in toks) and all(cells.is_number_token(x) for t in toks for x in t):
                col.sub_names = cells.subcolumn_names(col.name, 2)
                self.note(block.first_line, "subcolumns",
                          f"column {col.name!r}: every cell holds two numbers; parts first/second "
                          f"(names {col.sub_names})", col.raw, logging.INFO)

    def _groups(self, block: Block) -> None:
        rows = block.rows
        groups: list[list[int]] = []
        # label groups: a printed label followed by rows with an empty label cell
        i = 0
        used: dict = {}
        while i < len(rows):
            j = i + 1
            while j < len(rows) and rows[j].carried_label:
                j += 1
            if j - i >= 2:
                gid = rows[i].label
                used[gid] = used.get(gid, 0) + 1
                if used[gid] > 1:
                    gid = f"{gid} #{used[gid]}"
                for r in rows[i:j]:
                    r.group = gid
                groups.append(list(range(i, j)))
            i = j
        if not groups:
            groups = self._periodic_groups(rows)
            for g in groups:
                gid = unnamed_group_id(rows[g[0]].line_no, rows[g[-1]].line_no)
                for k in g:
                    rows[k].group = gid
        for r in rows:
            if r.qualifier:
                r.group = f"{r.qualifier} / {r.group}" if r.group else r.qualifier
        # merged (vertically spanning) cells inside a group
        for g in groups:
            for col in block.columns:
                printed = [k for k in g if rows[k].cells[col.index]]
                blank = [k for k in g if not rows[k].cells[col.index]]
                if not printed or not blank:
                    continue
                src = next((k for k in printed if not cells.is_missing(rows[k].cells[col.index])), None)
                if src is None:
                    continue
                text = rows[src].cells[col.index]
                for k in blank:
                    rows[k].carried[col.index] = (text, rows[src].line_no)
                values = {rows[k].cells[col.index] for k in printed}
                parsed_values = {tuple((x.part, x.value, x.unit) for x in cells.parse_cell(v).parts)
                                 for v in values}
                if len(parsed_values) > 1:
                    self.note(rows[src].line_no, "merged_cell_disagreement",
                              f"column {col.name!r}, group {rows[src].group!r}: printed values "
                              f"{sorted(values)} differ; carried the first ({text!r})", text)

    @staticmethod
    def _periodic_groups(rows: list[LRow]) -> list[list[int]]:
        """Row groups the page prints no name for: a unit of >= 2 distinct labels printed again
        and again (``A, B, C, A, B, C``). The best run covers the most rows (then the shortest
        period wins). Every period is tried on tables of up to 300 rows; on longer ones the
        candidates are the distances between a row and the last eight rows with the same label
        (the 40 most frequent). For each period one pass finds the runs where every row equals
        the row one period later: linear in rows per period, never cubic."""
        labels = [r.label for r in rows]
        n = len(labels)
        if n <= 300:
            periods = list(range(2, n // 2 + 1))
        else:
            seen: dict[str, list[int]] = {}
            distances: dict[int, int] = {}
            for i, label in enumerate(labels):
                earlier = seen.setdefault(label, [])
                for j in earlier:
                    if label and 2 <= i - j <= n // 2:
                        distances[i - j] = distances.get(i - j, 0) + 1
                earlier.append(i)
                del earlier[:-8]
            periods = sorted(distances, key=lambda d: (-distances[d], d))[:40]
        best = None  # (coverage, -period, start, period, reps)
        for p in periods:
            i = 0
            while i < n - p:
                if not (labels[i] and labels[i] == labels[i + p]):
                    i += 1
                    continue
                j = i
                while j < n - p and labels[j] and labels[j] == labels[j + p]:
                    j += 1
                run = j - i  # rows i..j-1 equal the row one period later
                for s in range(i, min(i + p, j)):  # first start whose unit has two labels
                    if run - (s - i) < p:
                        break
                    if len(set(labels[s:s + p])) >= 2:
                        reps = 1 + (run - (s - i)) // p
                        cand = (reps * p, -p, s, p, reps)
                        if best is None or cand[:2] > best[:2]:
                            best = cand
                        break
                i = j + 1
        if best is None:
            return []
        _, _, s, p, reps = best
        return [list(range(s + r * p, s + (r + 1) * p)) for r in range(reps)]

    # ---------------------------------------------------------------- tables
    def merge_halves(self, blocks: list[Block]) -> list[list[Block]]:
        """The document's tables, each the list of its blocks (see *Two halves*)."""
        tables: list[list[Block]] = []
        for blk in blocks:
            if tables:
                prev = tables[-1][-1]
                between = self.doc.lines[prev.last_line:blk.first_line - 1]
                # the second half has no caption of its own, or the caption printed after it is
                # the whole table's (the first half then has none)
                shared_caption = (not blk.caption or (
                    blk.caption_line and blk.caption_line > blk.last_line
                    and not any(b.caption for b in tables[-1])))
                if (shared_caption and all(not x.strip() for x in between)
                        and blk.label_header == prev.label_header and blk.label_header
                        and [r.label for r in blk.rows] == [r.label for r in tables[-1][0].rows]):
                    tables[-1].append(blk)
                    continue
            tables.append([blk])
        return tables

    def emit_tables(self, tables: list[list[Block]]) -> None:
        """Write each table's ``tables`` row and its cells' ``table_values`` rows."""
        for k, blks in enumerate(tables, 1):
            tid = contract.table_id(self.doc.doc_id, k)
            first = blks[0]
            caption = next((b.caption for b in blks if b.caption), "")
            caption_line = next((b.caption_line for b in blks if b.caption_line), "")
            unit_from_caption = cells.caption_unit(caption)
            names: list[str] = []
            shared: dict[int, set] = {}
            for b_no, blk in enumerate(blks):
                shared[b_no] = set()
                for col in blk.columns:
                    if col.name not in names:
                        names.append(col.name)
                    elif b_no > 0:
                        same = all(r.cells[col.index] == r0.cells[c0.index]
                                   for r, r0 in zip(blk.rows, first.rows)
                                   for c0 in first.columns if c0.name == col.name)
                        if same:
                            shared[b_no].add(col.index)
                            self.note(blk.first_line, "repeated_key_column",
                                      f"{tid}: column {col.name!r} printed again in block {b_no + 1} with "
                                      "the same cells; its values are taken from block 1", col.raw,
                                      logging.INFO, table_id=tid)
                        else:
                            old = col.name
                            col.name = f"{col.name} (block {b_no + 1})"
                            names.append(col.name)
                            self.note(blk.first_line, "duplicate_column",
                                      f"column {old!r} of the second half differs from the first; "
                                      f"named {col.name!r}", old)
            n_values = n_missing = 0
            notes: list[str] = []
            if len(blks) > 1:
                notes.append(f"printed as {len(blks)} blocks sharing row labels (lines "
                             + ", ".join(f"{b.first_line}-{b.last_line}" for b in blks) + ")")
            for b_no, blk in enumerate(blks):
                for col in blk.columns:
                    if col.text and col.index not in shared[b_no]:
                        self.note(blk.first_line, "text_column", f"{tid}: column {col.name!r} holds words, "
                                  "not values (kept out of the values)", col.name, logging.INFO, table_id=tid)
                # OCR read ± as '+' in some cells ('+5.1 + 1.2'): then '+2.4 +0.6' is a value and its error too
                misread_pm = any(_PM_MISREAD_CELL.search(c) for row in blk.rows for c in row.cells.values() if c)
                for r_idx, row in enumerate(blk.rows):
                    for col in blk.columns:
                        if col.index in shared[b_no] or col.text:
                            continue
                        text = row.cells[col.index]
                        carried_from = ""
                        if not text and col.index in row.carried:
                            text, carried_from = row.carried[col.index]
                        if not text:
                            continue
                        cell_line = row.line_no if carried_from else row.cell_lines.get(col.index, row.line_no)
                        line = self.doc.line(cell_line)
                        if misread_pm and (half := _HALF_SPACED_PLUS.match(text)):
                            text = f"{half['v']} + {half['e']}"
                        res = cells.parse_cell(text, col.pair, col.sub_names,
                                               col.unit or unit_from_caption, ranges=col.ranges)
                        for cn in res.notes:
                            self.note(cell_line, cn.kind, f"{tid}, row {row.label!r}, column {col.name!r}: "
                                      f"{cn.message}", cn.token,
                                      logging.INFO if cn.kind in ("normalised_digits", "text_cell")
                                      else logging.WARNING,
                                      table_id=tid)
                        for part in res.parts:
                            if part.part == "missing":
                                n_missing += 1
                            else:
                                n_values += 1
                            self.parsed["table_values"].append(contract.record(
                                contract.TABLE_VALUES, source_file=self.doc.source_file, line_no=cell_line,
                                table_id=tid, paper=first.paper, caption=caption, row_idx=r_idx,
                                row_label=row.label, row_label_raw=row.label_raw, column=col.name,
                                part=part.part, value=part.value, unit=part.unit,
                                raw_cell="" if carried_from else text, carried=bool(carried_from),
                                column_raw=col.raw, part_name=part.part_name, flag=part.flag,
                                row_group=row.group, carried_from_line=carried_from, raw=line,
                                block=b_no + 1, qualifier=row.qualifier, unit_source=part.unit_source,
                                value_note=part.qualifier))
            if first.header_values:
                notes.append("row under the header holds per-column numbers (see header_values)")
            header_values = {}
            for blk in blks:
                header_values.update(blk.header_values)
            rec = dict(
                source_file=self.doc.source_file, table_id=tid, paper=first.paper, caption=caption,
                caption_line=caption_line, first_line=first.first_line, last_line=blks[-1].last_line,
                n_rows=len(first.rows), n_columns=len(names), n_values=n_values, n_missing=n_missing,
                columns=names, row_labels=[r.label for r in first.rows], blocks=len(blks), notes=notes,
                row_labels_raw=[r.label_raw for r in first.rows], row_groups=[r.group for r in first.rows],
                row_lines=[r.line_no for r in first.rows], row_label_header=first.label_header,
                qualifier_header=first.qualifier_header,
                column_groups=[g for b in blks for g in b.column_groups],
                column_units={c.name: c.unit or unit_from_caption for b in blks for c in b.columns
                              if c.unit or unit_from_caption},
                header_values=header_values, section=first.section,
                caption_position=next((b.caption_position for b in blks if b.caption), ""),
                block_lines=[[b.first_line, b.last_line] for b in blks],
                block_columns=[[c.name for c in b.columns] for b in blks],
                repeated_columns=sorted({c.name for b_no, b in enumerate(blks) for c in b.columns
                                         if c.index in shared[b_no]}),
                header_lines=[ln for b in blks for ln in b.header_lines])
            if header_values and re.search(r"train", caption, re.IGNORECASE):
                rec["train_sizes"] = header_values
            # contract.record's own first parameter is called ``columns``: set that field after
            row = contract.record(contract.TABLES, **{k: v for k, v in rec.items() if k != "columns"})
            row["columns"] = names
            self.parsed["table_summary"].append(row)
