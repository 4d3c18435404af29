"""What more than one calling convention's view needs: the dtype set, the
attributes' checks, and the conditions under which a tensor or dim is known."""

from __future__ import annotations

from dataclasses import dataclass

from codegen import api
from codegen.cpp import boolean, dtype_enum, number
from codegen.escape import cpp_string
from codegen.kinds import HOST_ELEM
from codegen.model import Attr, AttrType, Condition, DTypeVar, Op, Tensor


@dataclass(frozen=True)
class DTypeVarView:
    """The op's dtype set: a template parameter of its kernels and entry."""

    name: str
    choices: tuple[tuple[str, str], ...]  # (C++ type, opforge::DType enumerator)
    text: str  # "float32, float16 or bfloat16"
    all_float: bool


def dtype_var_view(var: DTypeVar) -> DTypeVarView:
    names = [d.value for d in var.choices]
    text = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
    return DTypeVarView(
        name=var.name,
        choices=tuple((HOST_ELEM[d], dtype_enum(d)) for d in var.choices),
        text=text,
        all_float=all(d.is_float for d in var.choices),
    )


def dtype_var_of(op: Op) -> DTypeVarView | None:
    return dtype_var_view(op.dtype_vars[0]) if op.dtype_vars else None


def enums(op: Op) -> tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]:
    """(type, doc, members) of each enum attribute."""
    return tuple((a.enum.name, a.doc, a.enum.members) for a in op.attrs if a.enum is not None)


def range_check(op: Op, a: Attr) -> str:
    """C++ statement checking an attribute's declared range or members ("" if none)."""
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        members_text = ", ".join(f"{m} ({v})" for m, v in a.enum.members)
        values = ", ".join(str(v) for _, v in a.enum.members)
        return (
            f'opforge::check_enum(kOp, "{a.name}", static_cast<int64_t>({a.name}), '
            f"{{{values}}}, {cpp_string(members_text)});"
        )
    if a.is_list:
        return list_checks(a)
    if a.min is None and a.max is None:
        return ""
    literal = "double" if a.type is AttrType.FLOAT else "int64_t"
    bounds = ["std::nullopt" if b is None else number(b, literal) for b in (a.min, a.max)]
    return (
        f'opforge::check_attr_range(kOp, "{a.name}", static_cast<{literal}>({a.name}), '
        f"{bounds[0]}, {bounds[1]});"
    )


def list_checks(a: Attr) -> str:
    """C++ statements checking an int list's length and elements against the
    spec's bounds ("" if it declares none)."""

    def bounds(low: int | float | None, high: int | float | None) -> str:
        return ", ".join(
            "std::nullopt" if b is None else number(int(b), "int64_t") for b in (low, high)
        )

    checks = []
    if a.min_length is not None or a.max_length is not None:
        checks.append(
            f'opforge::check_list_length(kOp, "{a.name}", {a.name}.size, '
            f"{bounds(a.min_length, a.max_length)});"
        )
    if a.min is not None or a.max is not None:
        checks.append(
            f'opforge::check_list_elements(kOp, "{a.name}", {a.name}, {bounds(a.min, a.max)});'
        )
    return "\n  ".join(checks)


def narrow_check(a: Attr) -> str:
    """C++ statement: the binding's 64-bit value fits the entry's int32 ("" if
    the type needs none). The binding takes 64-bit ints so an out-of-range
    value gets our message, not the binding's refusal of an argument it cannot take."""
    if a.type in (AttrType.INT, AttrType.ENUM):
        return f'opforge::check_int32(kOp, "{a.name}", {a.name});'
    return ""


def from_wide(op: Op, a: Attr) -> str:
    """C++ expression turning the binding's wide value into the entry's type."""
    if a.enum is not None:
        return f"static_cast<{a.enum.name}>({a.name})"
    if a.type is AttrType.INT64_LIST:
        return a.name  # 64-bit on every layer
    if a.is_list:
        # The binding's 64-bit elements, each checked to fit int32.
        return f'opforge::narrow_int32_list(kOp, "{a.name}", {a.name})'
    cpp, wide = api.attr_cpp(op, a).render(), api.attr_wide(a).render()
    return f"static_cast<{cpp}>({a.name})" if cpp != wide else a.name


def condition_cpp(op: Op, cond: Condition) -> str:
    a = op.attr(cond.attr)
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        return " || ".join(f"{cond.attr} == {a.enum.name}::{v}" for v in cond.values)
    return " || ".join(f"{cond.attr} == {boolean(bool(v))}" for v in cond.values)


def condition_text(cond: Condition) -> str:
    words = [str(v).lower() if isinstance(v, bool) else str(v) for v in cond.values]
    listed = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    return f"{cond.attr} is {listed}"


def required_cpp(op: Op, t: Tensor) -> str:
    """C++ bool expression over attributes: the tensor must be present."""
    if not t.optional:
        return "true"
    if t.required_when:
        return " || ".join(f"({condition_cpp(op, c)})" for c in t.required_when)
    return "false"


def required_text(t: Tensor) -> str:
    """When an optional tensor is required, in words ("" if never or always)."""
    if not t.optional or not t.required_when:
        return ""
    return " or ".join(condition_text(c) for c in t.required_when)


def dim_known(op: Op, dim: str) -> str:
    """C++ condition, in the entry, that `dim` was bound by this call (a dim that
    only absent optional tensors bind is passed as 0 and means nothing)."""
    if any(d.name == dim and d.set_elsewhere for d in op.dims):
        return "true"
    binders = [t for t in op.tensors if t.is_argument and t.binds(dim)]
    if any(not t.optional for t in binders):
        return "true"
    return " || ".join(f"{t.name}.present()" for t in binders) or "false"


def form_names(op: Op) -> dict[str, str]:
    """Each form parameter by its own name (a scope for Signature.call)."""
    return {t.form_field: t.form_field for t in op.tensors if t.forms}
