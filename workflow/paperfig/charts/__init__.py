"""Chart descriptions: prose descriptions of plots turned into points, axes, legend and claims.

A chart description is markdown-ish text written by a person or a vision-language model: a
top heading naming the plot ("## Scatter Plot: ..."), sections, bullets and plain lines. The
parser recognises shapes of text, never particular files. One module per job; each starts
with the part of the grammar it reads:

* :mod:`.shapes`: the text shapes all readers share: bold keys and the key words of a
  description, printed numbers (read whole or refused, never a prefix), approximation words,
  units, ``(x, y)`` pairs, point labels, colour words, small text helpers;
* :mod:`.figure`: one figure's state (``_Figure``), the spans of a file that describe figures,
  the chart type as stated, and the walk over a figure's lines (``_read_figure``) that hands
  each line to the readers below;
* :mod:`.axes`: axis lines in any usual spelling, their sub-bullets, ranges, tick labels and
  log scales;
* :mod:`.legend`: the title (or none), legend entries and position, arrows, mentions;
* :mod:`.points`: every phrasing of a point or a bar (``POINT_STYLES``), and the
  "unread_point" note for a line with numbers that gives none;
* :mod:`.pipetables`: points given as a Markdown pipe table;
* :mod:`.claims`: sentences about the data;
* :mod:`.finish`: once a figure is read: the chart type settled by the form of the points,
  units, scales, and the contract's records.

Names starting with ``_`` are private to this package (its modules share them); the public
API is what this module exports: ``parse_chart_document``, ``named_kind``, ``is_colour``,
``split_sentences``, ``canonical_numbers``, ``COLOUR_PHRASE``, ``POINT_STYLES``.

A bar is a point with an empty ``x``, its ``category`` and its value in ``y`` (no position is
ever invented); for horizontal bars ``y`` is still the value axis. A line with numbers that
yields no point gets an "unread_point" parse note. Every row carries the 1-based ``line_no``
and the ``raw`` line it came from; several points may come from one line.
"""

from __future__ import annotations

from .. import contract
from ..documents import Document
from .claims import split_sentences
from .figure import _chart_type, _Figure, _figure_spans, _read_figure
from .finish import _finish_figure
from .points import POINT_STYLES
from .shapes import COLOUR_PHRASE, canonical_numbers, is_colour

__all__ = ["COLOUR_PHRASE", "POINT_STYLES", "canonical_numbers", "is_colour", "named_kind", "parse_chart_document",
           "split_sentences"]


def named_kind(doc: Document) -> tuple[str, str]:
    """(chart type, bar orientation) the description's lines name, ("", "") when none."""
    return _chart_type(doc, "", doc.start, len(doc.lines))


def parse_chart_document(doc: Document, kind_hint: tuple[str, str] = ("", "")) -> dict:
    """Parse a chart description into the contract's points/axes/legend/arrows/mentions/claims;
    ``kind_hint``: the kind of chart an opening read apart named (its panels name none)."""
    parsed = contract.empty_parsed(doc.source_file, doc.doc_id, "chart")
    figures = []
    opening = kind_hint  # the kind of chart an unheaded opening names holds for the headed panels after it
    for k, (head_line, heading, first, last) in enumerate(_figure_spans(doc), 1):
        fig = _Figure(doc, contract.figure_id(doc.doc_id, k), head_line, heading)
        fig.kind_hint = opening
        _read_figure(fig, first, last)
        if k == 1 and not heading:
            opening = (fig.chart_type, fig.orientation)
        figures.append(fig)
    with_points = [fig for fig in figures if fig.points]
    for fig in figures:
        if fig.points or not with_points:
            _finish_figure(fig, parsed)  # (raises for a description without any point)
            continue
        # a section headed like a chart of its own ('## Why the plot matters') beside one that
        # has points: commentary on it, read as prose, noted (an unheaded opening is prose)
        parsed["parse_notes"].extend(fig.notes)
        if not fig.heading:
            continue
        parsed["parse_notes"].append(contract.record(
            contract.PARSE_NOTES, source_file=doc.source_file, line_no=fig.heading_line, kind="no_chart_described",
            message=f"section {fig.heading!r} names a chart but gives no point; read as prose about the chart",
            raw=doc.line(fig.heading_line)))
    return parsed
