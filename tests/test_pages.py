"""OCR'd pages and slide decks (paperfig.pages): one test per layout hazard, the two seeds,
and a new page that must parse with no code change."""

import re
from collections import Counter
from pathlib import Path

import pytest

from paperfig import contract, numbers
from paperfig.aliases import load_aliases, validate_aliases
from paperfig.documents import document_from_text, read_document
from paperfig.errors import ConfigError
from paperfig.pages import parse_page_document
from paperfig.parse import parse_document

ROOT = Path(__file__).resolve().parents[1]
RAW = ROOT / "data" / "raw"
ALIASES = ROOT / "config" / "header_aliases.yaml"
T = "\t"


def parse(text, shape="page", aliases=None):
    return parse_page_document(document_from_text(text, "page.txt"), shape, aliases or {})


def values(parsed, **where):
    return [v for v in parsed["table_values"] if all(v[k] == x for k, x in where.items())]


def kinds(parsed, table="parse_notes"):
    return [n["kind"] for n in parsed[table]]


# ---------------------------------------------------------------------------- layout hazards


def test_header_split_over_two_lines_and_pair_names():
    text = "\n".join([
        "Model\tHidden\tMRPC",
        "\tDim\t(F1/Acc)",
        "Teacher\t768\t88.5/84.3",
    ])
    p = parse(text)
    (table,) = p["table_summary"]
    assert table["columns"] == ["Hidden Dim", "MRPC (F1/Acc)"]
    assert table["row_label_header"] == "Model"
    pair = values(p, column="MRPC (F1/Acc)")
    assert [(v["part"], v["part_name"], v["value"], v["line_no"]) for v in pair] == [
        ("first", "F1", "88.5", 3), ("second", "Acc", "84.3", 3)]
    assert all(set(contract.TABLE_VALUES) <= set(v) for v in p["table_values"])


def test_group_header_spanning_columns():
    text = "\n".join([
        "Methods\tModel Size\t\tSpeedup\t\tAvr.",
        "\tw/ emb\tw/o emb\tGPU\tCPU\t",
        "Base\t100%\t100%\t1x\t1x\t0.0",
    ])
    (table,) = parse(text)["table_summary"]
    assert table["columns"] == ["Model Size: w/ emb", "Model Size: w/o emb", "Speedup: GPU", "Speedup: CPU", "Avr."]
    assert table["column_groups"][0] == {"name": "Model Size", "columns": ["Model Size: w/ emb", "Model Size: w/o emb"]}


def test_caption_before_and_after_blocks():
    text = "\n".join([
        "Table 1: Above its block.",
        "",
        "A\tx\ty",
        "r1\t1.0\t2.0",
        "",
        "B\tx\ty",
        "r2\t3.0\t4.0",
        "",
        "Table 2: Below its block (ambiguous: blocks on both sides).",
        "",
        "C\tx\ty",
        "r3\t5.0\t6.0",
        "",
        "Table 3: Below, unambiguous.",
        "",
        "A free note.",
    ])
    p = parse(text)
    caps = [(t["caption"][:7], t["caption_line"], t["caption_position"]) for t in p["table_summary"]]
    # Table 3 can only be below block C, so Table 2 is below block B
    assert caps == [("Table 1", 1, "above"), ("Table 2", 9, "below"), ("Table 3", 14, "below")]


def test_captions_between_tables_back_to_back_follow_the_first_and_the_last():
    """Each caption between two tables goes to the one its neighbour left free: a chain read
    from the first caption (above its table) and one read back from the last (below its
    table), each as long as the tables printed back to back."""
    lines = []
    for k in (1, 2, 3):
        lines += [f"Table {k}: Above.", "Model\tA\tB", f"m{k}\t{k}.0\t{k}.5", ""]
    lines += ["A note between the two runs of tables.", ""]
    for k in (4, 5):
        lines += ["Model\tA\tB", f"m{k}\t{k}.0\t{k}.5", "", f"Table {k}: Below.", ""]
    p = parse("\n".join(lines))
    caps = [(t["caption"][:7], t["caption_line"], t["caption_position"]) for t in p["table_summary"]]
    assert caps == [("Table 1", 1, "above"), ("Table 2", 5, "above"), ("Table 3", 9, "above"),
                    ("Table 4", 18, "below"), ("Table 5", 23, "below")]


@pytest.mark.parametrize("n_papers", [10, 200])  # (below and above _TitleIndex.MANY: lists, then arrays)
def test_a_title_is_found_among_many_papers_as_difflib_finds_it(n_papers):
    """The index rules papers out by bounds of difflib's ratio only: every paper whose title
    is similar enough (one or two letters misread, a word added) is still a candidate, in order."""
    import difflib
    import random

    from paperfig.pages import _title_key, _TitleIndex

    rng = random.Random(n_papers)

    def word() -> str:
        return "".join(rng.choice("ABCDEFGHIKLMNOPRSTUVW") for _ in range(rng.randint(3, 9)))

    index = _TitleIndex()
    titles = [" ".join(word() for _ in range(rng.randint(3, 6))) for _ in range(n_papers)]
    for title in titles:
        index.add(title)
    asked = []
    for title in rng.sample(titles, 10):
        chars = list(title)
        for _ in range(rng.randint(0, 2)):  # letters misread
            chars[rng.randrange(len(chars))] = rng.choice("ABCDEFGHIKLMNOPRSTUVW0123456789")
        asked.append("".join(chars) + rng.choice(["", "", " " + word()[:3]]))
    asked += [" ".join(word() for _ in range(4)) for _ in range(10)]  # titles of no paper
    found = 0
    for title in asked:
        key = _title_key(title)
        similar = [i for i, other in enumerate(index.keys)
                   if difflib.SequenceMatcher(None, key, other).ratio() >= 0.9]
        candidates = index.candidates(key)
        assert set(similar) <= set(candidates) and candidates == sorted(candidates), title
        found += bool(similar)
    assert found >= 5  # (the test asks titles that are found, not only ones that are not)


def test_title_printed_again_is_the_same_paper_and_authors_are_not_notes():
    text = "\n".join([
        "A STUDY OF TINY MODELS FOR THE EDGE",
        "",
        "Ann Lee¹, Bo Kim², Cy Dunn¹",
        "¹Some University",
        "²Example Research Lab",
        "ann@uni.edu, {bo,cy}@lab.org",
        "",
        "A free note here",
        "",
        "ANOTHER PAPER ABOUT SOMETHING ELSE ENTIRELY",
        "",
        "A STUDY OF TINY MODELS FOR THE EDGE",
        "Ann Lee¹, Bo Kim², Cy Dunn¹",
        "- > ANOTHER PAPER ABOUT SOMETHING ELSE ENTIRELY",
    ])
    p = parse(text)
    assert [x["title"] for x in p["papers"]] == ["A STUDY OF TINY MODELS FOR THE EDGE",
                                                  "ANOTHER PAPER ABOUT SOMETHING ELSE ENTIRELY"]
    first = p["papers"][0]
    assert first["authors"] == ["Ann Lee", "Bo Kim", "Cy Dunn"]
    assert first["affiliations"] == ["Some University", "Example Research Lab"]
    assert first["line_no"] == 1 and first["repeated_at"] == [12]
    notes = [(a["line_no"], a["kind"], a["paper"][:7]) for a in p["annotations"]]
    assert notes == [(8, "note", "A STUDY"), (14, "note", "A STUDY")]
    assert p["annotations"][1]["mentions_paper"] == "ANOTHER PAPER ABOUT SOMETHING ELSE ENTIRELY"


def test_two_halves_sharing_row_labels_are_one_table():
    text = "\n".join([
        "Method\tRatio(%)\tQQP\tMNLI\t",
        "NIP\t50.0\t85.1 (-6.1)\t77.0 (-9.1)\t",
        "\t80.0\t81.1 (-10.1)\t73.8 (-12.3)\t",
        "Method\tRatio(%)\tQNLI\tRTE\t",
        "NIP\t50.0\t90.2 (-1.1)\t68.6 (-1.5)\t",
        "\t80.0\t80.5 (-10.8)\t62.8 (-7.3)\t",
    ])
    p = parse(text)
    (table,) = p["table_summary"]
    assert table["blocks"] == 2 and table["block_lines"] == [[1, 3], [4, 6]]
    assert table["columns"] == ["Ratio(%)", "QQP", "MNLI", "QNLI", "RTE"]
    assert table["row_labels"] == ["NIP", "NIP"] and table["row_labels_raw"] == ["NIP", ""]
    assert table["repeated_columns"] == ["Ratio(%)"]
    assert [v["line_no"] for v in values(p, column="Ratio(%)")] == [2, 3]  # printed twice, stored once
    rte = values(p, column="RTE", row_idx=1)
    assert [(v["part"], v["value"], v["line_no"], v["block"]) for v in rte] == [
        ("value", "62.8", 6, 2), ("delta", "-7.3", 6, 2)]
    assert "repeated_key_column" in kinds(p)


