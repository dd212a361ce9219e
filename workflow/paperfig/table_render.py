"""Re-render one table of a parsed document as LaTeX and HTML with pandas Styler.

The table's layout (column order, row order, caption, lines) comes from its ``tables``
record, the cells from its ``table_values`` records (see ``paperfig.contract``), read as the
shared row x column model ``paperfig.tablemodel.Table`` (:func:`model_of` builds the display
from one; the checks and the synthesis read the same model). One
DataFrame of display strings is built — ``–`` for a printed dash, pairs as ``88.5/84.3``,
deltas as ``85.3 (−5.6)``, units as printed — and the same Styler formatting renders both
outputs; only the escaping and the markup of the marks differ:

* carried values (a merged cell printed once, repeated on later rows) are grey italic,
* corrected values carry a dagger and a note "printed → corrected (reason)",
* every HTML data cell has a ``title`` "file:line — raw cell" for provenance.

All document text is escaped (``paperfig.latex.escape_latex`` / ``html.escape``), so a
caption or row label can never inject TeX or HTML.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

from .cells import COUNT_NAMES
from .errors import PaperfigError
from .latex import escape_latex, safe_label
from .numbers import normalise_digits
from .patterns import CAPTION
from .tablelayout import is_unnamed_group
from .tablemodel import Table

#: Packages a document needs to \input a rendered table.
LATEX_PACKAGES = ("booktabs", "adjustbox", "xcolor", "multirow", "textcomp")

BODY_BEGIN = "% paperfig-table-body"
BODY_END = "% paperfig-table-body-end"

MISSING = "\u2013"  # en dash, for a printed "-"
MINUS = "\u2212"
DAGGER = "\u2020"

_PART_ORDER = {"missing": 0, "value": 0, "first": 0, "second": 0, "delta": 1, "low": 2, "high": 3}


class DisplayText(str):
    """A cell's display string that remembers its marks (Styler formatters see only the value)."""

    carried: bool = False
    corrected: bool = False
    carried_from: str = ""

    def __new__(cls, text: str, carried: bool = False, corrected: bool = False, carried_from: str = ""):
        obj = super().__new__(cls, text)
        obj.carried = carried
        obj.corrected = corrected
        obj.carried_from = carried_from
        return obj


@dataclass
class TableModel:
    """Everything both renderings need, computed once."""

    table_id: str
    caption: str
    printed_number: str  # "3" for a caption "Table 3: ..."
    source_file: str
    first_line: str
    last_line: str
    caption_line: str
    paper: str
    frame: object  # pandas.DataFrame of DisplayText, index (group?, row key), columns keys
    tooltips: object  # pandas.DataFrame of "file:line — raw cell"
    row_labels: dict = field(default_factory=dict)  # row key -> label
    group_labels: dict = field(default_factory=dict)  # group key -> label
    column_labels: dict = field(default_factory=dict)  # column key -> label
    grouped: bool = False
    corrections: list = field(default_factory=list)  # (row, column, printed, corrected, reason)
    carried_lines: list = field(default_factory=list)


def _as_list(value) -> list:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        try:
            loaded = json.loads(value)
        except json.JSONDecodeError:
            return [value]
        return loaded if isinstance(loaded, list) else [loaded]
    return list(value)


def _truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value != value:  # NaN from a CSV read by pandas
        return ""
    return str(value)


def _signed(value: str, raw_cell: str, delta: bool) -> str:
    """A number with a typographic minus; deltas keep the "+" the paper printed."""
    value = value.strip()
    if value.startswith(("-", MINUS)):
        return MINUS + value[1:]
    if value.startswith("+"):
        return value
    if delta and re.search(r"\+\s*" + re.escape(value) + r"(?![\d.])", raw_cell or ""):
        return "+" + value
    return value


