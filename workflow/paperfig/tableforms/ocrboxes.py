"""Tables an OCR engine printed as text boxes with coordinates, one box per line.

OCR engines return one entry per piece of text found in a table image, with its bounding box;
printed or saved, they are (one per line)::

    ([[212, 41], [256, 41], [256, 65], [212, 65]], '43.8', 0.7585)          (EasyOCR)
    [[[212.0, 41.0], [256.0, 41.0], [256.0, 65.0], [212.0, 65.0]], ('43.8', 0.75)]   (PaddleOCR)
    5  1  1  1  2  3  330  72  56  24  91.5  3.17     (Tesseract TSV: level page block par
                                                        line word left top width height conf text)
    <span class='ocrx_word' title='bbox 330 72 386 96; x_wconf 91'>3.17</span>   (hOCR)
    <String HPOS="544" VPOS="165" WIDTH="62" HEIGHT="25" WC="0.89" CONTENT="-6.4"/>   (ALTO XML)
    <word xMin="298.41" yMin="140.2" xMax="315.9" yMax="152.2">81.5</word>   (pdftotext -bbox-layout)
    "rec_texts": ["Method", "3.8M", ...], "rec_boxes": [[17, 13, 90, 36], ...]   (PaddleOCR JSON)
    {"polygon": [[212.0, 41.0], ...], "confidence": 0.93, "text": "43.8", "bbox": [212.0, 41.0, 256.0, 65.0]},
                                                        (Surya's text_lines; any JSON line of a text and its box)

Grammar
-------
* **Box line**: one of the forms above (PaddleOCR's command line prints its logger's prefix
  first, ``[2024/05/14 09:42:17] ppocr INFO: [[[...``; NumPy 2 prints EasyOCR's numbers with
  their type, ``[[np.int32(722), np.int32(98)], ...], '(mg/L)', np.float64(0.94)``); the text is
  the box's string, the box the smallest rectangle around its points. Coordinates and
  confidences are not printed numbers of the page (coverage counts them with the table's lines).
  A Tesseract TSV needs its header line (``level page_num ... conf text``); only its word rows
  (level 5, non-empty text) are boxes.
* **Block**: a run of >= 4 box lines (for hOCR and TSV: the whole run of its markup/rows); a box
  of a table's caption (``Table 3. ...``) after the first starts the next block.
* **Words to cells**: Tesseract and hOCR give words. Words of one OCR line (the same block,
  paragraph and line numbers; hOCR: the same ``ocr_line``), left to right, join into one
  phrase while the gap to the next word is under 0.8 times the line's height (a space between
  words is narrower than a gap between columns).
* **Rows**: boxes sorted by the middle of their height; a box whose middle lies within half
  the typical box height of the current row's middle joins it, else it starts a new row. A row
  of one box that is text of several words (a title or caption above the table) is not a row.
* **Columns**: the x-intervals of the boxes of the rows, overlapping ones merged (boxes that only
  touch, or whose edges overlap by under a tenth of the narrower one, do not): each merged
  interval is a column. A box over two boxes of another row that do not overlap each other
  (``Female (n = 18)`` over ``F1`` and ``F2``) is a group header: it takes no part in the
  columns and its text is the cell of the first column it overlaps. Two numbers in one cell
  beside an empty cell of a column of numbers (``'0.88 71'``: OCR merged two cells) are split
  between the two columns. A row's cell in a column is the text of its boxes there (left to
  right, joined by a space); "" when it has none.
* Each cell keeps the line of its own (first) box (``Grid.cell_lines``), a row the line of its
  first box. A block of fewer than 2 rows or 2 columns is not a table.
"""

from __future__ import annotations

import html as _html
import json
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from statistics import median

from .. import patterns
from . import Grid

_N = r"-?\d+(?:\.\d+)?"
#: NumPy 2 prints its scalars with their type (``np.int32(722)``, ``np.float64(0.94)``).
_NP, _NP_END = r"(?:np\.\w+\(\s*)?", r"\s*\)?"
_POINT = rf"\[\s*{_NP}({_N}){_NP_END}\s*,\s*{_NP}({_N}){_NP_END}\s*\]"
_BOX = rf"\[\s*{_POINT}\s*,\s*{_POINT}\s*,\s*{_POINT}\s*,\s*{_POINT}\s*\]"
_TEXT = r"""(?P<q>['"])(?P<text>(?:\\.|(?!(?P=q)).)*)(?P=q)"""
_TSV_HEADER = re.compile(r"^\s*level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\t"
                         r"conf\ttext\s*$")
