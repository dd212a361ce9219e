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
    params:
        svg=lambda wildcards, output: f"--svg {shlex.quote(output.svg[0])}" if output.svg else "",
    priority: 20
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/synthesis.log",
    shell:
        run_script("synthesis.py") + " --config {input.config:q} --style {input.style:q}"
        " --points-out {output.points:q} --ranking-out {output.ranking:q}"
        " --unplaced-out {output.unplaced:q} --pdf {output.pdf:q} --png {output.png:q}"
        " {params.svg} --log {log:q} {input.checked:q}"


rule build_report:
    input:
        csvs=rules.combine_documents.output,
        datapackage=rules.combine_documents.output.datapackage,
        synthesis=rules.synthesis.output,
        synthesis_pdf=rules.synthesis.output.pdf,
        rendered=rendered_files("pdf", "png", "json", "tex", "html"),
    output:
        html=report(f"{REPORT}/report.html", caption="../report/report.rst", category="Report"),
        tex=f"{REPORT}/report.tex",
    params:
        processed=lambda wildcards, input: os.path.dirname(input.datapackage),
        figures=lambda wildcards, input: os.path.dirname(input.synthesis_pdf),
        tables=lambda wildcards, input: next(
            (os.path.dirname(path) for path in input.rendered if path.endswith(".tex")), f"{REPORT}/tables"
        ),
        title=config["report"]["title"],
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/build_report.log",
    shell:
        run_script("build_report.py") + " --processed {params.processed:q} --figures {params.figures:q}"
        " --tables {params.tables:q} --title {params.title:q} --html {output.html:q}"
        " --tex {output.tex:q} --log {log:q}"


rule compile_report_pdf:
    input:
        tex=f"{REPORT}/report.tex",
        synthesis=rules.synthesis.output.pdf,
        rendered=rendered_files("pdf", "tex"),
    output:
        pdf=report(f"{REPORT}/report.pdf", caption="../report/report.rst", category="Report"),
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/compile_report_pdf.log",
    shell:
        run_script("compile_pdf.py") + " {input.tex:q} {output.pdf:q} --log {log:q}"
