"""Parse one raw document into the tidy records of the data contract, then apply its
corrections and run every per-document check: a document read and checked by hand, what each
extract job of the workflow does for every document it holds (``scripts/extract_batch.py``).

Standalone: python workflow/scripts/extract_document.py data/raw/X.txt [parsed.json [manifest.json]] \
    [--checked checked.json --corrections-json '[...]' --settings-json '{...}'] [--aliases config/header_aliases.yaml]

``checked.json`` is what every later stage of the workflow reads. ``parsed.json`` (the records
before corrections and checks) and ``manifest.json`` (the ids of the figures and tables) are
for debugging a parser; without ``--checked`` the script only parses.

A document that cannot be read (empty, binary, not UTF-8, unknown shape, no values: any
``PaperfigError`` raised while reading, parsing or checking it) is data, not a failed job: its
outputs are still written, with no records and one ``error`` finding (check
``document_not_read``, its file, line and message), the message is logged as one
``ERROR <file>[:<line>]: <message>`` line, and the script exits 0 (``paperfig.extract``).
A problem in the config files given here (aliases, corrections, settings) still fails it.
"""

from paperfig import cli
from paperfig.errors import ConfigError
from paperfig.extract import extract_document, log_counts
from paperfig.io import write_json
from paperfig.parse import manifest


def main(args):
    if not (args.parsed or args.checked):
        raise ConfigError("nothing to write: give parsed.json or --checked")
    aliases = {}
    if args.aliases:
        from paperfig.aliases import load_aliases

        aliases = load_aliases(args.aliases)
    corrections = cli.json_arg(args.corrections_json, "--corrections-json", list)
    settings = cli.json_arg(args.settings_json, "--settings-json", dict)
    parsed, checked = extract_document(args.raw, aliases, corrections, settings, check=bool(args.checked))
    if args.parsed:
        write_json(args.parsed, parsed)
    if args.manifest:
        write_json(args.manifest, manifest(parsed))
    if args.checked:
        write_json(args.checked, checked)
        log_counts(checked)


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
