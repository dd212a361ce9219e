"""Render the figures or tables of a group of documents in one process, redrawing only what changed.

A render job pays Python's start-up and the matplotlib (or pandas) import once for its whole
group of documents. Its outputs are marked ``update()`` in the workflow, so Snakemake keeps them
when the job reruns: each document's stamp (``rendered-<kind>.json``) records a digest of what
its outputs were drawn from (its checked.json, the style file, the formats, paperfig's code and
the drawing libraries' versions). A document whose digest and outputs are unchanged is not
redrawn, only touched so Snakemake sees its outputs as current; an edit to one document of the
group therefore redraws that one document.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from .io import read_json, write_json
from .workflow_support import figure_outputs, package_fingerprint, render_stamp, table_outputs

KINDS = ("figures", "tables")
_LIBRARIES = {"figures": ("matplotlib", "adjustText"), "tables": ("pandas", "jinja2")}


@dataclass
class BatchItem:
    """One document of a render job: its checked.json and the ids to render from it."""

    doc_id: str
    checked: str
    ids: list[str]
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> {format: path}
    stamp: str = ""


def _library_versions(kind: str) -> str:
    versions = []
    for name in _LIBRARIES[kind]:
        try:
            versions.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{name}=?")
    return ",".join(versions)


def render_context(kind: str, style_path: str | None, formats: Iterable[str]) -> str:
    """Everything besides a document's own data that its rendered outputs depend on."""
    style = hashlib.sha256(Path(style_path).read_bytes()).hexdigest() if style_path else "-"
    return json.dumps({"kind": kind, "style": style, "formats": list(formats), "code": package_fingerprint(),
                       "libraries": _library_versions(kind)}, sort_keys=True)


def input_digest(item: BatchItem, context: str) -> str:
    digest = hashlib.sha256(context.encode())
    digest.update(json.dumps(item.ids).encode())
    digest.update(Path(item.checked).read_bytes())
    return digest.hexdigest()


def is_current(item: BatchItem, digest: str) -> bool:
    """True when the stamp holds this digest and every output of the document exists."""
    try:
        stamp = read_json(item.stamp)
    except (OSError, ValueError):
        return False
    paths = [p for outs in item.outputs.values() for p in outs.values()]
    return stamp.get("digest") == digest and all(os.path.exists(p) for p in paths)


def _touch(paths: Iterable[str]) -> None:
    for path in paths:
        os.utime(path)


def run_batch(kind: str, items: list[BatchItem], draw: Callable[[dict, str, dict[str, str]], None],
              context: str, log=None) -> dict:
    """Render every item whose input changed with ``draw(checked_doc, id, outputs)``; touch the rest.

    Returns ``{"rendered": [...doc ids], "kept": [...doc ids]}``. A failure stops the job (the
    workflow then restores the previous outputs of the whole group).
    """
    done: dict[str, list[str]] = {"rendered": [], "kept": []}
    for item in items:
        digest = input_digest(item, context)
        if is_current(item, digest):
            _touch([p for outs in item.outputs.values() for p in outs.values()] + [item.stamp])
            done["kept"].append(item.doc_id)
            if log:
                log.info("%s: %s unchanged, kept", item.doc_id, kind)
            continue
        doc = read_json(item.checked)
        for output_id in item.ids:
            draw(doc, output_id, item.outputs[output_id])
        write_json(item.stamp, {"doc_id": item.doc_id, "kind": kind, "ids": item.ids, "digest": digest})
        done["rendered"].append(item.doc_id)
    return done


def batch_items(kind: str, entries: list[tuple[str, str, list[str]]], figures_dir: str, processed_dir: str,
                report_dir: str, formats: Iterable[str]) -> list[BatchItem]:
    """The items of a job from (doc_id, checked.json, ids), with the same output paths the
    workflow declares (``paperfig.workflow_support``)."""
    formats = tuple(formats)
    items = []
    for doc_id, checked, ids in entries:
        if kind == "figures":
            outputs = {i: figure_outputs(i, figures_dir, processed_dir, formats) for i in ids}
        else:
            outputs = {i: table_outputs(i, report_dir) for i in ids}
        items.append(BatchItem(doc_id, checked, list(ids), outputs, render_stamp(doc_id, kind, processed_dir)))
    return items


def draw_figure_files(style_path: str | None):
    """The ``draw`` of a figures job: PDF/PNG(/SVG) and the figure's summary JSON."""
    from .plotting import render_figure

    def draw(doc: dict, figure_id: str, outputs: dict[str, str]) -> None:
        files = {fmt: path for fmt, path in outputs.items() if fmt != "json"}
        summary = render_figure(doc, figure_id, files, style_path=style_path)
        write_json(outputs["json"], {**summary, "roundtrip": "ok"})

    return draw


def draw_table_files():
    """The ``draw`` of a tables job: the LaTeX float and the HTML fragment."""
    from .io import write_text
    from .table_render import render_table

    def draw(doc: dict, table_id: str, outputs: dict[str, str]) -> None:
        latex, html = render_table(doc, table_id)
        write_text(outputs["tex"], latex)
        write_text(outputs["html"], html)

    return draw
