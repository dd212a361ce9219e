"""Table checks, each derived from the table itself: summary columns against the task
columns, implied baselines of value (delta) cells, derived columns against their sources,
merged groups whose printed values disagree, single-digit anomalies in attribute columns,
and OCR-suspicious tokens.

The tables are the shared row x column model of ``paperfig.tablemodel`` (the synthesis and the
renderer read the same one); :class:`Table` adds the per-column questions of the checks."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from decimal import Decimal
from itertools import permutations

from .. import tablemodel
from .common import finding, fmt, fmt_float, num, truthy, ulp, words
from .records import ATTRIBUTE_COLUMN

SUMMARY_COLUMN = re.compile(r"\b(avg|avr|average|mean|glue|meta[\s-]*score|overall|score)\b\.?", re.IGNORECASE)
DERIVED_COLUMN = re.compile(r"drop|degradation|reduction|gain|improvement|difference|speed-?up", re.IGNORECASE)
_OCR_TOKEN = re.compile(r"(?<![A-Za-z])(?=[0-9OolI.]*[0-9])(?=[0-9OolI.]*[OolI])[0-9OolI]+(?:\.[0-9OolI]+)?(?:[%xXMBk])?(?![A-Za-z0-9])")


class Table(tablemodel.Table):
    """The shared table model (``paperfig.tablemodel.Table``) with the per-column questions
    the checks ask: the units a column prints and whether it is a column of scores."""

    def __init__(self, table_id: str, values: list[dict], meta: dict | None):
        super().__init__(table_id, values, meta)
        self.meta = self.table_row
        self._units: dict = {}
        self._score: dict = {}

    def column_units(self, column: str) -> set[str]:
        """The units printed in a column (empty string for none), computed once per column."""
        if column not in self._units:
            self._units[column] = {v.get("unit") or "" for v in self.by_column.get(column, ())
                                   if v.get("part") not in ("missing", "delta")}
        return self._units[column]

    def is_score_column(self, column: str) -> bool:
        """A column of scores: not an attribute or derived column, no unit, every value in
        [0, 100]. Computed once per column from that column's values only."""
        if column not in self._score:
            self._score[column] = self._is_score_column(column)
        return self._score[column]

    def _is_score_column(self, column: str) -> bool:
        if ATTRIBUTE_COLUMN.search(str(column)) or DERIVED_COLUMN.search(str(column)):
            return False
        if self.column_units(column) - {""}:
            return False
        vals = [num(v.get("value")) for v in self.by_column.get(column, ()) if v.get("part") in ("value", "first", "second")]
        vals = [v for v in vals if v is not None]
        return bool(vals) and all(0 <= v <= 100 for v in vals)


def tables_of(doc: dict) -> list[Table]:
    """The document's tables (one per table_id with values), as check tables."""
    return tablemodel.tables_of(doc, cls=Table)


def _where(doc: dict, table: Table, line_no) -> tuple:
    return doc["source_file"], line_no, table.table_id


def _cells(row: dict, columns) -> list[tuple]:
    return [(row["line_no"], "table_values", c) for c in columns]


# --- 1. summary column ----------------------------------------------------------------------

def _summary_column(table: Table) -> tuple[str | None, list[str]]:
    candidates = [i for i, c in enumerate(table.columns) if SUMMARY_COLUMN.search(str(c))]
    if not candidates:
        return None, []
    index = candidates[-1]
    summary = table.columns[index]
    tasks = [c for c in table.columns[:index] if table.is_score_column(c)]
    if len(tasks) < 2:
        return None, []
    return summary, tasks


def caption_explanations(caption: str) -> list[str]:
    """Sentences of a caption that explain why a summary differs from the plain mean."""
    out = []
    for sentence in re.split(r"(?<=[.;])\s+", caption or ""):
        if re.search(r"multiple metrics|several metrics|metrics are (?:arithmetically )?averaged|averag\w+ (?:of|over) (?:both|the) metrics", sentence, re.IGNORECASE):
            out.append(f"tasks with several metrics are averaged ({sentence.strip()!r}), while the table shows one metric for some")
        m = re.search(r"\((?:except|excluding|without) ([^)]*)\)|\bexcept(?:ing)? ([A-Z][\w-]*)", sentence)
        if m:
            out.append(f"the score covers tasks the table does not show (caption: 'except {(m.group(1) or m.group(2)).strip()}')")
        if re.search(r"computed on \d+ tasks|not directly comparable", sentence, re.IGNORECASE):
            out.append(f"the caption qualifies the score ({sentence.strip()!r})")
    return out


