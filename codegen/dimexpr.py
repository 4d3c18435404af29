"""Dim expressions: parsing one shape entry, and what a size can be.

A shape entry is an integer literal, a dim name, or ``+ - *`` and ``//`` (by a
positive literal) over those. Sizes are int64 in the generated C++, and every
dim of a call is at most MAX_DIM (the runtime refuses larger ones before any
expression is evaluated), so an expression is accepted only if it stays in
int64 with every dim at that limit; and one with ``-`` only where the declared
bounds of its dims prove it cannot go negative.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Mapping

from codegen.model import DimBinOp, DimConst, DimExpr, DimRef
from codegen.yamlsrc import show

MAX_EXPR_CHARS = 200  # keeps parsing shallow; real shapes are a few terms
MAX_LITERAL = 2**31 - 1  # a size literal fits int32, so a few products stay in int64
MAX_DIM = 2**31 - 1  # the runtime's limit on every dim of a call (opforge::kMaxDim)
INT64_MAX = 2**63 - 1

_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.FloorDiv: "//"}


def _const(value: int) -> DimConst:
    if value < 0:
        raise ValueError(f"a size cannot be negative, got {value}")
    if value > MAX_LITERAL:
        raise ValueError(f"{show(value)} is too large for a size literal (at most 2**31 - 1)")
    return DimConst(value)


def parse_dim_expr(text: object, size: bool = True) -> DimExpr:
    """Parse one shape entry. Raises ValueError with a one-line reason. A value
    bound (``size`` false) may name attributes, whose ranges only the spec's
    cross-field rules know: they check that it stays in int64."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        raise ValueError(f"expected a dim expression, got {show(text)}")
    if isinstance(text, int):
        return _const(text)
    if len(text) > MAX_EXPR_CHARS:
        raise ValueError(f"a dim expression is limited to {MAX_EXPR_CHARS} characters")
    try:
        tree = ast.parse(text.strip(), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise ValueError(f"{show(text)} is not a dim expression") from None

    def convert(node: ast.expr) -> DimExpr:
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return _const(node.value)
        if isinstance(node, ast.Name):
            return DimRef(node.id)
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            op = _OPS[type(node.op)]
            rhs = convert(node.right)
            if op == "//" and not (isinstance(rhs, DimConst) and rhs.value > 0):
                raise ValueError(f"{show(text)}: '//' must divide by a positive integer literal")
            return DimBinOp(op, convert(node.left), rhs)
        raise ValueError(f"{show(text)}: only integers, dim names, + - * and // are allowed")

    expr = convert(tree)
    if size and _largest(expr) > INT64_MAX:
        raise ValueError(
            f"{show(text)} can exceed int64 (2**63 - 1) with its dims at their limit "
            "(2**31 - 1, the runtime's largest dim); at most a product of two dims fits"
        )
    return expr


def _largest(expr: DimExpr) -> float:
    """The largest magnitude any part of ``expr`` reaches with every dim in [0, MAX_DIM]."""
    if isinstance(expr, DimConst):
        return expr.value
    if isinstance(expr, DimRef):
        return MAX_DIM
    at_limit: dict[str, Interval] = {name: (0, MAX_DIM) for name in expr.refs()}
    low, high = interval(expr, at_limit)
    return max(abs(low), abs(high), _largest(expr.lhs), _largest(expr.rhs))


Interval = tuple[float, float]


def interval(expr: DimExpr, dims: Mapping[str, Interval]) -> Interval:
    """Bounds of ``expr`` when each dim lies in its interval (unknown: [0, inf)).
    Meaningful once every subtraction inside is known to be non-negative."""
    if isinstance(expr, DimConst):
        return (expr.value, expr.value)
    if isinstance(expr, DimRef):
        return dims.get(expr.name, (0, math.inf))
    (a, b), (c, d) = interval(expr.lhs, dims), interval(expr.rhs, dims)
    if expr.op == "+":
        return (a + c, b + d)
    if expr.op == "-":
        return (a - d, b - c)
    if expr.op == "*":
        return (a * c, 0 if 0 in (b, d) else b * d)
    return (a // c, b // c if math.isfinite(b) else math.inf)  # c: a positive literal


def negative_part(expr: DimExpr, dims: Mapping[str, Interval]) -> DimExpr | None:
    """The first subtraction in ``expr`` that the dims' bounds allow to go negative."""
    if not isinstance(expr, DimBinOp):
        return None
    inner = negative_part(expr.lhs, dims) or negative_part(expr.rhs, dims)
    if inner is not None:
        return inner
    if expr.op == "-" and interval(expr, dims)[0] < 0:
        return expr
    return None


# ---------------------------------------------------------------- value bounds
# A value bound may also name int attributes, which may be negative: their
# arithmetic is over signed ranges, exact in Python integers.

Range = tuple[int, int]


def signed_range(expr: DimExpr, names: Mapping[str, Range]) -> Range:
    """The least and greatest value of ``expr`` with each name anywhere in its
    range (any sign). ``//`` floors, as the harness evaluates it; a caller
    makes sure its dividend is not negative, where C++ would truncate."""
    if isinstance(expr, DimConst):
        return (expr.value, expr.value)
    if isinstance(expr, DimRef):
        return names[expr.name]
    (a, b), (c, d) = signed_range(expr.lhs, names), signed_range(expr.rhs, names)
    if expr.op == "+":
        return (a + c, b + d)
    if expr.op == "-":
        return (a - d, b - c)
    if expr.op == "*":
        corners = (a * c, a * d, b * c, b * d)
        return (min(corners), max(corners))
    return (a // c, b // c)  # c: a positive literal, and floor division is monotone


def parts(expr: DimExpr) -> list[DimExpr]:
    """``expr`` and every expression inside it (each a value C++ computes)."""
    if isinstance(expr, DimBinOp):
        return [expr, *parts(expr.lhs), *parts(expr.rhs)]
    return [expr]


# A polynomial: each monomial (its names, sorted, repeated by power) with its
# coefficient. A floor division is kept whole, as a name of its own.
_Poly = dict[tuple[str, ...], int]
MAX_MONOMIALS = 256  # past it (a product of many sums), plain ranges: no blow-up


class _TooLarge(Exception):
    pass


def _polynomial(expr: DimExpr, names: Mapping[str, Range], atoms: dict[str, Range]) -> _Poly:
    if isinstance(expr, DimConst):
        return {(): expr.value}
    if isinstance(expr, DimRef):
        return {(expr.name,): 1}
    if expr.op == "//":
        atom = f"({expr.render()})"
        atoms[atom] = signed_range(expr, names)
        return {(atom,): 1}
    lhs, rhs = _polynomial(expr.lhs, names, atoms), _polynomial(expr.rhs, names, atoms)
    out: _Poly = {}
    if expr.op == "*":
        for m1, c1 in lhs.items():
            for m2, c2 in rhs.items():
                key = tuple(sorted(m1 + m2))
                out[key] = out.get(key, 0) + c1 * c2
                if len(out) > MAX_MONOMIALS:
                    raise _TooLarge
        return out
    sign = 1 if expr.op == "+" else -1
    out = dict(lhs)
    for m, c in rhs.items():
        out[m] = out.get(m, 0) + sign * c
    return out


def _power_range(low: int, high: int, power: int) -> Range:
    ends = (low**power, high**power)
    if power % 2 == 0 and low <= 0 <= high:
        return (0, max(ends))
    return (min(ends), max(ends))


def least_difference(high: DimExpr, low: DimExpr, names: Mapping[str, Range]) -> int:
    """A lower bound of ``high - low`` with each name anywhere in its range:
    the difference expanded first, so that a name on both sides cancels
    (``n + 1`` and ``n`` differ by 1, not by up to the whole range of n)."""
    atoms: dict[str, Range] = {}
    try:
        poly = _polynomial(DimBinOp("-", high, low), names, atoms)
    except _TooLarge:
        return signed_range(high, names)[0] - signed_range(low, names)[1]
    ranges = {**names, **atoms}
    least = 0
    for monomial, coefficient in poly.items():
        if coefficient == 0:
            continue
        part = (1, 1)
        for name in dict.fromkeys(monomial):
            factor = _power_range(*ranges[name], monomial.count(name))
            corners = [x * y for x in part for y in factor]
            part = (min(corners), max(corners))
        least += min(coefficient * part[0], coefficient * part[1])
    return least
