"""`paperfig init DIR`: the survey folder it writes, its configs, and a build there."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
import yaml

from paperfig import cli_main, init_survey
from paperfig.aliases import load_aliases
from paperfig.corrections import load_corrections
from paperfig.synthesis import load_synthesis_config

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = ROOT / "workflow" / "schemas" / "config.schema.yaml"


def _init(tmp_path: Path, *args: str) -> tuple[int, Path]:
    survey = tmp_path / "survey"
    return cli_main.main(["init", str(survey), *args]), survey


def _keys(mapping, prefix="") -> set[str]:
    keys = set()
    for key, value in mapping.items():
        keys.add(prefix + key)
        if isinstance(value, dict):
            keys |= _keys(value, f"{prefix}{key}.")
    return keys


def test_init_writes_every_survey_file_and_a_module_snakefile(tmp_path):
    code, survey = _init(tmp_path)
    assert code == 0
    for name in init_survey.SURVEY_FILES:
        assert (survey / name).is_file(), name
    assert sorted(p.name for p in (survey / "data" / "raw").iterdir()) == [".gitkeep"]
    assert not (survey / "workflow").exists() and not (survey / "workflow").is_symlink()
    snakefile = (survey / "Snakefile").read_text()
    assert "module paperfig:" in snakefile and "use rule * from paperfig" in snakefile
    for hook in ("onstart:", "onsuccess:", "onerror:"):
        assert hook in snakefile, hook
    assert Path(init_survey.workflow_snakefile()) == (ROOT / "workflow" / "Snakefile").resolve()
    readme = (survey / "README.md").read_text()
    assert "data/raw/" in readme and "snakemake --cores 4" in readme


def test_config_is_valid_has_the_repository_keys_and_its_paths_resolve(tmp_path):
    _, survey = _init(tmp_path, "--title", 'Quantised "tiny" models: a survey')
    config = yaml.safe_load((survey / "config" / "config.yaml").read_text())
    jsonschema.validate(config, yaml.safe_load(SCHEMA.read_text()))
    repo_config = yaml.safe_load((ROOT / "config" / "config.yaml").read_text())
    assert _keys(config) == _keys(repo_config)
    assert config["report"]["title"] == 'Quantised "tiny" models: a survey'
    for key in ("header_aliases", "corrections", "synthesis"):
        assert (survey / config[key]).is_file(), key
    assert config["figure_style"] is None  # the workflow's own style, found through the workflow
    assert (survey / config["raw_dir"]).is_dir()


def test_default_title_is_the_folder_name(tmp_path):
    _, survey = _init(tmp_path)
    assert yaml.safe_load((survey / "config" / "config.yaml").read_text())["report"]["title"] == "survey"


def test_corrections_aliases_and_synthesis_load_with_the_project_loaders(tmp_path):
    _, survey = _init(tmp_path)
    assert load_corrections(survey / "config" / "corrections.yaml") == []
    assert load_aliases(survey / "config" / "header_aliases.yaml") == {}
    synthesis = load_synthesis_config(survey / "config" / "synthesis.yaml")
    assert synthesis["base_models"]


def test_non_empty_folder_is_refused_without_force(tmp_path, capsys):
    survey = tmp_path / "survey"
    survey.mkdir()
    (survey / "notes.txt").write_text("mine\n")
    assert cli_main.main(["init", str(survey)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("paperfig: error:") and "not empty" in err and "--force" in err
    assert "\n" not in err and "Traceback" not in err
    assert not (survey / "Snakefile").exists()


def test_force_writes_into_a_non_empty_folder_and_keeps_other_files(tmp_path):
    survey = tmp_path / "survey"
    (survey / "data" / "raw").mkdir(parents=True)
    (survey / "data" / "raw" / "paper.txt").write_text("text\n")
    (survey / "Snakefile").write_text("# old\n")
    assert cli_main.main(["init", str(survey), "--force"]) == 0
    assert (survey / "data" / "raw" / "paper.txt").read_text() == "text\n"
    assert "module paperfig:" in (survey / "Snakefile").read_text()


def test_a_file_is_refused(tmp_path, capsys):
    target = tmp_path / "file"
    target.write_text("x")
    assert cli_main.main(["init", str(target)]) == 1
    assert "is not a folder" in capsys.readouterr().err


def test_force_removes_an_old_workflow_link_and_keeps_a_users_workflow_folder(tmp_path):
    old = tmp_path / "old"
    old.mkdir()
    (old / "workflow").symlink_to(ROOT / "workflow", target_is_directory=True)
    assert cli_main.main(["init", str(old), "--force"]) == 0
    assert not (old / "workflow").is_symlink() and not (old / "workflow").exists()
    mine = tmp_path / "mine"
    (mine / "workflow").mkdir(parents=True)
    (mine / "workflow" / "notes.txt").write_text("mine\n")
    assert cli_main.main(["init", str(mine), "--force"]) == 0
    assert (mine / "workflow" / "notes.txt").read_text() == "mine\n"


def test_help_and_version():
    for args in (["--help"], ["init", "--help"]):
        result = subprocess.run([sys.executable, "-m", "paperfig.cli_main", *args], capture_output=True,
                                text=True, env=_env(), cwd=ROOT)
        assert result.returncode == 0 and "usage: paperfig" in result.stdout
    result = subprocess.run([sys.executable, "-m", "paperfig.cli_main", "--version"], capture_output=True,
                            text=True, env=_env(), cwd=ROOT)
    assert result.stdout.strip().startswith("paperfig ")


def test_console_script_is_declared():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, function = scripts["paperfig"].partition(":")
    assert module == "paperfig.cli_main" and callable(getattr(cli_main, function))


def _env() -> dict:
    # The survey's Snakefile imports paperfig as installed (`pip install -e .` of this checkout).
    return dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONDONTWRITEBYTECODE="1")


def _snakemake(survey: Path) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, "-m", "snakemake", "--cores", "2"], cwd=survey, env=_env(),
                            capture_output=True, text=True)
    assert result.returncode == 0, f"{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    return result


# A chart description written for this test: two series, two points each.
CHART = """\
## Line Chart: Accuracy of Two Toy Tokenisers Across Training Steps

