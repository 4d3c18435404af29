"""`opforge-dev import FILE...`: draft specs from existing Paddle custom ops.

An engine adopting opforge starts from its C++/CUDA/XPU files: each registers
ops with ``PD_BUILD_OP(name)`` / ``PD_BUILD_STATIC_OP(name)`` (inputs,
outputs, attributes, an inplace map, the kernel, infer-shape and infer-dtype
functions) and defines those functions. For each op this writes a draft spec
``opspec/<op>.yaml`` that holds only what the source states, and a ``TODO``
(with a comment saying what was read) wherever it does not: the generator
refuses the spec, naming each TODO's line and field, until it is decided. A
draft the generator accepts as written also gets its kernels and reference,
written as ``opforge-dev new`` writes them (opforge_dev/scaffold.py).

What is read, and from where (docs/importing.md has the user's side):

- tensors: the names and order of ``.Inputs`` (optional ones from
  ``paddle::Optional``) and ``.Outputs``; an input is in place (``inout``) when
  the inplace map pairs it with an output, or when the kernel writes through
  it (``const_cast`` of its ``data<T>()``, its ``mutable_data<T>()``, or a
  non-const pointer parameter of a function in the file that assigns through
  it); the other outputs are new (``out``);
- dtypes: ``data<T>()`` / ``mutable_data<T>()`` in the kernel and the functions
  of the file it calls (a template parameter bound at a call, ``F<float>`` or
  ``F<paddle::DataType::BFLOAT16>``, or a ``PD_DISPATCH_*`` macro's ``data_t``,
  makes a dtype set), the dtype an output is made with (``paddle::full``,
  ``paddle::empty``, ``empty_like``, ``copy_to``) and the infer-dtype
  function;
- dims: ``x.shape()[i]`` / ``x.dims()[i]`` (directly, or through a shape
  vector, or the infer-shape function's shape parameters), each named after
  the variable the source assigns it to; an axis compared with ``==`` to such a
  variable takes its dim; the shapes outputs are made with, and the
  infer-shape function's return; attributes in those shapes become dims set by
  the attribute; a tensor whose *value* is a size (``x.data<int64_t>()[0]``,
  directly or from a host copy) becomes an int64 attribute setting a dim, as
  the spec language has it ("A size the host knows");
- attributes: ``.Attrs`` (``"name: type"``) and the kernel's scalar
  parameters; each ``getenv("NAME")`` becomes an attribute with the default the
  source falls back to.

How it reads C++, and why not with a compiler front end. libclang is at hand
(tools/xpu3_check.py uses it), but a front end needs a translation unit: these
files include ``paddle/extension.h`` (thousands of headers), CUDA's and the
XPU toolchain's headers, which are not installed where an op author runs
this; ``.cu`` files need CUDA mode and ``<<<...>>>``; and with headers missing,
clang's error recovery turns ``paddle::Tensor`` parameters into ``int`` and
drops the builder chain of ``PD_BUILD_OP``, a macro whose expansion it cannot
see. What import needs is shallow and syntactic — string literals in a chain
of known method calls, the signatures of a few functions, and a handful of
patterns in their bodies — and must hold against anything handed to it. So
this is a tolerant reader at the token level: a lexer that knows C++'s
comments, string, character and raw-string literals and preprocessor lines;
brackets matched once; function definitions found as ``name(...) {...}`` at
any depth (not control statements, not lambdas); and pattern matchers over
token spans. Every step is linear in the file (the calls it follows are
memoized and bounded), the file is capped at ``MAX_SOURCE_BYTES``, and every
problem — binary or non-UTF-8 bytes in code, an unterminated literal or
comment, an unbalanced bracket, no registration — is one ``SourceError``
naming the file and the line, never a traceback or a hang. What it does not
understand it does not guess: that value is a TODO.
"""

from __future__ import annotations

import json
import re
import sys
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

MAX_SOURCE_BYTES = 1024 * 1024  # ten times a large custom-op file
MAX_VISITS = 400  # calls followed per op (memoized); real ops need a few dozen
MAX_DEPTH = 8  # call depth followed from the kernel function
MAX_SCANNED = 1_000_000  # tokens of function bodies read per op (calls re-read a body)
MAX_ENV = 32  # environment variables read per op
_NEAR = 2000  # how far (tokens) an environment variable's value is followed

TODO = "TODO"


class SourceError(Exception):
    """A source import cannot read: one line, ``path:line: message``."""


# ---------------------------------------------------------------- lexing


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


# ---------------------------------------------------------------- the source's structure

_NOT_FUNCTIONS = frozenset(
    """if for while switch catch return sizeof alignof decltype static_assert defined do
    else new delete throw case typeid noexcept""".split()
)
_BLOCK_AFTER = frozenset(") else do try ; { } :".split())  # a '{' after these opens a block
_NOT_AFTER = frozenset(". -> = ( , return ! && || ? : << + - * / [ ==".split())


@dataclass(frozen=True)
class Param:
    name: str  # "" when unnamed
    type: str  # its type's tokens, as text
    line: int


@dataclass(frozen=True)
class Function:
    name: str
    params: tuple[Param, ...]
    tparams: tuple[str, ...]  # its template parameters' names, in order
    body: tuple[int, int]  # token indices of its { and }
    line: int


@dataclass
class Item:
    """A name in .Inputs, .Outputs or .Attrs."""

    name: str
    line: int
    optional: bool = False
    kind: str = ""  # .Attrs: the type after the colon
    problem: str = ""  # why it cannot become a spec entry as it stands


@dataclass
class Registration:
    op: str
    macro: str
    line: int
    inputs: list[Item] = field(default_factory=list)
    outputs: list[Item] = field(default_factory=list)
    attrs: list[Item] = field(default_factory=list)
    inplace: dict[str, Item] = field(default_factory=dict)  # input -> its output
    kernel: str = ""
    infer_shape: str = ""
    infer_dtype: str = ""
    problems: list[str] = field(default_factory=list)


class Source:
    """One file: tokens, matched brackets, function definitions, registrations."""

    def __init__(self, text: str, path: str) -> None:
        self.path = path
        self.toks = tokenize(text, path)
        self.match = match_brackets(self.toks, path)
        self.functions: dict[str, list[Function]] = {}
        for fn in self._functions():
            self.functions.setdefault(fn.name, []).append(fn)
        self.registrations = list(self._registrations())

    # ---- tokens

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
                if cast in _SCALAR_TYPES:
                    a = self.closes(a) + 1
                    continue
            break
        return a, b

    # ---- function definitions: `name(...) {` that is no control statement or call

    def _functions(self) -> Iterator[Function]:
        toks = self.toks
        for i, tok in enumerate(toks):
            if tok.text != "(" or i == 0 or toks[i - 1].kind != "id":
                continue
            name = toks[i - 1].text
            if name in _NOT_FUNCTIONS or self.text(i - 2) in _NOT_AFTER:
                continue
            j = self.closes(i) + 1
            while self.text(j) in ("const", "noexcept", "override", "final"):
                j += 1
            if self.text(j) != "{":
                continue
            params = tuple(self._param(a, b) for a, b in self.items(i, angles=True))
            if params == (Param("", "void", tok.line),):
                params = ()
            yield Function(name, params, self._tparams(i - 1), (j, self.closes(j)), tok.line)

    def _param(self, a: int, b: int) -> Param:
        for k in range(a, b):
            if self.text(k) == "=":  # a default argument
                b = k
                break
        if b - a >= 2 and self.kind(b - 1) == "id":
            return Param(self.text(b - 1), self.span(a, b - 1), self.line(b - 1))
        return Param("", self.span(a, b), self.line(a))

    def _tparams(self, name_i: int) -> tuple[str, ...]:
        """The template parameters of the function named at ``name_i``."""
        i = name_i - 1
        while i > 0 and self.text(i - 1) not in (";", "{", "}"):
            i -= 1
        while i < name_i:
            if self.is_(i, "template", "<"):
                close = self.angle_close(i + 1)
                if close < 0:
                    return ()
                names = []
                for a, b in self._angle_items(i + 1, close):
                    ids = [k for k in range(a, b) if self.kind(k) == "id"]
                    if ids:
                        names.append(self.text(ids[-1]))
                return tuple(names)
            i += 1
        return ()

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

    def function(self, name: str, arity: int | None = None) -> Function | None:
        """The definition of ``name``; of several, the one taking ``arity`` parameters."""
        found = self.functions.get(name, [])
        if arity is not None and len(found) > 1:
            found = [f for f in found if len(f.params) == arity] or found
        return found[0] if found else None

    # ---- registrations: PD_BUILD_OP(name).Inputs(...).Outputs(...)...;

    def _registrations(self) -> Iterator[Registration]:
        for i, tok in enumerate(self.toks):
            if tok.text not in ("PD_BUILD_OP", "PD_BUILD_STATIC_OP") or self.text(i + 1) != "(":
                continue
            if self.closes(i + 1) != i + 3 or self.kind(i + 2) != "id":
                continue
            reg = Registration(self.text(i + 2), tok.text, tok.line)
            j = i + 4
            while self.text(j) == "." and self.kind(j + 1) == "id" and self.text(j + 2) == "(":
                self._method(reg, self.text(j + 1), j + 2)
                j = self.closes(j + 2) + 1
            yield reg

    def _list(self, open_i: int) -> list[tuple[int, int]] | None:
        """The items of a ``({...})`` argument; None if it is not a brace list."""
        args = self.items(open_i)
        if len(args) != 1 or self.text(args[0][0]) != "{":
            return None
        brace = args[0][0]
        return self.items(brace) if self.closes(brace) == args[0][1] - 1 else None

    def _method(self, reg: Registration, method: str, open_i: int) -> None:
        line = self.line(open_i)
        if method in ("Inputs", "Outputs", "Attrs"):
            items = self._list(open_i)
            if items is None:
                reg.problems.append(f".{method} at line {line} is not a list of names")
                return
            for a, b in items:
                item = self._item(method, a, b)
                {"Inputs": reg.inputs, "Outputs": reg.outputs, "Attrs": reg.attrs}[method].append(
                    item
                )
        elif method == "SetInplaceMap":
            for a, _ in self._list(open_i) or []:
                if self.text(a) == "{" and self.closes(a) == a + 4 and self.is_(a + 2, ","):
                    if self.kind(a + 1) == "str" and self.kind(a + 3) == "str":
                        reg.inplace[self.text(a + 1)] = Item(self.text(a + 3), self.line(a))
                        continue
                reg.problems.append(f"the inplace pair at line {self.line(a)}")
        elif method in ("SetKernelFn", "SetInferShapeFn", "SetInferDtypeFn"):
            close = self.closes(open_i)
            ids = [self.text(k) for k in range(open_i + 1, close) if self.kind(k) == "id"]
            name = ids[-1] if len(ids) >= 2 and ids[0].startswith("PD_") else ""
            if method == "SetKernelFn":
                reg.kernel = name
            elif method == "SetInferShapeFn":
                reg.infer_shape = name
            else:
                reg.infer_dtype = name

    def _item(self, method: str, a: int, b: int) -> Item:
        line = self.line(a)
        if b == a + 1 and self.kind(a) == "str":
            if method != "Attrs":
                return Item(self.text(a), line)
            name, _, kind = self.text(a).partition(":")
            return Item(name.strip(), line, kind=kind.strip())
        if self.is_(a, "paddle", "::") and self.kind(a + 2) == "id" and self.text(a + 3) == "(":
            wrapper = self.text(a + 2)
            if self.kind(a + 4) == "str" and self.closes(a + 3) == a + 5 == b - 1:
                if wrapper == "Optional":
                    return Item(self.text(a + 4), line, optional=True)
                return Item(
                    self.text(a + 4),
                    line,
                    problem=f"paddle::{wrapper}(...) in .{method} (a spec tensor is one tensor)",
                )
        return Item(TODO, line, problem=f"{self.span(a, b)!r} in .{method} is not a name")