def _task_readings(table: Table, row: dict, tasks: list[str]) -> dict[str, list[Decimal]] | None:
    """Ways to read the task cells: pairs by first part, second part, mean of both, or each part
    as its own value. None when a task value is missing."""
    readings = {"first part of pairs": [], "second part of pairs": [], "mean of both parts": [], "every part": []}
    has_pair = False
    for column in tasks:
        cell = row["cells"].get(column, {})
        if "value" in cell and num(cell["value"].get("value")) is not None:
            v = num(cell["value"]["value"])
            for key in readings:
                readings[key].append(v)
        elif "first" in cell and "second" in cell:
            a, b = num(cell["first"].get("value")), num(cell["second"].get("value"))
            if a is None or b is None:
                return None
            has_pair = True
            readings["first part of pairs"].append(a)
            readings["second part of pairs"].append(b)
            readings["mean of both parts"].append((a + b) / 2)
            readings["every part"] += [a, b]
        else:
            return None
    if not has_pair:
        return {"mean": readings["first part of pairs"]}
    return readings


def check_summary(doc: dict, table: Table, settings: dict) -> list[dict]:
    summary, tasks = _summary_column(table)
    if not summary:
        return []
    slack = Decimal(str(settings.get("summary_slack_ulps", 0)))
    printed = [(row, num(table.cell(row, summary).get("value"))) for row in table.row_list
               if table.cell(row, summary) and num(table.cell(row, summary).get("value")) is not None]
    if not printed:
        return []
    task_means = [sum(num(v.get("value")) for v in table.values if v.get("column") in tasks
                      and v.get("part") in ("value", "first") and num(v.get("value")) is not None)]
    baseline = None
    # a delta summary: a baseline row prints 0 and (nearly) every other row is negative
    zero_rows = [row for row, value in printed if value == 0]
    non_positive = sum(1 for _, value in printed if value <= 0)
    if zero_rows and non_positive >= 0.8 * len(printed) and task_means:
        baseline = max(zero_rows, key=lambda r: sum(1 for c in tasks if table.cell(r, c)))
    out = []
    explanations = caption_explanations(table.caption)
    for row, value in printed:
        if baseline is not None:
            if row is baseline:
                continue
            deltas, used, precision = [], [], Decimal(0)
            for column in tasks:
                cell, base = table.cell(row, column), table.cell(baseline, column)
                if not cell or not base:
                    continue
                a, b = num(cell.get("value")), num(base.get("value"))
                if a is None or b is None:
                    continue
                deltas.append(a - b)
                used.append(f"{column} {fmt(a)} - {fmt(b)} = {fmt(a - b)}")
                precision = max(precision, ulp(a), ulp(b))
            if not deltas:
                continue
            mean = sum(deltas) / len(deltas)
            tol = ulp(value) / 2 + precision + slack * ulp(value)
            if abs(mean - value) > tol:
                out.append(finding(
                    "summary_column", "warning", *_where(doc, table, row["line_no"]),
                    f"{row['label']}: {summary} prints {fmt(value)} but the mean of the {len(deltas)} task deltas "
                    f"to the baseline row {table.rows[baseline['row_idx']]['label']!r} (line {baseline['line_no']}) is "
                    f"{fmt_float(float(mean), 3)} ({'; '.join(used)})",
                    expected=fmt_float(float(mean), 3), observed=fmt(value), cells=_cells(row, [summary] + tasks)))
            continue
        readings = _task_readings(table, row, tasks)
        if readings is None:
            continue
        means = {}
        matched = False
        for name, vals in readings.items():
            if not vals:
                continue
            mean = sum(vals) / len(vals)
            precision = max(ulp(v) for v in vals)
            tol = ulp(value) / 2 + precision / 2 + slack * ulp(value)
            means[name] = mean
            matched = matched or abs(mean - value) <= tol
        if matched or not means:
            continue
        main = "mean of both parts" if "mean of both parts" in means else "mean"
        others = "; ".join(f"{k}: {fmt_float(float(v), 2)}" for k, v in means.items() if k != main)
        message = (f"{row['label']}: {summary} prints {fmt(value)} but the mean of the {len(tasks)} task columns "
                   f"({', '.join(tasks)}) is {fmt_float(float(means[main]), 2)}"
                   + (f" ({main}; other readings - {others})" if others else ""))
        if explanations:
            message += "; the caption explains the difference: " + "; ".join(explanations)
        out.append(finding("summary_column", "warning", *_where(doc, table, row["line_no"]), message,
                           expected=fmt_float(float(means[main]), 2), observed=fmt(value),
                           cells=_cells(row, [summary] + tasks)))
    return out


