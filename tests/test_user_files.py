"""Only paperfig's own files are ever removed: clean-up deletes only files a run recorded as
its outputs (paperfig.workflow_support.remove_orphan_outputs and WRITTEN_RECORD), so a user's
files in figures/, report/ and data/processed/, even named like paperfig's, stay byte-identical
through build, rebuild and clean-up."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from paperfig.documents import doc_id_for
from paperfig.workflow_support import remove_orphan_outputs
from workflow_helpers import copy_repo, snakemake

USER_FILES = {
    "figures/intro-fig1.pdf": b"%PDF-1.4 the user's own figure\n",
    "figures/intro-fig1.png": b"not a png, the user's",
    "figures/notes.txt": b"my notes\n",
    "figures/.draft.pdf.tmp": b"an editor's temporary\n",
    "report/tables/related-tab1.tex": b"\\begin{table}mine\\end{table}\n",
    "report/manuscript.tex": b"\\documentclass{article}\n",
    "data/processed/my_analysis.csv": b"a,b\n1,2\n",
    "data/processed/figures/x-fig2.json": b"{}\n",
    "data/processed/docs/my_doc/parsed.json": b"{\"mine\": true}\n",
}


def _digests(repo: Path) -> dict[str, str]:
    return {name: hashlib.sha256((repo / name).read_bytes()).hexdigest() for name in USER_FILES
            if (repo / name).exists()}


def test_clean_up_removes_only_recorded_outputs(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    record = tmp_path / "written.json"
    (tmp_path / "figures").mkdir()
    for name in ("a-fig1.pdf", "gone-fig1.pdf", "user-fig1.pdf", ".gone-fig1.pdf.abcd1234.tmp", ".x.tmp"):
        (tmp_path / "figures" / name).write_text("x")
    remove_orphan_outputs(["figures/a-fig1.pdf", "figures/gone-fig1.pdf"], record)
    # first run: nothing recorded before, so nothing removed but a killed write's temporary
    assert sorted(p.name for p in (tmp_path / "figures").iterdir()) == [
        ".x.tmp", "a-fig1.pdf", "gone-fig1.pdf", "user-fig1.pdf"]
    removed = remove_orphan_outputs(["figures/a-fig1.pdf"], record)
    assert removed == ["figures/gone-fig1.pdf"]
    assert sorted(p.name for p in (tmp_path / "figures").iterdir()) == [".x.tmp", "a-fig1.pdf", "user-fig1.pdf"]


@pytest.mark.e2e
def test_user_files_survive_build_rebuild_and_clean_up(tmp_path):
    repo = copy_repo(tmp_path / "repo")
    for name, data in USER_FILES.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_bytes(data)
    before = _digests(repo)
    assert len(before) == len(USER_FILES)
    snakemake(repo)
    assert _digests(repo) == before
    # remove a document: its outputs go, the user's files stay
    raw = sorted(p for p in (repo / "data/raw").iterdir() if p.is_file())[0]
    kept = tmp_path / raw.name
    shutil.move(raw, kept)
    doc_id = doc_id_for(raw.name)
    own = [p for p in (repo / "figures").glob(f"{doc_id}-fig*")] + [repo / "data/processed/docs" / doc_id]
    assert any(p.exists() for p in own)
    snakemake(repo)
    assert _digests(repo) == before
    assert not any(p.exists() for p in own)
    # add it back, and rebuild everything
    shutil.move(kept, raw)
    snakemake(repo)
    snakemake(repo, "--forceall")
    assert _digests(repo) == before
