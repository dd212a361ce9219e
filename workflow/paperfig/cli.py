"""Shared entry-point plumbing for workflow/scripts: logging to the rule's log and a clean exit.

A ``PaperfigError`` (bad document, stale correction, failed round-trip) is reported as one
line naming file and line, on stderr and in the log, and the job exits 1 without a traceback.
Anything else is a bug in paperfig and keeps its traceback in the log.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence

from .errors import PaperfigError

log = logging.getLogger("paperfig")


def parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--log", help="also write messages to this file (the rule's log)")
    return parser


def _configure_logging(log_file: str | None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_file:
        handlers.append(logging.FileHandler(log_file, mode="w", encoding="utf-8"))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", handlers=handlers, force=True)


def run(arg_parser: argparse.ArgumentParser, main: Callable[[argparse.Namespace], None],
        argv: Sequence[str] | None = None) -> None:
    args = arg_parser.parse_args(argv)
    _configure_logging(getattr(args, "log", None))
    try:
        main(args)
    except PaperfigError as exc:
        log.error("%s", exc)
        sys.exit(1)
    except Exception:
        log.exception("internal error in paperfig (please report it with this log)")
        sys.exit(2)
