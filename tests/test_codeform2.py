"""More chart data written as code: mermaid xychart, LaTeX pgfplots, Observable Plot cells
(paperfig.charts.codeform, read through paperfig.charts.jsonform.read_all)."""

from paperfig.charts import codeform
from paperfig.documents import document_from_text
from paperfig.parse import parse_document


def _parse(text: str) -> dict:
    return parse_document(document_from_text(text, "code2.md"), aliases={})


def _points(parsed: dict) -> list[tuple]:
    return [(int(p["line_no"]), p["x"], p["y"], p["series"], p["category"]) for p in parsed["points"]]


def _found(text: str) -> list[tuple]:
    return [(p["line_no"], p["x"], p["y"], p["series"], p["category"])
            for chart in codeform.find(text.splitlines()) for p in chart.points]


# --- mermaid xychart ----------------------------------------------------------------------------

MERMAID_MIXED = """# Speed

```mermaid
xychart-beta
    title "Speed, 3 runs"
    x-axis "threads" [1, 2, 8]
    y-axis "ops / s" 0 --> 500
    bar [10, 25, 70]
    line [12, 30, 95]
```

After the chart.
"""


def test_mermaid_bar_and_line_over_numeric_x_are_points_with_the_x_line():
    parsed = _parse(MERMAID_MIXED)
    assert _points(parsed) == [
        (8, "1", "10", "bar", ""), (8, "2", "25", "bar", ""), (8, "8", "70", "bar", ""),
        (9, "1", "12", "line", ""), (9, "2", "30", "line", ""), (9, "8", "95", "line", "")]
    assert {p["x_line_no"] for p in parsed["points"]} == {6}
    axes = parsed["axes"][0]
    assert (axes["title"], axes["x_label"], axes["y_label"]) == ("Speed, 3 runs", "threads", "ops / s")
    assert parsed["coverage"]["n_numbers_unread"] == 0  # the range 0 --> 500 is no point, but counted


def test_mermaid_bar_only_over_numeric_x_is_bars_with_the_x_as_category():
    text = "```mermaid\nxychart-beta\n  x-axis [4, 16]\n  y-axis 0 --> 1\n  bar [0.25, 0.5]\n```\n"
    assert _found(text) == [(5, "", "0.25", "bar", "4"), (5, "", "0.5", "bar", "16")]


def test_bare_mermaid_with_categories_named_series_and_a_list_over_lines():
    text = ('Slide\n\nxychart-beta horizontal\n  x-axis [alpha, "beta gamma"]\n'
            '  bar "Ours" [1.5,\n     2.5]\n  line [3, 4]\n\nline 7 of the notes says 9 and 10 [5, 6]\n')
    assert _found(text) == [(5, "", "1.5", "Ours", "alpha"), (6, "", "2.5", "Ours", "beta gamma"),
                            (7, "", "3", "line", "alpha"), (7, "", "4", "line", "beta gamma")]
    assert codeform.find(text.splitlines())[0].last == 7  # the blank line ends a bare chart


def test_mermaid_without_an_x_list_or_with_a_short_series_gives_no_point():
    no_x = "```mermaid\nxychart-beta\n  x-axis 0 --> 10\n  line [1, 2, 3]\n```\n"
    assert codeform.find(no_x.splitlines()) == []
    short = "```mermaid\nxychart-beta\n  x-axis [1, 2, 3]\n  line [5, 6]\n  line [7, 8, 9]\n```\n"
    assert [p[2] for p in _found(short)] == ["7", "8", "9"]
    assert {p[3] for p in _found(short)} == {"line 2"}  # the second line series keeps its own name


# --- pgfplots -----------------------------------------------------------------------------------

PGF = r"""## Decay

\begin{tikzpicture}
\begin{axis}[width=7cm, height=4cm, xlabel={shift (a.u.)}, ylabel={score}, ymin=0.25, ymax=0.75,
  title={Decay over 3 shifts}]
% \addplot coordinates {(9,9) (9,9)};
\addplot[blue, mark=*] coordinates {(1,0.61) (3,0.52) (5,0.44)};
\addlegendentry{Base model}
\addplot+[red] coordinates {
  (1, 0.65) +- (0, 0.02)
  (3, 0.6)
};
\addlegendentry{Wide model}
\end{axis}
\end{tikzpicture}
"""


