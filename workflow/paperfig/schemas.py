"""Published schemas of the combined CSVs: pandera models and a Frictionless data package.

The pandera models validate data/processed/*.csv after every build; their failures become
rows of checks.csv with file and line (lazy validation collects all of them). The same
field descriptions produce datapackage.json, so other tools can read the files without us.
"""

from __future__ import annotations

import pandas as pd
import pandera.pandas as pa
from pandera.typing import Series

from . import contract

SEVERITIES = ("error", "warning", "info")
VALUE_PARTS = ("value", "first", "second", "delta", "error", "low", "high", "missing")
CHART_TYPES = ("scatter", "line", "bar")
ANNOTATION_KINDS = ("compression", "note", "referenced_figure", "empty_section", "bullet")


class _Located(pa.DataFrameModel):
    source_file: Series[str] = pa.Field(str_length={"min_value": 1})
    line_no: Series[int] = pa.Field(ge=1)

    class Config:
        coerce = True
        strict = False


class PointsSchema(_Located):
    figure_id: Series[str]
    series: Series[str] = pa.Field(nullable=True)
    label: Series[str] = pa.Field(nullable=True)
    # x is empty for a bar (its position is the category, never an invented number)
    x: Series[float] = pa.Field(nullable=True, in_range={"min_value": -1e12, "max_value": 1e12})
    y: Series[float] = pa.Field(nullable=False, ignore_na=False, in_range={"min_value": -1e12, "max_value": 1e12})
    category: Series[str] | None = pa.Field(nullable=True)  # older points.csv have no such column
    raw: Series[str]

    # several points may come from one line ("(1, 2), (3, 4)", "A: 45.2, B: 50.1"): no unique key

    @pa.dataframe_check
    def x_or_category(cls, df: pd.DataFrame) -> Series[bool]:
        """Every point has a numeric x or (a bar) a category."""
        has_category = df["category"].notna() if "category" in df else False
        return df["x"].notna() | has_category


class AxesSchema(pa.DataFrameModel):
    source_file: Series[str]
    figure_id: Series[str] = pa.Field(unique=True)
    chart_type: Series[str] = pa.Field(isin=list(CHART_TYPES))
    orientation: Series[str] | None = pa.Field(nullable=True, isin=["vertical", "horizontal"])
    x_min: Series[float] = pa.Field(nullable=True)
    x_max: Series[float] = pa.Field(nullable=True)
    y_min: Series[float] = pa.Field(nullable=True)
    y_max: Series[float] = pa.Field(nullable=True)
    x_scale: Series[str] = pa.Field(isin=["linear", "log", "category"])
    y_scale: Series[str] = pa.Field(isin=["linear", "log"])
    n_legend_entries: Series[int] = pa.Field(ge=0)

    class Config:
        coerce = True
        strict = False

    @pa.dataframe_check
    def ranges_ordered(cls, df: pd.DataFrame) -> Series[bool]:
        x_ok = df["x_min"].isna() | df["x_max"].isna() | (df["x_min"] < df["x_max"])
        y_ok = df["y_min"].isna() | df["y_max"].isna() | (df["y_min"] < df["y_max"])
        return x_ok & y_ok


class TableValuesSchema(_Located):
    table_id: Series[str]
    row_idx: Series[int] = pa.Field(ge=0)
    column: Series[str]
    part: Series[str] = pa.Field(isin=list(VALUE_PARTS))
    value: Series[float] = pa.Field(nullable=True, in_range={"min_value": -1e12, "max_value": 1e12})

    class Config:
        unique = ["table_id", "row_idx", "column", "part", "part_name"]

    @pa.dataframe_check
    def only_missing_is_empty(cls, df: pd.DataFrame) -> Series[bool]:
        return (df["part"] == "missing") | df["value"].notna()


class AnnotationsSchema(_Located):
    kind: Series[str] = pa.Field(isin=list(ANNOTATION_KINDS))
    before: Series[float] = pa.Field(nullable=True, ge=0, le=100)
    after: Series[float] = pa.Field(nullable=True, ge=0, le=100)


class ChecksSchema(pa.DataFrameModel):
    check: Series[str]
    severity: Series[str] = pa.Field(isin=list(SEVERITIES))
    source_file: Series[str] = pa.Field(nullable=True)
    message: Series[str]

    class Config:
        coerce = True
        strict = False


