"""Layer 1 of `opforge-dev import`: reading a C++ source as tokens.

A tolerant lexer that knows C++'s comments, string, character and raw-string
literals and preprocessor lines; brackets matched once; and the token-span
navigation the later layers read with (items of a bracket, statements,
template arguments). Every problem is one ``SourceError`` naming the file and
the line; every step is linear in the file.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from opforge_dev.importer.vocabulary import SCALAR_TYPES

MAX_SOURCE_BYTES = 1024 * 1024  # ten times a large custom-op file


class SourceError(Exception):
    """A source import cannot read: one line, ``path:line: message``."""


def read_text(path: Path, shown: str) -> str:
    """A source file's text; SourceError for one too large, unreadable or binary."""
    try:
        size = path.stat().st_size
        if size > MAX_SOURCE_BYTES:
            raise SourceError(
                f"{shown}: {size} bytes; import reads sources of at most {MAX_SOURCE_BYTES}"
            )
        data = path.read_bytes()
    except OSError as exc:
        raise SourceError(f"{shown}: cannot read: {exc.strerror or exc}") from None
    if b"\0" in data:
        line = data.count(b"\n", 0, data.index(b"\0")) + 1
        raise SourceError(f"{shown}:{line}: a NUL byte: a binary file, not C++ source")
    # Bad bytes matter only in code, where the lexer stops.
    return data.decode("utf-8", errors="replace")


class Tok(NamedTuple):
    kind: str  # "id", "num", "str", "chr", "op"
    text: str
    line: int


_TOKEN = re.compile(
    r"""
    (?P<pp>^[ \t]*\#(?:\\\r?\n|[^\n])*)
  | (?P<ws>[ \t\r\f\v]*\n|[ \t\r\f\v]+)
  | (?P<lc>//[^\n]*)
  | (?P<bc>/\*(?s:.*?)\*/)
  | (?P<raw>(?:u8|u|U|L)?R"(?P<delim>[^()\\ \t\n"]{0,16})\((?s:.*?)\)(?P=delim)")
  | (?P<str>(?:u8|u|U|L)?"(?:[^"\\\n]|\\.)*")
  | (?P<chr>(?:u8|u|U|L)?'(?:[^'\\\n]|\\.)*')
  | (?P<bad>/\*|(?:u8|u|U|L)?R"|["'])
  | (?P<id>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<num>\.?[0-9](?:[0-9A-Za-z_.]|'[0-9A-Za-z]|[eEpP][+-])*)
  | (?P<op>::|->|==|!=|<=|>=|&&|\|\||\+\+|--|\+=|-=|\*=|/=|%=|&=|\|=|\^=
        |\.\.\.|[-+*/%&|^!~=<>?:;,.(){}\[\]\#])
  | (?P<other>.)
    """,
    re.VERBOSE | re.MULTILINE,
)
_BAD = {
    "/*": "unterminated /* comment",
    '"': "unterminated string literal",
    "'": "unterminated character literal",
}


def tokenize(text: str, path: str) -> list[Tok]:
    """C++ tokens with their lines; comments and preprocessor lines dropped.
    Raises SourceError at the first thing that is not C++."""
    tokens: list[Tok] = []
    line = 1
    append = tokens.append
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "id" or kind == "op" or kind == "num":
            append(Tok(kind, m.group(), line))
        elif kind == "lc":
            continue
        elif kind == "ws" or kind == "pp" or kind == "bc":
            line += m.group().count("\n")
        elif kind == "str":
            append(Tok("str", _unquote(m.group()), line))
        elif kind == "raw":
            body = m.group()
            append(Tok("str", body[body.index("(") + 1 : body.rindex(")")], line))
            line += body.count("\n")
        elif kind == "chr":
            append(Tok("chr", m.group(), line))
        elif kind == "bad":
            piece = m.group()
            raise SourceError(
                f"{path}:{line}: {_BAD.get(piece, 'unterminated raw string literal')}"
            )
        else:
            piece = m.group()
            if piece == "\ufffd":
                raise SourceError(f"{path}:{line}: not C++: a byte that is not UTF-8, in code")
            shown = repr(piece) if piece.isprintable() else f"U+{ord(piece):04X}"
            raise SourceError(f"{path}:{line}: not C++: unexpected character {shown} in code")
    return tokens


def _unquote(literal: str) -> str:
    body = literal[literal.index('"') + 1 : -1]
    return re.sub(r"\\(.)", r"\1", body)


_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}


def match_brackets(tokens: Sequence[Tok], path: str) -> list[int]:
    """For each bracket token, the index of its partner (-1 elsewhere)."""
    partner = [-1] * len(tokens)
    stack: list[int] = []
    for i, tok in enumerate(tokens):
        if tok.kind != "op":
            continue
        if tok.text in _OPEN:
            stack.append(i)
        elif tok.text in _CLOSE:
            if not stack:
                raise SourceError(f"{path}:{tok.line}: unbalanced: '{tok.text}' closes nothing")
            opened = stack.pop()
            if tokens[opened].text != _CLOSE[tok.text]:
                raise SourceError(
                    f"{path}:{tok.line}: unbalanced: '{tok.text}' closes "
                    f"'{tokens[opened].text}' opened at line {tokens[opened].line}"
                )
            partner[opened], partner[i] = i, opened
    if stack:
        tok = tokens[stack[-1]]
        raise SourceError(f"{path}:{tok.line}: unbalanced: '{tok.text}' is never closed")
    return partner


# ---------------------------------------------------------------- reading token spans

