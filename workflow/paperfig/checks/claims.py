"""Claim checks: read each claim sentence of a chart description, test it against the
figure's points and give a verdict (supported | contradicted | not testable | unparsed) with
the numbers behind it.

The interpreter is a small set of sentence shapes, tried in order:
rank ("X achieves the highest ...", "the largest model, X, does not achieve the highest"),
biggest improvement among series, outlier against neighbours of similar x, release-date
claims (rank correlation of date with y, or with y's residual given x), a named chain
within a family ("BERT models ... (Base -> Large)"), a family trend, a plateau at high x,
trends of named series, and the general x-y correlation. Anything else is "unparsed"
and listed, never dropped.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict

from .common import finding, fmt_float, name_key, num, spearman

SUPPORTED, CONTRADICTED, NOT_TESTABLE, UNPARSED = "supported", "contradicted", "not testable", "unparsed"

_UP = re.compile(r"upward|increas|\brise|rising|improv|grow|gain|higher|better", re.IGNORECASE)
_DOWN = re.compile(r"downward|decreas|declin|\bdrop|\bfall|lower|worse|degrad", re.IGNORECASE)
_FLAT = re.compile(r"\bflat\b|plateau|stable|constant|level(?:s|ling)? off|saturat|ceiling", re.IGNORECASE)
_CONDITION = (
    re.compile(r"\b(?:as|when|while)\b[^,.;()]*?\b(?:increas|grow|ris)\w*", re.IGNORECASE),
    re.compile(r"\bwith\s+(?:increas\w*|grow\w*|higher|larger|more|increased)(?:\s+[\w-]+){0,3}", re.IGNORECASE),
    re.compile(r"\bfor a given\b[^,.;]*", re.IGNORECASE),
)
_GENERALLY = re.compile(r"generally|general|overall|tend", re.IGNORECASE)
_NEGATION = re.compile(r"\bdoes not\b|\bdoesn't\b|\bdid not\b|\bnot\b\s+(?:\w+\s+)?(?:achieve|have|reach)", re.IGNORECASE)
_RANK_HIGH = re.compile(r"\b(highest|best|top)\b", re.IGNORECASE)
_RANK_LOW = re.compile(r"\b(lowest|worst)\b", re.IGNORECASE)
_LARGEST = re.compile(r"\b(largest|biggest)\b", re.IGNORECASE)
_MOST_IMPROVEMENT = re.compile(r"most (?:significant|pronounced|notable) (?:improvement|increase|gain)|"
                               r"(?:largest|biggest|strongest) (?:improvement|increase|gain)", re.IGNORECASE)
_RELATIVE = re.compile(r"relatively (low|high)|\boutlier\b", re.IGNORECASE)
_SIMILAR = re.compile(r"similar|comparable|same", re.IGNORECASE)
_DATE = re.compile(r"\b(newer|recent|later|older|earlier|released)\b", re.IGNORECASE)
_CHAIN = re.compile(r"\(([^()]*?(?:->|→|=>)[^()]*)\)")
_FAMILY = re.compile(r"\b([A-Z][\w-]*[A-Za-z])\s+models?\b")
_PLATEAU_HIGH = re.compile(r"plateau|level(?:s)? off|diminishing", re.IGNORECASE)
_HIGH_X = re.compile(r"higher|larger|bigger|beyond", re.IGNORECASE)
_SUBSET = re.compile(r"^\s*(?:the\s+)?models\s+(?:with|employing|using|that|on)\b", re.IGNORECASE)


def _float(text) -> float | None:
    value = num(text)
    return float(value) if value is not None else None


def _date_value(text: str) -> float | None:
    m = re.match(r"^\s*(\d{4})(?:[-/.](\d{1,2}))?", str(text or ""))
    if not m:
        return None
    return int(m.group(1)) + ((int(m.group(2)) - 1) / 12 if m.group(2) else 0)


class Figure:
    """The points of one figure in the shape the claim tests need."""

    def __init__(self, figure_id: str, points: list[dict], legend: list[dict], axis: dict | None):
        self.figure_id = figure_id
        self.axis = axis or {}
        date_by_color = {name_key(e.get("color")): _date_value(e.get("entry")) for e in legend
                         if e.get("kind") == "date" and e.get("color")}
        self.points = []
        for p in points:
            x, y = _float(p.get("x")), _float(p.get("y"))
            if x is None or y is None:
                continue
            date = _date_value(p.get("group")) or date_by_color.get(name_key(p.get("color") or ""))
            name = p.get("label") or p.get("series") or ""
            self.points.append({"name": name, "label": p.get("label") or "", "series": p.get("series") or "",
                                "x": x, "y": y, "date": date, "line_no": p.get("line_no")})
        self.series = defaultdict(list)
        for p in self.points:
            if p["series"]:
                self.series[p["series"]].append(p)
        for e in legend:
            if e.get("kind") != "date" and e.get("entry"):
                self.series.setdefault(e["entry"], [])
        y_lo, y_hi = _float(self.axis.get("y_min")), _float(self.axis.get("y_max"))
        ys = [p["y"] for p in self.points]
        self.y_span = (y_hi - y_lo) if y_lo is not None and y_hi is not None and y_hi > y_lo else (
            (max(ys) - min(ys)) if ys else 0.0)

    def labels(self) -> list[str]:
        return sorted({p["label"] for p in self.points if p["label"]}, key=len, reverse=True)


def _name_pattern(name: str) -> re.Pattern:
    parts = [re.escape(part) for part in re.split(r"[\s-]+", name.strip()) if part]
    body = r"[\s-]?".join(parts)
    return re.compile(rf"(?<![\w]){body}(?![\w*])")  # case-sensitive: a series "Flat" is not "flat"


def find_names(text: str, names: list[str]) -> list[str]:
    """Names occurring in text, longest first, without overlaps, in order of appearance."""
    taken: list[tuple[int, int]] = []
    found: list[tuple[int, str]] = []
    for name in sorted(set(n for n in names if n), key=len, reverse=True):
        for m in _name_pattern(name).finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            taken.append((m.start(), m.end()))
            found.append((m.start(), name))
            break
    return [name for _, name in sorted(found)]


def direction(text: str) -> str | None:
    """up | down | flat for the quantity a sentence talks about (conditions like 'as size
    increases' removed first, so 'a slight decrease as size increases' is down)."""
    core = text
    for pattern in _CONDITION:
        core = pattern.sub(" ", core)
    if _FLAT.search(core):
        return "flat"
    up, down = _UP.search(core), _DOWN.search(core)
    if up and down:
        return "up" if up.start() < down.start() else "down"
    return "up" if up else "down" if down else None


def _pts(points: list[dict]) -> str:
    return ", ".join(f"{p['name'] or '?'} ({fmt_float(p['x'])}, {fmt_float(p['y'])})" for p in points)


def trend_verdict(points: list[dict], want: str, figure: Figure, settings: dict, generally: bool) -> tuple[str, str]:
    """Verdict of a trend claim over points ordered by x."""
    pts = sorted(points, key=lambda p: p["x"])
    if len(pts) < 2:
        return NOT_TESTABLE, f"a trend needs two points or more; only {len(pts)}: {_pts(pts)}"
    ys = [p["y"] for p in pts]
    steps = [b - a for a, b in zip(ys, ys[1:])]
    flat_tol = float(settings.get("flat_tolerance", 0.05)) * figure.y_span if figure.y_span else 0.0
    evidence = f"y by increasing x: {' -> '.join(fmt_float(y) for y in ys)} ({_pts(pts)})"
    spread = max(ys) - min(ys)
    if want == "flat":
        ok = spread <= flat_tol
        return (SUPPORTED if ok else CONTRADICTED), f"{evidence}; spread {fmt_float(spread)} vs flat tolerance {fmt_float(flat_tol)}"
    sign = 1 if want == "up" else -1
    agreeing = sum(1 for s in steps if sign * s > 0)
    if generally:
        ok = sign * (ys[-1] - ys[0]) > 0 and agreeing * 2 >= len(steps)
    else:
        ok = agreeing == len(steps)
    return (SUPPORTED if ok else CONTRADICTED), f"{evidence}; {agreeing} of {len(steps)} steps go {want}"


def _correlation_verdict(rho: float | None, n: int, settings: dict, what: str, sign: int = 1) -> tuple[str, str]:
    threshold = float(settings.get("correlation_threshold", 0.3))
    if rho is None:
        return NOT_TESTABLE, f"{what}: not enough varying points (n = {n})"
    text = f"{what}: Spearman rho = {rho:.2f} over {n} points"
    if sign * rho >= threshold:
        return SUPPORTED, text
    if sign * rho <= 0:
        return CONTRADICTED, text + f" (no {'positive' if sign > 0 else 'negative'} association)"
    return NOT_TESTABLE, text + f" (too weak to support the claim; threshold {threshold})"


def _residuals(points: list[dict]) -> list[float]:
    """y minus a least-squares line in log x (x is a size: compare at a given size)."""
    lx = [math.log(p["x"]) if p["x"] > 0 else p["x"] for p in points]
    ys = [p["y"] for p in points]
    n = len(points)
    mx, my = sum(lx) / n, sum(ys) / n
    sxx = sum((a - mx) ** 2 for a in lx)
    slope = sum((a - mx) * (b - my) for a, b in zip(lx, ys)) / sxx if sxx else 0.0
    return [b - (my + slope * (a - mx)) for a, b in zip(lx, ys)]


def _combine(results: list[tuple[str, str]]) -> tuple[str, str]:
    verdicts = [v for v, _ in results]
    evidence = "; ".join(e for _, e in results)
    if CONTRADICTED in verdicts:
        return CONTRADICTED, evidence
    if verdicts and all(v == SUPPORTED for v in verdicts):
        return SUPPORTED, evidence
    return NOT_TESTABLE, evidence


def _x_words(figure: Figure) -> re.Pattern:
    words = {"size", "sizes", "parameter", "parameters", "params", "flops", "gflops", "compute", "cost"}
    words |= {w.lower() for w in re.findall(r"[A-Za-z]{3,}", str(figure.axis.get("x_label", "")))}
    return re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, words))) + r")\b", re.IGNORECASE)


