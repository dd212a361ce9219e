"""One cell per line (plain pdftotext): rows named by values, blank text cells, p-values printed once."""

from grid_helpers import one
from paperfig.documents import document_from_text
from paperfig.parse import parse_document


def _values(text: str) -> dict[int, list[str]]:
    parsed = parse_document(document_from_text(text, "page.txt"), {})
    out: dict[int, list[str]] = {}
    for row in parsed["table_values"]:
        if row["part"] != "missing" and row["value"] != "":
            out.setdefault(row["line_no"], []).append(row["value"])
    return out


# A storage study: each variable a group's label, its rows named by the day (whole numbers).
STORAGE = """Table 3. Soil nitrate during incubation (mean ± SD).
Day
Control
Biochar
P
Nitrate (mg/kg)
0
12.4 ± 1.1
12.9 ± 1.3
0.61
7
18.2 ± 2.0
15.1 ± 1.7
0.04
21
25.6 ± 2.4
19.3 ± 2.2
0.003
Ammonium (mg/kg)
0
8.8 ± 0.9
9.1 ± 1.0
0.55
7
5.2 ± 0.7
6.4 ± 0.8
0.02
Values are means of four cores."""


def test_rows_named_by_whole_numbers_under_group_labels():
    grid = one(STORAGE, "stacked")
    assert grid.rows[0][1] == ["Day", "Control", "Biochar", "P"]
    assert grid.rows[1][1] == ["Nitrate (mg/kg)", "", "", ""]  # the group's label: a row of its own
    assert grid.rows[2][1] == ["0", "12.4 ± 1.1", "12.9 ± 1.3", "0.61"]
    assert grid.rows[5][1] == ["Ammonium (mg/kg)", "", "", ""]
    assert grid.rows[-1][1] == ["7", "5.2 ± 0.7", "6.4 ± 0.8", "0.02"]


def test_the_days_name_the_rows_and_are_no_values():
    values = _values(STORAGE)
    assert 7 not in values and 11 not in values  # the lines '0' and '7' name rows
    assert values[8] == ["12.4", "1.1"] and values[10] == ["0.61"]
    assert values[27] == ["0.02"]
    assert sum(len(v) for v in values.values()) == 5 * 5


def test_a_continued_table_opens_with_rows_named_by_values():
    """After a page break the header is printed again and the next rows follow at once."""
    text = """Table 3 (continued)
Day
Control
Biochar
P
21
9.9 ± 1.2
7.7 ± 0.9
0.01
35
11.4 ± 1.5
8.0 ± 1.1
0.002
Values are means of four cores."""
    grid = one(text, "stacked")
    assert [cells[0] for _, cells in grid.rows] == ["Day", "21", "35"]
    values = _values(text)
    assert values[7] == ["9.9", "1.2"] and 6 not in values


def test_a_blank_text_cell_printed_as_a_dash():
    """A control has no carrier: the carrier column's cell is '–', the row's values follow."""
    text = """Group
Carrier
Cells (n)
Viability (%)
Control
–
140
91.2
Slow freeze
Straw
133
74.5
Vitrified
Loop
128
86.9
End of table."""
    grid = one(text, "stacked")
    assert grid.rows[1][1] == ["Control", "–", "140", "91.2"]
    assert grid.rows[3][1] == ["Vitrified", "Loop", "128", "86.9"]


def test_a_p_value_printed_once_for_a_variable_and_rows_named_by_bins():
    text = """Characteristic
Drug (n = 80)
Placebo (n = 78)
p
Age, years, mean ± SD
51.2 ± 9.8
52.0 ± 10.1
0.61
Lesion size, n (%)
<10 mm
22 (27.5)
25 (32.1)
0.44
10–20 mm
41 (51.3)
37 (47.4)
>20 mm (large)
17 (21.3)
16 (20.5)
Smoker, n (%)
19 (23.8)
21 (26.9)
0.65
Notes follow."""
    grid = one(text, "stacked")
    labels = [cells[0] for _, cells in grid.rows]
    assert labels == ["Characteristic", "Age, years, mean ± SD", "Lesion size, n (%)", "<10 mm", "10–20 mm",
                      ">20 mm (large)", "Smoker, n (%)"]
    assert grid.rows[4][1] == ["10–20 mm", "41 (51.3)", "37 (47.4)", ""]  # its p-value is the group's
    values = _values(text)
    assert 10 not in values and 14 not in values  # '<10 mm' and '10–20 mm' name rows
    assert values[15] == ["41", "51.3"] and values[23] == ["0.65"]


def test_a_plain_table_with_labels_of_words_is_read_as_before():
    text = """Site
Depth (m)
Temp (°C)
North
12
8.4
South
15
9.1
East
9
7.7
End."""
    grid = one(text, "stacked")
    assert [cells for _, cells in grid.rows][1:] == [["North", "12", "8.4"], ["South", "15", "9.1"],
                                                     ["East", "9", "7.7"]]