def _cell_text(parts: list[dict]) -> str:
    """The display text of one cell from its table_values records (in printed order)."""
    if not parts:
        return ""
    ordered = sorted(parts, key=lambda p: _PART_ORDER.get(_text(p.get("part")), 0))
    main, deltas, bounds, counts = [], [], [], []
    for p in ordered:
        kind = _text(p.get("part"))
        value = _text(p.get("value"))
        if kind in ("first", "second") and _text(p.get("part_name")) in COUNT_NAMES:
            counts.append(value)  # '95.9 (93/97)': a proportion's count out of its total
            continue
        if kind in ("low", "high"):
            bounds.append(_signed(value, "", False) + _text(p.get("unit")))
            continue
        if kind == "missing" or value == "":
            (deltas if kind == "delta" else main).append(MISSING)
            continue
        shown = _signed(value, _text(p.get("raw_cell")), kind == "delta") + _text(p.get("unit"))
        (deltas if kind == "delta" else main).append(shown)
    text = _pair_separator(ordered).join(main)
    if counts:
        text = f"{text} ({'/'.join(counts)})".strip()
    if deltas:
        text = f"{text} ({', '.join(deltas)})" if text else f"({', '.join(deltas)})"
    if bounds:  # an interval, printed as papers print confidence intervals
        text = f"{text} [{', '.join(bounds)}]".strip()
    return text


def _pair_separator(parts: list[dict]) -> str:
    """"/" for a pair printed "88.5/84.3" (the usual form); " " for one printed "1.4 1.6"."""
    firsts = [p for p in parts if _text(p.get("part")) == "first" and _text(p.get("value"))]
    seconds = [p for p in parts if _text(p.get("part")) == "second" and _text(p.get("value"))]
    if firsts and seconds:
        raw = normalise_digits(_text(firsts[0].get("raw_cell")))
        a, b = _text(firsts[0].get("value")), _text(seconds[0].get("value"))
        match = re.search(re.escape(a) + r"\S*?(\s*/\s*|\s+)" + r"\S*?" + re.escape(b.lstrip("-+")), raw)
        if match and "/" not in match.group(1):
            return " "
    return "/"


def _tooltip(parts: list[dict], source_file: str) -> str:
    if not parts:
        return ""
    first = parts[0]
    line = _text(first.get("line_no"))
    text = f"{_text(first.get('source_file')) or source_file}:{line} \u2014 {_text(first.get('raw_cell'))}"
    extras = []
    names = [_text(p.get("part_name")) for p in parts if _text(p.get("part_name"))]
    if names:
        extras.append("/".join(names))
    flags = sorted({_text(p.get("flag")) for p in parts if _text(p.get("flag"))})
    if flags:
        extras.append("flag: " + ", ".join(flags))
    carried = [p for p in parts if _truthy(p.get("carried"))]
    if carried:
        src = _text(carried[0].get("carried_from_line"))
        extras.append(f"carried from line {src}" if src else "carried from a merged cell")
    for p in parts:
        if _text(p.get("corrected_from")):
            extras.append(f"printed {_text(p.get('corrected_from'))}, corrected to {_text(p.get('value'))}"
                          f": {_text(p.get('correction_reason'))}")
    return text + (f" ({'; '.join(extras)})" if extras else "")


def _find_layout(doc: dict, table_id: str) -> dict:
    for row in doc.get("table_summary", []):
        if _text(row.get("table_id")) == table_id:
            return row
    known = ", ".join(_text(r.get("table_id")) for r in doc.get("table_summary", [])) or "none"
    raise PaperfigError(f"{doc.get('source_file', '?')}: no table {table_id!r} (tables: {known})")


_EMPHASIS = re.compile(r"\*\*|__")


def split_caption(caption: str) -> tuple[str, str]:
    """("3", "Results ...") for "Table 3: Results ...", "**Table 3 | Results.**" or "Extended
    Data Table 3 - Results" (the caption forms of :data:`paperfig.patterns.CAPTION`, emphasis
    dropped); ("", caption) without a number."""
    text = _EMPHASIS.sub("", caption or "").strip()
    match = CAPTION.match(text)
    if not match or not match.group("kind").lower().startswith("t"):
        return "", text
    return match.group("num"), text[match.end():].lstrip(" :.|-–—").strip()


def build_model(doc: dict, table_id: str) -> TableModel:
    """The display DataFrame and marks of one table of a parsed document (shared by both
    renderings): its ``tables`` row and values as a :class:`paperfig.tablemodel.Table`."""
    layout = _find_layout(doc, table_id)
    values = [v for v in doc.get("table_values", []) if _text(v.get("table_id")) == table_id]
    table = Table.from_records(layout, values, table_id)
    return model_of(table, _text(layout.get("source_file")) or _text(doc.get("source_file")))


