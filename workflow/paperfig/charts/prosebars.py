"""Bars told in running prose, as chat models describe a bar chart in one paragraph.

Two sentence forms, read only on a bar chart, only from a plain (non-bullet) line, and only when
every number of the sentence is accounted for (a sentence with any other number is commentary):

* **Respectively**: a list of bar names and a list of as many values, in one sentence ending in
  "respectively" (``From left to right, the bars represent greedy decoding, beam search and
  Medusa, with values of approximately 21.4, 52.7 and 11.2 ms respectively.``). Names are the
  items after "represent" / "are" / "show" / "correspond to", split at commas and "and"; the
  values the numbers after "values of" (or "heights of", "scores of", "of"), with their unit.
* **Clauses**: two or more clauses of one sentence, split at commas, semicolons and "and", each
  ``<name> <link> [approximately] <number>[unit]``, the link one of "at", "of", "is", "are",
  "reaches", "reached", "has", "with", "scores", "shows", "adds" (a stacked segment), "=", ":"; a
  clause giving the total of a stack (``for a total of roughly 5.9``) is no bar (``speculative decoding at
  about 0.61, Medusa at around 0.68, and lookahead at roughly 0.74``; ``the bar for batch size
  1 reaches 1.21, the bar for batch size 8 reaches 1.46``). The name is the words before the
  link, without "the bar for/of", "the" and a leading "and"; it may hold numbers of its own
  (``batch size 8``): the value is the number after the link.
* **A bar a sentence** (:func:`sentence_bar`), on consecutive lines of one unit: ``<name> <verb>
  [words] [,] <at|of|around|approximately..> <number> [unit words] [, remark]`` with exactly
  one number (``TGI reaches roughly 1180 tokens/s.``, ``HF Transformers is the shortest bar, at
  about 410 tokens/s.``); the verb one of "is", "are", "sits", "stands", "comes in", "reaches",
  "has", "scores", "achieves", "hits", "peaks"; the name (<= 6 words) the words before it. A
  lone such sentence is commentary: it is read only in a paragraph naming other bars, or beside
  another such line of the same unit. The verb may be followed by "only", "just", "shows" or
  "reaching" before the number (``"Other" has the lowest value, only 0.9%``).

An ordinal bar with its name in apposition (``The first bar, for the reference strain PAO1,
reaches approximately 2.35``, ``the third bar, ΔpslBCD, is around 0.62``) is read as that
name; a comparison after the name (``X is much lower at 39.7%``) is not part of it.
"""

from __future__ import annotations

import re

from .claims import split_sentences
from .shapes import _APPROX, _numbers, canonical_numbers

_RESPECTIVELY = re.compile(
    r"\b(?:represent|represents|are|show|shows|correspond(?:s)?\s+to|depict|depicts|stand\s+for)\s+"
    r"(?P<names>.+),?\s+(?:with|having|showing|at)\s+(?:the\s+)?(?:values?|heights?|scores?|latenc(?:y|ies)|"
    r"accurac(?:y|ies)|rates?)\s+(?:of\s+)?(?:" + _APPROX + r"\s*)?"
    r"(?P<values>(?:[^a-z]|\band\b)*?\d(?:[^a-z]|\band\b)*?)"
    r"\s*(?P<unit>[A-Za-z%]{1,6})?\s*,?\s+respectively", re.I)
_LINK = re.compile(
    r"^(?P<name>.+?)\s*(?:\s(?:at|of|is|are|reaches|reached|has|with|scores|scored|shows|stands\s+at|adds|contributes|"
    r"accounts\s+for|makes\s+up|takes|for)\s+|[:=]\s*|\s(?=" + _APPROX + r"\s))"
    r"(?:(?:a\s+)?(?:value|height|score)\s+of\s+)?(?:near\s+)?(?:" + _APPROX + r"\s*)?(?P<num>[-+]?\d+(?:\.\d+)?)"
    r"\s*(?P<unit>%|[A-Za-z]{1,6}\b)?(?:\s+(?:of|in|on|for|the|time|runs|cases|tasks|samples|queries)){0,4}"
    r"\s*[.]?$", re.I)
