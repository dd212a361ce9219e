"""Read one document: split it into blocks, give each block to the reader of its shape.

Shapes belong to blocks, not files (see :mod:`paperfig.segment`):

0. chart data written as JSON (``{"x": 1, "y": 44.8}`` per line, minified, value lists) is
   read first (:mod:`paperfig.charts.jsonform`); a JSON block that states no points is left
   to the other readers;
1. tables are found in every text form by :func:`paperfig.tableforms.find_grids`;
2. chart regions (a description of a plot: axis keys, or a heading naming a plot) go to the
   chart reader (:mod:`paperfig.charts`), each region on its own, its figures numbered in
   reading order across the file. A region in which the chart reader finds no point is not a
   chart: its lines go back to the table and prose readers (note ``not_a_chart``); so does a
   region that describes no axis and whose every point stands in a table (a slide "## Results
   chart" over a plain table), and so do tables inside a region that gave the chart no point;
3. value bullets outside every chart and table (``- Dense: 61.2 GB``, three or more) are a
   small table (:mod:`paperfig.tableforms.bulletlist`);
4. everything else (tables, captions, notes, papers, headings, bullets) goes to the page
   reader (:mod:`paperfig.pages`), which sees the chart lines blanked, so every reader
   reports the file's own line numbers;
5. :mod:`paperfig.coverage` then accounts for every number printed in the file. It only adds
   notes and counts: the outline the Snakefile pre-parses for (``manifest``: the shape and the
   figure and table ids) is read with ``account=False``, without it.

A page stored inside a JSON string (olmOCR's JSON Lines) is read as its own lines and its
records given the line that stores it (:mod:`paperfig.embedded`).

The document's ``shape`` summarises its blocks: ``chart`` (only chart descriptions),
``page`` (tables and prose), ``slides`` (a deck of several headings without charts),
``mixed`` (charts and tables), ``prose`` (neither: a warning says so).
"""

from __future__ import annotations

import logging
import re

from . import contract, coverage, embedded, segment
from .documents import Document
from .errors import DocumentError

log = logging.getLogger("paperfig")

SHAPES = ("chart", "page", "slides", "mixed", "prose")

#: Tables of a parsed document that carry a figure id (renumbered when regions merge).
_FIGURE_TABLES = ("points", "axes", "legend", "arrows", "mentions", "claims", "parse_notes")


def _check_not_empty(doc: Document) -> None:
    if not any(line.strip() for line in doc.lines):
        raise DocumentError(doc.source_file, None, "document is empty")


def _chart_lines(part: dict) -> set[int]:
    used: set[int] = set()
    for name in ("points", "legend", "arrows", "mentions"):
        used.update(int(r["line_no"]) for r in part[name] if r.get("line_no") not in ("", None))
    return used


def _renumber(part: dict, doc_id: str, first_number: int) -> int:
    """Give the region's figures the next numbers of the file; returns how many it had."""
    mapping = {row["figure_id"]: contract.figure_id(doc_id, first_number + i)
               for i, row in enumerate(part["axes"])}
    for name in _FIGURE_TABLES:
        for row in part[name]:
            if row.get("figure_id") in mapping:
                row["figure_id"] = mapping[row["figure_id"]]
    return len(mapping)


_COMMENT_LINE = re.compile(r"^\s*<!--.*-->\s*$")
#: Paragraph, block and span tags at a line's ends (Apache Tika's XHTML: ``<p>Model Params SS3``;
#: a deck's ``<span class="fragment">8 prompts → 61.3</span><br>``).
_BLOCK_TAG = re.compile(r"^\s*(?:</?(?:p|div|body|html|head|span)\b[^<>]*>\s*)+"
                        r"|(?:\s*</?(?:p|div|span|br)\b[^<>]*/?>)+\s*$")
#: Pandoc's superscript of a footnote or group letter glued to a number (``2,214^a^``, ``3.1^ab^``):
#: spaces, so the number stands alone in its column (a digit's superscript, ``10^6^``, stays).
_PANDOC_SUPERSCRIPT = re.compile(r"(?<=\d)\^[A-Za-z*†‡§]{1,3}\^")
#: Markup that wraps text without being text: Hugo shortcodes (``{{% fragment %}}41.2{{% /fragment
#: %}}``, ``{{< speaker_note >}}``) and a chat model's end-of-turn token glued to its answer
#: (``−1.4<|im_end|>``; the start tokens, ``<|im_start|>assistant``, mark a transcript's turns).
_WRAPPER = re.compile(r"\{\{[%<].*?[%>]\}\}|<\|(?:im_end|end|eot_id|end_of_turn)\|>")
#: A number in bold after a space (``**64.8**``: pymupdf4llm marks a table's best value so in a
#: text row); a bold key (``**2021**: ...``) keeps its emphasis.
_BOLD_NUMBER = re.compile(r"(?<=\s)(\*\*|__)([-+−]?\d[\d.,]*%?)\1(?![\w*]|\s*:)")  # a key's bold stays


