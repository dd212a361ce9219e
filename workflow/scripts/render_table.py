"""Re-render one table of a checked document as a LaTeX float and an HTML fragment.

Standalone: python workflow/scripts/render_table.py checked.json TABLE_ID out.tex out.html
"""

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.io import read_json, write_text
from paperfig.table_render import render_table


def main(args):
    doc = read_json(args.checked)
    latex, html = render_table(doc, args.table_id)
    write_text(args.tex, latex)
    write_text(args.html, html)
    cli.log.info("%s: table %s rendered", doc.get("source_file", args.checked), args.table_id)


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("checked")
    p.add_argument("table_id")
    p.add_argument("tex")
    p.add_argument("html")
    cli.run(p, main)