_NAME_NOISE = re.compile(r"^(?:and\s+|then\s+|while\s+|whereas\s+|with\s+)?(?:the\s+)?"
                         r"(?:bars?\s+(?:for|of)\s+(?:the\s+)?)?", re.I)
#: Words that make a clause a comparison or a remark, not a bar's name.
_NOT_A_NAME = re.compile(r"\b(?:than|above|below|which|that|points?|while|whereas|twice|times|more|less|"
                         r"higher|lower|difference|gap|line|axis)\b", re.I)
_TRAILING_VERB = re.compile(r"\s+(?:(?:is|are|was|were)(?:\s+(?:much|far|slightly|even|considerably|a\s+bit))?"
                            r"\s+(?:lower|higher|smaller|larger|shorter|taller|greater|weaker|stronger)"
                            r"|is|are|was|were|sits|stands|comes\s+in|lies|peaks)$", re.I)
#: An ordinal bar with its name in apposition: 'The first bar, for the reference strain PAO1,
#: reaches ...', 'the third bar, ΔpslBCD, is ...' -> 'reference strain PAO1 reaches ...'.
_ORDINAL_BAR = re.compile(
    r"\b(?:the\s+)?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|last|final)\s+bar,\s+"
    r"(?:(?:for|representing|showing|labell?ed)\s+)?(?:the\s+)?(?P<name>[^,]{1,40}),\s+", re.I)
_CONTEXT = re.compile(r"^(?:for|in|on|at)\s+(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}$", re.I)
_TOTAL = re.compile(r"^(?:for\s+|with\s+)?(?:a\s+)?(?:total|sum)(?:ing|\s+of)?\b", re.I)
_CLAUSE_SPLIT = re.compile(r"\s+(?:while|whereas)\s+|\s*(?:;|,\s*(?:and|while|whereas)\s+|,|\s+and\s+)\s*")


#: What a bar's name is said to do before its value: 'has the tallest bar', 'is followed by'.
_NAME_REMARK = re.compile(r"\s+(?:has|is|shows)\s+(?:the\s+)?(?:tallest|shortest|highest|lowest|largest|smallest|"
                          r"longest)(?:\s+(?:bar|value|column))?(?:\s+in\s+the\s+(?:chart|plot|figure))?$|\s+bar$",
                          re.I)
_FOLLOWED = re.compile(r"^(?:it\s+|this\s+)?(?:is\s+)?(?:closely\s+)?followed\s+(?:closely\s+)?by\s+", re.I)


def _clean_name(name: str) -> str:
    """A bar's name without the words around it ('the bar for', 'It is followed by', 'is much
    lower', 'has the tallest bar', a trailing 'bar')."""
    name = _TRAILING_VERB.sub("", _NAME_NOISE.sub("", name)).strip(" ,")
    name = _FOLLOWED.sub("", _NAME_REMARK.sub("", _NAME_REMARK.sub("", name))).strip(" ,")
    return _NAME_NOISE.sub("", name).strip(" ,")


def _split_names(text: str) -> list[str]:
    items = [i.strip() for i in re.split(r",\s*(?:and\s+)?|\s+and\s+", text) if i.strip()]
    return [re.sub(r"^(?:the\s+)", "", i, flags=re.I).strip() for i in items]


def respectively_bars(sentence: str) -> list[tuple[str, str, str]] | None:
    """(name, number, unit) of each bar of a "respectively" sentence, or None."""
    m = _RESPECTIVELY.search(sentence)
    if not m:
        return None
    names = _split_names(m.group("names"))
    values = _numbers(m.group("values"))
    if len(values) < 2 or len(names) != len(values) or len(_numbers(sentence)) != len(values) + sum(
            len(_numbers(n)) for n in names):
        return None
    unit = m.group("unit") or ""
    return [(name, num, unit if unit.lower() not in ("and", "or") else "") for name, (num, *_rest) in
            zip(names, values)]


