"""The synthesis no source has: "Small BERT: which one is the best?".

Every (model size or compression, MNLI accuracy) pair found in the documents is put on one
size axis, the *fraction of BERT-base's size*:

* table rows: the MNLI column (header rule ``mnli`` of ``config/synthesis.yaml``; the
  matched part of an MNLI-m/mm pair, the value of a ``value (delta)`` cell) against the
  table's size column (``size_columns`` rules: compress factor, model size %, #params
  relative to the base model's row of the same table, prune ratio, ratio);
* compression annotations (``1/6: 84 => 78``): the ratio of the named base model.

Each conversion is stated as text (``size_conversion``) and its kind as ``evidence`` (a
table's relative size, a parameter count over the base model's row, the base model's own
row, a survey note), each point keeps its ``source_file``, ``line_no`` and the printed
cells (``raw``). An MNLI value that cannot be
placed goes to the *unplaced* list with the reason; none is dropped silently. Facts the
text does not give (BERT-large's size, family keywords) come from the configuration.

Public: :func:`load_synthesis_config`, :func:`gather_pairs`, :func:`pareto_front`,
:func:`rank_methods`, :func:`draw_synthesis` (seaborn, imported by the drawing only: family
by colour, evidence by marker shape) and :func:`roundtrip_check`, which ``draw_synthesis``
runs on its own figure.
"""

from __future__ import annotations

import math
import re
from decimal import Decimal
from pathlib import Path

from .errors import ConfigError, PaperfigError
from .numbers import decimal_text, is_number, parse_decimal
from .tablemodel import Table, tables_of

POINT_COLUMNS = (
    "source_file", "line_no", "model", "method_family", "size_fraction", "size_text",
    "size_conversion", "mnli", "baseline_mnli", "drop", "raw", "on_pareto", "table_id", "evidence",
)
UNPLACED_COLUMNS = ("source_file", "line_no", "model", "reason", "raw")
RANKING_COLUMNS = (
    "size_bin", "rank", "model", "method_family", "size_fraction", "mnli", "drop",
    "source_file", "line_no",
)

#: The family of a row that is the base model itself (the reference of its table).
BASELINE_FAMILY = "baseline"
#: Families never ranked: the reference itself and models that are not compressed BERTs.
RANKING_EXCLUDED = (BASELINE_FAMILY, "other architecture")
DEFAULT_EDGES = (0.1, 0.25, 0.5, 1.0)

_SIZE_KINDS = ("factor", "percent", "params", "pruned", "ratio")

#: Where a point's size comes from (the ``evidence`` column; the figure draws one marker
#: shape per kind): a table's size column relative to the base model (compress factor,
#: size %, ratio, prune ratio), a table's parameter count divided by the base model's row,
#: a table's row of the base model itself (size by definition or config), a compression
#: note ``1/k: a => b``.
EVIDENCE_RELATIVE = "table: relative size"
EVIDENCE_PARAMS = "table: parameter count"
EVIDENCE_BASE_ROW = "table: base model row"
EVIDENCE_NOTE = "survey note"
EVIDENCE_KINDS = (EVIDENCE_RELATIVE, EVIDENCE_PARAMS, EVIDENCE_BASE_ROW, EVIDENCE_NOTE)
#: A point with a table but no ``evidence`` value (gathered elsewhere; see :func:`evidence_of`).
EVIDENCE_TABLE = "table value"
#: The legend's order of the kinds, their legend text and markers (notes keep their triangles).
EVIDENCE_ORDER = EVIDENCE_KINDS + (EVIDENCE_TABLE,)
EVIDENCE_LEGEND = {
    EVIDENCE_RELATIVE: "table: size relative to the base",
    EVIDENCE_PARAMS: "table: #params / base model's row",
    EVIDENCE_BASE_ROW: "table: base model's own row",
    EVIDENCE_NOTE: "survey note (1/k: a => b)",
    EVIDENCE_TABLE: "table value (size kind not recorded)",
}
EVIDENCE_MARKERS = {EVIDENCE_RELATIVE: "o", EVIDENCE_PARAMS: "s", EVIDENCE_BASE_ROW: "D", EVIDENCE_NOTE: "^",
                    EVIDENCE_TABLE: "P"}


# --------------------------------------------------------------------------- config


def load_synthesis_config(path) -> dict:
    """Read and validate ``config/synthesis.yaml``; compile its patterns.

    Raises :class:`ConfigError` naming the file and the entry for anything malformed
    (a bad regular expression, an unknown size kind, a rule without a reason).
    """
    import yaml

    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"{path}: cannot read the synthesis configuration: {exc}") from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{path}: expected a mapping at the top level")
    from .workflow_support import validate_config_file

    validate_config_file(raw, "synthesis", path)  # the one schema: a typo is an error naming the key
    return _compile_config(raw, str(path))


def _need(mapping, key, where):
    if not isinstance(mapping, dict) or key not in mapping:
        raise ConfigError(f"{where}: missing '{key}'")
    return mapping[key]


def _regex(text, where):
    try:
        return re.compile(str(text))
    except re.error as exc:
        raise ConfigError(f"{where}: bad pattern {text!r}: {exc}") from None


def _reasoned(entry, where):
    if not str(entry.get("reason", "")).strip():
        raise ConfigError(f"{where}: every entry needs a 'reason'")


