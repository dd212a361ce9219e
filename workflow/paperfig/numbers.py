"""Printed numbers: one grammar for every parser, values without lost precision.

Values travel as ``Decimal`` and are serialised as their printed text ("84.0" stays
"84.0"), so a reader of the CSV sees what the paper printed, not a float rounding of it.

:func:`find_numbers` spots the numbers of running text (chart prose, captions) and
:func:`read_number` reads one whole token; table cells (``cells.py``) and chart prose
(the ``paperfig.charts`` package) both use them. A number is read **whole or not at all**: a token that starts
like a number but continues with something the grammar does not accept gives no number (never
its prefix) and a note saying why.

The grammar (``D`` is a decimal digit of any script, see *Digits*)::

    number    := sign? mantissa exponent?   |   "10" power          (10^5, 10⁻³)
    sign      := "+" | "-" | "−" (U+2212) | "–" (en dash, noted)
    mantissa  := grouped ("." D+)?  |  D+ ("." D+)?  |  "." D+  |  D+ "," D+   (decimal comma)
    grouped   := D{1,3} ("," D{3})+   |   D{1,3} (gap D{3})+    (first digit not 0)
               |  D{1,2} ("," D{2})+ "," D{3}                 (Indian lakh/crore grouping, noted)
    gap       := NBSP | thin space | narrow NBSP                (noted)
    exponent  := ("e"|"E") sign? D+  |  " "? ("×"|"x"|"X"|"·"|"*") " "? "10" power
    power     := "^" "{"? sign? D+ "}"?  |  superscript-minus? superscript-digit+

Where a number may start and end (the word rule):

* A **sign** counts only directly before a digit (or ``.digit``) and not after a word
  character: ``-5``, ``(−0.3)``, ``to –2`` are negative; in ``10-20`` the hyphen is a range.
* A number never starts **inside a word**: a digit right after a letter/digit/underscore,
  or after a joiner (``- – − = _ . / ^``) that is glued to a word containing a letter, is no
  number: ``GPT-4``, ``Llama-2-7B``, ``L=6``, ``W8A8``, ``Qwen1.5``, ``FP16/8``, ``top-1``.
  Joiners glued to digits only are separators: ``10-20``, ``1.5-2.0``, ``1/6`` and
  ``88.5/84.3`` give two numbers each.
* A number must **end** at a non-word character (space, punctuation, ``%``, ``×``, ``-`` as
  in ``4-bit``), after optional footnote markers (superscripts ``¹²³ᵃ``, ``*``, ``†``), or at
  a **known unit** glued to it (``8B``, ``7B``, ``109M``, ``5ms``, ``2.1x``, ``16GB``: the
  number is 8, 7, ...; callers read the unit, it is not part of ``Found.text``). Ordinals and
  dimensions (``1st``, ``3rd``, ``3D``) are words: no number, no note. Any other glued letters
  or digits (``12abc3``, ``0x1F``, ``3x10``, ``83.7e0x``, a unit after an exponent) refuse
  the whole token with a note. ``~``, ``≈``, "approximately" before a number and ``%`` or
  units after it are never part of it.

Commas:

* ``1,000`` and ``41,021.00`` are thousands-grouped (groups of exactly 3 after a first group
  of 1-3 digits not starting with 0).
* A **decimal comma** (``83,4``, ``0,75``) is read, with a note, only when unambiguous: one
  comma followed by other than exactly 3 digits, not inside a list (not right after a comma,
  not a bracketed pair such as ``(2,4)``, not followed by another ``,digit``).
* ``1,84,620`` and ``12,34,56,789`` are the Indian grouping (lakh, crore: a first group of
  1-2 digits, groups of 2, a last group of 3), read with a note. Without it the run would be a
  list whose later items (``84,620``) read as thousands-grouped numbers of their own.
* ``0,750`` or ``1234,567`` (comma + 3 digits that cannot be grouping) is ambiguous: refused
  with a note. ``1,00,000`` (a group with a leading zero) is irregular grouping: refused.
* A list (``(2, 64)``, ``8,16,32``, ``(2,4)``) is several numbers.

Not numbers:

* Dates (``2020-07``, ``2020-07-01``, ``2020/07/01``, ``01.07.2020``): no number and no note
  (dates are read elsewhere). Years 1900-2099, months 01-12, days 01-31.
* Times and ratios (``10:30``, ``2:4``): no number, a note. A slash is no ratio: ``1/6`` is
  two numbers.
* Versions and section numbers (``8.2.1``), hexadecimal (``0x1F``), a power of another base
  (``2^10``): refused with a note.
* ``NaN``, ``inf``, ``Infinity``, ``∞``: a note (not a number); a value outside the float
  range (``1e400``, ``1e-400``) is refused with a note (out of range), never read as its
  mantissa.

Digits: any Unicode decimal digit (``unicodedata.decimal``: full-width ``０-９``,
Arabic-Indic ``٠-٩``, extended ``۰-۹``, Devanagari, ...) is read with a note; one number
mixing two scripts is refused (full-width and ASCII digits count as one script). ``．`` (full-width stop) and ``٫`` (Arabic decimal separator)
are decimal points, ``٬`` (Arabic thousands separator) a grouping comma; the full-width comma
``，`` separates list items. Zero-width characters (ZWSP, ZWNJ, ZWJ, word joiner, BOM) inside
a number are removed with a note.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from . import patterns

# Full-width digits and signs (common in OCR of CJK-typeset PDFs) and the Unicode minus.
_TRANSLATE = str.maketrans("０１２３４５６７８９．，－＋−–", "0123456789.,-+--")

#: A plain printed number: optional sign, digits, optional decimal part. No exponents,
#: no thousands separators (``is_number`` tests this form; ``parse_decimal`` reads more).
NUMBER = r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)"
_NUMBER_FULL = re.compile(rf"^{NUMBER}$")


class Found(NamedTuple):
    """One printed number of a text: its span in the ORIGINAL text, printed text and value.
    (Immutable; a named tuple rather than a frozen dataclass: a page makes hundreds of
    thousands of them, and a named tuple is built four times faster.)"""

    start: int
    end: int
    text: str
    value: Decimal
    note: str = ""  # non-empty when the number was normalised: says what was done


# --- normalisation with a map back to the original text --------------------------------------

_ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")
_GAPS = "\u00a0\u2009\u202f"
_SEPARATORS = {"．": ".", "٫": ".", "٬": ",", "－": "-", "＋": "+"}
_SIGNS = "-+−–"
_JOINERS = frozenset("-–−=_./^")
_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_FOOTNOTE_MARKS = "¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠ*†‡§¶"
#: After these a dash is a range, not a sign: ``5%-10%``, ``(a)-3``.
_CLOSERS = frozenset(".%)]}°" + _FOOTNOTE_MARKS)


def _normalise(text: str) -> tuple[str, Sequence[int]]:
    """Text with zero-width characters dropped, every decimal digit ASCII and number
    separators ASCII; ``idx[i]`` is the original position of normalised character ``i``."""
    if text.isascii():  # nothing to normalise (every mapped character is non-ASCII): fast path
        return text, range(len(text) + 1)
    out: list[str] = []
    idx: list[int] = []
    for i, c in enumerate(text):
        if c in _ZERO_WIDTH:
            continue
        if c in _SEPARATORS:
            c = _SEPARATORS[c]
        elif not c.isascii() and c.isdecimal():
            d = unicodedata.decimal(c, None)
            if d is not None:
                c = str(d)
        out.append(c)
        idx.append(i)
    idx.append(len(text))
    return "".join(out), idx


# --- the pieces of the grammar (on normalised text) ---------------------------------------

#: Where a number may start: a sign, a point or a digit before a digit (``[-+−–]?\.?[0-9]``).
#: Written after a look-ahead at the first character, which the regex engine scans for quickly
#: (a leading optional part makes it try the whole pattern at every position of the text).
_START = r"(?=[-+−–.0-9])"
_CANDIDATE = re.compile(_START + r"(?:[-+−–]\.?[0-9]|\.[0-9]|[0-9])")
_POWER = r"(?:\^\{?[-+−]?[0-9]+\}?|\^\([-+−]?[0-9]+\)|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
_POWER_RE = re.compile(_POWER)
_EXPONENT = re.compile(r"[eE](?P<e>[-+−]?[0-9]+)|[ \u00a0\u2009\u202f]?[×xX·⋅*][ \u00a0\u2009\u202f]?10"
                       r"(?P<p>" + _POWER + r")")
_DATE = re.compile(
    r"(?:(?P<y>(?:19|20)[0-9]{2})(?P<s>[-/])(?P<m>[0-9]{2})(?:(?P=s)(?P<d>[0-9]{2}))?"
    r"|(?P<y2>(?:19|20)[0-9]{2})\.(?P<m2>[0-9]{2})\.(?P<d2>[0-9]{2})"
    r"|(?P<d3>[0-9]{1,2})(?P<s3>[-/.])(?P<m3>[0-9]{1,2})(?P=s3)(?P<y3>(?:19|20)[0-9]{2}))(?!\w|\.\d)")
_HEX = re.compile(r"0[xX][0-9a-fA-F]+")
_TIME = re.compile(r"[0-9]+(?:\.[0-9]+)?(?::[0-9]+(?:\.[0-9]+)?)+")
_VERSION = re.compile(r"[0-9]+(?:\.[0-9]+){2,}")
_COMMA_RUN = re.compile(r"[0-9]+(?:,[0-9]+)+")
_THOUSANDS = re.compile(r"[1-9][0-9]{0,2}(?:,[0-9]{3})+")
_INDIAN = re.compile(r"[1-9][0-9]?(?:,[0-9]{2})+,[0-9]{3}")
_GAP_GROUPED = re.compile(r"[1-9][0-9]{0,2}(?:[\u00a0\u2009\u202f][0-9]{3})+(?![0-9])")
_PLAIN = re.compile(r"[0-9]+(?:\.[0-9]+)?|\.[0-9]+")
_FRACTION = re.compile(r"\.[0-9]+")
_WORD_RUN = re.compile(r"\w+")
_TOKEN_END = re.compile(r"(?:\w|[.,:/^+\-−–{}](?=\w))*")
_NOT_A_NUMBER_WORDS = ("nan", "inf")  # ("∞" is no ASCII text: may_contain lets it through)
_NOT_A_NUMBER = re.compile(r"(?<![\w.])[-+−–]?(?:nan|inf(?:inity)?|∞)(?!\w)", re.IGNORECASE)

#: Units that may be glued to a number in prose (``8B``, ``5ms``, ``2.1x``): the number is
#: read, the unit is left to the caller.
UNITS = frozenset("""
    x X k K M B G T P b m s h d W V A J L
    Bn bn mm cm km um µm nm ms us µs ns min hr hrs sec mins secs yr yrs
    bit bits byte bytes KB kB MB GB TB PB KiB MiB GiB TiB Kb Mb Gb Tb
    Hz kHz MHz GHz kW MW mW mV mA mAh Wh kWh kJ eV keV MeV GeV dB dBm pp bp px pt
    FLOP FLOPs FLOPS GFLOP GFLOPs GFLOPS TFLOP TFLOPs TFLOPS MFLOPs MFLOPS PFLOPs TOPS
    fps FPS ppl tok toks tokens params
