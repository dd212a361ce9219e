"""Draw the figure of the checks (findings per document and severity) from checks.csv.

Standalone: python workflow/scripts/checks_figure.py --checks data/processed/checks.csv \\
    --pdf report/figures/checks.pdf --png report/figures/checks.png [--style workflow/paperfig/paperfig.mplstyle]

With ``--stamp``, a figure whose drawn counts, style, formats and code are unchanged since the
stamp was written is kept (its files touched), not drawn again.
"""

import logging
from pathlib import Path


from paperfig import cli
from paperfig.checks_figure import TOP_DOCUMENTS, draw_checks_figure, draw_unless_current
from paperfig.report import read_csv


def main(args):
    logging.getLogger("fontTools").setLevel(logging.WARNING)  # PDF font subsetting chatter
    checks = read_csv(args.checks)
    style = args.style if args.style and Path(args.style).exists() else None
    if args.style and style is None:
        cli.log.warning("style file %s not found; drawing with matplotlib defaults", args.style)
    outputs = {fmt: path for fmt, path in (("pdf", args.pdf), ("png", args.png), ("svg", args.svg)) if path}
    if args.stamp:
        summary = draw_unless_current(checks, outputs, args.stamp, style, top=args.top)
    else:
        summary = draw_checks_figure(checks, outputs, style, top=args.top)
    cli.log.info("checks figure: %d findings in %d documents, %d rows -> %s%s", summary["n_findings"],
                 summary["n_documents"], summary["n_rows"], ", ".join(map(str, outputs.values())),
                 " (unchanged, kept)" if summary.get("kept") else "")


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("--checks", required=True, help="data/processed/checks.csv")
    p.add_argument("--pdf", required=True)
    p.add_argument("--png", required=True)
    p.add_argument("--svg", default="")
    p.add_argument("--style", default="", help="matplotlib style file (config figure_style)")
    p.add_argument("--stamp", default="", help="JSON file with the digest of the last drawing: "
                   "an unchanged figure is kept")
    p.add_argument("--top", type=int, default=TOP_DOCUMENTS,
                   help="documents drawn by name; the others are summed in one row")
    cli.run(p, main)