_BINARY = re.compile(r"=|==|!=|<=|>=|\+|-|\*|/|%|\?|:|&&|\|\||\+=|-=|\*=|/=")
# ---------------------------------------------------------------- reading one op

# C++ element types -> the spec's dtypes ("!" marks a type the spec has no dtype for).
_CPP_DTYPES = {
    "bool": "bool",
    "int": "int32",
    "int32_t": "int32",
    "int64_t": "int64",
    "float": "float32",
    "float16": "float16",
    "paddle::float16": "float16",
    "phi::float16": "float16",
    "phi::dtype::float16": "float16",
    "half": "float16",
    "__half": "float16",
    "bfloat16": "bfloat16",
    "paddle::bfloat16": "bfloat16",
    "phi::bfloat16": "bfloat16",
    "phi::dtype::bfloat16": "bfloat16",
    "__nv_bfloat16": "bfloat16",
    "double": "!float64",
    "int8_t": "!int8",
    "uint8_t": "!uint8",
    "int16_t": "!int16",
}
# paddle::DataType members -> the spec's dtypes.
_PADDLE_DTYPES = {
    "BOOL": "bool",
    "INT32": "int32",
    "INT64": "int64",
    "FLOAT32": "float32",
    "FLOAT16": "float16",
    "BFLOAT16": "bfloat16",
    "FLOAT64": "!float64",
    "INT8": "!int8",
    "UINT8": "!uint8",
    "INT16": "!int16",
    "COMPLEX64": "!complex64",
    "COMPLEX128": "!complex128",
}
# PD_DISPATCH_* (paddle/phi/core/visit_type.h): what data_t ranges over.
_DISPATCH = {
    "PD_DISPATCH_FLOATING_TYPES": ("FLOAT32", "FLOAT64"),
    "PD_DISPATCH_FLOATING_AND_HALF_TYPES": ("FLOAT32", "FLOAT64", "FLOAT16", "BFLOAT16"),
    "PD_DISPATCH_INTEGRAL_TYPES": ("INT32", "INT64", "INT8", "UINT8", "INT16"),
    "PD_DISPATCH_FLOATING_AND_INTEGRAL_TYPES": (
        *("FLOAT32", "FLOAT64", "INT32", "INT64", "INT8", "UINT8", "INT16"),
    ),
}
# Paddle attribute types (.Attrs) -> the spec's attribute types.
_ATTR_TYPES = {
    "int": "int",
    "int64_t": "int64",
    "float": "float",
    "bool": "bool",
    "std::vector<int>": "int_list",
    "std::vector<int64_t>": "int64_list",
}
# C++ scalar types -> the spec's attribute types.
_SCALAR_TYPES = {
    "bool": "bool",
    "int": "int",
    "int32_t": "int",
    "unsigned": "int",
    "uint32_t": "int",
    "int64_t": "int64",
    "long": "int64",
    "size_t": "int64",
    "uint64_t": "int64",
    "float": "float",
    "double": "float",
}
_CREATORS = ("full", "empty", "zeros", "ones", "full_like", "empty_like", "zeros_like", "ones_like")
_WRITES = frozenset("= += -= *= /= %= &= |= ^= ++ --".split())


@dataclass(frozen=True)
class Fact:
    """One thing the source says, and where: a dtype, a dim, a write."""

    value: str
    line: int
    how: str
    group: str = ""  # a dtype that varies with a template parameter or dispatch: which


@dataclass
class Made:
    """How the kernel makes a tensor: its shape (dim expressions, or like another)."""

    shape: list[str] | None  # "TODO:<why>" for an entry it could not read
    like: str  # the tensor whose shape it has
    dtype: Fact | None
    line: int
    how: str


@dataclass
class Draft:
    """What the source says about one tensor."""

    name: str
    line: int
    optional: bool = False
    optional_how: str = ""
    output: bool = False  # a new output (not in place)
    inplace: Item | None = None  # the output the inplace map pairs it with
    problem: str = ""  # why it cannot be a spec tensor as it stands
    written: list[Fact] = field(default_factory=list)
    dtypes: list[Fact] = field(default_factory=list)
    axes: dict[int, Fact] = field(default_factory=dict)
    made: Made | None = None
    host_hint: str = ""  # why it may live in host memory
    shape_from: list[Fact] | None = None  # an output's shape from the infer-shape function
    like_from: str = ""  # ... or as an input's (returned shape vector)


@dataclass
class DimDraft:
    name: str
    how: str  # where the source reads it
    attr: str = ""  # the attribute that sets it


@dataclass
class AttrDraft:
    name: str
    type: str  # the spec's type or TODO
    line: int
    how: str  # for the comment: where it comes from
    doc: str = "TODO, what it selects"
    default: str = ""  # YAML, TODO, or "" (required)
    why: str = ""  # what could not be read
    min: str = ""


@dataclass
class Scope:
    """What names mean inside one function, visited from the kernel."""

    fn: Function
    tensors: dict[str, str] = field(default_factory=dict)  # local -> tensor key
    pointers: dict[str, tuple[str, bool]] = field(default_factory=dict)  # -> key, writable
    attrs: dict[str, str] = field(default_factory=dict)  # local -> attribute
    dims: dict[str, str] = field(default_factory=dict)  # local -> dim expression
    shapes: dict[str, str] = field(default_factory=dict)  # shape vector -> tensor key
    types: dict[str, tuple[str, str]] = field(default_factory=dict)  # tparam -> dtype, group
    copies: dict[str, str] = field(default_factory=dict)  # host copy -> tensor key
    dispatch: list[tuple[int, int, tuple[str, ...], str]] = field(default_factory=list)

    def key(self) -> tuple[object, ...]:
        return (
            self.fn.name,
            self.fn.line,
            *(
                tuple(sorted(d.items()))
                for d in (self.tensors, self.pointers, self.attrs, self.dims, self.types)
            ),
        )


Returned = list[tuple[str, Scope]]


