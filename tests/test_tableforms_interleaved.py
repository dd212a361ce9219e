"""Single-spaced rows with text columns between value columns (:mod:`paperfig.tableforms.interleaved`),
as Tesseract prints a case series. Small documents written here."""

from grid_helpers import grids, one
from paperfig.documents import document_from_text
from paperfig.parse import parse_document
from paperfig.tableforms import FORMS, interleaved

CASES = "\n".join([
    "Table 3. Patients treated with the occlusion device",            # 1
    "",                                                                # 2
    "No. Age Side Vessel Length Diameter Device Months",               # 3
    "(yr) (mm) (mm)",                                                  # 4
    "1 63 L Middle cerebral 7.5 3.1 Coil + stent 14",                  # 5
    "2 58 R Basilar tip 11.2 4.4 Coil 9",                              # 6
    "| 3 71 L Posterior communicating 5.9 _ Flow diverter 22",         # 7
    "4 49 R Anterior communicating 8.3 2.7 Coil 6 |",                  # 8
    "",                                                                # 9
    "_, not measured.",                                                # 10
])


def test_interleaved_is_wired_after_aligned():
    assert FORMS.index("aligned") < FORMS.index("interleaved") < FORMS.index("stacked")


def test_case_series_rows_keep_their_text_cells_and_header_is_dealt_from_both_ends():
    g = one(CASES, "interleaved")
    assert (g.first_line, g.last_line) == (3, 8)
    assert g.header_rows == 1
    # two value columns from the left, two from the right, the text run before the
    # three-value run takes the words left in the middle ('Side Vessel')
    assert g.rows[0] == (3, ["No.", "Age", "Side Vessel", "Length", "Diameter", "Device", "Months"])
    assert g.rows[1] == (5, ["1", "63", "L Middle cerebral", "7.5", "3.1", "Coil + stent", "14"])
    assert g.rows[3] == (7, ["3", "71", "L Posterior communicating", "5.9", "_", "Flow diverter", "22"])
    assert g.rows[4] == (8, ["4", "49", "R Anterior communicating", "8.3", "2.7", "Coil", "6"])


def test_case_series_values_exclude_the_row_numbers_and_the_missing_mark():
    parsed = parse_document(document_from_text(CASES, "aneurysm_cases.txt"), aliases={})
    by_line: dict[int, list[str]] = {}
    for v in parsed["table_values"]:
        if v["value"] != "":
            by_line.setdefault(v["line_no"], []).append(v["value"])
    assert by_line == {5: ["63", "7.5", "3.1", "14"], 6: ["58", "11.2", "4.4", "9"], 7: ["71", "5.9", "22"],
                       8: ["49", "8.3", "2.7", "6"]}
    diam = {v["line_no"]: v["value"] for v in parsed["table_values"] if v["column"] == "Diameter"}
    assert diam == {5: "3.1", 6: "4.4", 7: "", 8: "2.7"}


def test_two_text_runs_in_the_middle_share_the_spare_header_words():
    text = "\n".join([
        "Plot Slope Soil type Aspect Cover Crop Yield",
        "1 4.5 Sandy loam N 62 Maize 3.1",
        "2 7.0 Clay S 48 Sorghum 2.4",
        "3 2.5 Silt loam NE 71 Maize 3.8",
    ])
    g = one(text, "interleaved")
    # two values from the left, one from the right; in the middle a text run at each end
    # ('Sandy loam N', 'Maize') around one value: the spare words are shared, the first run
    # taking the odd one
    assert g.rows[0] == (1, ["Plot", "Slope", "Soil type", "Aspect", "Cover Crop", "Yield"])
    assert g.rows[1] == (2, ["1", "4.5", "Sandy loam N", "62", "Maize", "3.1"])


def test_a_header_that_cannot_be_dealt_is_noted_and_left_out():
    text = "\n".join([
        "Site Depth Notes",
        "A 12.5 clay 3.1 dry 0.44",
        "B 9.0 sand 2.7 wet 0.51",
        "C 15.2 silt 3.9 dry 0.39",
    ])
    g = one(text, "interleaved")
    assert g.header_rows == 0
    assert g.rows[0] == (2, ["A", "12.5", "clay", "3.1", "dry", "0.44"])
    assert [n[1] for n in g.notes] == ["header_not_split"]


def test_prose_lists_and_bullets_with_numbers_are_no_rows():
    prose = "\n".join([
        "In case 4 the lesion shrank from 2.2 cm to 0.9 cm over 12",
        "months of follow-up and 3 of 5 lesions shrank by 1.5 cm in 6",
        "weeks of treatment while 2 others grew by 0.4 cm in 8 weeks",
    ])
    assert interleaved.find(prose.split("\n")) == []
    bullets = "\n".join([
        "- Group A: 18.4 to 9.1 mm in 6 weeks",
        "- Group B: 12.0 to 8.8 mm in 6 weeks",
        "- Group C: 15.5 to 7.2 mm in 6 weeks",
    ])
    assert interleaved.find(bullets.split("\n")) == []
    listing = "\n".join([
        "2021 North America 148, Europe 92, Asia 131",
        "2022 North America 163, Europe 95, Asia 149",
        "2023 North America 187, Europe 99, Asia 172",
    ])
    assert interleaved.find(listing.split("\n")) == []


def test_a_change_of_shape_ends_the_block_and_two_rows_are_no_table():
    text = "\n".join([
        "1 63 L Middle cerebral 7.5 3.1 Coil 14",
        "2 58 R Basilar tip 11.2 4.4 Coil 9",
        "3 71 L Posterior 5.9 2.2 4.1 Coil 22",
    ])
    assert interleaved.find(text.split("\n")) == []
    assert all(g.form != "interleaved" for g in grids(text))
