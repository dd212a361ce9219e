"""The figure of the checks: findings per document and severity, from ``checks.csv``.

One horizontal stacked bar per document (documents on the y axis, most findings on top),
drawn with ``seaborn.histplot`` (``multiple="stack"``, weighted by the counts), the
severities stacked from the left in a fixed order (error, warning, info, then any other severity in
alphabetical order) with colours from seaborn's colour-blind palette. Readable with 5 or 500
documents: the ``top`` documents with most findings are drawn (ties by file name) and the
rest are summed in one row "others (N documents)", in a panel of its own below with its own
x scale (a sum of hundreds of documents would flatten every other bar); a list only one longer than ``top`` is
drawn whole (an "others" row of one document says less than its name). Long file names are
shortened in the middle. With no finding at all the figure says so in words.

seaborn (a second of start-up, without the scipy it needs for no plot here:
``plotting.import_seaborn``) is imported by ``draw_checks_figure`` only: the jobs that import
this module for ``findings_per_document`` do not pay for it.

The figure shows only how many findings of each severity every document has, so most edits
(a value changed, a finding's message reworded) leave it as it was. ``draw_unless_current``
keeps a stamp with the digest of what it drew (:func:`figure_digest`: the drawn rows, the
style, the formats, paperfig's code and the drawing libraries' versions) and, when that is
unchanged and every file exists, touches the files instead of drawing them again (the
rule's outputs are ``update()``, so Snakemake keeps them while the job runs).
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

#: Documents drawn by name; the rest are one "others" row.
TOP_DOCUMENTS = 25
#: Severities in the order they are stacked and listed in the legend.
SEVERITY_ORDER = ("error", "warning", "info")
#: Index into seaborn's "colorblind" palette per severity (vermillion, yellow, blue: apart
#: in hue and in lightness, so they also read in grey).
_PALETTE_INDEX = {"error": 3, "warning": 8, "info": 0}
_OTHER_COLOURS = (4, 2, 5, 6, 7, 9, 1)
#: A document name on the y axis is shortened to this many characters.
LABEL_MAX_CHARS = 40


def severities_in_order(severities) -> list[str]:
    """The fixed order first, then any other severity alphabetically ("" as "unspecified")."""
    seen = {s or "unspecified" for s in severities}
    return [s for s in SEVERITY_ORDER if s in seen] + sorted(seen - set(SEVERITY_ORDER))


def short_name(name: str, max_chars: int = LABEL_MAX_CHARS) -> str:
    """``name`` cut in the middle with "…" when longer than ``max_chars`` (both ends kept:
    numbered file names differ at the start, extensions at the end)."""
    if len(name) <= max_chars:
        return name
    head = (max_chars - 1) // 2
    return name[:head] + "\u2026" + name[len(name) - (max_chars - 1 - head):]


def findings_per_document(checks: list[dict], top: int = TOP_DOCUMENTS) -> tuple[list[str], list[dict]]:
    """``(severities, rows)``: one row per drawn document, most findings first (ties by name),
    ``{"document": name, "n": total, <severity>: count, ...}``, and at most one last row
    ``others (N documents)`` summing the documents after the first ``top``."""
    counts: dict[str, Counter] = {}
    for c in checks:
        doc = c.get("source_file") or "(no document)"
        counts.setdefault(doc, Counter())[c.get("severity") or "unspecified"] += 1
    severities = severities_in_order(s for cnt in counts.values() for s in cnt)
    ranked = sorted(counts, key=lambda d: (-sum(counts[d].values()), d))
    shown, rest = (ranked, []) if len(ranked) <= top + 1 else (ranked[:top], ranked[top:])
    rows = [{"document": d, "n": sum(counts[d].values()), **{s: counts[d][s] for s in severities}} for d in shown]
    if rest:
        total = Counter()
        for d in rest:
            total.update(counts[d])
        rows.append({"document": f"others ({len(rest)} documents)", "n": sum(total.values()),
                     **{s: total[s] for s in severities}})
    return severities, rows


def figure_digest(severities: list[str], rows: list[dict], outputs: dict, style_path=None,
                  top: int = TOP_DOCUMENTS) -> str:
    """The digest of everything the figure depends on: the rows it draws (``findings_per_document``)
    and, as for the render jobs (``batches.render_context``), the style file's content, the
    formats, paperfig's code and the versions of the drawing libraries."""
    from .batches import render_context

    payload = {"severities": severities, "rows": rows, "top": top,
               "context": render_context("checks", style_path, sorted(outputs))}
    return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()


