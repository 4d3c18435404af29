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


def tokenize(text: str, path: str, directives: list[Directive] | None = None) -> list[Tok]:
    """C++ tokens with their lines; comments and preprocessor lines dropped
    (with ``directives``, the macros they define are added to it). Raises
    SourceError at the first thing that is not C++."""
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
            if kind == "pp" and directives is not None:
                directive = _directive(m.group(), len(tokens), path)
                if directive is not None:
                    directives.append(directive)
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


# ---------------------------------------------------------------- function-like macros
#
# Engines instantiate a kernel template per dtype through a macro defined in
# the file (``#define APPLY_KERNEL(T) return Kernel<T>(x, y);`` and
# ``APPLY_KERNEL(paddle::float16);`` in each branch over the dtype), so the
# macros a file defines are expanded as the preprocessor would (arguments
# first, then the body rescanned without the macro itself), at the line of the
# use. Not expanded: a macro that stringizes or pastes (``#``, ``##``), is
# variadic, or is named ``PD_*`` (the registration's own, read as written);
# ``#if`` branches are not evaluated (each definition holds from its line to
# its ``#undef``).

MAX_EXPANDED = 200_000  # tokens macro uses may add to a file
_MACRO_DEPTH = 4  # macros expanded inside a macro's expansion
_DEFINE = re.compile(r"[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^()]*)\)(.*)", re.DOTALL)
_UNDEF = re.compile(r"[ \t]*#[ \t]*undef[ \t]+([A-Za-z_]\w*)")


class Macro(NamedTuple):
    params: tuple[str, ...]
    body: tuple[Tok, ...]


# The token index from which a directive holds, the macro's name, and its
# definition (None: #undef).
Directive = tuple[int, str, "Macro | None"]


def _directive(line_text: str, at: int, path: str) -> Directive | None:
    text = re.sub(r"\\\r?\n", " ", line_text)
    undef = _UNDEF.match(text)
    if undef:
        return at, undef.group(1), None
    define = _DEFINE.match(text)
    if define is None or define.group(1).startswith("PD_") or "#" in define.group(3):
        return None
    params = tuple(p.strip() for p in define.group(2).split(",")) if define.group(2).strip() else ()
    if not all(p.isidentifier() for p in params):
        return None
    try:
        body = tokenize(define.group(3), path)
        match_brackets(body, path)
    except SourceError:
        return None
    return at, define.group(1), Macro(params, tuple(body))


class _Expander:
    """The file's tokens with the uses of its macros expanded, within MAX_EXPANDED."""

    def __init__(self) -> None:
        self.budget = MAX_EXPANDED

    def file(self, tokens: list[Tok], directives: list[Directive]) -> list[Tok]:
        macros: dict[str, Macro] = {}
        out: list[Tok] = []
        d = 0
        i = 0
        while i < len(tokens):
            while d < len(directives) and directives[d][0] <= i:
                _, name, macro = directives[d]
                d += 1
                if macro is None:
                    macros.pop(name, None)
                else:
                    macros[name] = macro
            i = self.one(tokens, i, macros, out, 0)
        return out

    def one(
        self, tokens: Sequence[Tok], i: int, macros: dict[str, Macro], out: list[Tok], depth: int
    ) -> int:
        """Appends the token at ``i`` to ``out``, or the expansion of the macro
        use starting there; the index after what it consumed."""
        tok = tokens[i]
        macro = macros.get(tok.text) if tok.kind == "id" else None
        after_member = bool(out) and out[-1].text in (".", "->", "::")
        if (
            macro is None
            or self.budget <= 0  # spent: the remaining uses stay as written
            or after_member
            or i + 1 >= len(tokens)
            or tokens[i + 1].text != "("
        ):
            out.append(tok)
            return i + 1
        args, end = _arguments(tokens, i + 1)
        if end < 0:  # never closed: the brackets are unbalanced, which the matcher reports
            out.extend(tokens[i:])
            return len(tokens)
        if len(args) != len(macro.params) and not (args == [[]] and not macro.params):
            out.extend(tokens[i : end + 1])  # not a use of this macro: left as written
            return end + 1
        inner = {k: v for k, v in macros.items() if k != tok.text}
        expanded_args = [self.tokens(arg, macros, depth + 1) for arg in args]
        bound = dict(zip(macro.params, expanded_args, strict=False))
        body: list[Tok] = []
        for b in macro.body:
            for t in bound.get(b.text, [b]) if b.kind == "id" else [b]:
                body.append(Tok(t.kind, t.text, tok.line))
            if len(body) > self.budget:
                break
        if len(body) <= self.budget:
            body = self.tokens(body, inner, depth + 1)
        if len(body) > self.budget:
            self.budget = 0
            out.extend(tokens[i : end + 1])
            return end + 1
        self.budget -= len(body)
        out.extend(body)
        return end + 1

    def tokens(self, tokens: Sequence[Tok], macros: dict[str, Macro], depth: int) -> list[Tok]:
        if depth > _MACRO_DEPTH or not any(t.text in macros for t in tokens):
            return list(tokens)
        out: list[Tok] = []
        i = 0
        while i < len(tokens):
            i = self.one(tokens, i, macros, out, depth)
        return out


def _arguments(tokens: Sequence[Tok], open_i: int) -> tuple[list[list[Tok]], int]:
    """A macro use's arguments, split at its top-level commas, and the index
    of its closing parenthesis (-1 if never closed)."""
    args: list[list[Tok]] = [[]]
    depth = 0
    for k in range(open_i, len(tokens)):
        t = tokens[k]
        if t.kind == "op" and t.text in "([{":
            depth += 1
            if depth == 1:
                continue
        elif t.kind == "op" and t.text in ")]}":
            depth -= 1
            if depth == 0:
                return args, k
        elif t.text == "," and depth == 1:
            args.append([])
            continue
        args[-1].append(t)
    return args, -1


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
        directives: list[Directive] = []
        self.toks = tokenize(text, path, directives)
        if directives:
            self.toks = _Expander().file(self.toks, directives)
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
