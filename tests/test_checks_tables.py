"""Table checks on small hand-written tables, including clean tables that must stay silent."""

from paperfig import contract
from paperfig.checks import DEFAULT_SETTINGS, check_document, tables

S = DEFAULT_SETTINGS


def page(rows, columns, caption="Table 1: results.", groups=None, carried=None, raws=None):
    """rows: [(line, label, {column: cell text})]; cells: "84.0", "88.5/84.3", "85.3 (-5.6)", "1.4 1.6", "-"."""
    doc = contract.empty_parsed("p.txt", "p", "page")
    values = []
    for idx, (line, label, cells) in enumerate(rows):
        for column in columns:
            text = cells.get(column, "-")
            common = dict(source_file="p.txt", line_no=line, table_id="p-tab1", paper="P", caption=caption,
                          row_idx=idx, row_label=label, row_label_raw=label, column=column, column_raw=column,
                          raw_cell=text, carried=False, row_group=(groups or {}).get(idx, ""))
            if carried and (idx, column) in carried:
                src_line, value = carried[(idx, column)]
                values.append(contract.record(contract.TABLE_VALUES, **{**common, "raw_cell": "", "carried": True},
                                              part="value", value=value, carried_from_line=src_line))
                continue
            unit = ""
            if text and text[-1] in "xX%" and text[:-1].replace(".", "").isdigit():
                unit, text_value = ("x" if text[-1] in "xX" else "%"), text[:-1]
            else:
                text_value = text
            if text == "-":
                values.append(contract.record(contract.TABLE_VALUES, **common, part="missing", value=""))
            elif "/" in text:
                a, b = text.split("/")
                values.append(contract.record(contract.TABLE_VALUES, **common, part="first", value=a, part_name="f1"))
                values.append(contract.record(contract.TABLE_VALUES, **common, part="second", value=b, part_name="acc"))
            elif "(" in text:
                a, d = text.replace(")", "").split(" (")
                values.append(contract.record(contract.TABLE_VALUES, **common, part="value", value=a))
                values.append(contract.record(contract.TABLE_VALUES, **common, part="delta", value=d.lstrip("+")))
            elif " " in text:
                a, b = text.split()
                values.append(contract.record(contract.TABLE_VALUES, **common, part="first", value=a, part_name="first"))
                values.append(contract.record(contract.TABLE_VALUES, **common, part="second", value=b, part_name="second"))
            else:
                values.append(contract.record(contract.TABLE_VALUES, **common, part="value", value=text_value, unit=unit))
    doc["table_values"] = values
    meta = contract.record(contract.TABLES, source_file="p.txt", table_id="p-tab1", caption=caption)
    meta["columns"] = list(columns)
    doc["table_summary"] = [meta]
    return doc


def only(rows, check):
    return [r for r in rows if r["check"] == check]


def test_clean_table_with_correct_averages_and_consistent_deltas_is_silent():
    summary = page([(3, "Base", {"A": "80.0", "B": "90.0", "Avg.": "85.0"}),
                    (4, "Small", {"A": "70.0", "B": "88.5/84.3", "Avg.": "78.1"})], ["A", "B", "Avg."])
    deltas = page([(3, "Base", {"A": "84.0", "B": "90.0", "C": "70.0", "Avr.": "0.0"}),
                   (4, "X", {"A": "83.0", "B": "-", "C": "69.0", "Avr.": "-1.0"}),
                   (5, "Y", {"A": "82.1", "B": "89.0", "C": "68.3", "Avr.": "-1.53"})], ["A", "B", "C", "Avr."])
    implied = page([(3, "M", {"Ratio(%)": "50.0", "T1": "85.3 (-5.6)", "T2": "77.0 (-9.1)"}),
                    (4, "M", {"Ratio(%)": "80.0", "T1": "75.1 (-15.8)", "T2": "73.81 (-12.29)"}),
                    (5, "N", {"Ratio(%)": "59.3", "T1": "90.23 (-0.67)", "T2": "86.1 (-0.0)"})], ["Ratio(%)", "T1", "T2"])
    derived = page([(3, "T1", {"Base": "88.5", "Small": "87.1", "Drop (abs %)": "1.4 1.6"}),
                    (4, "T2", {"Base": "66.3", "Small": "64.5", "Drop (abs %)": "1.8 2.7"}),
                    (5, "T3", {"Base": "90.5", "Small": "90.3", "Drop (abs %)": "0.2 0.2"})], ["Base", "Small", "Drop (abs %)"])
    for doc in (summary, deltas, implied, derived):
        assert [r for r in check_document(doc, [], {})["checks"] if r["severity"] != "info"] == []


