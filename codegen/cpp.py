"""C++ spellings the views share: sizes, numbers, dtypes and the guards the
glue wraps checks in. The model has none of these; each view builds its
statements from them, and a template only places the result.
"""

from __future__ import annotations

from collections.abc import Mapping

from codegen.escape import cpp_string
from codegen.kinds import HOST_ELEM
from codegen.model import DimBinOp, DimConst, DimExpr, DType, DTypeVar, Op, Tensor

# The runtime's named arguments (csrc/include/opforge/runtime.h), by the model's booleans.
ACCESS = {True: "opforge::Access::kWritten", False: "opforge::Access::kRead"}
MEMORY = {True: "opforge::Memory::kHost", False: "opforge::Memory::kDevice"}
UNIT_AXIS = {True: "opforge::UnitAxis::kAccepted", False: "opforge::UnitAxis::kRejected"}
COPY_IN = {True: "opforge::CopyIn::kYes", False: "opforge::CopyIn::kNo"}


def dim_cpp(expr: DimExpr, names: Mapping[str, str] | None = None) -> str:
    """C++ spelling of a dim expression, evaluated in int64 (``//`` becomes
    ``/``: the parser admits ``//`` only by a positive literal, over
    non-negative sizes). Dims are int64_t; an operation on literals alone
    (``65536 * 65536``) would be evaluated in int and overflow, so its left
    literal is an int64_t (the parser proved the value fits int64)."""
    if isinstance(expr, DimBinOp):

        def side(e: DimExpr, first: bool) -> str:
            if first and isinstance(e, DimConst) and not expr.refs():
                return f"int64_t{{{e.value}}}"
            text = dim_cpp(e, names)
            return f"({text})" if isinstance(e, DimBinOp) else text

        op = "/" if expr.op == "//" else expr.op
        return f"{side(expr.lhs, True)} {op} {side(expr.rhs, False)}"
    return expr.render(names)


def shape_text(shape: tuple[DimExpr, ...]) -> str:
    return "[" + ", ".join(e.render() for e in shape) + "]"


def numel_text(shape: tuple[DimExpr, ...]) -> str:
    """The element count as the spec reads, for messages: ``max_bsz * max_step_tokens``."""
    if not shape:
        return "1"
    if len(shape) == 1:
        return shape[0].render()
    return " * ".join(f"({e.render()})" if isinstance(e, DimBinOp) else e.render() for e in shape)


def numel_cpp(shape: tuple[DimExpr, ...], names: Mapping[str, str] | None = None) -> str:
    """The element count as a plain C++ product (kernel-side code, where the
    glue has already checked the sizes)."""
    if not shape:
        return "1"
    if len(shape) == 1:
        return dim_cpp(shape[0], names)
    parts = []
    for e in shape:
        text = dim_cpp(e, names)
        parts.append(f"({text})" if isinstance(e, DimBinOp) else text)
    return " * ".join(parts)


def count_cpp(shape: tuple[DimExpr, ...], names: Mapping[str, str] | None = None) -> str:
    """The element count in the glue and the entry: an axis alone, or the
    product of the axes computed without overflow (opforge::numel saturates,
    so a count past int64 matches no buffer and exceeds every limit)."""
    if len(shape) <= 1:
        return numel_cpp(shape, names)
    return "opforge::numel({" + ", ".join(dim_cpp(e, names) for e in shape) + "})"


def by_form(t: Tensor, value_type: str, per_form: list[str]) -> str:
    """C++ expression: the entry of `per_form` for the form the caller passed
    (opforge::of_form; the form is checked to be in range before use)."""
    if not t.forms:
        return per_form[0]
    return f"opforge::of_form<{value_type}>({t.form_field}, {{{', '.join(per_form)}}})"


def tensor_count_cpp(t: Tensor, names: Mapping[str, str] | None = None) -> str:
    """The element count of the shape the caller passed (count_cpp per form)."""
    return by_form(t, "int64_t", [count_cpp(shape, names) for shape in t.shapes])


def tensor_numel_text(t: Tensor) -> str:
    """numel_text of the shape the caller passed, as a C++ string expression."""
    return by_form(t, "const char*", [cpp_string(numel_text(shape)) for shape in t.shapes])


def shapes_text(t: Tensor) -> str:
    """Every shape a caller may pass, for messages: ``[n, m] or [m]``."""
    return " or ".join(shape_text(shape) for shape in t.shapes)


def alloc_check(
    name: str, shape: tuple[DimExpr, ...], names: Mapping[str, str], elem_bytes: str
) -> str:
    """C++ expression: the element count of a tensor the glue allocates, refused
    past the runtime's limit (opforge::check_alloc) before anything is allocated."""
    axes = ", ".join(dim_cpp(e, names) for e in shape)
    return (
        f'opforge::check_alloc(kOp, "{name}", {cpp_string(shape_text(shape))}, '
        f"{{{axes}}}, {elem_bytes})"
    )


def number(value: float, literal: str) -> str:
    """A bound as a C++ literal of type ``literal`` (double or int64_t)."""
    if literal == "double":
        return repr(float(value))
    if value == -(2**63):
        return "INT64_MIN"
    return f"{int(value)}LL" if abs(int(value)) > 2**31 - 1 else str(int(value))


def boolean(value: bool) -> str:
    return "true" if value else "false"


_DTYPE_ENUM = {
    DType.BOOL: "Bool",
    DType.INT32: "Int32",
    DType.INT64: "Int64",
    DType.FLOAT32: "Float32",
    DType.FLOAT16: "Float16",
    DType.BFLOAT16: "BFloat16",
}


def dtype_enum(dtype: DType) -> str:
    """The opforge::DType enumerator."""
    return "opforge::DType::k" + _DTYPE_ENUM[dtype]


def paddle_dtype(dtype: DType) -> str:
    """The paddle::DataType enumerator."""
    return f"paddle::DataType::{dtype.name}"


def elem(t: Tensor) -> str:
    """A tensor's element type in host C++: the dtype set's template parameter,
    or the fixed type."""
    return t.dtype.name if isinstance(t.dtype, DTypeVar) else HOST_ELEM[t.dtype]


def tparam(op: Op) -> str:
    """The template parameter of an op over a dtype set ("" if it has none)."""
    return op.dtype_vars[0].name if op.dtype_vars else ""


def guarded(conditions: list[str], statement: str) -> str:
    """`statement` run only where all `conditions` hold, as one statement."""
    needed = [c for c in dict.fromkeys(conditions) if c != "true"]
    if not needed:
        return statement
    if len(needed) == 1:
        return f"if ({needed[0]}) {statement}"
    return "if (" + " && ".join(f"({c})" for c in needed) + f") {statement}"
