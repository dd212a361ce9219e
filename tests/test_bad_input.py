"""Bad input gets a clear message naming the file (and line), nothing is lost, nothing crashes.

Most tests run the extract entry point (workflow/scripts/extract_document.py) as a subprocess,
exactly as the workflow does: a refused document exits 1 with one line
``ERROR <file>[:<line>]: <message>`` on stderr, no traceback and no output file; a document
with unreadable values parses (exit 0) and records each unread value as a parse note
(``WARNING <file>:<line>: <kind>: ...`` on stderr, a row of parse_notes.csv).
The one end-to-end test runs the workflow with --keep-going on a copy holding bad documents
beside the seeds; documents that are odd but valid (file names with spaces and accents, the
same figure in two files, documents added and removed between runs) go through the whole
workflow in the shared build of tests/conftest.py (``odd_build``).

tests/BAD_INPUT.md summarises what each bad input gets.
"""

from __future__ import annotations

import codecs
import csv
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from paperfig.documents import MAX_DOCUMENT_BYTES, decode_bytes, doc_id_for, read_document
from paperfig.errors import ConfigError
from paperfig.parse import manifest as outline_ids
from paperfig.parse import parse_document
from paperfig.workflow_support import discover_documents
from workflow_helpers import ROOT, checksums, copy_repo, snakemake

PARSE = ROOT / "workflow" / "scripts" / "extract_document.py"
RAW = ROOT / "data" / "raw"
SEEDS = sorted(p for p in RAW.iterdir() if p.is_file() and not p.name.startswith("."))

CHART = """## Scatter Plot: Glue Score vs. Size
### Components/Axes
* **X-axis:** Size (MB), ranging from approximately 8 MB to 200 MB.
* **Y-axis:** Glue Score, ranging from approximately 82.0 to 84.0.
### Detailed Analysis
* **Alpha (Orange):** This series shows an upward trend.
* At approximately 8 MB, the Glue Score is around {value}.
* At approximately 16 MB, the Glue Score is around 83.6.
"""
CHART_POINT_LINE = 7

PAGE = """RESULTS OF A SMALL MODEL STUDY
Table 1: Results on the dev set.
Model\tMNLI\tQQP\tSST-2
BERT-base\t84.0\t{value}\t93.5
TinyBERT\t82.5\t89.8\t92.6
"""
PAGE_CELL_LINE = 4

BAD_NUMBERS = ["8.2.1", "1e400", "NaN", "--", "８２.２"]


def run_parse(path: Path, *extra: str) -> subprocess.CompletedProcess:
    out = path.parent / "out"
    return subprocess.run(
        [sys.executable, str(PARSE), str(path), str(out / "parsed.json"), str(out / "manifest.json"),
         "--checked", str(out / "checked.json"), *extra],
        capture_output=True, text=True, cwd=path.parent, timeout=120)


def write(tmp_path: Path, name: str, data: bytes | str) -> Path:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def assert_refused(result: subprocess.CompletedProcess, path: Path, where: str, *words: str) -> None:
    """A document that cannot be read is data, not a failed job: exit 0, one clean ERROR line
    naming ``where`` (file or file:line), no traceback, and outputs with no records (the
    checked record holds one ``document_not_read`` error with the same file, line and message)."""
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    errors = [line for line in result.stderr.splitlines() if line.startswith("ERROR ")]
    assert len(errors) == 1, result.stderr
    assert errors[0].startswith(f"ERROR {where}: "), errors[0]
    for word in words:
        assert word in errors[0], errors[0]
    out = path.parent / "out"
    parsed = json.loads((out / "parsed.json").read_text(encoding="utf-8"))
    assert parsed["source_file"] == path.name
    assert not parsed["points"] and not parsed["table_values"] and not parsed["axes"]
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["figures"] == [] and manifest["tables"] == []
    checked = json.loads((out / "checked.json").read_text(encoding="utf-8"))
    assert [c["check"] for c in checked["checks"]] == ["document_not_read"]
    finding = checked["checks"][0]
    assert finding["severity"] == "error" and finding["source_file"] == path.name
    line = where.split(":", 1)[1] if ":" in where else ""
    assert str(finding["line_no"]) == line and errors[0].endswith(finding["message"])
    assert not list(path.parent.rglob("*.tmp"))


