"""The shared table model (paperfig.tablemodel) on small records written here."""

import json

from paperfig import contract, tablemodel
from paperfig.checks import tables as check_tables
from paperfig.tablemodel import Table, tables_of


def value(row_idx, label, column, part="value", val="1.0", line=None, **extra):
    return contract.record(
        contract.TABLE_VALUES, source_file="t.txt", line_no=line if line is not None else 10 + int(row_idx),
        table_id=extra.pop("table_id", "t-tab1"), paper="P", caption=extra.pop("caption", "Table 1: scores."),
        row_idx=row_idx, row_label=label, row_label_raw=extra.pop("label_raw", label), column=column,
        part=part, value=val, raw_cell=extra.pop("raw_cell", val), carried=extra.pop("carried", False), **extra)


def table_row(columns, table_id="t-tab1", **extra):
    row = contract.record(contract.TABLES, source_file="t.txt", table_id=table_id, paper="P",
                          caption="Table 1: scores.", **extra)
    row["columns"] = columns
    return row


def test_columns_follow_the_tables_row_then_the_values():
    values = [value(0, "a", "Extra"), value(0, "a", "MNLI"), value(0, "a", "Size")]
    t = Table.from_records(table_row(["Size", "MNLI"]), values)
    assert t.table_id == "t-tab1"
    assert t.columns == ["Size", "MNLI", "Extra"]
    assert [v["column"] for v in t.column_values("Extra")] == ["Extra"]
    assert t.column_values("Nothing") == []


def test_columns_stored_as_json_or_pipes_in_a_csv_row():
    for stored in (json.dumps(["B", "A"]), "B|A"):
        t = Table.from_records(table_row(stored), [value(0, "x", "A")])
        assert t.columns == ["B", "A"]
    assert tablemodel.columns_of({"columns": [{"name": "N"}, "M"]}) == ["N", "M"]
    assert tablemodel.columns_of(None) == []


def test_rows_ordered_by_row_idx_whatever_order_the_values_come_in():
    values = [value(2, "c", "A"), value(0, "a", "A"), value(10, "k", "A"), value(1, "b", "A")]
    t = Table.from_records(None, values)
    assert [r["label"] for r in t.row_list] == ["a", "b", "c", "k"]  # 10 after 2: numeric order
    assert list(t.rows) == [0, 1, 2, 10]
    assert [r["line_no"] for r in t.row_list] == [10, 11, 12, 20]


def test_csv_records_give_the_same_rows_as_json_records():
    """A CSV stores row_idx and line_no as text: the keys and lines are the JSON ints."""
    values = [{k: str(v) for k, v in value(i, f"r{i}", "A").items()} for i in (1, 0)]
    t = Table.from_records(None, values)
    assert list(t.rows) == [0, 1]
    assert t.row("1")["label"] == "r1" and t.row(1) is t.row("1")
    assert t.row(5) is None
    assert t.row_list[0]["line_no"] == 10


def test_row_fields_are_the_first_non_empty_and_parts_are_kept_per_column():
    values = [value(0, "", "Acc", "first", "88.5", label_raw="", row_group=""),
              value(0, "BERT", "Acc", "second", "84.3", label_raw="**BERT**", row_group="Base"),
              value(0, "BERT", "Acc", "delta", "-0.4"),
              value(0, "BERT", "F1", "missing", "")]
    t = Table.from_records(None, values)
    (row,) = t.row_list
    assert (row["label"], row["label_raw"], row["group"]) == ("BERT", "**BERT**", "Base")
    assert set(row["cells"]["Acc"]) == {"first", "second", "delta"}
    assert t.cell(row, "Acc", "second")["value"] == "84.3"
    assert t.cell(row, "Acc") is None  # no plain value in a pair cell
    assert t.cell(row, "F1", "missing")["value"] == ""
    assert [r["part"] for r in t.records(row, "Acc")] == ["first", "second", "delta"]
    assert t.records(row, "Nothing") == []


def test_carried_values_belong_to_the_rows_they_are_carried_to():
    values = [value(0, "a", "Size", val="50%", line=3),
              value(1, "b", "Size", val="50%", line=4, carried=True, raw_cell="", carried_from_line=3),
              value(2, "c", "Size", val="25%", line=5)]
    t = Table.from_records(table_row(["Size"]), values)
    carried = t.cell(t.row(1), "Size")
    assert carried["carried_from_line"] == 3 and t.is_carried(carried)
    assert not t.is_carried(t.cell(t.row(0), "Size"))
    assert Table.is_carried({"carried": "True"}) and not Table.is_carried({"carried": "False"})
    assert len(t.column_values("Size")) == 3


