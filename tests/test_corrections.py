"""Corrections: loading, validation, application, carried copies and stale entries."""

import pytest

from paperfig import contract
from paperfig.corrections import apply_corrections, corrections_for, load_corrections
from paperfig.errors import ConfigError, DocumentError


def tv(line, column, value, unit="", raw=None, carried=False, carried_from="", part="value", row_idx=0, group=""):
    return contract.record(
        contract.TABLE_VALUES, source_file="doc.txt", line_no=line, table_id="doc-tab1", row_idx=row_idx,
        row_label=f"row{row_idx}", column=column, part=part, value=value, unit=unit,
        raw_cell="" if carried else (raw if raw is not None else value + unit), carried=carried,
        column_raw=column, row_group=group, carried_from_line=carried_from)


def make_doc():
    doc = contract.empty_parsed("doc.txt", "doc", "page")
    doc["table_values"] = [
        tv(5, "Width", "120", row_idx=0, group="g"),
        tv(6, "Width", "120", carried=True, carried_from=5, row_idx=1, group="g"),
        tv(5, "Factor", "3.5", "x", raw="3.5X", row_idx=0),
        tv(7, "Score", "88.1", part="first", row_idx=2),
        tv(7, "Score", "81.0", part="second", row_idx=2),
    ]
    doc["points"] = [contract.record(contract.POINTS, source_file="doc.txt", line_no=3, figure_id="doc-fig1",
                                     label="A-7B", x="7", y="50")]
    doc["annotations"] = [contract.record(contract.ANNOTATIONS, source_file="doc.txt", line_no=9,
                                          kind="compression", ratio="1/6", before="84", after="87")]
    return doc


def entry(**kw):
    base = {"file": "doc.txt", "line": 5, "field": "Width", "printed": "120", "corrected": "128", "reason": "r"}
    base.update(kw)
    return base


def test_load_corrections_reads_and_validates(tmp_path):
    path = tmp_path / "c.yaml"
    path.write_text("corrections:\n  - {file: doc.txt, line: 5, field: Width, printed: '120', corrected: '128', reason: because}\n")
    loaded = load_corrections(path)
    assert loaded == [{"file": "doc.txt", "field": "Width", "printed": "120", "corrected": "128", "reason": "because", "line": 5}]
    assert corrections_for(loaded, "doc.txt") == loaded
    assert corrections_for(loaded, "other.txt") == []
    assert load_corrections(tmp_path / "missing.yaml") == []


@pytest.mark.parametrize("text, needle", [
    ("corrections:\n  - {file: doc.txt, line: 5, field: W, printed: '1', corrected: '2'}\n", "reason"),
    ("corrections:\n  - {file: doc.txt, line: 0, field: W, printed: '1', corrected: '2', reason: r}\n", "line"),
    ("corrections:\n  - {file: doc.txt, line: 5, field: W, printed: '1', corrected: '2', reason: r, table: bogus}\n", "table"),
    ("corrections:\n  - {file: doc.txt, line: 5, field: W, printed: '1', corrected: '1', reason: r}\n", "same"),
    ("corrections: {a: 1}\n", "list"),
    ("corrections:\n  - {file: doc.txt, line: 5, field: W, printed: '1', corrected: '2', reason: r, colour: red}\n", "unknown"),
])
def test_malformed_entry_is_a_config_error_naming_it(tmp_path, text, needle):
    path = tmp_path / "c.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=needle):
        load_corrections(path)


def test_table_value_is_corrected_with_its_carried_copies():
    doc = make_doc()
    out, applied = apply_corrections(doc, [entry()])
    width = [r for r in out["table_values"] if r["column"] == "Width"]
    assert [r["value"] for r in width] == ["128", "128"]
    assert all(r["corrected_from"] == "120" and r["correction_reason"] for r in width)
    assert [a["line_no"] for a in applied] == [5, 6]
    assert applied[0]["table"] == "table_values" and applied[0]["subject"] == "doc-tab1"
    assert list(applied[0])[: len(contract.CORRECTIONS)] == list(contract.CORRECTIONS)
    # the input document is left alone
    assert doc["table_values"][0]["value"] == "120" and "corrected_from" not in doc["table_values"][0]


def test_unit_correction_matches_the_printed_cell():
    out, applied = apply_corrections(make_doc(), [entry(field="Factor", printed="3.5X", corrected="3.5x")])
    row = next(r for r in out["table_values"] if r["column"] == "Factor")
    assert (row["value"], row["unit"], row["corrected_from"]) == ("3.5", "x", "3.5X")


def test_pair_part_and_points_and_annotations():
    corrections = [
        entry(line=7, field="Score", printed="81.0", corrected="84.0", part="second"),
        entry(line=3, field="x", printed="7", corrected="6.7"),
        entry(line=9, field="after", printed="87", corrected="78"),
    ]
    out, applied = apply_corrections(make_doc(), corrections)
    assert [a["table"] for a in applied] == ["table_values", "points", "annotations"]
    assert out["points"][0]["x"] == "6.7" and out["points"][0]["corrected_from"] == "7"
    assert out["annotations"][0]["after"] == "78"
    second = next(r for r in out["table_values"] if r["part"] == "second")
    assert second["value"] == "84.0"


def test_stale_correction_is_a_document_error():
    with pytest.raises(DocumentError, match="stale correction") as info:
        apply_corrections(make_doc(), [entry(printed="121")])
    assert info.value.line_no == 5 and info.value.source_file == "doc.txt"
    with pytest.raises(DocumentError, match="stale correction"):
        apply_corrections(make_doc(), [entry(line=40)])


def test_corrections_of_other_files_are_ignored():
    out, applied = apply_corrections(make_doc(), [entry(file="other.txt")])
    assert applied == [] and out["table_values"][0]["value"] == "120"
