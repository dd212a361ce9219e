"""Chart data written as JSON (vision-language models asked for structured output).

A model asked to extract a chart's data often answers with a JSON object, fenced or not::

    {"chart_type": "line", "title": "...",
     "x_axis": {"label": "Shots per class", "ticks": [1, 2, 4]},
     "y_axis": {"label": "Top-1 accuracy (%)", "range": [40, 90]},
     "series": [{"name": "Linear probe", "color": "blue",
                 "points": [
                   {"x": 1, "y": 44.8},
                   {"x": 2, "y": 55.3}]}]}

The grammar, line by line (the JSON must also parse as a whole, with :func:`json.loads`, or
the block is left to the other readers):

* **Block**: a ```` ```json ```` fence, or a run of lines from a line that is only ``{`` (or
  ``[``) to the line closing it, holding at least one point object.
* **Point object**: one line holding ``{"x": <number>, "y": <number>}`` (keys ``x``/``y``,
  any order, other keys such as ``"label"`` allowed), or ``[x, y]`` inside a ``"points"`` or
  ``"data"`` list, or a value object ``{"label"|"category"|"name": "A", "value": 45.2}``
  (a bar).
* **Series**: the nearest ``"name"`` / ``"label"`` / ``"series"`` string before a point list,
  with its ``"color"`` when printed on the same line; **axes**: ``"label"`` or ``"title"``
  inside ``"x_axis"`` / ``"y_axis"`` (or ``"xAxis"``, ``"x"``), or ``"x_label"`` /
  ``"y_label"``; **title**: ``"title"`` at the top level; **kind**: ``"chart_type"`` /
  ``"type"``.
* Ticks, ranges and notes are not points (they are counted as labels).

When the points stand one per line, the block is rewritten, line for line, into the Markdown
form the chart reader knows
(``* **X-axis:** ...``, ``* **Name (colour):**``, ``  * (x, y)``); every record made from it
gets back the raw text of its own line, so provenance shows what the file printed.

Otherwise the block is read from its structure (:func:`structured_chart`): minified JSON on one
line, series as value lists beside a list of x labels or an axis object's values (``"x_axis":
{"values": [0, 1, 2]}``, pretty-printed one number per line too; ``"x_labels": ["MMLU", "GSM8K"],
"series": {"Base": [61.2, 44.7]}``: bars, or points when the x labels are numbers), or
categories holding series values (``"2019": {"cs.CL": 6.2, "cs.CV": 9.8}``: bars), records whose
fields a Vega-Lite ``encoding`` puts on x and y, a Chart.js config (a JavaScript object literal,
made JSON line by line: ``labels`` and each dataset's ``label`` and ``data``), a mapping keyed
by x (``{"1": 0.09, "2": 0.18}``: points, named by the ``name`` beside it or by its key), rows
of one shape written as lists or tuples (``("Pico-0.5B", 0.5, 12.4)``: a labelled point;
``(0.5, 12.4)``: a point; ``("NQ", 44.5)``: a bar), columns
of equal length whose first is strictly ascending (``{"tokens": [10, 20], "a": [2.1, 1.9], "b":
[2.4, 2.0]}``: the first is x, each other a series), records
with several numeric fields (``{"epoch": 1, "train": 3.85, "val": 3.92}``: the first is x, every
other one a series; after a category field, ``{"task": "Q1", "a": 3.5, "b": 4.5, "c": 6.5}``:
bars, a series a field). Lists named like ticks, ranges, sizes (:data:`NOT_SERIES`) are never a
series. Each number keeps the line it is printed on: numbers appear in the text in the order a
depth-first walk of the parsed JSON meets them.

Chart data written as code (Plotly, Matplotlib, JS records, Vue/JSX props, YAML) is read by
:mod:`.codeform` into the same tree and walk; :func:`read_all` gives its blocks too.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..documents import Document

_FENCE_OPEN = re.compile(r"^\s*```\s*(?:json|javascript|js|typescript|ts)\s*$", re.I)
_JS_START = re.compile(r"^\s*(?:(?:const|let|var)\s+[\w$]+\s*=\s*|export\s+default\s+)?(?=\{)")
_JS_KEY = re.compile(r"(?<=[{,\s])([A-Za-z_$][\w$]*)\s*:(?!//)")
_JS_SINGLE = re.compile(r"'((?:\\.|[^'\\])*)'")
_JS_COMMENT = re.compile(r"\s//[^'\"]*$")
_FENCE_CLOSE = re.compile(r"^\s*```\s*$")
_NUM = r"-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
_XY_OBJECT = re.compile(rf'\{{[^{{}}]*"x"\s*:\s*({_NUM})[^{{}}]*"y"\s*:\s*({_NUM})[^{{}}]*\}}'
                        rf'|\{{[^{{}}]*"y"\s*:\s*({_NUM})[^{{}}]*"x"\s*:\s*({_NUM})[^{{}}]*\}}')
_XY_ARRAY = re.compile(rf"^\s*\[\s*({_NUM})\s*,\s*({_NUM})\s*\]\s*,?\s*$")
_VALUE_OBJECT = re.compile(rf'\{{[^{{}}]*"(?:label|category|name|x)"\s*:\s*"([^"]+)"[^{{}}]*'
                           rf'"(?:value|y)"\s*:\s*({_NUM})[^{{}}]*\}}')
_STRING_KEY = re.compile(r'"(?P<k>[A-Za-z_]+)"\s*:\s*"(?P<v>[^"]*)"')
_OBJECT_KEY = re.compile(r'"(?P<k>[A-Za-z_]+)"\s*:\s*[{\[]')
_AXIS_KEY = re.compile(r"(?:x|y)(?:_?axis)?", re.I)
_AXIS_LIST = re.compile(r'"(?P<k>ticks|tick_values|range|limits|domain)"\s*:\s*\[(?P<v>[^\[\]]*)\]', re.I)


@dataclass
class JsonChart:
    first: int  # 1-based, first line of the block (the fence or the opening brace)
    last: int
    lines: dict[int, str] = field(default_factory=dict)  # line_no -> the line rewritten


def _blocks(lines: Sequence[str]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(lines):
        if lines[i].lstrip()[:1] not in ("`", "{", "["):  # a fence, an object or an array opens a block
            i += 1
            continue
        if _FENCE_OPEN.match(lines[i]):
            j = i + 1
            while j < len(lines) and not _FENCE_CLOSE.match(lines[j]):
                j += 1
            out.append((i + 1, min(j + 1, len(lines))))
            i = j + 1
            continue
        one = lines[i].strip()
        if len(one) > 2 and (one[0], one[-1]) in (("{", "}"), ("[", "]")) and '"' in one:
            out.append((i + 1, i + 1))  # minified JSON on one line
            i += 1
            continue
        if lines[i].strip() in ("{", "["):
            depth, j = 0, i
            while j < len(lines):
                depth += lines[j].count("{") + lines[j].count("[") - lines[j].count("}") - lines[j].count("]")
                if depth <= 0:
                    break
                j += 1
            if j < len(lines):
                out.append((i + 1, j + 1))
                i = j + 1
                continue
        i += 1
    return out


def _parses(lines: Sequence[str], first: int, last: int) -> bool:
    return _block_text(lines, first, last) is not None


def _block_text(lines: Sequence[str], first: int, last: int) -> str | None:
    """The block as JSON text that parses, one text line per printed line (fences blank), or
    None. A JavaScript object literal (a Chart.js config: ``const config = {type: 'bar', ...};``)
    is made JSON line by line: keys quoted, single quotes double, trailing commas and the
    assignment dropped."""
    body = ["" if _FENCE_OPEN.match(ln) or _FENCE_CLOSE.match(ln) else ln for ln in lines[first - 1:last]]
    text = "\n".join(body)
    try:
        json.loads(text)
        return text
    except ValueError:
        pass
    if not any(_JS_KEY.search(ln) for ln in body):
        return None
    js = []
    for i, ln in enumerate(body):
        ln = _JS_COMMENT.sub("", ln)
        if i == next((k for k, b in enumerate(body) if b.strip()), 0):
            ln = _JS_START.sub("", ln, count=1)
        ln = _JS_SINGLE.sub(lambda m: json.dumps(m.group(1)), ln)
        js.append(_JS_KEY.sub(r'"\1":', ln))
    text = re.sub(r",(\s*[}\]])", r"\1", "\n".join(js)).rstrip().rstrip(";")
    try:
        json.loads(text)
    except ValueError:
        return None
    return text


def find(lines: Sequence[str]) -> list[JsonChart]:
    """The JSON chart blocks of a document, each rewritten into the Markdown chart form."""
    charts = []
    for first, last in _blocks(lines):
        if not _parses(lines, first, last):
            continue
        chart = _rewrite(lines, first, last)
        if chart is not None:
            charts.append(chart)
    return charts


def _rewrite(lines: Sequence[str], first: int, last: int) -> JsonChart | None:
    chart = JsonChart(first, last)
    context: list[str] = []  # the keys of the objects and lists the line is inside
    title_done = False
    n_points = 0
    kind = ""
    for ln in range(first, last + 1):
        line = lines[ln - 1]
        stripped = line.strip()
        out = ""
        keys = [*context, *(m.group("k").lower() for m in _OBJECT_KEY.finditer(line))]
        axis = next((c for c in reversed(keys) if _AXIS_KEY.fullmatch(c)), "")
        xy = _XY_OBJECT.search(line)
        arr = _XY_ARRAY.match(line) if context and context[-1] in ("points", "data", "values") else None
        val = _VALUE_OBJECT.search(line) if not xy else None
        strings = {m.group("k").lower(): m.group("v") for m in _STRING_KEY.finditer(line)}
        if xy or arr:
            x, y = (xy.group(1), xy.group(2)) if xy and xy.group(1) else (xy.group(4), xy.group(3)) if xy else (
                arr.group(1), arr.group(2))
            out = f"  * ({x}, {y})"
            n_points += 1
        elif val:
            out = f"  * {val.group(1)}: {val.group(2)}"
            n_points += 1
        elif axis and (strings.get("label") or strings.get("title") or strings.get("name")):
            text = strings.get("label") or strings.get("title") or strings.get("name")
            out = f"* **{axis[0].upper()}-axis:** {text}"
        elif axis and (tm := _AXIS_LIST.search(line)):
            out = f"  * {tm.group('k').capitalize()}: {tm.group('v').strip()}"
        elif strings.get("x_label") or strings.get("xlabel") or strings.get("x_axis_label"):
            out = f"* **X-axis:** {strings.get('x_label') or strings.get('xlabel') or strings.get('x_axis_label')}"
        elif strings.get("y_label") or strings.get("ylabel") or strings.get("y_axis_label"):
            out = f"* **Y-axis:** {strings.get('y_label') or strings.get('ylabel') or strings.get('y_axis_label')}"
        elif not context[1:] and strings.get("title") and not title_done:
            out = f"## {kind or 'Chart'}: {strings['title']}"
            title_done = True
        elif (name := strings.get("name") or strings.get("series") or strings.get("label")) and not axis:
            colour = strings.get("color") or strings.get("colour") or ""
            out = f"* **{name}{f' ({colour})' if colour else ''}:**"
        if not kind and (strings.get("chart_type") or strings.get("type")):
            kind = (strings.get("chart_type") or strings.get("type")).strip().replace("_", " ").capitalize()
            kind = kind if kind.lower().endswith(("chart", "plot", "graph")) else f"{kind} chart"
        if out:
            chart.lines[ln] = out
        # keep track of the enclosing keys (one line opens or closes at most a few)
        for m in _OBJECT_KEY.finditer(line):
            context.append(m.group("k").lower())
        opened = stripped.count("{") + stripped.count("[") - len(_OBJECT_KEY.findall(line))
        closed = stripped.count("}") + stripped.count("]")
        balance = opened - closed
        if balance > 0:
            context.extend([""] * balance)
        elif balance < 0:
            del context[len(context) + balance:]
    if n_points < 2:
        return None
    if not title_done:
        chart.lines[first] = f"## {kind or 'Chart'}: data"
    return chart


def rewritten(doc: Document, chart: JsonChart) -> Document:
    """The document with only the chart's block, rewritten (other lines blank)."""
    return Document(source_file=doc.source_file, doc_id=doc.doc_id,
                    lines=tuple(chart.lines.get(ln, "") if chart.first <= ln <= chart.last else ""
                                for ln in range(1, len(doc.lines) + 1)))