_HOCR_WORD = re.compile(r"""<span[^>]*class=['"]ocrx_word['"][^>]*title=['"]bbox\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)"""
                        r"""[^'"]*['"][^>]*>(?P<text>.*?)</span>""")
_HOCR_LINE = re.compile(r"""class=['"]ocr_(?:line|caption|header|textfloat)['"]""")
_TAG = re.compile(r"<[^>]+>")
_EASY = re.compile(rf"^\s*\(\s*{_BOX}\s*,\s*{_TEXT}\s*,\s*{_NP}{_N}{_NP_END}\s*\)\s*,?\s*$")
#: The logger's prefix PaddleOCR's command line prints before each box (``[2024/05/14 09:42:17]
#: ppocr INFO: ``): the time and the level are the tool's, never numbers of the page.
_LOG_PREFIX = r"(?:\[\d{4}[/-]\d\d[/-]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d+)?\]\s+\w+\s+[A-Z]+:\s*)?"
_PADDLE = re.compile(rf"^\s*{_LOG_PREFIX}\[?\s*\[\s*{_BOX}\s*,\s*\(\s*{_TEXT}\s*,\s*{_N}\s*\)\s*\]\s*,?\s*\]?\s*,?\s*$")
MIN_BOXES = 4


@dataclass
class _Box:
    line_no: int
    text: str
    x0: float
    x1: float
    y0: float
    y1: float
    group: tuple = ()  # the OCR line of a word (words of one group join into phrases)

    @property
    def middle(self) -> float:
        return (self.y0 + self.y1) / 2


def box(line: str, line_no: int) -> _Box | None:
    """The box a line prints, or None."""
    m = _EASY.match(line) or _PADDLE.match(line)
    if not m:
        return _json_box(line, line_no) if '"bbox"' in line or '"polygon"' in line else None
    coords = [float(g) for g in m.groups()[:8]]
    xs, ys = coords[0::2], coords[1::2]
    text = m.group("text").replace("\\'", "'").replace('\\"', '"').strip()
    return _Box(line_no, text, min(xs), max(xs), min(ys), max(ys))


#: A box printed as a JSON object on its line (Surya's ``text_lines``, one per line; a tool's JSON
#: lines): its text, and its ``bbox`` (``[x0, y0, x1, y1]``) or ``polygon`` (four corners); the
#: brackets closing the lists around it may follow (``}]}]}``), and the object opening them may
#: precede it on the first line.
_JSON_OBJECT = re.compile(r'^\s*(?:\{\s*"[^"]*"\s*:\s*\[\s*)*\{(?P<body>.*)\}\s*[\]},\s]*$')
_JSON_TEXT = re.compile(r'"(?:text|content)"\s*:\s*"(?P<text>(?:\\.|[^"\\])*)"')
_JSON_BBOX = re.compile(rf'"bbox"\s*:\s*\[\s*({_N})\s*,\s*({_N})\s*,\s*({_N})\s*,\s*({_N})\s*\]')
_JSON_POLYGON = re.compile(rf'"polygon"\s*:\s*{_BOX}')


def _json_box(line: str, line_no: int) -> _Box | None:
    """The box of a line holding one JSON object with a text and a box (see ``_JSON_OBJECT``)."""
    m = _JSON_OBJECT.match(line)
    t = _JSON_TEXT.search(m.group("body")) if m else None
    if not t:
        return None
    try:
        text = json.loads(f'"{t.group("text")}"')
    except ValueError:
        return None
    if b := _JSON_BBOX.search(m.group("body")):
        x0, y0, x1, y1 = (float(g) for g in b.groups())
        return _Box(line_no, _TAG.sub("", text).strip(), min(x0, x1), max(x0, x1), min(y0, y1), max(y0, y1))
    if poly := _JSON_POLYGON.search(m.group("body")):
        coords = [float(g) for g in poly.groups()]
        xs, ys = coords[0::2], coords[1::2]
        return _Box(line_no, _TAG.sub("", text).strip(), min(xs), max(xs), min(ys), max(ys))
    return None


def _tsv_words(lines: Sequence[str], skip: Collection[int]) -> list[tuple[int, int, list[_Box]]]:
    """(first line, last line, word boxes) of each Tesseract TSV block (header to last row)."""
    blocks: list[list] = []
    for ln, line in enumerate(lines, 1):
        if ln in skip:
            continue
        if _TSV_HEADER.match(line):
            blocks.append([ln, ln, []])
            continue
        if not blocks or blocks[-1][1] != ln - 1:
            continue
        f = line.rstrip("\n").split("\t")
        if len(f) != 12 or not all(re.fullmatch(r"-?\d+(?:\.\d+)?", x) for x in f[:11]):
            continue
        blocks[-1][1] = ln
        if f[0] == "5" and f[11].strip():
            left, top, width, height = (float(x) for x in f[6:10])
            blocks[-1][2].append(_Box(ln, f[11].strip(), left, left + width, top, top + height, tuple(f[1:5])))
    return [(a, b, words) for a, b, words in blocks if words]


