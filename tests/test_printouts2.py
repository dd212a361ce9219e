"""More tool printouts (paperfig.tableforms.printouts, .stacked): Vision word lines, text tuples,
sparse-text OCR with a blank line between cells, pandas frames with positions and an index."""

from __future__ import annotations

from paperfig.documents import Document
from paperfig.parse import parse_document
from paperfig.tableforms import find_grids, printouts, stacked


def _parse(lines: list[str]) -> dict:
    return parse_document(Document(source_file="t.txt", doc_id="t", lines=tuple(lines)), {})


def _values(lines: list[str]) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    for v in _parse(lines)["table_values"]:
        if v["part"] != "missing" and v["value"] not in ("", None):
            out.setdefault(int(v["line_no"]), []).append(str(v["value"]))
    return out


# --------------------------------------------------------------------------- Vision word lines

def _vision(words_per_paragraph: list[list[str]]) -> list[str]:
    lines = ["Block confidence: 0.97"]
    for words in words_per_paragraph:
        lines.append("Paragraph confidence: 0.95")
        lines += [f"Word text: {w} (confidence: 0.9{i}1)" for i, w in enumerate(words)]
    return lines


VISION = _vision([["Net", "Top1", "Top5"], ["Small", "55.5", "77.7"], ["Large", "66.6", "88.8"],
                  ["Huge", "60.1", "81.2"]])


def test_vision_words_of_a_paragraph_are_one_row_each_value_on_its_word_line():
    values = _values(VISION)
    # line 1 block, 2 paragraph, 3-5 header words, 6 paragraph, 7-9 Small ...
    assert values == {8: ["55.5"], 9: ["77.7"], 12: ["66.6"], 13: ["88.8"], 16: ["60.1"], 17: ["81.2"]}


def test_vision_confidences_are_never_values_and_are_named():
    parsed = _parse(VISION)
    found = {str(v["value"]) for v in parsed["table_values"]}
    assert not any(x.startswith("0.9") for x in found)
    assert any(n["kind"] == "tool_scores" for n in parsed["parse_notes"])


def test_vision_word_keeps_punctuation_and_unquoted_text():
    runs = printouts.text_runs(["Paragraph confidence: 0.9", "Word text: ( (confidence: 0.8)",
                                "Word text: 4.5 (confidence: 0.7)", "Paragraph confidence: 0.9",
                                "Word text: a-b (confidence: 1)"], ())
    assert [[t.text for t in run] for run in runs] == [["( 4.5", "a-b"]]


def test_confidence_lines_without_words_are_no_table():
    assert find_grids(["Block confidence: 0.91", "Paragraph confidence: 0.88", "Block confidence: 0.93"]) == []


# --------------------------------------------------------------------------- text tuples (ocrmac)

TUPLES = [
    ">>> for a in result: print(a)",
    "('Variant', 1.0, [0.1, 0.9, 0.2, 0.03])",
    "('Acc', 1.0, [0.5, 0.9, 0.1, 0.03])",
    "('Loss', 0.5, [0.7, 0.9, 0.1, 0.03])",
    "('Base', 1.0, [0.1, 0.8, 0.1, 0.03])",
    "('71.5', 1.0, [0.5, 0.8, 0.1, 0.03])",
    "('0.42', 1.0, [0.7, 0.8, 0.1, 0.03])",
    "('- dropout', 1.0, [0.1, 0.7, 0.2, 0.03])",
    "('69.0', 1.0, [0.5, 0.7, 0.1, 0.03])",
    "('0.47', 1.0, [0.7, 0.7, 0.1, 0.03])",
]


def test_text_tuples_are_one_cell_each_boxes_and_confidences_never_values():
    values = _values(TUPLES)
    assert values == {6: ["71.5"], 7: ["0.42"], 9: ["69.0"], 10: ["0.47"]}


def test_text_tuple_with_leading_dash_is_a_row_label_not_a_bullet():
    labels = {v["row_label"] for v in _parse(TUPLES)["table_values"]}
    assert labels == {"Base", "- dropout"}


def test_text_tuple_grammar():
    assert printouts._TUPLE.match("('12.5', 0.5, [0.1, 0.2, 0.3, 0.4]),")
    assert printouts._TUPLE.match("('x', 1.0)")
    assert not printouts._TUPLE.match("('x', 'y', 1.0)")  # two strings: not a text and its scores
    assert not printouts._TUPLE.match("(1.0, [0.1, 0.2])")


