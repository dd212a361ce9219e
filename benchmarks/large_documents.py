"""Reading time of very large documents (issue #13: parsing linear in rows, columns and size).

    python benchmarks/large_documents.py [--page-mb 20]

Parses, with ``paperfig.parse.parse_document`` (tables found in every form, cells read, every
number accounted for), four generated documents: a tab-separated table of 20,000 rows, a
table of 5 rows x 5,000 columns, a page of ``--page-mb`` MB of prose with a small table
every 20 paragraphs, and 8,000 small tables back to back, each under its caption. Prints the
seconds each took and the values read. The machine is shared and noisy: compare runs on the
same machine, and rerun before believing a number.
"""

from __future__ import annotations

import argparse
import logging
import random
import time

from paperfig.documents import document_from_text
from paperfig.parse import parse_document


def tall_table(rng: random.Random, rows: int = 20000) -> str:
    lines = ["Model\tA\tB\tC"]
    lines += [f"m{i}\t{rng.uniform(50, 90):.1f}\t{rng.uniform(50, 90):.1f}\t{rng.uniform(50, 90):.1f}"
              for i in range(rows)]
    return "\n".join(lines)


def wide_table(rng: random.Random, columns: int = 5000) -> str:
    head = "Model\t" + "\t".join(f"c{j}" for j in range(columns))
    body = ["m%d\t" % i + "\t".join(f"{rng.uniform(50, 90):.1f}" for _ in range(columns)) for i in range(5)]
    return "\n".join([head, *body])


def page(rng: random.Random, megabytes: float) -> str:
    parts: list[str] = []
    k = size = 0
    while size < megabytes * 1e6:  # a running total: the text is generated in linear time
        block = [f"Paragraph {k}: model {k} reached {rng.uniform(50, 90):.1f} on the task, and more words "
                 "follow in this sentence of running text." for _ in range(20)]
        block += ["", f"Table {k}: Results {k}.", "Model\tA\tB"]
        block += [f"m{i}\t{rng.uniform(50, 90):.1f}\t{rng.uniform(50, 90):.1f}" for i in range(10)] + [""]
        parts += block
        size += sum(len(p) + 1 for p in block)
        k += 1
    return "\n".join(parts)


def captioned_tables(rng: random.Random, tables: int = 8000, rows: int = 10) -> str:
    """Tables printed back to back, each under its caption, no prose between them (an appendix
    of results): each caption sits between two tables, and which is its own is decided by the
    ones before it."""
    parts: list[str] = []
    for k in range(tables):
        parts += [f"Table {k + 1}: Results {k + 1}.", "Model\tA\tB"]
        parts += [f"m{i}\t{rng.uniform(50, 90):.1f}\t{rng.uniform(50, 90):.1f}" for i in range(rows)] + [""]
    return "\n".join(parts)


def timed(name: str, text: str) -> None:
    start = time.perf_counter()
    parsed = parse_document(document_from_text(text, f"{name}.txt"), {})
    seconds = time.perf_counter() - start
    print(f"{name:>24}: {len(text) / 1e6:6.2f} MB, {seconds:6.2f} s, {len(parsed['table_values'])} values")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--page-mb", type=float, default=20.0, help="size of the generated page (MB)")
    args = p.parse_args()
    logging.disable(logging.CRITICAL)
    rng = random.Random(0)
    timed("20,000-row table", tall_table(rng))
    timed("5 x 5,000-column table", wide_table(rng))
    timed(f"{args.page_mb:g} MB page", page(rng, args.page_mb))
    timed("8,000 captioned tables", captioned_tables(rng))


if __name__ == "__main__":
    main()
