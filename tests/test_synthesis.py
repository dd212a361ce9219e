"""The synthesis "Small BERT: which one is the best?" on small inputs written here."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from paperfig.errors import ConfigError, PaperfigError
from paperfig.synthesis import (
    EVIDENCE_BASE_ROW,
    EVIDENCE_NOTE,
    EVIDENCE_PARAMS,
    EVIDENCE_RELATIVE,
    POINT_COLUMNS,
    RANKING_COLUMNS,
    UNPLACED_COLUMNS,
    bin_label,
    draw_synthesis,
    gather_pairs,
    load_synthesis_config,
    pareto_front,
    rank_methods,
    roundtrip_check,
)

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "config" / "synthesis.yaml"


@pytest.fixture(scope="module")
def cfg():
    return load_synthesis_config(CONFIG)


def tv(table_id, line_no, row_idx, label, column, value, unit="", part="value", part_name="",
       raw_cell=None, row_group="", carried=False, carried_from_line="", caption="", paper="",
       source_file="doc.txt"):
    return {
        "source_file": source_file, "line_no": line_no, "table_id": table_id, "paper": paper,
        "caption": caption, "row_idx": row_idx, "row_label": label, "row_label_raw": label,
        "column": column, "part": part, "value": value, "unit": unit,
        "raw_cell": raw_cell if raw_cell is not None else f"{value}{unit}", "carried": carried,
        "column_raw": column, "part_name": part_name, "flag": "", "row_group": row_group,
        "carried_from_line": carried_from_line,
    }


def table(table_id, columns, caption="", paper="", source_file="doc.txt"):
    return {"source_file": source_file, "table_id": table_id, "paper": paper, "caption": caption,
            "columns": columns}


def by_model(points):
    return {p["model"]: p for p in points}


# ----------------------------------------------------------------------------- config


def test_config_loads_and_compiles(cfg):
    assert cfg["default_base"]["name"] == "BERT-base"
    assert {b["name"] for b in cfg["base_models"]} == {"BERT-base", "BERT-large"}
    assert cfg["size_bins"] == [0.1, 0.25, 0.5, 1.0]


def test_config_rule_without_reason_is_refused(tmp_path):
    text = CONFIG.read_text(encoding="utf-8").replace(
        'reason: "quantization keywords"', "note: no reason")
    bad = tmp_path / "synthesis.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match="reason"):
        load_synthesis_config(bad)


def test_config_bad_regex_is_refused(tmp_path):
    text = CONFIG.read_text(encoding="utf-8").replace("pattern: 'quantiz", "pattern: '(quantiz")
    bad = tmp_path / "synthesis.yaml"
    bad.write_text(text, encoding="utf-8")
    with pytest.raises(ConfigError, match="bad pattern"):
        load_synthesis_config(bad)


# ----------------------------------------------------------------------------- gathering


def test_compress_factor_with_mnli_m_mm_columns(cfg):
    cap = "Results of the distilled models compared to the teacher $BERT_{BASE}$."
    values = [
        tv("t1", 13, 0, "Teacher BERT-base", "Compress Factor", "1", "x", caption=cap),
        tv("t1", 13, 0, "Teacher BERT-base", "MNLI-m (Acc)", "84.0", caption=cap),
        tv("t1", 13, 0, "Teacher BERT-base", "MNLI-mm (Acc)", "82.8", caption=cap),
        tv("t1", 17, 1, "DualTrain", "Compress Factor", "5.74", "x", caption=cap),
        tv("t1", 17, 1, "DualTrain", "MNLI-m (Acc)", "78.1", caption=cap),
        tv("t1", 17, 1, "DualTrain", "MNLI-mm (Acc)", "77.3", caption=cap),
        tv("t1", 18, 2, "NoKD Baseline", "Compress Factor", "5.74", "x", raw_cell="", carried=True,
           carried_from_line=17, caption=cap),
        tv("t1", 18, 2, "NoKD Baseline", "MNLI-m (Acc)", "77.4", caption=cap),
    ]
    tabs = [table("t1", ["Compress Factor", "MNLI-m (Acc)", "MNLI-mm (Acc)"], caption=cap)]
    points, unplaced = gather_pairs(values, [], tabs, cfg)
    assert unplaced == []
    assert len(points) == 3  # one per model: the mismatched column is not a second point
    p = by_model(points)
    dual = p["DualTrain"]
    assert dual["size_fraction"] == pytest.approx(1 / 5.74, rel=1e-3)
    assert "1/5.74" in dual["size_conversion"] and dual["size_text"] == "5.74x"
    assert (dual["mnli"], dual["baseline_mnli"], dual["drop"]) == ("78.1", "84.0", "5.9")
    assert dual["method_family"] == "distillation"  # from the caption
    assert p["Teacher BERT-base"]["method_family"] == "baseline"
    assert p["Teacher BERT-base"]["size_fraction"] == 1.0
    nokd = p["NoKD Baseline"]
    assert nokd["method_family"] == "no compression (small model)"
    assert "line 17" in nokd["size_conversion"]  # a carried size says where it was printed
    assert set(POINT_COLUMNS) <= set(dual) and dual["source_file"] == "doc.txt" and dual["line_no"] == 17
    # the teacher prints its own factor (1x): its size is read like the others'
    assert {m: q["evidence"] for m, q in p.items()} == {m: EVIDENCE_RELATIVE for m in p}


def test_percent_model_size_prefers_with_embeddings(cfg):
    cols = ["Model Size: w/ emb", "Model Size: w/o emb", "Accuracy/F1: MNLI"]
    values = [
        tv("t2", 51, 0, "BERT-base", cols[0], "100", "%"),
        tv("t2", 51, 0, "BERT-base", cols[1], "100", "%"),
        tv("t2", 51, 0, "BERT-base", cols[2], "84.6"),
        tv("t2", 52, 1, "Quantization", cols[0], "15", "%", row_group="Quantization"),
        tv("t2", 52, 1, "Quantization", cols[1], "12.5", "%", row_group="Quantization"),
        tv("t2", 52, 1, "Quantization", cols[2], "83.9", row_group="Quantization"),
        tv("t2", 53, 2, "Unstructured Pruning", cols[0], "67.6", "%"),
        tv("t2", 53, 2, "Unstructured Pruning", cols[2], "", part="missing", raw_cell="-"),
    ]
    points, unplaced = gather_pairs(values, [], [table("t2", cols)], cfg)
    assert unplaced == []  # a printed "-" is no MNLI value at all
    q = by_model(points)["Quantization"]
    assert q["size_fraction"] == pytest.approx(0.15)
    assert q["method_family"] == "quantization"
    assert q["drop"] == "0.7" and q["size_text"] == "15%"


def test_params_against_reference_row_and_unplaceable_row(cfg):
    cols = ["#Params", "MNLI-m/mm"]
    values = [
        tv("t3", 51, 0, "ELMo-BiLSTM-Attn", "#Params", "", part="missing", raw_cell="-"),
        tv("t3", 51, 0, "ELMo-BiLSTM-Attn", "MNLI-m/mm", "74.1", part="first", part_name="m", raw_cell="74.1/74.5"),
        tv("t3", 51, 0, "ELMo-BiLSTM-Attn", "MNLI-m/mm", "74.5", part="second", part_name="mm", raw_cell="74.1/74.5"),
        tv("t3", 53, 1, "BERT-base", "#Params", "109", "M"),
        tv("t3", 53, 1, "BERT-base", "MNLI-m/mm", "84.6", part="first", part_name="m", raw_cell="84.6/83.4"),
        tv("t3", 53, 1, "BERT-base", "MNLI-m/mm", "83.4", part="second", part_name="mm", raw_cell="84.6/83.4"),
        tv("t3", 56, 2, "MobileBERT", "#Params", "25.3", "M"),
        tv("t3", 56, 2, "MobileBERT", "MNLI-m/mm", "83.3", part="first", part_name="m", raw_cell="83.3/82.6"),
        tv("t3", 56, 2, "MobileBERT", "MNLI-m/mm", "82.6", part="second", part_name="mm", raw_cell="83.3/82.6"),
    ]
    tabs = [table("t3", cols, paper="MOBILEBERT: COMPRESSION OF BERT BY PROGRESSIVE KNOWLEDGE TRANSFER")]
    points, unplaced = gather_pairs(values, [], tabs, cfg)
    mob = by_model(points)["MobileBERT"]
    assert mob["size_fraction"] == pytest.approx(25.3 / 109, rel=1e-3)
    assert "25.3M / 109M" in mob["size_conversion"] and "line 53" in mob["size_conversion"]
    assert mob["mnli"] == "83.3" and mob["drop"] == "1.3"  # the matched part of the pair
    assert mob["method_family"] == "distillation"  # from the paper title
    assert mob["evidence"] == EVIDENCE_PARAMS
    assert len(unplaced) == 1
    u = unplaced[0]
    assert set(u) == set(UNPLACED_COLUMNS)
    assert u["model"] == "ELMo-BiLSTM-Attn" and u["line_no"] == 51 and "'-'" in u["reason"]


def test_params_without_reference_row_is_unplaced(cfg):
    values = [tv("t4", 5, 0, "TinyModel", "#Params", "14.5", "M"), tv("t4", 5, 0, "TinyModel", "MNLI", "82.5")]
    points, unplaced = gather_pairs(values, [], [table("t4", ["#Params", "MNLI"])], cfg)
    assert points == [] and "BERT-base row" in unplaced[0]["reason"]


def test_prune_ratio_of_bert_large_with_delta(cfg):
    cap = "Table 1: BERT_{LARGE} pruning results."
    values = [
        tv("t5", 86, 0, "NIP", "Prune Ratio(%)", "50.0", "%", raw_cell="50.0", caption=cap),
        tv("t5", 86, 0, "NIP", "MNLI", "77.0", raw_cell="77.0 (-9.1)", caption=cap),
        tv("t5", 86, 0, "NIP", "MNLI", "-9.1", part="delta", raw_cell="77.0 (-9.1)", caption=cap),
    ]
    points, unplaced = gather_pairs(values, [], [table("t5", ["Prune Ratio(%)", "MNLI"], caption=cap)], cfg)
    assert unplaced == []
    (p,) = points
    large = next(b for b in cfg["base_models"] if b["name"] == "BERT-large")["size_fraction"]
    assert p["size_fraction"] == pytest.approx(0.5 * large, rel=1e-3)
    assert "BERT-large" in p["size_conversion"]
    assert (p["mnli"], p["baseline_mnli"], p["drop"]) == ("77.0", "86.1", "9.1")
    assert p["method_family"] == "pruning"


def test_mnli_row_of_task_by_model_table(cfg):
    cols = ["Avg. Input Tokens", "BERT base", "Decomp- BERT base", "Inference Speedup (times)"]
    values = [
        tv("t6", 102, 3, "MNLI", cols[0], "120"),
        tv("t6", 102, 3, "MNLI", cols[1], "84.4"),
        tv("t6", 102, 3, "MNLI", cols[2], "82.6"),
        tv("t6", 102, 3, "MNLI", cols[3], "2.2", "x"),
    ]
    points, unplaced = gather_pairs(values, [], [table("t6", cols)], cfg)
    assert [p["model"] for p in points] == ["BERT base"] and points[0]["size_fraction"] == 1.0
    assert points[0]["evidence"] == EVIDENCE_BASE_ROW
    assert [u["model"] for u in unplaced] == ["Decomp- BERT base"]
    assert "no model size" in unplaced[0]["reason"]


def test_table_without_size_column_is_unplaced_with_caption_hint(cfg):
    cap = "Table 3: All students are 6/768 BERT models, trained by 12/768 BERT teachers."
    values = [tv("t7", 132, 0, "PD (our work)", "MNLI (acc m/mm)", "82.8", part="first", part_name="m",
                 raw_cell="82.8/82.2", caption=cap)]
    points, unplaced = gather_pairs(values, [], [table("t7", ["MNLI (acc m/mm)"], caption=cap)], cfg)
    assert points == []
    assert "no size column" in unplaced[0]["reason"] and "6/768" in unplaced[0]["reason"]


def annotation(line_no, ratio, before, after, base="BERT-BASE", paper="EXTREME COMPRESSION", qualifier="",
               uncertain=False):
    return {"source_file": "deck.txt", "line_no": line_no, "kind": "compression", "paper": paper,
            "base_model": base, "ratio": ratio, "before": before, "after": after, "uncertain": uncertain,
            "text": "", "section": paper, "raw": f"{ratio}: {before} => {after}", "qualifier": qualifier}


def test_ratio_annotations(cfg):
    tabs = [table("tx", ["MNLI"], caption="Results of the distilled models", paper="EXTREME COMPRESSION",
                  source_file="deck.txt")]
    anns = [
        annotation(33, "1/6", "84", "78"),
        annotation(67, "1/2", "86", "86", base="BERT-Large", paper="PROXIMAL PRUNING", uncertain=True),
        annotation(61, "1/10", "87", "84", qualifier="Retrain the teacher New tearcher"),
        {"source_file": "deck.txt", "line_no": 3, "kind": "note", "raw": "Compression Rate vs. MNLI accuracy"},
    ]
    points, unplaced = gather_pairs([], anns, tabs, cfg)
    assert len(points) == 2 and len(unplaced) == 1
    first, large = points
    assert first["size_fraction"] == pytest.approx(0.1667) and "ratio 1/6" in first["size_conversion"]
    assert (first["mnli"], first["baseline_mnli"], first["drop"]) == ("78", "84", "6")
    assert first["method_family"] == "distillation"  # from the caption of the paper's table
    assert first["table_id"] == "" and first["raw"] == "1/6: 84 => 78"
    assert first["evidence"] == large["evidence"] == EVIDENCE_NOTE
    assert large["size_fraction"] == pytest.approx(1.545) and large["method_family"] == "pruning"
    assert "teacher" in unplaced[0]["reason"] and unplaced[0]["line_no"] == 61


# ----------------------------------------------------------------------------- analysis


def pt(model, size, mnli, drop="", family="pruning", line_no=1):
    return {"source_file": "doc.txt", "line_no": line_no, "model": model, "method_family": family,
            "size_fraction": size, "size_text": "", "size_conversion": "", "mnli": mnli,
            "baseline_mnli": "", "drop": drop, "raw": "", "on_pareto": False, "table_id": "t"}


def test_pareto_front():
    points = [pt("a", 0.1, "80"), pt("b", 0.2, "79"), pt("c", 0.5, "83"), pt("d", 0.5, "83"),
              pt("e", 1.0, "82"), pt("f", 0.05, "70")]
    assert pareto_front(points) == [True, False, True, True, False, True]


def test_pareto_equal_size_keeps_only_the_more_accurate():
    assert pareto_front([pt("a", 0.5, "80"), pt("b", 0.5, "81")]) == [False, True]


def test_bins():
    assert [bin_label(x) for x in (0.05, 0.1, 0.2, 0.25, 0.3, 1.0, 1.5)] == [
        "<=0.1", "<=0.1", "0.1-0.25", "0.1-0.25", "0.25-0.5", "0.5-1", ">1"]


def test_rank_methods_order_within_bins():
    points = [
        pt("base", 1.0, "84.6", "0.0", family="baseline"),
        pt("x", 0.2, "80", "4.0"),
        pt("y", 0.15, "83", "1.5", family="distillation"),
        pt("z", 0.24, "82", "1.5", family="quantization"),
        pt("w", 0.05, "71", "13.0"),
        pt("nobase", 0.2, "85", ""),
        pt("gpt", 1.0, "80.7", "3.9", family="other architecture"),
    ]
    ranking = rank_methods(points)
    assert all(set(r) == set(RANKING_COLUMNS) for r in ranking)
    assert [(r["size_bin"], r["rank"], r["model"]) for r in ranking] == [
        ("<=0.1", 1, "w"),
        ("0.1-0.25", 1, "y"),  # tie on drop: higher MNLI first
        ("0.1-0.25", 2, "z"),
        ("0.1-0.25", 3, "x"),
        ("0.1-0.25", "", "nobase"),  # no baseline: listed, not ranked
    ]


# ----------------------------------------------------------------------------- figure


def test_draw_synthesis_writes_deterministic_files(tmp_path, cfg):
    points = [pt("Compound", 0.013, "84.4", "0.2", family="compound"), pt("RPP", 1.258, "86.1", "0.0"),
              pt("DualTrain", 0.1742, "78.1", "5.9", family="distillation"),
              pt("BERT-base", 1.0, "84.6", "0.0", family="baseline")]
    points[3]["table_id"] = ""  # drawn as a survey note
    for p, kind in zip(points, (EVIDENCE_RELATIVE, EVIDENCE_PARAMS, EVIDENCE_RELATIVE, EVIDENCE_NOTE)):
        p["evidence"] = kind
    for p, on in zip(points, pareto_front(points)):
        p["on_pareto"] = on
    out = []
    for run in ("a", "b"):
        paths = [tmp_path / run / f"s.{ext}" for ext in ("pdf", "png", "svg")]
        summary = draw_synthesis(points, dict(zip(("pdf", "png", "svg"), paths)), style_path=None, cfg=cfg, ranking=rank_methods(points))
        out.append([p.read_bytes() for p in paths])
    assert summary["n_points"] == 4 and summary["n_pareto"] == 3
    assert out[0] == out[1]  # byte-identical on a second run
    pdf, png, svg = out[0]
    assert pdf.startswith(b"%PDF") and b"CreationDate" not in pdf
    assert png.startswith(b"\x89PNG") and b"Software" not in png
    assert b"<dc:date>" not in svg
    assert not list((tmp_path / "a").glob(".*tmp"))  # atomic: no temporaries left


def test_roundtrip_failure_raises():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    points = [pt("a", 0.1, "80"), pt("b", 0.5, "83")]
    fig, ax = plt.subplots()
    try:
        ax.scatter([0.1, 0.5], [80.0, 83.0], gid="synthesis-points-pruning-table")
        roundtrip_check(ax, points)  # agrees
        with pytest.raises(PaperfigError, match="2 points plotted, 3 gathered"):
            roundtrip_check(ax, points + [pt("c", 0.2, "81")])
        with pytest.raises(PaperfigError, match="plotted"):
            roundtrip_check(ax, [pt("a", 0.1, "80"), pt("b", 0.5, "84")])
    finally:
        plt.close(fig)


def test_no_pairs_draws_a_note_instead_of_failing(tmp_path):
    # a corpus of chart descriptions only has no (size, MNLI) pair: the run must still finish
    from paperfig.synthesis import draw_synthesis

    paths = [tmp_path / f"s.{ext}" for ext in ("pdf", "png", "svg")]
    summary = draw_synthesis([], dict(zip(("pdf", "png", "svg"), paths)))
    assert summary["n_points"] == 0 and all(p.stat().st_size > 0 for p in paths)


def _drawn(points, cfg, monkeypatch, ranking=None):
    """Draw ``points`` and return what the saved figure shows: the scatter collections of
    the points (offsets, face colours, marker paths) and the legend (texts, inside or not)."""
    import numpy as np

    import paperfig.synthesis as synthesis

    seen = {}

    def capture(fig, outputs):
        (ax,) = fig.axes
        colls = [c for c in ax.collections if (c.get_gid() or "").startswith("synthesis-points")]
        seen["offsets"] = np.concatenate([np.asarray(c.get_offsets(), dtype=float) for c in colls])
        seen["colours"] = np.concatenate([c.get_facecolors()[:, :3] for c in colls])
        seen["paths"] = [tuple(map(tuple, path.vertices.round(3))) for c in colls for path in c.get_paths()]
        legend = ax.get_legend()
        seen["legend"] = [t.get_text() for t in legend.get_texts()]
        seen["bold"] = [t.get_text() for t in legend.get_texts() if t.get_fontweight() == "bold"]
        seen["legend_inside"] = legend.get_bbox_to_anchor().bounds == ax.bbox.bounds

    monkeypatch.setattr(synthesis, "_save_all", capture)
    synthesis.draw_synthesis(points, {"png": "unused.png"}, cfg=cfg, ranking=ranking)
    return seen


def test_figure_shows_family_by_colourblind_colour_and_evidence_by_shape(cfg, monkeypatch):
    import seaborn as sns

    from paperfig.synthesis import EVIDENCE_LEGEND

    points = [pt("DualTrain", 0.17, "78.1", family="distillation"), pt("TinyBERT", 0.13, "82.5", family="distillation"),
              pt("MobileBERT", 0.23, "83.3", family="distillation"), pt("RPP", 0.36, "81.4"),
              pt("BERT-base", 1.0, "84.6", family="baseline"), pt("Note 1/6", 0.167, "78", family="distillation")]
    for p, kind in zip(points, (EVIDENCE_RELATIVE, EVIDENCE_RELATIVE, EVIDENCE_PARAMS, EVIDENCE_RELATIVE,
                                EVIDENCE_BASE_ROW, EVIDENCE_NOTE)):
        p["evidence"] = kind
    points[5]["table_id"] = ""
    seen = _drawn(points, cfg, monkeypatch)
    order = {(round(x, 6), round(y, 6)): i for i, (x, y) in enumerate(seen["offsets"])}
    at = [order[(round(float(p["size_fraction"]), 6), round(float(p["mnli"]), 6))] for p in points]
    blind = sns.color_palette("colorblind")
    fixed = cfg["figure"]["family_colours"]
    assert seen["colours"][at[0]] == pytest.approx(blind[fixed["distillation"]])
    assert seen["colours"][at[3]] == pytest.approx(blind[fixed["pruning"]])
    assert seen["colours"][at[4]] == pytest.approx((0.05, 0.05, 0.05))  # the base model: black
    # one marker shape per kind of evidence, the same shape for the same kind
    shapes = [seen["paths"][i] for i in at]
    assert shapes[0] == shapes[1] == shapes[3]
    assert len({shapes[0], shapes[2], shapes[4], shapes[5]}) == 4
    # the legend names the families and the kinds of evidence under bold headings
    assert seen["bold"] == ["method family", "size from"]
    for text in ("distillation", "pruning", "baseline", EVIDENCE_LEGEND[EVIDENCE_PARAMS],
                 EVIDENCE_LEGEND[EVIDENCE_NOTE]):
        assert text in seen["legend"]
    assert "Pareto front" not in seen["legend"]  # no front marked in these points


def test_points_without_evidence_are_drawn_from_their_table_id(cfg, monkeypatch):
    from paperfig.synthesis import EVIDENCE_LEGEND, EVIDENCE_TABLE, evidence_of

    a, b = pt("a", 0.1, "80"), pt("b", 0.5, "83")
    b["table_id"] = ""
    assert (evidence_of(a), evidence_of(b)) == (EVIDENCE_TABLE, EVIDENCE_NOTE)
    seen = _drawn([a, b], cfg, monkeypatch)
    assert EVIDENCE_LEGEND[EVIDENCE_TABLE] in seen["legend"] and len(set(seen["paths"])) == 2


def test_legend_inside_only_where_it_covers_no_point(cfg, monkeypatch):
    # two points low on the left: the legend finds room inside
    few = [pt("a", 0.02, "70"), pt("b", 0.03, "71")]
    assert _drawn(few, cfg, monkeypatch)["legend_inside"]
    # points over the whole plot: the legend goes outside, right of the axes
    spread = [pt(f"m{i}{j}", 0.012 * 2 ** i, str(70 + 2 * j)) for i in range(8) for j in range(8)]
    assert not _drawn(spread, cfg, monkeypatch)["legend_inside"]


def test_unknown_palette_is_a_config_error(cfg):
    bad = {**cfg, "figure": {**cfg["figure"], "palette": "no-such-palette"}}
    with pytest.raises(ConfigError, match=r"synthesis.yaml: figure.palette 'no-such-palette'"):
        draw_synthesis([pt("a", 0.1, "80")], {"png": "unused.png"}, cfg=bad)


def test_palette_colours_are_seaborns():
    import seaborn as sns

    from paperfig.synthesis import palette_colours

    for name, n in (("colorblind", 12), ("Set2", 4)):
        ours, theirs = palette_colours(name, n), list(sns.color_palette(name, n))
        assert len(ours) == n and ours == [tuple(c) for c in theirs], name


def test_reading_the_config_does_not_import_seaborn():
    # only the drawing pays seaborn's import (about a second of start-up, scipy kept out)
    code = ("import sys; from paperfig.synthesis import load_synthesis_config; "
            f"load_synthesis_config({str(CONFIG)!r}); "
            "assert 'seaborn' not in sys.modules and 'matplotlib' not in sys.modules, 'imported'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT / "workflow")})
    assert result.returncode == 0, result.stderr


def test_labels_avoid_only_nearby_points_in_a_crowded_figure():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from paperfig.synthesis import ALL_OBSTACLES_UP_TO, _label_iterations, _obstacles_near

    fig, ax = plt.subplots()
    try:
        ax.set_xlim(0, 100)
        ax.set_ylim(0, 100)
        few = [float(i) for i in range(50)]
        assert _obstacles_near(ax, few, few, [(1.0, 1.0)]) == (few, few)  # small figure: every point
        xs = [float(i % 100) for i in range(ALL_OBSTACLES_UP_TO + 500)]
        ys = [float(i // 100) * 10 for i in range(ALL_OBSTACLES_UP_TO + 500)]
        near_x, near_y = _obstacles_near(ax, xs, ys, [(0.0, 0.0), (99.0, 70.0)], nearest=5)
        assert 5 <= len(near_x) <= 10
        assert all(x <= 10 or x >= 89 for x in near_x)  # only points around the two labels
    finally:
        plt.close(fig)
    assert _label_iterations(10, 20) == 1000 and _label_iterations(30, 500) == 200
    assert 200 < _label_iterations(27, 122) < 1000


def test_a_model_name_with_dollars_is_drawn_literally():
    from paperfig.synthesis import _label_text

    assert _label_text({"model": "Cost ($) model $\\foo$"}, 40) == r"Cost (\$) model \$\foo\$"
