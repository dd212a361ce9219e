# Stage 1: every raw document -> the tidy records of the data contract, its corrections
# applied and its numbers and claims checked (one JSON per document, read by every later stage). The figures and tables a
# document holds are known before this runs (common.smk pre-parses and caches the outlines).


rule extract_document:
    input:
        raw=raw_document,
        aliases=config["header_aliases"],
    output:
        checked=f"{PROCESSED}/docs/{{doc}}/checked.json",
    log:
        "logs/extract_document/{doc}.log",
    # Extract first: every later job waits for these, and they are the cheapest.
    priority: 30
    conda:
        "../envs/paperfig.yaml"
    params:
        # Only this document's entries: editing one correction reruns one document.
        corrections=document_corrections,
        settings=CHECK_SETTINGS,
    shell:
        run_script("extract_document.py") + " {input.raw:q} --checked {output.checked:q} --aliases {input.aliases:q}"
        " --corrections-json {params.corrections:q} --settings-json {params.settings:q} --log {log:q}"
