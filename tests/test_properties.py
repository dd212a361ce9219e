"""Property tests of the cell grammar, the point parser and the number rules (hypothesis).

* arbitrary text never raises anything but ``PaperfigError`` (a ``DocumentError`` names the
  file and, where it applies, the line);
* every parsed value keeps its raw text (the cell token / the raw line holds the printed number);
* a value parsed from a printed number keeps its printed precision (Decimal, never float).
"""

from __future__ import annotations

import re
from decimal import Decimal

from hypothesis import HealthCheck, assume, example, given, settings
from hypothesis import strategies as st

from paperfig import cells, numbers
from paperfig.charts import parse_chart_document
from paperfig.documents import decode_bytes, doc_id_for, document_from_text
from paperfig.errors import DocumentError, PaperfigError
from paperfig.numbers import decimal_text, decimals_of, parse_decimal
from paperfig.parse import parse_document

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ------------------------------------------------------------------------------ strategies

digits = st.text("0123456789", min_size=1, max_size=6)


@st.composite
def printed_numbers(draw, signs=("", "-", "+"), leading_zeros=False):
    """A printed decimal as a paper prints it: "84.10", "-0.0", "7", "+1.3", "0.05"."""
    sign = draw(st.sampled_from(signs))
    whole = draw(digits)
    if not leading_zeros:
        whole = whole.lstrip("0") or "0"
    frac = draw(st.one_of(st.just(""), st.text("0123456789", min_size=1, max_size=4)))
    return f"{sign}{whole}.{frac}" if frac else f"{sign}{whole}"


def canonical(printed: str) -> str:
    """What decimal_text prints for a printed number: the text itself, without a "+" sign;
    an integer zero loses its sign ("-0" -> "0"), a decimal zero keeps it ("-0.0")."""
    text = printed.lstrip("+")
    return "0" if text in ("-0",) else text


cell_alphabet = st.characters(codec="utf-8", exclude_categories=("Cs",))
cell_text = st.one_of(
    st.text(cell_alphabet, max_size=30),
    st.text("0123456789.,-+−–/()%xXMBkK*†‡? \t eE", max_size=25),
    st.text("０１２３４５６７８９．－ 0123456789./()", max_size=15),
)

# --------------------------------------------------------------------------- printed numbers


@SETTINGS
@given(printed_numbers())
@example("84.10")
@example("-0.0")
@example("0.000")
@example("-0")
def test_printed_precision_round_trips(printed):
    value = parse_decimal(printed)
    assert isinstance(value, Decimal)
    assert decimal_text(value) == canonical(printed)
    frac = printed.split(".", 1)[1] if "." in printed else ""
    assert decimals_of(value) == len(frac)


@SETTINGS
@given(printed_numbers(leading_zeros=True))
def test_full_width_digits_parse_like_ascii(printed):
    wide = printed.translate(str.maketrans("0123456789.-+", "０１２３４５６７８９．－＋"))
    assert parse_decimal(wide) == parse_decimal(printed)
    assert decimal_text(parse_decimal(wide)) == decimal_text(parse_decimal(printed))


@SETTINGS
@given(st.text(max_size=20))
def test_parse_decimal_raises_only_value_error(text):
    try:
        value = parse_decimal(text)
    except ValueError:
        return
    assert isinstance(value, Decimal) and value.is_finite()
    assert re.fullmatch(r"-?\d+(?:\.\d+)?", decimal_text(value))


# ------------------------------------------------------------------------------- cell grammar


def _number_in(token: str) -> str:
    """The printed text of the first number of a token, as the one number grammar reads it
    (footnote marks before it, grouping and exponents included)."""
    # footnote marks printed before a number ("†-1") are not part of it
    text = numbers.normalise_digits(token).lstrip(cells._MARK_CHARS + " ")
    found, _ = numbers.find_numbers(text)
    if not found and (glued := re.fullmatch(r"(.*\d)[a-g]{1,3}", text.strip())):
        found, _ = numbers.find_numbers(glued.group(1))  # a Tukey group glued to it ('.0a'), no word
    assert found, token
    return found[0].text


@SETTINGS
@given(cell_text, st.sampled_from([None, ("F1", "Acc")]), st.sampled_from([None, ["first", "second"]]),
       st.sampled_from(["", "%", "MB"]))