def test_long_row_labels_wrapped_labels_and_measures_named_first():
    """A clinical table: a label longer than a cell line (read because a value follows it), a
    label wrapped onto a line that opens in lower case, and effect cells that name their measure."""
    text = """Outcome
Statin
(n = 310)
Usual care
(n = 305)
Effect (95% CI)
p
Major adverse cardiovascular events within the first year, n (%)
21 (6.8)
35 (11.5)
RR 0.59 (0.35–0.99)
0.045
Days in hospital among patients who were
readmitted, median (IQR)
4 (2–7)
5 (3–8)
MD −0.9 (−2.1 to 0.3)
0.14
Footnote: RR, relative risk."""
    grid = one(text, "stacked")
    assert [cells[0] for _, cells in grid.rows] == [
        "Outcome", "Major adverse cardiovascular events within the first year, n (%)",
        "Days in hospital among patients who were readmitted, median (IQR)"]
    values = _values(text)
    assert values[11] == ["0.59", "0.35", "0.99"] and values[17] == ["-0.9", "-2.1", "0.3"]


def test_a_long_line_of_prose_before_a_table_is_no_label():
    text = """The trial enrolled adults admitted to six intensive care units between
Group
Dose (mg)
Response (%)
Low
2.5
41.2
High
5.0
58.9"""
    grid = one(text, "stacked")
    assert grid.first_line == 2


def test_group_labels_naming_a_scale_with_digits_in_parentheses():
    text = """Outcome
Exercise
Control
Pain score (0–10)
Baseline
6.2 (1.8)
6.0 (1.9)
12 weeks
3.4 (2.0)
5.1 (2.2)
Function score (0–100)
Baseline
48.1 (12.4)
47.5 (13.0)
12 weeks
69.3 (14.1)
55.8 (15.2)
Values are mean (SD)."""
    grid = one(text, "stacked")
    assert [cells[0] for _, cells in grid.rows] == ["Outcome", "Pain score (0–10)", "Baseline", "12 weeks",
                                                    "Function score (0–100)", "Baseline", "12 weeks"]


def test_group_names_then_their_columns_names_repeated_per_group():
    text = """Variety
Height (cm)
Yield (t/ha)
2022/23
2023/24
2022/23
2023/24
Local
98 a
104 a
2.1 b
2.4 b
Improved
87 b
91 b
3.0 a
3.3 a
Means followed by the same letter do not differ."""
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Variety", "Height (cm) 2022/23", "Height (cm) 2023/24", "Yield (t/ha) 2022/23",
                               "Yield (t/ha) 2023/24"]
    assert grid.rows[2][1] == ["Improved", "87 b", "91 b", "3.0 a", "3.3 a"]


def test_a_range_column_of_whole_numbers():
    text = """Depth class
Wells
Median
Range
< 15 m
214
38.5
<1–412
15–30 m
297
46.2
2–538
> 30 m
331
12.9
<1–96
Concentrations in µg/L."""
    grid = one(text, "stacked")
    assert grid.rows[2][1] == ["15–30 m", "297", "46.2", "2–538"]
    values = _values(text)
    assert values[12] == ["2", "538"] and values[8] == ["1", "412"]


# OCR of a table image, one box per line: two seasons' columns under their names, boxes merged
# by the engine (two cells in one, a row's label with its first cell), ± read as 't' or '+'.
SEASONS = """Table 2. Body temperature of four animals in two seasons.
Wet season
Dry season
Animal
Mean Tb
Tb range
Mean Tb
Tb range
AN-1
33.4 t 0.6
31.9-35.2
32.1 t 0.9
29.6-34.8
AN-2
33.1 + 0.7
31.2 - 35.0
31.8 + 1.1
29.1 - 34.5
AN-3
33.6 + 0.5 32.4-35.1
32.5 + 0.8 30.2 - 35.0
AN-4 33.0 + 0.8
30.8-34.9
31.6 + 1.2
28.7-34.3
Mean Ta
24.9
22.7
16.4-30.9
Tb is mean + SD of hourly readings."""


def test_group_names_first_merged_boxes_and_a_label_with_its_first_cell():
    grid = one(SEASONS, "stacked")
    assert grid.rows[0][1] == ["Animal", "Wet season Mean Tb", "Wet season Tb range", "Dry season Mean Tb",
                               "Dry season Tb range"]
    assert grid.rows[2][1] == ["AN-2", "33.1 + 0.7", "31.2 - 35.0", "31.8 + 1.1", "29.1 - 34.5"]
    assert grid.rows[3] == (19, ["AN-3", "33.6 + 0.5", "32.4-35.1", "32.5 + 0.8", "30.2 - 35.0"])
    assert grid.cell_lines[3] == [19, 20, 20, 21, 21]
    assert grid.rows[4][1] == ["AN-4", "33.0 + 0.8", "30.8-34.9", "31.6 + 1.2", "28.7-34.3"]
    # 'Mean Ta' holds two means and a range where the rows above hold a mean ± SD and a range in
    # each season: its blank cells are not its last ones, so it is no short row of this table
    assert grid.last_line == 25
    values = _values(SEASONS)
    assert values[20] == ["33.6", "0.5", "32.4", "35.1"] and values[22] == ["33.0", "0.8"]


