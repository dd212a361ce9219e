"""Chart data written as code: plotting scripts, chart components and YAML answers.

Vision-language models asked to "recreate the chart" and slide tools print a chart's data as
code. This module reads four such forms; each gives the same tree of values that
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

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import yaml

from .jsonform import NOT_SERIES, _Lined, _walk

_FENCE = re.compile(r"^\s*(```+|~~~+)\s*\{?\s*\.?([\w+-]*)")
_YAML_LANGS = ("yaml", "yml")
_CODE_LANGS = ("python", "py", "python3", "jsx", "tsx", "js", "javascript", "ts", "typescript", "vue", "html",
               "svelte", "mdx", "r", "julia")
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


def _points_of(node, name: str = "") -> list[dict]:
    out: list[dict] = []
    _walk(node, name, out)
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
        chart.points.extend(_points_of(_plain(value), ""))
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
    charts: list[CodeChart] = []
    fenced: set[int] = set()
    for first, last, lang in _fences(lines):
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
