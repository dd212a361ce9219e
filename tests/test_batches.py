"""The DAG-time outline cache, the grouping of documents into render jobs, and render jobs that
redraw only what changed."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from paperfig.batches import (
    batch_items,
    extract_batches,
    extract_context,
    extract_items,
    render_batches,
    render_context,
    run_batch,
    run_extract_batch,
)
from paperfig.errors import ConfigError
from paperfig.workflow_support import (
    check_figure_formats,
    document_outlines,
    remove_orphan_outputs,
)

CHART = """## Scatter Plot: Glue Score vs. Size
### Components/Axes
* **X-axis:** Size (MB), ranging from approximately 8 MB to 200 MB.
* **Y-axis:** Glue Score, ranging from approximately 82.0 to 84.0.
### Detailed Analysis
* **Alpha (Orange):** This series shows an upward trend.
* At approximately 8 MB, the Glue Score is around {value}.
* At approximately 16 MB, the Glue Score is around 83.6.
"""
PAGE = """Table 1: Results on the dev set.
Model\tMNLI\tQQP
BERT-base\t84.0\t89.2
TinyBERT\t82.5\t89.8
"""


@pytest.fixture
def corpus(tmp_path):
    raw = tmp_path / "raw"
    raw.mkdir()
    (raw / "a_chart.md").write_text(CHART.format(value="82.2"), encoding="utf-8")
    (raw / "b_page.txt").write_text(PAGE, encoding="utf-8")
    (raw / "c_bad.txt").write_bytes(b"\x89PNG\r\n\x00\x00")
    aliases = tmp_path / "aliases.yaml"
    aliases.write_text("aliases: []\n", encoding="utf-8")
    docs = {p.stem: str(p) for p in sorted(raw.iterdir())}
    return docs, aliases, tmp_path / "cache.json"


def test_outlines_give_shape_and_ids_and_an_empty_outline_for_a_bad_document(corpus):
    docs, aliases, cache = corpus
    outlines = document_outlines(docs, aliases, cache)
    assert outlines["a_chart"] == {"shape": "chart", "figures": ["a_chart-fig1"], "tables": []}
    assert outlines["b_page"]["shape"] == "page" and outlines["b_page"]["tables"] == ["b_page-tab1"]
    bad = outlines["c_bad"]
    assert bad["figures"] == bad["tables"] == [] and "binary file" in bad["error"]


def test_the_outline_skips_the_accounting_and_gives_the_same_manifest(monkeypatch):
    """The pre-parse reads without accounting for every number (``account=False``): the same
    shape and figure and table ids as the extract job's full read, on every kind of corpus
    document; the accounting is not run at all."""
    from paperfig import coverage
    from paperfig.documents import read_document
    from paperfig.parse import manifest, parse_document
    from paperfig.workflow_support import outline_document

    root = Path(__file__).resolve().parent
    paths = sorted(p for p in (root / "corpus").iterdir() if p.suffix != ".yaml")
    paths += sorted(p for d in ("corpus_blind", "corpus_blind10", "corpus_blind100") for p in (root / d).iterdir()
                    if p.suffix not in (".yaml", ".json"))
    full = {p: manifest(parse_document(read_document(p), {})) for p in paths}
    assert sum(bool(m["figures"]) for m in full.values()) >= 20 and sum(bool(m["tables"]) for m in full.values()) >= 20
    monkeypatch.setattr(coverage, "account", lambda *a, **k: pytest.fail("the outline accounted for numbers"))
    for path in paths:
        outline = outline_document(path, {})
        assert outline == {k: full[path][k] for k in ("shape", "figures", "tables")}, path
        assert parse_document(read_document(path), {}, account=False)["coverage"] == {}


def test_outlines_are_cached_by_content(corpus, monkeypatch):
    docs, aliases, cache = corpus
    first = document_outlines(docs, aliases, cache)
    assert set(json.loads(cache.read_text())) == set(docs)
    calls = []
    import paperfig.workflow_support as support

    real = support.outline_document
    monkeypatch.setattr(support, "outline_document", lambda path, al: calls.append(path) or real(path, al))
    assert document_outlines(docs, aliases, cache) == first and calls == []  # all from the cache
    os.utime(docs["a_chart"])  # a touch is not an edit
    assert document_outlines(docs, aliases, cache) == first and calls == []
    with open(docs["a_chart"], "a", encoding="utf-8") as handle:
        handle.write("* At approximately 32 MB, the Glue Score is around 83.9.\n")
    document_outlines(docs, aliases, cache)
    assert calls == [docs["a_chart"]]  # only the edited document is parsed again
    aliases.write_text("aliases: []\n# edited\n", encoding="utf-8")
    document_outlines(docs, aliases, cache)
    assert len(calls) == 1 + len(docs)  # the alias table is part of every key


def test_many_new_documents_are_outlined_by_several_processes_with_the_same_result(tmp_path, capsys):
    raw = tmp_path / "raw"
    raw.mkdir()
    for i in range(59):  # charts and pages alternating, and one that does not parse
        (raw / f"d{i:02d}.md").write_text(CHART.format(value=f"82.{i % 10}") if i % 2 else PAGE, encoding="utf-8")
    (raw / "d59.txt").write_bytes(b"\x89PNG\r\n\x00\x00")
    aliases = tmp_path / "aliases.yaml"
    aliases.write_text("aliases: []\n", encoding="utf-8")
    docs = {p.stem: str(p) for p in sorted(raw.iterdir())}
    alone = document_outlines(docs, aliases, tmp_path / "one.json", workers=1)
    assert "processes" not in capsys.readouterr().err  # read here, nothing said
    pooled = document_outlines(docs, aliases, tmp_path / "two.json", workers=2)
    assert "reading the outline of 60 new or edited documents (2 processes)" in capsys.readouterr().err
    assert pooled == alone and list(pooled) == list(docs)  # the same outlines, in the documents' order
    assert alone["d01"]["figures"] == ["d01-fig1"] and alone["d02"]["tables"] == ["d02-tab1"]
    assert "binary file" in alone["d59"]["error"]
    assert json.loads((tmp_path / "two.json").read_text()) == json.loads((tmp_path / "one.json").read_text())


def test_a_broken_cache_file_is_ignored(corpus):
    docs, aliases, cache = corpus
    cache.write_text("{not json", encoding="utf-8")
    assert document_outlines(docs, aliases, cache)["a_chart"]["figures"] == ["a_chart-fig1"]
    assert json.loads(cache.read_text())  # rewritten


def _outlines(n_charts, n_pages):
    outlines = {f"c{i:03d}": {"shape": "chart", "figures": [f"c{i:03d}-fig1"], "tables": []} for i in range(n_charts)}
    outlines.update({f"p{i:03d}": {"shape": "page", "figures": [], "tables": [f"p{i:03d}-tab1"]}
                     for i in range(n_pages)})
    outlines["bad"] = {"shape": None, "figures": [], "tables": [], "error": "x"}
    return outlines


def test_batches_split_kinds_cover_every_document_once_and_use_two_jobs_at_least():
    batches = render_batches(_outlines(3, 2), documents_per_job=16, min_jobs=2)
    assert [b["name"] for b in batches] == ["figures_1", "figures_2", "tables_1", "tables_2"]
    assert [d for b in batches if b["kind"] == "figures" for d in b["docs"]] == ["c000", "c001", "c002"]
    assert all(b["docs"] for b in batches) and "bad" not in {d for b in batches for d in b["docs"]}
    large = render_batches(_outlines(300, 1), documents_per_job=16, min_jobs=2)
    sizes = [len(b["docs"]) for b in large if b["kind"] == "figures"]
    assert len(sizes) == 19 and max(sizes) <= 16 and max(sizes) - min(sizes) <= 1 and sum(sizes) == 300
    assert [b["docs"] for b in large if b["kind"] == "tables"] == [["p000"]]
    with pytest.raises(ConfigError):
        render_batches(_outlines(1, 1), documents_per_job=0)


def test_extract_groups_keep_charts_apart_and_cover_every_document_once():
    batches = extract_batches(_outlines(3, 2), documents_per_job=32, min_jobs=2)
    assert [b["name"] for b in batches] == ["charts_1", "charts_2", "pages_1", "pages_2"]
    charts = [d for b in batches if b["name"].startswith("charts") for d in b["docs"]]
    pages = [d for b in batches if b["name"].startswith("pages") for d in b["docs"]]
    assert charts == ["c000", "c001", "c002"] and pages == ["bad", "p000", "p001"]  # a refused one too
    large = extract_batches(_outlines(100, 40), documents_per_job=32, min_jobs=2)
    sizes = {b["name"]: len(b["docs"]) for b in large}
    assert sizes == {"charts_1": 25, "charts_2": 25, "charts_3": 25, "charts_4": 25, "pages_1": 20, "pages_2": 21}
    assert extract_batches({}, 32, 2) == []
    with pytest.raises(ConfigError, match="extract.documents_per_job"):
        extract_batches(_outlines(1, 1), documents_per_job=0)


def _raw_items(tmp_path, texts, corrections=None):
    raw = tmp_path / "raw"
    raw.mkdir(exist_ok=True)
    entries = []
    for name, text in texts.items():
        (raw / name).write_text(text, encoding="utf-8")
        entries.append((name.split(".")[0], str(raw / name), str(tmp_path / f"{name}.log")))
    return extract_items(entries, str(tmp_path / "processed"), corrections or {})


def _fake_extract(read):
    def extract(item):
        read.append(item.doc_id)
        return {"text": Path(item.raw).read_text(encoding="utf-8"), "corrections": item.corrections}
    return extract


def test_an_extract_job_rereads_only_the_document_whose_input_changed(tmp_path):
    read: list[str] = []
    context = extract_context(None, {"fail_on_error": True})
    items = _raw_items(tmp_path, {"a.txt": "one", "b.txt": "two"})
    assert items[0].checked.endswith("processed/docs/a/checked.json") and items[1].log.endswith("b.txt.log")
    assert run_extract_batch(items, _fake_extract(read), context) == {"extracted": ["a", "b"], "kept": []}
    b_checked = Path(items[1].checked).read_bytes()
    items = _raw_items(tmp_path, {"a.txt": "one, edited", "b.txt": "two"})
    assert run_extract_batch(items, _fake_extract(read), context) == {"extracted": ["a"], "kept": ["b"]}
    assert read == ["a", "b", "a"] and Path(items[1].checked).read_bytes() == b_checked
    assert json.loads(Path(items[0].checked).read_text())["text"] == "one, edited"
    # b's own correction entries, the settings or paperfig's code (the context) re-read it
    entry = {"file": "b.txt", "line": 1, "printed": "two", "corrected": "2", "reason": "r"}
    items = _raw_items(tmp_path, {"a.txt": "one, edited", "b.txt": "two"}, {"b.txt": [entry]})
    assert run_extract_batch(items, _fake_extract(read), context)["extracted"] == ["b"]
    other = extract_context(None, {"fail_on_error": False})
    assert run_extract_batch(items, _fake_extract(read), other)["extracted"] == ["a", "b"]
    # a missing checked.json is written again; a kept document whose log is gone gets one line
    os.remove(items[0].checked)
    os.remove(items[1].log) if os.path.exists(items[1].log) else None
    assert run_extract_batch(items, _fake_extract(read), other) == {"extracted": ["a"], "kept": ["b"]}
    assert "unchanged since it was last read, kept" in Path(items[1].log).read_text()


def test_in_an_extract_job_a_bad_document_or_a_bug_is_recorded_and_the_others_are_read(tmp_path, monkeypatch,
                                                                                        caplog):
    """One document that cannot be read, or that meets a bug of paperfig's, is recorded as
    "not read" (its log says why) and never takes its job's other documents down with it."""
    import paperfig.extract as extract_module
    from paperfig.extract import extract_logged

    caplog.set_level(logging.INFO, logger="paperfig")  # as the job's logging is set up
    items = _raw_items(tmp_path, {"a_chart.md": CHART.format(value="82.2"), "b_empty.txt": "",
                                  "c_page.txt": PAGE})
    real_read = extract_module.read_and_check

    def buggy(raw, *args, **kwargs):
        if Path(raw).name == "c_page.txt":
            raise KeyError("a bug")
        return real_read(raw, *args, **kwargs)

    monkeypatch.setattr(extract_module, "read_and_check", buggy)
    done = run_extract_batch(items, lambda item: extract_logged(item.raw, item.log, {}, [], {}),
                             extract_context(None, {}))
    assert done == {"extracted": ["a_chart", "b_empty", "c_page"], "kept": []}
    chart, empty, page = (json.loads(Path(item.checked).read_text()) for item in items)
    assert [p["y"] for p in chart["points"]] == ["82.2", "83.6"]
    for doc in (empty, page):
        assert not doc["points"] and [c["check"] for c in doc["checks"]] == ["document_not_read"]
    assert "internal error in paperfig" in page["checks"][0]["message"] and "KeyError" in page["checks"][0]["message"]
    assert "Traceback" in Path(items[2].log).read_text() and "a bug" in Path(items[2].log).read_text()
    assert "ERROR b_empty.txt" in Path(items[1].log).read_text()
    assert "a_chart.md: chart, 2 points" in Path(items[0].log).read_text()
    assert "a_chart.md" not in Path(items[1].log).read_text()  # each document's log holds its own messages