class OpReader:
    """What one registration, and the functions it names, say about its op."""

    def __init__(self, src: Source, reg: Registration) -> None:
        self.src = src
        self.reg = reg
        self.drafts: dict[str, Draft] = {}  # tensor key -> draft (locals too)
        self.dims: dict[str, DimDraft] = {}
        self.dim_of: dict[tuple[str, int], str] = {}  # (tensor, axis) -> dim
        self.attrs: list[AttrDraft] = []
        self.env_attrs: list[AttrDraft] = []
        self.value_sizes: dict[str, tuple[str, int]] = {}  # local -> tensor, line
        self.problems: list[str] = list(reg.problems)
        self.memo: dict[tuple[object, ...], Returned | None] = {}
        self.attr_locals: dict[str, list[str]] = {}  # attribute -> the local names of its dim
        self.scanned = 0  # tokens of bodies read (MAX_SCANNED)
        self.stopped = False
        self.blind = ""  # why the kernel's body says nothing about the tensors

    @property
    def tensors(self) -> list[Draft]:
        """The op's tensors (not the kernel's locals), in registration order."""
        return [d for key, d in self.drafts.items() if "@" not in key]

    def taken(self) -> set[str]:
        attrs = {a.name for a in (*self.attrs, *self.env_attrs)}
        return {t.name for t in self.tensors} | attrs | set(self.dims)

    # ---- the op

    def read(self) -> None:
        reg = self.reg
        paired = {item.name for item in reg.inplace.values()}
        for item in reg.inputs:
            if item.name in self.drafts:
                self.problems.append(f"{item.name!r} is listed again in .Inputs (line {item.line})")
                continue
            draft = Draft(item.name, item.line, optional=item.optional, problem=item.problem)
            draft.optional_how = f'paddle::Optional("{item.name}") in .Inputs, line {item.line}'
            draft.inplace = reg.inplace.get(item.name)
            self.drafts.setdefault(item.name, draft)
        for item in reg.outputs:
            if item.name in self.drafts and item.name not in paired:
                self.problems.append(
                    f"{item.name!r} is listed again in .Outputs (line {item.line})"
                )
            elif item.name not in paired:
                self.drafts[item.name] = Draft(
                    item.name, item.line, output=True, problem=item.problem
                )
        for item in reg.attrs:
            kind = _ATTR_TYPES.get(item.kind, TODO)
            why = "" if kind != TODO else f"'{item.kind}' (.Attrs) has no spec attribute type"
            self.attrs.append(AttrDraft(item.name, kind, item.line, f".Attrs, line {item.line}"))
            self.attrs[-1].why = why or item.problem
        kernel = self.src.function(reg.kernel, len(reg.inputs) + len(reg.attrs))
        if kernel is None:
            self.blind = f"its kernel function {reg.kernel or '(none)'} is not in the file"
        else:
            self.read_kernel(kernel)
        shape_fn = self.src.function(reg.infer_shape) if reg.infer_shape else None
        if shape_fn is not None:
            self.read_infer_shape(shape_fn)
        dtype_fn = self.src.function(reg.infer_dtype) if reg.infer_dtype else None
        if dtype_fn is not None:
            self.read_infer_dtype(dtype_fn)
        self.read_value_sizes()
        self.name_attr_dims()

    def read_kernel(self, fn: Function) -> None:
        scope = Scope(fn)
        tensor_params = [p for p in fn.params if "Tensor" in p.type]
        scalar_params = [p for p in fn.params if "Tensor" not in p.type]
        inputs = [item.name for item in self.reg.inputs]
        if len(tensor_params) == len(inputs):
            for p, name in zip(tensor_params, inputs, strict=True):
                scope.tensors[p.name] = name
                if "optional" in p.type and not self.drafts[name].optional:
                    self.drafts[name].optional = True
                    self.drafts[name].optional_how = f"{p.type} {p.name}, line {p.line}"
        else:
            self.problems.append(
                f"{fn.name} takes {len(tensor_params)} tensors where .Inputs names {len(inputs)}"
            )
            self.blind = f"{fn.name}'s tensor parameters do not match .Inputs (see the header)"
        if not self.reg.attrs:  # the kernel's scalar parameters are the attributes
            for p in scalar_params:
                kind = _SCALAR_TYPES.get(_base_type(p.type), TODO)
                why = "" if kind != TODO else f"its C++ type '{p.type}'"
                how = f"a parameter of {fn.name}, line {p.line}"
                self.attrs.append(AttrDraft(p.name, kind, p.line, how, why=why))
        if len(scalar_params) == len(self.attrs):
            for p, attr in zip(scalar_params, self.attrs, strict=True):
                scope.attrs[p.name] = attr.name
        else:
            self.problems.append(
                f"{fn.name} takes {len(scalar_params)} attributes where .Attrs names "
                f"{len(self.attrs)}"
            )
        returned = self.visit(scope, 0)
        if returned is not None:
            self.bind_outputs(returned)

    # ---- a function's body, and the calls it makes into the file

    def visit(self, scope: Scope, depth: int) -> Returned | None:
        """Read ``scope.fn``'s body, following calls into the file's functions;
        what its return statement returns (locals, in their scope)."""
        key = scope.key()
        if key in self.memo or len(self.memo) >= MAX_VISITS or depth > MAX_DEPTH:
            return self.memo.get(key)
        start, end = scope.fn.body
        self.scanned += end - start
        if self.scanned > MAX_SCANNED:
            if not self.stopped:
                self.stopped = True
                self.problems.append(
                    f"stopped following calls at {scope.fn.name} (line {scope.fn.line}): "
                    f"{MAX_SCANNED} tokens of function bodies read"
                )
            return None
        self.memo[key] = None
        src = self.src
        returned: Returned | None = None
        i = start + 1
        while i < end:
            tok = src.toks[i]
            if tok.kind == "id" and (src.text(i - 1) in (";", "{", "}") or tok.text == "return"):
                stop = src.statement_end(i, end)
                if tok.text == "return":
                    for k in range(i + 1, stop):
                        if src.kind(k) == "id":
                            self.access(scope, k)
                    got = self.returns(scope, i + 1, stop, depth)
                    returned = got if got is not None else returned
                    i = stop
                    continue
                self.statement(scope, i, stop)
            if tok.kind == "id":
                if tok.text in _DISPATCH and src.text(i + 1) == "(":
                    self.dispatch(scope, i)
                elif tok.text == "getenv" and src.text(i + 1) == "(":
                    self.env(scope, i)
                else:
                    self.access(scope, i)
                    self.call(scope, i, depth)
            i += 1
        self.memo[key] = returned
        return returned

    def statement(self, scope: Scope, a: int, b: int) -> None:
        """``[type] NAME = EXPR;`` at the statement's top level."""
        src = self.src
        k = a
        while k < b:
            if src.closes(k) > k:
                k = src.closes(k) + 1
                continue
            if src.text(k) == "=":
                break
            k += 1
        if k >= b or k == a or src.kind(k - 1) != "id":
            return
        self.assign(scope, src.text(k - 1), src.span(a, k - 1), k + 1, b)

    def assign(self, scope: Scope, name: str, decl: str, a: int, b: int) -> None:
        src = self.src
        line = src.line(a)
        a, b = src.unwrap(a, b)
        ref = self.tensor_at(scope, a)
        if ref is not None:
            key, k = ref
            if src.is_(k, ".", "shape", "(", ")") or src.is_(k, ".", "dims", "(", ")"):
                if k + 4 == b:
                    scope.shapes[name] = key
                elif src.text(k + 4) == "[" and src.closes(k + 4) + 1 == b:
                    axis = _int(src.span(k + 5, b - 1))
                    if axis is not None:
                        self.read_dim(scope, name, key, axis, line, src.span(a, b))
                return
            if src.is_(k, ".", "copy_to", "(") and src.closes(k + 2) + 1 == b:
                self.make(
                    scope, name, Made(None, key, Fact(f"={key}", line, "copy_to"), line, "copy_to")
                )
                scope.copies[name] = key
                place = src.span(k + 3, b - 1).split(",")[0]
                if "CPUPlace" not in place and "@" not in key and not self.drafts[key].host_hint:
                    # Copied to a device place to be used there: it may live in host memory.
                    self.drafts[key].host_hint = (
                        f"the source copies it to {place} (line {line}): if it lives in host "
                        "memory, add host: true"
                    )
                return
            if src.text(k + 1) in ("data", "mutable_data") and "*" in decl:
                scope.pointers[name] = (key, _writable(decl))
                return
        if src.text(a) in scope.shapes and src.text(a + 1) == "[" and src.closes(a + 1) + 1 == b:
            axis = _int(src.span(a + 2, b - 1))
            if axis is not None:
                self.read_dim(scope, name, scope.shapes[src.text(a)], axis, line, src.span(a, b))
            return
        if src.is_(a, "const_cast", "<") and "*" in decl:
            close = src.angle_close(a + 1)
            inner = self.tensor_at(scope, close + 2) if close > 0 else None
            if inner is not None:
                scope.pointers[name] = (inner[0], True)
            return
        if self.creation(scope, name, a, b, line):
            return
        value = self.value_read(scope, a, b)
        if value is not None:
            self.value_sizes[name] = (value, line)
            scope.dims[name] = name
            return
        if _base_type(decl) in _SCALAR_TYPES or decl.split()[-1:] == ["auto"]:
            expr = self.dim_expr(scope, a, b)
            if isinstance(expr, str) and not expr.isdigit():
                scope.dims[name] = expr  # a local holding dims: `int n = bsz * len;`

    def tensor_at(self, scope: Scope, i: int) -> tuple[str, int] | None:
        """The tensor named at ``i`` (``x``, ``x->``, ``x.get()``,
        ``x.get_ptr()->``), and the index of the '.' or '->' after it."""
        src = self.src
        key = scope.tensors.get(src.text(i))
        if key is None or src.text(i - 1) in (".", "->", "::"):
            return None
        k = i + 1
        if src.is_(k, ".", "get", "(", ")"):
            k += 4
        elif src.is_(k, ".", "get_ptr", "(", ")", "->"):
            k += 4
        return key, k

    def read_dim(self, scope: Scope, local: str, key: str, axis: int, line: int, how: str) -> None:
        dim = self.dim_of.get((key, axis))
        if dim is None:
            fallback = f"{self.drafts[key].name}_dim{axis}"
            dim = next(
                (c for c in (local, fallback) if _name_ok(c) and c not in self.taken()),
                f"dim{len(self.dims)}",
            )
            self.dims[dim] = DimDraft(dim, f"{how}, line {line}")
            self.dim_of[(key, axis)] = dim
        scope.dims[local] = dim
        self.drafts[key].axes.setdefault(axis, Fact(dim, line, how))

    def access(self, scope: Scope, i: int) -> None:
        """``x.data<T>()``, ``x.mutable_data<T>()``, ``const_cast<T*>(x.data<T>())``,
        ``x.shape()[k] == dim``, and writes through a pointer to a tensor."""
        src = self.src
        ref = self.tensor_at(scope, i)
        if ref is not None:
            key, k = ref
            name, member = src.text(i), src.text(k + 1)
            if src.text(k) not in (".", "->"):
                return
            if member in ("data", "mutable_data") and src.text(k + 2) == "<":
                close = src.angle_close(k + 2)
                if close > 0:
                    cpp = src.span(k + 3, close)
                    self.dtype_fact(scope, key, cpp, k, f"{name}.{member}<{cpp}>()")
                if member == "mutable_data":
                    self.write(key, Fact("", src.line(i), f"{name}.mutable_data<...>()"))
                elif src.text(i - 1) == "(" and src.text(src.angle_open(i - 2) - 1) == "const_cast":
                    self.write(key, Fact("", src.line(i), f"const_cast<...>({name}.data<...>())"))
            elif member in ("shape", "dims") and src.is_(k + 2, "(", ")", "["):
                self.compared(scope, key, k + 4, i)
            return
        if src.text(i) in scope.shapes and src.text(i + 1) == "[":
            self.compared(scope, scope.shapes[src.text(i)], i + 1, i)
            return
        pointer = scope.pointers.get(src.text(i))
        if pointer is not None and pointer[1] and src.text(i - 1) not in (".", "->", "::"):
            after = src.closes(i + 1) + 1 if src.text(i + 1) == "[" else -1
            deref = src.text(i - 1) == "*" and src.text(i - 2) in (";", "{", "}", "(")
            if (after > 0 and (src.text(after) in _WRITES or src.text(i - 1) in ("++", "--"))) or (
                deref and src.text(i + 1) in _WRITES
            ):
                how = f"{src.text(i)}[...] assigned in {scope.fn.name}"
                self.write(pointer[0], Fact("", src.line(i), how))

    def compared(self, scope: Scope, key: str, bracket: int, start: int) -> None:
        """``x.shape()[k] == dim`` or ``dim == x.shape()[k]``: the axis is that dim."""
        src = self.src
        close = src.closes(bracket)
        axis = _int(src.span(bracket + 1, close))
        if axis is None:
            return
        other = ""
        if src.text(close + 1) == "==" and src.text(close + 3) in (",", ")", "&&", ";"):
            other = src.text(close + 2)
        elif src.text(start - 1) == "==" and src.text(start - 3) in ("(", "&&", ","):
            other = src.text(start - 2)
        dim = scope.dims.get(other, "")
        if dim in self.dims and (key, axis) not in self.dim_of and "@" not in key:
            self.dim_of[(key, axis)] = dim
            how = f"{src.span(start, close + 1)} == {other}"
            self.drafts[key].axes.setdefault(axis, Fact(dim, src.line(start), how))

    def dtype_fact(self, scope: Scope, key: str, cpp: str, at: int, how: str) -> None:
        made = self.drafts[key].made
        if made is not None and made.how == "copy_to" and made.like in self.drafts:
            key = made.like  # a copy has its source's dtype
        draft = self.drafts[key]
        line = self.src.line(at)
        spelled = cpp.replace(" ", "").removeprefix("const")
        if spelled in _CPP_DTYPES:
            draft.dtypes.append(Fact(_CPP_DTYPES[spelled], line, how))
        elif spelled in scope.types:
            dtype, group = scope.types[spelled]
            draft.dtypes.append(Fact(dtype, line, how, group))
        elif spelled == "data_t" and any(a <= at <= b for a, b, _, _ in scope.dispatch):
            _, _, dtypes, group = next(d for d in scope.dispatch if d[0] <= at <= d[1])
            draft.dtypes.extend(Fact(d, line, how, group) for d in dtypes)
        elif len(scope.types) == 1 and len(scope.fn.tparams) == 1:
            # In a template over one dtype, another spelling of it (PDTraits<D>::data_t).
            dtype, group = next(iter(scope.types.values()))
            draft.dtypes.append(Fact(dtype, line, f"{how}, {spelled} of the template's", group))
        else:
            draft.dtypes.append(Fact(f"?{spelled}", line, how))

    def write(self, key: str, fact: Fact) -> None:
        self.drafts[key].written.append(fact)

    def dispatch(self, scope: Scope, i: int) -> None:
        """``PD_DISPATCH_*(x.dtype(), "name", ([&] {...}))``: its data_t ranges over a set."""
        src = self.src
        members = _DISPATCH[src.text(i)]
        dtypes = tuple(_PADDLE_DTYPES[m] for m in members)
        group = f"{src.text(i)} at line {src.line(i)}"
        scope.dispatch.append((i, src.closes(i + 1), dtypes, group))

    def call(self, scope: Scope, i: int, depth: int) -> Returned | None:
        """A call of a function of the file: ``F(...)``, ``F<T>(...)``,
        ``K<<<grid, block>>>(...)``; visits it with what its parameters receive."""
        src = self.src
        name = src.text(i)
        if name not in src.functions or src.text(i - 1) in (".", "->"):
            return None
        k = i + 1
        targs: list[str] = []
        if src.text(k) == "<" and not src.is_(k, "<", "<", "<"):
            targs, k = src.template_args(k)
        if src.is_(k, "<", "<", "<"):  # a CUDA launch configuration
            k = src.angle_close(k + 2) + 2 if src.angle_close(k + 2) > 0 else k
            while src.text(k) == ">":
                k += 1
        if src.text(k) != "(":
            return None
        args = src.items(k)
        fn = src.function(name, len(args))
        if fn is None or fn.body[0] <= i <= fn.body[1]:
            return None
        base = Scope(fn)
        for param, (start, stop) in zip(fn.params, args, strict=False):
            a, b = src.unwrap(start, stop)
            arg = src.text(a)
            if b == a + 1 and src.kind(a) == "id":
                if arg in scope.tensors and _is_tensor(param.type):
                    base.tensors[param.name] = scope.tensors[arg]
                elif arg in scope.pointers and "*" in param.type:
                    key, writable = scope.pointers[arg]
                    base.pointers[param.name] = (key, writable and _writable(param.type))
                elif arg in scope.attrs:
                    base.attrs[param.name] = scope.attrs[arg]
                elif arg in scope.dims:
                    base.dims[param.name] = scope.dims[arg]
                elif arg in scope.shapes:
                    base.shapes[param.name] = scope.shapes[arg]
                continue
            if src.is_(a, "const_cast", "<"):
                close = src.angle_close(a + 1)
                a = close + 2 if close > 0 else a
            ref = self.tensor_at(scope, a)
            if ref is not None and src.text(ref[1] + 1) in ("data", "mutable_data"):
                if "*" in param.type:
                    base.pointers[param.name] = (ref[0], _writable(param.type))
        # Each binding of the template parameters is a visit of its own.
        bindings: list[dict[str, tuple[str, str]]] = [{}]
        for tparam, targ in zip(fn.tparams, targs, strict=False):
            options = self.type_arg(scope, targ, name, tparam, i)
            bindings = [{**b, tparam: o} for b in bindings for o in options] or bindings
        returned = None
        for binding in bindings[:8]:
            inner = Scope(fn, dict(base.tensors), dict(base.pointers), dict(base.attrs))
            inner.dims, inner.shapes, inner.types = dict(base.dims), dict(base.shapes), binding
            returned = self.visit(inner, depth + 1) or returned
        return returned

    def type_arg(
        self, scope: Scope, targ: str, fn: str, tparam: str, at: int
    ) -> list[tuple[str, str]]:
        """A template argument as the dtypes it binds (several inside a dispatch)."""
        spelled = targ.replace(" ", "")
        member = spelled.rsplit("::", 1)[-1]
        group = f"the template parameter {tparam} of {fn}"
        if "DataType::" in spelled and member in _PADDLE_DTYPES:
            return [(_PADDLE_DTYPES[member], group)]
        if spelled in _CPP_DTYPES:
            return [(_CPP_DTYPES[spelled], group)]
        if spelled in scope.types:
            return [scope.types[spelled]]
        if spelled == "data_t":
            for a, b, dtypes, dispatch in scope.dispatch:
                if a <= at <= b:
                    return [(d, dispatch) for d in dtypes]
        return []

    # ---- what the kernel makes and returns

    def make(self, scope: Scope, local: str, made: Made) -> None:
        key = f"{scope.fn.name}@{scope.fn.line}:{local}"
        self.drafts[key] = Draft(local, made.line, made=made)
        if made.dtype is not None:
            self.drafts[key].dtypes.append(made.dtype)
        scope.tensors[local] = key

    def creation(self, scope: Scope, local: str, a: int, b: int, line: int) -> bool:
        """``paddle::full({...}, value, dtype, place)``, ``empty``, ``*_like``, ``GetEmptyTensor``."""
        src = self.src
        k = a + 2 if src.is_(a, "paddle", "::") else a
        k = k + 2 if src.is_(k, "experimental", "::") else k
        fn = src.text(k)
        if fn not in (*_CREATORS, "GetEmptyTensor") or src.text(k + 1) != "(":
            return False
        if src.closes(k + 1) + 1 != b:
            return False
        args = src.items(k + 1)
        how = fn if fn == "GetEmptyTensor" else f"paddle::{fn}"
        if not args:
            return False
        if fn.endswith("_like"):
            ref = self.tensor_at(scope, args[0][0])
            like = ref[0] if ref is not None and ref[1] == args[0][1] else ""
            has_dtype = len(args) >= (3 if fn.startswith(("full", "ones", "zeros")) else 2)
            dtype = self.dtype_arg(scope, args[-1] if has_dtype else (0, 0), line)
            if dtype is None and like:
                dtype = Fact(f"={like}", line, f"{how}({src.text(args[0][0])})")
            self.make(scope, local, Made(None, like, dtype, line, how))
            return True
        dtype_at = 2 if fn in ("full",) else 1
        dtype = self.dtype_arg(scope, args[dtype_at], line) if len(args) > dtype_at else None
        a0, b0 = args[0]
        if src.text(a0) == "{" and src.closes(a0) == b0 - 1:
            exprs = []
            for x, y in src.items(a0):
                got = self.dim_expr(scope, x, y)
                exprs.append(got if isinstance(got, str) else f"{TODO}:{got[0]}")
            self.make(scope, local, Made(exprs, "", dtype, line, how))
            return True
        ref = self.tensor_at(scope, a0)
        like = ""
        if ref is not None and src.is_(ref[1], ".", "shape", "(", ")"):
            like = ref[0]
        elif src.text(a0) in scope.shapes and b0 == a0 + 1:
            like = scope.shapes[src.text(a0)]
        self.make(
            scope,
            local,
            Made(None if like else [f"{TODO}:'{src.span(a0, b0)}'"], like, dtype, line, how),
        )
        return True

    def dtype_arg(self, scope: Scope, arg: tuple[int, int], line: int) -> Fact | None:
        src = self.src
        a, b = arg
        if a >= b:
            return None
        spelled = src.span(a, b).replace(" ", "")
        member = spelled.rsplit("::", 1)[-1]
        if "DataType::" in spelled and member in _PADDLE_DTYPES:
            return Fact(_PADDLE_DTYPES[member], line, f"made as {spelled}")
        ref = self.tensor_at(scope, a)
        if ref is not None and src.text(ref[1] + 1) in ("dtype", "type"):
            return Fact(f"={ref[0]}", line, f"made with {src.span(a, b)}")
        if spelled in scope.types:
            dtype, group = scope.types[spelled]
            return Fact(dtype, line, f"made as {spelled}", group)
        return None

    def returns(self, scope: Scope, a: int, b: int, depth: int) -> Returned | None:
        """``return {a, b};`` (locals), or ``return F(...);`` (what F returns)."""
        src = self.src
        if src.is_(a, "std", "::", "vector") and src.text(a + 3) == "<":
            a = src.angle_close(a + 3) + 1
        if src.text(a) == "{" and src.closes(a) == b - 1:
            return [
                (src.text(x) if y == x + 1 and src.kind(x) == "id" else "", scope)
                for x, y in src.items(a)
            ]
        if src.kind(a) == "id" and src.text(a) in src.functions:
            return self.call(scope, a, depth)
        return None

    def bind_outputs(self, returned: Returned) -> None:
        outputs = self.reg.outputs
        if len(returned) != len(outputs):
            if any(t.output for t in self.tensors):
                self.problems.append(
                    f"the kernel returns {len(returned)} tensors where .Outputs names "
                    f"{len(outputs)}"
                )
            return
        for item, (local, scope) in zip(outputs, returned, strict=True):
            draft = self.drafts.get(item.name)
            key = scope.tensors.get(local, "")
            made = self.drafts.get(key)
            if draft is None or not draft.output or made is None or "@" not in key:
                continue
            draft.made = made.made
            draft.dtypes.extend(made.dtypes)

    # ---- dim expressions

    def dim_expr(self, scope: Scope, a: int, b: int) -> str | tuple[str]:
        """Tokens [a, b) as a dim expression over dims and attribute-set dims,
        or (why not,)."""
        src = self.src
        a, b = src.unwrap(a, b)
        shown = f"'{src.span(a, b)}'"
        out: list[str] = []
        for k in range(a, b):
            tok = src.toks[k]
            if tok.kind == "num":
                value = _int(tok.text)
                if value is None:
                    return (f"{shown} is not an integer size",)
                out.append(str(value))
            elif tok.kind == "id" and tok.text in scope.dims:
                expr = scope.dims[tok.text]
                out.append(expr if re.fullmatch(r"\w+", expr) else f"({expr})")
            elif tok.kind == "id" and tok.text in scope.attrs:
                out.append(self.attr_dim(scope.attrs[tok.text], tok.text))
            elif tok.kind == "id":
                return (f"{shown}: '{tok.text}' is no dim or attribute the source reads",)
            elif tok.text in ("+", "-", "*", "(", ")"):
                out.append(tok.text)
            elif tok.text == "/":
                out.append("//")
            else:
                return (f"{shown} is not a size expression",)
        text = " ".join(out).replace("( ", "(").replace(" )", ")")
        if not text or text.startswith("-"):
            return (f"{shown} is not known before the kernel runs",)
        return text

    def attr_dim(self, attr: str, local: str) -> str:
        """The dim an attribute sets, one per attribute. Named once every function
        is read (name_attr_dims): after a local name the source gives it other
        than the attribute's own, which a dim cannot share."""
        self.attr_locals.setdefault(attr, []).append(local)
        placeholder = f"{attr}__dim"  # '__' is in no valid name
        self.dims.setdefault(
            placeholder, DimDraft(placeholder, f"set by the attribute {attr}", attr)
        )
        return placeholder

    def name_attr_dims(self) -> None:
        renames: dict[str, str] = {}
        for old, dim in list(self.dims.items()):
            if not old.endswith("__dim"):
                continue
            taken = self.taken() | set(renames.values())
            options = [*self.attr_locals.get(dim.attr, []), f"{dim.attr}_dim"]
            renames[old] = next(
                (c for c in options if c != dim.attr and _name_ok(c) and c not in taken),
                f"dim{len(self.dims)}",
            )
        if not renames:
            return
        pattern = re.compile(r"\b(" + "|".join(map(re.escape, renames)) + r")\b")

        def rename(text: str) -> str:
            return pattern.sub(lambda m: renames[m.group(1)], text)

        self.dims = {
            renames.get(k, k): DimDraft(renames.get(k, k), d.how, d.attr)
            for k, d in self.dims.items()
        }
        for draft in self.drafts.values():
            if draft.made is not None and draft.made.shape is not None:
                draft.made.shape = [rename(e) for e in draft.made.shape]
            if draft.shape_from is not None:
                draft.shape_from = [
                    Fact(rename(f.value), f.line, f.how, f.group) for f in draft.shape_from
                ]

    # ---- a tensor holding a size

    def value_read(self, scope: Scope, a: int, b: int) -> str | None:
        """``x.data<T>()[0]`` (or ``*x.data<T>()``) of an input or its host copy:
        the input whose value is read."""
        src = self.src
        k = a + 1 if src.text(a) == "*" else a
        key = scope.copies.get(src.text(k)) or scope.tensors.get(src.text(k))
        if key is None or "@" in key or not src.is_(k + 1, ".", "data", "<"):
            return None
        close = src.angle_close(k + 3)
        if close < 0 or not src.is_(close + 1, "(", ")"):
            return None
        end = close + 3
        if (src.text(a) == "*" and end == b) or (src.is_(end, "[", "0", "]") and end + 3 == b):
            return key
        return None

    def read_value_sizes(self) -> None:
        """An input whose value sizes an output becomes an int64 attribute that
        sets that dim (docs/spec-language.md, "A size the host knows"); it stays
        a tensor, and the dim a TODO, if the kernel also reads it otherwise."""
        shapes = [e for t in self.tensors if t.made and t.made.shape for e in t.made.shape] + [
            f.value for t in self.tensors for f in t.shape_from or []
        ]
        for local, (key, line) in self.value_sizes.items():
            if not any(re.search(rf"\b{local}\b", e) for e in shapes):
                continue
            draft = self.drafts[key]
            other = [f for f in draft.dtypes if f.line != line] + draft.written
            if other or draft.axes:
                continue
            attr = next(
                (
                    c
                    for c in (f"cpu_{key}", f"{key}_value")
                    if _name_ok(c) and c not in self.taken()
                ),
                TODO,
            )
            self.dims[local] = DimDraft(local, f"the value of the tensor {key}", attr=attr)
            self.env_attrs.insert(
                0,
                AttrDraft(
                    attr,
                    "int64",
                    line,
                    f"the value of the tensor {key}, read on the host at line {line}",
                    doc=f"TODO, what it counts (it was the value of the tensor {key}, "
                    "read on the host to size the outputs)",
                    min="0",
                ),
            )
            del self.drafts[key]

    # ---- environment variables

    def env(self, scope: Scope, i: int) -> None:
        src = self.src
        if src.text(i - 1) == "::" and src.text(i - 2) != "std":
            return
        if not (src.kind(i + 2) == "str" and src.text(i + 3) == ")"):
            return
        var = src.text(i + 2)
        if any(a.how.startswith(f'getenv("{var}")') for a in self.env_attrs):
            return
        if len(self.env_attrs) >= MAX_ENV:
            note = f"environment variables after the first {MAX_ENV} (line {src.line(i)} on)"
            if note.split(" (")[0] not in " ".join(self.problems):
                self.problems.append(note)
            return
        name, kind, default, why = _env_value(src, i, *scope.fn.body)
        base = var.lower().removeprefix("flags_")
        taken = self.taken()
        chosen = next((c for c in (name, base) if c and _name_ok(c) and c not in taken), TODO)
        self.env_attrs.append(
            AttrDraft(
                chosen,
                kind or TODO,
                src.line(i),
                f'getenv("{var}") in {scope.fn.name}, line {src.line(i)}',
                doc=f"TODO, what it selects (it was the environment variable {var})",
                default=default or TODO,
                why=why,
            )
        )

    # ---- the infer-shape and infer-dtype functions

    def read_infer_shape(self, fn: Function) -> None:
        src = self.src
        scope = Scope(fn)
        inputs = [item.name for item in self.reg.inputs]
        for p, name in zip(fn.params, inputs, strict=False):
            if name in self.drafts:
                scope.shapes[p.name] = name
        for p, attr in zip(fn.params[len(inputs) :], self.attrs, strict=False):
            scope.attrs[p.name] = attr.name
        start, end = fn.body
        returned: list[tuple[int, int]] | None = None
        i = start + 1
        while i < end:
            if src.kind(i) == "id" and src.text(i - 1) in (";", "{", "}"):
                stop = src.statement_end(i, end)
                if src.text(i) == "return" and src.text(i + 1) == "{":
                    returned = src.items(i + 1) if src.closes(i + 1) == stop - 1 else None
                else:
                    self.statement(scope, i, stop)
                i = stop
            i += 1
        outputs = self.reg.outputs
        if returned is None or len(returned) != len(outputs):
            if returned is not None:
                self.problems.append(
                    f"{fn.name} returns {len(returned)} shapes where .Outputs names {len(outputs)}"
                )
            return
        for item, (a, b) in zip(outputs, returned, strict=True):
            draft = self.drafts.get(item.name)
            if draft is None or not draft.output:
                continue
            if src.text(a) == "{" and src.closes(a) == b - 1:
                facts = []
                for x, y in src.items(a):
                    got = self.dim_expr(scope, x, y)
                    value = got if isinstance(got, str) else f"{TODO}:{got[0]}"
                    facts.append(Fact(value, src.line(x), f"{fn.name} returns it"))
                draft.shape_from = facts
            elif b == a + 1 and src.text(a) in scope.shapes:
                draft.like_from = scope.shapes[src.text(a)]

    def read_infer_dtype(self, fn: Function) -> None:
        src = self.src
        inputs = [item.name for item in self.reg.inputs]
        of = {p.name: name for p, name in zip(fn.params, inputs, strict=False)}
        start, end = fn.body
        for i in range(start + 1, end):
            if not (src.text(i) == "return" and src.text(i + 1) == "{"):
                continue
            items = src.items(i + 1)
            if len(items) != len(self.reg.outputs):
                self.problems.append(
                    f"{fn.name} returns {len(items)} dtypes where .Outputs names "
                    f"{len(self.reg.outputs)}"
                )
                return
            for item, (a, b) in zip(self.reg.outputs, items, strict=True):
                draft = self.drafts.get(item.name)
                if draft is None or not draft.output:
                    continue
                spelled = src.span(a, b).replace(" ", "")
                member = spelled.rsplit("::", 1)[-1]
                how = f"{fn.name} returns {spelled}"
                if "DataType::" in spelled and member in _PADDLE_DTYPES:
                    draft.dtypes.append(Fact(_PADDLE_DTYPES[member], src.line(a), how))
                elif spelled in of and of[spelled] in self.drafts:
                    draft.dtypes.append(Fact(f"={of[spelled]}", src.line(a), how))
            return


