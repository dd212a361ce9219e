# Stage 4: the survey report, HTML and LaTeX from one context, then the PDF.


rule synthesis:
    input:
        # Only documents with tables or notes: editing a chart description leaves it alone.
        checked=table_documents,
        config=config["synthesis"],
        style=FIGURE_STYLE,
    output:
        points=f"{PROCESSED}/synthesis_points.csv",
        ranking=f"{PROCESSED}/synthesis_ranking.csv",
        unplaced=f"{PROCESSED}/synthesis_unplaced.csv",
        pdf=f"{FIGURES}/synthesis.pdf",
        png=report(f"{FIGURES}/synthesis.png", caption="../report/synthesis.rst", category="Synthesis"),
        svg=[f"{FIGURES}/synthesis.svg"] if "svg" in FIGURE_FORMATS else [],
    log:
        "logs/synthesis.log",
    priority: 20
    conda:
        "../envs/paperfig.yaml"
    params:
        svg=lambda wildcards, output: f"--svg {shlex.quote(output.svg[0])}" if output.svg else "",
    shell:
        run_script("synthesis.py") + " --config {input.config:q} --style {input.style:q}"
        " --points-out {output.points:q} --ranking-out {output.ranking:q}"
        " --unplaced-out {output.unplaced:q} --pdf {output.pdf:q} --png {output.png:q}"
        " {params.svg} --log {log:q} {input.checked:q}"


rule checks_figure:
    input:
        checks=rules.combine_documents.output.checks,
        style=FIGURE_STYLE,
    output:
        # A figure of the report, not of a document: drawn into the report folder itself.
        # update() and a stamp: an edit that changes no count of findings keeps the figure
        # (paperfig.checks_figure.draw_unless_current): 0.4 s instead of 3 s on the seeds.
        pdf=update(f"{REPORT}/figures/checks.pdf"),
        png=report(update(f"{REPORT}/figures/checks.png"), caption="../report/checks.rst", category="Checks"),
        stamp=update(f"{PROCESSED}/checks_figure.json"),
    log:
        "logs/checks_figure.log",
    priority: 25
    conda:
        "../envs/paperfig.yaml"
    shell:
        run_script("checks_figure.py") + " --checks {input.checks:q} --style {input.style:q}"
        " --pdf {output.pdf:q} --png {output.png:q} --stamp {output.stamp:q} --log {log:q}"


rule build_report:
    input:
        csvs=rules.combine_documents.output,
        datapackage=rules.combine_documents.output.datapackage,
        synthesis=rules.synthesis.output,
        synthesis_pdf=rules.synthesis.output.pdf,
        checks_figure=rules.checks_figure.output,
        # (input functions, not lists: Snakemake hashes a listed item once per file in it when
        # the rule also names another rule's outputs, quadratic in the survey's figures)
        rendered=lambda wildcards: rendered_files("pdf", "png", "json", "tex", "html"),
    output:
        html=report(f"{REPORT}/report.html", caption="../report/report.rst", category="Report"),
        tex=f"{REPORT}/report.tex",
        bib=f"{REPORT}/sources.bib",
        # The render jobs copy their figures into report/figures/; this job the synthesis.
        synthesis_copy=f"{REPORT}/figures/{os.path.basename(rules.synthesis.output.pdf)}",
    log:
        "logs/build_report.log",
    conda:
        "../envs/paperfig.yaml"
    params:
        processed=lambda wildcards, input: os.path.dirname(input.datapackage),
        figures=lambda wildcards, input: os.path.dirname(input.synthesis_pdf),
        tables=lambda wildcards, input: next(
            (os.path.dirname(path) for path in input.rendered if path.endswith(".tex")), f"{REPORT}/tables"
        ),
        title=config["report"]["title"],
    shell:
        run_script("build_report.py") + " --processed {params.processed:q} --figures {params.figures:q}"
        " --tables {params.tables:q} --title {params.title:q} --html {output.html:q}"
        " --tex {output.tex:q} --bib {output.bib:q} --figure-files {input.synthesis_pdf:q} --log {log:q}"


rule compile_report_pdf:
    input:
        tex=rules.build_report.output.tex,
        bib=rules.build_report.output.bib,
        figures=lambda wildcards: report_figure_copies(),
        checks_figure=rules.checks_figure.output.pdf,
        tables=lambda wildcards: rendered_files("tex"),
    output:
        pdf=report(f"{REPORT}/report.pdf", caption="../report/report.rst", category="Report"),
    log:
        "logs/compile_report_pdf.log",
    conda:
        "../envs/paperfig.yaml"
    shell:
        run_script("compile_pdf.py") + " {input.tex:q} {output.pdf:q} --log {log:q}"


# On request (snakemake report/overleaf.zip): report.tex, sources.bib, figures/ and tables/,
# a folder that compiles on its own (upload it to Overleaf as a new project).
rule overleaf_zip:
    input:
        tex=rules.build_report.output.tex,
        bib=rules.build_report.output.bib,
        figures=lambda wildcards: report_figure_copies(),
        checks_figure=rules.checks_figure.output.pdf,
        tables=lambda wildcards: rendered_files("tex"),
    output:
        f"{REPORT}/overleaf.zip",
    log:
        "logs/overleaf_zip.log",
    conda:
        "../envs/paperfig.yaml"
    shell:
        run_script("overleaf_zip.py") + " {input.tex:q} {output:q} --log {log:q}"
