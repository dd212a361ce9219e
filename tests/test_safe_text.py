"""Document text is data: escape_latex makes any string print literally and inject nothing."""

from __future__ import annotations

import re
import shutil
import string
import subprocess
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paperfig.latex import escape_latex, safe_label

HOSTILE = [
    r"\write18{touch /tmp/pwned-safe-text}",
    r"\input{/etc/passwd}",
    r"\catcode`\@=11 \makeatletter",
    r"^^5cinput{/etc/passwd}",
    r"\def\x{y}\x \csname relax\endcsname",
    r"$x^2$ & 100% #1 ~ _a {unbalanced",
    r"\end{document}",
    "<script>alert(1)</script> {{ 7*7 }} {% raw %}",
    "((( title ))) ((* for x in y *)) ((= c =))",
]

# Every command escape_latex may emit; anything else after a backslash is an injection.
_ALLOWED = {
    "textbackslash", "textasciicircum", "textasciitilde", "textless", "textgreater", "textbar",
    "textquotedbl", "`", "textquotesingle", "nobreakspace", "textminus", "textendash", "textemdash", "textquoteleft",
    "textquoteright", "textquotedblleft", "textquotedblright", "quotesinglbase", "quotedblbase",
    "textdagger", "textdaggerdbl", "textbullet", "textellipsis", "textperthousand", "ensuremath",
    "leftarrow", "rightarrow", "uparrow", "downarrow", "texttimes", "textdiv", "textpm",
    "textperiodcentered", "textonesuperior", "texttwosuperior", "textthreesuperior", "textdegree",
    "textmu", "enskip", "quad", "texttrademark", "textcopyright", "textregistered",
    "textsuperscript", "textsubscript", "texttt", "{", "}", "$", "&", "#", "_", "%", ",",
    # inside \ensuremath{...}
    "prime", "leftrightarrow", "Rightarrow", "Leftarrow", "Leftrightarrow", "approx", "neq", "leq",
    "geq", "sim", "simeq", "mp", "infty", "cdot", "in", "sum", "surd", "checkmark",
    "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda",
    "mu", "nu", "xi", "pi", "rho", "sigma", "varsigma", "tau", "upsilon", "phi", "chi", "psi", "omega",
    "Gamma", "Delta", "Theta", "Lambda", "Xi", "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega",
}


def assert_inert(escaped: str) -> None:
    """Only allowed commands, balanced braces, no active special character left."""
    commands = re.findall(r"\\([A-Za-z]+|.)", escaped)
    assert set(commands) <= _ALLOWED, set(commands) - _ALLOWED
    stripped = re.sub(r"\\([A-Za-z]+|.)", "", escaped)
    for ch in "$&#^_%~\\":
        assert ch not in stripped, (ch, escaped)
    depth = 0
    for ch in stripped:
        depth += {"{": 1, "}": -1}.get(ch, 0)
        assert depth >= 0, escaped
    assert depth == 0, escaped
    assert "\n" not in escaped and "\r" not in escaped  # a blank line would end a \caption


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_strings_are_inert(text):
    assert_inert(escape_latex(text))


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_is_inert(text):
    assert_inert(escape_latex(text))


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126)))
def test_printable_ascii_survives_as_commands(text):
    # Letters and digits pass through unchanged; every character maps to something.
    escaped = escape_latex(text)
    for ch in text:
        if ch.isalnum() or ch == " ":
            assert ch in escaped


def test_special_characters():
    assert escape_latex("a_b & 50% $x$ #1 {y} ~ ^") == (
        r"a\_b \& 50\% \$x\$ \#1 \{y\} \textasciitilde{} \textasciicircum{}")
    assert escape_latex("\\") == r"\textbackslash{}"
    assert escape_latex("--") == "-{}-"
    assert escape_latex("Memory³") == r"Memory\textthreesuperior{}"
    assert escape_latex("−5.6 → α") == r"\textminus{}5.6 \ensuremath{\rightarrow} \ensuremath{\alpha}"
    assert escape_latex(None) == ""
    assert escape_latex(1.5) == "1.5"
    assert escape_latex("line\nbreak\ttab") == "line break tab"


def test_safe_label():
    assert safe_label("fig:abc-1.2") == "fig:abc-1.2"
    a, b = safe_label("003_x-tab1"), safe_label("003-x-tab1")
    assert a != b
    for text in ("003_x-tab1", "a b/c", "", "\\input{x}", "é"):
        label = safe_label(text)
        assert re.fullmatch(r"[A-Za-z0-9.:-]+", label), label
        assert safe_label(text) == label  # deterministic


UNICODE_SAMPLE = "Memory³ x² −5.6 – — → ← α β Ω µ × ± ≈ ≤ ≥ “quoted” ‘q’ … † ‡ • é ü ß ø Ł ő ħ ﬁ Ｘ 中文 \u200b \x07"


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex not installed")
def test_escaped_text_compiles_and_prints_literally(tmp_path):
    pwned = Path("/tmp/pwned-safe-text")
    existed = pwned.exists()
    ascii_all = "".join(ch for ch in string.printable if ch not in "\t\n\r\x0b\x0c")
    lines = [ascii_all, *HOSTILE, UNICODE_SAMPLE]
    body = "\n\n".join(r"\noindent " + escape_latex(line) + r"\par" for line in lines)
    tex = (
        "\\documentclass{article}\n\\usepackage[T1]{fontenc}\n\\usepackage[utf8]{inputenc}\n"
        "\\usepackage{textcomp}\n\\usepackage{mathptmx}\n\\usepackage[margin=1cm]{geometry}\n"
        "\\begin{document}\n\\raggedright\\hyphenpenalty=10000\n" + body + "\n\\end{document}\n"
    )
    (tmp_path / "t.tex").write_text(tex, encoding="utf-8")
    result = subprocess.run(
        ["pdflatex", "-no-shell-escape", "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert existed or not pwned.exists()
    if shutil.which("pdftotext") is None:
        return
    text = subprocess.run(["pdftotext", "-raw", "t.pdf", "-"], cwd=tmp_path, capture_output=True,
                          text=True).stdout
    flat = unicodedata.normalize("NFC", re.sub(r"\s+", " ", text))
    for line in HOSTILE:
        assert re.sub(r"\s+", " ", line) in flat, line
    assert re.sub(r"\s+", " ", ascii_all).strip() in flat
    assert "root:x:0" not in text
    for word in ("Memory³", "→", "“quoted”", "é ü ß ø Ł ő"):
        assert word in flat, word
