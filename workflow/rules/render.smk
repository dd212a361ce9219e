# Stage 3: re-draw every figure and re-render every table from the checked data.


rule render_figure:
    input:
        checked=f"{PROCESSED}/docs/{{doc}}/checked.json",
        style=config["figure_style"],
    output:
        pdf=f"{FIGURES}/{{doc}}-fig{{k}}.pdf",
        png=report(
            f"{FIGURES}/{{doc}}-fig{{k}}.png",
            caption="../report/figure.rst",
            category="Figures",
            subcategory="{doc}",
        ),
        svg=f"{FIGURES}/{{doc}}-fig{{k}}.svg",
        summary=f"{PROCESSED}/figures/{{doc}}-fig{{k}}.json",
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/render_figure/{doc}-fig{k}.log",
    shell:
        "python workflow/scripts/render_figure.py {input.checked:q} {wildcards.doc}-fig{wildcards.k}"
        " {output.pdf:q} {output.png:q} {output.svg:q} --style {input.style:q}"
        " --roundtrip {output.summary:q} --log {log:q}"


rule render_table:
    input:
        checked=f"{PROCESSED}/docs/{{doc}}/checked.json",
    output:
        tex=f"{REPORT}/tables/{{doc}}-tab{{k}}.tex",
        html=report(
            f"{REPORT}/tables/{{doc}}-tab{{k}}.html",
            caption="../report/table.rst",
            category="Tables",
            subcategory="{doc}",
        ),
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/render_table/{doc}-tab{k}.log",
    shell:
        "python workflow/scripts/render_table.py {input.checked:q} {wildcards.doc}-tab{wildcards.k}"
        " {output.tex:q} {output.html:q} --log {log:q}"


rule index_document:
    input:
        manifest=f"{PROCESSED}/docs/{{doc}}/manifest.json",
        outputs=document_outputs,
    output:
        index=f"{PROCESSED}/docs/{{doc}}/outputs.json",
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/index_document/{doc}.log",
    shell:
        "python workflow/scripts/index_document.py --log {log:q} {input.manifest:q} {output.index:q}"
        " {input.outputs:q}"
