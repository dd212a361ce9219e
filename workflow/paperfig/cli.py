"""Shared entry-point plumbing for workflow/scripts: logging to the rule's log and a clean exit.

A ``PaperfigError`` (bad document, stale correction, failed round-trip) is reported as one
line naming file and line, on stderr and in the log, and the job exits 1 without a traceback.
An ``OSError`` (disk full, permission denied, read-only file system) is the machine's, not
paperfig's: one line naming the file and the reason, exit 1. Anything else is a bug in
paperfig and keeps its traceback in the log.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Sequence

from .errors import PaperfigError

log = logging.getLogger("paperfig")


def parser(description: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--log", help="also write messages to this file (the rule's log)")
    return parser


def json_arg(text: str, name: str, kind: type):
    """A JSON command-line argument of the given kind (list or dict); empty gives an empty one.
    Anything else is a ``ConfigError`` naming the argument."""
    from .errors import ConfigError

    try:
        value = json.loads(text) if text else kind()
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{name}: not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise ConfigError(f"{name}: expected a JSON {'object' if kind is dict else kind.__name__}")
    return value


def _configure_logging(log_file: str | None) -> None:
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_file:
        handlers.append(logging.FileHandler(log_file, mode="w", encoding="utf-8"))
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s", handlers=handlers, force=True)


def os_error_message(exc: OSError) -> str:
    """'<file>: <reason>' for an OSError (both files of a rename), e.g.
    'figures/a-fig1.png: No space left on device'."""
    reason = exc.strerror or str(exc)
    files = [str(name) for name in (exc.filename, exc.filename2) if name is not None]
    return f"{' -> '.join(files)}: {reason}" if files else f"cannot write or read a file: {reason}"


def run(arg_parser: argparse.ArgumentParser, main: Callable[[argparse.Namespace], None],
        argv: Sequence[str] | None = None) -> None:
    args = arg_parser.parse_args(argv)
    _configure_logging(getattr(args, "log", None))
    try:
        main(args)
    except PaperfigError as exc:
        log.error("%s", exc)
        sys.exit(1)
    except OSError as exc:
        log.error("%s", os_error_message(exc))
        sys.exit(1)
    except Exception:
        log.exception("internal error in paperfig (please report it with this log)")
        sys.exit(2)