def restore_raw(doc: Document, part: dict) -> None:
    """Give every record of a rewritten block the raw text its line holds in the file."""
    for rows in part.values():
        if not isinstance(rows, list):
            continue
        for row in rows:
            if isinstance(row, dict) and "raw" in row and row.get("line_no") not in ("", None):
                row["raw"] = doc.line(int(row["line_no"]))


# --- the structure of the JSON, when its points are not one per line ------------------------

_NUMBER_TOKEN = re.compile(r'"(?:\\.|[^"\\])*"|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)')
_X_LIST_KEYS = ("x_labels", "x_values", "xlabels", "labels", "categories", "x", "years", "x_axis_labels", "ticks_x")


def _number_lines(lines: Sequence[str], first: int, last: int, offset: int = 0) -> list[int]:
    """The line (plus ``offset``) of each number of the JSON text, in text order (which is the
    order ``json.loads`` meets them in a depth-first walk)."""
    out = []
    for ln in range(first, last + 1):
        out.extend(ln + offset for m in _NUMBER_TOKEN.finditer(lines[ln - 1]) if m.group(1))
    return out


class _Lined:
    """A JSON number with the line it is printed on."""

    def __init__(self, text: str, line_no: int):
        self.text, self.line_no = text, line_no


def _attach(value, lines_iter):
    if isinstance(value, dict):
        return {k: _attach(v, lines_iter) for k, v in value.items()}
    if isinstance(value, list):
        return [_attach(v, lines_iter) for v in value]
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    return _Lined(repr(value) if isinstance(value, float) else str(value), next(lines_iter))


