"""Points given as a Markdown pipe table inside a chart description.

A run of two or more ``| a | b |`` lines is one table; its header is the row above the
``|---|`` rule (else the first row). A column is numeric when its cells are clean numbers
(``45.2``, ``~45%``, ``**81.5**``) or missing (``-``, ``—``, ``n/a``, ``not shown``, ``OOM``,
``timeout``: a run that gave no value; ``— (no bar shown)``, a mark with a remark); a unit in a
header's parentheses (``Latency (ms)``) is the column's unit. Which columns become x, y,
series or categories is said in ``_pipe_table``. A cell with digits that is not one clean
number gets an "unread_point" note.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..numbers import decimal_text, read_number
from .axes import _axis_match
from .points import _add_point, _single_value, _unread
from .shapes import _strip_bold, _strip_quotes, canonical_numbers

if TYPE_CHECKING:
    from .figure import _Figure


_PIPE_RULE_CELL = re.compile(r"^:?-{2,}:?$")
_MISSING_CELL = re.compile(r"^(?:|-+|—|–|n/?a|none|null|nan|\?|—+|not\s+(?:shown|visible|reported|given)|"
                           r"oom|out\s+of\s+memory|t/?o|timeout|oot|diverged|failed|x|✗)$", re.I)


#: The header of a column that numbers the rows (``#``, ``No.``, ``Point``).
_INDEX_HEADER = re.compile(r"^(?:#|no\.?|n°|nr\.?|index|idx|point|pt\.?|obs\.?)$", re.I)
#: A remark in words after a missing mark (``— (no bar shown)``, ``— (no marker; annotated "OOM")``).
_REMARK = re.compile(r"\s+\([A-Za-z][A-Za-z ,;:.'\"“”‘’-]*\)$")


def _pipe_cells(line: str) -> list[str] | None:
    """The cells of a Markdown pipe-table line ('| a | b |'), None for any other line."""
    s = line.strip()
    if not s.startswith("|") or s.count("|") < 2:
        return None
    s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    return [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", s)]


def _cell_value(cell: str) -> tuple[str, str, str]:
    """('num', number, unit) | ('missing', '', '') | ('bad', '', '') (digits, no clean number)
    | ('text', '', '')."""
    c = canonical_numbers(_strip_bold(cell).strip())[0]
    if _MISSING_CELL.match(c) or _MISSING_CELL.match(_REMARK.sub("", c)):
        return "missing", "", ""  # ('— (no bar shown)': a mark and a remark in words)
    single = _single_value(c)
    if single:
        return "num", single[0], single[1]
    whole = _power_number(c)
    if whole is not None:
        return "num", whole, ""
    if re.search(r"\d", c) and not re.search(r"[A-Za-z]{2,}", re.sub(r"\([^()]*\)", "", c)):
        return "bad", "", ""
    return "text", "", ""


def _settings_column(values: list[tuple[str, str, str]]) -> bool:
    """A column of a few settings, each a number with its unit printed in the cell (``190 °C``,
    ``210 °C`` over >= 4 rows, each at least twice): which series a point belongs to, no axis."""
    nums = [(num, unit) for state, num, unit in values if state == "num"]
    return (len(values) >= 4 and len(nums) == len(values) and all(unit for _, unit in nums)
            and 2 * len(set(nums)) <= len(nums) and len(set(nums)) <= 4)


def _power_number(cell: str) -> str | None:
    """A cell that is one number written with a power of ten (``3.5×10^22``, LaTeX
    ``$3.5 \\times 10^{22}$``) as its plain decimal, else None."""
    text = cell.replace("$", "").replace("\\times", "×").replace("\\cdot", "·").strip()
    if not re.search(r"10\s*\^|10[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]", text):
        return None
    try:
        return decimal_text(read_number(text).value)
    except ValueError:
        return None


def _header_unit(header: str) -> str:
    m = re.search(r"\(([^()\d]{1,12})\)\s*$", header)
    return m.group(1).strip() if m else ""


def _header_name(header: str) -> str:
    return re.sub(r"\s*\([^()]{1,12}\)\s*$", "", _strip_bold(header)).strip()


def _pipe_table(fig: _Figure, first: int, last: int) -> None:
    """Points from a Markdown pipe table (the header row is the one above the '|---|' rule):

    * first column numeric, other numeric columns -> x and one series per y column (x/y charts);
    * numeric headers ('| Model | 2018 | 2019 |'), text first column -> a series per row, x from
      the header (x/y charts);
    * a text column and two numeric columns whose headers name the axes (or a stated scatter
      plot) -> one labelled point per row;
    * otherwise bars: the first text column is the category, each numeric column a series
      (named by its header when there are several).
    A cell with digits that is not one clean number gets an "unread_point" note.
    """
    doc = fig.doc
    rows = [(n, _pipe_cells(doc.line(n)) or []) for n in range(first, last + 1)]
    rule = next((i for i, (_, cells) in enumerate(rows)
                 if cells and all(_PIPE_RULE_CELL.match(c.replace(" ", "")) for c in cells if c)), None)
    if rule is not None and rule > 0:
        header, body = rows[rule - 1][1], rows[rule + 1:]
    else:
        header, body = rows[0][1], rows[1:]
    if not body:
        return
    ncols = max(len(cells) for _, cells in body)
    header = header + [""] * (ncols - len(header))
    cells = {(n, j): _cell_value(c[j] if j < len(c) else "") for n, c in body for j in range(ncols)}
    kinds = []
    for j in range(ncols):
        states = [cells[(n, j)][0] for n, _ in body]
        kinds.append("num" if "num" in states and "text" not in states else "text")
    if kinds[0] == "num" and _INDEX_HEADER.match(header[0].strip()) and [
            cells[(n, 0)][1] for n, _ in body] == [str(i) for i in range(1, len(body) + 1)]:
        kinds[0] = "text"  # a '#' column numbering the rows 1, 2, 3 ...: the points' labels, no axis
    settings = [j for j in range(1, ncols) if kinds[j] == "num" and _settings_column([cells[(n, j)] for n, _ in body])]
    for j in settings:
        kinds[j] = "text"  # ('190 °C' / '210 °C' in every row: the series each point belongs to)
    num_cols = [j for j in range(ncols) if kinds[j] == "num"]
    text_cols = [j for j in range(ncols) if kinds[j] == "text"]
    if not num_cols:
        return
    bar = fig.chart_type == "bar"
    header_x = [j for j in num_cols if _single_value(header[j]) and not _header_name(header[j]).isalpha()]
    raw_of = {n: doc.line(n) for n, _ in body}

    def cell_text(n: int, j: int) -> str:
        row = dict(body)[n]
        return _strip_quotes(_strip_bold(row[j])) if j < len(row) else ""

    def value(n: int, j: int):
        state, num, unit = cells[(n, j)]
        if state == "bad":
            _unread(fig, n, raw_of[n], f"table cell {cell_text(n, j)!r} has digits but no readable number")
        return (num, unit or _header_unit(header[j])) if state == "num" else None

    named = {a: next((j for j in num_cols if _axis_match(fig, _header_name(header[j])) == a), None) for a in "xy"}
    if not bar and named["x"] is not None and named["y"] is not None and named["x"] != named["y"] and not (
            kinds[0] == "num" and named["x"] == 0 and len(num_cols) > 2):  # (x, then a column per series)
        # the headers name both axes: those two columns, the first other column labels the point
        jx, jy = named["x"], named["y"]
        jl = next((j for j in range(ncols) if j not in (jx, jy)), None)
        for n, _ in body:
            xv, yv = value(n, jx), value(n, jy)
            if xv and yv:
                _add_point(fig, n, raw_of[n], xv[0], yv[0], label=cell_text(n, jl) if jl is not None else "",
                           x_unit=xv[1], y_unit=yv[1])
        return
    if not bar and kinds[0] == "num" and len(num_cols) >= 2:
        ycols = num_cols[1:]
        for n, _ in body:
            xv = value(n, 0)
            for j in ycols:
                yv = value(n, j)
                if xv and yv:
                    series = (_header_name(header[j]) if len(ycols) > 1
                              else cell_text(n, settings[0]) if settings else "")
                    _add_point(fig, n, raw_of[n], xv[0], yv[0], series=series, group=series,
                               x_unit=xv[1], y_unit=yv[1])
        return
    if not bar and text_cols and text_cols[0] == 0 and num_cols and len(header_x) == len(num_cols):
        for n, _ in body:
            series = cell_text(n, 0)
            for j in num_cols:
                yv = value(n, j)
                if yv:
                    _add_point(fig, n, raw_of[n], _single_value(header[j])[0], yv[0], series=series, group=series,
                               y_unit=yv[1])
        return
    if not bar and text_cols and len(num_cols) >= 2 and (
            fig.chart_type == "scatter" or (named["x"] is not None and named["y"] is not None)):
        jx = named["x"] if named["x"] is not None else num_cols[0]
        jy = named["y"] if named["y"] is not None and named["y"] != jx else next(j for j in num_cols if j != jx)
        for n, _ in body:
            xv, yv = value(n, jx), value(n, jy)
            if xv and yv:
                _add_point(fig, n, raw_of[n], xv[0], yv[0], label=cell_text(n, text_cols[0]),
                           x_unit=xv[1], y_unit=yv[1])
        return
    cat_col = text_cols[0] if text_cols else 0
    ycols = [j for j in num_cols if j != cat_col]
    for n, _ in body:
        category = cell_text(n, cat_col)
        for j in ycols:
            yv = value(n, j)
            if yv and category:
                series = _header_name(header[j]) if len(ycols) > 1 else ""
                _add_point(fig, n, raw_of[n], "", yv[0], series=series, group=series, y_unit=yv[1],
                           category=category)
