"""Reading raw documents: decoding, line numbering and stable ids.

Raw files are only ever opened for reading. Every later stage refers to a line by the
1-based index into ``Document.lines``, so the splitting rule here is the provenance rule.
"""

from __future__ import annotations

import codecs
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .errors import DocumentError

#: Documents larger than this are refused: extracted pages are a few kB, and a runaway
#: file should fail fast with a message rather than exhaust memory in every stage.
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024

_SAFE_ID = re.compile(r"[^A-Za-z0-9._-]+")


@dataclass(frozen=True)
class Document:
    source_file: str  # file name as it sits in data/raw/
    doc_id: str  # file-system and TeX safe id derived from the file name
    lines: tuple[str, ...]  # lines[i] is line i + 1
    #: Every line before this one is blank: a view of one part of a file (``segment.masked``
    #: with ``window``), whose readers start here instead of walking the blanks before it.
    start: int = 1

    def line(self, line_no: int) -> str:
        return self.lines[line_no - 1]


#: Ids are at most this long (plus a hash): every output file name is the id and a short
#: suffix ("-fig12.json"), and file systems refuse names over 255 bytes (ENAMETOOLONG).
MAX_ID_CHARS = 80
#: An id ending in a unit repeated 20 times or more ("...aaaaaaaaaaaaaaaaaaaa"): Snakemake
#: takes such a wildcard value for an infinite recursion (PeriodicWildcardError).
_PERIODIC_END = re.compile(r"(.+?)\1{19,}$")


def doc_id_for(file_name: str) -> str:
    """A safe id for a raw file name: letters, digits, ``.``, ``_``, ``-``. A name that had to
    change (unsafe characters), is longer than MAX_ID_CHARS, or ends in a periodic run gets
    a hash of the whole name as suffix, so ids never collide, stay short and never end
    periodically."""
    stem = file_name.rsplit(".", 1)[0] if "." in file_name.lstrip(".") else file_name
    slug = _SAFE_ID.sub("_", unicodedata.normalize("NFKD", stem)).strip("._-") or "doc"
    if slug != stem or len(slug) > MAX_ID_CHARS or _PERIODIC_END.search(slug):
        slug = f"{slug[:MAX_ID_CHARS].rstrip('._-') or 'doc'}-{hashlib.sha1(file_name.encode('utf-8')).hexdigest()[:8]}"
    return slug


def _line_at(data: bytes, pos: int) -> int:
    """The 1-based line (as ``split_lines`` numbers them: CRLF, CR, LF) holding byte ``pos``."""
    return data[:pos].replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1


def decode_bytes(data: bytes, source_file: str) -> str:
    """Decode UTF-8 (with or without BOM) or BOM-marked UTF-16; refuse anything else clearly."""
    if not data.strip():
        raise DocumentError(source_file, None, "document is empty")
    for bom, encoding in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        if data.startswith(bom):
            try:
                return data[len(bom):].decode(encoding)
            except UnicodeDecodeError as exc:
                raise DocumentError(source_file, None, f"invalid UTF-16 text ({exc.reason})") from None
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    if b"\x00" in data:
        line_no = _line_at(data, data.index(b"\x00"))
        raise DocumentError(source_file, line_no, "binary file (contains NUL bytes); expected extracted text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line_no = _line_at(data, exc.start)
        raise DocumentError(
            source_file,
            line_no,
            f"not UTF-8 (byte 0x{data[exc.start]:02x}); re-save the file as UTF-8, "
            "e.g. `iconv -f latin1 -t utf-8`",
        ) from None


def split_lines(text: str) -> tuple[str, ...]:
    """Split on newlines (CRLF and CR too); a final newline does not start an extra line."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return tuple(lines)


def read_document(path: str | Path) -> Document:
    path = Path(path)
    source_file = path.name
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DocumentError(source_file, None, f"cannot read file ({exc.strerror})") from None
    if size > MAX_DOCUMENT_BYTES:
        raise DocumentError(
            source_file, None, f"document is {size / 2**20:.1f} MiB; the limit is {MAX_DOCUMENT_BYTES // 2**20} MiB"
        )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentError(source_file, None, f"cannot read file ({exc.strerror})") from None
    text = decode_bytes(data, source_file)
    return Document(source_file=source_file, doc_id=doc_id_for(source_file), lines=split_lines(text))


def document_from_text(text: str, source_file: str = "test.txt") -> Document:
    """Build a Document from a string (tests, synthetic corpora)."""
    return Document(source_file=source_file, doc_id=doc_id_for(source_file), lines=split_lines(text))