""".split())
_ORDINAL_OR_DIM = re.compile(r"(?:st|nd|rd|th|D|d)", re.IGNORECASE)


class _Refused(Exception):
    def __init__(self, reason: str, silent: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.silent = silent


def _inside_word(norm: str, pos: int) -> bool:
    """True when a number starting at ``pos`` would start inside a word (see the word rule)."""
    if pos == 0:
        return False
    p = norm[pos - 1]
    if p.isalnum() or p == "_":
        return True
    if p not in _JOINERS:
        return False
    j = pos - 1
    while j >= 0 and (norm[j].isalnum() or norm[j] in _JOINERS):
        if norm[j].isalpha():
            return True
        j -= 1
    return False


def _power_value(text: str) -> int:
    return int(text.translate(_SUPERSCRIPT).strip("^{}()").replace("−", "-"))


def _in_range(value: Decimal) -> bool:
    try:
        f = float(value)
    except (OverflowError, ValueError):  # pragma: no cover - float() of a Decimal saturates
        return False
    return f not in (float("inf"), float("-inf")) and (f != 0.0 or value == 0)


def _list_context(norm: str, s: int, end: int) -> bool:
    """A comma number at ``s..end`` that is an item of a list, not a decimal comma."""
    before = norm[s - 1] if s > 0 else ""
    after = norm[end] if end < len(norm) else ""
    return before == "," or (before != "" and after != "" and before in "([{" and after in ")]}")


def _read_at(norm: str, s: int) -> tuple[int, Decimal, list[str]]:
    """Read the number starting at ``s`` (sign or digit, boundaries already checked).
    Returns (end, value, notes); raises _Refused for a token that is not a number."""
    notes: list[str] = []
    sign = ""
    b = s
    if norm[s] in _SIGNS:
        sign = "-" if norm[s] in "-−–" else ""
        if norm[s] == "–":
            notes.append("en dash read as minus")
        b = s + 1
    if b == s and (m := _DATE.match(norm, b)):
        month = int(m.group("m") or m.group("m2") or m.group("m3"))
        day = m.group("d") or m.group("d2") or m.group("d3")
        if 1 <= month <= 12 and (day is None or 1 <= int(day) <= 31):
            raise _Refused("a date", silent=True)
    if _HEX.match(norm, b):
        raise _Refused("hexadecimal, not a printed number")
    if _TIME.match(norm, b):
        raise _Refused("a time or ratio, not a number")
    if _VERSION.match(norm, b):
        raise _Refused("a version or section number (more than one decimal point)")

    int_part, frac = "", ""
    run = _COMMA_RUN.match(norm, b)
    if run:
        items = run.group(0).split(",")
        if (indian := _INDIAN.fullmatch(run.group(0))) or _THOUSANDS.fullmatch(run.group(0)):
            int_part, end = run.group(0).replace(",", ""), run.end()
            if (f := _FRACTION.match(norm, end)):
                frac, end = f.group(0)[1:], f.end()
            if indian:
                notes.append("Indian digit grouping (lakh, crore) read")
        elif len(items) == 2 and len(items[1]) != 3 and not _list_context(norm, s, run.end()) \
                and not norm[run.end():run.end() + 2].startswith("."):
            int_part, frac, end = items[0], items[1], run.end()
            notes.append("decimal comma read as decimal point")
        elif len(items) == 2 and len(items[1]) == 3 and not _list_context(norm, s, run.end()):
            raise _Refused("ambiguous comma: neither thousands grouping nor a decimal comma")
        elif any(len(x) > 1 and x.startswith("0") for x in items[1:]):
            raise _Refused("irregular digit grouping")
        else:  # a list: this number is its first item
            int_part, end = items[0], b + len(items[0])
    elif (g := _GAP_GROUPED.match(norm, b)):
        int_part, end = re.sub(r"\D", "", g.group(0)), g.end()
        notes.append("space inside the number removed")
        if (f := _FRACTION.match(norm, end)):
            frac, end = f.group(0)[1:], f.end()
    else:
        p = _PLAIN.match(norm, b)
        if not p:  # pragma: no cover - _CANDIDATE guarantees a digit
            raise _Refused("not a number")
        int_part, _, frac = p.group(0).partition(".")
        end = p.end()

    mantissa = Decimal(f"{sign}{int_part or '0'}" + (f".{frac}" if frac else ""))
    exponent = None
    if (e := _EXPONENT.match(norm, end)):
        text = e.group("e") or e.group("p")
        digits = re.sub(r"[^0-9]", "", text.translate(_SUPERSCRIPT))
        if len(digits) > 6:
            raise _Refused("out of range")
        exponent, end = _power_value(text), e.end()
    elif int_part == "10" and not frac and (pw := _POWER_RE.match(norm, end)):
        if len(re.sub(r"[^0-9]", "", pw.group(0).translate(_SUPERSCRIPT))) > 6:
            raise _Refused("out of range")
        mantissa, exponent, end = Decimal(f"{sign}1"), _power_value(pw.group(0)), pw.end()
    elif norm.startswith("^", end):
        raise _Refused("a power of a base other than 10")
    if exponent is not None and abs(exponent) > 308:
        raise _Refused("out of range")  # even for a zero mantissa: no such printed value
    value = mantissa.scaleb(exponent) if exponent is not None else mantissa

    # the right boundary: footnote markers, then a non-word character or a known unit
    after = end
    while after < len(norm) and norm[after] in _FOOTNOTE_MARKS:
        after += 1
    if after < len(norm):
        c = norm[after]
        nxt = norm[after + 1:after + 2]
        if c == "." and nxt.isdigit():
            raise _Refused("more than one decimal point")
        if c == "," and nxt.isdigit() and "decimal comma read as decimal point" in notes:
            raise _Refused("irregular digit grouping")
        if c.isalnum() or c == "_":
            word = _WORD_RUN.match(norm, after).group(0)
            if exponent is None and word in UNITS:
                pass
            elif exponent is None and not frac and _ORDINAL_OR_DIM.fullmatch(word):
                raise _Refused("an ordinal or dimension", silent=True)
            else:
                raise _Refused("letters or digits glued to the number")
    if not _in_range(value):
        raise _Refused("out of range")
    return end, value, notes


def _note_for(original: str, norm_notes: list[str]) -> str:
    notes = list(norm_notes)
    if any(c in _ZERO_WIDTH for c in original):
        notes.append("zero-width character removed")
    if any(c in _GAPS for c in original) and "space inside the number removed" not in notes:
        notes.append("space inside the number removed")
    if any(not c.isascii() and c.isdecimal() for c in original):
        notes.append("non-ASCII digits read as ASCII")
    if any(c in "．－＋٫٬" for c in original):
        notes.append("full-width or Arabic separator read as ASCII")
    return "; ".join(notes)


def _digit_scripts(original: str) -> int:
    """How many digit scripts a number mixes; full-width digits count as ASCII (a width
    variant: OCR of CJK-typeset pages mixes them)."""
    zeros = {ord(c) - unicodedata.decimal(c) for c in original if c.isdecimal()}
    return len({0x30 if z == 0xFF10 else z for z in zeros})


#: A plain ASCII number whose surroundings leave the grammar nothing to decide: not inside a
#: word, no sign, and followed by space, end, ``%``, a closing bracket or sentence punctuation
#: (``.``, ``,`` and ``:`` only when no word character follows), and no `` x 10^k`` exponent.
#: Such a number is read directly (most numbers of prose and tables are of this kind);
#: everything else goes through the whole grammar. ``tests/test_numbers.py`` checks the two
#: agree on generated text.
_SIMPLE = re.compile(r"(?<![\w\-=./^,+])([0-9]{1,300}(?:\.[0-9]{1,300})?)"
                     r"(?=[ \t%)\]};!?\"']|[.,:](?!\w)|$)(?! ?[×xX·⋅*] ?10)")


#: _SIMPLE where it matches, else _CANDIDATE: at the first place a number may start, a simple
#: number is taken at once (every place _SIMPLE matches is a candidate's, so none is skipped).
_SIMPLE_OR_CANDIDATE = re.compile(f"{_START}(?:{_SIMPLE.pattern}|{_CANDIDATE.pattern})")


def count_numbers(text: str) -> int:
    """``len(find_numbers(text)[0])``, without building the numbers when every place a number
    may start in an ASCII text holds a simple one (most lines of prose); else by find_numbers."""
    if text.isascii():
        n = 0
        for m in _SIMPLE_OR_CANDIDATE.finditer(text):  # (the scan find_numbers makes, in one go)
            if m.group(1) is None:
                break
            n += 1
        else:
            return n
    return len(find_numbers(text)[0])


def find_numbers(text: str) -> tuple[list[Found], list[str]]:
    """Every printed number in running text (chart prose, captions), read whole or not at all,
    and the reasons for tokens that look like numbers but were refused (notes).

    See the module docstring for the grammar. Spans index the ORIGINAL text."""
    return _find_numbers(text, fast=True)


def _find_numbers(text: str, fast: bool) -> tuple[list[Found], list[str]]:
    norm, idx = _normalise(text)
    found: list[Found] = []
    notes: list[str] = []
    for m in _NOT_A_NUMBER.finditer(norm) if patterns.may_contain(norm, _NOT_A_NUMBER_WORDS) else ():
        notes.append(f"{text[idx[m.start()]:idx[m.end()]]!r}: not a number")
    fast = fast and norm is text  # ASCII: positions are the original's, no note to make
    pos = 0
    scan = _SIMPLE_OR_CANDIDATE if fast else _CANDIDATE
    while (m := scan.search(norm, pos)):
        s = m.start()
        if fast and (simple := m.group(1)) is not None:  # (only the fast scan has the group)
            pos = m.end()
            found.append(Found(s, pos, simple, Decimal(simple)))
            continue
        if norm[s] in _SIGNS and (_inside_word(norm, s) or (s > 0 and norm[s - 1] in _CLOSERS)):
            pos = s + 1  # a hyphen inside a word or a range: the digit is looked at next
            continue
        if _inside_word(norm, s):
            pos = s + 1
            continue
        try:
            end, value, num_notes = _read_at(norm, s)
        except _Refused as refused:
            token_end = _TOKEN_END.match(norm, s + 1).end()
            if not refused.silent:
                notes.append(f"{text[idx[s]:idx[token_end]]!r}: {refused.reason}; not read")
            pos = max(token_end, s + 1)
            continue
        start_o, end_o = idx[s], idx[end - 1] + 1
        original = text[start_o:end_o]
        if _digit_scripts(original) > 1:
            notes.append(f"{original!r}: digits of two scripts in one number; not read")
        else:
            found.append(Found(start_o, end_o, original, value, _note_for(original, num_notes)))
        pos = end
    return found, notes


def read_number(text: str) -> Found:
    """One whole printed number (surrounding whitespace allowed); ValueError with a reason
    otherwise (a date, a list, a number with a unit or with trailing text is not one number)."""
    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    found, notes = find_numbers(stripped)
    if notes:
        raise ValueError(f"not a number: {notes[0]}")
    if len(found) != 1:
        raise ValueError(f"not one number: {text!r}" + (f" ({len(found)} numbers)" if found else ""))
    f = found[0]
    if f.start != 0 or f.end != len(stripped):
        raise ValueError(f"not a number: {text!r} has text around the number {f.text!r}")
    return Found(f.start + lead, f.end + lead, f.text, f.value, f.note)


def normalise_digits(text: str) -> str:
    """Map full-width digits and dash-like minus signs to ASCII; leaves other text alone."""
    return text.translate(_TRANSLATE)


def parse_decimal(text: str) -> Decimal:
    """Parse one printed number; raise ValueError with a readable reason otherwise.

    Plain numbers (``84.0``, ``-0.63``, full-width digits) as before; anything else
    :func:`read_number` accepts (``1,000``, ``2.5E+05``, ``3×10^5``) too."""
    cleaned = normalise_digits(text.strip())
    if _NUMBER_FULL.match(cleaned):
        try:
            return Decimal(cleaned)
        except InvalidOperation:  # pragma: no cover - the regex admits only valid literals
            pass
    try:
        return read_number(text).value
    except ValueError as exc:
        raise ValueError(f"not a number: {text!r} ({exc})") from None


def is_number(text: str) -> bool:
    """A plain printed number (sign, digits, decimal point): what ``float()`` reads too."""
    return bool(_NUMBER_FULL.match(normalise_digits(text.strip())))


def decimal_text(value: Decimal | None) -> str:
    """The canonical text of a value (keeps trailing zeros, never scientific notation)."""
    if value is None:
        return ""
    text = format(value, "f")
    return "0" if text in ("-0", "+0") else text


def decimals_of(value: Decimal) -> int:
    """Printed decimal places: the tolerance of a check follows the printed precision."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
