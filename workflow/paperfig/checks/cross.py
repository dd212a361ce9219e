"""Cross-document checks: the same model and metric in two places, a chart's x or y against a
table, and a compression note ("1/6: 84 => 78") against the table of its paper.

Conservative by design: values from different papers may come from different splits or
runs, so their disagreements are info; a disagreement within one paper is a warning."""

from __future__ import annotations

import re
from collections import defaultdict

from ..cells import COUNT_NAMES
from .common import finding, fmt, fmt_float, name_key, num, truthy, ulp
from .records import ratio_factor
from .tables import SUMMARY_COLUMN, Table, tables_of

_ROLE_WORDS = re.compile(r"^(?:teacher|student|original|baseline)\s+|\s*\((?:baseline|our work|ours)\)\s*$", re.IGNORECASE)


def model_key(label: str) -> str:
    return name_key(_ROLE_WORDS.sub("", str(label or "")).strip())


def metric_keys(column: str, part: str, part_name: str) -> list[tuple[str, str]]:
    """(task, sub-metric) keys of a value; the primary metric is also keyed with sub ''."""
    base = str(column or "").split(":")[-1]
    base = re.sub(r"\(.*?\)", "", base).strip()
    m = re.match(r"^(.*?)[-\s](m|mm)(?:/(m|mm))?$", base, re.IGNORECASE)
    task = name_key(m.group(1) if m else base)
    if not task:
        return []
    if part in ("first", "second") and part_name in COUNT_NAMES:
        return [(task, name_key(part_name))]  # a proportion's count or total: never the cell's score
    if part in ("first", "second"):
        sub = name_key(part_name)
        return [(task, sub), (task, "")] if part == "first" else [(task, sub)]
    if m:
        sub = m.group(2).lower()
        return [(task, sub), (task, "")] if sub == "m" else [(task, sub)]
    return [(task, "")]


def _entries(docs: list[dict]) -> dict[tuple, list[dict]]:
    """(model, task, sub) -> values, from every table (rows as models, or transposed tables
    whose rows are tasks known from other tables' columns)."""
    tables = [(doc, t) for doc in docs for t in tables_of(doc)]
    known_tasks = {key[0] for _, t in tables for v in t.values
                   for key in metric_keys(v.get("column"), v.get("part"), v.get("part_name", ""))}
    out: dict[tuple, list[dict]] = defaultdict(list)
    for doc, t in tables:
        labels = [r["label"] for r in t.row_list]
        transposed = sum(1 for label in labels if name_key(label) in known_tasks) >= max(2, -(-len(labels) // 3))
        label_counts = defaultdict(int)
        for label in labels:
            label_counts[model_key(label)] += 1
        for v in t.values:
            if v.get("part") not in ("value", "first", "second") or truthy(v.get("carried")):
                continue
            value = num(v.get("value"))
            if value is None or (v.get("unit") or "") not in ("", "%"):
                continue
            if transposed:
                if not t.is_score_column(v.get("column")):
                    continue
                keys = [(model_key(v.get("column")), name_key(v.get("row_label")), "")]
            else:
                if label_counts[model_key(v.get("row_label"))] > 1 or not t.is_score_column(v.get("column")):
                    continue
                keys = [(model_key(v.get("row_label")), task, sub)
                        for task, sub in metric_keys(v.get("column"), v.get("part"), v.get("part_name", ""))]
            for key in keys:
                if key[0] and key[1]:
                    out[key].append({"value": value, "row": v, "doc": doc, "table": t})
    return out


def same_model_metric(docs: list[dict], settings: dict) -> list[dict]:
    out = []
    reported: list[frozenset] = []
    groups = sorted(_entries(docs).items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2] != "", kv[0][2]))
    for (model, task, sub), items in groups:
        tables = {(i["doc"]["source_file"], i["table"].table_id) for i in items}
        if len(tables) < 2:
            continue
        values = [i["value"] for i in items]
        coarse = max(ulp(v) for v in values)
        if max(values) - min(values) <= coarse / 2:
            continue
        sig = frozenset((i["row"].get("source_file"), i["row"].get("line_no"), i["row"].get("column")) for i in items)
        if any(sig <= done for done in reported):
            continue
        reported.append(sig)
        papers = {i["row"].get("paper") or (i["row"].get("source_file"), i["table"].table_id) for i in items}
        severity = "warning" if len(papers) == 1 else "info"
        first = items[0]["row"]
        sources = "; ".join(
            f"{fmt(i['value'])} in {i['table'].table_id} ({i['row'].get('source_file')}:{i['row'].get('line_no')}, "
            f"row {i['row'].get('row_label')!r}, column {i['row'].get('column')!r})" for i in items)
        why = ("within one paper these should agree" if severity == "warning"
               else "different papers may report different splits (dev/test) or runs")
        out.append(finding(
            "cross_value", severity, first.get("source_file"), first.get("line_no"), items[0]["table"].table_id,
            f"{first.get('row_label') if model else ''} {task}{'-' + sub if sub else ''}: reported differently in "
            f"{len(tables)} tables - {sources}; {why}",
            expected=fmt(values[0]), observed=", ".join(fmt(v) for v in values[1:])))
    return out