def test_two_blocks_sharing_row_labels_join_into_one_row_per_label():
    """The second block of a table printed in two halves gives its cells the same row_idx:
    the rows gain its columns; a key column printed in both keeps every record, the later in
    ``cells``."""
    block1 = [value(0, "a", "Key", val="1", line=3), value(0, "a", "X", val="5.0", line=3),
              value(1, "b", "Key", val="2", line=4), value(1, "b", "X", val="6.0", line=4)]
    block2 = [value(0, "a", "Key", val="1", line=8), value(0, "a", "Y", val="7.0", line=8),
              value(1, "b", "Key", val="3", line=9), value(1, "b", "Y", val="8.0", line=9)]
    t = Table.from_records(table_row(["Key", "X", "Y"], blocks=2), block1 + block2)
    assert [r["label"] for r in t.row_list] == ["a", "b"]
    assert t.row(0)["line_no"] == 3  # the line the row starts on
    assert sorted(t.row(1)["cells"]) == ["Key", "X", "Y"]
    assert [r["value"] for r in t.records(t.row(1), "Key")] == ["2", "3"]
    assert t.cell(t.row(1), "Key")["line_no"] == 9
    assert [v["line_no"] for v in t.column_values("Key")] == [3, 4, 8, 9]


def test_caption_paper_and_source_from_the_tables_row_or_the_values():
    t = Table.from_records(None, [value(0, "a", "A", caption="")] + [value(1, "b", "A", caption="Table 2: late.")])
    assert t.caption == "Table 2: late."
    assert (t.paper, t.source_file) == ("P", "t.txt")
    assert Table.from_records(table_row(["A"]), [value(0, "a", "A", caption="other")]).caption == "Table 1: scores."
    assert Table.from_records(None, []).row_list == []


def test_tables_of_groups_a_document_or_records_in_first_appearance_order():
    values = [value(0, "a", "A", table_id="d-tab2"), value(0, "x", "B", table_id="d-tab1"),
              value(1, "b", "A", table_id="d-tab2")]
    doc = {"table_values": values, "table_summary": [table_row(["Z", "A"], table_id="d-tab2")]}
    found = tables_of(doc)
    assert [t.table_id for t in found] == ["d-tab2", "d-tab1"]
    assert found[0].columns == ["Z", "A"] and len(found[0].row_list) == 2
    assert found[1].table_row == {}
    apart = tables_of(values, doc["table_summary"])
    assert [t.columns for t in apart] == [t.columns for t in found]
    assert tables_of({"table_values": []}) == []


def test_the_checks_table_is_the_shared_model():
    values = [value(0, "a", "Acc", val="80.0"), value(1, "b", "Acc", val="81.0")]
    doc = {"table_values": values, "table_summary": [table_row(["Acc"])]}
    (t,) = check_tables.tables_of(doc)
    assert isinstance(t, Table) and isinstance(t, check_tables.Table)
    assert t.meta is t.table_row and t.is_score_column("Acc")
    assert [r["label"] for r in t.row_list] == ["a", "b"]


def test_the_renderer_draws_from_the_shared_model():
    """table_render.model_of builds its display frame from a tablemodel.Table: rows in row_idx
    order, columns in the model's order, a pair and its delta in one cell."""
    from paperfig import table_render

    values = [value(1, "b", "Acc", val="70.0"),
              value(0, "a", "Acc", "first", "88.5"), value(0, "a", "Acc", "second", "84.3"),
              value(0, "a", "Size", val="50", unit="%")]
    t = Table.from_records(table_row(["Size", "Acc"]), values)
    model = table_render.model_of(t)
    assert list(model.column_labels.values()) == ["Size", "Acc"]
    assert list(model.row_labels.values()) == ["a", "b"]
    assert [str(x) for x in model.frame.iloc[0]] == ["50%", "88.5/84.3"]
    assert [str(x) for x in model.frame.iloc[1]] == ["", "70.0"]
    assert model.source_file == "t.txt"