### Axes
* **X-axis:** Training steps (thousands), ranging from approximately 0 to 40.
* **Y-axis:** Accuracy (%), ranging from approximately 50 to 90.

### Data Points
* **Byte-level (Blue):**
    * At approximately 10 thousand steps, the Accuracy is around 61.5 (labeled "B-10k").
    * At approximately 30 thousand steps, the Accuracy is around 77.25 (labeled "B-30k").
* **Word-level (Red):**
    * At approximately 10 thousand steps, the Accuracy is around 58.0 (labeled "W-10k").
    * At approximately 30 thousand steps, the Accuracy is around 70.5 (labeled "W-30k").
"""


@pytest.mark.e2e
def test_a_new_survey_builds_empty_then_builds_a_document_copied_into_it(tmp_path):
    code, survey = _init(tmp_path, "--title", "Toy survey")
    assert code == 0
    config_path = survey / "config" / "config.yaml"
    config_path.write_text(config_path.read_text().replace("  pdf: true", "  pdf: false"))

    _snakemake(survey)
    html = survey / "report" / "report.html"
    assert html.is_file() and "Toy survey" in html.read_text()
    assert (survey / "report" / "report.tex").is_file()
    assert (survey / "data" / "processed" / "checks.passed").is_file()
    points = (survey / "data" / "processed" / "points.csv").read_text().splitlines()
    assert len(points) == 1  # the header only
    assert not (ROOT / "workflow" / "data").exists()  # nothing written inside the checkout

    (survey / "data" / "raw" / "toy_chart.md").write_text(CHART)
    _snakemake(survey)
    figures = sorted(p.name for p in (survey / "figures").iterdir() if p.name.startswith("toy_chart"))
    assert any(name.endswith(".pdf") for name in figures) and any(name.endswith(".png") for name in figures)
    points = (survey / "data" / "processed" / "points.csv").read_text()
    assert "77.25" in points and "toy_chart.md" in points
    assert "toy_chart" in html.read_text()