_SCALE = {"": 1.0, "k": 1e3, "K": 1e3, "M": 1e6, "B": 1e9, "G": 1e9}


def chart_vs_table(docs: list[dict], settings: dict) -> list[dict]:
    tol = float(settings.get("chart_table_tolerance", 0.15))
    out = []
    # Table rows by model key, built once: comparing every point with every row would grow as
    # points x rows (minutes at 500 documents).
    rows_by_model: dict[str, list[tuple[Table, dict]]] = defaultdict(list)
    for doc in docs:
        for t in tables_of(doc):
            for row in t.row_list:
                rows_by_model[model_key(row["label"])].append((t, row))
    for doc in docs:
        axes = {a.get("figure_id"): a for a in doc.get("axes", [])}
        for p in doc.get("points", []):
            axis = axes.get(p.get("figure_id"), {})
            key = model_key(p.get("label") or "")
            if not key:
                continue
            for coord in ("x", "y"):
                label = f"{axis.get(coord + '_label', '')} {axis.get(coord + '_unit', '')}"
                pv = num(p.get(coord))
                if pv is None:
                    continue
                for t, row in rows_by_model.get(key, ()):
                    for column, parts in row["cells"].items():
                        cell = parts.get("value")
                        if not cell or num(cell.get("value")) is None:
                            continue
                        tv = float(num(cell["value"]))
                        unit = cell.get("unit") or ""
                        if re.search(r"flop", str(column), re.IGNORECASE) and re.search(r"flop", label, re.IGNORECASE):
                            factor = 1.0 if re.search(r"\bG", label) and unit in ("B", "G") else None
                        elif re.search(r"param", str(column), re.IGNORECASE) and re.search(r"billion", label, re.IGNORECASE):
                            factor = _SCALE.get(unit, 1.0) / 1e9
                        elif SUMMARY_COLUMN.search(str(column)) and name_key(str(column)) and re.search(
                                re.escape(str(column).strip(" .")), label, re.IGNORECASE):
                            factor = 1.0
                        else:
                            continue
                        if factor is None:
                            continue
                        table_value = tv * factor
                        if table_value and abs(float(pv) - table_value) > tol * abs(table_value):
                            out.append(finding(
                                "chart_vs_table", "info", doc["source_file"], p.get("line_no"), p.get("figure_id"),
                                f"{p.get('label')}: the chart's {coord} ({axis.get(coord + '_label', '')}) is "
                                f"{fmt(pv)} but {t.table_id} prints {cell.get('raw_cell') or cell.get('value')} "
                                f"in column {column!r} ({cell.get('source_file')}:{cell.get('line_no')}); the chart "
                                f"value is approximate (tolerance {tol:.0%}), but this is more",
                                expected=fmt_float(table_value, 2), observed=fmt(pv)))
    return out


def _factor_columns(t: Table) -> dict[str, dict]:
    """column -> {row_idx: compression factor} for compress-factor, prune-ratio and
    parameter-count columns."""
    out = {}
    for column in t.columns:
        vals = {}
        for row in t.row_list:
            cell = t.cell(row, column)
            value = num(cell.get("value")) if cell else None
            if value is None:
                continue
            vals[row["row_idx"]] = (float(value), cell.get("unit") or "")
        if not vals:
            continue
        name = str(column)
        if re.search(r"compress|factor|ratio", name, re.IGNORECASE) and all(u in ("x", "X") for _, u in vals.values()):
            out[column] = {k: v for k, (v, _) in vals.items()}
        elif re.search(r"prun|sparsit", name, re.IGNORECASE) and all(0 <= v < 100 for v, _ in vals.values()):
            out[column] = {k: 1 / (1 - v / 100) for k, (v, _) in vals.items()}
        elif re.search(r"param", name, re.IGNORECASE) and all(u in _SCALE for _, u in vals.values()):
            sizes = {k: v * _SCALE[u] for k, (v, u) in vals.items()}
            top = max(sizes.values())
            out[column] = {k: top / v for k, v in sizes.items() if v}
    return out


