"""Chart data written as code: Plotly/Matplotlib calls, JS records, component props, YAML
(paperfig.charts.codeform, read through paperfig.charts.jsonform.read_all)."""

import pytest

from paperfig.charts import codeform
from paperfig.documents import document_from_text
from paperfig.parse import parse_document


def _parse(text: str) -> dict:
    return parse_document(document_from_text(text, "code.md"), aliases={})


def _points(parsed: dict) -> list[tuple]:
    return [(int(p["line_no"]), p["x"], p["y"], p["series"], p["category"]) for p in parsed["points"]]


PLOTLY = """Rebuilt chart:

```python
import plotly.graph_objects as go
tasks = ["Alpha", "Beta", "Gamma"]
fig = go.Figure()
fig.add_trace(go.Bar(
    name="Base-1B",
    x=tasks,
    y=[12.5, 30.0, 7.25],
))
fig.add_trace(go.Bar(name="Tuned", x=tasks, y=[14.5, 33.5, 9.0]))
fig.update_layout(title="Scores", yaxis=dict(title="Score", range=[0, 40], dtick=10), width=600)
```
"""


def test_plotly_bar_traces_with_an_x_variable_are_bars_on_their_y_lines():
    parsed = _parse(PLOTLY)
    assert _points(parsed) == [
        (10, "", "12.5", "Base-1B", "Alpha"), (10, "", "30.0", "Base-1B", "Beta"),
        (10, "", "7.25", "Base-1B", "Gamma"),
        (12, "", "14.5", "Tuned", "Alpha"), (12, "", "33.5", "Tuned", "Beta"), (12, "", "9.0", "Tuned", "Gamma")]
    axes = parsed["axes"][0]
    assert (axes["chart_type"], axes["title"], axes["y_label"]) == ("bar", "Scores", "Score")
    assert parsed["points"][0]["raw"] == "    y=[12.5, 30.0, 7.25],"
    assert parsed["table_summary"] == []  # range, dtick and width are no table either


def test_plotly_scatter_with_x_and_y_on_one_line_and_a_horizontal_bar():
    text = ('```python\nfig.add_trace(go.Scatter(x=[1, 2, 4], y=[0.5, -0.25, 0.75], name="run A"))\n'
            'fig.add_trace(go.Bar(y=["p", "q"], x=[3.5, 4.5], orientation="h"))\n```\n')
    charts = codeform.find(text.splitlines())
    pts = [(p["line_no"], p["x"], p["y"], p["series"], p["category"]) for p in charts[0].points]
    assert pts[:3] == [(2, "1", "0.5", "run A", ""), (2, "2", "-0.25", "run A", ""), (2, "4", "0.75", "run A", "")]
    assert pts[3:] == [(3, "", "3.5", "", "p"), (3, "", "4.5", "", "q")]


RECHARTS = """```jsx
const rows = [
  { step: 100, alpha: 0.9, beta: 1.25 },
  { step: 200, alpha: 0.7, beta: 1.05 },
  { step: 400, alpha: 0.5, beta: 0.95 },
];
export default () => (
  <LineChart data={rows} margin={{ top: 5, left: 20 }}>
    <YAxis domain={[0, 2]} ticks={[0, 0.5, 1, 1.5, 2]} />
    <Line dataKey="alpha" name="Model A" strokeWidth={2} />
  </LineChart>
);
```
"""


def test_js_records_first_key_is_x_every_other_numeric_key_a_series():
    parsed = _parse(RECHARTS)
    assert sorted(_points(parsed)) == sorted([
        (3, "100", "0.9", "Model A", ""), (3, "100", "1.25", "beta", ""),
        (4, "200", "0.7", "Model A", ""), (4, "200", "1.05", "beta", ""),
        (5, "400", "0.5", "Model A", ""), (5, "400", "0.95", "beta", "")])
    assert parsed["axes"][0]["chart_type"] == "line"
    assert not any(int(p["line_no"]) in (9, 10, 11) for p in parsed["points"])  # domain, ticks, margins


def test_js_records_with_a_string_first_key_are_bars_a_series_per_key():
    text = ("```js\nconst d = [\n  { task: 'Q1', old: 3.5, new: 4.5, big: 6.5 },\n"
            "  { task: 'Q2', old: 2.5, new: 5.0, big: 7.5 },\n];\n```\n")
    charts = codeform.find(text.splitlines())
    pts = [(p["line_no"], p["y"], p["series"], p["category"]) for p in charts[0].points]
    assert pts == [(3, "3.5", "old", "Q1"), (3, "4.5", "new", "Q1"), (3, "6.5", "big", "Q1"),
                   (4, "2.5", "old", "Q2"), (4, "5.0", "new", "Q2"), (4, "7.5", "big", "Q2")]
    assert all(p["x"] == "" for p in charts[0].points)


SLIDES = """# Hit rate

<BarChart
  :labels="['cold', 'warm', 'hot']"
  :values="[0.25, 0.5, 0.75]"
  y-label="hit rate"
  :height="240"
/>

---

# Latency

<LineChart
  :x="[1, 2, 4]"
  :series="[
    { name: 'fast', data: [10, 12, 15] },
    { name: 'slow', data: [20, 26, 31] },
  ]"
/>
"""


def test_vue_component_props_labels_and_values_are_bars():
    parsed = _parse(SLIDES)
    bars = [(ln, y, c) for ln, _x, y, _s, c in _points(parsed) if c]
    assert bars == [(5, "0.25", "cold"), (5, "0.5", "warm"), (5, "0.75", "hot")]
    assert [a["chart_type"] for a in parsed["axes"]] == ["bar", "line"]
    assert parsed["axes"][0]["y_label"] == "hit rate"