def test_merged_group_cells_carry_up_and_down_first_value_wins():
    text = "\n".join([
        "Model\tDim\tScore",
        "Teacher\t768\t90.0",
        "Base\t\t80.1",
        "Student\t192\t81.2",
        "Student + X\t190\t81.5",
        "Student + Y\t\t82.0",
        "Base\t\t70.1",
        "Student\t96\t71.2",
        "Student + X\t\t71.5",
        "Student + Y\t\t72.0",
    ])
    p = parse(text)
    dim = {(v["row_idx"], v["line_no"]): (v["value"], v["carried"], v["carried_from_line"], v["raw_cell"])
           for v in values(p, column="Dim")}
    assert dim[(1, 3)] == ("192", True, 4, "")       # carried up
    assert dim[(3, 5)] == ("190", False, "", "190")  # printed value kept as printed
    assert dim[(4, 6)] == ("192", True, 4, "")       # carried down from the FIRST printed value
    assert dim[(5, 7)] == ("96", True, 8, "")
    assert (0, 2) in dim and dim[(0, 2)][1] is False  # the teacher is outside any group
    groups = p["table_summary"][0]["row_groups"]
    assert groups[0] == "" and groups[1] == groups[4] == "rows 3-6" and groups[5] == "rows 7-10"
    assert "merged_cell_disagreement" in kinds(p)


def test_blank_cell_outside_a_group_is_absent():
    text = "Model\tA\tB\nX\t1.0\t\nY\t2.0\t3.0"
    p = parse(text)
    assert [(v["line_no"], v["column"]) for v in p["table_values"]] == [(2, "A"), (3, "A"), (3, "B")]
    assert p["table_summary"][0]["n_values"] == 3 and p["table_summary"][0]["n_missing"] == 0


def test_row_label_printed_once_for_a_group_is_carried_down():
    text = "\n".join([
        "Methods\tSize\tMNLI",
        "BERT <sub>BASE</sub>\t100%\t84.6",
        "Quantization\t15%\t83.9",
        "\t10.2%\t-",
        "Pruning\t67.6%\t-",
    ])
    p = parse(text)
    table = p["table_summary"][0]
    assert table["row_labels"] == ["BERT-base", "Quantization", "Quantization", "Pruning"]
    assert table["row_labels_raw"] == ["BERT <sub>BASE</sub>", "Quantization", "", "Pruning"]
    assert table["row_groups"] == ["", "Quantization", "Quantization", ""]
    carried = values(p, line_no=4, column="Size")[0]
    assert (carried["row_label"], carried["row_label_raw"], carried["row_group"], carried["value"], carried["unit"]) == (
        "Quantization", "", "Quantization", "10.2", "%")
    missing = values(p, line_no=4, column="MNLI")[0]
    assert (missing["part"], missing["value"], missing["raw_cell"]) == ("missing", "", "-")


def test_packed_rows_split_into_one_row_per_model():
    text = "\n".join([
        "\tModel\tSST-2 (acc)\tMRPC (f1/acc)",
        "test\tTF (baseline) PD (our work) Sun et al. (2019a)\t90.7 91.8 92.0\t85.9/80.2 86.8 /81.7 85.0/ 79.9",
        "dev\tPF (baseline) Sanh (2019)\t91.1 92.7\t87.9/82.5 88.3/82.4",
    ])
    p = parse(text)
    table = p["table_summary"][0]
    assert table["row_labels"] == ["TF (baseline)", "PD (our work)", "Sun et al. (2019a)", "PF (baseline)", "Sanh (2019)"]
    assert table["row_groups"] == ["test", "test", "test", "dev", "dev"]
    pd_mrpc = values(p, row_idx=1, column="MRPC (f1/acc)")
    assert [(v["part_name"], v["value"], v["line_no"], v["raw_cell"]) for v in pd_mrpc] == [
        ("f1", "86.8", 2, "86.8 /81.7"), ("acc", "81.7", 2, "86.8 /81.7")]
    assert values(p, row_idx=4, column="SST-2 (acc)")[0]["value"] == "92.7"


def test_inconsistent_packed_row_is_left_out_with_a_warning_and_the_rest_is_read():
    text = "\tModel\tA\tB\ntest\tX (a) Y (b)\t1.0 2.0\t3.0 4.0 5.0\ntest\tZ\t6.0\t7.0"
    p = parse(text)
    [note] = [n for n in p["parse_notes"] if n["kind"] == "unclear_packed_row"]
    assert note["line_no"] == 2 and "cannot tell which value is whose" in note["message"]
    assert [(v["line_no"], v["value"]) for v in p["table_values"]] == [(3, "6.0"), (3, "7.0")]


def test_header_aliases_train_sizes_and_ocr_noise():
    aliases = {"#Parame": "#Params", "CLUE": "GLUE", "GLCL": "GLUE"}
    text = "\n".join([
        "Table 3: Results. The number below each task denotes the number of training examples.",
        "",
        "\t#Parame\tCoLA\tSST-2\tCLUE",
        "\tmi ai aiiis\t8.5k\t67k\tGLCL",
        "BERT\t109M\t52.1\t-\t78.3",
    ])
    p = parse(text, aliases=aliases)
    table = p["table_summary"][0]
    assert table["columns"] == ["#Params", "CoLA", "SST-2", "GLUE"]
    assert table["train_sizes"] == {"CoLA": "8.5k", "SST-2": "67k"}
    assert table["n_rows"] == 1 and table["row_labels"] == ["BERT"]
    notes = [(n["kind"], n["line_no"], n["token"]) for n in p["parse_notes"]]
    assert ("header_alias", 3, "#Parame") in notes and ("header_alias", 4, "GLCL") in notes
    assert ("ocr_noise", 4, "mi ai aiiis") in notes
    assert values(p, column="#Params")[0]["column_raw"] == "#Parame"


def test_unparseable_cells_are_noted_not_fatal():
    text = "Model\tA\tB\tC\tD\nX\t8.2.1\tNaN\t８２.２\t--"
    p = parse(text)
    # "--" is a missing mark (not reported), never a value
    assert [(v["column"], v["value"], v["part"]) for v in p["table_values"]] == [
        ("C", "82.2", "value"), ("D", "", "missing")]
    assert Counter(kinds(p)) == Counter({"unparseable_cell": 2, "normalised_digits": 1})
    assert all(n["line_no"] == 2 and n["raw"] == text.split("\n")[1] for n in p["parse_notes"])


def test_caption_unit_and_footnote_marker():
    text = "\tGPU\tPhone\nBERT-base\t0.22\t10.20*\n\nTable 3: Inference latency (in seconds), phone marked by *."
    p = parse(text)
    assert [(v["value"], v["unit"], v["flag"]) for v in p["table_values"]] == [("0.22", "s", ""), ("10.20", "s", "footnote")]


def test_compression_notes_base_model_and_uncertainty():
    text = "\n".join([
        "SOME PAPER TITLE IN CAPITAL LETTERS",
        "BERT-BASE:",
        "1/6: 84 => 78",
        "BERT-Large: 1/4: 84(?) => 84",
        "Retrain the teacher New tearcher: 1/10: 87 => 84",
        "BERT-Base: 1/2: 84 => 82.5 1/3.5: 84 => 80 1/10: 84 => 78",
        "1/25: 86 (?)=> 72",
        "Severe Performance Drop",
        "Winner:",
    ])
    p = parse(text)
    comp = [(a["line_no"], a["base_model"], a["ratio"], a["before"], a["after"], a["uncertain"])
            for a in p["annotations"] if a["kind"] == "compression"]
    assert comp == [
        (3, "BERT-BASE", "1/6", "84", "78", False),
        (4, "BERT-Large", "1/4", "84", "84", True),
        (5, "BERT-Large", "1/10", "87", "84", False),
        (6, "BERT-Base", "1/2", "84", "82.5", False),
        (6, "BERT-Base", "1/3.5", "84", "80", False),
        (6, "BERT-Base", "1/10", "84", "78", False),
        (7, "BERT-Base", "1/25", "86", "72", True),
    ]
    assert [a["qualifier"] for a in p["annotations"] if a["line_no"] == 5] == ["Retrain the teacher New tearcher"]
    notes = [(a["line_no"], a["text"]) for a in p["annotations"] if a["kind"] == "note"]
    assert notes == [(8, "Severe Performance Drop"), (9, "Winner:")]
    assert all(a["paper"] == "SOME PAPER TITLE IN CAPITAL LETTERS" for a in p["annotations"])


