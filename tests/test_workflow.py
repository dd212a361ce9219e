"""End-to-end: the whole workflow on a temporary copy of the repository."""

from __future__ import annotations

import csv
import html.parser
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from paperfig.table_render import split_caption
from workflow_helpers import checksums, snakemake

pytestmark = pytest.mark.e2e


def read_csv(path: Path) -> list[dict]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="session")
def built(seed_build):
    return seed_build.repo, seed_build.raw_before, seed_build.result


def test_raw_files_are_never_written(built):
    repo, before, _ = built
    assert checksums(repo / "data" / "raw") == before


def test_every_described_point_is_extracted(built):
    repo, _, _ = built
    points = read_csv(repo / "data/processed/points.csv")
    assert len(points) == 39
    per_file = {}
    for row in points:
        per_file[row["source_file"]] = per_file.get(row["source_file"], 0) + 1
        assert int(row["line_no"]) >= 1 and row["raw"]
    assert sorted(per_file.values()) == [11, 12, 16]
    assert any(row["label"] == "Memory³-2B-SFT" for row in points)
    assert {"XTC-BERT*", "XTC-BERT"} <= {row["series"] for row in points}


def test_axes_have_ranges_and_scales(built):
    repo, _, _ = built
    axes = read_csv(repo / "data/processed/axes.csv")
    assert len(axes) == 3
    for row in axes:
        assert float(row["x_min"]) < float(row["x_max"]) and float(row["y_min"]) < float(row["y_max"])
        assert row["x_scale"] in {"linear", "log"}


def test_figures_and_tables_are_rendered(built):
    repo, _, _ = built
    axes = read_csv(repo / "data/processed/axes.csv")
    for row in axes:
        for ext in ("pdf", "png"):
            assert (repo / "figures" / f"{row['figure_id']}.{ext}").stat().st_size > 1000
        assert not (repo / "figures" / f"{row['figure_id']}.svg").exists()  # SVG only when configured
    summary = read_csv(repo / "data/processed/table_summary.csv")
    assert len(summary) >= 8
    for row in summary:
        assert (repo / "report/tables" / f"{row['table_id']}.tex").exists()
        assert (repo / "report/tables" / f"{row['table_id']}.html").exists()


def test_tables_and_annotations_are_extracted(built):
    repo, _, _ = built
    values = read_csv(repo / "data/processed/tables.csv")
    assert len({row["table_id"] for row in values}) >= 8
    annotations = read_csv(repo / "data/processed/annotations.csv")
    assert sum(1 for row in annotations if row["kind"] == "compression") == 12


def test_data_package_describes_every_csv(built):
    repo, _, _ = built
    package = json.loads((repo / "data/processed/datapackage.json").read_text())
    for resource in package["resources"]:
        path = repo / "data/processed" / resource["path"]
        with path.open(encoding="utf-8") as handle:
            header = next(csv.reader(handle))
        names = [field["name"] for field in resource["schema"]["fields"]]
        assert header == names


def test_data_package_is_valid_for_frictionless(built):
    """Every resource of datapackage.json, checked by the frictionless library itself."""
    frictionless = pytest.importorskip("frictionless")
    repo, _, _ = built
    report = frictionless.validate(str(repo / "data/processed/datapackage.json"))
    problems = [(task.name, [e.note for e in task.errors[:3]]) for task in report.tasks if not task.valid]
    assert report.valid, problems
    assert len(report.tasks) == 14


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.hrefs, self.imgs = set(), [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a" and attrs.get("href", "").startswith("#"):
            self.hrefs.append(attrs["href"][1:])
        if tag == "img":
            self.imgs.append(attrs.get("src", ""))


def test_html_report_is_self_contained_and_links_resolve(built):
    repo, _, _ = built
    links = _Links()
    links.feed((repo / "report/report.html").read_text(encoding="utf-8"))
    assert links.imgs and all(src.startswith("data:image/") for src in links.imgs)
    assert set(links.hrefs) <= links.ids


def test_pdf_is_built_with_every_caption(built):
    repo, _, _ = built
    pdf = repo / "report/report.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext not installed")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    normalised = " ".join(text.split())
    captions = [row["caption"] for row in read_csv(repo / "data/processed/table_summary.csv")]
    captions += [json.loads(p.read_text())["caption"] for p in (repo / "data/processed/figures").glob("*.json")]
    for caption in captions:
        # The report numbers tables itself, so the printed "Table 3:" prefix is not repeated and
        # its emphasis (**Model Quality.**) is dropped: the caption as the renderer shows it.
        words = re.sub(r"^(Figure)\s+\d+\s*[:.]\s*", "", split_caption(caption)[1]).split()[:4]
        if words:
            assert " ".join(words) in normalised, caption
    log = (repo / "report/.latex/report.log").read_text(errors="replace")
    assert "undefined" not in log.lower().replace("undefined control", "")


def test_second_run_has_nothing_to_do(built):
    repo, _, _ = built
    result = snakemake(repo, "-n")
    assert "Nothing to be done" in result.stdout + result.stderr


def test_checks_are_reported(built):
    repo, _, result = built
    checks = read_csv(repo / "data/processed/checks.csv")
    assert checks and {row["severity"] for row in checks} <= {"error", "warning", "info"}
    assert "checks:" in (result.stderr + result.stdout).lower()


def test_snakemake_report_is_built(built):
    repo, _, _ = built
    snakemake(repo, "--report", "report/workflow-report.html")
    text = (repo / "report/workflow-report.html").read_text(encoding="utf-8", errors="replace")
    assert "synthesis.png" in text and "-fig1.png" in text and "-tab1.html" in text


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="chromium not installed (bash workflow/scripts/setup.sh --test)")
def test_html_report_loads_in_headless_chromium(built):
    sync_api = pytest.importorskip("playwright.sync_api")
    repo, _, _ = built
    errors: list[str] = []
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"],
        )
        try:
            for width in (1280, 390):  # a laptop and a phone
                page = browser.new_page(viewport={"width": width, "height": 900})
                page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.goto((repo / "report/report.html").as_uri())
                loaded = page.evaluate("Array.from(document.images).map(i => i.complete && i.naturalWidth > 0)")
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert loaded and all(loaded)
                assert overflow <= 1, f"page wider than a {width}px screen by {overflow}px"
                page.close()
        finally:
            browser.close()
    assert errors == []


def test_rendered_tables_show_exactly_the_extracted_numbers(built):
    from collections import Counter

    from paperfig.table_render import numbers_in_rendered

    repo, _, _ = built
    values: dict[str, Counter] = {}
    for row in read_csv(repo / "data/processed/tables.csv"):
        if row["part"] != "missing":
            values.setdefault(row["table_id"], Counter())[row["value"].lstrip("+")] += 1
    assert len(values) >= 8
    for table_id, expected in values.items():
        for ext in ("tex", "html"):
            rendered = (repo / "report/tables" / f"{table_id}.{ext}").read_text(encoding="utf-8")
            assert Counter(numbers_in_rendered(rendered)) == expected, f"{table_id}.{ext}"


def test_data_raw_holds_the_shared_seeds_verbatim():
    seeds = Path(__file__).resolve().parents[2] / "shared" / "seeds"
    if not seeds.is_dir():
        pytest.skip("../shared/seeds is not beside this checkout")
    raw = Path(__file__).resolve().parents[1] / "data" / "raw"
    assert checksums(seeds).items() <= checksums(raw).items()