def draw_unless_current(checks: list[dict], outputs: dict, stamp, style_path=None,
                        top: int = TOP_DOCUMENTS) -> dict:
    """``draw_checks_figure``, unless ``stamp`` holds the digest of this drawing and every file
    of ``outputs`` exists: then the files are touched, not drawn again. Writes the stamp after
    drawing. Returns the summary with ``"kept"``: whether the files were kept."""
    from .batches import stamp_holds, touch
    from .io import write_json

    severities, rows = findings_per_document(checks, top)
    digest = figure_digest(severities, rows, outputs, style_path, top)
    if stamp_holds(stamp, digest, outputs.values()):
        touch([*outputs.values(), stamp])
        return {**_summary(checks, rows), "kept": True}
    summary = draw_checks_figure(checks, outputs, style_path, top)
    write_json(stamp, {"digest": digest})
    return {**summary, "kept": False}


def _summary(checks: list[dict], rows: list[dict]) -> dict:
    return {"n_findings": len(checks), "n_documents": len({c.get("source_file") for c in checks}),
            "n_rows": len(rows)}


def _colours(severities: list[str]) -> dict[str, tuple]:
    from .plotting import import_seaborn

    sns = import_seaborn()

    palette = sns.color_palette("colorblind", 10)
    extra = iter(_OTHER_COLOURS)
    return {s: palette[_PALETTE_INDEX[s] if s in _PALETTE_INDEX else next(extra, 7)] for s in severities}


def draw_checks_figure(checks: list[dict], outputs: dict, style_path=None, top: int = TOP_DOCUMENTS) -> dict:
    """Draw the figure into every format of ``outputs`` ({"pdf": path, "png": path, ...}),
    atomically and without timestamps. Returns ``{"n_findings", "n_documents", "n_rows"}``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from .synthesis import _save_all

    severities, rows = findings_per_document(checks, top)
    style = [str(style_path)] if style_path and Path(style_path).exists() else []
    rc = {"svg.hashsalt": "paperfig-checks", "pdf.fonttype": 42, "svg.fonttype": "path"}
    summary = _summary(checks, rows)
    with plt.style.context(["default"] + style), matplotlib.rc_context(rc):
        if not rows:
            fig, ax = plt.subplots(figsize=(7.0, 1.2))
            try:
                ax.set_axis_off()
                ax.text(0.5, 0.5, "The checks found nothing to report.", ha="center", va="center",
                        transform=ax.transAxes)
                _save_all(fig, outputs)
            finally:
                plt.close(fig)
            return summary

        import pandas as pd

        from .plotting import import_seaborn

        sns = import_seaborn()
        labels = [short_name(r["document"]) for r in rows]
        labels = [f"{label} [{i}]" if labels.count(label) > 1 else label for i, label in enumerate(labels, 1)]
        others = rows[-1]["document"].startswith("others (") and len(rows) > top
        panels = [(rows[:-1], labels[:-1]), (rows[-1:], labels[-1:])] if others else [(rows, labels)]
        heights = [len(panel_rows) + (0.6 if others and i else 0) for i, (panel_rows, _) in enumerate(panels)]
        fig, axes = plt.subplots(len(panels), 1, figsize=(7.0, 1.3 + 0.28 * sum(heights)), squeeze=False,
                                 gridspec_kw={"height_ratios": heights})
        try:
            colours = _colours(severities)
            for i, ((panel_rows, panel_labels), ax) in enumerate(zip(panels, axes[:, 0])):
                frame = pd.DataFrame([{"document": label, "severity": s, "findings": r[s]}
                                      for label, r in zip(panel_labels, panel_rows) for s in severities])
                frame["document"] = pd.Categorical(frame["document"], categories=panel_labels, ordered=True)
                # seaborn stacks the last hue level first: reversed, error is on the left
                sns.histplot(data=frame, y="document", weights="findings", hue="severity",
                             hue_order=severities[::-1], multiple="stack", discrete=True, shrink=0.8,
                             palette=colours, edgecolor="white", linewidth=0.5, alpha=1.0, ax=ax,
                             legend=i == 0)
                ax.set_ylabel("")
                ax.set_yticks(range(len(panel_labels)), panel_labels)
                ax.set_ylim(len(panel_labels) - 0.5, -0.5)  # most findings on top
                ax.xaxis.get_major_locator().set_params(integer=True)
                for j, r in enumerate(panel_rows):
                    ax.text(r["n"], j, f" {r['n']}", va="center", ha="left", fontsize="small")
                ax.set_xlim(0, max(r["n"] for r in panel_rows) * 1.12 + 0.5)
                ax.set_xlabel("findings" if i == len(panels) - 1 else "")
            ax = axes[0, 0]
            legend = ax.get_legend()
            if legend is not None:  # in the order of severity, error first
                handles = {t.get_text(): h for t, h in zip(legend.get_texts(), legend.legend_handles)}
                ax.legend([handles[s] for s in severities if s in handles],
                          [s for s in severities if s in handles], title="severity", loc="upper left",
                          bbox_to_anchor=(1.01, 1.0), borderaxespad=0.0)  # outside: covers no bar
            ax.set_title("Findings of the checks per document")
            fig.align_ylabels(axes[:, 0])
            _save_all(fig, outputs)
        finally:
            plt.close(fig)
    return summary
