r"""Chart data written as code: plotting scripts, chart components and YAML answers.

Vision-language models asked to "recreate the chart", slide tools and paper sources print a
chart's data as code. This module reads seven such forms; each gives the same tree of values that
:mod:`.jsonform` walks (dicts, lists, strings and numbers that keep their printed text and line,
:class:`~.jsonform._Lined`), so one set of rules turns every form into points:

* **Plotly / Matplotlib calls** (a fenced code block): a trace call ``go.Bar(...)``,
  ``go.Scatter(...)``, ``px.line(...)`` with keyword arguments ``x=`` / ``y=`` / ``name=``
  (``orientation="h"`` swaps them), or a Matplotlib call ``ax.plot(x, y, label=..)``,
  ``plt.bar(labels, values)``, ``barh`` (swapped), ``scatter``. An argument is a literal list
  (``[44.5, 56.8]``, ``np.array([..])``) or a name assigned earlier in the block
  (``benchmarks = ["NQ", ...]``). Each call is one series; a bar call's x are categories.
  Title and axis labels come from ``title=``, ``xaxis_title=``, ``xaxis=dict(title=..)``,
  ``set_xlabel("..")`` ...
* **Assigned literals** (JS/TS/JSX/Python): ``const data = [ {epoch: 1, train: 3.85}, ... ]``
  (keys quoted or not): a list of records whose first key is x (a number: points; a string:
  bar categories) and whose every other numeric key is a series; or any other literal jsonform
  reads (``{labels: [..], datasets: [{label: .., data: [..]}]}``). A Recharts
  ``<Line dataKey="train" name="Train">`` renames the series ``train``.
* **Component props** (Vue/Slidev/JSX tags, fenced or not): ``<BarChart :labels="['A', 'B']"
  :values="[0.54, 0.63]" />`` (bars), ``<LineChart :x="[1, 2, 4]" :series="[{ name: 'p50',
  data: [..] }, ..]" />`` (a shared x list and series); ``title`` / ``x-label`` / ``y-label``
  string props label the chart.
* **YAML** (a ``yaml``/``yml`` fence, or a plain fence holding a YAML mapping): a mapping keyed
  by x, block form (``  1: 0.09`` per line) or flow form (``{1: 0.08, 2: 0.15}``), named by the
  ``name``/``label`` beside it or by its own key; a list of ``- {x: .., y: ..}``; and every
  JSON shape jsonform reads.
* **Observable Plot** (a ```` ```{ojs} ```` cell in Quarto): records assigned to a name
  (``data = [{step: 0, loss: 10.41, run: "a"}, ..]``) read as above (a string field names each
  record's series, the first two numeric fields are x and y); a mark over them,
  ``Plot.line(data, {x: "step", y: "loss", stroke: "run"})`` (``stroke``/``fill``/``z``/``color``),
  names the x, y and series fields and the kind (``dot``: scatter); ``Plot.plot({title: ..,
  x: {label: ..}, y: {label: .., domain: [3, 11]}})`` gives labels, its numbers none.
* **Mermaid xychart** (a ``mermaid`` fence, or bare: a line ``xychart-beta`` [``horizontal``]
  and the statement lines after it up to a blank line)::

      title "text"
      x-axis ["label"] [1, 2, 4]  |  x-axis ["label"] [a, "b c"]  |  x-axis ["label"] 0 --> 10
      y-axis ["label"] [min --> max]
      bar ["name"] [38, 71, 134]  |  line ["name"] [52, 99, 190]

  a list may run over lines; ``%%`` lines are comments. Over a numeric x list with a ``line``
  among the series, every series is points (x printed once, on the ``x-axis`` line); else
  bars, a category each x label. Series are named by their ``"name"`` or their kind (``bar``,
  ``line 2`` for a second line). Axis ranges are not points; without an x list the values
  have no x and are left to coverage.
* **pgfplots** (LaTeX anywhere: raw in a beamer deck, a paper's source, a ``latex`` fence):
  ``\begin{axis}[xlabel=.., ylabel=.., title=.., legend entries={a, b}, ymin=..] .. \end{axis}``
  (also ``semilogxaxis``, ``semilogyaxis``, ``loglogaxis``); each ``\addplot[..]`` is a series,
  ``coordinates {(0,0.742) (2,0.718)}`` (error bars ``+- (..)`` left out) or an inline
  ``table[x=.., y=..] {x y \\ 0 0.74 \\ ..}`` (rows at ``\\`` or lines, a header row of
  names, ``x index=``/``y index=``, ``col sep=comma``; a file name gives nothing), named by the
  ``\addlegendentry{..}`` after it, else ``legend entries`` / ``\legend{..}`` in plot order
  (``forget plot`` takes no entry). ``ybar``/``xbar`` axes or plots, and symbolic
  coordinates, give bars (``xbar``: the first coordinate is the value); ``%`` comments are
  blank. The axis options (sizes, ``ymin``, ticks) are not points; the lines from ``\begin``
  to ``\end`` are the chart's. Unread: ``\addplot {expression}``, ``\addplot3``,
  ``groupplot``.

What is not a point: props and arguments named like ``range``, ``domain``, ``ticks``,
``dtick``, ``height``, ``width``, ``margin`` (a list of them beside an x list is never a
series), scalars, lists without an x list. Coverage counts their numbers as the block's prose.

Every number keeps its own line: a point's ``line_no`` is the line its y value is printed on,
and ``x_line_no`` the line of its x when that is another line (``:x="[..]"`` above the series,
``hours = [..]`` above ``wer = [..]``, YAML ``x:`` and ``y:`` on lines of their own). A block is
read when it gives at least two points; its lines are then the chart's (no table reader sees
them).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import yaml

from .jsonform import NOT_SERIES, _Lined, _walk

_FENCE = re.compile(r"^\s*(```+|~~~+)\s*\{?\s*\.?([\w+-]*)")
_YAML_LANGS = ("yaml", "yml")
_CODE_LANGS = ("python", "py", "python3", "jsx", "tsx", "js", "javascript", "ts", "typescript", "vue", "html",
               "svelte", "mdx", "r", "julia", "ojs", "observable")
_TOKEN = re.compile(r"""(?P<s>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\\n])*`)"""
                    r"|(?P<c>\#[^\n]*|//[^\n]*)"
                    r"|(?P<n>(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?(?![\w$]))"
                    r"|(?P<i>[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)"
                    r"|(?P<p>\S)")
_NUMBER = re.compile(r"-?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
_TRACE_CALLS = {"Bar": "bar", "Scatter": "scatter", "Scattergl": "scatter", "bar": "bar", "line": "line",
                "scatter": "scatter"}
_MPL_CALLS = {"plot": "line", "bar": "bar", "barh": "barh", "scatter": "scatter", "semilogx": "line",
              "semilogy": "line", "loglog": "line", "step": "line", "errorbar": "line"}
_MPL_LABELS = {"title": "title", "set_title": "title", "suptitle": "title", "xlabel": "x", "set_xlabel": "x",
               "ylabel": "y", "set_ylabel": "y"}
_COMPONENT = re.compile(r"<([A-Z][\w.]*|[a-z][\w]*-[\w-]+)(?=[\s/>])")
_ATTR = re.compile(r"(?P<bind>:|v-bind:)?(?P<name>[A-Za-z_][\w-]*)\s*=\s*(?P<q>[\"'{])")
_UNDEFINED = object()
#: Observable Plot channels that split a mark's records into series.
_PLOT_SERIES = ("stroke", "fill", "z", "color")
_MERMAID_START = re.compile(r"^\s*xychart(?:-beta)?(?:\s+horizontal)?\s*$")
_MERMAID_STATEMENT = re.compile(r"^\s*(?P<word>title|x-axis|y-axis|bar|line)\b\s*(?P<rest>.*?)\s*$")
_RANGE_TAIL = re.compile(r"-?(?:\d+(?:\.\d*)?|\.\d+)\s*-->\s*-?(?:\d+(?:\.\d*)?|\.\d+)$")
_TEX_AXIS_BEGIN = re.compile(r"\\begin\{((?:semilogx|semilogy|loglog)?axis)\}")
_TEX_ADDPLOT = re.compile(r"\\addplot(3)?\+?")
_TEX_COORD = re.compile(r"(?P<err>\+-|\+=|-=)?\s*\((?P<inner>[^()]*)\)")
_TEX_BARS = ("ybar", "xbar", "ybar stacked", "xbar stacked", "ybar interval", "xbar interval")


@dataclass
class CodeChart:
    first: int   # 1-based first line of the block (the fence, or the tag's first line)
    last: int
    points: list[dict] = field(default_factory=list)   # as jsonform.structured_points gives them
    meta: dict = field(default_factory=dict)           # title, kind, x, y (axis labels)


@dataclass
class _Tok:
    kind: str   # s(tring) n(umber) i(dentifier) p(unctuation)
    text: str
    line: int


class _Call:
    """A call in code: its dotted name, positional and keyword arguments (values parsed)."""

    def __init__(self, name: str, args: list, kwargs: dict):
        self.name, self.args, self.kwargs = name, args, kwargs


# --- tokens and literals ------------------------------------------------------------------------

def _tokens(text: str, first_line: int) -> list[_Tok]:
    """The tokens of code text whose first line is ``first_line``; comments dropped."""
    out, line, pos = [], first_line, 0
    for m in _TOKEN.finditer(text):
        line += text.count("\n", pos, m.start())
        pos = m.start()
        if m.lastgroup == "c":
            continue
        kind = m.lastgroup
        value = m.group(0)
        if kind == "s":
            value = value[1:-1]
        elif kind == "n":
            value = value.replace("_", "")
        out.append(_Tok(kind, value, line))
    return out


class _Parser:
    """Literals of JavaScript, Python and Vue bound props over tokens: numbers (kept as
    :class:`_Lined`), strings, lists/tuples, objects/dicts, calls (``dict(a=1)``,
    ``np.array([..])``) and names (resolved from ``names`` when assigned earlier). Anything
    else is skipped to the next comma or closing bracket and gives ``_UNDEFINED``."""

    def __init__(self, toks: list[_Tok], names: dict | None = None):
        self.toks, self.i, self.names = toks, 0, names if names is not None else {}

    def peek(self, k: int = 0) -> _Tok | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def is_p(self, text: str, k: int = 0) -> bool:
        t = self.peek(k)
        return t is not None and t.kind == "p" and t.text == text

    def value(self):
        t = self.peek()
        if t is None:
            return _UNDEFINED
        start = self.i
        out = self._value(t)
        nxt = self.peek()
        ended = nxt is None or (nxt.kind == "p" and nxt.text in ",)]};") or nxt.line > self.toks[self.i - 1].line
        if out is _UNDEFINED or not ended:  # "x = [1, 2] + y": no literal
            self.i = start
            self.skip()
            return _UNDEFINED
        return out

    def _value(self, t: _Tok):
        if t.kind == "p" and t.text == "-" and self.peek(1) and self.peek(1).kind == "n":
            self.i += 2
            return _Lined("-" + self.toks[self.i - 1].text, t.line)
        if t.kind == "n":
            self.i += 1
            return _Lined(t.text, t.line)
        if t.kind == "s":
            self.i += 1
            return t.text
        if t.kind == "p" and t.text in "[(":
            return self._sequence("]" if t.text == "[" else ")")
        if t.kind == "p" and t.text == "{":
            return self._object()
        if t.kind == "i":
            self.i += 1
            if self.is_p("("):
                return self._call(t.text)
            if t.text in ("True", "true", "False", "false", "None", "null", "undefined"):
                return None
            return self.names.get(t.text, _UNDEFINED)
        return _UNDEFINED

    def skip(self) -> None:
        """Past one unreadable expression: to the next comma or closing bracket at its depth."""
        depth = 0
        while (t := self.peek()) is not None:
            if t.kind == "p" and t.text in "([{":
                depth += 1
            elif t.kind == "p" and t.text in ")]}":
                if depth == 0:
                    return
                depth -= 1
            elif t.kind == "p" and t.text in ",;" and depth == 0:
                return
            self.i += 1

    def _close(self, closer: str) -> bool:
        if self.is_p(","):
            self.i += 1
        if self.is_p(closer):
            self.i += 1
            return True
        return False

    def _sequence(self, closer: str):
        self.i += 1
        items = []
        while self.peek() is not None:
            if self.is_p(closer):
                self.i += 1
                return items
            items.append(self.value())
            if not (self.is_p(",") or self.is_p(closer)):
                return _UNDEFINED
            if self._close(closer):
                return items
        return _UNDEFINED

    def _object(self):
        self.i += 1
        out: dict = {}
        while (t := self.peek()) is not None:
            if self.is_p("}"):
                self.i += 1
                return out
            if t.kind not in ("i", "s", "n") or not self.is_p(":", 1):
                return _UNDEFINED
            self.i += 2
            out[t.text] = self.value()
            if not (self.is_p(",") or self.is_p("}")):
                return _UNDEFINED
            if self._close("}"):
                return out
        return _UNDEFINED

    def _call(self, name: str):
        self.i += 1  # "("
        args, kwargs = [], {}
        while self.peek() is not None:
            if self.is_p(")"):
                self.i += 1
                break
            t = self.peek()
            if t.kind == "i" and self.is_p("=", 1) and not self.is_p("=", 2):
                self.i += 2
                kwargs[t.text] = self.value()
            else:
                args.append(self.value())
            if not (self.is_p(",") or self.is_p(")")):
                return _UNDEFINED
            if self._close(")"):
                break
        else:
            return _UNDEFINED
        if name.split(".")[-1] in ("dict", "Object"):
            return kwargs
        if name.split(".")[-1] in ("array", "asarray", "tensor", "list", "tuple") and len(args) == 1:
            return args[0]
        return _Call(name, args, kwargs)


def _plain(value):
    """A parsed literal without undefined parts (dropped) and calls (``_UNDEFINED``)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if _plain(v) is not _UNDEFINED}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, _Call):
        return _UNDEFINED
    return value


# --- code blocks: assignments, calls, components -----------------------------------------------

def _assignments(toks: list[_Tok]) -> tuple[dict, list]:
    """Names assigned a literal (``x = [..]``, ``const data = [..]``) and every call met, in order."""
    names: dict = {}
    calls: list[_Call] = []
    p = _Parser(toks, names)
    while p.i < len(toks):
        t = toks[p.i]
        prev = toks[p.i - 1] if p.i else None
        if (t.kind == "i" and p.is_p("=", 1) and not p.is_p("=", 2) and not p.is_p(">", 2)
                and not (prev and prev.kind == "p" and prev.text in "=!<>.")):
            p.i += 2
            value = p.value()
            if value is not _UNDEFINED:
                names[t.text] = value
                if isinstance(value, _Call):
                    calls.append(value)
            continue
        if t.kind == "i" and p.is_p("(", 1):
            p.i += 1
            value = p._call(t.text)
            if isinstance(value, _Call):
                calls.append(value)
                _nested_calls(value, calls)
            continue
        p.i += 1
    return names, calls


def _nested_calls(call: _Call, out: list) -> None:
    for v in [*call.args, *call.kwargs.values()]:
        if isinstance(v, _Call):
            out.append(v)
            _nested_calls(v, out)


def _as_lined_list(value) -> list | None:
    value = _plain(value)
    return value if isinstance(value, list) and value and all(isinstance(e, (_Lined, str)) for e in value) else None


def _trace(call: _Call) -> dict | None:
    """A series node (``{"x": [..], "<name>": [..]}``) of a Plotly or Matplotlib call."""
    fn = call.name.split(".")[-1]
    owner = call.name.split(".")[0] if "." in call.name else ""
    if fn in _TRACE_CALLS and (owner in ("go", "px", "graph_objects", "plotly") or fn[0].isupper()):
        kind = _TRACE_CALLS[fn]
        x, y = call.kwargs.get("x"), call.kwargs.get("y")
        name = call.kwargs.get("name")
        if str(call.kwargs.get("orientation", "")).lower() == "h":
            x, y = y, x
            kind = "bar"
    elif fn in _MPL_CALLS and owner and len(call.args) >= 2:
        kind = _MPL_CALLS[fn]
        x, y = call.args[0], call.args[1]
        if fn == "barh":
            kind = "bar"
        name = call.kwargs.get("label")
    else:
        return None
    xs, ys = _as_lined_list(x), _as_lined_list(y)
    if not xs or not ys or len(xs) != len(ys) or not all(isinstance(v, _Lined) for v in ys):
        return None
    if kind == "bar":
        xs = [v.text if isinstance(v, _Lined) else v for v in xs]  # a bar's x is its category
    name = name if isinstance(name, str) and name != "x" else ""
    return {"x": xs, name: ys, "_kind": kind}  # the series is named by its key


def _labels(calls: list[_Call]) -> dict:
    meta = {"title": "", "x": "", "y": ""}

    def text(v) -> str:
        v = v.get("text", "") if isinstance(v, dict) else v
        return v.strip() if isinstance(v, str) else ""

    for call in calls:
        fn = call.name.split(".")[-1]
        if fn in _MPL_LABELS and call.args and text(call.args[0]):
            meta[_MPL_LABELS[fn]] = meta[_MPL_LABELS[fn]] or text(call.args[0])
        kw = call.kwargs
        meta["title"] = meta["title"] or text(kw.get("title")) or text(kw.get("title_text"))
        for a in ("x", "y"):
            axis = kw.get(f"{a}axis")
            meta[a] = (meta[a] or text(kw.get(f"{a}axis_title")) or text(kw.get(f"{a}label"))
                       or (text(axis.get("title")) if isinstance(axis, dict) else ""))
    return meta


def _tag_end(text: str, start: int) -> int:
    """The index just past the ``>`` closing the tag that starts at ``start`` (-1: unclosed)."""
    quote, depth = "", 0
    for k in range(start + 1, len(text)):
        c = text[k]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'" and depth == 0 or c in "\"'`" and depth > 0:
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == ">" and depth == 0:
            return k + 1
        elif c == "<" and depth == 0 and k > start + 1:
            return -1
    return -1


