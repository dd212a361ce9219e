"""Cross-document checks on small hand-written documents."""

from paperfig import contract
from paperfig.checks import cross_document_checks
from paperfig.checks.cross import metric_keys, model_key


def values(source, table, paper, rows, columns):
    out = []
    for idx, (line, label, cells) in enumerate(rows):
        for column in columns:
            text = cells.get(column)
            if text is None:
                continue
            common = dict(source_file=source, line_no=line, table_id=table, paper=paper, row_idx=idx, row_label=label,
                          column=column, raw_cell=text, carried=False)
            if "/" in text:
                a, b = text.split("/")
                out.append(contract.record(contract.TABLE_VALUES, **common, part="first", value=a, part_name="m"))
                out.append(contract.record(contract.TABLE_VALUES, **common, part="second", value=b, part_name="mm"))
            else:
                unit = text[-1] if text[-1] in "xMB" else ""
                out.append(contract.record(contract.TABLE_VALUES, **common, part="value", value=text.rstrip("xMB"), unit=unit))
    return out


def doc(source, table_values=(), points=(), axes=(), annotations=()):
    d = contract.empty_parsed(source, source.split(".")[0], "page")
    d["table_values"] = list(table_values)
    d["points"], d["axes"], d["annotations"] = list(points), list(axes), list(annotations)
    return d


def test_keys():
    assert model_key("Teacher BERT _{BASE}") == model_key("BERT-base") == "bertbase"
    assert ("mnli", "m") in metric_keys("MNLI-m/mm", "first", "m") and ("mnli", "") in metric_keys("MNLI-m (Acc)", "value", "")
    assert metric_keys("SST-2", "value", "") == [("sst2", "")]
    # a proportion's count and total ('95.9 (93/97)') are never the cell's score
    assert metric_keys("Sensitivity", "first", "count") == [("sensitivity", "count")]


def test_same_model_and_metric_in_two_tables():
    a = values("p.txt", "p-tab1", "Paper A", [(3, "Teacher BERT-base", {"MNLI-m": "84.0", "SST-2": "93.5"}),
                                               (4, "Small", {"MNLI-m": "80.0", "SST-2": "90.0"})], ["MNLI-m", "SST-2"])
    b = values("p.txt", "p-tab2", "Paper B", [(9, "BERT_{BASE}", {"MNLI-m/mm": "84.6/83.4", "SST-2": "93.5"}),
                                               (10, "Tiny", {"MNLI-m/mm": "70.0/70.1", "SST-2": "85.0"})], ["MNLI-m/mm", "SST-2"])
    rows = [r for r in cross_document_checks([doc("p.txt", a + b)], {}) if r["check"] == "cross_value"]
    assert len(rows) == 1 and rows[0]["severity"] == "info"
    assert "84.0" in rows[0]["message"] and "84.6" in rows[0]["message"] and "p.txt:9" in rows[0]["message"]


def test_agreeing_values_are_silent_and_same_paper_disagreement_warns():
    a = values("p.txt", "p-tab1", "Paper A", [(3, "Base", {"QQP": "89.2"}), (4, "X", {"QQP": "80.0"})], ["QQP"])
    b = values("q.txt", "q-tab1", "Paper A", [(5, "Base", {"QQP": "89.2"}), (6, "Y", {"QQP": "81.0"})], ["QQP"])
    assert cross_document_checks([doc("p.txt", a), doc("q.txt", b)], {}) == []
    b[0]["value"] = "88.2"
    rows = cross_document_checks([doc("p.txt", a), doc("q.txt", b)], {})
    assert [r["severity"] for r in rows] == ["warning"]


def test_chart_x_against_a_table():
    table = values("p.txt", "p-tab1", "P", [(3, "Net-Base", {"#FLOPs": "22.5B"}), (4, "Net-Small", {"#FLOPs": "5.7B"})], ["#FLOPs"])
    axes = [contract.record(contract.AXES, source_file="c.txt", figure_id="c-fig1", x_label="GFLOPs", x_unit="GFLOPs",
                            y_label="GLUE score")]
    points = [contract.record(contract.POINTS, source_file="c.txt", line_no=7, figure_id="c-fig1", label="Net-Base", x="30", y="80"),
              contract.record(contract.POINTS, source_file="c.txt", line_no=8, figure_id="c-fig1", label="Net-Small", x="6", y="75")]
    rows = cross_document_checks([doc("p.txt", table), doc("c.txt", points=points, axes=axes)], {})
    assert [(r["source_file"], r["line_no"], r["check"]) for r in rows] == [("c.txt", 7, "chart_vs_table")]


def test_annotation_against_its_papers_table():
    table = values("p.txt", "p-tab1", "P", [(3, "Teacher", {"Factor": "1x", "MNLI": "84.0"}),
                                             (4, "Student", {"Factor": "5.74x", "MNLI": "78.1"}),
                                             (5, "Tiny", {"Factor": "19.41x", "MNLI": "76.2"})], ["Factor", "MNLI"])

    def note(line, ratio, before, after):
        return contract.record(contract.ANNOTATIONS, source_file="p.txt", line_no=line, kind="compression", paper="P",
                               ratio=ratio, before=before, after=after, text=f"{ratio}: {before} => {after}")

    rows = cross_document_checks([doc("p.txt", table, annotations=[note(8, "1/6", "84", "78"), note(9, "1/20", "84", "70"),
                                                                   note(10, "1/100", "84", "60")])], {})
    got = [(r["line_no"], r["severity"], r["verdict"]) for r in rows if r["check"] == "annotation_vs_table"]
    assert got == [(8, "info", "supported"), (9, "warning", "contradicted"), (10, "info", "not testable")]


def _chart(source_file, figure_id, points):
    return {
        "source_file": source_file, "doc_id": source_file.split(".")[0], "shape": "chart",
        "axes": [{"figure_id": figure_id, "line_no": 2, "source_file": source_file}],
        "points": [{"figure_id": figure_id, "series": "", "label": label, "x": x, "y": y,
                    "source_file": source_file, "line_no": 10 + i} for i, (label, x, y) in enumerate(points)],
    }


def test_the_same_figure_in_two_documents_is_flagged_once():
    from paperfig.checks.cross import duplicate_figures

    pts = [("A", "1", "50"), ("B", "2", "60")]
    docs = [_chart("b.txt", "b-fig1", pts), _chart("a.txt", "a-fig1", pts), _chart("c.txt", "c-fig1", [("A", "1", "51")])]
    found = duplicate_figures(docs, {})
    assert [(f["source_file"], f["subject"], f["severity"]) for f in found] == [("b.txt", "b-fig1", "warning")]
    assert "a-fig1 of a.txt" in found[0]["message"]
