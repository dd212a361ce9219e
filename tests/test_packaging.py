"""pyproject.toml, environment.yml and workflow/envs list the same dependencies."""

import re
import tomllib
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
NON_PYPI = {"python", "pip", "texlive-core", "latexmk", "poppler"}


def _name(spec: str) -> str:
    return re.split(r"[<>=!~ ]", spec.strip(), maxsplit=1)[0].lower()


def _pyproject_names(include_test: bool) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    names = {_name(d) for d in project["dependencies"]}
    if include_test:
        names |= {_name(d) for d in project["optional-dependencies"]["test"]}
    return names


def _conda_names(path: Path) -> set[str]:
    deps = yaml.safe_load(path.read_text())["dependencies"]
    return {_name(d) for d in deps if isinstance(d, str)} - NON_PYPI


def test_environment_yml_matches_pyproject():
    assert _conda_names(ROOT / "environment.yml") == _pyproject_names(include_test=True)


def test_rule_environment_matches_pyproject_runtime():
    assert _conda_names(ROOT / "workflow" / "envs" / "paperfig.yaml") == _pyproject_names(include_test=False)


def test_environment_yml_installs_the_package_and_a_tex_engine():
    deps = yaml.safe_load((ROOT / "environment.yml").read_text())["dependencies"]
    pip_section = next(d["pip"] for d in deps if isinstance(d, dict))
    assert "-e ." in pip_section
    assert {"texlive-core", "latexmk"} <= {d for d in deps if isinstance(d, str)}


def test_readme_starts_with_the_two_commands_ci_runs():
    readme = (ROOT / "README.md").read_text().splitlines()
    block = readme[readme.index("```bash") + 1: readme.index("```bash") + 3]
    ci = [line for line in (ROOT / ".ci" / "run").read_text().splitlines()
          if line and not line.startswith(("#", "set ", "cd "))]
    assert ci == block


def test_version_is_written_once_and_agrees_everywhere():
    import paperfig

    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    citation = yaml.safe_load((ROOT / "CITATION.cff").read_text())
    assert str(citation["version"]) == version
    # The package reads the installed metadata (reinstall with `pip install -e .` after a bump).
    assert paperfig.__version__ == version
    assert version not in (ROOT / "workflow" / "paperfig" / "__init__.py").read_text()


def _specs(path: Path) -> dict[str, str]:
    deps = yaml.safe_load(path.read_text())["dependencies"]
    return {_name(d): d.replace(" ", "") for d in deps if isinstance(d, str) and _name(d) not in NON_PYPI}


def test_version_floors_agree_everywhere():
    """The same floor in every file, and pandera's is one whose API the code uses (pandera.pandas)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pyproject = {_name(d): d.split("#")[0].replace(" ", "") for d in
                 project["dependencies"] + project["optional-dependencies"]["test"]}
    for path in (ROOT / "environment.yml", ROOT / "workflow" / "envs" / "paperfig.yaml"):
        for name, spec in _specs(path).items():
            assert spec == pyproject[name], (path.name, spec, pyproject[name])
    assert pyproject["pandera"] == "pandera>=0.24"
    assert "frictionless" in {_name(d) for d in project["optional-dependencies"]["test"]}
