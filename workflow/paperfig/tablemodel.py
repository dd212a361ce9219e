"""One table as rows and columns, rebuilt from the contract's records.

The readers (``paperfig.tablelayout``) write each table as contract records (see
``paperfig.contract``): one ``tables`` row (caption, paper, ordered column names, lines) and
one ``table_values`` row per number (``row_idx``, ``row_label``, ``column``, ``part`` ...).
Every stage that reasons about a table needs the same row x column view of those records;
this module builds it once, the same way for everyone:

* ``paperfig.checks.tables`` (and through it ``paperfig.checks.cross``) subclasses
  :class:`Table` with its per-column questions (units, score columns);
* ``paperfig.synthesis`` reads the (size, MNLI) pairs of a table from its rows;
* ``paperfig.table_render`` builds its display frames (pandas, tooltips) from a
  :class:`Table`, adding only what is about display (rows the layout lists without values).

How the records are arranged (the rules a reader of the code needs):

* **Columns**: the names of the ``tables`` row in their printed order (a list, a JSON list
  or "|"-separated text, as the parsed JSON and the combined CSVs store them), then any
  column a value names that the row does not, in the order the values first name it.
* **Rows**: one per ``row_idx``, ordered by ``row_idx`` read as a number (an index that is
  not a number sorts first, keeping the order the values give it). ``row_idx`` is stored as
  an ``int`` when it is one ("3" from a CSV and 3 from the JSON are the same row), so
  ``rows`` has the same keys whichever source the records came from. A table printed in two
  blocks sharing its row labels gives the second block's cells the same ``row_idx``: they
  join the first block's rows.
* **Row fields**: ``label``, ``label_raw`` and ``group`` are the first non-empty
  ``row_label``, ``row_label_raw`` and ``row_group`` of the row's values; ``line_no`` is the
  first non-zero line (a row whose cells wrap keeps the line it starts on).
* **Cells**: ``cells[column][part]`` is the value record of that part (value, first, second,
  delta, missing); when one part is printed twice for a row (a key column repeated by a
  second block), the later record is the one kept there, while ``records[column]`` keeps
  every record of the cell in the order the values list them.
* **Carried values** (a merged cell repeated on later rows, ``carried`` true) are values of
  the rows they are carried to, like any other: nothing here drops or marks them; ask
  :meth:`Table.is_carried`.

Import-light on purpose (no pandas): the checks and the synthesis run once per document.
"""

from __future__ import annotations

import json


def text_of(value) -> str:
    """A record field as text: ``None`` and NaN (a CSV read by pandas) are empty."""
    if value is None:
        return ""
    if isinstance(value, float) and value != value:
        return ""
    return str(value)


def truthy(value) -> bool:
    """A boolean field as stored in JSON (true) or in a CSV ("True", "1", "yes")."""
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value) if value is not None and value == value else False


def line_of(value) -> int:
    """A ``line_no`` field as an int; 0 when it is empty or not a number."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def row_key(value):
    """The key of a row: ``row_idx`` as an int when it is one, else its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = text_of(value).strip()
    return int(text) if text.isdigit() else text


def _row_order(key) -> int:
    return key if isinstance(key, int) else 0


def columns_of(table_row: dict | None) -> list[str]:
    """The column names of a ``tables`` row: a list, a JSON list or "a|b|c" text; a column
    given as a mapping is named by its ``name``."""
    cols = (table_row or {}).get("columns", [])
    if isinstance(cols, str):
        try:
            cols = json.loads(cols) if cols.strip().startswith("[") else [c for c in cols.split("|") if c]
        except json.JSONDecodeError:
            cols = [cols]
    return [c if isinstance(c, str) else text_of(c.get("name", c) if isinstance(c, dict) else c)
            for c in cols or []]


