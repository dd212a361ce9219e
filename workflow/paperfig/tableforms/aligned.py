"""Whitespace-aligned tables, as pdftotext, pdfplumber and OCR engines print them.

No delimiter marks the cells, so a table is recognised by its *values*.

Grammar
-------
* **Value token** (:func:`is_value`): a whole whitespace token that is a number (sign,
  thousands commas ``41,021.00``, decimals; a bound ``<0.001``; a currency before it, ``£4.60``:
  on a line of two or more such values ``£`` is the currency, never a misread ±, and ``£ 19.50``
  is one token) with an optional suffix ``%``,
  ``x``/``X``/``×``, ``°``, ``k``/``K``/``M``/``B``/``G``/``T`` and footnote marks (``*``,
  ``∗``, ``†``, ``‡``, ``§``, superscript digits, ``(?)``; a footnote letter glued to a decimal
  or a number with thousands commas, ``6.40a``, ``9,120b``, a Tukey group, ``17.9ab``, or to an
  error, ``405 ± 9b``); a pair ``88.5/84.3`` (a fraction and its percentage, ``23/187
  (12.3)``); a value with its error and a number in parentheses, ``5.94 ± 0.77 (1.90)`` (a
  parenthesis OCR closed with a bracket, ``19 (33.9]``, too); or a
  missing mark ``-``, ``–``, ``—``, ``--``, ``N/A``, ``n/a``, ``NA`` (or a word for a value not
  given: ``nd.``, ``b.d.l.``, ``<LOD``, ``NR``, ``NS``, ``tr`` for a trace; a range from below detection,
  ``<LOD–0.093``). Printed forms spread over several
  tokens are one token: ``81.2 ± 0.3`` (also ``81.2±0.3``, ``81.2 +- 0.3``), ``85.3 (-5.6)``,
  ``86.8 / 81.7``; an error alone (``±0.9``: pdftotext prints a mean's std on the line below
  it) or in parentheses, signed or a decimal (``(−3.9)``; ``(.021)`` or ``[0.311]``, a standard
  error under its coefficient; ``(2019)`` stays label text) is a value too; a
  ``Yes``/``No``/``✓`` cell (a regression table's "fixed effects" rows) holds its column's
  place like a missing mark (in a header it is a word: ``No alert``); so is a value with its
  interval (``1.38 [1.19, 1.60]``, ``71 [62–80]``, ``2.04 (1.77-2.35)``, ``-0.12 (-0.30 to
  0.06)``) or the interval alone when it holds a decimal (``(1–5)`` is a header's scale), bare
  too (``5.1–8.3``; ``18–29`` is a label's age group, but a value after another value: ``4412 ±
  29  5260–4866``); so is a value with its role in parentheses (``1.00 (reference)``, ``0
  (baseline)``); so is a value and its error whose ± OCR read as ``t``, ``£``, ``#`` or ``+`` (``94.3
  t0.6``, ``91.8+0.9``, ``71.6 + 3.2``; on a line that holds such a misreading ``95.1 +0.4``
  and ``61+ 14`` too, its cell text then printed without the space so the cell grammar reads it alike, but never
  ``196,000 +38``, a value with thousands commas and a change after it); and so
  is an OCR misreading of a number (``4l9``, ``55O``, ``-.O9``, ``O.00052``, ``l90``,
  ``l,872``, ``38"``, ``35·8``: an old print's raised point) or a ditto mark (``"``): it holds
  its column's place, and the cell grammar refuses it with a note. Text that merely contains
  digits is label text: ``W8A8``, ``Llama-2-7B``, ``GPT-4``, ``2:4``, ``4-bit``, ``(2019)``. A
  lone ``|`` or ``]`` after a row's last value is the table's border (OCR), no token, nor is a
  speck OCR read as a quote, a point or a rule's ``|`` between two cells (``15 ‘ 951``, ``Bay
  East | 10``); marks printed apart after a value (``1,440 *``) are part of its token, and so
  are marks after a value's parenthesis (``4.1 (2.6)***``); a line of only ``|`` (what OCR left
  of a rule) is a rule; a statistic's name between two values (``26 (46)  OR 1.6``) is no
  token, and one before its estimate and interval is part of the estimate's token (``RR 0.85
  (0.53 to 1.36)``: the cell as printed). Significance letters after a value (``3.12
  ± 0.14 c``, ``8.05 ± 0.40 ab``; upper case first, ``51.3 (8.4) Aa``, ``BCa``, never a lone
  ``A``: a unit) are part of its token. A *weak* value is one a label may hold: an integer,
  optionally with a size suffix (``2``, ``7B``, ``1.3B``, ``2019``); the others are *strong*
  (decimals, ``%``, ``x``, pairs, ``±``, missing marks).
* **Data line**: no tab, ends with a run of n >= 1 value tokens, the text before the run (the
  label) has at most 8 words (12 when 2+ spaces part its columns), no sentence boundary
  (``word. Word``; a variant's letter ending the label, ``BT10 mod. A``, is none) and no word
  of running text (``is``, ``are``, ``we``, ``their``,
  ``approximately``, ``achieves`` ...: "Our model reaches 84.3 82.1" is prose; a label of up to
  six words before three or more values none of which is a bare whole number is a row even so,
  a survey's item: ``We were adequately informed  104 (78.8)  16 (12.1)  12 (9.1)``); headings,
  captions (``Table 2: ..``) and list items (``* At approximately 8 MB, the score is 82``, ``1.
  ..``) are never data lines, except a line made only of values (a row whose label cell is
  blank). ``-``/``+`` items may be rows (``+ KD``, ``- w/o KD``), but a run made only of them
  is a list, not a table.
* **Run**: consecutive data lines (a line of significance marks between them, ``a   b``, is
  skipped; a row of whole-number ranges after a short label, ``Range  10-480  15-600``, is a
  row of the run; a line whose numbers all follow a time word, ``Day 1   Day 3``, is a header,
  no data line); a single blank line between two data lines does not end it when the next line
  holds >= 2 values (pdftotext prints blank lines between rows); a short line without values
  (<= 5 words, no period, no 2+ space gap) between two data lines is a group label row. A run
  is a table when >= 2 of its rows hold >= 2 values that agree on the number k of value columns
  (below), and fewer than half of its data lines are a lone value (a table printed one cell
  per line, whose merged OCR boxes hold two or three: :mod:`.stacked` reads it). A first row
  whose values are all years or sizes (``2019 2020``, ``7B 13B``) or whole percentages in
  ascending order (``1%  2%  4%``) above rows with other values is a header row;
  so is a row of >= 3 whole numbers in strictly ascending order after a short label without
  digits (``Warm-up steps  250  500  1000``) above rows holding other values.
* **Header**: the line(s) directly above the run (one blank line allowed between) that hold no
  value tokens except years/sizes, an interval's level (``95% CI``), a rate's unit (``per 1000
  PY``, ``per 100 000``; in a 2+-space header a number beside words in its piece, ``1000 PY``) and a setting
  with its unit printed apart (``25 °C``, ``24 h``: one column name) and a time point's number
  (``Week 6``, ``Day 14``), are not a caption, heading or bullet (nor the text of a caption
  printed alone above them, ``TABLE II``), do not end a sentence (a period after a capitalised
  abbreviation, ``Fluor.``, when every word is capitalised, is no sentence's end) and have <=
  20 words: one line for single-spaced tables, up to three for 2+-space layouts; or, above
  single-spaced rows of k values, k or k+1 lines of one cell each (plain pdftotext prints a
  header so).

Two layouts
-----------
1. **Columns separated by 2+ spaces** (pdftotext ``-layout``), chosen when most data lines
   have a 2+ space gap. Each line is split on runs of >= 2 spaces; the trailing pieces made of
   values are the value part (a piece may hold several values printed close together), the
   pieces before it the label part. Columns come from character positions: value columns are
   the x-intervals covered by the value tokens of any row (a river of blank x between two
   columns separates them; adjacent intervals no row uses together are one column printed
   unevenly), label columns the same over the label pieces. Every token lands in the column it
   overlaps, so a row with blank cells keeps its values in the right columns. Header pieces go
   to the column they overlap (a piece over several columns, a group header, to the first).
   When two values of one row land in one column, positions cannot be trusted: the run is
   read as layout 2 (note ``columns_by_order``).
2. **Single spaces everywhere** (``FP16 74.7% 59.3% 10.99``, ``Llama 2 7B 45.3 61.0``): k is
   the number of trailing values most rows agree on, where a row with more than k values
   agrees when the extra leading ones are weak (``Llama 2 7B``: the ``2`` and ``7B`` are label
   text), a row with fewer does not (but a summary row one value short does, ``Total 518 100
   532 100``: its last cell blank); but a column of whole numbers that a summary row prints a
   number in (``Mean  49  11  642 ...``: seats averaged) is data, the larger k. Ties go to the
   k the header names (k+1 or k words; k words first when they are all units in parentheses,
   ``(n) (%) (ug/kg)``, and every row keeps a label of words; never a k that leaves two strong
   values of a longer row in its label: the header read may be a group's label, ``Elasticity,
   cheek (R2)``), else
   to the largest k whose leftmost value column is not all weak values beside strong ones
   (under a header, a column of counts of three digits or more is not weak: ``English 812 0.681``;
   nor is a column of whole numbers when the header lines name a count, ``n`` or ``(n)``:
   ``Year 3 64 91.4 (11.2)`` under ``Year group n Pre M (SD)``; nor one of distinct numbers of
   two or more digits after labels that each hold a digit, codes or dates: ``P-1 50 25 9.8``,
   ``2 Aug. 1996 64 38 1.3``).
   A one-word text cell after a row's values (``... 0.8 Pass``, ``700 — — — F``), or one of two
   or three words that are no prose (``... 184,300 Bowl, intrados``, ``... — run-out``), is a text
   column when two or more rows end so; the header names it too. A bin opening a row (``<35%  21
   +7.9``) is its label, no value, and so is a bin in parentheses ending the label's words
   (``Small (1.0-2.0)  7,905 ...``).
   Label = the tokens before the last k values; extra strong values read into a label get a
   note (``label_values``); a row with n < k values is padded with "" on the right (missing
   cells are usually last; note ``short_row``), except a short label with one whole number
   (``Step 1``, ``Phase 2``) in a table of >= 3 columns: a group's name, no value. Rows each
   one value longer than the row above (>= 3 of them) are a lower triangle, a correlation
   matrix: k is the longest row's count. Its rows are numbered items (``1. Trait anxiety 42.8
   9.6 —``) under a header ending in their numbers (``Variable M SD 1 2 3``): rows, not a
   list. The header is split into k+1 cells: by its
   2+ space gaps, else by whitespace when it has k+1 (or k: blank label header) words, else
   the last k words are the names and the rest the label header (note
   ``header_split_by_position``).

A short line of words directly above the first row, past a blank line under a 2+-space header
(``Burial depth 30 cm``), is a group label row, not the header.

Single spaces: a row OCR broke over two lines (``2 9,655 21`` / ``8 2.18``), two lines each
with fewer values than most rows and together as many, the second without a label, is one row
(its last cells on the second line, note ``joined_row``). Labels made of a group's name and a
setting's number on the group's first row and the number alone under it (``Northern 1`` / ``2``
/ ``3``, counting up again under each group) are two label columns (note ``group_settings``).

Rows OCR split one cell per line (docTR), a stretch of lines each one value without a label
between whole rows, as long as a whole number of rows, are read back as those rows, each cell on
its own line (``Grid.cell_lines``, note ``split_rows``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from .. import patterns
from ..cells import ND_LOW, REFERENCE_MARKS, SIGNIFICANCE_GROUP, is_missing
from . import Grid, columns, ruler

_NUM = (r"[-+−–]?(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"
        r"(?:[eE][-+−]?\d+|\s?[×x]\s?10\^\{?[-+−]?\d+\}?)?")
#: (A currency before the number, ``£4.60``, ``−$3.20``; never after a '+': ``+£0.03`` is OCR's ±.)
_CURRENCY = r"(?:[-−–]?[$€£¥₹](?=[-+−–]?\.?\d))?"
_BARE_ONE = rf"(?:{_NUM})(?:%|[xX×°]|[kKMBGT])?[*∗⋆†‡§¶⁰¹²³⁴⁵⁶⁷⁸⁹ᵃᵇᶜᵈᵉᶠ]*(?:\(\?\))?"
_ONE = rf"(?:[<>≤≥]\s?)?{_CURRENCY}{_BARE_ONE}"
_TEXT_MARKS = frozenset({"Yes", "No", "yes", "no", "✓", "✔"})
#: A value not given: dashes (``_``: OCR's low dash), N/A, a ditto mark, not detected (``nd.``,
#: ``b.d.l.``, ``<LOD``), not reported (``NR``), not significant (``NS``); an element's symbol
#: (``Nd``) is label text.
_MISSING = (r"(?:[-–—−]|--)(?:[a-h]|[*∗†‡§¶]{1,2})?|_|N/?A|n/?a|\"|〃|n\.?d\.?|N\.?D\.?|b\.?d\.?l\.?|b\.d\."
            r"|B\.?D\.?L\.?"
            r"|<\s?L[O0][DQ]|n\.?r\.?|N\.?R\.?"
            r"|n\.s\.|NS|tr\.?|" + "|".join(sorted(_TEXT_MARKS)))
#: OCR's misreading of a number (``4l9``, ``55O``, ``38"``, ``7.0,``): it holds a column's place in
#: a row (the cell grammar then refuses it, with a note), so the row keeps its other values.
_GARBLED = (r"[-−]?\.(?=[0-9lIOo]*[0-9])[0-9]*[lIOo][0-9lIOo]*|[OolI]\.[0-9]{2,}|\([OolI]\.[0-9]{2,}\)|[0-9]+·[0-9]+"
            r"|l,?[0-9]{2,}[0-9.,]*"
            r"|\(?[0-9][0-9.,]*[lIOo][0-9lIOo.,]*\)?[*∗†‡]*|[0-9][0-9.]*[\",]")
#: ``11.4+ 1.3``: a '+' glued to a decimal and then a space (never an open bound: ``80+ 1.0``).
_GLUED_PLUS = r"(?<=\.\d)\+\s+|(?<=\.\d\d)\+\s+|(?<=\.\d\d\d)\+\s+"
#: A ± that OCR read as ``t``, ``£``, ``#``, ``土``, ``士`` or ``+`` (``94.3 t0.6``, ``91.8+0.9``,
#: ``71.6 + 3.2``, ``94.8 # 2.9``).
_PM_MISREAD = rf"(?:\s*\+?[t£土士]\s*|\s*#\s*|{_GLUED_PLUS}|\+|\s+\+\s+|\s+=\s+)"  # ('6.0 = 1.1' too)
#: On a line with such a misreading, ``95.1 +0.4`` is a value and its error too, and so are
#: whole numbers with the '+' glued to the first (``61+ 14``: no open bound there).
_PM_LINE = re.compile(rf"\d{_PM_MISREAD}\.?\d")
_PM_SPACED_PLUS = re.compile(rf"^{_ONE}\s+\+(?:[<>≤≥]\s?)?{_BARE_ONE}$|^{_BARE_ONE}\+\s+{_BARE_ONE}$")
#: A value printed with its currency (``£4.60``, ``$1,050``): on a line with two or more, ``£`` is
#: the currency, never a ± that OCR misread; and ``£ 19.50`` is one token.
_CURRENCY_VALUE = re.compile(r"(?:^|(?<=\s))[-−]?[$€£¥₹]\s?\d")
_SPACED_CURRENCY = re.compile(r"(?:^|(?<=\s))([$€£¥₹]) (?=\d)")
#: A whole number printed with thousands commas, then a signed whole number (``196,000 +38``): a
#: value and a change, never a value and its error.
_THOUSANDS_THEN_SIGNED = re.compile(r"^\d{1,3}(?:,\d{3})+\s+\+\d+$")
#: An interval after a value or alone: ``[1.19, 1.60]``, ``(1.77–2.35)``, ``(-0.30 to 0.06)``.
_RANGE = (rf"(?:\[\s*{_ONE}\s*(?:[,;–—-]|to)\s*{_ONE}\s*\]|\(\s*{_ONE}\s*(?:[,;–—-]|to)\s*{_ONE}\s*\))"
          r"(?:[*∗†‡§¶]*|[a-h])")  # a footnote's mark or letter after it: '20.3 (8.1 to 32.5)d'
#: An interval alone holds a decimal (``[1.19, 1.60]``); ``(1–5)`` under a header is a scale.
_LONE_RANGE = rf"(?=[^\d]*\d*\.\d){_RANGE}"
#: An interval printed bare, with a decimal (``5.1–8.3``: a quintile's range; ``−0.28 to 0.05``);
#: ``18–29`` and ``2010–2015`` are a label's groups.
_BARE_RANGE = (r"(?=\S*\.\d)(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+)[–—-](?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+)"
               r"|[-+−]?\d*\.\d+ to [-+−]?\d*\.\d+")  # ('−0.28 to 0.05': decimals, 'to' between them)
#: A range of whole numbers (``5260–4866``): a value after another value, else a label's group.
_INT_RANGE = re.compile(r"^(?:\d+|\d{1,3}(?:,\d{3})+)[–—-](?:\d+|\d{1,3}(?:,\d{3})+)$")  # ('520-1,120' too)
#: A footnote letter glued to a decimal or a number with thousands commas (``6.40a``, ``9,120b``),
#: or to a whole number as the cell grammar allows (``612c``, ``51cd``).
_GLUED_LETTER = (r"(?:[<>≤≥]\s?)?[-−]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d{3}(?=[a-h]\b)|\d+(?=[a-g]{2,3}\b))"
                 r"(?:[a-h](?:,[a-h])*|(?=[a-g]{2,3}$)a?b?c?d?e?f?g?)")  # ('0.19a,b': letters listed)
#: A range whose low end was not detected (``<LOD–0.093``, ``ND-7.9``): the cell grammar reads its high end.
_ND_RANGE = rf"{ND_LOW}\s?[-–—]\s?\d[\d,]*(?:\.\d+)?"
#: A value's role in parentheses (``1.00 (reference)``: a hazard ratio's reference group), as
#: the cell grammar keeps it (``Part.qualifier``).
_REF_MARK = r"\((?i:baseline|ours|reference|ref\.?)\)"
_VALUE = re.compile(
    rf"^(?:{_ONE}(?:\s*(?:±|\+/-|\+-)\s*{_ONE}(?:[a-g]{{1,2}}(?:,[a-h])*|\s*\(\s*{_ONE}\s*\)|\s*{_RANGE})?|\s*/\s*{_ONE}(?:\s*\(\s*{_ONE}\s*\))?|\s*\(\s*(?:±|\+/-|\+-)?\s*{_ONE}\s*[)\]}}](?:[a-h]|[*∗†‡§¶]{{1,3}})?"
    rf"|\s*{_RANGE}|{_PM_MISREAD}{_ONE}(?:[a-g]{{1,2}})?|\s*{_REF_MARK})?"
    rf"|{_GLUED_LETTER}|{_BARE_RANGE}|{_ND_RANGE}|(?:±|\+/-)\s*{_ONE}|\(\s*(?:[-+−–]\s*{_ONE}|\d*\.\d+)\s*\)|\[\s*[-+−]?\d*\.\d+\s*\]|{_LONE_RANGE}|{_MISSING}"
    rf"|(?:{_GARBLED})(?:\s*(?:±|\+/-|\+-)\s*{_ONE}|{_PM_MISREAD}{_ONE})?"
    rf"|{_ONE}(?:\s*(?:±|\+/-|\+-)\s*|{_PM_MISREAD})(?:{_GARBLED}))$")  # ('0.74 + 0.1O': its error misread)
#: A season or school year (``2021/22``, ``2019–20``): a column's or a row's name, never a value.
_SEASON = re.compile(r"^((?:19|20)\d\d)[/–-](\d\d)$")


def _season(text: str) -> bool:
    """``text`` is a season: a year and the next (``2021/22``; not a range, ``2019–25``)."""
    m = _SEASON.match(text)
    return bool(m) and (int(m.group(1)) + 1) % 100 == int(m.group(2))


#: A misread number with its error (``1.O8 + 0.09``): it holds its column's place as one cell.
_GARBLED_PM = re.compile(rf"^(?:{_GARBLED})(?:\s*(?:±|\+/-|\+-)\s*{_ONE}|{_PM_MISREAD}{_ONE})$"
                         rf"|^{_ONE}(?:\s*(?:±|\+/-|\+-)\s*|{_PM_MISREAD})(?:{_GARBLED})$")
#: A line of significance or footnote marks printed above a row's values (``a   b   b``).
_MARKS_LINE = re.compile(r"^\s*(?:[a-h*†‡§]{1,2}\s+)*[a-h*†‡§]{1,2}\s*$")
_WEAK = re.compile(r"^(?:\d+[kKMBGT]?|\d+\.\d+[kKMBGT])$")
_YEAR_OR_SIZE = re.compile(r"^(?:(?:19|20)\d\d|\d+(?:\.\d+)?[kKMBGT])$")
#: (A lone capital ending the label after an abbreviation is a variant's letter, no sentence's
#: start: ``BT10 mod. A``, ``Isolate var. B``.)
_SENTENCE = re.compile(r"[a-z]{2,}[.!?]\s+[A-Z](?!\s*$)|[a-z]{4,}[.!?]$")
_MID_SENTENCE = re.compile(r"[a-z]{2,}[.!?]\s+[A-Z](?!\s*$)")
_SENTENCE_END = re.compile(r"(?:[a-z]{4,}|[a-z%]\))[.!?]$")
_RULE = re.compile(r"^[|+]?\s*[-=_—–─━~]{3,}[-=_—–─━~\s|+]*$|^[|¦](?:\s*[|¦])*$")  # (or what OCR left of one: '|')
_GAP = re.compile(r"\S(\s{2,})\S")
_MAX_LABEL_WORDS = 8
_MAX_HEADER_WORDS = 20
#: A group label row or a wrapped label line: at most this many words, no value but a whole
#: number inside (``Scenario analyses (pharmacist-led vs usual care)``, ``halved after 2 years``).
_MAX_GROUP_WORDS = 7


def is_value(token: str) -> bool:
    """A whole token of the value grammar (see the module doc)."""
    return bool(_VALUE.match(token.strip()))


def is_weak(token: str) -> bool:
    """An integer or a size (``2``, ``7B``, ``2019``): a value a label may also hold."""
    return bool(_WEAK.match(token))


@dataclass
class _Tok:
    text: str
    start: int
    end: int
    value: bool


@dataclass
class _Line:
    ln: int
    text: str
    toks: list[_Tok]
    n: int  # trailing value tokens
    trail: list[tuple[str, int, int]] = field(default_factory=list)  # text pieces after the values

    @property
    def values(self) -> list[_Tok]:
        return self.toks[len(self.toks) - self.n:] if self.n else []

    @property
    def label_toks(self) -> list[_Tok]:
        return self.toks[:len(self.toks) - self.n]

    @property
    def label(self) -> str:
        return " ".join(t.text for t in self.label_toks)

    @property
    def gapped(self) -> bool:
        return bool(_GAP.search(self.text.strip()))


#: A unit in parentheses that holds a digit (``(t ha−1)``, ``(m s−2)``, ``(10^3)``): header text.
_DIGIT_UNIT = re.compile(r"\([^()\d]*[A-Za-zµ%][^()\d]*[−\-^]?\d[^()]*\)")
#: Significance letters after a value (``3.12 ± 0.14 c``, ``8.05 ± 0.40 ab``: Tukey groups).
_SIG_LETTERS = re.compile("^" + SIGNIFICANCE_GROUP)


def _with_letters(out: list[_Tok], text: str, start: int) -> list[_Tok]:
    """A value token followed by a significance-letter token or by footnote marks set apart
    (``1,440 *``): one value token."""
    merged: list[_Tok] = []
    for tok in out:
        if merged and merged[-1].value and not tok.value and (_SIG_LETTERS.match(tok.text)
                                                               or _MARKS_APART.match(tok.text)):
            prev = merged[-1]
            merged[-1] = _Tok(text[prev.start - start:tok.end - start], prev.start, tok.end, True)
            continue
        merged.append(tok)
    return merged


#: A statistic's name printed before its value in a row's cell (``OR 1.6 (0.8 to 3.3)``).
_STATISTIC_NAMES = frozenset({"OR", "aOR", "HR", "aHR", "RR", "aRR", "IRR", "aIRR", "MD", "SMD", "RD", "β",
                              "r", "d", "g"})
#: Those an estimate's cell may open with, which the cell grammar reads (not a lone ``r``, ``d``, ``g``).
_ESTIMATE_NAMES = frozenset(name for name in _STATISTIC_NAMES if len(name) > 1 or name == "β")


def _with_estimate_names(out: list[_Tok], text: str, start: int) -> list[_Tok]:
    """An effect measure's name before its estimate and interval, after the row's label
    (``RR 0.85 (0.53 to 1.36)``, ``MD −45 (−260 to 170)``): one value token, which the cell
    grammar reads; never the line's first token (a row named ``HR``), but a cell's when the text
    is a piece of the line (``start`` > 0)."""
    merged: list[_Tok] = []
    for tok in out:
        if (len(merged) > 1 or merged and start > 0) and not merged[-1].value \
                and merged[-1].text in _ESTIMATE_NAMES and tok.value and ("(" in tok.text or "[" in tok.text):
            name = merged.pop()
            merged.append(_Tok(text[name.start - start:tok.end - start], name.start, tok.end, True))
            continue
        merged.append(tok)
    return merged


def tokens(text: str, start: int = 0, misread_pm: bool = False) -> list[_Tok]:
    """Whitespace tokens with their columns; printed compounds (``81.2 ± 0.3``, ``85.3 (-5.6)``,
    ``86.8 / 81.7``, ``1.38 [1.19, 1.60]``, ``0.5 (0.2 to 0.9)``) merged into one value token."""
    currency = len(_CURRENCY_VALUE.findall(text)) >= 2
    if currency:  # a pound sign printed apart from its number ('£ 19.50'): the token '£19.50', same columns
        text = _SPACED_CURRENCY.sub(lambda m: " " + m.group(1), text)
    raw = [(m.group(0), m.start() + start, m.end() + start) for m in re.finditer(r"\S+", text)]
    out: list[_Tok] = []
    misread_pm = misread_pm or bool(_PM_LINE.search(text.replace("£", "") if currency else text))
    i = 0
    while i < len(raw):
        # four tokens: '0.5 (0.2 to 0.9)', '1.2 ± 0.3 (4.5)'
        wide = (i + 2 < len(raw) and raw[i + 2][0] == "to") or (i + 3 < len(raw) and raw[i + 3][0][:1] == "(")
        for j in (i + 3, i + 2, i + 1) if wide else (i + 2, i + 1):
            if j >= len(raw):
                continue
            compound = text[raw[i][1] - start:raw[j][2] - start]
            if "    " in compound:
                continue  # a column's gap: two cells ('980    [15,16]': a value, then a citation)
            if currency and _CURRENCY_VALUE.search(compound, 1):
                continue  # values in pounds ('£4.60 £3.00'): the '£' is no ± that OCR misread
            if misread_pm and j == i + 1 and _PM_SPACED_PLUS.match(compound) \
                    and not _THOUSANDS_THEN_SIGNED.match(compound):
                out.append(_Tok(compound.replace(" ", ""), raw[i][1], raw[j][2], True))
                i = j + 1
                break
            if _VALUE.match(compound):
                if _GARBLED_PM.match(compound):  # '1.7O + 0.05': one cell, which the cell grammar refuses
                    compound = "".join(compound.split())
                out.append(_Tok(compound, raw[i][1], raw[j][2], True))
                i = j + 1
                break
        else:
            out.append(_Tok(raw[i][0], raw[i][1], raw[i][2], bool(_VALUE.match(raw[i][0])) and not _season(raw[i][0])))
            i += 1
    return _with_estimate_names(_with_letters(out, text, start), text, start)


def _trailing_run(toks: list[_Tok]) -> int:
    """How many value tokens end the line; none when they follow ``per`` (a rate's unit ending a
    header line: ``Rate per 100 000``)."""
    n = 0
    for t in reversed(toks):
        if not t.value:
            break
        n += 1
    if 0 < n <= 2 and all(toks[i].text.isdigit() and _rate_number(toks, i) for i in range(len(toks) - n, len(toks))):
        return 0
    return n


def _rate_number(toks: list[_Tok], i: int) -> bool:
    """Token ``i`` is a number of a rate's unit: after ``per`` (``per 1000 PY``), or the second
    group of one spaced in thousands (``per 100 000``)."""
    return (i >= 1 and toks[i - 1].text.lower() == "per") or (
        i >= 2 and toks[i - 2].text.lower() == "per" and _THOUSANDS_GROUP.fullmatch(toks[i].text) is not None)


#: A speck OCR read as a quote or a point between a row's cells (``15 ‘ 951``): no token.
_SPECK = re.compile(r"^[‘’'`´·•.,|¦]$")  # (also a column rule's remnant between cells: 'Bay East | 10')
#: Footnote marks printed apart after a value (``1,440 *``).
_MARKS_APART = re.compile(r"^[*∗†‡§¶]{1,3}$")


def _analyse(ln: int, text: str, misread_pm: bool = False) -> _Line:
    toks = tokens(text, misread_pm=misread_pm)
    if len(toks) > 2 and any(_SPECK.match(t.text) for t in toks[1:-1]):
        toks = [t for i, t in enumerate(toks) if not (0 < i < len(toks) - 1 and _SPECK.match(t.text))]
    if len(toks) > 3 and any(t.text in _STATISTIC_NAMES for t in toks[1:-1]):
        # a statistic named before its value among a row's values ('33 (57)  26 (46)  OR 1.6 (0.8 to 3.3)')
        toks = [t for i, t in enumerate(toks) if not (0 < i < len(toks) - 1 and t.text in _STATISTIC_NAMES
                                                          and toks[i - 1].value and toks[i + 1].value)]
    if len(toks) > 2 and toks[-1].text in _BORDER_TOKENS and toks[-2].value:
        toks = toks[:-1]  # a table's right border read by OCR ('... 3.35 3.27 |'): no cell
    for i in range(1, len(toks)):  # a range of whole numbers after a value ('4412 ± 29  5260–4866')
        if toks[i - 1].value and not toks[i].value and (_INT_RANGE.match(toks[i].text)
                                                        or toks[i].text.lower() in REFERENCE_MARKS):
            toks[i].value = True  # (or the reference row's 'Ref.' after its values)
    if len(toks) >= 3 and _BIN_LABEL.match(toks[0].text) and sum(t.value for t in toks[1:]) >= 2:
        toks[0].value = False  # a bin naming the row ('<35%  21  +7.9', '>24 months'): label text
    for i in range(1, len(toks) - 2):  # a bin in parentheses after the label's words: 'Small (1.0-2.0)  7,905 ...'
        if toks[i].value and not toks[i - 1].value and _PAREN_BIN.match(toks[i].text) and all(
                t.value for t in toks[i + 1:i + 3]):
            toks[i].value = False
            break
    if len(toks) >= 2 and all(_PAREN_NUMBER.match(t.text) for t in toks):
        for t in toks:  # a row of standard errors in parentheses: '(497)' among '(0.41)' is one too
            t.value = True
    n = _trailing_run(toks)
    if n == 0 and len(toks) >= 4 and (_TRAIL_WORD.match(toks[-1].text) and not _prose_word(toks[-1].text)
                                      or _CITATION_CELL.match(toks[-1].text)) \
            and _trailing_run(toks[:-1]) >= 2 and "  " not in text.strip():
        # single spaces: a one-word text column after the values ('... 0.8 Pass', '... 3.6 F'), or a
        # reference column's citation ('... 78-84 [12]')
        return _Line(ln, text, toks[:-1], _trailing_run(toks[:-1]), [(toks[-1].text, toks[-1].start, toks[-1].end)])
    if n == 0 and len(toks) >= 5 and "  " not in text.strip() and (
            k := _trailing_words([t.text for t in toks], lambda i: toks[i].value)) and \
            not any(t.value for t in toks[-k:]) and _trailing_run(toks[:-k]) >= 2:
        # single spaces: a text column of two or three words after the values ('... 184,300 Bowl,
        # intrados', '... 548,900 Shank thread root', '... — run-out')
        return _Line(ln, text, toks[:-k], _trailing_run(toks[:-k]), [(
            " ".join(t.text for t in toks[-k:]), toks[-k].start, toks[-1].end)])
    if n == 0 and "  " in text.strip():
        # layout 1: a text column after the values (``355  10,557  62,104  Abs.``)
        pieces = _pieces(text)
        trail: list[tuple[str, int, int]] = []
        while pieces and len(trail) < 2 and _TRAIL_PIECE.match(pieces[-1][0]):
            trail.insert(0, pieces.pop())
        if trail and pieces:
            head = [t for t in toks if t.end <= trail[0][1]]
            if _trailing_run(head) >= 2 and _GAP.search(text[head[-1].end - 1:trail[0][1] + 1]):
                return _Line(ln, text, head, _trailing_run(head), trail)
    return _Line(ln, text, toks, n)


#: A bin in parentheses that ends a row's label (``(1.0-2.0)``, ``(4.0–10.0)``).
_PAREN_BIN = re.compile(r"^\(\s*\d[\d.,]*\s?[-–—]\s?\d[\d.,]*\s*\)$")
#: A bin that names a row, opening it: an open bound of a whole number (``<35%``, ``≥65``).
_BIN_LABEL = re.compile(r"^[<>≤≥]\s?\d+%?$")
#: A one-word text cell after a single-spaced row's values (``Pass``, ``F``, ``Yes``).
_TRAIL_WORD = re.compile(r"^[A-Za-z]{1,8}$")
#: A word of a text cell after a single-spaced row's values, of two or three words or one
#: hyphenated word (``Bowl,`` ``intrados``; ``run-out``; OCR's ``Bow!,``).
_TEXT_CELL_WORD = re.compile(r"^[A-Za-z][A-Za-z'-]{0,14}[,.!;]{0,2}$")


def _trailing_words(words: list[str], value_at) -> int:
    """How many words (1 to 3) at the end of a single-spaced row are a text cell after its
    values: words that are no prose (no verb, pronoun or hedge), at most 24 letters, right after
    a value or a missing mark (``value_at(i)``: word ``i`` is one); 0 when there is none."""
    for k in (1, 2, 3):
        if len(words) > k and value_at(len(words) - k - 1) and all(
                _TEXT_CELL_WORD.match(w) and not _prose_word(w) for w in words[-k:]) \
                and sum(map(len, words[-k:])) <= 24 and (k > 1 or "-" in words[-1]):
            return k  # (one word only when hyphenated, 'run-out': a plain one is _TRAIL_WORD's)
    return 0
#: A number in parentheses (``(0.41)``, ``(497)``, ``(1,204)``).
_PAREN_NUMBER = re.compile(r"^\((?=[^)]*\d)\s*[-+−]?(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d+)?\s*\)$")
#: A table's border that OCR printed after a row's last value.
_BORDER_TOKENS = frozenset({"|", "¦", "]", "‖"})
#: A short text cell after the values of a layout-1 row: <= 2 words, no digit, no sentence; a
#: class's code (``C5``); or a reference column's citation (``[8]``, ``[21,26]``).
_CITATION = r"\[\d{1,3}(?:\s?[,–-]\s?\d{1,3})*\]"
#: A reference column's citation after a row's values (``[12]``, ``[3,7]``).
_CITATION_CELL = re.compile(rf"^{_CITATION}$")
_TRAIL_PIECE = re.compile(rf"^(?=.{{1,16}}$)(?![-–—−]+$)[^\d\s]+(?: [^\d\s]+)?$|^{_CITATION}$"
                          r"|^[A-Z]{1,3}\d{1,2}[a-z]?$")  # (a class's code: 'C5', 'C4' under 'CX')
_ENDS_LIKE_VALUE = re.compile(r"(?:\S*\d\S*(?:\s+[A-Ga-g]{1,6})?|\d\S*\s{2,}[^\d\s]+(?: [^\d\s]+)?"
                              r"|[\d—–-]\s[A-Za-z]{1,8}|[-–—−]\s{2,}[^\d\s]+(?: [^\d\s]+)?|[-–—−]|--|N/?A"
                              r"|n/?a|[Yy]es|[Nn]o|✓|✔|" + _REF_MARK + r")\s*$")
_DIGIT = re.compile(r"\d")
_HAS_WORD = re.compile(r"(?:^|\s)(?:[A-Za-z][A-Za-z-]*[A-Za-z]|[hsdmgLVWK])(?:\s|$)")  # a word or a unit ('24 h')
_TWO_SPACES = re.compile(r"\s\s")
_SIGNIFICANCE = re.compile(r"[A-Ga-g]{1,6}")
#: The endings of a last token that make _ENDS_LIKE_VALUE match without a digit (a missing
#: mark: ``-``, ``--``, ``–``, ``—``, ``−``, ``N/A``, ``NA``, ``n/a``, ``na``; a word for a value
#: not given, ``nd.``, ``NR``, or a trace, ``tr``, as the whole token; a yes/no or a check).
_VALUE_ENDS = ("-", "–", "—", "−", "N/A", "NA", "n/a", "na", "Yes", "yes", "No", "no", "✓", "✔",
               "nd", "nd.", "n.d.", "ND", "N.D.", "NR", "NS", "n.s.", "b.d.l.", "b.d.", "bdl", "BDL", "LOD", "LOQ",
               "Ref.", "Reference")
#: ... or like a value's role (``1.00 (reference)``: ``_REF_MARK``).
_REF_ENDS = re.compile(_REF_MARK + "$")


def _ends_like_value(text: str) -> bool:
    """``_ENDS_LIKE_VALUE.search(text)``, decided by the last token when it can be (it holds a
    digit or ends like a missing mark: yes; no significance letters and no 2-space gap before
    it: no), so most lines of a page are never scanned by the pattern."""
    words = text.rsplit(None, 1)
    if len(words) == 2 and (words[1] in _BORDER_TOKENS or _MARKS_APART.match(words[1])):
        text, words = words[0], words[0].rsplit(None, 1)  # a right border or a mark after the last value
    if not words:
        return False
    last = words[-1]
    if _DIGIT.search(last) or last.endswith(_VALUE_ENDS) or last in ("tr", "tr.") or (
            last.endswith(")") and _REF_ENDS.search(last)):
        return True
    if last[:1] in "-–—−" and len(last) <= 3 and is_missing(last):
        return True  # a dash with its footnote ('–b'): a cell not given
    if _TEXT_CELL_WORD.match(last) and not _TWO_SPACES.search(text.strip()) and _trailing_words(
            toks := text.split(), lambda i: bool(_DIGIT.search(toks[i])) or is_missing(toks[i])):
        return True  # a text cell of words after a single-spaced row's values ('184,300 Bowl, intrados')
    if not _SIGNIFICANCE.fullmatch(last) and not _TWO_SPACES.search(text) and not (
            _TRAIL_WORD.match(last) and len(words) == 2 and words[0][-1:] in "0123456789—–-"):
        return False  # (a one-word text cell after a value, '0.8 Pass', is decided by the pattern)
    return bool(_ENDS_LIKE_VALUE.search(text))


_LIST_ITEM = re.compile(r"^\s*(?:[*•●▪◦‣]|\d{1,3}[.)])\s+")
_DASH_ITEM = re.compile(r"^\s*[-+–]\s+\S")
#: Words of running text that a row label does not hold (verbs, pronouns, hedges).
_PROSE_WORDS = frozenset("""is are was were be been being has have had we our us they their it its
this these those which where when than approximately around about roughly reaches reached
achieves achieved shows showed improves improved obtains obtained drops dropped""".split())
_PROSE_VERBS = frozenset("""reaches reached achieves achieved shows showed improves improved obtains obtained
drops dropped""".split())


def _excluded(text: str) -> bool:
    """Headings, captions and list items (``*``, ``•``, ``1.``) are never rows or headers; a
    ``-``/``+`` item may be a row (``+ KD``, ``- w/o KD``), a run made only of them is a list."""
    return bool(patterns.heading(text) or patterns.caption_kind(text) or _LIST_ITEM.match(text))


def _data_line(line: _Line, numbered: bool = False) -> bool:
    """A row of a run (module doc); ``numbered``: a numbered item may be one (a matrix's row)."""
    if line.n == 0 or len(line.label_toks) > _MAX_LABEL_WORDS * (
            1.5 if _GAP.search(line.text[:line.values[0].start].strip()) else 1):
        return False  # (label columns apart, 'OxA-41213  Ditch F201, primary fill  Bos taurus, left tibia')
    if line.label_toks and _excluded(line.text) and not (numbered and _NUMBERED.match(line.text)):
        return False
    if any(_prose_word(t.text) for t in line.label_toks) and not _OWN_ROW.match(line.label) and not (
            line.n >= 3 and len(line.label_toks) <= 6 and all(not is_weak(t.text) for t in line.values)):
        return False  # (a survey's item is a row: 'We were adequately informed  104 (78.8)  16 (12.1)  12 (9.1)')
    if sum(t.value for t in line.toks) >= 2 and all(i and line.toks[i - 1].text.lower() in _TIME_WORDS
                                                    for i, t in enumerate(line.toks) if t.value):
        return False  # 'Day 1   Day 3   Day 7': time points naming columns, a header
    # (a label ending in a period before >= 3 values is a row, OCR's stray point: 'single dose. 117 ...')
    return not _SENTENCE.search(line.label) or (line.n >= 3 and not _MID_SENTENCE.search(line.label))


def _prose_word(text: str) -> bool:
    """A word of running text (``is``, ``we``, ``This``, ``dropped``); a code in capitals (``IS
    9830``, a genotype's name) is none, nor is a capitalised verb that opens a label (``Dropped
    out, %``, ``Achieved target``): a sentence's verb follows its subject in lower case."""
    word = text.strip(",;:()")
    if word.lower() not in _PROSE_WORDS or (word.isupper() and len(word) > 1):
        return False
    return not (word[:1].isupper() and word.lower() in _PROSE_VERBS)


#: A comparison table's row of the paper's own result (``This work``, ``This study, MIM-coupled``,
#: ``Our method``): a label, though "this" and "our" are words of prose.
_OWN_ROW = re.compile(r"^(?:[^()]*\()?(?:this|our)\s+(?:work|study|paper|method|model|device|design|approach|system"
                      r"|sensor)s?\b", re.IGNORECASE)  # (or in parentheses after a name: 'Mbeya (this study)')


def _wrap_head(line: _Line, below: str) -> bool:
    """The first line of a row's label that wraps onto the row below, indented under it
    (``Rescue analgesic use,`` / ``  days/month  6.1 (3.4) ...``; ``Responders ≥30% NRS`` /
    ``  reduction, n (%)  ...``): words (a threshold among them), a comma at its end allowed.
    OCR keeps no indent: a comma at its end with the row below opening in lower case says it too
    (``Bacteriological eradication,`` / ``day 7  82/117 (70.1) ...``)."""
    s = line.text.strip()
    return (0 < len(line.toks) <= _MAX_GROUP_WORDS and not s.endswith((".", ":", ";")) and not line.gapped
            and not _excluded(line.text)
            and (_indent(below) > _indent(line.text) or s.endswith(",") and below.strip()[:1].islower())
            and all(not t.value or patterns.OPEN_BOUND.match(t.text) for t in line.toks)
            and not any(_prose_word(t.text) for t in line.toks))


def _label_only(line: _Line) -> bool:
    s = line.text.strip()
    return (line.n == 0 and 0 < len(line.toks) <= _MAX_GROUP_WORDS and not s.endswith((".", ":", ",", ";"))
            and not is_rule(s) and not _excluded(line.text) and not line.gapped
            and not any(t.value and not is_weak(t.text) for t in line.toks)
            and not any(_prose_word(t.text) for t in line.toks))


#: A unit printed apart from its number (``25 °C``, ``24 h``, ``10 mg``): in a header the number
#: is a column's setting, not a value.
_UNIT_WORD = re.compile(r"^(?:°[CFK]?|K|h|hr|hrs|min|s|d|wk|mo|yr|days?|weeks?|months?|years?|[mµμnuk]?g|[mµμu]?L|ml"
                        r"|[mµμnpu]M|[mck]?m|[kMG]?Hz|[mk]?V|[mk]?W|[kMG]?Pa|rpm|dB)(?:/[A-Za-zµμ]{1,4})?[,;)]?$")
#: A setting with its unit glued to the number (``15°C``, ``37°C``).
_GLUED_SETTING = re.compile(r"^[-+−]?\d+(?:\.\d+)?(?:°[CFK]|\s?dB)$")  # ("15°C"; "−6 dB" as one token)
#: Words naming an interval after its level (``95% CI``): header text.
_INTERVAL_NAMES = frozenset({"CI", "Cl", "CrI", "PI", "HPD", "HDI", "UI", "confidence", "credible"})  # Cl: OCR
#: A last word abbreviated at a period inside it too (``obs./pred.``): a column's name, no sentence's end.
_ABBREVIATED = re.compile(r"\s\S*[a-z]\.\S*[a-z]\.$")
#: Words naming a time point or a step before its number (``Week 6``, ``Day 14``): header text.
_TIME_WORDS = frozenset("week wk day month year visit cycle session phase round epoch stage".split())


#: The second group of a number spaced in thousands (``100 000``).
_THOUSANDS_GROUP = re.compile(r"\d{3}")


def _header_line(line: _Line) -> bool:
    s = line.text.strip()
    if not s or _excluded(line.text) or len(line.toks) > _MAX_HEADER_WORDS:
        return False
    if _SENTENCE_END.search(s) and not all(t.text[0].isupper() or not t.text[0].isalpha() for t in line.toks) \
            and not _ABBREVIATED.search(s):
        return False  # a sentence's end; column names abbreviated with a period are capitalised ("Fluor.")
    if (s.endswith((",", ";")) and not line.gapped) or (s.endswith(":") and len(line.toks) > 2) or is_rule(s):
        return False  # (a 2+-space header's cell may wrap after a comma: 'range (cal BP,')
    if any(_prose_word(t.text) for t in line.toks):
        return False
    if all(not t.value or _YEAR_OR_SIZE.match(t.text) or t.text in _TEXT_MARKS
           or _rate_number(line.toks, i)  # a rate's unit: "per 1000 PY", "per 100 000"
           or (i + 1 < len(line.toks) and _UNIT_WORD.match(line.toks[i + 1].text))  # a setting: "25 °C", "24 h"
           or (i and line.toks[i - 1].text.lower() in _TIME_WORDS)  # a time point: "Week 6", "Day 14"
           or (i + 1 < len(line.toks) and line.toks[i + 1].text.strip("()[],;:?*") in _INTERVAL_NAMES)
           for i, t in enumerate(line.toks)):
        return True
    # a 2+-space header whose numbers stand in a name's piece beside words ("1000 PY",
    # "Incidence per" wrapped above it): every piece holding a number holds a word
    return line.gapped and all(not any(t.value for t in tokens(p, 0)) or _HAS_WORD.search(p)
                               for p, _, _ in _pieces(line.text))


# --------------------------------------------------------------------------- runs


_NUMBERED = re.compile(r"^\s*(\d{1,2})[.)]\s+\S")
#: The last names of a correlation matrix's header: the variables' numbers (``M SD 1 2 3 4``).
_MATRIX_HEAD = re.compile(r"(?:^|\s)1\s+2(?:\s+\d{1,2})*\s*$")


def _matrix_rows(lines: Sequence[str]) -> set[int]:
    """The numbered rows (``1. Trait anxiety 42.8 9.6 —``) under a header that ends with their
    numbers (``Variable M SD 1 2 3 4 5 6``; a rule or a blank line between): a correlation
    matrix, whose rows are numbered items and still rows."""
    rows: set[int] = set()
    for i, line in enumerate(lines):
        if " 1 " not in line or not line.rstrip()[-1:].isdigit() or not _MATRIX_HEAD.search(line):
            continue
        j, gap, expect = i + 1, 0, 1
        while j < len(lines) and gap <= 2:
            text = lines[j]
            m = _NUMBERED.match(text)
            if m and int(m.group(1)) == expect:
                rows.add(j + 1)
                expect += 1
                gap = 0
            elif expect > 1 or (text.strip() and not is_rule(text)):
                break
            else:
                gap += 1
            j += 1
    return rows


def _runs(lines: Sequence[str], skip: Collection[int]) -> list[list[_Line]]:
    matrix = _matrix_rows(lines) if any(" 1 2" in line for line in lines) else set()

    def usable(ln: int) -> bool:
        return 1 <= ln <= len(lines) and ln not in skip and "\t" not in lines[ln - 1]

    analysed: dict[int, _Line] = {}

    def get(ln: int) -> _Line:
        if ln not in analysed:
            analysed[ln] = _analyse(ln, lines[ln - 1])
        return analysed[ln]

    def data(ln: int, min_n: int = 1) -> bool:
        # a data line ends with a value: a last token without a digit or a missing mark
        # ("... follow here.") is prose, without tokenizing it (most lines of a page)
        return (usable(ln) and _ends_like_value(lines[ln - 1]) and _data_line(get(ln), ln in matrix)
                and get(ln).n >= min_n)

    runs = []
    ln = 1
    while ln <= len(lines):
        if not data(ln):
            ln += 1
            continue
        run = [get(ln)]
        nxt = ln + 1
        while nxt <= len(lines):
            if data(nxt):
                run.append(get(nxt))
                nxt += 1
                continue
            if usable(nxt) and (ranges := _range_row(get(nxt))):
                run.append(ranges)  # 'Range  10-480  15-600  15-720' among rows of values
                nxt += 1
                continue
            # up to three lines of group labels / wrapped labels, with at most one blank line,
            # continue the run when a row of >= 2 values follows
            gap: list[int] = []
            j = nxt
            while j <= len(lines) and len(gap) < 3 and usable(j) and not data(j):
                if lines[j - 1].strip() and not (_label_only(get(j)) or is_rule(lines[j - 1])
                                                 or _MARKS_LINE.match(lines[j - 1])
                                                 or j < len(lines) and data(j + 1) and _wrap_head(get(j), lines[j])):
                    break
                gap.append(j)
                j += 1
            blanks = sum(1 for g in gap if not lines[g - 1].strip())
            # (a group's label between blank lines, 'All-weather (slipway and afloat)', goes on too)
            framed = len(gap) == 3 and blanks == 2 and lines[gap[1] - 1].strip() and _label_only(get(gap[1]))
            if gap and (blanks <= 1 or framed) and data(j, 2):
                run.extend(get(g) for g in gap if lines[g - 1].strip() and not is_rule(lines[g - 1])
                           and not _MARKS_LINE.match(lines[g - 1]))
                nxt = j
                continue
            # a label wrapped onto the lines below the last row
            while (nxt <= len(lines) and usable(nxt) and lines[nxt - 1].strip()
                   and _label_only(get(nxt)) and _indent(lines[nxt - 1]) > _indent(run[-1].text)):
                run.append(get(nxt))
                nxt += 1
            break
        runs.append(run)
        ln = nxt
    return runs


def _range_row(line: _Line) -> _Line | None:
    """A row whose cells are ranges of whole numbers after a short label (``Range  10-480
    15-600``), inside a run of rows: the ranges are its values (alone, ``18-29  30-44`` names
    columns or groups)."""
    trail = 0
    for t in reversed(line.toks):
        if not _INT_RANGE.match(t.text):
            break
        trail += 1
    if trail < 2 or not 0 < len(line.toks) - trail <= 4 or _excluded(line.text):
        return None
    toks = [_Tok(t.text, t.start, t.end, t.value or i >= len(line.toks) - trail) for i, t in enumerate(line.toks)]
    return _Line(line.ln, line.text, toks, trail)


def is_rule(text: str) -> bool:
    """A line drawn with dashes, equals signs or box characters (``-----  -----``, ``=====``)."""
    return bool(_RULE.match(text.strip()))


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


def _counts(col: list[str]) -> bool:
    """A column of plain whole numbers of different sizes (``812``, ``247``, ``98``, ``47``) under a
    header: counts, data; a label's number (``Llama 2``, ``ResNet 50``) has one or two digits or a
    size suffix. Without a header the safe reading keeps them in the label (``BERT 110``)."""
    plain = [c.replace(",", "") for c in col]
    return (len(col) >= 3 and all(c.isdigit() for c in plain) and len(set(plain)) >= 3
            and max(len(c) for c in plain) >= 3)


#: A column name of counts in a header (``n``, ``(n)``, ``N``, ``No.``, ``Samples``, ``Cases``): APA,
#: clinical and monitoring tables.
_COUNT_NAME = re.compile(r"^\(?(?:n|N|No\.|[Ss]amples|[Cc]ases|[Pp]atients|[Pp]articipants|[Ss]ubjects)\)?$")


def _names_counts(lines: Sequence[str], first: int) -> bool:
    """Up to three header lines above line ``first`` (one blank line allowed, up to a caption or
    a sentence) name a column of counts (``Year group n Pre M (SD)``, ``Units (n)``)."""
    ln, seen, blank = first - 1, 0, False
    while ln >= 1 and seen < 3:
        text = lines[ln - 1].strip()
        ln -= 1
        if not text:
            if blank or seen:
                return False
            blank = True
            continue
        if _excluded(text) or _SENTENCE_END.search(text):
            return False
        if any(_COUNT_NAME.match(w) for w in text.split()):
            return True
        seen += 1
    return False


def _choose_k(rows: list[_Line], header_words: int | None, counts_named: bool = False,
              units_only: bool = False) -> tuple[int, int]:
    """(k, number of rows agreeing with k): see the module doc, layout 2."""
    ns = [r.n for r in rows if r.n]
    top = max(ns)
    if top < 2:
        return 0, 0
    if len(ns) >= 3 and all(b == a + 1 for a, b in zip(ns, ns[1:])):
        return top, len(ns)  # a lower triangle (a correlation matrix): each row one value longer

    def agrees(r: _Line, k: int) -> bool:
        # (a total row may leave its last cell blank: 'Total 518 100 532 100' under five columns)
        return r.n == k or (r.n > k and all(is_weak(t.text) for t in r.values[:r.n - k])) or (
            r.n == k - 1 and bool(_SUMMARY_LABEL.match(r.text.strip())))

    scores = {k: sum(agrees(r, k) for r in rows if r.n) for k in range(2, top + 1)}
    best = max(scores.values())
    tied = sorted((k for k, s in scores.items() if s == best), reverse=True)
    for k in tied[:-1]:
        if _summarised(rows, k):
            return k, best  # a column a summary row averages holds data, whatever the header's words

    def loses(k: int) -> bool:  # a row would leave >= 2 values that are no label's in its label
        return any(sum(not is_weak(t.text) for t in r.values[:r.n - k]) >= 2 for r in rows)

    def worded(k: int) -> bool:  # every row keeps a label of words before its last k values
        return all(any(_LETTERS.search(t.text) and not t.value for t in r.toks[:len(r.toks) - k])
                   for r in rows if r.n >= k)

    if header_words:
        # (the header's count of words picks among tied counts, never one that leaves a longer
        # row's values in its label: a group's label read as the header, 'Elasticity, cheek (R2)';
        # a header line of units alone, '(n) (%) (ug/kg)', names the value columns only, when
        # every row keeps a label of words: never '40°C' left alone)
        named = [k for k in tied if k == tied[0] or not loses(k)]
        for extra in ((0, 1) if units_only and worded(header_words) else (1, 0)):
            for k in named:
                if header_words == k + extra:
                    return k, best
    for k in tied:
        col = [r.values[r.n - k].text for r in rows if r.n >= k]
        right = [t.text for r in rows if r.n >= k for t in r.values[r.n - k + 1:]]
        if col and all(is_weak(c) for c in col) and any(not is_weak(t) for t in right) and not (
                header_words and _counts(col)) and not (counts_named and all(c.isdigit() for c in col)) \
                and not _coded_rows(rows, k, col) and not (worded(k) and _whole_columns(rows, k)):
            continue
        return k, best
    return tied[-1], best


#: A summary row's label (``Mean``, ``Total``, ``All venues``).
_SUMMARY_LABEL = re.compile(r"^(?:mean|means|average|total|totals|overall|all|median|sum)\b", re.IGNORECASE)


def _summarised(rows: list[_Line], k: int) -> bool:
    """A summary row (``Mean  49  11  642 ...``) prints a number in the first of ``k`` value
    columns: a column that is averaged or summed holds data, never the rows' names."""
    return any(r.n >= k and r.label_toks and _SUMMARY_LABEL.match(r.label) and r.values[r.n - k].text[:1].isdigit()
               for r in rows)


def _coded_rows(rows: list[_Line], k: int, col: list[str]) -> bool:
    """A column of distinct whole numbers of two or more digits after labels that each hold a
    digit already (``P-1  50  25  9.8``, ``2 Aug. 1996  64  38  1.3``, ``<6 months  34``; one
    summary row, ``All  86``, may have none): the labels are codes, dates or bins, complete, and
    the numbers values (``Site 12`` keeps its number: its label has none)."""
    if len(col) < 2 or len(set(col)) < len(col) or not all(re.fullmatch(r"\d{2,}|\d{1,3}(?:,\d{3})+", c) for c in col):
        return False
    coded = [any(_DIGIT.search(t.text) for t in r.toks[:len(r.toks) - k]) for r in rows if r.n >= k]
    return sum(coded) >= len(coded) - (1 if len(coded) >= 3 else 0)


#: A bare whole number (``38``, ``1,204``), no size suffix and no leading zero (``0018``: a code).
_BARE_WHOLE = re.compile(r"0|[1-9]\d*|[1-9]\d{0,2}(?:,\d{3})+")
_YEARLIKE = re.compile(r"(?:1[89]|20)\d\d")
#: Words before a bin's bound (``15 to 30``, ``less than 15``, ``over 60``).
_BOUND_WORDS = frozenset({"to", "than", "over", "under", "above", "below", "from", "and", "-", "–", "—", "<", ">",
                          "≤", "≥"})


def _whole_columns(rows: list[_Line], k: int) -> bool:
    """The first two of the last ``k`` values of every row (>= 3 rows) are bare whole numbers,
    each column varying or of two digits or more (``Lenga forest, closed  38 17 46 1.21``,
    ``R1 NACA 0018 400 267 1.50``): counts before the decimals, data. A label holds at most one
    such number (``Site 12``, ``Llama 2 7B``: the ``2`` the same in every row, ``7B`` a size)."""
    rows = [r for r in rows if r.n]
    if len(rows) < 3 or k < 3 or any(r.n < k for r in rows):
        return False
    for r in rows:  # a bin's bound ('15 to 30  11', 'over 60  5') or a year ('Magdalen 2017  186') is the label's
        before = [t.text for t in r.toks[:len(r.toks) - k]]
        if before and before[-1].lower() in _BOUND_WORDS:
            return False
    for j in range(2):
        col = [r.values[r.n - k + j].text for r in rows]
        if not all(_BARE_WHOLE.fullmatch(c) and not _YEARLIKE.fullmatch(c) for c in col):
            return False
        if len(set(col)) == 1 and len(col[0]) < 2:
            return False
    return True


# --------------------------------------------------------------------------- layouts


def _pieces(text: str) -> list[tuple[str, int, int]]:
    """Text pieces separated by runs of >= 2 spaces, with their columns."""
    return [(m.group(0), m.start(), m.end()) for m in re.finditer(r"\S+(?: \S+)*", text)]


def _intervals(spans: list[tuple[int, int]]) -> list[list[int]]:
    out: list[list[int]] = []
    for s, e in sorted(spans):
        if out and s < out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def _column_of(s: int, e: int, cols: list[list[int]], first: bool = False) -> int:
    overlaps = [(min(e, c[1]) - max(s, c[0]), i) for i, c in enumerate(cols)]
    hit = [i for o, i in overlaps if o > 0]
    if hit:
        return hit[0] if first else max(overlaps)[1]
    mid = (s + e) / 2
    return min(range(len(cols)), key=lambda i: abs((cols[i][0] + cols[i][1]) / 2 - mid))


def _split_row(line: _Line) -> tuple[list[tuple[str, int, int]], list[_Tok]]:
    """Layout 1: the label pieces and the value tokens of a row (its text cells after the values,
    ``line.trail``, apart)."""
    pieces = [p for p in _pieces(line.text) if not line.trail or p[1] < line.trail[0][1]]
    value_at = {t.start for t in line.values}  # (a row of ranges marks its ranges as values)

    def piece_tokens(p: tuple[str, int, int]) -> list[_Tok]:
        return [_Tok(t.text, t.start, t.end, t.value or t.start in value_at) for t in tokens(p[0], p[1])]

    cut = len(pieces)
    while cut > 0 and all(t.value for t in piece_tokens(pieces[cut - 1])):
        cut -= 1
    values = [t for p in pieces[cut:] for t in piece_tokens(p)]
    return pieces[:cut], values


#: A number with a footnote mark glued on (``2021a``, ``0.27b``, ``14*``).
_MARKED_NUMBER = re.compile(r"^[-−]?\d+(?:\.\d+)?[a-h*†‡]$")


def _by_position(rows: list[_Line], header: list[_Line], notes: list) -> list[tuple[int, list[str]]] | None:
    split = {r.ln: _split_row(r) for r in rows}
    value_cols = _intervals([(t.start, t.end) for _, vals in split.values() for t in vals])
    n_max = max(len(v) for _, v in split.values())
    while len(value_cols) > n_max:  # a column printed unevenly: merge intervals no row uses together
        used = [{_column_of(t.start, t.end, value_cols) for t in vals} for _, vals in split.values()]
        pair = next((i for i in range(len(value_cols) - 1)
                     if not any(i in u and i + 1 in u for u in used)), None)
        if pair is None:
            break
        value_cols[pair:pair + 2] = [[value_cols[pair][0], value_cols[pair + 1][1]]]
    # a number with a footnote mark glued on, printed inside a value column past where the values
    # begin, where its row has no value ('2021a' under years 2019, 2020: the mark made it no value
    # token) is that column's cell, not a label column of its own
    placed: dict[int, list[tuple[str, int]]] = {}
    if value_cols:
        for ln, (labels, vals) in split.items():
            taken = {_column_of(t.start, t.end, value_cols) for t in vals}
            keep = []
            for text, s, e in labels:
                i = _column_of(s, e, value_cols)
                if (_MARKED_NUMBER.match(text) and s >= value_cols[0][0] and i not in taken
                        and min(e, value_cols[i][1]) > max(s, value_cols[i][0])
                        and s >= value_cols[i][0] - 1 and e <= value_cols[i][1] + 2):
                    placed.setdefault(ln, []).append((text, i))
                    taken.add(i)
                else:
                    keep.append((text, s, e))
            split[ln] = (keep, vals)
    label_cols = _intervals([(s, e) for labels, _ in split.values() for _, s, e in labels])
    trail_cols = _intervals([(s, e) for r in rows for _, s, e in r.trail])
    out = []
    for r in rows:
        labels, vals = split[r.ln]
        lab = [""] * len(label_cols)
        for text, s, e in labels:
            i = _column_of(s, e, label_cols)
            lab[i] = f"{lab[i]} {text}".strip()
        tail = [""] * len(trail_cols)
        for text, s, e in r.trail:
            i = _column_of(s, e, trail_cols)
            tail[i] = f"{tail[i]} {text}".strip()
        cells = [""] * len(value_cols)
        for t in vals:
            i = _column_of(t.start, t.end, value_cols)
            if cells[i]:
                notes.append((r.ln, "columns_by_order", "two values of this row fall in one column; "
                              "the table is read by value order instead of character position"))
                return None
            cells[i] = t.text
        for text, i in placed.get(r.ln, ()):
            cells[i] = text
        out.append((r.ln, lab + cells + tail))
    heads = []
    value_start = value_cols[0][0] if value_cols else 10 ** 9
    trail_start = trail_cols[0][0] if trail_cols else 10 ** 9
    for h in header:
        # a header line above the others printed as one phrase ('Exposure time in chamber (days)')
        # is one group's name over the columns it spans, never a word per column
        whole = h is not header[-1] and len(h.toks) >= 2 and not h.gapped
        pieces = _pieces(h.text) if h.gapped or whole else [(t.text, t.start, t.end) for t in h.toks]
        lab = [""] * len(label_cols)
        cells = [""] * len(value_cols)
        tail = [""] * len(trail_cols)
        for text, s, e in pieces:
            if (e <= value_start or not value_cols) and label_cols:
                i = _column_of(s, e, label_cols)
                lab[i] = f"{lab[i]} {text}".strip()
            elif trail_cols and s >= trail_start - 2:
                i = _column_of(s, e, trail_cols, first=True)
                tail[i] = f"{tail[i]} {text}".strip()
            elif value_cols:
                i = _column_of(s, e, value_cols, first=True)
                cells[i] = f"{cells[i]} {text}".strip()
        heads.append((h.ln, lab + cells + tail))
    return heads + out


#: Two letters: a word of a row's label.
_LETTERS = re.compile(r"[A-Za-z]{2}")
#: A header word that is a unit in parentheses (``(n)``, ``(%)``, ``(ug/kg)``).
_UNITS_ONLY = re.compile(r"^\([^()\s]{1,12}\)$")


def _header_words(head: _Line) -> list[str]:
    """A single-spaced header's words, a number and its unit printed apart one name (``25 °C``), and
    so are a time point and its number (``Week 6``); words after a row of years name columns too
    (``Beach 1991 1992 1993 Total``)."""
    words: list[str] = []
    for i, t in enumerate(head.toks):
        if words and i and ((_UNIT_WORD.match(t.text) and _DIGIT.search(head.toks[i - 1].text))
                            or (t.value and head.toks[i - 1].text.lower() in _TIME_WORDS)):
            words[-1] = f"{words[-1]} {t.text}"
        else:
            words.append(t.text)
    return words + [text for piece in head.trail for text in piece[0].split()]


def _settings(head: _Line) -> bool:
    """A header naming its columns by settings with units (``15°C  20°C``, ``25 °C``, ``24 h``) or by
    time points (``Week 6``)."""
    return any(_GLUED_SETTING.match(t.text) or (i and _UNIT_WORD.match(t.text) and head.toks[i - 1].value)
               or (i and t.value and head.toks[i - 1].text.lower() in _TIME_WORDS) for i, t in enumerate(head.toks))


def _by_order(rows: list[_Line], header: list[_Line], notes: list,
              counts_named: bool = False) -> list[tuple[int, list[str]]] | None:
    head = header[-1] if header else None
    head_pieces = _pieces(head.text) if head is not None and head.gapped else None
    head_words = _header_words(head) if head is not None else []
    words = len(head_pieces) if head_pieces else (len(head_words) if head is not None else None)
    units_only = bool(head_words) and not head_pieces and all(_UNITS_ONLY.match(w) for w in head_words)
    k, agree = _choose_k(rows, words, counts_named, units_only)
    if k < 2 or agree < 2:
        return None
    trailed = sum(1 for r in rows if r.trail) >= 2  # a text column after the values ('Pass', 'F')
    out = []
    for r in rows:
        tail = [" ".join(t[0] for t in r.trail)] if trailed else []
        if r.n >= k:
            extra = r.values[:r.n - k]
            if any(not is_weak(t.text) for t in extra):
                notes.append((r.ln, "label_values", f"row has {r.n} values, the table {k}; the first "
                              f"{r.n - k} read as part of the label"))
            label = " ".join(t.text for t in r.toks[:len(r.toks) - k])
            out.append((r.ln, [label] + [t.text for t in r.values[r.n - k:]] + tail))
        elif r.n == 1 and k >= 3 and is_weak(r.values[0].text) and 0 < len(r.label_toks) <= 2:
            out.append((r.ln, [r.text.strip()] + [""] * (k + len(tail))))  # a group's name: "Step 1", "Phase 2"
        else:
            if r.n:
                notes.append((r.ln, "short_row", f"row has {r.n} of {k} values; the missing cells are "
                              "left blank at the right"))
            out.append((r.ln, [r.label] + [t.text for t in r.values] + [""] * (k - r.n) + tail))
    k += 1 if trailed else 0  # (the header names the text column too)
    heads = []
    if head is not None:
        # a header line of k names set apart (``Fibrinogen   Placebo   Effect estimate   p``), or
        # of the labels' name and k names, names the value columns in order; a shorter one, each
        # name over or under the one it stands by (``(n = 118)   (n = 121)   (95% CI)``)
        named = next((pieces[len(pieces) - k:] for h in header if h.gapped
                      and len(pieces := _pieces(h.text)) in (k, k + 1)), None)  # (k + 1: the labels' name first)
        for h in header[:-1]:
            heads.append((h.ln, _placed(_pieces(h.text), named) if named and h.gapped
                          else [" ".join(t.text for t in h.toks)] + [""] * k))
        names = [p[0] for p in head_pieces] if head_pieces else head_words
        if named and head_pieces and len(head_pieces) < k:
            cells = _placed(head_pieces, named)
        elif len(names) == k + 1:
            cells = names
        elif len(names) == k:
            cells = [""] + names
        elif len(names) > k + 1:
            cells = [" ".join(names[:len(names) - k])] + names[len(names) - k:]
            notes.append((head.ln, "header_split_by_position",
                          f"header has {len(names)} words for {k} value columns: header split by position, "
                          "the last words name the columns"))
        else:
            cells = [""] * (k + 1 - len(names)) + names
            notes.append((head.ln, "header_split_by_position",
                          f"header has {len(names)} names for {k} value columns: header split by position, "
                          "aligned right"))
        heads.append((head.ln, cells))
    if _group_settings(out):
        out = [(ln, [*_name_and_setting(cells[0]), *cells[1:]]) for ln, cells in out]
        heads = [(ln, [cells[0], "", *cells[1:]]) for ln, cells in heads]
        notes.append((out[0][0], "group_settings", "the labels are a group's name over settings counted again "
                      "under each group ('Northern 1', '2', '3'): read as two label columns"))
    return heads + out


def _placed(pieces: list[tuple[str, int, int]], named: list[tuple[str, int, int]]) -> list[str]:
    """A header line's pieces as the cells of a table whose k value columns are named by
    ``named`` (k pieces, in order): each piece under the name it overlaps most (or stands nearest
    to); a piece left of them all names the label column."""
    cells = [""] * (len(named) + 1)
    columns = [[start, end] for _, start, end in named]
    for text, start, end in pieces:
        c = _column_of(start, end, columns) + 1 if end > named[0][1] else 0
        cells[c] = f"{cells[c]} {text}".strip()
    return cells


#: A label of a group's name and a whole number (``Northern 1``), or the number alone (``2``).
_NAME_AND_NUMBER = re.compile(r"^(?:(?P<name>.*[^\d\s])\s+)?(?P<n>\d{1,3})$")


def _name_and_setting(label: str) -> list[str]:
    m = _NAME_AND_NUMBER.match(label)
    return [m.group("name") or "", m.group("n")] if m else [label, ""]


def _group_settings(out: list[tuple[int, list[str]]]) -> bool:
    """The rows' labels are a group's name and a setting's number on its first row (``Northern
    1``), the number alone on the rows under it (``2``, ``3``, ``4``), counting up again under
    each of two groups or more: two label columns, the group and the setting."""
    groups: list[list[int]] = []
    for _, cells in out:
        m = _NAME_AND_NUMBER.match(cells[0])
        if m is None:
            return False
        if m.group("name"):
            groups.append([])
        elif not groups:
            return False
        groups[-1].append(int(m.group("n")))
    return len(groups) >= 2 and all(len(g) >= 2 and all(a < b for a, b in zip(g, g[1:])) for g in groups)


def _ascending_integers(line: _Line) -> bool:
    """A row of >= 3 whole numbers in strictly ascending order after a label of <= 3 words
    without digits or a unit in parentheses (``Warm-up steps  250  500  1000``, ``Batch  64  128
    256``, ``(kg/m3)  7  28  56  91``): column names."""
    nums = [t.text for t in line.values]
    label = " ".join(t.text for t in line.label_toks)
    unit = label.startswith("(") and label.endswith(")")  # '(kg/m3)  7  28  56': a column's unit, then days
    return (len(nums) >= 3 and 1 <= len(line.label_toks) <= 3 and (unit or not any(c.isdigit() for c in label))
            and all(n.isdigit() for n in nums) and all(int(a) < int(b) for a, b in zip(nums, nums[1:])))


def _ascending_percents(line: _Line) -> bool:
    """A row of whole percentages in ascending order, with no label or a word or two
    (``Budget  1%  2%  4%  8%``): the names of the columns (a budget, a ratio), not values."""
    nums = [t.text[:-1] for t in line.values]
    label = " ".join(t.text for t in line.label_toks)
    return (len(line.label_toks) <= 2 and not any(c.isdigit() for c in label)
            and all(t.text.endswith("%") and t.text[:-1].isdigit() for t in line.values)
            and all(int(a) < int(b) for a, b in zip(nums, nums[1:])))


def _stacked_header(lines: Sequence[str], skip: Collection[int], first: int, k: int) -> list[int]:
    """The lines above ``first`` holding one header cell each (1-3 words, no value, not a
    caption or heading), when there are k or k+1 of them for rows of k values; else []."""
    found: list[int] = []
    ln = first - 1
    while ln >= 1 and ln not in skip and len(found) <= k + 2:
        text = lines[ln - 1].strip()
        if not text or len(text.split()) > 3 or _excluded(text) or "\t" in text:
            break
        if _analyse(ln, lines[ln - 1]).n or _SENTENCE_END.search(text):
            break
        found.insert(0, ln)
        ln -= 1
    if len(found) >= 3 and len(found) in (k, k + 1):
        return found
    if len(found) >= 4 and len(found) - 1 in (k, k + 1):
        return found[:-1]  # the line just above the rows is a row's label printed alone
    return []


def _under_bare_caption(lines: Sequence[str], ln: int) -> bool:
    """Line ``ln`` follows a caption printed alone (``TABLE II``): it is the caption's text
    (IEEE style), not a header."""
    prev = next((lines[i - 1] for i in range(ln - 1, 0, -1) if lines[i - 1].strip()), "")
    m = patterns.CAPTION.match(prev)
    return bool(m) and not prev[m.end():].strip()


def _header_above(lines: Sequence[str], skip: Collection[int], first: int,
                  limit: int) -> tuple[list[_Line], int]:
    """The header lines above a run's first row and the block's first line (a rule drawn under
    or over the header belongs to the block; one blank line between header and rows is allowed)."""
    found: list[_Line] = []
    top = first
    ln = first - 1
    blank_used = False
    while ln >= 1 and len(found) < limit:
        text = lines[ln - 1]
        if ln in skip or "\t" in text:
            break
        if not text.strip():
            if blank_used or found:
                break
            blank_used = True
            ln -= 1
            continue
        if is_rule(text) or _MARKS_LINE.match(text):  # a rule, or marks over the columns ('a   b')
            top = ln
            ln -= 1
            continue
        line = _analyse(ln, text)
        if not _header_line(line) or _under_bare_caption(lines, ln):
            break
        found.insert(0, line)
        top = ln
        ln -= 1
    return found, top


def _wrapped(run: list[_Line]) -> tuple[list[_Line], dict[int, list[str]]]:
    """Label lines printed under a row, indented deeper than it, are that row's label wrapped:
    (the run without them, {row line: [continuation texts]})."""
    kept: list[_Line] = []
    wraps: dict[int, list[str]] = {}
    owner: _Line | None = None
    prev_ln = -1
    for r in run:
        if (not r.n and owner is not None and r.ln == prev_ln + 1
                and _indent(r.text) > _indent(owner.text)):
            wraps.setdefault(owner.ln, []).append(r.text.strip())
        else:
            kept.append(r)
            owner = r if r.n else None
        prev_ln = r.ln
    return kept, wraps


def _add_wraps(rows: list[tuple[int, list[str]]], wraps: dict[int, list[str]], notes: list) -> None:
    for ln, cells in rows:
        if ln not in wraps:
            continue
        first_value = next((i for i, c in enumerate(cells) if c and is_value(c)), len(cells))
        target = max((i for i in range(first_value) if cells[i]), default=0)
        cells[target] = " ".join([cells[target]] + wraps[ln]).strip()
        notes.append((ln, "wrapped_label", f"label continued on the next {len(wraps[ln])} line(s)"))


def _grid(run: list[_Line], lines: Sequence[str], skip: Collection[int]) -> Grid | None:
    last_ln = run[-1].ln
    data = [r for r in run if r.n]
    if sum(1 for r in data if r.n >= 2) < 2:
        return None
    if sum(1 for r in data if r.n == 1 and not r.label_toks) * 2 >= len(data):
        return None  # mostly lone values: a table printed one cell per line (:mod:`.stacked`)
    if all(_DASH_ITEM.match(r.text) and r.label_toks for r in data):
        return None  # a list of "- name value value" items
    notes: list[tuple[int, str, str]] = []
    if any(_PM_LINE.search(r.text) for r in run):  # OCR read ± as '+' in some rows: ' +0.1' is an error in all
        run = [_analyse(r.ln, r.text, misread_pm=True) if r.n and not _PM_LINE.search(r.text) else r for r in run]
    run, wraps = _wrapped(run)
    run, halves = _joined_halves(run)
    promoted: list[_Line] = []
    first = run[0]
    if (first.n >= 2 and (all(_YEAR_OR_SIZE.match(t.text) for t in first.values) or _ascending_percents(first)
                          or _ascending_integers(first))
            and any(not _YEAR_OR_SIZE.match(t.text) and not is_weak(t.text) for r in run[1:] for t in r.values)):
        promoted = [first]
        run = run[1:]
    layout1 = sum(1 for r in run if r.n and r.gapped) * 2 > sum(1 for r in run if r.n)
    header, top = _header_above(lines, skip, (promoted or run)[0].ln, 3 if layout1 else 1)
    if (layout1 and not promoted and len(header) == 1 and not header[0].gapped
            and len(header[0].toks) <= _MAX_GROUP_WORDS and header[0].ln >= 2 and not lines[header[0].ln - 2].strip()):
        # a group's name over the first rows ('Burial depth 30 cm'), the header above it past a
        # blank line: the name is a group label row, the lines above the header
        above, above_top = _header_above(lines, skip, header[0].ln, 3)
        if any(h.gapped for h in above):
            run.insert(0, header[0])
            header, top = above, above_top
    if not promoted:
        # a header line printed only over the label column is a group label row ("Encoders")
        value_start = min(r.values[0].start for r in run if r.n)
        k_guess = Counter(r.n for r in run if r.n).most_common(1)[0][0]
        while header and (
                (layout1 and len(header[-1].text.rstrip()) <= value_start and len(header) > 1)
                or (not layout1 and len(header[-1].toks) <= 3 and len(header[-1].toks) * 2 < k_guess + 1)):
            run.insert(0, header.pop())
        if not layout1 and not header:
            first_data = next(r.ln for r in run if r.n)
            stack = _stacked_header(lines, skip, first_data, k_guess)
            if stack:  # plain pdftotext: the header cells one per line above single-spaced rows
                header = [_analyse(stack[0], "  ".join(lines[ln - 1].strip() for ln in stack))]
                top = stack[0]
                run = [r for r in run if r.ln not in stack]
    header += promoted
    rows = None
    if layout1:
        rows = _by_position(run, header, notes)
    if rows is None:
        rows = _by_order(run, header, notes, _names_counts(lines, run[0].ln))
    if rows is None:
        return None
    _add_wraps(rows, wraps, notes)
    rows, cell_lines = _split_rows(rows, notes)
    if halves:  # a row OCR broke over two lines: its last cells stand on the second
        cell_lines = cell_lines or [[ln] * len(cells) for ln, cells in rows]
        for i, (ln, cells) in enumerate(rows):
            if ln in halves:
                second, n_second = halves[ln]
                cell_lines[i] = [ln] * (len(cells) - n_second) + [second] * n_second
                notes.append((ln, "joined_row", f"lines {ln}-{second} read as one row broken over two lines"))
    for _, cells in rows:  # a table border read as a character by OCR: "| BERT-base"
        if cells:
            cells[0] = cells[0].strip("|¦ ").strip()
    first_ln = min(top, header[0].ln if header else run[0].ln, run[0].ln)
    if last_ln < len(lines) and last_ln + 1 not in skip and is_rule(lines[last_ln]):
        last_ln += 1  # a bottom rule
    # a row of numbers naming the columns (years, sizes, percentages), or header lines whose units
    # hold digits (``(t ha−1)``, ``(kg kg−1)``), are marked as the header: the table logic would
    # take their numbers for data
    marked = (promoted or (len(header) >= 2 and any(_DIGIT_UNIT.search(h.text) for h in header[1:]))
              or any(_settings(h) for h in header)
              or any(t.text[:1].isdigit() and _rate_number(h.toks, i) or t.value and t.text.isdigit()
                     and _YEAR_OR_SIZE.match(t.text) for h in header for i, t in enumerate(h.toks)))
    # ('per 28 d', 'per 100 000'; '2012  2019  Change')
    return Grid(form="aligned", first_line=first_ln, last_line=last_ln, rows=rows,
                lines=list(range(first_ln, last_ln + 1)), notes=notes, header_rows=len(header) if marked else 0,
                cell_lines=cell_lines)


def _joined_halves(run: list[_Line]) -> tuple[list[_Line], dict[int, tuple[int, int]]]:
    """Single spaces: a row OCR broke over two lines (docTR: ``2 11,540 47`` / ``19 4.07``), two
    lines in a row each holding fewer values than most rows do, the second without a label,
    together as many: one row on the first line (the run without the second line, {first line:
    (second line, values on the second)})."""
    counts = Counter(r.n for r in run if r.n >= 2)
    if not counts or any(r.gapped for r in run if r.n):
        return run, {}
    k = counts.most_common(1)[0][0]
    out: list[_Line] = []
    halves: dict[int, tuple[int, int]] = {}
    i = 0
    while i < len(run):
        a = run[i]
        b = run[i + 1] if i + 1 < len(run) else None
        if (b is not None and b.ln == a.ln + 1 and 0 < a.n < k and 0 < b.n < k and a.n + b.n == k
                and not b.label_toks and not b.trail and not a.trail):
            shift = len(a.text) + 1
            toks = a.toks + [_Tok(t.text, t.start + shift, t.end + shift, t.value) for t in b.toks]
            out.append(_Line(a.ln, f"{a.text} {b.text}", toks, k))
            halves[a.ln] = (b.ln, b.n)
            i += 2
            continue
        out.append(a)
        i += 1
    return out, halves


def _split_rows(rows: list[tuple[int, list[str]]], notes: list) -> tuple[list[tuple[int, list[str]]],
                                                                         list[list[int]] | None]:
    """Rows OCR split one cell per line among whole rows (docTR: ``Conical`` / ``0`` / ``-63.8 +
    0.6`` / ... / ``100 -61.7 + 0.9 0.55 + 0.07 ...``): a stretch of lines each holding one value
    and no label, as long as a whole number of rows (label and values), is read back as those
    rows, each cell on its own line; the lines of the other rows hold all their cells."""
    width = max((len(cells) for _, cells in rows), default=0)
    lone = [width > 2 and not cells[0] and sum(1 for c in cells if c) == 1 for _, cells in rows]
    out: list[tuple[int, list[str]]] = []
    lines_of: list[list[int]] = []
    i = 0
    split = False
    while i < len(rows):
        j = i
        while j < len(rows) and lone[j]:
            j += 1
        if j - i >= width and (j - i) % width == 0 and 0 < i and j < len(rows) and not lone[j]:
            for start in range(i, j, width):
                chunk = rows[start:start + width]
                out.append((chunk[0][0], [next(c for c in cells if c) for _, cells in chunk]))
                lines_of.append([ln for ln, _ in chunk])
            notes.append((rows[i][0], "split_rows", f"lines {rows[i][0]}-{rows[j - 1][0]} read as {(j - i) // width} "
                          f"row(s) printed one cell per line"))
            split = True
            i = j
            continue
        end = max(j, i + 1)
        for ln, cells in rows[i:end]:
            out.append((ln, cells))
            lines_of.append([ln] * len(cells))
        i = end
    return (out, lines_of) if split else (rows, None)


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    """The aligned tables of a page; on a two-column page (:mod:`.columns`) those of each
    column, the left one first; margin line numbers (:mod:`.ruler`) are left out."""
    lines = ruler.without_ruler(lines)  # a review copy's margin line numbers are no column
    two = columns.views(lines)
    if two is None:
        return _find(lines, skip)
    left, right = two
    grids = _find(left, skip)
    grids += _find(right, set(skip) | {ln for g in grids for ln in g.lines})
    return sorted(grids, key=lambda g: g.first_line)


def _find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids = []
    taken: set[int] = set(skip)
    for run in _runs(lines, skip):
        for grid in _grids_of(run, lines, taken):
            if not taken & set(grid.lines):
                grids.append(grid)
                taken |= set(grid.lines)
    return grids


def _grids_of(run: list[_Line], lines: Sequence[str], taken: Collection[int]) -> list[Grid]:
    """The run's table; or, when the run as a whole is none (a column of lone values that docTR
    printed as a block of its own, then rows of the next table past a blank line), the tables of
    its parts, split where lines are skipped."""
    grid = _grid(run, lines, taken)
    if grid:
        return [grid]
    cut = next((i for i in range(1, len(run)) if run[i].ln > run[i - 1].ln + 1), None)
    if cut is None:
        return []
    return _grids_of(run[:cut], lines, taken) + _grids_of(run[cut:], lines, taken)
