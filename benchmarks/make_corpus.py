r"""A synthetic corpus in the text shapes of the seeds in data/raw/ and in the other text forms
the parsers read, with the values it expects.

    python benchmarks/make_corpus.py --n 50 --seed 1 --out benchmarks/work/corpus50

writes ``OUT/data/raw/*.txt`` (N documents spread over the shapes below) and
``OUT/expected.json``: for every document its ``shape`` (what the parser should report:
chart, page, slides or mixed), its ``form`` (the generator's shape, one of ``SHAPES``), the
``[line_no, x, y]`` of each plotted point and the ``[line_no, value]`` of each printed table
number, as the parser should report them (``points.csv``: x, y; ``tables.csv``: value).
Values are random but seeded: the same ``--seed`` gives byte-identical files.

Shapes (one per document, in turn: document i gets ``SHAPES[i % len(SHAPES)]``; each document
draws from its own generator seeded with the seed and i, so a document's text depends only on
the seed, its index and its shape). Adding shapes changed which shape an index gets (until
there were five, document i of seed s had shape i % 5); a document of one of the five seed
shapes is still written exactly as before for the same index and seed.

The five shapes of the seeds:

* ``chart-series``, ``chart-named``, ``chart-located``: the chart-description point styles of
  000/001/002: series bullets ``* At approximately 8 MB, the Glue Score is around 82.2
  (labeled "...")``; named points ``* **Name:** Approximately (4 GFLOPs, 75 GLUE score) -
  Yellow (2020-07)``; ``* **Name:** Located at approximately (2, 64).``;
* ``page``: OCR'd paper pages like 003 (tab-separated tables with two-line and empty-corner
  headers, merged cells carried over groups, pairs ``88.5/84.3``, deltas ``85.3 (-5.6)``,
  units ``109M``/``1.64x``, missing ``-``, ``Table N:`` captions before or after,
  compression notes ``1/6: 84 => 78``, title and author blocks);
* ``slides``: decks like 004 (``## `` headings, bullets, a results table with group headers
  and percentages).

Pages of converted papers (``converted_page``): one section heading (``## 4 Results``; the
pdftotext page has a plain ``4.1   RESULTS`` line, a running head and a page number instead),
prose, 1-2 tables, each with a caption before or after it: ``Table 3: ...``, ``Table 3. ...``,
``Tab. 3: ...`` or ``TABLE III`` with the caption in capitals on the next line. A table
(``make_table``) is either a results table (task columns, all plain ``74.7``, percent
``74.7%`` or ``81.2 ± 0.3`` (value and error both expected), an ``Avg.`` column that is the
mean of the row's scores, optionally ``Params (M)``; the best score of each column in bold)
or an efficiency table (some of ``Params (M)``, throughput with thousands separators
``41,021.00``/``41,021`` (expected without the commas), speedup ``1.39×``/``1.39x`` (the
baseline row ``1.0×``), signed change ``+1.12%``/``-0.84%`` (expected ``1.12``/``-0.84``),
latency, accuracy); about one cell in twelve is missing, printed ``-``, ``N/A`` or ``—`` and
not expected. Row labels are model names, often with words after them (``X w/o KD``,
``Y (ours)``). Forms:

* ``page-pipe``: Markdown pipe tables, outer pipes or not, padded or tight, an alignment row
  (``:--``, ``--:``, ``:-:``), ``**bold**`` best cells (``**81.2** ± 0.3``);
* ``page-aligned``: pdftotext -layout columns (labels left, numbers right, 2+ spaces between
  columns, a page indent) or, one table in three, single spaces between cells, labels and
  headers keeping their own spaces (no cell then holds a space: no ``±`` column); bold lost;
* ``page-latex``: a multi-line ``tabular`` (in a ``table`` environment or not) with ``\hline``
  or booktabs rules, a ``\multicolumn{k}{c}{GLUE}`` group header over the task columns,
  ``\multicolumn{n}{l}{\textit{...}}`` section rows, ``\textbf{}``, ``$\pm$``, ``\%``,
  ``--`` for missing; ``page-latex-oneline``: the same with the whole table on one line;
* ``page-html``: an HTML ``<table>`` on one line, a ``<tr>`` per line or a ``<td>`` per line,
  ``<th colspan>`` group headers, ``<td colspan>`` section rows, ``<b>`` best cells,
  optional ``<thead>``/``<tbody>``.

Chart descriptions of other charts (``chart_of``), axes written ``* **X-axis:** label``,
``X axis - label`` or ``**X-axis (Concept)**: label``:

* ``chart-bar``: a bar per line, ``* **Model:** 45.2%``, ``* **Model:** approximately 45.2``
  or ``- Model: ~45.2%``; or grouped bars, a task per line, ``* **SST-2:** Model X: 45.2,
  Model Y: 50.1``. A bar has no numeric x: expected ``[line_no, "", y]``;
* ``chart-line``: series of ``(x, y)`` pairs, several on the series line
  (``* **Name (Colour):** increases steadily: (1, 62.3), (2, 65.1), (4, 70.2).`` or in a
  sentence ``starts at (1, 62.3), rises through ... and ends at (8, 74.0).``) or one pair per
  indented bullet under it;
* ``chart-units``: points with their units, ``* Name: 4 GFLOPs, 81.5% accuracy`` (the name
  bold or not);
* ``mixed``: a ``#`` title, prose, a ``##`` section with a pipe, LaTeX or HTML table and a
  ``##`` bar, line or units chart description, in either order (expected shape ``mixed``).

What is *expected* is what is printed: carried (merged) cells are not printed, so they are
not expected; a key column printed again in the second half of a table split in two is
layout (the parser emits it once), so only its first half is expected; metadata rows under
a header (training-set sizes) are header values, not table values; numbers in captions,
headings, axis ranges and prose are not table values or points.

``prepare_workdir`` copies the repository's sources (Snakefile, config, workflow) into a
work directory and fills its data/raw with such a corpus (N=5: the real seeds instead).
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The shapes in the order documents are assigned to them (document i gets
#: SHAPES[i % len(SHAPES)]). The five shapes of the seeds come first; the text forms of
#: converted papers and the other chart descriptions follow.
SHAPES = ("chart-series", "chart-named", "chart-located", "page", "slides",
          "page-pipe", "page-aligned", "page-latex", "page-latex-oneline", "page-html",
          "chart-bar", "chart-line", "chart-units", "mixed")

#: What ``prepare_workdir`` copies from the repository; everything else (.git, data,
#: figures, report outputs, logs, .snakemake, tests, benchmarks) stays behind.
COPY_ITEMS = ("Snakefile", "config", "workflow", "profiles")

# ------------------------------------------------------------------------------------------
# Vocabulary

_PREFIXES = ("Tiny", "Mini", "Nano", "Micro", "Lite", "Slim", "Fast", "Sparse", "Quant",
             "Distil", "Pico", "Compact", "Mobile", "Squeeze", "Flash", "Turbo", "Deep", "Lean")
_CORES = ("BERT", "Former", "LM", "Trans", "ELECTRA", "RoBERTa", "T5", "GPT", "XLM", "Mamba",
          "Coder", "Net")
_SUFFIXES = ("", "", "-4L", "-6L", "-base", "-small", "-tiny", " v2", "-2B", "-7B-Chat", "-1.5B",
             "(TWN)", "(BWN)", "-3L-PKD", " Large")
_COLOURS = ("Orange", "Purple", "Dark Purple", "Green", "Light Green", "Red", "Teal", "Pink",
            "Blue", "Brown", "Gray", "Olive", "Cyan", "Navy", "Light Blue", "Yellow", "Magenta",
            "Dark Green", "Blue-Green", "Gold")
_FIRST = ("Anna", "Ravi", "Mei", "Tomas", "Sofia", "Kenji", "Laura", "Omar", "Ines", "Pavel",
          "Grace", "Diego", "Hana", "Lukas", "Nora", "Arjun", "Elena", "Felix", "Yara", "Chen")
_LAST = ("Novak", "Iyer", "Lindqvist", "Okafor", "Moreau", "Tanaka", "Schmidt", "Haddad",
         "Costa", "Petrov", "Walsh", "Reyes", "Kim", "Berger", "Sato", "Mehta", "Rossi", "Fischer",
         "Dubois", "Wang")
_AFFILIATIONS = ("Example University, Canada", "Institute for Compact Models, Germany",
                 "Acme AI Research, USA", "North Lake Lab, Japan", "Open Language Group, France")
_TITLE_A = ("EFFICIENT", "COMPACT", "SPARSE", "ROBUST", "FAST", "LIGHTWEIGHT", "ADAPTIVE", "FRUGAL")
_TITLE_B = ("DISTILLATION", "PRUNING", "QUANTIZATION", "FACTORIZATION", "ATTENTION", "TRANSFER",
            "REPRESENTATIONS", "STUDENTS")
_TITLE_C = ("LANGUAGE UNDERSTANDING", "TRANSFORMER MODELS", "PRE-TRAINED ENCODERS",
            "QUESTION ANSWERING", "TEXT CLASSIFICATION", "SMALL DEVICES")
_TASKS = ("CoLA", "SST-2", "MRPC", "STS-B", "QQP", "QNLI", "RTE", "SQuAD 1.1", "SQuAD 2.0",
          "MNLI", "MNLI-mm", "BoolQ")
_METHODS = ("DualTrain", "DualTrain + SharedProjDown", "DualTrain + SharedProjUp", "ProjDistil",
            "LayerDrop", "HeadPrune", "MixKD", "RankShare")


@dataclass
class Doc:
    """One generated document: its text lines and the values a correct parse reports."""

    name: str
    shape: str  # what the parser reports: chart, page, slides or mixed
    lines: list[str] = field(default_factory=list)
    points: list[list] = field(default_factory=list)  # [line_no, x, y]
    values: list[list] = field(default_factory=list)  # [line_no, value]
    form: str = ""  # the generator's shape (one of SHAPES)

    def add(self, line: str = "") -> int:
        self.lines.append(line)
        return len(self.lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def expected(self) -> dict:
        return {"shape": self.shape, "form": self.form, "points": self.points, "table_values": self.values}


def fmt(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def canonical(token: str) -> str:
    """A printed number as the parser reports it: the printed digits, no leading '+', no
    thousands separators ("+1.12" -> "1.12", "41,021.00" -> "41021.00")."""
    token = token.replace(",", "")
    return token[1:] if token.startswith("+") else token


def model_names(rng: random.Random, k: int) -> list[str]:
    names: list[str] = []
    while len(names) < k:
        name = rng.choice(_PREFIXES) + rng.choice(_CORES) + rng.choice(_SUFFIXES)
        if name not in names:
            names.append(name)
    return names


def _spread(rng: random.Random, lo: float, hi: float, k: int, decimals: int) -> list[str]:
    return [fmt(rng.uniform(lo, hi), decimals) for _ in range(k)]


def _trend_word(xs: list[float], ys: list[float]) -> str:
    if len(xs) < 2:
        return "a single point"
    pairs = sorted(zip(xs, ys))
    steps = [b[1] - a[1] for a, b in zip(pairs, pairs[1:])]
    if all(s > 0 for s in steps):
        return "an upward trend"
    if all(s < 0 for s in steps):
        return "a decreasing trend"
    return "a mixed pattern"


# ------------------------------------------------------------------------------------------
# Chart descriptions


def chart_series(name: str, rng: random.Random) -> Doc:
    """Like 000: series bullets followed by 'At approximately X MB, the Y is around V' points."""
    doc = Doc(name, "chart")
    ylabel = rng.choice(("Glue Score", "Average Accuracy", "SQuAD F1", "Mean Score"))
    sizes = [4, 8, 16, 32, 64, 128, 200, 400]
    n_series = rng.randint(4, 8)
    series = model_names(rng, n_series)
    colours = rng.sample(_COLOURS, n_series)
    ybase = rng.uniform(70, 85)
    data = []
    for s in series:
        xs = sorted(rng.sample(sizes, rng.randint(1, 3)))
        ys = [fmt(ybase + rng.uniform(-2.5, 2.5), 1) for _ in xs]
        labels = [rng.choice(("", "", f"L={rng.choice((3, 4, 6, 12))}",
                              f"L={rng.choice((6, 12))} ({rng.choice((1, 2, 4))}-bit)")) for _ in xs]
        data.append((s, xs, ys, labels))
    all_x = [x for _, xs, _, _ in data for x in xs]
    all_y = [float(y) for _, _, ys, _ in data for y in ys]
    ymin, ymax = fmt(min(all_y) - 0.2, 1), fmt(max(all_y) + 0.2, 1)
    doc.add(f"## Scatter Plot: {series[0].split('-')[0]}-type Model {ylabel} vs. Size")
    doc.add("### Overview")
    doc.add(f"This scatter plot visualizes the performance ({ylabel}) of various compressed models "
            f"against their size (in MB). The plot shows the trade-off between model size and "
            f"performance, with different models employing techniques like quantization and "
            f"layer reduction. The data is averaged over {rng.randint(4, 9)} tasks.")
    doc.add("### Components/Axes")
    doc.add(f"* **X-axis:** Size (MB), ranging from approximately {min(all_x)} MB to {max(all_x)} MB.")
    doc.add(f"* **Y-axis:** {ylabel}, ranging from approximately {ymin} to {ymax}.")
    doc.add(f'* **Title:** "Average over several tasks for {series[0]} and related models"')
    if rng.random() < 0.6:
        doc.add('* **Annotations:** Two horizontal arrows labeled "Quantization" (pointing left) '
                'and "Layer Reduction" (pointing right).')
    position = rng.choice(("bottom-center", "top-left", "bottom-right", "upper-right"))
    doc.add(f"* **Legend:** Located in the {position} of the plot, with the following entries:")
    for s, c in zip(series, colours):
        doc.add(f"* {s} ({c})")
    doc.add("### Detailed Analysis")
    doc.add("The plot contains several data series represented by different colored markers.")
    for (s, xs, ys, labels), c in zip(data, colours):
        trend = _trend_word(xs, [float(y) for y in ys])
        doc.add(f"* **{s} ({c}):** This series shows {trend}.")
        for x, y, label in zip(xs, ys, labels):
            suffix = f' (labeled "{label}")' if label else ""
            line = doc.add(f"* At approximately {x} MB, the {ylabel} is around {y}{suffix}.")
            doc.points.append([line, str(x), y])
    best = max(data, key=lambda d: max(float(y) for y in d[2]))
    doc.add("### Key Observations")
    doc.add(f"* {best[0]} reaches the highest {ylabel} of the plot.")
    doc.add("* Models on the right side of the plot are larger than the models on the left.")
    doc.add("### Interpretation")
    doc.add("The data suggests a trade-off between model size and performance. Techniques like "
            "quantization and layer reduction can be used to optimize model size while keeping "
            "acceptable performance levels; the optimal choice depends on the application.")
    return doc


def chart_named(name: str, rng: random.Random) -> Doc:
    """Like 001: '* **Name:** Approximately (4 GFLOPs, 75 GLUE score) - Colour (date)'."""
    doc = Doc(name, "chart")
    k = rng.randint(6, 14)
    names = model_names(rng, k)
    dates = sorted({f"{rng.randint(2017, 2023)}-{rng.choice(('01', '07'))}" for _ in range(6)}, reverse=True)
    colours = rng.sample(_COLOURS, len(dates))
    xs = [rng.randint(2, 90) for _ in names]
    ys = [rng.randint(62, 88) for _ in names]
    doc.add("")
    doc.add("## Scatter Plot: GLUE Score vs. GFLOPs for Language Models")
    doc.add("### Overview")
    doc.add("This image presents a scatter plot comparing the performance (GLUE score) of various "
            "language models against their computational cost (GFLOPs). Each point on the plot "
            "represents a specific language model. The color of each point indicates the date of "
            "the model's release.")
    doc.add("### Components/Axes")
    doc.add(f"* **X-axis:** GFLOPs (ranging from approximately {min(xs)} to {max(xs)}).")
    doc.add(f"* **Y-axis:** GLUE score (ranging from approximately {min(ys)} to {max(ys)}).")
    doc.add("* **Data Points:** Represent individual language models.")
    doc.add(f"* **Legend:** Located in the {rng.choice(('bottom-right', 'top-left'))} corner, "
            "color-coded by release date:")
    for d, c in zip(dates, colours):
        doc.add(f"* {d} ({c})")
    doc.add(f"* **Models Labeled:** {', '.join(names)}.")
    doc.add("### Detailed Analysis")
    doc.add("The plot shows a general trend of higher GLUE scores correlating with higher GFLOPs, "
            "but with significant variation.")
    doc.add("Here's a breakdown of the approximate data points, cross-referencing with the legend "
            "for color accuracy:")
    for n, x, y in zip(names, xs, ys):
        i = rng.randrange(len(dates))
        line = doc.add(f"* **{n}:** Approximately ({x} GFLOPs, {y} GLUE score) - {colours[i]} ({dates[i]})")
        doc.points.append([line, str(x), str(y)])
    top = names[ys.index(max(ys))]
    doc.add("### Key Observations")
    doc.add(f"* **{top} Performance:** {top} achieves the highest GLUE score in the dataset.")
    doc.add("* **Release Date Correlation:** Newer models tend to achieve higher GLUE scores for a "
            "given number of GFLOPs.")
    doc.add("### Interpretation")
    doc.add("The data suggests a trade-off between model performance (GLUE score) and "
            "computational cost (GFLOPs). The efficiency of models has improved over time.")
    return doc


def chart_located(name: str, rng: random.Random) -> Doc:
    """Like 002: '* **Name:** Located at approximately (2, 64).' after a list of models."""
    doc = Doc(name, "chart")
    k = rng.randint(8, 16)
    names = model_names(rng, k)
    decimals = 1 if rng.random() < 0.3 else 0
    xs = _spread(rng, 1, 40, k, decimals)
    ys = _spread(rng, 35, 70, k, decimals)
    fx, fy = [float(v) for v in xs], [float(v) for v in ys]
    doc.add("")
    doc.add("## Scatter Plot: Benchmark Performance vs. Model Size")
    doc.add("### Overview")
    doc.add("This image presents a scatter plot comparing the benchmark performance (average "
            "evaluation score) of various language models against their non-embedding parameter "
            "size. Each point is labeled with the model name.")
    doc.add("### Components/Axes")
    doc.add("* **X-axis:** Non-embedding parameter size (billion). Scale ranges from approximately "
            f"{int(min(fx))} to {int(max(fx)) + 1} billion.")
    doc.add("* **Y-axis:** Benchmark performance (avg eval score). Scale ranges from approximately "
            f"{int(min(fy))} to {int(max(fy)) + 1}.")
    doc.add("* **Data Points:** Each point represents a specific language model. The points are "
            "labeled with the model name.")
    doc.add("* **Models:** The following models are represented:")
    for n in names:
        doc.add(f"* {n}")
    doc.add("### Detailed Analysis")
    doc.add("The data points are scattered across the plot, indicating varying levels of "
            "performance for different model sizes.")
    for n, x, y in zip(names, xs, ys):
        line = doc.add(f"* **{n}:** Located at approximately ({x}, {y}).")
        doc.points.append([line, x, y])
    doc.add("**Trends:**")
    doc.add("* Models with similar parameter sizes can exhibit significantly different scores.")
    top = names[fy.index(max(fy))]
    doc.add("### Key Observations")
    doc.add(f"* **High Performers:** {top} exhibits the highest benchmark performance score.")
    doc.add("### Interpretation")
    doc.add("The scatter plot suggests that model size is a significant, but not the sole, "
            "determinant of benchmark performance.")
    return doc


# ------------------------------------------------------------------------------------------
# Tables of OCR'd pages and slides


class Row:
    """Cells of one table line and, per cell, the numbers a correct parse reports."""

    def __init__(self) -> None:
        self.cells: list[str] = []
        self.numbers: list[str] = []

    def text(self, text: str) -> Row:
        self.cells.append(text)
        return self

    def num(self, token: str, suffix: str = "", expected: bool = True) -> Row:
        self.cells.append(token + suffix)
        if expected:
            self.numbers.append(canonical(token))
        return self

    def pair(self, a: str, b: str, sep: str = "/") -> Row:
        self.cells.append(f"{a}{sep}{b}")
        self.numbers += [canonical(a), canonical(b)]
        return self

    def delta(self, value: str, delta: str) -> Row:
        self.cells.append(f"{value} ({delta})")
        self.numbers += [canonical(value), canonical(delta)]
        return self

    def missing(self) -> Row:
        self.cells.append("-")
        return self

    def blank(self) -> Row:
        self.cells.append("")
        return self

    def emit(self, doc: Doc, trailing_tab: bool = False) -> int:
        line = doc.add("\t".join(self.cells) + ("\t" if trailing_tab else ""))
        doc.values += [[line, n] for n in self.numbers]
        return line


def _score(rng: random.Random, lo: float = 60, hi: float = 93, decimals: int = 1) -> str:
    return fmt(rng.uniform(lo, hi), decimals)


def _signed(value: float, decimals: int) -> str:
    text = fmt(value, decimals)
    return text if text.startswith("-") else "+" + text


def table_merged(doc: Doc, rng: random.Random, caption_first: bool = True) -> None:
    """Like Zhao et al.: two-line header, pair column, config cells merged over groups."""
    tasks = rng.sample(("SST-2", "QNLI", "RTE", "QQP"), rng.randint(1, 2))
    doc.add("\t".join(["Model", "Hidden", "Vocab", "Compress", "MRPC", "MNLI-m", "MNLI-mm", *tasks]))
    doc.add("\t".join(["", "Dim", "Size", "Factor", "(F1/Acc)", "(Acc)", "(Acc)", *["(Acc)"] * len(tasks)]))

    def scores(row: Row) -> Row:
        row.pair(_score(rng, 75, 90), _score(rng, 65, 85))
        row.num(_score(rng, 68, 86)).num(_score(rng, 68, 86))
        for _ in tasks:
            row.num(_score(rng, 78, 94))
        return row

    scores(Row().text("Teacher BERT _{BASE}").num("768").num("30522").num("1", "x")).emit(doc)
    kinds = rng.sample(_METHODS, rng.randint(2, 3))
    labels = ["NoKD Baseline", *kinds]
    dim = 384
    for g in range(rng.randint(2, 3)):
        dim //= 2
        factor = fmt(rng.uniform(2, 8) * (g + 1) ** 1.5, 2)
        printed_on = rng.randrange(len(labels))  # the one row of the group that prints the config
        for i, label in enumerate(labels):
            row = Row().text(label)
            if i == printed_on:
                row.num(str(dim)).num("4928").num(factor, "x")
            else:
                row.blank().blank().blank()
            scores(row).emit(doc)


def table_params(doc: Doc, rng: random.Random, caption_first: bool = True) -> None:
    """Like MobileBERT: empty corner cell, units M/B, missing '-', an MNLI-m/mm pair column,
    optionally a metadata row of training-set sizes under the task names."""
    tasks = rng.sample(("CoLA", "SST-2", "MRPC", "STS-B", "QQP", "QNLI", "RTE"), rng.randint(3, 5))
    doc.add("\t".join(["", "#Params", "#FLOPs", *tasks, "MNLI-m/mm", "GLUE"]))
    if rng.random() < 0.5:
        sizes = [f"{rng.choice((2.5, 3.7, 5.7, 8.5, 67, 108, 364, 393))}k" for _ in tasks]
        doc.add("\t".join(["", "", "", *sizes, "393k", ""]))
    for i, label in enumerate(["BERT _{BASE}", *model_names(rng, rng.randint(4, 7))]):
        row = Row().text(label)
        row.num(fmt(rng.uniform(10, 120), 1) if i else "109", "M")
        if rng.random() < 0.2:
            row.missing()
        else:
            row.num(fmt(rng.uniform(1, 25), 1), "B")
        for _ in tasks:
            row.missing() if rng.random() < 0.1 else row.num(_score(rng, 40, 94))
        a, b = _score(rng, 74, 86), _score(rng, 74, 86)
        row.pair(a, b, sep=rng.choice(("/", "/", "/ ")))
        row.missing() if rng.random() < 0.15 else row.num(_score(rng, 68, 82))
        row.emit(doc)


def table_delta(doc: Doc, rng: random.Random, caption_first: bool = True) -> None:
    """Like RPP: 'value (delta)' cells against a per-column baseline, a key column with the
    label printed once per group; sometimes printed in two halves (repeated header), as in
    the seed only when the caption comes first (the parser splits a two-half table whose
    caption follows it into two tables)."""
    halves = 2 if caption_first and rng.random() < 0.4 else 1
    ratios = {"NIP": ("50.0", "80.0"), "RPP": ("59.3", "88.4")}
    per_half = rng.randint(4, 5) if halves == 1 else rng.randint(4, 6)
    all_tasks = rng.sample(_TASKS, per_half * halves)  # the halves print different tasks
    for half in range(halves):
        tasks = all_tasks[half * per_half:(half + 1) * per_half]
        base = {t: rng.uniform(70, 92) for t in tasks}
        doc.add("\t".join(["Method", "Prune Ratio(%)", *tasks]) + "\t")
        for method, rs in ratios.items():
            for j, ratio in enumerate(rs):
                row = Row().text(method if j == 0 else "")
                row.num(ratio, expected=(half == 0))  # printed again in half 2: layout, emitted once
                for t in tasks:
                    d = round(-rng.uniform(0.1, 15), rng.choice((1, 2)))
                    if rng.random() < 0.1:
                        d = round(rng.uniform(0.1, 1.5), 1)
                    decimals = 2 if abs(d * 100) % 10 else 1
                    row.delta(fmt(base[t] + d, decimals), _signed(d, decimals))
                row.emit(doc, trailing_tab=True)


def table_simple(doc: Doc, rng: random.Random, caption_first: bool = True) -> None:
    """Like the decomposition paper: empty corner cell, plain numbers, a footnote marker."""
    cols = rng.sample(("Performance (Squad-F1)", "Speed (GFLOPs)", "Memory (MB)", "Latency (ms)",
                       "Tesla V100 GPU", "OnePlus 6 Phone"), 3)
    doc.add("\t".join(["", *cols]))
    for label in model_names(rng, rng.randint(2, 4)):
        row = Row().text(label)
        for c in cols:
            value = fmt(rng.uniform(0.05, 1500), rng.choice((1, 2)))
            row.num(value, "*" if c == "OnePlus 6 Phone" else "")
        row.emit(doc)


_PAGE_TABLES = (
    (table_merged, "Results of the distilled models, the teacher model and baselines on the "
                   "downstream tasks, along with the size parameters and compression ratios of "
                   "the respective models compared to the teacher $BERT_{BASE}$."),
    (table_params, "The test results on the GLUE benchmark. The number below each task denotes "
                   "the number of training examples. For tasks with multiple metrics, the metrics "
                   "are arithmetically averaged to compute the GLUE score."),
    (table_delta, "Pruning results on a set of transfer learning tasks. The degradation is "
                  "contrasted with the original model (without pruning)."),
    (table_simple, "Performance, inference speed and memory for different models on SQuAD."),
)


def _paper_header(doc: Doc, rng: random.Random) -> None:
    doc.add(f"{rng.choice(_TITLE_A)} {rng.choice(_TITLE_B)} FOR {rng.choice(_TITLE_C)}")
    doc.add()
    if rng.random() < 0.3:
        doc.add("Anonymous authors")
        doc.add()
        doc.add("Paper under double-blind review")
    else:
        people = [f"{rng.choice(_FIRST)} {rng.choice(_LAST)}" for _ in range(rng.randint(2, 4))]
        doc.add(", ".join(people) + " " + rng.choice(_AFFILIATIONS))
        doc.add()
        handles = ", ".join(p.split()[0].lower() + p.split()[1][0].lower() for p in people)
        doc.add("{" + handles + "}@example.org")
    doc.add()


def _notes(doc: Doc, rng: random.Random) -> None:
    base = rng.choice(("BERT-BASE", "BERT-Base", "BERT-Large"))
    before = 84 if "ase" in base.lower() else 86
    if rng.random() < 0.5:
        doc.add(f"{base}:")
        doc.add()
        for ratio in rng.sample((2, 4, 6, 10, 20, 60), 2):
            doc.add(f"1/{ratio}: {before} => {before - rng.randint(0, 12)}")
            doc.add()
    else:
        doc.add(f"{base}: 1/{rng.choice((2, 4, 10))}: {before} => {before - rng.randint(0, 6)}")
        doc.add()


def page(name: str, rng: random.Random) -> Doc:
    """Like 003: one or two papers, each with title/authors, 1-2 captioned tables and notes."""
    doc = Doc(name, "page")
    doc.add("Small BERT. Which one is the best?")
    doc.add()
    doc.add("• Compression Rate vs. MNLI accuracy")
    doc.add()
    n_tables = rng.randint(2, 3)
    kinds = rng.sample(_PAGE_TABLES, n_tables)
    papers = [kinds[:1], kinds[1:]] if n_tables == 3 or rng.random() < 0.5 else [kinds]
    for tables in papers:
        _paper_header(doc, rng)
        caption_first = rng.random() < 0.5
        for number, (make, caption) in enumerate(tables, 1):
            cap = f"Table {number}: {caption}"
            if caption_first:
                doc.add(cap)
                doc.add()
            make(doc, rng, caption_first)
            doc.add()
            if not caption_first:
                doc.add(cap)
                doc.add()
            _notes(doc, rng)
    doc.add(f"Figure {rng.randint(1, 5)}: Accuracy of the compressed models against their size.")
    return doc


def slides(name: str, rng: random.Random) -> Doc:
    """Like 004: a deck of '## ' headings with bullets, empty sections and a results table."""
    doc = Doc(name, "slides")
    for text in (" ", "", "", "", " "):
        doc.add(text)
    doc.add("## Motivation")
    doc.add()
    for b in ("Growing size of pre-trained models, approaching trillions of parameters",
              "Deployment requires access to cloud computing or high-performance clusters",
              "Solution: **Model Compression!**"):
        doc.add(f"- {b}")
    doc.add()
    for heading in rng.sample(("Quantization", "Pruning", "Knowledge Distillation",
                               "Matrix Decomposition", "Dynamic Inference Acceleration"), 3):
        doc.add(" ")
        doc.add(f"## {heading}")
        doc.add()
        doc.add()
        doc.add()
    doc.add(f"## {rng.choice(('Effectiveness of Compression', 'Results', 'Comparison'))}")
    doc.add()
    tasks = rng.sample(("MNLI", "QQP", "SST-2", "SQD", "QNLI"), 4)
    top = ["Methods", "Model Size", "", "Speedup", "", "Accuracy/F1", "", "", "", "Avr."]
    sub = ["", "w/ emb", "w/o emb", "GPU", "CPU", *tasks, ""]
    doc.add("\t".join(top))
    doc.add("\t".join(sub))
    Row().text("BERT <sub>BASE</sub>").num("100", "%").num("100", "%").num("1", "x").num("1", "x") \
        .num("84.6").num("89.2").num("93.5").num("88.5").num("0.0").emit(doc)
    groups = rng.sample(("Quantization", "Unstructured Pruning", "Structured Pruning",
                         "KD from Output Logits", "KD from Attn.", "Multiple KD combined",
                         "Matrix Decomposition", "Param. Sharing", "Pruning with KD", "Compound"),
                        rng.randint(4, 7))
    for group in groups:
        for j in range(rng.randint(1, 3)):
            row = Row().text(group if j == 0 else "")
            w = rng.uniform(1, 70)
            row.num(fmt(w, 1), "%").num(fmt(w * rng.uniform(0.3, 1), 1), "%")
            for _ in range(2):
                row.missing() if rng.random() < 0.15 else row.num(fmt(rng.uniform(1, 20), 2), "x")
            for _ in tasks:
                row.missing() if rng.random() < 0.25 else row.num(_score(rng, 70, 93))
            row.num(fmt(-rng.uniform(0.1, 5), 2))
            row.emit(doc)
    doc.add()
    for b in ("Quantization is the best single compression method for accuracy-size trade-off",
              "Unstructured pruning can reduce size without accuracy drop, but fails for extreme compression",
              "Compounding multiple compression methods together can help with extreme compression"):
        doc.add(f"- {b}")
    doc.add()
    doc.add("## Practical Suggestions")
    doc.add()
    doc.add("- Choose an appropriate baseline based on the downstream task requirement")
    doc.add("- Investigate the target setup")
    doc.add("  - Choose a compression method based on the acceleration requirement")
    doc.add("  - Choose an appropriate student model")
    return doc


# ------------------------------------------------------------------------------------------
# Tables in the text forms of converted papers: Markdown pipes, pdftotext layout, LaTeX, HTML


@dataclass
class Cell:
    """One table cell: ``template`` with ``{0}``, ``{1}`` for its printed numbers ("{0}%",
    "{0} ± {1}", "{0}×"; a label or a missing mark has none). ``bold`` marks the best value of
    its column (its first number, in the forms that can print bold)."""

    template: str
    numbers: tuple[str, ...] = ()
    bold: bool = False

    def expected(self) -> list[str]:
        return [canonical(n) for n in self.numbers]


@dataclass
class Table:
    """A table before it is written in a form: a header, per row its cells (first: the label),
    optional column groups over the value columns (``[(name, span)]``, printed by the forms
    that can span cells) and section rows (``{row index: title}``, printed before that row by
    LaTeX and HTML)."""

    header: list[str]
    rows: list[list[Cell]]
    groups: list[tuple[str, int]] = field(default_factory=list)
    sections: dict[int, str] = field(default_factory=dict)
    caption: str = ""


#: Task names without a standalone number (a "SQuAD 1.1" category would print a number that is
#: not a value).
_PLAIN_TASKS = ("CoLA", "SST-2", "MRPC", "STS-B", "QQP", "QNLI", "RTE", "MNLI", "BoolQ", "WiC")
_QUALIFIERS = (" + KD", " (ours)", " w/o KD", " + pruning", " student", " distilled")
_RESULT_CAPTIONS = ("Accuracy of the compressed models on the development sets; the best result "
                    "of each column is in bold.",
                    "Results of the student models against their teacher on the GLUE tasks.")
_EFFICIENCY_CAPTIONS = ("Efficiency of the compressed models, measured on a single GPU with batch "
                        "size one.",
                        "Cost of the compressed models compared with the uncompressed baseline.")
_SECTIONS = ("Experiments", "Results", "Main Results", "Efficiency", "Ablation Study")
_PROSE = ("All students are trained with the same recipe and evaluated on the same hardware.",
          "Missing entries were not reported by the original authors.",
          "Our method keeps most of the accuracy of the teacher at a fraction of its cost.",
          "The baseline row is the uncompressed teacher; speedups are relative to it.")


def _missing_mark(rng: random.Random) -> str:
    return rng.choice(("-", "N/A", "—"))


def make_table(rng: random.Random, spaced_cells: bool = True) -> Table:
    """A random results table ("GLUE" task columns of plain, percent or ``mean ± std`` scores and
    their average) or efficiency table (parameters, throughput with thousands separators, speedup
    ``1.39×``, signed change ``+1.12%``, latency); the first row is the baseline (speedup
    ``1.0×``, no change). ``spaced_cells=False``: no cell holds a space (single-space layout)."""
    n_rows = rng.randint(3, 6)
    labels = model_names(rng, n_rows)
    for i in rng.sample(range(1, n_rows), rng.randint(1, n_rows - 1)):
        labels[i] += rng.choice(_QUALIFIERS)
    missing = _missing_mark(rng)
    columns: list[tuple[str, str]] = []  # (header, kind)
    groups: list[tuple[str, int]] = []
    results = rng.random() < 0.5
    if results:
        tasks = rng.sample(_PLAIN_TASKS, rng.randint(2, 4))
        kind = rng.choice(("score", "percent", "pm") if spaced_cells else ("score", "percent"))
        if rng.random() < 0.4:
            columns.append(("Params (M)", "params"))
            groups.append(("", 1))
        columns += [(t, kind) for t in tasks] + [("Avg.", "average")]
        groups += [("GLUE", len(tasks)), ("", 1)]
    else:
        pool = [("Params (M)", "params"), ("Throughput (tok/s)", "thousands"),
                ("Speedup", "times"), ("Δ Acc.", "signed"), ("Latency (ms)", "latency"),
                ("Acc. (%)", "score")]
        columns = [pool[i] for i in sorted(rng.sample(range(len(pool)), rng.randint(3, 5)))]
    glyph = rng.choice(("×", "×", "x"))
    grouped = rng.random() < 0.5  # thousands column: '41,021.00' or '41,021'
    rows: list[list[Cell]] = [[Cell(label)] for label in labels]
    for _, kind in columns:
        for i, row in enumerate(rows):
            if kind == "average":
                scores = [float(c.numbers[0]) for c, (_, k) in zip(row[1:], columns)
                          if k in ("score", "percent", "pm") and c.numbers]
                row.append(Cell("{0}", (fmt(sum(scores) / len(scores), 1),)) if scores else Cell(missing))
            elif i and kind not in ("params", "times") and rng.random() < 0.08:
                row.append(Cell(missing))
            elif kind in ("score", "percent", "pm"):
                value = _score(rng, 55, 93)
                if kind == "pm":
                    row.append(Cell("{0} ± {1}", (value, fmt(rng.uniform(0.1, 1.5), 1))))
                else:
                    row.append(Cell("{0}%" if kind == "percent" else "{0}", (value,)))
            elif kind == "params":
                row.append(Cell("{0}", (fmt(rng.uniform(4, 400), 1),)))
            elif kind == "thousands":
                v = rng.uniform(1000, 200000)
                row.append(Cell("{0}", (f"{v:,.2f}" if grouped else f"{round(v):,d}",)))
            elif kind == "times":
                row.append(Cell("{0}" + glyph, ("1.0" if i == 0 else fmt(rng.uniform(1.1, 9), 2),)))
            elif kind == "signed":
                d = rng.uniform(0.05, 3) * rng.choice((-1, 1))
                row.append(Cell(missing) if i == 0 else Cell("{0}%", (_signed(d, 2),)))
            else:  # latency
                row.append(Cell("{0}", (fmt(rng.uniform(2, 150), 2),)))
    for c, (_, kind) in enumerate(columns, 1):  # the best score of a column is in bold
        if kind in ("score", "percent", "pm", "average"):
            scored = [row[c] for row in rows if row[c].numbers]
            if scored:
                max(scored, key=lambda cell: float(cell.numbers[0])).bold = True
    sections = {}
    if rng.random() < 0.4:
        sections = {0: "Baselines", rng.randint(1, n_rows - 1): "Compressed models"}
    caption = rng.choice(_RESULT_CAPTIONS if results else _EFFICIENCY_CAPTIONS)
    return Table(["Model", *(h for h, _ in columns)], rows, groups, sections, caption)


def _latex(text: str) -> str:
    return (text.replace("%", r"\%").replace("±", r"$\pm$").replace("×", r"$\times$")
            .replace("Δ", r"$\Delta$").replace("—", "--"))


def cell_text(cell: Cell, form: str) -> str:
    """A cell as printed in ``form`` (pipe, plain, latex, html): LaTeX escapes ``\\%``, writes
    ``$\\pm$`` and a speedup as ``1.39x``; bold is ``**v**``, ``\\textbf{v}``, ``<b>v</b>`` and
    lost in plain text (it wraps the first number and its unit: ``**81.2** ± 0.3``)."""
    text = cell.template.format(*cell.numbers)
    if form == "latex":
        text = _latex(text.replace("×", "x"))
    if cell.bold and form != "plain":
        first, sep, rest = text.partition(" ")
        wrap = {"pipe": "**{}**", "latex": r"\textbf{{{}}}", "html": "<b>{}</b>"}[form]
        text = wrap.format(first) + sep + rest
    return text


def _emit(doc: Doc, line: str, cells: list[Cell]) -> int:
    ln = doc.add(line)
    doc.values += [[ln, n] for c in cells for n in c.expected()]
    return ln


def write_pipe(doc: Doc, table: Table, rng: random.Random) -> None:
    """A Markdown pipe table: outer pipes or not, padded or tight, an alignment row
    (``---``, ``:--``, ``--:``, ``:-:``), bold best cells."""
    outer, tight = rng.random() < 0.75, rng.random() < 0.25

    def line(cells: list[str]) -> str:
        if not outer:
            return " | ".join(cells)
        return "|" + "|".join(cells) + "|" if tight else "| " + " | ".join(cells) + " |"

    align = [rng.choice((":--", "---", ":---"))] + [
        rng.choice(("--:", "---:", ":-:", "---", ":---:")) for _ in table.header[1:]]
    doc.add(line(table.header))
    doc.add(line(align))
    for row in table.rows:
        _emit(doc, line([cell_text(c, "pipe") for c in row]), row)


def write_aligned(doc: Doc, table: Table, rng: random.Random, single: bool = False) -> None:
    """Whitespace-aligned columns as pdftotext -layout prints them: labels left-aligned, numbers
    right-aligned, columns 2+ spaces apart, the page indent; bold is lost. ``single``: one space
    between cells (pdftotext without -layout), the labels and headers keep their own spaces."""
    texts = [table.header] + [[cell_text(c, "plain") for c in row] for row in table.rows]
    if single:
        doc.add(" ".join(table.header))
        for row, cells in zip(table.rows, texts[1:]):
            _emit(doc, " ".join(cells), row)
        return
    widths = [max(len(t[i]) for t in texts) for i in range(len(table.header))]
    indent, gap = " " * rng.choice((0, 2, 4, 5)), " " * rng.randint(2, 5)

    def line(cells: list[str]) -> str:
        return indent + gap.join([cells[0].ljust(widths[0])] +
                                 [c.rjust(w) for c, w in zip(cells[1:], widths[1:])]).rstrip()

    doc.add(line(table.header))
    for row, cells in zip(table.rows, texts[1:]):
        _emit(doc, line(cells), row)


def write_latex(doc: Doc, table: Table, rng: random.Random, oneline: bool = False) -> None:
    """A LaTeX ``tabular`` (inside ``table`` or not): ``\\hline`` or booktabs rules, a
    ``\\multicolumn`` group header over the task columns, ``\\multicolumn`` section rows,
    ``\\textbf{}`` best cells, ``$\\pm$``, ``\\%``. ``oneline``: the whole table on one line
    (as some converters print it), so every value is on that line."""
    n = len(table.header)
    booktabs = rng.random() < 0.4
    top, mid, bottom = (r"\toprule", r"\midrule", r"\bottomrule") if booktabs else (r"\hline",) * 3
    spec = "l" + rng.choice(("c", "r")) * (n - 1)
    lines: list[tuple[str, list[Cell]]] = []
    env = rng.random() < 0.5
    if env:
        lines += [(r"\begin{table}[t]", []), (r"\centering", [])]
    lines += [(rf"\begin{{tabular}}{{{spec}}}", []), (top, [])]
    if table.groups and rng.random() < 0.7:
        spans = [rf"\multicolumn{{{k}}}{{c}}{{{g}}}" if g else " & ".join([""] * k) if k > 1 else ""
                 for g, k in table.groups]
        lines.append((" & ".join(["", *spans]) + r" \\", []))
    lines += [(" & ".join(_latex(h) for h in table.header) + r" \\", []), (mid, [])]
    for i, row in enumerate(table.rows):
        if i in table.sections:
            lines.append((rf"\multicolumn{{{n}}}{{l}}{{\textit{{{table.sections[i]}}}}} \\", []))
        lines.append((" & ".join(cell_text(c, "latex") for c in row) + r" \\", row))
    lines += [(bottom, []), (r"\end{tabular}", [])]
    if env:
        lines.append((r"\end{table}", []))
    if oneline:
        _emit(doc, " ".join(text for text, _ in lines), [c for _, cells in lines for c in cells])
    else:
        for text, cells in lines:
            _emit(doc, text, cells)


def write_html(doc: Doc, table: Table, rng: random.Random) -> None:
    """An HTML ``<table>``: the whole table on one line, a ``<tr>`` per line, or a ``<td>`` per
    line (pretty-printed); ``<th colspan>`` group headers, ``<td colspan>`` section rows,
    ``<b>`` best cells, optional ``<thead>``/``<tbody>``."""
    layout = rng.choice(("oneline", "row", "cell"))
    n = len(table.header)
    parts: list[tuple[int, str, list[Cell]]] = []  # (depth, text, cells printed)
    head, body = rng.random() < 0.5, []
    parts.append((0, "<table>", []))
    if head:
        parts.append((1, "<thead>", []))
    if table.groups and rng.random() < 0.7:
        ths = [f'<th colspan="{k}">{g}</th>' if k > 1 else f"<th>{g}</th>" for g, k in table.groups]
        parts.append((2, "<tr>" + "".join(["<th></th>", *ths]) + "</tr>", []))
    parts.append((2, "<tr>" + "".join(f"<th>{h}</th>" for h in table.header) + "</tr>", []))
    if head:
        parts += [(1, "</thead>", []), (1, "<tbody>", [])]
    for i, row in enumerate(table.rows):
        if i in table.sections:
            body.append((2, f'<tr><td colspan="{n}"><i>{table.sections[i]}</i></td></tr>', []))
        if layout == "cell":
            body.append((2, "<tr>", []))
            body += [(3, f"<td>{cell_text(c, 'html')}</td>", [c]) for c in row]
            body.append((2, "</tr>", []))
        else:
            body.append((2, "<tr>" + "".join(f"<td>{cell_text(c, 'html')}</td>" for c in row) + "</tr>", row))
    parts += body
    if head:
        parts.append((1, "</tbody>", []))
    parts.append((0, "</table>", []))
    if layout == "oneline":
        _emit(doc, "".join(text for _, text, _ in parts), [c for _, _, cells in parts for c in cells])
    else:
        for depth, text, cells in parts:
            _emit(doc, ("  " * depth if layout == "cell" else "") + text, cells)


def roman(number: int) -> str:
    out = ""
    for value, letters in ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while number >= value:
            out, number = out + letters, number - value
    return out


def caption_lines(rng: random.Random, number: int, text: str) -> list[str]:
    """``Table 3: text``, ``Table 3. text``, ``Tab. 3: text`` or IEEE's ``TABLE III`` with the
    text in capitals on the next line."""
    style = rng.choice(("colon", "period", "roman", "tab"))
    if style == "roman":
        return [f"TABLE {roman(number)}", text.rstrip(".").upper()]
    return [{"colon": f"Table {number}: {text}", "period": f"Table {number}. {text}",
             "tab": f"Tab. {number}: {text}"}[style]]


def _write_table(doc: Doc, rng: random.Random, form: str, number: int) -> None:
    single = form == "aligned" and rng.random() < 0.35
    table = make_table(rng, spaced_cells=not single)
    caption = caption_lines(rng, number, table.caption)
    caption_first = rng.random() < 0.6
    if caption_first:
        for text in caption:
            doc.add(text)
        doc.add()
    if form == "pipe":
        write_pipe(doc, table, rng)
    elif form == "aligned":
        write_aligned(doc, table, rng, single)
    elif form in ("latex", "latex-oneline"):
        write_latex(doc, table, rng, oneline=form == "latex-oneline")
    else:
        write_html(doc, table, rng)
    doc.add()
    if not caption_first:
        for text in caption:
            doc.add(text)
        doc.add()


def converted_page(name: str, rng: random.Random, form: str) -> Doc:
    """A page of a paper converted to text with 1-2 tables in one form (pipe, aligned, latex,
    latex-oneline, html) and captions before or after. Markdown-ish forms have one section
    heading (two would make a deck of slides); pdftotext pages none, but a running head and a
    page number."""
    doc = Doc(name, "page")
    if form == "aligned":
        doc.add(f"{' ' * rng.randint(10, 30)}Under review as a conference paper")
        doc.add()
        doc.add(f"{rng.randint(3, 6)}.{rng.randint(1, 4)}   {rng.choice(_SECTIONS).upper()}")
    else:
        doc.add(f"## {rng.randint(3, 6)} {rng.choice(_SECTIONS)}")
    doc.add()
    doc.add(rng.choice(_PROSE))
    doc.add()
    number = rng.randint(1, 4)
    for k in range(rng.randint(1, 2)):
        _write_table(doc, rng, form, number + k)
        doc.add(rng.choice(_PROSE))
        doc.add()
    if form == "aligned":
        doc.add(f"{' ' * 40}{rng.randint(2, 12)}")
    return doc


# ------------------------------------------------------------------------------------------
# Chart descriptions of bar and line charts, points with units


def _axis_lines(doc: Doc, rng: random.Random, axes: list[tuple[str, str, str]]) -> None:
    """Axis keys in one of three styles: ``* **X-axis:** label``, ``X axis - label``,
    ``**X-axis (Concept)**: label``; ``axes`` holds (axis letter, concept, label)."""
    style = rng.choice(("bold", "dash", "concept"))
    for letter, concept, label in axes:
        if style == "bold":
            doc.add(f"* **{letter}-axis:** {label}")
        elif style == "dash":
            doc.add(f"{letter} axis - {label}")
        else:
            doc.add(f"**{letter}-axis ({concept})**: {label}")


def _bar_chart(doc: Doc, rng: random.Random, level: int = 2) -> None:
    """Bars, one per line: ``* **Category:** 45.2%`` (also ``approximately 45.2``, ``- Cat:
    ~45.2%``); grouped bars, a category per line: ``* **SST-2:** Model X: 45.2, Model Y: 50.1``.
    A bar has no numeric x: expected ``[line, "", y]``."""
    h = "#" * level
    grouped = rng.random() < 0.5
    percent = rng.random() < 0.6
    metric = rng.choice(("Accuracy", "F1 Score", "Exact Match", "Top-1 Accuracy"))
    unit = " (%)" if percent else ""
    title = "Grouped Bar Chart" if grouped else rng.choice(("Bar Chart", "Bar Graph"))
    doc.add(f"{h} {title}: {metric} of Compressed Models")
    doc.add(f"{h}# Overview")
    doc.add(f"The chart compares the {metric.lower()} of several compressed language models"
            + (" on a set of tasks, one group of bars per task." if grouped else "."))
    doc.add(f"{h}# Components/Axes")
    x_label = "Task" if grouped else "Model"
    _axis_lines(doc, rng, [("X", x_label, f"{x_label} (categorical)"),
                           ("Y", metric, f"{metric}{unit}, from 0 to 100")])
    mark = "%" if percent else ""
    doc.add(f"{h}# Detailed Analysis")
    if grouped:
        series = model_names(rng, rng.randint(2, 3))
        colours = rng.sample(_COLOURS, len(series))
        doc.add("* **Legend:** " + ", ".join(f"{s} ({c})" for s, c in zip(series, colours)))
        for task in rng.sample(_PLAIN_TASKS, rng.randint(3, 5)):
            ys = [_score(rng, 40, 95) for _ in series]
            line = doc.add(f"* **{task}:** " + ", ".join(f"{s}: {y}{mark}" for s, y in zip(series, ys)))
            doc.points += [[line, "", y] for y in ys]
    else:
        style = rng.choice(("bold", "approx", "plain"))
        for cat in model_names(rng, rng.randint(4, 8)):
            y = _score(rng, 30, 95)
            text = {"bold": f"* **{cat}:** {y}{mark}", "approx": f"* **{cat}:** approximately {y}{mark}",
                    "plain": f"- {cat}: ~{y}{mark}"}[style]
            doc.points.append([doc.add(text), "", y])
    doc.add(f"{h}# Key Observations")
    doc.add("* The compressed models stay close to each other; no model is best everywhere.")


def _line_chart(doc: Doc, rng: random.Random, level: int = 2) -> None:
    """Series of ``(x, y)`` pairs: several pairs on the series line (``* **Name (Colour):**
    (1, 62.3), (2, 65.1), (4, 70.2)``, or in a sentence ``starts at (1, 62.3) ... ends at
    (8, 74.0)``), or one pair per indented bullet under the series line."""
    h = "#" * level
    x_name, x_unit, xs_pool = rng.choice((("Epochs", "", (1, 2, 3, 4, 5, 6, 8, 10)),
                                          ("Training tokens", " (B)", (0.5, 1, 2, 5, 10, 20, 50)),
                                          ("Compression ratio", "", (2, 4, 8, 16, 32))))
    metric = rng.choice(("Validation Accuracy", "Average Score", "F1"))
    doc.add(f"{h} {rng.choice(('Line Chart', 'Line Graph', 'Line Plot'))}: {metric} vs. {x_name}")
    doc.add(f"{h}# Components/Axes")
    _axis_lines(doc, rng, [("X", x_name, f"{x_name}{x_unit}"), ("Y", metric, f"{metric} (%)")])
    series = model_names(rng, rng.randint(2, 4))
    colours = rng.sample(_COLOURS, len(series))
    doc.add("* **Legend:** " + ", ".join(f"{s} ({c})" for s, c in zip(series, colours)))
    doc.add(f"{h}# Detailed Analysis")
    for s, c in zip(series, colours):
        xs = sorted(rng.sample(xs_pool, rng.randint(3, 5)))
        y = rng.uniform(40, 70)
        ys = []
        for _ in xs:
            y += rng.uniform(0.3, 6)
            ys.append(fmt(y, 1))
        pairs = [f"({x}, {v})" for x, v in zip(xs, ys)]
        style = rng.choice(("inline", "sentence", "bullets"))
        if style == "bullets":
            doc.add(f"* **{s} ({c}):** The line slopes upward.")
            for x, v, pair in zip(xs, ys, pairs):
                doc.points.append([doc.add(f"  * {pair}"), str(x), v])
            continue
        if style == "inline":
            text = f"* **{s} ({c}):** increases steadily: " + ", ".join(pairs) + "."
        else:
            middle = ", ".join(pairs[1:-1])
            text = f"* **{s} ({c}):** starts at {pairs[0]}, rises through {middle} and ends at {pairs[-1]}."
        line = doc.add(text)
        doc.points += [[line, str(x), v] for x, v in zip(xs, ys)]
    doc.add(f"{h}# Key Observations")
    doc.add("* Every series improves as the x value grows, with diminishing gains.")


def _units_chart(doc: Doc, rng: random.Random, level: int = 2) -> None:
    """Points written with their units: ``* Name: 4 GFLOPs, 81.5% accuracy`` (or with a bold
    name and ``top-1 accuracy``), axes ``**X-axis (Compute)**:``."""
    h = "#" * level
    doc.add(f"{h} Scatter Plot: Accuracy vs. Compute")
    doc.add(f"{h}# Components/Axes")
    _axis_lines(doc, rng, [("X", "Compute", "GFLOPs per input, log scale"),
                           ("Y", "Accuracy", "Top-1 accuracy (%)")])
    doc.add(f"{h}# Data Points")
    bold, decimals = rng.random() < 0.5, rng.choice((0, 1))
    for n in model_names(rng, rng.randint(4, 9)):
        x, y = fmt(rng.uniform(0.5, 40), decimals), _score(rng, 60, 90)
        head = f"**{n}:**" if bold else f"{n}:"
        metric = rng.choice(("accuracy", "top-1 accuracy"))
        doc.points.append([doc.add(f"* {head} {x} GFLOPs, {y}% {metric}"), x, y])
    doc.add(f"{h}# Interpretation")
    doc.add("More compute buys accuracy, with diminishing returns for the largest models.")


_CHART_BODIES = {"bar": _bar_chart, "line": _line_chart, "units": _units_chart}


def chart_of(name: str, rng: random.Random, kind: str) -> Doc:
    doc = Doc(name, "chart")
    doc.add("")
    _CHART_BODIES[kind](doc, rng)
    return doc


def mixed(name: str, rng: random.Random) -> Doc:
    """A page with a table (pipe, LaTeX or HTML) and a chart description (bar, line or units) in
    one file, in either order, each under its own ``##`` heading."""
    doc = Doc(name, "mixed")
    doc.add(f"# {rng.choice(_TITLE_A).title()} {rng.choice(_TITLE_B).title()} for "
            f"{rng.choice(_TITLE_C).title()}")
    doc.add()
    doc.add(rng.choice(_PROSE))
    doc.add()
    form = rng.choice(("pipe", "latex", "html"))
    kind = rng.choice(tuple(_CHART_BODIES))

    def table_part() -> None:
        doc.add(f"## {rng.randint(3, 6)} {rng.choice(_SECTIONS)}")
        doc.add()
        _write_table(doc, rng, form, rng.randint(1, 4))

    def chart_part() -> None:
        _CHART_BODIES[kind](doc, rng)
        doc.add()

    for part in rng.sample((table_part, chart_part), 2):
        part()
    return doc