class Table:
    """The values of one table arranged by row and column (see the module docstring).

    Attributes: ``table_id``, ``table_row`` (the ``tables`` record, ``{}`` when absent),
    ``values`` (the table's value records as given), ``source_file``, ``caption``, ``paper``,
    ``columns`` (ordered names), ``by_column`` (column -> its values in table order),
    ``rows`` (row key -> row, ordered by ``row_idx``) and ``row_list`` (the rows in order).
    A row is a dict: ``row_idx``, ``label``, ``label_raw``, ``group``, ``line_no``,
    ``cells`` (column -> part -> record) and ``records`` (column -> records in order).
    """

    def __init__(self, table_id: str, values: list[dict], table_row: dict | None = None):
        self.table_id = table_id
        self.table_row = table_row or {}
        self.values = values
        info = self.table_row
        first = values[0] if values else {}
        self.source_file = text_of(first.get("source_file")) or text_of(info.get("source_file"))
        self.caption = text_of(info.get("caption")) or next(
            (text_of(v.get("caption")) for v in values if text_of(v.get("caption"))), "")
        self.paper = text_of(info.get("paper")) or text_of(first.get("paper"))
        columns = []
        for c in columns_of(info):
            if c not in columns:
                columns.append(c)
        known = set(columns)
        #: The values of each column, in table order: every per-column question is answered
        #: from its own column, so the consumers stay linear in the number of columns.
        self.by_column: dict[str, list[dict]] = {c: [] for c in columns}
        rows: dict = {}
        for v in values:  # one pass over the values (a wide table has many)
            column = text_of(v.get("column"))
            if column not in known:
                known.add(column)
                columns.append(column)
                self.by_column[column] = []
            self.by_column[column].append(v)
            key = row_key(v.get("row_idx"))
            row = rows.get(key)
            if row is None:
                row = rows[key] = {"row_idx": key, "label": "", "label_raw": "", "group": "", "line_no": 0,
                                   "cells": {}, "records": {}}
            if not row["label"]:
                row["label"] = text_of(v.get("row_label"))
            if not row["label_raw"]:
                row["label_raw"] = text_of(v.get("row_label_raw"))
            if not row["group"]:
                row["group"] = text_of(v.get("row_group"))
            if not row["line_no"]:
                row["line_no"] = line_of(v.get("line_no"))
            row["cells"].setdefault(column, {})[text_of(v.get("part"))] = v
            row["records"].setdefault(column, []).append(v)
        self.columns = columns
        order = sorted(rows, key=_row_order)  # stable: non-numeric keys keep their order
        self.rows: dict = {k: rows[k] for k in order}
        self.row_list: list[dict] = list(self.rows.values())

    @classmethod
    def from_records(cls, table_row: dict | None, values: list[dict], table_id: str | None = None) -> Table:
        """The table of a ``tables`` row (or None) and its ``table_values`` records."""
        if table_id is None:
            table_id = text_of((table_row or {}).get("table_id")) or (
                text_of(values[0].get("table_id")) if values else "")
        return cls(table_id, values, table_row)

    # --- small accessors --------------------------------------------------------------------

    def row(self, row_idx) -> dict | None:
        """The row of a ``row_idx`` as any record gives it (3 or "3"); None when absent."""
        return self.rows.get(row_key(row_idx))

    def cell(self, row: dict, column: str, part: str = "value") -> dict | None:
        """The record of one part of a cell, or None."""
        return row["cells"].get(column, {}).get(part)

    def records(self, row: dict, column: str) -> list[dict]:
        """Every record of a cell (all its parts) in the order the values list them."""
        return row["records"].get(column, [])

    def column_values(self, column: str) -> list[dict]:
        """The records of one column in table order (empty for an unknown column)."""
        return self.by_column.get(column, [])

    @staticmethod
    def is_carried(record: dict) -> bool:
        """True for a value carried from a merged cell printed on an earlier row."""
        return truthy(record.get("carried"))

    def __repr__(self) -> str:
        return f"<Table {self.table_id}: {len(self.row_list)} rows x {len(self.columns)} columns>"


def tables_of(doc_or_records, tables: list[dict] | None = None, cls: type = Table) -> list:
    """The tables of a parsed document (a dict with ``table_values`` and ``tables``) or of a
    list of ``table_values`` records (with the ``tables`` records given apart), one per
    ``table_id`` that has values, in the order their values first appear. ``cls`` builds
    each (a subclass of :class:`Table` taking ``(table_id, values, table_row)``)."""
    if isinstance(doc_or_records, dict):
        values = doc_or_records.get("table_values", [])
        if tables is None:
            tables = doc_or_records.get("table_summary", [])
    else:
        values = doc_or_records
    by_id: dict[str, list[dict]] = {}
    for v in values:
        by_id.setdefault(text_of(v.get("table_id")), []).append(v)
    info = {text_of(t.get("table_id")): t for t in tables or []}
    return [cls(tid, vals, info.get(tid)) for tid, vals in by_id.items()]
