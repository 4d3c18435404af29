"""Just enough lexing of generated C++ and Python to tell code from text.

The fuzzer's injection oracle compares the *code* of two generations (comments
dropped, every string literal collapsed to one token): spec text may change
what strings and comments say, never the code around them.
"""

from __future__ import annotations

import io
import re
import tokenize

STRING = "<str>"

_CPP_TOKEN = re.compile(
    r"""
    (?P<ws>\s+)
  | (?P<include>\#[ \t]*include[ \t]*<[^>\n]*>)
  | (?P<line_comment>//[^\n]*)
  | (?P<block_comment>/\*.*?\*/)
  | (?P<raw>(?:u8|u|U|L)?R"(?P<delim>[^(\s\\]{0,16})\((?:.|\n)*?\)(?P=delim)")
  | (?P<string>(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*")
  | (?P<char>(?:u8|u|U|L)?'(?:[^'\\\n]|\\.)+')
  | (?P<number>\.?[0-9](?:[0-9A-Za-z_.]|'[0-9A-Za-z]|[eEpP][-+])*)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<punct>::|->|\#\#|<<=|>>=|\.\.\.|[-+*/%&|^!=<>]=|&&|\|\||\+\+|--|<<|>>|[^\s])
    """,
    re.VERBOSE | re.DOTALL,
)


class LexError(ValueError):
    pass


def cpp_tokens(text: str) -> list[str]:
    """The code tokens of C++ source after line splicing (translation phase 2):
    comments dropped, string and character literals collapsed to ``STRING``."""
    text = text.replace("\\\n", "")
    tokens: list[str] = []
    pos = 0
    while pos < len(text):
        m = _CPP_TOKEN.match(text, pos)
        if m is None:  # an unterminated literal or comment
            raise LexError(f"cannot lex C++ at offset {pos}: {text[pos : pos + 40]!r}")
        kind = m.lastgroup
        if m.group("include"):
            tokens += ["#", "include", STRING]  # a header name is not an identifier
        elif m.group("raw") or kind in ("string", "char"):
            tokens.append(STRING)
        elif kind not in ("ws", "line_comment", "block_comment"):
            tokens.append(m.group())
        pos = m.end()
    return tokens


def python_tokens(text: str) -> list[str]:
    """The code tokens of Python source: comments and layout dropped, every
    string literal (docstrings included) collapsed to ``STRING``."""
    tokens: list[str] = []
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type in skip:
            continue
        if tok.type == tokenize.STRING:
            tokens.append(STRING)
        elif tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            tokens.append(tokenize.tok_name[tok.type])
        else:
            tokens.append(tok.string)
    return tokens


def unqualified_identifiers(tokens: list[str]) -> set[str]:
    """Identifiers not reached through ``::``, ``.`` or ``->``: the names that
    share a scope with whatever a spec names."""
    names = set()
    for i, tok in enumerate(tokens):
        if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", tok) and (
            i == 0 or tokens[i - 1] not in ("::", ".", "->")
        ):
            names.add(tok)
    return names