def _label_text(value) -> str:
    return value if isinstance(value, str) else value.text if isinstance(value, _Lined) else ""


def structured_points(lines: Sequence[str], first: int, last: int) -> list[dict] | None:
    """Points of a JSON block read from its structure: (line_no, x, y, series, category). Forms:
    a list of ``{"x": .., "y": ..}`` objects (with a ``"label"``/``"name"``) anywhere, one per
    line or all on one line; series as lists of values beside a list of x labels (``"x_labels":
    ["A", "B"], "Base": [61.2, 44.7]``); a dict of categories holding dicts of series values
    (``"2019": {"cs.CL": 6.2, "cs.CV": 9.8}``). None when the block is no such JSON."""
    body = _block_text(lines, first, last)
    if body is None:
        return None
    data = json.loads(body)
    positions = _number_lines(body.split("\n"), 1, body.count("\n") + 1, offset=first - 1)
    try:
        tree = _attach(data, iter(positions))
    except StopIteration:  # pragma: no cover - a number json read that the tokenizer did not see
        return None
    out: list[dict] = []
    _walk(tree, "", out, fields=_encoding(data))
    return out or None


def _encoding(data) -> tuple[str, str, str]:
    """The fields a Vega-Lite ``encoding`` puts on x, y and colour (``("x", "y", "")`` without one)."""
    enc = data.get("encoding") if isinstance(data, dict) else None
    if not isinstance(enc, dict):
        return ("x", "y", "")

    def field(channel: str) -> str:
        v = enc.get(channel)
        return v.get("field", "") if isinstance(v, dict) and isinstance(v.get("field"), str) else ""

    return (field("x") or "x", field("y") or "y", field("color"))


