# Stage 1: every raw document -> the tidy records of the data contract (one JSON per document).
# A checkpoint, because the figures and tables a document holds are known only once it is parsed.


checkpoint parse_document:
    input:
        raw=raw_document,
        aliases=config["header_aliases"],
    output:
        parsed=f"{PROCESSED}/docs/{{doc}}/parsed.json",
        manifest=f"{PROCESSED}/docs/{{doc}}/manifest.json",
    conda:
        "../envs/paperfig.yaml"
    log:
        "logs/parse/{doc}.log",
    shell:
        "python workflow/scripts/parse_document.py {input.raw:q} {output.parsed:q} {output.manifest:q}"
        " --aliases {input.aliases:q} --log {log:q}"