def _props(text: str, base_line: int, start: int, end: int) -> dict:
    """A component tag's props: bound props (``:x="[..]"``, ``x={[..]}``) parsed, plain string
    props (``y-label="..."``) as strings."""
    props: dict = {}
    k = text.index(" ", start) if " " in text[start:end] else end
    while (m := _ATTR.search(text, k, end)) is not None:
        q = m.group("q")
        close = text.find(q if q != "{" else "}", m.end())
        if q == "{":
            close = _matching_brace(text, m.end() - 1)
        if close < 0 or close > end:
            break
        inner = text[m.end():close]
        line = base_line + text.count("\n", 0, m.end())
        name = m.group("name")
        if m.group("bind") or q == "{":
            toks = _tokens(inner, line)
            value = _Parser(toks).value() if toks else _UNDEFINED
            if value is not _UNDEFINED:
                props[name] = _plain(value)
        else:
            props[name] = inner
        k = close + 1
    return props


def _matching_brace(text: str, at: int) -> int:
    depth, quote = 0, ""
    for k in range(at, len(text)):
        c = text[k]
        if quote:
            quote = "" if c == quote else quote
        elif c in "\"'`":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k
    return -1


def _components(text: str, base_line: int) -> list[tuple[int, int, str, dict]]:
    """(first line, last line, tag name, props) of every component tag in ``text``."""
    out = []
    for m in _COMPONENT.finditer(text):
        end = _tag_end(text, m.start())
        if end < 0:
            continue
        first = base_line + text.count("\n", 0, m.start())
        last = base_line + text.count("\n", 0, end)
        out.append((first, last, m.group(1), _props(text, base_line, m.end(), end)))
    return out