#: Page furniture around a page break (``\f``): a bare page number, or a running head or foot that
#: cites the journal (``Sociological Science 11 (2024)``, ``N Engl J Med 2024;391:884-95. 887``,
#: ``Cardiology Research and Practice 2025 7``) or its authors (``8 M. Esposito et al.``).
_PAGE_NUMBER = re.compile(r"^\s*(?:page\s+)?\d{1,4}(?:\s*(?:/|of)\s*\d{1,4})?\s*$", re.IGNORECASE)
_RUNNING_HEAD = re.compile(r"\((?:19|20)\d\d\)|\b(?:19|20)\d\d;\s?\d+|\bVol\.|\bpp\.|\bdoi\b|arXiv:|\bet al\.?\s*$"
                           r"|(?-i:^(?:[A-Z][\w&.-]*\s+(?:and\s+|of\s+|&\s+)?){1,8}(?:19|20)\d\d\s+\d{1,4}\s*$)",
                           re.IGNORECASE)


def _page_furniture(lines: tuple[str, ...]) -> set[int]:
    """0-based indexes of the lines next to a page break that are page numbers or running heads;
    without a ``\f`` (text copied from a viewer), a bare page number beside a running head is
    such a break too (``7`` / ``Estuarine, Coastal and Shelf Dynamics 298 (2024) 108652``)."""
    out: set[int] = set()
    for i, line in enumerate(lines):
        if line.startswith("\f"):
            before = [j for j in range(i - 1, max(i - 5, -1), -1) if lines[j].strip()][:2]
            if before and _furniture(lines[before[0]]):  # a foot's page number, then its running foot
                out.update(before[:2] if len(before) > 1 and _furniture(lines[before[1]])
                           and not _PAGE_NUMBER.match(lines[before[1]]) else before[:1])  # (a bare number: a cell)
                if _PAGE_NUMBER.match(lines[before[0]]) and not _next_page(lines[before[0]], line):
                    continue  # the page's number stood at its foot: a number after the break is the page's text
            if _furniture(line.lstrip("\f")):
                out.add(i)
        elif len(line) <= 12 and _PAGE_NUMBER.match(line) and line.strip():
            beside = [j for j in (i - 1, i + 1) if 0 <= j < len(lines) and lines[j].strip()
                      and not _PAGE_NUMBER.match(lines[j]) and _furniture(lines[j].lstrip("\f"), head_only=True)]
            if beside:
                out.update([i, *beside])
    return out


def _next_page(foot: str, head: str) -> bool:
    """Both sides of a break print a bare number: the second is a page number only when it is the
    next page's (``7`` / ``\f8``); ``7`` / ``\f80`` is a page number, then a table's row label."""
    if not _PAGE_NUMBER.match(head.lstrip("\f")):
        return True
    a, b = re.findall(r"\d+", foot), re.findall(r"\d+", head)
    return bool(a and b) and int(b[0]) == int(a[0]) + 1


def _furniture(text: str, head_only: bool = False) -> bool:
    """A bare page number or a running head citing the journal; ``head_only`` (no ``\f`` says a
    page breaks here): a running head citing volume and pages, never a label's ``(2019)`` or
    ``et al.``."""
    if head_only:
        return bool(_JOURNAL_HEAD.search(text)) and len(text.split()) <= 12 and "  " not in text.strip()
    return bool(_PAGE_NUMBER.match(text)) or (
        bool(_RUNNING_HEAD.search(text)) and len(text.split()) <= 12 and "  " not in text.strip())


#: A running head citing a journal's volume and pages (``298 (2024) 108652``, ``2024;391:884``).
_JOURNAL_HEAD = re.compile(r"\d\s+\((?:19|20)\d\d\)\s+\d|\b(?:19|20)\d\d;\s?\d+:\d|\bVol\.\s*\d|\bpp\.\s*\d|\bdoi:")