# ---------------------------------------------------------------- small readers


def _is_tensor(cpp_type: str) -> bool:
    return "Tensor" in cpp_type and "vector" not in cpp_type


def _writable(cpp_type: str) -> bool:
    """A pointer through which one may write (no const before its '*')."""
    return "*" in cpp_type and "const" not in cpp_type.split("*")[0].split()


def _base_type(cpp_type: str) -> str:
    words = [
        w
        for w in re.findall(r"\w+", cpp_type)
        if w not in ("const", "static", "constexpr", "std", "unsigned")
    ]
    return words[-1] if words else ("unsigned" if "unsigned" in cpp_type else "")


def _int(text: str) -> int | None:
    m = re.fullmatch(r"(\d+)[uUlL]*", text.replace(" ", "").replace("'", ""))
    return int(m.group(1)) if m else None


def _name_ok(name: str) -> bool:
    from codegen import names

    return names.name_problem(name) is None


def _literal(text: str) -> tuple[str, str] | None:
    """A C++ literal as YAML, with its kind (bool, int, float)."""
    text = text.replace(" ", "")
    if text in ("true", "false"):
        return text, "bool"
    m = re.fullmatch(r"(-?\d+)[uUlL]*", text)
    if m:
        return str(int(m.group(1))), "int"
    m = re.fullmatch(r"(-?(?:\d+\.\d*|\.\d+|\d+(?:\.\d*)?[eE][-+]?\d+))[fF]?", text)
    if m:
        return repr(float(m.group(1))), "float"
    return None