def _compile_config(raw: dict, where: str) -> dict:
    cfg: dict = {"source": where}
    bases = []
    for i, b in enumerate(_need(raw, "base_models", where)):
        w = f"{where}: base_models[{i}]"
        _reasoned(b, w)
        try:
            frac = float(_need(b, "size_fraction", w))
        except (TypeError, ValueError):
            raise ConfigError(f"{w}: size_fraction must be a number") from None
        bases.append({"name": str(_need(b, "name", w)), "label": _regex(_need(b, "label", w), w),
                      "mention": _regex(_need(b, "mention", w), w), "size_fraction": frac,
                      "reason": str(b["reason"])})
    if not bases:
        raise ConfigError(f"{where}: base_models is empty")
    cfg["base_models"] = bases
    default = _need(raw, "default_base_model", where)
    _reasoned(default, f"{where}: default_base_model")
    names = {b["name"]: b for b in bases}
    if default.get("name") not in names:
        raise ConfigError(f"{where}: default_base_model {default.get('name')!r} is not in base_models")
    cfg["default_base"] = names[default["name"]]
    roles = raw.get("role_words", {}) or {}
    cfg["role_words"] = [str(w).lower() for w in roles.get("words", [])]

    m = _need(raw, "mnli", where)
    w = f"{where}: mnli"
    excl = []
    for j, e in enumerate(m.get("exclude", []) or []):
        _reasoned(e, f"{w}.exclude[{j}]")
        excl.append(_regex(_need(e, "pattern", w), w))
    cfg["mnli"] = {
        "header": _regex(_need(m, "header", w), w),
        "exclude": excl,
        "value_parts": [str(p) for p in m.get("value_parts", ["value", "first"])],
        "value_part_names": [str(p).lower() for p in m.get("value_part_names", ["", "m", "first"])],
        "delta_part": str(m.get("delta_part", "delta")),
        "row_label": _regex(m.get("row_label", "^mnli$"), w),
        "model_column": _regex(m.get("model_column", r"\bbert\b"), w),
    }

    sizes = []
    for i, s in enumerate(_need(raw, "size_columns", where)):
        w = f"{where}: size_columns[{i}]"
        _reasoned(s, w)
        kind = _need(s, "kind", w)
        if kind not in _SIZE_KINDS:
            raise ConfigError(f"{w}: kind {kind!r} is not one of {', '.join(_SIZE_KINDS)}")
        ex = []
        for j, e in enumerate(s.get("exclude", []) or []):
            _reasoned(e, f"{w}.exclude[{j}]")
            ex.append(_regex(_need(e, "pattern", w), w))
        sizes.append({"kind": kind, "header": _regex(_need(s, "header", w), w), "exclude": ex})
    cfg["size_columns"] = sizes
    units = dict(raw.get("param_units", {"M": 1, "B": 1000, "k": 0.001}))
    units.pop("reason", None)
    cfg["param_units"] = {str(k): float(v) for k, v in units.items()}

    fams = []
    for i, f in enumerate(_need(raw, "families", where)):
        w = f"{where}: families[{i}]"
        _reasoned(f, w)
        fams.append({"family": str(_need(f, "family", w)), "pattern": _regex(_need(f, "pattern", w), w)})
    cfg["families"] = fams
    cfg["default_family"] = str((raw.get("default_family") or {}).get("family", "other"))

    ann = raw.get("annotations") or {}
    if ann:
        _reasoned(ann, f"{where}: annotations")
    cfg["annotations"] = {
        "metric": str(ann.get("metric", "MNLI")),
        "other_base_qualifier": _regex(ann["other_base_qualifier"], f"{where}: annotations")
        if ann.get("other_base_qualifier") else None,
        "other_base_reason": " ".join(str(ann.get("other_base_reason", "")).split()),
    }
    edges = [float(e) for e in ((raw.get("size_bins") or {}).get("edges") or DEFAULT_EDGES)]
    if edges != sorted(edges) or len(set(edges)) != len(edges):
        raise ConfigError(f"{where}: size_bins.edges must increase")
    cfg["size_bins"] = edges
    fig = raw.get("figure") or {}
    cfg["figure"] = {
        "x_limits": [float(v) for v in fig.get("x_limits", [0.01, 3.5])],
        "palette": str(fig.get("palette", "colorblind")),
        "family_colours": {str(k): int(v) for k, v in (fig.get("family_colours") or {}).items()},
        "label_max_chars": int(fig.get("label_max_chars", 30)),
        "title": str(fig.get("title", "MNLI accuracy vs. model size")),
    }
    cfg["family_order"] = [BASELINE_FAMILY] + [f["family"] for f in fams] + [cfg["default_family"]]
    return cfg


# --------------------------------------------------------------------------- text helpers


_MARKUP = re.compile(r"</?\s*(?:sub|sup|b|i|u|em|strong)\s*>|\\mathrm|\\text|[\\${}_^*]", re.IGNORECASE)
_PUNCT = re.compile(r"[^0-9a-z%#/\-]+")


def normalise_text(text: str) -> str:
    """Lower case, markup removed, other punctuation and spaces collapsed to one space."""
    t = _MARKUP.sub("", str(text or "")).lower()
    t = _PUNCT.sub(" ", t)
    return re.sub(r"\s+", " ", t).strip()


def _label_key(text: str, cfg: dict) -> str:
    words = [w for w in normalise_text(text).split(" ") if w not in cfg["role_words"]]
    return " ".join(words).strip(" -")


def _base_of_label(text: str, cfg: dict) -> dict | None:
    key = _label_key(text, cfg)
    for b in cfg["base_models"]:
        if key and b["label"].search(key):
            return b
    return None


def _mentioned_base(texts, cfg: dict) -> dict | None:
    """The base model mentioned first (by position) in the first text mentioning one."""
    for text in texts:
        norm = normalise_text(text)
        hits = [(m.start(), i) for i, b in enumerate(cfg["base_models"])
                for m in [b["mention"].search(norm)] if m]
        if hits:
            return cfg["base_models"][min(hits)[1]]
    return None


def _family(sources, cfg: dict) -> str:
    for text in sources:
        norm = normalise_text(text)
        if not norm:
            continue
        for rule in cfg["families"]:
            if rule["pattern"].search(norm):
                return rule["family"]
    return cfg["default_family"]


def _truthy(value) -> bool:
    return value is True or str(value).strip().lower() in ("true", "1", "yes")