def test_referenced_figure_caption():
    p = parse("Figure 1: (Blue) The best accuracy.\n\nA\tB\tC\nx\t1\t2")
    (fig,) = [a for a in p["annotations"] if a["kind"] == "referenced_figure"]
    assert fig["text"] == "Figure 1: (Blue) The best accuracy." and fig["line_no"] == 1


def test_slides_empty_sections_and_bullets():
    text = "\n".join([
        "## Motivation",
        "",
        "- Growing models",
        "  - nested point",
        "",
        "## Quantization",
        "",
        "",
        "## Results",
        "Methods\tA\tB",
        "X\t1.0\t2.0",
    ])
    p = parse(text, "slides")
    got = [(a["line_no"], a["kind"], a["section"], a["text"], a.get("level")) for a in p["annotations"]]
    assert got == [(3, "note", "Motivation", "Growing models", 0),
                   (4, "note", "Motivation", "nested point", 1),
                   (6, "empty_section", "Quantization", "Quantization", None)]
    assert p["table_summary"][0]["section"] == "Results" and p["table_summary"][0]["paper"] == ""
    assert p["papers"] == []


def test_parse_note_columns_and_logging(caplog):
    with caplog.at_level("WARNING", logger="paperfig"):
        p = parse("Model\tA\nX\t1e400")
    assert list(p["parse_notes"][0])[:5] == list(contract.PARSE_NOTES)
    assert "unparseable_cell" in caplog.text


# ---------------------------------------------------------------------------- aliases config


def test_load_aliases_from_config():
    aliases = load_aliases(ALIASES)
    assert aliases["#Parame"]["header"] == "#Params"
    assert aliases["#FL OPS"]["header"] == "#FLOPs"
    assert aliases["CLUE"]["header"] == aliases["GLCL"]["header"] == "GLUE"
    assert aliases["MNLIM"]["header"].startswith("MNLI-")
    assert all(entry["reason"] for entry in aliases.values())


@pytest.mark.parametrize("data, message", [
    ([1, 2], "mapping"),
    ({"aliases": {"a": "b"}}, "list"),
    ({"aliases": [{"printed": "a", "header": "b"}]}, "missing: reason"),
    ({"aliases": [{"printed": "a", "header": "b", "reason": "r", "x": 1}]}, "unknown: x"),
    ({"aliases": [{"printed": "a", "header": "", "reason": "r"}]}, "non-empty"),
    ({"aliases": [{"printed": "a", "header": "b", "reason": "r"}] * 2}, "twice"),
])
def test_bad_alias_config_is_a_clear_error(data, message):
    with pytest.raises(ConfigError, match=message):
        validate_aliases(data)


def test_unreadable_alias_file(tmp_path):
    bad = tmp_path / "a.yaml"
    bad.write_text("aliases: [unclosed", encoding="utf-8")
    with pytest.raises(ConfigError, match="YAML"):
        load_aliases(bad)
    with pytest.raises(ConfigError, match="cannot read"):
        load_aliases(tmp_path / "missing.yaml")


# ---------------------------------------------------------------------------- the seeds

SEED_PAGE = "003_24316d2e507e8064.txt"
SEED_SLIDES = "004_4a888fd5f37a0a5a.txt"
_NUM = re.compile(r"[-+]?\d+(?:\.\d+)?")


@pytest.fixture(scope="module")
def seeds():
    aliases = load_aliases(ALIASES)
    out = {}
    for name, shape in ((SEED_PAGE, "page"), (SEED_SLIDES, "slides")):
        doc = read_document(RAW / name)
        assert parse_document(doc, aliases)["shape"] == shape
        out[name] = (doc, parse_page_document(doc, shape, aliases))
    return out


def test_seed_blocks_and_tables(seeds):
    page, slides = seeds[SEED_PAGE][1], seeds[SEED_SLIDES][1]
    blocks = sum(t["blocks"] for t in page["table_summary"] + slides["table_summary"])
    assert blocks == 9
    assert len(page["table_summary"]) + len(slides["table_summary"]) == 8
    assert [t["table_id"] for t in page["table_summary"]] == [contract.table_id("003_24316d2e507e8064", k) for k in range(1, 8)]
    assert [t["first_line"] for t in page["table_summary"]] == [11, 49, 85, 98, 107, 114, 131]
    assert [t["caption_line"] for t in page["table_summary"]] == [29, 47, 83, 105, 112, 118, 135]
    assert [t["paper"][:12] for t in page["table_summary"]] == [
        "EXTREME LANG", "MOBILEBERT: ", "REWEIGHTED P", "FASTER AND J", "FASTER AND J", "FASTER AND J", "WELL-READ ST"]


def test_seed_every_printed_number_once_and_nothing_invented(seeds):
    for doc, parsed in seeds.values():
        for table in parsed["table_summary"]:
            repeated = set(table["repeated_columns"])
            for b_no, ((first, last), cols) in enumerate(zip(table["block_lines"], table["block_columns"])):
                for ln in range(first, last + 1):
                    if ln in table["header_lines"]:
                        continue
                    cells_ = doc.line(ln).split("\t")
                    while cells_ and not cells_[-1].strip():
                        cells_.pop()
                    value_cells = [c for c, name in zip(cells_[len(cells_) - len(cols):], cols)
                                   if not (b_no and name in repeated)]
                    printed = Counter(numbers.decimal_text(numbers.parse_decimal(tok))
                                      for c in value_cells for tok in _NUM.findall(c))
                    stored = Counter(v["value"] for v in parsed["table_values"]
                                     if v["table_id"] == table["table_id"] and v["line_no"] == ln
                                     and not v["carried"] and v["part"] != "missing")
                    assert stored == printed, (doc.source_file, ln)
            dashes = sum(1 for v in parsed["table_values"]
                         if v["table_id"] == table["table_id"] and v["part"] == "missing")
            assert dashes == table["n_missing"]


def test_seed_spot_checks(seeds):
    page, slides = seeds[SEED_PAGE][1], seeds[SEED_SLIDES][1]

    def one(parsed, **where):
        (hit,) = [v for v in parsed["table_values"] if all(v[k] == x for k, x in where.items())]
        return hit

    pair = one(page, line_no=13, column="MRPC (F1/Acc)", part="second")
    assert (pair["value"], pair["part_name"], pair["row_label"], pair["row_label_raw"]) == (
        "84.3", "Acc", "Teacher BERT-base", "Teacher BERT _{BASE}")
    delta = one(page, line_no=88, column="CoLA", part="delta")
    assert (delta["value"], delta["raw_cell"], delta["row_label"]) == ("1.3", "82.8 (+1.3)", "RPP")
    zero = one(page, line_no=93, column="RTE", part="delta")
    assert zero["value"] == "-0.0"
    carried = one(page, line_no=16, column="Vocab Size")
    assert (carried["value"], carried["carried"], carried["carried_from_line"], carried["raw_cell"]) == (
        "4928", True, 17, "")
    up = one(page, line_no=24, column="Compress Factor")
    assert (up["value"], up["unit"], up["carried_from_line"]) == ("61.94", "x", 25)
    upper = one(page, line_no=26, column="Compress Factor")
    assert upper["flag"] == "uppercase-x" and not upper["carried"]
    packed = one(page, line_no=132, row_label="Sun et al. (2019a)", column="QQP (f1/acc)", part="first")
    assert (packed["value"], packed["row_group"], packed["part_name"]) == ("70.7", "test", "f1")
    spaced = one(page, line_no=133, row_label="Sanh (2019)", column="QQP (f1/acc)", part="second")
    assert (spaced["value"], spaced["raw_cell"]) == ("90.6", "87.7 /90.6")
    sub = one(page, line_no=101, column="Performance Drop (absolute %age)", part="second")
    assert sub["value"] == "1.3"
    mnli = one(page, line_no=57, column="MNLI-m/mm", part="second")
    assert (mnli["value"], mnli["part_name"], mnli["raw_cell"]) == ("83.4", "mm", "84.3/ 83.4")
    assert one(page, line_no=54, column="GLUE")["part"] == "missing"
    group = one(slides, line_no=56, column="Model Size: w/o emb")
    assert (group["value"], group["unit"], group["row_label"], group["row_label_raw"], group["row_group"]) == (
        "3", "%", "Unstructured Pruning", "", "Unstructured Pruning")
    assert one(slides, line_no=51, column="Avr.")["value"] == "0.0"
    assert one(slides, line_no=51, column="Avr.")["row_label"] == "BERT-base"


