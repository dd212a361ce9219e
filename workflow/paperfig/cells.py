"""The grammar of one printed table cell (pure functions, no document state).

A cell of an extracted table is one of these shapes (numbers are read by
``numbers.read_number``, the one number grammar of the project, so a cell number is read whole
or not at all):

=====================  ==========================================================
``84.0``               a plain number: one part ``value``; also ``41,021.00`` (thousands
                       grouping), ``1.2e-3``, ``3×10^5`` (scientific: value "0.0012",
                       "300000"), ``+1.12%`` (value "1.12")
``-``                  not reported: one part ``missing`` with value "" (never zero); also
                       ``–``, ``—``, ``−``, ``--``, ``N/A``, ``n/a``, ``NA``, ``n.a.``, ``✗``
                       and ``×`` alone
``88.5/84.3``          a pair (spaces around the slash allowed): parts ``first`` and
                       ``second``; ``part_name`` comes from the pair in the header
                       (``MRPC (F1/Acc)`` -> F1, Acc; ``MNLI-m/mm`` -> m, mm), else
                       "first"/"second"
``85.3 (-5.6)``        value with delta: parts ``value`` and ``delta`` (``(+1.3)``,
                       ``(-0.0)`` too; "-0.0" keeps its sign)
``81.2 ± 0.3``         value with error: parts ``value`` and ``error`` (part_name "±");
                       also ``81.2±0.3`` and ``81.2 (±0.3)``; with the range or an interval
                       after it (``97.2 ± 41.5 (22–188)``) also ``low`` and ``high``
``1.4 1.6``            two numbers under a column whose cells all hold two numbers:
                       parts ``first``/``second`` (names from the header only when it
                       names both, e.g. "absolute"/"relative"; else "first"/"second")
``41.3 ms``            a value with a unit word after it (``13.5 GB``, ``2450 tokens/s``,
                       ``12 layers``): the word is the value's unit (printed in the cell)
``81.5/81.0 (-5.2)``   a pair with a delta: parts ``first``, ``second`` and ``delta``
``1.38 [1.19, 1.60]``  a value with its interval (a confidence interval, an IQR, a range):
                       parts ``value``, ``low`` and ``high``; brackets or parentheses, the
                       bounds separated by a comma, a semicolon, a dash or "to" (``71
                       [62–80]``, ``2.04 (1.77-2.35)``, ``-0.12 (-0.30 to 0.06)``); the
                       interval alone in brackets (``[1.19, 1.60]``) gives ``low``/``high``.
                       A bare range of whole numbers (``62–80``) is read only in a column
                       whose header names an interval (``95% CI``, ``IQR``, ``range``):
                       elsewhere a label may print one (``2019–2020``); one of decimals
                       (``1.29–3.55``) anywhere; bounds listed with a comma and a space
                       (``0.05, 0.23``) only under such a header. The name of an effect measure before the
                       value (``IRR 0.72 (0.58–0.89)``, ``aOR 2.1``) is kept as the qualifier
``95.9 (93/97)``        a proportion with its count out of the total (a sensitivity, a response
                       rate): parts ``value``, ``first`` (part_name "count") and ``second``
                       ("total"); an interval after it (``95.9 (93/97) [89.8–98.9]``) adds
                       ``low`` and ``high``
``± 0.1``              an error printed in a cell of its own: one part ``error``
``12% reduction``      a value with a trailing qualifier word (``reduction``, ``slower``,
                       ``faster``, ``speedup``, ``improvement``, ``lower``, ``higher``,
                       ``(baseline)``, ``(ours)``, ...): the number is read, the words are
                       kept in ``Part.qualifier``
=====================  ==========================================================

Every number may carry a unit suffix (``x``, ``×`` -> unit "x"; ``X`` -> unit "x" with flag
"uppercase-x"; ``%``, ``°`` (degrees, or OCR's reading of a superscript mark), ``M``, ``B``,
``k``/``K``: the value stays as printed before the suffix, e.g. ``109M`` -> 109 M; ``T`` and
``G`` too, ``2.0T`` tokens), a currency before it (``$24.10``, ``€1,250``, ``−$3.20``: the
currency is the unit, ``$1.2M`` -> unit "$M"; a CJK typeface's full-width parentheses and
percent, ``87（14.2）``, are read as ASCII with a "normalised_digits" note) and markers, printed
against the number or apart from it (``16.9 †``): footnote markers after or before the number
(``*``, ``∗``, ``†``, ``‡``, ``§``, ``¶``, superscripts ``¹²³``/``ᵃ``, ``^a``, ``^{*}``,
pandoc's ``[^moe]``) -> flag "footnote"; ``(?)`` -> flag "uncertain"; an approximation mark
before it (``~9.8``, ``≈ 7.4``: a model's table read off a chart) -> flag "approximate"; a bound
``<0.1``, ``>99``, ``≤``, ``≥`` -> flag "bound" (the token keeps the printed direction); an
arrow or triangle before or after the number (``▲ 0.1``, ``42.1↑``, ``▼0.3``: slides mark a
change or the better direction) -> flag "direction", the value as printed (the arrow is no
sign). Significance letters after a value (``3.12 ± 0.14 c``, ``8.05 ab``, glued to an error
``68.4 ± 2.1ab``: Tukey groups) -> flag "significance". A signed number alone in parentheses
(``(−3.9)``) is a delta, an unsigned one (``(.021)``, a standard error printed under its value)
an error, and so is a decimal alone in brackets (``[0.311]``). A yes/no mark (``Yes``, ``No``,
``✓``) is text: no value, a "text_cell" note. A lone quote or comma printed apart after a value
(``53.3 '``) is OCR noise: dropped, with a note ("ocr_noise"); a ± that OCR read as ``t``,
``£``, ``#``, ``+`` or ``=`` between a value and its error (``94.3 t0.6``, ``91.8+0.9``, ``71.6 +
3.2``; also before a range, ``48.6 + 9.2 (31-64)``) is read as ± with a note ("ocr_plus_minus"),
and a parenthesis OCR closed with a bracket or a brace (``19 (33.9]``) as a parenthesis, with a
note ("ocr_bracket"). ``10⁵`` and ``10^5`` are powers of ten (as
in running text), a superscript after any other number is a footnote. Values are the printed
text of the number (``decimal_text``: "84.0" stays "84.0"). A cell without its own unit takes
the column's unit (header ``Memory (MB)``, caption "latency (in seconds)"); ``Part.unit_source``
says which ("cell" or "column") so a renderer shows only printed units.

A cell that looks numeric but cannot be parsed (``8.2.1``, ``1e400``, ``NaN``, ``12,5`` -- a
decimal comma is not read in a table, whose other cells print decimal points) yields no parts
and a note ("unparseable_cell"); full-width or other non-ASCII digits, zero-width characters
or spaces inside a number parse with a note ("normalised_digits"). Notes are returned, never
raised: the caller turns them into ``parse_notes`` records with the document location.

Label columns: :func:`numeric_cell` / :func:`value_like` say True for every value shape above
and False for names that contain numbers (``W8A8``, ``Llama-2-7B``, ``GPT-4``, ``4-bit``,
``ResNet-50``, ``2:4 sparsity``). ``7B`` alone is a number with unit B (a model size in a label
column reads the same): label detection must use the column, not one cell.

Row labels are normalised by :func:`normalise_label`: LaTeX/HTML subscripts become a
hyphen and lower case (``BERT _{BASE}``, ``$BERT_{BASE}$``, ``BERT <sub>BASE</sub>`` ->
``BERT-base``, the form the papers print in running text), ``$`` and ``\\mathrm{}``
wrappers are dropped, superscripts removed, whitespace collapsed.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import NamedTuple

from . import numbers

#: The table readers ask the same questions of one cell text several times (a reader's header
#: test, label columns, logical rows, sub-columns), and a long document prints the same cell
#: texts again and again ("-", "0.0", its row names): the pure functions of a text marked
#: ``@_remember`` below remember their last answers (bounded, so memory stays flat however long
#: the document; only immutable answers: strings, booleans, tuples).
_remember = functools.lru_cache(maxsize=1 << 12)

#: Cells that mean "not reported" (ASCII hyphen, en/em dash, Unicode minus, words, crosses).
MISSING_MARKS = frozenset({"-", "–", "—", "−", "--", "---", "––", "——", "−−", "✗", "✘", "×",
                           # a dash as OCR with a CJK model reads it: '一', 'ー', full-width '－', '―'; as
                           # Tesseract reads a dash printed low: '_'
                           "一", "ー", "－", "―", "_"})
#: Yes/no marks of a value column (a regression table's "fixed effects: Yes"): text, noted.
TEXT_MARKS = frozenset({"yes", "no", "✓", "✔", "y", "n"})
#: A currency printed apart from its number (``US$ 2.85``, ``€ 1,250``).
_SPACED_CURRENCY = re.compile(r"^[-+−]?(?:US|A|C|NZ|HK|R)?[$€£¥₹₦₱₩]\s+(?=[-+−]?\d)")
#: An approximation mark before a number (``~9.8``, ``≈ 7.4``): the value is read, flagged.
_APPROX_MARK = re.compile(r"^[~≈∼]\s?(?=[-+−]?\.?\d)")
#: Full-width parentheses, brackets, percent and colon (a CJK typeface, Chinese OCR models): ASCII.
_FULLWIDTH_PUNCT = str.maketrans("（）［］％：", "()[]%:")
_FULLWIDTH_PUNCT_CHARS = frozenset("（）［］％：")
#: The reference category of a comparison, printed where its ratio or p-value would stand.
REFERENCE_MARKS = frozenset({"ref", "ref.", "reference", "referent"})
#: Words for a value not given: not applicable, not detected (``nd.``, ``b.d.l.``, ``<LOD``), not
#: reported, not significant.
_MISSING_WORDS = frozenset({"n/a", "na", "n.a.", "n.a", "n/a.", "nd", "nd.", "n.d.", "n.d", "bdl", "b.d.l.", "b.d.l",
                            "b.d.", "<lod", "< lod", "<loq", "< loq", "<l0q", "<l0d", "nr", "n.r.", "ns", "n.s.", "ne",
                            "nm", "tr", "tr.", "trace"})

_ELEMENT = re.compile(r"^[A-Z][a-z]$")
_MARK_CHARS = "*∗⋆†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮꟲᴰᴱꟳᴳ"
_MARKS = rf"(?:[{_MARK_CHARS}]|\^\{{[a-z*†‡§¶]{{1,3}}\}}|\^[a-z*†‡§¶]|\[\^[\w-]{{1,20}}\])+"  # [^moe]: pandoc
_ZW_GAPS = "\u00a0\u2009\u202f\u200b\u200c\u200d\u2060"
#: The number of a token: checked afterwards by ``numbers.read_number``.
_NUM_PART = (rf"[-+−–]?[\d.,{_ZW_GAPS}]+(?:[eE][-+−]?\d+"
             r"|\s?[×xX·⋅]\s?10(?:\^\{?[-+−]?\d+\}?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?")
#: The ``×`` of a power of ten spaced on one side only (``3.1× 10^{-7}``, ``3.1 ×10⁻⁷``).
_TIMES_TEN = re.compile(r"(?<=\d)(?:×\s+|\s+×)(?=10(?:\^|[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹]))")
#: A currency before the number (``$24.10``, ``€1,250``, ``US$ 12.5``; a sign may stand before it:
#: ``−$3.20``): the value's unit.
_CURRENCY = r"(?P<csign>[-+−–])?(?P<cur>(?:US|A|C|NZ|HK|R)?[$€£¥₹₦₱₩])\s?"
_TOKEN = re.compile(
    rf"^(?P<pre>{_MARKS})?(?P<bound>[<>≤≥]\s*)?(?:{_CURRENCY})?(?P<num>{_NUM_PART})\s*(?P<unit>%|[xX×°]|[MBkKTG])?"
    rf"(?P<marks>{_MARKS})?\s*(?P<q>\(\?\))?$"
)
_DELTA = re.compile(r"^(?P<v>[^()\s]+(?:\s*\(\?\))?)\s*\(\s*(?P<d>[-+]?[^()\s]+)\s*\)$")
_ERROR = re.compile(r"^(?P<v>[^()\s±]+)\s*(?:±\s*(?P<e>[^()\s±]+)|\(\s*±\s*(?P<e2>[^()\s±]+)\s*\))$")
_BOUND = r"[-+−]?(?:[^()\[\]\s,;–—-]|,(?=\d{3}(?!\d)))+"  # '1,048': a thousands comma inside a bound
#: Between an interval's bounds: a dash, a comma, a semicolon, "to" (glued by OCR, ``-10.1to-0.9``,
#: or misread as ``t0``).
_TO = r"(?:--|[,;–—-]|\bto\b|(?<=\d)t[o0](?=\s*[-+−]?\d))"
_LOW = _BOUND[:-1] + "+?"  # (the low bound ends at the first separator: '-10.1to-0.9')
_INTERVAL = re.compile(
    rf"^(?:(?P<v>[^()\[\]\s]+)\s*)?(?:\[\s*(?P<lo>{_LOW})\s*{_TO}\s*(?P<hi>{_BOUND})\s*\]"
    rf"|\(\s*(?P<lo2>{_LOW})\s*{_TO}\s*(?P<hi2>{_BOUND})\s*\))$")
#: Footnote marks after a closing parenthesis or bracket (``1.24 (1.10 to 1.40)†``, ``4 (1.9)b``;
#: a Tukey group ``17.3 (24.6)cd``).
_MARKS_AFTER_INTERVAL = re.compile(r"(?<=[)\]])(?:[*∗†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠ]+|[a-h]|(?=[a-g]{2,3}$)a?b?c?d?e?f?g?)$")
_EXPONENT = re.compile(r"[eE][-+−]?\d|10(?:\^|[⁻⁺⁰¹²³⁴⁵⁶⁷⁸⁹])")
_PAIR = re.compile(r"^(?P<a>[^/\s]+)\s*/\s*(?P<b>[^/\s]+)$")
#: Words after a value that say what it means; kept as ``Part.qualifier``.
_QUALIFIER = re.compile(
    r"(?:\s+(?:reduction|slower|faster|speedup|speed-up|improvement|lower|higher|better|worse|"
    r"smaller|larger|increase|decrease|fewer|less|more|gain|drop)\b"
    r"|\s*\((?:baseline|ours|reference|ref\.?)\))+$", re.IGNORECASE)
_HEADER_PAIR = re.compile(r"([A-Za-z0-9]+)/([A-Za-z0-9]+)")
_NUMERIC_WORDS = re.compile(r"^(?:nan|inf|infinity|n/?a|n\.a\.?|--+|—+|–+)$", re.IGNORECASE)
_SPACED_SLASH = re.compile(r"(?<=[\d%xX*])\s*/\s*(?=[-+]?[\d.])")

#: Units written in a header's parentheses, e.g. ``Memory (MB)``, ``Prune Ratio(%)``.
_HEADER_UNITS = {
    "%": "%", "%age": "%", "percent": "%", "mb": "MB", "gb": "GB", "kb": "KB",
    "gflops": "GFLOPs", "flops": "FLOPs", "ms": "ms", "s": "s", "sec": "s",
    "seconds": "s", "in seconds": "s", "in ms": "ms", "milliseconds": "ms",
    "in milliseconds": "ms", "times": "x", "x": "x",
}
_CAPTION_UNIT = re.compile(r"\(\s*in\s+(seconds|milliseconds|ms|minutes|hours)\s*\)", re.IGNORECASE)
_CAPTION_UNITS = {"seconds": "s", "milliseconds": "ms", "ms": "ms", "minutes": "min", "hours": "h"}


class Part(NamedTuple):
    """One numeric value of a cell (or the missing marker). (Immutable; a named tuple: a long
    document makes one per value, and a named tuple is built faster than a frozen dataclass.)"""

    part: str  # value | first | second | delta | error | low | high | missing
    part_name: str
    value: str  # printed number text, "" for missing
    unit: str = ""
    flag: str = ""  # ";"-joined: uppercase-x, footnote, uncertain, bound
    token: str = ""  # the printed text of this part
    unit_source: str = ""  # "cell" (printed suffix), "column" (header or caption), "" (no unit)
    qualifier: str = ""  # words printed after the value: "reduction", "faster", "(baseline)"


@dataclass(frozen=True)
class CellNote:
    kind: str
    message: str
    token: str


@dataclass(slots=True)
class CellResult:
    parts: list[Part] = field(default_factory=list)
    notes: list[CellNote] = field(default_factory=list)


@dataclass(frozen=True)
class Token:
    value: str
    unit: str
    flag: str


def is_blank(text: str) -> bool:
    return not text.strip()


def is_missing(text: str) -> bool:
    """A dash (any variant, single or doubled, or as OCR with a CJK model reads it, ``一``; with
    a footnote's letter or mark, ``—b``, or a remark in words, ``— (no bar shown)``),
    ``N/A``, ``n/a``, ``NA``, ``n.a.``, ``✗`` or ``×`` alone, or a word for a value not given
    (``nd.``, ``b.d.l.``, ``<LOD``, ``NR``, ``NS``, ``tr`` for a trace): not reported. An element's symbol (``Nd``,
    ``Ne``) is no such word."""
    t = text.strip()
    if t in MISSING_MARKS or (t.lower() in _MISSING_WORDS and not _ELEMENT.match(t)):
        return True
    if t.endswith(")") and (remark := _DASH_REMARK.match(t)):  # '— (no bar shown)': a dash and why
        return is_missing(remark.group(1))
    return bool(_MARKED_DASH.match(t))  # a dash with its footnote: '—b', '–*' ('not measured, see b')


#: A dash with a footnote's letter or mark after it (``—b``, ``–a``, ``-*``, ``—†``).
_MARKED_DASH = re.compile(r"^(?:[-–—−]|--)(?:[a-h]|[*∗†‡§¶]{1,2})$")
#: A missing mark and a remark in words saying why (``— (no bar shown)``, ``n/a (not measured)``).
_DASH_REMARK = re.compile(r"^(\S{1,4})\s+\([A-Za-z][A-Za-z ,;'-]*\)$")


def split_qualifier(text: str) -> tuple[str, str]:
    """``12% reduction`` -> ("12%", "reduction"); ``0% (baseline)`` -> ("0%", "(baseline)");
    text without a trailing qualifier -> (text, "")."""
    t = text.strip()
    m = _QUALIFIER.search(t)
    if not m or not t[:m.start()].strip():
        return t, ""
    return t[:m.start()].strip(), " ".join(m.group(0).split())


def looks_numeric(text: str) -> bool:
    """Text a reader would take for a number (so failing to parse it is worth a note)."""
    t = numbers.normalise_digits(text.strip())
    if not t:
        return False
    if _NUMERIC_WORDS.match(t):
        return True
    return bool(re.search(r"\d", t))


def _read(text: str) -> numbers.Found:
    """``numbers.read_number``, without the decimal comma (tables print decimal points)."""
    found = numbers.read_number(text)
    if "decimal comma" in found.note:
        raise ValueError(f"decimal comma in a table cell: {text!r}")
    return found


def parse_token(text: str) -> Token:
    """One printed number with optional unit suffix and markers; ValueError otherwise."""
    cleaned = text.strip()
    try:
        whole = _read(cleaned)  # plain, grouped, scientific, 10^5
        return Token(value=numbers.decimal_text(whole.value), unit="", flag="")
    except ValueError:
        pass
    m = _TOKEN.match(cleaned)
    if not m:
        raise ValueError(f"not a number: {text!r}")
    value = numbers.decimal_text(_read(m.group("num")).value)
    unit = m.group("unit") or ""
    if m.group("cur"):
        if m.group("csign") and m.group("num")[:1] in "-+−–":
            raise ValueError(f"two signs: {text!r}")
        if m.group("csign") in ("-", "−", "–"):
            value = numbers.decimal_text(-Decimal(value))
        unit = m.group("cur") + unit  # '$24.10': dollars; '$1.2M': millions of dollars
    if unit and _EXPONENT.search(m.group("num")):
        raise ValueError(f"a unit after an exponent: {text!r}")  # 83.7e0x: never a prefix
    flags = []
    if unit == "X":
        flags.append("uppercase-x")
    if unit in ("X", "x", "×"):
        unit = "x"
    if m.group("marks") or m.group("pre"):
        flags.append("footnote")
    if m.group("q"):
        flags.append("uncertain")
    if m.group("bound"):
        flags.append("bound")
    return Token(value=value, unit=unit, flag=";".join(flags))


@_remember
def is_number_token(text: str) -> bool:
    try:
        parse_token(text)
    except ValueError:
        return False
    return True


def split_pair(text: str) -> tuple[str, str] | None:
    """``88.5/84.3``, ``84.3/ 83.4``, ``86.8 /81.7`` -> the two printed halves."""
    m = _PAIR.match(numbers.normalise_digits(text.strip()))
    if not m:
        return None
    a, b = m.group("a"), m.group("b")
    if is_number_token(a) and is_number_token(b):
        return a, b
    return None


def split_delta(text: str) -> tuple[str, str] | None:
    """``85.3 (-5.6)`` -> ("85.3", "-5.6"); marks after the parenthesis are the value's
    footnote (``112 (68.3)***``)."""
    m = _DELTA.match(_MARKS_AFTER_INTERVAL.sub("", numbers.normalise_digits(text.strip())))
    if not m:
        return None
    v, d = m.group("v"), m.group("d")
    if is_number_token(v) and is_number_token(d):
        return v, d
    return None


def split_interval(text: str) -> tuple[str, str, str] | None:
    """``1.38 [1.19, 1.60]`` -> ("1.38", "1.19", "1.60"); ``[62–80]`` -> ("", "62", "80"); a
    footnote mark after the interval (``1.24 (1.10 to 1.40)†``) is the value's."""
    m = _INTERVAL.match(_MARKS_AFTER_INTERVAL.sub("", text.strip()))
    if not m:
        return None
    v, lo, hi = m.group("v") or "", m.group("lo") or m.group("lo2"), m.group("hi") or m.group("hi2")
    if (not v or is_number_token(v)) and is_number_token(lo) and is_number_token(hi):
        if _THOUSANDS_NOT_BOUNDS.search(text) and (not v and _THOUSANDS_NOT_BOUNDS.fullmatch(text.strip())
                                                    or v and not _within(v, lo, hi)):
            return None  # '1,455 (1,080)', '(1,302)': an SD of thousands, no interval (1, 080)
        return v, lo, hi
    return None


