# Stage 3: re-draw every figure and re-render every table from the checked data.
#
# One render job per group of documents (common.smk: RENDER_BATCHES, config render:), so
# Python's start-up and the matplotlib or pandas import are paid once per group, not once per
# figure. The outputs are update(): Snakemake keeps them when the job reruns, and the job
# redraws only the documents whose checked data (or the style, formats or paperfig's code)
# changed, so an edit to one document still redraws one document's figures. All of the
# batching (groups, outputs, stamps, the job) is in paperfig.batches; its docstring
# explains it.


def render_output(path, doc):
    """update(): kept across reruns; PNGs and HTML tables also go into `snakemake --report`."""
    if path.endswith(".png"):
        return report(update(path), caption="../report/figure.rst", category="Figures", subcategory=doc)
    if path.endswith(".html"):
        return report(update(path), caption="../report/table.rst", category="Tables", subcategory=doc)
    return update(path)


def render_arguments(batch):
    """The render script's arguments: the kind, each document with its ids, where outputs go."""
    arguments = [
        batch["kind"],
        batch_documents_arg(batch),
        f"--figures-dir {shlex.quote(FIGURES)}",
        f"--processed-dir {shlex.quote(PROCESSED)}",
        f"--report-dir {shlex.quote(REPORT)}",
    ]
    if batch["kind"] == "figures":
        arguments.append(f"--formats {' '.join(FIGURE_FORMATS)}")
    return " ".join(arguments)


for batch in RENDER_BATCHES:

    rule:
        name:
            f"render_{batch['name']}"
        input:
            checked=[checked_json(doc) for doc in batch["docs"]],
            style=FIGURE_STYLE if batch["kind"] == "figures" else [],
        output:
            [render_output(path, path_doc) for path_doc in batch["docs"] for path in batch_outputs(batch, path_doc)],
        log:
            f"logs/render/{batch['name']}.log",
        # Drawing is the longest work: start it before the single combine/report jobs.
        priority: 20 if batch["kind"] == "figures" else 10
        conda:
            "../envs/paperfig.yaml"
        params:
            arguments=render_arguments(batch),
        shell:
            (
                run_script("render_batch.py")
                + (" --style {input.style:q}" if batch["kind"] == "figures" else "")
                + " {params.arguments} --log {log:q}"
            )