@example("8.2.1", None, None, "")
@example("¹0", None, None, "")
@example("1e400", None, None, "")
@example("NaN", None, None, "")
@example("--", None, None, "")
@example("８２.２", None, None, "")
@example("85.3 (-5.6)", None, None, "")
@example("84.3/ 83.4", ("F1", "Acc"), None, "")
@example("1.4 1.6", None, ["first", "second"], "")
def test_any_cell_parses_or_notes_and_values_keep_their_raw_text(text, pair, sub_names, unit):
    result = cells.parse_cell(text, pair=pair, sub_names=sub_names, default_unit=unit)
    printed = numbers.normalise_digits(text)
    for part in result.parts:
        assert part.part in ("value", "first", "second", "delta", "error", "low", "high", "missing")
        if part.part == "missing":
            assert part.value == "" and cells.is_missing(part.token)
            continue
        # the printed token is part of the cell, and the value is exactly its number
        assert part.token and numbers.normalise_digits(part.token) in printed
        number = _number_in(part.token)
        assert parse_decimal(part.value) == parse_decimal(number)
        assert decimals_of(parse_decimal(part.value)) == decimals_of(parse_decimal(number))
        assert part.unit_source in ("cell", "column", "")
    for note in result.notes:
        assert note.kind in ("unparseable_cell", "non_numeric_cell", "normalised_digits", "ocr_noise", "ocr_plus_minus", "text_cell")
    if not result.parts and text.strip() and not cells.is_missing(text):
        assert result.notes  # an unread cell is never silently dropped


@SETTINGS
@given(printed_numbers(), st.sampled_from(["", "%", "x", "M", "*", " (?)"]))
def test_printed_number_cell_keeps_value_and_token(printed, suffix):
    result = cells.parse_cell(printed + suffix)
    assert not [n for n in result.notes if n.kind != "normalised_digits"]
    (part,) = result.parts
    assert part.part == "value" and part.value == canonical(printed) and part.token == (printed + suffix).strip()


@SETTINGS
@given(printed_numbers(signs=("", "-")), printed_numbers(signs=("", "-")), st.sampled_from(["/", " / ", "/ "]))
def test_pairs_keep_both_values(a, b, slash):
    result = cells.parse_cell(f"{a}{slash}{b}", pair=("F1", "Acc"))
    assert [(p.part, p.part_name, p.value) for p in result.parts] == [
        ("first", "F1", canonical(a)), ("second", "Acc", canonical(b))]


@SETTINGS
@given(printed_numbers(signs=("",)), printed_numbers(signs=("-", "+")))
@example("91.2", "-0.0")
def test_value_with_delta_keeps_the_sign_of_the_delta(value, delta):
    result = cells.parse_cell(f"{value} ({delta})")
    assert [(p.part, p.value) for p in result.parts] == [("value", canonical(value)), ("delta", canonical(delta))]


@SETTINGS
@given(st.text(cell_alphabet, max_size=40))
def test_labels_and_helpers_never_raise(text):
    cells.normalise_label(text)
    cells.value_like(text)
    cells.numeric_cell(text)
    cells.pair_names(text)
    cells.header_unit(text)
    cells.caption_unit(text)
    for n in (1, 2, 3):
        cells.split_packed_label(text, n)


# ------------------------------------------------------------------------------ point parser

SKELETON = """## Scatter Plot: Glue Score vs. Size
### Components/Axes
* **X-axis:** Size (MB), ranging from approximately 8 MB to 200 MB.
* **Y-axis:** Glue Score, ranging from approximately 82.0 to 84.0.
### Detailed Analysis
* **Alpha (Orange):** This series shows an upward trend.
"""
FIRST_POINT_LINE = SKELETON.count("\n") + 1

POINT_FORMS = (
    "* At approximately {x} MB, the Glue Score is around {y}.",
    "* At approximately {x} MB, the Glue Score is around {y} (labeled \"{label}\").",
    "* **{label}:** Approximately ({x} MB, {y} score) - Blue (2020-07)",
    "* **{label}:** Located at approximately ({x}, {y}).",
)

labels = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Zl", "Zp"),
                               exclude_characters="\"*:()[]\n\r\t0123456789"), min_size=1, max_size=12).map(
    lambda s: s.strip() or "P").filter(lambda s: not re.search(r"\d|labell?ed|approx", s, re.I))


@SETTINGS
@given(st.lists(st.tuples(st.sampled_from(POINT_FORMS), printed_numbers(signs=("", "-")),
                          printed_numbers(signs=("", "-")), labels), min_size=1, max_size=6))
def test_generated_points_keep_value_precision_and_raw_line(points):
    # the "At approximately" bullets belong to the series bullet above them: list them first
    points = sorted(points, key=lambda p: not p[0].startswith("* At "))
    lines = [form.format(x=x, y=y, label=label) for form, x, y, label in points]
    parsed = parse_chart_document(document_from_text(SKELETON + "\n".join(lines) + "\n", "gen.txt"))
    got = {row["line_no"]: row for row in parsed["points"]}
    assert sorted(got) == list(range(FIRST_POINT_LINE, FIRST_POINT_LINE + len(lines)))
    for i, (_form, x, y, _label) in enumerate(points):
        row = got[FIRST_POINT_LINE + i]
        assert (row["x"], row["y"]) == (canonical(x), canonical(y))
        assert row["raw"] == lines[i] and x in row["raw"] and y in row["raw"]
        assert row["source_file"] == "gen.txt"


@st.composite
def chart_with_noise(draw):
    base = SKELETON + "* At approximately 8 MB, the Glue Score is around 82.2.\n"
    lines = base.split("\n")
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(lines)))
        noise = draw(st.one_of(
            st.text(cell_alphabet, max_size=60),
            st.sampled_from(["* **X-axis:** from 1e400 to NaN", "* At approximately --, around 8.2.1.",
                             "* **Beta (Red):**", "* (1, 2) (3, 4) (5, 6)", "## Scatter Plot: second",
                             "\t* \t**\t:**", "* At approximately ８ MB, the score is around ８２.２.",
                             "* **Name:** Approximately (-0.0 MB, -0 score) - Blue (1999-13)",
                             "### Key Observations", "* The highest score is higher than 0.",
                             "**Bold line**", "* Legend: Located (top) * x (Red)", "\x00\x07\x1b[31m"]),
        ))
        lines.insert(at, noise)
    return "\n".join(lines)


def _check_error(exc: PaperfigError, name: str, n_lines: int) -> None:
    assert isinstance(exc, DocumentError), exc
    assert exc.source_file == name and str(exc).startswith(name)
    assert exc.line_no is None or 1 <= exc.line_no <= max(n_lines, 1)


def _parsed_or_located_error(parse, doc):
    """The parse result, or None after checking the only error allowed: one naming file and line."""
    try:
        return parse(doc)
    except PaperfigError as exc:
        _check_error(exc, doc.source_file, len(doc.lines))
        return None


@SETTINGS
@given(chart_with_noise())
def test_chart_with_arbitrary_text_inserted_never_crashes(text):
    doc = document_from_text(text, "noisy.txt")
    parsed = _parsed_or_located_error(parse_chart_document, doc)
    if parsed is None:
        return
    for row in parsed["points"]:
        assert doc.line(row["line_no"]) == row["raw"]
        for axis in ("x", "y"):
            value = parse_decimal(row[axis])
            assert value.is_finite()
    for note in parsed["parse_notes"]:
        assert note["source_file"] == "noisy.txt" and doc.line(note["line_no"]) == note["raw"]


@SETTINGS
@given(st.text(cell_alphabet, max_size=300))
def test_any_text_document_parses_or_raises_a_located_error(text):
    doc = document_from_text(text, "any.txt")
    parsed = _parsed_or_located_error(parse_document, doc)
    if parsed is None:
        return
    for row in parsed["table_values"]:
        assert 1 <= row["line_no"] <= len(doc.lines)


@st.composite
def tabbed_pages(draw):
    n_cols = draw(st.integers(2, 5))
    cell = st.one_of(printed_numbers(), cell_text, st.sampled_from(["-", "", "88.5/84.3", "85.3 (-5.6)", "1.4 1.6"]))
    rows = [["Model"] + [f"T{j}" for j in range(1, n_cols)]]
    for i in range(draw(st.integers(1, 5))):
        n = draw(st.integers(1, n_cols))  # short rows too (tables cut off mid-row)
        rows.append([f"M{i}"] + [draw(cell).replace("\t", " ").replace("\n", " ").replace("\r", " ")
                                 for _ in range(n - 1)])
    return "Table 1: Generated.\n" + "\n".join("\t".join(r) for r in rows) + "\n"


@SETTINGS
@given(tabbed_pages())
@example("Table 1: Generated.\nModel\tT1\nM0\t(0;1)\n")  # (an interval alone: its bounds, no value)
@example("Table 1: Generated.\nModel\tT1\nM0\t.0a\n")  # (a Tukey group glued to a value)
def test_generated_tables_never_crash_and_values_keep_raw_cells(text):
    doc = document_from_text(text, "page.txt")
    parsed = _parsed_or_located_error(parse_document, doc)
    if parsed is None:
        return
    for row in parsed["table_values"]:
        if row["part"] == "missing" or row["carried"]:
            continue
        raw_line = doc.line(row["line_no"])
        assert row["raw_cell"] and row["raw_cell"] in raw_line
        if row["part"] in ("low", "high"):  # an interval's bound: one of the cell's numbers ('(0;1)')
            found = numbers.find_numbers(numbers.normalise_digits(row["raw_cell"]))[0]
            assert parse_decimal(row["value"]) in {parse_decimal(f.text) for f in found}
            continue
        assert parse_decimal(row["value"]) == parse_decimal(_number_in(
            next(t for t in [row["raw_cell"]] + cells.value_tokens(row["raw_cell"]) if t)
            if row["part"] in ("value", "first") else _second_number(row)))


def _second_number(row: dict) -> str:
    """The printed text of the second, delta or error part of a cell (the second number; a
    delta or an error is the last one)."""
    found = [f.text for f in numbers.find_numbers(numbers.normalise_digits(row["raw_cell"]))[0]]
    if row["part"] in ("delta", "error"):
        return found[-1]
    if len(found) < 2 and "/" in row["raw_cell"]:  # ('1B/0': the prose grammar reads '1B' and stops)
        return _number_in(row["raw_cell"].split("/", 1)[1])
    return found[1] if len(found) > 1 else found[0]


# ------------------------------------------------------------------------------ bytes, names


@FEW
@given(st.binary(max_size=200))
def test_any_bytes_decode_or_raise_a_document_error(data):
    try:
        text = decode_bytes(data, "bytes.txt")
    except DocumentError as exc:
        assert exc.source_file == "bytes.txt"
        return
    assert isinstance(text, str)


@SETTINGS
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=40))
@example("../../etc/x")
@example("\\write18{touch /tmp/pwned}")
@example("<script>alert(1)</script>")
@example("/etc/passwd")
@example("..")
def test_document_ids_are_safe_file_names(name):
    doc_id = doc_id_for(name)
    assert re.fullmatch(r"[A-Za-z0-9._-]+", doc_id)
    assert not doc_id.startswith((".", "-")) and doc_id not in (".", "..")
    assert doc_id == doc_id_for(name)
    # a name that is not already safe gets a hash suffix, so two such names never share an id
    other = name + "x"
    assume(doc_id_for(other) != doc_id_for(name) or other.rsplit(".", 1)[0] == name.rsplit(".", 1)[0])


# ---------------------------------------------------------------- chart prose: whole or nothing

_DIGITS = st.sampled_from(["0123456789", "０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩"])


@st.composite
def printed_chart_numbers(draw):
    """Number texts as descriptions print them (decimals, grouping, exponents, other digit
    scripts, NBSP inside) and near-misses a prefix reader would get wrong (hex, versions,
    trailing letters)."""
    digits = draw(_DIGITS)
    whole = draw(st.integers(min_value=0, max_value=99999))
    frac = draw(st.one_of(st.none(), st.integers(min_value=0, max_value=999)))
    text = str(whole) + (f".{frac}" if frac is not None else "")
    kind = draw(st.sampled_from(["plain", "grouped", "exp", "hex", "version", "suffix"]))
    if kind == "grouped" and whole >= 1000:
        text = f"{whole:,}" + (f".{frac}" if frac is not None else "")
    elif kind == "exp":
        text = f"{text}e{draw(st.integers(min_value=-3, max_value=3))}"
    elif kind == "hex":
        text = f"0x{whole:X}"
    elif kind == "version":
        text = f"{whole}.{frac or 0}.{draw(st.integers(min_value=0, max_value=9))}"
    elif kind == "suffix":
        text = f"{text}{draw(st.sampled_from(['x1F', 'e0x', '.5.1']))}"  # never a prefix
    return text.translate(str.maketrans("0123456789", digits)) if kind in ("plain", "grouped") else text


@SETTINGS
@given(printed_chart_numbers())
@example("0x1F")
@example("83.7e0")
@example("1,000")
@example("8.2.1")
def test_a_chart_coordinate_is_read_whole_or_not_at_all(text):
    doc = ("## Scatter Plot: A\n* **X-axis:** Size\n* **Y-axis:** Score\n### Detailed Analysis\n"
           f"* **M:** Located at approximately (2, {text}).\n* **N:** Located at approximately (3, 70).\n")
    parsed = parse_chart_document(document_from_text(doc, "n.md"))
    on_line = [p for p in parsed["points"] if p["line_no"] == 5]
    try:
        expected = numbers.read_number(text).value
    except ValueError:
        expected = None
    if expected is None:  # refused: never a point at a prefix, and a note says so
        assert on_line == [], (text, on_line)
        assert [n for n in parsed["parse_notes"] if n["line_no"] == 5]
    else:
        assert [parse_decimal(p["y"]) for p in on_line] == [expected], (text, on_line)
