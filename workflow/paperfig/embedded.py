"""Pages stored inside JSON strings: read the page, report the line that holds it.

Converters that batch whole PDFs write one JSON record per page or document (olmOCR's and
Dolma's JSON Lines, ``{"id": .., "text": "3.2 Main results\\n\\nTable 2: ..\\n| a | b |.."}``;
a pretty-printed record's ``"text": ".."`` line; LangChain's ``page_content``). The page's own
lines are inside one string, its newlines escaped, so no reader would see its tables.

Grammar
-------
* **Record line**: a line that is a whole JSON object (``{..}``, a trailing comma allowed)
  whose longest string value, or a line ``"key": "<string>"`` of a pretty-printed object whose
  string, holds >= 3 line breaks and >= 200 characters once decoded: a page. Shorter strings
  (a chart point's label, a caption) are left to the other readers.
* **View**: :func:`expand` gives the document with each record line replaced by the decoded
  page's lines (every other line as printed) and the map from each line of that view to the
  file's line. The readers parse the view; :func:`remap` then gives every record, note and
  summary the file's line (so a value of a page stored in line 2 is on line 2, its raw text
  the page's text as decoded) and rewrites the line numbers that notes quote.
"""

from __future__ import annotations

import json
import re

from .documents import Document

_MIN_BREAKS = 3
_MIN_CHARS = 200
_KEY_STRING = re.compile(r'^\s*"[^"\\]+"\s*:\s*(?P<s>"(?:[^"\\]|\\.)*")\s*,?\s*$')
_LINE_FIELDS = ("line_no", "caption_line", "first_line", "last_line", "carried_from_line", "x_line_no", "y_line_no")
_QUOTED_LINES = re.compile(r"\blines? (?P<spans>\d+(?:-\d+)?(?:, \d+(?:-\d+)?)*)")


def _page(line: str) -> str | None:
    """The decoded page a line stores, or None."""
    s = line.strip()
    if "\\n" not in s:
        return None
    text = None
    if s.startswith("{") and s.rstrip(",").endswith("}"):
        try:
            record = json.loads(s.rstrip(","))
        except ValueError:
            return None
        strings = [v for v in record.values() if isinstance(v, str)] if isinstance(record, dict) else []
        text = max(strings, key=len, default=None)
    elif m := _KEY_STRING.match(s):
        try:
            text = json.loads(m.group("s"))
        except ValueError:
            return None
    if text and text.count("\n") >= _MIN_BREAKS and len(text) >= _MIN_CHARS:
        return text
    return None


def expand(doc: Document) -> tuple[Document, list[int] | None]:
    """(the view, view line -> file line as a list indexed by view line - 1), or (doc, None)
    when no line stores a page."""
    if not any("\\n" in line for line in doc.lines):
        return doc, None
    lines: list[str] = []
    where: list[int] = []
    expanded = False
    for ln, line in enumerate(doc.lines, 1):
        page = _page(line)
        parts = page.split("\n") if page is not None else [line]
        expanded |= page is not None
        lines.extend(parts)
        where.extend([ln] * len(parts))
    if not expanded:
        return doc, None
    return Document(source_file=doc.source_file, doc_id=doc.doc_id, lines=tuple(lines)), where


def _file_line(where: list[int], value):
    if value in ("", None):
        return value
    try:
        return where[int(value) - 1]
    except (ValueError, IndexError):
        return value


def _quoted(where: list[int], text: str) -> str:
    """``lines 3, 9-16`` of the view -> the file's lines they stand on (``line 2``)."""
    def one(m: re.Match) -> str:
        found: list[int] = []
        for span in m.group("spans").split(", "):
            a, _, b = span.partition("-")
            for ln in (_file_line(where, a), _file_line(where, b or a)):
                if ln not in found:
                    found.append(ln)
        spans = ", ".join(str(ln) for ln in found)
        return f"line {spans}" if len(found) == 1 else f"lines {spans}"
    return _QUOTED_LINES.sub(one, text)


def remap(parsed: dict, where: list[int], tables) -> None:
    """Give every record of ``parsed`` (the tables named in ``tables``) the file's lines."""
    for name in tables:
        for row in parsed.get(name, []):
            for field in _LINE_FIELDS:
                if field in row:
                    row[field] = _file_line(where, row[field])
            if name == "parse_notes" and isinstance(row.get("message"), str):
                row["message"] = _quoted(where, row["message"])
