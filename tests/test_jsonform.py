"""Chart data written as JSON by a vision-language model (paperfig.charts.jsonform)."""

from paperfig.charts import jsonform
from paperfig.documents import document_from_text
from paperfig.parse import parse_document

DOC = """The data read from the figure:

```json
{
  "chart_type": "line",
  "title": "Recall vs. index size",
  "x_axis": {"label": "Index size (GB)", "ticks": [1, 2, 4]},
  "y_axis": {"label": "Recall@10"},
  "series": [
    {"name": "Flat", "color": "green",
     "points": [
        {"x": 1, "y": 0.91},
        {"x": 4, "y": 0.97}
     ]},
    {"name": "IVF",
     "points": [
        [1, 0.84],
        [4, 0.93]
     ]}
  ]
}
```
Both curves rise with the index size.
"""


def test_json_points_become_points_with_their_own_lines_and_raw_text():
    parsed = parse_document(document_from_text(DOC, "json_chart.md"), {})
    points = [(p["line_no"], p["x"], p["y"], p["series"]) for p in parsed["points"]]
    assert points == [(12, "1", "0.91", "Flat"), (13, "4", "0.97", "Flat"),
                      (17, "1", "0.84", "IVF"), (18, "4", "0.93", "IVF")]
    assert parsed["points"][0]["raw"] == DOC.splitlines()[11]  # the file's text, not the rewrite
    axes = parsed["axes"][0]
    assert axes["x_label"].startswith("Index size") and axes["y_label"].startswith("Recall@10")
    assert not [n for n in parsed["parse_notes"] if n["kind"] in ("unread_data_line", "nothing_read")]


def test_json_that_does_not_parse_or_holds_no_points_is_left_to_the_other_readers():
    broken = DOC.replace('"y": 0.91}', '"y": 0.91')
    assert jsonform.find(broken.splitlines()) == []
    config = '```json\n{"lr": 0.001, "epochs": 10, "layers": [2, 4]}\n```\n'
    assert jsonform.find(config.splitlines()) == []


def test_bar_values_as_label_value_objects():
    text = '{\n  "type": "bar",\n  "data": [\n    {"label": "A", "value": 45.2},\n    {"label": "B", "value": 50.1}\n  ]\n}\n'
    parsed = parse_document(document_from_text(text, "bars.txt"), {})
    assert [(p["line_no"], p["y"]) for p in parsed["points"]] == [(4, "45.2"), (5, "50.1")]


def test_axis_ticks_inside_json_are_no_unread_data_line():
    text = DOC.replace('"ticks": [1, 2, 4]},', '"scale": "log"},\n  "x_ticks": [1, 2, 4, 8, 16],')
    parsed = parse_document(document_from_text(text, "json_ticks.md"), {})
    assert len(parsed["points"]) == 4
    assert not [n for n in parsed["parse_notes"] if n["kind"] == "unread_data_line"]


def test_json_read_from_its_structure_minified_arrays_and_categories():
    minified = ('Output:\n{"chart_type":"scatter","x_axis":{"label":"Cost"},"y_axis":{"label":"MMLU"},'
                '"points":[{"label":"S","x":0.15,"y":58.7},{"label":"M","x":0.42,"y":66.3}]}\n')
    parsed = parse_document(document_from_text(minified, "minified.md"), {})
    assert [(p["line_no"], p["x"], p["y"], p["label"]) for p in parsed["points"]] == [
        (2, "0.15", "58.7", "S"), (2, "0.42", "66.3", "M")]
    assert parsed["axes"][0]["x_label"] == "Cost"
    arrays = ('```json\n{\n  "x_labels": ["MMLU", "GSM8K"],\n  "series": {\n    "Base": [61.2, 44.7],\n'
              '    "Ours": [63.0, 52.1]\n  }\n}\n```\n')
    parsed = parse_document(document_from_text(arrays, "arrays.md"), {})
    assert [(p["line_no"], p["y"], p["category"], p["series"]) for p in parsed["points"]] == [
        (5, "61.2", "MMLU", "Base"), (5, "44.7", "GSM8K", "Base"), (6, "63.0", "MMLU", "Ours"),
        (6, "52.1", "GSM8K", "Ours")]
    nested = '{\n  "2019": {"A": 6.2, "B": 9.8},\n  "2020": {"A": 7.0, "B": 10.5}\n}\n'
    parsed = parse_document(document_from_text(nested, "nested.txt"), {})
    assert [(p["line_no"], p["y"], p["category"]) for p in parsed["points"]] == [
        (2, "6.2", "2019"), (2, "9.8", "2019"), (3, "7.0", "2020"), (3, "10.5", "2020")]


def test_chart_specs_vega_lite_records_and_chartjs_configs():
    vega = ('```json\n{\n  "data": {"values": [\n    {"tokens": 10, "loss": 3.42, "tok": "BPE"},\n'
            '    {"tokens": 25, "loss": 3.18, "tok": "BPE"}\n  ]},\n  "mark": "line",\n'
            '  "encoding": {"x": {"field": "tokens"}, "y": {"field": "loss"}, "color": {"field": "tok"}}\n}\n```\n')
    parsed = parse_document(document_from_text(vega, "vega.md"), {})
    assert [(p["line_no"], p["x"], p["y"], p["series"]) for p in parsed["points"]] == [
        (4, "10", "3.42", "BPE"), (5, "25", "3.18", "BPE")]
    chartjs = ("```javascript\nconst config = {\n  type: 'bar',\n  data: {\n    labels: ['GSM8K', 'MATH'],\n"
               "    datasets: [\n      {\n        label: 'Base 7B',\n        backgroundColor: 'rgba(54, 162, 235, 0.7)',\n"
               "        data: [42.1, 14.8]\n      },\n    ]\n  },\n  options: { scales: { y: { max: 80 } } }\n};\n```\n")
    parsed = parse_document(document_from_text(chartjs, "chartjs.md"), {})
    assert [(p["line_no"], p["y"], p["category"], p["series"]) for p in parsed["points"]] == [
        (10, "42.1", "GSM8K", "Base 7B"), (10, "14.8", "MATH", "Base 7B")]


def test_pretty_printed_series_beside_an_axis_object_s_values():
    import json as _json

    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    data = {"chart_type": "line", "x_axis": {"label": "Shots", "values": [0, 1, 4]},
            "series": [{"name": "A", "values": [41.2, 44.9, 47.3]}, {"name": "B", "values": [43.5, 49.6, 53.4]}]}
    text = "```json\n" + _json.dumps(data, indent=2) + "\n```"
    parsed = parse_document(document_from_text(text, "q.md"))
    lines = text.split("\n")
    got = [(p["series"], p["x"], p["y"], lines[int(p["line_no"]) - 1].strip(), lines[int(p["x_line_no"]) - 1].strip())
           for p in parsed["points"]]
    assert got[:2] == [("A", "0", "41.2", "41.2,", "0,"), ("A", "1", "44.9", "44.9,", "1,")] and len(got) == 6


def test_geometry_and_bookkeeping_lists_are_never_points():
    import json as _json

    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    dump = {"block_type": "Page", "polygon": [[0.0, 0.0], [612.0, 0.0], [612.0, 792.0]],
            "metadata": {"page_stats": [{"block_counts": [["Span", 212], ["Line", 31], ["Table", 1]]}]}}
    parsed = parse_document(document_from_text(_json.dumps(dump, indent=2), "marker.json.txt"))
    assert parsed["points"] == []