def _component_node(props: dict) -> dict:
    """A tag's props as a node for the walk: hyphens as underscores, furniture lists dropped."""
    node = {}
    for k, v in props.items():
        key = k.replace("-", "_")
        if isinstance(v, list) and NOT_SERIES.fullmatch(key):
            continue
        node[key] = v
    return node


def _points_of(node, name: str = "", fields: tuple = ("x", "y", "")) -> list[dict]:
    out: list[dict] = []
    _walk(node, name, out, fields=fields)
    return out


def _kind_of(tag: str) -> str:
    low = tag.lower()
    return next((k for k in ("bar", "line", "scatter", "area") if k in low), "")


def _read_code(lines: Sequence[str], first: int, last: int) -> CodeChart | None:
    """A code block's chart: trace and plot calls, assigned literals, component props."""
    text = "\n".join(lines[first - 1:last])
    toks = _tokens(text, first)
    names, calls = _assignments(toks)
    chart = CodeChart(first, last, meta=_labels(calls))
    _plot_labels(calls, chart.meta)
    marks = _plot_marks(calls)
    kinds = set()
    traced = []
    for call in calls:
        trace = _trace(call)
        if trace:
            kinds.add(trace.pop("_kind"))
            chart.points.extend(_points_of(trace))
            traced.append(call)
    # a literal a trace call drew is read there; one only handed to another call
    # (pd.DataFrame(data)) is read on its own
    called = {id(v) for c in traced for v in [*c.args, *c.kwargs.values()]}
    for value in names.values():
        if id(value) in called or isinstance(value, _Call):
            continue
        fields, kind = marks.get(id(value), (("x", "y", ""), ""))
        got = _points_of(_plain(value), "", fields)
        kinds.add(kind if got else "")
        chart.points.extend(got)
    renames: dict[str, str] = {}
    for _a, _b, tag, props in _components(text, first):
        if isinstance(props.get("dataKey"), str) and isinstance(props.get("name"), str):
            renames[props["dataKey"]] = props["name"]
        node = _component_node(props)
        got = _points_of(node)
        if got:
            kinds.add(_kind_of(tag))
            chart.points.extend(got)
        for a, key in (("title", "title"), ("x", "x_label"), ("y", "y_label")):
            if isinstance(node.get(key), str) and not chart.meta.get(a):
                chart.meta[a] = node[key]
        kinds.add(_kind_of(tag) if tag.endswith("Chart") else "")
    for p in chart.points:
        p["series"] = renames.get(p["series"], p["series"])
    chart.points = _unique(chart.points)
    kinds.discard("")
    chart.meta["kind"] = kinds.pop() if len(kinds) == 1 else ""
    return chart if len(chart.points) >= 2 else None