def test_figure_formats_must_include_what_the_report_embeds():
    assert check_figure_formats(["pdf", "png", "svg", "png"]) == ("pdf", "png", "svg")
    with pytest.raises(ConfigError, match="png"):
        check_figure_formats(["pdf", "svg"])


def _items(tmp_path, docs):
    entries = []
    for doc_id, payload in docs.items():
        checked = tmp_path / "docs" / doc_id / "checked.json"
        checked.parent.mkdir(parents=True, exist_ok=True)
        checked.write_text(json.dumps(payload), encoding="utf-8")
        entries.append((doc_id, str(checked), [f"{doc_id}-tab1"]))
    return batch_items("tables", entries, str(tmp_path / "figures"), str(tmp_path / "docs"), str(tmp_path / "report"), ())


def _fake_draw(drawn):
    def draw(doc, table_id, outputs):
        drawn.append(table_id)
        for path in outputs.values():
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(json.dumps(doc))
    return draw


def test_a_rerun_redraws_only_the_document_whose_input_changed(tmp_path):
    items = _items(tmp_path, {"a": {"v": 1}, "b": {"v": 2}})
    drawn: list[str] = []
    context = render_context("tables", None, ())
    assert run_batch("tables", items, _fake_draw(drawn), context) == {"rendered": ["a", "b"], "kept": []}
    b_html = items[1].outputs["b-tab1"]["html"]
    before = os.stat(b_html)
    items = _items(tmp_path, {"a": {"v": 10}, "b": {"v": 2}})  # only a's checked data changed
    os.utime(b_html, (before.st_atime - 100, before.st_mtime - 100))
    done = run_batch("tables", items, _fake_draw(drawn), context)
    assert done == {"rendered": ["a"], "kept": ["b"]} and drawn == ["a-tab1", "b-tab1", "a-tab1"]
    after = os.stat(b_html)
    assert after.st_ino == before.st_ino and after.st_mtime > before.st_mtime - 100  # kept, touched
    # a missing output, or another context (style, formats, code), redraws
    os.remove(b_html)
    assert run_batch("tables", items, _fake_draw(drawn), context)["rendered"] == ["b"]
    assert run_batch("tables", items, _fake_draw(drawn), context + "x")["rendered"] == ["a", "b"]


