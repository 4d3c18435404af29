"""Layer 2 of `opforge-dev import`: the op's declaration in the source.

The registrations, ``PD_BUILD_OP(name)`` / ``PD_BUILD_STATIC_OP(name)`` with
their chain of ``.Inputs``, ``.Outputs``, ``.Attrs``, ``.SetInplaceMap`` and
the kernel, infer-shape and infer-dtype functions they name; and the
function definitions of the file, found as ``name(...) {...}`` at any depth
(not control statements, not lambdas), with their parameters and template
parameters."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from opforge_dev.importer.lexer import Tokens
from opforge_dev.importer.vocabulary import TODO

_NOT_FUNCTIONS = frozenset(
    """if for while switch catch return sizeof alignof decltype static_assert defined do
    else new delete throw case typeid noexcept""".split()
)
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


class Source(Tokens):
    """One file: its tokens, function definitions and registrations."""

    def __init__(self, text: str, path: str) -> None:
        super().__init__(text, path)
        self.functions: dict[str, list[Function]] = {}
        for fn in self._functions():
            self.functions.setdefault(fn.name, []).append(fn)
        self.registrations = list(self._registrations())

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
