"""Fail the run when checks.csv holds data errors (config: checks.fail_on_error); warnings never do.

Standalone: python workflow/scripts/checks_gate.py data/processed/checks.csv /tmp/passed
"""

import csv

from paperfig import cli
from paperfig.errors import PaperfigError
from paperfig.io import write_text


def main(args):
    with open(args.checks, encoding="utf-8", newline="") as handle:
        errors = [row for row in csv.DictReader(handle) if row["severity"] == "error"]
    for row in errors:
        where = f"{row['source_file']}:{row['line_no']}" if row["line_no"] else row["source_file"]
        cli.log.error("%s: [%s] %s", where, row["check"], row["message"])
    if errors and args.fail_on_error == "True":
        raise PaperfigError(
            f"{len(errors)} data error(s) in {args.checks} (listed above). Fix the document or add a "
            "correction in config/corrections.yaml; set checks.fail_on_error: false to report only."
        )
    write_text(args.passed, f"{len(errors)} error(s)\n")


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checks")
    p.add_argument("passed")
    p.add_argument("--fail-on-error", default="True", choices=["True", "False"])
    cli.run(p, main)
