"""Figure checks and per-record plausibility on hand-written chart records."""

from paperfig import contract
from paperfig.checks import DEFAULT_SETTINGS, check_document, figures, records, summarize_checks

S = DEFAULT_SETTINGS


def point(line, label, x, y, series="", color="", group="", fig="c-fig1"):
    return contract.record(contract.POINTS, source_file="c.txt", line_no=line, figure_id=fig, series=series,
                           label=label, x=x, y=y, color=color, group=group)


def chart(points, x=("1", "32"), y=("40", "65"), x_label="Parameter size", x_unit="billion", legend=(), mentions=()):
    doc = contract.empty_parsed("c.txt", "c", "chart")
    doc["axes"] = [contract.record(contract.AXES, source_file="c.txt", figure_id="c-fig1", x_label=x_label,
                                   y_label="Benchmark score", x_unit=x_unit, x_min=x[0], x_max=x[1],
                                   y_min=y[0], y_max=y[1], x_scale="linear", y_scale="linear")]
    doc["points"] = list(points)
    doc["legend"] = [contract.record(contract.LEGEND, source_file="c.txt", line_no=20 + i, figure_id="c-fig1",
                                     order=i + 1, entry=e, color=c, kind=k) for i, (e, c, k) in enumerate(legend)]
    doc["mentions"] = [contract.record(contract.MENTIONS, source_file="c.txt", line_no=30, figure_id="c-fig1", name=m)
                       for m in mentions]
    return doc


def checks_of(rows, name):
    return [r for r in rows if r["check"] == name]


def test_clean_chart_is_silent():
    doc = chart([point(3, "Alpha-2B", "2", "50"), point(4, "Beta-7B", "7", "60")], mentions=["Alpha-2B", "Beta-7B"])
    assert check_document(doc, [], {})["checks"] == []


def test_point_outside_range_warns_and_pinned_point_is_info():
    doc = chart([point(3, "Alpha", "2", "50"), point(4, "Beta", "40", "50"), point(5, "Gamma", "32", "30"),
                 point(6, "Delta", "33", "50")])
    rows = figures.check_axis_ranges(doc, S)
    outside = checks_of(rows, "axis_range")
    assert {(r["line_no"], r["severity"]) for r in outside} == {(4, "warning"), (5, "warning")}
    pinned = checks_of(rows, "axis_pinned")
    assert [(r["line_no"], r["severity"], r["observed"]) for r in pinned] == [(5, "info", "32")]
    # 33 lies within the 5% tolerance of an "approximately 32" maximum: neither outside nor pinned
    assert not [r for r in rows if r["line_no"] == 6]


def test_name_size_against_a_pinned_x():
    doc = chart([point(3, "Big-40B", "32", "50"), point(4, "Small-1.8B", "2", "50")])
    rows = checks_of(figures.check_axis_ranges(doc, S), "name_size")
    assert len(rows) == 1 and rows[0]["line_no"] == 3 and rows[0]["severity"] == "info"
    assert "40" in rows[0]["message"] and rows[0]["observed"] == "32"
    # not pinned: a warning
    doc = chart([point(3, "Big-40B", "20", "50")])
    assert checks_of(figures.check_axis_ranges(doc, S), "name_size")[0]["severity"] == "warning"


def test_legend_entries_and_point_series_must_agree():
    legend = [("A*", "Orange", "series"), ("A", "Red", "series"), ("Unused", "Blue", "series")]
    doc = chart([point(3, "", "2", "50", series="A*", color="Orange"), point(4, "", "4", "50", series="A", color="Red"),
                 point(5, "", "6", "50", series="Stray", color="Pink"), point(6, "", "8", "50", series="A", color="Green")],
                legend=legend)
    rows = figures.check_legend(doc, S)
    messages = " | ".join(r["message"] for r in rows)
    assert "'Unused' is used by no point" in messages
    assert "'Stray' is not in the legend" in messages
    assert "drawn Green" in messages
    assert len(rows) == 3  # "A*" and "A" are told apart


def test_date_legend_unused_entry_is_info():
    legend = [("2020-01", "Yellow", "date"), ("2019-01", "Blue", "date")]
    doc = chart([point(3, "M", "2", "50", color="Yellow", group="2020-01")], legend=legend)
    rows = figures.check_legend(doc, S)
    assert [(r["severity"], r["line_no"]) for r in rows] == [("info", 21)]