def _tuple_rows(node: list, name: str, out: list[dict]) -> bool:
    """Rows written as tuples or lists of one shape (>= 2): ``("Pico-0.5B", 0.5, 12.4)`` a labelled
    point, ``(0.5, 12.4)`` a point, ``("NQ", 44.5)`` a bar."""
    rows = [n for n in node if isinstance(n, list)]
    if len(rows) < 2 or len(rows) != len(node):
        return False
    shapes = {tuple("n" if isinstance(v, _Lined) else "s" if isinstance(v, str) else "?" for v in r) for r in rows}
    if len(shapes) != 1 or (shape := shapes.pop()) not in (("s", "n", "n"), ("n", "n"), ("s", "n")):
        return False
    for r in rows:
        if shape == ("s", "n"):
            out.append({"line_no": r[1].line_no, "x": "", "y": r[1].text, "series": name, "label": "",
                        "category": _label_text(r[0])})
            continue
        x, y = r[-2], r[-1]
        out.append({"line_no": y.line_no, "x": x.text, "y": y.text, "series": name,
                    "label": _label_text(r[0]) if shape[0] == "s" else "", "category": "", "x_line": x.line_no})
    return True


def _walk(node, name: str, out: list[dict], xs=None, fields: tuple = ("x", "y", "")) -> None:
    if isinstance(node, list):
        if _tuple_rows(node, name, out):
            return
        fx, fy, fseries = fields
        records = [n for n in node if isinstance(n, dict)]
        numeric = [[k for k, v in n.items() if isinstance(v, _Lined)] for n in records]
        first_keys = {next(iter(n), None) for n in records}
        if len(records) >= 2 and len(records) == len(node) and len(first_keys) == 1 and all(
                isinstance(n[k], str) for n in records for k in first_keys) and numeric[0] and len(
                numeric[0]) != 2 and len({tuple(k) for k in numeric}) == 1 and not {fx, fy} & set(numeric[0]):
            # {name: 'NQ', rag: 44.5, fid: 51.3, ours: 53.9} per category: bars, a series a numeric key
            # (with two numbers, {name: 'A', params: 7, acc: 61.2} is a labelled point: below)
            _walk_wide(records, numeric[0], out, first_keys.pop())
            return
        if records and len(records) == len(node) and all(len(keys) >= 2 for keys in numeric) and (
                all(fx in n and fy in n for n in records) or len({tuple(k[:2]) for k in numeric}) == 1):
            # a list of records: {"x": 1, "y": 2}, or {"tokens_b": 10, "val_loss": 3.42, "tokenizer": ".."}
            # whose fields a Vega-Lite encoding names (else its first two numbers are x and y)
            kx, ky = (fx, fy) if all(fx in n and fy in n for n in records) else numeric[0][:2]
            if (kx, ky) != (fx, fy) and len({tuple(k) for k in numeric}) == 1 and len(numeric[0]) > 2:
                _walk_wide(records, numeric[0], out, "")  # {epoch: 1, train: 3.85, val: 3.92}: a series a key
                return
            for n in records:
                if not (isinstance(n.get(kx), _Lined) and isinstance(n.get(ky), _Lined)):
                    continue
                series = _label_text(n.get(fseries)) if fseries else ""
                if not series:
                    series = next((v for k, v in n.items() if isinstance(v, str) and k not in ("label", "name")), name)
                label = _label_text(n.get("label") or n.get("name") or "")
                out.append({"line_no": n[ky].line_no, "x": n[kx].text, "y": n[ky].text, "series": series,
                            "label": label, "category": "", "x_line": n[kx].line_no})
            return
        for n in node:
            _walk(n, name, out, xs, fields)
        return
    if not isinstance(node, dict):
        return
    if _numeric_map(node):  # {1: 0.09, 2: 0.18}: points keyed by x (YAML, JSON)
        for x, v in node.items():
            out.append({"line_no": v.line_no, "x": x, "y": v.text, "series": name, "label": "", "category": "",
                        "x_line": v.line_no})
        return
    xs = next((node[k] for k in _X_LIST_KEYS if isinstance(node.get(k), list)), None) or _axis_values(node) or xs \
        or _first_ascending(node)
    arrays = {k: v for k, v in node.items() if isinstance(v, list) and v and all(isinstance(e, _Lined) for e in v)
              and v is not xs and not NOT_SERIES.fullmatch(k)}
    if xs and arrays and all(len(v) == len(xs) for v in arrays.values()):
        own = _label_text(node.get("label") or node.get("name") or "")
        for key, values in arrays.items():
            series = own if own and len(arrays) == 1 else key  # Chart.js: {label: 'Base', data: [..]}
            for x, v in zip(xs, values):
                numeric_x = isinstance(x, _Lined)
                out.append({"line_no": v.line_no, "x": x.text if numeric_x else "", "y": v.text, "series": series,
                            "label": "", "category": "" if numeric_x else _label_text(x),
                            "x_line": x.line_no if numeric_x else None})
        return
    inner = {k: v for k, v in node.items() if isinstance(v, dict) and v
             and all(isinstance(e, _Lined) for e in v.values())}
    if len(inner) >= 2 and len(inner) == sum(1 for v in node.values() if isinstance(v, dict)) and not any(
            _numeric_map(v) for v in inner.values()):
        for category, values in inner.items():
            for series, v in values.items():
                out.append({"line_no": v.line_no, "x": "", "y": v.text, "series": series, "label": "",
                            "category": category})
        return
    own_name = _label_text(node.get("name") or node.get("label") or node.get("series") or "")
    for key, value in node.items():
        if NOT_SERIES.fullmatch(key):
            continue  # axis furniture and a layout's geometry (bbox, polygon) are never points
        if isinstance(value, (dict, list)) and value is not xs:
            # a mapping keyed by x is named by the name beside it, else by its own key
            keyed = not own_name and _numeric_map(value) and key.lower() not in _GENERIC_KEYS
            _walk(value, key if keyed else own_name or name, out, xs, fields)


