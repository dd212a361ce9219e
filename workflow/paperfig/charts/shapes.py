"""Text shapes the chart readers share: line keys, printed numbers, units, pairs, colours.

Headings, bullets and plot words come from :mod:`paperfig.patterns` (shared with the block
splitter and the page reader); the shapes here are the chart descriptions' own:

* bold keys ``**Key:** text`` / ``**Key**: text`` and bold lines ``**Key**``; the key words that
  organise a description (title, legend, annotations/arrows, name lists, axes, data points,
  trends, ...) rather than name a series or a point; the words that make a sentence a claim
  ("higher", "outperforms", "plateaus", ...);
* numbers go through the shared grammar (``numbers.find_numbers``): read whole or refused,
  never a prefix (``canonical_numbers`` writes '83,4', '1,000', full-width digits as plain
  decimals first); a printed number is not part of a word ("GPT-1", "Qwen1.5", "L=6"), and the
  digits of a unit or a name (``Recall@10``, ``top-1``, ``GPT-4``) are never a coordinate;
* approximation words before a number: ``~``, ``≈``, "approximately", "about", "roughly",
  "around", "nearly", "just under", "close to", ...;
* a unit after a number: one short token that is not a word of running text ("and", "the",
  "approximately" are no units);
* explicit coordinates: ``(4 GFLOPs, 75 score)``, ``(x=4, y=75)``, ``[2; 64]``, ``x: 4, y: 81.5``;
  a range phrase ("from 10 to 20", "between 1 and 5") is no pair;
* a point's label: ``(labeled "L=6")``, ``(label: X)``, ``labelled "X"``;
* colour words, recognised generically: base colours with optional modifiers and mixes
  ("Orange", "Dark Purple", "Blue-Green", "reddish"); marker words ("dashed", "line",
  "squares") around a colour are not part of it; a trailing ``(Colour)`` after a name is the
  name's colour.
"""

from __future__ import annotations

import re
from decimal import Decimal

from ..numbers import decimal_text, find_numbers, parse_decimal

# ----------------------------------------------------------------------------------------
# Line shapes: bold keys and the key words of a description

# **Key:** text  |  **Key**: text   (the closing ** must not be followed by another *)
_BOLD_KEY = re.compile(r"^\*\*(.+?)\*\*(?!\*)\s*(:?)\s*(?:[–—]\s+|-\s+)?(.*)$")  # "**Name** – ..." too
#: A bold line (a section's or a series' name), a remark in parentheses after it allowed
#: (``**Castle Cone Geyser** (approximate values)``; a long one, a sentence, may hold digits:
#: ``**Extracted data** (values estimated from the markers; accurate to about ±2 points)``).
_BOLD_LINE = re.compile(r"^\s*\*\*([^*].*?)\*\*\s*:?\s*(?:(?:\([^()\d]{1,40}\)|\((?=[^()]{40,240}\))"
                        r"(?=(?:[^()]*?[A-Za-z]{2,}\s){6})[^()]*\))\s*:?\s*)?$")

_TITLE_KEY = re.compile(r"^\s*(?:chart\s+|plot\s+|figure\s+)?title\s*$", re.I)
_LEGEND_KEY = re.compile(r"^\s*(?:legend|colou?r\s+(?:legend|key|scale|bar)|colou?rbar|key)\b", re.I)
#: A key naming the chart's annotations or arrows (``Annotations``, ``Text annotations``, ``Arrows``);
#: a name holding the word (``Lough Arrow field``) is a series.
_ARROW_KEY = re.compile(r"^\W*(?:(?:key|text|chart|other|notable|data|additional|visible)\s+)?"
                        r"(?:annotations?|arrows?)\b", re.I)
_MENTION_KEY = re.compile(
    r"^\s*(?:(?:labell?ed\s+)?(?:models?|methods?|systems?|labels?|names?|points?\s+labell?ed|"
    r"models?\s+(?:labell?ed|shown|represented|listed|named|included)))\s*$", re.I)
#: Bold keys that organise a description rather than name a series or point.
_HEADING_LIKE_KEY = re.compile(
    r"^\s*(?:x[\s-]*axis|y[\s-]*axis|axes|axis|legend|title|annotations?|arrows?|models?|"
    r"data\s*points?|points|models?\s+labell?ed|labels?|trends?|outliers?|overview|notes?|"
    r"caption|grid|markers?|colou?rs?|series|general\s+trend|observations?|key\s+observations?|"
    r"summary|interpretation|components?|description|scale|background|source)\s*$", re.I)

