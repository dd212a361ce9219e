# paperfig: extracted paper text -> tidy data -> checks -> figures and tables -> survey report.
#
#   snakemake --cores 4            build everything (report/report.html and report/report.pdf)
#   snakemake -n                   show what an edit would rebuild
#
# Stages live in workflow/rules/*.smk; the logic lives in the paperfig package
# (workflow/paperfig/), called by the thin scripts in workflow/scripts/.

from snakemake.utils import min_version

min_version("9.0")


configfile: "config/config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/parse.smk"
include: "workflow/rules/check.smk"
include: "workflow/rules/render.smk"
include: "workflow/rules/report.smk"


localrules:
    all,
    checks_gate,


rule all:
    input:
        default_targets(),
    default_target: True