def test_pgfplots_coordinates_named_by_the_legend_entry_after_each_plot():
    parsed = _parse(PGF)
    assert _points(parsed) == [
        (7, "1", "0.61", "Base model", ""), (7, "3", "0.52", "Base model", ""), (7, "5", "0.44", "Base model", ""),
        (10, "1", "0.65", "Wide model", ""), (11, "3", "0.6", "Wide model", "")]
    axes = parsed["axes"][0]
    assert (axes["chart_type"], axes["x_label"], axes["y_label"]) == ("line", "shift (a.u.)", "score")
    assert axes["title"] == "Decay over 3 shifts"
    assert parsed["table_summary"] == []  # the axis options are no table
    assert not any(int(p["line_no"]) == 6 for p in parsed["points"])  # a commented-out plot
    assert parsed["coverage"]["n_numbers_unread"] == 2  # the error bar +- (0, 0.02): left out, not silently


def test_pgfplots_inline_table_with_a_header_picks_the_named_columns():
    text = ("\\begin{semilogxaxis}[legend entries={small, large}]\n"
            "\\addplot table[x=n, y=err] {n other err \\\\ 10 7 0.5 \\\\ 100 8 0.25 \\\\};\n"
            "\\addplot table {\n1 2\n3 4\n};\n"
            "\\addplot table {results.dat};\n"
            "\\end{semilogxaxis}\n")
    assert _found(text) == [(2, "10", "0.5", "small", ""), (2, "100", "0.25", "small", ""),
                            (4, "1", "2", "large", ""), (5, "3", "4", "large", "")]


def test_pgfplots_bars_symbolic_and_horizontal_give_categories():
    ybar = ("\\begin{axis}[ybar, symbolic x coords={A,B}]\n"
            "\\addplot coordinates {(A,3.5) (B,4.5)};\n\\legend{run 1}\n\\end{axis}\n")
    assert _found(ybar) == [(2, "", "3.5", "run 1", "A"), (2, "", "4.5", "run 1", "B")]
    xbar = "\\begin{axis}[xbar]\n\\addplot coordinates {(7.5,P) (8.5,Q)};\n\\end{axis}\n"
    assert _found(xbar) == [(2, "", "7.5", "", "P"), (2, "", "8.5", "", "Q")]


def test_pgfplots_expression_plots_and_unclosed_axes_give_nothing():
    text = "\\begin{axis}[domain=0:4]\n\\addplot {x^2};\n\\addplot coordinates {(1,2)};\n\\end{axis}\n"
    assert codeform.find(text.splitlines()) == []  # one point only
    assert codeform.find(["\\begin{axis}", "\\addplot coordinates {(1,2) (3,4)};"]) == []


# --- Observable Plot ----------------------------------------------------------------------------

OJS = """## Curves

```{ojs}
//| echo: false
rows = [
  {group: "a", t: 1, v: 2.5, w: 9},
  {group: "a", t: 2, v: 2.0, w: 9},
  {group: "b", t: 1, v: 3.5, w: 8},
  {group: "b", t: 2, v: 3.0, w: 8}
]
Plot.plot({
  y: {domain: [0, 5], label: "error"},
  marks: [Plot.lineY(rows, {x: "t", y: "v", stroke: "group"})]
})
```
"""


def test_ojs_records_read_through_the_plot_mark_channels():
    parsed = _parse(OJS)
    assert _points(parsed) == [(6, "1", "2.5", "a", ""), (7, "2", "2.0", "a", ""),
                               (8, "1", "3.5", "b", ""), (9, "2", "3.0", "b", "")]
    axes = parsed["axes"][0]
    assert (axes["chart_type"], axes["y_label"]) == ("line", "error")
    assert not any(int(p["line_no"]) == 12 for p in parsed["points"])  # the domain is no point


def test_ojs_records_without_a_mark_take_the_string_field_as_series():
    text = ('```{ojs}\nd = [\n  {n: 1, acc: 0.5, model: "m1"},\n  {n: 2, acc: 0.75, model: "m1"},\n'
            '  {n: 1, acc: 0.25, model: "m2"}\n]\n```\n')
    assert _found(text) == [(3, "1", "0.5", "m1", ""), (4, "2", "0.75", "m1", ""), (5, "1", "0.25", "m2", "")]
