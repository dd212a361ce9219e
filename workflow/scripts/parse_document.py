"""Parse one raw document into the tidy records of the data contract.

Standalone: python workflow/scripts/parse_document.py data/raw/X.txt parsed.json manifest.json
"""

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.documents import read_document
from paperfig.io import write_json
from paperfig.parse import manifest, parse_document


def main(args):
    aliases = {}
    if args.aliases:
        from paperfig.aliases import load_aliases

        aliases = load_aliases(args.aliases)
    parsed = parse_document(read_document(args.raw), aliases)
    write_json(args.parsed, parsed)
    write_json(args.manifest, manifest(parsed))
    cli.log.info("%s: %s, %d points, %d table values", parsed["source_file"], parsed["shape"],
                 len(parsed["points"]), len(parsed["table_values"]))


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("raw")
    p.add_argument("parsed")
    p.add_argument("manifest")
    p.add_argument("--aliases", help="header alias table (config/header_aliases.yaml)")
    cli.run(p, main)