def test_stacked_strings_mode_keeps_leading_dash_as_text():
    view = ["Run", "Score", "A", "1.5", "- b", "2.5", "- c", "3.5"]
    assert stacked.find(view) == []
    grids = stacked.find(view, strings=True)
    assert [cells for _, cells in grids[0].rows] == [["Run", "Score"], ["A", "1.5"], ["- b", "2.5"], ["- c", "3.5"]]


# --------------------------------------------------------------------------- spaced cells (psm 11)

def _spaced(cells: list[str], gap: str = "\n") -> list[str]:
    return ("\n" + gap).join(cells).split("\n")


SPACED = ["Model", "Alpha", "Beta", "Net V-1/8", "10.5", "20.5", "Net V-2/8", "11.5", "21.5"]


def test_spaced_cells_read_with_digit_labels_values_on_their_lines():
    lines = ["Table 9: Scores"] + [""] + _spaced(SPACED) + ["", "All runs use 3 seeds and 2 GPUs."]
    values = _values(lines)
    assert values == {11: ["10.5"], 13: ["20.5"], 17: ["11.5"], 19: ["21.5"]}
    grids = [g for g in find_grids(lines) if g.form == "stacked"]
    assert (grids[0].first_line, grids[0].last_line) == (3, 19)


def test_spaced_cells_need_exactly_one_blank_line_between():
    assert [g for g in find_grids(_spaced(SPACED, gap="\n\n")) if g.form == "stacked"] == []


def test_spaced_cells_broken_by_a_text_line():
    lines = _spaced(SPACED)
    lines[7] = "This sentence is far too long to be any cell of a table."
    assert [g for g in find_grids(lines) if g.form == "stacked"] == []


# --------------------------------------------------------------------------- pandas frames

FRAME = [
    ">>> print(t.df)",
    "          0      1      2",
    "0     Name   Cost   Gain",
    "1            (ms)    (%)",
    "2    alpha   12.5    3.1",
    "3     beta   14.0    2.7",
    "4    gamma    9.5    4.4",
    ">>> t.parsing_report",
]


def test_frame_index_and_positions_are_not_values():
    values = _values(FRAME)
    assert values == {5: ["12.5", "3.1"], 6: ["14.0", "2.7"], 7: ["9.5", "4.4"]}


def test_frame_grid_spans_positions_line_and_names_it():
    grids = printouts.find(FRAME)
    assert len(grids) == 1 and (grids[0].first_line, grids[0].last_line) == (2, 7)
    kinds = {kind: ln for ln, kind, _ in grids[0].notes}
    assert kinds["frame_positions"] == 2 and "frame_index" in kinds
    assert grids[0].rows[2][1][0] == "alpha"  # the index is gone from the label


def test_frame_header_rows_come_from_body_rows():
    columns = {v["column"] for v in _parse(FRAME)["table_values"]}
    assert columns == {"Cost (ms)", "Gain (%)"}


def test_positions_must_count_from_zero():
    assert printouts._positions("   0   1   2")
    assert not printouts._positions("   0   2   3")
    assert not printouts._positions("   1   2   3")
    assert not printouts._positions("   0")


def test_row_index_must_count_up_by_one():
    lines = ["0  a  1.5", "1  b  2.5", "3  c  3.5"]
    assert not printouts._row_index(lines, [1, 2, 3])
    assert printouts._row_index(lines, [1, 2])


def test_to_string_output_prompt_is_not_the_header():
    lines = [
        ">>> print(df.to_string(index=False, header=False))",
        "  Setting    A    B",
        "    small 41.5 52.5",
        "    large 45.5 57.5",
        "     huge 47.5 58.5",
        ">>> done()",
    ]
    assert _values(lines) == {3: ["41.5", "52.5"], 4: ["45.5", "57.5"], 5: ["47.5", "58.5"]}
    grids = printouts.find(lines)
    assert len(grids) == 1 and grids[0].first_line == 2


# --------------------------------------------------------------------------- notes in file lines

def test_view_notes_name_the_files_lines():
    run = [printouts._Text([("a", 10)]), printouts._Text([("b", 12), ("c", 13)])]
    assert printouts._file_lines("lines 1-2 read", run) == "lines 10-13 read"
    assert printouts._file_lines("line 2 only", run) == "line 12 only"
