"""Lists of values printed as bullets, as slide decks show results: each bullet a name and one
value (``- Dense: 61.2 GB``, ``* tiny-d: **14.8%**``, ``- γ = 2: 1.62×``, ``- Expert 1: 0.14``).

Grammar: a run of >= 3 consecutive value bullets (two when one value is a measurement: a
decimal, a percentage, thousands, a unit, a currency or a change; ``Plots: 4`` / ``Sites: 9``
describes a design; one when that measurement is set in bold right after the colon, a slide's
result: ``Material cost change: **−7.4 %**``, ``Cement saved: **62 kg**``, never a count,
``Sites: **9**``, ``Label budget: **50 sentences**``), each
``<name>: <value>`` (the name may hold a clock time's colon, ``09:00–10:00``) where the value is
one number (with its error: ``248 ± 52``; the measure may be named first: ``median 16``, ``LWR 3.25 nm``, a statistic's
symbol, ``β = 0.41``, ``adjusted β = −0.8``, never a sample's ``n = 24``; words before a bold
value, ``soil conservation **+0.118**``), a currency before it (``$``, ``US$ 1,480``, ``USD
11.60``), its standard error or its change after it (``(SE 0.037)``: the cell is then ``+0.118 ±
0.037``; ``71.9 (−4.1)``, or a decimal standard error, ``−0.012 (0.021)``; an interval may stand
in brackets, ``*g* = 0.19 [0.01, 0.37]``) with an optional approximation mark, emphasis and a
unit (up to three words: ``cal BP``, ``min/shift``, ``years per sample``; before or after the
emphasis's end, ``**2.4 s** per round``) or ``%``/``×`` after it, and optionally its interval in
parentheses (``(95% CI −131 to −85)``, ``(2σ range 6,020–6,310)``: the value's cell is then
``-108 (-131 to -85)``) or its share (``731 (56.9%)``), then a remark in parentheses (``(single
GPU)``), and nothing else (a bullet with other words after its number is a remark, and breaks
the run). A deck tool's markup at the end (``<!-- .element: class="fragment" -->``,
``{.fragment}``) is no part of it, nor is beamer's markup (``\\alert{91.2\\,\\%}``); a unit
holds no word of a sentence (``2019 survey of households``). A bullet of words without a digit
among the values (``Dated by AMS radiocarbon``) is no row and does not break the run; value
bullets nested under it carry its name (``Women satisfied`` / ``- Misoprostol: 81%``: ``Women
satisfied: Misoprostol``), and bullets may nest at any depth; a fenced div's lines (pandoc's and
Quarto's ``::: columns``, ``:::: column``) lay a list out and do not break it. A bullet
comparing two values (``4.2 h (dual) vs 3.6 h (triple)``, ``2.1 km → 6.8 km``) gives both, and
so does a bullet listing its values, each with its own name before it or its side after it, at
``,``, ``;``, ``and``, ``vs``, ``·`` or ``|`` (``Coolant cost per part: flood €1.84, cryo
€2.37``, ``Dropouts: 1 (HB), 2 (CO)``, ``**TIVA 0.37** (95% CI 0.22–0.64); **DEX 0.31** (…)``)
with words after a value that say what it counts or when (``12.5% of patients``, ``+1,733 k€ per
year``, ``(n.s.)``) or a rating's scale (``3.9 / 5``); a ratio (``Froude scale 1:40``) is no
name and value. The name may hold digits of its own (``Expert 1``, ``layer 22``). Such a run is
a table of two columns, name and value, one row per bullet; its header is unnamed. When every
name is a setting (``γ = 2``, ``$r_c = 4$ Å``, ``11.3 clips/s``) and the settings differ, the
run is a sweep: a third column holds the setting's number, which is data too. Lines of the same
form without a bullet (markitdown's text of a slide: ``HIV co-infected: 38.7%``) are a list too
when there are three (two when each lists several values) and one of their values is no bare
count (a decimal, a percentage, thousands), or three or more each compare values (``Die
mismatch: 6 → 7``): ``Volume: 12`` / ``Issue: 3`` is a citation.

This form is read only outside chart descriptions (:mod:`paperfig.parse` gives it the lines no
chart region and no other table took): inside a chart description the same bullets are bars
or points, which the chart reader reads.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from . import Grid

#: A unit's word after a value (``p/(m·s)``, ``mm/√min``, ``kg CO₂-e/m³``).
_UNIT_WORD = r"(?:[A-Za-zµ]{1,8}/\([^()\s]{1,8}\)|[A-Za-zµ°Åσ/·√⁻⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉$€£-]{1,12})"
#: A currency before the number: a symbol or a code (``$``, ``US$ 1,480``, ``USD 11.60``, ``€``).
_CUR_SIGN = "[$€£¥₹₦]"
_CURRENCY = rf"(?:(?:US|A|C|NZ)?{_CUR_SIGN}\s?|(?-i:USD|EUR|GBP|CHF|JPY|INR|KES|NGN)\s)?"
#: What opens a bullet up to its value: its indent, its mark (or none: markitdown's lines) and its
#: name, then a colon that is no ratio's (``1:40``).
_HEAD = (r"^(?P<indent>\s*)(?:(?P<mark>[-*+•]|\d{1,2}[.)])\s+)?(?![#>])"
         r"(?P<name>(?:[^:|]|(?<=\d):(?=\d\d\b)){1,60}?)\s*:(?!\d)\s*")  # (a clock time's colon: '09:00–10:00')
_VALUE_BULLET = re.compile(
    _HEAD + r"(?:(?:median|mean|average|(?-i:[A-Z]{2,6}))\s+)?"  # 'median 16', 'LWR 3.25 nm': the measure named first
    # 'soil conservation **+0.118**': the measure's name before a bold value (the reading view
    # prints the emphasis as spaces: 'soil conservation   +0.118')
    r"(?:(?-i:[a-z][a-z-]+(?:\s[a-z][a-z-]+){0,2})(?:\s*(?=[*_]{2})|\s{3,}(?=[-+−]?\d)))?"
    r"(?:(?:adjusted|unadjusted|crude|pooled)\s+)?"
    r"(?:(?-i:[*_]?(?![nN]\b)(?:[α-ωΑ-Ω]|[A-Za-z]{1,3})[*_]?)\s*=\s*)?"  # 'β = 0.41', '*g* = 0.19': a statistic
    rf"(?P<value>(?:~|≈|about\s+|approx\.?\s+)?[*_]{{0,2}}(?:[-+−](?={_CUR_SIGN}))?{_CURRENCY}[-+−]?\d[\d,]*(?:\.\d+)?"
    r"(?:\s?±\s?\d[\d,]*(?:\.\d+)?)?"
    r"\s?(?:%|×|x\b)?[*_]{0,2}"
    rf"(?:\s*(?P<unit>{_UNIT_WORD}(?:\s{_UNIT_WORD}){{0,2}}))?[*_]{{0,2}})"
    rf"(?:\s+(?P<after>{_UNIT_WORD}(?:\s{_UNIT_WORD}){{0,2}}))?"  # after emphasis: '**2.4 s** per round'
    r"(?:\s*\((?P<share>[-+−]?\d[\d,]*(?:\.\d+)?\s?%)\))?"
    r"(?:\s*\(SE\s?=?\s?(?P<se>\d[\d,]*(?:\.\d+)?)\))?"  # '(SE 0.037)': the value's standard error
    # '71.9 (−4.1)': its change from a reference; '−0.012 (0.021)': its standard error
    r"(?:\s*\((?P<delta>[-+−]\d[\d,]*(?:\.\d+)?|\d*\.\d+)(?:\s?(?:%|[A-Za-zµ°]{1,8}))?\))?"
    r"(?:\s*\((?P<interval>[^()]*?\d[^()]*)\)|\s*\[(?P<brackets>[^\[\]]*?\d[^\[\]]*)\])?"
    r"(?:\s*\((?P<remark>[^()\d]*[A-Za-z][^()]{0,30})\))?"
    r"(?:\s*,?\s*(?-i:n\.\s?s\.?|NS|ns))?\s*\.?\s*$", re.I)  # ', n.s.': not significant
#: An interval after the value, its name first: ``(95% CI −131 to −85)``, ``(2σ range 6,020–6,310)``.
_INTERVAL = re.compile(r"^(?:[^\d−-]*\d+(?:\.\d+)?\s?%\s*(?:CI|CrI|UI)|[^\d−-]*\d?σ?\s*(?:range|CI|IQR))?[:,]?\s*"
                       r"(?P<lo>[-+−]?\d[\d,]*(?:\.\d+)?)\s*(?:to|–|—|-|,(?=\s))\s*(?P<hi>[-+−]?\d[\d,]*(?:\.\d+)?)\s*$")
#: A remark in parentheses after the value, words that may hold a digit (``(intronic, chr7)``,
#: ``(single GPU)``): no part of the value.
_REMARK = re.compile(r"^(?=[^()]*[A-Za-z]{2})(?:\s*[A-Za-z][\w-]*[,;]?){1,4}\s*$")
def _remark(text: str) -> bool:
    """Words in parentheses after a value that name no sentence (``single GPU``; not ``see the
    paper``)."""
    return bool(_REMARK.match(text)) and not _PROSE_WORDS.intersection(re.findall(r"[a-z]+", text.lower()))


#: What a deck tool appends to a bullet: ``<!-- .element: class="fragment" -->``, ``{.fragment}``.
_TOOL_MARKUP = re.compile(r"\s*(?:<!--.*?-->|\{\.[\w-]+[^{}]*\})\s*$")
MIN_ROWS = 3  # lines without bullets: a list of three
MIN_BULLETS = 2  # bullets: a pair of value bullets is a list too, when one value is no bare count


_SWEEP = re.compile(r"^(?:(?P<var>[^=\d]{1,20}?)\s*=\s*)?(?P<x>[-+−]?\d+(?:\.\d+)?)\s*"
                    r"(?P<unit>[A-Za-zÅµ%/°]{1,10}(?:/[A-Za-z]+)?)?$")


_UNIT_AFTER = re.compile(r"^(?P<num>[-+−]?\d[\d,]*(?:\.\d+)?(?:\s?±\s?\d[\d,]*(?:\.\d+)?)?\s*(?:%|×|x\b)?)\s*"
                         r"[A-Za-zÅµ°σ/][\w/°·⁻⁰-⁹¹²³€$£-]*(?:\([^()\s]{1,8}\))?"
                         r"(?:\s[A-Za-zÅµ°σ/][\w/°·⁻⁰-⁹¹²³-]*){0,2}$")


def _value_cell(value: str) -> str:
    """The value's number (with ``%`` or ``×``); unit words after it (``clips/s``, ``GB``, ``cal
    BP``) are left to the printed line (the cell grammar knows few units, and a row of a list
    needs none)."""
    m = _UNIT_AFTER.match(value)
    return m.group("num").strip() if m else value


def _rows(run: list[tuple[int, str, list[str]]]) -> list[tuple[int, list[str]]]:
    """One row per bullet: [name, value] (or [name, value, value] for two values); or, when every
    name states a setting (``γ = 2``, ``$r_c = 4$ Å``, ``11.3 clips/s``: a variable and a number,
    or a number and a unit) and the numbers differ, [variable, number, value]: a sweep whose
    settings are data too."""
    sweeps = [_SWEEP.match(name.replace("$", "").strip()) for _, name, _ in run]
    if all(sweeps) and all(m.group("var") or m.group("unit") for m in sweeps) and \
            len({m.group("x") for m in sweeps}) == len(sweeps) and all(len(values) == 1 for _, _, values in run):
        return [(ln, [(m.group("var") or m.group("unit") or "").strip(), m.group("x"), _value_cell(values[0])])
                for (ln, _, values), m in zip(run, sweeps)]
    width = max(len(values) for _, _, values in run)
    return [(ln, [name, *(_value_cell(v) for v in values), *[""] * (width - len(values))]) for ln, name, values in run]


def _plain(text: str) -> str:
    """Emphasis and an approximation mark (``~``, ``≈``, ``about``) removed."""
    text = re.sub(r"\*\*|__|(?<!\w)[*_]|[*_](?!\w)", "", text).strip()
    return re.sub(rf"^(?:~|≈|about\s+|approx\.?\s+)?\s*([-+−](?={_CUR_SIGN}))?{_CURRENCY}", r"\1", text,
                  flags=re.I)  # ('+£41': the sign stays, the currency goes)


def _single(line: str) -> re.Match | None:
    """A bullet of one value (module doc); None for a value followed by a parenthesis that is no
    interval, or by words of a sentence."""
    m = _VALUE_BULLET.match(line)
    if m and m.group("brackets") and not _INTERVAL.match(m.group("brackets")):
        return None  # '[12]' after a value: a citation, no interval
    if not m or (m.group("interval") and not _INTERVAL.match(m.group("interval"))
                 and not _remark(m.group("interval"))) or (m.group("remark") and not _remark(m.group("remark"))):
        return None
    unit = f'{m.group("unit") or ""} {m.group("after") or ""}'.lower().split()
    return None if _PROSE_WORDS.intersection(unit) else m  # 'Dataset: 2019 survey of households'


def _bullet(line: str) -> tuple[str | None, str, list[str]] | None:
    """(indent, name, value cells) of a value bullet, its deck tool's markup taken off; a bullet
    comparing two values (``4.2 h (dual) vs 3.6 h (triple)``, ``2.1 km → 6.8 km``) has two. The
    indent is None for a line without a bullet (``HIV co-infected: 38.7%``)."""
    if ":" not in line or not _DIGIT.search(line) or len(line.split(":", 1)[1].split()) > 16:
        return None  # (every form holds a colon, a digit and a few words after the colon: a line of
        # running text is told at once)
    if "<!--" in line or "{." in line:
        line = _TOOL_MARKUP.sub("", line)
    if "\\" in line:  # beamer: '\alert{91.2\,\%}'
        line = _LATEX_WRAP.sub(r"\1", line).replace("\\,", " ").replace("\\%", "%")
    line = _AVERAGE_TAIL.sub("", line)  # '**38 s** on average': the value's a mean, no word of its unit
    if m := _single(line):
        return m.group("indent") if m.group("mark") else None, _plain(m.group("name")), [_value_text(m)]
    if (two := _TWO_VALUES.match(line)) is not None:
        values = []
        for half in (two.group("a"), two.group("b")):
            m = _single("- x: " + _SIDE_NAME.sub("", half))
            if m is None or m.group("interval"):
                break
            values.append(_value_text(m))
        else:
            return two.group("indent"), _plain(two.group("name")), values
    return _listed(line)


#: A bullet whose values are listed after its name (``Coolant cost per part: flood €1.84, cryo
#: €2.37``, ``Dropouts: 1 (HB), 2 (CO)``, ``**TIVA 0.37** (95% CI 0.22–0.64); **Sevo + DEX 0.31**
#: (…)``, ``Nausea: 12.5% of patients``).
_LISTED = re.compile(_HEAD + r"(?P<rest>.+?)\s*\.?\s*$")
#: What a listed value's words say of it after it: what it counts or when (``of patients``, ``per
#: year``, ``with the twice-nightly dose``, ``overall``, ``at 12 cps``), the side it belongs to (``(HB)``), that
#: it is not significant (``(n.s.)``); and a rating's scale (``3.9 / 5``).
_LISTED_TAIL = re.compile(r"(?:\s+(?:of|per|with|in|across|among|for|at)(?:\s+[A-Za-z][\w'-]*){1,5}"
                          r"|\s+at\s+\d[\d.,]*\s?[A-Za-z%/]{1,10}"  # ('2.8 at 12 cps': a condition)
                          r"|\s+overall|\s*\((?:n\.\s?s\.?|ns|NS|[A-Za-z][\w +-]{0,20})\)"
                          r"|\s+/\s+(?:4|5|7|10|100)\b|(?<=[\d%°])\s+[a-z][a-z-]{2,24})+$")
#: The name of a listed value before it: up to four words, each opening with a letter (``flood``,
#: ``Sevo + DEX``, ``peak reduction``, ``NumberLine Quest``, a colour coordinate ``L*``, a code
#: ``W1``), a colon after it or not (``Lean mass: −14.9 kg; fat mass: −6.5 kg``).
_LISTED_NAME = re.compile(r"^(?P<name>[A-Za-z][A-Za-z0-9'&/*–-]*(?:\s+(?:[A-Za-z][A-Za-z0-9'&/*–-]*|\+)){0,3})"
                          rf"(?:\s*:\s*|\s+)(?=(?:~|≈|{_CUR_SIGN}|[-+−])?\d)")
#: A second named value in parentheses at the end: ``92 % (outside 64 %)``.
_PAREN_PART = re.compile(r"\s*\(([A-Za-z][\w ]{0,20}?\s[-+−]?\d[^()]*)\)\s*$")
#: A count of a total and its share: ``38 / 109 (34.9%)``.
_FRACTION = re.compile(r"^(?P<n>\d[\d,]*)\s?/\s?(?P<of>\d[\d,]*)\s*\((?P<share>\d+(?:\.\d+)?\s?%)\)$")
#: A listed value in parentheses after its name: ``July (24.3% of records)``.
_NAME_PAREN = re.compile(rf"^[A-Za-z][\w -]{{0,30}}?\s*\((?P<inner>(?:~|≈|{_CUR_SIGN}|[-+−])?\d[^()]*)\)$")


#: Three values or more parted by spaced slashes (``4 / 3 / 5``); ``3.9 / 5 vs 3.7 / 5`` are ratings.
_SLASH_CHAIN = re.compile(r"(?<![\d.])\d[\d.,]*%?(?:\s+/\s+\d[\d.,]*%?){2,}")


def _split_top(text: str) -> list[str]:
    """Parts of a list at ``;``, ``, ``, ``and``, ``vs``, ``→``, `` · `` and `` | `` outside parentheses
    and brackets, and at `` / `` when it parts three values or more (``4 / 3 / 5 children``, one
    per arm); a last part without a digit after ``vs`` names the reference (``... vs
    control``): no part."""
    text = re.sub(r"\s+(?:vs\.?|versus)\s+[^\d()]{1,30}$", "", text)
    parts, depth, start = [], 0, 0
    slashes = r"|\s+/\s+" if _SLASH_CHAIN.search(text) else ""  # '4 / 3 / 5': one per arm
    for m in re.finditer(r"[(\[]|[)\]]|;\s*|,\s+|\s+(?:vs\.?|versus|and|·|\||→|->)\s+" + slashes, text):
        token = m.group()
        if token in "([":
            depth += 1
        elif token in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            parts.append(text[start:m.start()])
            start = m.end()
    return [*parts, text[start:]]


def _listed(line: str) -> tuple[str | None, str, list[str]] | None:
    """(indent, name, value cells) of a bullet listing its values (:data:`_LISTED`): every part of
    the list a value, with its own name before it or its side after it, and words after it that
    say what it counts; None when any part is no value."""
    m = _LISTED.match(line)
    if m is None:
        return None
    values = []
    rest = _PAREN_PART.sub(r", \1", re.sub(r"\*\*|__", "", m.group("rest")))  # '92 % (outside 64 %)'
    for part in _split_top(rest):
        part = part.strip()
        if (paren := _NAME_PAREN.match(part)) is not None:
            part = paren.group("inner")
        part = _LISTED_TAIL.sub("", part)
        if (name := _LISTED_NAME.match(part)) is not None:
            if (_PROSE_WORDS - {"to"}).intersection(name.group("name").lower().split()):
                return None  # 'the model reached 91%': a sentence ('time to epinephrine' names a measure)
            part = part[name.end():]
        if (frac := _FRACTION.match(part)) is not None:  # '38 / 109 (34.9%)': a count of a total, its share
            values.append(f"{frac.group('n')}/{frac.group('of')} ({frac.group('share')})")
            continue
        v = _single("- x: " + part)
        if v is None:
            return None
        values.append(_value_text(v))
    if len(values) == 1 and not _MEASURED.search(values[0]):
        return None  # 'Note: see Table 3': one bare count after words is no value
    return m.group("indent") if m.group("mark") else None, _plain(m.group("name")), values


#: A bullet comparing two values: ``QoR-15 at 24 h: 112.4 vs 118.9``, ``Distance: 2.1 km → 6.8 km``.
_TWO_VALUES = re.compile(r"^(?P<indent>\s*)(?:[-*+•]|\d{1,2}[.)])\s+(?P<name>[^:]{1,60}?)\s*:\s*(?P<a>.+?)\s+"
                         r"(?:vs\.?|versus|→|->)\s+(?P<b>.+?)\s*$")
#: The side a value belongs to, after it: ``(dual)``, ``(wet)``.
_SIDE_NAME = re.compile(r"\s*\([A-Za-z][\w .-]{0,30}\)\s*$")  # ('(dual)', '(micellar vs. standard)')


_LATEX_WRAP = re.compile(r"\\(?:alert|textbf|emph|textit|mathbf|text|uline)\{([^{}]*)\}")
#: Words of a sentence, never of a unit after a value (``per`` is a unit's: ``years per sample``).
_PROSE_WORDS = frozenset("of the and in on for with to from by at is are was were be than as or a an".split())


def _value_text(m: re.Match) -> str:
    """The value's cell: its number, and its share or its interval when one follows (``731 (56.9%)``,
    ``-108 (-131 to -85)``)."""
    value = _plain(m.group("value"))
    if m.group("share"):  # 'Started in the ED: 731 (56.9%)': a count and its share, as n (%) is
        value = f"{_value_cell(value)} ({m.group('share').replace(' ', '')})"
    if m.group("delta"):  # '71.9 (−4.1)': a value and its delta, as a cell prints them
        value = f"{_value_cell(value)} ({m.group('delta')})"
    if m.group("se"):  # '+0.118 (SE 0.037)': the value and its standard error
        value = f"{_value_cell(value)} ± {m.group('se')}"
    interval = m.group("interval") or m.group("brackets")  # '0.19 [0.01, 0.37]' too
    if interval and (iv := _INTERVAL.match(interval)):
        value = f"{_value_cell(value)} ({iv.group('lo')} to {iv.group('hi')})"
    return value


_DIGIT = re.compile(r"\d")
#: Words after a value that say it is a mean or a sum (``on average``, ``in total``, ``overall``).
_AVERAGE_TAIL = re.compile(r"(?<=\S)\s+(?:on average|in total|overall|per year on average)\s*\.?\s*$", re.I)
#: A fenced div's line (``::: columns``, ``:::: {.column width="50%"}``, ``::::``).
_DIV_FENCE = re.compile(r"^\s*:{3,}\s*(?:\{[^{}]*\}|[\w.-]+)?\s*$")
_WORD_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+•]|\d{1,2}[.)])\s+(?P<text>\D*)$")


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids: list[Grid] = []
    run: list[tuple[int, str, list[str]]] = []
    bold = False  # the run's (first) bullet prints its value in bold
    bare = False  # the run holds lines without a bullet
    parent: tuple[int, str] | None = None  # a bullet of words over nested value bullets: (indent, text)
    for ln, line in enumerate([*lines, ""], 1):
        usable = ln <= len(lines) and ln not in skip
        if b := _bullet(line) if usable else None:
            indent, name, values = b
            if indent is None:
                bare = True
            elif parent and len(indent) <= parent[0]:
                parent = None
            run.append((ln, f"{parent[1]}: {name}" if parent and indent is not None else name, values))
            bold = bold or (indent is not None and len(values) == 1 and _BOLD_VALUE.search(line) is not None)
            continue
        if usable and _DIV_FENCE.match(line) and run:
            continue  # pandoc's and Quarto's column divs ('::: columns', ':::: column') lay a list out
        if usable and (words := _WORD_BULLET.match(line)):
            # a bullet of words among the values ('Dated by AMS radiocarbon'): no row, no break; it
            # names the bullets nested under it ('Women satisfied' / '- Misoprostol: 81%')
            parent = (len(words.group("indent")), _plain(words.group("text")).rstrip(":").strip())
            continue
        measured = any(_MEASURED.search(v) for _, _, vs in run for v in vs)
        with_unit = measured or any(_WITH_UNIT.search(v) for _, _, vs in run for v in vs)
        needed = MIN_ROWS if bare or not with_unit else MIN_BULLETS
        if bare and all(len(vs) >= 2 for _, _, vs in run):
            needed = MIN_BULLETS  # (two lines each listing values: 'Frustration (1–7): 2.2 / 2.9 / 4.7')
        if len(run) == 1 and bold and not bare and (measured or _SHORT_UNIT.search(run[0][2][0])):
            needed = 1  # one bullet whose value is set in bold, a measurement: a slide's result
        compared = len(run) >= MIN_ROWS and all(len(vs) >= 2 for _, _, vs in run)  # ('Die mismatch: 6 → 7')
        if len(run) >= needed and (not bare or measured or compared):
            grids.append(Grid(form="bulletlist", first_line=run[0][0], last_line=run[-1][0],
                              rows=_rows(run), lines=[ln_ for ln_, _, _ in run]))
        run = []
        bare = bold = False
        parent = None
    return grids


#: A value with a unit's symbol (``62 kg``, ``€412``, ``8 µs``), not a count of things (``50 sentences``).
_SHORT_UNIT = re.compile(rf"{_CUR_SIGN}\s?\d|\d\s?(?:[A-Za-zµ°Ω]{{1,3}}|[A-Za-zµ°]{{1,4}}/[A-Za-z]{{1,3}})$")
#: A value set in bold right after the name's colon (``Material cost change: **−7.4 %**``).
_BOLD_VALUE = re.compile(rf":\s*(?:\*\*|__)\s*(?:~|≈)?[-+−]?{_CURRENCY}\d")


#: A value that is no bare count (a decimal, a percentage, thousands): lines without bullets must
#: hold one to be a list of values (``Volume: 12`` / ``Issue: 3`` / ``Pages: 45`` is a citation).
_MEASURED = re.compile(r"\d[.,]\d|%")
#: A value with its unit or currency (``22 min``, ``€412``) or its change (``37 (−21)``): a
#: measurement, no design's count.
_WITH_UNIT = re.compile(rf"{_CUR_SIGN}\s?\d|\d\s?(?:[A-Za-zµ°Ω€]|/[A-Za-z])|\([-+−]\d")
