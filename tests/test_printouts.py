"""Tables printed by extraction and OCR tools as program output (paperfig.tableforms.printouts)."""

from __future__ import annotations

from paperfig.documents import Document
from paperfig.parse import parse_document
from paperfig.tableforms import find_grids, printouts


def _values(lines: list[str]) -> dict[int, list[str]]:
    parsed = parse_document(Document(source_file="t.txt", doc_id="t", lines=tuple(lines)), {})
    out: dict[int, list[str]] = {}
    for v in parsed["table_values"]:
        if v["part"] != "missing" and v["value"] not in ("", None):
            out.setdefault(int(v["line_no"]), []).append(str(v["value"]))
    return out


LIST_ROWS = [
    "tables[0]:",
    "[['System', 'Corpus', 'BLEU\\nscore', None],",
    " ['Base', 'WMT-a', '27.5', '0.61'],",
    " ['Ours', 'WMT-a', '29.1 ± 0.2', '—'],",
    " ['Ours', 'WMT-b', '31.0', '0.66']]",
]


def test_list_rows_give_cells_with_none_blank_and_newline_joined():
    grids = printouts.find(LIST_ROWS)
    assert len(grids) == 1
    g = grids[0]
    assert (g.form, g.first_line, g.last_line) == ("printouts", 2, 5)
    assert g.rows[0] == (2, ["System", "Corpus", "BLEU score", ""])
    assert g.rows[2] == (4, ["Ours", "WMT-a", "29.1 ± 0.2", "—"])


def test_list_rows_values_on_their_lines():
    values = _values(LIST_ROWS)
    assert values[3] == ["27.5", "0.61"]
    assert sorted(values[4]) == ["0.2", "29.1"]
    assert 2 not in values


def test_lists_of_numbers_only_are_boxes_not_rows():
    lines = ["[[10.0, 20.0, 30.0, 40.0],", " [11.0, 21.0, 31.0, 41.0],", " [12.0, 22.0, 32.0, 42.0]]"]
    assert printouts.list_rows(lines, ()) == []
    assert printouts.coords_line(lines[1]) and printouts.coords_line("'boxes': [[1.5, 2.5], [3.5, 4.5]],")
    assert not printouts.coords_line("['Base', 1.5]")


INDEXED = [
    "Table # 0 has 3 rows and 3 columns",
    "...Cell[0][0] has text 'Model'",
    "...content within bounding polygon '[1.1, 4.9], [1.6, 4.9]'",
    "...Cell[0][1] has text 'Acc'",
    "...Cell[0][2] has text 'F1'",
    "...Cell[1][0] has text 'Small'",
    "...content within bounding polygon '[1.1, 5.2], [1.8, 5.2]'",
    "...Cell[1][1] has text '81.5'",
    "...Cell[1][2] has text '77.0'",
    "...Cell[2][0] has text 'Large'",
    "...Cell[2][1] has text '84.9'",
    "...Cell[2][2] has text '80.3'",
    "...content within bounding polygon '[3.9, 5.4], [4.2, 5.4]'",
    "Table # 1 has 2 rows and 2 columns",
    "...Cell[0][0] has text 'a'",
    "...Cell[0][1] has text 'b'",
    "...Cell[1][0] has text 'c'",
    "...Cell[1][1] has text '1.5'",
]


def test_indexed_cells_each_on_its_line_polygons_not_values():
    grids = printouts.indexed_cells(INDEXED, ())
    assert len(grids) == 2
    g = grids[0]
    assert g.rows[1] == (6, ["Small", "81.5", "77.0"])
    assert g.cell_lines[2] == [10, 11, 12]
    assert g.last_line == 13  # the last cell's polygon line belongs to the table
    values = _values(INDEXED)
    assert values[8] == ["81.5"] and values[12] == ["80.3"]
    assert 3 not in values and 7 not in values and 13 not in values


STRINGS = [
    ">>> reader.readtext('crop.png', detail=0)",
    "['Table 9: Accuracy by budget',",
    " 'Budget Alpha Beta Gamma',",
    " 'low',",
    " '61.2 55.0 70.4',",
    " 'high',",
    " '66.8 59.1 73.9',",
    " 'Numbers are means.']",
]