def _unique(points: list[dict]) -> list[dict]:
    seen, out = set(), []
    for p in points:
        key = (p["line_no"], p["x"], p["y"], p["series"], p["category"])
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


# --- Observable Plot marks ----------------------------------------------------------------------

def _deep_calls(value, out: list) -> list:
    """Every call inside a parsed value (arguments, lists and objects included), outermost first."""
    if isinstance(value, _Call):
        out.append(value)
        for v in [*value.args, *value.kwargs.values()]:
            _deep_calls(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _deep_calls(v, out)
    elif isinstance(value, list):
        for v in value:
            _deep_calls(v, out)
    return out


def _plot_marks(calls: list[_Call]) -> dict[int, tuple[tuple[str, str, str], str]]:
    """The channels an Observable Plot mark gives a data name (``Plot.line(data, {x: "step",
    y: "loss", stroke: "run"})``): ``id(data) -> ((x field, y field, series field), kind)``."""
    out: dict[int, tuple[tuple[str, str, str], str]] = {}
    for call in [c for top in calls for c in _deep_calls(top, [])]:
        if not call.name.startswith("Plot.") or len(call.args) < 2 or not isinstance(call.args[1], dict):
            continue
        data, channels = call.args[0], call.args[1]
        x, y = channels.get("x"), channels.get("y")
        series = next((channels[k] for k in _PLOT_SERIES if isinstance(channels.get(k), str)), "")
        if isinstance(data, list) and isinstance(x, str) and isinstance(y, str):
            mark = call.name.split(".")[-1]
            out.setdefault(id(data), ((x, y, series), "scatter" if mark == "dot" else _kind_of(mark)))
    return out


def _plot_labels(calls: list[_Call], meta: dict) -> None:
    """Title and axis labels of ``Plot.plot({title: .., x: {label: ..}, y: {label: ..}})``."""
    for call in calls:
        if call.name.split(".")[-1] != "plot" or not call.args or not isinstance(call.args[0], dict):
            continue
        opts = call.args[0]
        if isinstance(opts.get("title"), str) and not meta.get("title"):
            meta["title"] = opts["title"]
        for a in ("x", "y"):
            axis = opts.get(a)
            if isinstance(axis, dict) and isinstance(axis.get("label"), str) and not meta.get(a):
                meta[a] = axis["label"]


# --- mermaid xychart ----------------------------------------------------------------------------

def _bracket_items(lines: Sequence[str], ln: int, col: int, last: int):
    """The items of the ``[..]`` list opening at ``lines[ln-1][col]`` (it may run on over lines up
    to ``last``): ``([(text, line, quoted), ..], line of the closing bracket)``, or None."""
    items: list[tuple[str, int, bool]] = []
    buf, buf_line, quoted, quote = "", 0, False, ""
    row, k = ln, col + 1
    while row <= last:
        text = lines[row - 1]
        while k < len(text):
            c = text[k]
            k += 1
            if quote:
                if c == quote:
                    quote = ""
                else:
                    buf += c
                continue
            if c == '"':
                quote, quoted, buf_line = c, True, buf_line or row
            elif c in ",]":
                if buf.strip() or quoted:
                    items.append((buf.strip(), buf_line, quoted))
                elif c == ",":
                    return None  # an empty item: no list of this grammar
                buf, buf_line, quoted = "", 0, False
                if c == "]":
                    return items, row
            elif not c.isspace():
                buf += c
                buf_line = buf_line or row
            elif buf:
                buf += c
        row, k = row + 1, 0
    return None


def _mermaid_statement(lines: Sequence[str], ln: int, last: int, chart: dict) -> int:
    """Read the xychart statement on line ``ln`` into ``chart``; returns the line it ends on."""
    text = lines[ln - 1]
    m = _MERMAID_STATEMENT.match(text)
    if not m:
        return ln
    word, rest = m.group("word"), m.group("rest")
    if word == "title":
        chart["title"] = _unquote(rest)
        return ln
    bracket = text.find("[", m.start("rest"))
    got = _bracket_items(lines, ln, bracket, last) if bracket >= 0 else None
    label = _unquote(text[m.start("rest"):bracket] if bracket >= 0 else _RANGE_TAIL.sub("", rest))
    if word in ("x-axis", "y-axis"):
        chart[word[0]] = label
        if word == "x-axis" and got:
            chart["xs"] = got[0]
    elif got:
        chart["series"].append((word, label, got[0]))
    return got[1] if got else ln


def _unquote(text: str) -> str:
    text = text.strip()
    return text[1:-1] if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'" else text


def _mermaid_points(chart: dict) -> list[dict]:
    """Points of a parsed xychart: numeric x with a line among the series: points (x kept, with
    its line); else bars, a category each x label."""
    xs = chart.get("xs") or []
    numeric_x = bool(xs) and all(not q and _NUMBER.fullmatch(t) for t, _, q in xs)
    as_points = numeric_x and any(kind == "line" for kind, _, _ in chart["series"])
    seen: dict[str, int] = {}
    out: list[dict] = []
    for kind, name, values in chart["series"]:
        seen[kind] = seen.get(kind, 0) + 1
        series = name or (kind if seen[kind] == 1 else f"{kind} {seen[kind]}")
        if len(values) != len(xs) or not all(not q and _NUMBER.fullmatch(t) for t, _, q in values):
            continue
        for (x, x_line, _), (y, y_line, _) in zip(xs, values):
            out.append({"line_no": y_line, "x": x if as_points else "", "y": y, "series": series, "label": "",
                        "category": "" if as_points else x, "x_line": x_line if as_points else None})
    return out


def _read_mermaid(lines: Sequence[str], start: int, last: int, bare: bool = False) -> CodeChart | None:
    """The xychart whose ``xychart-beta`` line is ``start``; statements up to line ``last`` (a
    chart ends at its first line that is no statement, a bare one also at a blank line)."""
    chart: dict = {"title": "", "x": "", "y": "", "series": []}
    ln, end = start + 1, start
    while ln <= last:
        text = lines[ln - 1]
        if _MERMAID_STATEMENT.match(text):
            end = _mermaid_statement(lines, ln, last, chart)
        elif (text.strip() or bare) and not text.strip().startswith("%%"):
            break
        ln = max(ln, end) + 1
    points = _mermaid_points(chart)
    kinds = {kind for kind, _, _ in chart["series"]}
    meta = {"title": chart["title"], "x": chart["x"], "y": chart["y"], "kind": "line" if "line" in kinds else "bar"}
    return CodeChart(start, max(end, start), points, meta) if len(points) >= 2 else None


def _mermaid_charts(lines: Sequence[str], fences: list[tuple[int, int, str]], skip) -> list[CodeChart]:
    """Every xychart of a document: in a ``mermaid`` fence (the fence is the chart's), or bare."""
    out: list[CodeChart] = []
    fenced: set[int] = set()
    for first, last, lang in fences:
        fenced.update(range(first, last + 1))
        if lang != "mermaid" or skip & set(range(first, last + 1)):
            continue
        start = next((ln for ln in range(first + 1, last) if _MERMAID_START.match(lines[ln - 1])), None)
        chart = _read_mermaid(lines, start, last - 1) if start else None
        if chart:
            chart.first, chart.last = first, last
            out.append(chart)
    for ln in range(1, len(lines) + 1):
        if ln not in fenced and ln not in skip and _MERMAID_START.match(lines[ln - 1]):
            chart = _read_mermaid(lines, ln, len(lines), bare=True)
            if chart and not skip & set(range(chart.first, chart.last + 1)):
                out.append(chart)
    return out


# --- LaTeX pgfplots -----------------------------------------------------------------------------

def _tex_uncommented(text: str) -> str:
    """LaTeX text with every ``%`` comment blanked (same length, so offsets keep their lines)."""
    return re.sub(r"(?<!\\)%[^\n]*", lambda m: " " * len(m.group(0)), text)


def _closing(text: str, at: int) -> int:
    """The index of the bracket closing the ``[``/``{``/``(`` at ``at`` (braces nest inside; -1: none)."""
    opener = text[at]
    closer = {"[": "]", "{": "}", "(": ")"}[opener]
    depth, braces = 0, 0
    for k in range(at, len(text)):
        c = text[k]
        if opener != "{" and c in "{}":
            braces += 1 if c == "{" else -1
        elif braces == 0 and c == opener:
            depth += 1
        elif braces == 0 and c == closer:
            depth -= 1
            if depth == 0:
                return k
    return -1


def _split_top(text: str, sep: str = ",") -> list[tuple[str, int]]:
    """``text`` split at ``sep`` outside braces: (part, offset of the part in ``text``)."""
    out, depth, start = [], 0, 0
    for k, c in enumerate(text):
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif c == sep and depth == 0:
            out.append((text[start:k], start))
            start = k + 1
    out.append((text[start:], start))
    return out


def _debrace(text: str) -> str:
    text = text.strip()
    while len(text) >= 2 and text[0] == "{" and _closing(text, 0) == len(text) - 1:
        text = text[1:-1].strip()
    return text


def _tex_options(text: str) -> dict[str, str]:
    """pgfplots ``key=value`` options (a key alone maps to ``""``), keys lower case."""
    out = {}
    for part, _ in _split_top(text):
        key, _, value = part.partition("=")
        if key.strip():
            out[" ".join(key.split()).lower()] = _debrace(value)
    return out


def _skip_space(text: str, k: int) -> int:
    while k < len(text) and text[k].isspace():
        k += 1
    return k


def _bracketed(text: str, k: int, opener: str) -> tuple[str, int, int]:
    """The ``opener``-bracketed group at ``k`` (after spaces): (inner text, its offset, index past
    it); ``("", -1, k)`` when there is none."""
    j = _skip_space(text, k)
    if j < len(text) and text[j] == opener:
        end = _closing(text, j)
        if end > 0:
            return text[j + 1:end], j + 1, end + 1
    return "", -1, k


class _TexText:
    """A LaTeX block's text with the line of every offset."""

    def __init__(self, lines: Sequence[str], first: int, last: int):
        self.first = first
        self.text = _tex_uncommented("\n".join(lines[first - 1:last]))
        self.starts = [m.end() for m in re.finditer("\n", self.text)]

    def line(self, offset: int) -> int:
        return self.first + bisect.bisect_right(self.starts, offset)


def _tex_value(part: str, offset: int, tex: _TexText) -> tuple[str, int]:
    """A coordinate part as (text without braces and spaces, its line)."""
    lead = len(part) - len(part.lstrip())
    return _debrace(part), tex.line(offset + lead)


def _coordinates(body: str, at: int, tex: _TexText) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    """The ``(x, y)`` of a ``coordinates {..}`` body (error bars ``+- (..)`` and 3-D tuples left out)."""
    out = []
    for m in _TEX_COORD.finditer(body):
        if m.group("err"):
            continue
        parts = _split_top(m.group("inner"))
        if len(parts) != 2:
            return []
        start = at + m.start("inner")
        out.append(tuple(_tex_value(p, start + off, tex) for p, off in parts))
    return out


def _inline_table(body: str, at: int, opts: dict, tex: _TexText) -> list[tuple[tuple[str, int], tuple[str, int]]]:
    """The (x, y) of an inline ``table {..}``: rows split at ``\\\\`` (or lines), columns at
    spaces (``col sep=comma``: commas); a first row of names is the header, ``x=``/``y=`` (or
    ``x index=``/``y index=``) pick the columns, else the first two."""
    if "y expr" in opts or "x expr" in opts:
        return []
    row_sep = r"\\\\" if "\\\\" in body else r"\n"
    col = {"comma": ",", "&": "&", "semicolon": ";"}.get(opts.get("col sep", ""), "")
    cell = re.compile(rf"[^\s{re.escape(col)}]+") if col else re.compile(r"\S+")
    rows, pos = [], 0
    for piece in re.split(f"({row_sep})", body):
        if not re.fullmatch(row_sep, piece):
            cells = [(m.group(0), tex.line(at + pos + m.start())) for m in cell.finditer(piece)]
            if cells:
                rows.append(cells)
        pos += len(piece)
    if not rows:
        return []
    header = [c for c, _ in rows[0]] if any(not _NUMBER.fullmatch(c) for c, _ in rows[0]) else []
    rows = rows[1:] if header else rows

    def column(axis: str, default: int) -> int:
        name, index = opts.get(axis, ""), opts.get(f"{axis} index", "")
        if name and name in header:
            return header.index(name)
        return int(index) if index.isdigit() else default

    kx, ky = column("x", 0), column("y", 1)
    return [(row[kx], row[ky]) for row in rows if max(kx, ky) < len(row)]


def _tex_legend(body: str, axis_opts: dict) -> tuple[list[str], dict[int, str]]:
    """The legend of an axis: ``legend entries={..}`` / ``\\legend{..}`` (in plot order), and
    ``\\addlegendentry{..}`` by offset."""
    entries = axis_opts.get("legend entries", "")
    m = re.search(r"\\legend\s*\{", body)
    if m and not entries:
        inner, _, _ = _bracketed(body, m.end() - 1, "{")
        entries = inner
    order = [_debrace(p) for p, _ in _split_top(entries)] if entries else []
    added = {}
    for m in re.finditer(r"\\addlegendentry\s*(?:\[[^\]]*\])?\s*\{", body):
        inner, _, _ = _bracketed(body, m.end() - 1, "{")
        added[m.start()] = _debrace(inner)
    return order, added


def _axis_plots(tex: _TexText, start: int, end: int, axis_opts: dict) -> list[dict]:
    """The points of every ``\\addplot`` between offsets ``start`` and ``end`` of an axis."""
    body = tex.text[start:end]
    plots: list[tuple[int, int, dict, list]] = []  # (offset, end offset, options, (x, y) pairs)
    for m in _TEX_ADDPLOT.finditer(body):
        opts_text, _, k = _bracketed(body, m.end(), "[")
        opts = _tex_options(opts_text)
        k = _skip_space(body, k)
        pairs: list = []
        if body.startswith("coordinates", k):
            inner, at, k = _bracketed(body, k + len("coordinates"), "{")
            pairs = _coordinates(inner, start + at, tex) if at >= 0 and not m.group(1) else []
        elif body.startswith("table", k):
            table_opts, _, k = _bracketed(body, k + len("table"), "[")
            inner, at, k = _bracketed(body, k, "{")
            if at >= 0 and not m.group(1):
                pairs = _inline_table(inner, start + at, _tex_options(table_opts), tex)
        plots.append((m.start(), k, opts, pairs))
    order, added = _tex_legend(body, axis_opts)
    bars_axis = any(k in axis_opts for k in _TEX_BARS)
    out: list[dict] = []
    slot = 0
    for i, (_offset, stop, opts, pairs) in enumerate(plots):
        following = plots[i + 1][0] if i + 1 < len(plots) else len(body)
        name = next((v for at, v in added.items() if stop <= at < following), "")
        if "forget plot" not in opts:
            name = name or (order[slot] if slot < len(order) else "")
            slot += 1
        name = name or (f"plot {i + 1}" if len(plots) > 1 else "")
        horizontal = "xbar" in opts or ("xbar" in axis_opts and "ybar" not in opts)
        bars = bars_axis or any(k in opts for k in _TEX_BARS)
        out.extend(_tex_points(pairs, name, bars, horizontal))
    return out


def _tex_points(pairs: list, name: str, bars: bool, horizontal: bool) -> list[dict]:
    """Points of one addplot: a numeric x and y are a point; a bar plot (or a symbolic
    coordinate) gives bars, the value the number (``xbar``: the first), the category the other."""
    out = []
    for (x, x_line), (y, y_line) in pairs:
        if horizontal:
            (x, x_line), (y, y_line) = (y, y_line), (x, x_line)
        if not _NUMBER.fullmatch(y):
            continue
        if bars or not _NUMBER.fullmatch(x):
            out.append({"line_no": y_line, "x": "", "y": y, "series": name, "label": "", "category": x})
        else:
            out.append({"line_no": y_line, "x": x, "y": y, "series": name, "label": "", "category": "",
                        "x_line": x_line})
    return out


def _pgfplots_charts(lines: Sequence[str], skip) -> list[CodeChart]:
    """Every pgfplots axis (``\\begin{axis}[..] .. \\end{axis}``, also the log axes) stating at
    least two points; its lines from ``\\begin`` to ``\\end`` are the chart's."""
    out: list[CodeChart] = []
    if not any("\\begin{" in line for line in lines):  # no environment at all (most documents)
        return out
    tex = _TexText(lines, 1, len(lines))
    for m in _TEX_AXIS_BEGIN.finditer(tex.text):
        env = m.group(1)
        close = tex.text.find(f"\\end{{{env}}}", m.end())
        if close < 0:
            continue
        opts_text, _, body_start = _bracketed(tex.text, m.end(), "[")
        axis_opts = _tex_options(opts_text)
        first, last = tex.line(m.start()), tex.line(close)
        if skip & set(range(first, last + 1)):
            continue
        points = _unique(_axis_plots(tex, body_start, close, axis_opts))
        bars = any(k in axis_opts for k in _TEX_BARS) or all(not p["x"] for p in points)
        kind = "bar" if bars else "scatter" if "only marks" in axis_opts else "line"
        meta = {"title": axis_opts.get("title", ""), "x": axis_opts.get("xlabel", ""),
                "y": axis_opts.get("ylabel", ""), "kind": kind}
        if len(points) >= 2:
            out.append(CodeChart(first, last, points, meta))
    return out


# --- YAML ---------------------------------------------------------------------------------------

def _yaml_tree(node, offset: int):
    """A composed YAML node as the walk's tree: plain numeric scalars keep text and line."""
    if isinstance(node, yaml.MappingNode):
        return {str(k.value): _yaml_tree(v, offset) for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    if isinstance(node, yaml.SequenceNode):
        return [_yaml_tree(v, offset) for v in node.value]
    if node.style is None and _NUMBER.fullmatch(node.value or ""):
        return _Lined(node.value.replace("_", ""), node.start_mark.line + offset)
    return node.value


def _read_yaml(lines: Sequence[str], first: int, last: int, body_first: int, body_last: int) -> CodeChart | None:
    text = "\n".join(lines[body_first - 1:body_last])
    loader = yaml.SafeLoader(text)  # nodes with their lines; composing constructs no object
    try:
        node = loader.get_single_node()
    except yaml.YAMLError:
        return None
    finally:
        loader.dispose()
    if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
        return None
    tree = _yaml_tree(node, body_first)
    chart = CodeChart(first, last)
    chart.points = _unique(_points_of(tree))
    if isinstance(tree, dict):
        from .jsonform import _meta

        chart.meta = _meta(tree)
    return chart if len(chart.points) >= 2 else None


# --- blocks -------------------------------------------------------------------------------------

def _fences(lines: Sequence[str]) -> list[tuple[int, int, str]]:
    """(first line, last line, language) of every fenced block (fences included)."""
    out, i = [], 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        mark, j = m.group(1), i + 1
        while j < len(lines) and not lines[j].strip().startswith(mark[:3]):
            j += 1
        out.append((i + 1, min(j + 1, len(lines)), m.group(2).lower()))
        i = j + 1
    return out


def find(lines: Sequence[str], skip: set[int] | frozenset[int] = frozenset()) -> list[CodeChart]:
    """The chart-as-code blocks of a document that give at least two points (``skip``: lines
    already read, e.g. JSON blocks)."""
    fences = _fences(lines)
    charts = _pgfplots_charts(lines, skip)
    charts += _mermaid_charts(lines, fences, skip | {ln for c in charts for ln in range(c.first, c.last + 1)})
    skip = skip | {ln for c in charts for ln in range(c.first, c.last + 1)}
    fenced: set[int] = set()
    for first, last, lang in fences:
        fenced.update(range(first, last + 1))
        if skip & set(range(first, last + 1)):
            continue
        chart = None
        if lang in _YAML_LANGS or (not lang and _looks_yaml(lines, first + 1, last - 1)):
            chart = _read_yaml(lines, first, last, first + 1, last - 1)
        elif lang in _CODE_LANGS or not lang:
            chart = _read_code(lines, first + 1, last - 1)
            if chart:
                chart.first, chart.last = first, last
        if chart:
            charts.append(chart)
    text = "\n".join("" if i + 1 in fenced or i + 1 in skip else ln for i, ln in enumerate(lines))
    for a, b, *_ in _components(text, 1):
        chart = _read_code(lines, a, b)
        if chart:
            charts.append(chart)
    return sorted(charts, key=lambda c: c.first)


def _looks_yaml(lines: Sequence[str], first: int, last: int) -> bool:
    """A plain fence holds YAML when its first line is a ``key:`` line (``{``: JSON's)."""
    body = [ln for ln in lines[first - 1:last] if ln.strip()]
    return bool(body) and re.match(r"^[\w\"' -]+:(\s|$)", body[0]) is not None