def test_summary_mismatch_warns_with_both_numbers_and_the_caption_reason():
    caption = ("Table 3: test results (except WNLI). For tasks with multiple metrics, the metrics are "
               "arithmetically averaged to compute the GLUE score.")
    doc = page([(5, "Model", {"A": "52.1", "B": "93.5", "C": "84.6/83.4", "GLUE": "80.3"})], ["A", "B", "C", "GLUE"], caption)
    rows = only(tables.run(doc, S), "summary_column")
    assert len(rows) == 1 and rows[0]["line_no"] == 5 and rows[0]["observed"] == "80.3"
    assert rows[0]["expected"] == "76.53"  # (52.1 + 93.5 + 84.0) / 3 = 76.53
    assert "except WNLI" in rows[0]["message"] and "several metrics" in rows[0]["message"]


def test_delta_summary_row_disagreeing_with_its_deltas():
    doc = page([(3, "Base", {"A": "84.6", "B": "89.2", "C": "93.5", "Avr.": "0.0"}),
                (4, "Good", {"A": "83.9", "B": "-", "C": "92.6", "Avr.": "-0.8"}),
                (5, "Bad", {"A": "81.6", "B": "88.7", "C": "91.8", "Avr.": "-2.06"})], ["A", "B", "C", "Avr."])
    rows = only(tables.run(doc, S), "summary_column")
    assert [(r["line_no"], r["observed"], r["expected"]) for r in rows] == [(5, "-2.06", "-1.733")]


def test_implied_baseline_disagreement_is_flagged_with_its_baseline():
    doc = page([(3, "M", {"T": "83.5 (-5.5)"}), (4, "M", {"T": "68.4 (-20.5)"}), (5, "N", {"T": "88.1 (-1.2)"}),
                (6, "N", {"T": "81.9 (-7.1)"})], ["T"])
    rows = only(tables.run(doc, S), "implied_baseline")
    assert [(r["line_no"], r["observed"], r["expected"]) for r in rows] == [(4, "88.9", "89.0"), (5, "89.3", "89.0")]


def test_derived_column_mismatch():
    doc = page([(3, "T1", {"Base": "88.5", "Small": "87.1", "Drop (abs %)": "1.4 1.6"}),
                (4, "T2", {"Base": "66.3", "Small": "64.5", "Drop (abs %)": "1.8 2.7"}),
                (5, "T3", {"Base": "77.8", "Small": "76.8", "Drop (abs %)": "2.0 1.3"})], ["Base", "Small", "Drop (abs %)"])
    rows = only(tables.run(doc, S), "derived_column")
    assert [(r["line_no"], r["observed"], r["expected"]) for r in rows] == [(5, "2.0", "1")]


def test_merged_group_disagreement_and_digit_anomaly():
    columns = ["Dim", "Vocab", "Factor", "Score"]
    rows = [(3, "Teacher", {"Dim": "768", "Vocab": "30522", "Factor": "1x", "Score": "84.0"}),
            (4, "KD, 6 layers", {"Dim": "768", "Vocab": "30522", "Factor": "1.6x", "Score": "81.5"}),
            (5, "KD, 3 layers", {"Dim": "708", "Vocab": "30322", "Factor": "2.4x", "Score": "76.7"}),
            (6, "Base", {"Score": "70.9"}),
            (7, "Train", {"Dim": "48", "Vocab": "4928", "Factor": "61.94x", "Score": "70.6"}),
            (8, "Train+", {"Dim": "40", "Vocab": "4920", "Factor": "61.94X", "Score": "71.3"})]
    groups = {3: "rows 6-8", 4: "rows 6-8", 5: "rows 6-8"}
    carried = {(3, "Dim"): (7, "48"), (3, "Vocab"): (7, "4928"), (3, "Factor"): (7, "61.94")}
    doc = page(rows, columns, groups=groups, carried=carried)
    found = tables.run(doc, S)
    merged = only(found, "merged_group")
    assert {(r["line_no"], r["observed"], r["expected"]) for r in merged} == {
        (8, "40", "48"), (8, "4920", "4928"), (8, "61.94X", "61.94x")}
    digits = only(found, "digit_anomaly")
    assert {(r["line_no"], r["observed"], r["expected"]) for r in digits} == {(5, "708", "768"), (5, "30322", "30522")}
    assert only(found, "ocr_token")[0]["line_no"] == 8


