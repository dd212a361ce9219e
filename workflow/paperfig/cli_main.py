"""The ``paperfig`` command (a console script installed with the package).

    paperfig init DIR [--force] [--title TITLE]   start a survey folder (see init_survey)
    paperfig --version

A :class:`~paperfig.errors.PaperfigError` is printed as one line ``paperfig: error: ...`` and
the command exits 1, without a traceback. The workflow's own steps are run by Snakemake
through ``workflow/scripts/``, not through this command.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .errors import PaperfigError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="paperfig",
        description="Reproducible survey figures and tables from text extracted from papers and slides.",
    )
    parser.add_argument("--version", action="version", version=f"paperfig {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    init = commands.add_parser(
        "init",
        help="start a survey folder: data/raw/, config/, a Snakefile and a README",
        description="Create DIR with an empty data/raw/, config/ with commented defaults and no "
        "corrections or header aliases, a Snakefile that runs the installed paperfig workflow, "
        "and a README saying what to do next. Then put documents in DIR/data/raw/ and run "
        "`snakemake --cores 4` in DIR.",
    )
    init.add_argument("dir", metavar="DIR", help="the survey folder to create (new or empty)")
    init.add_argument("--force", action="store_true",
                      help="write into a non-empty folder, replacing paperfig's files of the same name")
    init.add_argument("--title", help="the report title (default: the folder's name)")
    return parser


def _init(args: argparse.Namespace) -> None:
    from .init_survey import init_survey

    init_survey(args.dir, force=args.force, title=args.title)
    print(f"paperfig: created the survey {args.dir}: put documents in {args.dir}/data/raw/, "
          f"then run `snakemake --cores 4` there (see {args.dir}/README.md)")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        {"init": _init}[args.command](args)
    except PaperfigError as exc:
        print(f"paperfig: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
