"""Plain pdftotext prints a table one cell per line, row after row or column after column; a
value's error or interval may stand on the line under it. Small tables written here, in those
forms, with the cells each must give."""

from grid_helpers import grids, one
from paperfig.documents import document_from_text
from paperfig.parse import parse_document


def _values(text: str) -> list[tuple[int, str, str]]:
    parsed = parse_document(document_from_text(text, "t.txt"), aliases={})
    return sorted((v["line_no"], v["part"], v["value"]) for v in parsed["table_values"])


def test_a_header_of_two_rows_printing_each_group_then_its_names_over_columns_printed_in_turn():
    lines = ["Site", "Wet season", "Mean", "Max", "Dry season", "Mean", "Max",
             "Ridge", "Valley", "Carex spp.", "Open bog",
             "12.1", "13.4", "9.8", "11.0",
             "20.5", "22.3", "18.7", "19.9",
             "7.2", "6.8", "5.9", "6.1",
             "14.8", "15.1", "12.6", "13.3"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Site", "Wet season Mean", "Wet season Max", "Dry season Mean", "Dry season Max"]
    assert grid.rows[3] == (10, ["Carex spp.", "9.8", "18.7", "5.9", "12.6"])  # (a taxon's 'spp.' ends no sentence)
    assert grid.cell_lines[3] == [10, 14, 18, 22, 26]


def test_numbered_regression_columns_printed_one_after_another_with_errors_under_their_values():
    lines = ["Table 2.", "Effect of irrigation on yield (log t/ha)", "(1) Pooled", "(2) Dry years",
             "Irrigated", "Clay soil", "Constant", "Observations",
             "0.215***", "(0.041)", "−0.087", "(0.052)", "3.912***", "(0.118)", "640",
             "0.301***", "(0.066)", "−0.112*", "(0.061)", "3.744***", "(0.171)", "212"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["", "(1) Pooled", "(2) Dry years"]  # (the line under 'Table 2.' is its title)
    assert [cells for _, cells in grid.rows[1:3]] == [["Irrigated", "0.215***", "0.301***"],
                                                      ["", "(0.041)", "(0.066)"]]
    assert grid.cell_lines[2] == [5, 10, 17]  # each error on its own line
    assert [cells for _, cells in grid.rows[-1:]] == [["Observations", "640", "212"]]
    values = _values("\n".join(lines))
    assert (10, "error", "0.041") in values and (9, "value", "0.215") in values
    assert (19, "error", "0.061") in values and (22, "value", "212") in values


def test_of_two_splits_of_the_columns_the_one_whose_columns_keep_their_magnitude_wins():
    """Five header cells, five labels and twenty values fit four columns of five rows, and
    five columns of four rows with the last label read as a header cell: the change column
    (small numbers) tells them apart."""
    lines = ["Lift", "Pass 4", "Pass 6", "Pass 8", "Gain (pp)",
             "Loam, dry side", "Loam, wet side", "Clay, dry side", "Clay, wet side", "Sand",
             "91.4", "93.0", "90.2", "92.7", "94.1",
             "94.6", "95.8", "93.3", "95.0", "96.2",
             "96.9", "97.4", "95.1", "96.6", "97.8",
             "5.5", "4.4", "4.9", "3.9", "3.7"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Lift", "Pass 4", "Pass 6", "Pass 8", "Gain (pp)"]
    assert [cells[0] for _, cells in grid.rows[1:]] == lines[5:10]
    assert grid.rows[5][1] == ["Sand", "94.1", "96.2", "97.8", "3.7"]


def test_a_caption_wrapped_over_three_lines_before_header_cells_printed_first():
    lines = ["Table 3 Peak torque at the knee and", "hip in the three test positions, by",
             "group. Mean (SD) over sessions", "Group", "Knee torque", "(N m)", "Hip torque", "(N m)",
             "Sprinters", "Rowers", "Controls",
             "212 (18)", "187 (21)", "154 (19)", "164 (15)", "171 (17)", "121 (14)"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Group", "Knee torque (N m)", "Hip torque (N m)"]
    assert grid.rows[2] == (10, ["Rowers", "187 (21)", "171 (17)"])


def test_values_with_their_intervals_on_the_lines_under_them_under_header_cells_set_apart():
    """Row after row, each value's range in brackets on the line under it; the column names each
    a paragraph of their own, the first two printed with the caption."""
    text = "\n".join([
        "Table 1", "Water depth at the four stations. Mean ± SD, range in brackets.", "Station",
        "North (n = 12)", "", "South (n = 9)", "", "East (n = 7)", "",
        "Depth (m)", "4.2 ± 0.6", "[3.1–5.0]", "3.8 ± 0.4", "[3.0–4.5]", "5.1 ± 0.9", "[3.9–6.4]",
        "Secchi (m)", "1.9 ± 0.3", "[1.4–2.3]", "2.2 ± 0.2", "[1.8–2.6]", "1.6 ± 0.4", "[1.0–2.2]",
        "Samples", "48", "36", "28", "",
        "The northern station was the deepest."])
    (grid,) = [g for g in grids(text) if g.form == "stacked"]
    assert grid.rows[0][1] == ["Station", "North (n = 12)", "South (n = 9)", "East (n = 7)"]
    assert grid.rows[1] == (10, ["Depth (m)", "4.2 ± 0.6", "3.8 ± 0.4", "5.1 ± 0.9"])
    assert grid.rows[2] == (12, ["", "[3.1–5.0]", "[3.0–4.5]", "[3.9–6.4]"])
    assert grid.cell_lines[2] == [10, 12, 14, 16]
    assert grid.rows[-1] == (24, ["Samples", "48", "36", "28"])
    values = _values(text)
    assert (12, "low", "3.1") in values and (12, "high", "5.0") in values and (11, "error", "0.6") in values
    assert (23, "high", "2.2") in values and (27, "value", "28") in values


def test_numbered_columns_printed_one_after_another_are_no_rows_with_errors():
    """A regression's columns printed column after column, text cells among them: the column
    numbers and the values never make rows of one cell per line."""
    lines = ["Variable", "Income", "Stock", "City FE", "R2",
             "(1)", "0.61***", "(0.09)", "−1.87***", "(0.41)", "Yes", "0.58",
             "(2)", "0.55***", "(0.10)", "−1.30**", "(0.54)", "Yes", "0.71"]
    for grid in grids("\n".join(lines)):
        assert not any("(1)" in cells[1:] or "(2)" in cells[1:] for _, cells in grid.rows), grid


def test_columns_printed_as_paragraphs_of_name_and_values_and_names_first_under_a_group():
    text = "\n".join([
        "Blend", "", "Oat", "Rye", "Spelt", "", "Moisture (%)", "", "11.2", "12.6", "10.9", "",
        "Loaf volume", "(mL)", "412", "388", "436", "",
        "Crumb firmness (N)", "Day 1", "", "Day 3", "", "Day 5", "",
        "2.1", "2.6", "1.8", "", "3.4", "4.2", "2.9", "", "4.9", "6.1", "4.0", "",
        "Score", "(1–9)", "6.8", "5.9", "7.4", "", "The spelt loaves scored best."])
    (grid,) = grids(text)
    assert grid.form == "columnblocks"
    assert grid.rows[0][1][1:] == ["Moisture (%)", "Loaf volume (mL)", "Crumb firmness (N) Day 1",
                                   "Crumb firmness (N) Day 3", "Crumb firmness (N) Day 5", "Score (1–9)"]
    assert grid.rows[2] == (4, ["Rye", "12.6", "388", "2.6", "4.2", "6.1", "5.9"])
    assert grid.cell_lines[3] == [5, 11, 17, 28, 32, 36, 42]


def test_header_cells_first_without_a_name_for_the_label_column():
    """The value columns' names, the labels, then each column's values: of the two splits that
    fit (three columns of seven rows, seven of three), the one whose values spread least."""
    lines = ["Table 1", "Characteristics of the riders. Values are mean ± SD.",
             "Road (n = 12)", "Track (n = 10)", "P",
             "Age (y)", "Body mass (kg)", "Height (cm)", "Peak power (W)", "Years racing", "Weekly hours",
             "Weekly distance (km)",
             "31.4 ± 6.2", "72.8 ± 5.9", "181.2 ± 6.0", "1,210 ± 140", "8.1 ± 4.2", "11 ± 3", "286 ± 61",
             "27.9 ± 5.1", "81.5 ± 6.7", "179.4 ± 5.2", "1,590 ± 170", "6.4 ± 3.8", "13 ± 4", "198 ± 44",
             "0.17", "0.004", "0.46", "<0.001", "0.33", "0.21", "<0.001"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["", "Road (n = 12)", "Track (n = 10)", "P"]
    assert grid.rows[4] == (9, ["Peak power (W)", "1,210 ± 140", "1,590 ± 170", "<0.001"])
    assert len(grid.rows) == 8


def test_rows_printed_as_blocks_with_a_groups_label_between_and_a_reference_cell():
    """Plain pdftotext of a table whose rows are text blocks: a blank line after each row, a
    group's label alone between two rows, a reference category's 'Ref.' cell, rows named by age
    bands (the header's cells, each its own block, are left out)."""
    lines = ["Table 2", "Risk of preterm birth by parity and smoking.", "", "Variable", "", "Category", "",
             "Preterm/", "births (%)", "", "OR (95% CI)", "", "P-value", "", "Age", "",
             "< 25 years", "12/418 (2.9)", "Ref.", "–", "",
             "25–34 years", "31/502 (6.2)", "2.21 (1.12–4.37)", "0.022", "",
             "> 34 years", "9/61 (14.8)", "5.83 (2.35–14.4)", "<0.001", "",
             "Smoking", "",
             "No", "35/801 (4.4)", "Ref.", "–", "",
             "Yes", "17/180 (9.4)", "2.27 (1.24–4.16)", "0.008"]
    from paperfig.tableforms import stacked

    (grid,) = stacked.find(lines)  # (the paragraphs reader, before it, may read such rows too)
    assert grid.rows[0] == (17, ["< 25 years", "12/418 (2.9)", "Ref.", "–"])
    assert grid.rows[3] == (32, ["Smoking", "", "", ""])
    assert grid.rows[-1] == (39, ["Yes", "17/180 (9.4)", "2.27 (1.24–4.16)", "0.008"])
    values = _values("\n".join(lines))
    assert (42, "value", "0.008") in values and (35, "first", "35") in values


def test_labels_after_the_caption_then_names_then_columns_in_two_parts():
    text = "\n".join([
        "Table 2: Feeding and growth of larvae on five diets (mean ± SE, n = 6).",
        "Diet",
        "Control",
        "Bran",
        "Yeast",
        "Soy",
        "Fish meal",
        "F4,25",
        "P",
        "",
        "Larval",
        "mass (mg)",
        "",
        "Survival (%)",
        "",
        "12.4 ± 0.6a",
        "15.1 ± 0.8b",
        "18.7 ± 0.9c",
        "16.2 ± 0.7b",
        "19.4 ± 1.0c",
        "",
        "71.5 ± 3.1a",
        "80.2 ± 2.6b",
        "88.0 ± 2.2c",
        "83.4 ± 2.9b",
        "90.1 ± 1.8c",
        "",
        "21.66",
        "<0.001",
        "",
        "14.02",
        "<0.001",
        "",
        "Means followed by the same letter do not differ.",
    ])
    (grid,) = [g for g in grids(text) if g.form == "columnblocks"]
    assert grid.rows[0][1] == ["Diet", "Larval mass (mg)", "Survival (%)"]
    assert grid.rows[3][1] == ["Yeast", "18.7 ± 0.9c", "88.0 ± 2.2c"]
    assert grid.rows[6][1] == ["F4,25", "21.66", "14.02"] and grid.rows[7][1] == ["P", "<0.001", "<0.001"]
    assert grid.cell_lines[3] == [5, 18, 24]


def test_two_short_lines_before_names_and_values_are_no_table_of_parted_columns():
    text = "\n".join(["Early Late", "Outcome", "", "Mortality", "", "30-day", "Hospital", "",
                      "17 (28)", "21 (34)", "", "19 (32)", "24 (41)"])
    assert not any(g.first_line <= 2 for g in grids(text) if g.form == "columnblocks")


def test_columns_named_by_temperatures_in_one_run_of_cells():
    text = "\n".join([
        "Table 2", "Logarithm of the conductivity at three temperatures.",
        "Glass", "LB10", "LB20", "LB30", "LB40", "LB50",
        "log σ",
        "100 °C", "–", "−9.58", "−8.96", "−8.48", "−8.02",
        "150 °C", "−10.88", "−9.49", "−8.77", "−8.21", "−7.80",
        "250 °C", "−8.31", "−7.26", "−6.74", "−6.35", "−6.01",
        "Ea (eV)", "1.02", "0.91", "0.83", "0.76", "0.71",
        "Values at 100 °C were extrapolated below the lowest measured temperature.",
    ])
    found = _values(text)
    assert (17, "value", "-10.88") in found and (27, "value", "-6.01") in found and (33, "value", "0.71") in found
    assert not any(value in ("100", "150", "250") for _, _, value in found)
    (grid,) = [g for g in grids(text) if g.form == "columnblocks"]
    assert [cells[0] for _, cells in grid.rows] == ["Glass", "LB10", "LB20", "LB30", "LB40", "LB50"]
    assert grid.rows[1][1][1:3] == ["–", "−10.88"]


def test_headers_first_then_labels_then_a_text_column_then_value_columns():
    lines = ["were rejected because of a hard-water effect.", "Table 2",
             "Radiocarbon dates from core LK-7. Calibration with IntCal20; ranges are 2σ.",
             "Lab code", "Material", "14C age (yr BP)", "Calibrated age (cal yr BP)",
             "Beta-50211", "Beta-50212", "Beta-50219", "Beta-50230",
             "seeds", "charcoal", "wood fragment", "leaf",
             "1,310 ± 30", "3,025 ± 35", "6,480 ± 40", "9,120 ± 45",
             "1,180–1,295", "3,080–3,330", "7,310–7,435", "10,200–10,400"]
    grid = one("\n".join(lines), "columnblocks")
    assert grid.rows[0][1] == ["Lab code", "Material", "14C age (yr BP)", "Calibrated age (cal yr BP)"]
    assert grid.rows[2] == (13, ["Beta-50212", "charcoal", "3,025 ± 35", "3,080–3,330"])
    values = _values("\n".join(lines))
    assert (16, "value", "1310") in values and (16, "error", "30") in values
    assert (23, "low", "10200") in values and (23, "high", "10400") in values
    assert len(values) == 16  # the lab codes and the materials are labels


def test_names_between_value_columns_are_no_text_column_after_the_labels():
    # the label column, then each value column after its name of two lines: '(n = 40)' names a
    # column, it is no cell of a text column
    lines = ["Table 2 Outcomes by arm", "Outcome", "Pain at insertion, mm", "Pain at withdrawal, mm",
             "Pain after 1 h, mm", "Pain after 24 h, mm", "Nausea, n (%)", "Would repeat, n (%)",
             "Warmed gel", "(n = 40)",
             "21 (10–35)", "9 (3–18)", "6 (2–12)", "2 (0–6)", "4 (10.0)", "35 (87.5)",
             "Cold gel", "(n = 41)",
             "26 (14–40)", "11 (4–20)", "7 (2–15)", "3 (0–8)", "6 (14.6)", "33 (80.5)",
             "Difference (95% CI)", "−5.0 (−11.2 to 1.2)", "−2.0 (−5.1 to 1.1)", "−1.0 (−3.9 to 1.9)",
             "−1.0 (−2.8 to 0.8)", "−4.6 (−17.8 to 8.6)", "7.0 (−8.1 to 22.1)",
             "p", "0.21", "0.44", "0.52", "0.61", "0.74", "0.42"]
    values = _values("\n".join(lines))
    assert (11, "value", "21") in values and (11, "high", "35") in values
    assert (24, "value", "33") in values and (26, "low", "-11.2") in values and (38, "value", "0.42") in values
    assert len(values) == 2 * (4 * 3 + 2 * 2) + 6 * 3 + 6