_TO_INT = {"stoi": "int", "atoi": "int", "stoul": "int64", "stol": "int64", "atol": "int64"}
_TO_INT |= {"stoll": "int64", "atoll": "int64", "strtol": "int64", "strtoll": "int64"}
_TO_FLOAT = ("stof", "atof", "stod", "strtof", "strtod")
_IS_ONE = re.compile(r"==\s*'1'|==\s*\"1\"|==\s*\"true\"|strcmp|\.compare\(")


def _conversion(text: str) -> str:
    """The spec type a getenv value is converted to, from the conversion's name."""
    for fn, kind in _TO_INT.items():
        if re.search(rf"\b{fn}\s*\(", text):
            return kind
    if any(re.search(rf"\b{fn}\s*\(", text) for fn in _TO_FLOAT):
        return "float"
    return "bool" if _IS_ONE.search(text) else ""


def _env_value(src: Source, i: int, start: int, end: int) -> tuple[str, str, str, str]:
    """For ``getenv("N")`` at ``i`` in the body [start, end]: the variable its
    value ends in, that value's spec type, its default (YAML), and why any of
    them could not be read."""
    s = i
    while s > start + 1 and src.text(s - 1) not in (";", "{", "}"):
        s -= 1
    stop = src.statement_end(s, end)
    # `const char* env = getenv(...)`, alone or in `if (...)`: the pointer.
    inner = s + 2 if src.text(s) in ("if", "while") and src.text(s + 1) == "(" else s
    pointer = ""
    if src.text(i - 1) == "=" or (src.text(i - 1) == "::" and src.text(i - 3) == "="):
        eq = i - 1 if src.text(i - 1) == "=" else i - 3
        if src.kind(eq - 1) == "id" and "char" in src.span(inner, eq - 1):
            pointer = src.text(eq - 1)
    uses: list[tuple[int, int]] = []
    if pointer:
        k = stop if src.text(stop) != "{" else stop + 1
        limit = min(end, k + _NEAR)
        while k < limit and len(uses) < 8:
            if src.text(k) == pointer and src.text(k - 1) not in (".", "->"):
                a = k
                while a > start + 1 and src.text(a - 1) not in (";", "{", "}"):
                    a -= 1
                uses.append((a, src.statement_end(a, end)))
                k = uses[-1][1]
            k += 1
    else:
        uses.append((s, stop))
    for a, b in uses:
        found = _env_assignment(src, a, b, start, end, pointer)
        if found is not None:
            return found
    return "", "", "", "import could not follow the variable's value"


