"""Split a document into blocks: chart descriptions, tables, and everything else (prose).

A file can hold prose, several tables, one or more chart descriptions and headings of any
level; the shape belongs to each block, decided from the block's own text, never to the file.
This module finds the *chart regions*; tables are found by :mod:`paperfig.tableforms` on the
lines no chart region takes; every other line is prose (notes, captions, papers).

Grammar of a chart region
-------------------------
* **Anchors.** A chart description announces itself by an axis key opening a line or bullet
  (``**X-axis:**``, ``X axis -``, ``Horizontal axis:``, see :data:`patterns.AXIS_KEY`), by a
  heading naming a plot (``## Bar Chart: Accuracy by model``, :data:`patterns.PLOT_WORDS`), or
  by a line that opens by naming a kind of chart (``The image is a bar chart titled ...``,
  ``**Type:** scatter plot``, :data:`patterns.CHART_INTRO`).
  A mention of "the x-axis" inside a sentence is no anchor. A run of >= 3 bullets that differ
  only in their numbers and read ``x -> y`` (``- γ = 2 → 0.86``) is a region of its own, from
  its lead-in line to its last bullet (:func:`_arrow_series`).
* **Start.** An anchor that is a heading starts its region. Otherwise the region starts at the
  nearest heading above the anchor; when that heading is one of a chart description's own
  sub-sections (``### Components/Axes``, ``### Overview``: a heading that names no plot) and a
  higher-level heading encloses it with no table between them, the region climbs to that
  parent (``## Scatter Plot: ...`` owns its ``###`` sections); a table between that heading
  and the anchor is the section's, not the chart's: the region starts after it. With no
  heading above, the region
  starts after the previous table or region, or at a ``Figure N:`` caption, else at line 1.
* **Slides.** In a deck (two or more ``---`` lines after a blank line), a region never crosses
  a slide break: it starts after the break above its anchor and ends before the next one.
* **End.** The line before the next heading of the same or a higher level than the start's
  (a headingless start runs to the next region or the end of the file); following sibling
  sections that name parts of a description (``### Axes``, ``### Bars``, ``### Summary``)
  belong to it too, and two regions with only blank lines between them, one of which starts
  at such a part heading (``### Chart type`` then ``### Axes``), are one description.
* Overlapping regions are merged. Whether a region really is a chart is decided by the chart
  reader: a region in which it finds no point is handed back, whole, to the table and prose
  readers (a slide titled "Results chart" holding a table is a table).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from . import patterns
from .documents import Document

#: Headings that name a part of a chart description rather than a chart of its own.
_PART_WORDS = (
    r"(?:components?|axes|axis|overview|description|details?|elements?|data(?:\s+points?)?|"
    r"legend|key\s+(?:observations?|elements?|features?)|observations?|layout|structure|visual|"
    r"(?:detailed\s+)?analysis|trends?|interpretation|summary|notes?|labels?|points|"
    r"series|values|content|context|title|bars?|lines?|"
    r"chart\s+(?:type|description|details|elements?|components?|overview|structure|layout)|"
    r"data\s+(?:by|per|for)\s+\w+(?:\s+\w+){0,2}|"
    r"(?:figure|plot|graph)\s+(?:type|description)|type|insights?|takeaways?|findings?|"
    r"bar\s+values|data\s+values|colou?rs?|markers?|"
    r"what\s+(?:the|this|it)\s+(?:chart|plot|graph|figure)?\s*(?:shows|tells\s+us|reveals|means|suggests|indicates|implies|says)|"
    r"(?:reading|interpreting)\s+the\s+(?:chart|plot|graph)|(?:patterns|observations)\s+in\s+the\s+(?:chart|plot|graph|data))")
#: Headings that name a part of a chart description rather than a chart of its own: only
#: part words ("Components/Axes", "Key Observations", "Chart type"), nothing that names a plot.
_CHART_PART = re.compile(
    rf"^\W*(?:(?:approximate|approx\.|estimated|extracted|raw|exact|underlying|read)\s+)?{_PART_WORDS}"
    rf"(?:\s*(?:[/&,]|and)\s*{_PART_WORDS})*\s*(?:\([^()]{{0,40}}\))?\W*$", re.IGNORECASE)


@dataclass(frozen=True)
class Region:
    """Lines ``first``..``last`` (1-based, inclusive) of one chart description."""

    first: int
    last: int


def _headings(lines) -> list[tuple[int, int, str]]:
    out = []
    for ln, line in enumerate(lines, 1):
        h = patterns.heading(line)
        if h:
            out.append((ln, h[0], h[1]))
    return out


_ARROW_NUM = re.compile(r"[-+−]?\d+(?:[.,]\d+)*")
_ARROW_SKELETON = re.compile(r"^(?P<before>[^#]*)#(?P<between>[^#→]*?)\s*(?:→|->|⟶)\s*(?P<after>[^#]*)#[^#]*$")


_PLURAL = re.compile(r"(?<=[a-z])s\b")


def _arrow_series(lines) -> list[tuple[int, int]]:
    """Runs of >= 3 consecutive bullets (or plain lines: a deck's fragments) that differ only in
    their numbers, and in a word's plural ``s``, and read ``x -> y`` (``- γ = 2 → 0.86``, ``- 0%
    flips → $0.841$``, ``- k = 1 → 112 ms``, ``1 prompt → 55.6`` / ``2 prompts → 58.0``): the
    points of a curve.
    Bullets comparing a before and an after value (``- Perplexity: 18.3 → 18.7``) differ in
    their words and are no such run. Runs separated by one lead-in line (``- *With reranking*``)
    are one region, which starts at the line before the first run."""
    runs: list[list[int]] = []
    prev = None
    for ln, line in enumerate(lines, 1):
        bm = patterns.BULLET.match(line)
        text = bm.group("text") if bm else line.strip() if ("→" in line or "->" in line) else ""
        skeleton = _PLURAL.sub("", _ARROW_NUM.sub("#", text)) if text else None
        if skeleton is not None and _ARROW_SKELETON.match(skeleton):
            key = (skeleton, len(bm.group("indent")) if bm else -1)
            if runs and prev == key and runs[-1][-1] == ln - 1:
                runs[-1].append(ln)
            else:
                runs.append([ln])
            prev = key
        else:
            prev = None
    regions: list[tuple[int, int]] = []
    for run in (r for r in runs if len(r) >= 3):
        start = run[0] - 1 if run[0] > 1 and lines[run[0] - 2].strip() else run[0]
        if regions and start - regions[-1][1] <= 1:
            regions[-1] = (regions[-1][0], run[-1])
        else:
            regions.append((start, run[-1]))
    return regions


def chart_regions(lines, table_lines: frozenset[int] | set[int] = frozenset()) -> list[Region]:
    """The chart regions of a document (see the module docstring), in reading order."""
    heads = _headings(lines)
    n = len(lines)
    anchors = [ln for ln, line in enumerate(lines, 1)
               if ln not in table_lines and patterns.is_chart_anchor(line)]
    anchors += [ln for ln, _, text in heads if patterns.PLOT_WORDS.search(text)]
    head_at = {h[0]: h for h in heads}
    slides = _slide_breaks(lines)
    regions: list[tuple[int, int]] = []
    for anchor in sorted(set(anchors)):
        if regions and regions[-1][0] <= anchor <= regions[-1][1]:
            continue
        start, level = _start(anchor, heads, table_lines, lines, regions)
        if level:
            end = _section_end(start, level, heads, n)
            # sibling sections that are parts of the same description ("### Axes", "### Bars")
            while True:
                nxt = head_at.get(end + 1)
                if not nxt or nxt[1] != level or not _is_part(nxt[2]):
                    break
                end = _section_end(nxt[0], level, heads, n)
        else:
            end = n
        if slides:  # a slide ends every description on it: '---' between slides bounds the region
            i = bisect.bisect_left(slides, anchor)
            start = max(start, slides[i - 1] + 1) if i else start
            end = min(end, slides[i] - 1) if i < len(slides) else end
        if regions and (_is_part(_heading_text(regions[-1][0], head_at)) or _is_part(_heading_text(start, head_at))) \
                and all(not lines[ln - 1].strip() for ln in range(regions[-1][1] + 1, start)) \
                and start > regions[-1][1]:
            regions[-1] = (regions[-1][0], end)  # two parts of one description
            continue
        regions.append((start, end))
    # runs of 'x -> y' bullets outside every region are regions of their own
    for first, last in _arrow_series(lines):
        if not any(a <= first <= b or a <= last <= b for a, b in regions) and not any(
                first <= t <= last for t in table_lines):
            regions.append((first, last))
    regions.sort()
    # a headingless region ends where the next one starts
    out: list[Region] = []
    for i, (start, end) in enumerate(regions):
        if i + 1 < len(regions) and regions[i + 1][0] <= end:
            end = regions[i + 1][0] - 1
        if out and start <= out[-1].last:
            out[-1] = Region(out[-1].first, max(out[-1].last, end))
            continue
        out.append(Region(start, end))
    return out


_SLIDE_BREAK = re.compile(r"^\s*(?:---|\*\*\*|___)\s*$")


def _slide_breaks(lines) -> list[int]:
    """The lines that separate slides (``---`` alone after a blank line, as Marp, reveal.js and
    Slidev decks print them), when a document has two or more; else none."""
    breaks = [ln for ln, line in enumerate(lines, 1)
              if _SLIDE_BREAK.match(line) and (ln == 1 or not lines[ln - 2].strip())]
    return breaks if len(breaks) >= 2 else []


def is_part_heading(text: str) -> bool:
    """A heading that names a part of a chart description ("Components/Axes", "Bars",
    "Chart type"), not a chart of its own."""
    return bool(text) and bool(_CHART_PART.match(text))


_is_part = is_part_heading


def _heading_text(line_no: int, head_at: dict) -> str:
    return head_at[line_no][2] if line_no in head_at else ""


def _section_end(start: int, level: int, heads, n: int) -> int:
    """The line before the next heading of ``level`` or higher after ``start`` (``heads`` is in
    line order: a binary search finds where to start looking)."""
    i = bisect.bisect_right(heads, (start, 7, ""))
    return next((ln - 1 for ln, lvl, _ in heads[i:] if lvl <= level), n)


def _start(anchor: int, heads, table_lines, lines, regions) -> tuple[int, int]:
    i = bisect.bisect_left(heads, (anchor, 0, ""))  # heads[:i] are the headings above the anchor
    if i < len(heads) and heads[i][0] == anchor:
        return heads[i][0], heads[i][1]
    floor = regions[-1][1] if regions else 0
    if i and heads[i - 1][0] > floor:
        j = i - 1
        ln, lvl, text = heads[j]
        while _is_part(text):
            # the nearest heading of a higher level above it, below the previous region
            j = next((k for k in range(j - 1, -1, -1) if heads[k][1] < lvl or heads[k][0] <= floor), -1)
            if j < 0 or heads[j][0] <= floor or heads[j][1] >= lvl:
                break
            if any(heads[j][0] < t < ln for t in table_lines):
                break
            ln, lvl, text = heads[j]
        tables_between = [t for t in table_lines if ln < t < anchor]
        if tables_between:
            return max(tables_between) + 1, lvl  # a table of the section is no part of the chart
        return ln, lvl
    # no heading: after the previous table/region, or at a figure caption
    start = floor + 1
    for ln in range(anchor, floor, -1):
        if ln in table_lines:
            start = ln + 1
            break
        if patterns.caption_kind(lines[ln - 1]) == "figure":
            start = ln
            break
    return start, 0


def masked(doc: Document, keep, window: tuple[int, int] | None = None) -> Document:
    """The document with every line not in ``keep`` blanked: line numbers stay the same, so a
    reader given only part of a file still reports the file's own lines. ``window`` (first,
    last line; ``keep`` within it): the view ends at its last line and says where its first
    is (``Document.start``), so reading one chart of a file of many costs the chart's lines,
    not the file's."""
    keep = set(keep)
    if window is None:
        return Document(source_file=doc.source_file, doc_id=doc.doc_id,
                        lines=tuple(line if ln in keep else "" for ln, line in enumerate(doc.lines, 1)))
    start, end = window
    return Document(source_file=doc.source_file, doc_id=doc.doc_id, start=start, lines=("",) * (start - 1) + tuple(
        doc.lines[ln - 1] if ln in keep else "" for ln in range(start, end + 1)))
