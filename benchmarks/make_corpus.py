"""A synthetic corpus in the text shapes of the seeds in data/raw/, with the values it expects.

    python benchmarks/make_corpus.py --n 50 --seed 1 --out benchmarks/work/corpus50

writes ``OUT/data/raw/*.txt`` (N documents spread over the five shapes of the seeds) and
``OUT/expected.json``: for every document the ``[line_no, x, y]`` of each plotted point and
the ``[line_no, value]`` of each printed table number, as the parser should report them
(``points.csv``: x, y; ``tables.csv``: value). Values are random but seeded: the same
``--seed`` gives byte-identical files.

Shapes (one per document, in turn): the three chart-description point styles of
000/001/002 (series bullets ``* At approximately 8 MB, the Glue Score is around 82.2
(labeled "...")``; named points ``* **Name:** Approximately (4 GFLOPs, 75 GLUE score) -
Yellow (2020-07)``; ``* **Name:** Located at approximately (2, 64).``), OCR'd paper pages
like 003 (tab-separated tables with two-line and empty-corner headers, merged cells carried
over groups, pairs ``88.5/84.3``, deltas ``85.3 (-5.6)``, units ``109M``/``1.64x``, missing
``-``, ``Table N:`` captions before or after, compression notes ``1/6: 84 => 78``, title
and author blocks) and slide decks like 004 (``## `` headings, bullets, a results table with
group headers and percentages).

What is *expected* is what is printed: carried (merged) cells are not printed, so they are
not expected; a key column printed again in the second half of a table split in two is
layout (the parser emits it once), so only its first half is expected; metadata rows under
a header (training-set sizes) are header values, not table values.

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

#: The shapes in the order documents are assigned to them (document i gets SHAPES[i % 5]).
SHAPES = ("chart-series", "chart-named", "chart-located", "page", "slides")

#: What ``prepare_workdir`` copies from the repository; everything else (.git, data,
#: figures, report outputs, logs, .snakemake, tests, benchmarks) stays behind.
COPY_ITEMS = ("Snakefile", "config", "workflow")

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
    shape: str
    lines: list[str] = field(default_factory=list)
    points: list[list] = field(default_factory=list)  # [line_no, x, y]
    values: list[list] = field(default_factory=list)  # [line_no, value]

    def add(self, line: str = "") -> int:
        self.lines.append(line)
        return len(self.lines)

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def expected(self) -> dict:
        return {"shape": self.shape, "points": self.points, "table_values": self.values}


def fmt(value: float, decimals: int) -> str:
    return f"{value:.{decimals}f}"


def canonical(token: str) -> str:
    """A printed number as the parser reports it: the printed digits, no leading '+'."""
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

    def text(self, text: str) -> "Row":
        self.cells.append(text)
        return self

    def num(self, token: str, suffix: str = "", expected: bool = True) -> "Row":
        self.cells.append(token + suffix)
        if expected:
            self.numbers.append(canonical(token))
        return self

    def pair(self, a: str, b: str, sep: str = "/") -> "Row":
        self.cells.append(f"{a}{sep}{b}")
        self.numbers += [canonical(a), canonical(b)]
        return self

    def delta(self, value: str, delta: str) -> "Row":
        self.cells.append(f"{value} ({delta})")
        self.numbers += [canonical(value), canonical(delta)]
        return self

    def missing(self) -> "Row":
        self.cells.append("-")
        return self

    def blank(self) -> "Row":
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


_MAKERS = {"chart-series": chart_series, "chart-named": chart_named,
           "chart-located": chart_located, "page": page, "slides": slides}


# ------------------------------------------------------------------------------------------
# Corpus


def generate(n: int, seed: int = 0) -> list[Doc]:
    """N documents, document i of shape SHAPES[i % 5], each from its own seeded generator."""
    width = max(3, len(str(n - 1)))
    docs = []
    for i in range(n):
        rng = random.Random(f"{seed}-{i}")
        name = f"{i:0{width}d}_{rng.getrandbits(64):016x}.txt"
        docs.append(_MAKERS[SHAPES[i % len(SHAPES)]](name, rng))
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