def _env_assignment(
    src: Source, a: int, b: int, start: int, end: int, pointer: str
) -> tuple[str, str, str, str] | None:
    """``[T] V = E ? CONVERT(E) : DEFAULT;`` (or with the test reversed),
    ``V = CONVERT(E);`` / ``V = E[0] == '1';`` with V declared before with its
    default, ``if (E[0] == '1') { V = true; }``."""
    guard = ""
    if src.text(a) == "if" and src.text(a + 1) == "(":
        guard = src.span(a + 2, src.closes(a + 1))
        a = src.closes(a + 1) + 1
        if src.text(a) == "{":
            a += 1
        b = src.statement_end(a, end)
    eq = next((k for k in range(a, b) if src.text(k) == "=" and src.kind(k - 1) == "id"), -1)
    if eq < 0:
        return None
    name, decl, rhs = src.text(eq - 1), src.span(a, eq - 1), src.span(eq + 1, b)
    kind = _SCALAR_TYPES.get(_base_type(decl), "") if decl else ""
    if "?" in rhs:
        q = next(k for k in range(eq + 1, b) if src.text(k) == "?")
        c = next((k for k in range(q + 1, b) if src.text(k) == ":"), -1)
        if c < 0:
            return None
        cond = src.span(eq + 1, q).replace(" ", "")
        absent = cond.startswith("!") or "==nullptr" in cond or "==NULL" in cond
        value, fallback = ((c + 1, b), (q + 1, c)) if absent else ((q + 1, c), (c + 1, b))
        conversion = _conversion(src.span(*value))
        kind = kind or conversion
        lit = _literal(src.span(*src.unwrap(*fallback)))
        if lit is None:
            return name, kind, "", f"the default {src.span(*fallback)!r} is not a literal"
        return name, kind, _default(lit[0], kind), "" if kind else f"the type of {name}"
    conversion = _conversion(rhs) or (
        "bool" if rhs in ("true", "false") and (_IS_ONE.search(guard) or pointer in guard) else ""
    )
    if not conversion:
        return None
    for k in range(max(start + 1, a - _NEAR), a):  # the declaration before, with the default
        if src.text(k) == name and src.text(k + 1) == "=" and src.kind(k - 1) == "id":
            stop = src.statement_end(k, end)
            kind = _SCALAR_TYPES.get(_base_type(src.span(k - 1, k)), "") or conversion
            lit = _literal(src.span(*src.unwrap(k + 2, stop)))
            if lit is None:
                return name, kind, "", f"the default {src.span(k + 2, stop)!r} is not a literal"
            return name, kind, _default(lit[0], kind), ""
    return name, kind or conversion, "", f"{name} has no literal default before the getenv"


