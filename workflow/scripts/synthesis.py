"""The synthesis "Small BERT: which one is the best?": every (size, MNLI) pair of the
documents on one size axis (fraction of BERT-base), the Pareto front, a ranking by
accuracy drop within size bins, and one figure (PDF, PNG and optionally SVG) drawn with
seaborn: colour for the method family, marker shape for where the point's size comes from.

Standalone: python workflow/scripts/synthesis.py --tables data/processed/tables.csv \\
    --table-summary data/processed/table_summary.csv --annotations data/processed/annotations.csv \\
    --config config/synthesis.yaml --points-out ... --ranking-out ... --unplaced-out ... \\
    --pdf figures/synthesis.pdf --png figures/synthesis.png [--svg figures/synthesis.svg]
"""

import csv
import logging
from pathlib import Path

from paperfig import cli
from paperfig.errors import PaperfigError
from paperfig.io import read_json, write_csv
from paperfig.synthesis import (
    POINT_COLUMNS,
    RANKING_COLUMNS,
    UNPLACED_COLUMNS,
    draw_synthesis,
    gather_pairs,
    load_synthesis_config,
    rank_methods,
)


def read_records(path):
    if not path:
        return []
    try:
        with open(path, encoding="utf-8", newline="") as handle:
            return list(csv.DictReader(handle))
    except OSError as exc:
        raise PaperfigError(f"{path}: cannot read: {exc}") from None


def main(args):
    logging.getLogger("fontTools").setLevel(logging.WARNING)  # PDF font subsetting chatter
    cfg = load_synthesis_config(args.config)
    if args.checked:  # the checked documents themselves (the workflow: only those with tables)
        docs = [read_json(path) for path in args.checked]
        records = {name: [r for doc in docs for r in doc.get(name, [])]
                   for name in ("table_values", "annotations", "table_summary", "papers")}
    else:
        records = {"table_values": read_records(args.tables), "annotations": read_records(args.annotations),
                   "table_summary": read_records(args.table_summary), "papers": read_records(args.papers)}
    points, unplaced = gather_pairs(records["table_values"], records["annotations"], records["table_summary"],
                                    cfg, records["papers"])
    ranking = rank_methods(points, cfg["size_bins"])
    write_csv(args.points_out, points, POINT_COLUMNS)
    write_csv(args.ranking_out, ranking, RANKING_COLUMNS)
    write_csv(args.unplaced_out, unplaced, UNPLACED_COLUMNS)
    style = args.style if args.style and Path(args.style).exists() else None
    if args.style and style is None:
        cli.log.warning("style file %s not found; drawing with matplotlib defaults", args.style)
    outputs = {fmt: path for fmt, path in (("pdf", args.pdf), ("png", args.png), ("svg", args.svg)) if path}
    summary = draw_synthesis(points, outputs, style, cfg=cfg, ranking=ranking)
    families = {}
    for p in points:
        families[p["method_family"]] = families.get(p["method_family"], 0) + 1
    evidence = {}
    for p in points:
        evidence[p["evidence"]] = evidence.get(p["evidence"], 0) + 1
    cli.log.info("synthesis: %d points placed (%s; size from: %s), %d unplaced, %d on the Pareto front",
                 len(points), ", ".join(f"{k} {v}" for k, v in families.items()),
                 ", ".join(f"{k} {v}" for k, v in evidence.items()), len(unplaced), summary["n_pareto"])
    for u in unplaced:
        cli.log.info("unplaced %s:%s %s: %s", u["source_file"], u["line_no"], u["model"], u["reason"])


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checked", nargs="*", help="checked.json of documents (instead of the CSVs)")
    p.add_argument("--tables", help="data/processed/tables.csv (table values)")
    p.add_argument("--table-summary", help="data/processed/table_summary.csv")
    p.add_argument("--annotations", help="data/processed/annotations.csv")
    p.add_argument("--papers", help="data/processed/papers.csv (optional: paper titles)")
    p.add_argument("--config", required=True, help="config/synthesis.yaml")
    p.add_argument("--style", help="matplotlib style file (optional; skipped when missing)")
    p.add_argument("--points-out", required=True)
    p.add_argument("--ranking-out", required=True)
    p.add_argument("--unplaced-out", required=True)
    p.add_argument("--pdf", required=True)
    p.add_argument("--png", required=True)
    p.add_argument("--svg", help="also write the figure as SVG")
    cli.run(p, main)