def _hocr_words(lines: Sequence[str], skip: Collection[int]) -> list[tuple[int, int, list[_Box]]]:
    """(first line, last line, word boxes) of each run of hOCR markup holding words."""
    blocks: list[tuple[int, int, list[_Box]]] = []
    current: list[_Box] = []
    group = 0
    for ln, line in enumerate([*lines, "end"], 1):
        if ln <= len(lines) and ln not in skip and _HOCR_LINE.search(line):
            group += 1
        m = _HOCR_WORD.search(line) if ln <= len(lines) and ln not in skip else None
        if m:
            text = _TAG.sub("", m.group("text")).strip()
            if text:
                x0, y0, x1, y1 = (float(m.group(i)) for i in range(1, 5))
                current.append(_Box(ln, text, x0, x1, y0, y1, (group,)))
        elif current and (ln > len(lines) or ln in skip or (line.strip() and not line.strip().startswith("<"))):
            blocks.append((current[0].line_no, current[-1].line_no, current))
            current = []
    return blocks


_JSON_LIST_START = re.compile(r'^\s*"(?P<key>rec_texts|rec_boxes|rec_polys|dt_polys)"\s*:\s*\[\s*$')
_JSON_STRING_ITEM = re.compile(r'^\s*"((?:\\.|[^"\\])*)"\s*,?\s*$')
_JSON_BOX_ITEM = re.compile(rf"^\s*\[\s*({_N})\s*,\s*({_N})\s*,\s*({_N})\s*,\s*({_N})\s*\]\s*,?\s*$")
_JSON_POLY_ITEM = re.compile(rf"^\s*{_BOX}\s*,?\s*$")


def _paddle_json(lines: Sequence[str], skip: Collection[int]) -> list[tuple[int, int, list[_Box]]]:
    """(first line, last line, boxes) of a PaddleOCR result saved as JSON: the ``rec_texts`` list
    (one string per line) and, in the same order, ``rec_boxes`` (``[x0, y0, x1, y1]``) or
    ``rec_polys``/``dt_polys`` (four corner points)."""
    lists: dict[str, list[tuple[int, object]]] = {}
    key = None
    for ln, line in enumerate(lines, 1):
        if ln in skip:
            continue
        m = _JSON_LIST_START.match(line)
        if m:
            key = m.group("key")
            lists[key] = []
            continue
        if key is None:
            continue
        if line.strip().startswith("]"):
            key = None
            continue
        if key == "rec_texts":
            t = _JSON_STRING_ITEM.match(line)
            lists[key].append((ln, t.group(1) if t else None))
        elif key == "rec_boxes":
            b = _JSON_BOX_ITEM.match(line)
            lists[key].append((ln, [float(x) for x in b.groups()] if b else None))
        else:
            b = _JSON_POLY_ITEM.match(line)
            if b:
                xs, ys = [float(x) for x in b.groups()[0::2]], [float(x) for x in b.groups()[1::2]]
                lists[key].append((ln, [min(xs), min(ys), max(xs), max(ys)]))
    texts = lists.get("rec_texts") or []
    boxes = lists.get("rec_boxes") or lists.get("rec_polys") or lists.get("dt_polys") or []
    if not texts or len(texts) != len(boxes) or any(t is None for _, t in texts) or any(b is None for _, b in boxes):
        return []
    out = [_Box(ln, text, b[0], b[2], b[1], b[3]) for (ln, text), (_, b) in zip(texts, boxes) if text.strip()]
    lines_used = [ln for ln, _ in texts] + [ln for ln, _ in boxes]
    return [(min(lines_used), max(lines_used), out)]


_ALTO_STRING = re.compile(r"<String\b(?=[^>]*\bCONTENT=\"(?P<text>[^\"]*)\")(?=[^>]*\bHPOS=\"(?P<x>[\d.]+)\")"
                          r"(?=[^>]*\bVPOS=\"(?P<y>[\d.]+)\")(?=[^>]*\bWIDTH=\"(?P<w>[\d.]+)\")"
                          r"(?=[^>]*\bHEIGHT=\"(?P<h>[\d.]+)\")[^>]*/?>")


