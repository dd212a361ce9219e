"""Re-draw one described figure (PDF, PNG, SVG) after checking the plotted points round-trip.

Standalone: python workflow/scripts/render_figure.py checked.json FIGURE_ID out.pdf out.png out.svg
"""

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.io import read_json, write_json
from paperfig.plotting import render_figure


def main(args):
    doc = read_json(args.checked)
    summary = render_figure(doc, args.figure_id, args.pdf, args.png, args.svg, style_path=args.style)
    if args.roundtrip:
        write_json(args.roundtrip, {**summary, "roundtrip": "ok"})
    cli.log.info("%s: %d points drawn and read back (x %s, y %s)", summary["figure_id"], summary["n_points"],
                 summary["x_scale"], summary["y_scale"])


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checked")
    p.add_argument("figure_id")
    p.add_argument("pdf")
    p.add_argument("png")
    p.add_argument("svg")
    p.add_argument("--style", help="matplotlib style file (default: the package's paperfig.mplstyle)")
    p.add_argument("--roundtrip", help="write a small JSON summary of the round-trip check here")
    cli.run(p, main)
