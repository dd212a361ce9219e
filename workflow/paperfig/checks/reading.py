"""What the readers saw but could not read, as findings: nothing on a page is silent.

The readers record what they could not turn into data as parse notes (``parse_notes``). The
notes that mean *data may have been lost* become ``warning`` findings here, with their lines,
so they reach ``checks.csv``, the end-of-run summary and the report:

* ``nothing_read`` (no table or chart in the document), ``unread_data_line`` (a line that
  looks like a table row outside every table), ``not_a_chart`` (a chart description with no
  readable point), ``unread_point`` (a point bullet with numbers but no readable x and y),
  ``empty_table`` (a table block without data rows), ``unparseable_cell`` (a cell that looks
  numeric but is not a number the cell grammar reads), ``tabular_not_read`` and
  ``unclosed_table`` (a table whose markup the table readers could not follow);
* a table with cells but no value at all: "lines 7-29 look like a table of 9 columns; no cell
  was read".

Other notes (header repairs, packed rows, wrapped labels...) are the readers' reasoning, kept
in ``parse_notes.csv`` and not repeated as findings.
"""

from __future__ import annotations

from .common import finding

#: Parse-note kinds that say a number on the page may not have become data.
LOST_DATA_NOTES = frozenset({
    "nothing_read", "unread_data_line", "not_a_chart", "unread_point", "empty_table",
    "unparseable_cell", "tabular_not_read", "unclosed_table",
})


def run(doc: dict, settings: dict) -> list[dict]:
    out = []
    for note in doc.get("parse_notes", []):
        if note.get("kind") in LOST_DATA_NOTES:
            out.append(finding("not_read", "warning", note["source_file"], note.get("line_no"),
                               note.get("kind", ""), note.get("message", "")))
    for table in doc.get("table_summary", []):
        if table.get("n_values") == 0 and table.get("n_missing", 0) == 0:
            out.append(finding(
                "not_read", "warning", table["source_file"], table.get("first_line"), table["table_id"],
                f"lines {table.get('first_line')}-{table.get('last_line')} look like a table of "
                f"{table.get('n_columns')} columns; no cell was read"))
    return out
