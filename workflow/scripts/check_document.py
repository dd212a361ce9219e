"""Apply one document's corrections and run every per-document check.

Standalone: python workflow/scripts/check_document.py parsed.json checked.json \
    --corrections-json '[...]' --settings-json '{...}'
"""

import json

import _bootstrap  # noqa: F401  (puts the paperfig package beside this folder on sys.path)

from paperfig import cli
from paperfig.errors import ConfigError
from paperfig.io import read_json, write_json


def _json_arg(text: str, name: str, kind: type):
    try:
        value = json.loads(text) if text else kind()
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{name}: not valid JSON ({exc})") from None
    if not isinstance(value, kind):
        raise ConfigError(f"{name}: expected a JSON {kind.__name__}")
    return value


def main(args):
    from paperfig.checks import check_document

    corrections = _json_arg(args.corrections_json, "--corrections-json", list)
    settings = _json_arg(args.settings_json, "--settings-json", dict)
    parsed = read_json(args.parsed)
    checked = check_document(parsed, corrections, settings)
    write_json(args.checked, checked)
    counts = {s: sum(1 for row in checked["checks"] if row["severity"] == s) for s in ("error", "warning", "info")}
    cli.log.info("%s: %d correction(s) applied; %d error(s), %d warning(s), %d info", checked["source_file"],
                 len(checked["corrections"]), counts["error"], counts["warning"], counts["info"])


if __name__ == "__main__":
    p = cli.parser(__doc__)
    p.add_argument("parsed")
    p.add_argument("checked")
    p.add_argument("--corrections-json", default="[]", help="this document's correction entries (JSON list)")
    p.add_argument("--settings-json", default="{}", help="check settings (JSON object; config 'checks:')")
    cli.run(p, main)
