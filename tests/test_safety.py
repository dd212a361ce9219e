"""Nothing in a document can execute: hostile names stay text, ids are safe file names, YAML
is loaded safely. (The report's own escaping is tested in test_report.py / test_safe_text.py;
this file tests the parse and workflow side.)"""

from __future__ import annotations

import csv
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from markupsafe import escape

from odd_documents import HOSTILE_DOCUMENT, HOSTILE_NAME, HOSTILE_STRINGS, PWNED, pdf_text
from paperfig.aliases import load_aliases
from paperfig.corrections import load_corrections
from paperfig.documents import doc_id_for, document_from_text
from paperfig.errors import ConfigError
from paperfig.parse import manifest, parse_document
from paperfig.workflow_support import load_corrections_by_file
from workflow_helpers import ROOT, checksums, copy_repo, snakemake

EXPLOIT = "!!python/object/apply:os.system [\"touch {marker}\"]"


def _read_csv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


# ------------------------------------------------------------------------------ parse side


def test_hostile_chart_parses_and_keeps_every_string_literally():
    parsed = parse_document(document_from_text(HOSTILE_DOCUMENT, HOSTILE_NAME))
    texts = [value for row in parsed["points"] for value in (row["series"], row["label"])]
    texts += [parsed["axes"][0]["heading"], parsed["axes"][0]["title"]]
    texts += [row["entry"] for row in parsed["legend"]]
    for hostile in HOSTILE_STRINGS:
        assert any(hostile in text for text in texts), hostile
    labels = {row["label"] for row in parsed["points"]}
    assert {"\\write18{touch /tmp/pwned}", "\\input{/etc/passwd}", "{% include '/etc/passwd' %}",
            "$(touch /tmp/pwned)"} <= labels
    assert {row["series"] for row in parsed["points"]} == {"../../etc/x", "<script>alert(1)</script>"}
    assert "{{ 7*7 }}" in parsed["axes"][0]["title"]


@pytest.mark.parametrize("name", [HOSTILE_NAME, "../../etc/x.txt", "/etc/passwd", "..", "a/../../b.txt",
                                  "\\input{/etc/passwd}.txt", "<script>alert(1)</script>.txt",
                                  "x\x00y\x1b[31m\n.txt", "CON.txt", "~root.txt", " .txt"])
def test_ids_from_hostile_names_are_plain_file_names(name):
    doc = document_from_text(HOSTILE_DOCUMENT, name)
    ids = manifest(parse_document(doc))
    for fid in [doc.doc_id] + ids["figures"] + ids["tables"]:
        assert re.fullmatch(r"[A-Za-z0-9._-]+", fid), fid
        assert not fid.startswith((".", "-")) and fid not in (".", "..")
        assert Path(fid).name == fid and not Path(fid).is_absolute()
        # as the workflow uses them: always inside figures/
        assert (Path("figures") / f"{fid}.pdf").resolve().parent == Path("figures").resolve()


def test_model_names_never_become_file_names():
    parsed = parse_document(document_from_text(HOSTILE_DOCUMENT, "hostile.txt"))
    assert manifest(parsed)["figures"] == ["hostile-fig1"]
    assert {row["figure_id"] for row in parsed["points"]} == {"hostile-fig1"}


# ------------------------------------------------------------------------------------ YAML