#: Parentheses holding what reads as a number with a thousands comma (``(1,080)``).
_THOUSANDS_NOT_BOUNDS = re.compile(r"[(\[]\s*\d{1,3},\d{3}\s*[)\]]")


def _within(v: str, lo: str, hi: str) -> bool:
    """The value lies between the bounds (an interval holds its estimate)."""
    try:
        x, a, b = (numbers.parse_decimal(t) for t in (v, lo, hi))
    except (ValueError, ArithmeticError):
        return True
    return None in (x, a, b) or min(a, b) <= x <= max(a, b)


def split_error(text: str) -> tuple[str, str] | None:
    """``81.2 ± 0.3``, ``81.2±0.3``, ``81.2 (±0.3)`` -> ("81.2", "0.3")."""
    m = _ERROR.match(numbers.normalise_digits(text.strip()))
    if not m:
        return None
    v, e = m.group("v"), m.group("e") or m.group("e2")
    if is_number_token(v) and is_number_token(e):
        return v, e
    return None


_C = r"(?:[^\s/()\[\]±]|(?<=\d)[\u00a0\u2009\u202f](?=\d{3}(?!\d)))"  # a group space inside 41 021
_VALUE_TOKEN = re.compile(
    rf"{_C}+\s*\(\s*\d[\d,]*\s*/\s*\d[\d,]*\s*\)(?:\s*[(\[][^()\[\]]*[)\]])?|"  # '95.9 (93/97) [89.8–98.9]'
    rf"(?:[<>≤≥]\s*)?{_C}+(?:\s*[×xX·⋅]\s*10(?:\^{_C}+|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))?(?:\s+[%×](?=\s|$))?"
    rf"(?:\s*/\s*{_C}+)?"
    rf"(?:\s*±\s*{_C}+)?(?:\s*\([^()]*\)(?:[*∗†‡§¶¹²³⁴⁵⁶⁷⁸⁹⁰ᵃᵇᶜᵈᵉᶠ]+|[a-g]{{2,3}}(?![a-z])|[a-h])?|\s*\[[^\[\]]*\](?:[*∗†‡§¶]+|(?<=\])[a-h](?![a-z]))?)?|\([^()]*\)|\[[^\[\]]*\]|/")