def model_of(table: Table, source_file: str = "") -> TableModel:
    """The display DataFrame and marks built from the shared table model: its columns and
    rows, plus the rows its ``tables`` row lists without any value (display only)."""
    import pandas as pd

    layout = table.table_row
    table_id = table.table_id
    source_file = source_file or _text(layout.get("source_file")) or table.source_file

    columns = list(table.columns)
    col_key = {name: f"c{i}" for i, name in enumerate(columns)}
    column_labels = {f"c{i}": name for i, name in enumerate(columns)}

    # Rows: every row_idx that has values, plus rows of the layout without any value.
    rows: dict[int, dict] = {}
    cells: dict[tuple[int, str], list[dict]] = {}
    for key, row in table.rows.items():
        idx = key if isinstance(key, int) else 0
        info = rows.setdefault(idx, {"label": row["label"], "group": row["group"]})
        info["label"] = info["label"] or row["label"]
        info["group"] = info["group"] or row["group"]
        for name, records in row["records"].items():
            cells.setdefault((idx, name), []).extend(records)
    layout_labels = [_text(x) for x in _as_list(layout.get("row_labels"))]
    if layout_labels and len(layout_labels) > len(rows):
        base = 0 if all(i < len(layout_labels) and layout_labels[i] == r["label"] for i, r in rows.items()) else 1
        if base == 1 and not all(0 < i <= len(layout_labels) and layout_labels[i - 1] == r["label"]
                                 for i, r in rows.items()):
            base = None
        if base is not None:
            for pos, label in enumerate(layout_labels):
                rows.setdefault(pos + base, {"label": label, "group": ""})
    order = sorted(rows)
    # Group rows only when the groups say something the row labels do not.
    grouped = any(rows[i]["group"] for i in order) and any(rows[i]["group"] != rows[i]["label"] for i in order)

    width = max(3, len(str(order[-1])) if order else 1)
    row_key = {i: f"r{i:0{width}d}" for i in order}
    group_keys: dict[str, str] = {}
    for i in order:
        group_keys.setdefault(rows[i]["group"], f"g{len(group_keys):03d}")

    data, tips = [], []
    corrections, carried_lines = [], []
    for i in order:
        drow, trow = [], []
        for name in columns:
            parts = cells.get((i, name), [])
            carried = [p for p in parts if _truthy(p.get("carried"))]
            fixed = [p for p in parts if _text(p.get("corrected_from"))]
            src = _text(carried[0].get("carried_from_line")) if carried else ""
            drow.append(DisplayText(_cell_text(parts), bool(carried), bool(fixed), src))
            trow.append(_tooltip(parts, source_file))
            for p in fixed:
                corrections.append((rows[i]["label"], name, _text(p.get("corrected_from")),
                                    _text(p.get("value")), _text(p.get("correction_reason")),
                                    _text(p.get("line_no"))))
            if carried and src and src not in carried_lines:
                carried_lines.append(src)
        data.append(drow)
        tips.append(trow)

    if grouped:
        index = pd.MultiIndex.from_tuples([(group_keys[rows[i]["group"]], row_key[i]) for i in order])
    else:
        index = pd.Index([row_key[i] for i in order])
    frame = pd.DataFrame(data, index=index, columns=[col_key[c] for c in columns], dtype=object)
    tooltips = pd.DataFrame(tips, index=index, columns=[col_key[c] for c in columns], dtype=object)

    printed_number, caption = split_caption(_text(layout.get("caption")))
    if not caption:
        caption = f"Table printed without a caption in {source_file}"
    return TableModel(
        table_id=table_id,
        caption=caption,
        printed_number=printed_number,
        source_file=source_file,
        first_line=_text(layout.get("first_line")),
        last_line=_text(layout.get("last_line")),
        caption_line=_text(layout.get("caption_line")),
        paper=_text(layout.get("paper")),
        frame=frame,
        tooltips=tooltips,
        # Under row groups, a label that only repeats its group's name is left blank.
        row_labels={row_key[i]: "" if grouped and rows[i]["label"] == rows[i]["group"] else rows[i]["label"]
                    for i in order},
        group_labels={k: "" if is_unnamed_group(g) else g for g, k in group_keys.items()},
        column_labels=column_labels,
        grouped=grouped,
        corrections=corrections,
        carried_lines=carried_lines,
    )


