"""The data contract: the tidy tables every stage reads and writes.

Each document becomes one JSON object (``data/processed/docs/<doc_id>/checked.json``: its
records after corrections, with its checks) whose keys are the table names below, each a list
of records with exactly these columns (more columns may follow the listed ones). The combine
stage concatenates the records of all documents into the CSVs of ``CSV_NAMES`` in
``data/processed/``, in this column order.

Numbers are stored as their printed text (see ``paperfig.numbers.decimal_text``); an empty
string means "not given". ``line_no`` is always the 1-based line in the raw file and ``raw``
the full text of that line, so every value can be traced to where it was printed.
"""

from __future__ import annotations

#: One row per plotted point of a chart description (one row per bar for a bar chart: ``x``
#: empty, ``category`` the bar's category, ``series`` its group, ``y`` its value). Several rows
#: may come from one line.
POINTS = (
    "source_file", "line_no", "figure_id", "series", "label", "x", "y",
    "x_unit", "y_unit", "color", "group", "raw",
    # beyond the contract's minimum: the bar's category text (bar charts: x is empty), and the
    # line of x when it is printed on another line than y (chart data written as code: empty else)
    "category", "x_line_no",
)

#: One row per described chart (figure).
AXES = (
    "source_file", "figure_id", "chart_type", "title", "x_label", "y_label",
    "x_unit", "y_unit", "x_min", "x_max", "y_min", "y_max", "x_scale", "y_scale",
    "legend_position", "n_legend_entries",
    # beyond the contract's minimum:
    "line_no", "heading", "legend_kind", "x_scale_reason", "y_scale_reason",
    # chart_type is scatter | line | bar; orientation is vertical | horizontal for bars (y is
    # always the value axis, x the category axis), empty otherwise; ticks are the printed tick
    # labels ("; "-separated), never a range
    "orientation", "x_ticks", "y_ticks",
)

#: Legend entries in the order the description lists them. ``kind`` is "series" for a list
#: of named series, "date" for a colour scale of dates.
LEGEND = ("source_file", "line_no", "figure_id", "order", "entry", "color", "kind", "raw")

#: Arrows and other drawn annotations of a chart.
ARROWS = ("source_file", "line_no", "figure_id", "text", "direction", "orientation", "raw")

#: Names listed by a description outside the points ("Models Labeled: a, b", "Models: * a").
MENTIONS = ("source_file", "line_no", "figure_id", "name", "raw")

#: Sentences of a chart description that make a claim about the data (verdicts come later).
CLAIMS = ("source_file", "line_no", "figure_id", "section", "subject", "text", "raw")

#: One row per numeric value of a table after splitting pairs, deltas and sub-columns.
#: ``part`` is value | first | second | delta | missing ("-" printed: value empty).
TABLE_VALUES = (
    "source_file", "line_no", "table_id", "paper", "caption", "row_idx", "row_label",
    "row_label_raw", "column", "part", "value", "unit", "raw_cell", "carried",
    # beyond the contract's minimum:
    "column_raw", "part_name", "flag", "row_group", "carried_from_line",
)

#: One row per table: layout for re-rendering and the summary for the report.
TABLES = (
    "source_file", "table_id", "paper", "caption", "caption_line", "first_line", "last_line",
    "n_rows", "n_columns", "n_values", "n_missing", "columns", "row_labels", "blocks", "notes",
)

#: Notes written on a page: ``kind`` is compression ("1/6: 84 => 78"), note (free text),
#: referenced_figure (a caption with no data), empty_section (a slide heading with no content).
ANNOTATIONS = (
    "source_file", "line_no", "kind", "paper", "base_model", "ratio", "before", "after",
    "uncertain", "text",
    # beyond the contract's minimum:
    "section", "raw",
)

#: Papers found on a page (title line; a repeated title block maps to the same paper).
PAPERS = ("source_file", "paper", "line_no", "title", "authors")

#: Header repairs and other non-fatal parse observations, shown by the checks stage.
PARSE_NOTES = ("source_file", "line_no", "kind", "message", "raw")

#: Findings of the check stage.
CHECKS = (
    "check", "severity", "source_file", "line_no", "subject", "message", "expected",
    "observed", "verdict", "corrected",
)

#: Corrections applied (from config/corrections.yaml), one row per changed value.
CORRECTIONS = (
    "source_file", "line_no", "table", "field", "printed", "corrected", "reason", "subject",
)

#: Per-document overview for the report.
DOCUMENTS = ("source_file", "doc_id", "shape", "n_lines", "title", "n_figures", "n_tables",
             "n_points", "n_values", "n_annotations",
             # every number printed in the document (paperfig.coverage): how many, how many
             # became a value or are accounted for as label, caption or prose, and their share
             "n_numbers", "n_numbers_read", "coverage")

#: Every table of a parsed document, in the order they are combined.
PARSED_TABLES = {
    "points": POINTS,
    "axes": AXES,
    "legend": LEGEND,
    "arrows": ARROWS,
    "mentions": MENTIONS,
    "claims": CLAIMS,
    "table_values": TABLE_VALUES,
    "table_summary": TABLES,
    "annotations": ANNOTATIONS,
    "papers": PAPERS,
    "parse_notes": PARSE_NOTES,
}

#: File names of the combined CSVs in data/processed/, by contract table name (the keys of
#: PARSED_TABLES, of checked.json and of the datapackage resources). Each key says what its
#: records hold: ``table_values`` (one row per value, published as ``tables.csv``, the
#: documented file name) and ``table_summary`` (one row per table, ``table_summary.csv``).
CSV_NAMES = {
    "points": "points.csv",
    "axes": "axes.csv",
    "legend": "legend.csv",
    "arrows": "arrows.csv",
    "mentions": "mentions.csv",
    "claims": "claims.csv",
    "table_values": "tables.csv",
    "table_summary": "table_summary.csv",
    "annotations": "annotations.csv",
    "papers": "papers.csv",
    "parse_notes": "parse_notes.csv",
    "checks": "checks.csv",
    "corrections": "corrections.csv",
    "documents": "documents.csv",
}


def empty_parsed(source_file: str, doc_id: str, shape: str) -> dict:
    """The skeleton of a parsed document: every table present, possibly empty."""
    parsed: dict = {"source_file": source_file, "doc_id": doc_id, "shape": shape}
    for name in PARSED_TABLES:
        parsed[name] = []
    return parsed


#: An empty record per column tuple: copying one is quicker than building it key by key.
_EMPTY_RECORDS: dict[tuple[str, ...], dict] = {}


def record(columns: tuple[str, ...], /, **values) -> dict:
    """A record with every contract column (missing ones empty), extra columns after them."""
    empty = _EMPTY_RECORDS.get(columns)
    if empty is None:
        empty = _EMPTY_RECORDS[columns] = dict.fromkeys(columns, "")
    row = empty.copy()
    row.update(values)  # contract columns keep their order, extra ones follow
    return row


def figure_id(doc_id: str, number: int) -> str:
    """Figures are numbered from 1 within their document."""
    return f"{doc_id}-fig{number}"


def table_id(doc_id: str, number: int) -> str:
    """Tables are numbered from 1 within their document, in reading order."""
    return f"{doc_id}-tab{number}"