_MAKERS = {"chart-series": chart_series, "chart-named": chart_named,
           "chart-located": chart_located, "page": page, "slides": slides,
           "page-pipe": lambda name, rng: converted_page(name, rng, "pipe"),
           "page-aligned": lambda name, rng: converted_page(name, rng, "aligned"),
           "page-latex": lambda name, rng: converted_page(name, rng, "latex"),
           "page-latex-oneline": lambda name, rng: converted_page(name, rng, "latex-oneline"),
           "page-html": lambda name, rng: converted_page(name, rng, "html"),
           "chart-bar": lambda name, rng: chart_of(name, rng, "bar"),
           "chart-line": lambda name, rng: chart_of(name, rng, "line"),
           "chart-units": lambda name, rng: chart_of(name, rng, "units"),
           "mixed": mixed}


# ------------------------------------------------------------------------------------------
# Corpus


def make_document(form: str, name: str, rng: random.Random) -> Doc:
    """One document of shape ``form`` (one of SHAPES) drawn from ``rng``."""
    doc = _MAKERS[form](name, rng)
    doc.form = form
    return doc


def generate(n: int, seed: int = 0) -> list[Doc]:
    """N documents, document i of shape SHAPES[i % len(SHAPES)], each from its own seeded
    generator (so a document's text depends only on the seed, its index and its shape)."""
    width = max(3, len(str(n - 1)))
    docs = []
    for i in range(n):
        rng = random.Random(f"{seed}-{i}")
        name = f"{i:0{width}d}_{rng.getrandbits(64):016x}.txt"
        docs.append(make_document(SHAPES[i % len(SHAPES)], name, rng))
    return docs