_BINARY = re.compile(r"=|==|!=|<=|>=|\+|-|\*|/|%|\?|:|&&|\|\||\+=|-=|\*=|/=")
_BLOCK_AFTER = frozenset(") else do try ; { } :".split())  # a '{' after these opens a block


class Tokens:
    """One file's tokens and matched brackets, and how to read spans of them."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.toks = tokenize(text, path)
        self.match = match_brackets(self.toks, path)

    def text(self, i: int) -> str:
        return self.toks[i].text if 0 <= i < len(self.toks) else ""

    def kind(self, i: int) -> str:
        return self.toks[i].kind if 0 <= i < len(self.toks) else ""

    def line(self, i: int) -> int:
        return self.toks[min(max(i, 0), len(self.toks) - 1)].line if self.toks else 1

    def is_(self, i: int, *texts: str) -> bool:
        return all(self.text(i + k) == t for k, t in enumerate(texts))

    def closes(self, i: int) -> int:
        """The partner of the bracket at ``i`` (-1 if none)."""
        return self.match[i] if 0 <= i < len(self.match) else -1

    def span(self, start: int, end: int) -> str:
        """Tokens [start, end) as C++ text, spaced where it reads well."""
        out: list[str] = []
        prev, prev_binary = "", False
        for tok in self.toks[start:end]:
            text = f'"{tok.text}"' if tok.kind == "str" else tok.text
            word = tok.kind in ("id", "num", "str", "chr")
            # A sign after an operator or an opening bracket (or first) is unary.
            unary = text in ("+", "-") and (not prev or prev_binary or prev in "([{,=")
            binary = bool(_BINARY.fullmatch(text)) and not unary
            if out and (binary or prev_binary or prev == "," or (word and prev[-1:].isalnum())):
                out.append(" ")
            out.append(text)
            prev, prev_binary = text, binary
        return "".join(out)

    def items(self, open_i: int, angles: bool = False) -> list[tuple[int, int]]:
        """The comma-separated items inside the bracket at ``open_i``; with
        ``angles``, commas inside <...> do not split (parameter lists)."""
        close = self.closes(open_i)
        found: list[tuple[int, int]] = []
        start = i = open_i + 1
        depth = 0
        while i < close:
            if self.match[i] > i:
                i = self.match[i] + 1
                continue
            t = self.text(i)
            if angles and t == "<":
                depth += 1
            elif angles and t == ">" and depth:
                depth -= 1
            elif t == "," and depth == 0:
                found.append((start, i))
                start = i + 1
            i += 1
        if start < close or found:
            found.append((start, close))
        return found

    def statement_end(self, i: int, limit: int) -> int:
        """Where the statement at ``i`` ends: its ';', or the '{' of the block it
        heads (``if (...) {``), or ``limit``. A brace that initializes
        (``return {a, b};``, ``x = {1, 2};``) is part of the statement."""
        start = i
        while i < limit:
            t = self.text(i)
            if t == "{" and (i == start or self.text(i - 1) in _BLOCK_AFTER):
                return i
            if self.match[i] > i:
                i = self.match[i] + 1
                continue
            if t in (";", "}"):
                return i
            i += 1
        return limit

    def angle_close(self, open_i: int) -> int:
        """The '>' closing template arguments opened at ``open_i``, or -1."""
        depth = 0
        i = open_i
        for _ in range(96):
            t = self.text(i)
            if t == "<":
                depth += 1
            elif t == ">":
                depth -= 1
                if depth == 0:
                    return i
            elif t in (";", "{", "}", ""):
                return -1
            elif self.match[i] > i:
                i = self.match[i]
            i += 1
        return -1

    def angle_open(self, close_i: int) -> int:
        """The '<' of template arguments closed at ``close_i``, or -1."""
        depth = 0
        i = close_i
        for _ in range(96):
            t = self.text(i)
            if t == ">":
                depth += 1
            elif t == "<":
                depth -= 1
                if depth == 0:
                    return i
            elif t in (";", "{", "}", ""):
                return -1
            i -= 1
        return -1

    def unwrap(self, a: int, b: int) -> tuple[int, int]:
        """[a, b) without outer parentheses, ``static_cast<T>(...)`` or a C cast."""
        for _ in range(8):
            t = self.text(a)
            if t in ("static_cast", "reinterpret_cast") and self.text(a + 1) == "<":
                close = self.angle_close(a + 1)
                if close > 0 and self.text(close + 1) == "(" and self.closes(close + 1) == b - 1:
                    a, b = close + 2, b - 1
                    continue
            if t == "(" and self.closes(a) == b - 1:
                a, b = a + 1, b - 1
                continue
            if t == "(" and a < self.closes(a) < b - 1:
                cast = self.span(a + 1, self.closes(a)).replace(" ", "")
                if cast in SCALAR_TYPES:
                    a = self.closes(a) + 1
                    continue
            break
        return a, b

    # ---- function definitions: `name(...) {` that is no control statement or call

    def _angle_items(self, open_i: int, close_i: int) -> list[tuple[int, int]]:
        found, start, depth = [], open_i + 1, 0
        for k in range(open_i + 1, close_i):
            t = self.text(k)
            if t in ("<", "(", "[", "{"):
                depth += 1
            elif t in (">", ")", "]", "}"):
                depth -= 1
            elif t == "," and depth == 0:
                found.append((start, k))
                start = k + 1
        found.append((start, close_i))
        return found

    def template_args(self, open_i: int) -> tuple[list[str], int]:
        """The template arguments opened at ``open_i`` and the index after them."""
        close = self.angle_close(open_i)
        if close < 0:
            return [], open_i
        return [self.span(a, b) for a, b in self._angle_items(open_i, close)], close + 1
