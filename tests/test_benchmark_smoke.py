"""The synthetic benchmark corpus parses and every value it expects is recovered; the floor
plans the same jobs as the real workflow (dry runs only)."""

from __future__ import annotations

import collections
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import make_corpus  # noqa: E402
import run_benchmark  # noqa: E402
from paperfig.documents import read_document  # noqa: E402
from paperfig.parse import parse_document  # noqa: E402


def _aliases() -> dict:
    if importlib.util.find_spec("paperfig.aliases") is None:
        return {}
    from paperfig.aliases import load_aliases

    return load_aliases(ROOT / "config" / "header_aliases.yaml")


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    out = tmp_path_factory.mktemp("corpus")
    expected = make_corpus.write_corpus(out, n=6, seed=7)
    return out, expected


def test_corpus_files_and_expected(corpus):
    out, expected = corpus
    files = sorted(p.name for p in (out / "data" / "raw").iterdir())
    assert files == sorted(expected["documents"])
    assert len(files) == 6
    assert json.loads((out / "expected.json").read_text()) == expected
    shapes = collections.Counter(d["shape"] for d in expected["documents"].values())
    assert shapes == {"chart": 4, "page": 1, "slides": 1}  # SHAPES in turn: 3 chart styles, page, slides
    for doc in expected["documents"].values():
        assert doc["points"] or doc["table_values"]


def test_corpus_is_seeded():
    a = make_corpus.generate(6, seed=7)
    b = make_corpus.generate(6, seed=7)
    c = make_corpus.generate(6, seed=8)
    assert [d.text for d in a] == [d.text for d in b]
    assert [d.text for d in a] != [d.text for d in c]


def test_every_expected_value_is_recovered(corpus):
    out, expected = corpus
    aliases = _aliases()
    for name, want in expected["documents"].items():
        parsed = parse_document(read_document(out / "data" / "raw" / name), aliases)
        assert parsed["shape"] == want["shape"], name
        points = collections.Counter((r["line_no"], r["x"], r["y"]) for r in parsed["points"])
        values = collections.Counter((r["line_no"], r["value"]) for r in parsed["table_values"])
        missing_points = collections.Counter(tuple(p) for p in want["points"]) - points
        missing_values = collections.Counter(tuple(v) for v in want["table_values"]) - values
        assert not missing_points, (name, sorted(missing_points)[:5])
        assert not missing_values, (name, sorted(missing_values)[:5])
        assert len(parsed["axes"]) == (1 if want["shape"] == "chart" else 0)
        if want["shape"] != "chart":
            assert 1 <= len(parsed["tables"]) <= 4


def test_expected_lines_hold_their_values(corpus):
    out, expected = corpus
    for name, want in expected["documents"].items():
        lines = (out / "data" / "raw" / name).read_text(encoding="utf-8").split("\n")
        for line_no, x, y in want["points"]:
            assert x in lines[line_no - 1] and y in lines[line_no - 1]
        for line_no, value in want["table_values"]:
            assert value in lines[line_no - 1]


def test_prepare_workdir_copies_sources_not_outputs(tmp_path):
    seeds = make_corpus.prepare_workdir(tmp_path / "w5", 5)
    assert seeds is None
    raw = sorted(p.name for p in (tmp_path / "w5" / "data" / "raw").iterdir())
    assert raw == sorted(p.name for p in (ROOT / "data" / "raw").iterdir() if not p.name.startswith("."))
    assert (tmp_path / "w5" / "Snakefile").is_file()
    assert (tmp_path / "w5" / "config" / "config.yaml").is_file()
    assert (tmp_path / "w5" / "workflow" / "rules").is_dir()
    for generated in (".git", ".snakemake", "figures", "logs", "data/processed", "tests", "benchmarks"):
        assert not (tmp_path / "w5" / generated).exists()
    assert not any((tmp_path / "w5" / "report").iterdir())
    expected = make_corpus.prepare_workdir(tmp_path / "w7", 7, seed=1)
    assert len(expected["documents"]) == 7
    assert len(list((tmp_path / "w7" / "data" / "raw").iterdir())) == 7
    assert "003_" not in (tmp_path / "w7" / "config" / "corrections.yaml").read_text()


def test_the_floor_plans_the_same_jobs_as_the_real_workflow(tmp_path):
    from workflow_helpers import planned_jobs

    work, floor = tmp_path / "w5", tmp_path / "w5-floor"
    make_corpus.prepare_workdir(work, 5)
    manifests, _ = run_benchmark.document_manifests(work)
    run_benchmark.prepare_floor(floor, work, manifests)
    real = planned_jobs(work)
    assert real.get("extract_document") == 5 and any(rule.startswith("render_") for rule in real)
    assert planned_jobs(floor) == real
