"""Print the end-of-run summary of checks.csv: counts by severity and every error in full.

Standalone: python workflow/scripts/summarize_checks.py data/processed/checks.csv
"""


from paperfig import cli
from paperfig.workflow_support import print_check_summary

if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checks")
    cli.run(p, lambda args: print_check_summary(args.checks))