def test_package_loads_yaml_only_safely():
    """grep: every YAML load in the package, scripts and rules is yaml.safe_load."""
    offenders = []
    for path in sorted((ROOT / "workflow").rglob("*")):
        if path.suffix not in (".py", ".smk") or "__pycache__" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"yaml\.(?:load|unsafe_load|full_load|load_all|unsafe_load_all|full_load_all)\s*\(|"
                         r"Loader\s*=|UnsafeLoader|FullLoader|ruamel", line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_python_tag_in_header_aliases_is_refused(tmp_path):
    marker = tmp_path / "pwned-aliases"
    path = tmp_path / "header_aliases.yaml"
    path.write_text(f"aliases: {EXPLOIT.format(marker=marker)}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"header_aliases\.yaml: not valid YAML .*python/object"):
        load_aliases(path)
    assert not marker.exists()


@pytest.mark.parametrize("loader", [load_corrections, load_corrections_by_file])
def test_python_tag_in_corrections_is_refused(tmp_path, loader):
    marker = tmp_path / "pwned-corrections"
    path = tmp_path / "corrections.yaml"
    path.write_text(f"corrections:\n  - {EXPLOIT.format(marker=marker)}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"corrections\.yaml: not valid YAML .*python/object"):
        loader(path)
    assert not marker.exists()


def test_python_tag_in_config_stops_the_workflow_with_a_clear_message(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    marker = tmp_path / "pwned-workflow"
    (repo / "config/corrections.yaml").write_text(f"corrections:\n  - {EXPLOIT.format(marker=marker)}\n")
    result = subprocess.run(["python", "-m", "snakemake", "-n", "--cores", "1"], cwd=repo, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode != 0
    assert "config/corrections.yaml: not valid YAML" in result.stdout + result.stderr
    assert not marker.exists()
    # and yaml itself agrees it is not safe YAML
    with pytest.raises(yaml.YAMLError):
        yaml.safe_load(EXPLOIT.format(marker=marker))


# ------------------------------------------------------------------------------ end to end


@pytest.mark.e2e
def test_hostile_document_runs_through_the_workflow_as_text(odd_build):
    repo = odd_build.repo
    assert odd_build.runs[0].returncode == 0, odd_build.runs[0].stderr[-4000:]
    # nothing ran: no marker file anywhere
    if odd_build.pwned_before is None:
        assert not PWNED.exists()
    else:
        assert PWNED.stat().st_mtime == odd_build.pwned_before
    assert not list(repo.rglob("PWNED")) and not list(repo.rglob("pwned"))
    # the strings are data: literally in points.csv
    points = [row for row in _read_csv(repo / "data/processed/points.csv") if row["source_file"] == HOSTILE_NAME]
    assert {row["series"] for row in points} == {"../../etc/x", "<script>alert(1)</script>"}
    assert {"\\write18{touch /tmp/pwned}", "\\input{/etc/passwd}"} <= {row["label"] for row in points}
    # every file of the hostile document is where the workflow puts outputs
    doc_id = doc_id_for(HOSTILE_NAME)
    allowed = {"figures", "report", "data", "logs", ".snakemake"}
    for path in repo.rglob(f"*{doc_id}*"):
        rel = path.relative_to(repo)
        assert rel.parts[0] in allowed, rel
        if rel.parts[0] == "data":
            assert rel.parts[1] in ("processed", "raw"), rel
    assert sorted(p.name for p in (repo / "figures").glob(f"{doc_id}*")) == [
        f"{doc_id}-fig1.{ext}" for ext in ("pdf", "png")]
    # the raw files are only read (the copy re-added by the add/remove runs is byte-identical)
    assert checksums(repo / "data/raw") == odd_build.raw_before


@pytest.mark.e2e
def test_hostile_strings_appear_escaped_in_the_html_report(odd_build):
    html = (odd_build.repo / "report/report.html").read_text(encoding="utf-8")
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "\\input{/etc/passwd}" in html and "\\write18{touch /tmp/pwned}" in html
    assert "../../etc/x" in html
    assert "{{ 7*7 }}" in html  # template syntax in a document is text, never rendered
    assert str(escape("{% include '/etc/passwd' %}")) in html
    # the hostile file name is shown escaped ("&amp;" printed in the name becomes "&amp;amp;")
    assert str(escape(HOSTILE_NAME)) in html and "&amp;amp;" in html


@pytest.mark.e2e
def test_hostile_strings_appear_literally_in_the_pdf_report(odd_build):
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed")
    text = " ".join(pdf_text(odd_build.repo / "report/report.pdf").split())
    for hostile in HOSTILE_STRINGS + ("{{ 7*7 }}", "{% include '/etc/passwd' %}", "$(touch /tmp/pwned)"):
        assert hostile in text, hostile
    assert HOSTILE_NAME in text


def test_csv_cells_a_spreadsheet_would_run_are_neutralised():
    """OWASP: a text cell starting with =, +, -, @, tab or CR gets a leading ' ; numbers stay numbers."""
    import csv as csv_module
    import io as io_module

    from paperfig.io import csv_text, restore_formula

    texts = ["=HYPERLINK(\"http://x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx", "\rx", "'=already",
             "- a bullet", "plain", "", "-1.2", "+3", "1e-5", "-", "85.3 (-5.6)"]
    rows = list(csv_module.DictReader(io_module.StringIO(csv_text([{"text": t} for t in texts], ["text"]))))
    written = [row["text"] for row in rows]
    for text, cell in zip(texts, written):
        if text in ("-1.2", "+3", "1e-5", "plain", "", "85.3 (-5.6)"):
            assert cell == text
        else:
            assert cell == "'" + text, (text, cell)
        assert restore_formula(cell) == text


def test_datapackage_declares_the_columns_actually_written():
    from paperfig import contract
    from paperfig.schemas import datapackage

    package = datapackage({"points": [*contract.POINTS, "category", "extra_note"]})
    points = next(r for r in package["resources"] if r["path"] == "points.csv")
    assert [f["name"] for f in points["schema"]["fields"]][-2:] == ["category", "extra_note"]


@pytest.mark.parametrize("name", ["config", "corrections", "header_aliases", "synthesis"])
def test_each_shipped_config_file_has_a_strict_schema_it_passes(name):
    from paperfig.workflow_support import SCHEMA_DIR, validate_config_file

    data = yaml.safe_load((ROOT / "config" / f"{name}.yaml").read_text(encoding="utf-8"))
    validate_config_file(data, name, f"config/{name}.yaml")
    spec = yaml.safe_load((SCHEMA_DIR / f"{name}.schema.yaml").read_text(encoding="utf-8"))

    def strict(node, where):
        if isinstance(node, dict):
            if node.get("type") == "object" or "properties" in node:
                assert node.get("additionalProperties") is not True and "additionalProperties" in node, where
            for key, value in node.items():
                strict(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                strict(value, f"{where}[{i}]")

    strict(spec, name)


@pytest.mark.parametrize("name, edit, needle", [
    ("config", lambda d: d["checks"].update(fail_on_eror=False), "checks: unknown key 'fail_on_eror'"),
    ("config", lambda d: d["render"].update(formats=["pdf"]), "render: unknown key 'formats'"),
    ("config", lambda d: d.update(raw_dri="x"), "top level: unknown key 'raw_dri'"),
    ("corrections", lambda d: d["corrections"][0].update(reson="x"), "corrections: 0: unknown key 'reson'"),
    ("header_aliases", lambda d: d["aliases"][0].update(headr="x"), "aliases: 0: unknown key 'headr'"),
    ("synthesis", lambda d: d["figure"].update(titel="x"), "figure: unknown key 'titel'"),
])
def test_a_typo_in_a_config_file_is_an_error_naming_the_key_and_the_file(name, edit, needle):
    from paperfig.errors import ConfigError
    from paperfig.workflow_support import validate_config_file

    data = yaml.safe_load((ROOT / "config" / f"{name}.yaml").read_text(encoding="utf-8"))
    edit(data)
    with pytest.raises(ConfigError) as info:
        validate_config_file(data, name, f"config/{name}.yaml")
    assert str(info.value).startswith(f"config/{name}.yaml: ") and needle in str(info.value)


def test_a_typo_in_corrections_stops_its_loader_naming_the_file(tmp_path):
    from paperfig.corrections import load_corrections
    from paperfig.errors import ConfigError

    path = tmp_path / "corrections.yaml"
    path.write_text("corrections:\n  - {file: a.txt, line: 1, field: x, printed: '1', corrected: '2',"
                    " reason: r, prt: first}\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"corrections\.yaml: corrections: 0: unknown key 'prt'"):
        load_corrections(path)


@pytest.mark.e2e
def test_a_typo_under_checks_stops_the_workflow_naming_key_and_file(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    config = repo / "config/config.yaml"
    config.write_text(config.read_text(encoding="utf-8").replace("fail_on_error:", "fail_on_eror:"),
                      encoding="utf-8")
    result = snakemake(repo, "-n", check=False)
    output = result.stdout + result.stderr
    assert result.returncode != 0
    assert "config/config.yaml: checks: unknown key 'fail_on_eror'" in output