def test_mentions_and_points_agree_loosely():
    doc = chart([point(3, "Memory³-2B", "2", "50"), point(4, "BERT Large", "4", "50")],
                mentions=["Memory³-2B", "BERT-Large"])
    assert figures.check_mentions(doc, S) == []
    doc = chart([point(3, "One", "2", "50"), point(4, "Two", "4", "50")], mentions=["One", "Three"])
    rows = figures.check_mentions(doc, S)
    assert {r["message"].split("'")[1] for r in rows} == {"Three", "Two"}


def test_duplicates_and_a_model_listed_twice():
    doc = chart([point(3, "One", "2", "50"), point(4, "One", "2", "50"), point(5, "Two", "4", "50"),
                 point(6, "Two", "8", "55")])
    rows = figures.check_duplicates(doc, S)
    assert {r["line_no"] for r in rows} == {4, 6}
    assert "different coordinates" in next(r for r in rows if r["line_no"] == 6)["message"]


def test_record_plausibility():
    doc = chart([point(3, "One", "2", "150"), point(4, "Two", "abc", "50")], x_label="Size", x_unit="MB", y=("0", "200"))
    rows = records.check_points(doc, S)
    assert {(r["line_no"], r["severity"]) for r in rows} == {(3, "warning"), (4, "error")}


def test_summarize_checks_counts_and_lists_errors():
    rows = [
        {"check": "a", "severity": "error", "source_file": "f.txt", "line_no": 3, "message": "bad", "expected": "1", "observed": "2", "corrected": False},
        {"check": "b", "severity": "warning", "source_file": "f.txt", "line_no": 4, "message": "hmm", "expected": "", "observed": "", "corrected": False},
        {"check": "b", "severity": "info", "source_file": "f.txt", "line_no": 5, "message": "ok", "expected": "", "observed": "", "corrected": "true"},
    ]
    text = summarize_checks(rows)
    assert "1 error(s), 1 warning(s), 1 info" in text and "1 resolved by corrections" in text
    assert "f.txt:3: [a] bad (expected 1, observed 2)" in text


def test_ticks_are_not_a_range_for_the_outside_range_warning():
    from paperfig.charts import parse_chart_document
    from paperfig.documents import document_from_text

    text = ("## Scatter Plot: T\n* **X-axis:** Size, ticks at 0, 10, 20\n* **Y-axis:** Score, ranging from 0 to 50\n"
            "* A: (35, 20)\n* B: (5, 70)\n")
    doc = parse_chart_document(document_from_text(text, "c.txt"))
    assert doc["axes"][0]["x_ticks"] == "0; 10; 20" and doc["axes"][0]["x_min"] == ""
    rows = checks_of(figures.check_axis_ranges(doc, S), "axis_range")
    # x = 35 lies beyond the last tick: no warning; y = 70 lies outside the stated 0-50: a warning
    assert [(r["line_no"], r["observed"]) for r in rows] == [(5, "70")]
    assert "stated y range" in rows[0]["message"]


def bar(line, category, y, series=""):
    return contract.record(contract.POINTS, source_file="c.txt", line_no=line, figure_id="c-fig1", series=series,
                           label="", x="", y=y, category=category)


def test_bars_are_checked_on_their_value_only():
    doc = chart([bar(3, "ARC", "50", "Ours"), bar(3, "ARC", "50", "Base"), bar(4, "BoolQ", "50", "Ours"),
                 bar(5, "RTE", "90", "Ours")], x=("1", "32"), y=("0", "80"))
    doc["axes"][0].update(chart_type="bar", x_scale="category")
    rows = check_document(doc, [], {})["checks"]
    # only RTE's 90 is outside 0-80; no "no x coordinate", no duplicate for equal values in other categories
    assert [(r["check"], r["line_no"]) for r in rows] == [("axis_range", 5)]
    assert rows[0]["message"].startswith("RTE / Ours: y = 90")
    doc["points"].append(bar(6, "ARC", "50", "Ours"))
    dups = figures.check_duplicates(doc, S)
    assert [r["line_no"] for r in dups] == [6]
