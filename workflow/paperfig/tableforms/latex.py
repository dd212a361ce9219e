r"""LaTeX tables: ``tabular`` and its kin, as OCR converters (Nougat, Marker, Mathpix) and
authors print them.

Grammar
-------
* **Environments.** ``tabular``, ``tabular*``, ``tabularx``, ``tabulary``, ``longtable``,
  ``array``, ``supertabular``/``xtabular``: ``\begin{env}``, optional ``[pos]``, the width
  argument of the ``*``/``x``/``y`` kinds, the column spec, then the body up to the matching
  ``\end{env}`` (a nested tabular inside a cell is the cell's text, its ``\\`` and ``&`` read
  as spaces). The whole table may sit on one line (Nougat and Marker print it so) or on many.
  A tabular that is never closed runs to the next blank line (note ``unclosed_table``).
* **Block.** When the tabular is the only one inside a ``table``/``table*``/``sidewaystable``/
  ``wraptable`` environment, the block runs from ``\begin{table}`` to ``\end{table}`` and the
  environment's ``\caption[short]{text}`` (or ``\captionof{table}{text}``) is the grid's
  caption; otherwise the block is the tabular itself.
* **Rows** end at ``\\`` (optionally ``\\[2pt]``, ``\\*``) or ``\tabularnewline`` at brace
  depth 0; cells split at unescaped ``&`` at brace depth 0. A row's line is the line where its
  first printed character is (every row of a one-line table is on that line). Rows left empty
  once rules are dropped are spacers, not rows.
* **Rules** are dropped: ``\hline``, ``\toprule``, ``\midrule``, ``\bottomrule``, ``\cline{..}``,
  ``\cmidrule(..){..}``, ``\specialrule``, ``\addlinespace``, ``\hhline``, ``\noalign{..}``,
  ``\rowcolor``. In a ``longtable`` the repeated head (between ``\endfirsthead`` and
  ``\endhead``) and the foot (before ``\endfoot``/``\endlastfoot``) are dropped (note
  ``longtable_repeat``); a ``\caption`` row is the caption.
* **Merged cells.** ``\multicolumn{n}{spec}{X}`` -> X then n-1 "" cells; ``\multirow{n}{*}{X}``
  -> X (the rows below print an empty cell; left empty, the table logic carries it).
* **Cell text** (:func:`clean_latex`): style wrappers unwrapped (``\textbf``, ``\textit``,
  ``\emph``, ``\underline``, ``\mathbf``, ``\mathrm``, ``\text``, ``{\bf x}``, ``\textcolor{c}{x}``,
  ``\makecell{a\\b}`` ...); ``\pm`` -> ``±``, ``\times`` -> ``×``, ``\%`` -> ``%``, ``\_`` -> ``_``,
  ``\dagger``/``\ddagger`` -> ``†``/``‡``, mark superscripts ``^{*}``, ``^\dagger`` -> the mark,
  Markdown bold ``**x**`` (Nougat mixes it in) removed; a standard deviation subscript
  ``84.3_{\pm 0.2}`` -> ``84.3 ± 0.2``, ``~`` -> space, a cell of
  ``--``/``---`` alone -> ``—``, a thin space between digits (``41\,021``) -> nothing;
  citations, labels, footnotes, spacing and colour commands dropped; math delimiters
  (``$``, ``\(``, ``\)``) removed; other subscripts and superscripts kept as ``_{BASE}``,
  ``^{2}`` (``paperfig.cells.normalise_label`` reads them in labels). A command not known here
  keeps its arguments' text and is named in a note (``latex_command``).
* **Comments.** An unescaped ``%`` starts a comment unless a digit precedes it (``84%`` as an
  OCR engine may print it is a percent sign).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from . import Grid
from ._text import Text, squash

_TABULAR_ENVS = ("tabular", "tabular*", "tabularx", "tabulary", "longtable", "longtable*", "array",
                 "supertabular", "xtabular")
_WIDTH_ARG = {"tabular*", "tabularx", "tabulary"}
_FLOAT_ENVS = ("table", "table*", "sidewaystable", "wraptable", "threeparttable")
_ENV = re.compile(r"\\(begin|end)\s*\{([A-Za-z]+\*?)\}")
_COMMENT = re.compile(r"(?<![\\\d])%[^\n]*")
_BRACED = r"\s*\{(?:[^{}]|\{[^{}]*\})*\}"
_RULES = re.compile(
    r"\\(?:hline|toprule|midrule|bottomrule|hdashline|firsthline|lasthline|morecmidrules|"
    r"addlinespace)\b(?:\s*\[[^\]]*\])?"
    r"|\\(?:cline|cmidrule|cdashline|hhline|noalign|arrayrulecolor|rowcolor)\b"
    rf"(?:\s*\[[^\]]*\])?(?:\s*\([^)]*\))?{_BRACED}"
    rf"|\\specialrule\b{_BRACED}{_BRACED}{_BRACED}")
_LONGTABLE_MARK = re.compile(r"\\(endfirsthead|endhead|endfoot|endlastfoot)\b")
_ROW_END = re.compile(r"\\\\\*?(?:\s*\[[^\]]*\])?|\\tabularnewline\b")

# --------------------------------------------------------------------------- arguments


def _skip_ws(s: str, i: int) -> int:
    while i < len(s) and s[i] in " \t\n":
        i += 1
    return i


def _group(s: str, i: int, open_: str = "{", close: str = "}") -> tuple[str, int] | None:
    """The text of the group opening at s[i] (after spaces) and the index after it."""
    i = _skip_ws(s, i)
    if i >= len(s) or s[i] != open_:
        return None
    depth = 0
    j = i
    while j < len(s):
        ch = s[j]
        if ch == "\\":
            j += 2
            continue
        if ch == open_:
            depth += 1
        elif ch == close:
            depth -= 1
            if depth == 0:
                return s[i + 1:j], j + 1
        j += 1
    return None


def _args(s: str, i: int, n: int) -> tuple[list[str], int] | None:
    """n brace arguments from s[i]; optional ``[..]`` and ``(..)`` arguments before any of them
    are skipped (``\\multirow[t]{2}{*}[-1ex]{X}``, ``\\cmidrule(lr){2-3}``)."""
    out: list[str] = []
    while len(out) < n:
        j = _skip_ws(s, i)
        if j < len(s) and s[j] in "[(":
            g = _group(s, j, s[j], "]" if s[j] == "[" else ")")
            if g is None:
                return None
            i = g[1]
            continue
        g = _group(s, j)
        if g is None:
            return None
        out.append(g[0])
        i = g[1]
    return out, i


# --------------------------------------------------------------------------- cell text

_SYMBOLS = {
    "pm": "±", "mp": "∓", "times": "×", "dagger": "†", "ddagger": "‡", "textdagger": "†",
    "textdaggerdbl": "‡", "ast": "*", "star": "⋆", "S": "§", "P": "¶", "approx": "≈", "sim": "∼",
    "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "neq": "≠", "ll": "≪", "gg": "≫", "uparrow": "↑",
    "downarrow": "↓", "rightarrow": "→", "to": "→", "leftarrow": "←", "Rightarrow": "⇒",
    "infty": "∞", "checkmark": "✓", "cmark": "✓", "xmark": "✗", "ldots": "…", "dots": "…",
    "cdots": "…", "cdot": "·", "bullet": "•", "circ": "∘", "degree": "°", "textdegree": "°",
    "textasciitilde": "\ue003", "textbackslash": "\\", "textendash": "–", "textemdash": "—",
    "textbar": "|", "textless": "<", "textgreater": ">", "percent": "%", "textmu": "µ",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
    "eta": "η", "theta": "θ", "kappa": "κ", "lambda": "λ", "mu": "μ", "nu": "ν", "pi": "π",
    "rho": "ρ", "sigma": "σ", "tau": "τ", "phi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
    "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω",
    "quad": " ", "qquad": " ", "enspace": " ", "space": " ", "newline": " ", "linebreak": " ",
    "par": " ", "hfill": " ", "hfil": " ", "thinspace": " ",
}
_SWITCHES = frozenset("""bf it rm sf tt sc em sl bfseries itshape mdseries upshape scshape slshape
normalfont boldmath unboldmath centering raggedright raggedleft small footnotesize scriptsize tiny
large Large LARGE huge Huge normalsize relax noindent displaystyle textstyle scriptstyle
scriptscriptstyle left right big Big bigg Bigg bigl bigr Bigl Bigr strut mathstrut vfill null
nobreak protect arraybackslash xspace hline toprule midrule bottomrule centerline limits
nolimits""".split())
#: name -> (number of brace arguments, how to rebuild: a format of the cleaned arguments)
_WRAPPERS = {
    **{name: (1, "{0}") for name in """textbf textit emph underline uline textrm textsf texttt
       textsc textup textmd textnormal textsl text mathbf mathrm mathit mathsf mathtt mathbb mathcal
       mathnormal boldsymbol bm operatorname mbox hbox fbox ensuremath num makecell shortstack
       thead hl sout textbfit mathbfit pmb""".split()},
    "textsubscript": (1, "_{{{0}}}"), "textsuperscript": (1, "^{{{0}}}"), "tnote": (1, "^{{{0}}}"),
    "textcolor": (2, "{1}"), "colorbox": (2, "{1}"), "href": (2, "{1}"), "rotatebox": (2, "{1}"),
    "parbox": (2, "{1}"), "scalebox": (2, "{1}"), "raisebox": (2, "{1}"), "resizebox": (3, "{2}"),
    "multirow": (3, "{2}"), "multicolumn": (3, "{2}"), "SI": (2, "{0} {1}"), "si": (1, "{0}"),
    "captionof": (2, "{1}"), "caption": (1, "{0}"),
    **{name: (1, "") for name in """label cite citep citet citealp citeauthor citeyear ref eqref
       autoref cref Cref footnote footnotetext hspace vspace phantom hphantom vphantom color
       cellcolor rowcolor arrayrulecolor includegraphics""".split()},
    "rule": (2, ""), "footnotemark": (0, ""),
    "ding": (1, ""),
}
_DINGS = {"51": "✓", "52": "✓", "55": "✗", "56": "✗"}
_CMD = re.compile(r"\\([A-Za-z]+)\*?")
_ESCAPES = {"\\%": "%", "\\&": "&", "\\_": "_", "\\#": "#", "\\$": "\ue002", "\\{": "\ue000",
            "\\}": "\ue001", "\\^": "^"}
_MARK_SUP = re.compile(r"\^\s*(?:\{\s*([*†‡§¶]+|∘)\s*\}|([*†‡§¶]|∘))")
_SPACED_LETTER_SUP = re.compile(r"(?<=\d) (\^\{[a-h]{1,3}\})")
_STD_SUB = re.compile(r"\s*_\s*\{\s*±\s*([^{}]*?)\s*\}")
_DASH_ALONE = re.compile(r"^-{2,3}$")


def _commands(t: str, unknown: list[str] | None) -> str:
    """Replace every command, innermost (rightmost) first, by its text (see the module doc)."""
    pos = len(t)
    while True:
        m = None
        for m2 in _CMD.finditer(t, 0, pos):
            m = m2
        if m is None:
            return t
        name = m.group(1)
        start, end = m.start(), m.end()
        pos = start
        if name in _SYMBOLS:
            rep = _SYMBOLS[name]
            if rep.strip() and end < len(t) and t[end:end + 1].isalpha():
                rep += " "
            t = t[:start] + rep + t[end:]
        elif name in _SWITCHES:  # a switch and the spaces after it: {\bf x} -> {x}
            stop = _skip_ws(t, end)
            t = t[:start] + ("" if stop > end or not t[start - 1:start].strip() else " ") + t[stop:]
        elif name in _WRAPPERS:
            n, fmt = _WRAPPERS[name]
            got = _args(t, end, n)
            if got is None:
                t = t[:start] + t[end:]
                continue
            args, stop = got
            rep = fmt.format(*args) if fmt else ""
            if name == "ding":
                rep = _DINGS.get(args[0].strip(), "")
            t = t[:start] + rep + t[stop:]
        else:
            if unknown is not None and name not in unknown:
                unknown.append(name)
            t = t[:start] + t[end:]


def _drop_braces(t: str) -> str:
    """Remove grouping braces, keeping the ``_{..}``/``^{..}`` groups of sub- and superscripts."""
    out = []
    stack: list[bool] = []  # True: keep this group's braces
    for i, ch in enumerate(t):
        if ch == "{":
            prev = t[:i].rstrip()[-1:]
            keep = prev in ("_", "^")
            stack.append(keep)
            if keep:
                out.append(ch)
        elif ch == "}":
            keep = stack.pop() if stack else False
            if keep:
                out.append(ch)
        else:
            out.append(ch)
    return "".join(out)


def clean_latex(text: str, unknown: list[str] | None = None) -> str:
    """The printed text of a LaTeX cell or caption, made plain (see the module doc)."""
    t = re.sub(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", r"\1", text)  # Markdown bold (Nougat's .mmd)
    for esc, rep in _ESCAPES.items():
        t = t.replace(esc, rep)
    t = re.sub(r"(?<=\d)\\,(?=\d)", "", t)
    t = re.sub(r"\\\\(?:\s*\[[^\]]*\])?", " ", t)  # a line break inside a cell (\makecell)
    t = re.sub(r"\\[,;:! ]", " ", t)
    t = re.sub(r"\\[()\[\]]", " ", t)  # math delimiters \( \) \[ \]
    t = _commands(t, unknown)
    t = t.replace("$", "")
    t = _MARK_SUP.sub(lambda m: "°" if (m.group(1) or m.group(2)) == "∘" else (m.group(1) or m.group(2)), t)
    t = _drop_braces(t)
    t = _STD_SUB.sub(r" ± \1", t)
    t = re.sub(r"([_^])\{\s*([^{}]*?)\s*\}", r"\1{\2}", t)
    t = t.replace("~", " ")
    t = t.replace("\ue000", "{").replace("\ue001", "}").replace("\ue002", "$").replace("\ue003", "~")
    t = squash(t)
    # a mark set apart from its number by math delimiters (Nougat's '4.8\({}^{a}\)') is the number's
    t = _SPACED_LETTER_SUP.sub(r"\1", t)
    if _DASH_ALONE.match(t):
        t = "—"
    return t


def clean_inline(text: str) -> str:
    """Text with inline math (``$..$``, ``\\(..\\)``) where only the math is LaTeX."""
    t = re.sub(r"\$([^$]*)\$", lambda m: clean_latex(m.group(1)), text)
    return re.sub(r"\\\((.*?)\\\)", lambda m: clean_latex(m.group(1)), t)


def _cells(raw: str, unknown: list[str]) -> list[str]:
    """The cells one printed cell stands for: ``\\multicolumn{n}`` gives n of them."""
    s = raw.strip()
    m = re.match(r"\\multicolumn\b", s)
    if m:
        got = _args(s, m.end(), 3)
        if got:
            (n, _spec, content), stop = got
            try:
                span = max(1, int(n.strip()))
            except ValueError:
                span = 1
            return [clean_latex(content + s[stop:], unknown)] + [""] * (span - 1)
    return [clean_latex(s, unknown)]


# --------------------------------------------------------------------------- environments


def _mask(text: str, rx: re.Pattern) -> str:
    """Blank what ``rx`` matches, keeping offsets (so positions still give line numbers)."""
    return rx.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _envs(text: str, names: Sequence[str]) -> list[tuple[str, int, int, int, int]]:
    """(name, begin_start, body_start, end_start, end_stop) of the outermost environments of
    ``names``; an unclosed one gets end_start = end_stop = -1."""
    out = []
    stack: list[tuple[str, int, int]] = []
    for m in _ENV.finditer(text):
        kind, name = m.group(1), m.group(2)
        if name not in names:
            continue
        if kind == "begin":
            stack.append((name, m.start(), m.end()))
        else:
            while stack and stack[-1][0] != name:
                stack.pop()
            if stack:
                n, b, body = stack.pop()
                if not stack:
                    out.append((n, b, body, m.start(), m.end()))
    for n, b, body in stack[:1]:
        out.append((n, b, body, -1, -1))
    return sorted(out, key=lambda e: e[1])


def _flatten_nested(body: str) -> str:
    """A tabular inside a cell is that cell's text: its ``\\\\`` and ``&`` become spaces."""
    for name, b, bs, e, es in reversed(_envs(body, _TABULAR_ENVS)):
        if e < 0:
            continue
        got = _args(body, bs, 2 if name in _WIDTH_ARG else 1)
        inner_start = got[1] if got else bs
        inner = _ROW_END.sub(lambda m: " " * len(m.group(0)), body[inner_start:e])
        inner = re.sub(r"(?<!\\)&", " ", inner)
        body = body[:b] + " " * (inner_start - b) + inner + " " * (es - e) + body[es:]
    return body


