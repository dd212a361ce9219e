"""Printed numbers: parse without losing the printed precision.

Values travel as ``Decimal`` and are serialised as their printed text ("84.0" stays
"84.0"), so a reader of the CSV sees what the paper printed, not a float rounding of it.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

# Full-width digits and signs (common in OCR of CJK-typeset PDFs) and the Unicode minus.
_TRANSLATE = str.maketrans("０１２３４５６７８９．，－＋−–", "0123456789.,-+--")

#: A plain printed number: optional sign, digits, optional decimal part. No exponents,
#: no thousands separators: extracted tables print neither.
NUMBER = r"[-+]?(?:\d+(?:\.\d+)?|\.\d+)"
_NUMBER_FULL = re.compile(rf"^{NUMBER}$")


def normalise_digits(text: str) -> str:
    """Map full-width digits and dash-like minus signs to ASCII; leaves other text alone."""
    return text.translate(_TRANSLATE)


def parse_decimal(text: str) -> Decimal:
    """Parse one printed number; raise ValueError with a readable reason otherwise."""
    cleaned = normalise_digits(text.strip())
    if not _NUMBER_FULL.match(cleaned):
        raise ValueError(f"not a number: {text!r}")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:  # pragma: no cover - the regex admits only valid literals
        raise ValueError(f"not a number: {text!r}") from None
    return value


def is_number(text: str) -> bool:
    return bool(_NUMBER_FULL.match(normalise_digits(text.strip())))


def decimal_text(value: Decimal | None) -> str:
    """The canonical text of a value (keeps trailing zeros, never scientific notation)."""
    if value is None:
        return ""
    text = format(value, "f")
    return "0" if text in ("-0", "+0") else text


def decimals_of(value: Decimal) -> int:
    """Printed decimal places: the tolerance of a check follows the printed precision."""
    exponent = value.as_tuple().exponent
    return -exponent if isinstance(exponent, int) and exponent < 0 else 0
