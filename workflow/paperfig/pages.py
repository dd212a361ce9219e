"""Parse OCR'd paper pages and slide decks: tables, notes, papers.

Entry point: :func:`parse_page_document` (called by ``paperfig.parse``). Everything here
recognises *shapes of text*; nothing depends on a particular file.

Layout rules (documented choices)
---------------------------------
* **Blocks.** A printed table block is a run of consecutive lines containing a tab. A run is
  split where a header line is printed again (same first header cell, no numeric cells):
  that is the second half of a table printed in two parts.
* **Header.** The first line of a block is its header when the markup marks it (a pipe
  table's row above its alignment row, HTML ``<th>`` rows), when most of its cells are not
  numbers, or when its first cell is a header word (``Model``, ``Method``, ``Dataset``...) and
  the next line is data: ``Model  128  512  2048`` names its columns by sequence length.
  Following lines with an empty first cell, before any data row, are header continuations
  (text: ``Hidden``/``Dim`` -> "Hidden Dim") or, when mostly numbers, a metadata row
  (``8.5k 67k ...`` under the task names) stored in the ``tables`` row as
  ``header_values`` (and ``train_sizes`` when the caption speaks of training). A top header
  cell followed by empty top cells whose lower cells are printed is a *group* header: its
  columns are named ``"Group: sub"`` (``Speedup: GPU``) and listed in ``column_groups``.
  Header cells are repaired through the alias table (parse note ``header_alias``); text in a
  metadata row that is neither a number nor an alias is OCR noise (note ``ocr_noise``).
* **Label columns.** The leading columns whose data cells are all text are label columns;
  the last one is the row label, any before it a qualifier (``test``/``dev``) carried down
  and used as ``row_group``.
* **Row labels.** ``row_label_raw`` is the printed text of the row's own label cell ("" when
  the label was printed once for a group and carried down); ``row_label`` is the carried,
  normalised label (``cells.normalise_label``: ``BERT _{BASE}`` -> ``BERT-base``).
  A label followed by rows with an empty label cell forms a group: ``row_group`` = label.
* **Packed rows.** A row whose value cells all hold the same number n>=2 of values and whose
  label splits into n names is n logical rows (same ``line_no``).
* **Merged cells.** Groups are label groups (above) or, when labels repeat with a period
  (``A, B, C, A, B, C``), each repetition (``row_group`` = "rows <first>-<last>"). Within a
  group, a column printed on some rows and blank on others is carried over the blank rows, up
  and down, from the *first* printed value of the group (``carried`` True,
  ``carried_from_line``; ``raw_cell`` ""). Disagreeing printed values stay as printed.
* **Blank cells** outside such a group are absent: no ``table_values`` row (a printed ``-``
  is a ``missing`` row). ``n_values`` counts value rows with a value (carried included),
  ``n_missing`` the ``missing`` rows.
* **Two halves.** A block directly after another (blank lines only between), with no caption
  of its own (or with the caption printed after it, when the first half has none), the same label header and the same row labels is the second half of the same
  table (one ``table_id``, ``blocks`` = 2). A key column printed again in the second half
  (same name, same printed cells row by row, e.g. ``Prune Ratio(%)``) is layout, not new
  data: its cells are checked equal and not emitted again (``repeated_columns`` in the
  ``tables`` row, parse note "repeated_key_column"); a same-named column with different
  cells is renamed ``"<name> (block 2)"`` (parse note "duplicate_column"). Value rows carry
  ``block`` (1-based) so a renderer can rebuild the printed halves (``block_columns``).
* **Captions** (``Table N:``) attach to the adjacent block (before or after it); when both
  neighbours are blocks, the others' placements decide. ``row_idx`` is 0-based, the position
  in ``row_labels``.
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
import logging
import re
from dataclasses import dataclass, field

from . import cells, contract, numbers, patterns
from .aliases import normalise_aliases
from .documents import Document
from .errors import DocumentError

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
_NAME = re.compile(r"^[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,4}$")
#: Words that start an affiliation inside a name list ("Denny Zhou Google AI, USA").
_ORG_WORDS = frozenset("""University Institute Research Lab Labs Laboratory Inc Inc. Corp Corporation
College School Department Dept. AI Google Microsoft Facebook Meta Amazon IBM Apple Baidu Huawei
Alibaba Tencent DeepMind OpenAI NVIDIA Intel Samsung USA UK China Germany France Canada Japan
India""".split())


#: First cells that name a table's label column: a first row starting with one is a header even
#: when its other cells are numbers (sequence lengths, years, sizes as column names).
_HEADER_WORD = re.compile(
    r"^\W*(?:models?|methods?|approach(?:es)?|names?|systems?|settings?|configurations?|configs?|"
    r"datasets?|tasks?|baselines?|architectures?|networks?|backbones?|variants?|techniques?|"
    r"algorithms?|engines?|frameworks?|precision|models?\s*/\s*\w+|#|no\.?)\W*$", re.IGNORECASE)


def _is_model_name(text: str) -> bool:
    first = text.split()[0] if text.split() else ""
    return sum(ch.isupper() for ch in first) >= 2


def unnamed_group_id(first_line: int, last_line: int) -> str:
    """Id of a row group the page prints no name for (a repeating block of rows)."""
    return f"rows {first_line}-{last_line}"


def is_unnamed_group(group: str) -> bool:
    """True for ids made by unnamed_group_id: renderers show no label for them."""
    return bool(re.fullmatch(r"rows \d+-\d+", group))


def _title_key(text: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", text.upper())


def _is_title(text: str) -> bool:
    s = text.strip()
    if not s or "\t" in text or s.endswith(":") or _CAPTION.match(s) or _BULLET.match(text):
        return False
    if _COMPRESSION.search(s) or "@" in s or s[0] in "->•*#":
        return False
    letters = [c for c in s if c.isalpha()]
    words = [w for w in s.split() if any(c.isalpha() for c in w)]
    if len(letters) < 15 or len(words) < 3:
        return False
    return sum(c.isupper() for c in letters) / len(letters) >= 0.85


# --------------------------------------------------------------------------- table layout


@dataclass
class Column:
    index: int  # physical cell position in the block's lines
    name: str
    raw: str  # as printed (before alias repair)
    group: str = ""
    pair: tuple | None = None
    unit: str = ""
    sub_names: list | None = None


@dataclass
class LRow:
    """A logical table row (a packed physical line gives several)."""

    line_no: int
    label: str
    label_raw: str
    cells: dict  # column index -> printed cell text ("" blank)
    qualifier: str = ""
    group: str = ""
    carried_label: bool = False
    carried: dict = field(default_factory=dict)  # column index -> (text, from_line)
    cell_lines: dict = field(default_factory=dict)  # column index -> its own line, when not line_no


@dataclass
class Block:
    first_line: int
    last_line: int
    header_lines: list
    label_header: str
    qualifier_header: str
    columns: list
    rows: list
    header_values: dict
    column_groups: list
    notes: list
    caption: str = ""
    caption_line: int | None = None
    caption_position: str = ""
    paper: str = ""
    section: str = ""


class _PageParser:
    def __init__(self, doc: Document, shape: str, aliases: dict, grids=None):
        self.doc = doc
        self.shape = shape
        self.grids = grids
        self.aliases = normalise_aliases(aliases)
        self.parsed = contract.empty_parsed(doc.source_file, doc.doc_id, shape)

    # ---------------------------------------------------------------- helpers
    def note(self, line_no: int | None, kind: str, message: str, token: str = "", level=logging.WARNING,
             **extra) -> None:
        raw = self.doc.line(line_no) if line_no else ""
        self.parsed["parse_notes"].append(contract.record(
            contract.PARSE_NOTES, source_file=self.doc.source_file, line_no=line_no or "", kind=kind,
            message=message, raw=raw, token=token, **extra))
        log.log(level, "%s:%s: %s: %s", self.doc.source_file, line_no or "", kind, message)

    def alias(self, text: str, line_no: int) -> str:
        key = " ".join(text.split())
        hit = self.aliases.get(key)
        if not hit:
            return key
        self.note(line_no, "header_alias", f"header {key!r} read as {hit['header']!r}"
                  + (f" ({hit['reason']})" if hit["reason"] else ""), key, logging.INFO)
        return hit["header"]

    # ---------------------------------------------------------------- blocks
    @staticmethod
    def _counts(cells_: list[str]) -> tuple[int, int]:
        body = [c for c in cells_[1:] if c]
        numeric = sum(1 for c in body if cells.numeric_cell(c))
        return numeric, len(body) - numeric

    def _header_like(self, cells_: list[str]) -> bool:
        numeric, text = self._counts(cells_)
        return text > 0 and text > numeric

    def parse_block(self, lines: list[tuple[int, list[str]]], first_line: int | None = None,
                    last_line: int | None = None, header_hint: int = 0,
                    cell_lines: list[list[int]] | None = None) -> Block | None:
        """One printed table (rows of cells, header rows first, as a table reader gives them).
        ``header_hint``: leading rows the markup marks as header (taken as they are);
        ``cell_lines``: the line of each cell when a row's cells stand on several lines."""
        ncol = max(len(c) for _, c in lines)
        rows = [(ln, c + [""] * (ncol - len(c))) for ln, c in lines]
        while ncol > 1 and all(not c[ncol - 1] for _, c in rows):
            ncol -= 1
        rows = [(ln, c[:ncol]) for ln, c in rows]
        header_rows: list = []
        meta = None
        i = 0
        if 0 < header_hint < len(rows):
            header_rows.extend(rows[:header_hint])
            i = header_hint
        elif len(rows) > 1 and _HEADER_WORD.match(rows[0][1][0]) and not self._header_like(rows[1][1]):
            # "Model  128  512  2048": numbers under a header word are column names (sizes, years)
            header_rows.append(rows[0])
            i = 1
        elif self._header_like(rows[0][1]):
            header_rows.append(rows[0])
            i = 1
            while i < len(rows) and not rows[i][1][0]:
                numeric, text = self._counts(rows[i][1])
                if text > numeric:
                    header_rows.append(rows[i])
                elif meta is None and numeric:
                    meta = rows[i]
                else:
                    break
                i += 1
        if header_rows and i + 1 < len(rows) and _HEADER_WORD.match(rows[i][1][0]) \
                and not self._header_like(rows[i + 1][1]):
            header_rows.append(rows[i])  # a spanning header above ("Sequence length") then "Model 128 512"
            i += 1
        data = rows[i:]
        first_line = first_line or lines[0][0]
        last_line = last_line or lines[-1][0]
        for ln, printed_row in lines[i:]:
            if len(printed_row) < ncol:
                self.note(ln, "short_row", f"row has {len(printed_row)} of the table's {ncol} cells "
                          "(table cut off mid-row?); the missing cells are left blank",
                          self.doc.line(ln).strip())
        if not data:
            self.note(first_line, "empty_table", f"lines {first_line}-{last_line} look like a table of "
                      f"{ncol} columns but hold no data row; no cell was read")
            return None
        if not header_rows:
            self.note(first_line, "no_header", "table block without a header line; columns are numbered",
                      level=logging.INFO)

        # label columns: leading columns whose data cells are all text
        label_cols = 0
        for j in range(ncol - 1):
            col = [c[j] for _, c in data if c[j]]
            if any(cells.value_like(x) for x in col):
                break
            label_cols += 1

        # header texts (aliases applied per printed cell)
        printed = [[c[j] for j in range(ncol)] for _, c in header_rows]
        fixed = [[self.alias(c[j], ln) if c[j] else "" for j in range(ncol)] for ln, c in header_rows]
        # OCR noise in text continuation rows
        for r in range(1, len(fixed)):
            for j in range(ncol):
                if fixed[r][j] and fixed[r][j] == printed[r][j] and re.search(r"[\"“”]", fixed[r][j]):
                    self.note(header_rows[r][0], "ocr_noise", f"dropped OCR noise {printed[r][j]!r} in a header",
                              printed[r][j])
                    fixed[r][j] = ""
        header_values: dict = {}
        meta_texts: dict = {}
        if meta is not None:
            for j in range(1, ncol):
                cell = meta[1][j]
                if not cell:
                    continue
                if cells.numeric_cell(cell):
                    meta_texts[j] = cell
                    continue
                is_alias = " ".join(cell.split()) in self.aliases
                aliased = self.alias(cell, meta[0])
                if is_alias and aliased == (fixed[0][j] if fixed else ""):
                    continue  # the lower half of a two-line header cell, already named above
                if is_alias:
                    fixed[-1][j] = f"{fixed[-1][j]} {aliased}".strip()
                    continue
                self.note(meta[0], "ocr_noise", f"dropped OCR noise {cell!r} from the row under the header",
                          cell)

        columns: list[Column] = []
        column_groups: list = []
        n_hdr = len(fixed)
        group_of: dict = {}
        if n_hdr >= 2:
            j = label_cols
            while j < ncol:
                top = fixed[0][j]
                k = j + 1
                while (k < ncol and not fixed[0][k] and any(fixed[r][k] for r in range(1, n_hdr))):
                    k += 1
                if top and k - j >= 2 and any(fixed[r][j] for r in range(1, n_hdr)):
                    for m in range(j, k):
                        group_of[m] = top
                j = k
        for j in range(label_cols, ncol):
            if j in group_of:
                sub = " ".join(x for x in (fixed[r][j] for r in range(1, n_hdr)) if x)
                sub_raw = " ".join(x for x in (printed[r][j] for r in range(1, n_hdr)) if x)
                top_raw = printed[0][min(m for m in group_of if group_of[m] == group_of[j] and m <= j)]
                name, raw = f"{group_of[j]}: {sub}", f"{top_raw}: {sub_raw}"
            else:
                name = " ".join(x for x in (fixed[r][j] for r in range(n_hdr)) if x)
                raw = " ".join(x for x in (printed[r][j] for r in range(n_hdr)) if x)
            if not name:
                name = raw = f"column {j + 1}"
            columns.append(Column(index=j, name=name, raw=raw, group=group_of.get(j, "")))
        seen_groups: list = []
        for col in columns:
            if col.group and col.group not in seen_groups:
                seen_groups.append(col.group)
                column_groups.append({"name": col.group,
                                      "columns": [c.name for c in columns if c.group == col.group]})
        names = [c.name for c in columns]
        for col in columns:
            if names.count(col.name) > 1:
                col.name = f"{col.name} ({col.index + 1})"
        for col in columns:
            sub = col.name.split(": ", 1)[1] if col.group else col.name
            col.pair = cells.pair_names(sub)
            col.unit = cells.header_unit(sub) or (cells.header_unit(col.group) if col.group else "")
        for j, text in meta_texts.items():
            name = next((c.name for c in columns if c.index == j), f"column {j + 1}")
            header_values[name] = text

        def header_text(j: int, table=fixed) -> str:
            return " ".join(x for x in (table[r][j] for r in range(n_hdr)) if x)

        label_header = header_text(label_cols - 1) if label_cols else ""
        qualifier_header = " ".join(header_text(j) for j in range(label_cols - 1)) if label_cols > 1 else ""

        lrows = self._logical_rows(data, label_cols, columns, cell_lines[i:] if cell_lines else None)
        block = Block(first_line=first_line, last_line=last_line,
                      header_lines=[ln for ln, _ in header_rows] + ([meta[0]] if meta else []),
                      label_header=label_header, qualifier_header=qualifier_header, columns=columns,
                      rows=lrows, header_values=header_values, column_groups=column_groups, notes=[])
        self._subcolumns(block)
        self._groups(block)
        return block

    def _logical_rows(self, data, label_cols: int, columns: list[Column],
                      cell_lines: list[list[int]] | None = None) -> list[LRow]:
        out: list[LRow] = []
        qualifier = ""
        prev: LRow | None = None
        for r_no, (ln, c) in enumerate(data):
            own_lines = {j: x for j, x in enumerate(cell_lines[r_no]) if x != ln} if cell_lines else {}
            quals = [c[j] for j in range(max(label_cols - 1, 0))]
            if any(quals):
                qualifier = " ".join(q for q in quals if q)
            label_raw = c[label_cols - 1] if label_cols else ""
            values = {col.index: c[col.index] for col in columns}
            filled = [v for v in values.values() if v]
            counts = [len(cells.value_tokens(v)) for v in filled]
            if len(filled) >= 2 and min(counts) >= 2 and label_raw:
                n = counts[0]
                names = cells.split_packed_label(label_raw, n) if len(set(counts)) == 1 else None
                if len(set(counts)) > 1 and any(cells.split_packed_label(label_raw, c) for c in set(counts)):
                    raise DocumentError(self.doc.source_file, ln,
                                        f"row {label_raw!r} packs several rows but its cells hold "
                                        f"{sorted(set(counts))} values; cannot tell which value is whose")
                if names:
                    split = {j: cells.value_tokens(v) if v else [""] * n for j, v in values.items()}
                    for i, name in enumerate(names):
                        out.append(LRow(line_no=ln, label=cells.normalise_label(name), label_raw=name,
                                        cells={j: split[j][i] for j in split}, qualifier=qualifier))
                    self.note(ln, "packed_row", f"one printed line holds {n} rows ({', '.join(names)})",
                              label_raw, logging.INFO)
                    prev = out[-1]
                    continue
            if label_raw:
                row = LRow(line_no=ln, label=cells.normalise_label(label_raw), label_raw=label_raw,
                           cells=values, qualifier=qualifier)
            elif prev is not None and label_cols:
                row = LRow(line_no=ln, label=prev.label, label_raw="", cells=values, qualifier=qualifier)
                row.carried_label = True
            else:
                row = LRow(line_no=ln, label="", label_raw="", cells=values, qualifier=qualifier)
            row.cell_lines = own_lines
            out.append(row)
            prev = row
        return out

    def _subcolumns(self, block: Block) -> None:
        for col in block.columns:
            texts = [r.cells[col.index] for r in block.rows
                     if r.cells[col.index] and not cells.is_missing(r.cells[col.index])]
            if not texts:
                continue
            toks = [cells.value_tokens(t) for t in texts]
            if all(len(t) == 2 for t in toks) and all(cells.is_number_token(x) for t in toks for x in t):
                col.sub_names = cells.subcolumn_names(col.name, 2)
                self.note(block.first_line, "subcolumns",
                          f"column {col.name!r}: every cell holds two numbers; parts first/second "
                          f"(names {col.sub_names})", col.raw, logging.INFO)

    def _groups(self, block: Block) -> None:
        rows = block.rows
        groups: list[list[int]] = []
        # label groups: a printed label followed by rows with an empty label cell
        i = 0
        used: dict = {}
        while i < len(rows):
            j = i + 1
            while j < len(rows) and rows[j].carried_label:
                j += 1
            if j - i >= 2:
                gid = rows[i].label
                used[gid] = used.get(gid, 0) + 1
                if used[gid] > 1:
                    gid = f"{gid} #{used[gid]}"
                for r in rows[i:j]:
                    r.group = gid
                groups.append(list(range(i, j)))
            i = j
        if not groups:
            groups = self._periodic_groups(rows)
            for g in groups:
                gid = unnamed_group_id(rows[g[0]].line_no, rows[g[-1]].line_no)
                for k in g:
                    rows[k].group = gid
        for r in rows:
            if r.qualifier:
                r.group = f"{r.qualifier} / {r.group}" if r.group else r.qualifier
        # merged (vertically spanning) cells inside a group
        for g in groups:
            for col in block.columns:
                printed = [k for k in g if rows[k].cells[col.index]]
                blank = [k for k in g if not rows[k].cells[col.index]]
                if not printed or not blank:
                    continue
                src = next((k for k in printed if not cells.is_missing(rows[k].cells[col.index])), None)
                if src is None:
                    continue
                text = rows[src].cells[col.index]
                for k in blank:
                    rows[k].carried[col.index] = (text, rows[src].line_no)
                values = {rows[k].cells[col.index] for k in printed}
                parsed_values = {tuple((x.part, x.value, x.unit) for x in cells.parse_cell(v).parts)
                                 for v in values}
                if len(parsed_values) > 1:
                    self.note(rows[src].line_no, "merged_cell_disagreement",
                              f"column {col.name!r}, group {rows[src].group!r}: printed values "
                              f"{sorted(values)} differ; carried the first ({text!r})", text)

    @staticmethod
    def _periodic_groups(rows: list[LRow]) -> list[list[int]]:
        """Row groups the page prints no name for: a unit of >= 2 distinct labels printed again
        and again (``A, B, C, A, B, C``). The best run covers the most rows (then the shortest
        period wins). Every period is tried on tables of up to 300 rows; on longer ones the
        candidates are the distances between a row and the last eight rows with the same label
        (the 40 most frequent). For each period one pass finds the runs where every row equals
        the row one period later: linear in rows per period, never cubic."""
        labels = [r.label for r in rows]
        n = len(labels)
        if n <= 300:
            periods = list(range(2, n // 2 + 1))
        else:
            seen: dict[str, list[int]] = {}
            distances: dict[int, int] = {}
            for i, label in enumerate(labels):
                earlier = seen.setdefault(label, [])
                for j in earlier:
                    if label and 2 <= i - j <= n // 2:
                        distances[i - j] = distances.get(i - j, 0) + 1
                earlier.append(i)
                del earlier[:-8]
            periods = sorted(distances, key=lambda d: (-distances[d], d))[:40]
        best = None  # (coverage, -period, start, period, reps)
        for p in periods:
            i = 0
            while i < n - p:
                if not (labels[i] and labels[i] == labels[i + p]):
                    i += 1
                    continue
                j = i
                while j < n - p and labels[j] and labels[j] == labels[j + p]:
                    j += 1
                run = j - i  # rows i..j-1 equal the row one period later
                for s in range(i, min(i + p, j)):  # first start whose unit has two labels
                    if run - (s - i) < p:
                        break
                    if len(set(labels[s:s + p])) >= 2:
                        reps = 1 + (run - (s - i)) // p
                        cand = (reps * p, -p, s, p, reps)
                        if best is None or cand[:2] > best[:2]:
                            best = cand
                        break
                i = j + 1
        if best is None:
            return []
        _, _, s, p, reps = best
        return [list(range(s + r * p, s + (r + 1) * p)) for r in range(reps)]

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
            blk = self.parse_block(grid.rows, grid.first_line, grid.last_line, grid.header_rows,
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
        tables = self._merge_halves(blocks)
        self._emit_tables(tables)
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
        changed = True
        while changed:
            changed = False
            for line, opts in sorted(cands.items(), reverse=True):
                if line in assigned or len(opts) != 2:
                    continue
                free = [p for p, b in opts.items() if b not in taken]
                if len(free) == 1:
                    take(line, free[0])
                    changed = True
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
            blocks[b].caption_line = line
            blocks[b].caption_position = pos
        self.table_captions = set(assigned)

    def _walk(self, table_lines: dict, blocks: list[Block]) -> None:
        papers: list[dict] = []
        self.papers = papers
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
            hm = _HEADING.match(line)
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
            notes = list(_COMPRESSION.finditer(numbers.normalise_digits(s)))
            if notes:
                base_model, base_line, base_used = self._compressions(
                    ln, s, notes, paper, section, base_model, base_line, base_used)
                prev_author = False
                continue
            mm = _MODEL_LABEL.match(s)
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
        key = _title_key(title)
        if len(key) < 10:
            return None
        for p in self.papers:
            other = _title_key(p["title"])
            if key == other or difflib.SequenceMatcher(None, key, other).ratio() >= 0.9:
                return p
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
        if _ANONYMOUS.search(s):
            return {"names": ["Anonymous authors"] if re.search(r"anonymous", s, re.I) else [],
                    "affiliations": [], "emails": [], "status": s}
        emails = [" ".join(e.split()) for e in _EMAIL.findall(s)]
        rest = _EMAIL.sub(" ", s).strip()
        if not re.search(r"\w", rest):
            rest = ""
        if rest and rest[0] in _SUPMARKS and not rest[0] == "*" and len(rest) > 1:
            return {"names": [], "affiliations": [rest.lstrip(_SUPMARKS).strip()], "emails": emails}
        marked = len(re.findall(rf"[A-Za-z][{_SUPMARKS}]", rest))
        names, affs = self._split_names(rest) if rest else ([], [])
        if len(names) >= 2 and (marked >= 2 or context or emails) and len(names) >= len(affs):
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

    # ---------------------------------------------------------------- tables
    def _merge_halves(self, blocks: list[Block]) -> list[list[Block]]:
        tables: list[list[Block]] = []
        for blk in blocks:
            if tables:
                prev = tables[-1][-1]
                between = self.doc.lines[prev.last_line:blk.first_line - 1]
                # the second half has no caption of its own, or the caption printed after it is
                # the whole table's (the first half then has none)
                shared_caption = (not blk.caption or (
                    blk.caption_line and blk.caption_line > blk.last_line
                    and not any(b.caption for b in tables[-1])))
                if (shared_caption and all(not x.strip() for x in between)
                        and blk.label_header == prev.label_header and blk.label_header
                        and [r.label for r in blk.rows] == [r.label for r in tables[-1][0].rows]):
                    tables[-1].append(blk)
                    continue
            tables.append([blk])
        return tables

    def _emit_tables(self, tables: list[list[Block]]) -> None:
        for k, blks in enumerate(tables, 1):
            tid = contract.table_id(self.doc.doc_id, k)
            first = blks[0]
            caption = next((b.caption for b in blks if b.caption), "")
            caption_line = next((b.caption_line for b in blks if b.caption_line), "")
            unit_from_caption = cells.caption_unit(caption)
            names: list[str] = []
            shared: dict[int, set] = {}
            for b_no, blk in enumerate(blks):
                shared[b_no] = set()
                for col in blk.columns:
                    if col.name not in names:
                        names.append(col.name)
                    elif b_no > 0:
                        same = all(r.cells[col.index] == r0.cells[c0.index]
                                   for r, r0 in zip(blk.rows, first.rows)
                                   for c0 in first.columns if c0.name == col.name)
                        if same:
                            shared[b_no].add(col.index)
                            self.note(blk.first_line, "repeated_key_column",
                                      f"{tid}: column {col.name!r} printed again in block {b_no + 1} with "
                                      "the same cells; its values are taken from block 1", col.raw,
                                      logging.INFO, table_id=tid)
                        else:
                            old = col.name
                            col.name = f"{col.name} (block {b_no + 1})"
                            names.append(col.name)
                            self.note(blk.first_line, "duplicate_column",
                                      f"column {old!r} of the second half differs from the first; "
                                      f"named {col.name!r}", old)
            n_values = n_missing = 0
            notes: list[str] = []
            if len(blks) > 1:
                notes.append(f"printed as {len(blks)} blocks sharing row labels (lines "
                             + ", ".join(f"{b.first_line}-{b.last_line}" for b in blks) + ")")
            for b_no, blk in enumerate(blks):
                for r_idx, row in enumerate(blk.rows):
                    for col in blk.columns:
                        if col.index in shared[b_no]:
                            continue
                        text = row.cells[col.index]
                        carried_from = ""
                        if not text and col.index in row.carried:
                            text, carried_from = row.carried[col.index]
                        if not text:
                            continue
                        cell_line = row.line_no if carried_from else row.cell_lines.get(col.index, row.line_no)
                        line = self.doc.line(cell_line)
                        res = cells.parse_cell(text, col.pair, col.sub_names,
                                               col.unit or unit_from_caption)
                        for cn in res.notes:
                            self.note(cell_line, cn.kind, f"{tid}, row {row.label!r}, column {col.name!r}: "
                                      f"{cn.message}", cn.token,
                                      logging.INFO if cn.kind == "normalised_digits" else logging.WARNING,
                                      table_id=tid)
                        for part in res.parts:
                            if part.part == "missing":
                                n_missing += 1
                            else:
                                n_values += 1
                            self.parsed["table_values"].append(contract.record(
                                contract.TABLE_VALUES, source_file=self.doc.source_file, line_no=cell_line,
                                table_id=tid, paper=first.paper, caption=caption, row_idx=r_idx,
                                row_label=row.label, row_label_raw=row.label_raw, column=col.name,
                                part=part.part, value=part.value, unit=part.unit,
                                raw_cell="" if carried_from else text, carried=bool(carried_from),
                                column_raw=col.raw, part_name=part.part_name, flag=part.flag,
                                row_group=row.group, carried_from_line=carried_from, raw=line,
                                block=b_no + 1, qualifier=row.qualifier, unit_source=part.unit_source,
                                value_note=part.qualifier))
            if first.header_values:
                notes.append("row under the header holds per-column numbers (see header_values)")
            header_values = {}
            for blk in blks:
                header_values.update(blk.header_values)
            rec = dict(
                source_file=self.doc.source_file, table_id=tid, paper=first.paper, caption=caption,
                caption_line=caption_line, first_line=first.first_line, last_line=blks[-1].last_line,
                n_rows=len(first.rows), n_columns=len(names), n_values=n_values, n_missing=n_missing,
                columns=names, row_labels=[r.label for r in first.rows], blocks=len(blks), notes=notes,
                row_labels_raw=[r.label_raw for r in first.rows], row_groups=[r.group for r in first.rows],
                row_lines=[r.line_no for r in first.rows], row_label_header=first.label_header,
                qualifier_header=first.qualifier_header,
                column_groups=[g for b in blks for g in b.column_groups],
                column_units={c.name: c.unit or unit_from_caption for b in blks for c in b.columns
                              if c.unit or unit_from_caption},
                header_values=header_values, section=first.section,
                caption_position=next((b.caption_position for b in blks if b.caption), ""),
                block_lines=[[b.first_line, b.last_line] for b in blks],
                block_columns=[[c.name for c in b.columns] for b in blks],
                repeated_columns=sorted({c.name for b_no, b in enumerate(blks) for c in b.columns
                                         if c.index in shared[b_no]}),
                header_lines=[ln for b in blks for ln in b.header_lines])
            if header_values and re.search(r"train", caption, re.IGNORECASE):
                rec["train_sizes"] = header_values
            # contract.record's own first parameter is called ``columns``: set that field after
            row = contract.record(contract.TABLES, **{k: v for k, v in rec.items() if k != "columns"})
            row["columns"] = names
            self.parsed["tables"].append(row)


def parse_page_document(doc: Document, shape: str, aliases: dict, grids=None) -> dict:
    """Parse an OCR'd page ("page") or a slide deck ("slides") into the contract's tables.
    ``grids``: the document's tables as :func:`paperfig.tableforms.find_grids` gives them
    (found here when not given)."""
    if shape not in ("page", "slides"):
        raise DocumentError(doc.source_file, None, f"page parser cannot read a {shape!r} document")
    return _PageParser(doc, shape, aliases, grids).run()
