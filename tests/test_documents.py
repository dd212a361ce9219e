"""Reading raw documents: line numbering, encodings, ids, clear errors."""

import codecs

import pytest

from paperfig.documents import decode_bytes, doc_id_for, document_from_text, read_document, split_lines
from paperfig.errors import DocumentError
from paperfig.numbers import decimal_text, decimals_of, parse_decimal


def test_literal_backslash_n_first_line_is_a_line():
    doc = document_from_text("\\n\n## Heading\ntext")
    assert doc.lines[0] == "\\n" and doc.line(2) == "## Heading"


def test_crlf_and_final_newline():
    assert split_lines("a\r\nb\r\n") == ("a", "b")
    assert split_lines("a\rb") == ("a", "b")


def test_utf16_with_bom_decodes():
    data = codecs.BOM_UTF16_LE + "Memory³ 82.2".encode("utf-16-le")
    assert decode_bytes(data, "x.txt") == "Memory³ 82.2"


def test_latin1_is_refused_with_file_and_line():
    with pytest.raises(DocumentError) as err:
        decode_bytes("ok\ncaf\xe9\n".encode("latin-1"), "paper.txt")
    assert "paper.txt:2" in str(err.value) and "UTF-8" in str(err.value)


def test_binary_and_empty_files_are_refused(tmp_path):
    (tmp_path / "bin.txt").write_bytes(b"\x89PNG\x00\x00")
    (tmp_path / "empty.txt").write_bytes(b" \n")
    with pytest.raises(DocumentError, match="bin.txt:1: binary file"):
        read_document(tmp_path / "bin.txt")
    with pytest.raises(DocumentError, match="empty.txt: document is empty"):
        read_document(tmp_path / "empty.txt")


def test_doc_ids_are_safe_and_distinct():
    assert doc_id_for("000_abc.txt") == "000_abc"
    spaced, accented = doc_id_for("my paper.txt"), doc_id_for("résumé.txt")
    assert spaced.startswith("my_paper-") and " " not in spaced
    assert accented.isascii() and accented != doc_id_for("resume.txt")
    assert "/" not in doc_id_for("..%2F..%2Fetc.txt") and not doc_id_for("../x").startswith(".")


@pytest.mark.parametrize("text,expected,places", [("84.0", "84.0", 1), ("８２.２", "82.2", 1), ("-0.0", "-0.0", 1),
                                                   ("+1.3", "1.3", 1), ("12", "12", 0)])
def test_numbers_keep_printed_precision(text, expected, places):
    value = parse_decimal(text)
    assert decimal_text(value) == expected and decimals_of(value) == places


@pytest.mark.parametrize("text", ["8.2.1", "1e400", "NaN", "--", "", "12a"])
def test_non_numbers_are_refused(text):
    with pytest.raises(ValueError):
        parse_decimal(text)