def test_label_alone_before_its_values_is_one_row():
    values = _values(STRINGS)
    assert values[5] == ["61.2", "55.0", "70.4"] and values[7] == ["66.8", "59.1", "73.9"]
    assert 4 not in values and 6 not in values


def test_label_alone_needs_two_pairs():
    run = [printouts._Text([("x", 1)]), printouts._Text([("1.5", 2), ("2.5", 2)])]
    assert len(printouts._join_split_labels(run)) == 2


SURYA = [
    "polygon=[[9.0, 14.0], [59.3, 14.0]] confidence=0.98 text='Runner Easy Hard' bbox=[9.0, 14.0, 59.3, 16.0]",
    "polygon=[[9.0, 20.0], [45.1, 20.0]] confidence=0.95 text='Alpha-3 71.2 40.5' bbox=[9.0, 20.0, 45.1, 22.0]",
    "polygon=[[9.0, 27.0], [41.2, 27.0]] confidence=0.96 text='Beta 7B 74.9 43.8' bbox=[9.0, 27.0, 41.2, 29.0]",
    "polygon=[[9.0, 34.0], [48.7, 34.0]] confidence=0.97 text='Gamma (ours) 78.3 47.6' bbox=[9.0, 34.0, 48.7, 36.0]",
]


def test_text_field_rows_coordinates_never_values():
    values = _values(SURYA)
    assert values == {2: ["71.2", "40.5"], 3: ["74.9", "43.8"], 4: ["78.3", "47.6"]}


DOCTR = [
    "(words): [",
    "  Word(value='Name', confidence=0.99),",
    "  Word(value='Top-1', confidence=0.98),",
    "  Word(value='Top-5', confidence=0.97),",
    "]",
    "(words): [",
    "  Word(value='Net', confidence=0.99),",
    "  Word(value='A', confidence=0.91),",
    "  Word(value='70.3', confidence=1.0),",
    "  Word(value='89.6', confidence=0.99),",
    "]",
    "(words): [",
    "  Word(value='Net-B', confidence=0.99),",
    "  Word(value='72.8', confidence=0.98),",
    "  Word(value='91.0', confidence=0.96),",
    "]",
]


def test_words_of_one_line_are_a_row_each_value_on_its_word_line():
    grids = [g for g in find_grids(DOCTR) if g.form == "printouts"]
    assert len(grids) == 1
    g = grids[0]
    assert [cells for _, cells in g.rows][1:] == [["Net A", "70.3", "89.6"], ["Net-B", "72.8", "91.0"]]
    assert g.cell_lines[1] == [7, 9, 10]
    values = _values(DOCTR)
    assert values == {9: ["70.3"], 10: ["89.6"], 14: ["72.8"], 15: ["91.0"]}


FLORENCE = [
    "{'<OCR_WITH_REGION>': {'labels': ['</s>Name',",
    "                                  'Score',",
    "                                  'Time',",
    "                                  'Fast',",
    "                                  '81.1',",
    "                                  '2.5',",
    "                                  'Slow',",
    "                                  '85.4',",
    "                                  '9.0'],",
    "                       'quad_boxes': [[1.0, 2.0, 3.0, 2.0, 3.0, 4.0, 1.0, 4.0],",
    "                                      [5.0, 2.0, 7.0, 2.0, 7.0, 4.0, 5.0, 4.0]]}}",
]


def test_one_cell_per_string_with_boxes_after():
    grids = printouts.find(FLORENCE)
    assert len(grids) == 1 and grids[0].rows[0][1] == ["Name", "Score", "Time"]
    assert grids[0].last_line == 11  # the boxes belong to the block
    values = _values(FLORENCE)
    assert values == {5: ["81.1"], 6: ["2.5"], 8: ["85.4"], 9: ["9.0"]}


def test_literal_unescapes_and_drops_model_tokens():
    assert printouts.literal("'a\\nb'") == "a b"
    assert printouts.literal("'it\\'s'") == "it's"
    assert printouts.literal("'</s>Table 1'") == "Table 1"


def test_prose_and_plain_json_values_are_not_printouts():
    lines = ['{"title": "Results 2024",', ' "note": "we report 84.3 and 82.1"}', "The model gets 84.3."]
    assert printouts.find(lines) == []