_CLAIM_WORDS = re.compile(
    r"\b(?:upward|downward|increas\w*|decreas\w*|flat|plateau\w*|trend\w*|highest|lowest|"
    r"largest|smallest|best|worst|outliers?|higher|lower|better|worse|newer|older|larger|"
    r"smaller|improv\w*|declin\w*|correlat\w*|cluster\w*|peaks?|exceed\w*|outperform\w*|"
    r"dominat\w*|surpass\w*|steep\w*|rises?|rising|falls?|falling|drops?|dropping|grows?|"
    r"growing|gains?|low|high|strong\w*|weak\w*|diminishing|saturat\w*|compared|than|"
    r"top|most|least|fastest|slowest|superior|inferior|significantly)\b", re.I)


# ----------------------------------------------------------------------------------------
# Printed numbers, approximation words, units, coordinates

# A printed number that is not part of a word ("GPT-1", "Qwen1.5", "L=6" are not numbers).
# A number written with an exponent ("1e400") is not a printed number: no match at all, so the
# line gets an "unread_point" note instead of a point at the mantissa.
_NUM = (r"(?:(?<![\w.@^/])[-−–](?=\d)|(?<![\w.\-−–=@^/]))(?<!\d,)\d+(?:\.\d+)?(?!\d)(?![\d.]\d)(?![eE][-+]?\d)"
        r"(?!,\d)(?![xX][0-9A-Fa-f])(?!\s*\^)")
_NUM_RE = re.compile(_NUM)
#: A number inside an explicit coordinate form ("(x=4, y=75)", "(2, 64)").
_NUMC = r"(?<![\w.])[-−–]?\d+(?:\.\d+)?(?!\d)(?![\d.]\d)(?![eE][-+]?\d)(?![xX][0-9A-Fa-f])"
_APPROX = (r"(?:approx(?:imately|\.)?|about|around|roughly|nearly|almost|~|≈|circa|ca\.|"
           r"just\s+(?:under|over|below|above)|"
           r"slightly\s+(?:under|over|below|above|less\s+than|more\s+than)|close\s+to|an?\s+estimated)")
_UNIT_TOKEN = re.compile(r"\s*([A-Za-z%µ°$€£][\w%/³²µ°$€£.\-]*)")
_UNIT_STOP = {
    "and", "or", "the", "to", "with", "is", "are", "was", "at", "in", "on", "of", "for",
    "a", "an", "by", "from", "vs", "versus", "while", "which", "where", "respectively",
    "approximately", "around", "about", "roughly", "labeled", "labelled", "scale", "range",
    "ranging", "ranges", "it", "this", "that", "as", "than", "but", "each", "per",
}

#: The unit printed after a coordinate: no bracket or separator; digits only inside a word
#: of the unit ("nDCG@10", "top-1", "BLEU-4", "R@1"), never a number of its own.
_SLOT = r"(?![-–—]\d)((?:[^(),;\[\]\d]|(?<=[A-Za-z@\-])\d+){0,40}?)"  # ('18-24' is a group, no x)
_PAIR = re.compile(
    r"[(\[]\s*(?:[xX]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")" + _SLOT + r"\s*[,;]\s*"
    r"(?:[yY]\s*[=:≈]\s*)?(?:" + _APPROX + r"\s*)?(" + _NUMC + r")" + _SLOT + r"\s*[)\]]", re.I)
_XY_EQ = re.compile(
    r"\bx\s*[=:≈]\s*(?:" + _APPROX + r"\s*)?(" + _NUMC + r")([^,;\d]{0,20}?)\s*[,;]?\s*(?:and\s+)?"
    r"\by\s*[=:≈]\s*(?:" + _APPROX + r"\s*)?(" + _NUMC + r")", re.I)
_RANGE_PHRASE = re.compile(
    r"\b(?:from|between)\s+(?:" + _APPROX + r"\s*)?" + _NUM + r"[^.;]*?\b(?:to|and)\b\s*(?:"
    + _APPROX + r"\s*)?" + _NUM, re.I)