def value_tokens(text: str) -> list[str]:
    """Split a cell into its printed values, each as printed: a pair with spaces around its
    slash (``86.8 /81.7``), a value with its parenthesised delta or ``(?)``, a value with its
    error (``81.2 ± 0.3``) and a value with its qualifier (``12% reduction``) stay one token.
    Text the tokens do not cover (a stray bracket: ``)0)0``) makes the whole cell one token,
    so it is reported as unparseable instead of being read as values."""
    return list(_value_tokens(text))


@_remember
def _value_tokens(text: str) -> tuple[str, ...]:
    core, qualifier = split_qualifier(text)
    tokens = [m.group(0) for m in _VALUE_TOKEN.finditer(core)]
    if "".join("".join(tok.split()) for tok in tokens) != "".join(core.split()):
        return (text.strip(),) if text.strip() else ()
    if qualifier and tokens:
        tokens[-1] = text.strip()[text.strip().rindex(tokens[-1]):]
    return tuple(tokens)


@_remember
def is_value_text(text: str) -> bool:
    """A single printed value of any shape (number, pair, value+delta, value±error, missing,
    each with an optional qualifier)."""
    t, _ = split_qualifier(text)
    if is_missing(t):
        return True
    return (is_number_token(t) or split_pair(t) is not None or split_delta(t) is not None
            or bool(_GLUED_LETTER.match(t)) or _error_then_paren(t) or _error_then_interval(t)
            or _value_count(t) is not None
            or split_error(t) is not None or split_interval(t) is not None or _is_pair_delta(t)
            or bool(_LONE_ERROR.match(t))
            or _lone_number(_LONE_DELTA, t, "d") or _lone_number(_LONE_PAREN, t, "e"))


