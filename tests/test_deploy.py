"""The workflow deployed the Snakemake way: used as a ``module`` from a folder of its own, and
deployed with ``snakedeploy deploy-workflow``. The deployment folder holds only its own
``config/`` and ``data/raw/`` (one small document written here); every rule must find its
scripts, schemas and figure style through the workflow's paths, and every output must land in
the deployment folder, never in the checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from workflow_helpers import ROOT

WORKFLOW_SNAKEFILE = ROOT / "workflow" / "Snakefile"

# A chart description written for this test: three named points of one scatter plot.
CHART = """\
## Scatter Plot: Latency and Accuracy of Three Toy Parsers

### Axes
* **X-axis:** Latency (ms), ranging from approximately 0 to 50.
* **Y-axis:** Accuracy (%), ranging from approximately 60 to 90.

### Data Points
* **Alpha:** Approximately (12, 71.5)
* **Beta:** Approximately (25, 80.25)
* **Gamma:** Approximately (40, 84.0)
"""

# What `snakedeploy deploy-workflow <github repo> DEST --tag vX` writes to DEST/workflow/Snakefile,
# with the module's snakefile given as a local path instead of github(...).
MODULE_SNAKEFILE = """\
from snakemake.utils import min_version

min_version("9.0")


configfile: "config/config.yaml"


module paperfig:
    snakefile:
        {snakefile!r}
    config:
        config


use rule * from paperfig
"""


def _env() -> dict:
    return dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PYTHONDONTWRITEBYTECODE="1")


def _own_config(dest: Path) -> None:
    """The deployment's config: the checkout's settings, no PDF (no TeX needed, and fast), no
    corrections and no aliases (they name the checkout's example documents)."""
    config_dir = dest / "config"
    if not (config_dir / "config.yaml").exists():
        shutil.copytree(ROOT / "config", config_dir, dirs_exist_ok=True)
    config = yaml.safe_load((config_dir / "config.yaml").read_text(encoding="utf-8"))
    config["report"]["pdf"] = False
    config["report"]["title"] = "Deployed toy survey"
    (config_dir / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    (config_dir / "corrections.yaml").write_text("corrections: []\n", encoding="utf-8")
    (config_dir / "header_aliases.yaml").write_text("aliases: []\n", encoding="utf-8")
    (dest / "data" / "raw").mkdir(parents=True, exist_ok=True)
    (dest / "data" / "raw" / "toy_parsers.md").write_text(CHART, encoding="utf-8")


def _build(dest: Path, *args: str) -> subprocess.CompletedProcess:
    # No top-level Snakefile: Snakemake finds workflow/Snakefile (the catalog's layout).
    result = subprocess.run([sys.executable, "-m", "snakemake", "--cores", "2", *args], cwd=dest, env=_env(),
                            capture_output=True, text=True, timeout=170)
    assert result.returncode == 0, f"{result.stdout[-3000:]}\n{result.stderr[-6000:]}"
    return result


def _assert_built_here(dest: Path) -> None:
    html = (dest / "report" / "report.html").read_text(encoding="utf-8")
    assert "Deployed toy survey" in html and "toy_parsers" in html
    assert (dest / "report" / "report.tex").is_file()
    assert not (dest / "report" / "report.pdf").exists()
    points = (dest / "data" / "processed" / "points.csv").read_text(encoding="utf-8")
    assert "80.25" in points and "toy_parsers.md" in points
    assert (dest / "data" / "processed" / "checks.passed").is_file()
    figures = sorted(p.name for p in (dest / "figures").iterdir())
    assert "toy_parsers-fig1.pdf" in figures and "toy_parsers-fig1.png" in figures
    assert (dest / "logs" / "extract_document" / "toy_parsers.log").is_file()
    # nothing of this build inside the checkout's workflow folder
    for name in ("data", "figures", "report", "logs", ".snakemake"):
        assert not (ROOT / "workflow" / name / "toy_parsers.md").exists()
    assert not list((ROOT / "workflow").glob("**/toy_parsers*"))


@pytest.mark.e2e
def test_module_deployment_builds_in_its_own_folder(tmp_path):
    dest = tmp_path / "deployed"
    (dest / "workflow").mkdir(parents=True)
    (dest / "workflow" / "Snakefile").write_text(MODULE_SNAKEFILE.format(snakefile=str(WORKFLOW_SNAKEFILE)))
    _own_config(dest)
    result = _build(dest, "--printshellcmds")
    _assert_built_here(dest)
    # the scripts and the style are the checkout's, found through the workflow's own paths
    shown = result.stdout + result.stderr
    assert f"python {ROOT / 'workflow' / 'scripts' / 'extract_batch.py'} " in shown
    assert f"--style {ROOT / 'workflow' / 'paperfig' / 'paperfig.mplstyle'} " in shown
    dry = _build(dest, "-n")
    assert "Nothing to be done" in dry.stdout + dry.stderr


def test_every_rule_runs_its_script_through_the_workflows_paths():
    """No rule depends on the working directory for the workflow's own files."""
    for path in [WORKFLOW_SNAKEFILE, *sorted((ROOT / "workflow" / "rules").glob("*.smk"))]:
        code = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
        text = "\n".join(code)
        assert "workflow/scripts/" not in text, path.name
        assert "workflow/paperfig/" not in text, path.name
        assert "sys.path" not in text, path.name
    top = (ROOT / "Snakefile").read_text(encoding="utf-8")
    assert 'include: "workflow/Snakefile"' in top


@pytest.mark.e2e
def test_snakedeploy_deploy_workflow_then_build(tmp_path):
    if shutil.which("snakedeploy") is None:
        pytest.skip("snakedeploy not installed (pip install -e '.[test]')")
    dest = tmp_path / "deployed"
    result = subprocess.run(["snakedeploy", "deploy-workflow", str(ROOT), str(dest), "--branch", "main",
                             "--name", "paperfig"], capture_output=True, text=True, env=_env(), timeout=120)
    assert result.returncode == 0, result.stderr[-3000:]
    # snakedeploy copies the checkout's config/ (with config/README.md) and declares the module
    assert (dest / "config" / "config.yaml").is_file() and (dest / "config" / "README.md").is_file()
    snakefile = (dest / "workflow" / "Snakefile").read_text(encoding="utf-8")
    assert "module paperfig:" in snakefile and "use rule * from paperfig" in snakefile
    # From a local repository snakedeploy names the module's Snakefile by its path inside the
    # repository; from GitHub it writes github("<owner>/paperfig", path="workflow/Snakefile", ...).
    # Point it at the checkout, as the GitHub form points at the tag.
    assert '"workflow/Snakefile"' in snakefile
    (dest / "workflow" / "Snakefile").write_text(
        snakefile.replace('"workflow/Snakefile"', repr(str(WORKFLOW_SNAKEFILE))), encoding="utf-8")
    _own_config(dest)
    _build(dest)
    _assert_built_here(dest)
