"""Zip report.tex with everything it needs (sources.bib, figures/, tables/) into one archive
that compiles on its own, e.g. on Overleaf ("New project" > "Upload project").

Standalone: python workflow/scripts/overleaf_zip.py report/report.tex report/overleaf.zip
"""

from paperfig import cli
from paperfig.report import write_report_zip


def main(args):
    names = write_report_zip(args.tex, args.zip)
    cli.log.info("wrote %s (%d files)", args.zip, len(names))


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("tex")
    p.add_argument("zip")
    cli.run(p, main)