_GENERIC_KEYS = ("points", "data", "values", "series", "datasets", "y", "ys")
#: Keys whose number lists are axis furniture (ticks, ranges, sizes) or a converter's geometry
#: (bbox, polygon) and bookkeeping (metadata, block_counts, page_stats), never a series.
NOT_SERIES = re.compile(r"[xy]?[-_]?(?:ticks?|tick_?vals|tick_?values|d?tick|range|domain|limits?|lim|margins?"
                        r"|widths?|heights?|sizes?|colou?rs?|offsets?|positions?|padding"
                        r"|bbox(?:es)?|b?boxes|polygons?|quad_?boxes|bounds|vertices|rects?|coord(?:inate)?s?"
                        r"|metadata|meta|\w*_counts?|\w*_?stats)", re.I)


_X_AXIS_KEYS = ("x_axis", "xAxis", "xaxis", "x-axis", "x")
_AXIS_VALUE_KEYS = ("values", "data", "categories", "labels", "ticks")


def _axis_values(node: dict) -> list | None:
    """The x list an axis object holds (``"x_axis": {"label": "Shots", "values": [0, 1, 2]}``)."""
    for key in _X_AXIS_KEYS:
        axis = node.get(key)
        if isinstance(axis, dict):
            found = next((axis[k] for k in _AXIS_VALUE_KEYS if isinstance(axis.get(k), list) and axis[k]), None)
            if found:
                return found
    return None