def parsed_ok(result: subprocess.CompletedProcess, path: Path) -> dict:
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and "ERROR" not in result.stderr
    return json.loads((path.parent / "out" / "parsed.json").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------ refused documents


def test_empty_file(tmp_path):
    path = write(tmp_path, "empty.txt", b"")
    assert_refused(run_parse(path), path, "empty.txt", "document is empty")


def test_whitespace_only_file(tmp_path):
    path = write(tmp_path, "blank.txt", b"  \n\t\n\r\n")
    assert_refused(run_parse(path), path, "blank.txt", "document is empty")


def test_binary_file(tmp_path):
    path = write(tmp_path, "figure.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    assert_refused(run_parse(path), path, "figure.png:3", "binary file", "expected extracted text")


def test_latin1_text_is_refused_with_its_line(tmp_path):
    text = CHART.format(value="82.2").replace("Glue Score vs. Size", "Précision vs. taille")
    path = write(tmp_path, "latin1.txt", text.encode("latin-1"))
    assert_refused(run_parse(path), path, "latin1.txt:1", "not UTF-8", "0xe9", "iconv")


def test_utf16_with_bom_is_decoded_and_parses_like_utf8(tmp_path):
    text = CHART.format(value="82.2") + "* **Memory³ (Blue):** a series.\n* At approximately 32 MB, the Glue Score is around 83.0.\n"
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    utf8 = write(tmp_path / "a", "doc.txt", text)
    utf16 = write(tmp_path / "b", "doc.txt", codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    assert parsed_ok(run_parse(utf16), utf16) == parsed_ok(run_parse(utf8), utf8)
    be = codecs.BOM_UTF16_BE + text.encode("utf-16-be")
    assert decode_bytes(be, "doc.txt") == text


def assert_read_with_warning(result: subprocess.CompletedProcess, path: Path, where: str, kind: str,
                             *words: str) -> dict:
    """A document of no known form is read as prose, not refused: exit 0, no ERROR, one WARNING
    line naming ``where`` and the note ``kind``, and a ``not_read`` warning finding."""
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and not [line for line in result.stderr.splitlines() if line.startswith("ERROR")]
    warnings = [line for line in result.stderr.splitlines() if line.startswith(f"WARNING {where}: {kind}")]
    assert warnings, result.stderr
    for word in words:
        assert word in warnings[0], warnings[0]
    checked = json.loads((path.parent / "out" / "checked.json").read_text(encoding="utf-8"))
    findings = [c for c in checked["checks"] if c["check"] == "not_read" and c["subject"] == kind]
    assert findings and findings[0]["severity"] == "warning"
    assert not checked["points"] and not checked["table_values"]
    return checked


def test_a_document_of_no_known_form_is_read_as_prose_with_a_warning(tmp_path):
    path = write(tmp_path, "notes.txt", "Meeting notes\nWe compressed 3 models.\nNo tables, no charts.\n")
    assert_read_with_warning(run_parse(path), path, "notes.txt:2", "nothing_read", "no table or chart",
                             "lines 2")


def test_chart_description_without_points(tmp_path):
    text = ("## Scatter Plot: Glue Score vs. Size\n* **X-axis:** Size (MB), from 8 to 200.\n"
            "* **Y-axis:** Glue Score, from 82 to 84.\n### Key Observations\n* Bigger is better.\n")
    path = write(tmp_path, "nopoints.txt", text)
    assert_read_with_warning(run_parse(path), path, "nopoints.txt:1", "not_a_chart", "no data points",
                             "Scatter Plot: Glue Score vs. Size", "understood point styles")


def test_document_over_the_size_limit_is_refused_quickly(tmp_path):
    path = tmp_path / "huge.txt"
    line = CHART.format(value="82.2").encode("utf-8")
    with path.open("wb") as handle:
        for _ in range(50 * 2**20 // len(line) + 1):
            handle.write(line)
    assert path.stat().st_size >= 50 * 2**20 > MAX_DOCUMENT_BYTES
    start = time.monotonic()
    result = run_parse(path)
    assert time.monotonic() - start < 10
    assert_refused(result, path, "huge.txt", "50.0 MiB", f"limit is {MAX_DOCUMENT_BYTES // 2**20} MiB")


def test_unreadable_aliases_file_is_a_clear_config_error(tmp_path):
    path = write(tmp_path, "doc.txt", CHART.format(value="82.2"))
    aliases = write(tmp_path, "aliases.yaml", "aliases:\n  - printed: [unclosed\n")
    result = run_parse(path, "--aliases", str(aliases))
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "ERROR " in result.stderr and "aliases.yaml: not valid YAML" in result.stderr


def test_an_extract_job_reads_its_good_documents_beside_a_bad_one_and_refuses_bad_arguments(tmp_path):
    """The workflow's extract job (scripts/extract_batch.py): a document that cannot be read is
    recorded and the job exits 0 with the others read; a malformed argument is one located line."""
    script = ROOT / "workflow" / "scripts" / "extract_batch.py"
    good = write(tmp_path, "good.txt", CHART.format(value="82.2"))
    bad = write(tmp_path, "bad.txt", "")
    args = [sys.executable, str(script), "--processed-dir", str(tmp_path / "out")]
    for path in (bad, good):
        args += ["--document", path.stem, str(path), str(tmp_path / f"{path.stem}.log")]
    result = subprocess.run(args, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert "ERROR bad.txt: document is empty" in result.stderr
    good_doc = json.loads((tmp_path / "out/docs/good/checked.json").read_text(encoding="utf-8"))
    bad_doc = json.loads((tmp_path / "out/docs/bad/checked.json").read_text(encoding="utf-8"))
    assert [p["y"] for p in good_doc["points"]] == ["82.2", "83.6"] and not bad_doc["points"]
    assert "document is empty" in (tmp_path / "bad.log").read_text(encoding="utf-8")
    for option, text, message in (("--corrections-json", "[1]", "--corrections-json: expected a JSON object"),
                                  ("--corrections-json", '{"good.txt": 1}', "expected a list of entries per file"),
                                  ("--settings-json", "{oops", "--settings-json: not valid JSON")):
        result = subprocess.run([*args, option, text], capture_output=True, text=True, timeout=120)
        assert result.returncode == 1 and "Traceback" not in result.stderr and message in result.stderr, result.stderr


def test_two_files_with_the_same_stem_are_refused_at_discovery(tmp_path):
    (tmp_path / "paper.txt").write_text("x")
    (tmp_path / "paper.md").write_text("x")
    with pytest.raises(ConfigError, match=r"paper\.(txt|md) and paper\.(txt|md) map to the same id 'paper'"):
        discover_documents(tmp_path)


# ------------------------------------------------------------- damaged but readable documents


def test_table_cut_off_mid_row_keeps_what_was_printed_and_notes_the_rest(tmp_path):
    text = PAGE.format(value="89.2") + "MobileBERT\t83.3\t8"  # the page ends inside a row
    path = write(tmp_path, "cut.txt", text)
    result = run_parse(path)
    parsed = parsed_ok(result, path)
    last = [row for row in parsed["table_values"] if row["line_no"] == 6]
    assert [(row["column"], row["value"], row["raw_cell"]) for row in last] == [("MNLI", "83.3", "83.3"),
                                                                              ("QQP", "8", "8")]
    notes = [n for n in parsed["parse_notes"] if n["kind"] == "short_row"]
    assert [(n["line_no"], n["raw"]) for n in notes] == [(6, "MobileBERT\t83.3\t8")]
    assert "WARNING cut.txt:6: short_row: row has 3 of the table's 4 cells" in result.stderr


def test_table_header_without_rows_is_a_note_not_a_crash(tmp_path):
    text = "Table 1: Results on the dev set.\nModel\tMNLI\tQQP\tSST-2\n"
    path = write(tmp_path, "header_only.txt", text)
    parsed = parsed_ok(run_parse(path), path)
    assert parsed["table_summary"] == [] and {n["kind"] for n in parsed["parse_notes"]} >= {"empty_table"}


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_odd_number_in_a_chart_point(tmp_path, value):
    path = write(tmp_path, "chart.txt", CHART.format(value=value))
    result = run_parse(path)
    parsed = parsed_ok(result, path)
    points = {row["line_no"]: row for row in parsed["points"]}
    assert points[CHART_POINT_LINE + 1]["y"] == "83.6"
    if value == "８２.２":  # full-width digits: parsed, the raw line keeps what was printed
        assert (points[CHART_POINT_LINE]["x"], points[CHART_POINT_LINE]["y"]) == ("8", "82.2")
        assert value in points[CHART_POINT_LINE]["raw"]
    else:  # never a point at a wrong value (1e400 is not 1), always a note naming the line
        assert CHART_POINT_LINE not in points
        notes = [(n["line_no"], n["kind"]) for n in parsed["parse_notes"]]
        assert (CHART_POINT_LINE, "unread_point") in notes
        assert f"WARNING chart.txt:{CHART_POINT_LINE}: unread_point" in result.stderr


@pytest.mark.parametrize("value", BAD_NUMBERS)
def test_odd_number_in_a_table_cell(tmp_path, value):
    path = write(tmp_path, "page.txt", PAGE.format(value=value))
    result = run_parse(path)
    parsed = parsed_ok(result, path)
    cell = [row for row in parsed["table_values"] if row["line_no"] == PAGE_CELL_LINE and row["column"] == "QQP"]
    notes = [(n["line_no"], n["kind"]) for n in parsed["parse_notes"]]
    if value == "８２.２":
        assert [(row["value"], row["raw_cell"]) for row in cell] == [("82.2", value)]
        assert (PAGE_CELL_LINE, "normalised_digits") in notes
    elif value == "--":  # a missing mark: "not reported", never a number
        assert [(row["part"], row["value"]) for row in cell] == [("missing", "")]
    else:
        assert cell == []
        assert (PAGE_CELL_LINE, "unparseable_cell") in notes
        assert f"WARNING page.txt:{PAGE_CELL_LINE}: unparseable_cell" in result.stderr
    # the other cells of the row are unaffected
    assert {row["column"]: row["value"] for row in parsed["table_values"] if row["line_no"] == PAGE_CELL_LINE
            and row["column"] != "QQP"} == {"MNLI": "84.0", "SST-2": "93.5"}


# ------------------------------------------------------------------ line endings, whitespace


@pytest.mark.parametrize("seed", SEEDS, ids=lambda p: p.name[:3])
def test_windows_line_endings_parse_identically(tmp_path, seed):
    data = seed.read_bytes()
    assert b"\r" not in data
    unix = read_document(seed)
    crlf = write(tmp_path, seed.name, data.replace(b"\n", b"\r\n"))
    windows = read_document(crlf)
    assert windows.lines == unix.lines
    assert parse_document(windows) == parse_document(unix)


def test_classic_mac_line_endings_parse_identically(tmp_path):
    text = CHART.format(value="82.2")
    cr = write(tmp_path, "cr.txt", text.replace("\n", "\r"))
    assert parse_document(read_document(cr)) == parse_document(read_document(write(tmp_path, "cr.txt", text)))


def _points(parsed: dict) -> list[tuple]:
    return [(p["line_no"], p["series"], p["label"], p["x"], p["y"], p["color"]) for p in parsed["points"]]


def test_tabs_mixed_with_spaces_in_a_chart_description(tmp_path):
    seed = next(p for p in SEEDS if "**X-axis:**" in p.read_text(encoding="utf-8"))
    lines = seed.read_text(encoding="utf-8").split("\n")
    indents = ["\t", "  \t", "\t  ", "    ", " \t "]
    mixed = []
    for i, line in enumerate(lines):
        if line.startswith("* At "):  # point bullets: indented with tabs and spaces mixed
            line = indents[i % len(indents)] + line
        mixed.append(line.replace(", the ", ",\tthe ", 1))  # a tab inside the prose too
    path = write(tmp_path, seed.name, "\n".join(mixed))
    original, changed = parse_document(read_document(seed)), parse_document(read_document(path))
    assert _points(changed) == _points(original) and len(_points(original)) >= 10
    assert [row["line_no"] for row in changed["claims"]] == [row["line_no"] for row in original["claims"]]


def test_tabs_mixed_with_spaces_in_a_table(tmp_path):
    clean = parse_document(read_document(write(tmp_path, "t.txt", PAGE.format(value="89.2"))))
    padded = PAGE.format(value="89.2").replace("\t84.0\t", " \t 84.0  \t").replace("TinyBERT\t", "TinyBERT  \t")
    spaced = parse_document(read_document(write(tmp_path, "t.txt", padded)))
    key = [(r["line_no"], r["row_label"], r["column"], r["value"], r["raw_cell"]) for r in clean["table_values"]]
    assert [(r["line_no"], r["row_label"], r["column"], r["value"], r["raw_cell"]) for r in spaced["table_values"]] == key
    # a tab that OCR turned into spaces: the row is short and the merged cell is not a value; both noted
    merged = PAGE.format(value="89.2").replace("82.5\t89.8", "82.5    89.8")
    parsed = parse_document(read_document(write(tmp_path, "t.txt", merged)))
    assert {(n["line_no"], n["kind"]) for n in parsed["parse_notes"]} >= {(5, "short_row"), (5, "unparseable_cell")}
    assert not [r for r in parsed["table_values"] if r["line_no"] == 5 and r["value"] in ("82.5", "89.8")]


# ------------------------------------------------------------------ names and duplicates


def test_same_figure_in_two_documents(tmp_path):
    """Both parse; the figure ids differ (they come from the file names); the points are the
    same apart from source_file and figure_id (the cross-document check flags the twin)."""
    text = CHART.format(value="82.2")
    first = parse_document(read_document(write(tmp_path, "paper_a.txt", text)))
    second = parse_document(read_document(write(tmp_path, "paper_b.txt", text)))
    assert first["axes"][0]["figure_id"] == "paper_a-fig1" and second["axes"][0]["figure_id"] == "paper_b-fig1"

    def strip(rows):
        return [{k: v for k, v in r.items() if k not in ("source_file", "figure_id")} for r in rows]

    assert strip(first["points"]) == strip(second["points"]) and first["points"]


@pytest.mark.parametrize("name", ["my paper (v2).txt", "résumé – Müller 2020.txt", "表 1 结果.txt",
                                  "-fig1.txt", ".. ..txt", "a\tb\x07c.txt"])
def test_odd_file_names_get_safe_distinct_ids(tmp_path, name):
    doc_id = doc_id_for(name)
    assert doc_id and doc_id.isascii() and all(c.isalnum() or c in "._-" for c in doc_id)
    assert not doc_id.startswith((".", "-")) and ".." not in doc_id.split("-")[0][:2]
    path = write(tmp_path, name, CHART.format(value="82.2"))
    result = run_parse(path)
    parsed = parsed_ok(result, path)
    assert parsed["source_file"] == name and parsed["doc_id"] == doc_id
    assert parsed["axes"][0]["figure_id"] == f"{doc_id}-fig1"


# ------------------------------------------------------------------ end to end


def _read_csv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


BAD_DOCUMENTS = {
    "zz_binary.txt": (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "zz_binary.txt:3: binary file"),
    "zz_empty.txt": (b"", "zz_empty.txt: document is empty"),
    "zz_latin1.txt": ("## Scatter Plot: Précision\n".encode("latin-1"), "zz_latin1.txt:1: not UTF-8"),
}

#: Documents that are read, but from which nothing was read: a warning finding each, never silent.
WARNED_DOCUMENTS = {
    "zz_unknown.txt": (b"Just prose.\nNothing to parse.\n", "nothing_read"),
    "zz_nopoints.txt": (b"## Scatter Plot: Empty\n* **X-axis:** Size (MB)\n* **Y-axis:** Score\n", "not_a_chart"),
}


MISSING_DOC_CORRECTION = """
  - file: zz_gone.txt
    line: 3
    field: y
    printed: "1"
    corrected: "2"
    reason: a correction copied from another survey (its document is not here)
"""


@pytest.fixture(scope="module")
def bad_build(tmp_path_factory):
    repo = copy_repo(tmp_path_factory.mktemp("bad_input") / "repo")
    for name, (data, _) in {**BAD_DOCUMENTS, **WARNED_DOCUMENTS}.items():
        (repo / "data/raw" / name).write_bytes(data)
    with (repo / "config/corrections.yaml").open("a", encoding="utf-8") as handle:
        handle.write(MISSING_DOC_CORRECTION)
    before = checksums(repo / "data/raw")
    dry = snakemake(repo, "-n", check=False)
    result = snakemake(repo, "--keep-going", check=False)
    return repo, before, result, dry


@pytest.mark.e2e
def test_workflow_with_bad_documents_reports_them_and_builds_everything_else(bad_build):
    """Bad documents are data: every combined CSV and both reports are written, the bad
    documents are listed under "Documents not read", and the run still fails at the end
    (checks.fail_on_error) after writing them."""
    repo, before, result, dry = bad_build
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "internal error" not in output
    checks = _read_csv(repo / "data/processed/checks.csv")
    not_read = {r["source_file"]: r for r in checks if r["check"] == "document_not_read"}
    html = (repo / "report/report.html").read_text(encoding="utf-8")
    tex = (repo / "report/report.tex").read_text(encoding="utf-8")
    assert "Documents not read" in html and "Documents not read" in tex
    assert html.index("Documents not read") < html.index("Sources</h2>")
    for name, (_, message) in BAD_DOCUMENTS.items():
        assert f"ERROR {message}" in output, name
        log = repo / "logs/extract_document" / f"{doc_id_for(name)}.log"
        assert f"ERROR {message}" in log.read_text(encoding="utf-8")
        row = not_read[name]
        assert row["severity"] == "error"
        assert message == f"{name}{':' + row['line_no'] if row['line_no'] else ''}: {row['message']}"[:len(message)]
        assert name in html and name in dry.stdout + dry.stderr
    for name, (_, kind) in WARNED_DOCUMENTS.items():
        assert name not in not_read
        assert [r["severity"] for r in checks if r["source_file"] == name and r["subject"] == kind] == ["warning"]
    # every combined output and both reports, built from the good documents
    for csv_name in ("points", "axes", "tables", "table_summary", "checks", "documents", "parse_notes",
                     "synthesis_points"):
        assert (repo / f"data/processed/{csv_name}.csv").exists(), csv_name
    assert (repo / "report/report.pdf").stat().st_size > 10000
    sources = {r["source_file"] for r in _read_csv(repo / "data/processed/points.csv")}
    sources |= {r["source_file"] for r in _read_csv(repo / "data/processed/tables.csv")}
    assert sources == {seed.name for seed in SEEDS}
    for seed in SEEDS:
        doc = repo / "data/processed/docs" / doc_id_for(seed.name)
        manifest = outline_ids(json.loads((doc / "checked.json").read_text(encoding="utf-8")))
        for fid in manifest["figures"]:
            for ext in ("pdf", "png"):
                assert (repo / "figures" / f"{fid}.{ext}").stat().st_size > 1000
        for tid in manifest["tables"]:
            for ext in ("tex", "html"):
                assert (repo / "report/tables" / f"{tid}.{ext}").stat().st_size > 0
    # a correction naming a document that is not there is a warning, not a stop
    missing = [r for r in checks if r["check"] == "correction_for_missing_document"]
    assert [(r["severity"], r["source_file"]) for r in missing] == [("warning", "zz_gone.txt")]
    # the gate failed last, on the errors
    assert not (repo / "data/processed/checks.passed").exists()
    assert "document_not_read" in (repo / "logs/checks_gate.log").read_text(encoding="utf-8")
    # nothing half-written, raw files untouched
    assert not [p for p in repo.rglob("*.tmp") if ".snakemake" not in p.parts]
    assert checksums(repo / "data/raw") == before


@pytest.mark.e2e
def test_a_failed_run_never_reprints_an_older_check_summary(bad_build, tmp_path):
    """After a run that fails before combining, the end-of-run summary is not a previous
    run's checks.csv."""
    import shutil

    repo = tmp_path / "repo"
    shutil.copytree(bad_build[0], repo, symlinks=True)
    (repo / "data/processed/checks.csv").write_text(
        "check,severity,source_file,line_no,subject,message,expected,observed,verdict,corrected\n"
        "old_finding,error,old.txt,1,,from an older run,,,,false\n", encoding="utf-8")
    old = time.time() - 3600
    import os

    os.utime(repo / "data/processed/checks.csv", (old, old))
    (repo / "workflow/scripts/combine_documents.py").write_text("raise SystemExit(3)\n", encoding="utf-8")
    result = snakemake(repo, "--forcerun", "combine_documents", check=False)
    assert result.returncode != 0
    assert "from an older run" not in result.stdout + result.stderr


@pytest.mark.e2e
def test_odd_file_names_go_through_the_whole_workflow(odd_build):
    repo = odd_build.repo
    documents = {row["source_file"]: row for row in _read_csv(repo / "data/processed/documents.csv")}
    for name in (odd_build.duplicate_name, odd_build.hostile_name):
        doc_id = doc_id_for(name)
        assert documents[name]["doc_id"] == doc_id
        fig = f"{doc_id}-fig1"
        for ext in ("pdf", "png"):
            assert (repo / "figures" / f"{fig}.{ext}").stat().st_size > 1000
    assert odd_build.runs[0].returncode == 0, odd_build.runs[0].stderr[-4000:]


@pytest.mark.e2e
def test_same_figure_in_two_documents_is_drawn_twice_under_two_ids(odd_build):
    points = _read_csv(odd_build.repo / "data/processed/points.csv")
    seed = SEEDS[0].name
    original = [(r["series"], r["label"], r["x"], r["y"], r["line_no"]) for r in points if r["source_file"] == seed]
    twin = [(r["series"], r["label"], r["x"], r["y"], r["line_no"]) for r in points
            if r["source_file"] == odd_build.duplicate_name]
    assert original and twin == original
    ids = {r["figure_id"] for r in points if r["source_file"] in (seed, odd_build.duplicate_name)}
    assert len(ids) == 2
    checks = _read_csv(odd_build.repo / "data/processed/checks.csv")
    flagged = [r for r in checks if r["check"] == "duplicate_figure"]
    assert len(flagged) == 1 and flagged[0]["severity"] == "warning"
    named = {flagged[0]["source_file"]} | {f for f in (seed, odd_build.duplicate_name) if f in flagged[0]["message"]}
    assert named == {seed, odd_build.duplicate_name}


@pytest.mark.e2e
def test_documents_added_and_removed_between_runs(odd_build):
    full, without, again = odd_build.snapshots
    dup_id = doc_id_for(odd_build.duplicate_name)
    # removed: the combined CSVs, the report and the figures folder drop the document
    assert odd_build.duplicate_name in full["sources"] and odd_build.duplicate_name not in without["sources"]
    assert without["n_points"] == full["n_points"] - odd_build.duplicate_points
    assert any(f.startswith(dup_id) for f in full["figures"])
    assert not any(f.startswith(dup_id) for f in without["figures"])
    assert dup_id not in without["doc_dirs"]
    assert not without["report_mentions_duplicate"] and full["report_mentions_duplicate"]
    # added back: picked up again, and the outputs equal the first build's
    assert again == full
    for run in odd_build.runs:
        assert run.returncode == 0, run.stderr[-4000:]


@pytest.mark.parametrize("name", ["notes {doc}.txt", "a <results> b.txt"])
def test_file_names_snakemake_would_misread_are_refused_clearly(tmp_path, name):
    """Snakemake reads "{x}" in a path as a wildcard and "<x>" as a path variable (no escape
    exists): such a raw file name stops the run before any job, naming the file."""
    repo = copy_repo(tmp_path / "repo")
    (repo / "data/raw" / name).write_text(CHART.format(value="82.2"), encoding="utf-8")
    result = snakemake(repo, "-n", check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert f"{name}: a document's file name must not contain" in output and "rename the file" in output


@pytest.mark.parametrize("name", ["x" * 246 + ".txt", "report_" + "ab" * 20 + ".txt", "paper" + "a" * 20 + ".md",
                                  "ä" * 120 + ".txt"])
def test_long_and_periodic_names_get_short_non_periodic_ids(name):
    """A 250-character name must not give output names over the file system's limit
    (ENAMETOOLONG in the render job); a name ending in 20 repeated characters must not give
    an id Snakemake takes for an infinite recursion (PeriodicWildcardError)."""
    from snakemake.io import PeriodicityDetector

    doc_id = doc_id_for(name)
    assert len(f"{doc_id}-fig999.json".encode()) < 120
    assert PeriodicityDetector().is_periodic(doc_id) is None
    assert doc_id_for(name) == doc_id and doc_id != doc_id_for(name[:-5] + "b" + name[-5:])


@pytest.mark.e2e
def test_long_and_periodic_names_plan_and_extract(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    for name in ("x" * 246 + ".txt", "chart" + "a" * 30 + ".txt"):
        (repo / "data/raw" / name).write_text(CHART.format(value="82.2"), encoding="utf-8")
    result = snakemake(repo, "-n", check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "PeriodicWildcardError" not in result.stdout + result.stderr


@pytest.mark.parametrize("errno_name", ["ENOSPC", "EACCES", "EROFS"])
def test_an_os_error_is_one_line_naming_the_file(tmp_path, errno_name, capsys):
    """Disk full or a permission problem is reported as '<file>: <reason>', exit 1, never as
    'internal error in paperfig'."""
    import errno
    import os

    from paperfig import cli

    target = tmp_path / "figures" / "a-fig1.png"

    def main(args):
        raise OSError(getattr(errno, errno_name), os.strerror(getattr(errno, errno_name)), str(target))

    with pytest.raises(SystemExit) as exit_info:
        cli.run(cli.parser("test"), main, argv=[])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert err.splitlines() == [f"ERROR {target}: {os.strerror(getattr(errno, errno_name))}"]
    assert "internal error" not in err and "Traceback" not in err