def test_a_value_and_a_negative_merged_and_a_plus_read_for_plus_minus_in_one_cell_per_line_rows():
    """``0.96 -1.1`` is two cells when the row needs them (the cell grammar alone reads a range);
    ``28.5 +5.4`` one value and its error when the row has no room for two."""
    negative = "\n".join(["Lake", "Area", "Depth", "Flux", "Change", "TK-1", "3.4", "2.1", "1.93", "-0.4",
                          "TK-2", "11.7", "3.8", "1.12 -0.9", "TK-3", "0.9", "1.4", "3.27", "0.3"])
    assert one(negative, "stacked").rows[2][1] == ["TK-2", "11.7", "3.8", "1.12", "-0.9"]
    plus = "\n".join(["Coating", "Settlement (%)", "Removal (%)", "PDMS", "62.4 ± 7.9", "18.3 ± 5.6",
                      "PEG 5%", "41.7 ± 6.2", "47.9 ± 8.1", "PEG 10%", "28.5 +5.4", "66.2 ± 7.3"])
    grid = one(plus, "stacked")
    assert grid.rows[3][1] == ["PEG 10%", "28.5+5.4", "66.2 ± 7.3"]
    assert _values(plus)[11] == ["28.5", "5.4"]


def test_group_labels_of_codes_and_a_p_value_column_named_p_value_printed_once_per_group():
    """``≥S1 vs S0`` names a group although it holds digits inside its codes; under ``P Value*``
    the second row of each group leaves the p-value out."""
    text = "\n".join(["Parameter", "AUC", "Cutoff", "P Value*", "≥S1 vs S0", "MRI-PDFF", "0.96 (0.93–0.98)", "5.2",
                      "<0.001", "CAP", "0.84 (0.78–0.89)", "262", "≥S2 vs S0–S1", "MRI-PDFF", "0.93 (0.89–0.96)",
                      "11.3", "0.002", "CAP", "0.79 (0.72–0.85)", "290"])
    grid = one(text, "stacked")
    assert grid.rows[1][1] == ["≥S1 vs S0", "", "", ""]
    assert grid.rows[3][1] == ["CAP", "0.84 (0.78–0.89)", "262", ""]
    assert _values(text)[17] == ["0.002"]


def test_names_over_their_second_lines_in_lower_case_and_a_unit_sign_alone_on_a_line():
    """PaddleOCR: the header's names, then their second lines (``per trip``, ``(℃)``: a line of a
    unit's sign alone is a cell line), then each row's label and values."""
    text = "\n".join(["Vehicle", "Stops", "Mean temperature", "Max excursion", "per trip", "(℃)", "(℃)",
                      "Diesel van", "14.2", "3.4±0.8", "6.8", "Electric van", "15.1", "3.1±0.7", "4.6",
                      "Cargo bike", "9.6", "4.8±1.3", "22.5"])
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Vehicle", "Stops per trip", "Mean temperature (℃)", "Max excursion (℃)"]
    assert grid.rows[3][1] == ["Cargo bike", "9.6", "4.8±1.3", "22.5"]


def test_a_first_row_under_a_group_label_may_stop_short_and_each_measure_may_have_one_row():
    """Plain pdftotext of an outcomes table: each measure a group's label, its baseline row
    without a difference or p, and a measure with a single follow-up row."""
    text = "\n".join(["Outcome", "Arthroscopic", "Open", "Difference (95% CI)", "p", "PRWE total (0–100)", "Baseline",
                      "62.8 ± 14.1", "61.5 ± 15.0", "12 months", "24.7 ± 13.6", "26.9 ± 14.8", "−2.2 (−9.3 to 4.9)",
                      "0.54", "24 months", "21.5 ± 12.9", "22.9 ± 15.2", "−1.4 (−8.6 to 5.8)", "0.70",
                      "Pain VAS at rest (0–10)", "24 months", "1.1 ± 1.4", "1.3 ± 1.6", "−0.2 (−1.0 to 0.6)", "0.61"])
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Outcome", "Arthroscopic", "Open", "Difference (95% CI)", "p"]
    assert grid.rows[2][1] == ["Baseline", "62.8 ± 14.1", "61.5 ± 15.0", "", ""]
    assert grid.rows[-1][1] == ["24 months", "1.1 ± 1.4", "1.3 ± 1.6", "−0.2 (−1.0 to 0.6)", "0.61"]


def test_a_header_printed_cell_by_cell_between_blank_lines_over_rows_under_coded_group_labels():
    """Plain pdftotext: each header cell a paragraph of its own (``Ketamine`` / ``(n = 58)``), then
    the rows one cell per line under group labels holding codes (``QIDS-SR16, mean (SD)``)."""
    text = "\n".join(["Outcome", "", "Ketamine", "(n = 58)", "", "Midazolam", "(n = 56)", "", "P value", "",
                      "MADRS total, mean (SD)", "Baseline", "34.2 (5.1)", "33.8 (4.9)", "0.68", "24 h", "19.6 (8.7)",
                      "27.5 (8.2)", "<0.001", "QIDS-SR16, mean (SD)", "Baseline", "17.9 (3.3)", "17.6 (3.5)", "0.64",
                      "24 h", "11.2 (5.0)", "14.8 (4.7)", "<0.001"])
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Outcome", "Ketamine (n = 58)", "Midazolam (n = 56)", "P value"]
    assert grid.rows[4] == (20, ["QIDS-SR16, mean (SD)", "", "", ""])
    assert _values(text)[22] == ["17.9", "3.3"] and _values(text)[23] == ["17.6", "3.5"]


