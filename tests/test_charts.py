"""Chart-description parser: point styles, axes, legend, arrows, mentions, claims, errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from paperfig import contract
from paperfig.charts import is_colour, parse_chart_document
from paperfig.documents import document_from_text, read_document
from paperfig.errors import DocumentError

RAW = Path(__file__).resolve().parents[1] / "data" / "raw"


def parse(text: str, name: str = "t.txt") -> dict:
    return parse_chart_document(document_from_text(text, name))


SERIES_DOC = """## Scatter Plot: Accuracy vs. Latency
### Components/Axes
* **X-axis:** Latency (ms), ranging from approximately 5 ms to 400 ms.
* **Y-axis:** Top-1 accuracy (%), ranging from 60 to 80.
* **Legend:** Located in the top-left corner, with the following entries:
* Alpha-Net (Dark Blue)
* Beta v2 (Light Orange)
### Detailed Analysis
* **Alpha-Net (Dark Blue):** This series shows a steady upward trend.
* At approximately 5 ms, the accuracy is around 61.5 (labeled "S (4-bit)").
* At approximately 50 ms, the accuracy is around 74.0.
* **Beta v2 (Light Orange):** This series is flat.
* At approximately 400 ms, the accuracy is around 79.25 (labeled "XL").
"""

NAMED_DOC = """
## Scatter Plot: Score vs. Energy
### Components/Axes
* **X-axis:** Energy (ranging from approximately 0.5 to 3).
* **Y-axis:** Score (ranging from approximately 10 to 30).
* **Legend:** Located on the right side, color-coded by year:
* 2023 (Pale Yellow)
* 2021 (Blue-Green)
* **Models Labeled:** Orca-Mini, Kestrel 2, Wren.
### Detailed Analysis
* **Orca-Mini:** Approximately (0.5 kWh, 12 Score) - Blue-Green (2021)
* **Kestrel 2:** Approximately (1.5 kWh, 25 Score) - Pale Yellow (2023)
* **Wren:** Located at approximately (3, 28).
### Key Observations
* **Wren Leads:** Wren has the highest score.
* Kestrel 2 is more efficient than Orca-Mini.
### Interpretation
Energy matters. Kestrel 2 shows better results than older models. Nothing else is claimed here.
"""


def test_series_style_points():
    parsed = parse(SERIES_DOC)
    pts = parsed["points"]
    assert [(p["series"], p["x"], p["y"], p["label"], p["color"]) for p in pts] == [
        ("Alpha-Net", "5", "61.5", "S (4-bit)", "Dark Blue"),
        ("Alpha-Net", "50", "74.0", "", "Dark Blue"),
        ("Beta v2", "400", "79.25", "XL", "Light Orange"),
    ]
    assert all(p["group"] == p["series"] for p in pts)
    assert [p["line_no"] for p in pts] == [10, 11, 13]
    assert pts[0]["raw"] == SERIES_DOC.splitlines()[9]
    assert pts[0]["x_unit"] == "ms" and pts[0]["y_unit"] == "%"
    assert list(pts[0])[: len(contract.POINTS)] == list(contract.POINTS)


def test_named_styles_with_colour_group_and_plain():
    parsed = parse(NAMED_DOC)
    pts = {p["label"]: p for p in parsed["points"]}
    assert pts["Orca-Mini"]["x"] == "0.5" and pts["Orca-Mini"]["y"] == "12"
    assert pts["Orca-Mini"]["color"] == "Blue-Green" and pts["Orca-Mini"]["group"] == "2021"
    assert pts["Kestrel 2"]["color"] == "Pale Yellow" and pts["Kestrel 2"]["group"] == "2023"
    assert (pts["Wren"]["x"], pts["Wren"]["y"], pts["Wren"]["color"], pts["Wren"]["group"]) == ("3", "28", "", "")
    assert all(p["series"] == "" for p in parsed["points"])
    assert pts["Wren"]["line_no"] == 13


def test_axes_ranges_units_scales():
    ax = parse(SERIES_DOC)["axes"][0]
    assert (ax["x_label"], ax["x_unit"], ax["x_min"], ax["x_max"]) == ("Latency", "ms", "5", "400")
    assert (ax["y_label"], ax["y_unit"], ax["y_min"], ax["y_max"]) == ("Top-1 accuracy", "%", "60", "80")
    assert ax["x_scale"] == "log" and "80x" in ax["x_scale_reason"]
    assert ax["y_scale"] == "linear" and ax["y_scale_reason"].startswith("linear:")
    assert ax["chart_type"] == "scatter" and ax["title"] == ""
    assert ax["heading"] == "Scatter Plot: Accuracy vs. Latency" and ax["line_no"] == 1
    assert ax["figure_id"] == contract.figure_id("t", 1)

    named = parse(NAMED_DOC)["axes"][0]
    # no unit in the label: taken from the unit printed with the point values
    assert (named["x_label"], named["x_unit"], named["x_min"], named["x_max"]) == ("Energy", "kWh", "0.5", "3")
    assert named["x_scale"] == "linear"  # 6x < 10x
    assert named["line_no"] == 2


def test_scale_words_win_and_points_used_without_range():
    text = """## Scatter Plot: A vs B