def _lines_text(model: TableModel) -> str:
    a, b = model.first_line, model.last_line
    if a and b and a != b:
        text = f"lines {a}\u2013{b}"
    else:
        text = f"line {a or b}" if (a or b) else "lines unknown"
    inside = (a.isdigit() and b.isdigit() and model.caption_line.isdigit()
              and int(a) <= int(model.caption_line) <= int(b))
    if model.caption_line and not inside:
        text += f", caption line {model.caption_line}"
    return text


def _styler(model: TableModel, output: str):
    """The one Styler configuration; ``output`` picks the escaping/markup of the marks."""
    if output == "latex":
        esc = escape_latex

        def cell(value) -> str:
            text = esc(value)
            if getattr(value, "carried", False) and text:
                text = r"\textcolor{gray}{\textit{%s}}" % text
            if getattr(value, "corrected", False):
                text += r"\textsuperscript{\textdagger}"
            return text
    else:
        def esc(value) -> str:
            return html.escape(str(value), quote=True)

        def cell(value) -> str:
            text = esc(value)
            if getattr(value, "carried", False) and text:
                text = f'<span class="carried" style="color:#6b6b6b;font-style:italic">{text}</span>'
            if getattr(value, "corrected", False):
                text += '<sup class="corrected">\u2020</sup>'
            return text

    styler = model.frame.style.format(cell)
    level = 1 if model.grouped else None
    styler = styler.format_index(lambda key: esc(model.row_labels.get(key, key)), axis=0, level=level)
    if model.grouped:
        styler = styler.format_index(lambda key: esc(model.group_labels.get(key, key)), axis=0, level=0)
    if output == "latex":
        # Long headers wrap onto short lines, so a wide table needs less shrinking to fit.
        styler = styler.format_index(lambda key: _latex_stack(model.column_labels.get(key, key)), axis=1)
    else:
        styler = styler.format_index(lambda key: esc(model.column_labels.get(key, key)), axis=1)
    return styler


