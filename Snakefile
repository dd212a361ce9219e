# paperfig: extracted paper text -> tidy data -> checks -> figures and tables -> survey report.
#
#   snakemake --cores 4            build everything (report/report.html and report/report.pdf)
#   snakemake -n                   show what an edit would rebuild
#
# The workflow is workflow/Snakefile (with its stages in workflow/rules/*.smk); this file
# only includes it, so Snakemake finds it from the top of the checkout.


include: "workflow/Snakefile"


# `include` keeps the including file's default target (none here): make the workflow's own
# `all` the default, as it is when workflow/Snakefile runs directly or as a module.
workflow.default_target = "all"