* **X-axis:** Tokens, on a logarithmic scale.
* **Y-axis:** Loss (nats), linear scale from 1 to 100.
* **A (Red):** rising.
* At 1 tokens, the loss is 2.
* At 10 tokens, the loss is 3.
"""
    ax = parse(text)["axes"][0]
    assert ax["x_scale"] == "log" and "logarithmic" in ax["x_scale_reason"]
    assert ax["y_scale"] == "linear" and ax["x_min"] == ""
    text2 = text.replace(", on a logarithmic scale", "").replace("linear scale from 1 to 100", "no range")
    ax2 = parse(text2)["axes"][0]
    assert ax2["x_scale"] == "log" and "points span" in ax2["x_scale_reason"]


def test_legend_series_and_date():
    leg = parse(SERIES_DOC)["legend"]
    assert [(e["order"], e["entry"], e["color"], e["kind"]) for e in leg] == [
        (1, "Alpha-Net", "Dark Blue", "series"), (2, "Beta v2", "Light Orange", "series")]
    ax = parse(SERIES_DOC)["axes"][0]
    assert ax["legend_position"] == "upper left" and ax["legend_kind"] == "series" and ax["n_legend_entries"] == 2
    parsed = parse(NAMED_DOC)
    assert [(e["entry"], e["kind"]) for e in parsed["legend"]] == [("2023", "date"), ("2021", "date")]
    assert parsed["axes"][0]["legend_position"] == "center right"
    assert parsed["axes"][0]["legend_kind"] == "date"


@pytest.mark.parametrize("phrase,loc", [
    ("Located in the bottom-center of the plot", "lower center"),
    ("Located in the bottom-right corner", "lower right"),
    ("Top left", "upper left"),
    ("On the right", "center right"),
    ("Shown below the title", "best"),
])
def test_legend_positions(phrase, loc):
    text = SERIES_DOC.replace("Located in the top-left corner", phrase)
    assert parse(text)["axes"][0]["legend_position"] == loc


def test_colour_words():
    for word in ("Orange", "Dark Purple", "Light Green", "Blue-Green", "Teal", "pale yellow", "Navy Blue"):
        assert is_colour(word), word
    for word in ("TWN", "1-bit", "large", "labeled L=6", "2020-07"):
        assert not is_colour(word), word
    text = SERIES_DOC.replace("Alpha-Net (Dark Blue)", "Net(TWN) (Purple)")
    pts = parse(text)["points"]
    assert pts[0]["series"] == "Net(TWN)" and pts[0]["color"] == "Purple"


def test_arrows():
    text = SERIES_DOC.replace(
        "### Detailed Analysis",
        '* **Annotations:** A vertical arrow labeled "Faster" (pointing up) and one labeled "Cheaper" '
        "(pointing left).\n### Detailed Analysis")
    arrows = parse(text)["arrows"]
    assert [(a["text"], a["direction"], a["orientation"]) for a in arrows] == [
        ("Faster", "up", "vertical"), ("Cheaper", "left", "horizontal")]
    assert arrows[0]["line_no"] == 8


def test_mentions_inline_and_list():
    parsed = parse(NAMED_DOC)
    assert [m["name"] for m in parsed["mentions"]] == ["Orca-Mini", "Kestrel 2", "Wren"]
    assert {m["line_no"] for m in parsed["mentions"]} == {9}
    listed = NAMED_DOC.replace("* **Models Labeled:** Orca-Mini, Kestrel 2, Wren.",
                               "* **Models:** The following models are represented:\n* Orca-Mini\n* Wren³")
    ms = parse(listed)["mentions"]
    assert [(m["name"], m["line_no"]) for m in ms] == [("Orca-Mini", 10), ("Wren³", 11)]


def test_claims():
    claims = parse(SERIES_DOC)["claims"]
    assert [(c["subject"], c["text"], c["line_no"]) for c in claims] == [
        ("Alpha-Net", "This series shows a steady upward trend.", 9),
        ("Beta v2", "This series is flat.", 12)]
    assert claims[0]["section"] == "Detailed Analysis"
    named = parse(NAMED_DOC)["claims"]
    by_text = {c["text"]: c for c in named}
    assert by_text["Wren has the highest score."]["subject"] == "Wren Leads"
    assert by_text["Kestrel 2 is more efficient than Orca-Mini."]["section"] == "Key Observations"
    assert by_text["Kestrel 2 is more efficient than Orca-Mini."]["subject"] == "Kestrel 2"
    # Interpretation: only the sentence naming a plotted model
    interp = [c for c in named if c["section"] == "Interpretation"]
    assert [c["text"] for c in interp] == ["Kestrel 2 shows better results than older models."]


def test_no_points_is_a_document_error():
    text = "## Scatter Plot: Empty\n* **X-axis:** A\n* **Y-axis:** B\n### Key Observations\n* Nothing here.\n"
    with pytest.raises(DocumentError) as err:
        parse(text, "empty.txt")
    assert err.value.source_file == "empty.txt" and err.value.line_no == 1
    assert "no data points" in err.value.message and "Located at" in err.value.message


def test_seed_chart_descriptions():
    docs = {p.name[:3]: parse_chart_document(read_document(p)) for p in sorted(RAW.glob("00[012]_*.txt"))}
    counts = {k: len(v["points"]) for k, v in docs.items()}
    assert counts == {"000": 12, "001": 11, "002": 16}
    assert sum(counts.values()) == 39

    p0 = docs["000"]["points"]
    first = p0[0]
    assert (first["series"], first["x"], first["y"], first["label"], first["color"], first["line_no"]) == (
        "XTC-BERT*", "8", "82.2", "L=6 (1-bit)", "Orange", 21)
    assert p0[2]["y"] == "84.0"  # printed precision kept
    assert {p["series"] for p in p0} >= {"XTC-BERT*", "XTC-BERT", "BinaryBERT(TWN)", "BinaryBERT(BWN)"}
    assert [p for p in p0 if p["series"] == "XTC-BERT"][0]["x"] == "200"
    assert docs["000"]["axes"][0]["x_unit"] == "MB" and docs["000"]["axes"][0]["legend_position"] == "lower center"
    assert len(docs["000"]["arrows"]) == 2

    p1 = {p["label"]: p for p in docs["001"]["points"]}
    assert (p1["MobileBERT tiny"]["x"], p1["MobileBERT tiny"]["y"], p1["MobileBERT tiny"]["color"],
            p1["MobileBERT tiny"]["group"], p1["MobileBERT tiny"]["line_no"]) == ("4", "75", "Yellow", "2020-07", 20)
    assert docs["001"]["axes"][0]["x_unit"] == "GFLOPs" and docs["001"]["axes"][0]["legend_kind"] == "date"
    assert len(docs["001"]["mentions"]) == 11

    p2 = docs["002"]["points"]
    assert p2[0]["label"] == "Memory³-2B-SFT" and (p2[0]["x"], p2[0]["y"], p2[0]["line_no"]) == ("2", "64", 28)
    assert docs["002"]["axes"][0]["x_label"] == "Non-embedding parameter size"
    assert docs["002"]["axes"][0]["x_unit"] == "billion"
    assert "Memory³-2B-SFT" in {m["name"] for m in docs["002"]["mentions"]}
    for d in docs.values():
        for p in d["points"]:
            assert read_document(RAW / p["source_file"]).line(p["line_no"]) == p["raw"]


NEW_DOC = """Figure extracted from page 7
## Scatter Plot: Throughput vs. Memory for Vision Encoders
### Overview
A scatter plot of throughput against memory.
### Components/Axes
* **Title:** "Encoders at a glance"
* **X-axis:** Peak memory (GB), ranging from approximately 0.2 GB to 12 GB.
* **Y-axis:** Throughput (img/s), ranging from approximately 100 to 900.
* **Legend:** Positioned at the upper right, with the following entries:
* ViT-Ω (Crimson)
* ConvNeXt-μ (Light Blue)
### Detailed Analysis
* **ViT-Ω (Crimson):** This series shows a downward trend as memory grows.
* At approximately 0.2 GB, the Throughput is around 880 (labeled "tiny").
* At approximately 12 GB, the Throughput is around 120.5 (labeled "huge").
* **ConvNeXt-μ (Light Blue):** This series is roughly flat.
* At approximately 3 GB, the Throughput is around 400.
* **Swin³-S:** Located at approximately (6, 350).
### Key Observations
* ViT-Ω has the highest throughput at small memory.
"""


def test_new_description_parses_without_code_change():
    parsed = parse(NEW_DOC, "zz_new.txt")
    ax = parsed["axes"][0]
    assert ax["title"] == "Encoders at a glance"
    assert (ax["x_label"], ax["x_unit"], ax["x_min"], ax["x_max"], ax["x_scale"]) == (
        "Peak memory", "GB", "0.2", "12", "log")
    assert (ax["y_label"], ax["y_unit"], ax["y_scale"]) == ("Throughput", "img/s", "linear")
    assert ax["legend_position"] == "upper right" and ax["line_no"] == 2
    pts = parsed["points"]
    assert [(p["series"], p["label"], p["x"], p["y"], p["color"]) for p in pts] == [
        ("ViT-Ω", "tiny", "0.2", "880", "Crimson"),
        ("ViT-Ω", "huge", "12", "120.5", "Crimson"),
        ("ConvNeXt-μ", "", "3", "400", "Light Blue"),
        ("", "Swin³-S", "6", "350", ""),
    ]
    assert [p["line_no"] for p in pts] == [14, 15, 17, 18]
    assert [e["entry"] for e in parsed["legend"]] == ["ViT-Ω", "ConvNeXt-μ"]
    assert {c["subject"] for c in parsed["claims"]} == {"ViT-Ω", "ConvNeXt-μ"}


def test_several_figures_in_one_document():
    text = SERIES_DOC + "\n" + NAMED_DOC.replace("## Scatter Plot: Score", "## Scatter Plot: Second")
    parsed = parse(text, "two.txt")
    assert [a["figure_id"] for a in parsed["axes"]] == ["two-fig1", "two-fig2"]
    assert {p["figure_id"] for p in parsed["points"]} == {"two-fig1", "two-fig2"}
    assert sum(p["figure_id"] == "two-fig2" for p in parsed["points"]) == 3


# ----------------------------------------------------------------------------------------
# Descriptions as vision-language models write them (issue #12 part 2)


def pts(parsed, *fields):
    fields = fields or ("line_no", "series", "label", "category", "x", "y")
    return [tuple(p[f] for f in fields) for p in parsed["points"]]


@pytest.mark.parametrize("line,label,unit", [
    ("* **X-axis:** Compute (GFLOPs), ranging from 1 to 8.", "Compute", "GFLOPs"),
    ("* **X-axis (Compute)**: GFLOPs, from 1 to 8", "Compute", ""),
    ("X axis - Compute (GFLOPs), 1-8", "Compute", "GFLOPs"),
    ("X-Axis: Compute (GFLOPs), 1 to 8", "Compute", "GFLOPs"),
    ("Horizontal axis: Compute (GFLOPs), ranging from 1 to 8", "Compute", "GFLOPs"),
    ("- x-axis label: Compute (GFLOPs), 1 to 8", "Compute", "GFLOPs"),
    ("**X axis** – Compute (GFLOPs), 1 to 8", "Compute", "GFLOPs"),
])
def test_axis_spellings(line, label, unit):
    text = f"## Scatter Plot: Speed\n{line}\n* **Y-axis:** Score\n* Mini: (2, 50)\n* Maxi: (8, 60)\n"
    ax = parse(text)["axes"][0]
    assert (ax["x_label"], ax["x_min"], ax["x_max"], ax["x_line_no"]) == (label, "1", "8", 2)
    assert ax["x_unit"] == unit or (unit == "" and ax["x_unit"] in ("", "GFLOPs"))


def test_a_side_before_the_axis_names_a_dual_axis_and_its_range_is_no_point():
    text = ("## Line chart: Cases and coverage\n* **X-axis:** Year, from 2008 to 2010\n"
            "- **Left y-axis:** Reported cases (0 to 400)\n- **Right y-axis:** Coverage (%), from 60 to 100\n\n"
            "| Year | Cases | Coverage (%) |\n|---|---|---|\n| 2008 | ~35 | ~91 |\n| 2009 | ~28 | ~92 |\n"
            "| 2010 | ~30 | ~90 |\n")
    parsed = parse(text)
    assert not [p for p in parsed["points"] if p["line_no"] in (3, 4)]
    assert parsed["axes"][0]["y_line_no"] in (3, 4)
    assert sorted(pts(parsed, "line_no", "x", "y"))[:2] == [(8, "2008", "35"), (8, "2008", "91")]


def test_one_series_point_at_a_key_with_the_other_missing_said_in_words():
    text = ("## Line chart: Icebergs\n- **X-axis:** Year\n- **Y-axis:** Count\n"
            "- **2019:** observed ~1,515, forecast ~1,100\n"
            "- **2020:** observed ~1,010 (no forecast marker is shown for this season)\n"
            "- **2021:** observed ~0, forecast ~250\n- **Peak:** around 2019 (the highest of the decade)\n")
    parsed = parse(text)
    assert pts(parsed, "line_no", "series", "x", "y") == [
        (4, "observed", "2019", "1515"), (4, "forecast", "2019", "1100"), (5, "observed", "2020", "1010"),
        (6, "observed", "2021", "0"), (6, "forecast", "2021", "250")]


def test_axis_sub_bullets_and_ticks_are_not_the_range():
    text = """## Scatter Plot: Sub bullets
**Y axis** – Accuracy (%)
* Ticks: 0, 20, 40, 60
* Scale: linear
**X-axis:**
* Label: Tokens
* Ticks: 10, 100, 1000
* Alpha: (50, 45)
* Beta: (700, 70)
"""
    ax = parse(text)["axes"][0]
    assert (ax["y_label"], ax["y_unit"], ax["y_min"], ax["y_max"], ax["y_ticks"]) == ("Accuracy", "%", "", "", "0; 20; 40; 60")
    assert (ax["x_label"], ax["x_min"], ax["x_max"], ax["x_ticks"]) == ("Tokens", "", "", "10; 100; 1000")
    assert ax["x_scale"] == "log" and "powers of ten" in ax["x_scale_reason"]  # implied by the ticks
    assert ax["y_scale"] == "linear"
    parsed = parse(text)
    assert pts(parsed, "line_no", "label", "x", "y") == [(8, "Alpha", "50", "45"), (9, "Beta", "700", "70")]


@pytest.mark.parametrize("phrase,lo,hi,scale", [
    ("ranging from 0 to 100", "0", "100", "linear"),
    ("0-100", "0", "100", "linear"),
    ("from 10^1 to 10^4", "10", "10000", "log"),
    ("on a log scale, 5 to 20", "5", "20", "log"),
    ("log-scaled", "", "", "log"),
    ("tick marks at 10, 100, 1000", "", "", "log"),
    ("ticks at 0, 25, 50, 75 and 100", "", "", "linear"),
])
def test_axis_ranges_and_scales(phrase, lo, hi, scale):
    text = f"## Line chart: L\n* **X-axis:** Steps, {phrase}\n* **Y-axis:** Loss\n* A: (10, 1), (20, 2)\n"
    ax = parse(text)["axes"][0]
    assert (ax["x_min"], ax["x_max"], ax["x_scale"]) == (lo, hi, scale)


@pytest.mark.parametrize("title,expected", [
    ("None", ""), ("Not present", ""), ("No title", ""), ("N/A", ""), ("There is no title.", ""),
    ("Not visible", ""), ("None visible", ""), ('"None of the above"', "None of the above"),
    ("Throughput at a glance", "Throughput at a glance"),
])
def test_title_that_says_there_is_none(title, expected):
    for line in (f"* **Title:** {title}", f"Title: {title}"):
        text = f"## Scatter Plot: T\n{line}\n* **X-axis:** A\n* **Y-axis:** B\n* P: (1, 2)\n"
        assert parse(text)["axes"][0]["title"] == expected, line


SCATTER_FORMS = """## Scatter Plot: Accuracy vs. compute
* **X-axis:** Compute (GFLOPs)
* **Y-axis:** Top-1 accuracy (%)
### Data Points
* Orca: 4 GFLOPs, 81.5% accuracy
* Heron — x: 2.5, y: 77.25
* Finch at (1.8, 79.1)
* Robin: about 0.6 GFLOPs, roughly 70.2%
* **Kite:** (3, 74) - Red
* **Swift:** FLOPs: 6, Accuracy: 83
* Wren (approx. 7 GFLOPs, ≈ 84.5%)
"""


def test_point_phrasings_scatter():
    parsed = parse(SCATTER_FORMS)
    assert pts(parsed, "line_no", "label", "x", "y") == [
        (5, "Orca", "4", "81.5"), (6, "Heron", "2.5", "77.25"), (7, "Finch", "1.8", "79.1"),
        (8, "Robin", "0.6", "70.2"), (9, "Kite", "3", "74"), (10, "Swift", "6", "83"), (11, "Wren", "7", "84.5")]
    assert parsed["points"][4]["color"] == "Red"
    ax = parsed["axes"][0]
    assert ax["chart_type"] == "scatter" and ax["x_unit"] == "GFLOPs"
    assert not parsed["parse_notes"]


def test_several_points_on_one_line_and_x_from_keys():
    text = """## Line Chart: Accuracy by size