#: The part names of a proportion's count and total (``95.9 (93/97)``): no pair of scores.
COUNT_NAMES = ("count", "total")
#: A proportion with its count out of the total, and its interval after (``95.9 (93/97)``,
#: ``62.8% (93/148) [54.5–70.6]``).
_VALUE_COUNT = re.compile(r"^(?P<v>[^\s()\[\]/]+)\s*\(\s*(?P<a>\d[\d,]*)\s*/\s*(?P<b>\d[\d,]*)\s*\)"
                          r"(?:\s*(?P<iv>[(\[][^()\[\]]+[)\]]))?$")


def _value_count(t: str) -> tuple[str, str, str, tuple[str, str, str] | None] | None:
    """``95.9 (93/97) [89.8–98.9]`` -> ("95.9", "93", "97", ("", "89.8", "98.9")); a count
    larger than its total is no count of it (None)."""
    m = _VALUE_COUNT.match(t)
    if not m or not all(is_number_token(m.group(k)) for k in "vab"):
        return None
    iv = split_interval(m.group("iv")) if m.group("iv") else None
    if m.group("iv") and (iv is None or iv[0]):
        return None
    if numbers.parse_decimal(m.group("a")) > numbers.parse_decimal(m.group("b")):
        return None
    return m.group("v"), m.group("a"), m.group("b"), iv


def _error_then_paren(t: str) -> bool:
    m = _ERROR_THEN_PAREN.match(t)
    return bool(m) and split_error(m.group("ve")) is not None and is_number_token(m.group("d"))


def _error_then_interval(t: str) -> bool:
    m = _ERROR_THEN_INTERVAL.match(t)
    return bool(m) and split_error(m.group("ve")) is not None and (iv := split_interval(m.group("iv"))) is not None \
        and not iv[0]


def _lone_number(rx: re.Pattern, t: str, group: str) -> bool:
    m = rx.match(t)  # ('[0.311]' matches _LONE_PAREN's bracket branch: its number is 'e2')
    return bool(m) and is_number_token(m.group(group) or m.groupdict().get(group + "2") or "")


def _is_pair_delta(t: str) -> bool:
    m = _PAIR_DELTA.match(t)
    return bool(m) and all(is_number_token(m.group(k)) for k in ("a", "b", "d"))


def is_value_token(text: str) -> bool:
    """One whitespace-free token that is a value: ``74.7%``, ``1.0×``, ``-``, ``N/A``,
    ``41,021.00``, ``+1.12%``, ``88.5/84.3``, ``3.2e-4``, ``85.3*``, ``12.1†`` (not ``FP16``,
    ``W8A8``). ``7B`` is a value (7, unit B): telling a model size in a label column from a
    value needs the column, not the token."""
    t = text.strip()
    return bool(t) and not any(c.isspace() for c in t) and is_value_text(t)


@_remember
def numeric_cell(text: str) -> bool:
    """True when every whitespace-separated value of the cell is a value (for layout); a unit
    word after the value (``41.3 ms``) belongs to it, and so do significance letters (``8.05 ab``)."""
    if "0s" in text and _DECADE.match(text.strip()):
        return False
    text = _close_up(text)
    if text[:1] in "~≈∼" and (approx := _APPROX_MARK.match(text)):
        text = text[approx.end():]
    if _FULLWIDTH_PUNCT_CHARS.intersection(text):
        text = text.translate(_FULLWIDTH_PUNCT)
    if measure := _MEASURE.match(text.strip()):  # 'RR 0.76 (0.60–0.97)': the measure's name first
        text = text.strip()[measure.end():]
    if (pm := _PM_MISREAD.match(text.strip())) and is_number_token(pm["v"]) and is_number_token(pm["e"]):
        return True  # '1.533 + 0.002': a value and its error, the ± misread by OCR (parse_cell reads it)
    if pm := _PM_MISREAD_INTERVAL.match(text.strip()):  # '48.6 + 9.2 (31-64)' (parse_cell reads it)
        return numeric_cell(f"{pm['v']} ± {pm['rest']}")
    if (vn := _VALUE_ND_RANGE.match(text.strip())) and is_number_token(vn["v"]):
        return True  # '2.3 (<LOD–8.9)': a value and its range from below detection (parse_cell reads it)
    if "土" in text or "士" in text:
        text = _close_up(_CJK_PM.sub(" ± ", text))
    if "±" in text and (glued := _GLUED_SIG.search(text)):  # '405 ± 9b': letters glued to the error
        text = text[:glued.start()] + " " + text[glued.start():]
    text = _SIG_LETTERS.sub("", tidy_cell(text)[0])
    toks = value_tokens(text)
    return bool(toks) and all(is_value_text(t) for t in toks)


#: A decade (``1980s``, ``’90s``): a period's name, label text, never 1980 seconds.
_DECADE = re.compile(r"^(?:(?:1[5-9]|20)\d0|['’]\d0)s$")


_VALUE_LIKE = re.compile(r"^[\d.,+\-−–eE/%xX×*†‡§¶±<>≤≥()?\s" + _MARK_CHARS[5:] + r"]+$")


_DIMENSIONS = re.compile(r"^\d+\s*[xX×]\s*\d+(?:\s*[xX×]\s*\d+)?$")


@_remember
def decimal_interval(text: str) -> bool:
    """A bare interval of two decimals (``1.29–3.55``, ``-5.98 to -4.84``, ``-5.98to-4.84``)."""
    return bool(_DECIMAL_RANGE.match(numbers.normalise_digits(text.strip())))


