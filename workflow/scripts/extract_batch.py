"""Read, correct and check the documents of one extract job, re-reading only documents whose
input changed (``paperfig.batches``); each document's messages also go to its own log.

Standalone: python workflow/scripts/extract_batch.py \
    --document DOC_ID data/raw/DOC.txt logs/extract_document/DOC_ID.log [--document ...] \
    [--aliases config/header_aliases.yaml] [--corrections-json '{"DOC.txt": [...]}'] \
    [--settings-json '{...}'] [--processed-dir data/processed]

A document that cannot be read is recorded as "not read" and the job goes on
(``paperfig.extract``); a problem in the config given here (aliases, corrections, settings)
fails the job.
"""

from paperfig import cli
from paperfig.batches import extract_context, extract_items, run_extract_batch
from paperfig.errors import ConfigError
from paperfig.extract import extract_logged


def main(args):
    if not args.document:
        raise ConfigError("no --document given: nothing to read")
    aliases = {}
    if args.aliases:
        from paperfig.aliases import load_aliases

        aliases = load_aliases(args.aliases)
    corrections = cli.json_arg(args.corrections_json, "--corrections-json", dict)
    if not all(isinstance(entries, list) for entries in corrections.values()):
        raise ConfigError("--corrections-json: expected a list of entries per file name")
    settings = cli.json_arg(args.settings_json, "--settings-json", dict)
    items = extract_items([tuple(document) for document in args.document], args.processed_dir, corrections)
    context = extract_context(args.aliases, settings)

    def extract(item):
        return extract_logged(item.raw, item.log, aliases, item.corrections, settings)

    done = run_extract_batch(items, extract, context, log=cli.log)
    cli.log.info("%d document(s) read, %d unchanged", len(done["extracted"]), len(done["kept"]))


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("--document", nargs=3, action="append", metavar=("DOC_ID", "RAW", "LOG"),
                   help="a document: its id, its raw file and its own log file")
    p.add_argument("--aliases", help="header alias table (config/header_aliases.yaml)")
    p.add_argument("--corrections-json", default="{}", help="the correction entries of these documents, by file name")
    p.add_argument("--settings-json", default="{}", help="check settings (JSON object; config 'checks:')")
    p.add_argument("--processed-dir", default="data/processed")
    cli.run(p, main)