def _first_ascending(node: dict) -> list | None:
    """A column dict (``{"tokens_B": [10, 20, 40], "cosine": [24.8, 19.6, 16.1], ..}``, pandas'
    ``DataFrame(data)``): the first list, strictly ascending, is x when >= 2 more lists of numbers
    have its length."""
    lists = [v for k, v in node.items() if isinstance(v, list) and len(v) >= 2
             and all(isinstance(e, _Lined) for e in v) and not NOT_SERIES.fullmatch(k)]
    if len(lists) < 3 or len({len(v) for v in lists}) != 1:
        return None
    first = [float(e.text) for e in lists[0]]
    return lists[0] if all(a < b for a, b in zip(first, first[1:])) else None


def _numeric_map(node) -> bool:
    """A mapping of two or more numbers keyed by numbers (``{1: 0.09, 2: 0.18}``)."""
    return isinstance(node, dict) and len(node) >= 2 and all(
        isinstance(v, _Lined) and re.fullmatch(r"-?\d+(?:\.\d+)?", k.strip()) for k, v in node.items())


def _walk_wide(records: list[dict], keys: list[str], out: list[dict], category_key: str) -> None:
    """Records with several numeric fields: with a category field, bars (a series a field);
    else the first field is x and every other one a series."""
    for n in records:
        if category_key:
            for k in keys:
                out.append({"line_no": n[k].line_no, "x": "", "y": n[k].text, "series": k, "label": "",
                            "category": _label_text(n[category_key])})
            continue
        for k in keys[1:]:
            out.append({"line_no": n[k].line_no, "x": n[keys[0]].text, "y": n[k].text, "series": k, "label": "",
                        "category": "", "x_line": n[keys[0]].line_no})