def value_like(text: str) -> bool:
    """A cell that is, or is meant to be, a value (``numeric_cell`` or garbled numbers such as
    ``8.2.1``, ``1e400``, ``NaN``, ``--``; an interval of decimals, ``-5.98 to -4.84``): such a
    column is never a label column. Dimensions
    (``512 x 512``, ``224×224``) name a setting and decades (``1980s``) a period: label text."""
    t = numbers.normalise_digits(text.strip())
    if not t or (_DIMENSIONS.match(t) and not numeric_cell(t)) or _DECADE.match(t):
        return False
    return numeric_cell(t) or bool(_NUMERIC_WORDS.match(t)) or bool(_DECIMAL_RANGE.match(t)) or (
        bool(re.search(r"\d", t)) and bool(_VALUE_LIKE.match(t)))


def pair_names(header: str) -> tuple[str, str] | None:
    """The names of a pair announced by a header: ``MRPC (F1/Acc)`` -> ("F1", "Acc"),
    ``MNLI (acc m/mm)`` -> ("m", "mm"), ``MNLI-m/mm`` -> ("m", "mm")."""
    found = [(a, b) for a, b in _HEADER_PAIR.findall(header or "") if a.lower() != "w"]  # not "w/o"
    return found[-1] if found else None


def subcolumn_names(header: str, k: int) -> list[str]:
    """Names for ``k`` numbers printed in one cell: only when the header names all of them
    (``absolute``/``relative``); otherwise "first"/"second"."""
    defaults = ["first", "second"][:k]
    words = re.findall(r"[A-Za-z]+", (header or "").lower())
    named = [w for w in words if w in ("absolute", "relative")]
    if len(named) == k and len(set(named)) == k:
        return named
    return defaults


def header_unit(header: str) -> str:
    """A unit written in the header's parentheses (``Memory (MB)`` -> "MB"), else ""."""
    for inner in re.findall(r"\(([^()]*)\)", header or ""):
        unit = _HEADER_UNITS.get(inner.strip().lower())
        if unit:
            return unit
    return ""


def caption_unit(caption: str) -> str:
    """A unit announced by a caption, e.g. "latency (in seconds)" -> "s"; "" otherwise."""
    found = {_CAPTION_UNITS[m.lower()] for m in _CAPTION_UNIT.findall(caption or "")}
    return found.pop() if len(found) == 1 else ""


_ODD_INSIDE = frozenset("\u00a0\u2009\u202f\u200b\u200c\u200d\u2060\ufeff")


def _digit_note(text: str) -> list[CellNote]:
    if (numbers.normalise_digits(text) != text or any(c in _ODD_INSIDE for c in text)
            or any(not c.isascii() and c.isdecimal() for c in text)):
        return [CellNote("normalised_digits", f"non-ASCII digits, signs or spaces normalised in {text!r}",
                         text)]
    return []


def _flagged(part: Part, flag: str) -> Part:
    """The part with ``flag`` added to its flags (``bound;footnote``)."""
    return part._replace(flag=";".join(x for x in (part.flag, flag) if x))


def _part(part: str, name: str, token_text: str, default_unit: str, qualifier: str = "") -> Part:
    tok = parse_token(token_text)
    source = "cell" if tok.unit else ("column" if default_unit else "")
    return Part(part=part, part_name=name, value=tok.value, unit=tok.unit or default_unit,
                flag=tok.flag, token=token_text.strip(), unit_source=source, qualifier=qualifier)


def _with_partner(first: Part, part: str, name: str, token_text: str, default_unit: str,
                  qualifier: str) -> Part:
    """A delta, error or interval bound: it takes the value's printed unit when it prints none."""
    return _part(part, name, token_text, first.unit if first.unit_source == "cell" else default_unit,
                 qualifier)


def parse_value(text: str, pair: tuple[str, str] | None = None, default_unit: str = "") -> CellResult:
    """One printed value (number, missing mark, pair, value-with-delta, value ± error, each
    with an optional qualifier) -> its parts."""
    res = CellResult()
    if not text.strip():
        return res
    t, qualifier = split_qualifier(text)
    if is_missing(t):
        res.parts.append(Part("missing", "", "", "", "", t, qualifier=qualifier))
        return res
    if vi := split_interval(t):  # the dash between the bounds is no odd sign: only bounds get notes
        res.notes.extend([note for printed in vi if printed for note in _digit_note(printed)][:1])
        value = _part("value", "", vi[0], default_unit, qualifier) if vi[0] else None
        if value and _MARKS_AFTER_INTERVAL.search(t):  # '1.24 (1.10 to 1.40)†': the value's footnote
            value = _flagged(value, "footnote")
        res.parts += [value] if value else []
        for part, bound in (("low", vi[1]), ("high", vi[2])):
            res.parts.append(_with_partner(value, part, "", bound, default_unit, qualifier) if value
                             else _part(part, "", bound, default_unit, qualifier))
        return res
    if vc := _value_count(t):  # '95.9 (93/97) [89.8–98.9]': a proportion, its count and total
        printed = vc[:3] + (vc[3][1:] if vc[3] else ())
        res.notes.extend([note for token in printed for note in _digit_note(token)][:1])
        value = _part("value", "", vc[0], default_unit, qualifier)
        res.parts += [value, _part("first", COUNT_NAMES[0], vc[1], "", qualifier),
                      _part("second", COUNT_NAMES[1], vc[2], "", qualifier)]
        if vc[3]:
            res.parts += [_with_partner(value, "low", "", vc[3][1], default_unit, qualifier),
                          _with_partner(value, "high", "", vc[3][2], default_unit, qualifier)]
        return res
    res.notes.extend(_digit_note(t))
    try:
        if is_number_token(t):
            res.parts.append(_part("value", "", t, default_unit, qualifier))
            return res
        halves = split_pair(t)
        if halves:
            names = pair or ("first", "second")
            res.parts.append(_part("first", names[0], halves[0], default_unit, qualifier))
            res.parts.append(_part("second", names[1], halves[1], default_unit, qualifier))
            return res
        vd = split_delta(t)
        if vd:
            value = _part("value", "", vd[0], default_unit, qualifier)
            if _MARKS_AFTER_INTERVAL.search(t):  # '112 (68.3)***': the value's significance marks
                value = _flagged(value, "footnote")
            res.parts += [value, _with_partner(value, "delta", "", vd[1], default_unit, qualifier)]
            return res
        ve = split_error(t)
        if ve:
            value = _part("value", "", ve[0], default_unit, qualifier)
            res.parts += [value, _with_partner(value, "error", "±", ve[1], default_unit, qualifier)]
            return res
        ed = _ERROR_THEN_PAREN.match(t)
        if ed and (ve := split_error(ed.group("ve"))) and is_number_token(ed.group("d")):
            # '5.94±0.77 (1.90)': a mean, its SD and a number in parentheses (a ratio, a %)
            value = _part("value", "", ve[0], default_unit, qualifier)
            res.parts += [value, _with_partner(value, "error", "±", ve[1], default_unit, qualifier),
                          _with_partner(value, "delta", "", ed.group("d"), default_unit, qualifier)]
            return res
        if _error_then_interval(t):
            ei = _ERROR_THEN_INTERVAL.match(t)
            ve, iv = split_error(ei.group("ve")), split_interval(ei.group("iv"))
            # '97.2 ± 41.5 (22–188)': a mean, its SD and the range (or an interval) in parentheses
            value = _part("value", "", ve[0], default_unit, qualifier)
            res.parts += [value, _with_partner(value, "error", "±", ve[1], default_unit, qualifier),
                          _with_partner(value, "low", "", iv[1], default_unit, qualifier),
                          _with_partner(value, "high", "", iv[2], default_unit, qualifier)]
            return res
        pd = _PAIR_DELTA.match(t)
        if pd and all(is_number_token(pd.group(k)) for k in ("a", "b", "d")):
            names = pair or ("first", "second")
            first = _part("first", names[0], pd.group("a"), default_unit, qualifier)
            res.parts += [first, _part("second", names[1], pd.group("b"), default_unit, qualifier),
                          _with_partner(first, "delta", "", pd.group("d"), default_unit, qualifier)]
            return res
        gl = _GLUED_LETTER.match(t)
        if gl:  # '6.40a', '9,120b': a footnote letter printed as a superscript, flattened; '17.9ab': a group
            value = _part("value", "", gl.group("v"), default_unit, qualifier)
            res.parts.append(_flagged(value, "footnote" if len(gl.group("m")) == 1 else "significance"))
            return res
        le = _LONE_ERROR.match(t)
        if le and is_number_token(le.group("e")):
            res.parts.append(_part("error", "±", le.group("e"), default_unit, qualifier))
            return res
        ld = _LONE_DELTA.match(t)
        if ld and is_number_token(ld.group("d")):  # '(−3.9)' in a column of its own: a delta
            res.parts.append(_part("delta", "", ld.group("d"), default_unit, qualifier))
            return res
        lp = _LONE_PAREN.match(t)
        if lp and is_number_token(lp.group("e") or lp.group("e2")):  # '(.021)', '[0.311]' under a value: its error
            res.parts.append(_part("error", "()" if lp.group("e") else "[]", lp.group("e") or lp.group("e2"),
                                   default_unit, qualifier))
            return res
    except ValueError:  # pragma: no cover - every branch checked its tokens first
        pass
    t = text.strip()
    if t.lower() in TEXT_MARKS:  # 'Yes' / 'No' / '✓' under a value column: text, not a failed number
        res.notes.append(CellNote("text_cell", f"cell {t!r} is a yes/no mark, not a number", t))
        return res
    if t.lower() in REFERENCE_MARKS:  # 'Ref.' in a p-value or ratio column: the comparison's reference
        res.notes.append(CellNote("text_cell", f"cell {t!r} marks the reference category, not a number", t))
        return res
    kind = "unparseable_cell" if looks_numeric(t) else "non_numeric_cell"
    res.notes.append(CellNote(kind, f"cell {t!r} is not a number, pair or value with delta or "
                                    "error; left out of the values", t))
    return res