#: A sentence about a reference line or a marker, not a bar.
_MARKER = re.compile(r"\b(?:line|threshold|target|axis|gridlines?|arrow|marker)\b", re.I)
_VALUE_AFTER_COMMA = re.compile(r"^(?:at|with|reaching|around|about|approximately|roughly)\b", re.I)


def clause_bars(sentence: str) -> list[tuple[str, str, str]] | None:
    """(name, number, unit) of each clause of a sentence naming two or more bars, or None."""
    body = sentence.strip().rstrip(".")
    clauses: list[str] = []
    for c in (c for c in _CLAUSE_SPLIT.split(body) if c.strip()):
        if clauses and not _numbers(clauses[-1]) and _VALUE_AFTER_COMMA.match(c.strip()):
            clauses[-1] = f"{clauses[-1]}, {c}"  # 'B is the lowest, at about 9.1': one clause
        else:
            clauses.append(c)
    found = []
    totals = 0
    for clause in clauses:
        if _TOTAL.match(clause.strip()) or (not found and _CONTEXT.match(clause.strip())):
            # 'for a total of roughly 5.9': the stack's sum; 'For the 2.7B model': whose bars
            totals += len(_numbers(clause))
            continue
        m = _LINK.match(clause.strip())
        if not m:
            if _numbers(clause):
                return None  # a number no clause accounts for: commentary
            continue
        name = m.group("name").rsplit(": ", 1)[-1]  # 'It has three bars: speculative decoding at ...'
        name = _clean_name(name)
        if not name or len(name.split()) > 8 or _NOT_A_NAME.search(name):
            return None
        found.append((name, m.group("num"), m.group("unit") or ""))
    if len(found) < 2:
        return None
    if len(_numbers(sentence)) != len(found) + totals + sum(len(_numbers(n)) for n, _, _ in found):
        return None
    return found


_SENTENCE_BAR = re.compile(
    r"^(?P<name>[^,;:]{1,60}?)\s+(?:is|are|sits|stands|comes\s+in|reaches|reached|has|scores|achieves|hits|peaks)\b"
    r"[^\d;:]*?(?:\b(?:at|of|around|about|approximately|roughly|near|to|only|just|shows|showing|reaching)\b|~|≈)"
    r"\s*(?:" + _APPROX + r"\s*)?"
    r"(?P<num>[-+]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)(?!\d|[.,]\d)\s*(?P<unit>%|[A-Za-z][\w/]{0,9})?"
    r"(?:\s*[,.;].*|\s*)$", re.I)


def sentence_bar(sentence: str) -> tuple[str, str, str] | None:
    """(name, number, unit) of a sentence naming one bar (the module docstring's third form)."""
    s = canonical_numbers(sentence)[0].strip()  # '1,180' -> '1180': the number whole
    m = _SENTENCE_BAR.match(s)
    if not m or len(_numbers(s)) != 1 + len(_numbers(m.group("name"))):
        return None
    name = _clean_name(m.group("name"))
    if (not name or len(name.split()) > 6 or _NOT_A_NAME.search(name) or _MARKER.search(s)
            or name.lower() in ("it", "this", "which", "there", "that", "these", "they")):
        return None  # ('There is a dashed horizontal line at 1.0.': a reference line, no bar)
    return name, m.group("num").replace(",", ""), m.group("unit") or ""


def prose_bars(text: str) -> list[tuple[str, str, str]]:
    """Every bar a prose line names, sentence by sentence, by the forms of the module docstring
    (a sentence in none of them gives nothing). A sentence naming one bar counts only in a
    paragraph that names two bars or more: a lone one is commentary."""
    out: list[tuple[str, str, str]] = []
    for sentence in split_sentences(text):
        sentence = _ORDINAL_BAR.sub(r"\g<name> ", sentence)
        bars = respectively_bars(sentence) or clause_bars(sentence)
        if bars:
            out.extend(bars)
        elif bar := sentence_bar(sentence):
            out.append(bar)
    return out if len(out) >= 2 else []