# --- 2. implied baselines -------------------------------------------------------------------

def check_implied_baselines(doc: dict, table: Table, settings: dict) -> list[dict]:
    slack = Decimal(str(settings.get("baseline_slack_ulps", 0.5)))
    out = []
    for column in table.columns:
        implied = []
        for row in table.row_list:
            value, delta = table.cell(row, column, "value"), table.cell(row, column, "delta")
            if not value or not delta:
                continue
            a, d = num(value.get("value")), num(delta.get("value"))
            if a is None or d is None:
                continue
            implied.append((row, a, d, a - d, max(ulp(a), ulp(d))))
        if len(implied) < 3:
            continue
        counts = Counter(base.normalize() for *_, base, _ in implied)
        ranked = counts.most_common()
        majority, n = ranked[0]
        shown = next(base for *_, base, _ in implied if base.normalize() == majority)
        if n < 2 or (len(ranked) > 1 and ranked[1][1] == n):
            continue
        for row, a, d, base, precision in implied:
            if abs(base - majority) > slack * precision:
                others = [f"line {r['line_no']}: {fmt(x)} - ({fmt(y)})" for r, x, y, b, _ in implied if b.normalize() == majority]
                out.append(finding(
                    "implied_baseline", "warning", *_where(doc, table, row["line_no"]),
                    f"{row['label']} / {column}: {fmt(a)} ({'+' if d >= 0 else ''}{fmt(d)}) implies a baseline of "
                    f"{fmt(base)}, but {n} of {len(implied)} rows of the column imply {fmt(shown)} "
                    f"({', '.join(others)}); the value or the delta is misprinted",
                    expected=fmt(shown), observed=fmt(base), cells=_cells(row, [column])))
    return out


# --- 3. derived columns ---------------------------------------------------------------------

_FORMULAS = {
    "A - B": lambda a, b: a - b,
    "(A - B) / A x 100": lambda a, b: (a - b) / a * 100 if a else None,
    "A / B": lambda a, b: a / b if b else None,
}


def check_derived(doc: dict, table: Table, settings: dict) -> list[dict]:
    share = float(settings.get("derived_min_share", 0.6))
    sources = [c for c in table.columns if table.is_score_column(c) or
               (not DERIVED_COLUMN.search(str(c)) and not (table.column_units(c) - {"", "s", "%"})
                and re.search(r"latency|time|memory|flops|param", str(c), re.IGNORECASE))]
    out = []
    for target in table.columns:
        if not DERIVED_COLUMN.search(str(target)):
            continue
        for part in ("value", "first", "second"):
            rows = [(row, num(table.cell(row, target, part).get("value"))) for row in table.row_list
                    if table.cell(row, target, part) and num(table.cell(row, target, part).get("value")) is not None]
            if len(rows) < 2:
                continue
            best = None
            for a_col, b_col in permutations([c for c in sources if c != target], 2):
                for fname, func in _FORMULAS.items():
                    if fname == "A / B" and "x" not in table.column_units(target):
                        continue
                    results = []
                    for row, t in rows:
                        a, b = table.cell(row, a_col), table.cell(row, b_col)
                        av, bv = (num(a.get("value")) if a else None), (num(b.get("value")) if b else None)
                        if av is None or bv is None:
                            continue
                        computed = func(av, bv)
                        if computed is None:
                            continue
                        rel = fname != "A - B"
                        in_ulp = max(ulp(av), ulp(bv))
                        tol = ulp(t) / 2 + (in_ulp if not rel else (in_ulp / abs(av) * 100 if fname.endswith("100") else
                                                                 abs(computed) * in_ulp * 2 / min(abs(av), abs(bv))))
                        results.append((row, t, computed, abs(computed - t) <= tol, av, bv))
                    if len(results) < 2:
                        continue
                    hits = sum(1 for r in results if r[3])
                    if hits >= 2 and hits >= share * len(results) and (best is None or hits > best[0]):
                        best = (hits, a_col, b_col, fname, results)
            if not best:
                continue
            hits, a_col, b_col, fname, results = best
            for row, t, computed, ok, av, bv in results:
                if ok:
                    continue
                out.append(finding(
                    "derived_column", "warning", *_where(doc, table, row["line_no"]),
                    f"{row['label']} / {target}{'' if part == 'value' else f' ({part} number)'}: prints {fmt(t)}, "
                    f"but {fname} with A = {a_col} ({fmt(av)}) and B = {b_col} ({fmt(bv)}) gives "
                    f"{fmt_float(float(computed), 2)}; the formula holds in {hits} of {len(results)} rows",
                    expected=fmt_float(float(computed), 2), observed=fmt(t), cells=_cells(row, [target, a_col, b_col])))
    return out