#: Unit words printed after a number in a cell (``41.3 ms``, ``13.5 GB``, ``2450 tokens/s``).
_UNIT_WORD = re.compile(
    r"(?<=[\d%])\s*(?P<unit>ms|s|sec|secs|min|mins|h|hr|hrs|µs|μs|us|ns|days?|hours?|"
    r"[KMGT]i?B|kB|bits?|[MBKkTG]|tok(?:ens)?/s(?:ec)?|it/s|img/s|images/s|samples/s|seq/s|"
    r"FPS|fps|[GTMP]?FLOPs?|[GTMP]?MACs?|k?Wh?|m?J|px|dB|pts|pp|points|epochs|steps|layers|"
    r"(?:[MBK]\s+)?params|°C|[kMG]?Hz)$")
#: A footnote mark printed apart from its number (``16.9 †``, LaTeX ``16.9\,$^\dagger$``) or
#: from the interval after it (``88 (61-127) ***``).
_SPACED_MARK = re.compile(rf"(?<=[\d)\]])\s+(?P<m>[{_MARK_CHARS}]+)(?=\s*(?:\(|$))")
#: Significance letters after a value, apart from it (``3.12 ± 0.14 c``, ``8.05 ab``): flag
#: "significance" (letters in alphabetical order, a to g).
#: Significance letters (Tukey groups): ``a``, ``ab``, upper case first (``Aa``, ``BCa``) or after
#: (``bC``, ``aAB``: between columns, then between rows), never a lone capital (``A``: a unit).
#: Shared with the aligned reader's tokens.
SIGNIFICANCE_GROUP = (r"(?:(?=[A-Ga-g]{1,6}$)(?=[A-G]*[a-g]|[A-G]{2})A?B?C?D?E?F?G?a?b?c?d?e?f?g?$"
                      r"|(?=[a-g]{1,3}[A-G]{1,3}$)a?b?c?d?e?f?g?A?B?C?D?E?F?G?$)")
_GLUED_SIG = re.compile(r"(?<=\d)" + SIGNIFICANCE_GROUP)
_SIG_LETTERS = re.compile(r"(?<=[\d%)])\s+" + SIGNIFICANCE_GROUP)
#: A lone quote, backtick or comma after a value, apart from it: OCR noise (``53.3 '``).
_STRAY_MARK = re.compile(r"(?:\s+|(?<=\d))(['\"`‘’“”,])$")
#: An arrow or triangle marking a change or the better direction, before or after the number.
_ARROW_MARK = re.compile(r"^\s*[▲▼△▽↑↓⬆⬇]\s*(?=[-+−]?\.?\d)|(?<=[\d%])\s*[▲▼△▽↑↓⬆⬇]\s*$")
_PAIR_DELTA = re.compile(r"^(?P<a>[^/\s()]+)\s*/\s*(?P<b>[^/\s()]+)\s*\(\s*(?P<d>[-+−–]?[^()\s]+)\s*\)$")
#: ``11.4+ 1.3``: a '+' glued to a decimal and then a space (never an open bound: ``80+ 1.0``).
_GLUED_PLUS = r"(?<=\.\d)\+\s+|(?<=\.\d\d)\+\s+|(?<=\.\d\d\d)\+\s+"
#: A ± that OCR read as ``t``, ``£``, ``#``, ``+`` or ``=`` (``94.3 t0.6``, ``93.2 £1.1``,
#: ``91.8+0.9``, ``71.6 + 3.2``, ``6.0 = 1.1``); ``95.1 +0.4`` stays two values (a signed delta
#: may follow a value so).
#: ``土`` or ``士`` between a value and its error: a ± that OCR with a Chinese model read as a CJK
#: character.
_CJK_PM = re.compile(r"(?<=[\d%])\s*[土士]\s*(?=[\d.])")
_PM_MISREAD = re.compile(rf"^(?P<v>[-+−]?[\d.,]+%?)(?P<m>\s*\+?[t£]\s*|\s*#\s*|{_GLUED_PLUS}|\+|\s+\+\s+|\s+=\s+)"
                         r"(?P<e>[\d.,]+%?)"
                         r"\s?(?P<sig>(?=[a-g]{1,3}$)a?b?c?d?e?f?g?)?(?P<marks>[*∗†‡§¶]+)?$")
#: The same misread ± before an error that a range or interval follows (``48.6 + 9.2 (31-64)``,
#: ``88.4 = 7.1 (72-100)``): read as ``48.6 ± 9.2 (31-64)``.
_PM_MISREAD_INTERVAL = re.compile(r"^(?P<v>[-+−]?[\d.,]+%?)(?P<m>\s+[+=]\s+|\s*\+?[t£]\s*|\s*#\s*)"
                                  r"(?P<rest>[\d.,]+%?\s*[(\[]\s*[-−]?[\d.,]+\s*(?:[-–—,;]|to)\s*[-−]?[\d.,]+\s*[)\]])$")
#: A footnote letter glued to a decimal or a number with thousands commas (``6.40a``, ``9,120b``;
#: Tukey groups ``17.9ab``): a superscript flattened by the extractor. A whole number takes a
#: letter when it has three digits (``612c``: a yield with its Tukey group) and a group of two
#: or three letters at any length (``51cd``); shorter ones with one letter (``3a``, a compound or
#: an item) and years (``2019a``, a citation) are labels: no number.
_GLUED_LETTER = re.compile(r"^(?P<v>(?:[<>≤≥]\s?)?[-+−]?(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.\d+"
                           r"|\d{3}(?=[a-h]$)|\d+(?=[a-g]{2,3}$)))"
                           r"(?P<m>[a-h]|(?=[a-g]{2,3}$)a?b?c?d?e?f?g?)$")
_ERROR_THEN_PAREN = re.compile(r"^(?P<ve>[^()]+?±\s*[^()\s]+)\s*\(\s*(?P<d>[-+−]?[^()\s]+)\s*\)$")
_ERROR_THEN_INTERVAL = re.compile(r"^(?P<ve>[^()\[\]]+?±\s*[^()\[\]\s]+)\s*(?P<iv>[(\[][^()\[\]]+[)\]])$")
_LONE_ERROR = re.compile(r"^(?:±|\+/-)\s*(?P<e>[^()\s±]+)$")
_LONE_DELTA = re.compile(r"^\(\s*(?P<d>[-+−–][^()\s]+)\s*\)$")
_LONE_PAREN = re.compile(r"^\(\s*(?P<e>[^-+−–()\s][^()\s]*)\s*\)$|^\[\s*(?P<e2>[-+−]?\d*\.\d+)\s*\]$")


