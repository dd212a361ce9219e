"""Render the figures (PDF, PNG[, SVG] and a summary JSON) or the tables (LaTeX float and
HTML fragment) of a group of checked documents, redrawing only documents whose input changed.

Standalone: python workflow/scripts/render_batch.py figures \
    --document DOC_ID data/processed/docs/DOC_ID/checked.json ID [ID ...] [--document ...] \
    [--style workflow/paperfig/paperfig.mplstyle] [--formats pdf png]

Output paths follow the workflow's layout (--figures-dir, --processed-dir, --report-dir).
"""


from paperfig import cli
from paperfig.batches import KINDS, batch_items, draw_figure_files, draw_table_files, render_context, run_batch
from paperfig.errors import ConfigError
from paperfig.workflow_support import check_figure_formats


def main(args):
    if not args.document:
        raise ConfigError("no --document given: nothing to render")
    short = [d for d in args.document if len(d) < 3]
    if short:
        raise ConfigError(f"--document {' '.join(short[0])}: expected DOC_ID CHECKED ID [ID ...]")
    formats = check_figure_formats(args.formats) if args.kind == "figures" else ()
    entries = [(doc_id, checked, ids) for doc_id, checked, *ids in args.document]
    items = batch_items(args.kind, entries, args.figures_dir, args.processed_dir, args.report_dir, formats)
    draw = draw_figure_files(args.style) if args.kind == "figures" else draw_table_files()
    context = render_context(args.kind, args.style if args.kind == "figures" else None, formats)
    done = run_batch(args.kind, items, draw, context, log=cli.log)
    n_outputs = sum(len(item.ids) for item in items if item.doc_id in done["rendered"])
    cli.log.info("%s: %d document(s) rendered (%d %s), %d unchanged", args.kind, len(done["rendered"]),
                 n_outputs, args.kind, len(done["kept"]))


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("kind", choices=KINDS)
    p.add_argument("--document", nargs="+", action="append", metavar="DOC_ID CHECKED ID",
                   help="a document: its id, its checked.json and the ids of its figures or tables")
    p.add_argument("--style", help="matplotlib style file (figures; default: the package's paperfig.mplstyle)")
    p.add_argument("--formats", nargs="+", default=["pdf", "png"], help="figure formats (pdf and png at least)")
    p.add_argument("--figures-dir", default="figures")
    p.add_argument("--processed-dir", default="data/processed")
    p.add_argument("--report-dir", default="report")
    cli.run(p, main)
