"""Box-drawing grid tables, Document AI's pipe-separated printouts and continued pipe tables."""

from __future__ import annotations

from paperfig.documents import Document
from paperfig.parse import parse_document
from paperfig.tableforms import find_grids, pipe, printouts


def values_by_line(text: str) -> dict[int, list[str]]:
    doc = Document(source_file="t.txt", doc_id="t", lines=tuple(text.split("\n")))
    parsed = parse_document(doc, {})
    out: dict[int, list[str]] = {}
    for v in parsed["table_values"]:
        if v["part"] != "missing" and v["value"] != "":
            out.setdefault(int(v["line_no"]), []).append(v["value"])
    return out


# --------------------------------------------------------------------------- box drawing


def test_box_rules_become_ascii_grid_rules_and_rows_pipes():
    lines = ["╒═════╤═════╕", "│ a   │ 1.5 │", "╞═════╪═════╡", "│ b|c │ 2.5 │", "╘═════╧═════╛"]
    assert pipe.box_rules(lines) == ["+=====+=====+", "| a   | 1.5 |", "+=====+=====+", "| b\\|c | 2.5 |",
                                     "+=====+=====+"]


def test_box_rules_leave_a_directory_tree_and_plain_dashes_alone():
    lines = ["project", "├── src", "│   ├── a.py", "│   └── b.py", "└── README", "────────────"]
    assert pipe.box_rules(lines) == lines
    assert find_grids(lines) == []


def test_fancy_grid_with_a_rule_under_every_row_and_a_wrapped_header():
    lines = ["╒════════╤═══════╤════════╕",
             "│ Name   │ Acc   │ Robust │",
             "│        │       │ acc    │",
             "├────────┼───────┼────────┤",
             "│ alpha  │ 71.2  │ 40.1   │",
             "├────────┼───────┼────────┤",
             "│ beta   │ 73.9  │ 42.6   │",
             "╘════════╧═══════╧════════╛"]
    (grid,) = find_grids(lines)
    assert grid.form == "pipe" and (grid.first_line, grid.last_line) == (1, 8)
    assert grid.rows == [(2, ["Name", "Acc", "Robust acc"]), (5, ["alpha", "71.2", "40.1"]),
                         (7, ["beta", "73.9", "42.6"])]
    assert grid.header_rows == 0  # every rule is alike: the table logic decides


def test_heavy_header_rule_ends_the_header():
    lines = ["┌──────┬──────┐", "│ Run  │ Loss │", "╞══════╪══════╡", "│ r1   │ 0.31 │",
             "├──────┼──────┤", "│ r2   │ 0.29 │", "└──────┴──────┘"]
    (grid,) = find_grids(lines)
    assert grid.header_rows == 1 and [ln for ln, _ in grid.rows] == [2, 4, 6]


def test_rich_table_body_without_row_rules_is_one_row_per_line():
    lines = ["┏━━━━━━━┳━━━━━━┓", "┃ Model ┃ BLEU ┃", "┡━━━━━━━╇━━━━━━┩", "│ small │ 21.4 │",
             "│ base  │ 25.0 │", "│ large │ 27.3 │", "└───────┴──────┘"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(2, ["Model", "BLEU"]), (4, ["small", "21.4"]), (5, ["base", "25.0"]),
                         (6, ["large", "27.3"])]
    assert grid.header_rows == 1


def test_ascii_prettytable_body_without_row_rules_is_one_row_per_line():
    lines = ["+-------+------+", "| k     | F1   |", "+-------+------+", "| one   | 80.5 |",
             "| two   | 81.0 |", "+-------+------+"]
    (grid,) = find_grids(lines)
    assert grid.rows == [(2, ["k", "F1"]), (4, ["one", "80.5"]), (5, ["two", "81.0"])]
    assert grid.header_rows == 1


def test_box_table_values_are_read_on_their_lines():
    text = "\n".join(["Results:", "╭────────┬──────┬──────╮", "│ Method │ EM   │ F1   │",
                      "├────────┼──────┼──────┤", "│ ours   │ 61.7 │ 70.2 │", "├────────┼──────┼──────┤",
                      "│ prior  │ 58.3 │ 66.9 │", "╰────────┴──────┴──────╯"])
    assert values_by_line(text) == {5: ["61.7", "70.2"], 7: ["58.3", "66.9"]}


# --------------------------------------------------------------------------- Document AI printouts


def test_pipe_separated_literals_with_columns_line_and_banner():
    lines = ["Table with 3 columns and 2 rows:", "Columns: 'Split' | 'P' | 'R' | ", "Table body data:",
             "'dev' | '81.5' | '1,204' | ", "'test' | 'x\\ny' | '79.0' | ", "Found 1 form field(s):"]
    (grid,) = printouts.separated_rows(lines, frozenset())
    assert grid.form == "printouts" and (grid.first_line, grid.last_line, grid.header_rows) == (2, 5, 1)
    assert grid.rows == [(2, ["Split", "P", "R"]), (4, ["dev", "81.5", "1,204"]), (5, ["test", "x y", "79.0"])]


def test_a_columns_line_starts_the_next_table_and_text_only_rows_are_no_table():
    lines = ["Columns: 'A' | 'B' |", "Table body data:", "'a' | '1.0' |",
             "Columns: 'C' | 'D' |", "Table body data:", "'c' | '2.0' |", "", "'p' | 'q' |", "'r' | 's' |"]
    found = printouts.separated_rows(lines, frozenset())
    assert [(g.first_line, g.last_line) for g in found] == [(1, 3), (4, 6)]


