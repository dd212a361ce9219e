"""Errors that carry a document location, so users see file and line, never a traceback."""

from __future__ import annotations


class PaperfigError(Exception):
    """Base class: anything the command-line entry points report as a clean message."""


class DocumentError(PaperfigError):
    """A problem in one input document, located by file and (when known) 1-based line."""

    def __init__(self, source_file: str, line_no: int | None, message: str):
        self.source_file = source_file
        self.line_no = line_no
        self.message = message
        where = f"{source_file}:{line_no}" if line_no else source_file
        super().__init__(f"{where}: {message}")


class ConfigError(PaperfigError):
    """A problem in a file under config/ (corrections, aliases, settings)."""