def _default(value: str, kind: str) -> str:
    if kind == "bool" and value not in ("true", "false"):
        return "false" if value in ("0", "0.0") else "true"
    if kind in ("int", "int64") and "." in value:
        return str(int(float(value)))
    return value


# ---------------------------------------------------------------- the draft spec


@dataclass(frozen=True)
class Value:
    """A field of the draft: its YAML (TODO where the source does not say it)
    and the comment saying what was read."""

    yaml: str
    note: str = ""

    @property
    def todo(self) -> bool:
        return self.yaml == TODO


SET_NAME = "T"
_ORDER = ["bool", "int32", "int64", "float32", "float16", "bfloat16"]  # codegen.model.DType


class Drafter:
    """A reader's findings as the sections of a spec (opforge_dev/templates/op.yaml.tmpl)."""

    def __init__(self, reader: OpReader) -> None:
        self.r = reader
        self.dtypes: dict[str, Value] = {}
        self.dtype_set: tuple[list[str], str] | None = None  # members, where from
        self.resolve_dtypes()

    # ---- dtypes

    def facts(self, key: str, seen: frozenset[str] = frozenset()) -> list[Fact]:
        """A tensor's dtype facts, with "like tensor x" replaced by x's own."""
        draft = self.r.drafts.get(key)
        if draft is None or key in seen:
            return []
        out: list[Fact] = []
        for f in draft.dtypes:
            if f.value.startswith("="):
                for g in self.facts(f.value[1:], seen | {key}):
                    out.append(Fact(g.value, f.line, f"{f.how} ({g.how}, line {g.line})", g.group))
            else:
                out.append(f)
        return out

    def resolve_dtypes(self) -> None:
        sets: dict[str, tuple[list[str], str, list[str]]] = {}  # tensor -> members, from, dropped
        for draft in self.r.tensors:
            facts = [f for f in self.facts(draft.name) if not f.value.startswith("?")]
            unread = [f for f in self.facts(draft.name) if f.value.startswith("?")]
            varying = [f for f in facts if f.group]
            fixed = [f for f in facts if not f.group]
            if draft.problem:
                self.dtypes[draft.name] = Value(TODO, f"could not read: {draft.problem}")
            elif not facts:
                why = (
                    f"{unread[0].how} (line {unread[0].line}) names a type import does not resolve"
                    if unread
                    else self.r.blind
                    or "the source reads no data<T>() of it and makes it with no dtype"
                )
                self.dtypes[draft.name] = Value(TODO, f"could not read: {why}")
            elif varying:
                members = list(dict.fromkeys(f.value for f in varying))
                groups = list(dict.fromkeys(f.group for f in varying))
                clash = [f for f in fixed if f.value not in members]
                if clash:
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {clash[0].how} (line {clash[0].line}) is one type, "
                        f"{varying[0].how} (line {varying[0].line}) varies with {groups[0]}",
                    )
                    continue
                supported = sorted((m for m in members if not m.startswith("!")), key=_ORDER.index)
                dropped = [m[1:] for m in members if m.startswith("!")]
                sets[draft.name] = (supported, "; ".join(groups), dropped)
            else:
                values = list(dict.fromkeys(f.value for f in fixed))
                first = fixed[0]
                if len(values) > 1:
                    other = next(f for f in fixed if f.value != first.value)
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {first.how} (line {first.line}) and {other.how} "
                        f"(line {other.line}) disagree",
                    )
                elif values[0].startswith("!"):
                    self.dtypes[draft.name] = Value(
                        TODO,
                        f"could not read: {values[0][1:]} ({first.how}, line {first.line}) "
                        "has no spec dtype",
                    )
                else:
                    self.dtypes[draft.name] = Value(values[0], f"{first.how}, line {first.line}")
        # The op's one dtype set: the one most tensors vary over.
        if not sets:
            return
        count: dict[tuple[str, ...], int] = {}
        for members, _, _ in sets.values():
            count[tuple(members)] = count.get(tuple(members), 0) + 1
        chosen = max(count, key=lambda m: count[m])
        for name, (members, origin, dropped) in sets.items():
            if not members:
                self.dtypes[name] = Value(
                    TODO, f"could not read: {origin} ranges over {', '.join(dropped)} only"
                )
            elif tuple(members) != chosen:
                self.dtypes[name] = Value(
                    TODO,
                    f"could not read: it varies over {', '.join(members)} ({origin}), a second "
                    "dtype set (a spec has one)",
                )
            else:
                self.dtypes[name] = Value(SET_NAME, f"varies with {origin}")
                if self.dtype_set is None:
                    note = origin + (
                        f"; its {', '.join(dropped)} has no spec dtype" if dropped else ""
                    )
                    self.dtype_set = (list(chosen), note)

    # ---- shapes

    def shape(self, draft: Draft, seen: frozenset[str] = frozenset()) -> list[Value]:
        """One Value per axis (TODO where unread)."""
        if draft.problem:
            return [Value(TODO, f"could not read: {draft.problem}")]
        if not draft.output:
            if not draft.axes:
                why = self.r.blind or "the source reads no shape()/dims() of it"
                return [Value(TODO, f"could not read: {why}")]
            return [
                Value(draft.axes[k].value, f"{draft.axes[k].how}, line {draft.axes[k].line}")
                if k in draft.axes
                else Value(
                    TODO,
                    f"could not read: axis {k} (the source reads "
                    f"{'axes' if len(draft.axes) > 1 else 'axis'} "
                    f"{', '.join(map(str, sorted(draft.axes)))})",
                )
                for k in range(max(draft.axes) + 1)
            ]
        made = self.made_shape(draft.made, seen | {draft.name}) if draft.made else None
        inferred: list[Value] | None = None
        if draft.shape_from is not None:
            inferred = [self.entry(f.value, f"{f.how}, line {f.line}") for f in draft.shape_from]
        elif draft.like_from:
            like = self.r.drafts.get(draft.like_from)
            inferred = self.shape(like, seen | {draft.name}) if like else None
        options = [s for s in (made, inferred) if s]
        for option in options:
            if not any(v.todo for v in option):
                other = inferred if option is made else None
                yamls = [v.yaml for v in other or []]
                if other and TODO not in yamls and yamls != [v.yaml for v in option]:
                    said = ", ".join(v.yaml for v in other)
                    note = f"{option[0].note}; the infer-shape function says [{said}]"
                    return [Value(option[0].yaml, note), *option[1:]]
                return option
        if options:
            return options[0]
        why = self.r.blind or (
            "the kernel makes it with no shape import reads, and no infer-shape function says it"
        )
        return [Value(TODO, f"could not read: {why}")]

    def made_shape(self, made: Made, seen: frozenset[str]) -> list[Value] | None:
        how = f"{made.how}(...), line {made.line}"
        if made.shape is not None:
            return [self.entry(e, how) for e in made.shape]
        like = self.r.drafts.get(made.like)
        if like is None or made.like in seen:
            return None
        return [
            Value(v.yaml, f"{how}: {v.note}" if not v.todo else v.note)
            for v in self.shape(like, seen)
        ]

    def entry(self, expr: str, how: str) -> Value:
        if expr.startswith(f"{TODO}:"):
            return Value(TODO, f"could not read: {expr[len(TODO) + 1 :]} ({how})")
        for ref in re.findall(r"[A-Za-z_]\w*", expr):
            if ref not in self.r.dims:
                value = self.r.value_sizes.get(ref)
                why = (
                    f"'{expr}': {ref} is the value of the tensor {value[0]}, which the kernel "
                    "also reads as a tensor"
                    if value
                    else f"'{expr}': {ref} is no dim"
                )
                return Value(TODO, f"could not read: {why} ({how})")
        return Value(expr, how)

    # ---- the sections

    def sections(self) -> dict[str, str]:
        r = self.r
        tensors = [(t, self.shape(t)) for t in r.tensors]
        used = {
            ref for _, shape in tensors for v in shape for ref in re.findall(r"[a-z_]\w*", v.yaml)
        }
        dims = [d for d in r.dims.values() if d.name in used]
        lines = ["dims:"] if dims else ["dims: {}  # none: the source reads no sizes"]
        for d in dims:
            doc = f"TODO, what it counts ({d.how})"
            if d.attr:
                lines.append(f"  {d.name}: {{doc: {_scalar(doc, flow=True)}, attr: {d.attr}}}")
            else:
                lines.append(f"  {d.name}: {_scalar(doc)}")
        dims_text = "\n".join(lines)

        if self.dtype_set is not None:
            members, origin = self.dtype_set
            dtype_sets = f"dtype_sets:\n  {SET_NAME}: [{', '.join(members)}]" + _comment(origin)
        else:
            dtype_sets = "dtype_sets: {}  # none: each tensor has one element type in the source"

        lines = ["tensors:"]
        for t, shape in tensors:
            lines += self.tensor_lines(t, shape)
        tensors_text = "\n".join(lines)

        attrs = [*r.attrs, *r.env_attrs]
        lines = ["attrs:"] if attrs else ["attrs: []  # none in the source"]
        for a in attrs:
            lines += _attr_lines(a)
        attrs_text = "\n".join(lines)

        swept = [d.name for d in dims if not d.attr]
        sweep = "\n".join(f"#   {name}: [...]" for name in swept) or "#   (no dim to sweep)"
        return {
            "dims": dims_text,
            "dtype_sets": dtype_sets,
            "tensors": tensors_text,
            "attrs": attrs_text,
            "sweep": sweep,
        }

    def tensor_lines(self, t: Draft, shape: list[Value]) -> list[str]:
        name = t.name
        problem = _problem(name)
        lines = [
            f"  - name: {name}"
            if problem is None
            else f"  - name: {TODO}" + _comment(f"could not use {_shown(name)}: {problem}")
        ]
        dtype = self.dtypes.get(name, Value(TODO, "could not read"))
        lines.append(f"    dtype: {dtype.yaml}" + _comment(dtype.note))
        yaml = "[" + ", ".join(v.yaml for v in shape) + "]"
        todo = [v.note for v in shape if v.todo]
        notes = todo or list(dict.fromkeys(v.note for v in shape))
        lines.append(f"    shape: {yaml}" + _comment("; ".join(notes)))
        if t.output:
            role, note = "out", f".Outputs, line {t.line}"
        elif t.inplace is not None:
            role = "inout"
            note = f"the inplace map pairs it with {t.inplace.name} (line {t.inplace.line})"
            if not t.written:
                # FastDeploy pairs inputs it never writes (to return them);
                # the spec's inout promises the kernel may write it.
                note += (
                    "; import saw no write through it (no const_cast, mutable_data or "
                    "non-const pointer): `role: in` if the kernels only read it"
                )
        elif t.written:
            role = "inout"
            w = t.written[0]
            note = f"written: {w.how}, line {w.line} (the source's inplace map does not list it)"
        else:
            role, note = "in", f".Inputs, line {t.line}"
        lines.append(f"    role: {role}" + _comment(note))
        if t.optional:
            lines.append("    optional: true" + _comment(t.optional_how))
        if t.host_hint:
            lines.append("    " + _comment(t.host_hint).lstrip())
        lines.append(f"    doc: {_scalar('TODO, what it holds')}")
        return lines


