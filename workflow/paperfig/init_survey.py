"""``paperfig init DIR``: a new survey folder that runs this checkout's workflow as a module.

The folder holds only what belongs to one survey; the workflow (rules, scripts, templates,
style) stays in the paperfig checkout the installed ``paperfig`` package comes from::

    DIR/
      Snakefile                  uses the checkout's workflow/Snakefile as a Snakemake module
      config/config.yaml         every setting of the workflow, commented, with its default
      config/corrections.yaml    no corrections yet (the entry format as comments)
      config/header_aliases.yaml no header aliases yet (the entry format as comments)
      config/synthesis.yaml      the example survey's synthesis rules, to adapt
      profiles/default/config.yaml  the checkout's workflow profile (rerun-incomplete, ...)
      data/raw/.gitkeep          the documents go here
      README.md                  what to do next

The Snakefile declares ``module paperfig`` with the checkout's ``workflow/Snakefile``, found at
every run through the installed package (``workflow_snakefile``), so a moved or re-installed
checkout is picked up. The workflow finds its scripts and its default figure style through its
own paths, so every output (``data/processed/``, ``figures/``, ``report/``, ``logs/``,
``.snakemake/``) is written in the survey folder and nothing in the checkout. Snakemake runs
the ``onstart``/``onsuccess``/``onerror`` of the main Snakefile only: the survey's Snakefile
calls the workflow's (run lock, clean-up, check summary) itself.

A folder that exists and is not empty is refused unless ``force`` is given; then paperfig's
files are written over the ones of the same name and every other file is left alone (a
``workflow`` link an older ``paperfig init`` made to the checkout is removed: the module
replaces it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from .errors import PaperfigError

#: The files ``init_survey`` writes, relative to the survey folder.
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
#: The name of the link to the checkout's workflow that older versions of ``paperfig init`` made.
OLD_LINK_NAME = "workflow"


class InitError(PaperfigError):
    """A survey folder that cannot be created (reported as one line, no traceback)."""


def workflow_dir() -> Path:
    """The ``workflow/`` folder of the checkout the installed ``paperfig`` package belongs to.

    The package is installed from a checkout (``pip install -e .``), so its parent folder is
    ``workflow/``, holding ``Snakefile`` and ``rules/``. A package installed without its
    checkout (a wheel in site-packages) has no workflow to run.
    """
    import paperfig

    folder = Path(paperfig.__file__).resolve().parents[1]
    if not (folder / "rules" / "common.smk").is_file() or not (folder / "Snakefile").is_file():
        raise InitError(
            f"the installed paperfig package ({Path(paperfig.__file__).parent}) is not inside a paperfig "
            "checkout: install it from one with `pip install -e .`"
        )
    return folder


def workflow_snakefile() -> str:
    """The checkout's ``workflow/Snakefile`` (the ``snakefile:`` of a survey's module)."""
    return str(workflow_dir() / "Snakefile")


def _remove_old_link(folder: Path) -> None:
    """Remove the ``workflow`` link of an older ``paperfig init`` (it pointed at a checkout's
    workflow folder); anything else of that name is the user's and stays."""
    link = folder / OLD_LINK_NAME
    if link.is_symlink() and (Path(os.path.realpath(link)) / "rules" / "common.smk").is_file():
        link.unlink()


def init_survey(folder: str | Path, force: bool = False, title: str | None = None) -> list[Path]:
    """Create the survey folder ``folder``; return the paths written.

    Raises :class:`InitError` when ``folder`` is a file, or a non-empty folder and ``force``
    is false, or when the package is not installed from a checkout.
    """
    folder = Path(folder)
    source = workflow_dir()
    if folder.exists() and not folder.is_dir():
        raise InitError(f"{folder} exists and is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not force:
        raise InitError(f"{folder} is not empty: choose a new folder, or use --force to write paperfig's files into it")

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
    if folder.is_dir():
        _remove_old_link(folder)
    written = []
    for name in SURVEY_FILES:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(contents[name], encoding="utf-8")
        written.append(path)
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
# installed `paperfig` package comes from, used as a Snakemake module: its Snakefile is found
# at every run. The documents, the settings and every output stay in this folder.

from paperfig.init_survey import workflow_snakefile
from paperfig.workflow_support import on_error, on_start, on_success


configfile: "config/config.yaml"


module paperfig:
    snakefile:
        workflow_snakefile()
    config:
        config


use rule * from paperfig


# Snakemake runs a module's onstart/onsuccess/onerror only in its own main Snakefile: these
# hold the run lock, remove outputs no longer declared and print the check summary.
onstart:
    on_start(workflow, config)


onsuccess:
    on_success(config)


onerror:
    on_error(config)
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
# The matplotlib style file of every figure; null: paperfig's own style.
figure_style: null

extract:
  # This many documents are read and checked in one job (charts apart from the rest).
  documents_per_job: 32
  # ... but at least this many jobs for each of the two.
  min_jobs: 2

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
every output; the workflow itself is the paperfig checkout the installed `paperfig` package
comes from, used as a Snakemake module (see `Snakefile`).

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
