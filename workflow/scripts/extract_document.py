"""Parse one raw document into the tidy records of the data contract, then apply its
corrections and run every per-document check (one job: a document is read and checked in
one Python start-up).

Standalone: python workflow/scripts/extract_document.py data/raw/X.txt parsed.json manifest.json \
    [--checked checked.json --corrections-json '[...]' --settings-json '{...}'] [--aliases config/header_aliases.yaml]

Without ``--checked`` it only parses (for debugging a parser).
"""

import json

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.documents import read_document
from paperfig.errors import ConfigError
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
    aliases = {}
    if args.aliases:
        from paperfig.aliases import load_aliases

        aliases = load_aliases(args.aliases)
    corrections = json_arg(args.corrections_json, "--corrections-json", list)
    settings = json_arg(args.settings_json, "--settings-json", dict)
    parsed = parse_document(read_document(args.raw), aliases)
    cli.log.info("%s: %s, %d points, %d table values", parsed["source_file"], parsed["shape"],
                 len(parsed["points"]), len(parsed["table_values"]))
    checked = None
    if args.checked:
        from paperfig.checks import check_document

        checked = check_document(parsed, corrections, settings)  # before any write: no partial outputs
    write_json(args.parsed, parsed)
    write_json(args.manifest, manifest(parsed))
    if checked is not None:
        write_json(args.checked, checked)
        counts = {s: sum(1 for row in checked["checks"] if row["severity"] == s) for s in ("error", "warning", "info")}
        cli.log.info("%s: %d correction(s) applied; %d error(s), %d warning(s), %d info", checked["source_file"],
                     len(checked["corrections"]), counts["error"], counts["warning"], counts["info"])


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("raw")
    p.add_argument("parsed")
    p.add_argument("manifest")
    p.add_argument("--aliases", help="header alias table (config/header_aliases.yaml)")
    p.add_argument("--checked", help="also apply the corrections, run the checks and write checked.json here")
    p.add_argument("--corrections-json", default="[]", help="this document's correction entries (JSON list)")
    p.add_argument("--settings-json", default="{}", help="check settings (JSON object; config 'checks:')")
    cli.run(p, main)