def test_a_correction_turns_the_finding_into_corrected_info():
    columns = ["Dim", "Vocab", "Score"]
    rows = [(3, "Teacher", {"Dim": "768", "Vocab": "30522", "Score": "84.0"}),
            (4, "KD, 6 layers", {"Dim": "768", "Vocab": "30522", "Score": "81.5"}),
            (5, "KD, 3 layers", {"Dim": "708", "Vocab": "30322", "Score": "76.7"})]
    doc = page(rows, columns)
    fixes = [{"file": "p.txt", "line": 5, "field": "Dim", "printed": "708", "corrected": "768", "reason": "teacher's width"},
             {"file": "p.txt", "line": 5, "field": "Vocab", "printed": "30322", "corrected": "30522", "reason": "teacher's vocabulary"}]
    checked = check_document(doc, fixes, {})
    rows = only(checked["checks"], "digit_anomaly")
    assert len(rows) == 2 and all(r["corrected"] and r["severity"] == "info" for r in rows)
    assert rows[0]["message"].startswith("corrected: teacher's width")
    assert [r["corrected"] for r in checked["corrections"]] == ["768", "30522"]
    assert [r for r in checked["checks"] if r["severity"] != "info"] == []


def test_ocr_letters_in_numbers():
    doc = page([(3, "A", {"T": "8O.5"}), (4, "B", {"T": "l9.4"}), (5, "C", {"T": "70.1"})], ["T"])
    rows = only(tables.run(doc, S), "ocr_token")
    assert [(r["line_no"], r["expected"]) for r in rows] == [(3, "80.5"), (4, "19.4")]


def test_repeated_key_cell_of_a_two_half_table_must_agree():
    doc = page([(3, "M", {"Ratio": "50.0"}), (9, "M", {"Ratio": "50.0"})], ["Ratio"])
    for v in doc["table_values"]:
        v["row_idx"] = 0
    assert only(tables.run(doc, S), "repeated_cell") == []
    doc["table_values"][1]["value"] = "60.0"
    assert only(tables.run(doc, S), "repeated_cell")[0]["line_no"] == 9


class _CountingList(list):
    """A list that counts how often it is iterated from the start (one scan of the values)."""

    scans = 0

    def __iter__(self):
        type(self).scans += 1
        return super().__iter__()


def test_column_questions_scan_the_values_a_bounded_number_of_times():
    """column_units / is_score_column are answered per column from that column's values:
    asking them for every one of many columns never rescans the whole table (it was one
    scan per question, quadratic in columns: 5 x 5,000 took minutes)."""
    columns = [f"Task {i}" for i in range(300)]
    values = _CountingList(
        contract.record(contract.TABLE_VALUES, source_file="w.txt", line_no=2 + r, table_id="w-tab1", row_idx=r,
                        row_label=f"m{r}", column=c, part="value", value=str(50 + r), unit="")
        for r in range(3) for c in columns)
    table = tables.Table("w-tab1", values, {"columns": columns})
    _CountingList.scans = 0
    assert all(table.is_score_column(c) for c in columns)
    assert all(table.column_units(c) == {""} for c in columns)
    assert _CountingList.scans <= 2


def test_wide_table_benchmark_case_runs():
    """The benchmark's case (benchmarks/wide_table_checks.py), small: every check runs on it."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "wide_table_checks", Path(__file__).resolve().parents[1] / "benchmarks" / "wide_table_checks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = module.wide_document(200)
    checked = check_document(doc, [], {})
    assert len(checked["table_values"]) == 5 * 200


def test_a_value_outside_its_interval_and_a_reversed_interval_are_warnings():
    from paperfig.checks import records

    doc = page([(5, "ICU", {"HR": "2.87"}), (6, "Death", {"HR": "2.31"}), (7, "Age", {"HR": "1.10"})], ["HR"])
    for line, low, high in ((5, "2.41", "3.40"), (6, "2.50", "2.88"), (7, "1.30", "0.90")):
        row = next(v for v in doc["table_values"] if v["line_no"] == line)
        doc["table_values"] += [dict(row, part="low", value=low), dict(row, part="high", value=high)]
    found = records.check_intervals(doc, DEFAULT_SETTINGS)
    assert [(f["line_no"], f["severity"]) for f in found] == [(6, "warning"), (7, "warning")]
    assert "2.31 lies outside its interval [2.50, 2.88]" in found[0]["message"]
    assert "reversed" in found[1]["message"]


def test_a_column_of_bare_ranges_all_printed_high_to_low_is_no_reversed_interval():
    """Calibrated ages before present print the older bound first in every row: the column's
    convention, no warning; one such range among ranges printed low to high still is one."""
    from paperfig.checks import records

    def ranges(bounds):
        doc = page([(5 + i, f"S{i}", {"Age": "x"}) for i in range(len(bounds))], ["Age"])
        rows = [v for v in doc["table_values"] if v["part"] == "value"]
        doc["table_values"] = [dict(row, part=part, value=b) for row, pair in zip(rows, bounds)
                               for part, b in zip(("low", "high"), pair)]
        return records.check_intervals(doc, DEFAULT_SETTINGS)

    assert ranges([("285", "140"), ("460", "300"), ("1050", "930")]) == []
    found = ranges([("140", "285"), ("460", "300"), ("930", "1050")])
    assert [f["line_no"] for f in found] == [6] and "reversed" in found[0]["message"]