def _line(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _sig(x: float, digits: int = 4) -> float:
    """Round to significant digits (for storage; conversions keep the full formula as text)."""
    if x == 0 or not math.isfinite(x):
        return x
    return float(f"{x:.{digits}g}")


def _fmt(x: float) -> str:
    return f"{_sig(x):g}"


# --------------------------------------------------------------------------- gathering


def _size_rule(column: str, cfg: dict) -> dict | None:
    norm = normalise_text(column)
    for rule in cfg["size_columns"]:
        if rule["header"].search(norm) and not any(e.search(norm) for e in rule["exclude"]):
            return rule
    return None


def _is_mnli(column: str, cfg: dict) -> bool:
    norm = normalise_text(column)
    return bool(cfg["mnli"]["header"].search(norm)) and not any(e.search(norm) for e in cfg["mnli"]["exclude"])


def _mnli_parts(recs: list[dict], cfg: dict) -> tuple[dict | None, dict | None]:
    """(the accuracy part, the delta part) of one MNLI cell; (None, None) when not printed."""
    m = cfg["mnli"]
    value = delta = None
    for r in recs:
        part = str(r.get("part", ""))
        if not str(r.get("value", "")).strip() or not is_number(str(r["value"])):
            continue
        if part == m["delta_part"]:
            delta = delta or r
        elif part in m["value_parts"] and value is None:
            name = str(r.get("part_name", "")).strip().lower()
            if part == "value" or name in m["value_part_names"] or part == "first":
                value = r
    return value, delta


def _number_part(recs: list[dict]) -> dict | None:
    for r in recs:
        if r.get("part") in ("value", "first") and is_number(str(r.get("value", ""))):
            return r
    return None


def _cell_raw(recs: list[dict]) -> str:
    return str(recs[0].get("raw_cell", "")) if recs else ""


def _model_name(row: dict) -> str:
    return row["label"] or row["group"] or row["label_raw"] or "(unlabelled row)"


def _convert(kind: str, rec: dict, column: str, base: dict, reference: tuple | None, cfg: dict):
    """(fraction, size_text, conversion) or (None, size_text, reason)."""
    value_text = str(rec.get("value", ""))
    unit = str(rec.get("unit", ""))
    printed = f"{value_text}{unit}"
    v = float(parse_decimal(value_text))
    bf, bname = base["size_fraction"], base["name"]
    of_base = "" if bf == 1.0 else f" x {bf:g} ({bname}/BERT-base, config)"
    if kind == "factor":
        if v <= 0:
            return None, printed, f"compress factor {printed} is not positive"
        frac = bf / v
        return frac, printed, f"compress factor {printed} of {bname} -> 1/{value_text}{of_base} = {_fmt(frac)}"
    if kind == "percent":
        frac = v / 100.0 * bf
        return frac, printed, f"model size {printed} of {bname} -> {value_text}/100{of_base} = {_fmt(frac)}"
    if kind == "pruned":
        pct = v / 100.0 if (unit == "%" or "%" in column or v > 1) else v
        frac = (1.0 - pct) * bf
        return frac, printed, (f"prune ratio {value_text}% of {bname} -> (1 - {pct:g}) kept{of_base}"
                               f" = {_fmt(frac)}")
    if kind == "params":
        if reference is None:
            return None, printed, (f"{printed} parameters, but table has no {bname} row with a parameter"
                                   f" count in column '{column}' to divide by")
        ref_rec, ref_label, ref_base = reference
        scale = cfg["param_units"]
        if unit not in scale or str(ref_rec.get("unit", "")) not in scale:
            return None, printed, f"parameter unit {unit!r} not in param_units of the config"
        ref_v = float(parse_decimal(str(ref_rec["value"]))) * scale[str(ref_rec["unit"])]
        if ref_v <= 0:
            return None, printed, "reference parameter count is not positive"
        rbf = ref_base["size_fraction"]
        frac = v * scale[unit] / ref_v * rbf
        ref_printed = f"{ref_rec['value']}{ref_rec.get('unit', '')}"
        tail = "" if rbf == 1.0 else f" x {rbf:g} ({ref_base['name']}/BERT-base, config)"
        return frac, printed, (f"{printed} / {ref_printed} ({ref_base['name']} row '{ref_label}', line "
                               f"{_line(ref_rec.get('line_no'))}){tail} = {_fmt(frac)}")
    if kind == "ratio":
        frac, text = _ratio(value_text)
        if frac is None:
            return None, printed, f"ratio {printed!r} is not a/b"
        return frac * bf, printed, f"ratio {text} of {bname}{of_base} = {_fmt(frac * bf)}"
    raise AssertionError(kind)  # pragma: no cover


def _ratio(text: str) -> tuple[float | None, str]:
    m = re.fullmatch(r"\s*([0-9.]+)\s*/\s*([0-9.]+)\s*", str(text))
    if m and is_number(m.group(1)) and is_number(m.group(2)) and float(m.group(2)) > 0:
        return float(m.group(1)) / float(m.group(2)), f"{m.group(1)}/{m.group(2)}"
    if is_number(str(text)):
        return float(text), str(text).strip()
    return None, str(text)


def _drop(baseline: str, mnli: str) -> str:
    if not baseline or not mnli:
        return ""
    return decimal_text(parse_decimal(baseline) - parse_decimal(mnli))


def _point(**kw) -> dict:
    p = {c: kw.get(c, "") for c in POINT_COLUMNS}
    p["on_pareto"] = False
    return p


def _unplaced(source_file, line_no, model, reason, raw) -> dict:
    return {"source_file": source_file, "line_no": line_no, "model": model, "reason": reason, "raw": raw}


def _table_pairs(t: Table, cfg: dict, points: list, unplaced: list) -> None:
    mnli_cols = [c for c in t.columns if _is_mnli(c, cfg)]
    size_col, size_rule = None, None
    for c in t.columns:
        rule = _size_rule(c, cfg)
        if rule:
            size_col, size_rule = c, rule
            break

    base_rows = {k: b for k, row in t.rows.items() if (b := _base_of_label(row["label"] or row["label_raw"], cfg))}
    table_base = (_mentioned_base([t.caption], cfg)
                  or (next(iter(base_rows.values())) if base_rows else None)
                  or cfg["default_base"])
    reference = None
    if size_rule and size_rule["kind"] == "params":
        for k, b in base_rows.items():
            rec = _number_part(t.rows[k]["records"].get(size_col, []))
            if rec is not None and b is table_base:
                reference = (rec, t.rows[k]["label"] or t.rows[k]["label_raw"], b)
                break
    # family sources beyond the row: caption, then paper title
    context = [t.caption, t.paper]

    if mnli_cols:
        for col in mnli_cols:
            base_mnli = {}
            for k in base_rows:
                val, _ = _mnli_parts(t.rows[k]["records"].get(col, []), cfg)
                if val is not None:
                    base_mnli[k] = val
            table_baseline = None
            for k, val in base_mnli.items():
                if base_rows[k] is table_base:
                    table_baseline = (str(val["value"]), t.rows[k]["label"])
                    break
            for k, row in t.rows.items():
                cell = row["records"].get(col, [])
                val, delta = _mnli_parts(cell, cfg)
                if val is None:
                    continue  # "-" or no cell: no MNLI value printed in this row
                _place_row(t, cfg, row, k, col, cell, val, delta, size_col, size_rule, base_rows,
                           table_base, reference, table_baseline, context, points, unplaced)
        return

    # MNLI printed as a row (task-by-model table): the columns naming a model are the models.
    for row in t.rows.values():
        if not cfg["mnli"]["row_label"].search(normalise_text(row["label"] or row["label_raw"])):
            continue
        for col, cell in row["records"].items():
            if not cfg["mnli"]["model_column"].search(normalise_text(col)):
                continue
            val, _ = _mnli_parts(cell, cfg)
            if val is None:
                continue
            line_no = _line(val.get("line_no"))
            raw = str(val.get("raw", "")) or f"{row['label_raw'] or row['label']} | {col}: {_cell_raw(cell)}"
            base = _base_of_label(col, cfg)
            if base is not None:
                points.append(_point(
                    source_file=t.source_file, line_no=line_no, model=col, method_family=BASELINE_FAMILY,
                    size_fraction=_sig(base["size_fraction"]), size_text=col,
                    size_conversion=(f"the base model itself ({base['name']} = {base['size_fraction']:g}; "
                                     f"{_size_note(base)})"),
                    mnli=str(val["value"]), baseline_mnli=str(val["value"]),
                    drop=_drop(str(val["value"]), str(val["value"])), raw=raw,
                    table_id=t.table_id, evidence=EVIDENCE_BASE_ROW))
                continue
            others = [c for c in t.columns
                      if c != col and c and not cfg["mnli"]["model_column"].search(normalise_text(c))]
            unplaced.append(_unplaced(
                t.source_file, line_no, col,
                f"MNLI is a row of {t.table_id}; the table prints no model size for '{col}' "
                f"(its other columns: {', '.join(others) or 'none'}; none is a size rule of the config)",
                raw))


def _size_note(base: dict) -> str:
    return "by definition" if base["size_fraction"] == 1.0 else "config"


def _place_row(t, cfg, row, k, col, cell, val, delta, size_col, size_rule, base_rows, table_base,
               reference, table_baseline, context, points, unplaced):
    model = _model_name(row)
    line_no = _line(val.get("line_no")) or row["line_no"]
    size_cell = row["records"].get(size_col, []) if size_col else []
    raw_bits = [row["label_raw"] or row["label"]]
    if size_col:
        raw_bits.append(f"{size_col}: {_cell_raw(size_cell) or '(empty)'}")
    raw_bits.append(f"{col}: {_cell_raw(cell)}")
    raw = str(val.get("raw", "")) or " | ".join(raw_bits)
    mnli = str(val["value"])
    is_base = k in base_rows
    row_base = base_rows.get(k)

    # baseline: the cell's own delta, else the table's base row (same column)
    if delta is not None:
        baseline = decimal_text(parse_decimal(mnli) - parse_decimal(str(delta["value"])))
    elif is_base:
        baseline = mnli
    elif table_baseline is not None:
        baseline = table_baseline[0]
    else:
        baseline = ""

    family = BASELINE_FAMILY if is_base else _family([row["group"], row["label"] or row["label_raw"]] + context, cfg)

    size_rec = _number_part(size_cell)
    evidence = EVIDENCE_BASE_ROW
    if size_col is None:
        if is_base:
            frac, size_text = row_base["size_fraction"], model
            conversion = f"the base model itself ({row_base['name']} = {frac:g}; {_size_note(row_base)})"
        else:
            arch = re.search(r"\b\d+\s*/\s*\d+\b[^.;]*", t.caption)
            hint = f"; the caption gives only an architecture ('{arch.group(0).strip()}'), not a size" if arch else ""
            unplaced.append(_unplaced(t.source_file, line_no, model,
                                      f"{t.table_id} has no size column (columns: "
                                      f"{', '.join(c for c in t.columns if c)}){hint}", raw))
            return
    elif size_rec is None:
        if is_base:
            frac, size_text = row_base["size_fraction"], model
            conversion = f"the base model itself ({row_base['name']} = {frac:g}; {_size_note(row_base)})"
        else:
            printed = _cell_raw(size_cell)
            what = f"'{printed}'" if printed else "empty"
            unplaced.append(_unplaced(t.source_file, line_no, model,
                                      f"no size printed in this row of {t.table_id} (column '{size_col}' is {what})",
                                      raw))
            return
    else:
        frac, size_text, conversion = _convert(size_rule["kind"], size_rec, size_col,
                                               row_base or table_base if size_rule["kind"] != "params" else table_base,
                                               reference, cfg)
        if frac is None:
            unplaced.append(_unplaced(t.source_file, line_no, model, conversion, raw))
            return
        evidence = EVIDENCE_PARAMS if size_rule["kind"] == "params" else EVIDENCE_RELATIVE
        if _truthy(size_rec.get("carried")):
            src = size_rec.get("carried_from_line", "")
            conversion += (f" (size printed on line {src}, carried to this row)" if src
                           else " (size carried from an earlier row)")
    if delta is not None:
        conversion += f"; baseline {baseline} = {mnli} - ({delta['value']}) printed delta"
    points.append(_point(source_file=t.source_file, line_no=line_no, model=model, method_family=family,
                         size_fraction=_sig(frac), size_text=size_text, size_conversion=conversion,
                         mnli=mnli, baseline_mnli=baseline, drop=_drop(baseline, mnli), raw=raw,
                         table_id=t.table_id, evidence=evidence))


def _short_title(title: str, words: int = 3) -> str:
    """A paper's short name for labels: the part before ':' when short, else its first words."""
    title = re.sub(r"\s+", " ", str(title)).strip()
    head = title.split(":", 1)[0].strip()
    parts = head.split(" ")
    short = " ".join(parts[:words]) + ("\u2026" if len(parts) > words else "")
    return short.title() if short.isupper() else short


def _annotation_pair(a: dict, cfg: dict, captions_by_paper: dict, titles: dict, points: list, unplaced: list) -> None:
    source_file = str(a.get("source_file", ""))
    line_no = _line(a.get("line_no"))
    ratio_text = str(a.get("ratio", "")).strip()
    paper = str(a.get("paper", ""))
    title = titles.get((source_file, paper), paper)
    model = f"{_short_title(title) or 'note'} {ratio_text}".strip()
    raw = str(a.get("raw") or a.get("text") or "")
    after, before = str(a.get("after", "")).strip(), str(a.get("before", "")).strip()
    if not after or not is_number(after):
        unplaced.append(_unplaced(source_file, line_no, model,
                                  "compression note without an accuracy after compression", raw))
        return
    base_name = str(a.get("base_model", "")).strip()
    qualifier = str(a.get("qualifier", "")).strip()
    other = (cfg.get("annotations") or {}).get("other_base_qualifier")
    if qualifier and other is not None and other.search(normalise_text(qualifier)):
        unplaced.append(_unplaced(source_file, line_no, model,
                                  f"ratio {ratio_text} is relative to '{qualifier}', "
                                  f"not {base_name or 'the base model'}: "
                                  f"{cfg['annotations']['other_base_reason'] or 'its size is not given'}", raw))
        return
    base = _base_of_label(base_name, cfg) if base_name else cfg["default_base"]
    if base is None:
        unplaced.append(_unplaced(source_file, line_no, model,
                                  f"ratio {ratio_text} is relative to '{base_name}', "
                                  "whose size the documents do not give",
                                  raw))
        return
    frac, text = _ratio(ratio_text)
    if frac is None:
        unplaced.append(_unplaced(source_file, line_no, model, f"ratio '{ratio_text}' is not a/b", raw))
        return
    bf = base["size_fraction"]
    conversion = f"ratio {text} of {base['name']}"
    conversion += "" if bf == 1.0 else f" x {bf:g} ({base['name']}/BERT-base, config)"
    conversion += f" = {_fmt(frac * bf)}"
    if not base_name:
        conversion += f" (no base model named; {base['name']} by default)"
    baseline = before if is_number(before) else ""
    if _truthy(a.get("uncertain")):
        conversion += "; the note marks a value uncertain '(?)'"
    family = _family([a.get("section", ""), title] + captions_by_paper.get((source_file, paper), []), cfg)
    points.append(_point(source_file=source_file, line_no=line_no, model=model, method_family=family,
                         size_fraction=_sig(frac * bf), size_text=ratio_text, size_conversion=conversion,
                         mnli=after, baseline_mnli=baseline, drop=_drop(baseline, after), raw=raw, table_id="",
                         evidence=EVIDENCE_NOTE))


def gather_pairs(table_values: list[dict], annotations: list[dict], tables: list[dict], cfg: dict,
                 papers: list[dict] | None = None) -> tuple[list[dict], list[dict]]:
    """Every (size, MNLI) pair of the documents: (points, unplaced).

    ``table_values``/``tables``/``annotations``/``papers`` are contract records (from the
    CSVs or the parsed JSON). Points have :data:`POINT_COLUMNS`, unplaced MNLI values
    :data:`UNPLACED_COLUMNS`. ``on_pareto`` is set by :func:`pareto_front`.
    """
    points: list[dict] = []
    unplaced: list[dict] = []
    for table in tables_of(table_values, tables):
        _table_pairs(table, cfg, points, unplaced)

    titles = {(str(p.get("source_file", "")), str(p.get("paper", ""))):
              str(p.get("title", "")) or str(p.get("paper", ""))
              for p in papers or []}
    captions: dict = {}
    for t in tables:
        key = (str(t.get("source_file", "")), str(t.get("paper", "")))
        captions.setdefault(key, []).append(str(t.get("caption", "")))
    for a in annotations:
        if str(a.get("kind", "")) == "compression":
            _annotation_pair(a, cfg, captions, titles, points, unplaced)

    for p, on in zip(points, pareto_front(points)):
        p["on_pareto"] = on
    return points, unplaced


# --------------------------------------------------------------------------- analysis


def pareto_front(points: list[dict]) -> list[bool]:
    """True for a point no other point beats: none is at most as large and at least as
    accurate while strictly better in one of the two (identical points are both kept)."""
    xy = [(float(p["size_fraction"]), float(p["mnli"])) for p in points]
    flags = []
    for i, (x, y) in enumerate(xy):
        dominated = any(
            (x2 <= x and y2 >= y and (x2 < x or y2 > y))
            for j, (x2, y2) in enumerate(xy) if j != i
        )
        flags.append(not dominated)
    return flags


def bin_label(fraction: float, edges=DEFAULT_EDGES) -> str:
    """'<=0.1', '0.1-0.25', ..., '>1' (a bin includes its upper edge)."""
    edges = list(edges)
    if fraction <= edges[0]:
        return f"<={edges[0]:g}"
    for lo, hi in zip(edges, edges[1:]):
        if fraction <= hi:
            return f"{lo:g}-{hi:g}"
    return f">{edges[-1]:g}"


def rank_methods(points: list[dict], edges=DEFAULT_EDGES, exclude_families=RANKING_EXCLUDED) -> list[dict]:
    """Methods ranked by accuracy drop within bins of size fraction (smallest drop first).

    The base models themselves and other architectures are not ranked. A point without a
    baseline has no drop: it is listed at the end of its bin with an empty rank.
    Ties: higher MNLI, then smaller size, then model name.
    """
    edges = list(edges)
    order = [f"<={edges[0]:g}"] + [f"{lo:g}-{hi:g}" for lo, hi in zip(edges, edges[1:])] + [f">{edges[-1]:g}"]
    bins: dict[str, list] = {b: [] for b in order}
    for p in points:
        if p.get("method_family") in exclude_families:
            continue
        bins[bin_label(float(p["size_fraction"]), edges)].append(p)
    out = []
    for b in order:
        with_drop = [p for p in bins[b] if str(p.get("drop", "")) != ""]
        without = [p for p in bins[b] if str(p.get("drop", "")) == ""]
        with_drop.sort(key=lambda p: (Decimal(str(p["drop"])), -float(p["mnli"]), float(p["size_fraction"]),
                                      str(p["model"]), str(p["source_file"]), _line(p["line_no"])))
        without.sort(key=lambda p: (-float(p["mnli"]), float(p["size_fraction"]), str(p["model"])))
        for rank, p in enumerate(with_drop, 1):
            out.append(_rank_row(b, rank, p))
        for p in without:
            out.append(_rank_row(b, "", p))
    return out


def _rank_row(b, rank, p) -> dict:
    return {"size_bin": b, "rank": rank, "model": p["model"], "method_family": p["method_family"],
            "size_fraction": p["size_fraction"], "mnli": p["mnli"], "drop": p["drop"],
            "source_file": p["source_file"], "line_no": p["line_no"]}


# --------------------------------------------------------------------------- figure


_GID = "synthesis-points"


def _families_in_order(points: list[dict], cfg_order: list[str] | None) -> list[str]:
    present = []
    for f in cfg_order or []:
        if f not in present and any(p["method_family"] == f for p in points):
            present.append(f)
    for p in points:
        if p["method_family"] not in present:
            present.append(p["method_family"])
    # neutral rows (the base model, other architectures) after the method families
    return [f for f in present if f not in _NEUTRAL] + [f for f in present if f in _NEUTRAL]


def roundtrip_check(ax, points: list[dict], tol: float = 1e-9) -> None:
    """Read the plotted points back from the scatter artists and compare with ``points``:
    same count, same coordinates. Raise :class:`PaperfigError` on a mismatch."""
    import numpy as np

    plotted = []
    for coll in ax.collections:
        gid = coll.get_gid() or ""
        if gid.startswith(_GID):
            offsets = np.asarray(coll.get_offsets(), dtype=float)
            plotted.extend((float(x), float(y)) for x, y in offsets.reshape(-1, 2))
    expected = [(float(p["size_fraction"]), float(p["mnli"])) for p in points]
    if len(plotted) != len(expected):
        raise PaperfigError(f"synthesis figure round-trip: {len(plotted)} points plotted, {len(expected)} gathered")
    for (x1, y1), (x2, y2) in zip(sorted(plotted), sorted(expected)):
        if not (math.isclose(x1, x2, rel_tol=tol, abs_tol=tol) and math.isclose(y1, y2, rel_tol=tol, abs_tol=tol)):
            raise PaperfigError(f"synthesis figure round-trip: plotted ({x1:g}, {y1:g}) but gathered ({x2:g}, {y2:g})")


#: Up to this many points, every point is an obstacle for the labels (the seeds: ~60).
ALL_OBSTACLES_UP_TO = 300
#: Beyond it, each label avoids its nearest points only, and adjustText's iterations shrink
#: so that labels x obstacles x iterations stays under this budget.
LABEL_WORK_BUDGET = 2_000_000


def _obstacles_near(ax, xs: list[float], ys: list[float], targets, nearest: int = 12):
    """The points the labels must avoid: all of them for a figure of a few hundred points,
    else each label's ``nearest`` distinct points (display space). adjustText compares every
    label with every obstacle at each iteration, so the 2,200 points of a 500-document survey
    made this one figure take minutes."""
    import numpy as np

    if len(xs) <= ALL_OBSTACLES_UP_TO or not targets:
        return xs, ys
    points = ax.transData.transform(np.column_stack([xs, ys]))
    anchors = ax.transData.transform(np.asarray(targets, dtype=float))
    kept: set[int] = set()
    for anchor in anchors:
        order = np.argsort(np.hypot(*(points - anchor).T), kind="stable")
        cells: set[tuple[int, int]] = set()
        for i in order:
            cell = (round(points[i][0] / 3.0), round(points[i][1] / 3.0))  # overplotted points: one obstacle
            if cell not in cells:
                cells.add(cell)
                kept.add(int(i))
            if len(cells) >= nearest:
                break
    order = sorted(kept)
    return [xs[i] for i in order], [ys[i] for i in order]


def _label_iterations(n_labels: int, n_obstacles: int, most: int = 1000, least: int = 200) -> int:
    return max(least, min(most, LABEL_WORK_BUDGET // max(1, n_labels * n_obstacles)))


def _label_text(p: dict, max_chars: int) -> str:
    """A point's label as drawn: the model name as printed (cut to ``max_chars``), every ``$``
    escaped so a name is never read as mathtext (see ``plotting.plain_text``)."""
    text = str(p["model"])
    text = text if len(text) <= max_chars else text[: max_chars - 1].rstrip() + "\u2026"
    return text.replace("$", r"\$")


def draw_synthesis(points: list[dict], outputs: dict, style_path=None,
                   cfg: dict | None = None, ranking: list[dict] | None = None) -> dict:
    """One figure: MNLI accuracy vs. size fraction (log x), drawn with
    ``seaborn.scatterplot``: ``hue`` the method family (a colour-blind palette, the base
    model black and other rows grey), ``style`` the kind of evidence of the point's size
    (:data:`EVIDENCE_MARKERS`: a table's relative size, a parameter count, a base-model row,
    a survey note), the Pareto front as a step line, labels on the front (and on the
    best-ranked method of each bin when ``ranking`` is given), the legend inside the axes
    only where it covers no point. Written atomically and deterministically in every format
    of ``outputs`` ({"pdf": path, "png": path, "svg": path}, any subset); the plotted points
    are read back and compared with ``points`` first. Returns a small summary.

    seaborn (a second of start-up, without the scipy it needs for no plot here:
    ``plotting.import_seaborn``) is imported here only, so the jobs that merely read the
    configuration do not pay for it."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D

    fig_cfg = (cfg or {}).get("figure") or {"x_limits": [0.01, 3.5], "palette": "colorblind",
                                             "label_max_chars": 30, "title": "MNLI accuracy vs. model size"}
    style = [str(style_path)] if style_path and Path(style_path).exists() else []
    rc = {"svg.hashsalt": "paperfig-synthesis", "pdf.fonttype": 42, "svg.fonttype": "path"}
    if not points:  # e.g. a corpus of chart descriptions only: say so instead of failing the run
        with plt.style.context(["default"] + style), matplotlib.rc_context(rc):
            fig, ax = plt.subplots(figsize=(10.5, 2.0))
            try:
                ax.set_axis_off()
                ax.text(0.5, 0.5, "No (model size, MNLI accuracy) pair was found in the documents.",
                        ha="center", va="center", transform=ax.transAxes)
                _save_all(fig, outputs)
            finally:
                plt.close(fig)
        return {"n_points": 0, "n_pareto": 0, "families": [], "evidence": [], "n_labels": 0}

    import pandas as pd

    from .plotting import import_seaborn

    sns = import_seaborn()
    with plt.style.context(["default"] + style), matplotlib.rc_context(rc):
        families = _families_in_order(points, (cfg or {}).get("family_order"))
        try:
            colours = _family_colours(families, fig_cfg["palette"], (cfg or {}).get("default_family", "other"),
                                      fig_cfg.get("family_colours") or {})
        except ValueError as exc:
            where = (cfg or {}).get("source", "synthesis configuration")
            raise ConfigError(f"{where}: figure.palette {fig_cfg['palette']!r} is not a palette seaborn "
                              f"knows ({exc})") from None
        kinds = [k for k in EVIDENCE_ORDER if any(evidence_of(p) == k for p in points)]
        frame = pd.DataFrame({
            "size_fraction": [float(p["size_fraction"]) for p in points],
            "mnli": [float(p["mnli"]) for p in points],
            FAMILY_TITLE: [str(p["method_family"]) for p in points],
            EVIDENCE_TITLE: [EVIDENCE_LEGEND[evidence_of(p)] for p in points],
        })
        fig, ax = plt.subplots(figsize=(10.5, 6.0))
        try:
            ax.set_xscale("log")
            before = set(ax.collections)
            sns.scatterplot(data=frame, x="size_fraction", y="mnli", ax=ax,
                            hue=FAMILY_TITLE, hue_order=families, palette=dict(zip(families, colours)),
                            style=EVIDENCE_TITLE, style_order=[EVIDENCE_LEGEND[k] for k in kinds],
                            markers={EVIDENCE_LEGEND[k]: EVIDENCE_MARKERS[k] for k in kinds},
                            s=52, edgecolor="0.2", linewidth=0.6, alpha=0.9, zorder=3, legend="full")
            for coll in ax.collections:
                if coll not in before:
                    coll.set_gid(_GID)
            handles, labels = ax.get_legend_handles_labels()
            if ax.get_legend() is not None:
                ax.get_legend().remove()
            front = sorted((float(p["size_fraction"]), float(p["mnli"])) for p in points if p["on_pareto"])
            if front:
                ax.step([x for x, _ in front], [y for _, y in front], where="post", color="0.25",
                        linewidth=1.3, linestyle="--", zorder=2, gid="synthesis-pareto")
                handles.insert(0, Line2D([], [], color="0.25", linestyle="--"))
                labels.insert(0, "Pareto front")
            lo, hi = fig_cfg["x_limits"]
            ax.set_xlim(lo, hi)
            ys = [float(p["mnli"]) for p in points]
            ax.set_ylim(math.floor(min(ys)) - 1.5, math.ceil(max(ys)) + 1.5)
            ax.set_xticks([0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 3])
            ax.set_xticklabels(["0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1", "2", "3"])
            ax.minorticks_off()
            ax.axvline(1.0, color="0.6", linewidth=0.8, linestyle=":", zorder=1)
            ax.text(1.0, 0.01, " BERT-base", transform=ax.get_xaxis_transform(), fontsize=7.5,
                    color="0.45", ha="left", va="bottom")
            ax.set_xlabel("model size (fraction of BERT-base, log scale)")
            ax.set_ylabel("MNLI accuracy (%)")
            ax.set_title(fig_cfg["title"])
            ax.grid(True, which="major", color="0.9")
            _place_legend(fig, ax, handles, labels, frame["size_fraction"].tolist(), ys)

            to_label = [p for p in points if p["on_pareto"]]
            if ranking:
                best = {(r["source_file"], str(r["line_no"]), r["model"]) for r in ranking if str(r["rank"]) == "1"}
                to_label += [p for p in points if (p["source_file"], str(p["line_no"]), p["model"]) in best
                             and p not in to_label]
            unique: dict[tuple, dict] = {}  # one label per name and place (papers share BERT-base)
            for p in to_label:
                unique.setdefault((p["size_fraction"], p["mnli"], _label_text(p, fig_cfg["label_max_chars"])), p)
            to_label = list(unique.values())
            texts = [ax.text(float(p["size_fraction"]), float(p["mnli"]), _label_text(p, fig_cfg["label_max_chars"]),
                             fontsize=7.5, color="0.1", zorder=2.5,
                             bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none",
                                   "alpha": 0.8}) for p in to_label]
            if texts:
                from adjustText import adjust_text

                from .plotting import draw_label_connectors

                targets = [t.get_position() for t in texts]
                near_x, near_y = _obstacles_near(ax, [float(p["size_fraction"]) for p in points],
                                                 [float(p["mnli"]) for p in points], targets)
                adjust_text(texts, x=near_x, y=near_y, ax=ax, time_lim=None,
                            iter_lim=_label_iterations(len(texts), len(near_x)),
                            # adjustText formats arrays for a debug message at every crossing it
                            # removes: tens of seconds in a crowded figure of thousands of points
                            prevent_crossings=len(points) <= ALL_OBSTACLES_UP_TO,
                            expand=(1.15, 1.4), force_text=(0.2, 0.4), force_static=(0.3, 0.6))
                draw_label_connectors(ax, texts, targets, fig.canvas.get_renderer(),
                                 marker_px=math.sqrt(52) / 2 * fig.dpi / 72)
            roundtrip_check(ax, points)
            fig.tight_layout()
            _save_all(fig, outputs)
        finally:
            plt.close(fig)
    return {"n_points": len(points), "n_pareto": sum(1 for p in points if p["on_pareto"]),
            "families": families, "evidence": kinds, "n_labels": len(texts)}


#: The legend's two headings (seaborn names the hue and style sections after the columns).
FAMILY_TITLE = "method family"
EVIDENCE_TITLE = "size from"


def evidence_of(point: dict) -> str:
    """The point's :data:`EVIDENCE_KINDS` entry; points gathered before the ``evidence``
    column existed (or written by hand) are a survey note without a table, else a table
    value of unknown size kind (:data:`EVIDENCE_TABLE`)."""
    kind = str(point.get("evidence", "") or "")
    if kind in EVIDENCE_LEGEND:
        return kind
    return EVIDENCE_NOTE if not str(point.get("table_id", "") or "") else EVIDENCE_TABLE


def _place_legend(fig, ax, handles, labels, xs, ys) -> None:
    """The legend inside the axes where matplotlib finds room ("best"); moved outside to the
    right when it would still cover a point. The section headings are set in bold."""
    import numpy as np

    kw = {"fontsize": 8.5, "handlelength": 1.6, "borderaxespad": 0.5}
    legend = ax.legend(handles, labels, loc="best", **kw)
    fig.canvas.draw()
    box = legend.get_window_extent()
    shown = ax.transData.transform(np.column_stack([xs, ys]))
    if any(box.contains(float(x), float(y)) for x, y in shown):
        legend.remove()
        legend = ax.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.01, 1.0),
                           **{**kw, "borderaxespad": 0.0})
    for text in legend.get_texts():
        if text.get_text() in (FAMILY_TITLE, EVIDENCE_TITLE):
            text.set_fontweight("bold")


def _save_all(fig, outputs: dict) -> None:
    """Every format without timestamps, each written atomically, PNG at 200 dpi."""
    import matplotlib

    from .plotting import save_figure

    with matplotlib.rc_context({"savefig.dpi": 200, "savefig.pad_inches": 0.1}):
        save_figure(fig, outputs)


#: Families drawn in neutral tones, so the method families keep the palette's colours.
_NEUTRAL = {BASELINE_FAMILY: "0.05", "other architecture": "0.78"}


def _family_colours(families: list[str], palette: str, default_family: str,
                    fixed: dict[str, int] | None = None) -> list:
    """The base model black, other architectures and unmatched rows grey, method families
    in the palette's colours: ``fixed`` palette indices first, then the unused colours in
    order (the palette's greys skipped, so no family looks like a neutral one)."""
    neutral = dict(_NEUTRAL)
    neutral[default_family] = "0.55"
    methods = [f for f in families if f not in neutral]
    colours = palette_colours(palette, max(len(methods) + 2, 10))
    fixed = {f: i for f, i in (fixed or {}).items() if 0 <= i < len(colours)}
    mapping = {f: colours[fixed[f]] for f in methods if f in fixed}
    free = [c for i, c in enumerate(colours) if i not in fixed.values() and not _is_grey(c)]
    for f in methods:
        if f not in mapping:
            mapping[f] = free.pop(0) if free else colours[len(mapping) % len(colours)]
    return [neutral.get(f) or mapping[f] for f in families]


def palette_colours(palette: str, n: int) -> list:
    """``n`` colours of a seaborn palette, ``seaborn.color_palette(palette, n)`` (a named
    palette of fewer colours repeats in order). A name seaborn does not know raises its
    ``ValueError``."""
    from .plotting import import_seaborn

    sns = import_seaborn()

    return [tuple(float(v) for v in c[:3]) for c in sns.color_palette(palette, n)]


def _is_grey(colour) -> bool:
    r, g, b = colour[:3]
    return max(r, g, b) - min(r, g, b) < 0.05
