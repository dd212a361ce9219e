"""The report folder goes to Overleaf as it is: a zip of report.tex, sources.bib, figures/ and
tables/ compiles in a fresh folder with latexmk (bibtex run by latexmk), with no undefined
reference or citation; labels are readable; the checks figure is in the checks section;
the BibTeX file, slugs and the checks figure are unit-tested on small inputs."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import zipfile

import pytest

from paperfig.bibtex import author_names, bib_authors, bib_entries, bib_text, render_bib
from paperfig.checks_figure import findings_per_document, severities_in_order, short_name
from paperfig.latex import document_slugs, readable_slug
from paperfig.report import write_report_zip

needs_latexmk = pytest.mark.skipif(shutil.which("latexmk") is None or shutil.which("pdflatex") is None,
                                   reason="latexmk/pdflatex not installed")


# --- slugs and labels ------------------------------------------------------------------------

def test_document_slugs_are_short_readable_and_unique():
    slugs = document_slugs(["003_Ab12.txt", "003 ab12.md", "Überblick (final).txt", "x" * 90 + ".txt",
                            "###.txt"])
    assert slugs["003 ab12.md"] == "003-ab12" and slugs["003_Ab12.txt"] == "003-ab12-2"  # sorted order
    assert slugs["Überblick (final).txt"] == "uberblick-final"
    assert len(slugs["x" * 90 + ".txt"]) <= 40 and slugs["###.txt"] == "doc"
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s) for s in slugs.values())
    assert len(set(slugs.values())) == len(slugs)
    # the same files in another order give the same slugs
    assert document_slugs(reversed(list(slugs))) == slugs
    assert readable_slug("a-very-long-name-with-many-words-in-it-and-more", 20) == "a-very-long-name"


# --- BibTeX ----------------------------------------------------------------------------------

def _balanced(text: str) -> bool:
    depth = 0
    for ch in text:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if depth < 0:
            return False
    return depth == 0


def test_bib_entries_keys_dedup_and_provenance():
    papers = [
        {"source_file": "b.txt", "line_no": "9", "title": "Tiny Models: A Study", "authors": '["Ana Li", "Bo Chen"]'},
        {"source_file": "a.txt", "line_no": "3", "title": "TINY MODELS: a study", "authors": "[]"},
        {"source_file": "a.txt", "line_no": "20", "title": "Tiny models and more", "authors": "Li, Ana et al. (2021)"},
        {"source_file": "a.txt", "line_no": "30", "title": "The Best of Both", "authors": ""},
    ]
    documents = [{"source_file": "c.txt", "shape": "chart", "title": "Accuracy vs. size"},
                 {"source_file": "a.txt", "shape": "page", "title": "ignored: a page"}]
    entries = bib_entries(papers, documents)
    keys = [e["key"] for e in entries]
    # one entry for the same title in two documents, both places in its note
    same = next(e for e in entries if e["title"].lower().startswith("tiny models:"))
    assert same["found"] == [("a.txt", 3), ("b.txt", 9)] and same["names"] == ["Ana Li", "Bo Chen"]
    assert same["key"] == "li-tiny"
    assert "li2021-tiny" in keys  # "Last, First" and a year printed with the authors
    assert "best-both" in keys and "accuracy-vs-size" in keys
    assert len(keys) == len(set(keys)) == 4
    assert all(re.fullmatch(r"[a-z0-9-]+", k) for k in keys)
    text = render_bib(entries)
    assert "note = {Title found in a.txt, line 3; b.txt, line 9}" in text
    assert "howpublished = {Chart description}" in text
    assert "author = {Li, Ana and others}" in text
    assert text == render_bib(bib_entries(list(reversed(papers)), documents))  # order-independent


def test_bib_text_escapes_and_stays_balanced():
    hostile = r"A {b} \input{/etc/passwd} 50% & $x$ #1 ~ ^ _ } {"
    text = bib_text(hostile)
    assert _balanced(text) and r"\input" not in text
    assert r"\textbraceleft{}" in text and r"\%" in text and r"\&" in text
    # a name with "and" or several commas is one name; "et al." is BibTeX's "others"
    assert bib_authors(["Smith and Sons", "A, B, C", "Zhou et al."]) == "{Smith and Sons} and {A, B, C} and Zhou and others"
    assert author_names('["X Y", " ", "Z"]') == ["X Y", "Z"] and author_names("Zhao et al.") == ["Zhao et al."]


# --- the checks figure -----------------------------------------------------------------------

def _checks(counts: dict[str, dict[str, int]]) -> list[dict]:
    return [{"source_file": doc, "severity": sev} for doc, by_sev in counts.items()
            for sev, n in by_sev.items() for _ in range(n)]


def test_findings_per_document_orders_and_caps():
    checks = _checks({f"d{i:03d}.txt": {"info": i % 7 + 1, "error": i % 2} for i in range(40)})
    severities, rows = findings_per_document(checks, top=10)
    assert severities == ["error", "info"]
    assert len(rows) == 11 and rows[-1]["document"] == "others (30 documents)"
    assert [r["n"] for r in rows[:10]] == sorted((r["n"] for r in rows[:10]), reverse=True)
    assert sum(r["n"] for r in rows) == len(checks)
    # one more than the cap is drawn whole: no "others" row of one document
    _, rows = findings_per_document(_checks({f"d{i}": {"warning": 1} for i in range(11)}), top=10)
    assert len(rows) == 11 and not any(r["document"].startswith("others") for r in rows)
    assert severities_in_order(["info", "zz", "", "error"]) == ["error", "info", "unspecified", "zz"]
    assert short_name("a" * 30 + ".txt", 20).endswith("a.txt") and len(short_name("a" * 30 + ".txt", 20)) == 20


def test_checks_figure_draws_and_only_drawing_imports_seaborn(tmp_path):
    code = ("import sys, paperfig.checks_figure, paperfig.report; "
            "assert 'seaborn' not in sys.modules, 'seaborn imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
    from paperfig.checks_figure import draw_checks_figure

    checks = _checks({f"{i:03d}_{'long-name-' * 5}.txt": {"error": i % 3, "info": 2} for i in range(60)})
    out = {"pdf": tmp_path / "c.pdf", "png": tmp_path / "c.png"}
    summary = draw_checks_figure(checks, out, top=25)
    assert summary == {"n_findings": len(checks), "n_documents": 60, "n_rows": 26}
    assert out["pdf"].read_bytes()[:4] == b"%PDF" and out["png"].stat().st_size > 5000
    first = out["pdf"].read_bytes()
    draw_checks_figure(checks, out, top=25)
    assert out["pdf"].read_bytes() == first  # deterministic
    assert draw_checks_figure([], {"png": tmp_path / "none.png"})["n_rows"] == 0


def test_checks_figure_is_kept_while_its_counts_style_and_files_are(tmp_path, monkeypatch):
    """An edit that changes no count of findings keeps the figure (touched, not drawn); a new
    count, another style or a missing file draws it again."""
    import os

    from paperfig import checks_figure

    checks = _checks({"a.txt": {"error": 1, "info": 2}, "b.txt": {"warning": 1}})
    out = {"pdf": tmp_path / "c.pdf", "png": tmp_path / "c.png"}
    stamp = tmp_path / "checks_figure.json"
    drawn = []
    real_draw = checks_figure.draw_checks_figure
    monkeypatch.setattr(checks_figure, "draw_checks_figure", lambda *a, **k: drawn.append(1) or real_draw(*a, **k))

    assert checks_figure.draw_unless_current(checks, out, stamp)["kept"] is False and len(drawn) == 1
    first = out["pdf"].read_bytes()
    for path in [*out.values(), stamp]:
        os.utime(path, (1, 1))
    reworded = [{**c, "message": "reworded"} for c in checks]  # same counts
    summary = checks_figure.draw_unless_current(reworded, out, stamp)
    assert summary["kept"] is True and len(drawn) == 1 and summary["n_findings"] == 4
    assert out["pdf"].read_bytes() == first and all(p.stat().st_mtime > 1 for p in [*out.values(), stamp])

    assert checks_figure.draw_unless_current(checks + _checks({"b.txt": {"info": 1}}), out, stamp)["kept"] is False
    assert len(drawn) == 2
    style = tmp_path / "style.mplstyle"
    style.write_text("font.size: 9\n", encoding="utf-8")
    assert checks_figure.draw_unless_current(checks, out, stamp, style)["kept"] is False
    assert checks_figure.draw_unless_current(checks, out, stamp, style)["kept"] is True
    style.write_text("font.size: 10\n", encoding="utf-8")
    assert checks_figure.draw_unless_current(checks, out, stamp, style)["kept"] is False
    out["png"].unlink()
    assert checks_figure.draw_unless_current(checks, out, stamp, style)["kept"] is False and out["png"].exists()
    assert len(drawn) == 5


# --- the zipped report compiles on its own ---------------------------------------------------

@needs_latexmk
def test_zipped_report_compiles_alone(seed_build, tmp_path):
    report = seed_build.repo / "report"
    tex = (report / "report.tex").read_text(encoding="utf-8")
    assert "../" not in tex and "\\bibliography{sources}" in tex
    labels = re.findall(r"\\label\{([^}]*)\}", tex) + re.findall(r"\\paperfiglabelas\{([^}]*)\}", tex)
    assert labels and all(re.fullmatch(r"(fig|tab|sec):[a-z0-9-]+", label) for label in labels), labels
    assert "fig:checks" in labels and any(re.fullmatch(r"tab:[a-z0-9-]+-3", label) for label in labels)
    checks_section = tex.split(r"\section{Checks}", 1)[1].split(r"\section{", 1)[0]
    assert "figures/checks.pdf" in checks_section
    cites = set(re.findall(r"\\cite\{([^}]*)\}", tex))
    bib_keys = set(re.findall(r"^@misc\{([^,]+),", (report / "sources.bib").read_text(encoding="utf-8"), re.M))
    assert cites and cites == bib_keys

    archive = tmp_path / "overleaf.zip"
    names = write_report_zip(report / "report.tex", archive)
    assert names[0] == "report.tex" or "report.tex" in names
    assert all(n in ("report.tex", "sources.bib") or n.startswith(("figures/", "tables/")) for n in names)
    assert not any(n.endswith(".html") or ".latex" in n for n in names)
    again = tmp_path / "again.zip"
    write_report_zip(report / "report.tex", again)
    assert again.read_bytes() == archive.read_bytes()

    fresh = tmp_path / "fresh"
    with zipfile.ZipFile(archive) as z:
        z.extractall(fresh)
    result = subprocess.run(["latexmk", "-pdf", "-interaction=nonstopmode", "report.tex"], cwd=fresh,
                            capture_output=True, text=True, timeout=170)
    log = (fresh / "report.log").read_text(encoding="utf-8", errors="replace")
    assert result.returncode == 0, result.stdout[-3000:]
    assert (fresh / "report.pdf").stat().st_size > 10_000
    undefined = [line for line in log.splitlines() if "undefined" in line.lower()]
    assert not undefined, undefined
    bbl = (fresh / "report.bbl").read_text(encoding="utf-8")  # bibtex ran, every key resolved
    assert bbl.count("\\bibitem") == len(bib_keys)
