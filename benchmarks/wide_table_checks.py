"""Benchmark: the per-document checks on one wide table (5 rows x N columns, default 5,000).

The table checks answer every per-column question (units, "is this a score column") from
that column's own values, once, so the time grows linearly with the number of columns.

    python benchmarks/wide_table_checks.py [N_COLUMNS]
"""

from __future__ import annotations

import sys
import time

from paperfig import contract
from paperfig.checks import check_document


def wide_document(n_columns: int, n_rows: int = 5) -> dict:
    """A checked-document skeleton holding one table of n_rows x n_columns score values."""
    columns = [f"Task {c}" for c in range(n_columns)]
    values = [
        contract.record(contract.TABLE_VALUES, source_file="wide.txt", line_no=2 + r, table_id="wide-tab1",
                        row_idx=r, row_label=f"model {r}", column=column, part="value",
                        value=f"{(r * 7 + c) % 90 + 5}.{c % 10}", raw_cell="x")
        for r in range(n_rows) for c, column in enumerate(columns)
    ]
    table = contract.record(contract.TABLES, source_file="wide.txt", table_id="wide-tab1", columns=columns,
                            n_rows=n_rows, n_columns=n_columns)
    doc = {name: [] for name in contract.PARSED_TABLES}
    doc.update(source_file="wide.txt", doc_id="wide", shape="page", table_values=values, tables=[table])
    return doc


def main(n_columns: int = 5000) -> float:
    doc = wide_document(n_columns)
    start = time.perf_counter()
    check_document(doc, [], {})
    elapsed = time.perf_counter() - start
    print(f"checks on 5 x {n_columns} table: {elapsed:.2f} s")
    return elapsed


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
