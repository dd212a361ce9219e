"""``paperfig init DIR``: a new survey folder that runs this checkout's workflow.

The folder holds only what belongs to one survey; the workflow (rules, scripts, templates,
style) stays in the paperfig checkout the installed ``paperfig`` package comes from::

    DIR/
      Snakefile                  finds the workflow through the installed package, includes it
      workflow -> <checkout>/workflow   a link, (re)made by the Snakefile at every run
      config/config.yaml         every setting of the workflow, commented, with its default
      config/corrections.yaml    no corrections yet (the entry format as comments)
      config/header_aliases.yaml no header aliases yet (the entry format as comments)
      config/synthesis.yaml      the example survey's synthesis rules, to adapt
      profiles/default/config.yaml  the checkout's workflow profile (rerun-incomplete, ...)
      data/raw/.gitkeep          the documents go here
      README.md                  what to do next

Why a link: the rules run ``python workflow/scripts/...`` and the default figure style is
``workflow/paperfig/paperfig.mplstyle``, both relative to the folder Snakemake runs in. A link
named ``workflow`` makes those paths resolve while every output (``data/processed/``,
``figures/``, ``report/``, ``logs/``, ``.snakemake/``) is written in the survey folder.

A folder that exists and is not empty is refused unless ``force`` is given; then paperfig's
files are written over the ones of the same name and every other file is left alone.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .errors import PaperfigError

#: The files ``init_survey`` writes, relative to the survey folder (the link excepted).
SURVEY_FILES = (
    "Snakefile",
    "README.md",
    "config/config.yaml",
    "config/corrections.yaml",
    "config/header_aliases.yaml",
    "config/synthesis.yaml",
    "profiles/default/config.yaml",
    "data/raw/.gitkeep",
)
LINK_NAME = "workflow"


class InitError(PaperfigError):
    """A survey folder that cannot be created (reported as one line, no traceback)."""


def workflow_dir() -> Path:
    """The ``workflow/`` folder of the checkout the installed ``paperfig`` package belongs to.

    The package is installed from a checkout (``pip install -e .``), so its parent folder is
    ``workflow/`` with ``rules/`` beside it and the top-level ``Snakefile`` above it. A package
    installed without its checkout (a wheel in site-packages) has no workflow to run.
    """
    import paperfig

    folder = Path(paperfig.__file__).resolve().parents[1]
    if not (folder / "rules" / "common.smk").is_file() or not (folder.parent / "Snakefile").is_file():
        raise InitError(
            f"the installed paperfig package ({Path(paperfig.__file__).parent}) is not inside a paperfig "
            "checkout: install it from one with `pip install -e .`"
        )
    return folder


def link_workflow(survey_dir: str | Path, target: Path | None = None) -> Path:
    """Point ``<survey_dir>/workflow`` at the installed workflow; return the workflow folder.

    Called by ``init_survey`` and by the survey's Snakefile at every run, so a moved or
    re-installed checkout is picked up. A real folder named ``workflow`` (not a link) is never
    replaced: it is an error, since the rules would run its scripts instead.
    """
    target = target or workflow_dir()
    link = Path(survey_dir) / LINK_NAME
    if link.is_symlink():
        if Path(os.readlink(link)) == target:
            return target
        link.unlink()
    elif link.exists():
        raise InitError(f"{link} exists and is not a link: move it away (the rules run workflow/scripts/ from here)")
    try:
        link.symlink_to(target, target_is_directory=True)
    except FileExistsError:  # another process (a cluster job) made it meanwhile
        if not (link.is_symlink() and Path(os.readlink(link)) == target):
            raise InitError(f"{link} changed while paperfig was linking it to {target}") from None
    return target


def init_survey(folder: str | Path, force: bool = False, title: str | None = None) -> list[Path]:
    """Create the survey folder ``folder``; return the paths written (the link last).

    Raises :class:`InitError` when ``folder`` is a file, or a non-empty folder and ``force``
    is false, or when the package is not installed from a checkout.
    """
    folder = Path(folder)
    source = workflow_dir()
    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise InitError(f"{folder} is not empty: choose a new folder, or use --force to write paperfig's files into it")
    link = folder / LINK_NAME
    if link.exists() and not link.is_symlink():
        raise InitError(f"{link} exists and is not a link: move it away (the rules run workflow/scripts/ from here)")

    title = title if title is not None else folder.resolve().name
    contents = {
        "Snakefile": SNAKEFILE,
        "README.md": README.format(title=title),
        "config/config.yaml": CONFIG.format(title=json.dumps(title)),
        "config/corrections.yaml": CORRECTIONS,
        "config/header_aliases.yaml": HEADER_ALIASES,
        "config/synthesis.yaml": SYNTHESIS_HEADER + _checkout_file(source, "config/synthesis.yaml"),
        # Snakemake reads profiles/default/ beside the Snakefile: the checkout's settings apply here too.
        "profiles/default/config.yaml": _checkout_file(source, "profiles/default/config.yaml"),
        "data/raw/.gitkeep": "",
    }
    written = []
    for name in SURVEY_FILES:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(contents[name], encoding="utf-8")
        written.append(path)
    link_workflow(folder, source)
    written.append(link)
    return written


def _checkout_file(workflow: Path, name: str) -> str:
    """A file of the checkout the survey copies (the example synthesis rules, the profile)."""
    path = workflow.parent / name
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InitError(f"{path}: cannot read it to copy it into the survey ({exc.strerror})") from None


SNAKEFILE = '''\
# A paperfig survey: `snakemake --cores 4` here builds report/report.html and report.pdf.
#
# The workflow (rules, scripts, templates, figure style) is the paperfig checkout that the
# installed `paperfig` package comes from. At every run this file finds it, points the link
# `workflow` in this folder at it (the rules run `python workflow/scripts/...` from here) and
# includes its Snakefile. The documents, the settings and every output stay in this folder.

from paperfig.init_survey import link_workflow

PAPERFIG_WORKFLOW = link_workflow(workflow.basedir)


include: str(PAPERFIG_WORKFLOW.parent / "Snakefile")


# An included Snakefile does not set the default target: this rule builds what its `all` does.
localrules:
    survey,


rule survey:
    default_target: True
    input:
        rules.all.input,
'''

CONFIG = '''\
# paperfig settings of this survey, validated against the workflow's
# workflow/schemas/config.schema.yaml when a run starts. Paths are relative to this folder.
# Every value below is the default; see config/README.md in the paperfig checkout.

# Where the extracted documents live (every non-hidden file is a document) and where the
# stages write.
raw_dir: data/raw
processed_dir: data/processed
figures_dir: figures
report_dir: report

# Garbled table headers -> canonical names, each with its reason.
header_aliases: config/header_aliases.yaml
# Fixes for values the text gets wrong (OCR errors), each with its reason.
corrections: config/corrections.yaml
# Rules of the cross-paper synthesis figure (size and accuracy columns, method families).
synthesis: config/synthesis.yaml
# The matplotlib style file of every figure (`workflow` is the link to paperfig's workflow).
figure_style: workflow/paperfig/paperfig.mplstyle

render:
  # Files written for every re-drawn figure: the report needs pdf (LaTeX) and png (HTML);
  # add svg for SVG files too.
  figure_formats: [pdf, png]
  # The figures (or tables) of this many documents are drawn in one job.
  documents_per_job: 16
  # ... but at least this many jobs per kind.
  min_jobs: 2

report:
  title: {title}
  # Build report/report.pdf with latexmk (needs TeX Live); false builds HTML and LaTeX only.
  pdf: true

checks:
  # A finding of severity "error" fails the run after the report is written.
  fail_on_error: true
  # Relative tolerance for a point against an "approximately" stated axis range.
  range_tolerance: 0.05
'''

CORRECTIONS = '''\
# Corrections of values the extracted text got wrong (OCR errors), applied after parsing;
# the files in data/raw/ are never edited. One entry per value:
#
#   - file: <a file name in data/raw/>
#     line: <1-based line number>
#     field: <a table column; x, y, label or series of a point; ratio, before, after or base_model>
#     printed: "<the text as printed>"
#     corrected: "<the right text>"
#     reason: "<the evidence that the printed text is wrong>"
#
# Optional: table (table_values | points | annotations) and part (first | second | value | delta).
# A correction whose printed text is no longer on its line stops the run (stale correction).
corrections: []
'''

HEADER_ALIASES = '''\
# Header repairs for OCR'd tables: the header cell exactly as printed (whitespace collapsed,
# case-sensitive), the header it stands for, and why. One entry per garbled header:
#
#   - printed: "<header as printed>"
#     header: "<the header it stands for>"
#     reason: "<why>"
aliases: []
'''

SYNTHESIS_HEADER = '''\
# Copied by `paperfig init` from paperfig's example survey: adapt the rules below (base
# models, the accuracy and size columns, the method families, the figure title) to this
# survey. Every rule needs a reason. The file is required: the synthesis figure is part of
# every report (with no matching table values it shows a note instead of points).
#
'''

README = '''\
# {title}

A survey built with paperfig. This folder holds the documents, the settings and, once built,
every output; the workflow itself is the paperfig checkout linked as `workflow`.

## Next steps

1. Put the text extracted from each paper, chart or slide deck in `data/raw/` (one file per
   document; never edit them afterwards).
2. Run `snakemake --cores 4` here. The report is `report/report.html` and `report/report.pdf`
   (set `report: {{pdf: false}}` in `config/config.yaml` if TeX Live is not installed); the
   tidy data is in `data/processed/`, the figures in `figures/`.
3. Read the checks in the report. Fix a value the text gets wrong in
   `config/corrections.yaml` and a garbled table header in `config/header_aliases.yaml`,
   each with its reason, then rerun: only what an edit touches is rebuilt.
4. Adapt `config/synthesis.yaml` (the cross-paper figure) and the report title in
   `config/config.yaml` to this survey.
'''
