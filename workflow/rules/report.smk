# Stage 4: the survey report, HTML and LaTeX from one context, then the PDF.


rule build_report:
    input:
        csvs=rules.combine_documents.output,
        datapackage=rules.combine_documents.output.datapackage,
        indexes=document_indexes,
    output:
        html=report(f"{REPORT}/report.html", caption="../report/report.rst", category="Report"),
        tex=f"{REPORT}/report.tex",
    params:
        processed=lambda wildcards, input: os.path.dirname(input.datapackage),
        figures=FIGURES,
        tables=f"{REPORT}/tables",
        title=config["report"]["title"],
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/build_report.log",
    shell:
        "python workflow/scripts/build_report.py --processed {params.processed:q} --figures {params.figures:q}"
        " --tables {params.tables:q} --title {params.title:q} --html {output.html:q}"
        " --tex {output.tex:q} --log {log:q}"


rule compile_report_pdf:
    input:
        tex=f"{REPORT}/report.tex",
        indexes=document_indexes,
    output:
        pdf=report(f"{REPORT}/report.pdf", caption="../report/report.rst", category="Report"),
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/compile_report_pdf.log",
    shell:
        "python workflow/scripts/compile_pdf.py {input.tex:q} {output.pdf:q} --log {log:q}"
