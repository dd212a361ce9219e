"""Recognise a document's shape and hand it to the parser for that shape."""

from __future__ import annotations

import re

from .documents import Document
from .errors import DocumentError

SHAPES = ("chart", "page", "slides")

_AXIS_BULLET = re.compile(r"\*\*\s*[XY][- ]axis\s*:?\s*\*\*\s*:?", re.IGNORECASE)
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+\S")
_CAPTION = re.compile(r"^\s*(?:Table|Figure|Fig\.)\s+\d+\s*[:.]", re.IGNORECASE)


def detect_shape(doc: Document) -> str:
    """chart: a description with X-axis/Y-axis bullets; slides: a deck of markdown headings;
    page: OCR'd paper text with tab-separated tables or captions."""
    if not any(line.strip() for line in doc.lines):
        raise DocumentError(doc.source_file, None, "document is empty")
    if any(_AXIS_BULLET.search(line) for line in doc.lines):
        return "chart"
    headings = sum(1 for line in doc.lines if _HEADING.match(line))
    tabbed = sum(1 for line in doc.lines if line.count("\t") >= 2)
    captions = sum(1 for line in doc.lines if _CAPTION.match(line))
    if headings >= 2:
        return "slides"
    if tabbed or captions:
        return "page"
    raise DocumentError(
        doc.source_file,
        None,
        "unknown document shape: expected a chart description (with **X-axis:** and "
        "**Y-axis:** bullets), an OCR'd page (tab-separated tables, 'Table N:' captions) "
        "or a slide deck (several '## ' headings)",
    )


def parse_document(doc: Document, aliases: dict | None = None) -> dict:
    shape = detect_shape(doc)
    if shape == "chart":
        from .charts import parse_chart_document

        parsed = parse_chart_document(doc)
    else:
        from .pages import parse_page_document

        parsed = parse_page_document(doc, shape, aliases or {})
    parsed["n_lines"] = len(doc.lines)
    return parsed


def manifest(parsed: dict) -> dict:
    """What the workflow needs at DAG time: the ids of the figures and tables to render."""
    return {
        "source_file": parsed["source_file"],
        "doc_id": parsed["doc_id"],
        "shape": parsed["shape"],
        "figures": [row["figure_id"] for row in parsed["axes"]],
        "tables": [row["table_id"] for row in parsed["tables"]],
    }