def _reading_view(doc: Document) -> Document:
    """The document as the readers see it: lines that are only an HTML comment (``<!-- Slide
    number: 4 -->``, ``<!-- image -->``, ``<!-- .element: class="fragment" -->``) are blank, so
    no number of a converter's or slide tool's comment becomes a value; paragraph and block
    tags at a line's start or end (``<p>``, ``</p>``, ``<div class="page">``: XHTML text of a
    PDF; ``<span class="fragment">``; never hOCR's word spans) and wrappers (Hugo shortcodes,
    chat tokens) are spaces, and so is the emphasis around a bold number (``**64.8**``), so the
    text keeps its columns; so is pandoc's superscript letter glued to a number (``2,214^a^``);
    page furniture beside a page break (a bare page number, a running head citing the journal) is
    blank. Coverage still counts every number (as prose)."""
    furniture = _page_furniture(doc.lines)
    if not furniture and not any("<!--" in line or "<" in line or "{{" in line or "**" in line or "__" in line
                                 or "^" in line for line in doc.lines):
        return doc

    def spaces(m: re.Match) -> str:
        return " " * len(m.group(0))

    def view(line: str) -> str:
        line = _BOLD_NUMBER.sub(lambda m: f"  {m.group(2)}  ", _WRAPPER.sub(
            spaces, line if "ocr" in line else _BLOCK_TAG.sub(spaces, line)))
        return _PANDOC_SUPERSCRIPT.sub(spaces, line) if "^" in line else line

    return Document(source_file=doc.source_file, doc_id=doc.doc_id,
                    lines=tuple("" if _COMMENT_LINE.match(line) or i in furniture else view(line)
                                for i, line in enumerate(doc.lines)))


def _tables_as_pipes(doc: Document, grids) -> Document:
    """The chart reader reads points from Markdown pipe tables: a table of another form inside a
    chart description (a CSV block, tab-separated or aligned columns, HTML) is given to it as
    pipe lines, each row on its own line (the records get the file's raw text back)."""
    lines = list(doc.lines)
    for g in grids:
        row_lines = [ln for ln, _ in g.rows]
        if g.form == "pipe" or len(set(row_lines)) != len(row_lines) or len(row_lines) < 2:
            continue
        if any(segment.patterns.BULLET.match(doc.line(ln)) for ln in row_lines):
            continue  # bullets with a tab in them are the description's own lines, not a table
        width = max(len(cells) for _, cells in g.rows)
        for ln in range(g.first_line, g.last_line + 1):  # rules and blank lines: one pipe table
            lines[ln - 1] = "|" + " --- |" * width if g.first_line < ln < row_lines[-1] else ""
        for ln, cells in g.rows:
            lines[ln - 1] = "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    return Document(source_file=doc.source_file, doc_id=doc.doc_id, lines=tuple(lines), start=doc.start)


