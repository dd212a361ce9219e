"""Whatever a document holds compiles wherever it lands in report.tex.

Document text reaches the LaTeX report in many positions: right after ``\\item`` (a note, a
check message), at the start of a longtable row (after the previous row's ``\\\\``), inside a
description label ``\\item[...]``, captions, section headings, table cells. A ``[`` or ``*``
there is read as an optional argument or a star unless escaped. This property test writes
generated text, hostile and ordinary, into every text field of a small data/processed tree
(tests/test_report.py builds it), renders the real template and compiles it with latexmk.
"""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from paperfig.latex import escape_latex
from paperfig.report import build_context, render_latex
from test_report import _latexmk, make_processed

needs_latexmk = pytest.mark.skipif(shutil.which("latexmk") is None or shutil.which("pdflatex") is None,
                                   reason="latexmk/pdflatex not installed")

#: Text fields of each CSV that come from a document (ids, numbers and paths are left alone).
TEXT_FIELDS = {
    "points.csv": ("series", "label", "raw"),
    "axes.csv": ("title", "heading", "x_label", "y_label"),
    "legend.csv": ("entry",),
    "arrows.csv": ("text",),
    "claims.csv": ("text", "evidence", "section"),
    "papers.csv": ("title", "authors"),
    "annotations.csv": ("text", "raw", "section", "base_model", "ratio", "before", "after"),
    "checks.csv": ("message", "expected", "observed", "check"),
    "parse_notes.csv": ("message", "raw", "kind"),
    "corrections.csv": ("field", "printed", "corrected", "reason"),
    "documents.csv": ("title",),
    "synthesis_points.csv": ("model", "method_family", "size_text"),
    "synthesis_ranking.csv": ("model",),
    "synthesis_unplaced.csv": ("model", "reason"),
}

#: Starts that change the meaning of what follows in some position (optional arguments,
#: stars, brackets of \item[...], row ends, comments, math) and ordinary starts.
STARTS = ["[", "]", "*", "[path of the figure](fig.png)", "*[", "\\\\", "\\item", "{", "}", "%", "$", "&",
          "#", "~", "^", "-", "--", "'", "`", "!`", "?`", ">", "<", "|", " ", "\t", "Model", "84.6", ""]

texts = st.builds(lambda start, rest: start + rest, st.sampled_from(STARTS),
                  st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12))


def _rewrite(processed: Path, values: list[str]) -> None:
    """Put the generated texts, in turn, into every text field of every CSV."""
    n = 0
    for name, fields in TEXT_FIELDS.items():
        path = processed / name
        with path.open(encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            columns, rows = reader.fieldnames, list(reader)
        for row in rows:
            for field in fields:
                if field in row:
                    row[field] = values[n % len(values)]
                    n += 1
        with path.open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=columns, lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)


def test_brackets_and_stars_are_escaped_everywhere():
    """A leading [ or * is never read as an optional argument or a star (\\item [..., \\\\*)."""
    for text in ("[path](x)", "]", "*starred", "a[b]c*"):
        escaped = escape_latex(text)
        assert "[" not in escaped.replace("{[}", "") and "]" not in escaped.replace("{]}", "")
        assert "*" not in escaped.replace("{*}", "")


@needs_latexmk
# Few examples, no shrinking: each one is a full latexmk build (a few seconds).
@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), database=None,
          phases=[Phase.explicit, Phase.generate])
@example(values=["[path of the figure](images/fig-1.png)", "*starred row", "]", "\\\\[2pt]"])
@given(values=st.lists(texts, min_size=4, max_size=4))
def test_any_document_text_compiles_in_every_position(tmp_path_factory, values):
    root = tmp_path_factory.mktemp("positions")
    paths = make_processed(root)
    _rewrite(paths["processed"], values)
    meta = {"title": values[0], "date": "2024-01-02", "report_dir": paths["report"]}
    context = build_context(paths["processed"], paths["figures"], paths["tables"], meta)
    # report.tex and its sources.bib (the texts reach the bibliography too), compiled by latexmk
    result, log = _latexmk(paths["report"], render_latex(context), context)
    assert result.returncode == 0, (values, [line for line in log.splitlines() if line.startswith("!")], log[-2000:])
    assert (paths["report"] / "report.pdf").stat().st_size > 1000
