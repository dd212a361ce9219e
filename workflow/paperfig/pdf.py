"""Compile the LaTeX report with TeX Live's latexmk/pdflatex, never with shell escape."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from .errors import PaperfigError
from .io import atomic_path

INSTALL_HINT = (
    "latexmk/pdflatex not found. As root on Debian/Ubuntu run `bash workflow/scripts/setup.sh` "
    "(or apt-get install --no-install-recommends texlive-latex-recommended texlive-latex-extra "
    "texlive-fonts-recommended texlive-science latexmk); with conda use environment.yml; "
    "or set report: {pdf: false} in config/config.yaml to build HTML and LaTeX only."
)

_UNDEFINED = re.compile(r"(Reference|Citation) `([^']*)' on page \d+ undefined", re.DOTALL)
#: An error as pdflatex prints it with -file-line-error ("./report.tex:27850: Dimension too large.").
_FILE_LINE_ERROR = re.compile(r"^(?:\./)?[^\s:]+\.tex:\d+: .+$", re.MULTILINE)


def latex_problems(log_text: str) -> list[str]:
    """Errors, then undefined references, in a pdflatex log, as readable lines. An error comes
    first: references left undefined by a run that stopped are its consequence, not the cause."""
    errors = [line for line in log_text.splitlines() if line.startswith("! ")]
    errors += [m for m in _FILE_LINE_ERROR.findall(log_text) if "Fatal error occurred" not in m]
    if errors:
        return list(dict.fromkeys(errors))
    # pdflatex wraps its log at 79 columns, also inside a reference's name
    problems = [f"undefined {kind.lower()} {name.replace(chr(10), '')!r}" for kind, name in _UNDEFINED.findall(log_text)]
    if "There were undefined references" in log_text and not problems:
        problems.append("undefined references")
    return problems


def compile_pdf(tex_path: str | Path, pdf_path: str | Path, build_dir: str | Path | None = None) -> str:
    """Build pdf_path from tex_path; return the pdflatex log. Raise PaperfigError on any error."""
    tex_path = Path(tex_path)
    if shutil.which("latexmk") is None or shutil.which("pdflatex") is None:
        raise PaperfigError(INSTALL_HINT)
    build_dir = Path(build_dir) if build_dir else tex_path.parent / ".latex"
    build_dir.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.setdefault("SOURCE_DATE_EPOCH", "0")
    env["FORCE_SOURCE_DATE"] = "1"
    command = [
        "latexmk", "-pdf", "-interaction=nonstopmode", "-halt-on-error", "-file-line-error",
        "-no-shell-escape", f"-outdir={build_dir.resolve()}",
        "-pdflatex=pdflatex -no-shell-escape %O %S", tex_path.name,
    ]
    result = subprocess.run(command, cwd=tex_path.parent, env=env, capture_output=True, text=True,
                            errors="replace", check=False)
    log_file = build_dir / f"{tex_path.stem}.log"
    log_text = log_file.read_text(errors="replace") if log_file.exists() else result.stdout + result.stderr
    problems = latex_problems(log_text)
    built = build_dir / f"{tex_path.stem}.pdf"
    if result.returncode != 0 or problems or not built.exists():
        detail = "; ".join(problems[:5]) or (result.stderr.strip().splitlines() or ["latexmk failed"])[-1]
        raise PaperfigError(f"{tex_path}: LaTeX build failed: {detail} (full log: {log_file})")
    with atomic_path(pdf_path) as tmp:
        shutil.copyfile(built, tmp)
    return log_text