def test_outputs_no_longer_declared_are_removed_and_nothing_else(tmp_path, monkeypatch):
    """Clean-up removes only files an earlier run declared (a document gone, a format no
    longer configured); a user's file named like paperfig's stays (tests/test_user_files.py
    covers whole builds)."""
    monkeypatch.chdir(tmp_path)
    figures = tmp_path / "figures"
    figures.mkdir()
    for name in ("a-fig1.pdf", "a-fig1.png", "a-fig1.svg", "gone-fig1.pdf", "intro-fig1.pdf", "notes.txt"):
        (figures / name).write_text("x")
    record = tmp_path / "written.json"
    remove_orphan_outputs(["figures/a-fig1.pdf", "figures/a-fig1.png", "figures/a-fig1.svg",
                           "figures/gone-fig1.pdf"], record)
    removed = remove_orphan_outputs(["figures/a-fig1.pdf", "figures/a-fig1.png"], record)
    assert sorted(removed) == ["figures/a-fig1.svg", "figures/gone-fig1.pdf"]
    assert sorted(p.name for p in figures.iterdir()) == ["a-fig1.pdf", "a-fig1.png", "intro-fig1.pdf", "notes.txt"]


def test_the_pre_parse_is_quiet_the_extract_job_reports_parse_notes(tmp_path, caplog):
    raw = tmp_path / "a.md"
    raw.write_text(CHART.format(value="8.2.1"), encoding="utf-8")  # an unreadable value: a parse note
    aliases = tmp_path / "aliases.yaml"
    aliases.write_text("aliases: []\n", encoding="utf-8")
    from paperfig.documents import read_document
    from paperfig.parse import parse_document

    with caplog.at_level("INFO", logger="paperfig"):
        parse_document(read_document(raw), {})
    assert any(r.levelname == "WARNING" for r in caplog.records)  # the parser does report it ...
    caplog.clear()
    with caplog.at_level("INFO", logger="paperfig"):
        outlines = document_outlines({"a": str(raw)}, aliases, tmp_path / "cache.json")
    assert outlines["a"]["figures"] == ["a-fig1"]
    assert not caplog.records  # ... but not when the Snakefile is read