_BBOX_WORD = re.compile(r"<word\b(?=[^>]*\bxMin=\"(?P<x0>[\d.]+)\")(?=[^>]*\byMin=\"(?P<y0>[\d.]+)\")"
                        r"(?=[^>]*\bxMax=\"(?P<x1>[\d.]+)\")(?=[^>]*\byMax=\"(?P<y1>[\d.]+)\")[^>]*>(?P<text>[^<]*)</word>")


def _alto_box(m: re.Match) -> tuple[float, float, float, float]:
    x, y, w, h = (float(m.group(k)) for k in ("x", "y", "w", "h"))
    return x, x + w, y, y + h


def _bbox_box(m: re.Match) -> tuple[float, float, float, float]:
    return tuple(float(m.group(k)) for k in ("x0", "x1", "y0", "y1"))


#: Word-per-element XML: (what opens a line of words, the word element's tag and pattern, its box
#: as x0, x1, y0, y1).
_XML_WORDS = (("<TextLine", "<String", _ALTO_STRING, _alto_box),  # ALTO (Tesseract's alto output)
              ("<line", "<word", _BBOX_WORD, _bbox_box))  # pdftotext -bbox-layout XHTML


def _xml_words(lines: Sequence[str], skip: Collection[int], line_tag: str, word: re.Pattern,
               to_box) -> list[tuple[int, int, list[_Box]]]:
    """(first line, last line, word boxes) of word-per-element XML, words of one line element
    grouped (see ``_XML_WORDS``)."""
    words: list[_Box] = []
    group = 0
    for ln, line in enumerate(lines, 1):
        if ln in skip:
            continue
        if line_tag in line:
            group += 1
        for m in word.finditer(line):
            text = _html.unescape(m.group("text")).strip()
            if text:
                x0, x1, y0, y1 = to_box(m)
                words.append(_Box(ln, text, x0, x1, y0, y1, (group,)))
    return [(words[0].line_no, words[-1].line_no, words)] if words else []


def _phrases(words: list[_Box]) -> list[_Box]:
    """Words of one OCR line joined while the gap between them is under 0.8 line heights."""
    out: list[_Box] = []
    by_group: dict[tuple, list[_Box]] = {}
    for w in words:
        by_group.setdefault(w.group, []).append(w)
    for group in by_group.values():
        group.sort(key=lambda b: b.x0)
        height = median(b.y1 - b.y0 for b in group) or 1.0
        for w in group:
            last = out[-1] if out and out[-1].group == w.group else None
            if last is not None and w.x0 - last.x1 < 0.8 * height:
                out[-1] = _Box(last.line_no, f"{last.text} {w.text}", last.x0, max(last.x1, w.x1),
                               min(last.y0, w.y0), max(last.y1, w.y1), w.group)
            else:
                out.append(w)
    return out


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    grids: list[Grid] = []
    text = "\n".join(lines)  # each kind's marker looked for once in the whole text (none spans lines)
    has_tsv = "level\tpage_num" in text and any(_TSV_HEADER.match(line) for line in lines)
    has_hocr = "ocrx_word" in text
    blocks = (_tsv_words(lines, skip) if has_tsv else []) + (_hocr_words(lines, skip) if has_hocr else [])
    for line_tag, word_tag, word, to_box in _XML_WORDS:
        if word_tag in text:
            blocks += _xml_words(lines, skip, line_tag, word, to_box)
    for first, last, words in blocks:
        grid = _grid(_phrases(words), span=(first, last))
        if grid:
            grids.append(grid)
    if '"rec_texts"' in text:
        for first, last, found in _paddle_json(lines, skip):
            grid = _grid(found, span=(first, last))
            if grid:
                grids.append(grid)
    if "[" not in text:  # every box line prints its corners in brackets
        return grids
    if grids:
        skip = set(skip) | {ln for g in grids for ln in g.lines}
    run: list[_Box] = []
    for ln, line in enumerate([*lines, ""], 1):
        b = box(line, ln) if ln not in skip and ln <= len(lines) and "[" in line else None
        if b is not None and not (run and patterns.caption_kind(b.text)):
            run.append(b)
            continue  # (a box of the next table's caption, 'Table 3. ...', starts a new block)
        if len(run) >= MIN_BOXES:
            grid = _grid(run)
            if grid:
                grids.append(grid)
        run = [b] if b is not None else []
    return grids