# --- 4. merged groups and single-digit anomalies ----------------------------------------------

def one_digit_apart(a: str, b: str) -> bool:
    return len(a) == len(b) and a != b and sum(1 for x, y in zip(a, b) if x != y) == 1


def _printed_text(v: dict) -> str:
    """The cell as printed; after a correction, the corrected value and unit."""
    if v.get("corrected_from"):
        return f"{v.get('value', '')}{v.get('unit', '') or ''}"
    return str(v.get("raw_cell") or "").strip() or f"{v.get('value', '')}{v.get('unit', '') or ''}"


def check_merged_groups(doc: dict, table: Table, settings: dict) -> list[dict]:
    out = []
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for v in table.values:
        if v.get("row_group") not in (None, "") and v.get("part") not in ("missing",):
            groups[(v["row_group"], v.get("column"), v.get("part"))].append(v)
    for (group, column, _part), vals in groups.items():
        if not any(truthy(v.get("carried")) for v in vals):
            continue  # the column is not merged in this group
        printed = sorted((v for v in vals if not truthy(v.get("carried"))), key=lambda v: (v.get("line_no") or 0))
        if len(printed) < 2:
            continue
        first = printed[0]
        carried_lines = sorted(v.get("line_no") for v in vals if truthy(v.get("carried")))
        for v in printed[1:]:
            same_number = num(v.get("value")) == num(first.get("value"))
            if same_number and _printed_text(v) == _printed_text(first):
                continue
            if same_number:
                why = f"the same number printed as {_printed_text(v)!r} instead of {_printed_text(first)!r}"
            elif one_digit_apart(str(v.get("value")), str(first.get("value"))):
                why = "the digits differ by one, a typical OCR misreading"
            else:
                why = "the values differ"
            out.append(finding(
                "merged_group", "warning", doc["source_file"], v.get("line_no"), table.table_id,
                f"{v.get('row_label', '')} / {column}: {_printed_text(v)!r} is printed inside the merged group "
                f"({group}) whose cell reads {_printed_text(first)!r} on line {first.get('line_no')} "
                f"(carried to line{'s' if len(carried_lines) > 1 else ''} {', '.join(map(str, carried_lines))}); {why}",
                expected=_printed_text(first), observed=_printed_text(v),
                cells=[(v.get("line_no"), "table_values", column)]))
    return out


def check_repeated_cells(doc: dict, table: Table, settings: dict) -> list[dict]:
    """A cell printed again on another line for the same row (a table printed in two halves
    repeats its key columns): the copies must agree."""
    out = []
    by_key: dict[tuple, list[dict]] = defaultdict(list)
    for v in table.values:
        if v.get("part") != "missing" and not truthy(v.get("carried")):
            by_key[(v.get("row_idx"), v.get("column"), v.get("part"), v.get("part_name", ""))].append(v)
    for (_row_idx, column, _, _), vals in by_key.items():
        lines = {v.get("line_no") for v in vals}
        if len(lines) < 2:
            continue
        first = min(vals, key=lambda v: v.get("line_no") or 0)
        for v in vals:
            if v is not first and num(v.get("value")) != num(first.get("value")):
                out.append(finding(
                    "repeated_cell", "warning", doc["source_file"], v.get("line_no"), table.table_id,
                    f"{v.get('row_label', '')} / {column}: printed {v.get('value')} here but {first.get('value')} "
                    f"on line {first.get('line_no')} for the same row", expected=first.get("value"),
                    observed=v.get("value"), cells=[(v.get("line_no"), "table_values", column)]))
    return out