def test_a_figure_job_writes_the_copy_report_tex_includes(tmp_path):
    """The render job, not the report job, copies each figure's PDF into report/figures/ (the
    report job would otherwise be Snakemake's costliest job to record: every figure is one of
    its outputs and every rendered file one of its inputs)."""
    from paperfig.batches import REPORT_FIGURES, draw_figure_files, figure_outputs
    from paperfig.extract import extract_document
    from paperfig.report import REPORT_FIGURES as REPORT_INCLUDES

    assert REPORT_FIGURES == REPORT_INCLUDES
    assert figure_outputs("a-fig1", "figs", "proc", "rep", ("pdf", "png")) == {
        "pdf": "figs/a-fig1.pdf", "png": "figs/a-fig1.png", "json": "proc/figures/a-fig1.json",
        "report": "rep/figures/a-fig1.pdf"}
    raw = tmp_path / "a_chart.md"
    raw.write_text(CHART.format(value="82.2"), encoding="utf-8")
    _, checked = extract_document(raw, {}, [], {})
    checked_file = tmp_path / "checked.json"
    checked_file.write_text(json.dumps(checked), encoding="utf-8")
    items = batch_items("figures", [("a_chart", str(checked_file), ["a_chart-fig1"])], str(tmp_path / "figures"),
                        str(tmp_path / "processed"), str(tmp_path / "report"), ("pdf", "png"))
    done = run_batch("figures", items, draw_figure_files(None), render_context("figures", None, ("pdf", "png")))
    assert done == {"rendered": ["a_chart"], "kept": []}
    copy = tmp_path / "report" / "figures" / "a_chart-fig1.pdf"
    assert copy.read_bytes() == (tmp_path / "figures" / "a_chart-fig1.pdf").read_bytes()
