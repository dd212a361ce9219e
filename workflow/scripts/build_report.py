"""Build the survey report (report.html, report.tex and its sources.bib) from data/processed,
figures/ and the re-rendered tables. The figures report.tex includes are in report/figures/,
so the report folder compiles on its own (Overleaf): the workflow's render jobs copy each
figure there, and --figure-files copies more (the workflow gives the synthesis figure).

Standalone: python workflow/scripts/build_report.py --processed data/processed --figures figures
    --tables report/tables --html report/report.html --tex report/report.tex
    --bib report/sources.bib --figure-files figures/*.pdf

The date printed in the report is SOURCE_DATE_EPOCH (UTC) when set, so rebuilds are
byte-identical; otherwise today's date.
"""

import datetime
import os
from pathlib import Path

from paperfig import cli
from paperfig.bibtex import render_bib
from paperfig.errors import ConfigError
from paperfig.io import write_text
from paperfig.report import build_context, copy_figures, render_latex, write_html


def report_date() -> str:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        try:
            stamp = datetime.datetime.fromtimestamp(int(epoch), tz=datetime.UTC)
        except ValueError:
            raise ConfigError(f"SOURCE_DATE_EPOCH must be an integer, got {epoch!r}") from None
        return stamp.date().isoformat()
    return datetime.datetime.now(tz=datetime.UTC).date().isoformat()


def main(args):
    report_dir = Path(args.tex).parent
    bib = Path(args.bib) if args.bib else report_dir / "sources.bib"
    if bib.parent.resolve() != report_dir.resolve() or bib.suffix != ".bib":
        raise ConfigError(f"{bib}: the bibliography must be a .bib file beside {args.tex}")
    copy_figures(args.figure_files, report_dir)
    meta = {"title": args.title, "date": report_date(), "report_dir": report_dir, "bib": bib.stem}
    context = build_context(args.processed, args.figures, args.tables, meta)
    write_html(context, args.html)
    write_text(bib, render_bib(context["bibliography"]))
    write_text(args.tex, render_latex(context))
    cli.log.info("report: %d documents, %d figures, %d tables, %d checks -> %s, %s",
                 context["totals"]["documents"], context["totals"]["figures"], context["totals"]["tables"],
                 context["totals"]["checks"], args.html, args.tex)


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("--processed", required=True, help="data/processed")
    p.add_argument("--figures", required=True, help="directory of the re-drawn figures")
    p.add_argument("--tables", required=True, help="directory of the re-rendered tables (.tex/.html)")
    p.add_argument("--html", required=True, help="output report.html")
    p.add_argument("--tex", required=True, help="output report.tex")
    p.add_argument("--bib", default="", help="output .bib beside report.tex (default: sources.bib)")
    p.add_argument("--figure-files", nargs="*", default=[],
                   help="figure files to copy into <report dir>/figures/ for report.tex")
    p.add_argument("--title", default="figures and tables from papers", help="report title (config report.title)")
    cli.run(p, main)