_LABELED = (
    re.compile(r"[,;]?\s*\(\s*(?:labell?ed|label|marked|annotated)\s*(?:as\s*)?:?\s*[\"“”'‘’](.+?)[\"“”'‘’]\s*\)",
               re.I),
    re.compile(r"[,;]?\s*\(\s*(?:labell?ed|label|marked|annotated)\s*(?:as\s*)?:?\s*"
               r"((?:[^()]|\([^()]*\))+?)\s*\)", re.I),
    re.compile(r"[,;]?\s*(?:labell?ed|marked|annotated)\s+(?:as\s+)?[\"“”'‘’](.+?)[\"“”'‘’]", re.I),
)

_PLAIN_NUMBER = re.compile(r"^[-−]?\d+(?:\.\d+)?$")
_POWER_FORM = re.compile(r"\^|\*\*|×|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]")


_CURRENCY_SIGNS = "$€£¥₹"
#: A point's value printed after its key with a currency before it (``2014: ~S$4.30``, ``Q1: $3.00``,
#: ``US$1,200``, ``€0.8``): the currency is written after the number, where the chart forms read
#: a value's unit. (Only after a key's colon: ``$3.5 \times 10^{22}$`` is math, ``cost ≈ $0.18``
#: a form of its own.)
_CURRENCY_BEFORE = re.compile(r"(?P<pre>:\s*(?:[~≈∼]\s*)?)(?P<cur>(?:US|S|A|C|NZ|HK|R)?[$€£¥₹])"
                              r"(?P<num>\d[\d,]*(?:\.\d+)?)(?![\d.])")


def canonical_numbers(text: str) -> tuple[str, list[str]]:
    """``text`` with every number the shared grammar (``numbers.find_numbers``) reads whole in a
    printed form other than plain digits ('83,4', '1,000', '83.7e0', full-width digits) written
    as its plain decimal, so the chart forms below never see (and never store) a prefix of it.
    Powers of ten ('10^3', '10³') stay as printed: they mark log axes. Numbers the grammar
    refuses ('0x1F', '1e400') stay as printed and are refused by the chart forms too. Returns
    the notes of the numbers that were normalised ("decimal comma read as decimal point"). A
    currency before a key's value is written after it, as its unit (``2014: S$4.30`` -> ``2014:
    4.30 S$``)."""
    if any(c in text for c in _CURRENCY_SIGNS):  # '~S$3.00' -> '~3.00 S$': the currency is the unit
        text = _CURRENCY_BEFORE.sub(lambda m: f"{m.group('pre')}{m.group('num')} {m.group('cur')}", text)
    found, _ = find_numbers(text)
    out, notes, pos = [], [], 0
    for f in found:
        if _PLAIN_NUMBER.match(f.text) or _POWER_FORM.search(f.text):
            continue
        out.append(text[pos:f.start])
        out.append(decimal_text(f.value))
        pos = f.end
        if f.note:
            notes.append(f"{f.text!r}: {f.note}")
    out.append(text[pos:])
    return "".join(out), notes


def _num_text(token: str) -> str:
    return decimal_text(parse_decimal(token))


def _num_value(token: str) -> Decimal:
    return parse_decimal(token)


def _unit_after(text: str, pos: int) -> str:
    m = _UNIT_TOKEN.match(text, pos)
    if not m:
        return ""
    token = m.group(1).rstrip(".-")
    if token.lower() in _UNIT_STOP or len(token) > 14:
        return ""
    return token


def _numbers(text: str) -> list[tuple[str, str, int, int]]:
    """(token, unit-after, start, end) of the printed numbers in ``text``."""
    return [(m.group(0), _unit_after(text, m.end()), m.start(), m.end()) for m in _NUM_RE.finditer(text)]


def _extract_label(text: str) -> tuple[str, str]:
    """Remove a '(labeled "X")' from a point sentence; return (text without it, X)."""
    for pattern in _LABELED:
        m = pattern.search(text)
        if m:
            return (text[: m.start()] + text[m.end():]).strip(), _strip_quotes(m.group(1))
    return text, ""


def _slot_unit(slot: str) -> str:
    """Unit printed with a coordinate in a pair: one token ("GFLOPs", "MB", "%")."""
    slot = slot.strip().strip(".")
    if not slot or " " in slot or slot.lower() in _UNIT_STOP or len(slot) > 14:
        return ""
    return slot