_PLAIN_NUMBER = re.compile(r"^[-+]?[0-9]+(?:\.[0-9]+)?$")  # ASCII only: other digits get a note


def tidy_cell(text: str) -> tuple[str, str]:
    """(cell text with a spaced footnote mark joined to its number and a trailing unit word
    taken off, that unit word): ``41.3 ms`` -> ("41.3", "ms"), ``16.9 †`` -> ("16.9†", "")."""
    t = _SPACED_MARK.sub(lambda m: m.group("m"), text.strip())
    m = _UNIT_WORD.search(t)
    if m and t[: m.start()].strip():
        return t[: m.start()].strip(), m.group("unit")
    return t, ""


_BARE_RANGE = re.compile(rf"^(?P<lo>{_BOUND}?)\s*(?:[–—]|--?(?=\s*\d)|\bto\b|(?<=\d)to(?=[-+−]?\d))\s*"
                         rf"(?P<hi>{_BOUND})$")
#: An interval's bounds listed under a header that names one (``0.05, 0.23``; ``-1.2; 0.4``).
_LISTED_RANGE = re.compile(r"^(?P<lo>[-+−]?\d*\.?\d+)\s*(?:,\s+|;\s*)(?P<hi>[-+−]?\d*\.?\d+)$")
#: A bare interval of two decimals (``1.29–3.55``, ``902.6–1,227.0``, ``-5.98 to -4.84``, glued by OCR
#: ``-5.98to-4.84``):
#: an interval under any header; whole numbers
#: (``421–474``) only under a header that names one.
_DECIMAL_RANGE = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d*)\.\d+\s?(?:[–—-]|--)\s?(?:\d{1,3}(?:,\d{3})+|\d*)\.\d+$"
                            r"|^[-+−]?\d*\.\d+\s*to\s*[-+−]?\d*\.\d+$")  # '-5.98 to -4.84', '-5.98to-4.84' too
#: The name of an effect measure printed before its value (``IRR 0.72 (0.58–0.89)``, ``aOR 2.1``).
_MEASURE = re.compile(r"^((?:a|adj\.?\s?)?(?:I?RR|OR|HR|RD|S?MD|GMR|β))\s+(?=[-−+]?\.?\d)")


#: A range whose low end was not detected (``ND-7.9``, ``<LOD–12``).
#: A range's low end that was not detected (``ND``, ``<LOD``, ``BDL``), shared with the aligned reader.
ND_LOW = r"(?:ND|nd|n\.d\.|<\s?LO[DQ]|BDL|bdl)"
_ND_RANGE = re.compile(rf"^(?P<lo>{ND_LOW})\s?[-–—]\s?(?P<hi>\d[\d,]*(?:\.\d+)?)$")
#: A value and its range in parentheses whose low end was not detected (``2.3 (<LOD–8.9)``).
_VALUE_ND_RANGE = re.compile(rf"^(?P<v>[-+−]?\d[\d,]*(?:\.\d+)?)\s?\((?P<lo>{ND_LOW})\s?[-–—]\s?"
                             r"(?P<hi>\d[\d,]*(?:\.\d+)?)\)$")
#: Footnote letters glued to a number and listed with commas (``0.19a,b``).
_GLUED_LETTER_LIST = re.compile(r"(?<=\d)[a-h](?:,[a-h])+$")
#: A percent sign set apart from its number (``1.8 %``).
_SPACED_PERCENT = re.compile(r"(?<=\d)\s+%")


def _close_up(text: str) -> str:
    """The cell stripped, with what a typesetter printed apart closed up: a currency before its
    number (``US$ 2.85``: one token) and, after a value and its error, the percent sign
    (``4.6 ± 1.8 %``)."""
    text = text.strip()
    if (spaced := _SPACED_CURRENCY.match(text)) and " " in spaced.group(0):
        text = spaced.group(0).replace(" ", "") + text[spaced.end():]
    if "±" in text and " %" in text:
        text = _SPACED_PERCENT.sub("%", text)
    return text


#: A value and a number in a parenthesis that OCR closed with a bracket or a brace (``19 (33.9]``).
_DAMAGED_PAREN = re.compile(r"^(?P<head>[^()\[\]{}]*\d[^()\[\]{}]*\(\s*[-+−]?\d[\d.,]*%?)\s*[\]}]$")


