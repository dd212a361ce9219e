"""Parse one raw document into the tidy records of the data contract, then apply its
corrections and run every per-document check (one job: a document is read and checked in
one Python start-up).

Standalone: python workflow/scripts/extract_document.py data/raw/X.txt [parsed.json [manifest.json]] \
    [--checked checked.json --corrections-json '[...]' --settings-json '{...}'] [--aliases config/header_aliases.yaml]

The workflow writes ``checked.json`` only (every later stage reads it; the outlines the DAG
needs come from ``paperfig.workflow_support.document_outlines``). ``parsed.json`` (the records
before corrections and checks) and ``manifest.json`` (the ids of the figures and tables) are
for debugging a parser; without ``--checked`` the script only parses.

A document that cannot be read (empty, binary, not UTF-8, unknown shape, no values: any
``PaperfigError`` raised while reading, parsing or checking it) is data, not a failed job: its
outputs are still written, with no records and one ``error`` finding (check
``document_not_read``, its file, line and message), the message is logged as one
``ERROR <file>[:<line>]: <message>`` line, and the job exits 0, so combining, the synthesis
and the report run on the other documents and list this one under "Documents not read".
A problem in the config files given here (aliases, corrections, settings) still fails the job.
"""

import json
from pathlib import Path

from paperfig import cli
from paperfig.documents import doc_id_for, read_document
from paperfig.errors import ConfigError, DocumentError, PaperfigError
from paperfig.io import write_json
from paperfig.parse import manifest, parse_document


def json_arg(text: str, name: str, kind: type):
    try:
        value = json.loads(text) if text else kind()
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{name}: not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise ConfigError(f"{name}: expected a JSON {kind.__name__}")
    return value


def main(args):
    if not (args.parsed or args.checked):
        raise ConfigError("nothing to write: give parsed.json or --checked")
    aliases = {}
    if args.aliases:
        from paperfig.aliases import load_aliases

        aliases = load_aliases(args.aliases)
    corrections = json_arg(args.corrections_json, "--corrections-json", list)
    settings = json_arg(args.settings_json, "--settings-json", dict)
    try:
        parsed, checked = read_and_check(args, aliases, corrections, settings)
    except PaperfigError as exc:
        parsed, checked = not_read(args.raw, exc)
    if args.parsed:
        write_json(args.parsed, parsed)
    if args.manifest:
        write_json(args.manifest, manifest(parsed))
    if checked is not None:
        write_json(args.checked, checked)
        counts = {s: sum(1 for row in checked["checks"] if row["severity"] == s) for s in ("error", "warning", "info")}
        cli.log.info("%s: %d correction(s) applied; %d error(s), %d warning(s), %d info", checked["source_file"],
                     len(checked["corrections"]), counts["error"], counts["warning"], counts["info"])


def read_and_check(args, aliases: dict, corrections: list, settings: dict):
    parsed = parse_document(read_document(args.raw), aliases)
    cli.log.info("%s: %s, %d points, %d table values", parsed["source_file"], parsed["shape"],
                 len(parsed["points"]), len(parsed["table_values"]))
    checked = None
    if args.checked:
        from paperfig.checks import check_document

        checked = check_document(parsed, corrections, settings)  # before any write: no partial outputs
    return parsed, checked


def not_read(raw: str, exc: PaperfigError):
    """The parsed and checked records of a document that could not be read (see above)."""
    from paperfig.checks import not_read_document

    source_file = Path(raw).name
    line_no = exc.line_no if isinstance(exc, DocumentError) else None
    message = exc.message if isinstance(exc, DocumentError) else str(exc)
    cli.log.error("%s", exc)
    checked = not_read_document(source_file, doc_id_for(source_file), line_no, message)
    parsed = {key: value for key, value in checked.items() if key not in ("checks", "corrections")}
    return parsed, checked

if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("raw")
    p.add_argument("parsed", nargs="?", help="write the parsed records here (before corrections and checks)")
    p.add_argument("manifest", nargs="?", help="write the ids of the figures and tables here")
    p.add_argument("--aliases", help="header alias table (config/header_aliases.yaml)")
    p.add_argument("--checked", help="also apply the corrections, run the checks and write checked.json here")
    p.add_argument("--corrections-json", default="[]", help="this document's correction entries (JSON list)")
    p.add_argument("--settings-json", default="{}", help="check settings (JSON object; config 'checks:')")
    cli.run(p, main)
