# Stage 2: one cross-document pass combines every checked document into the tidy CSVs of
# data/processed/ (with the cross-document checks and the schema validation), then the gate.


rule combine_documents:
    input:
        checked=checked_documents,
        corrections=config["corrections"],
    output:
        points=f"{PROCESSED}/points.csv",
        axes=f"{PROCESSED}/axes.csv",
        legend=f"{PROCESSED}/legend.csv",
        arrows=f"{PROCESSED}/arrows.csv",
        mentions=f"{PROCESSED}/mentions.csv",
        claims=f"{PROCESSED}/claims.csv",
        tables=f"{PROCESSED}/tables.csv",
        table_summary=f"{PROCESSED}/table_summary.csv",
        annotations=f"{PROCESSED}/annotations.csv",
        papers=f"{PROCESSED}/papers.csv",
        parse_notes=f"{PROCESSED}/parse_notes.csv",
        checks=f"{PROCESSED}/checks.csv",
        corrections=f"{PROCESSED}/corrections.csv",
        documents=f"{PROCESSED}/documents.csv",
        datapackage=f"{PROCESSED}/datapackage.json",
    log:
        "logs/combine_documents.log",
    # As soon as every document is read, before the render jobs: while it waits, Snakemake
    # checks its inputs (one per document) again at every scheduling round.
    priority: 25
    conda:
        "../envs/paperfig.yaml"
    params:
        out_dir=lambda wildcards, output: os.path.dirname(output.points),
        settings=CHECK_SETTINGS,
    shell:
        run_script("combine_documents.py") + " --out-dir {params.out_dir:q}"
        " --corrections {input.corrections:q} --settings-json {params.settings:q} --log {log:q}"
        " {input.checked:q}"


rule checks_gate:
    input:
        checks=f"{PROCESSED}/checks.csv",
        # Last: a failing gate (checks.fail_on_error) stops the run only after every report is written.
        reports=report_targets(),
    output:
        passed=f"{PROCESSED}/checks.passed",
    log:
        "logs/checks_gate.log",
    conda:
        "../envs/paperfig.yaml"
    params:
        fail_on_error=config["checks"].get("fail_on_error", True),
    shell:
        run_script("checks_gate.py") + " {input.checks:q} {output.passed:q}"
        " --fail-on-error {params.fail_on_error} --log {log:q}"
