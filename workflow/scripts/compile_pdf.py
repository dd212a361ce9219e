"""Compile report/report.tex to report/report.pdf (latexmk -pdf, no shell escape).

Standalone: python workflow/scripts/compile_pdf.py report/report.tex report/report.pdf
"""


from paperfig import cli
from paperfig.pdf import compile_pdf


def main(args):
    log_text = compile_pdf(args.tex, args.pdf)
    pages = log_text.count("Output written on")
    cli.log.info("wrote %s (%s)", args.pdf, "ok" if pages else "see log")


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("tex")
    p.add_argument("pdf")
    cli.run(p, main)