def test_seed_compression_notes_and_papers(seeds):
    page, slides = seeds[SEED_PAGE][1], seeds[SEED_SLIDES][1]
    comp = [a for a in page["annotations"] if a["kind"] == "compression"]
    assert len(comp) == 12
    assert sorted({a["line_no"] for a in comp}) == [33, 35, 37, 59, 61, 67, 69, 120, 139, 141]
    assert [a["uncertain"] for a in comp].count(True) == 3
    assert {a["base_model"] for a in comp} == {"BERT-BASE", "BERT-Large", "BERT-Base"}
    assert len(page["papers"]) == 6  # the RPP title and author block printed twice: one paper
    rpp = [p for p in page["papers"] if p["title"].startswith("REWEIGHTED")][0]
    assert rpp["line_no"] == 63 and rpp["repeated_at"] == [148] and len(rpp["authors"]) == 5
    noted = {a["line_no"] for a in page["annotations"]}
    for author_line in (7, 9, 43, 45, 71, 75, 80, 81, 152, 160, 167):
        assert author_line not in noted
    figures = [a["line_no"] for a in page["annotations"] if a["kind"] == "referenced_figure"]
    assert figures == [127, 137, 146]
    empty = [a["text"] for a in slides["annotations"] if a["kind"] == "empty_section"]
    assert len(empty) == 7 and "Quantization" in empty


# ---------------------------------------------------------------------------- a new page

NEW_PAGE = "\n".join([
    "TINY TRANSFORMERS: DISTILLING ENCODERS FOR EDGE DEVICES",
    "",
    "Alice Moreau¹, Bruno Tanaka², Chen Wei¹",
    "¹University of Somewhere",
    "²Acme Research Lab",
    "{alice.moreau,chen.wei}@somewhere.edu",
    "",
    "Model\tLayers\tParams\tSQuAD\tCoLA",
    "\t\t\t(EM/F1)\t(MCC)",
    "Teacher RoBERTa_{LARGE}\t24\t355M\t88.9/94.6\t68.0",
    "Baseline\t\t\t79.0/86.2\t48.8",
    "Distilled\t6\t40M\t80.1/87.3\t50.2",
    "Distilled + Aug\t\t\t81.0/ 88.1\t51.7",
    "Baseline\t12\t\t82.9/89.6\t53.0",
    "Distilled\t\t60M\t83.4/90.0\t55.1",
    "Distilled + Aug\t\t\t84.2/90.9\t-",
    "",
    "Table 2: Distilled students; layers and parameters are shared within each student size.",
    "",
    "RoBERTa-Large:",
    "",
    "1/3: 90 => 85",
    "",
    "Strong baseline",
    "",
    "Table 3: Quantisation relative to full precision.",
    "",
    "Method\tBits\tMNLI\tSST-2",
    "Full\t32\t90.2 (+0.0)\t96.4 (+0.0)",
    "QAT\t8\t89.9 (-0.3)\t96.1 (-0.3)",
    "\t4\t87.5 (-2.7)\t95.0 (-1.4)",
    "",
    "Figure 2: Accuracy against size.",
])


def test_new_page_parses_without_code_change():
    p = parse(NEW_PAGE)
    assert [x["title"] for x in p["papers"]] == ["TINY TRANSFORMERS: DISTILLING ENCODERS FOR EDGE DEVICES"]
    assert p["papers"][0]["authors"] == ["Alice Moreau", "Bruno Tanaka", "Chen Wei"]
    t1, t2 = p["table_summary"]
    assert (t1["caption_line"], t1["caption_position"], t2["caption_line"], t2["caption_position"]) == (
        18, "below", 26, "above")
    assert t1["columns"] == ["Layers", "Params", "SQuAD (EM/F1)", "CoLA (MCC)"]
    assert t1["row_labels"][0] == "Teacher RoBERTa-large"
    # merged group: 6 carried up to Baseline (line 11) and down to + Aug (line 13); 60M up and down
    layers = {v["line_no"]: (v["value"], v["carried"]) for v in values(p, table_id=t1["table_id"], column="Layers")}
    assert layers == {10: ("24", False), 11: ("6", True), 12: ("6", False), 13: ("6", True),
                      14: ("12", False), 15: ("12", True), 16: ("12", True)}
    params = {v["line_no"]: (v["value"], v["unit"]) for v in values(p, column="Params")}
    assert params[14] == ("60", "M") and params[16] == ("60", "M") and params[11] == ("40", "M")
    em = values(p, line_no=13, column="SQuAD (EM/F1)")
    assert [(v["part_name"], v["value"]) for v in em] == [("EM", "81.0"), ("F1", "88.1")]
    assert values(p, line_no=16, column="CoLA (MCC)")[0]["part"] == "missing"
    qat4 = values(p, line_no=31, column="SST-2")
    assert [(v["row_label"], v["part"], v["value"]) for v in qat4] == [("QAT", "value", "95.0"), ("QAT", "delta", "-1.4")]
    (comp,) = [a for a in p["annotations"] if a["kind"] == "compression"]
    assert (comp["base_model"], comp["ratio"], comp["before"], comp["after"], comp["line_no"]) == (
        "RoBERTa-Large", "1/3", "90", "85", 22)
    kinds_ = [(a["line_no"], a["kind"]) for a in p["annotations"]]
    assert kinds_ == [(22, "compression"), (24, "note"), (33, "referenced_figure")]


def test_two_halves_with_the_caption_after_them_are_one_table():
    text = (
        "A PAPER TITLE ABOUT PRUNING LANGUAGE MODELS\n\n"
        "Method\tRatio\tA\tB\nX\t50.0\t85.3 (-5.6)\t85.1 (-6.1)\nY\t60.0\t80.3 (-1.6)\t81.1 (-1.1)\n"
        "Method\tRatio\tC\tD\nX\t50.0\t75.3 (-6.6)\t90.2 (-1.1)\nY\t60.0\t70.3 (-2.6)\t91.2 (-0.1)\n\n"
        "Table 1: Pruning results.\n"
    )
    parsed = parse_page_document(document_from_text(text, "halves.txt"), "page", {})
    assert [(t["blocks"], t["caption"]) for t in parsed["table_summary"]] == [(2, "Table 1: Pruning results.")]
    assert {v["column"] for v in parsed["table_values"]} == {"Ratio", "A", "B", "C", "D"}


def test_a_header_word_row_of_numbers_is_the_header():
    text = "\n".join(["                 Sequence length", "Model            128     512",
                      "BERT-base        4.2     9.8", "DistilBERT       2.3     5.1"])
    from paperfig.parse import parse_document as parse_all

    p = parse_all(document_from_text(text, "lat.txt"))
    assert sorted((v["line_no"], v["value"]) for v in p["table_values"]) == [
        (3, "4.2"), (3, "9.8"), (4, "2.3"), (4, "5.1")]
    assert [t["row_labels"] for t in p["table_summary"]] == [["BERT-base", "DistilBERT"]]


def test_a_row_named_like_a_header_word_with_results_is_data():
    from paperfig.parse import parse_document as parse_all

    text = "```csv\nMethod,Latency (ms),Accuracy (%)\nBaseline,120,76.4\nPruned,85,75.9\n```\n"
    p = parse_all(document_from_text(text, "csv.md"))
    assert sorted((v["line_no"], v["value"]) for v in p["table_values"]) == [
        (3, "120"), (3, "76.4"), (4, "75.9"), (4, "85")]


def test_a_bare_caption_line_takes_its_text_from_the_next_line():
    from paperfig.parse import parse_document as parse_all

    text = "TABLE IV\nCOMPARISON WITH PRIOR WORK\n\nMethod     AP     AP50\nA          37.4   58.1\nB          40.2   59.6\n"
    p = parse_all(document_from_text(text, "ieee.txt"))
    assert [t["caption"] for t in p["table_summary"]] == ["TABLE IV COMPARISON WITH PRIOR WORK"]
    assert not [n for n in p["parse_notes"] if n["kind"] == "orphan_caption"]