def check_digit_anomalies(doc: dict, table: Table, settings: dict, already: set) -> list[dict]:
    """An attribute value printed once that differs by a single digit from a value printed in
    several other rows of the same column: the value the structure implies, misread."""
    out = []
    candidates = defaultdict(list)  # row_idx -> [(column, v, w, rows printing w)]
    for column in table.columns:
        own = [v for v in table.by_column.get(column, ()) if v.get("part") == "value" and not truthy(v.get("carried"))]
        printed = [v for v in own if re.fullmatch(r"\d{2,}", str(v.get("value") or ""))]
        if len(printed) < 3 or len(printed) != len(own):
            continue
        counts = Counter(str(v["value"]) for v in printed)
        for v in printed:
            if counts[str(v["value"])] != 1:
                continue
            for w, n in counts.items():
                if n >= 2 and one_digit_apart(str(v["value"]), w):
                    rows = [u for u in printed if str(u["value"]) == w]
                    candidates[v.get("row_idx")].append((column, v, w, rows))
    for row_idx, items in candidates.items():
        row = table.row(row_idx)
        own = set(words(row["label"])) - {"et", "al", "and", "the", "with", "of"}
        for column, v, w, rows in items:
            if (v.get("line_no"), column) in already:
                continue
            related = [u for u in rows if own & (set(words(u.get("row_label", ""))) - {"et", "al", "and", "the", "with", "of"})]
            if len(items) < 2 and not related:
                continue
            evidence = []
            if len(items) >= 2:
                evidence.append("the same row has " + ", ".join(f"{c} {x['value']} vs {y}" for c, x, y, _ in items)
                                + " - several single-digit misprints in one row")
            if related:
                evidence.append("related row(s) " + ", ".join(f"{u.get('row_label')!r} (line {u.get('line_no')})" for u in related)
                                + f" print {w}")
            out.append(finding(
                "digit_anomaly", "warning", doc["source_file"], v.get("line_no"), table.table_id,
                f"{row['label']} / {column}: {v['value']} differs by one digit from {w}, which {len(rows)} other rows of "
                f"the column print ({', '.join(str(u.get('line_no')) for u in rows)}); " + "; ".join(evidence)
                + "; likely an OCR misreading",
                expected=w, observed=v["value"], cells=[(v.get("line_no"), "table_values", column)]))
    return out


# --- 5. OCR-suspicious tokens ---------------------------------------------------------------

def check_ocr_tokens(doc: dict, table: Table, settings: dict) -> list[dict]:
    out = []
    seen = set()
    lower_x = {v.get("column") for v in table.values if re.search(r"\d\s*x\b", str(v.get("raw_cell") or ""))}
    for v in table.values:
        raw = str(v.get("raw_cell") or "")
        key = (v.get("line_no"), v.get("column"))
        if not raw or truthy(v.get("carried")) or key in seen or v.get("corrected_from"):
            continue
        seen.add(key)
        cells = [(v.get("line_no"), "table_values", v.get("column"))]
        if re.search(r"\d\s*X\b", raw) or v.get("flag") == "uppercase-x":
            context = (" while the column's other cells print a lower-case 'x'" if v.get("column") in lower_x else "")
            out.append(finding(
                "ocr_token", "warning" if context else "info", doc["source_file"], v.get("line_no"), table.table_id,
                f"{v.get('row_label', '')} / {v.get('column')}: {raw!r} has an upper-case unit 'X'{context}",
                expected=re.sub(r"(\d)\s*X\b", r"\1x", raw), observed=raw, cells=cells))
        for m in _OCR_TOKEN.finditer(raw):
            token = m.group(0)
            fixed = token.translate(str.maketrans("OolI", "0011"))
            out.append(finding(
                "ocr_token", "warning", doc["source_file"], v.get("line_no"), table.table_id,
                f"{v.get('row_label', '')} / {v.get('column')}: {token!r} mixes digits with letters that OCR confuses "
                f"with them (O/0, l/1, I/1); probably {fixed!r}", expected=fixed, observed=token, cells=cells))
    return out


def run(doc: dict, settings: dict) -> list[dict]:
    out = []
    for table in tables_of(doc):
        out += check_summary(doc, table, settings)
        out += check_implied_baselines(doc, table, settings)
        out += check_derived(doc, table, settings)
        merged = check_merged_groups(doc, table, settings)
        out += merged
        already = {(row["line_no"], cell[2]) for row in merged for cell in row["_cells"]}
        out += check_digit_anomalies(doc, table, settings, already)
        out += check_ocr_tokens(doc, table, settings)
        out += check_repeated_cells(doc, table, settings)
    return out
