"""``report/sources.bib``: one BibTeX entry per paper the survey draws on, cited in the report.

Entries come from two kinds of rows:

* ``papers.csv``: a paper found on a page (title, authors as a JSON list of names or as
  printed text). The same title found in several documents (compared by its letters and
  digits, case ignored) is one entry whose ``note`` names every document and line.
* ``documents.csv``: a chart description with a title (``shape`` ``chart``) is a ``@misc``
  entry of its own, ``howpublished`` saying it is a chart description.

Keys are stable and readable: the first author's last name (the last word of the name, or
the part before a comma in "Last, First"), the year when one is printed with the authors
("Zhao et al. (2020)": a four-digit 19xx/20xx standing alone), a hyphen and the first
significant word of the title (``zhao2020-extreme``); with no author, the first three
significant title words (``scatter-plot-glue``). ASCII lowercase letters, digits and
hyphens only; a key already taken gets ``-2``, ``-3``. Entries are ordered by document and
line, so the file (and bibtex's output) is the same on every build.

Text is data, never markup: titles, names and notes go through ``latex.escape_latex`` and
braces come out as ``\\textbraceleft{}``/``\\textbraceright{}`` (BibTeX counts braces and
does not know ``\\{``), so every field is balanced. Titles are double-braced (no case change
by the style); a name holding a comma that is not "Last, First", or the word "and", is
braced so BibTeX takes it whole; "et al." / "and others" become BibTeX's ``others``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable

from .latex import escape_latex, readable_slug

#: Title words that never make a key.
_STOPWORDS = frozenset("a an and as at by for from in into is of on or the to via with".split())
_YEAR = re.compile(r"(?<![0-9])(19[0-9]{2}|20[0-9]{2})(?![0-9])")
_ET_AL = re.compile(r"\s*,?\s*(?:et\.?\s*al\.?|and\s+others)\s*$", re.IGNORECASE)
_ANONYMOUS = re.compile(r"^\s*anonymous\b", re.IGNORECASE)
#: A year after the last name ("Zhao et al. (2020)", "Li, 2021"): the year, not part of a name.
_TRAILING_YEAR = re.compile(r"[\s,;]*\(?(?<![0-9])(?:19|20)[0-9]{2}(?![0-9])\)?[\s.]*$")


def bib_text(text) -> str:
    """Document text for a BibTeX field: escaped for LaTeX, with braces BibTeX can count."""
    return (escape_latex(text).replace(r"\{", r"\textbraceleft{}").replace(r"\}", r"\textbraceright{}"))


def author_names(authors) -> list[str]:
    """The names of an ``authors`` cell: a JSON list, or the printed text as one name."""
    if isinstance(authors, list):
        names = authors
    else:
        text = str(authors or "").strip()
        try:
            value = json.loads(text) if text.startswith("[") else text
        except json.JSONDecodeError:
            value = text
        names = value if isinstance(value, list) else [value]
    return [str(n).strip() for n in names if str(n).strip()]


def _split_et_al(names: list[str]) -> tuple[list[str], bool]:
    """Names without a trailing "et al." and whether the list had one."""
    if not names:
        return names, False
    last = _ET_AL.sub("", names[-1])
    if last == names[-1]:
        return names, False
    return ([*names[:-1], last] if last.strip() else names[:-1]), True


def bib_authors(names: list[str]) -> str:
    """The ``author`` field: names joined by " and ", ``others`` for "et al."."""
    names, others = _split_et_al(names)
    parts = []
    for name in names:
        text = bib_text(name)
        one_comma = name.count(",") == 1 and all(p.strip() for p in name.split(","))
        if (name.count(",") and not one_comma) or re.search(r"\band\b", name, re.IGNORECASE) \
                or _ANONYMOUS.match(name):
            text = "{" + text + "}"  # one name, taken whole
        parts.append(text)
    if others:
        parts.append("others")
    return " and ".join(parts)


def _last_name(name: str) -> str:
    name = _ET_AL.sub("", name).strip()
    if _ANONYMOUS.match(name):
        return "anonymous"
    if name.count(",") == 1:
        return name.split(",")[0].strip()
    words = name.split()
    return words[-1] if words else ""


def _title_words(title: str) -> list[str]:
    words = readable_slug(title, max_chars=10_000, default="").split("-")
    return [w for w in words if w and w not in _STOPWORDS]


def base_key(title: str, names: list[str], year: str = "") -> str:
    """The key before de-duplication (see the module docstring)."""
    words = _title_words(title)
    last = readable_slug(_last_name(names[0]), default="").replace("-", "") if names else ""
    if last:
        return f"{last}{year}-{words[0]}" if words else f"{last}{year}"
    return "-".join(words[:3] + ([year] if year else [])) or "source"


def _year(names: list[str]) -> str:
    found = {m for n in names for m in _YEAR.findall(n)}
    return found.pop() if len(found) == 1 else ""


def _title_key(title: str) -> str:
    return " ".join(readable_slug(title, max_chars=10_000, default="").split("-"))


def _line(value) -> int:
    try:
        return int(str(value).strip())
    except (TypeError, ValueError):
        return 0


def bib_entries(papers: Iterable[dict], documents: Iterable[dict]) -> list[dict]:
    """Entries in a stable order: ``key``, ``kind`` (paper/chart), ``title``, ``names``,
    ``year``, ``found`` ([(source_file, line), ...]) and ``howpublished``."""
    found: dict[str, dict] = {}
    rows = [("paper", p.get("title") or "", author_names(p.get("authors")), p.get("source_file") or "",
             _line(p.get("line_no"))) for p in papers]
    rows += [("chart", d.get("title") or "", [], d.get("source_file") or "", 0)
             for d in documents if d.get("shape") == "chart"]
    rows.sort(key=lambda r: (r[3], r[4], r[0], r[1]))
    for kind, title, names, source_file, line_no in rows:
        if not _title_key(title):
            continue
        group = (kind, _title_key(title))
        entry = found.setdefault(group, {"kind": kind, "title": title.strip(), "names": names, "found": []})
        if not entry["names"] and names:
            entry["names"] = names
        if (source_file, line_no) not in entry["found"]:
            entry["found"].append((source_file, line_no))
    entries = list(found.values())
    taken: set[str] = set()
    for entry in entries:
        entry["year"] = _year(entry["names"])
        if entry["year"]:
            entry["names"] = [n for n in (_TRAILING_YEAR.sub("", n) for n in entry["names"]) if n.strip()]
        named = [n for n in _split_et_al(entry["names"])[0] if n.strip()]
        base = base_key(entry["title"], named, entry["year"])
        key, n = base, 1
        while key in taken:
            n += 1
            key = f"{base}-{n}"
        taken.add(key)
        entry["key"] = key
        entry["howpublished"] = "Chart description" if entry["kind"] == "chart" else ""
    return entries


def _where(found: list[tuple[str, int]]) -> str:
    parts = [f"{f}, line {n}" if n else f for f, n in found]
    return "; ".join(parts)


def render_bib(entries: list[dict]) -> str:
    """The .bib file of ``entries`` (from :func:`bib_entries`)."""
    out = ["% Sources of the survey, written by paperfig from papers.csv and documents.csv.\n"]
    for e in entries:
        fields = []
        if e["names"]:
            fields.append(("author", bib_authors(e["names"])))
        fields.append(("title", "{" + bib_text(e["title"]) + "}"))
        if e["howpublished"]:
            fields.append(("howpublished", bib_text(e["howpublished"])))
        if e["year"]:
            fields.append(("year", e["year"]))
        noun = "Title found in" if e["kind"] == "paper" else "Extracted text"
        fields.append(("note", bib_text(f"{noun} {_where(e['found'])}")))
        if not e["names"]:  # what the style sorts an entry without author by
            fields.append(("key", bib_text(e["title"])))
        body = ",\n".join(f"  {name} = {{{value}}}" for name, value in fields)
        out.append(f"\n@misc{{{e['key']},\n{body}\n}}\n")
    return "".join(out)
