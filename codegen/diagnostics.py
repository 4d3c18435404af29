"""The diagnostics of the spec parser: a problem is a SpecError at ``file:line``
with its field; each kind of constraint has one check method here, whose message
is the constraint's one-line summary (the MLIR ODS way), so a constraint's
wording exists once. Values in messages are quoted with ``show``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from codegen import names
from codegen.dimexpr import negative_part, parse_dim_expr
from codegen.model import AttrType, Dim, DimExpr
from codegen.yamlsrc import Loc, LocDict, LocList, field_name, show

_INT_RANGES = {AttrType.INT: (-(2**31), 2**31 - 1), AttrType.INT64: (-(2**63), 2**63 - 1)}


class SpecError(Exception):
    """One problem in a spec file."""

    def __init__(self, loc: Loc, where: str, message: str) -> None:
        super().__init__(f"{loc}: {where}: {message}" if where else f"{loc}: {message}")
        self.loc = loc
        self.where = where
        self.message = message

    def __reduce__(self) -> tuple[type[SpecError], tuple[Loc, str, str]]:
        # Errors cross process boundaries (codegen/generate.py's workers).
        return SpecError, (self.loc, self.where, self.message)


class SpecErrors(Exception):
    """All problems found in one run, one per line."""

    def __init__(self, errors: list[SpecError]) -> None:
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors


def with_article(word: str) -> str:
    """``word`` with its indefinite article, by its first letter as read aloud
    (an int, an 'out' tensor, a float16)."""
    return f"{'an' if word.lstrip(chr(39)).lower()[:1] in tuple('aeio') else 'a'} {word}"


def bounds_text(low: float | None, high: float | None) -> str:
    """A range for a message: [0, 5], >= 0, <= 5."""
    if low is None and high is None:
        return "any value"
    if low is None:
        return f"<= {high}"
    if high is None:
        return f">= {low}"
    return f"[{low}, {high}]"


def _yaml_type_name(kind: type) -> str:
    return {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "true/false",
        list: "a list",
        dict: "a mapping",
        LocDict: "a mapping",
        LocList: "a list",
        type(None): "nothing",
    }.get(kind, kind.__name__)


class Diagnostics:
    """The problems found in one file, and one check per kind of constraint."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.errors: list[SpecError] = []

    # ---- one check per kind of constraint -------------------------------------------

    def error(self, line: int, where: str, message: str) -> None:
        self.errors.append(SpecError(Loc(self.path, line), where, message))

    def check_keys(
        self, node: LocDict, where: str, required: Iterable[str], allowed: Iterable[str]
    ) -> bool:
        """Mapping has every required key, no unknown one, and no empty value."""
        allowed_set = set(required) | set(allowed)
        ok = True
        for key in node:
            if key not in allowed_set:
                self.error(
                    node.key_lines[key],
                    f"{where}.{field_name(key)}" if where else field_name(key),
                    f"unknown field; expected one of: {', '.join(sorted(allowed_set))}",
                )
                ok = False
        for key in required:
            if key not in node:
                self.error(node.line, where or "spec", f"missing required field '{key}'")
                ok = False
        for key, value in node.items():
            if value is None and key in allowed_set:
                self.error(node.key_lines[key], f"{where}.{key}" if where else key, "has no value")
                ok = False
        return ok

    def check_not_empty(self, node: LocDict, key: str, where: str) -> bool:
        """An optional mapping, when written, holds something: an empty one says
        nothing, and may stand for something left out by mistake. (`attrs: []`
        and `dtype_sets: {}` are how a spec says "none" on purpose, as
        `opforge-dev import` writes them.)"""
        value = node.get(key)
        if isinstance(value, (list, dict)) and not value:
            self.error(
                node.key_lines[key],
                f"{where}.{key}" if where else key,
                "is empty: give at least one entry, or leave the field out",
            )
            return False
        return True

    def check_type(self, value: Any, kind: type | tuple[type, ...], line: int, where: str) -> bool:
        """Value has the YAML type the field takes (true/false is not a number)."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(value, bool) and bool not in kinds:
            ok = False
        else:
            ok = isinstance(value, kinds)
        if not ok:
            expected = " or ".join(_yaml_type_name(k) for k in kinds)
            got = "nothing" if value is None else f"{_yaml_type_name(type(value))} {show(value)}"
            self.error(line, where, f"expected {expected}, got {got}")
        return ok

    def check_name(
        self, name: Any, line: int, where: str, op: bool = False, parameter: bool = False
    ) -> bool:
        """Name is a lower_snake_case identifier that no generated scope uses (an
        op's name: nor the runtime, whose namespace it becomes part of; a
        parameter of FastDeploy's call: a Python builtin is fine)."""
        if not self.check_type(name, str, line, where):
            return False
        if op:
            problem = names.op_name_problem(name)
        elif parameter:
            problem = names.parameter_name_problem(name)
        else:
            problem = names.name_problem(name)
        if problem is not None:
            self.error(line, where, f"{show(name)} {problem}")
        return problem is None

    def check_type_name(self, name: Any, line: int, where: str) -> bool:
        """Name is a CamelCase identifier that no generated scope uses."""
        if not self.check_type(name, str, line, where):
            return False
        problem = names.type_name_problem(name)
        if problem is not None:
            self.error(line, where, f"{show(name)} {problem}")
        return problem is None

    def check_member(
        self, value: Any, choices: Iterable[str], line: int, where: str, what: str
    ) -> bool:
        """Value is one of a fixed set of spellings."""
        options = list(choices)
        if isinstance(value, str) and value in options:
            return True
        self.error(
            line, where, f"unknown {what} {show(value)}; expected one of: {', '.join(options)}"
        )
        return False

    def check_flag(self, node: LocDict, key: str, where: str) -> bool:
        """An optional true/false field (absent: false)."""
        value = node.get(key, False)
        if not self.check_type(value, bool, node.key_lines.get(key, node.line), f"{where}.{key}"):
            return False
        return bool(value)

    def check_dim_expr(self, raw: Any, line: int, where: str, size: bool = True) -> DimExpr | None:
        """A shape entry or bound parses as a dim expression (``size`` false: a
        value bound, whose range the cross-field rules check)."""
        try:
            return parse_dim_expr(raw, size)
        except ValueError as exc:
            self.error(line, where, str(exc))
            return None

    def check_dim_refs(
        self, expr: DimExpr, line: int, where: str, dims: dict[str, Dim], other: dict[str, str]
    ) -> bool:
        """Every name in a dim expression is a declared dim (not a tensor or attribute)."""
        ok = True
        for ref in dict.fromkeys(expr.refs()):
            if ref in dims:
                continue
            ok = False
            if ref in other:
                self.error(
                    line, where, f"{show(ref)} is {other[ref]}, not a dim; dim expressions use dims"
                )
            else:
                self.error(line, where, f"undefined dim {show(ref)}; declare it under 'dims'")
        return ok

    def check_non_negative(
        self, expr: DimExpr, line: int, where: str, bounds: dict[str, tuple[float, float]]
    ) -> None:
        """A subtraction in a size cannot go negative, given the dims' declared bounds."""
        part = negative_part(expr, bounds)
        if part is not None:
            self.error(
                line,
                where,
                f"'{part.render()}' can be negative; bound its dims (min/max under 'dims') "
                "so that it cannot, or write the size without '-'",
            )

    def check_number(
        self,
        value: Any,
        kind: AttrType,
        line: int,
        where: str,
    ) -> int | float | None:
        """A number of the attribute's type, in its type's range."""
        kinds: tuple[type, ...] = (int, float) if kind is AttrType.FLOAT else (int,)
        if not self.check_type(value, kinds, line, where):
            return None
        if kind in _INT_RANGES:
            low, high = _INT_RANGES[kind]
            if not low <= value <= high:
                self.error(line, where, f"{show(value)} does not fit {with_article(kind.value)}")
                return None
        return int(value) if isinstance(value, int) else float(value)
