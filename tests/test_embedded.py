"""Pages stored inside JSON strings (paperfig.embedded): read as their lines, reported on the line
that stores them. Small documents written here."""

import json

from paperfig.documents import document_from_text
from paperfig.embedded import expand
from paperfig.parse import parse_document

PAGE = "\n".join([
    "4.1 Results", "",
    "Table 3: Exact match on the three QA sets.", "",
    "| Model | NQ | TQA | WebQ |", "|---|---|---|---|",
    "| Dense | 41.5 | 57.9 | 39.8 |", "| Hybrid | 44.2 | 61.3 | 42.0 |", "",
    "The hybrid retriever is best on all three sets, by 2.2 to 3.4 points.",
])


def test_a_page_in_a_json_lines_record_is_read_on_its_line():
    text = "\n".join([json.dumps({"id": "a1", "text": "Front matter only.", "page": 1}),
                      json.dumps({"id": "b2", "text": PAGE, "tokens": 812})])
    parsed = parse_document(document_from_text(text, "pages.jsonl.txt"))
    got = [(v["line_no"], v["value"]) for v in parsed["table_values"]]
    assert got == [(2, "41.5"), (2, "57.9"), (2, "39.8"), (2, "44.2"), (2, "61.3"), (2, "42.0")]
    summary = parsed["table_summary"][0]
    assert (summary["first_line"], summary["last_line"], summary["caption_line"]) == (2, 2, 2)
    assert parsed["n_lines"] == 2
    assert all(n["line_no"] in (1, 2) for n in parsed["parse_notes"])


def test_a_pretty_printed_record_line_and_short_strings():
    pretty = ["{", '  "id": "b2",', '  "text": ' + json.dumps(PAGE) + ",", '  "tokens": 812', "}"]
    view, where = expand(document_from_text("\n".join(pretty), "page.json.txt"))
    assert len(view.lines) == 4 + len(PAGE.split("\n")) and set(where) == {1, 2, 3, 4, 5}
    assert where[view.lines.index("| Dense | 41.5 | 57.9 | 39.8 |")] == 3
    short = json.dumps({"label": "a\nb\nc\nd", "y": 4.2})  # a short string is no page
    assert expand(document_from_text(short, "s.txt"))[1] is None
