"""Claim interpretation and verdicts on hand-written points."""

import pytest

from paperfig import contract
from paperfig.checks import DEFAULT_SETTINGS, check_document
from paperfig.checks.claims import Figure, direction, find_names, interpret

S = DEFAULT_SETTINGS


def pts(*rows):
    return [contract.record(contract.POINTS, source_file="c.txt", line_no=10 + i, figure_id="f", series=s, label=label,
                            x=x, y=y, color=c, group=g)
            for i, (s, label, x, y, c, g) in enumerate(rows)]


def fig(points, legend=(), x_label="Size", y=("0", "100")):
    axis = {"x_label": x_label, "y_label": "Score", "y_min": y[0], "y_max": y[1], "x_max": "", "x_min": ""}
    legend = [{"entry": e, "color": c, "kind": k} for e, c, k in legend]
    return Figure("f", points, legend, axis)


def verdict(text, figure, subject=""):
    return interpret({"text": text, "subject": subject}, figure, S)


SERIES = pts(("Up", "", "1", "10", "", ""), ("Up", "", "2", "20", "", ""), ("Up", "", "4", "30", "", ""),
             ("Down", "", "1", "50", "", ""), ("Down", "", "2", "45", "", ""), ("Solo", "", "3", "40", "", ""),
             ("Flat", "", "1", "60", "", ""), ("Flat", "", "2", "60.5", "", ""))


@pytest.mark.parametrize("text, subject, expected", [
    ("This series shows a strong upward trend.", "Up", "supported"),
    ("This series shows a decreasing trend.", "Up", "contradicted"),
    ("This series shows a decreasing trend.", "Down", "supported"),
    ("This series shows a relatively flat trend.", "Flat", "supported"),
    ("This series shows a relatively flat trend.", "Up", "contradicted"),
    ("This series shows a relatively flat trend.", "Solo", "not testable"),
    ("Up and Down show a slight decrease in performance as size increases.", "", "contradicted"),
    ("Down shows a slight decrease in performance as size increases.", "", "supported"),
    ("The Up model demonstrates the most significant improvement with increasing size.", "", "supported"),
    ("The Down model demonstrates the most significant improvement with increasing size.", "", "contradicted"),
])
def test_series_trends(text, subject, expected):
    assert verdict(text, fig(SERIES), subject)[0] == expected


def test_direction_ignores_the_condition_clause():
    assert direction("show a slight decrease in performance as size increases") == "down"
    assert direction("an increase in score with increased compute") == "up"
    assert direction("appears to plateau at higher sizes") == "flat"


def test_find_names_prefers_the_longest_name():
    assert find_names("XTC-BERT* beats XTC-BERT", ["XTC-BERT", "XTC-BERT*"]) == ["XTC-BERT*", "XTC-BERT"]
    assert find_names("BERT Large wins", ["BERT-Large", "BERT-Base"]) == ["BERT-Large"]


MODELS = pts(("", "Fam-Small", "6", "77", "", ""), ("", "Fam-Base", "22", "83", "", ""), ("", "Fam Large", "50", "85", "", ""),
             ("", "Other-Base", "30", "82", "", ""), ("", "Other Large", "70", "82", "", ""), ("", "Old", "30", "75", "", ""),
             ("", "Mid", "28", "78", "", ""))


@pytest.mark.parametrize("text, expected", [
    ("The trend for Fam models is generally upward as the model size increases (tiny -> small -> base -> large).", "supported"),
    ("Other models also show an increase in score with increased size (Base -> Large).", "contradicted"),
    ("Fam Large achieves the highest score in the dataset.", "supported"),
    ("Old achieves the highest score in the dataset.", "contradicted"),
    ("The largest model, Other Large, does not achieve the highest score.", "supported"),
    ("Old has a relatively low score compared to other models with similar size.", "supported"),
    ("Fam-Base has a relatively low score compared to other models with similar size.", "contradicted"),
    ("The plot shows a general trend of higher scores correlating with higher size.", "supported"),
    ("Several models cluster around the 7 billion parameter mark.", "unparsed"),
])
def test_named_points_ranks_outliers_and_correlation(text, expected):
    assert verdict(text, fig(MODELS))[0] == expected


def test_chain_evidence_names_missing_items():
    result, evidence = verdict("The trend for Fam models is upward (tiny -> small -> base -> large).", fig(MODELS))
    assert result == "supported" and "77 -> 83 -> 85" in evidence and "tiny" in evidence


def test_weak_correlation_cannot_support_and_negative_contradicts():
    weak = pts(*[("", f"m{i}", x, y, "", "") for i, (x, y) in enumerate(
        [("1", "50"), ("2", "40"), ("3", "55"), ("4", "45"), ("5", "52"), ("6", "41"), ("7", "54")])])
    assert verdict("There is a general trend of increasing performance with increasing model size.", fig(weak))[0] == "not testable"
    falling = pts(*[("", f"m{i}", str(i + 1), str(60 - i), "", "") for i in range(5)])
    assert verdict("There is a general trend of increasing performance with increasing model size.", fig(falling))[0] == "contradicted"


def test_date_claims_use_the_residual_given_x():
    legend = [("2020-01", "Yellow", "date"), ("2018-01", "Blue", "date")]
    rows = pts(("", "n1", "5", "80", "Yellow", "2020-01"), ("", "n2", "20", "86", "Yellow", "2020-01"),
               ("", "o1", "5", "70", "Blue", "2018-01"), ("", "o2", "20", "78", "Blue", "2018-01"),
               ("", "o3", "60", "88", "Blue", "2018-01"))
    result, evidence = verdict("Newer models tend to achieve higher scores for a given size.", fig(rows, legend))
    assert result == "supported" and "residual" in evidence


def test_check_document_lists_every_claim_with_a_verdict():
    doc = contract.empty_parsed("c.txt", "c", "chart")
    doc["axes"] = [contract.record(contract.AXES, source_file="c.txt", figure_id="f", x_label="Size", y_label="Score")]
    doc["points"] = SERIES
    doc["claims"] = [
        contract.record(contract.CLAIMS, source_file="c.txt", line_no=30, figure_id="f", subject="Up",
                        text="This series shows a decreasing trend."),
        contract.record(contract.CLAIMS, source_file="c.txt", line_no=31, figure_id="f", text="Nothing to see here."),
    ]
    checked = check_document(doc, [], {})
    assert [c["verdict"] for c in checked["claims"]] == ["contradicted", "unparsed"]
    rows = [r for r in checked["checks"] if r["check"] == "claim"]
    assert [(r["line_no"], r["severity"], r["verdict"]) for r in rows] == [(30, "warning", "contradicted"), (31, "info", "unparsed")]
    assert "y by increasing x" in checked["claims"][0]["evidence"]