def annotations_vs_tables(docs: list[dict], settings: dict) -> list[dict]:
    rtol = float(settings.get("ratio_tolerance", 0.25))
    stol = float(settings.get("annotation_score_tolerance", 1.0))
    out = []
    for doc in docs:
        tables = [t for t in tables_of(doc)]
        for a in doc.get("annotations", []):
            if a.get("kind") != "compression":
                continue
            factor, before, after = ratio_factor(a.get("ratio")), num(a.get("before")), num(a.get("after"))
            if not factor or before is None or after is None:
                continue
            paper_tables = [t for t in tables if a.get("paper") and any(v.get("paper") == a.get("paper") for v in t.values)]
            support, partial = [], []
            for t in paper_tables:
                for fcol, factors in _factor_columns(t).items():
                    at_ratio = [k for k, f in factors.items() if abs(f - factor) <= rtol * factor]
                    reference = [k for k, f in factors.items() if abs(f - 1) <= 0.05]
                    if not at_ratio:
                        continue
                    for column in t.columns:
                        if not t.is_score_column(column):
                            continue
                        for part in ("value", "first"):
                            def value_of(k):
                                cell = t.cell(t.rows[k], column, part)
                                return float(num(cell["value"])) if cell and num(cell.get("value")) is not None else None
                            refs = [value_of(k) for k in reference]
                            implied = []
                            for row in t.row_list:  # a delta column gives the reference too
                                v, d = t.cell(row, column, "value"), t.cell(row, column, "delta")
                                if v and d and num(v.get("value")) is not None and num(d.get("value")) is not None:
                                    implied.append(float(num(v["value"]) - num(d["value"])))
                            refs = [r for r in refs + implied if r is not None]
                            afters = [(k, value_of(k)) for k in at_ratio if value_of(k) is not None]
                            if not refs or not afters:
                                continue
                            ref_ok = [r for r in refs if abs(r - float(before)) <= stol]
                            after_ok = [(k, v) for k, v in afters if abs(v - float(after)) <= stol]
                            label = f"{t.table_id} {column!r}{'' if part == 'value' else ' (first part)'}"
                            if ref_ok and after_ok:
                                error = min(abs(r - float(before)) for r in ref_ok) + min(abs(v - float(after)) for _, v in after_ok)
                                support.append((error,) + (
                                    f"{label}: reference {fmt_float(ref_ok[0], 2)}, at {fcol} "
                                    + ", ".join(f"{t.rows[k]['label']} {fmt_float(factors[k], 2)} -> {fmt_float(v, 2)}"
                                                for k, v in after_ok),))
                            elif ref_ok:
                                partial.append(f"{label}: reference {fmt_float(ref_ok[0], 2)} matches, but rows at "
                                               f"{fcol} ~{factor:g} give "
                                               + ", ".join(fmt_float(v, 2) for _, v in afters))
            where = (doc["source_file"], a.get("line_no"), a.get("paper") or a.get("section") or "")
            text = a.get("text") or f"{a.get('ratio')}: {a.get('before')} => {a.get('after')}"
            cells = [(a.get("line_no"), "annotations", f) for f in ("ratio", "before", "after")]
            support = [text_ for _, text_ in sorted(support)]
            if support:
                out.append(finding("annotation_vs_table", "info", *where,
                                   f"note {text!r} agrees with its paper's table: {support[0]}"
                                   + (f" (and {len(support) - 1} other column(s))" if len(support) > 1 else ""),
                                   expected=f"{a.get('before')} => {a.get('after')}", observed=support[0],
                                   verdict="supported", cells=cells))
            elif partial:
                out.append(finding("annotation_vs_table", "warning", *where,
                                   f"note {text!r}: the table's rows at that compression do not reach {a.get('after')}: "
                                   + "; ".join(partial[:3]),
                                   expected=str(a.get("after")), observed=partial[0], verdict="contradicted", cells=cells))
            elif paper_tables:
                out.append(finding("annotation_vs_table", "info", *where,
                                   f"note {text!r}: no table of its paper has a row at compression ~{factor:g} with a "
                                   f"score near {a.get('before')} => {a.get('after')}; not testable",
                                   verdict="not testable", cells=cells))
    return out


def duplicate_figures(docs: list[dict], settings: dict) -> list[dict]:
    """Two documents that describe the same figure (the same points, names and coordinates):
    the survey would show it twice."""
    seen: dict[tuple, tuple[str, str, object]] = {}
    out = []
    for doc in sorted(docs, key=lambda d: d["source_file"]):
        by_figure: dict[str, list[tuple]] = {}
        for p in doc.get("points", []):
            by_figure.setdefault(p.get("figure_id"), []).append(
                (p.get("series") or "", p.get("label") or "", str(p.get("x")), str(p.get("y"))))
        for axis in doc.get("axes", []):
            points = tuple(sorted(by_figure.get(axis.get("figure_id"), [])))
            if not points:
                continue
            if points in seen:
                first_file, first_figure, first_line = seen[points]
                out.append(finding(
                    "duplicate_figure", "warning", doc["source_file"], axis.get("line_no"), axis.get("figure_id"),
                    f"{axis.get('figure_id')} repeats {first_figure} of {first_file} (line {first_line}): the same "
                    f"{len(points)} points; the report shows both",
                    expected=first_figure, observed=axis.get("figure_id")))
            else:
                seen[points] = (doc["source_file"], axis.get("figure_id"), axis.get("line_no"))
    return out


def run(docs: list[dict], settings: dict) -> list[dict]:
    return (same_model_metric(docs, settings) + chart_vs_table(docs, settings)
            + annotations_vs_tables(docs, settings) + duplicate_figures(docs, settings))