def _split_rows(body: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """Rows of a body at depth-0 ``\\\\``: (row start offset, [(cell offset, raw cell)])."""
    rows = []
    cells: list[tuple[int, str]] = []
    depth = 0
    cell_start = 0
    row_start = 0
    i = 0
    n = len(body)
    while i < n:
        ch = body[i]
        if ch == "\\":
            if depth == 0:
                m = _ROW_END.match(body, i)
                if m:
                    cells.append((cell_start, body[cell_start:i]))
                    rows.append((row_start, cells))
                    cells = []
                    i = m.end()
                    cell_start = row_start = i
                    continue
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth = max(0, depth - 1)
        elif ch == "&" and depth == 0:
            cells.append((cell_start, body[cell_start:i]))
            cell_start = i + 1
        i += 1
    cells.append((cell_start, body[cell_start:]))
    rows.append((row_start, cells))
    return rows


def _read_body(body: str, offset: int, doc: Text, form_env: str, notes: list,
               unknown: list[str]) -> tuple[list[tuple[int, list[str]]], tuple[int, str] | None]:
    body = _mask(body, _COMMENT)
    body = _flatten_nested(body)
    body = _mask(body, _RULES)
    rows: list[tuple[int, list[str]]] = []
    caption = None
    segment: list[tuple[int, list[str]]] = []
    seen_firsthead = False
    for start, raw_cells in _split_rows(body):
        text = "&".join(c for _, c in raw_cells)
        mark = _LONGTABLE_MARK.search(text)
        if mark:  # the rows since the last marker are a head, a repeated head or a foot
            kind = mark.group(1)
            if kind == "endfirsthead":
                seen_firsthead = True
                rows.extend(segment)
            elif kind == "endhead" and not seen_firsthead:
                rows.extend(segment)
            elif segment:
                notes.append((segment[0][0], "longtable_repeat",
                              f"longtable {kind[3:]} rows (printed on every page) are not read as data"))
            segment = []
            raw_cells = [(o, _LONGTABLE_MARK.sub(lambda m: " " * len(m.group(0)), c)) for o, c in raw_cells]
            text = "&".join(c for _, c in raw_cells)
        if not text.strip():
            continue
        first = start + (len(text) - len(text.lstrip()))
        line_no = doc.line_of(offset + first)
        stripped = text.strip()
        if stripped.startswith("\\caption") and len(raw_cells) == 1:
            caption = (line_no, clean_latex(stripped, unknown))
            continue
        cells_: list[str] = []
        lines_: list[int] = []
        for cell_offset, raw in raw_cells:
            got = _cells(raw, unknown)
            cells_.extend(got)
            lead = len(raw) - len(raw.lstrip())
            lines_.extend([doc.line_of(offset + cell_offset + lead)] * len(got))
        if not any(cells_):
            continue  # a spacer row (\\[-1ex], & & \\)
        segment.append((line_no, cells_, lines_))
    rows.extend(segment)
    return rows, caption


def _caption_in(text: str, start: int, stop: int, skip: tuple[int, int], doc: Text,
                unknown: list[str]) -> tuple[int, str] | None:
    rx = re.compile(r"\\caption(?:of\s*\{[^{}]*\})?\*?")
    for m in rx.finditer(text, start, stop):
        if skip[0] <= m.start() < skip[1]:
            continue
        got = _args(text, m.end(), 1)
        if got:
            return doc.line_of(m.start()), clean_latex(got[0][0], unknown)
    return None


def find(lines: Sequence[str], skip: Collection[int] = ()) -> list[Grid]:
    doc = Text(lines)
    text = doc.text
    if "\\begin" not in text:
        return []
    floats = _envs(text, _FLOAT_ENVS)
    tabulars = _envs(text, _TABULAR_ENVS)
    grids: list[Grid] = []
    taken: set[int] = set(skip)
    for name, b, bs, e, es in tabulars:
        notes: list[tuple[int, str, str]] = []
        unknown: list[str] = []
        if e < 0:  # never closed: up to the next blank line
            blank = re.compile(r"\n[ \t]*\n").search(text, bs)
            e = es = blank.start() if blank else len(text)
            notes.append((doc.line_of(b), "unclosed_table",
                          f"\\begin{{{name}}} is never closed; read up to line {doc.line_of(max(e - 1, b))}"))
        got = _args(text, bs, 2 if name in _WIDTH_ARG else 1)
        body_start = got[1] if got else bs
        rows, caption = _read_body(text[body_start:e], body_start, doc, name, notes, unknown)
        first, last = doc.line_of(b), doc.line_of(max(es - 1, b))
        outer = [f for f in floats if f[1] <= b and (f[3] < 0 or f[3] >= es)]
        if outer:
            f = outer[-1]
            inside = [t for t in tabulars if f[1] <= t[1] and (f[3] < 0 or t[1] < f[3])]
            f_first = doc.line_of(f[1])
            f_last = doc.line_of(max(f[4] - 1, f[1])) if f[4] >= 0 else last
            if len(inside) == 1 and not taken & set(range(f_first, f_last + 1)):
                first, last = f_first, f_last
                caption = caption or _caption_in(text, f[1], f[3] if f[3] >= 0 else len(text), (b, es),
                                                 doc, unknown)
            elif len(inside) > 1 and inside[0][1] == b:
                caption = caption or _caption_in(text, f[1], f[3] if f[3] >= 0 else len(text), (b, es),
                                                 doc, unknown)
                notes.append((first, "several_tabulars",
                              f"the table environment holds {len(inside)} tabulars; its caption is given "
                              "to the first"))
        span = set(range(first, last + 1))
        if taken & span:
            # another block owns these lines (or an earlier tabular printed on the same line)
            mine = [g for g in grids if set(g.lines) & span]
            if mine:
                mine[-1].notes.append((first, "tabular_not_read", f"a second {name} on line(s) "
                                       f"{first}-{last} shares lines with this table; it is not read"))
            continue
        if unknown:
            names = ", ".join("\\" + u for u in unknown)
            notes.append((first, "latex_command",
                          f"LaTeX commands not known to the table reader, their text kept: {names}"))
        taken |= span
        cell_lines = [lines_ for _, _, lines_ in rows]
        several = any(len(set(ls)) > 1 for ls in cell_lines)  # a row printed over several lines
        grids.append(Grid(form="latex", first_line=first, last_line=last,
                          rows=[(ln, cells_) for ln, cells_, _ in rows], lines=sorted(span), notes=notes,
                          caption=caption, cell_lines=cell_lines if several else None))
    return grids