#: CSV name -> (pandera model, primary key, column descriptions for datapackage.json).
PUBLISHED = {
    "points": (PointsSchema, [], {
        "source_file": "raw document the point was described in",
        "line_no": "1-based line of that document",
        "figure_id": "figure the point belongs to (see axes.csv)",
        "series": "named data series (legend entry) the point belongs to, if any",
        "label": "text printed next to the point (model name or label)",
        "x": "x coordinate as described (empty for a bar)", "y": "y coordinate (a bar's value) as described",
        "category": "the bar's category as printed (bar charts only)",
        "x_line_no": "line of x when printed on another line than y (a list of x above lists of y)",
        "x_unit": "unit of x", "y_unit": "unit of y",
        "color": "colour word used by the description", "group": "legend key (series or date)",
        "raw": "the source line as printed",
    }),
    "axes": (AxesSchema, ["figure_id"], {
        "figure_id": "figure id (<document id>-fig<k>)", "chart_type": "scatter, line or bar",
        "orientation": "vertical or horizontal for bar charts (y is always the value axis)",
        "x_scale": "linear or log, chosen from the values and the description (category for bars)",
        "x_ticks": "tick labels printed for x ('; '-separated), never a range",
        "y_ticks": "tick labels printed for y ('; '-separated), never a range",
        "n_legend_entries": "number of legend entries described",
    }),
    "table_values": (TableValuesSchema, ["table_id", "row_idx", "column", "part", "part_name"], {
        "table_id": "table id (<document id>-tab<k>)", "row_idx": "row position in the table",
        "row_label": "normalised model/row name", "row_label_raw": "row label as printed",
        "column": "column name after header repair",
        "part": "value, first, second, delta, error, low, high (an interval's bounds) or missing",
        "value": "the number as printed (empty when not reported)", "unit": "x, %, M, B, k, ...",
        "raw_cell": "the printed cell", "carried": "true when the value was carried over a merged cell",
    }),
    "annotations": (AnnotationsSchema, [], {
        "kind": "compression (a => b note), note, referenced_figure or empty_section",
        "ratio": "compression ratio as printed", "before": "score before", "after": "score after",
        "uncertain": "true when marked (?)",
    }),
    "checks": (ChecksSchema, [], {
        "check": "name of the check", "severity": "error, warning or info",
        "subject": "figure_id or table_id concerned", "verdict": "for claims: supported, "
        "contradicted, not testable or unparsed", "corrected": "true when a correction resolved it",
    }),
}

_FRICTIONLESS_TYPES = {"int64": "integer", "float64": "number", "bool": "boolean"}


def validate_frame(name: str, frame: pd.DataFrame) -> list[dict]:
    """Validate one combined table; return one checks.csv row per failing cell."""
    model = PUBLISHED[name][0]
    if frame.empty:
        return []
    # Records hold printed text; an empty string means "not given", which pandas calls NA.
    frame = frame.replace("", None)
    try:
        model.validate(frame, lazy=True)
    except pa.errors.SchemaErrors as exc:
        return _failures_to_checks(name, frame, exc.failure_cases)
    return []


def _failures_to_checks(name: str, frame: pd.DataFrame, failures: pd.DataFrame) -> list[dict]:
    rows = []
    for failure in failures.to_dict("records"):
        index = failure.get("index")
        located = frame.loc[index] if index in frame.index else None
        source_file = located["source_file"] if located is not None and "source_file" in frame else ""
        line_no = located["line_no"] if located is not None and "line_no" in frame else ""
        subject = ""
        if located is not None:
            subject = located.get("figure_id", "") or located.get("table_id", "") or ""
        rows.append(contract.record(
            contract.CHECKS, check=f"schema:{name}", severity="error", source_file=source_file,
            line_no=line_no, subject=subject,
            message=f"{name}.csv column {failure.get('column')!s} fails {failure.get('check')!s}",
            expected=str(failure.get("check")), observed=str(failure.get("failure_case")),
            verdict="", corrected=False,
        ))
    return rows


def _field_type(model, column: str) -> str:
    field = model.to_schema().columns.get(column)
    if field is None:
        return "string"
    return _FRICTIONLESS_TYPES.get(str(field.dtype), "string")


def datapackage(written: dict[str, list[str]] | None = None) -> dict:
    """Frictionless Data Package describing the published CSVs. ``written`` maps a table name
    to the header actually written (contract columns and any extra ones, see io.csv_columns),
    so every column of every file is declared; without it, the contract columns."""
    resources = []
    tables = list(contract.PARSED_TABLES.items()) + [
        ("checks", contract.CHECKS), ("corrections", contract.CORRECTIONS), ("documents", contract.DOCUMENTS)]
    for name, columns in tables:
        model, key, docs = PUBLISHED.get(name, (None, [], {}))
        resources.append(_resource(name, (written or {}).get(name, columns), model, key, docs))
    return {
        "name": "paperfig-processed",
        "title": "paperfig: tidy data extracted from paper figures, tables and slides",
        "profile": "tabular-data-package",
        "resources": resources,
    }


def _resource(name, columns, model, key, docs) -> dict:
    fields = []
    for column in columns:
        field = {"name": column, "type": _field_type(model, column) if model else "string"}
        if column == "line_no":
            field["type"] = "integer"
        if column in docs:
            field["description"] = docs[column]
        fields.append(field)
    schema = {"fields": fields, "missingValues": [""]}
    if key:
        schema["primaryKey"] = key
    return {
        "name": name.replace("_", "-"),
        "path": contract.CSV_NAMES[name],
        "profile": "tabular-data-resource",
        "format": "csv",
        "encoding": "utf-8",
        "schema": schema,
    }