def test_rows_named_by_hours_with_two_values_merged_into_one_box():
    text = "\n".join(["Time (h)", "Open sun", "Solar dryer", "Tunnel", "2", "27.9±0.7", "25.3±0.6", "22.8±0.5",
                      "4", "22.4±0.9", "18.7±0.5", "15.1±0.6", "8", "15.7±1.1", "11.9±0.5 10.2±0.2", "10",
                      "13.9±1.0", "10.8±0.3", "9.7±0.2"])
    grid = one(text, "stacked")
    assert grid.rows[3][1] == ["8", "15.7±1.1", "11.9±0.5", "10.2±0.2"] and grid.cell_lines[3] == [13, 14, 15, 15]
    assert grid.rows[4][1] == ["10", "13.9±1.0", "10.8±0.3", "9.7±0.2"]


def test_names_with_fewer_second_lines_than_columns_keep_their_first_lines():
    """docTR: eight names, then the second lines of four of them (``blocking``, ``(GWh/yr)``):
    which name each continues cannot be told, so each name keeps its first line and the rows
    (one of them holding two boxes OCR merged) are read."""
    text = "\n".join(["Layout", "Heliostats", "Cosine", "Shading &", "Intercept", "Thermal energy", "blocking",
                      "(GWh/yr)", "Radial staggered", "1,204", "0.812 0.961", "0.932", "412.8", "Biomimetic spiral",
                      "1,198", "0.824", "0.957", "0.929", "416.9"])
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Layout", "Heliostats", "Cosine", "Shading &", "Intercept", "Thermal energy"]
    assert grid.rows[1][1] == ["Radial staggered", "1,204", "0.812", "0.961", "0.932", "412.8"]


