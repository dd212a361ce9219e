"""Record the outputs built for one document (its figures and tables), for the report.

Standalone: python workflow/scripts/index_document.py manifest.json outputs.json figures/... report/tables/...
"""

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.io import read_json, write_json


def main(args):
    manifest = read_json(args.manifest)
    manifest["outputs"] = sorted(args.outputs)
    write_json(args.index, manifest)


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("manifest")
    p.add_argument("index")
    p.add_argument("outputs", nargs="*")
    cli.run(p, main)