def _general_claim(text: str, figure: Figure) -> bool:
    xw = _x_words(figure).pattern
    more = r"(?:increas\w*|higher|larger|more|bigger|increased)"
    patterns = (
        rf"{more}\s+(?:the\s+)?(?:number of\s+)?(?:[\w-]+\s+){{0,2}}?{xw}.{{0,60}}?(?:lead|result|correlat|associat|improv|higher|better|increas)",
        rf"(?:higher|increasing|improved|better)\s+(?:[\w-]+\s+){{0,2}}?(?:performance|scores?|accuracy).{{0,40}}?"
        rf"(?:with|correlating with|as)\s+(?:[\w-]+\s+){{0,2}}?{more}\s+(?:[\w-]+\s+){{0,2}}?{xw}",
        r"larger models (?:\w+\s+){0,2}(?:perform better|score higher|achieve higher)",
    )
    return any(re.search(p, text, re.IGNORECASE) for p in patterns)


def interpret(claim: dict, figure: Figure, settings: dict) -> tuple[str, str]:
    """(verdict, evidence) of one claim."""
    text = str(claim.get("text") or claim.get("raw") or "")
    if not figure.points:
        return NOT_TESTABLE, "the figure has no points"
    labels = find_names(text, figure.labels())
    series_names = find_names(text, list(figure.series))
    subject = str(claim.get("subject") or "")
    if subject in figure.series and (not series_names or re.search(r"\b(?:this|the) series\b", text, re.IGNORECASE)):
        series_names = [subject]
    if not labels and subject and subject in figure.labels():
        labels = [subject]
    by_label = {p["label"]: p for p in figure.points if p["label"]}
    want = direction(text)
    generally = bool(_GENERALLY.search(text))
    ys = [p["y"] for p in figure.points]

    # rank: "X achieves the highest", "the largest model, X, does not achieve the highest"
    high, low = _RANK_HIGH.search(text), _RANK_LOW.search(text)
    if (high or low) and labels and not _MOST_IMPROVEMENT.search(text):
        results = []
        target = max(ys) if high else min(ys)
        negated = bool(_NEGATION.search(text))
        for name in labels:
            p = by_label[name]
            at_rank = p["y"] == target
            ok = (not at_rank) if negated else at_rank
            results.append((SUPPORTED if ok else CONTRADICTED,
                            f"{name}: y = {fmt_float(p['y'])}; the {'highest' if high else 'lowest'} y of the figure is "
                            f"{fmt_float(target)} ({', '.join(q['name'] for q in figure.points if q['y'] == target)})"))
            if _LARGEST.search(text):
                xmax = max(q["x"] for q in figure.points)
                results.append((SUPPORTED if p["x"] == xmax else CONTRADICTED,
                                f"{name}: x = {fmt_float(p['x'])}, the largest x is {fmt_float(xmax)}"))
        return _combine(results)

    # the series with the most improvement
    if _MOST_IMPROVEMENT.search(text) and series_names:
        gains = {}
        for name, pts in figure.series.items():
            pts = sorted(pts, key=lambda p: p["x"])
            if len(pts) >= 2:
                gains[name] = pts[-1]["y"] - pts[0]["y"]
        if series_names[0] not in gains:
            return NOT_TESTABLE, f"{series_names[0]} has fewer than two points"
        best = max(gains, key=gains.get)
        evidence = "y gain from smallest to largest x: " + ", ".join(f"{k} {fmt_float(v)}" for k, v in gains.items())
        return (SUPPORTED if best == series_names[0] else CONTRADICTED), evidence

    # relatively low/high compared to models of similar x
    rel = _RELATIVE.search(text)
    if rel and labels and (_SIMILAR.search(text) or "compared" in text.lower()):
        p = by_label[labels[0]]
        ratio = float(settings.get("neighbour_x_ratio", 1.5))
        others = [q for q in figure.points if q is not p and q["x"] > 0 and p["x"] > 0
                  and max(q["x"], p["x"]) / min(q["x"], p["x"]) <= ratio]
        if re.search(r"\blater|newer|more recent\b", text, re.IGNORECASE) and p["date"] is not None:
            others = [q for q in others if q["date"] is not None and q["date"] > p["date"]]
        if len(others) < 2:
            return NOT_TESTABLE, f"{labels[0]}: only {len(others)} other point(s) within x ×{ratio:g}: {_pts(others)}"
        values = sorted(q["y"] for q in others)
        median = values[len(values) // 2] if len(values) % 2 else (values[len(values) // 2 - 1] + values[len(values) // 2]) / 2
        is_low = (rel.group(1) or "low").lower() == "low" and not re.search(r"relatively high", text, re.IGNORECASE)
        ok = p["y"] < median if is_low else p["y"] > median
        return (SUPPORTED if ok else CONTRADICTED), (
            f"{labels[0]}: y = {fmt_float(p['y'])} vs median {fmt_float(median)} of {len(others)} points with x "
            f"within ×{ratio:g} of {fmt_float(p['x'])}: {_pts(others)}")

    # release date
    if _DATE.search(text) and want in ("up", "down"):
        dated = [p for p in figure.points if p["date"] is not None]
        if len(dated) < 3:
            return NOT_TESTABLE, f"only {len(dated)} points carry a date"
        older = re.search(r"\b(older|earlier)\b", text, re.IGNORECASE) and not re.search(r"\bnewer|recent|later\b", text, re.IGNORECASE)
        sign = (1 if want == "up" else -1) * (-1 if older else 1)
        raw = spearman([p["date"] for p in dated], [p["y"] for p in dated])
        res = spearman([p["date"] for p in dated], _residuals(dated))
        given_x = re.search(r"given|fewer|same|similar|less|per\b", text, re.IGNORECASE)
        rho, what = (res, "date vs y given x (residual of y on log x)") if given_x else (raw, "date vs y")
        verdict, evidence = _correlation_verdict(rho, len(dated), settings, what, sign)
        other = f"date vs y: rho = {raw:.2f}" if given_x and raw is not None else (
            f"date vs y given x: rho = {res:.2f}" if res is not None else "")
        return verdict, f"{evidence}; {other}" if other else evidence

    # a named chain within a family: "BERT models ... (Base -> Large)"
    chain = _CHAIN.search(text)
    family = next((m.group(1) for m in _FAMILY.finditer(text) if m.group(1).lower() != "the"), None)
    if family and want in ("up", "down", "flat"):
        fkey = name_key(family)
        members = [p for p in figure.points if p["label"] and name_key(p["label"]).startswith(fkey)]
        if members and len(members) >= 1:
            if chain:
                items = [s.strip() for s in re.split(r"->|→|=>", chain.group(1)) if s.strip()]
                ordered, absent = [], []
                for item in items:
                    ikey = name_key(item)
                    hit = [p for p in members if ikey and ikey in name_key(p["label"])[len(fkey):]]
                    if hit:
                        ordered.append(hit[0])
                    else:
                        absent.append(item)
                note = f"; no {family} point for {', '.join(absent)}" if absent else ""
                if len(ordered) < 2:
                    return NOT_TESTABLE, f"{family}: named points found {_pts(ordered)}{note}"
                ys_chain = [p["y"] for p in ordered]
                steps = [b - a for a, b in zip(ys_chain, ys_chain[1:])]
                sign = 1 if want == "up" else -1
                agreeing = sum(1 for s in steps if sign * s > 0)
                ok = (agreeing * 2 >= len(steps) and sign * (ys_chain[-1] - ys_chain[0]) > 0) if generally else agreeing == len(steps)
                if want == "flat":
                    ok = max(ys_chain) - min(ys_chain) <= float(settings.get("flat_tolerance", 0.05)) * figure.y_span
                return (SUPPORTED if ok else CONTRADICTED), (
                    f"{family} along {' -> '.join(items)}: y {' -> '.join(fmt_float(y) for y in ys_chain)} "
                    f"({_pts(ordered)}){note}")
            if family not in figure.series:
                return trend_verdict(members, want, figure, settings, generally)

    # plateau at high x
    if _PLATEAU_HIGH.search(text) and _HIGH_X.search(text):
        xs = sorted(p["x"] for p in figure.points)
        median = xs[len(xs) // 2]
        upper = [p for p in figure.points if p["x"] >= median]
        if len({p["x"] for p in upper}) < 3:
            return NOT_TESTABLE, f"only {len({p['x'] for p in upper})} distinct x at or above the median x {fmt_float(median)}"
        rho = spearman([p["x"] for p in upper], [p["y"] for p in upper])
        threshold = float(settings.get("correlation_threshold", 0.3))
        top = max(upper, key=lambda p: p["x"])
        evidence = (f"x >= {fmt_float(median)}: Spearman rho(x, y) = {rho:.2f} over {len(upper)} points "
                    f"(no increase if rho < {threshold}); largest x: {_pts([top])}") if rho is not None else ""
        x_max = _float(figure.axis.get("x_max"))
        if x_max is not None and top["x"] == x_max:
            evidence += "; that point sits at the axis maximum, so its true x is unknown"
        if rho is None:
            return NOT_TESTABLE, "the points above the median x do not vary"
        return (SUPPORTED if rho < threshold else CONTRADICTED), evidence

    # named series trends
    if series_names and want:
        results = [trend_verdict(figure.series.get(name, []), want, figure, settings, generally) for name in series_names]
        results = [(v, f"{name}: {e}") for name, (v, e) in zip(series_names, results)]
        if _general_claim(text, figure):
            rho = spearman([p["x"] for p in figure.points], [p["y"] for p in figure.points])
            results.append(_correlation_verdict(rho, len(figure.points), settings, "x vs y over the figure",
                                                1 if want != "down" else -1))
        return _combine(results)

    # general correlation of x and y
    if _general_claim(text, figure) and not _SUBSET.search(text):
        rho = spearman([p["x"] for p in figure.points], [p["y"] for p in figure.points])
        return _correlation_verdict(rho, len(figure.points), settings, "x vs y over the figure",
                                    -1 if want == "down" else 1)
    return UNPARSED, ""


def check_claims(doc: dict, settings: dict) -> tuple[list[dict], list[dict]]:
    """(claims with verdict and evidence, check rows)."""
    by_fig_points, by_fig_legend = defaultdict(list), defaultdict(list)
    for p in doc.get("points", []):
        by_fig_points[p.get("figure_id")].append(p)
    for e in doc.get("legend", []):
        by_fig_legend[e.get("figure_id")].append(e)
    axes = {a.get("figure_id"): a for a in doc.get("axes", [])}
    figures: dict[str, Figure] = {}
    claims, checks = [], []
    for claim in doc.get("claims", []):
        fid = claim.get("figure_id")
        if fid not in figures:
            figures[fid] = Figure(fid, by_fig_points[fid], by_fig_legend[fid], axes.get(fid))
        try:
            verdict, evidence = interpret(claim, figures[fid], settings)
        except (ValueError, ZeroDivisionError, KeyError) as exc:  # a claim must never break the stage
            verdict, evidence = UNPARSED, f"could not be interpreted ({exc})"
        claims.append({**claim, "verdict": verdict, "evidence": evidence})
        text = str(claim.get("text") or "")
        short = text if len(text) <= 160 else text[:157] + "..."
        severity = "warning" if verdict == CONTRADICTED else "info"
        message = {
            SUPPORTED: f"claim supported by the points: {short!r}",
            CONTRADICTED: f"claim contradicted by the points: {short!r}",
            NOT_TESTABLE: f"claim cannot be tested or supported by the points: {short!r}",
            UNPARSED: f"claim not interpreted (listed for a reader to judge): {short!r}",
        }[verdict]
        checks.append(finding("claim", severity, doc["source_file"], claim.get("line_no"), fid, message,
                              expected=text, observed=evidence, verdict=verdict))
    return claims, checks
