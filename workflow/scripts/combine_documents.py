"""Combine every checked document into data/processed/*.csv, run the cross-document checks
and validate the result against the published schemas (failures become checks.csv rows).

Standalone: python workflow/scripts/combine_documents.py --out-dir data/processed \
    --corrections config/corrections.yaml data/processed/docs/*/checked.json
"""

import json
from pathlib import Path

from paperfig import cli, contract
from paperfig.combine import columns_for, combine
from paperfig.io import read_json, write_csv, write_json
from paperfig.workflow_support import load_corrections_by_file


def main(args):
    import pandas as pd

    from paperfig.checks import cross_document_checks
    from paperfig.schemas import datapackage, validate_frame

    settings = json.loads(args.settings_json) if args.settings_json else {}
    docs = [read_json(path) for path in args.checked]
    cross = cross_document_checks(docs, settings)
    combined = combine(docs, load_corrections_by_file(args.corrections), cross)
    out = Path(args.out_dir)
    for name in ("points", "axes", "table_values", "annotations"):
        combined["checks"].extend(validate_frame(name, pd.DataFrame(combined[name])))
    written = {name: write_csv(out / contract.CSV_NAMES[name], records, columns_for(name))
               for name, records in combined.items()}
    write_json(out / "datapackage.json", datapackage(written))
    cli.log.info("combined %d documents: %d points, %d table values, %d checks", len(docs),
                 len(combined["points"]), len(combined["table_values"]), len(combined["checks"]))


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checked", nargs="*", help="checked.json of every document (none in a new survey)")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--corrections", required=True)
    p.add_argument("--settings-json", default="{}")
    cli.run(p, main)
