"""Account for every number printed in a document: nothing is silently left behind.

Every number the shared number grammar finds on a line (:func:`paperfig.numbers.find_numbers`)
is counted once, in the first of these classes that holds it (a list's ``3.`` and a model's
grounding boxes, ``<box>(92,618),(214,903)</box>``, are markup, not numbers of the page; so are
an OCR engine's coordinates and confidence around the text of a box):

* ``value``: a table value or a chart coordinate read from that line with that value;
* ``label``: inside a table row label or header, or a point's name/series/category on that
  line (``W8A8``, ``Llama-2 7B``), a legend entry, an axis line (ranges and ticks);
* ``caption``: on a caption or heading line (``Table 3:``, ``## Results``), or a paper title
  or author line;
* ``prose``: a line read as prose (notes, claims, bullets of commentary);
* ``unread``: a number on a table row or chart point line that became nothing above (a cell
  the cell grammar refused: it has its own note).

The counts go to ``documents.csv`` (``n_numbers``, ``n_numbers_read``, ``coverage`` = read /
all, where "read" is every class but ``unread``). Warnings (parse notes, hence ``checks.csv``):

* ``nothing_read``: a document from which no value was read, naming the lines that hold
  numbers and saying they were read as prose (or that it prints no number at all);
* ``unread_data_line``: a line outside every table and chart description that looks like a
  row of data (three or more numbers making up most of its words) - probably a table in a
  form the readers do not know.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from decimal import Decimal

from . import contract, numbers, patterns
from .documents import Document
from .tableforms import ocrboxes

log = logging.getLogger("paperfig")

CLASSES = ("value", "label", "caption", "prose", "unread")


def _numbers_on(line: str) -> list[Decimal]:
    found, _notes = numbers.find_numbers(line)
    return [f.value for f in found]


def _dec(text) -> Decimal | None:
    try:
        return numbers.parse_decimal(str(text))
    except (ValueError, ArithmeticError):
        return None


def _line_roles(parsed: dict) -> tuple[dict[int, Counter], dict[int, str], dict[int, list[str]]]:
    """Values read per line, the role of each line, and label texts per line."""
    values: dict[int, Counter] = {}

    def add(line_no, value) -> None:
        if value is None or value == "" or line_no is None or line_no == "":
            return
        d = _dec(value)
        if d is None:
            return
        ln = int(line_no)
        read = values.get(ln)
        if read is None:  # (not setdefault: that builds a Counter for every value)
            read = values[ln] = Counter()
        read[d] = read.get(d, 0) + 1  # (not read[d] += 1: a Counter's __missing__ is Python)

    roles: dict[int, str] = {}
    labels: dict[int, list[str]] = {}
    for row in parsed["table_values"]:
        if row.get("part") != "missing":
            add(row["line_no"], row["value"])
    for row in parsed["points"]:
        add(row.get("x_line_no") or row["line_no"], row.get("x"))  # x may be printed on a line of its own
        add(row["line_no"], row.get("y"))
        labels.setdefault(int(row["line_no"]), []).extend(
            str(row.get(k) or "") for k in ("label", "series", "category", "group"))
        roles[int(row["line_no"])] = "data"
    for t in parsed["table_summary"]:
        rows = {int(ln) for ln in t.get("row_lines") or []}
        for ln in range(int(t["first_line"]), int(t["last_line"]) + 1):
            # a row's line holds data; the table's other lines are its header, rules and markup
            roles.setdefault(ln, "data" if ln in rows or not rows else "label")
        for ln in t.get("header_lines") or []:
            roles[int(ln)] = "label"
        if t.get("caption_line") not in ("", None):
            roles[int(t["caption_line"])] = "caption"
        for ln, raw_label in zip(t.get("row_lines") or [], t.get("row_labels_raw") or []):
            labels.setdefault(int(ln), []).append(str(raw_label))
    for row in parsed["axes"]:
        for key in ("line_no", "x_line_no", "y_line_no"):
            if row.get(key) not in ("", None):
                roles.setdefault(int(row[key]), "label")
    for name in ("legend", "mentions", "arrows"):
        for row in parsed[name]:
            roles.setdefault(int(row["line_no"]), "label")
    for row in parsed["annotations"]:
        if row.get("kind") == "compression":  # "1/6: 84 => 78": a note the page reader read
            roles.setdefault(int(row["line_no"]), "note")
    for row in parsed["papers"]:
        roles.setdefault(int(row["line_no"]), "caption")
        for ln in row.get("author_lines") or []:
            roles.setdefault(int(ln), "caption")
    return values, roles, labels


def _in_labels(value: Decimal, texts: list[str]) -> bool:
    for text in texts:
        if any(v == value for v in _numbers_on(text)):
            return True
    return False


def _count_read(found: list[Decimal], read: dict, role: str, labels: list[str], counts: Counter) -> None:
    """Count the numbers of a line that holds read values or data: each is a value when one of
    that value is left in ``read`` (counted down), else a label, unread, or of the line's class."""
    for value in found:
        if read.get(value, 0) > 0:
            read[value] -= 1
            counts["value"] += 1
        elif role == "data":
            counts["label" if _in_labels(value, labels) else "unread"] += 1
        else:
            counts["prose" if role == "note" else role] += 1


