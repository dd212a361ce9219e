"""Helpers shared by the checks: findings, printed numbers, names, rank correlation.

Import-light on purpose (no pandas, no scipy): the per-document check job runs once per
document and should start fast.
"""

from __future__ import annotations

import math
import re
import unicodedata
from decimal import Decimal

from .. import contract
from ..numbers import decimals_of, is_number, parse_decimal

SEVERITIES = ("error", "warning", "info")


def finding(check: str, severity: str, source_file: str, line_no, subject: str, message: str,
            expected="", observed="", verdict: str = "", cells=()) -> dict:
    """One contract.CHECKS record. ``cells`` (internal, removed before output) lists the
    (line_no, table, field) a finding is about, so a correction of that value marks it corrected."""
    assert severity in SEVERITIES, severity
    row = contract.record(
        contract.CHECKS, check=check, severity=severity, source_file=source_file,
        line_no=line_no if line_no not in (None, "") else "", subject=subject, message=message,
        expected=_text(expected), observed=_text(observed), verdict=verdict, corrected=False,
    )
    row["_cells"] = [tuple(c) for c in cells]
    return row


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, Decimal):
        return fmt(value)
    if isinstance(value, float):
        return fmt_float(value)
    return str(value)


def num(text) -> Decimal | None:
    """A printed number as Decimal, or None (empty, '-', anything else)."""
    if text is None:
        return None
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return Decimal(str(text))
    text = str(text).strip()
    if not text or not is_number(text):
        return None
    return parse_decimal(text)


def ulp(value: Decimal) -> Decimal:
    """One unit in the last printed place: 84.0 -> 0.1, 61.94 -> 0.01, 768 -> 1."""
    return Decimal(1).scaleb(-decimals_of(value))


def fmt(value: Decimal) -> str:
    text = format(value, "f")
    return "0" if text in ("-0", "+0") else text


def fmt_float(value: float, places: int = 3) -> str:
    text = f"{value:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def round_like(value: float, like: Decimal) -> str:
    """A computed value shown with the printed precision of ``like`` (plus one place)."""
    places = decimals_of(like) + 1
    return fmt_float(value, places)


_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")


def name_key(text: str) -> str:
    """Compare names loosely: case, spacing, hyphens, LaTeX/HTML remnants and superscripts."""
    text = unicodedata.normalize("NFKC", str(text).translate(_SUPERSCRIPTS))
    text = re.sub(r"</?\w+>", "", text)
    text = text.replace("$", "").replace("_{", "").replace("{", "").replace("}", "")
    return re.sub(r"[^0-9a-z]+", "", text.casefold())


def words(text: str) -> list[str]:
    return re.findall(r"[0-9a-z]+", unicodedata.normalize("NFKC", str(text)).casefold())


def ranks(values: list[float]) -> list[float]:
    """Average ranks (1-based), ties sharing the mean of their positions."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        mean_rank = (i + j) / 2 + 1
        for k in range(i, j + 1):
            result[order[k]] = mean_rank
        i = j + 1
    return result


def pearson(xs: list[float], ys: list[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx == 0 or syy == 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / math.sqrt(sxx * syy)


def spearman(xs: list[float], ys: list[float]) -> float | None:
    """Spearman's rho: Pearson correlation of the average ranks (same as scipy.stats.spearmanr)."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    return pearson(ranks(xs), ranks(ys))


def truthy(value) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def strip_internal(row: dict) -> dict:
    return {k: v for k, v in row.items() if not k.startswith("_")}