def expected_of(docs: list[Doc], seed: int | None = None) -> dict:
    return {"seed": seed, "n": len(docs), "documents": {d.name: d.expected() for d in docs}}


def write_corpus(out: str | Path, n: int, seed: int = 0) -> dict:
    """Write OUT/data/raw/*.txt and OUT/expected.json; return the expected values."""
    out = Path(out)
    raw = out / "data" / "raw"
    if raw.exists():
        shutil.rmtree(raw)
    raw.mkdir(parents=True)
    docs = generate(n, seed)
    for d in docs:
        (raw / d.name).write_text(d.text, encoding="utf-8")
    expected = expected_of(docs, seed)
    (out / "expected.json").write_text(json.dumps(expected, indent=1) + "\n", encoding="utf-8")
    return expected


def copy_sources(dest: str | Path, root: str | Path = ROOT) -> Path:
    """Copy the workflow's sources (no .git, data, figures, report outputs, .snakemake)."""
    dest, root = Path(dest), Path(root)
    dest.mkdir(parents=True, exist_ok=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for item in COPY_ITEMS:
        src = root / item
        if src.is_dir():
            shutil.copytree(src, dest / item, ignore=ignore, dirs_exist_ok=True)
        else:
            shutil.copy2(src, dest / item)
    (dest / "report").mkdir(exist_ok=True)
    return dest


def prepare_workdir(dest: str | Path, n: int, seed: int = 0, root: str | Path = ROOT,
                    seeds_dir: str | Path = ROOT / "data" / "raw") -> dict | None:
    """A fresh copy of the repository (sources from ``root``) in ``dest`` whose data/raw is a
    corpus of n documents: the real seeds for n == 5 (returns None: no known values), else a
    synthetic corpus (returns its expected values, also written to dest/expected.json)."""
    dest, root = Path(dest), Path(root)
    if dest.exists():
        shutil.rmtree(dest)
    copy_sources(dest, root)
    if n == 5:
        raw = dest / "data" / "raw"
        raw.mkdir(parents=True)
        for path in sorted(Path(seeds_dir).iterdir()):
            if path.is_file() and not path.name.startswith("."):
                shutil.copyfile(path, raw / path.name)  # copyfile: the copy is writable
        return None
    # The repository's corrections name lines of the seeds; against another corpus they are
    # stale by design (the combine stage stops on a correction for a file that is not there).
    (dest / "config" / "corrections.yaml").write_text(
        "# synthetic corpus (benchmarks/make_corpus.py): nothing to correct\ncorrections: []\n")
    return write_corpus(dest, n, seed)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=50, help="number of documents (default 50)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", required=True, help="writes OUT/data/raw/*.txt and OUT/expected.json")
    args = ap.parse_args(argv)
    expected = write_corpus(args.out, args.n, args.seed)
    n_points = sum(len(d["points"]) for d in expected["documents"].values())
    n_values = sum(len(d["table_values"]) for d in expected["documents"].values())
    print(f"{args.n} documents in {Path(args.out) / 'data' / 'raw'}: "
          f"{n_points} points, {n_values} table values expected ({Path(args.out) / 'expected.json'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
