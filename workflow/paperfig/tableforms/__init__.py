"""Table blocks in every text form a document prints them in, as one grid model.

Real documents print tables in many text forms. One module per form reads it
(in the style of camelot's parsers), all behind one interface ``find(lines, skip)`` and all
giving the same :class:`Grid`, which the table logic of :mod:`paperfig.pages` consumes
(header detection, label columns, merged cells, group headers, pairs ...):

==========  ==================================================================
``ocrbox.`` OCR text boxes with coordinates, one per line (:mod:`.ocrboxes`): EasyOCR's
            ``([[x, y], ...], 'text', conf)``, PaddleOCR's ``[[[x, y], ...], ('text', conf)]``
``printo.`` tables a tool printed as program output, text in string literals (:mod:`.printouts`):
            pdfplumber/camelot lists of cells, Azure ``Cell[r][c] has text '..'``, EasyOCR and
            Florence-2 string lists, Surya ``text='..'``, docTR ``Word(value='..')``, Vision
            ``Word text: ..``, ocrmac ``('..', conf, [box])``, pandas frames (``0 1 2`` + index)
``doctags`` DocTags ``<otsl>`` tables of SmolDocling / Granite-Docling (:mod:`.doctags`):
            ``<ched>``/``<rhed>``/``<fcel>`` cells, ``<nl>`` rows, merge cells
``elemen.`` document elements with structure paths (:mod:`.elementpaths`), as Adobe PDF
            Extract lists them: ``"Path": ".../Table[2]/TR[2]/TD[3]/P", "Text": "61.4"``
``tei``     GROBID TEI XML (:mod:`.tei`): ``<figure type="table">``, ``<row>``/``<cell>``
``html``    ``<table>`` blocks (:mod:`.html`): ``<tr>``/``<td>``/``<th>``, colspan, rowspan
``latex``   ``tabular``-like environments (:mod:`.latex`), on many lines or on one
``delim.``  comma/semicolon-separated rows (:mod:`.delimited`) in a fenced code block, or
            bare CSV lines (>= 3 rows, >= 3 cells, no space after the commas)
``linear.`` a chart-to-table model's table on one line (:mod:`.linearized`): DePlot, MatCha
            rows joined by ``<0x0A>``, cells by `` | ``, a ``TITLE | ..`` first row
``pipe``    Markdown pipe tables (:mod:`.pipe`), with or without outer pipes
``multil.`` pandoc simple and multiline tables (:mod:`.multiline`): column extents from a
            line of dash runs, wrapped cells joined, ``Table: ..`` caption
``tsv``     runs of tab-separated lines (:mod:`.tsv`)
``oneline`` a table space-joined on one line after a ``[Table]`` / ``Table:`` element marker
            (:mod:`.oneline`), read only when every token fits label + k values
``aligned`` whitespace-aligned columns (:mod:`.aligned`), as pdftotext or OCR print them
``interl.`` single-spaced rows with text columns between value columns (:mod:`.interleaved`),
            as Tesseract prints a case series (``1 54 M Cerebral 2.8 6.1 Excision 36``)
``columnb.`` a table printed column by column, one paragraph per column (:mod:`.columnblocks`),
            as markitdown and pdfminer walk a PDF's text blocks
``stacked`` one cell per line (:mod:`.stacked`), as plain ``pdftotext`` prints tables, or one
            cell per paragraph (Tesseract ``--psm 11``: a blank line between cells)
==========  ==================================================================

:func:`find_grids` runs the forms in that fixed order of confidence: each form skips the lines
an earlier one took, so blocks never overlap (a LaTeX table whose lines hold tabs is a LaTeX
table, not a TSV block; a tool's printout goes before CSV and aligned columns, whose readers
would take its quoted cells or its boxes for a table of their own; TEI goes before HTML, whose
reader would take a TEI ``<table>`` as an empty HTML one). Cell texts are the printed text made
plain (markup and emphasis removed), never parsed: :mod:`paperfig.cells` parses them later.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field


@dataclass
class Grid:
    form: str                 # one of FORMS: "tsv" | "pipe" | "latex" | "html" | "aligned" | "delimited" |
                              # "stacked" | "tei" | "linearized" | "multiline" | "oneline" | "printouts" |
                              # "paragraphs" ...
    first_line: int           # 1-based, first line of the block (incl. \begin{tabular}, <table>)
    last_line: int            # 1-based, last line of the block
    rows: list[tuple[int, list[str]]]   # (1-based line_no, cleaned cell texts) in printed order,
                              # header rows included as printed; alignment/rule rows excluded
    lines: list[int]          # every line number the block occupies (rules, \hline, separators too)
    notes: list[tuple[int, str, str]] = field(default_factory=list)  # (line_no, kind, message)
    caption: tuple[int, str] | None = None   # a caption inside the block (\caption{..}, <caption>)
    header_rows: int = 0      # leading rows the markup itself marks as header (a pipe table's rows
                              # above its alignment row, HTML rows of <th> cells); 0: not marked,
                              # the table logic decides from the cells
    cell_lines: list[list[int]] | None = None  # per row, the line of each cell when cells of one
                              # row stand on different lines (HTML with a <td> per line); None:
                              # every cell is on its row's line


#: The forms in their order of confidence (a form's module exposes ``find(lines, skip)``).
FORMS = ("ocrboxes", "printouts", "doctags", "elementpaths", "tei", "html", "latex", "delimited", "linearized", "pipe",
         "multiline", "tsv", "oneline", "paragraphs", "aligned", "interleaved", "columnblocks", "stacked")


def _finders():
    from . import (
        aligned,
        columnblocks,
        delimited,
        doctags,
        elementpaths,
        html,
        interleaved,
        latex,
        linearized,
        multiline,
        ocrboxes,
        oneline,
        paragraphs,
        pipe,
        printouts,
        stacked,
        tei,
        tsv,
    )

    modules = (ocrboxes, printouts, doctags, elementpaths, tei, html, latex, delimited, linearized, pipe, multiline,
               tsv, oneline, paragraphs, aligned, interleaved, columnblocks, stacked)
    return {module.__name__.rsplit(".", 1)[-1]: module.find for module in modules}


def find_grids(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    """All table blocks of a document (lines[i] is line i+1), in reading order, none overlapping;
    lines in ``skip`` (1-based) belong to other blocks and are never part of a grid."""
    taken = set(skip)
    grids: list[Grid] = []
    finders = _finders()
    for form in FORMS:
        for grid in finders[form](lines, frozenset(taken)):
            if taken & set(grid.lines):  # a reader must honour skip; never let blocks overlap
                continue
            taken.update(grid.lines)
            grids.append(grid)
    grids.sort(key=lambda g: (g.first_line, g.last_line))
    from .detached import attach  # a table's last column printed after it (OCR)

    return attach(lines, grids, frozenset(taken))


__all__ = ["FORMS", "Grid", "find_grids"]