def test_document_ai_values_read_on_their_lines_banner_numbers_are_not():
    text = "\n".join(["Table with 3 columns and 3 rows:", "Columns: 'Set' | 'Acc' | 'F1' | ", "Table body data:",
                      "'A-1' | '88.1' | '0.71' | ", "'B-2' | '90.4' | '0.75' | "])
    assert values_by_line(text) == {4: ["88.1", "0.71"], 5: ["90.4", "0.75"]}


def test_markdown_pipe_table_with_quoted_cells_is_left_to_the_pipe_reader():
    lines = ["| 'a' | 'b' |", "|---|---|", "| 'c' | '1.0' |"]
    assert printouts.separated_rows(lines, frozenset()) == []
    assert [g.form for g in find_grids(lines)] == ["pipe"]


# --------------------------------------------------------------------------- continued tables


_FIRST_PART = ["| Lang | chrF | COMET |", "|---|---|---|", "| de | 62.1 | 86.4 |", "| fr | 68.7 | 87.9 |", ""]


def test_continuation_header_made_of_values_is_data():
    lines = _FIRST_PART + ["", "| sw | 55.2 | 82.6 |", "|---|---|---|", "| yo | 25.8 | 72.4 |"]
    first, second = find_grids(lines)
    assert first.header_rows == 1 and second.header_rows == 0
    assert [kind for _, kind, _ in second.notes] == ["continued_table"]
    assert values_by_line("\n".join(lines))[7] == ["55.2", "82.6"]


def test_a_page_number_between_the_parts_still_continues():
    lines = _FIRST_PART + ["7", "", "| sw | 55.2 | 82.6 |", "|---|---|---|", "| yo | 25.8 | 72.4 |"]
    assert find_grids(lines)[1].header_rows == 0


def test_header_is_kept_for_another_width_a_caption_between_or_column_sizes():
    wider = _FIRST_PART + ["| sw | 55.2 | 82.6 | 1.0 |", "|---|---|---|---|", "| yo | 25.8 | 72.4 | 2.0 |"]
    captioned = _FIRST_PART + ["Table 2: More languages.", "", "| sw | 55.2 | 82.6 |", "|---|---|---|",
                               "| yo | 25.8 | 72.4 |"]
    sizes = _FIRST_PART + ["| Model | 128 | 512 |", "|---|---|---|", "| yo | 25.8 | 72.4 |"]
    words = _FIRST_PART + ["| Lang | chrF | COMET |", "|---|---|---|", "| yo | 25.8 | 72.4 |"]
    for lines in (wider, captioned, sizes, words):
        assert find_grids(lines)[-1].header_rows == 1, lines


def test_a_lone_table_keeps_its_header_row():
    lines = ["| sw | 55.2 | 82.6 |", "|---|---|---|", "| yo | 25.8 | 72.4 |"]
    (grid,) = find_grids(lines)
    assert grid.header_rows == 1 and not grid.notes


# --------------------------------------------------------------------------- OCR boxes


def _paddle(box: tuple[float, float, float, float], text: str) -> str:
    x0, y0, x1, y1 = box
    return f"[[[{x0}, {y0}], [{x1}, {y0}], [{x1}, {y1}], [{x0}, {y1}]], ('{text}', 0.98)]"


def test_ocr_boxes_that_only_touch_or_overlap_by_a_sliver_are_two_columns():
    """PaddleOCR boxes of adjacent cells share an edge (x 500), and a header's loose box runs 5 px
    into the next column's: every value keeps its own column."""
    lines = [_paddle((60, 10, 120, 30), "Day"), _paddle((395, 10, 515, 30), "LAB (log)"),
             _paddle((510, 10, 550, 30), "pH")]
    for k, (y, day) in enumerate([(50, "0"), (90, "1"), (130, "3")]):
        lines += [_paddle((75, y, 105, y + 20), day), _paddle((400, y, 500, y + 20), f"4.1{k}±0.21"),
                  _paddle((500, y, 600, y + 20), f"6.2{k}±0.04")]
    assert values_by_line("\n".join(lines)) == {5: ["4.10", "0.21"], 6: ["6.20", "0.04"], 8: ["4.11", "0.21"],
                                               9: ["6.21", "0.04"], 11: ["4.12", "0.21"], 12: ["6.22", "0.04"]}


def test_two_values_with_their_errors_merged_into_one_ocr_box_take_their_columns():
    lines = [_paddle((50, 10, 120, 30), "Mordant"), _paddle((190, 10, 260, 30), "L*"),
             _paddle((300, 10, 380, 30), "a*"), _paddle((400, 10, 470, 30), "b*")]
    rows = [("Alum", "9.87±0.34", "43.18±0.51", "36.25±0.47"), ("Iron", "8.12±0.21", "40.02±0.44", "30.11±0.39"),
            ("None", "7.55±0.30", "41.90±0.62", "33.48±0.28")]
    for k, (name, a, b, c) in enumerate(rows):
        y = 50 + 40 * k
        lines += [_paddle((50, y, 120, y + 20), name), _paddle((190, y, 260, y + 20), a)]
        lines += [_paddle((300, y, 470, y + 20), f"{b} {c}")] if k == 0 else [
            _paddle((300, y, 380, y + 20), b), _paddle((400, y, 470, y + 20), c)]
    got = values_by_line("\n".join(lines))
    assert got[7] == ["43.18", "0.51", "36.25", "0.47"]