def test_a_taxon_label_ending_in_an_abbreviation_is_a_cell_not_a_sentence():
    # a species list: 'spp.' and 'sp.' end a taxon's name, not a sentence
    text = "\n".join([
        "Table 2. Beetles per pitfall trap",
        "Taxon",
        "Grazed",
        "Ungrazed",
        "Carabus nemoralis",
        "14",
        "9",
        "Pterostichus spp.",
        "31",
        "22",
        "Amara sp.",
        "6",
        "11",
        "",
        "Traps were emptied weekly.",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (2, ["Taxon", "Grazed", "Ungrazed"])
    assert [r[1][0] for r in g.rows[1:]] == ["Carabus nemoralis", "Pterostichus spp.", "Amara sp."]
    assert _values(text) == {6: ["14"], 7: ["9"], 9: ["31"], 10: ["22"], 12: ["6"], 13: ["11"]}


def test_group_names_and_a_caption_tail_before_the_header_are_no_cells():
    # OCR reads a two-row header's top row (the groups) first; with a caption's tail above it,
    # four text lines stand before the header the rows fit
    text = "\n".join([
        "Table 4. Plaque and bleeding by device (mean",
        "SD)",
        "Floss (n = 30)",
        "Brush (n = 31)",
        "Difference",
        "Outcome",
        "Before",
        "After",
        "Before",
        "After",
        "(95% CI)",
        "Plaque index",
        "2.4 + 0.4",
        "1.9 + 0.4",
        "2.3 + 0.3",
        "1.6 + 0.3",
        "-0.3 (-0.5 to -0.1)",
        "Bleeding, %",
        "38.6 + 12.4",
        "27.9 + 10.8",
        "37.2 + 11.9",
        "19.4 + 9.6",
        "-7.6 (-11.9 to -3.3)",
        "Time, min",
        "3.9 + 1.4",
        "3.1 + 1.1",
        "3.6 + 1.5",
        "2.4 + 0.9",
        "-0.6 (-1.0 to -0.2)",
    ])
    g = one(text, "stacked")
    # (which of the group lines heads the label column cannot be told; none is a row)
    assert g.first_line in (5, 6) and len(g.rows) == 4 and g.header_rows == 1
    assert g.rows[2] == (18, ["Bleeding, %", "38.6 + 12.4", "27.9 + 10.8", "37.2 + 11.9", "19.4 + 9.6",
                              "-7.6 (-11.9 to -3.3)"])
    assert _values(text)[23] == ["-7.6", "-11.9", "-3.3"]


def test_baseline_rows_without_a_p_value_and_labels_of_many_short_words():
    # baseline rows print no p-value (the first row too); a label of eight short words is a
    # cell line although it fits in 44 characters
    text = "\n".join([
        "Characteristic",
        "Drug (n = 40)",
        "Placebo (n = 41)",
        "P",
        "Age, years, mean (SD)",
        "58.4 (11.2)",
        "60.1 (10.7)",
        "Female, n (%)",
        "23 (57.5)",
        "25 (61.0)",
        "Change in score at week 6, mean (SD)",
        "-8.9 (7.2)",
        "-4.1 (6.8)",
        "0.001",
        "Responders at week 6, n (%)",
        "21 (52.5)",
        "10 (24.4)",
        "0.01",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Characteristic", "Drug (n = 40)", "Placebo (n = 41)", "P"])
    assert g.rows[1] == (5, ["Age, years, mean (SD)", "58.4 (11.2)", "60.1 (10.7)", ""])
    assert g.rows[3] == (11, ["Change in score at week 6, mean (SD)", "-8.9 (7.2)", "-4.1 (6.8)", "0.001"])
    assert _values(text)[14] == ["0.001"] and _values(text)[18] == ["0.01"]


def test_rows_with_a_text_column_among_the_values():
    text = "\n".join([
        "Borehole", "Depth (m)", "Grout", "Conductivity", "Resistance",
        "BH-01", "150", "Bentonite", "2.31 ± 0.07", "0.118",
        "BH-02", "150", "Thermally enhanced", "2.44 ± 0.05", "0.081",
        "BH-03", "200", "Bentonite", "2.37 ± 0.06", "0.124",
        "Mean", "–", "–", "2.37", "0.108",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Borehole", "Depth (m)", "Grout", "Conductivity", "Resistance"])
    assert g.rows[2] == (11, ["BH-02", "150", "Thermally enhanced", "2.44 ± 0.05", "0.081"])
    assert g.rows[4] == (21, ["Mean", "–", "–", "2.37", "0.108"])
    got = _values(text)
    assert got[12] == ["150"] and got[14] == ["2.44", "0.05"] and 13 not in got and got[24] == ["2.37"]


def test_a_scale_under_a_column_name_is_header_not_a_value():
    text = "\n".join([
        "Fat", "Volume", "(mL g−1)", "Flakiness", "(0–10)",
        "Butter", "6.84 ± 0.31a", "7.6 ± 0.9a",
        "Margarine", "6.71 ± 0.28a", "7.1 ± 1.0a",
        "Shortening", "5.26 ± 0.35c", "4.3 ± 1.3c",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Fat", "Volume (mL g−1)", "Flakiness (0–10)"])
    assert _values(text)[8] == ["7.6", "0.9"] and 5 not in _values(text)


def test_a_name_with_a_third_line_read_after_the_second_row_of_names():
    text = "\n".join([
        "Quarry", "Thickness", "Flexural", "Strengthloss", "(mm)", "strength(MPa)", "afterfreeze-thaw", "cycling(%)",
        "Penrhyn", "6.1", "78.9±5.7", "3.2",
        "Delabole", "6.4", "61.3±7.8", "8.7",
        "Valdeorras", "5.2", "66.8±6.9", "6.5",
    ])
    g = one(text, "stacked")
    assert g.rows[0][1] == ["Quarry", "Thickness (mm)", "Flexural strength(MPa)", "Strengthloss afterfreeze-thaw"]
    assert g.rows[1] == (9, ["Penrhyn", "6.1", "78.9±5.7", "3.2"])
    assert _values(text)[11] == ["78.9", "5.7"]


def test_labels_ending_in_a_setting_or_a_parenthesis_over_one_or_two_lines():
    text = "\n".join([
        "Dryer", "Drying time", "(h)", "Rehydration", "ratio", "Vitamin C", "retention (%)",
        "Hot air", "55 °C", "26.5 ± 1.2", "2.41 ± 0.08", "38.6 ± 2.7",
        "Hot air 75 °C", "12.5 ± 0.6 1.87 ± 0.09", "21.5 ± 1.8",
        "Heat pump", "(45 °C, 25% RH)", "31.0 ± 1.5", "2.63 ± 0.10", "47.3 ± 3.0",
        "Solar tunnel", "58.0 ± 6.5", "2.29 ± 0.14", "33.1 ± 4.2",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Dryer", "Drying time (h)", "Rehydration ratio", "Vitamin C retention (%)"])
    assert [row[1][0] for row in g.rows[1:]] == ["Hot air 55 °C", "Hot air 75 °C", "Heat pump (45 °C, 25% RH)",
                                                 "Solar tunnel"]
    got = _values(text)
    assert 9 not in got and 13 not in got and got[14] == ["12.5", "0.6", "1.87", "0.09"] and got[18] == ["31.0", "1.5"]


def test_settings_of_one_unit_in_the_header_name_columns():
    text = "\n".join([
        "Bridge profile", "0.5s", "1.0s", "2.0s", "Decay slope (dB/s)",
        "Flat", "1842", "1576", "1203", "-4.6",
        "Medium", "2215", "1988", "1654", "-3.9",
        "Curved", "2960", "2731", "2408", "-2.8",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Bridge profile", "0.5s", "1.0s", "2.0s", "Decay slope (dB/s)"])
    assert g.rows[1] == (6, ["Flat", "1842", "1576", "1203", "-4.6"])
    assert 2 not in _values(text) and _values(text)[7] == ["1842"]


def test_rows_mixing_cell_lines_merged_lines_and_whole_rows_with_bold_tags():
    # Surya text lines of a scanned table: rows a cell per line, a label merged with its first
    # values and the rest on one line, a whole row on one line, a bold total row
    text = "\n".join([
        "Village", "Households", "surveyed", "Raid events", "per month", "Crop loss", "(kg/household)",
        "Loss value", "(INR/household)", "Households using", "deterrents (%)",
        "Khandwa Kalan", "64", "11.3", "142", "3,450", "71.9",
        "Bhagwanpura 52 8.6", "97 2,380 59.6",
        "Ratanpur 71 14.7 188 4,615 84.5",
        "Sukhpura 45 5.2", "61", "1,490", "42.2",
        "Deori", "39 3.8 44 1,075 35.9",
        "<b>All villages</b>", "<b>271</b>", "<b>8.7</b>", "<b>106</b>", "<b>2,598</b>", "<b>61.2</b>",
    ])
    g = one(text, "stacked")
    assert g.rows[0][1] == ["Village", "Households surveyed", "Raid events per month", "Crop loss (kg/household)",
                            "Loss value (INR/household)", "Households using deterrents (%)"]
    assert [row[1][0] for row in g.rows[1:]] == ["Khandwa Kalan", "Bhagwanpura", "Ratanpur", "Sukhpura", "Deori",
                                                 "All villages"]
    assert _values(text)[20] == ["71", "14.7", "188", "4615", "84.5"] and _values(text)[32] == ["61.2"]


def test_signed_percent_settings_in_the_header_name_columns():
    text = "\n".join([
        "Input parameter", "−10 %", "+10 %",
        "Capital cost of cavern", "−3.1", "+3.1",
        "Capital cost of storage", "−2.4", "+2.4",
        "Electricity price", "−1.8", "+1.8",
    ])
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Input parameter", "−10 %", "+10 %"])
    assert 2 not in _values(text) and _values(text)[5] == ["-3.1"]


def test_rows_named_by_a_series_of_decimal_settings():
    # a curing study: the label column's cells are press times, some of them decimals
    rows = [("2", "1.08", "0.55", "10.4"), ("3.5", "1.19", "0.70", "9.1"), ("5", "1.27", "0.81", "8.3"),
            ("6.5", "1.29", "0.84", "8.0")]
    text = "\n".join(["Cure time (min)", "Tensile (MPa)", "Peel (N/mm)", "Swelling (%)"]
                     + [cell for row in rows for cell in row])
    values = _values(text)
    assert values[6] == ["1.08"] and values[15] == ["0.81"] and values[20] == ["8.0"]
    assert not {5, 9, 13, 17} & set(values)  # the settings name rows
    g = one(text, "stacked")
    assert [r[1][0] for r in g.rows[1:]] == ["2", "3.5", "5", "6.5"]


def test_a_header_name_wrapped_after_and_is_one_cell():
    # the label column's name wraps after 'and'; the labels end in a setting ('Propane, 40 W')
    rows = [("Propane, 40 W", "28.2 ± 0.4", "0.61 ± 0.02", "2.2"), ("Propane, 80 W", "37.5 ± 0.5", "0.44 ± 0.01", "4.9"),
            ("Butane, 40 W", "30.8 ± 0.3", "0.70 ± 0.03", "2.6")]
    text = "\n".join(["Refrigerant and", "heat load", "Tevap (°C)", "Rtotal (K/W)", "Pressure drop (kPa)"]
                     + [cell for row in rows for cell in row])
    g = one(text, "stacked")
    assert g.rows[0][1][0] == "Refrigerant and heat load" and len(g.rows[0][1]) == 4
    assert [r[1][0] for r in g.rows[1:]] == ["Propane, 40 W", "Propane, 80 W", "Butane, 40 W"]
    assert 6 not in _values(text)  # the heat load is the label's, no value


def test_rows_set_apart_by_a_blank_line_before_and_after_the_table():
    # docTR's render() prints the first row and the last one as blocks of their own
    text = "\n".join([
        "Healed at week 4, n (%)", "31 (51.7)", "35 (58.3)", "",
        "Healed at week 12, n (%)", "49 (81.7)", "52 (86.7)",
        "Infection, n (%)", "4 (6.7)", "2 (3.3)",
        "Dressing changes, median (IQR)", "9 (7-12)", "6 (5-8)", "",
        "RR for healing by week 12", "(95% CI) vs standard care", "1.00", "1.06 (0.91-1.24)", "",
        "The dressings were changed by the same two nurses throughout.",
    ])
    values = _values(text)
    assert values[2] == ["31", "51.7"] and values[3] == ["35", "58.3"]
    assert values[17] == ["1.00"] and values[18] == ["1.06", "0.91", "1.24"]
    g = one(text, "stacked")
    assert g.rows[0] == (1, ["Healed at week 4, n (%)", "31 (51.7)", "35 (58.3)"])
    assert g.rows[-1][1][0] == "RR for healing by week 12 (95% CI) vs standard care"


def test_an_empty_cell_printed_as_a_blank_line_keeps_the_table_whole():
    text = "\n".join([
        "Outcome", "Splint", "Surgery", "Difference (95% CI)", "p",
        "Pain score, mean (SD)", "3.1 (1.4)", "2.6 (1.2)", "-0.5 (-1.0 to 0.0)", "0.05",
        "Sensory threshold (g), median (IQR)", "2 (1–3)", "2 (1–4)", "", "0.48",
        "Grip strength (kg), mean (SD)", "24.2 (6.1)", "26.9 (5.8)", "2.7 (0.4 to 5.0)", "0.02",
        "Return to work (days), median (IQR)", "12 (8–20)", "31 (24–42)", "19 (13 to 25)", "<0.001",
    ])
    values = _values(text)
    assert values[15] == ["0.48"] and values[17] == ["24.2", "6.1"] and values[25] == ["0.001"]
    g = one(text, "stacked")
    assert g.rows[2][1][3] == "–" and len(g.rows) == 5


def test_surya_lines_mixing_whole_rows_under_group_labels_and_cells_per_line():
    # a header of names then their second lines, 'Max.' a name cut short; each group's label
    # stands over a first row printed whole on one line, longer than a cell line
    text = "\n".join([
        "Pond", "Area", "Max.", "Oxygen", "Fish", "(ha)", "depth (m)", "(mg L-1)", "species",
        "Upland",
        "Long Meadow Upper Pond 12.4 3.8 8.1 14",
        "Ashby", "6.2", "2.5", "7.4", "11",
        "Lowland",
        "Great Fen Drain Pool 21.7 1.9 5.6 9",
        "Moor End", "3.3", "1.2", "4.9", "6",
    ])
    values = _values(text)
    assert values[11] == ["12.4", "3.8", "8.1", "14"] and values[18] == ["21.7", "1.9", "5.6", "9"]
    assert values[14] == ["2.5"] and values[22] == ["4.9"] and 10 not in values and 17 not in values
    g = one(text, "stacked")
    assert g.rows[0][1] == ["Pond", "Area (ha)", "Max. depth (m)", "Oxygen (mg L-1)", "Fish species"]
    assert [r[1][0] for r in g.rows[1:]] == ["Upland", "Long Meadow Upper Pond", "Ashby", "Lowland",
                                              "Great Fen Drain Pool", "Moor End"]


def test_a_group_label_naming_a_scale_whose_range_is_not_in_parentheses():
    text = """Outcome
Ropivacaine
Saline
P value
Pain on movement, VAS 0-100, median (IQR)
Recovery room
12 (0-30)
35 (10-60)
0.004
6 h
20 (5-40)
38 (15-55)
0.02
24 h
25 (10-45)
30 (15-50)
0.41
Nausea, n (%)
4 (10.0)
9 (22.5)
0.13
Values from the per-protocol set."""
    found = _values(text)
    assert (found[7], found[8], found[9]) == (["12", "0", "30"], ["35", "10", "60"], ["0.004"])
    assert (found[15], found[16], found[17]) == (["25", "10", "45"], ["30", "15", "50"], ["0.41"])
    assert (found[19], found[20], found[21]) == (["4", "10.0"], ["9", "22.5"], ["0.13"])
    assert 5 not in found  # the scale's range names the group, it is no value


def test_surya_inline_math_for_plus_minus_in_cells_printed_one_per_line():
    text = """TABLE 2. Cell density by grade (mean <math>\\pm</math> SD).
Grade
Before
After
Change (%)
Grade 2 (n = 38)
2,614 <math>\\pm</math> 287
2,471 <math>\\pm</math> 301
-5.5
Grade 3 (n = 41)
2,588 <math>\\pm</math> 264
2,352 <math>\\pm</math> 318
-9.1
Grade 4 (n = 22)
2,541 ± 299
2,197 ± 352
-13.5
Values from the per-protocol set."""
    found = _values(text)
    assert found[7] == ["2614", "287"] and found[12] == ["2352", "318"] and found[17] == ["-13.5"]


def test_labels_with_a_colon_between_digits_are_cells_of_the_run():
    # fatty acids named by their carbons and double bonds ('C18:1'); a colon that joins a key to
    # its text ('Note: ...') still ends the run
    text = """Table 2. Seed oil after roasting (mean ± SD, n = 3).
Parameter
Raw
10 min
20 min
30 min
Oil yield (g/100 g)
38.4 ± 0.6
39.9 ± 0.5
40.2 ± 0.4
37.1 ± 0.7
Palmitic C16:0
12.8 ± 0.2
12.6 ± 0.3
12.9 ± 0.2
13.1 ± 0.1
Stearic C18:0
9.7 ± 0.1
9.9 ± 0.2
10.1 ± 0.1
10.2 ± 0.2
Oleic C18:1 n-9
43.6 ± 0.4
43.2 ± 0.5
42.8 ± 0.3
42.1 ± 0.4
Linoleic C18:2 n-6
29.5 ± 0.3
29.8 ± 0.2
29.6 ± 0.4
29.9 ± 0.3
Note: n = 3 batches.
P/S 1:2
4.1
3.8"""
    found = _values(text)
    assert found[8] == ["38.4", "0.6"] and found[26] == ["42.1", "0.4"] and found[31] == ["29.9", "0.3"]
    assert not {32, 33, 34, 35} & set(found)  # the note ends the table


def test_group_labels_naming_a_material_and_its_specification():
    # each fabric a group's label with its weight ('HDPE woven, 140 g/m2') over rows by direction;
    # the abbreviation's note under the table, a sentence in its parenthesis, is no row
    text = """Table 3. Residual strength (N/50 mm) after exposure; CV (%) in parentheses.
Fabric
Direction
0 h
1000 h
2000 h
HDPE woven, 140 g/m2
Warp
1,182 (4.1)
1,046 (5.0)
544 (8.8)
Weft
1,095 (3.7)
962 (4.4)
497 (9.4)
Canvas, waxed cotton, 380 g/m2
Warp
1,460 (6.8)
1,391 (7.2)
1,118 (9.6)
Weft
1,012 (7.5)
958 (8.1)
n.d.
n.d., not determined (specimens lost in the ageing rig).
10"""
    found = _values(text)
    assert found[9] == ["1182", "4.1"] and found[15] == ["497", "9.4"]
    assert found[18] == ["1460", "6.8"] and found[23] == ["958", "8.1"]
    assert 26 not in found  # the page number after the note is no value


def test_each_column_named_over_its_setting_with_a_unit():
    # 'Morphine' / '1 mg' / 'Morphine' / '5 mg' ...: a name, then its setting that reads as a value
    text = """Table 1. Withdrawal latency (s, mean ± SEM) by dose.
Strain
Morphine
1 mg
Morphine
5 mg
Naloxone
5 mg
C57BL/6
4.1 ± 0.3
7.9 ± 0.6
3.2 ± 0.2
BALB/c
3.6 ± 0.4
6.8 ± 0.5
2.9 ± 0.3
DBA/2
5.0 ± 0.5
9.4 ± 0.7
3.8 ± 0.4
Latency was capped at 15 s."""
    grid = one(text, "stacked")
    assert grid.rows[0][1] == ["Strain", "Morphine 1 mg", "Morphine 5 mg", "Naloxone 5 mg"]
    found = _values(text)
    assert found[10] == ["4.1", "0.3"] and found[15] == ["6.8", "0.5"] and found[20] == ["3.8", "0.4"]


def test_a_header_one_blank_line_above_rows_named_by_seasons():
    """Plain pdftotext: each column's name wrapped over lines, a blank line, then rows named by a
    season (``2015/16``) that reads as a value; and an interval with a negative bound, ``−48 to 12``."""
    header = ["Season", "", "Catch", "(t)", "Effort", "(days)", "CPUE", "(kg day−1)"]
    rows = ["2015/16", "1,204", "311", "3.87", "2016/17", "1,377", "342", "4.03", "2017/18", "998", "305", "3.27"]
    values = _values("\n".join(["Table 1", "Catch and effort by season.", ""] + header[:1] + header[2:] + [""] + rows))
    assert values[17] == ["1377"] and values[18] == ["342"] and values[19] == ["4.03"]
    assert 16 not in values  # the season names its row
    trend = ["Variable", "Slope", "95% CI", "p", "", "Catch", "−17.2", "−48 to 12", "0.264", "Effort", "3.1",
             "−2 to 9", "0.301", "CPUE", "−0.04", "−0.11 to 0.03", "0.212"]
    values = _values("\n".join(trend))
    assert values[8] == ["-48", "12"] and values[12] == ["-2", "9"]


def test_seasons_under_a_group_label_name_their_rows():
    lines = ["Variable", "OR", "95% CI", "p", "Region (ref. North)", "South", "0.91", "0.80–1.04", "0.17", "East", "1.12",
             "0.98–1.28", "0.09", "Year (ref. 2016/17)", "2017/18", "0.86", "0.75–0.99", "0.04", "2018/19", "0.79",
             "0.69–0.91", "0.001"]
    parsed = parse_document(document_from_text("\n".join(lines), "page.txt"), {})
    rows = {(v["line_no"], v["row_label"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert (16, "2017/18", "0.86") in rows and (20, "2018/19", "0.79") in rows and (7, "South", "0.91") in rows
    assert not {r for r in rows if r[0] in (15, 19)}  # a season is its row's name, no value


def test_a_number_ocr_garbled_holds_its_cell_among_values_printed_one_per_line():
    """``38.OO`` (letters O for zeros): a value's place, refused with a note; the rows after it read."""
    lines = ["Segment", "Volume", "Price", "Classic", "28,410", "6.85", "Premium", "9,640", "12.90", "Artisanal",
             "3,120", "38.OO", "Total", "41,170", "9.32"]
    values = _values("\n".join(lines))
    assert values[11] == ["3120"] and values[14] == ["41170"] and values[15] == ["9.32"]
    assert 12 not in values


def test_a_row_label_wrapped_inside_its_parenthesis():
    lines = ["Site", "Speed (km/h)", "Offset (m)", "North portal", "78.6", "0.41", "Section A (km", "0.0–6.0)", "76.2",
             "0.38", "Cave 1 (km 6.0)", "72.9", "0.52", "Section B (km", "6.0–12.0)", "74.1", "0.47"]
    parsed = parse_document(document_from_text("\n".join(lines), "tunnel.txt"), {})
    rows = {(v["line_no"], v["row_label"], v["value"]) for v in parsed["table_values"] if v["value"]}
    assert (9, "Section A (km 0.0–6.0)", "76.2") in rows and (16, "Section B (km 6.0–12.0)", "74.1") in rows
    assert not {r for r in rows if r[0] in (8, 15)}