def _latex_stack(text: str, width: int = 12) -> str:
    """A header cell as a bottom-aligned stack of lines of about ``width`` characters."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    if len(lines) <= 1:
        return escape_latex(text)
    return "\\begin{tabular}[b]{@{}c@{}}%s\\end{tabular}" % "\\\\".join(escape_latex(line) for line in lines)


def _notes(model: TableModel) -> list[tuple[str, str]]:
    """(kind, text) notes shown under the table: source, carried values, corrections."""
    notes = []
    printed = f" (printed as Table {model.printed_number})" if model.printed_number else ""
    notes.append(("source", f"Source: {model.source_file}, {_lines_text(model)}{printed}."))
    if any(getattr(v, "carried", False) for v in model.frame.to_numpy().ravel()):
        where = f" (line {', '.join(model.carried_lines)})" if model.carried_lines else ""
        notes.append(("carried", "Grey italic: a merged cell printed once" + where
                      + " and repeated on the rows it spans."))
    for label, column, printed_v, corrected, reason, line in model.corrections:
        notes.append(("corrected", f"{DAGGER} {label}, {column} (line {line}): printed {printed_v} "
                      f"\u2192 corrected {corrected}: {reason}"))
    return notes


def render_latex(model: TableModel) -> str:
    styler = _styler(model, "latex")
    n_index = 2 if model.grouped else 1
    tabular = styler.to_latex(
        column_format="l" * n_index + "r" * len(model.column_labels),
        hrules=True,
        multirow_align="t",
        clines="skip-last;data" if model.grouped else None,
    ).strip()
    # Styler separates row groups with \cline, which touches the text under booktabs rules:
    # use \cmidrule (booktabs spacing) and drop the one just above \bottomrule.
    tabular = re.sub(r"\\cline\{([0-9]+-[0-9]+)\}\n(?=\\bottomrule)", "", tabular)
    tabular = re.sub(r"\\cline\{([0-9]+-[0-9]+)\}", r"\\cmidrule(lr){\1}", tabular)
    caption = escape_latex(model.caption)
    notes = []
    for kind, text in _notes(model):
        body = escape_latex(text)
        if kind == "carried":
            body = r"\textcolor{gray}{\textit{Grey italic}}" + escape_latex(text[len("Grey italic"):])
        notes.append(body + r"\par")
    return "\n".join([
        r"\begin{table}[tp]",  # no "b": longtable pages overprint bottom floats
        r"\centering",
        r"\small",
        r"\caption{%s}\label{tab:%s}" % (caption, safe_label(model.table_id)),
        f"{BODY_BEGIN} index-columns={n_index}",
        r"\begin{adjustbox}{max width=\linewidth}",
        tabular,
        r"\end{adjustbox}",
        BODY_END,
        r"\par\smallskip",
        r"{\footnotesize\raggedright",
        *notes,
        r"}",
        r"\end{table}",
        "",
    ])


def render_html(model: TableModel) -> str:
    styler = _styler(model, "html")
    styler = styler.set_tooltips(model.tooltips.map(lambda t: html.escape(t, quote=True)),
                                 as_title_attribute=True)
    styler = styler.set_caption('<span class="cap">%s</span>' % html.escape(model.caption))
    table = styler.to_html(exclude_styles=True, sparse_index=True).strip()
    table_attrs = f'<table id="tab-{html.escape(model.table_id, quote=True)}" class="ptable">'
    table = table.replace("<table>", table_attrs, 1)
    table = table.replace("<th >&nbsp;</th>", '<th class="blank"></th>')
    notes = []
    for kind, text in _notes(model):
        notes.append(f'<p class="table-note {kind}">{html.escape(text)}</p>')
    return "\n".join([
        f'<div class="ptable-block" data-table="{html.escape(model.table_id, quote=True)}">',
        '<div class="table-scroll">',
        table,
        "</div>",
        *notes,
        "</div>",
        "",
    ])


def render_table(doc: dict, table_id: str) -> tuple[str, str]:
    """(latex, html) for one table of a parsed document."""
    model = build_model(doc, table_id)
    return render_latex(model), render_html(model)


# --- reading numbers back ---------------------------------------------------------------

_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)")


def _numbers(text: str) -> list[str]:
    text = text.replace(MINUS, "-")
    return [n.lstrip("+") for n in _NUMBER.findall(text)]


class _TdText(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0
        self.cells: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "td":
            self.depth += 1
            self.cells.append("")

    def handle_endtag(self, tag):
        if tag == "td" and self.depth:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.cells[-1] += data + " "


def numbers_in_rendered(text: str) -> list[str]:
    """The printed numbers in the data cells of a rendered table (LaTeX or HTML).

    Row labels, column headers, caption, source and notes are skipped; a Unicode minus is
    read as "-" and a leading "+" is dropped (the canonical ``decimal_text`` form), so the
    result can be compared with the ``value`` column of table_values as a multiset.
    """
    if "<td" in text or "<table" in text:
        parser = _TdText()
        parser.feed(text)
        return [n for cell in parser.cells for n in _numbers(cell)]
    n_index = 1
    start = text.find(BODY_BEGIN)
    if start >= 0:
        header = text[start:text.find("\n", start)]
        match = re.search(r"index-columns=(\d+)", header)
        if match:
            n_index = int(match.group(1))
        end = text.find(BODY_END, start + len(BODY_BEGIN) + 1)
        text = text[start:end if end > 0 else len(text)]
    begin = text.find(r"\midrule")
    finish = text.find(r"\bottomrule")
    body = text[begin + len(r"\midrule"):finish if finish > 0 else len(text)] if begin >= 0 else ""
    found = []
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith((r"\cline", r"\cmidrule", r"\midrule", r"\hline")):
            continue
        line = re.sub(r"\\\\\s*$", "", line)
        cells = re.split(r"(?<!\\)&", line)
        for cell in cells[n_index:]:
            cell = cell.replace(r"\textminus{}", "-").replace(r"\textsuperscript{\textdagger}", "")
            cell = re.sub(r"\\[A-Za-z]+", " ", cell)
            found.extend(_numbers(cell))
    return found