def _attr_lines(a: AttrDraft) -> list[str]:
    problem = _problem(a.name) if a.name != TODO else "the source gives no usable name"
    head = f"  - name: {a.name}" if problem is None else f"  - name: {TODO}"
    lines = [
        head
        + _comment(
            a.how if problem is None else f"could not use {_shown(a.name)}: {problem}; {a.how}"
        )
    ]
    type_note = f"could not read: {a.why}" if a.type == TODO else ""
    lines.append(f"    type: {a.type}" + _comment(type_note))
    if a.default:
        note = f"could not read: {a.why}" if a.default == TODO and a.why else ""
        lines.append(f"    default: {a.default}" + _comment(note))
    if a.min:
        lines.append(f"    min: {a.min}" + _comment("a size"))
    lines.append(f"    doc: {_scalar(a.doc)}")
    return lines


def _problem(name: str) -> str | None:
    from codegen import names

    return names.name_problem(name)


def _shown(text: str) -> str:
    """A name from the source as a comment quotes it (printable, cut)."""
    shown = repr(text[:60])
    return shown if shown.isprintable() else ascii(text[:60])


def _comment(text: str) -> str:
    """A YAML end-of-line comment: printable ASCII on one line, cut."""
    if not text:
        return ""
    clean = "".join(c if c.isprintable() and c.isascii() else "?" for c in text)
    return "  # " + (clean if len(clean) <= 300 else clean[:297] + "...")


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_ .,()'/-]*")


def _scalar(text: str, flow: bool = False) -> str:
    """Free text as a YAML scalar: plain where it safely reads so, else quoted."""
    if _PLAIN.fullmatch(text) and not (flow and "," in text) and not text.endswith(" "):
        return text
    return json.dumps(text, ensure_ascii=True)


# ---------------------------------------------------------------- the command


@dataclass
class Imported:
    op: str
    source: str  # file:line, as the draft names it
    registration: str
    spec: str  # the draft's text
    reader: OpReader


def read_file(path: Path, shown: str, label: str) -> list[Imported]:
    """The drafts of one source file; SourceError for a file import cannot read."""
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
    text = data.decode(
        "utf-8", errors="replace"
    )  # bad bytes matter only in code, where the lexer stops
    src = Source(text, shown)
    if not src.registrations:
        raise SourceError(
            f"{shown}:1: no PD_BUILD_OP(name) or PD_BUILD_STATIC_OP(name) registration: "
            "nothing to import"
        )
    drafts = []
    for reg in src.registrations:
        problem = _problem(reg.op)
        if problem is not None:
            raise SourceError(f"{shown}:{reg.line}: op {_shown(reg.op)} {problem}")
        reader = OpReader(src, reg)
        reader.read()
        drafts.append(Imported(reg.op, f"{label}:{reg.line}", f"{reg.macro}({reg.op})", "", reader))
    return drafts


def _rewrap(text: str, prefix: str) -> str:
    """A comment paragraph filled again to 80 columns (after substitution)."""
    words = " ".join(line.removeprefix(prefix.rstrip()).strip() for line in text.splitlines())
    return textwrap.fill(
        words, 80, initial_indent=prefix, subsequent_indent=prefix, break_on_hyphens=False
    )


def _label(path: Path, out: Path) -> str:
    """How a draft names its source: relative to the working directory or the
    output, never an absolute path of this machine."""
    resolved = path.resolve()
    for base in (Path.cwd().resolve(), out):
        if resolved.is_relative_to(base):
            return resolved.relative_to(base).as_posix()
    return resolved.name


def main(root: Path, files: Sequence[Path], out: Path) -> int:
    from codegen.diagnostics import SpecErrors
    from opforge_dev import scaffold

    imported: list[Imported] = []
    errors: list[str] = []
    for path in files:
        try:
            imported += read_file(path, str(path), _label(path, out))
        except SourceError as exc:
            errors.append(str(exc))
        except Exception as exc:  # a reader bug is one line too, never a traceback
            errors.append(
                f"{path}: import failed on this file ({type(exc).__name__}: {exc}); "
                "please report it with the file"
            )
    seen: dict[str, str] = {}
    for item in imported:
        if item.op in seen:
            errors.append(
                f"{item.source}: op {item.op} is registered again (first at {seen[item.op]})"
            )
        seen.setdefault(item.op, item.source)
    if errors:
        for message in errors:
            print(f"opforge-dev import: {message}", file=sys.stderr)
        return 2
    texts = scaffold.blocks("from_spec")
    plans = []
    for item in imported:
        paths = scaffold.paths(item.op, out)
        drafter = Drafter(item.reader)
        fields = {"op": item.op, "source": item.source, "registration": item.registration}
        about = _rewrap(scaffold.fill(texts["about"], **fields), "# ")
        if item.reader.problems:
            about += "\n#\n# Not read from the source:" + "".join(
                f"\n# - {_comment(p)[4:]}" for p in item.reader.problems
            )
        sections = {
            "about": about,
            "doc": textwrap.fill(
                scaffold.fill(texts["doc"], **fields),
                78,
                subsequent_indent="  ",
                break_on_hyphens=False,
            ),
            **drafter.sections(),
        }
        sections["sweep"] = scaffold.fill(texts["sweep"], sweep=sections["sweep"])
        item.spec = scaffold.spec_text(item.op, sections)
        plans.append((item, paths))
    existing = [p for _, paths in plans for p in paths.values() if p.exists()]
    if existing:
        shown = ", ".join(scaffold.shown(p, out) for p in existing)
        print(f"opforge-dev import: not overwriting: {shown}", file=sys.stderr)
        return 2
    accepted = 0
    for item, paths in plans:
        files_: dict[Path, str] = {paths["spec"]: item.spec}
        try:
            model = scaffold.parse(item.op, item.spec, root)
        except SpecErrors as exc:
            todos = sum("TODO left by" in e.message for e in exc.errors)
            others = len(exc.errors) - todos
            what = f"{todos} TODO{'s' if todos != 1 else ''} to decide" + (
                f" and {others} other error{'s' if others != 1 else ''}" if others else ""
            )
            print(
                f"{item.op} ({item.source}): the generator refuses the draft ({what}); once "
                f"it accepts it, `opforge-dev new {item.op} --from-spec` writes its kernels, "
                "reference and contract page:"
            )
            for error in exc.errors:
                print(f"  {error}")
        else:
            accepted += 1
            files_.update(scaffold.kernels(model, root, paths, "import"))
            print(f"{item.op} ({item.source}): the generator accepts the draft as written")
        for written in scaffold.write(files_, out):
            print(f"  wrote {written}")
    print(
        f"{len(plans)} op{'s' if len(plans) != 1 else ''} drafted: {accepted} accepted by the "
        f"generator as written (spec, kernels, reference, contract page), "
        f"{len(plans) - accepted} refused until decided (spec only)"
    )
    return 0
