# Stage 1: every raw document -> the tidy records of the data contract, its corrections
# applied and its numbers and claims checked (one checked.json per document, read by every
# later stage). One extract job per group of documents (common.smk: EXTRACT_BATCHES, config
# extract:), so Python's start-up is paid once per group; the job re-reads only the documents
# whose input changed (paperfig.batches explains it all). The figures and tables a document
# holds are known before this runs (common.smk pre-parses and caches the outlines).


for batch in EXTRACT_BATCHES:

    rule:
        name:
            f"extract_{batch['name']}"
        input:
            raw=[DOCS[doc] for doc in batch["docs"]],
            aliases=config["header_aliases"],
        output:
            [update(path) for doc in batch["docs"] for path in extract_outputs(doc, PROCESSED)],
        log:
            batch=f"logs/extract/{batch['name']}.log",
            documents=[extract_log(doc) for doc in batch["docs"]],
        # Extract first: every later job waits for these, and they are the cheapest.
        priority: 30
        conda:
            "../envs/paperfig.yaml"
        params:
            documents=extract_arguments(batch),
            # data/processed, from the first checked.json (data/processed/docs/<doc>/checked.json)
            processed=lambda wildcards, output: os.path.dirname(os.path.dirname(os.path.dirname(output[0]))),
            # Only this group's entries: editing one correction reruns one group, which
            # re-reads one document.
            corrections=batch_corrections(batch),
            settings=CHECK_SETTINGS,
        shell:
            run_script("extract_batch.py") + " {params.documents} --aliases {input.aliases:q}"
            " --processed-dir {params.processed:q} --corrections-json {params.corrections:q}"
            " --settings-json {params.settings:q} --log {log.batch:q}"
