"""LaTeX escaping for document text: whatever a paper printed must print literally.

Text from the raw documents is data, never markup. ``escape_latex`` turns every character
TeX treats specially into a command that prints it, so ``\\input{/etc/passwd}``,
``\\write18{...}``, ``\\catcode`` or ``^^5c`` arrive in the PDF as the characters they are:
after escaping, the output contains no backslash that starts a command from the input, no
unbalanced brace, no ``$``, ``#``, ``%``, ``&``, ``^`` or ``~`` with its TeX meaning, and no
bare ``[``, ``]`` or ``*``, so the text is safe in every position of the report: right after
``\\item`` or ``\\\\`` (which would read a leading ``[`` as an optional argument or ``*``
as a star), inside ``\\item[...]``, in captions, headings and table cells.

Characters pdflatex (T1 + utf8 inputenc) cannot typeset are mapped to commands that draw
them (``−`` → ``\\textminus``, ``→`` → ``\\rightarrow``, Greek → math symbols); anything
still unknown is decomposed (NFKD) or shown as its code point, so a build never fails on
an unexpected character.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata

_SPECIAL = {
    "\\": r"\textbackslash{}",
    "{": r"\{",
    "}": r"\}",
    "$": r"\$",
    "&": r"\&",
    "#": r"\#",
    "^": r"\textasciicircum{}",
    "_": r"\_",
    "%": r"\%",
    "~": r"\textasciitilde{}",
    # Printable ASCII that T1 would turn into other glyphs or ligatures:
    "<": r"\textless{}",
    ">": r"\textgreater{}",
    "|": r"\textbar{}",
    '"': r"\textquotedbl{}",
    "`": r"\`{}",  # the grave accent glyph; also stops the "!`"/"?`" ligatures
    "'": r"\textquotesingle{}",  # a straight quote, as printed (not a typographic ’)
    # Brackets and stars in braces: wherever a text lands (after \item, at the start of a
    # table row after \\, inside \item[...]) they are never read as an optional argument
    # or a star.
    "[": "{[}",
    "]": "{]}",
    "*": "{*}",
    "\t": " ",
    "\n": " ",
    "\r": " ",
}

_GREEK = {
    "α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta",
    "η": "eta", "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda", "μ": "mu", "ν": "nu",
    "ξ": "xi", "π": "pi", "ρ": "rho", "σ": "sigma", "ς": "varsigma", "τ": "tau",
    "υ": "upsilon", "φ": "phi", "χ": "chi", "ψ": "psi", "ω": "omega", "ϵ": "epsilon",
    "ϕ": "phi", "Γ": "Gamma", "Δ": "Delta", "Θ": "Theta", "Λ": "Lambda", "Ξ": "Xi",
    "Π": "Pi", "Σ": "Sigma", "Υ": "Upsilon", "Φ": "Phi", "Ψ": "Psi", "Ω": "Omega",
}
# Greek capitals that look like Latin letters print as those letters.
_GREEK_LATIN = {"Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K",
                "Μ": "M", "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Χ": "X", "ο": "o"}

_UNICODE = {
    "\u2212": r"\textminus{}",  # minus sign
    "\u2013": r"\textendash{}",
    "\u2014": r"\textemdash{}",
    "\u2010": "-{}", "\u2011": "-{}", "\u2012": r"\textendash{}", "\u2015": r"\textemdash{}",
    "\u2018": r"\textquoteleft{}", "\u2019": r"\textquoteright{}",
    "\u201c": r"\textquotedblleft{}", "\u201d": r"\textquotedblright{}",
    "\u201a": r"\quotesinglbase{}", "\u201e": r"\quotedblbase{}",
    "\u2020": r"\textdagger{}", "\u2021": r"\textdaggerdbl{}",
    "\u2022": r"\textbullet{}", "\u2026": r"\textellipsis{}", "\u2030": r"\textperthousand{}",
    "\u2032": r"\ensuremath{\prime}", "\u2033": r"\ensuremath{\prime\prime}",
    # Times (TS1) has no arrows: math arrows keep them in a Type 1 font pdftotext can read.
    "\u2190": r"\ensuremath{\leftarrow}", "\u2192": r"\ensuremath{\rightarrow}",
    "\u2191": r"\ensuremath{\uparrow}", "\u2193": r"\ensuremath{\downarrow}",
    "\u2194": r"\ensuremath{\leftrightarrow}", "\u21d2": r"\ensuremath{\Rightarrow}",
    "\u21d0": r"\ensuremath{\Leftarrow}", "\u21d4": r"\ensuremath{\Leftrightarrow}",
    "\u2248": r"\ensuremath{\approx}", "\u2260": r"\ensuremath{\neq}",
    "\u2264": r"\ensuremath{\leq}", "\u2265": r"\ensuremath{\geq}",
    "\u223c": r"\ensuremath{\sim}", "\u2243": r"\ensuremath{\simeq}",
    "\u00d7": r"\texttimes{}", "\u00f7": r"\textdiv{}", "\u00b1": r"\textpm{}",
    "\u2213": r"\ensuremath{\mp}", "\u221e": r"\ensuremath{\infty}",
    "\u2217": "*", "\u22c5": r"\ensuremath{\cdot}", "\u00b7": r"\textperiodcentered{}",
    "\u2208": r"\ensuremath{\in}", "\u2211": r"\ensuremath{\sum}", "\u221a": r"\ensuremath{\surd}",
    "\u00b9": r"\textonesuperior{}", "\u00b2": r"\texttwosuperior{}",
    "\u00b3": r"\textthreesuperior{}", "\u00b0": r"\textdegree{}", "\u00b5": r"\textmu{}",
    "\u00a0": r"\nobreakspace{}", "\u2009": r"\,", "\u202f": r"\,", "\u2002": r"\enskip{}", "\u2003": r"\quad{}",
    "\u200b": "", "\u200c": "", "\u200d": "", "\ufeff": "", "\u00ad": "",
    "\u2713": r"\ensuremath{\checkmark}", "\u2714": r"\ensuremath{\checkmark}",
    "\u2717": r"\texttimes{}", "\u2718": r"\texttimes{}",
    "\u20ac": "EUR", "\u2122": r"\texttrademark{}",
    "\u00a9": r"\textcopyright{}", "\u00ae": r"\textregistered{}",
}
_SUPERSCRIPTS = dict(zip("⁰⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ", "0456789+-=()ni"))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎", "0123456789+-=()"))

# Characters beyond ASCII that T1 + utf8 inputenc typesets as they are. Latin-1 letters
# and Latin Extended-A, minus the few code points the LaTeX kernel leaves undefined
# (checked by compiling U+00A1..U+017F).
_UNDEFINED_LATIN = set("\u0126\u0127\u0138\u013f\u0140\u0149\u0166\u0167\u017f")  # tested with pdflatex
_PASS_THROUGH = {
    chr(c) for c in list(range(0x00C0, 0x0100)) + list(range(0x0100, 0x0180)) + list(range(0x00A1, 0x00C0))
} - _UNDEFINED_LATIN - {"\u00d7", "\u00f7", "\u00b1", "\u00b9", "\u00b2", "\u00b3", "\u00b0",
                        "\u00b5", "\u00b7", "\u00a9", "\u00ae", "\u00ad"}


def _escape_char(ch: str) -> str:
    if ch in _SPECIAL:
        return _SPECIAL[ch]
    if " " <= ch <= "~":
        return ch
    if ch in _UNICODE:
        return _UNICODE[ch]
    if ch in _PASS_THROUGH:
        return ch
    if ch in _GREEK:
        return r"\ensuremath{\%s}" % _GREEK[ch]
    if ch in _GREEK_LATIN:
        return _GREEK_LATIN[ch]
    if ch in _SUPERSCRIPTS:
        return r"\textsuperscript{%s}" % escape_latex(_SUPERSCRIPTS[ch])
    if ch in _SUBSCRIPTS:
        return r"\textsubscript{%s}" % escape_latex(_SUBSCRIPTS[ch])
    category = unicodedata.category(ch)
    if category.startswith("C") or category == "Zl" or category == "Zp":
        return " " if category in ("Zl", "Zp") or ch in "\x0b\x0c\x85" else ""
    if category.startswith("Z"):
        return " "
    if category == "Mn":  # a combining mark on its own: drop it rather than fail
        return ""
    decomposed = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if decomposed and decomposed != ch and all(" " <= c <= "~" or c in _PASS_THROUGH for c in decomposed):
        return "".join(_escape_char(c) for c in decomposed)
    return r"\texttt{[U+%04X]}" % ord(ch)


def escape_latex(text) -> str:
    """Escape document text for LaTeX text mode so that it prints literally.

    ``None`` becomes the empty string; other non-strings are converted with ``str``.
    """
    if text is None:
        return ""
    text = str(text)
    out = []
    for i, ch in enumerate(text):
        if ch == "-" and text[i + 1:i + 2] == "-":
            out.append("-{}")  # no "--"/"---" dash ligatures: a printed "--" stays two hyphens
        else:
            out.append(_escape_char(ch))
    return "".join(out)


_LABEL_UNSAFE = re.compile(r"[^A-Za-z0-9.:-]+")


def safe_label(text) -> str:
    """A key for ``\\label``/``\\ref`` (and HTML ids): letters, digits, ``.``, ``:``, ``-``.

    Keys that had to be changed get a short hash of the original so two different texts
    never share a key; a key that was already safe is returned unchanged.
    """
    text = "" if text is None else str(text)
    slug = _LABEL_UNSAFE.sub("-", text)
    slug = re.sub(r"-{2,}", "-", slug).strip("-")
    if slug != text or not slug:
        digest = hashlib.sha1(text.encode("utf-8")).hexdigest()[:8]
        slug = f"{slug}-{digest}" if slug else f"x-{digest}"
    return slug


#: A document slug keeps at most this many characters (cut at a hyphen when one is near).
SLUG_MAX_CHARS = 40


def readable_slug(text, max_chars: int = SLUG_MAX_CHARS, default: str = "doc") -> str:
    """A short readable slug: ASCII lowercase letters, digits and single hyphens.

    Accents are dropped (NFKD), every run of other characters becomes one hyphen, and a slug
    longer than ``max_chars`` is cut, at its last hyphen when that keeps at least half of it.
    Text with no letter or digit gives ``default``."""
    ascii_text = unicodedata.normalize("NFKD", str(text or "")).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > max_chars:
        cut = slug[:max_chars]
        if "-" in cut and cut.rindex("-") >= max_chars // 2:
            cut = cut[:cut.rindex("-")]
        slug = cut.strip("-")
    return slug or default


def document_slugs(source_files) -> dict[str, str]:
    """``{source file: slug}``: the file name without its extension as a readable slug, for
    labels a reader can type (``fig:<slug>-1``, ``tab:<slug>-3``).

    Files are taken in sorted order, so the slugs do not depend on the order they are listed
    in; a slug already taken gets ``-2``, ``-3``, ... (the first free one). A slug that ends in
    a number is kept as it is: labels add ``-<k>`` after it, and a figure number is never part
    of the slug it follows (``a-1`` + ``-2`` and ``a`` + ``-12`` stay apart)."""
    slugs: dict[str, str] = {}
    taken: set[str] = set()
    for name in sorted({str(f) for f in source_files}):
        stem = name.rsplit(".", 1)[0] if "." in name.lstrip(".") else name
        base = readable_slug(stem)
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add(slug)
        slugs[name] = slug
    return slugs