def _grid(boxes: list[_Box], span: tuple[int, int] | None = None) -> Grid | None:
    if not boxes:
        return None
    height = median(b.y1 - b.y0 for b in boxes) or 1.0
    rows: list[list[_Box]] = []
    for b in sorted(boxes, key=lambda b: (b.middle, b.x0)):
        if rows and abs(b.middle - median(x.middle for x in rows[-1])) <= height / 2:
            rows[-1].append(b)
        else:
            rows.append([b])
    # a row of one box of several words is a title or caption above or below the table
    rows = [r for r in rows if len(r) > 1 or len(r[0].text.split()) < 3]
    boxes = [b for r in rows for b in r]
    spanning = _spanning(boxes)
    intervals = _intervals([b for b in boxes if id(b) not in spanning])
    home = {id(b): _first_overlap(b, intervals) for b in boxes if id(b) in spanning}  # a group header's column
    if len(rows) < 2 or len(intervals) < 2:
        return None
    out_rows: list[tuple[int, list[str]]] = []
    cell_lines: list[list[int]] = []
    for row in rows:
        row.sort(key=lambda b: b.x0)
        cells, where = [], []
        first = min(b.line_no for b in row)
        for x0, x1 in intervals:
            inside = [b for b in row
                      if (home[id(b)] == (x0, x1) if id(b) in home else b.x0 >= x0 and b.x1 <= x1)]
            cells.append(" ".join(b.text for b in inside))
            where.append(inside[0].line_no if inside else first)
        out_rows.append((first, cells))
        cell_lines.append(where)
    _unmerge(out_rows, cell_lines)
    line_nos = list(range(span[0], span[1] + 1)) if span else sorted(b.line_no for b in boxes)
    return Grid(form="ocrboxes", first_line=line_nos[0], last_line=line_nos[-1], rows=out_rows,
                lines=line_nos, cell_lines=cell_lines)


_NUMBER_TOKEN = re.compile(r"^[-+−]?\d[\d,]*(?:\.\d+)?%?(?:[±士土][\d.]+)?[a-g]{0,3}$")  # ('43.18±0.51', '1.1a' too)


def _unmerge(rows: list[tuple[int, list[str]]], cell_lines: list[list[int]]) -> None:
    """Two numbers in one cell beside an empty cell of a column that holds numbers in the other
    rows (``'0.88 71'``, ``''``): OCR merged the two cells into one box; each takes its column."""
    for (_, cells), where in zip(rows, cell_lines):
        for i in range(len(cells) - 1):
            words = cells[i].split()
            if (len(words) == 2 and not cells[i + 1] and all(_NUMBER_TOKEN.match(w) for w in words)
                    and sum(1 for _, other in rows if _NUMBER_TOKEN.match(other[i + 1])) >= 2):
                cells[i], cells[i + 1] = words
                where[i + 1] = where[i]


def _intervals(boxes: list[_Box]) -> list[list[float]]:
    """The x-intervals of the boxes, overlapping ones merged: the columns."""
    intervals: list[list[float]] = []
    widths: list[float] = []  # the narrowest box of each interval
    for b in sorted(boxes, key=lambda b: b.x0):
        # boxes that only touch, or whose loose edges overlap by a sliver (under a tenth of the
        # narrower box: a header's 'LAB (log CFU/g)' into the next column's 'pH'), are two columns
        if intervals and intervals[-1][1] - b.x0 > 0.1 * min(widths[-1], b.x1 - b.x0):
            intervals[-1][1] = max(intervals[-1][1], b.x1)
            widths[-1] = min(widths[-1], b.x1 - b.x0)
        else:
            intervals.append([b.x0, b.x1])
            widths.append(b.x1 - b.x0)
    return intervals


def _spanning(boxes: list[_Box]) -> set[int]:
    """The boxes (by id) that span two columns: a box over two boxes of another row that do not
    overlap each other (``Female (n = 18)`` over ``F1`` and ``F2``), a group header."""
    out: set[int] = set()
    if len(boxes) > 2000:  # (quadratic: a page of OCR boxes keeps its merged columns)
        return out
    for b in boxes:
        under = [c for c in boxes if c is not b and c.middle != b.middle and c.x0 < b.x1 and c.x1 > b.x0
                 and c.x1 - c.x0 < b.x1 - b.x0]
        if under:
            first_end = min(u.x1 for u in under)
            if any(c.x0 >= first_end for c in under):  # (boxes that only touch do not overlap)
                out.add(id(b))
    return out


def _first_overlap(b: _Box, intervals: list[list[float]]) -> tuple[float, float] | None:
    """The first column a spanning box overlaps: a group header's cell."""
    for x0, x1 in intervals:
        if b.x0 < x1 and b.x1 > x0:
            return x0, x1
    return None
