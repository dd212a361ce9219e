"""Header repairs: printed (garbled) header text -> the header it stands for.

``config/header_aliases.yaml`` lists one entry per garbled header::

    aliases:
      - printed: "#Parame"
        header: "#Params"
        reason: "OCR cut the last letter"

``load_aliases`` returns ``{printed: {"header": ..., "reason": ...}}``; a header cell whose
whitespace-collapsed text equals ``printed`` exactly (case-sensitive) is replaced by the page
parser, which logs and records every replacement (parse_notes kind "header_alias").
"""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import ConfigError

_ENTRY_KEYS = {"printed", "header", "reason"}


def _clean(text: str) -> str:
    return " ".join(str(text).split())


def load_aliases(path: str | Path) -> dict:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read header aliases ({exc.strerror})") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({exc})") from None
    from .workflow_support import validate_config_file

    validate_config_file(data, "header_aliases", path)  # the shape (workflow/schemas/header_aliases.schema.yaml)
    return validate_aliases(data, str(path))


def validate_aliases(data, where: str = "header aliases") -> dict:
    """Check the YAML shape and return ``{printed: {"header", "reason"}}``."""
    if data is None:
        return {}
    if not isinstance(data, dict) or set(data) - {"aliases"}:
        raise ConfigError(f"{where}: expected a mapping with a single key 'aliases' (a list of entries)")
    entries = data.get("aliases") or []
    if not isinstance(entries, list):
        raise ConfigError(f"{where}: 'aliases' must be a list of entries with printed, header, reason")
    out: dict = {}
    for i, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise ConfigError(f"{where}: entry {i} is not a mapping (printed, header, reason)")
        unknown = set(entry) - _ENTRY_KEYS
        missing = _ENTRY_KEYS - set(entry)
        if unknown or missing:
            raise ConfigError(
                f"{where}: entry {i} must have exactly the keys printed, header, reason"
                + (f"; unknown: {', '.join(sorted(unknown))}" if unknown else "")
                + (f"; missing: {', '.join(sorted(missing))}" if missing else ""))
        for key in _ENTRY_KEYS:
            if not isinstance(entry[key], str) or not entry[key].strip():
                raise ConfigError(f"{where}: entry {i}: '{key}' must be a non-empty string")
        printed = _clean(entry["printed"])
        if printed in out:
            raise ConfigError(f"{where}: entry {i}: printed header {printed!r} is listed twice")
        out[printed] = {"header": _clean(entry["header"]), "reason": entry["reason"].strip()}
    return out


def normalise_aliases(aliases: dict | None) -> dict:
    """Accept the loaded form or a plain ``{printed: header}`` mapping (tests, callers)."""
    out: dict = {}
    for printed, target in (aliases or {}).items():
        if isinstance(target, dict):
            out[_clean(printed)] = {"header": _clean(target["header"]), "reason": target.get("reason", "")}
        else:
            out[_clean(printed)] = {"header": _clean(target), "reason": ""}
    return out