def test_a_shared_x_list_on_another_line_gives_every_point_its_x_line():
    parsed = _parse(SLIDES)
    fast = [p for p in parsed["points"] if p["series"] == "fast"]
    assert [(p["line_no"], p["x"], p["y"], p["x_line_no"]) for p in fast] == [
        (17, "1", "10", 15), (17, "2", "12", 15), (17, "4", "15", 15)]
    assert parsed["coverage"]["n_numbers_unread"] == 0  # each x counted on its own line


YAML = """```yaml
title: "Speed by batch"
x_axis:
  label: "Batch"
  ticks: [1, 2, 4]
y_axis:
  range: [0, 9]
series:
  - name: "engine A"
    points:
      1: 0.5
      2: 0.9
      4: 1.7
  - name: "engine B"
    points: {1: 0.4, 2: 0.6}
annotations:
  - text: "limit"
    at: 4
```
"""


def test_yaml_mappings_keyed_by_x_block_and_flow_form():
    parsed = _parse(YAML)
    assert _points(parsed) == [
        (11, "1", "0.5", "engine A", ""), (12, "2", "0.9", "engine A", ""), (13, "4", "1.7", "engine A", ""),
        (15, "1", "0.4", "engine B", ""), (15, "2", "0.6", "engine B", "")]
    assert parsed["axes"][0]["title"] == "Speed by batch"
    assert parsed["axes"][0]["x_label"] == "Batch"


def test_yaml_mapping_keyed_by_x_is_named_by_its_key_and_xy_records_read():
    text = "```yml\nthroughput:\n  gpu-a: {8: 1.5, 16: 2.5}\n  gpu-b: {8: 1.0, 16: 2.0}\n```\n"
    pts = [(p["line_no"], p["x"], p["y"], p["series"]) for p in codeform.find(text.splitlines())[0].points]
    assert pts == [(3, "8", "1.5", "gpu-a"), (3, "16", "2.5", "gpu-a"), (4, "8", "1.0", "gpu-b"),
                   (4, "16", "2.0", "gpu-b")]
    text = "```yaml\ndata:\n  - {x: 0.5, y: 3.5}\n  - {x: 1.5, y: 4.5}\n```\n"
    pts = [(p["line_no"], p["x"], p["y"]) for p in codeform.find(text.splitlines())[0].points]
    assert pts == [(3, "0.5", "3.5"), (4, "1.5", "4.5")]


def test_matplotlib_calls_with_literal_lists():
    text = ("```python\nimport matplotlib.pyplot as plt\n"
            "plt.plot([1, 10, 100], [9.5, 7.0, 6.5], marker='o', label='wer')\n"
            "plt.ylim(0, 12)\nplt.xlabel('Hours')\n```\n")
    parsed = _parse(text)
    assert _points(parsed) == [(3, "1", "9.5", "wer", ""), (3, "10", "7.0", "wer", ""), (3, "100", "6.5", "wer", "")]
    assert parsed["axes"][0]["x_label"] == "Hours"


@pytest.mark.parametrize("code", [
    "```python\nfor i in range(10):\n    print(i * 2, [1, 2, 3])\n```\n",
    "```js\nconst sizes = [1, 2, 3];\nconst margin = { top: 10, bottom: 20 };\n```\n",
    "```yaml\nlayout:\n  width: 800\n  height: 450\nticks: [0, 20, 40]\n```\n",
    "<Chart :x=\"[1, 2, 3]\" :ticks=\"[0, 5, 10]\" :height=\"300\" />\n",
])
def test_code_without_chart_data_gives_no_points(code):
    assert codeform.find(code.splitlines()) == []


def test_literal_parser_keeps_printed_text_and_lines_and_skips_expressions():
    toks = codeform._tokens("v = [-1.50, 2e-3,\n  x + 1, 1_000]", 7)
    names, _calls = codeform._assignments(toks)
    values = names["v"]
    assert [(e.text, e.line_no) for e in values if hasattr(e, "text")] == [("-1.50", 7), ("2e-3", 7), ("1000", 8)]
    assert codeform._UNDEFINED in values  # "x + 1" is no literal


def test_a_column_dict_handed_to_a_dataframe_is_read_with_its_first_column_as_x():
    text = ('```python\nimport pandas as pd\ndata = {\n    "steps_k": [1, 2, 4],\n    "adam": [3.1, 2.7, 2.4],\n'
            '    "lion": [3.0, 2.6, 2.5],\n}\ndf = pd.DataFrame(data)\nax.plot(df["steps_k"], df["adam"])\n```\n')
    parsed = _parse(text)
    got = [(p["line_no"], p["x"], p["y"], p["series"], p["x_line_no"]) for p in parsed["points"]]
    assert got[:2] == [(5, "1", "3.1", "adam", 4), (5, "2", "2.7", "adam", 4)] and len(got) == 6
    # columns whose first is not ascending have no x: nothing is invented
    assert not codeform.find(text.replace("[1, 2, 4]", "[4, 2, 1]").splitlines())


def test_a_list_of_tuples_gives_labelled_points_and_code_arguments_stay_out():
    text = ('```python\ndata = [\n    ("Pico-0.5B", 0.5, 12.4),\n    ("Lumen-7B", 7, 31.2),\n'
            '    ("Giant-180B", 180, 49.6),  # below the trend\n]\nfig, ax = plt.subplots(figsize=(6, 4))\n'
            'for name, params, score in data:\n    ax.scatter(params, score)\nax.set_xlim(0.3, 300)\n```\n')
    parsed = _parse(text)
    assert [(p["line_no"], p["label"], p["x"], p["y"]) for p in parsed["points"]] == [
        (3, "Pico-0.5B", "0.5", "12.4"), (4, "Lumen-7B", "7", "31.2"), (5, "Giant-180B", "180", "49.6")]