def test_a_numeric_first_column_followed_by_words_is_a_label():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    text = "| Model | Sampling | Acc |\n|---|---|---|\n| 1.3B | uniform | 21.3 |\n| 3B | curriculum | 33.8 |\n"
    parsed = parse_document(document_from_text(text, "numeric_labels.md"), {})
    assert [(v["line_no"], v["value"]) for v in parsed["table_values"]] == [(3, "21.3"), (4, "33.8")]
    assert [v["row_label"] for v in parsed["table_values"]] == ["uniform", "curriculum"]


def test_an_ascending_column_of_whole_numbers_is_the_rows_index():
    from paperfig.documents import document_from_text
    from paperfig.parse import parse_document

    text = "| k | Tokens/s | Latency |\n|---|---|---|\n| 2 | 3,210 | 7.5 |\n| 4 | 5,870 | 8.1 |\n| 8 | 9,020 | 9.9 |\n"
    parsed = parse_document(document_from_text(text, "index_column.md"), {})
    assert [(v["row_label"], v["value"]) for v in parsed["table_values"]] == [
        ("2", "3210"), ("2", "7.5"), ("4", "5870"), ("4", "8.1"), ("8", "9020"), ("8", "9.9")]
    counts = "| Model | Layers | Heads |\n|---|---|---|\n| 1 | 12 | 8 |\n| 2 | 24 | 16 |\n"
    parsed = parse_document(document_from_text(counts, "counts.md"), {})
    assert [v["value"] for v in parsed["table_values"]] == ["1", "12", "8", "2", "24", "16"]  # all whole numbers