def parse_cell(text: str, pair: tuple[str, str] | None = None, sub_names: list[str] | None = None,
               default_unit: str = "", ranges: bool = False) -> CellResult:
    """A whole cell. ``sub_names`` set: the cell holds that many numbers (parts named by
    position: first/second, part_name from ``sub_names``); otherwise one value. A unit word
    after the value (``41.3 ms``) is the value's unit (printed in the cell)."""
    plain = _close_up(text)
    if plain[:1] in "~≈∼" and (approx := _APPROX_MARK.match(plain)):
        # '~9.8' (a chart read by eye, a model's table): the value, flagged approximate
        res = parse_cell(plain[approx.end():], pair, sub_names, default_unit, ranges)
        res.parts = [_flagged(p, "approximate") if p.part != "missing" else p for p in res.parts]
        return res
    if _FULLWIDTH_PUNCT_CHARS.intersection(plain):  # '87（14.2）': a CJK typeface's parentheses
        res = parse_cell(plain.translate(_FULLWIDTH_PUNCT), pair, sub_names, default_unit, ranges)
        if res.parts:
            res.notes.append(CellNote("normalised_digits", "full-width parentheses or signs read as ASCII", plain))
        return res
    if plain[-1:] in "]}" and (damaged := _DAMAGED_PAREN.match(plain)):
        # '19 (33.9]': OCR read a closing parenthesis as a bracket or a brace
        res = parse_cell(f"{damaged['head']})", pair, sub_names, default_unit, ranges)
        if res.parts:
            res.notes.append(CellNote("ocr_bracket", f"{plain[-1]!r} closing '(' read as ')' (an OCR misreading)",
                                      plain))
        return res
    if ("土" in plain or "士" in plain) and _CJK_PM.search(plain):  # '8.4 土 0.4': ± read as 土 (or 士)
        res = parse_cell(_CJK_PM.sub(" ± ", plain), pair, sub_names, default_unit, ranges)
        if res.parts:
            res.notes.append(CellNote("ocr_plus_minus", "'土' or '士' between a value and its error read as "
                                      "± (an OCR misreading)", plain))
        return res
    if "," in plain and (letters := _GLUED_LETTER_LIST.search(plain)):  # '0.19a,b': footnote letters listed
        plain = plain[:letters.start()] + letters.group(0).replace(",", "")
    if (nd := _ND_RANGE.match(plain)) is not None:  # 'ND-7.9': a range whose low end was not detected
        return CellResult(parts=[_part("high", "", nd["hi"], default_unit)],
                          notes=[CellNote("missing_bound", f"{nd['lo']!r} as the range's low end: not detected, "
                                          "no value", plain)])
    if plain.endswith(")") and (vn := _VALUE_ND_RANGE.match(plain)) is not None and is_number_token(vn["v"]):
        # '2.3 (<LOD–8.9)': a median and its range, whose low end was not detected
        value = _part("value", "", vn["v"], default_unit)
        return CellResult(parts=[value, _with_partner(value, "high", "", vn["hi"], default_unit, "")],
                          notes=[CellNote("missing_bound", f"{vn['lo']!r} as the range's low end: not detected, "
                                          "no value", plain)])
    if "0s" in plain and _DECADE.match(plain):  # a period's name (row label text)
        return CellResult(notes=[CellNote("non_numeric_cell", f"cell {plain!r} names a decade, not a value; "
                                          "left out of the values", plain)])
    if "10" in plain and (times := _TIMES_TEN.search(plain)):  # '3.1× 10^{-7}' (LaTeX's \times)
        plain = plain[:times.start()] + " × " + plain[times.end():]
    if (measure := _MEASURE.match(plain)) and (res := parse_cell(plain[measure.end():], pair, sub_names,
                                                                 default_unit, ranges=ranges)).parts:
        # 'IRR 0.72 (0.58–0.89)': the measure's name printed before its value
        res.parts = [p._replace(qualifier=p.qualifier or measure.group(1), token=plain) for p in res.parts]
        return res
    if (ranges or _DECIMAL_RANGE.match(plain)) and (m := _BARE_RANGE.match(plain)) and is_number_token(
            m["lo"]) and is_number_token(m["hi"]):
        # '421–474' under a '95% CI' header: the interval alone, printed without brackets
        return CellResult(parts=[_part("low", "", m["lo"], default_unit), _part("high", "", m["hi"], default_unit)])
    if ranges and (m := _LISTED_RANGE.match(plain)) and is_number_token(m["lo"]) and is_number_token(m["hi"]):
        # '0.05, 0.23' under a '95% CI' header: the bounds listed (a comma and a space, never a
        # thousands comma)
        return CellResult(parts=[_part("low", "", m["lo"], default_unit), _part("high", "", m["hi"], default_unit)])
    if not sub_names and _PLAIN_NUMBER.match(plain):  # most cells: a plain number, read at once
        value = numbers.decimal_text(Decimal(plain))  # (what parse_decimal reads of an ASCII number)
        return CellResult(parts=[Part("value", "", value, default_unit, "", plain,
                                      "column" if default_unit else "")])
    if not sub_names and (pm := _PM_MISREAD_INTERVAL.match(plain)) and (
            res := parse_cell(f"{pm['v']} ± {pm['rest']}", pair, sub_names, default_unit, ranges)).parts:
        res.notes.append(CellNote("ocr_plus_minus", f"{pm['m'].strip()!r} between a value and its error read as ± "
                                  "(an OCR misreading)", plain))
        return res
    if not sub_names and (pm := _PM_MISREAD.match(plain)) and is_number_token(pm["v"]) and is_number_token(pm["e"]):
        value = _part("value", "", pm["v"], default_unit)
        parts = [value, _with_partner(value, "error", "±", pm["e"], default_unit, "")]
        if pm["sig"]:  # '3.62 + 0.04a': a Tukey group glued to the error
            parts = [_flagged(p, "significance") for p in parts]
        if pm["marks"]:  # '0.27 + 0.05**': the value's significance stars after its error
            parts[0] = _flagged(parts[0], "footnote")
        return CellResult(parts=parts, notes=[CellNote("ocr_plus_minus", f"{pm['m'].strip()!r} between a value "
                                                       "and its error read as ± (an OCR misreading)", plain)])
    joined = _SPACED_MARK.sub(lambda m: m.group("m"), plain)
    if (stray := _STRAY_MARK.search(joined)) and not sub_names:
        res = _parse_tidy_cell(joined[:stray.start()], pair, sub_names, default_unit)
        if len([p for p in res.parts if p.part != "missing"]) == 1 and not res.notes:
            res.notes.append(CellNote("ocr_noise", f"stray {stray.group(1)!r} after the value dropped (OCR noise)",
                                      plain))
            return res
    if "±" in joined and (glued := _GLUED_SIG.search(joined)):  # '68.4 ± 2.1ab': letters glued to the error
        joined = joined[:glued.start()] + " " + joined[glued.start():]
    if (sig := _SIG_LETTERS.search(joined)) and not sub_names:  # '3.12 ± 0.14 c': a Tukey group
        res = _parse_tidy_cell(joined[:sig.start()], pair, sub_names, default_unit)
        values = [p for p in res.parts if p.part != "missing"]
        if values and all(note.kind == "normalised_digits" for note in res.notes):  # ('−11.6 ± 1.4a' too)
            res.parts = [_flagged(p, "significance")._replace(token=plain)
                         if p.part != "missing" else p for p in res.parts]
            return res
    arrow = _ARROW_MARK.search(joined)
    if arrow and not sub_names:
        res = _parse_tidy_cell(_ARROW_MARK.sub("", joined, count=1), pair, sub_names, default_unit)
        values = [p for p in res.parts if p.part != "missing"]
        if len(values) == 1 and not res.notes:
            return CellResult(parts=[values[0]._replace(flag=values[0].flag or "direction", token=plain)])
    res = _parse_tidy_cell(joined, pair, sub_names, default_unit)
    if joined != plain and len(res.parts) == 1:  # '16.9 †' read as '16.9†': the token is as printed
        res.parts = [res.parts[0]._replace(token=plain)]
    if res.parts or not joined:
        return res
    core, unit_word = tidy_cell(joined)
    # a unit glued to an exponent ('0E0J') is no number: never read as 0 joules
    if unit_word and not (_EXPONENT.search(core) and joined[len(core):len(core) + 1] != " "):
        with_unit = _parse_tidy_cell(core, pair, sub_names, default_unit)
        values = [p for p in with_unit.parts if p.part != "missing"]
        if values and all(p.unit_source != "cell" for p in values):
            with_unit.parts = [
                p._replace(unit=unit_word, unit_source="cell",
                        token=joined if len(values) == 1 else p.token) if p.part != "missing" else p
                for p in with_unit.parts]
            return with_unit
    return res


def _parse_tidy_cell(t: str, pair, sub_names, default_unit) -> CellResult:
    if sub_names and t and not is_missing(t):
        toks = value_tokens(t)
        if len(toks) == len(sub_names) and len(toks) <= 2 and all(is_number_token(x) for x in toks):
            res = CellResult(notes=_digit_note(t))
            for part, name, tok in zip(("first", "second"), sub_names, toks):
                res.parts.append(_part(part, name, tok, default_unit))
            return res
    if len(value_tokens(t)) > 1:
        return CellResult(notes=[CellNote(
            "unparseable_cell", f"cell {t!r} holds {len(value_tokens(t))} values where the column "
            "has one; left out of the values", t)])
    return parse_value(t, pair, default_unit)


# --- row labels --------------------------------------------------------------------------

_SUB = re.compile(r"\s*(?:_\{([^{}]*)\}|<sub>(.*?)</sub>|_([A-Za-z0-9]+)\b)", re.IGNORECASE)
_SUP = re.compile(r"\s*(?:\^\{[^{}]*\}|<sup>.*?</sup>)", re.IGNORECASE)
_WRAP = re.compile(r"\\(?:mathrm|text|textbf|textit|mathbf|mathit|textsc)\{([^{}]*)\}")


@_remember
def normalise_label(text: str) -> str:
    """LaTeX and OCR remnants of a model name -> one normal form (see module docstring)."""
    t = text.strip().replace("$", "")
    t = _WRAP.sub(r"\1", t)
    t = _SUP.sub("", t)
    t, n = _SUB.subn(lambda m: "-" + next(g for g in m.groups() if g is not None).strip().lower(), t)
    if n:
        t = re.sub(r"\s+-(?=\S)", "-", t)
        t = re.sub(r"-{2,}", "-", t)
    return re.sub(r"\s+", " ", t).strip()


def split_packed_label(text: str, n: int) -> list[str] | None:
    """Split a label cell naming ``n`` rows (``TF (baseline) PF (baseline) ...``) into names:
    first at closing parentheses, else at words, else before capitalised words."""
    units = re.findall(r"\([^()]*\)|[^\s()]+", text.strip())
    names: list[str] = []
    cur: list[str] = []
    for u in units:
        cur.append(u)
        if u.startswith("("):
            names.append(" ".join(cur))
            cur = []
    if cur:
        names.append(" ".join(cur))
    if len(names) == n:
        return names
    words = text.split()
    if len(words) == n:
        return words
    names, cur = [], []
    for w in words:
        if cur and w[:1].isupper() and cur[-1].lower() not in ("et", "and", "of", "w/", "w/o"):
            names.append(" ".join(cur))
            cur = []
        cur.append(w)
    if cur:
        names.append(" ".join(cur))
    return names if len(names) == n else None
