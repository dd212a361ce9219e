"""Claims of a chart description: sentences about the data (trends, ranks, outliers, comparisons).

Every line the other readers do not take is split into sentences (never at a decimal point or
at an abbreviation such as "e.g.", "vs.", "approx."). A sentence is a claim when it uses a
claim word ("higher", "outperforms", "plateaus", ...) or stands under such a key, and it sits
in an analysis or observation section, or names a plotted series or point, or is said of one
(its bullet's key is a plotted name).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .shapes import _CLAIM_WORDS, _strip_bold

if TYPE_CHECKING:
    from .figure import _Figure


#: Sections whose bullets and prose are claims (when they use claim words).
_CLAIM_SECTION = re.compile(
    r"observation|trend|analysis|finding|insight|takeaway|highlight|pattern|comparison|"
    r"result|notable|outlier|performance", re.I)

_ABBREVIATIONS = ("e.g.", "i.e.", "vs.", "approx.", "etc.", "cf.", "fig.", "al.", "ca.", "resp.")


def split_sentences(text: str) -> list[str]:
    """Split prose into sentences without breaking on decimals or common abbreviations."""
    protected = text
    for i, abbr in enumerate(_ABBREVIATIONS):
        protected = re.sub(re.escape(abbr), f"\x00{i}\x00", protected, flags=re.I)
    parts = re.split(r"(?:(?<=[.!?])|(?<=[.!?][\"”')\]]))\s+(?=[\"“(\[]?[A-Z0-9*])", protected)
    out = []
    for part in parts:
        for i, abbr in enumerate(_ABBREVIATIONS):
            part = part.replace(f"\x00{i}\x00", abbr)
        part = part.strip()
        if part:
            out.append(part)
    return out


def _claim_text(fig: _Figure, line_no: int, raw: str, text: str, section: str, subsection: str,
                subject: str, key_claimy: bool) -> None:
    text = _strip_bold(text) if text.startswith("**") else text
    for sentence in split_sentences(text):
        fig.claim_candidates.append({
            "line_no": line_no, "raw": raw, "text": sentence, "section": section,
            "subsection": subsection, "subject": subject, "key_claimy": key_claimy})


def _names_in(sentence: str, names: list[str]) -> list[tuple[int, str]]:
    found = []
    for name in names:
        for m in re.finditer(re.escape(name), sentence):
            before = sentence[m.start() - 1] if m.start() else " "
            after = sentence[m.end()] if m.end() < len(sentence) else " "
            if not (before.isalnum() or before in "_-") and not (after.isalnum() or after in "_"):
                if after == "-" and m.end() + 1 < len(sentence) and sentence[m.end() + 1].isalnum():
                    continue
                found.append((m.start(), name))
                break
    found.sort(key=lambda t: (t[0], -len(t[1])))
    return found


def _select_claims(fig: _Figure) -> list[dict]:
    names = sorted({p["series"] for p in fig.points if p["series"]}
                   | {p["label"] for p in fig.points if p["label"]}, key=len, reverse=True)
    rows = []
    for c in fig.claim_candidates:
        context = f"{c['section']} {c['subsection']}"
        claimy = bool(_CLAIM_WORDS.search(c["text"])) or c["key_claimy"]
        if not claimy:
            continue
        named = _names_in(c["text"], names)
        in_claim_section = bool(_CLAIM_SECTION.search(context)) and not re.search(
            r"overview|interpretation|component|axes|legend", context, re.I)
        subject_is_plotted = c["subject"] in names
        if not (in_claim_section or named or subject_is_plotted):
            continue
        subject = c["subject"] or (named[0][1] if named else "")
        rows.append({"line_no": c["line_no"], "section": c["section"], "subject": subject,
                     "text": c["text"], "raw": c["raw"], "subsection": c["subsection"]})
    return rows