def parse_document(doc: Document, aliases: dict | None = None, *, account: bool = True) -> dict:
    """The parsed tables of ``doc`` (``contract.PARSED_TABLES``), its shape and its coverage;
    with ``account=False`` the numbers are not accounted for (``coverage`` is empty, and the
    notes of the accounting are missing), which changes no figure, table or shape."""
    from .charts import jsonform, named_kind, parse_chart_document
    from .pages import parse_page_document
    from .tableforms import bulletlist, find_grids

    _check_not_empty(doc)
    file_lines = len(doc.lines)
    printed, line_map = embedded.expand(doc)  # a page inside a JSON string: read as its lines
    doc = _reading_view(printed)
    parsed = contract.empty_parsed(doc.source_file, doc.doc_id, "page")
    chart_taken: set[int] = set()
    n_figures = 0
    for first, last, part in jsonform.read_all(doc):  # chart data written as JSON
        n_figures += _renumber(part, doc.doc_id, n_figures + 1)
        for name in contract.PARSED_TABLES:
            parsed[name].extend(part[name])
        chart_taken |= set(range(first, last + 1))
    grids = find_grids(doc.lines, skip=chart_taken) if chart_taken else find_grids(doc.lines)
    grid_lines = {ln for g in grids for ln in g.lines}
    opening, opening_end = ("", ""), 0  # the kind of chart an opening without points names, and its end
    for region in segment.chart_regions(doc.lines, frozenset(grid_lines | chart_taken)):
        lines = set(range(region.first, region.last + 1)) - chart_taken
        axis_keys = any(segment.patterns.is_axis_key(doc.line(ln)) for ln in lines)
        region_grids = [g for g in grids if g.first_line >= region.first and g.last_line <= region.last]
        view = _tables_as_pipes(segment.masked(doc, lines, window=(region.first, region.last)), region_grids)
        # (panels read apart right after such an opening are of the kind it names: 'The image shows
        # a figure with two grouped bar charts' over '### Panel (a)', '### Panel (b)')
        hint = opening if region.first <= opening_end + 3 else ("", "")
        try:
            part = parse_chart_document(view, hint)
            jsonform.restore_raw(doc, part)
            if hint[0]:
                opening_end = region.last  # (the next panel too)
        except DocumentError as exc:
            if (named := named_kind(view))[0] or hint[0]:  # (a legend or an axis read apart goes on with it)
                opening, opening_end = named if named[0] else hint, region.last
            if axis_keys:
                coverage.add_note(doc, parsed, region.first, "not_a_chart",
                                  f"lines {region.first}-{region.last} look like a chart description but "
                                  f"{exc.message}; read as tables and prose instead")
            else:  # only words naming a chart ("Figure 3 shows a bar chart of ...")
                coverage.add_note(doc, parsed, region.first, "no_chart_described",
                                  f"lines {region.first}-{region.last} name a chart but describe no axis or "
                                  "point; read as tables and prose", logging.INFO)
            continue
        used = _chart_lines(part)
        in_grids = {ln for g in grids if g.first_line >= region.first and g.last_line <= region.last
                    for ln in g.lines}
        described = axis_keys or any(segment.patterns.is_chart_intro(doc.line(ln)) for ln in lines) or any(
            a.get("x_line_no") not in ("", None) or a.get("y_line_no") not in ("", None) for a in part["axes"])
        point_lines = {int(p["line_no"]) for p in part["points"]}
        if not described and point_lines <= in_grids:
            # a heading naming a chart over a plain table ("## Results chart"): a table
            coverage.add_note(doc, parsed, region.first, "chart_as_table",
                              f"lines {region.first}-{region.last} name a chart but describe no axis and every "
                              "value stands in a table; read as a table", logging.INFO)
            continue
        for g in grids:
            if g.first_line >= region.first and g.last_line <= region.last and not used & set(g.lines):
                lines -= set(g.lines)  # a table inside the description, not the chart's points
        # the chart reader's notes on such a table's lines are about lines it does not keep
        part["parse_notes"] = [n for n in part["parse_notes"]
                               if n["line_no"] in ("", None) or int(n["line_no"]) in lines]
        n_figures += _renumber(part, doc.doc_id, n_figures + 1)
        for name in contract.PARSED_TABLES:
            parsed[name].extend(part[name])
        chart_taken |= lines
    rest = [g for g in grids if not chart_taken & set(g.lines)]
    # value bullets outside every chart description and table: a small table of a deck
    rest = sorted(rest + bulletlist.find(doc.lines, skip=chart_taken | grid_lines), key=lambda g: g.first_line)
    page_lines = set(range(1, len(doc.lines) + 1)) - chart_taken
    headings = sum(1 for ln in page_lines if segment.patterns.heading(doc.line(ln)))
    page = parse_page_document(segment.masked(doc, page_lines), "slides" if headings >= 2 else "page",
                               aliases or {}, grids=rest)
    for name in contract.PARSED_TABLES:
        parsed[name].extend(page[name])
    parsed["shape"] = detect_shape(parsed, headings)
    parsed["n_lines"] = file_lines
    parsed["coverage"] = coverage.account(printed, parsed, chart_taken) if account else {}
    if line_map:
        embedded.remap(parsed, line_map, contract.PARSED_TABLES)
    return parsed


def detect_shape(parsed: dict, headings: int = 0) -> str:
    """The shape of a parsed document from what its blocks gave (see the module docstring)."""
    figures, tables = bool(parsed["axes"]), bool(parsed["table_summary"])
    if figures and tables:
        return "mixed"
    if figures:
        return "chart"
    if tables:
        return "slides" if headings >= 2 else "page"
    return "slides" if headings >= 2 else "prose"


def manifest(parsed: dict) -> dict:
    """What the workflow needs at DAG time: the ids of the figures and tables to render."""
    return {
        "source_file": parsed["source_file"],
        "doc_id": parsed["doc_id"],
        "shape": parsed["shape"],
        "figures": [row["figure_id"] for row in parsed["axes"]],
        "tables": [row["table_id"] for row in parsed["table_summary"]],
    }