def test_clinical_table_values_with_intervals_and_n_percent():
    text = "\n".join([
        "Table 2. Outcomes by alert status.",
        "",
        "                              Alert              No alert           Adjusted HR",
        "                              (n = 820)          (n = 6,410)        [95% CI]",
        "  Age, years, median [IQR]    68 [59–77]         61 [49–72]               –",
        "  Female sex, n (%)           351 (42.8)         3,170 (49.5)             –",
        "  ICU transfer, n (%)         204 (24.9)           498 (7.8)        2.87 [2.41, 3.40]",
        "  Death, n (%)                117 (14.3)           270 (4.2)        2.31 (1.85 to 2.88)",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"]
    assert (5, "low", "59") in got and (5, "high", "77") in got
    assert [g[2] for g in got if g[0] == 7] == ["204", "24.9", "498", "7.8", "2.87", "2.41", "3.40"]
    assert [g[2] for g in got if g[0] == 8] == ["117", "14.3", "270", "4.2", "2.31", "1.85", "2.88"]
    assert {v["column"] for v in parsed["table_values"] if v["line_no"] == 8 and v["part"] == "low"} == {
        "Adjusted HR [95% CI]"}


def test_plus_minus_misread_by_ocr_in_a_single_spaced_table():
    text = "\n".join([
        "Table 3. Dice (mean + std over 5 folds)",
        "",
        "Method Liver Kidney Mean",
        "nnU-Net 95.1 +0.4 91.8+0.9 87.9",
        "TransUNet 94.3 t0.6 90.2 £ 1.3 86.4",
        "Ours (adapted) 95.9+0.2 93.4 + 0.6 90.2",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["column"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert got[:5] == [(4, "Liver", "value", "95.1"), (4, "Liver", "error", "0.4"), (4, "Kidney", "value", "91.8"),
                       (4, "Kidney", "error", "0.9"), (4, "Mean", "value", "87.9")]
    assert [g[3] for g in got if g[0] == 6] == ["95.9", "0.2", "93.4", "0.6", "90.2"]
    assert kinds(parsed).count("ocr_plus_minus") == 6


def test_a_signed_change_after_spaced_plus_minus_misreadings_is_its_own_value():
    text = "\n".join([
        "TABLE 2. Wear by bogie (mean + s.d.)",
        "",
        "Bogie Stiffness Leading Trailing Interval Change",
        "",
        "Std 28.4 0.42 + 0.07 0.19 + 0.04 142,000 —",
        "Soft mod. A 14.6 0.29 + 0.05 0.15 + 0.03 196,000 +38",
        "Soft mod. B 7.9 0.21 + 0.04 0.14 + 0.03 231,000 +63",
        "Stiff 41.0 0.57 + 0.09 0.22 + 0.05 104,000 -27",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["row_label"], v["column"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert [g[4] for g in got if g[0] == 6] == ["14.6", "0.29", "0.05", "0.15", "0.03", "196000", "38"]
    assert (6, "Soft mod. A", "Change", "value", "38") in got and (8, "Stiff", "Change", "value", "-27") in got


def test_a_group_label_between_blank_lines_keeps_the_run_of_rows_going():
    text = "\n".join([
        "Station Class Services Median IQR Night Crew",
        "",
        "Kessock D 47 7 5-9 38.3 91.5",
        "Penarth D 112 6 5-8 29.5 94.6",
        "",
        "All-weather (slipway and afloat)",
        "",
        "Cromer slipway 54 14 11-18 46.3 83.3",
        "The Lizard slipway 31 17 13-22 51.6 74.2",
    ])
    parsed = parse(text)
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 8 and v["part"] != "missing"][:3] == [
        "54", "14", "11"]


def test_values_in_pounds_in_a_single_spaced_table_are_values_not_misread_errors():
    text = "\n".join([
        "Table 4. Charge per pupil (£)",
        "",
        "Type of visit Primary Secondary Paid",
        "",
        "Half-day local visit £4.60 £3.00 92",
        "Outdoor centre day £21.30 £ 19.50 81",
        "Overseas trip — £1,050.00 63",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["value"], v["unit"]) for v in parsed["table_values"] if v["part"] != "missing"]
    assert got == [(5, "4.60", "£"), (5, "3.00", "£"), (5, "92", ""), (6, "21.30", "£"), (6, "19.50", "£"),
                   (6, "81", ""), (7, "1050.00", "£"), (7, "63", "")]


def test_ascending_whole_numbers_after_a_short_label_name_the_columns():
    aligned = "\n".join([
        "   Warm-up steps      250      500     1000     2000",
        "   Val. loss        3.341    3.285    3.279    3.276",
        "   Loss spikes          4        1        0        0",
    ])
    tsv = "\n".join(["Variable\tM\tSD\t1\t2\t3", "Age\t41.2\t9.8\t—\t.21\t-.08",
                     "Income\t3.9\t1.1\t.21\t—\t.35", "Tenure\t7.4\t5.0\t-.08\t.35\t—"])
    for text, first_line in ((aligned, 2), (tsv, 2)):
        parsed = parse(text)
        assert min(v["line_no"] for v in parsed["table_values"]) == first_line
    assert [v["column"] for v in parse(aligned)["table_values"]][:4] == ["250", "500", "1000", "2000"]
    # a first row of results that merely grows is data when nothing below holds decimals
    counts = "\n".join(["   Tokens (M)     10     20     40", "   Steps (k)       1      2      4",
                        "   Runs            3      3      3"])
    assert 1 in {v["line_no"] for v in parse(counts)["table_values"]}


def test_a_mathematical_asterisk_is_a_footnote_mark():
    text = "\n".join([
        "Model           Size     MMLU      GSM8K",
        "Baseline          7B     62.1       41.0",
        "Ours              7B    64.7∗      55.3∗",
    ])
    got = {(v["line_no"], v["column"]): (v["value"], v["flag"]) for v in parse(text)["table_values"]}
    assert got[(3, "MMLU")] == ("64.7", "footnote") and got[(3, "GSM8K")] == ("55.3", "footnote")


def test_regression_table_column_numbers_stars_bracketed_errors_and_yes_no_rows():
    text = "\n".join([
        "                              (1)          (2)          (3)",
        "                            Tickets      Tickets    Resolution",
        "                                                    time (h)",
        "   Treated                  1.842***     1.617***     −2.31**",
        "                            [0.311]      [0.298]      [0.94]",
        "   Tenure (years)                        0.093        −0.41",
        "                                         [0.071]      [0.29]",
        "   Week fixed effects         No           Yes          Yes",
        "   Observations             12,408       12,408       11,962",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["column"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert [g for g in got if g[0] == 4] == [(4, "(1) Tickets", "value", "1.842"), (4, "(2) Tickets", "value", "1.617"),
                                             (4, "(3) Resolution time (h)", "value", "-2.31")]
    assert [(g[2], g[3]) for g in got if g[0] == 5] == [("error", "0.311"), ("error", "0.298"), ("error", "0.94")]
    assert [g[3] for g in got if g[0] == 9] == ["12408", "12408", "11962"]
    assert len(parsed["table_summary"]) == 1 and "text_cell" in kinds(parsed)
    assert "unparseable_cell" not in kinds(parsed)


def test_a_column_of_counts_after_the_label_is_data_not_label_text():
    text = "\n".join([
        "Language Queries nDCG@10 gain",
        "English 812 0.681 +0.09",
        "German 247 0.655 +0.07",
        "French 98 0.642 +0.05",
        "Other 1,203 0.610 +0.04",
    ])
    got = [(v["line_no"], v["value"]) for v in parse(text)["table_values"] if v["line_no"] == 2]
    assert got == [(2, "812"), (2, "0.681"), (2, "0.09")]
    labels = "\n".join(["Model Acc F1", "ResNet 50 76.1 74.0", "ResNet 101 77.4 75.2", "ResNet 152 78.3 76.1"])
    assert {v["row_label"] for v in parse(labels)["table_values"]} == {"ResNet 50", "ResNet 101", "ResNet 152"}


def test_nature_style_and_extended_data_captions():
    text = "\n".join(["Extended Data Table 2 | Ablations", "", "| Variant | MMLU |", "|---|---|",
                      "| no KD | 60.1 |", "| no aug | 62.0 |"])
    parsed = parse(text)
    assert parsed["table_summary"][0]["caption"] == "Extended Data Table 2 | Ablations"


def test_a_row_of_years_with_a_blank_label_cell_and_a_word_column_names_the_columns():
    text = "\n".join([
        "                     2019      2020      2021     Change (%)",
        "    Onshore wind     61.4      63.9      66.2        7.8",
        "    Offshore wind     8.2       9.6      10.9       32.9",
    ])
    parsed = parse(text)
    assert {v["line_no"] for v in parsed["table_values"]} == {2, 3}
    assert [v["column"] for v in parsed["table_values"] if v["line_no"] == 2] == ["2019", "2020", "2021", "Change (%)"]


def test_mean_se_with_tukey_letters_under_a_header_with_units_and_site_groups():
    text = "\n".join([
        "                    Grain yield        Biomass                 AEN",
        "  Site / N rate     (t ha−1)           (t ha−1)        HI      (kg kg−1)",
        "  Embu",
        "    N0              3.12 ± 0.14 c      7.61 ± 0.33 c   0.41    –",
        "    N60             4.37 ± 0.19 b      10.05 ± 0.41 b  0.43    20.8 ± 1.6 a",
        "  Kiboko",
        "    N0              1.87 ± 0.11 c      4.72 ± 0.26 c   0.40    –",
        "    N60             2.96 ± 0.17 b      6.88 ± 0.35 ab  0.43    18.2 ± 2.1 a",
    ])
    parsed = parse(text)
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["part"] != "missing"]
    assert [g for g in got if g[0] == 5] == [(5, "value", "4.37"), (5, "error", "0.19"), (5, "value", "10.05"),
                                             (5, "error", "0.41"), (5, "value", "0.43"), (5, "value", "20.8"),
                                             (5, "error", "1.6")]
    assert not [v for v in parsed["table_values"] if v["line_no"] in (3, 6)]  # the sites' rows hold no value
    assert parsed["table_summary"][0]["columns"][0] == "Grain yield (t ha−1)"


def test_a_raised_decimal_point_of_an_old_print_holds_its_column_s_place():
    text = "\n".join([
        "Age group  n  RT  SD",
        "20-29 6 214 31.2",
        "30-39 7 237 35·8",
        "40-49 5 251 38.0",
    ])
    got = [(v["line_no"], v["value"]) for v in parse(text)["table_values"] if v["line_no"] == 3]
    assert got == [(3, "7"), (3, "237")]
    misread = "Month pH DO BOD TSS\nJuly 7.6 7.9 1.21 188\nAugust 7.7 1.48 l90 24\nSeptember 7.5 8.2 1.30 176"
    assert [v["value"] for v in parse(misread)["table_values"] if v["line_no"] == 3] == ["7.7", "1.48", "24"]


def test_a_text_column_after_the_values_keeps_the_row_and_gives_no_cell_notes():
    aligned = "\n".join([
        " Dataset        Domain      #Docs     #Q        Avg. len   Answer",
        " NarrativeQA    fiction     355       10,557    62,104     Abs.",
        " Qasper         science     416       1,451     4,912      Ext./Abs.",
        " QuALITY        fiction     115       2,128     5,847      MC",
    ])
    parsed = parse(aligned)
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 2] == ["355", "10557", "62104"]
    assert parsed["table_summary"][0]["columns"][-1] == "Answer"
    assert "text_column" in kinds(parsed) and "unparseable_cell" not in kinds(parsed)
    pipe = "| Model | Acc | License |\n|---|---|---|\n| A | 81.2 | MIT |\n| B | 79.4 | Apache-2.0 |"
    parsed = parse(pipe)
    assert [v["value"] for v in parsed["table_values"]] == ["81.2", "79.4"]
    assert not {"unparseable_cell", "non_numeric_cell"} & set(kinds(parsed))


def test_a_column_of_misread_numbers_is_no_text_column():
    text = "| Model | Acc | F1 |\n|---|---|---|\n| A | 81.2 | 4l9 |\n| B | 79.4 | 55O |"
    parsed = parse(text)
    assert kinds(parsed).count("unparseable_cell") == 2 and "text_column" not in kinds(parsed)


def test_a_trial_table_of_mean_sd_differences_with_ci_and_p_value_bounds():
    text = "\n".join([
        "                               Intervention      Usual care        Adjusted difference",
        "     Outcome                   (n=301)           (n=297)           (95% CI)*                  P value",
        "     Systolic BP (mm Hg)       128.4 (13.9)      134.1 (14.6)      −5.4 (−7.6 to −3.2)        <0.001",
        "     Weight (kg)               84.7 (15.2)       85.9 (15.8)       −0.9 (−1.8 to 0.0)         0.05",
        "     Score                     6.8 (1.3)         6.4 (1.5)         1.24 (1.10 to 1.40)†       <0.001",
    ])
    parsed = parse(text)
    got = [v["value"] for v in parsed["table_values"] if v["line_no"] == 3 and v["part"] != "missing"]
    assert got == ["128.4", "13.9", "134.1", "14.6", "-5.4", "-7.6", "-3.2", "0.001"]
    assert len([v for v in parsed["table_values"] if v["line_no"] == 5]) == 8


def test_a_bare_range_is_an_interval_only_under_a_header_naming_one():
    text = "\n".join(["| Return period | Flow (m³/s) | 95% CI (m³/s) | Years |", "|---|---|---|---|",
                      "| 2-year | 412 | 421–474 | 1990–2010 |", "| 100-year | 856 | 831–1,048 | 2011–2020 |"])
    parsed = parse(text)
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 4]
    assert got == [(4, "value", "856"), (4, "low", "831"), (4, "high", "1048")]


def test_a_right_border_that_ocr_printed_after_a_row_is_no_cell():
    text = "\n".join([
        "Material Structure Expt. PBE HSE06",
        "Si diamond 1.17 0.58 1.21",
        "| ZnO wurtzite 3.44 0.73 2.49",
        "Ti02 (anatase) tetragonal 3.20 2.15 3.35 |",
    ])
    assert [v["value"] for v in parse(text)["table_values"] if v["line_no"] == 4] == ["3.20", "2.15", "3.35"]


def test_a_header_whose_second_line_opens_with_the_label_column_s_unit():
    """``Dose`` over ``(mg/kg)``: the unit line is the header's, and the doses then name the rows."""
    text = "\n".join([
        "  Dose        Survival      Weight",
        "  (mg/kg)     day 7 (%)     change (g)",
        "",
        "   0.5        92 ± 4        1.8 ± 0.6",
        "   1.0        85 ± 6        1.1 ± 0.7",
        "   2.0        71 ± 8       -0.4 ± 0.9",
        "   4.0        48 ± 9       -2.2 ± 1.1",
    ])
    parsed = parse(text)
    assert parsed["table_summary"][0]["header_lines"] == [1, 2]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["85", "6", "1.1", "0.7"]
    # an enumerating label '(a)' over a row of values is a data row, never a unit
    rows = "\n".join(["        Tok.     EMA      Top-1      Δ        mIoU", "",
                      "(a)     ✗        ✗        79.8       (−3.9)   41.2",
                      "(b)     ✓        ✗        81.1       (−2.6)   42.9",
                      "(c)     ✓        ✓        83.7                45.8"])
    got = parse_document(document_from_text(rows, "ablation.txt"), {})
    assert got["table_summary"][0]["header_lines"] == [1]
    assert [v["value"] for v in got["table_values"] if v["line_no"] == 3 and v["value"]] == ["79.8", "-3.9", "41.2"]


def test_settings_with_a_unit_name_the_rows_and_a_tukey_group_is_no_packed_row():
    text = "\n".join(["| Temperature | Yield (g/L) | Protein (%) |", "|---|---|---|",
                      "| 20 °C | 4.12 ± 0.05 a | 31.2 ± 0.8 b |", "| 25 °C | 4.87 ± 0.06 b | 33.9 ± 0.7 a |",
                      "| 30 °C | 4.31 ± 0.04 a | 32.0 ± 0.9 ab |"])
    parsed = parse_document(document_from_text(text, "temps.md"), {})
    assert parsed["table_summary"][0]["row_labels"] == ["20 °C", "25 °C", "30 °C"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["4.12", "0.05", "31.2", "0.8"]
    assert "packed_row" not in kinds(parsed)


def test_settings_under_one_unit_with_its_prefixes_name_the_rows():
    # an audiogram's frequencies: 250 Hz, 500 Hz, 1 kHz ... ascend in hertz, not as printed
    text = "\n".join(["| Category | Aided | Unaided |", "|---|---|---|", "| 250 Hz | 1.8 | 0.4 |",
                      "| 500 Hz | -0.6 | 0.2 |", "| 1 kHz | -2.9 | -0.3 |", "| 4 kHz | -9.7 | -1.5 |"])
    parsed = parse_document(document_from_text(text, "gains.md"), {})
    assert parsed["table_summary"][0]["row_labels"] == ["250 Hz", "500 Hz", "1 kHz", "4 kHz"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["-2.9", "-0.3"]
    # out of order, they are values of their own column
    shuffled = text.replace("| 1 kHz |", "| 9 kHz |")
    parsed = parse_document(document_from_text(shuffled, "gains.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 5] == ["9", "-2.9", "-0.3"]


def test_a_group_name_over_the_first_rows_under_a_header_past_a_blank_line():
    # pdftotext -layout: the header, a blank line, the group's name, then rows whose first
    # column (weeks) ascends within the group; a continued page holds a control of one row
    page = "\n".join([
        " Week     ADD           TBS             Mass loss",
        "          (°C·d)                        (%)",
        "",
        " Burial depth 30 cm",
        " 2        248           11.3 ± 1.5      8.4 ± 2.9",
        " 4        471           15.7 ± 2.1      19.8 ± 4.6",
        " 8        902           19.0 ± 1.0      41.5 ± 6.2",
        " 16       1,688         23.3 ± 1.5      63.2 ± 5.1",
        "",
        "",
        "Table 2 (continued)",
        "",
        " Week     ADD           TBS             Mass loss",
        "          (°C·d)                        (%)",
        "",
        " Burial depth 90 cm",
        " 2        196           6.7 ± 1.2       2.1 ± 1.4",
        " 4        383           9.0 ± 1.7       5.6 ± 2.2",
        " 8        741           12.3 ± 2.5      14.9 ± 4.0",
        "",
        "Control (no carcass)",
        " 8        –             –               –",
    ])
    parsed = parse_document(document_from_text(page, "burial.txt"), {})
    first, second = parsed["table_summary"][:2]
    assert first["header_lines"] == [1, 2] and second["header_lines"] == [13, 14]
    got = [(v["line_no"], v["value"]) for v in parsed["table_values"] if v["value"]]
    assert (5, "2") not in got and (5, "248") in got and (8, "1688") in got
    assert (17, "2") not in got and (19, "741") in got and not [g for g in got if g[0] == 22]


def test_a_header_printed_again_with_settings_under_a_repeated_span_docling():
    text = "\n".join(["| Tile | Mass change (%) | Mass change (%) | Mass change (%) | Grade |", "|---|---|---|---|---|",
                      "| Tile | 25 | 50 | 100 | Grade |", "| A-950 | +0.21 | +0.08 | -0.46 | 3 |",
                      "| A-1000 | +0.17 | +0.11 | -0.09 | 2 |", "| B-950 | +0.26 | -0.31 | -2.84 | 4 |"])
    parsed = parse_document(document_from_text(text, "tiles.md"), {})
    table = parsed["table_summary"][0]
    assert table["header_lines"] == [1, 3]
    assert table["columns"][:3] == ["Mass change (%): 25", "Mass change (%): 50", "Mass change (%): 100"]
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3]


def test_decimal_settings_name_the_rows_beside_counts_and_a_repeated_step_marked_apart():
    # a rate test: current densities 0.2 ... 5 name the rows beside whole-number capacities, and
    # the step repeated at the end with a footnote mark ('0.2 b') is no break in their order
    text = "\n".join(["| Current (A/g) | Coated | Bare |", "|---|---|---|", "| 0.2 | 2,846 | 2,512 |",
                      "| 0.5 | 2,611 | 2,087 |", "| 1 | 2,352 | 1,604 |", "| 5 | 1,321 | 418 |",
                      "| 0.2 b | 2,790 | 2,204 |"])
    parsed = parse_document(document_from_text(text, "rates.md"), {})
    assert parsed["table_summary"][0]["row_labels"][:2] == ["0.2", "0.5"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["2846", "2512"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 7] == ["2790", "2204"]


def test_bins_printed_again_under_each_group_are_a_second_label_column():
    text = "\n".join(["| Sex | BMI (kg/m2) | n | PDFF (%) |", "|---|---|---|---|",
                      "| Women | 18.5-24.9 | 88 | 3.1 (2.2-4.5) |", "| | 25.0-29.9 | 71 | 4.8 (3.4-6.7) |",
                      "| | ≥30.0 | 45 | 6.9 (4.9-9.4) |", "| Men | 18.5-24.9 | 76 | 3.8 (2.6-5.3) |",
                      "| | 25.0-29.9 | 83 | 5.1 (3.6-7.0) |", "| | ≥30.0 | 52 | 7.2 (5.0-9.9) |"])
    parsed = parse_document(document_from_text(text, "pdff.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["88", "3.1", "2.2", "4.5"]
    assert parsed["table_summary"][0]["columns"] == ["n", "PDFF (%)"]


def test_signed_settings_with_a_unit_repeated_under_each_group_name_the_rows():
    text = "\n".join(["| Cultivar | Storage | Week 0 | Week 8 |", "|---|---|---|---|",
                      "| Bohemian | −1 °C | 38.9 ± 1.7 | 37.6 ± 2.0 |", "| | 1 °C | 38.9 ± 1.7 | 36.1 ± 1.4 |",
                      "| | 4 °C | 38.9 ± 1.7 | 33.5 ± 1.8 |", "| Maliner | −1 °C | 37.9 ± 2.3 | 37.2 ± 1.9 |",
                      "| | 1 °C | 37.9 ± 2.3 | 35.0 ± 1.6 |", "| | 4 °C | 37.9 ± 2.3 | 32.2 ± 2.5 |"])
    parsed = parse_document(document_from_text(text, "kren.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 3] == ["38.9", "1.7", "37.6", "2.0"]
    assert parsed["table_summary"][0]["columns"] == ["Week 0", "Week 8"]


def test_a_value_and_its_error_with_the_plus_glued_to_it_where_ocr_misread_other_plus_minus_signs():
    text = "\n".join(["| Position | Calibre A | Calibre B |", "|---|---|---|", "| Dial up | +2.4 +0.6 | +5.1 + 1.2 |",
                      "| Crown up | -1.8 + 0.9 | -0.6 +0.4 |"])
    parsed = parse_document(document_from_text(text, "rates.md"), {})
    got = [(v["line_no"], v["part"], v["value"]) for v in parsed["table_values"]]
    assert (3, "value", "2.4") in got and (3, "error", "0.6") in got and (4, "error", "0.4") in got
    # without a misread sign elsewhere, a value and a signed number stay unread (a delta or two cells)
    plain = text.replace("+5.1 + 1.2", "+5.1").replace("-1.8 + 0.9", "-1.8")
    parsed = parse_document(document_from_text(plain, "rates.md"), {})
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3 and v["value"] == "0.6"]


def test_a_first_row_without_a_label_under_the_header_is_data_when_the_next_is_so_too():
    text = "\n".join([" Line   Route     Traction       Change vs.",
                      "        length    energy         diesel-equiv.",
                      "        (km)      (MWh)          (%)",
                      " 24     11.5      3,123.2        −37.9",
                      " 27     8.9       2,151.6        −42.6",
                      " All    80.8     21,151.0        −40.0"])
    parsed = parse_document(document_from_text(text, "lines.txt"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4][-3:] == ["11.5", "3123.2", "-37.9"]


def test_a_first_column_of_mode_indices_names_the_rows():
    text = "\n".join(["| Mode | Unloaded (Hz) | Loaded (Hz) |", "| --- | --- | --- |", "| (0,1) | 291.4 | 277.2 |",
                      "| (1,1) | 464.3 | 553.9 |", "| (2,1) | 622.5 | 829.7 |"])
    parsed = parse_document(document_from_text(text, "modes.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["464.3", "553.9"]
    assert parsed["table_summary"][0]["row_labels"] == ["(0,1)", "(1,1)", "(2,1)"]


def test_a_header_printed_again_under_a_repeated_group_name_docling():
    """Docling repeats a spanning cell in each column and prints the columns' own names as a body
    row that repeats the label column's name: both are the header."""
    text = "\n".join(["| Week | Mass (g) | Acids (g/L) | Acids (g/L) |", "|---|---|---|---|",
                      "| Week | Mass (g) | Lactic | Acetic |", "| 1 | 12.1 ± 0.4 | 0.8 ± 0.1 | 0.2 ± 0.0 |",
                      "| 2 | 14.6 ± 0.5 | 1.9 ± 0.2 | 0.5 ± 0.1 |", "| 4 | 18.0 ± 0.7 | 3.4 ± 0.3 | 0.9 ± 0.1 |"])
    parsed = parse_document(document_from_text(text, "weeks.md"), {})
    table = parsed["table_summary"][0]
    assert table["columns"] == ["Mass (g)", "Acids (g/L): Lactic", "Acids (g/L): Acetic"]
    assert table["header_lines"] == [1, 3] and table["row_labels"] == ["1", "2", "4"]
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3]


def test_settings_repeated_under_each_group_and_a_dash_with_its_footnote():
    text = "\n".join([
        "  Mix      Load (kN)    Strain (%)       Cracks",
        "  M1       10           0.12 ± 0.01      2",
        "           20           0.27 ± 0.02      5",
        "           40           0.61 ± 0.04      11",
        "  M2       10           0.09 ± 0.01      1",
        "           20           0.21 ± 0.02      3",
        "           40           —b               8",
    ])
    parsed = parse_document(document_from_text(text, "mixes.txt"), {})
    assert parsed["table_summary"][0]["row_labels"][:3] == ["10", "20", "40"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 2 and v["value"]] == ["0.12", "0.01", "2"]
    row7 = [(v["part"], v["value"]) for v in parsed["table_values"] if v["line_no"] == 7]
    assert row7 == [("missing", ""), ("value", "8")]  # '—b': not measured, see footnote b


def test_an_index_column_followed_by_a_summary_row():
    text = "\n".join(["| Temp (°C) | Queens | Workers |", "|---|---|---|", "| 5 | 36.8 ± 0.9 | 30.1 ± 1.2 |",
                      "| 10 | 37.1 ± 0.7 | 31.6 ± 1.0 |", "| 15 | 37.4 ± 0.8 | 33.0 ± 0.9 |",
                      "| 20 | 37.9 ± 0.6 | 34.2 ± 1.1 |", "| Slope | 0.07 | 0.21 |"])
    parsed = parse_document(document_from_text(text, "warmup.md"), {})
    assert parsed["table_summary"][0]["row_labels"] == ["5", "10", "15", "20", "Slope"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["37.1", "0.7", "31.6", "1.0"]


def test_years_under_a_spanning_header_printed_again_in_each_column():
    text = "\n".join(["| Plot | Biomass (t/ha) | Biomass (t/ha) | Cover (%) | Cover (%) |", "|---|---|---|---|---|",
                      "| | 2021 | 2022 | 2021 | 2022 |", "| Grazed | 4.2 | 3.8 | 61 | 55 |", "| Fenced | 5.9 | 6.4 | 78 | 83 |"])
    parsed = parse_document(document_from_text(text, "plots.md"), {})
    table = parsed["table_summary"][0]
    assert table["header_lines"] == [1, 3]
    assert table["columns"] == ["Biomass (t/ha): 2021", "Biomass (t/ha): 2022", "Cover (%): 2021", "Cover (%): 2022"]
    assert not [v for v in parsed["table_values"] if v["line_no"] == 3]


def test_an_index_column_whose_label_ocr_closed_with_a_brace():
    text = "\n".join(["| Decile | Burden (%) | Net (%) |", "|---|---|---|", "| 1 (poorest} | 3.87 | -1.34 |",
                      "| 2 | 2.71 | -0.27 |", "| 3 | 2.40 | 0.12 |", "| 4 (richest) | 1.95 | 0.88 |"])
    parsed = parse_document(document_from_text(text, "deciles.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 4] == ["2.71", "-0.27"]


def test_repeated_settings_where_a_group_prints_only_some_and_time_points_under_a_span():
    text = "\n".join([
        "  Surface       Speed (km/h)   Trials   Stop (m)",
        "  Dry           30             5        8.1 ± 0.4",
        "                50             5        21.9 ± 1.1",
        "                70             5        42.6 ± 2.0",
        "  Wet           30             5        10.4 ± 0.6",
        "                50             5        28.3 ± 1.5",
        "  Oily          50             4        39.7 ± 3.2",
    ])
    parsed = parse_document(document_from_text(text, "stops.txt"), {})
    assert parsed["table_summary"][0]["row_labels"] == ["30", "50", "70", "30", "50", "50"]
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 7] == ["4", "39.7", "3.2"]
    table = "\n".join(["| Bean | pH | pH | Protein (%) | Protein (%) |", "|---|---|---|---|---|",
                       "| | 0 h | 48 h | 0 h | 48 h |", "| Soy | 6.1 | 7.0 | 38.2 | 41.5 |", "| Lupin | 5.9 | 6.8 | 36.0 | 39.9 |"])
    parsed = parse_document(document_from_text(table, "beans.md"), {})
    assert parsed["table_summary"][0]["columns"] == ["pH: 0 h", "pH: 48 h", "Protein (%): 0 h", "Protein (%): 48 h"]


def test_an_index_column_whose_last_row_repeats_a_setting_with_a_remark():
    text = "\n".join(["| Rate (C) | Cell A | Cell B |", "|---|---|---|", "| 0.2 | 151.2 | 148.9 |", "| 0.5 | 139.4 | 140.1 |",
                      "| 1 | 121.7 | 129.6 |", "| 2 | 98.3 | 115.0 |", "| 0.2 (recovery) | 147.5 | 147.0 |"])
    parsed = parse_document(document_from_text(text, "rates.md"), {})
    assert not [v for v in parsed["table_values"] if v["value"] in ("0.2", "0.5", "1", "2")]


def test_a_first_column_only_the_header_prints_in_and_years_naming_rows_beside_counts():
    rows = [(1, ["Year Nests", "Eggs", "Fledged"]), (2, ["", "2019", "41", "212"]),
            (3, ["", "2020", "38", "187"]), (4, ["", "2021", "45", "230"])]
    from paperfig import contract
    from paperfig.tablelayout import TableLayout

    layout = TableLayout(document_from_text("\n" * 4, "x.txt"), {}, contract.empty_parsed("x.txt", "x", "page"))
    block = layout.parse_block(rows)
    assert [r.label for r in block.rows] == ["2019", "2020", "2021"]
    assert [c.name for c in block.columns] == ["Eggs", "Fledged"]


def test_a_continued_pipe_table_whose_first_row_the_converter_made_its_header():
    text = "\n".join(["|Pain score (0–10), median (IQR)|4 (3–6)|5 (4–7)|0.02|", "|---|---|---|---|",
                      "|Falls, n|3|7|0.21|", "|Readmissions, n (%)|12 (4.1)|19 (6.3)|0.25|"])
    parsed = parse_document(document_from_text(text, "cont.md"), {})
    assert [v["value"] for v in parsed["table_values"] if v["line_no"] == 1] == ["4", "3", "6", "5", "4", "7", "0.02"]
    # a header of numbers names its columns and holds no data
    sizes = "\n".join(["| Model | 1K | 2K | 4K |", "|---|---|---|---|", "| Base | 81.2 | 79.4 | 75.0 |",
                       "| Ours | 83.5 | 82.9 | 81.1 |"])
    assert not [v for v in parse_document(document_from_text(sizes, "sizes.md"), {})["table_values"] if v["line_no"] == 1]
