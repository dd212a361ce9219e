"""One document, from its raw text to its checked records: parse it, apply its corrections and
run every per-document check (what an extract job does for each document it holds).

A document that cannot be read (empty, binary, not UTF-8, unknown shape, no values: any
``PaperfigError`` raised while reading, parsing or checking it) is data, not a failure: it
gets checked records with no data and one ``error`` finding (check ``document_not_read``, its
file, line and message), and the message is logged as one ``ERROR <file>[:<line>]: <message>``
line, so combining, the synthesis and the report run on the other documents and list this one
under "Documents not read". In an extract job of several documents (``paperfig.batches``), a
bug of paperfig's met while reading one document is recorded the same way (with the traceback
in that document's log), so it never takes the other documents of its job down with it.
"""

from __future__ import annotations

import logging
from pathlib import Path

from .documents import doc_id_for, read_document
from .errors import DocumentError, PaperfigError

log = logging.getLogger("paperfig")


def read_and_check(raw: str | Path, aliases: dict, corrections: list, settings: dict,
                   check: bool = True) -> tuple[dict, dict | None]:
    """(parsed, checked) records of one document; ``checked`` is None when ``check`` is False.
    Raises ``PaperfigError`` when the document cannot be read."""
    from .parse import parse_document

    parsed = parse_document(read_document(raw), aliases)
    log.info("%s: %s, %d points, %d table values", parsed["source_file"], parsed["shape"],
             len(parsed["points"]), len(parsed["table_values"]))
    checked = None
    if check:
        from .checks import check_document

        checked = check_document(parsed, corrections, settings)  # before any write: no partial outputs
    return parsed, checked


def not_read(raw: str | Path, line_no: int | None, message: str) -> tuple[dict, dict]:
    """The parsed and checked records of a document that could not be read (see above)."""
    from .checks import not_read_document

    source_file = Path(raw).name
    checked = not_read_document(source_file, doc_id_for(source_file), line_no, message)
    parsed = {key: value for key, value in checked.items() if key not in ("checks", "corrections")}
    return parsed, checked


def not_read_error(raw: str | Path, exc: PaperfigError) -> tuple[dict, dict]:
    """:func:`not_read` for the error that stopped the reading, logged as one located line."""
    log.error("%s", exc)
    if isinstance(exc, DocumentError):
        return not_read(raw, exc.line_no, exc.message)
    return not_read(raw, None, str(exc))


def extract_document(raw: str | Path, aliases: dict, corrections: list, settings: dict,
                     check: bool = True) -> tuple[dict, dict | None]:
    """(parsed, checked) of one document, whether or not it can be read (see above)."""
    try:
        return read_and_check(raw, aliases, corrections, settings, check)
    except PaperfigError as exc:
        return not_read_error(raw, exc)


def log_counts(checked: dict) -> None:
    """One log line: the corrections applied and the findings by severity."""
    counts = {s: sum(1 for row in checked["checks"] if row["severity"] == s) for s in ("error", "warning", "info")}
    log.info("%s: %d correction(s) applied; %d error(s), %d warning(s), %d info", checked["source_file"],
             len(checked["corrections"]), counts["error"], counts["warning"], counts["info"])


def extract_logged(raw: str | Path, log_file: str | Path | None, aliases: dict, corrections: list,
                   settings: dict) -> dict:
    """The checked records of one document of an extract job, its messages also written to its
    own log file. A bug of paperfig's met while reading it is recorded as "not read", with the
    traceback in that log, and the job goes on with its other documents."""
    handler = None
    if log_file:
        handler = logging.FileHandler(log_file, mode="w", encoding="utf-8")
        handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        log.addHandler(handler)
    try:
        try:
            _, checked = extract_document(raw, aliases, corrections, settings)
        except Exception as exc:  # noqa: BLE001 - one document's bug must not stop the others
            log.exception("%s: internal error in paperfig (please report it with this log)", Path(raw).name)
            message = f"internal error in paperfig while reading this document ({type(exc).__name__}: {exc})"
            _, checked = not_read(raw, None, message + (f"; see {log_file}" if log_file else ""))
        log_counts(checked)
        return checked
    finally:
        if handler is not None:
            log.removeHandler(handler)
            handler.close()
