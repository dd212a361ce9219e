"""Parse OCR'd paper pages and slide decks: tables, notes, papers.

Entry point: :func:`parse_page_document` (called by ``paperfig.parse``). Everything here
recognises *shapes of text*; nothing depends on a particular file.

The tables' layout (header rows, label columns, packed rows, merged cells, two halves) is
read by :mod:`paperfig.tablelayout`; this module walks the page around the tables.

Page rules (documented choices)
-------------------------------
* **Captions** (``Table N:``) attach to the adjacent block (before or after it); when both
  neighbours are blocks, the others' placements decide.
* **Annotations.** ``a/b: x => y`` notes are kind "compression" (several per line allowed),
  with the base model from the line (``BERT-Base: 1/4: ...``) or the last base-model line
  (``BERT-BASE:``); other text before a note on its line is kept as ``qualifier``. A base
  model line never followed by a note becomes a "note". Free text -> "note"; bullets (slides
  and pages) -> "note" with ``level``; ``Figure N:`` captions -> "referenced_figure"; a
  ``## `` heading with no content -> "empty_section". ``section`` is the current heading, or
  the paper title on pages without headings.
* **Papers.** An ALL-CAPS line of three or more words is a paper title; a later line with the
  same title (OCR variants tolerated) switches back to that paper and never makes a new one.
  Author blocks (names with superscript marks or comma lists under a title, affiliations,
  e-mail lines, anonymous-submission lines) go to ``papers.authors`` (names),
  ``affiliations`` and ``emails``; names printed again later go to the paper they belong to.
"""

from __future__ import annotations

import difflib
import heapq
import logging
import re

from . import contract, numbers, patterns
from .aliases import normalise_aliases
from .documents import Document
from .errors import DocumentError
from .tablelayout import Block, TableLayout

log = logging.getLogger("paperfig")

