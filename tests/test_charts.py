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