* **X-axis:** Model size (B)
* **Y-axis:** Accuracy (%)
* **Dense:** Size 8: ~66%, Size 16: ~73%, Size 32: 77.5%
* Sparse: (8, 60), (16, 68.5), (32, 71)
* (8, 50), (16, 52)
* MoE: 8B: 70, 16B: 75
"""
    parsed = parse(text)
    assert pts(parsed, "line_no", "series", "x", "y") == [
        (4, "Dense", "8", "66"), (4, "Dense", "16", "73"), (4, "Dense", "32", "77.5"),
        (5, "Sparse", "8", "60"), (5, "Sparse", "16", "68.5"), (5, "Sparse", "32", "71"),
        (6, "", "8", "50"), (6, "", "16", "52"),
        (7, "MoE", "8", "70"), (7, "MoE", "16", "75")]
    assert parsed["axes"][0]["chart_type"] == "line"
    assert parsed["axes"][0]["x_scale"] == "linear"  # a line chart's x is not log unless stated


def test_line_chart_series_prose_and_years():
    text = """# Training curves
The figure is a line graph of validation loss.
X-Axis: Epoch
Y-Axis: Loss
- **Baseline (dashed red line):** (1, 2.4), (5, 1.6), (10, 1.1)
- **Ours (solid blue line):**
  - At epoch 1, loss is 2.2
  - At epoch 10, the loss is approximately 0.7
- Papers: 2018: 12, 2019: 15, 2020: 21
"""
    parsed = parse(text)
    assert pts(parsed, "line_no", "series", "x", "y", "color") == [
        (5, "Baseline", "1", "2.4", "red"), (5, "Baseline", "5", "1.6", "red"), (5, "Baseline", "10", "1.1", "red"),
        (7, "Ours", "1", "2.2", "blue"), (8, "Ours", "10", "0.7", "blue"),
        (9, "Papers", "2018", "12", ""), (9, "Papers", "2019", "15", ""), (9, "Papers", "2020", "21", "")]
    assert parsed["axes"][0]["chart_type"] == "line"


GROUPED_BARS = """## Bar Chart: Accuracy per benchmark
* **X-axis:** Benchmark
* **Y-axis:** Accuracy (%), ranging from 0 to 100
* **Legend:**
  * Blue: Ours
  * Orange bars: Baseline
### Data Points
* **ARC-e:** Ours: 81.5, Baseline: ~78.0
* **BoolQ:**
  * Ours: 72.5
  * Baseline: 70
* **Recall@10 split:** Ours: 66.1%, Baseline: just under 60
"""


def test_grouped_bars_inline_and_nested():
    parsed = parse(GROUPED_BARS)
    assert pts(parsed, "line_no", "category", "series", "x", "y") == [
        (8, "ARC-e", "Ours", "", "81.5"), (8, "ARC-e", "Baseline", "", "78.0"),
        (10, "BoolQ", "Ours", "", "72.5"), (11, "BoolQ", "Baseline", "", "70"),
        (12, "Recall@10 split", "Ours", "", "66.1"), (12, "Recall@10 split", "Baseline", "", "60")]
    ax = parsed["axes"][0]
    assert (ax["chart_type"], ax["orientation"], ax["x_scale"], ax["x_min"]) == ("bar", "vertical", "category", "")
    assert (ax["y_min"], ax["y_max"], ax["y_unit"]) == ("0", "100", "%")
    # legend lines are legend, never points
    assert [(e["entry"], e["color"]) for e in parsed["legend"]] == [("Ours", "Blue"), ("Baseline", "Orange")]
    assert not parsed["parse_notes"]


def test_simple_and_horizontal_bars():
    text = """## Horizontal bar chart: Latency per model
* **X-axis:** Latency (ms), 0-50
* **Y-axis:** Model
* Alpha: 12.5 ms
* BLEU-4 model: 30 ms
* Gamma 3B: just under 45 ms
"""
    parsed = parse(text)
    assert pts(parsed, "line_no", "category", "series", "x", "y") == [
        (4, "Alpha", "", "", "12.5"), (5, "BLEU-4 model", "", "", "30"), (6, "Gamma 3B", "", "", "45")]
    ax = parsed["axes"][0]
    assert (ax["chart_type"], ax["orientation"]) == ("bar", "horizontal")
    # y is always the value axis: the described horizontal axis moved there
    assert (ax["y_label"], ax["y_unit"], ax["y_min"], ax["y_max"]) == ("Latency", "ms", "0", "50")
    assert (ax["x_label"], ax["x_min"]) == ("Model", "")


def test_chart_type_from_the_form_and_bars_under_a_heading():
    text = """## Results of the survey
* **X-axis:** Dataset
* **Y-axis:** F1
### SQuAD
* Model X: 88.5
* Model Y: 90.1
"""
    parsed = parse(text)
    assert parsed["axes"][0]["chart_type"] == "bar"
    assert pts(parsed, "line_no", "category", "series", "y") == [(5, "SQuAD", "Model X", "88.5"),
                                                               (6, "SQuAD", "Model Y", "90.1")]


def test_pipe_tables():
    line = """## Line chart: Loss
* **X-axis:** Step
* **Y-axis:** Loss
| Step | Model A | Model B |
|---:|---|---|
| 100 | 2.5 | 2.7 |
| 200 | ~1.9 | n/a |
"""
    assert pts(parse(line), "line_no", "series", "x", "y") == [
        (6, "Model A", "100", "2.5"), (6, "Model B", "100", "2.7"), (7, "Model A", "200", "1.9")]
    bars = """## Bar chart: Scores
* **Y-axis:** Score (%)
| Task | Score (%) |
|------|-----------|
| **MNLI** | 84.6 |
| QQP | 71.2 % |
| RTE | 66,4 |
"""
    parsed = parse(bars)
    assert pts(parsed, "line_no", "category", "series", "x", "y") == [
        (5, "MNLI", "", "", "84.6"), (6, "QQP", "", "", "71.2"), (7, "RTE", "", "", "66.4")]
    scatter = """## Scatter plot: Models
* **X-axis:** Params (M)
* **Y-axis:** Accuracy
| Model | Params (M) | Accuracy |
| --- | --- | --- |
| Tiny | 14.5 | 75.1 |
| Base | 110 | 82 ± 0.3 |
"""
    parsed = parse(scatter)
    assert pts(parsed, "line_no", "label", "x", "y") == [(6, "Tiny", "14.5", "75.1")]
    assert [(n["line_no"], n["kind"]) for n in parsed["parse_notes"]] == [(7, "unread_point")]


def test_legend_lines_are_never_points():
    text = """## Scatter Plot: Colours
* **X-axis:** A
* **Y-axis:** B
### Legend
* 2021: Yellow
* Orange line: Baseline
* Red squares - Method A
### Data Points
* Blue: ours
* P: (1, 2)
"""
    parsed = parse(text)
    assert pts(parsed, "line_no", "label", "x", "y") == [(10, "P", "1", "2")]
    assert [(e["entry"], e["color"], e["line_no"]) for e in parsed["legend"]] == [
        ("2021", "Yellow", 5), ("Baseline", "Orange", 6), ("Method A", "Red", 7)]
    assert not parsed["parse_notes"]


@pytest.mark.parametrize("value,expected", [
    ("1,000", "1000"), ("83,4", "83.4"), ("83.7e0", "83.7"), ("０.５", "0.5"), ("0x1F", None), ("8.2.1", None),
])
def test_numbers_are_read_whole_or_refused(value, expected):
    text = f"## Bar chart: N\n* **Y-axis:** V\n* Alpha: {value}\n* Beta: 2\n"
    parsed = parse(text)
    got = {p["category"]: p["y"] for p in parsed["points"]}
    assert got["Beta"] == "2"
    if expected is None:
        assert "Alpha" not in got
        assert (3, "unread_point") in [(n["line_no"], n["kind"]) for n in parsed["parse_notes"]]
    else:
        assert got["Alpha"] == expected


def test_digits_of_units_and_names_are_not_coordinates():
    text = """## Scatter Plot: Retrieval
* **X-axis:** Latency (ms)
* **Y-axis:** Recall@10
* GPT-4: 120 ms, 71.5 Recall@10
* Model-7B at (35, 62.25)
* top-1 net: 12 ms, 48 mAP@0.5
"""
    assert pts(parse(text), "line_no", "label", "x", "y") == [
        (4, "GPT-4", "120", "71.5"), (5, "Model-7B", "35", "62.25"), (6, "top-1 net", "12", "48")]


def test_unread_point_notes_and_values_without_x_on_xy_charts():
    text = """## Scatter Plot: Notes
* **X-axis:** A
* **Y-axis:** B
### Data Points
* P: (1, 2)
* Q: 45.2
* R sits near 3 or 4 or 5
"""
    parsed = parse(text)
    assert pts(parsed, "line_no", "label", "x", "y") == [(5, "P", "1", "2")]
    notes = {n["line_no"]: n for n in parsed["parse_notes"]}
    assert set(notes) == {6, 7} and all(n["kind"] == "unread_point" for n in notes.values())
    assert "no x position" in notes[6]["message"]


def test_no_points_error_lists_the_new_forms():
    text = "## Bar chart: Empty\n* **X-axis:** A\n* **Y-axis:** B\n### Key Observations\n* Nothing.\n"
    with pytest.raises(DocumentError) as err:
        parse(text, "e.txt")
    assert err.value.line_no == 1 and "pipe table" in err.value.message and "Category A" in err.value.message


# ---------------------------------------------------------------------------- forms met on real descriptions


def test_coordinate_units_may_hold_digits():
    doc = ("## Scatter Plot: Q\n* **X-axis:** Index size (GB)\n* **Y-axis:** nDCG@10\n### Detailed Analysis\n"
           "* **BM25:** Approximately (4 GB, 0.43 nDCG@10) - Yellow (2021)\n"
           "* **Dense:** Approximately (65 GB, 0.45 nDCG@10)\n")
    assert [(p["line_no"], p["x"], p["y"]) for p in parse(doc)["points"]] == [(5, "4", "0.43"), (6, "65", "0.45")]


def test_name_colon_values_with_a_top_k_metric_are_a_point_not_a_claim():
    doc = ("**X-axis:** Compute (GFLOPs), from 0 to 8.\n**Y-axis:** top-1 accuracy (%), from 70 to 84.\n"
           "**Data points:**\n- Net-A: 0.22 GFLOPs, 75.2% top-1 accuracy\n- Net-B: 4.6 GFLOPs, 79.8% top-1 accuracy\n")
    assert [(p["line_no"], p["x"], p["y"]) for p in parse(doc)["points"]] == [(4, "0.22", "75.2"), (5, "4.6", "79.8")]


def test_axis_range_line_is_the_range_not_a_point():
    doc = ("- x-axis label: Latency (ms)\n- y-axis label: Recall@10\n- x-axis range: 0.5 to 20 ms (logarithmic)\n"
           "- y-axis range: 0.80 to 1.00\n\nPoints:\n- A: latency ≈ 1.2 ms, Recall@10 ≈ 0.951\n")
    parsed = parse(doc)
    axes = parsed["axes"][0]
    assert (axes["x_min"], axes["x_max"], axes["y_min"], axes["y_max"], axes["x_scale"]) == ("0.5", "20", "0.80", "1.00", "log")
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(7, "1.2", "0.951")]


def test_bar_names_may_hold_commas_and_numbers():
    doc = ("**Type:** horizontal bar chart\n**X-axis:** Latency (ms), 0 to 60\n**Y-axis:** Strategy\n\n"
           "Bar values:\n1. Greedy (FP16): ≈ 38.5 ms\n2. Beam search, width 4: ≈ 52.0 ms\n3. Speculative, 2 drafts: ≈ 24.1 ms\n")
    pts = parse(doc)["points"]
    assert [(p["line_no"], p["category"], p["x"], p["y"]) for p in pts] == [
        (6, "Greedy (FP16)", "", "38.5"), (7, "Beam search, width 4", "", "52.0"), (8, "Speculative, 2 drafts", "", "24.1")]


def test_prose_bullets_starting_with_with_are_points():
    doc = ("This figure is a line chart.\n\nX axis - Pairs (millions), from 0 to 20\nY axis - BLEU-4, from 24 to 32\n\n"
           "- with 0 million pairs the model scores roughly 25.1 BLEU-4\n- with 5 million pairs it reaches about 29.4 BLEU-4\n")
    assert [(p["line_no"], p["x"], p["y"]) for p in parse(doc)["points"]] == [(6, "0", "25.1"), (7, "5", "29.4")]


def test_part_headings_are_neither_figures_nor_categories():
    doc = ("### Chart type\nVertical bar chart.\n\n### Axes\n- **X-axis:** Model\n- **Y-axis:** Accuracy (%)\n\n"
           "### Bars\n- **Alpha:** ~31%\n- **Beta:** ~46%\n")
    parsed = parse(doc)
    assert len(parsed["axes"]) == 1 and parsed["axes"][0]["chart_type"] == "bar"
    assert [(p["category"], p["y"]) for p in parsed["points"]] == [("Alpha", "31"), ("Beta", "46")]


def test_values_at_stated_x_positions_make_a_line_series():
    doc = ("This is a line graph of validation accuracy.\n\n**Axes:**\n- X-axis: Epoch (1 to 10)\n"
           "- Y-axis: Accuracy (%)\n\n**Data Series:**\n"
           "1. **Net-A (blue line):** Starts at 62% at epoch 1, rises to 78% at epoch 5.\n"
           "2. **Net-B (orange line):** 65% (epoch 1), 80% (epoch 5).\n")
    pts = parse(doc)["points"]
    assert [(p["line_no"], p["series"], p["x"], p["y"]) for p in pts] == [
        (8, "Net-A", "1", "62"), (8, "Net-A", "5", "78"), (9, "Net-B", "1", "65"), (9, "Net-B", "5", "80")]


def test_axes_block_bullets_without_the_word_axis():
    doc = ("## Figure 2: Loss and compute\n\n**Type:** Log-log scatter plot.\n\n**Axes:**\n"
           "* Horizontal: Training compute (PF-days), log scale, 10^-3 to 10^2\n* Vertical: Test loss, 2.0 to 5.0\n\n"
           "**Points:**\n| Size | Compute (PF-days) | Loss |\n|---|---|---|\n| 10M | 0.001 | 4.8 |\n| 1B | 0.5 | 3.1 |\n")
    parsed = parse(doc)
    axes = parsed["axes"][0]
    assert (axes["y_min"], axes["y_max"]) == ("2.0", "5.0") and axes["x_scale"] == "log"
    assert [(p["line_no"], p["label"], p["x"], p["y"]) for p in parsed["points"]] == [
        (12, "10M", "0.001", "4.8"), (13, "1B", "0.5", "3.1")]


def test_grouped_bars_written_name_then_value():
    doc = ("**Chart Type:** Grouped bar chart\n**X-Axis:** Tasks\n**Y-Axis:** Accuracy (%)\n\n**Data:**\n"
           "* **MNLI:** Teacher 84.6, Student 82.1\n* **QQP:** Teacher 91.2, Student 90.3\n")
    pts = parse(doc)["points"]
    assert [(p["line_no"], p["category"], p["series"], p["y"]) for p in pts] == [
        (6, "MNLI", "Teacher", "84.6"), (6, "MNLI", "Student", "82.1"),
        (7, "QQP", "Teacher", "91.2"), (7, "QQP", "Student", "90.3")]


def test_bars_in_sentences():
    doc = ("The bar chart compares the memory of attention kernels.\n\n"
           "* Standard attention uses about 12.4 GB.\n* Ours uses approximately 2.7 GB, the lowest.\n"
           "* Ours is 4.6 times smaller than standard attention.\n")
    pts = parse(doc)["points"]
    assert [(p["line_no"], p["category"], p["y"]) for p in pts] == [
        (3, "Standard attention", "12.4"), (4, "Ours", "2.7")]


def test_several_series_valued_at_one_x_on_a_line():
    doc = ("The chart is a line graph with two lines.\n\n- 2019: 12.5 (ours), 10.1 (baseline)\n"
           "- 2020: 15.1 (ours), 11.3 (baseline)\n")
    pts = parse(doc)["points"]
    assert [(p["line_no"], p["series"], p["x"], p["y"]) for p in pts] == [
        (3, "ours", "2019", "12.5"), (3, "baseline", "2019", "10.1"),
        (4, "ours", "2020", "15.1"), (4, "baseline", "2020", "11.3")]


def test_bars_told_in_sentences_with_quoted_names():
    doc = ('This bar chart shows four bars. The first bar, labeled "A", has a value of about 25. '
           'The second bar, "B", is around 40. The third bar, "C", reaches 55, and the last bar, "D", is at 70.\n')
    pts = parse(doc)["points"]
    assert [(p["category"], p["y"]) for p in pts] == [("A", "25"), ("B", "40"), ("C", "55"), ("D", "70")]


def test_lone_pair_bullets_under_a_points_line_are_points():
    text = ("## Line Chart: Loss vs. Steps\n* **X-axis:** Steps\n* **Y-axis:** Loss\n### Detailed Analysis\n"
            "Approximate data points:\n* (0, 3.1)\n* ~(10, 2.4).\n* (20, 2.2)\n")
    parsed = parse_chart_document(document_from_text(text, "lone.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(6, "0", "3.1"), (7, "10", "2.4"),
                                                                           (8, "20", "2.2")]


def test_numbered_named_points_with_axes_told_in_prose():
    text = ("This scatter plot shows MMLU against size; the x-axis is parameters and the y-axis accuracy.\n\n"
            "1. **Pico-1.3B** – Parameters: 1.3B, MMLU: 26.1%\n2. **Atlas-7B** – Parameters: 7B, MMLU: 48.9%\n")
    parsed = parse_chart_document(document_from_text(text, "numbered.md"))
    assert [(p["line_no"], p["x"], p["y"], p["label"]) for p in parsed["points"]] == [
        (3, "1.3", "26.1", "Pico-1.3B"), (4, "7", "48.9", "Atlas-7B")]


def test_histogram_bins_with_count_words():
    text = ("## Histogram: Latency\n* **X-axis:** Latency (s)\n* **Y-axis:** Count\n### Detailed Analysis\n"
            "* **Data Points:**\n    * Latency 0-2: Count approximately 151\n    * Latency 2-4: Count of 63\n")
    parsed = parse_chart_document(document_from_text(text, "histogram.md"))
    assert [(p["line_no"], p["y"]) for p in parsed["points"]] == [(6, "151"), (7, "63")]


@pytest.mark.parametrize("sentence, bars", [
    ("From left to right, the bars represent greedy decoding, beam search with 4 beams and Medusa heads, with "
     "values of approximately 21.4, 52.7 and 11.2 ms respectively.",
     [("greedy decoding", "21.4", "ms"), ("beam search with 4 beams", "52.7", "ms"), ("Medusa heads", "11.2", "ms")]),
    ("It has three bars: speculative decoding at about 0.61, Medusa at around 0.68, and lookahead at roughly 0.74.",
     [("speculative decoding", "0.61", ""), ("Medusa", "0.68", ""), ("lookahead", "0.74", "")]),
    ("The bar for batch size 1 reaches 1.21, the bar for batch size 8 reaches 1.46.",
     [("batch size 1", "1.21", ""), ("batch size 8", "1.46", "")]),
    ("Model A is at 45, which is 3 points above Model B at 42.", []),
    ("The y-axis ranges from 0 to 60, and the x-axis is at 5.", []),
])
def test_bars_told_in_prose(sentence, bars):
    from paperfig.charts.prosebars import prose_bars

    assert prose_bars(sentence) == bars


def test_a_chat_answer_describing_a_bar_chart_in_prose():
    text = ("USER: <image> Describe the figure.\n\nASSISTANT: The image shows a bar chart of latency. The y-axis "
            "shows milliseconds.\n\nFrom left to right, the bars represent greedy and beam search, with values of "
            "about 21.4 and 52.7 ms respectively.\n")
    parsed = parse_chart_document(document_from_text(text, "chat.md"))
    assert [(p["line_no"], p["category"], p["y"]) for p in parsed["points"]] == [(5, "greedy", "21.4"),
                                                                                  (5, "beam search", "52.7")]


def test_a_first_person_opening_with_the_axes_in_prose_is_a_chart():
    text = ("I'll describe this line chart and list the points I can read.\n\n"
            "The chart is titled **Nest success, 2001-2011**. Years run along the x-axis.\n\n"
            "**Upland** (red line)\n- 2001: ~41.2\n- 2006: 44.0\n- 2011: 39.5\n")
    from paperfig.parse import parse_document

    parsed = parse_document(document_from_text(text, "first_person.md"), {})
    assert [(p["line_no"], p["series"], p["x"], p["y"]) for p in parsed["points"]] == [
        (6, "Upland", "2001", "41.2"), (7, "Upland", "2006", "44.0"), (8, "Upland", "2011", "39.5")]


@pytest.mark.parametrize("word", ["Cycle", "Session", "Visit", "Dose", "Age"])
def test_a_position_word_and_its_number_are_the_x_of_a_point(word):
    text = (f"This line chart shows mass loss against the number of {word.lower()}s.\n\n"
            f"**Limestone** (red line)\n- {word} 0: 0%\n- {word} 5: ~0.8%\n- {word} 10: ~2.1%\n")
    parsed = parse_chart_document(document_from_text(text, "positions.md"))
    assert [(p["series"], p["x"], p["y"]) for p in parsed["points"]] == [
        ("Limestone", "0", "0"), ("Limestone", "5", "0.8"), ("Limestone", "10", "2.1")]


def test_a_year_said_before_a_position_is_no_value_at_it():
    text = ("This line chart shows aurora reports per year.\n\n**Reports** (blue line)\n- 2008: about 310\n"
            "- 2014: about 3,900\n\n1. **Peaks.** Both peak around 2014 in Cycle 24 and climb toward 2024 in Cycle 25.\n")
    parsed = parse_chart_document(document_from_text(text, "years.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(4, "2008", "310"), (5, "2014", "3900")]


def test_a_description_before_a_heading_naming_the_chart_keeps_its_points():
    # the series come before the only heading that names a chart, which is commentary: the points
    # are read, the commentary's section is noted, and nothing fails
    text = ("This line chart shows nest density.\n\n## Upland\n- 2006: 10\n- 2008: 12\n\n"
            "## Why the plot matters\n\nIt rises a lot.\n")
    parsed = parse_chart_document(document_from_text(text, "commentary.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(4, "2006", "10"), (5, "2008", "12")]
    assert [(n["line_no"], n["kind"]) for n in parsed["parse_notes"]] == [(7, "no_chart_described")]


@pytest.mark.parametrize("printed, unit", [("~$3.00", "$"), ("~S$3.00", "S$"), ("US$3.00", "US$"), ("≈ €3.00", "€")])
def test_a_point_value_with_its_currency_before_it(printed, unit):
    text = f"This is a line chart of dish prices.\n\n*Chicken rice*\n- 2014: {printed}\n- 2016: {printed}\n"
    parsed = parse_chart_document(document_from_text(text, "prices.md"))
    assert [(p["x"], p["y"], p["y_unit"]) for p in parsed["points"]] == [("2014", "3.00", unit), ("2016", "3.00", unit)]


def test_a_column_numbering_the_rows_labels_the_points_of_a_scatter():
    text = ("This scatter plot shows home range against prey density.\n\n| # | Deer density | Home range (km²) |\n"
            "|---|---|---|\n| 1 | 0.9 | 368 |\n| 2 | 1.3 | 331 |\n| 3 | 1.8 | 296 |\n")
    parsed = parse_chart_document(document_from_text(text, "index.md"))
    assert [(p["x"], p["y"], p["label"]) for p in parsed["points"]] == [("0.9", "368", "1"), ("1.3", "331", "2"),
                                                                        ("1.8", "296", "3")]


def test_arrow_items_are_points_of_their_series_and_a_comparison_is_not():
    text = ("The figure shows two curves of accuracy against depth.\n\n"
            "- CalibExit (red): depth 4 → accuracy 90.1; depth 6 → accuracy 92.3\n"
            "- PABEE (blue): depth 4 -> accuracy 88.0; depth 6 -> accuracy 90.9\n\n"
            "At the same depth of 6 layers, CalibExit is 1.4 points more accurate than PABEE.\n")
    parsed = parse_chart_document(document_from_text(text, "arrows.md"))
    assert [(p["line_no"], p["x"], p["y"], p["series"]) for p in parsed["points"]] == [
        (3, "4", "90.1", "CalibExit"), (3, "6", "92.3", "CalibExit"), (4, "4", "88.0", "PABEE"), (4, "6", "90.9", "PABEE")]


def test_arrow_items_read_off_as_about_with_units_per_time():
    text = ("This is a scatter plot of serum level against kidney function.\n\n"
            "### Age under 65 years (blue circles)\n\n"
            "- eGFR ~31 mL/min → level ~212 ng/mL\n"
            "- eGFR ≈47 mL/min → level ≈158 ng/mL\n")
    parsed = parse_chart_document(document_from_text(text, "about.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(5, "31", "212"), (6, "47", "158")]
    assert {p["x_unit"] for p in parsed["points"]} == {"mL/min"}


@pytest.mark.parametrize("line, intro", [("The figure shows two curves (image description)", True),
                                         ("ASSISTANT: The image shows a bar chart titled X.", True),
                                         ("> **Figure 4 description:** A line chart with loss.", True),
                                         ("Lines 3-5 show the results", False), ("Two lines of text follow", False),
                                         ("I'll describe this line chart and list its points.", True),
                                         ("Let me read the values off the stacked bar chart.", True),
                                         ("The chart is titled **Rainfall by month**.", True),
                                         ("I think the bar chart in Figure 2 is wrong.", False),
                                         ("The chart is small.", False),
                                         ("This image shows a two-panel grouped bar chart of wear.", True),
                                         ("This is a side-by-side bar chart.", True),
                                         ("The image shows a two-panel figure of cell tests at 10 °C.", True),
                                         ("The image contains two grouped bar charts side by side.", True),
                                         ("The image shows a figure with two grouped bar charts.", True),
                                         ("The panel shows two cells.", False)])
def test_chart_intro_lines(line, intro):
    from paperfig import patterns

    assert patterns.is_chart_intro(line) is intro


def test_a_figure_sentence_over_a_data_table_is_a_chart_and_years_name_csv_columns():
    from paperfig.parse import parse_document

    text = ("**Figure 2** shows a line graph.\n\n**Data (approximate):**\n\n| Epoch | Train loss |\n|---|---|\n"
            "| 1 | 2.31 |\n| 5 | 1.12 |\n")
    parsed = parse_document(document_from_text(text, "figure_table.md"), {})
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(7, "1", "2.31"), (8, "5", "1.12")]
    csv = "```csv\nCountry,2019,2020\nFrance,12.5,10.1\nGermany,14.2,13.8\n```\n"
    parsed = parse_document(document_from_text(csv, "years.md"), {})
    assert [(v["column"], v["value"]) for v in parsed["table_values"]][:2] == [("2019", "12.5"), ("2020", "10.1")]


def test_a_name_with_an_equals_sign_in_brackets_keeps_its_value():
    text = ("This grouped bar chart shows accuracy.\n\n**GSM8K**\n- Greedy: 61.4% (±0.8)\n"
            "- Self-consistency (n=8): 68.9% (±0.6)\n")
    parsed = parse_chart_document(document_from_text(text, "eq_name.md"))
    assert [(p["line_no"], p["y"], p["series"]) for p in parsed["points"]] == [
        (4, "61.4", "Greedy"), (5, "68.9", "Self-consistency (n=8)")]


def test_chart_tables_in_other_forms_and_with_powers_of_ten():
    from paperfig.parse import parse_document

    csv = ("Here's the data extracted from the line chart in CSV format.\n\n```csv\nk,BM25,Contriever\n1,31.4,35.2\n"
           "10,45.1,50.6\n```\n\n* At k = 10 the gap between the two retrievers is about 5.5 points.\n")
    parsed = parse_document(document_from_text(csv, "csv_chart.md"), {})
    assert sorted((p["line_no"], p["x"], p["y"]) for p in parsed["points"]) == [
        (5, "1", "31.4"), (5, "1", "35.2"), (6, "10", "45.1"), (6, "10", "50.6")]  # the comparison is no point
    assert parsed["points"][0]["raw"] == "1,31.4,35.2"
    table = ("## Scatter Plot: Loss vs compute\n* **X-axis:** Training compute (FLOPs)\n* **Y-axis:** Validation loss\n\n"
             "| Label | Compute (FLOPs) | Loss |\n|---|---|---|\n| 70M | 4.1e19 | 3.38 |\n"
             "| 6.9B | $3.5 \\times 10^{22}$ | 2.16 |\n| 8x160M | 1.6e20 | OOM |\n")
    parsed = parse_document(document_from_text(table, "powers.md"), {})
    assert [(p["line_no"], float(p["x"]), p["y"], p["label"]) for p in parsed["points"]] == [
        (7, 4.1e19, "3.38", "70M"), (8, 3.5e22, "2.16", "6.9B")]


def test_html_comment_lines_give_no_value():
    from paperfig.parse import parse_document

    text = "<!-- Slide number: 4 -->\n| Model | Acc |\n|---|---|\n| A | 71.2 |\n<!-- Slide number: 5 -->\n"
    parsed = parse_document(document_from_text(text, "comments.md"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [(4, "71.2")] and not parsed["points"]
    assert parsed["coverage"]["n_numbers"] == 3  # the comments' numbers are still counted (as prose)


@pytest.mark.parametrize("line, points", [
    ("It starts at roughly 0.18 in 2015, rises to about 0.27 in 2016 and 0.35 in 2017. It peaks at 0.92 in 2020.",
     [("2015", "0.18"), ("2016", "0.27"), ("2017", "0.35"), ("2020", "0.92")]),
    ("The values are about 0.71 at 22M, 0.79 at 86M and 0.84 at 307M.", [("22", "0.71"), ("86", "0.79"), ("307", "0.84")]),
    ("The values per level are: 1 (18.4), 2 (26.9), 3 (35.2).", [("1", "18.4"), ("2", "26.9"), ("3", "35.2")]),
    ("At temperatures of 0.5, 1.0 and 1.5, the ECE values are 0.182, 0.094 and 0.041, respectively.",
     [("0.5", "0.182"), ("1.0", "0.094"), ("1.5", "0.041")]),
    ("Pythia sits at around 300 on the x-axis and 38.5 on the y-axis.", [("300", "38.5")]),
    ("Model A scored 45 in 2019 and 47 in 2020.", []),
    ("We ran 3 seeds (42, 43, 44) for 2 days.", []),
])
def test_points_told_in_prose(line, points):
    from paperfig.charts.prosepoints import prose_points

    assert prose_points(line) == points


def test_x_keyed_bullets_give_a_point_per_named_value():
    text = ("The image is a line chart of accuracy and latency against k.\n\n"
            "- k = 1: accuracy 38.2%, latency 112 ms\n- k = 2: accuracy 43.9%, latency 131 ms\n"
            "1. BPE (blue line):\n   - 125M parameters: 24.8\n   - 350M parameters: 19.6\n")
    parsed = parse_chart_document(document_from_text(text, "x_keyed.md"))
    assert [(p["line_no"], p["x"], p["y"], p["series"]) for p in parsed["points"]] == [
        (3, "1", "38.2", "accuracy"), (3, "1", "112", "latency"), (4, "2", "43.9", "accuracy"),
        (4, "2", "131", "latency"), (6, "125", "24.8", ""), (7, "350", "19.6", "")]


def test_grounding_boxes_of_a_model_are_no_numbers():
    text = ("CogVLM: The image shows a bar chart titled \"GLUE\"[[132,38,868,82]]. The bar for SST-2[[118,214,214,905]] "
            "has a value of 93.1, the bar for QNLI[[268,301,364,905]] is 89.6.\n")
    parsed = parse_chart_document(document_from_text(text, "grounded.md"))
    assert [(p["y"], p["category"]) for p in parsed["points"]] == [("93.1", "SST-2"), ("89.6", "QNLI")]


@pytest.mark.parametrize("sentence, bars", [
    ("For the 2.7B model, the pre-training segment is about 8.5, instruction tuning is about 1.0 and RLHF is about 2.3.",
     [("pre-training segment", "8.5", ""), ("instruction tuning", "1.0", ""), ("RLHF", "2.3", "")]),
    ("The base segment reaches about 4.2, the RLHF segment adds about 1.1, for a total of roughly 5.3 hours.",
     [("base segment", "4.2", ""), ("RLHF segment", "1.1", "")]),
    ("Pre-training accounts for about 41.5, and RLHF for about 10.9.", [("Pre-training", "41.5", ""),
                                                                       ("RLHF", "10.9", "")]),
])
def test_stacked_segments_told_in_prose(sentence, bars):
    from paperfig.charts.prosebars import prose_bars

    assert prose_bars(sentence) == bars


def test_a_quoted_note_on_the_chart_gives_no_points():
    text = ("The image is a line chart of the share per year.\n\n- **2019:** 0.61\n- **2020:** 0.92\n"
            "- **Source note (bottom left):** \"Based on 2,400 papers sampled from 6 venues\"\n")
    parsed = parse_chart_document(document_from_text(text, "quoted.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(3, "2019", "0.61"), (4, "2020", "0.92")]


def test_a_fenced_plain_text_table_of_a_chart_is_its_points():
    from paperfig.parse import parse_document

    text = ("The image shows a line chart of accuracy over epochs. Here are the values:\n\n```\n"
            "Epoch   Train acc (%)   Val acc (%)\n-----   -------------   -----------\n1       ~48             ~46\n"
            "5       ~71             ~67\n```\n")
    parsed = parse_document(document_from_text(text, "fenced.md"), {})
    assert sorted((p["line_no"], p["x"], p["y"]) for p in parsed["points"]) == [
        (6, "1", "46"), (6, "1", "48"), (7, "5", "67"), (7, "5", "71")]


def test_grouped_bars_told_one_sentence_per_category():
    text = ("This is a horizontal grouped bar chart of compile rates.\n\n"
            "**Python** — Assistant A compiles about 88% of the time, and Assistant B about 93%.\n\n"
            "**Java** — This is the largest gap: A is near 64% while B reaches about 81%.\n")
    parsed = parse_chart_document(document_from_text(text, "grouped_prose.md"))
    assert [(p["line_no"], p["y"], p["category"]) for p in parsed["points"]] == [
        (3, "88", "Python"), (3, "93", "Python"), (5, "64", "Java"), (5, "81", "Java")]


def test_one_bar_a_sentence_on_consecutive_lines():
    text = "\n".join([
        "This is a vertical bar chart. The y-axis is \"Tokens per second\" and runs from 0 to 3000.",
        "",
        "<ref>Eager</ref><box>(92,618),(214,903)</box> is the shortest bar, at about 410 tokens/s.",
        "<ref>Paged</ref><box>(268,402),(390,903)</box> reaches roughly 1180 tokens/s.",
        "Ours is the tallest bar at approximately 2270 tokens/s, highlighted in orange.",
        "",
        "Overall, Ours is at about 5.5 times the eager speed.",
    ])
    parsed = parse(text)
    assert [(p["category"], p["y"]) for p in parsed["points"]] == [("Eager", "410"), ("Paged", "1180"),
                                                                   ("Ours", "2270")]
    from paperfig.charts.prosebars import sentence_bar
    assert sentence_bar("TGI reaches roughly 1180 tokens/s.") == ("TGI", "1180", "tokens/s")
    assert sentence_bar("The gap is larger than 12 points.") is None          # a comparison
    assert sentence_bar("Ours reaches 2270 tokens/s at batch 64.") is None   # two numbers
    assert sentence_bar("TGI reaches roughly 1,180 tokens/s.") == ("TGI", "1180", "tokens/s")  # whole


def test_a_date_key_is_a_category_never_an_x_of_its_year():
    text = "\n".join([
        "The image is an area chart of weekly GPU-hours.", "",
        "- **X-axis:** Week, from Jan 7, 2024 to Feb 4, 2024", "- **Y-axis:** GPU-hours", "",
        "- Week of Jan 7, 2024 — 1,240", "- Week of Jan 21, 2024 — 1,580", "- Week of Feb 4, 2024 — 2,310",
    ])
    parsed = parse(text)
    assert [(p["x"], p["y"], p["category"]) for p in parsed["points"]] == [
        ("", "1240", "Week of Jan 7, 2024"), ("", "1580", "Week of Jan 21, 2024"), ("", "2310", "Week of Feb 4, 2024")]
    assert parsed["axes"][0]["x_scale"] == "category"


def test_arrow_fragments_of_a_deck_are_a_curve():
    from paperfig.documents import document_from_text as text_doc
    from paperfig.parse import parse_document

    deck = "\n".join([
        "## Ensemble size", "",
        '<span class="fragment">1 prompt → 55.6</span><br>',
        '<span class="fragment">2 prompts → 58.0</span><br>',
        '<span class="fragment">4 prompts → 60.2</span>', "",
        "Perplexity: 18.3 → 18.7 after the fix.",
    ])
    parsed = parse_document(text_doc(deck, "deck.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(3, "1", "55.6"), (4, "2", "58.0"),
                                                                          (5, "4", "60.2")]


def test_prose_points_with_the_year_first_and_thousands_read_whole():
    from paperfig.charts.prosepoints import prose_points

    text = ("The red line starts at 0.34 in 2018. It then rises to 1.5 in 2019 and jumps to 175 in 2020. "
            "In 2021 the value is 530, and in 2022 it is 540. In 2023 the red line ends at 1,800.")
    assert prose_points(text) == [("2018", "0.34"), ("2019", "1.5"), ("2020", "175"), ("2021", "530"),
                                  ("2022", "540"), ("2023", "1800")]
    # never a part of a number: '1,800 in 2023' is 1800, not 800
    assert prose_points("It is 1,200 in 2021, 1,500 in 2022 and 1,800 in 2023.") == [
        ("2021", "1200"), ("2022", "1500"), ("2023", "1800")]


def test_stacked_segments_before_the_bar_s_total_are_bars_and_the_total_is_not():
    text = "\n".join([
        "## Stacked Horizontal Bar Chart: latency per pipeline", "",
        "**Legend:** Retrieval (light blue), Prefill (dark blue), Decode (grey).", "",
        "*   **BM25 + 7B reader:** Retrieval: ~35 ms; Prefill: ~180 ms; Decode: ~410 ms — total about 625 ms",
        "*   **Ours:** Retrieval: ~90 ms; Prefill: ~60 ms; Decode: ~395 ms — total about 545 ms",
    ])
    parsed = parse(text)
    assert [(p["category"], p["series"], p["y"]) for p in parsed["points"]][:3] == [
        ("BM25 + 7B reader", "Retrieval", "35"), ("BM25 + 7B reader", "Prefill", "180"),
        ("BM25 + 7B reader", "Decode", "410")]
    assert "625" not in [p["y"] for p in parsed["points"]] and len(parsed["points"]) == 6


def test_x_colon_y_items_in_one_sentence_of_prose():
    from paperfig.charts.prosepoints import prose_points

    text = ("The values for each year are as follows: 2015: 112, 2016: 180, 2020: 1,020, and 2024: 5,730. "
            "Growth is about 50 times over ten years.")
    assert prose_points(text) == [("2015", "112"), ("2016", "180"), ("2020", "1020"), ("2024", "5730")]
    assert prose_points("At 10:30, 11:45 and 12:15 the runs were 3 times slower.") == []  # another number


def test_this_chart_plots_opens_a_description_with_series_told_per_paragraph():
    from paperfig.documents import document_from_text as text_doc
    from paperfig.parse import parse_document

    text = "\n".join([
        "This chart plots training loss over 40 epochs.", "",
        "**Training loss (blue).** The curve starts at about 3.82 at epoch 0 and falls: roughly 2.41 at "
        "epoch 5, 1.73 at epoch 10 and 1.02 at epoch 20.",
    ])
    parsed = parse_document(text_doc(text, "claude.md"))
    assert [(p["x"], p["y"]) for p in parsed["points"]] == [("0", "3.82"), ("5", "2.41"), ("10", "1.73"),
                                                           ("20", "1.02")]


def test_a_bold_year_key_with_named_values_on_plain_lines_is_grouped_bars():
    from paperfig.documents import document_from_text as text_doc
    from paperfig.parse import parse_document

    text = "\n".join([
        "The image shows a grouped bar chart of electricity use by region (TWh).", "",
        "**2021**: North America 148, Europe 92, Rest of world 37",
        "**2022**: North America 163, Europe 95, Rest of world 41",
    ])
    parsed = parse_document(text_doc(text, "pixtral.md"))
    assert [(p["category"], p["series"], p["y"]) for p in parsed["points"]][:3] == [
        ("2021", "North America", "148"), ("2021", "Europe", "92"), ("2021", "Rest of world", "37")]


def test_points_whose_keys_name_one_axis_with_approximately_equal_signs():
    text = "\n".join([
        "## Scatter Plot: Basal Metabolic Rate vs. Body Mass", "",
        '* **X-axis:** "Body mass (kg)", logarithmic scale from 0.01 to 10,000.',
        '* **Y-axis:** "Basal metabolic rate (W)", logarithmic scale from 0.1 to 10,000.', "",
        "* **Shrew:** Body mass ≈ 0.01 kg, BMR ≈ 0.12 W",
        "* **Cat:** Body mass ≈ 4 kg, BMR ≈ 10 W",
        "* **Elephant:** Body mass ≈ 4,000 kg, BMR ≈ 1,900 W",
    ])
    parsed = parse(text)
    assert [(p["label"], p["x"], p["y"]) for p in parsed["points"]] == [
        ("Shrew", "0.01", "0.12"), ("Cat", "4", "10"), ("Elephant", "4000", "1900")]


def test_a_bold_colour_bullet_naming_a_year_is_a_legend_entry_not_a_bar():
    text = "\n".join([
        "This is a grouped bar chart of youth unemployment by region, one bar per year:", "",
        "- **Light blue** – 2019", "- **Dark blue** – 2023", "",
        "1. **Northern Europe**", "   - 2019: 11.8%", "   - 2023: 12.4%",
    ])
    parsed = parse(text)
    assert [(e["entry"], e["color"]) for e in parsed["legend"]] == [("2019", "Light blue"), ("2023", "Dark blue")]
    assert sorted(p["y"] for p in parsed["points"]) == ["11.8", "12.4"]


def test_line_series_bullets_keyed_by_a_time_with_its_unit():
    p = parse("The image is a line graph of conversion over time.\n\n### Data Points:\n\n"
              "- **Catalyst A**:\n  - 0 h: 0%\n  - 1 h: 28%\n  - 2 h: 49%\n\n"
              "- **Catalyst B**:\n  - 0 h: 0%\n  - 1 h: 9%\n")
    got = [(q["series"], q["x"], q["y"]) for q in p["points"]]
    assert got == [("Catalyst A", "0", "0"), ("Catalyst A", "1", "28"), ("Catalyst A", "2", "49"),
                   ("Catalyst B", "0", "0"), ("Catalyst B", "1", "9")]


def test_axes_described_inside_the_first_paragraph_and_points_naming_both_axes():
    p = parse("The image is a scatter plot of eyes. The x-axis is labeled \"Axial length (mm)\" and ranges "
              "from 22 to 27. The y-axis is labeled \"Spherical equivalent (D)\" and ranges from -8 to +2.\n\n"
              "Here is each data point, from left to right:\n\n"
              "1. Axial length 22.4 mm, spherical equivalent +1.25 D\n"
              "2. Axial length 24.9 mm, spherical equivalent -2.75 D\n")
    [axes] = p["axes"]
    assert (axes["x_label"], axes["x_unit"], axes["x_min"], axes["x_max"]) == ("Axial length", "mm", "22", "27")
    assert (axes["y_label"], axes["y_unit"], axes["y_min"], axes["y_max"]) == ("Spherical equivalent", "D", "-8", "2")
    assert [(q["line_no"], q["x"], q["y"]) for q in p["points"]] == [(5, "22.4", "1.25"), (6, "24.9", "-2.75")]


def test_a_paragraph_of_sentences_each_naming_one_bar():
    from paperfig.charts.prosebars import prose_bars

    text = ("The first bar, for the reference strain PAO1, reaches approximately 2.35. The second bar, "
            "ΔpelA, is much lower at about 0.85, and the third bar, ΔpslBCD, is around 0.62. The double "
            "mutant has the shortest bar in the chart, at roughly 0.18. \"Other\" has the lowest value, only "
            "0.9. There is a dashed horizontal line at 1.0.")
    assert prose_bars(text) == [("reference strain PAO1", "2.35", ""), ("ΔpelA", "0.85", ""),
                                ("ΔpslBCD", "0.62", ""), ("double mutant", "0.18", ""), ('"Other"', "0.9", "")]
    # one such sentence alone is commentary
    assert prose_bars("Paper packaging has the highest recycling rate at 82.7%.") == []
    assert prose_bars("CF-12 has the tallest bar with a value of approximately 2.80, CF-27 is at about 1.45.") == [
        ("CF-12", "2.80", ""), ("CF-27", "1.45", "")]


def test_a_bold_key_stating_x_with_its_unit_and_one_item_per_series():
    p = parse("The line chart shows strength retention over wash cycles.\n\n"
              "- **0 cycles:** cotton 100%, lyocell 100%\n- **5 cycles:** cotton 96%, lyocell 93%\n")
    assert [(q["series"], q["x"], q["y"]) for q in p["points"]] == [
        ("cotton", "0", "100"), ("lyocell", "0", "100"), ("cotton", "5", "96"), ("lyocell", "5", "93")]


def test_sections_named_chart_elements_and_data_by_group_are_parts_of_one_chart():
    p = parse("The bar chart shows turnout by age group in two elections.\n\n### Chart Elements:\n"
              "- **X-Axis**: Age groups (18-24, 25-34)\n- **Y-Axis**: Turnout (%), ranging from 0 to 100\n"
              "- **Bars**: Light blue bars represent 2019, dark blue bars represent 2024\n\n"
              "### Data by Age Group:\n1. **18-24**:\n   - 2019: 54%\n   - 2024: 41%\n"
              "2. **25-34**:\n   - 2019: 58%\n   - 2024: 47%\n")
    assert [(q["line_no"], q["category"], q["series"], q["y"]) for q in p["points"]] == [
        (10, "18-24", "2019", "54"), (11, "18-24", "2024", "41"), (13, "25-34", "2019", "58"),
        (14, "25-34", "2024", "47")]


def test_a_key_stating_x_in_inline_markup_and_values_with_error_bars():
    p = parse("The scatter plot shows trigger efficiency against muon pT.\n\n"
              "*   **X-axis:** Muon p<sub>T</sub> [GeV], from 0 to 100.\n"
              "*   **p<sub>T</sub> = 10 GeV:** Data ≈ 0.02 ± 0.01, Simulation ≈ 0.03\n"
              "*   **p<sub>T</sub> = 18 GeV:** Data ≈ 0.11 ± 0.02, Simulation ≈ 0.14\n")
    assert [(q["series"], q["x"], q["y"]) for q in p["points"]] == [
        ("Data", "10", "0.02"), ("Simulation", "10", "0.03"), ("Data", "18", "0.11"), ("Simulation", "18", "0.14")]


def test_bars_with_a_unit_and_an_error_bar_in_parentheses():
    """``~94 dB(A) (error bar about ±2.5)``: the bar is 94; the error bar is no value, never a y."""
    p = parse("This is a grouped bar chart of noise exposure by job and shift.\n\n**Press operators**\n"
              "- Day shift: ~94 dB(A) (error bar about ±2.5)\n- Night shift: ~96 dB(A) (±3)\n\n**Welders**\n"
              "- Day shift: ~87 dB(A) (SD 2)\n- Night shift: ~88.5 dB(A)\n")
    assert [(q["category"], q["series"], q["x"], q["y"]) for q in p["points"]] == [
        ("Press operators", "Day shift", "", "94"), ("Press operators", "Night shift", "", "96"),
        ("Welders", "Day shift", "", "87"), ("Welders", "Night shift", "", "88.5")]


def test_prose_and_bullets_with_units_on_both_numbers():
    p = parse("The line chart shows optical power against drive current.\n\n**25 °C (solid line)**\n\n"
              "Reading off the markers, the power is about 0.1 mW at 10 mA, 0.4 mW at 20 mA and 3.2 mW at 30 mA.\n\n"
              "**85 °C (dashed line)**\n\n- 10 mA: 0.05 mW\n- 20 mA: 0.2 mW\n")
    assert [(q["line_no"], q["x"], q["y"]) for q in p["points"]] == [
        (5, "10", "0.1"), (5, "20", "0.4"), (5, "30", "3.2"), (9, "10", "0.05"), (10, "20", "0.2")]


def test_series_named_by_bold_lines_with_a_remark_after_them():
    text = "\n".join(["This line chart shows nest counts at two beaches.", "",
                      "**North Beach** (approximate values)", "- 2016: ~140 nests", "- 2018: ~155 nests",
                      "- 2020: ~171 nests", "", "**South Beach** (approximate values)", "- 2016: ~96 nests",
                      "- 2018: no marker is shown for this year", "- 2020: ~88 nests"])
    from paperfig.parse import parse_document

    parsed = parse_document(document_from_text(text, "nests.md"), {})
    got = sorted((p["series"], p["x"], p["y"]) for p in parsed["points"])
    assert got == [("North Beach", "2016", "140"), ("North Beach", "2018", "155"), ("North Beach", "2020", "171"),
                   ("South Beach", "2016", "96"), ("South Beach", "2020", "88")]


def test_scatter_points_printed_as_two_named_values():
    """'Head length ≈ 18.5 cm, bite force ≈ 1,120 N': one point, x first, whether or not the axes
    were named before; on a bar chart the same line stays two bars."""
    from paperfig.parse import parse_document

    lines = ["**Adults:**", "1. Wing length ≈ 61.5 mm, body mass ≈ 1,240 mg", "2. Wing length ≈ 64.0 mm, body mass ≈ 1,410 mg"]
    for intro in (["The image is a scatter plot of body mass against wing length."],
                  ["The image is a scatter plot.", "- X-axis: Wing length (mm)", "- Y-axis: Body mass (mg)"]):
        parsed = parse_document(document_from_text("\n".join([*intro, "", *lines]), "wings.md"), {})
        assert sorted((p["x"], p["y"]) for p in parsed["points"]) == [("61.5", "1240"), ("64.0", "1410")]


def test_line_chart_points_keyed_by_a_temperature_with_its_degree_sign():
    from paperfig.parse import parse_document

    text = "\n".join(["This line chart shows germination by temperature.", "", "Seeds primed:",
                      "- 10 °C: about 21%", "- 15 °C: about 48%", "- 20 °C: about 77%"])
    parsed = parse_document(document_from_text(text, "germ.md"), {})
    assert sorted((p["x"], p["y"]) for p in parsed["points"]) == [("10", "21"), ("15", "48"), ("20", "77")]


def test_a_bold_section_name_with_a_long_remark_ends_the_overview_section():
    """``**Extracted data** (a sentence about the estimates, ±2 points)`` opens the section of the
    points: the pipe table after it is read, not skipped as part of the overview."""
    text = """This line chart compares two lasers over treatment sessions.

**Chart overview**
- X-axis: Treatment session (1 through 3)
- Y-axis: Clearance (%), from 0 to 100

**Extracted data** (values estimated from the plotted markers; each is probably within about ±2 points)

| Session | Picosecond | Nd:YAG |
|---|---|---|
| 1 | 22 | 14 |
| 2 | 41 | — |
"""
    assert pts(parse(text, "c.md"), "line_no", "series", "x", "y") == [
        (11, "Picosecond", "1", "22"), (11, "Nd:YAG", "1", "14"), (12, "Picosecond", "2", "41")]


def test_a_chart_introduced_with_a_typographic_apostrophe():
    """``Here’s the data extracted from the line chart`` (a model's curly apostrophe) announces a
    chart as ``Here's`` does: its table is the chart's points, years as x."""
    text = ("Here’s the data extracted from the line chart showing density in two regions:\n\n"
            "| Year | North | South |\n|------|------|------|\n| 2012 | ~0.84 | ~0.61 |\n| 2014 | ~0.79 | — |\n")
    assert pts(parse(text, "c.md"), "line_no", "series", "x", "y") == [
        (5, "North", "2012", "0.84"), (5, "South", "2012", "0.61"), (6, "North", "2014", "0.79")]


def test_a_table_whose_headers_name_the_x_axis_and_carry_the_y_unit_is_one_series_per_column():
    """``| Hours relative to landfall | Gauge A (m) | Gauge B (m) |`` under axes named so: the
    first column is x and each other column a series, not one labelled point per row."""
    text = """This line chart shows storm surge at two gauges.

### Chart Details:
- **X-axis:** Hours relative to landfall (from -12 to +12, ticks every 3 hours)
- **Y-axis:** Storm surge (m), ranging from 0 to 2.5

| Hours relative to landfall | Gauge A – Harbour mouth (m) | Gauge B – Upper estuary (m) |
|---|---|---|
| -3 | ~1.35 | ~0.90 |
| 0 | ~2.10 | ~1.55 |
"""
    assert pts(parse(text, "c.md"), "line_no", "series", "x", "y") == [
        (9, "Gauge A – Harbour mouth", "-3", "1.35"), (9, "Gauge B – Upper estuary", "-3", "0.90"),
        (10, "Gauge A – Harbour mouth", "0", "2.10"), (10, "Gauge B – Upper estuary", "0", "1.55")]


def test_numbers_in_a_what_the_chart_shows_or_key_patterns_section_are_no_points():
    text = """## Scatter plot: Dive depth vs duration

| Duration (min) | Depth (m) |
|---|---|
| 21.0 | 1,180 |
| 22.6 | 1,410 |

**What the chart shows**

1. **The winter relationship is steeper**: each minute adds roughly 60–70 m in winter versus about 30 m in summer.

**Key patterns**

- Depth rises by about 40 m per minute.
"""
    assert pts(parse(text, "c.md"), "line_no", "x", "y") == [(5, "21.0", "1180"), (6, "22.6", "1410")]


def test_both_axes_named_by_a_plain_is_in_one_sentence_of_the_intro():
    """'The x-axis is day of year (DOY), running from ..., and the y-axis is ...': each clause
    names its axis, so 'DOY 152: ~180 mg/L' places a point at x = 152 on the line chart."""
    text = "\n".join([
        "This is a line chart of sediment in two streams. The x-axis is day of year (DOY), running from "
        "about 150 to 270, and the y-axis is SSC in mg/L on a linear scale from 0 to 3,000.",
        "", "**North outlet (blue line)**", "- DOY 152: ~180 mg/L", "- DOY 166: ~640 mg/L",
        "", "**South outlet (orange line)**", "- DOY 152: ~90 mg/L", "- DOY 166: ~310 mg/L"])
    parsed = parse(text)
    axes = parsed["axes"][0]
    assert (axes["x_label"], axes["x_unit"], axes["x_min"], axes["x_max"]) == ("day of year", "DOY", "150", "270")
    assert (axes["y_min"], axes["y_max"]) == ("0", "3000")
    assert [(p["x"], p["y"], p["series"]) for p in parsed["points"][:2]] == [
        ("152", "180", "North outlet (blue line)"), ("166", "640", "North outlet (blue line)")]


def test_a_series_whose_name_holds_the_word_arrow_is_no_annotation():
    text = "\n".join(["**Data Points (approximate)**", "", "*   **Lough Arrow field (blue circles):**",
                      "    *   (240, 118)", "    *   (310, 142)", "*   **Strathmore field (orange triangles):**",
                      "    *   (420, 96)", "    *   (560, 110)", "", "*   **Annotations:** an arrow labelled \"peak\""])
    parsed = parse(text)
    assert [(p["series"], p["x"], p["y"]) for p in parsed["points"][:2]] == [
        ("Lough Arrow field", "240", "118"), ("Lough Arrow field", "310", "142")]
    assert len(parsed["points"]) == 4


def test_a_pipe_table_cell_of_a_dash_and_a_remark_is_a_missing_bar():
    text = "\n".join(["### Extracted data (approximate)", "", "| Prey | Open plains | Woodland |", "|---|---|---|",
                      "| Gazelle | ~58% | ~41% |", "| Impala | ~44% | ~52% |", "| Warthog | ~24% | — (no bar shown) |"])
    bars = [(p["category"], p["series"], p["y"]) for p in parse(text)["points"]]
    assert ("Gazelle", "Woodland", "41") in bars and ("Impala", "Woodland", "52") in bars
    assert not [b for b in bars if b[0] == "Warthog" and b[1] == "Woodland"] and len(bars) == 5
    # a remark that quotes the chart's own label ('annotated "OOM"') leaves the series whole
    text = "\n".join(["| Rows (M) | Engine A (s) | Engine B (s) |", "|---|---|---|", "| 1 | ~0.8 | ~1.5 |",
                      "| 10 | ~7.1 | ~13.9 |", '| 100 | ~66 | — (no marker; annotated "OOM") |'])
    points = [(p["series"], p["x"], p["y"]) for p in parse("The image is a line chart.\n\n" + text)["points"]]
    assert ("Engine B", "10", "13.9") in points and len(points) == 5


def test_plain_lines_naming_series_over_bullets_whose_values_follow_a_symbol():
    text = "\n".join([
        "This is a line chart of lake ice thickness over a winter at two lakes.", "",
        "**Chart details:**", "- **X-axis:** Day of winter, from 0 to 120", "- **Y-axis:** Ice thickness δ (cm)", "",
        "**Approximate data points:**", "",
        "North lake (solid line):", "- Day 20: δ ≈ 12", "- Day 60: δ ≈ 38", "- Day 100: δ ≈ 51", "",
        "South lake (dashed line):", "- Day 20: δ ≈ 6", "- Day 60: δ ≈ 24", "- Day 100: δ ≈ 33", "",
        "Here are the main trends:", "- The north lake freezes first.",
    ])
    points = [(p["series"], p["x"], p["y"]) for p in parse(text, "ice.md")["points"]]
    assert points[:2] == [("North lake (solid line)", "20", "12"), ("North lake (solid line)", "60", "38")]
    assert ("South lake (dashed line)", "100", "33") in points and len(points) == 6


def test_a_pipe_table_column_of_a_few_settings_with_units_names_each_point_s_series():
    rows = [("0.8", "-2.1", "160 °C"), ("1.9", "4.4", "160 °C"), ("2.7", "8.0", "160 °C"), ("3.9", "12.6", "200 °C"),
            ("5.1", "18.3", "200 °C"), ("6.4", "24.9", "200 °C")]
    text = "\n".join(["The image is a scatter plot.", "", "| Mass loss (%) | Strength loss (%) | Treatment |",
                      "|---|---|---|"] + [f"| {a} | {b} | {c} |" for a, b, c in rows])
    points = [(p["series"], p["x"], p["y"]) for p in parse(text)["points"]]
    assert points[0] == ("160 °C", "0.8", "-2.1") and points[-1] == ("200 °C", "6.4", "24.9") and len(points) == 6


def test_a_two_panel_figure_named_as_such_opens_the_description_and_its_kind_holds_for_both_panels():
    text = "\n".join(["The image shows a two-panel figure comparing three cells. Both panels are grouped bar charts.", "",
                      "### Panel (a): Capacity vs. temperature", "", "- **Title:** \"Capacity at two temperatures\"",
                      "- **X-axis:** Temperature, with two groups: **10 °C** and **25 °C**.",
                      "- **Y-axis:** Capacity (mAh), ranging from **0 to 900**.", "- **Legend (top right):**",
                      "  - Blue: Cell A", "  - Orange: Cell B", "", "| Temperature | Cell A | Cell B |", "|---|---|---|",
                      "| 10 °C | ~812 | ~790 |", "| 25 °C | ~845 | ~831 |"])
    from paperfig.parse import parse_document

    points = parse_document(document_from_text(text, "panels.md"), {})["points"]
    assert [(p["x"], p["y"], p["category"]) for p in points][:2] == [("", "812", "10 °C"), ("", "790", "10 °C")]


def test_the_kind_an_opening_names_holds_for_the_panels_under_their_own_headings():
    """'The image shows a figure with two grouped bar charts', a rule, its legend and axis, a rule,
    then each panel under a heading of its own naming no kind: both are bar charts, their numeric categories
    (125 Hz) no x."""
    from paperfig.parse import parse_document

    panel = ["- **Y-axis:** Attenuation (dB), ranging from -10 to 0.", "", "| Frequency (Hz) | Stalls | Balcony |",
             "|---|---|---|", "| 125 | ~-8.1 | ~-4.0 |", "| 250 | ~-5.2 | ~-2.9 |", "| 500 | ~-2.4 | ~-1.3 |", ""]
    text = "\n".join(["The image shows a figure with two grouped bar charts comparing two seating areas.", "", "---",
                      "", "**Legend:**", "- Dark blue: Stalls", "- Orange: Balcony", "",
                      "**X-axis (both panels):** Frequency (Hz), with three categories: 125, 250 and 500.", "", "---", "",
                      "### Panel (a): Attenuation at 10 m", "", *panel, "### Panel (b): Attenuation at 20 m", "", *panel])
    parsed = parse_document(document_from_text(text, "hall.md"), {})
    assert {a["chart_type"] for a in parsed["axes"]} == {"bar"}
    assert len(parsed["points"]) == 12 and all(p["x"] == "" for p in parsed["points"])
    assert {p["category"] for p in parsed["points"]} == {"125", "250", "500"}


def test_a_point_named_like_the_chart_type_key_is_a_point():
    """'Type:' names the kind of chart ('**Type:** Scatter plot'); a point named 'Type' with its
    coordinates is still a point (hypothesis found it dropped without a note)."""
    text = """## Scatter Plot: Glue Score vs. Size
### Components/Axes
* **Type:** Scatter plot
* **X-axis:** Size (MB), ranging from approximately 8 MB to 200 MB.
* **Y-axis:** Glue Score, ranging from approximately 82.0 to 84.0.
### Detailed Analysis
* **Beta:** Approximately (16 MB, 83.1 score)
* **Type:** Approximately (64 MB, 82.4 score)
"""
    parsed = parse_chart_document(document_from_text(text, "type.md"))
    assert [(p["line_no"], p["x"], p["y"]) for p in parsed["points"]] == [(7, "16", "83.1"), (8, "64", "82.4")]
    assert parsed["axes"][0]["chart_type"] == "scatter"