_CAPTION = patterns.CAPTION
_HEADING = patterns.HEADING
_BULLET = patterns.BULLET
_ARROW = r"(?:=+>|-+>|→|⇒)"
_NUM = r"[-+]?\d+(?:\.\d+)?"
_UNCERTAIN = r"\(\s*\?\s*\)"
_COMPRESSION = re.compile(
    rf"(?P<ratio>\d+(?:\.\d+)?\s*/\s*\d+(?:\.\d+)?)\s*:\s*(?P<before>{_NUM})\s*(?P<unc>{_UNCERTAIN})?"
    rf"\s*{_ARROW}\s*(?P<after>{_NUM})(?:\s*(?P<unc2>{_UNCERTAIN}))?"
)
_MODEL_LABEL = re.compile(r"^(?P<m>[A-Za-z][\w.+-]*(?:\s[\w.+-]+){0,2})\s*:$")
_EMAIL = re.compile(r"\{[^{}]*\}\s*@[\w.-]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_SUPMARKS = "¹²³⁴⁵⁶⁷⁸⁹⁰*†‡§¶"
_ANONYMOUS = re.compile(r"\banonymous\s+authors?\b|double[- ]blind|\bunder\s+review\b", re.IGNORECASE)
_ANONYMOUS_WORDS = ("anonymous", "blind", "review")  # one of them is in every match of _ANONYMOUS
_WORD_CHAR = re.compile(r"\w")
_ASCII_CAPITAL = re.compile("[A-Z]")
_MARKED_NAME = re.compile(rf"[A-Za-z][{_SUPMARKS}]")  # a name with a superscript mark ("Li¹")
_NAME = re.compile(r"^[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,4}$")
#: Words that start an affiliation inside a name list ("Denny Zhou Google AI, USA").
_ORG_WORDS = frozenset("""University Institute Research Lab Labs Laboratory Inc Inc. Corp Corporation
College School Department Dept. AI Google Microsoft Facebook Meta Amazon IBM Apple Baidu Huawei
Alibaba Tencent DeepMind OpenAI NVIDIA Intel Samsung USA UK China Germany France Canada Japan
India""".split())


def _capitals(text: str) -> int:
    """How many upper-case letters ``text`` holds (in an ASCII line, found by a pattern: quicker)."""
    return len(_ASCII_CAPITAL.findall(text)) if text.isascii() else sum(map(str.isupper, text))


def _names_marked(text: str) -> int:
    """How many names of ``text`` carry a superscript mark ("Li¹, Wang²")."""
    if text.isascii() and "*" not in text:  # "*" is the only ASCII mark
        return 0
    return len(_MARKED_NAME.findall(text))


def _is_model_name(text: str) -> bool:
    first = text.split()[0] if text.split() else ""
    return sum(ch.isupper() for ch in first) >= 2


def _title_key(text: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", text.upper())


class _TitleIndex:
    """The papers of a page with their titles' keys (capitals and digits) and how often each
    symbol occurs in them, for :meth:`_PageParser._find_paper`. difflib's ratio, 2.0 * M / T (M
    the characters of the matching blocks, T both lengths), is bounded above by the same
    ratio with the shorter length for M, and with the characters the two keys have in
    common for M: a paper whose bounds are below 0.9 is no match, as difflib would say.
    The bounds of every paper are computed at once (numpy) once a page has many papers."""

    SYMBOLS = {c: i for i, c in enumerate("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}
    MANY = 32  # papers from which the bounds are computed as arrays

    def __init__(self) -> None:
        self.keys: list[str] = []  # (paper i's title's key: the papers are the page parser's, in order)
        self.counts: list[list[int]] = []
        self._arrays = None  # (lengths, counts) as arrays, of the first papers

    def add(self, title: str) -> None:
        key = _title_key(title)
        self.keys.append(key)
        self.counts.append(self._counts(key))

    @classmethod
    def _counts(cls, key: str) -> list[int]:
        counts = [0] * len(cls.SYMBOLS)
        for ch in key:
            counts[cls.SYMBOLS[ch]] += 1
        return counts

    def candidates(self, key: str) -> list[int]:
        """The indexes, in order, of the papers whose title may be ``key`` (both bounds >= 0.9)."""
        mine = self._counts(key)
        if len(self.keys) < self.MANY:
            out = []
            for i, (other, counts) in enumerate(zip(self.keys, self.counts)):
                total = len(key) + len(other)
                if (2.0 * min(len(key), len(other)) / total >= 0.9
                        and 2.0 * sum(map(min, mine, counts)) / total >= 0.9):
                    out.append(i)
            return out
        import numpy as np

        if self._arrays is None or len(self._arrays[0]) < len(self.keys):
            done = 0 if self._arrays is None else len(self._arrays[0])
            new = (np.array([len(k) for k in self.keys[done:]], dtype=np.int64),
                   np.array(self.counts[done:], dtype=np.int64))
            self._arrays = new if self._arrays is None else tuple(
                np.concatenate([old, part]) for old, part in zip(self._arrays, new))
        lengths, counts = self._arrays
        total = lengths + len(key)
        common = np.minimum(counts, np.array(mine, dtype=np.int64)).sum(axis=1)
        near = (2.0 * np.minimum(lengths, len(key)) / total >= 0.9) & (2.0 * common / total >= 0.9)
        return np.flatnonzero(near).tolist()


def _is_title(text: str) -> bool:
    s = text.strip()
    if not s or "\t" in text or s.endswith(":") or "@" in s or s[0] in "->•*#":
        return False
    n_upper = _capitals(s)
    if n_upper < 13:  # fewer than 0.85 x the 15 letters a title needs at least: no title
        return False  # (counted in C before any pattern: most lines of a page are prose, rejected here)
    n_letters = sum(map(str.isalpha, s))
    if n_letters < 15 or n_upper < 0.85 * n_letters:
        return False
    if _CAPTION.match(s) or _BULLET.match(text) or _COMPRESSION.search(s):
        return False
    return sum(1 for w in s.split() if any(map(str.isalpha, w))) >= 3


class _PageParser:
    def __init__(self, doc: Document, shape: str, aliases: dict, grids=None):
        self.doc = doc
        self.shape = shape
        self.grids = grids
        self.parsed = contract.empty_parsed(doc.source_file, doc.doc_id, shape)
        # the tables' reader writes into the same records; its notes are the page's notes
        self.layout = TableLayout(doc, normalise_aliases(aliases), self.parsed)
        self.note = self.layout.note

    # ---------------------------------------------------------------- the walk
    def run(self) -> dict:
        blocks: list[Block] = []
        table_lines: dict[int, int] = {}
        if self.grids is None:
            from .tableforms import find_grids

            self.grids = find_grids(self.doc.lines)
        grid_captions: dict[int, tuple[int, str]] = {}
        for grid in self.grids:
            for ln, kind, message in grid.notes:
                self.note(ln, kind, message, level=logging.INFO)
            blk = self.layout.parse_block(grid.rows, grid.first_line, grid.last_line, grid.header_rows,
                                          grid.cell_lines) if grid.rows else None
            for ln in grid.lines:
                table_lines[ln] = len(blocks) if blk else -1
            if blk:
                if grid.caption:
                    grid_captions[len(blocks)] = grid.caption
                blocks.append(blk)
        items = self._items(table_lines, blocks)
        self._assign_captions(items, blocks)
        for b, (line, text) in grid_captions.items():
            if not blocks[b].caption:  # a caption written inside the table (\\caption, <caption>)
                blocks[b].caption, blocks[b].caption_line, blocks[b].caption_position = text, line, "inside"
        self._walk(table_lines, blocks)
        tables = self.layout.merge_halves(blocks)
        self.layout.emit_tables(tables)
        return self.parsed

    def _items(self, table_lines: dict, blocks: list[Block]) -> list[tuple]:
        items: list[tuple] = []
        for ln, line in enumerate(self.doc.lines, 1):
            if ln in table_lines:
                b = table_lines[ln]
                if b >= 0 and (not items or items[-1] != ("block", b)):
                    items.append(("block", b))
                continue
            if line.strip():
                items.append(("line", ln))
        return items

    def _assign_captions(self, items: list[tuple], blocks: list[Block]) -> None:
        cands: dict[int, dict] = {}
        continuation: dict[int, int] = {}  # a bare caption line -> the line holding its text
        for i, (kind, ref) in enumerate(items):
            if kind != "line":
                continue
            m = _CAPTION.match(self.doc.line(ref))
            if not m or patterns.caption_kind(self.doc.line(ref)) != "table":
                continue
            opts = {}
            if i > 0 and items[i - 1][0] == "block":
                opts["below"] = items[i - 1][1]  # caption printed below its block
            if i + 1 < len(items) and items[i + 1][0] == "block":
                opts["above"] = items[i + 1][1]
            elif (not self.doc.line(ref)[m.end():].strip() and i + 2 < len(items) and items[i + 1][0] == "line"
                  and items[i + 2][0] == "block" and not _CAPTION.match(self.doc.line(items[i + 1][1]))):
                # "TABLE III" alone, its text on the next line, then the table
                opts["above"] = items[i + 2][1]
                continuation[ref] = items[i + 1][1]
            cands[ref] = opts
        assigned: dict[int, tuple[int, str]] = {}
        taken: set = set()

        def take(line: int, pos: str) -> None:
            b = cands[line][pos]
            assigned[line] = (b, pos)
            taken.add(b)

        for line, opts in cands.items():
            if len(opts) == 1:
                pos = next(iter(opts))
                if opts[pos] not in taken:
                    take(line, pos)
        # A caption between two blocks goes to the one still free, and taking a block can free
        # the choice of the caption on its other side: passes over the captions in descending
        # line order until one takes nothing. Tables printed back to back, each with its
        # caption, resolve one caption per pass, so a pass re-reads only the captions next to a
        # block just taken (those not yet passed in this pass are read in it, the rest in the
        # next): the same choices as re-reading them all, linear in the captions, not quadratic.
        pending = [line for line, opts in cands.items() if line not in assigned and len(opts) == 2]
        beside: dict[int, list[int]] = {}  # block -> the two-way captions naming it
        for line in pending:
            for b in cands[line].values():
                beside.setdefault(b, []).append(line)
        this_pass = [-line for line in pending]
        while this_pass:
            heapq.heapify(this_pass)
            read: set[int] = set()
            next_pass: set[int] = set()
            while this_pass:
                line = -heapq.heappop(this_pass)
                if line in read or line in assigned:
                    continue
                read.add(line)
                free = [p for p, b in cands[line].items() if b not in taken]
                if len(free) != 1:
                    continue
                take(line, free[0])
                for other in beside[cands[line][free[0]]]:
                    if other in assigned:
                        continue
                    if other < line:
                        heapq.heappush(this_pass, -other)
                    else:
                        next_pass.add(other)
            this_pass = [-line for line in next_pass]
        placed = [pos for _, pos in assigned.values()]
        default = "above" if placed.count("above") > placed.count("below") else "below"
        for line, opts in sorted(cands.items()):
            if line in assigned:
                continue
            free = [p for p, b in opts.items() if b not in taken]
            if free:
                take(line, default if default in free else free[0])
        for line, (b, pos) in assigned.items():
            blocks[b].caption = self.doc.line(line).strip()
            if pos == "above" and line in continuation:
                blocks[b].caption = f"{blocks[b].caption} {self.doc.line(continuation[line]).strip()}"
            blocks[b].caption_line = line
            blocks[b].caption_position = pos
        self.table_captions = set(assigned) | {continuation[line] for line, (_, pos) in assigned.items()
                                               if pos == "above" and line in continuation}

    def _walk(self, table_lines: dict, blocks: list[Block]) -> None:
        papers: list[dict] = []
        self.papers = papers
        self._title_index = _TitleIndex()
        current: dict | None = None
        author_target: dict | None = None
        author_context = False  # since the last title, no table or caption yet
        prev_author = False
        heading = ""
        heading_line = None
        heading_has_content = True
        base_model, base_line, base_used = "", None, True
        done_blocks: set = set()
        lines = self.doc.lines
        ln = 0
        while ln < len(lines):
            ln += 1
            line = lines[ln - 1]
            s = line.strip()
            paper = current["paper"] if current else ""
            section = heading or paper
            if ln in table_lines:
                heading_has_content = True
                author_context = prev_author = False
                b = table_lines[ln]
                if b >= 0 and b not in done_blocks:
                    done_blocks.add(b)
                    blocks[b].paper, blocks[b].section = paper, section
                continue
            if not s:
                continue
            hm = _HEADING.match(line) if "#" in line else None
            if hm:
                if heading_line is not None and not heading_has_content:
                    self._annotation(heading_line, "empty_section", paper, heading, text=heading)
                heading, heading_line, heading_has_content = hm.group("text"), ln, False
                continue
            heading_has_content = True
            cm = _CAPTION.match(line)
            if cm:
                author_context = prev_author = False
                if ln in self.table_captions:
                    continue
                if patterns.caption_kind(line) == "figure":
                    self._annotation(ln, "referenced_figure", paper, section, text=s)
                else:
                    self.note(ln, "orphan_caption", "table caption with no table block next to it", s)
                    self._annotation(ln, "note", paper, section, text=s)
                continue
            if _is_title(line):
                title = " ".join(s.split())
                while ln < len(lines) and _is_title(lines[ln]) and ln + 1 not in table_lines:
                    ln += 1
                    title = f"{title} {' '.join(lines[ln - 1].split())}"
                found = self._find_paper(title)
                if found is None:
                    found = {"paper": title, "line_no": ln, "title": title, "authors": [],
                             "affiliations": [], "emails": [], "author_lines": [], "repeated_at": []}
                    papers.append(found)
                else:
                    found["repeated_at"].append(ln)
                    log.info("%s:%d: title of %r printed again", self.doc.source_file, ln, found["paper"])
                current = author_target = found
                author_context, prev_author = True, False
                continue
            # a note holds a ratio "a/b" ("/" is no character normalise_digits makes)
            notes = list(_COMPRESSION.finditer(numbers.normalise_digits(s))) if "/" in s else []
            if notes:
                base_model, base_line, base_used = self._compressions(
                    ln, s, notes, paper, section, base_model, base_line, base_used)
                prev_author = False
                continue
            mm = _MODEL_LABEL.match(s) if s.endswith(":") else None  # "BERT-BASE:" ends so
            if mm and _is_model_name(mm.group("m")):
                if not base_used:
                    self._annotation(base_line, "note", paper, section, text=self.doc.line(base_line).strip(),
                                     base_model=base_model)
                base_model, base_line, base_used = mm.group("m"), ln, False
                prev_author = False
                continue
            author = self._author_line(s, author_context, prev_author)
            if author is not None:
                author_target = self._add_authors(author, ln, current, author_target)
                prev_author = True
                continue
            prev_author = False
            if "=>" in s or "→" in s:
                self.note(ln, "unparsed_note", "arrow note not of the form 'a/b: x => y'; kept as a note", s)
            bm = _BULLET.match(line)
            text = bm.group("text").strip() if bm else s
            level = len(bm.group("indent").expandtabs(2)) // 2 if bm else ""  # "" = not a bullet
            mention = self._find_paper(re.sub(r"^[-•*>\s]+", "", s)) if bm or s[0] in "->" else None
            extra = {"level": level}
            if mention:
                extra["mentions_paper"] = mention["paper"]
            self._annotation(ln, "note", paper, section, text=text, **extra)
        if heading_line is not None and not heading_has_content:
            self._annotation(heading_line, "empty_section", current["paper"] if current else "", heading,
                             text=heading)
        if not base_used and base_line:
            self._annotation(base_line, "note", "", "", text=self.doc.line(base_line).strip(),
                             base_model=base_model)
        for p in papers:
            self.parsed["papers"].append(contract.record(
                contract.PAPERS, source_file=self.doc.source_file, paper=p["paper"], line_no=p["line_no"],
                title=p["title"], authors=p["authors"], affiliations=p["affiliations"], emails=p["emails"],
                author_lines=p["author_lines"], repeated_at=p["repeated_at"]))
        self.parsed["annotations"].sort(key=lambda r: (r["line_no"], r.get("order", 0)))

    def _annotation(self, line_no: int, kind: str, paper: str, section: str, **values) -> None:
        self.parsed["annotations"].append(contract.record(
            contract.ANNOTATIONS, source_file=self.doc.source_file, line_no=line_no, kind=kind, paper=paper,
            section=section, raw=self.doc.line(line_no), **values))

    def _compressions(self, ln, s, matches, paper, section, base_model, base_line, base_used):
        norm = numbers.normalise_digits(s)
        pos = 0
        for order, m in enumerate(matches):
            prefix = norm[pos:m.start()].strip()
            pos = m.end()
            qualifier = ""
            if prefix:
                label = _MODEL_LABEL.match(prefix)
                if label and _is_model_name(label.group("m")):
                    if not base_used and base_line and base_line != ln:
                        self._annotation(base_line, "note", paper, section,
                                         text=self.doc.line(base_line).strip(), base_model=base_model)
                    base_model, base_line = label.group("m"), ln
                else:
                    qualifier = prefix.rstrip(":").strip()
            base_used = True
            self._annotation(
                ln, "compression", paper, section, base_model=base_model,
                ratio=re.sub(r"\s+", "", m.group("ratio")),
                before=numbers.decimal_text(numbers.parse_decimal(m.group("before"))),
                after=numbers.decimal_text(numbers.parse_decimal(m.group("after"))),
                uncertain=bool(m.group("unc") or m.group("unc2")), text=s[m.start():m.end()],
                order=order, qualifier=qualifier, base_model_line=base_line or "")
        rest = norm[pos:].strip()
        if rest:
            self._annotation(ln, "note", paper, section, text=rest, order=len(matches))
        return base_model, base_line, base_used

    # ---------------------------------------------------------------- papers & authors
    def _find_paper(self, title: str) -> dict | None:
        """The first paper whose title is this one's, letters and digits compared (a similarity
        of 0.9 or more: OCR misreads a letter or two). Asked of every title and bullet, so the
        papers are first ruled out by two bounds of the similarity that need no alignment,
        the lengths and the letters in common (:class:`_TitleIndex`): the same answers,
        without a cost quadratic in the titles when a page prints many capitalised lines."""
        key = _title_key(title)
        if len(key) < 10:
            return None
        index = self._title_index
        for p in self.papers[len(index.keys):]:  # (papers added since the last question)
            index.add(p["title"])
        for i in index.candidates(key):
            other = index.keys[i]
            if key == other or difflib.SequenceMatcher(None, key, other).ratio() >= 0.9:
                return self.papers[i]
        return None

    @staticmethod
    def _split_names(text: str) -> tuple[list[str], list[str]]:
        names, affs = [], []
        for item in re.split(r",|&|\band\b|;", text):
            item = re.sub(rf"[{_SUPMARKS}]|\d+$", " ", item)
            item = " ".join(item.split())
            if not item:
                continue
            words = item.split()
            cut = next((i for i, w in enumerate(words) if w in _ORG_WORDS and i >= 2), None)
            if cut is not None:
                names.append(" ".join(words[:cut]))
                affs.append(" ".join(words[cut:]))
            elif _NAME.match(item) and not any(w in _ORG_WORDS for w in words):
                names.append(item)
            else:
                affs.append(item)
        return names, affs

    def _author_line(self, s: str, context: bool, prev_author: bool) -> dict | None:
        if patterns.may_contain(s, _ANONYMOUS_WORDS) and _ANONYMOUS.search(s):
            return {"names": ["Anonymous authors"] if re.search(r"anonymous", s, re.I) else [],
                    "affiliations": [], "emails": [], "status": s}
        has_at = "@" in s  # every e-mail pattern holds an "@": most lines are read without them
        emails = [" ".join(e.split()) for e in _EMAIL.findall(s)] if has_at else []
        rest = (_EMAIL.sub(" ", s) if has_at else s).strip()
        if not _WORD_CHAR.search(rest):
            rest = ""
        if rest and rest[0] in _SUPMARKS and not rest[0] == "*" and len(rest) > 1:
            return {"names": [], "affiliations": [rest.lstrip(_SUPMARKS).strip()], "emails": emails}
        if rest and (context or emails or _names_marked(rest) >= 2):
            names, affs = self._split_names(rest)
            if len(names) >= 2 and len(names) >= len(affs):
                return {"names": names, "affiliations": affs, "emails": emails}
        if emails:
            return {"names": [], "affiliations": [rest] if rest else [], "emails": emails}
        if prev_author and any(w.strip(",.") in _ORG_WORDS for w in rest.split()) and not re.search(r"\d", rest):
            return {"names": [], "affiliations": [rest], "emails": []}
        return None

    def _add_authors(self, author: dict, ln: int, current: dict | None, target: dict | None) -> dict | None:
        if author["names"]:
            best, overlap = None, 0
            for p in self.papers:
                common = len(set(author["names"]) & set(p["authors"]))
                if common > overlap:
                    best, overlap = p, common
            if best is not None and overlap * 2 >= len(author["names"]):
                target = best  # the author block of a known paper printed again
            elif current is not None:
                target = current
        if target is None:
            self.note(ln, "orphan_authors", "author/affiliation line before any paper title", level=logging.INFO)
            return None
        for key in ("names", "affiliations", "emails"):
            dest = target["authors" if key == "names" else key]
            for v in author[key]:
                if v not in dest:
                    dest.append(v)
        target["author_lines"].append(ln)
        return target


def parse_page_document(doc: Document, shape: str, aliases: dict, grids=None) -> dict:
    """Parse an OCR'd page ("page") or a slide deck ("slides") into the contract's tables.
    ``grids``: the document's tables as :func:`paperfig.tableforms.find_grids` gives them
    (found here when not given)."""
    if shape not in ("page", "slides"):
        raise DocumentError(doc.source_file, None, f"page parser cannot read a {shape!r} document")
    return _PageParser(doc, shape, aliases, grids).run()