def account(doc: Document, parsed: dict, chart_lines: frozenset[int] | set[int] = frozenset()) -> dict:
    """Count the numbers of ``doc`` by class (see the module docstring); add warnings to
    ``parsed["parse_notes"]``; return the counts. ``chart_lines``: the lines of chart
    descriptions, whose unread lines the chart reader reports itself (``unread_point``)."""
    values, roles, labels = _line_roles(parsed)
    counts = Counter({c: 0 for c in CLASSES})
    number_lines: list[int] = []
    for ln, line in enumerate(doc.lines, 1):
        if not line.strip():
            continue
        # "3." numbering a list and a model's grounding boxes are no numbers of the page
        text = _LIST_MARK.sub("", line)
        if "[[" in text or "<" in text:  # (every grounding box opens so)
            ocr = ocrboxes.box(text, ln) if "[[" in text else None
            # an OCR engine's box line: only its text is printed on the page, not its coordinates
            text = ocr.text if ocr else patterns.GROUNDING.sub(" ", text)
        read = values.get(ln)
        role = roles.get(ln)
        if role is None:
            role = "caption" if (patterns.heading(line) or patterns.caption_kind(line)) else "prose"
        if read is None and role != "data":  # no value read here: every number is of the line's class
            n_found = numbers.count_numbers(text)
            counts["prose" if role == "note" else role] += n_found
        else:
            found = _numbers_on(text)
            n_found = len(found)
            _count_read(found, dict(read or {}), role, labels.get(ln, []), counts)
        if not n_found:
            continue
        number_lines.append(ln)
        if role == "prose" and ln not in chart_lines and _looks_like_data_row(line, n_found):
            add_note(doc, parsed, ln, "unread_data_line",
                  f"line {ln} holds {n_found} numbers like a table row, outside any table or chart "
                  "the readers recognise; read as prose")
    n_numbers = sum(counts.values())
    n_values = sum(sum(c.values()) for c in values.values())
    if n_numbers and not n_values:
        add_note(doc, parsed, number_lines[0], "nothing_read",
              f"no table or chart was recognised: the {n_numbers} numbers on lines "
              f"{_spans(number_lines)} were read as prose, captions or labels")
    elif not n_values:
        first = next(ln for ln, line in enumerate(doc.lines, 1) if line.strip())
        add_note(doc, parsed, first, "nothing_read",
              "no table or chart was recognised and no number is printed: the document was read as "
              "prose only")
    read = n_numbers - counts["unread"]
    return {"n_numbers": n_numbers, "n_numbers_read": read,
            "coverage": round(read / n_numbers, 4) if n_numbers else 1.0,
            **{f"n_numbers_{c}": counts[c] for c in CLASSES}}


_WORD = re.compile(r"[A-Za-z]{3,}")
#: A journal's volume, issue and pages (``43(2): 215–224``, ``527, 4410–4428 (2024)``).
_CITATION = re.compile(r"\b\d{1,4}\s?\(\d{1,4}\)\s?[:,]\s?[A-Za-z]?\d+|\b\d{1,4},\s\d+[–-]\d+\s\((?:19|20)\d\d\)")
_LIST_MARK = re.compile(r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)+")


def _looks_like_data_row(line: str, n_numbers: int) -> bool:
    if n_numbers < 3 or line.rstrip().endswith((".", ":")):  # a sentence or a lead-in: no row
        return False
    if line.count("=") >= 2:  # statistics reported in a note: "R² = .03, F(2, 309) = 5.12, p = .007"
        return False
    if _CITATION.search(line):  # a running head citing the journal: "Journal 2024; 43(2): 215–224"
        return False
    return n_numbers >= len(_WORD.findall(line))


def _spans(lines: list[int]) -> str:
    spans: list[list[int]] = []
    for ln in lines:
        if spans and ln - spans[-1][1] <= 2:
            spans[-1][1] = ln
        else:
            spans.append([ln, ln])
    text = ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in spans[:8])
    return text + (f" and {len(spans) - 8} more" if len(spans) > 8 else "")


def add_note(doc: Document, parsed: dict, line_no: int, kind: str, message: str, level=logging.WARNING) -> None:
    """One parse note of the whole document (its line and raw text), logged at ``level``."""
    parsed["parse_notes"].append(contract.record(
        contract.PARSE_NOTES, source_file=doc.source_file, line_no=line_no, kind=kind, message=message,
        raw=doc.line(line_no)))
    log.log(level, "%s:%s: %s: %s", doc.source_file, line_no, kind, message)