def _pair_in(text: str) -> bool:
    return bool(_PAIR.search(text) or _XY_EQ.search(text))


# ----------------------------------------------------------------------------------------
# Colours

# Colour words, recognised generically: base colours with optional modifiers and mixes.
_COLOUR_BASES = (
    "red", "orange", "yellow", "green", "blue", "purple", "violet", "pink", "brown", "black",
    "white", "gray", "grey", "cyan", "magenta", "teal", "turquoise", "navy", "maroon", "olive",
    "lime", "indigo", "gold", "golden", "silver", "beige", "tan", "salmon", "coral", "crimson",
    "lavender", "lilac", "mauve", "peach", "mint", "aqua", "azure", "khaki", "ochre", "amber",
    "burgundy", "plum", "fuchsia", "scarlet", "emerald", "cerulean", "charcoal", "ivory", "rust",
    "sienna", "orchid", "chartreuse", "vermilion", "cobalt", "periwinkle", "aquamarine", "ocher",
)
_COLOUR_MODS = (
    "light", "dark", "pale", "bright", "deep", "medium", "pastel", "neon", "vivid", "muted",
    "dull", "faded", "soft", "sky", "sea", "forest", "royal", "steel", "slate", "hot", "baby",
    "powder", "dim", "dusty", "lighter", "darker", "very", "navy", "olive", "lime", "mid",
    "burnt", "brick", "blood", "midnight", "electric",
)
_CB = "(?:" + "|".join(sorted(_COLOUR_BASES, key=len, reverse=True)) + r")(?:ish)?"
_CB = r"(?:(?:redd|purpl|yellow|green|blu|pink|brown|orang|gray|grey)ish|" + _CB + ")"
_CM = "(?:" + "|".join(sorted(_COLOUR_MODS, key=len, reverse=True)) + ")"
_COLOUR_UNIT = rf"(?:{_CM}[\s-]+)*{_CB}"
COLOUR_PHRASE = re.compile(rf"(?<![\w-]){_COLOUR_UNIT}(?:\s*[-/]\s*{_COLOUR_UNIT}|\s+{_COLOUR_UNIT})*(?![\w-])", re.I)


def is_colour(text: str) -> bool:
    """True when ``text`` is a colour phrase ("Orange", "Dark Purple", "Blue-Green")."""
    return bool(COLOUR_PHRASE.fullmatch(text.strip()))


_MARKER_WORDS = re.compile(
    r"\b(?:solid|dashed|dotted|dash-dotted|thick|thin|filled|hollow|open|shaded|lines?|markers?|squares?|"
    r"circles?|dots?|triangles?|stars?|diamonds?|crosses?|bars?|points?|curves?|areas?|boxes?|shapes?)\b", re.I)


def _trailing_colour(name: str) -> tuple[str, str]:
    """'BinaryBERT(TWN) (Purple)' -> ('BinaryBERT(TWN)', 'Purple'); no colour -> (name, '')."""
    m = re.search(r"\s*\(([^()]*)\)\s*$", name)
    if m and is_colour(m.group(1)):
        return name[: m.start()].strip(), m.group(1).strip()
    if m and is_colour(_bare_colour(m.group(1))):  # '(blue line)', '(dashed red)'
        return name[: m.start()].strip(), _bare_colour(m.group(1))
    return name.strip(), ""


def _bare_colour(text: str) -> str:
    """'Orange bars' / 'dashed blue line' -> 'Orange' / 'blue': marker words removed."""
    return re.sub(r"\s+", " ", _MARKER_WORDS.sub(" ", text)).strip(" ,-")


# ----------------------------------------------------------------------------------------
# Text helpers


def _strip_quotes(text: str) -> str:
    text = text.strip()
    while len(text) >= 2 and text[0] in "\"“'‘" and text[-1] in "\"”'’":
        text = text[1:-1].strip()
    return text


def _strip_bold(text: str) -> str:
    text = text.strip()
    m = re.fullmatch(r"\*\*(.+?)\*\*(?!\*)(.*)", text)
    if m:
        text = (m.group(1) + m.group(2)).strip()
    return text


def _split_outside_parens(text: str, seps: str = ",") -> list[str]:
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}" and depth:
            depth -= 1
        if ch in seps and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts
