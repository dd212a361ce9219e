"""The cell grammar of OCR'd tables (paperfig.cells): one test per shape."""

import pytest

from paperfig import cells


def parts(text, **kw):
    res = cells.parse_cell(text, **kw)
    return [(p.part, p.part_name, p.value, p.unit, p.flag) for p in res.parts], [n.kind for n in res.notes]


def test_plain_numbers_keep_printed_precision():
    assert parts("84.0") == ([("value", "", "84.0", "", "")], [])
    assert parts("0.0") == ([("value", "", "0.0", "", "")], [])
    assert parts("-0.63") == ([("value", "", "-0.63", "", "")], [])
    assert parts("30522") == ([("value", "", "30522", "", "")], [])


def test_dash_is_missing_not_zero():
    assert parts("-") == ([("missing", "", "", "", "")], [])
    assert parts("–")[0][0][0] == "missing"
    assert parts("") == ([], [])  # a blank cell is no value at all


@pytest.mark.parametrize("text", ["88.5/84.3", "84.3/ 83.4", "86.8 /81.7", "86.8 / 81.7"])
def test_pairs_with_and_without_spaces(text):
    got, notes = parts(text, pair=("F1", "Acc"))
    assert [g[:2] for g in got] == [("first", "F1"), ("second", "Acc")]
    assert notes == []


def test_pair_without_header_names_is_first_second():
    got, _ = parts("74.1/74.5")
    assert [(g[0], g[1], g[2]) for g in got] == [("first", "first", "74.1"), ("second", "second", "74.5")]


@pytest.mark.parametrize("header, names", [
    ("MRPC (F1/Acc)", ("F1", "Acc")),
    ("MNLI-m/mm", ("m", "mm")),
    ("MNLI (acc m/mm)", ("m", "mm")),
    ("QQP (f1/acc)", ("f1", "acc")),
    ("SST-2 (acc)", None),
    ("Model Size: w/o emb", None),
])
def test_pair_names_from_header(header, names):
    assert cells.pair_names(header) == names


@pytest.mark.parametrize("text, value, delta", [
    ("85.3 (-5.6)", "85.3", "-5.6"),
    ("82.8 (+1.3)", "82.8", "1.3"),
    ("91.2 (-0.0)", "91.2", "-0.0"),
    ("73.81 (-12.29)", "73.81", "-12.29"),
])
def test_value_with_delta(text, value, delta):
    got, notes = parts(text)
    assert [(g[0], g[2]) for g in got] == [("value", value), ("delta", delta)]
    assert notes == []


def test_two_numbers_in_one_cell_under_a_two_value_column():
    got, _ = parts("1.4 1.6", sub_names=cells.subcolumn_names("Performance Drop (absolute %age)", 2))
    assert [(g[0], g[1], g[2]) for g in got] == [("first", "first", "1.4"), ("second", "second", "1.6")]
    assert cells.subcolumn_names("Drop (absolute / relative)", 2) == ["absolute", "relative"]


def test_two_numbers_in_a_one_value_column_is_a_note_not_a_guess():
    got, notes = parts("1.4 1.6")
    assert got == [] and notes == ["unparseable_cell"]


@pytest.mark.parametrize("text, value, unit, flag", [
    ("1.64x", "1.64", "x", ""),
    ("61.94X", "61.94", "x", "uppercase-x"),
    ("15%", "15", "%", ""),
    ("109M", "109", "M", ""),
    ("22.5B", "22.5", "B", ""),
    ("8.5k", "8.5", "k", ""),
    ("10.20*", "10.20", "", "footnote"),
    ("84(?)", "84", "", "uncertain"),
])
def test_units_and_markers(text, value, unit, flag):
    got, _ = parts(text)
    assert got == [("value", "", value, unit, flag)]


def test_default_unit_from_header_or_caption():
    assert cells.header_unit("Memory (MB)") == "MB"
    assert cells.header_unit("Prune Ratio(%)") == "%"
    assert cells.header_unit("Memory Reduction (%age)") == "%"
    assert cells.header_unit("Performance Drop (absolute %age)") == ""
    assert cells.caption_unit("Table 3: Inference latency (in seconds) on SQuAD") == "s"
    assert cells.caption_unit("Table 2: Performance on SQuAD.") == ""
    got, _ = parts("0.22", default_unit="s")
    assert got == [("value", "", "0.22", "s", "")]
    got, _ = parts("3.2x", default_unit="s")  # the cell's own unit wins
    assert got[0][3] == "x"


@pytest.mark.parametrize("text", ["8.2.1", "1e400", "NaN", "12,5", "1,000,00", "83.7e0x"])
def test_unparseable_numeric_looking_cells_are_noted_and_left_out(text):
    got, notes = parts(text)
    assert got == []
    assert notes == ["unparseable_cell"]


@pytest.mark.parametrize("text, value", [("1,84,620", "184620"), ("1,00,000", "100000"),
                                         ("12,34,56,789.5", "123456789.5")])
def test_indian_digit_grouping_is_one_value(text, value):
    got, notes = parts(text)
    assert got == [("value", "", value, "", "")] and notes == []


def test_text_in_a_value_column_is_noted():
    got, notes = parts("n.a.x")
    assert got == [] and notes == ["non_numeric_cell"]


def test_full_width_digits_parse_with_a_note():
    got, notes = parts("８２.２")
    assert got == [("value", "", "82.2", "", "")]
    assert notes == ["normalised_digits"]


def test_value_tokens_keep_printed_text():
    assert cells.value_tokens("85.9/80.2 86.8/81.8 86.8 /81.7 85.0/79.9") == [
        "85.9/80.2", "86.8/81.8", "86.8 /81.7", "85.0/79.9"]
    assert cells.value_tokens("69.2/88.2 70.4/ 88.9") == ["69.2/88.2", "70.4/ 88.9"]
    assert cells.value_tokens("85.3 (-5.6) 84.0 (+1.0)") == ["85.3 (-5.6)", "84.0 (+1.0)"]
    assert cells.value_tokens("90.7 92.5 91.8") == ["90.7", "92.5", "91.8"]


@pytest.mark.parametrize("printed", [
    "BERT _{BASE}", "$BERT_{BASE}$", "BERT <sub>BASE</sub>", "BERT_{BASE}", "BERT_BASE",
])
def test_label_normalisation(printed):
    assert cells.normalise_label(printed) == "BERT-base"


def test_label_normalisation_keeps_suffixes_and_plain_names():
    assert cells.normalise_label("BERT _{BASE} -6L-PKD") == "BERT-base-6L-PKD"
    assert cells.normalise_label("Teacher BERT _{BASE}") == "Teacher BERT-base"
    assert cells.normalise_label("BERT_{LARGE} model") == "BERT-large model"
    assert cells.normalise_label("PKD, 6 layers (Sun et al., 2019)") == "PKD, 6 layers (Sun et al., 2019)"
    assert cells.normalise_label("ELMo-BiLSTM-Attn") == "ELMo-BiLSTM-Attn"


def test_split_packed_label():
    assert cells.split_packed_label("TF (baseline) PF (baseline) PD (our work) Sun et al. (2019a)", 4) == [
        "TF (baseline)", "PF (baseline)", "PD (our work)", "Sun et al. (2019a)"]
    assert cells.split_packed_label("DistilBERT TinyBERT MobileBERT", 3) == ["DistilBERT", "TinyBERT", "MobileBERT"]
    assert cells.split_packed_label("Only One", 3) is None


def test_numeric_cell_classifies_layout():
    for text in ("84.0", "-", "88.5/84.3", "85.3 (-5.6)", "90.7 92.5", "8.5k", "1.64x"):
        assert cells.numeric_cell(text), text
    for text in ("Model", "(F1/Acc)", "Hidden", "test", "mi ai aiiis", "GLCL"):
        assert not cells.numeric_cell(text), text


def test_value_like_marks_value_columns_even_when_garbled():
    for text in ("8.2.1", "1e400", "NaN", "--", "84.0", "1.4 1.6", "８２.２"):
        assert cells.value_like(text), text
    for text in ("PKD, 6 layers (Sun et al., 2019)", "Sun et al. (2019a)", "test", "", "BERT _{BASE} -6L-PKD"):
        assert not cells.value_like(text), text


def test_unit_source_tells_printed_from_column_units():
    own = cells.parse_cell("3.2x", default_unit="s").parts[0]
    col = cells.parse_cell("0.22", default_unit="s").parts[0]
    none = cells.parse_cell("0.22").parts[0]
    assert (own.unit_source, col.unit_source, none.unit_source) == ("cell", "column", "")


def test_stray_brackets_make_a_cell_unparseable_not_two_values():
    # found by hypothesis: ")0)0" was read as the two numbers 0 and 0
    assert cells.value_tokens(")0)0") == [")0)0"]
    result = cells.parse_cell(")0)0", sub_names=["first", "second"])
    assert result.parts == [] and result.notes[0].kind == "unparseable_cell"
    assert cells.value_tokens("86.8 /81.7 85.3 (-5.6)") == ["86.8 /81.7", "85.3 (-5.6)"]


# --- the richer cell grammar (issue #12 part 1, issue #13 item 4) -------------------------------

@pytest.mark.parametrize("text, value, unit, flag", [
    ("74.7%", "74.7", "%", ""),
    ("1.0×", "1.0", "x", ""),
    ("1.0x", "1.0", "x", ""),
    ("0.65×", "0.65", "x", ""),
    ("41,021.00", "41021.00", "", ""),
    ("+1.12%", "1.12", "%", ""),
    ("1.2e-3", "0.0012", "", ""),
    ("3×10^5", "300000", "", ""),
    ("3 × 10^5", "300000", "", ""),
    ("2.5E+05", "250000", "", ""),
    ("<0.1", "0.1", "", "bound"),
    (">99", "99", "", "bound"),
    ("≤ 5%", "5", "%", "bound"),
    ("74.7 %", "74.7", "%", ""),
    ("1.0 ×", "1.0", "x", ""),
])
def test_new_value_cells(text, value, unit, flag):
    got, notes = parts(text)
    assert got == [("value", "", value, unit, flag)]
    assert notes == []


@pytest.mark.parametrize("text", [
    "85.3*", "12.1†", "7.2‡", "4.4§", "3.3¶", "85.3¹", "85.3²³", "85.3ᵃ", "85.3^a", "85.3^{*}",
    "*85.3", "†85.3", "¹85.3", "85.3%*",
])
def test_footnote_markers_before_or_after_a_number(text):
    got, notes = parts(text)
    assert len(got) == 1 and got[0][0] == "value" and got[0][4] == "footnote"
    assert got[0][2] == ("85.3" if "85.3" in text else got[0][2]) and notes == []


@pytest.mark.parametrize("text, value, unit, qualifier", [
    ("12% reduction", "12", "%", "reduction"),
    ("35% slower", "35", "%", "slower"),
    ("2.1x faster", "2.1", "x", "faster"),
    ("0% (baseline)", "0", "%", "(baseline)"),
    ("1.8x speedup", "1.8", "x", "speedup"),
    ("4.2% improvement", "4.2", "%", "improvement"),
    ("3.1 lower", "3.1", "", "lower"),
    ("7% higher", "7", "%", "higher"),
    ("85.3 (ours)", "85.3", "", "(ours)"),
])
def test_trailing_qualifier_is_kept_and_the_number_read(text, value, unit, qualifier):
    res = cells.parse_cell(text)
    assert [(p.part, p.value, p.unit, p.qualifier) for p in res.parts] == [("value", value, unit, qualifier)]
    assert res.notes == []
    assert cells.numeric_cell(text) and cells.value_like(text)
    assert cells.value_tokens(text) == [text]


@pytest.mark.parametrize("text", ["81.2 ± 0.3", "81.2±0.3", "81.2 (±0.3)", "81.2 (± 0.3)"])
def test_value_with_error(text):
    res = cells.parse_cell(text)
    assert [(p.part, p.part_name, p.value) for p in res.parts] == [("value", "", "81.2"), ("error", "±", "0.3")]
    assert res.notes == [] and cells.numeric_cell(text)
    assert cells.value_tokens(f"{text} 80.1±0.2") == [text, "80.1±0.2"]


def test_error_takes_the_printed_unit_of_its_value_like_a_delta():
    res = cells.parse_cell("81.2% ± 0.3", default_unit="s")
    assert [(p.part, p.unit, p.unit_source) for p in res.parts] == [("value", "%", "cell"), ("error", "%", "column")]
    res = cells.parse_cell("81.2 ± 0.3", default_unit="s")
    assert [(p.unit, p.unit_source) for p in res.parts] == [("s", "column"), ("s", "column")]


def test_error_is_a_schema_part():
    from paperfig.schemas import VALUE_PARTS
    assert "error" in VALUE_PARTS


@pytest.mark.parametrize("text", ["N/A", "n/a", "NA", "—", "–", "-", "--", "✗", "×", "n.a.", "−",
                                  "一", "－", "ー"])  # a dash as OCR with a CJK model reads it
def test_missing_marks(text):
    got, notes = parts(text)
    assert got == [("missing", "", "", "", "")] and notes == []
    assert cells.numeric_cell(text) and cells.value_like(text) and cells.is_value_token(text)


@pytest.mark.parametrize("text", ["W8A8", "Llama-2-7B", "GPT-4", "BERT-base", "4-bit", "ResNet-50", "2:4 sparsity",
                                  "FP16", "INT8", "Top-1", "x"])
def test_label_texts_are_not_values(text):
    assert not cells.numeric_cell(text), text
    assert not cells.value_like(text), text


@pytest.mark.parametrize("text", ["74.7%", "1.0×", "0.65×", "41,021.00", "+1.12%", "1.2e-3", "3×10^5",
                                  "12% reduction", "2.1x faster", "0% (baseline)", "81.2 ± 0.3", "81.2±0.3",
                                  "81.2 (±0.3)", "85.3*", "†85.3", "<0.1", ">99", "N/A", "n.a.", "✗"])
def test_new_value_cells_are_value_like(text):
    assert cells.numeric_cell(text), text
    assert cells.value_like(text), text


@pytest.mark.parametrize("token, expected", [
    ("74.7%", True), ("1.0×", True), ("-", True), ("N/A", True), ("41,021.00", True), ("+1.12%", True),
    ("88.5/84.3", True), ("3.2e-4", True), ("85.3*", True), ("12.1†", True), ("7B", True),
    ("FP16", False), ("W8A8", False), ("GPT-4", False), ("85.3 (-5.6)", False), ("", False), ("abc", False),
])
def test_is_value_token(token, expected):
    assert cells.is_value_token(token) is expected


def test_unicode_digits_and_spaces_inside_a_number_are_noted():
    got, notes = parts("٨٣.٤")
    assert got == [("value", "", "83.4", "", "")] and notes == ["normalised_digits"]
    got, notes = parts("41\u00a0021")
    assert got == [("value", "", "41021", "", "")] and notes == ["normalised_digits"]


def test_old_shapes_still_read_with_new_markers():
    got, _ = parts("88.5*/84.3", pair=("F1", "Acc"))
    assert [(g[0], g[2], g[4]) for g in got] == [("first", "88.5", "footnote"), ("second", "84.3", "")]
    got, _ = parts("85.3 (-5.6) (ours)")
    assert [(g[0], g[2]) for g in got] == [("value", "85.3"), ("delta", "-5.6")]
    assert cells.parse_cell("85.3 (-5.6) (ours)").parts[1].qualifier == "(ours)"


# ---------------------------------------------------------------- forms met in converter output


@pytest.mark.parametrize("text, parts", [
    ("41.3 ms", [("value", "41.3", "ms")]),
    ("13.5 GB", [("value", "13.5", "GB")]),
    ("2450 tokens/s", [("value", "2450", "tokens/s")]),
    ("2.0T", [("value", "2.0", "T")]),
    ("16.9 †", [("value", "16.9", "")]),
    ("81.5/81.0 (-5.2)", [("first", "81.5", ""), ("second", "81.0", ""), ("delta", "-5.2", "")]),
    ("± 0.1", [("error", "0.1", "")]),
])
def test_unit_words_spaced_marks_pair_with_delta_and_a_lone_error(text, parts):
    res = cells.parse_cell(text)
    assert [(p.part, p.value, p.unit) for p in res.parts] == parts and not res.notes


@pytest.mark.parametrize("label", ["W8A8", "Llama 2", "GPT-4", "4-bit", "ResNet-50"])
def test_labels_with_numbers_are_not_value_cells(label):
    assert not cells.numeric_cell(label) and not cells.value_like(label)


def test_a_unit_suffix_keeps_its_printed_token():
    (part,) = cells.parse_cell("109M").parts
    assert (part.value, part.unit, part.token) == ("109", "M", "109M")


@pytest.mark.parametrize("text, value, unit", [("▲ 0.1", "0.1", ""), ("▼0.3", "0.3", ""), ("42.1 ↑", "42.1", ""),
                                               ("12.5%↓", "12.5", "%")])
def test_arrow_marks_are_flags_not_signs(text, value, unit):
    (part,) = cells.parse_cell(text).parts
    assert (part.value, part.unit, part.flag, part.token) == (value, unit, "direction", text)


def test_an_arrow_alone_or_inside_words_is_no_value():
    assert cells.parse_cell("▲").parts == [] and cells.parse_cell("up ▲ 3").parts == []


def test_a_stray_quote_after_a_value_is_ocr_noise_with_a_note():
    res = cells.parse_cell("53.3 '")
    assert [p.value for p in res.parts] == ["53.3"] and [n.kind for n in res.notes] == ["ocr_noise"]
    assert cells.parse_cell("'53.3 x'").parts == []


def test_a_parenthesis_ocr_closed_with_a_bracket_or_brace_is_read_with_a_note():
    for text in ("19 (33.9]", "19 (33.9}"):
        res = cells.parse_cell(text)
        assert [p.value for p in res.parts] == ["19", "33.9"] and [n.kind for n in res.notes] == ["ocr_bracket"]
    assert [p.value for p in cells.parse_cell("19 (33.9)").parts] == ["19", "33.9"]
    # a bracket that opens the cell, or a list, is no damaged parenthesis
    assert cells.parse_cell("[12]").parts == [] and cells.parse_cell("2.5 (1.1, 3.4]").parts == []


def test_a_parenthesised_signed_number_alone_is_a_delta():
    assert [(p.part, p.value) for p in cells.parse_cell("(+0.6)").parts] == [("delta", "0.6")]
    assert [(p.part, p.value) for p in cells.parse_cell("(-3.9)").parts] == [("delta", "-3.9")]
    # unsigned: an error (a standard error printed under its value), not a delta
    assert [(p.part, p.value) for p in cells.parse_cell("(3.9)").parts] == [("error", "3.9")]
    assert cells.parse_cell("(ours)").parts == [] and not cells.is_value_text("(ours)")


@pytest.mark.parametrize("text, value, low, high", [
    ("1.38 [1.19, 1.60]", "1.38", "1.19", "1.60"),   # a hazard ratio and its 95% CI
    ("71 [62–80]", "71", "62", "80"),                 # a median and its IQR
    ("2.04 (1.77–2.35)", "2.04", "1.77", "2.35"),
    ("0.81 (0.77-0.85)", "0.81", "0.77", "0.85"),
    ("−0.12 (−0.30 to 0.06)", "-0.12", "-0.30", "0.06"),
    ("0.5 [0.2; 0.9]", "0.5", "0.2", "0.9"),
    ("[1.19, 1.60]", None, "1.19", "1.60"),          # the interval in a column of its own
])
def test_value_with_an_interval(text, value, low, high):
    res = cells.parse_cell(text)
    got = {p.part: p.value for p in res.parts}
    assert got == {k: v for k, v in (("value", value), ("low", low), ("high", high)) if v is not None}
    assert [n.kind for n in res.notes] == (["normalised_digits"] if "−" in text else [])


@pytest.mark.parametrize("text, expected", [
    ("95.9 (93/97)", [("value", "", "95.9"), ("first", "count", "93"), ("second", "total", "97")]),
    ("62.8% (93/148) [54.5–70.6]", [("value", "", "62.8"), ("first", "count", "93"), ("second", "total", "148"),
                                    ("low", "", "54.5"), ("high", "", "70.6")]),
    ("0.81 (1,204/1,480) (0.79-0.83)", [("value", "", "0.81"), ("first", "count", "1204"),
                                       ("second", "total", "1480"), ("low", "", "0.79"), ("high", "", "0.83")]),
])
def test_a_proportion_with_its_count_out_of_the_total(text, expected):
    got, notes = parts(text)
    assert [g[:3] for g in got] == expected and notes == []
    assert cells.value_tokens(text) == [text]


def test_a_count_larger_than_its_total_is_no_proportion():
    assert parts("95.9 (98/97)") == ([], ["unparseable_cell"])


def test_interval_keeps_the_printed_unit_and_bare_ranges_are_not_read():
    assert [(p.part, p.value, p.unit) for p in cells.parse_cell("45% [40%, 50%]").parts] == [
        ("value", "45", "%"), ("low", "40", "%"), ("high", "50", "%")]
    assert cells.parse_cell("62–80").parts == []            # a label may print a range: 2019–2020
    assert cells.parse_cell("85.1 [12]").parts == []        # a citation is no interval
    assert cells.parse_cell("85.3 (-5.6)").parts[1].part == "delta"


@pytest.mark.parametrize("text, value, error", [
    ("94.3 t0.6", "94.3", "0.6"), ("92.5 t 0.8", "92.5", "0.8"), ("93.2 £1.1", "93.2", "1.1"),
    ("91.8+0.9", "91.8", "0.9"), ("71.6 + 3.2", "71.6", "3.2"),
])
def test_plus_minus_misread_by_ocr(text, value, error):
    got, notes = parts(text)
    assert got == [("value", "", value, "", ""), ("error", "±", error, "", "")]
    assert notes == ["ocr_plus_minus"]


@pytest.mark.parametrize("text, expected", [
    ("48.6 + 9.2 (31-64)", [("value", "48.6"), ("error", "9.2"), ("low", "31"), ("high", "64")]),
    ("88.4 = 7.1 (72-100)", [("value", "88.4"), ("error", "7.1"), ("low", "72"), ("high", "100")]),
    ("-1.2 + 0.4 (-2.0 to -0.4)", [("value", "-1.2"), ("error", "0.4"), ("low", "-2.0"), ("high", "-0.4")]),
])
def test_plus_minus_misread_by_ocr_before_a_range(text, expected):
    res = cells.parse_cell(text)
    assert [(p.part, p.value) for p in res.parts] == expected and cells.numeric_cell(text)
    assert [n.kind for n in res.notes] == ["ocr_plus_minus"]


@pytest.mark.parametrize("text", ["tr", "tr.", "trace"])
def test_a_trace_is_a_value_not_given(text):
    assert cells.is_missing(text) and [p.part for p in cells.parse_cell(text).parts] == ["missing"]


@pytest.mark.parametrize("text, value, low, high", [
    ("88 (61-127) ***", "88", "61", "127"), ("1,874 (1,210-3,050) **", "1874", "1210", "3050"),
    ("0.62 (0.48-0.80) *", "0.62", "0.48", "0.80")])
def test_stars_printed_apart_after_an_interval(text, value, low, high):
    res = cells.parse_cell(text)
    assert [(p.part, p.value) for p in res.parts] == [("value", value), ("low", low), ("high", high)]
    assert res.parts[0].flag == "footnote"


def test_a_misread_plus_minus_before_a_lone_number_in_parentheses_is_no_range():
    assert parts("12.4 + 1.3 (0.3)") == ([], ["unparseable_cell"])


def test_a_signed_number_after_a_value_is_not_taken_for_an_error():
    assert parts("95.1 +0.4") == ([], ["unparseable_cell"])
    assert parts("1e+5")[0] == [("value", "", "100000", "", "")]


def test_bracketed_standard_error_and_yes_no_marks():
    assert parts("[0.311]") == ([("error", "[]", "0.311", "", "")], [])
    assert parts("Yes") == ([], ["text_cell"]) and parts("✓") == ([], ["text_cell"])
    assert parts("[12]") == ([], ["unparseable_cell"])  # a citation is no error


def test_a_degree_sign_is_the_value_s_unit():
    assert parts("0.861°") == ([("value", "", "0.861", "°", "")], [])
    assert parts("45°")[0][0][2:4] == ("45", "°")


def test_dimensions_are_label_text():
    assert not cells.value_like("512 x 512") and not cells.value_like("224×224")
    assert cells.value_like("3 × 10^5") and cells.value_like("1.5x")


@pytest.mark.parametrize("text, values", [("3.12 ± 0.14 c", ["3.12", "0.14"]), ("8.05 ± 0.40 ab", ["8.05", "0.40"]),
                                          ("12.5 a", ["12.5"])])
def test_significance_letters_after_a_value(text, values):
    res = cells.parse_cell(text)
    assert [p.value for p in res.parts] == values and all("significance" in p.flag for p in res.parts)
    assert cells.numeric_cell(text) and not res.notes


def test_letters_out_of_order_or_units_are_no_significance_group():
    assert parts("41.3 h")[0] == [("value", "", "41.3", "h", "")]
    assert parts("20.8 ± 1.6 ba")[1] == ["unparseable_cell"]


def test_an_interval_with_a_footnote_mark_and_a_bound():
    got, notes = parts("1.24 (1.10 to 1.40)†")
    assert [(g[0], g[2], g[4]) for g in got] == [("value", "1.24", "footnote"), ("low", "1.10", ""),
                                                 ("high", "1.40", "")] and notes == []
    assert parts("<0.001") == ([("value", "", "0.001", "", "bound")], [])


def test_a_unit_glued_to_an_exponent_is_no_number():
    assert parts("0E0J") == ([], ["unparseable_cell"])  # never 0 joules: the grammar reads it whole or not
    assert parts("1e-3 J")[0] == [("value", "", "0.001", "J", "")]


def test_a_pandoc_footnote_reference_after_a_value_is_its_mark():
    assert parts("1.07[^moe]") == ([("value", "", "1.07", "", "footnote")], [])
    assert parts("[12]") == ([], ["unparseable_cell"])


def test_power_of_ten_spaced_on_one_side_of_the_times_sign():
    for text in ("3.1× 10^{-7}", "3.1 ×10^{-7}", "4 ×10⁻⁸"):
        res = cells.parse_cell(text)
        assert len(res.parts) == 1 and not res.notes, text
    assert cells.parse_cell("3.1× 10^{-7}").parts[0].value == "0.00000031"
    assert not cells.parse_cell("2 × 3").parts  # no power of ten: no number


def test_an_effect_measure_named_before_its_value_and_a_bare_interval_of_decimals():
    res = cells.parse_cell("IRR 0.72 (0.58–0.89)")
    assert [(p.part, p.value, p.qualifier) for p in res.parts] == [
        ("value", "0.72", "IRR"), ("low", "0.58", "IRR"), ("high", "0.89", "IRR")]
    assert [p.value for p in cells.parse_cell("aOR 2.1").parts] == ["2.1"]
    assert [(p.part, p.value) for p in cells.parse_cell("1.29–3.55").parts] == [("low", "1.29"), ("high", "3.55")]
    assert not cells.parse_cell("421–474").parts  # whole numbers: an interval only under a header naming one
    assert not cells.parse_cell("OR").parts


def test_significance_letters_glued_to_an_error():
    res = cells.parse_cell("68.4 ± 2.1ab")
    assert [(p.part, p.value) for p in res.parts] == [("value", "68.4"), ("error", "2.1")]
    assert all("significance" in p.flag for p in res.parts)
    # without an error, one glued letter is a flattened footnote mark; two are a Tukey group
    assert [(p.value, p.flag) for p in cells.parse_cell("2.1a").parts] == [("2.1", "footnote")]
    assert [(p.value, p.flag) for p in cells.parse_cell("2.1ab").parts] == [("2.1", "significance")]
    assert not cells.parse_cell("2.1ba").parts  # letters out of order are no group


def test_an_interval_printed_with_a_double_hyphen_as_pandoc_and_latex_write_the_en_dash():
    assert [(p.part, p.value) for p in cells.parse_cell("8,842--10,431", ranges=True).parts] == [
        ("low", "8842"), ("high", "10431")]
    assert [(p.part, p.value) for p in cells.parse_cell("2.1 (1.5--2.9)").parts] == [
        ("value", "2.1"), ("low", "1.5"), ("high", "2.9")]
    assert [(p.part, p.value) for p in cells.parse_cell("0.62--1.06").parts] == [("low", "0.62"), ("high", "1.06")]
    assert not cells.parse_cell("748--881").parts  # whole numbers: only under a header naming an interval


def test_a_footnote_letter_glued_to_a_decimal_a_thousands_number_or_an_error():
    """pdftotext flattens a superscript footnote letter onto its number: ``6.40a``, ``9,120b``,
    ``405 ± 9b``. A whole number with a letter (``3a``, ``11c``) is a label, no number."""
    assert [(p.part, p.value, p.flag) for p in cells.parse_cell("6.40a").parts] == [("value", "6.40", "footnote")]
    assert [(p.value, p.flag) for p in cells.parse_cell("9,120b").parts] == [("9120", "footnote")]
    assert [(p.part, p.value) for p in cells.parse_cell("405 ± 9b").parts] == [("value", "405"), ("error", "9")]
    assert cells.numeric_cell("405 ± 9b") and cells.numeric_cell("6.40a")
    assert not cells.parse_cell("3a").parts and not cells.numeric_cell("11c")


def test_tukey_letters_glued_to_a_whole_number_or_after_a_parenthesis():
    """A three-digit whole number takes one glued letter (``612c``: a yield and its group), any
    whole number a group of two or three (``51cd``); a parenthesis takes a group too
    (``17.3 (24.6)cd``: a percentage and its transformed value). Two-digit numbers and years with
    one letter stay labels (``12b``, ``2019a``)."""
    assert [(p.value, p.flag) for p in cells.parse_cell("612c").parts] == [("612", "footnote")]
    assert [(p.value, p.flag) for p in cells.parse_cell("51cd").parts] == [("51", "significance")]
    assert [(p.part, p.value) for p in cells.parse_cell("17.3 (24.6)cd").parts] == [("value", "17.3"), ("delta", "24.6")]
    assert not cells.parse_cell("12b").parts and not cells.parse_cell("2019a").parts
    assert not cells.parse_cell("17.3 (24.6)ba").parts  # letters out of order: no group


def test_a_value_with_its_error_and_a_number_in_parentheses():
    """``5.94±0.77 (1.90)``: a mean, its SD and a ratio (or a %) in parentheses, as n (%) is."""
    res = cells.parse_cell("5.94±0.77 (1.90)")
    assert [(p.part, p.value) for p in res.parts] == [("value", "5.94"), ("error", "0.77"), ("delta", "1.90")]
    assert cells.numeric_cell("12.1 ± 0.3 (4.5%)") and cells.value_tokens("118±15 (2.84)") == ["118±15 (2.84)"]


def test_a_bound_with_a_glued_footnote_letter_keeps_both_flags():
    [part] = cells.parse_cell("<0.001a").parts
    assert (part.value, part.flag) == ("0.001", "bound;footnote")
    assert [p.value for p in cells.parse_cell("0.117c").parts] == ["0.117"]


def test_stars_after_an_error_whose_plus_minus_ocr_read_as_plus():
    res = cells.parse_cell("0.27 + 0.05**")
    assert [(p.part, p.value, p.flag) for p in res.parts] == [("value", "0.27", "footnote"), ("error", "0.05", "")]
    assert [n.kind for n in res.notes] == ["ocr_plus_minus"]


def test_a_plus_glued_to_a_decimal_then_a_space_is_a_misread_plus_minus_but_an_open_bound_is_not():
    assert [(p.part, p.value) for p in cells.parse_cell("11.4+ 1.3").parts] == [("value", "11.4"), ("error", "1.3")]
    assert not cells.parse_cell("80+ 1.00000").parts  # an age group and the next cell, never 80 ± 1


def test_tukey_letters_apart_from_an_error_whose_plus_minus_ocr_misread():
    res = cells.parse_cell("0.47 £ 0.15 bc")
    assert [(p.part, p.value, p.flag) for p in res.parts] == [("value", "0.47", "significance"),
                                                              ("error", "0.15", "significance")]


def test_words_for_a_value_not_given_and_an_element_symbol_that_is_no_such_word():
    for text in ("nd.", "n.d.", "ND", "b.d.l.", "<LOD", "NR", "NS"):
        assert cells.is_missing(text), text
    assert not cells.is_missing("Nd") and not cells.is_missing("Ne")  # neodymium, neon


def test_a_footnote_letter_after_a_parenthesis_and_a_fraction_with_its_percentage():
    assert [(p.part, p.value, p.flag) for p in cells.parse_cell("4 (1.9)b").parts] == [
        ("value", "4", "footnote"), ("delta", "1.9", "")]
    assert [(p.part, p.value) for p in cells.parse_cell("23/187 (12.3)").parts] == [
        ("first", "23"), ("second", "187"), ("delta", "12.3")]


def test_a_mean_its_sd_and_its_range_in_one_cell():
    """``mean ± SD (min–max)``, as ecology and clinical tables print it: four parts."""
    for text, parts in [("63.5 ± 12.1 (31–94)", [("value", "63.5"), ("error", "12.1"), ("low", "31"), ("high", "94")]),
                        ("2,310 ± 845 (905–4,120)", [("value", "2310"), ("error", "845"), ("low", "905"),
                                                     ("high", "4120")]),
                        ("0.8 ± 0.2 [0.5, 1.3]", [("value", "0.8"), ("error", "0.2"), ("low", "0.5"), ("high", "1.3")])]:
        assert cells.numeric_cell(text)
        assert [(p.part, p.value) for p in cells.parse_cell(text).parts] == parts
    # a value in parentheses stays the mean's third number, never a range
    assert [p.part for p in cells.parse_cell("5.1 ± 0.6 (12.0)").parts] == ["value", "error", "delta"]


def test_interval_bounds_listed_with_a_comma_under_an_interval_header():
    """``0.05, 0.23`` under ``95% CI``: the two bounds; a thousands comma stays one number."""
    assert [(p.part, p.value) for p in cells.parse_cell("−0.06, 0.12", ranges=True).parts] == [("low", "-0.06"),
                                                                                           ("high", "0.12")]
    assert [(p.part, p.value) for p in cells.parse_cell("1,234", ranges=True).parts] == [("value", "1234")]
    assert not cells.parse_cell("0.05, 0.23").parts  # under any other header: two values, refused


def test_an_interval_whose_to_ocr_glued_or_misread():
    """OCR drops the spaces around "to" (``-10.1to-0.9``) or reads it as ``t0``."""
    for text, parts in [("-4.2(-8.3to-0.1)", ["-4.2", "-8.3", "-0.1"]), ("-310(-455to-165)", ["-310", "-455", "-165"]),
                        ("-1.2(-5.0t0 2.6)", ["-1.2", "-5.0", "2.6"])]:
        assert cells.numeric_cell(text)
        assert [p.value for p in cells.parse_cell(text).parts] == parts
    assert not cells.parse_cell("3.1(total)").parts


def test_a_misread_plus_minus_between_value_and_error_is_a_value_cell():
    """OCR reads ± as ``+`` with spaces or as ``#``: the cell still holds a value and its error,
    for the layout as for the cell grammar; ``95.1 +0.4`` stays a value and a signed delta."""
    for text, parts in [("1.533 + 0.002", ["1.533", "0.002"]), ("94.8 # 2.9", ["94.8", "2.9"])]:
        assert cells.numeric_cell(text)
        assert [(p.part, p.value) for p in cells.parse_cell(text).parts] == [("value", parts[0]), ("error", parts[1])]
    assert [p.part for p in cells.parse_cell("95.1 +0.4").parts] != ["value", "error"]


def test_a_currency_before_the_number_is_the_value_s_unit():
    for text, value, unit in [("$24.10", "24.10", "$"), ("€1,250", "1250", "€"), ("−$3.20", "-3.20", "$"),
                              ("$1.2M", "1.2", "$M")]:
        assert cells.numeric_cell(text)
        (part,) = cells.parse_cell(text).parts
        assert (part.value, part.unit) == (value, unit)
    assert not cells.parse_cell("-$-3").parts  # two signs: refused, never a guess
    (part,) = cells.parse_cell("US$ 2.85").parts  # the currency printed apart
    assert (part.value, part.unit) == ("2.85", "US$") and cells.numeric_cell("€ 1,250")


def test_a_dash_with_its_footnote_is_a_missing_cell():
    for text in ("—b", "–a", "-*", "—†"):
        assert cells.is_missing(text)
        assert [p.part for p in cells.parse_cell(text).parts] == ["missing"]
    assert not cells.is_missing("-5") and not cells.is_missing("—ab")


def test_full_width_parentheses_and_percent_of_a_cjk_typeface():
    for text, parts in [("87（14.2）", [("value", "87"), ("delta", "14.2")]),
                        ("0.56（0.40-0.77）", [("value", "0.56"), ("low", "0.40"), ("high", "0.77")])]:
        res = cells.parse_cell(text)
        assert cells.numeric_cell(text) and [(p.part, p.value) for p in res.parts] == parts
        assert [n.kind for n in res.notes] == ["normalised_digits"]


def test_below_detection_printed_b_d():
    assert cells.is_missing("b.d.") and [p.part for p in cells.parse_cell("b.d.").parts] == ["missing"]


def test_an_approximation_mark_before_a_cell_s_number():
    for text, value in [("~9.8", "9.8"), ("≈ 7.4", "7.4"), ("~6.1%", "6.1")]:
        (part,) = cells.parse_cell(text).parts
        assert cells.numeric_cell(text) and (part.value, part.flag) == (value, "approximate")
    assert not cells.parse_cell("~").parts


def test_a_thousands_number_in_parentheses_is_no_interval_that_misses_its_value():
    """``1,455 (1,080)``: a mean and its SD; read as the interval (1, 080) it would not hold 1,455."""
    assert [(p.part, p.value) for p in cells.parse_cell("1,455 (1,080)").parts] == [("value", "1455"),
                                                                                   ("delta", "1080")]
    # an interval that holds its value stays one, comma and all
    assert [(p.part, p.value) for p in cells.parse_cell("98 (95,100)").parts] == [("value", "98"), ("low", "95"),
                                                                                 ("high", "100")]


@pytest.mark.parametrize("text", ["-5.98 to -4.84", "-5.98to-4.84", "−5.98 to −4.84"])
def test_a_bare_interval_of_decimals_written_with_to_even_glued_by_ocr(text):
    assert [(p.part, p.value) for p in cells.parse_cell(text).parts] == [("low", "-5.98"), ("high", "-4.84")]
    assert cells.value_like(text)
    # whole numbers 'to' whole numbers are an interval only under a header naming one
    assert cells.parse_cell("10 to 20").parts == [] and not cells.value_like("10 to 20")


def test_a_value_and_its_error_with_the_percent_sign_set_apart():
    assert [(p.part, p.value) for p in cells.parse_cell("4.6 ± 1.8 %").parts] == [("value", "4.6"), ("error", "1.8")]


def test_a_number_in_brackets_alone_is_value_like():
    """``[0.311]`` (a standard error in brackets under its coefficient) is a value, read without error."""
    assert cells.value_like("[0.311]") and cells.is_value_text("[0.311]")


def test_a_lone_number_with_a_thousands_comma_in_parentheses_is_no_interval():
    assert [(p.part, p.value) for p in cells.parse_cell("(1,302)").parts] == [("error", "1302")]
    assert [(p.part, p.value) for p in cells.parse_cell("(1, 302)").parts] == [("low", "1"), ("high", "302")]


def test_footnote_letters_listed_with_a_comma_after_a_value():
    assert [(p.part, p.value) for p in cells.parse_cell("0.81 ± 0.19a,b").parts] == [("value", "0.81"),
                                                                                    ("error", "0.19")]
    assert [(p.part, p.value) for p in cells.parse_cell("6.40a,b").parts] == [("value", "6.40")]


def test_a_range_whose_low_end_was_not_detected():
    res = cells.parse_cell("ND-7.9", ranges=True)
    assert [(p.part, p.value) for p in res.parts] == [("high", "7.9")]
    assert [n.kind for n in res.notes] == ["missing_bound"]


def test_a_plus_minus_read_as_an_equals_sign_by_ocr():
    res = cells.parse_cell("6.0 = 1.1")
    assert [(p.part, p.value) for p in res.parts] == [("value", "6.0"), ("error", "1.1")]
    assert [n.kind for n in res.notes] == ["ocr_plus_minus"]


@pytest.mark.parametrize("text, parts", [
    ("2.02 [1.30, 3.14]e", [("value", "2.02", "footnote"), ("low", "1.30", ""), ("high", "3.14", "")]),
    ("−2 [−4, −1]d", [("value", "-2", "footnote"), ("low", "-4", ""), ("high", "-1", "")]),
    ("0.8 [0.2, 1.4]†", [("value", "0.8", "footnote"), ("low", "0.2", ""), ("high", "1.4", "")]),
])
def test_a_footnote_letter_after_a_bracketed_interval_is_the_values_mark(text, parts):
    res = cells.parse_cell(text)
    assert [(p.part, p.value, p.flag) for p in res.parts] == parts
    assert cells.value_tokens(text) == [text]


def test_a_word_after_a_bracketed_interval_is_no_mark():
    assert not cells.parse_cell("2.02 [1.30, 3.14]ab c").parts