def _meta(data) -> dict:
    """Title, kind and axis labels a chart's JSON states (at its top level)."""
    if not isinstance(data, dict):
        return {}

    def axis(*keys):
        for k in keys:
            v = data.get(k)
            if isinstance(v, dict):
                v = v.get("label") or v.get("title") or v.get("name")
            if isinstance(v, str) and v.strip():
                return v.strip()
        return ""

    kind = data.get("chart_type") or data.get("type") or ""
    return {"title": data.get("title") if isinstance(data.get("title"), str) else "",
            "kind": kind if isinstance(kind, str) else "",
            "x": axis("x_axis", "xAxis", "x_label", "xlabel", "x_axis_label"),
            "y": axis("y_axis", "yAxis", "y_label", "ylabel", "y_axis_label")}


def structured_chart(doc: Document, first: int, last: int) -> dict | None:
    """The contract's chart records of a JSON block read from its structure
    (:func:`structured_points`), or None when it states no points."""
    points = structured_points(doc.lines, first, last)
    if not points:
        return None
    return chart_from_points(doc, first, points, _meta(json.loads(_block_text(doc.lines, first, last))))


def chart_from_points(doc: Document, first: int, points: list[dict], meta: dict) -> dict:
    """The contract's chart records of points read from a block's structure (``meta``: title,
    kind and axis labels)."""
    from .. import contract
    from .figure import _Figure
    from .finish import _finish_figure
    from .points import _add_point

    fig = _Figure(doc, contract.figure_id(doc.doc_id, 1), first, meta.get("title", ""))
    fig.title = meta.get("title", "")
    kind = meta.get("kind", "").lower()
    bars = all(not p["x"] for p in points)
    fig.chart_type = "bar" if bars else "line" if "line" in kind else "scatter"
    for a in ("x", "y"):
        if meta.get(a):
            fig.axis[a]["label"] = meta[a]
    for p in points:
        _add_point(fig, p["line_no"], doc.line(p["line_no"]), p["x"], p["y"], series=p["series"], group=p["series"],
                   label=p["label"], category=p["category"])
    parsed = contract.empty_parsed(doc.source_file, doc.doc_id, "chart")
    _finish_figure(fig, parsed)
    x_lines = {(p["line_no"], p["series"], p["y"]): p.get("x_line") for p in points if p["x"]}
    for row in parsed["points"]:  # the line of an x printed on another line than its y
        x_line = x_lines.get((row["line_no"], row["series"], row["y"]))
        if row["x"] != "" and x_line not in (None, row["line_no"]):
            row["x_line_no"] = x_line
    return parsed


def blocks(lines: Sequence[str]) -> list[tuple[int, int]]:
    """Every JSON block of a document that parses: (first line, last line)."""
    return [(a, b) for a, b in _blocks(lines) if _parses(lines, a, b)]


def read_all(doc: Document) -> list[tuple[int, int, dict]]:
    """(first line, last line, chart records) of every JSON block of ``doc`` that states points:
    one point per line is read as the Markdown form it stands for (the chart reader, raw text
    restored), anything else from its structure."""
    from ..errors import DocumentError
    from . import codeform, parse_chart_document

    out = []
    for first, last in blocks(doc.lines):  # each block found and parsed once
        part = None
        if (chart := _rewrite(doc.lines, first, last)) is not None:
            try:
                part = parse_chart_document(rewritten(doc, chart))
                restore_raw(doc, part)
            except DocumentError:
                part = None
        if part is None:
            try:
                part = structured_chart(doc, first, last)
            except DocumentError:
                part = None
        if part is not None:
            out.append((first, last, part))
    taken = {ln for a, b, _ in out for ln in range(a, b + 1)}
    for chart in codeform.find(doc.lines, skip=taken):  # chart data written as code (codeform)
        try:
            part = chart_from_points(doc, chart.first, chart.points, chart.meta)
        except DocumentError:
            continue
        out.append((chart.first, chart.last, part))
    return sorted(out, key=lambda o: o[0])
