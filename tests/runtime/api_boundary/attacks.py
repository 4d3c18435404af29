"""Attacks on the public Python API, derived from each op's spec alone: wrong
attribute types and values, objects that are not tensors, aliased arguments,
sizes past the limits. Each attack states what must happen: the exception
(or acceptance, for a control) and the words its message must hold. No per-op
code: a new spec gets all of these."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import paddle

import opforge
from codegen.model import Attr, AttrType, DType, Op, Tensor
from tests.harness import spec
from tests.harness.calls import call_op, to_tensor
from tests.harness.cases import Case, with_every_tensor
from tests.harness.dtypes import element_bytes, paddle_dtype

MAX_DIM = 2**31 - 1  # opforge::kMaxDim: elements per dim
MAX_TENSOR_BYTES = 2**40  # opforge::kMaxTensorBytes: bytes per allocated tensor
INT64_MAX = 2**63 - 1

TYPE_ERROR, VALUE_ERROR, ACCEPTED = "OpTypeError", "OpValueError", None


@dataclass
class Attack:
    op: str
    kind: str  # the class of attack (counted per class)
    label: str  # what was attacked, for messages
    error: str | None  # the exception's name, or None: the call must be accepted
    words: tuple[str, ...] = ()  # the message must contain each
    tensors: dict[str, Any] = field(default_factory=dict)
    attrs: dict[str, Any] = field(default_factory=dict)
    # Equal results to a plain call are required of an accepted attack (a control).
    same_as: Callable[[], tuple[np.ndarray, ...]] | None = None
    # Buffers behind the tensors (views), checked unchanged after a refusal.
    backing: list[paddle.Tensor] = field(default_factory=list)


def unchanged(before: np.ndarray, after: np.ndarray) -> bool:
    """The same bytes: a float element holding NaN equals itself here, where
    np.array_equal would call an untouched buffer changed."""
    return before.shape == after.shape and before.tobytes() == after.tobytes()


# ---------------------------------------------------------------- a valid call


def base_case(op: Op) -> Case:
    """A valid call of middling sizes with every optional tensor present, in
    the declared shapes, the seeded attributes fixed (so two calls give the
    same outputs)."""
    return with_every_tensor(op)


def tensors_of(case: Case) -> dict[str, paddle.Tensor]:
    return {t.name: to_tensor(case.passed(t)) for t in spec.passed(case.op)}  # type: ignore[arg-type]


def call(op: Op, tensors: dict[str, Any], attrs: dict[str, Any]) -> tuple[paddle.Tensor, ...]:
    return call_op(op, tensors, attrs)


def outputs_of(op: Op, case: Case, **attrs: Any) -> tuple[np.ndarray, ...]:
    """The outputs of a plain call on fresh tensors (with `attrs` changed)."""
    return tuple(t.numpy() for t in call(op, tensors_of(case), {**case.attrs, **attrs}))


# ---------------------------------------------------------------- attributes


def _kind(a: Attr) -> str:
    return {
        AttrType.INT: "int32",
        AttrType.INT64: "int64",
        AttrType.FLOAT: "float",
        AttrType.BOOL: "bool",
        AttrType.ENUM: "enum",
    }[a.type]


def type_words(value: Any) -> str:
    """How the refusal names the type of `value`."""
    if isinstance(value, paddle.Tensor):
        return "paddle.Tensor"
    kind = type(value)
    name = (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )
    return f"({name})"


def _wrong_types(a: Attr, enum_type: Any) -> list[Any]:
    """Values of the wrong type for attribute `a` (each must be refused by type)."""
    # None is "not passed" for an attribute read from an environment variable.
    common = [*([None] if a.env is None else []), "1", [1], {"v": 1}, paddle.to_tensor(1)]
    if a.type is AttrType.BOOL:
        return [*common, 0, 1, 2, 1.0, math.nan, np.int64(1), np.float32(1), "true"]
    if a.type is AttrType.FLOAT:
        return [*common, True, np.bool_(False), complex(1, 0), paddle.to_tensor(0.5)]
    wrong = [*common, True, False, 1.0, 2.5, math.nan, np.float32(1), np.bool_(True), b"1"]
    if a.type is AttrType.ENUM:
        wrong += [enum_type(next(iter(enum_type))).name, np.float64(0)]
    else:
        wrong += [opforge.VerifyStrategy.GREEDY]  # an enum member is no int attribute
    return wrong


def _expected(a: Attr, enum_type: Any) -> str:
    return {
        "bool": "must be a bool",
        "int32": "must be an int",
        "int64": "must be an int",
        "float": "must be a float",
        "enum": f"must be a {enum_type.__name__ if enum_type else ''} member",
    }[_kind(a)]


def _bad_values(a: Attr) -> list[tuple[Any, tuple[str, ...]]]:
    """Values of the right type out of range: past int64, past int32 for an int,
    the spec's bounds, not a member."""
    found: list[tuple[Any, tuple[str, ...]]] = []
    if a.type in (AttrType.INT, AttrType.INT64, AttrType.ENUM):
        for v in (2**63, -(2**63) - 1, 2**64, 10**30, np.uint64(2**63)):
            found.append((v, ("int64", str(int(v)))))
    if a.type is AttrType.INT:
        found += [(2**31, ("2147483647", "got 2147483648")), (-(2**31) - 1, ("got -2147483649",))]
    if a.type is AttrType.ENUM:
        assert a.enum is not None
        top = max(v for _, v in a.enum.members)
        found += [
            (top + 1, ("must be one of", f"got {top + 1}")),
            (-1, ("must be one of", "got -1")),
        ]
    if a.type is AttrType.FLOAT:
        found.append((10**400, ("past the float range",)))
        if a.min is not None or a.max is not None:
            found.append((math.nan, ("must be", "got nan")))
    if a.min is not None and a.type in (AttrType.INT, AttrType.INT64):
        found.append((int(a.min) - 1, ("must be >=", f"got {int(a.min) - 1}")))
    if a.max is not None and a.type in (AttrType.INT, AttrType.INT64):
        found.append((int(a.max) + 1, ("<=", f"got {int(a.max) + 1}")))
    return found


def _accepted(a: Attr, value: Any, enum_type: Any) -> list[Any]:
    """Other spellings of the valid `value` the contract accepts (NumPy scalars,
    an int for a float, an enum's int value)."""
    if a.type is AttrType.BOOL:
        return [np.bool_(value)]
    if a.type is AttrType.FLOAT:
        return [np.float32(value), np.float64(value)] + (
            [int(value)] if float(value).is_integer() else []
        )
    if a.type is AttrType.ENUM:
        return [enum_type(value), int(value), np.int64(value)]
    return [np.int64(value), np.int32(value)] if -(2**31) <= value < 2**31 else [np.int64(value)]


def attribute_attacks(op: Op) -> Iterator[Attack]:
    case = base_case(op)
    for a in op.attrs:
        if a.is_list:
            continue  # an int list's attacks: tests/ops/test_spec_suite.py, _bad_lists
        enum_type = getattr(opforge, a.enum.name) if a.enum is not None else None
        for v in _wrong_types(a, enum_type):
            yield Attack(
                op.name,
                "attribute type",
                f"{a.name}={v!r}",
                TYPE_ERROR,
                (f"attribute '{a.name}'", _expected(a, enum_type), type_words(v)),
                tensors_of(case),
                {**case.attrs, a.name: v},
            )
        for v, words in _bad_values(a):
            yield Attack(
                op.name,
                "attribute value",
                f"{a.name}={v!r}",
                VALUE_ERROR,
                (f"attribute '{a.name}'", *words),
                tensors_of(case),
                {**case.attrs, a.name: v},
            )
        value = case.attrs[a.name]
        for v in _accepted(a, value, enum_type):
            yield Attack(
                op.name,
                "attribute accepted (control)",
                f"{a.name}={v!r}",
                ACCEPTED,
                (),
                tensors_of(case),
                {**case.attrs, a.name: v},
                same_as=lambda case=case: outputs_of(op, case),
            )


def argument_attacks(op: Op) -> Iterator[Attack]:
    """Objects that are not tensors where a tensor goes: each refused by name
    (never pybind11's "incompatible function arguments")."""
    case = base_case(op)
    for t in spec.passed(op):
        array = case.passed(t)
        assert array is not None
        expected = "a paddle.Tensor or None" if t.optional else "a paddle.Tensor"
        for v in (array, array.tolist(), 3, "x"):
            tensors = tensors_of(case)
            tensors[t.name] = v
            yield Attack(
                op.name,
                "argument type",
                f"{t.name}={type(v).__name__}",
                TYPE_ERROR,
                (f"argument '{t.name}'", f"must be {expected}", type_words(v)),
                tensors,
                dict(case.attrs),
            )


# ---------------------------------------------------------------- aliasing


def _views(
    arrays: list[np.ndarray], offsets: list[int]
) -> tuple[list[paddle.Tensor], paddle.Tensor]:
    """Tensors viewing one byte buffer at the given byte offsets (multiples of
    8), each holding its array's values (where views overlap, the later
    array's). The whole buffer is viewed as each dtype and then sliced:
    Paddle 3.3.1 misplaces a dtype view of a slice that has an offset (it
    divides the offset by the element size)."""
    total = max(off + a.nbytes for a, off in zip(arrays, offsets, strict=True))
    raw = np.zeros((total + 15) // 8 * 8, np.uint8)
    for a, off in zip(arrays, offsets, strict=True):
        raw[off : off + a.nbytes] = np.ascontiguousarray(a).reshape(-1).view(np.uint8)
    buffer = paddle.to_tensor(raw)
    views = []
    for a, off in zip(arrays, offsets, strict=True):
        typed = buffer.view(paddle_dtype(a))
        start = off // a.itemsize
        views.append(typed[start : start + a.size].reshape(list(a.shape)))
    return views, buffer


def written_pairs(op: Op) -> list[tuple[Tensor, Tensor]]:
    """Every pair of tensor arguments of which the kernel writes at least one."""
    args = spec.passed(op)
    return [
        (a, b)
        for i, a in enumerate(args)
        for b in args[i + 1 :]
        if spec.is_in_place(a) or spec.is_in_place(b)
    ]


def alias_attacks(op: Op) -> Iterator[Attack]:
    """For every written pair: the same tensor for both (where dtype and shape
    allow), and overlapping views of one buffer; each refused naming both.
    And views of one buffer that do not overlap, accepted with the results of
    separate tensors (a control: ranges are compared, not allocations)."""
    case = base_case(op)
    for a, b in written_pairs(op):
        arr_a, arr_b = case.passed(a), case.passed(b)
        assert arr_a is not None and arr_b is not None
        words = (f"'{a.name}'", f"'{b.name}'", "share memory")
        if arr_a.size == 0 or arr_b.size == 0:
            continue  # an empty tensor has no memory to share
        label = f"{a.name} & {b.name}"
        if arr_a.dtype == arr_b.dtype and arr_a.shape == arr_b.shape:
            tensors = tensors_of(case)
            tensors[b.name] = tensors[a.name]
            yield Attack(
                op.name,
                "alias: one tensor twice",
                label,
                VALUE_ERROR,
                words,
                tensors,
                dict(case.attrs),
            )
        start = (arr_a.nbytes // 2) // 8 * 8  # b starts inside a
        views, buffer = _views([arr_a, arr_b], [0, start])
        tensors = tensors_of(case) | {a.name: views[0], b.name: views[1]}
        yield Attack(
            op.name,
            "alias: overlapping views",
            label,
            VALUE_ERROR,
            words,
            tensors,
            dict(case.attrs),
            backing=[buffer],
        )
        after = (arr_a.nbytes + 7) // 8 * 8  # b starts where a ends
        views, buffer = _views([arr_a, arr_b], [0, after])
        tensors = tensors_of(case) | {a.name: views[0], b.name: views[1]}
        yield Attack(
            op.name,
            "alias: adjacent views accepted (control)",
            label,
            ACCEPTED,
            (),
            tensors,
            dict(case.attrs),
            same_as=lambda case=case: outputs_of(op, case),
        )


# ---------------------------------------------------------------- sizes


@dataclass(frozen=True)
class SizeAttack:
    """A call whose dims are `dims` (shapes evaluated from them; every tensor
    with no elements costs no memory), attributes `attrs` over the defaults."""

    op: str
    kind: str
    label: str
    dims: dict[str, int]
    attrs: dict[str, Any]
    words: tuple[str, ...]
    dtype: str | None = None  # the dtype set's choice


def _feasible(op: Op, dims: dict[str, int]) -> bool:
    """Every tensor argument of a call with these dims holds no elements or a
    handful (an empty tensor costs no memory, whatever its other axes)."""
    for t in spec.passed(op):
        n = 1
        for e in t.shape:
            n *= max(0, int(e.evaluate(dims)))
        if n > 4096:
            return False
    return True


def _dims(op: Op, big: dict[str, int]) -> dict[str, int]:
    """Dims of a call: those in `big` as given, every other one at its least
    valid value (its declared minimum, its attribute's, or 0), so that the
    call is refused for the size alone."""
    zeros = {d.name: 0 for d in op.dims}
    dims: dict[str, int] = {}
    for d in op.dims:
        least = max(0, int(d.min.evaluate(zeros))) if d.min is not None else 0
        low = op.attr(d.from_attr).min if d.from_attr is not None else None
        if low is not None:
            least = max(least, int(low))
        dims[d.name] = big.get(d.name, least)
    return dims


def _size_attrs(op: Op, dims: dict[str, int]) -> dict[str, Any]:
    """The attributes that set dims, set to them; a required one otherwise valid."""
    attrs = {d.from_attr: dims[d.name] for d in op.dims if d.from_attr is not None}
    for a in op.attrs:
        if a.name not in attrs and a.default is None:
            attrs[a.name] = int(a.min) if a.min is not None else 1
    return attrs


def size_attacks(op: Op) -> tuple[list[SizeAttack], list[str]]:
    """(attacks, allocations no caller can push past the limit, with why).

    Dims past the limit: each dim made huge (just past the limit, 2**32,
    2**62), where the call stays feasible (every tensor using it can have no
    elements: another axis 0), or through the attribute that sets it.
    Allocations past the limit: each new output and scratch tensor with every
    dim of its shape at the dim limit (where the call stays feasible), in each
    dtype it can have, if that is past the byte limit."""
    attacks: list[SizeAttack] = []
    unreachable: list[str] = []
    set_by = {d.name: d.from_attr for d in op.dims if d.from_attr is not None}
    first = op.dtype_vars[0].choices[0].value if op.dtype_vars else None
    for d in op.dims:
        for huge in (MAX_DIM + 1, 2**32, 2**62):
            dims = _dims(op, {d.name: huge})
            attr = set_by.get(d.name)
            if attr is not None:
                words: tuple[str, ...] = (f"'{attr}'", str(huge))
            elif _feasible(op, dims):
                words = ("past the limit of 2147483647 elements per dim",)
            else:
                continue  # a rank-1 tensor would hold `huge` elements
            label = f"{attr or d.name}={huge}"
            attacks.append(
                SizeAttack(
                    op.name,
                    "size: dim past the limit",
                    label,
                    dims,
                    _size_attrs(op, dims),
                    words,
                    first,
                )
            )
    for t in spec.allocated(op):
        what = f"{op.name}.{t.name} {[e.render() for e in t.shape]}"
        dims = _dims(op, dict.fromkeys({r for e in t.shape for r in e.refs()}, MAX_DIM))
        if not _feasible(op, dims):
            unreachable.append(
                f"{what}: a dim of it sizes a tensor argument that holds that many elements"
            )
            continue
        count = spec.numel(t, dims)
        for dtype in spec.dtype_choices(t):
            size = count * element_bytes(dtype)
            if size <= MAX_TENSOR_BYTES:
                unreachable.append(
                    f"{what} ({dtype.value}): {size} bytes at most, within the limit"
                )
                continue
            attacks.append(
                SizeAttack(
                    op.name,
                    "size: allocation past the limit",
                    f"{t.name} ({dtype.value})",
                    dims,
                    _size_attrs(op, dims),
                    (f"tensor '{t.name}'", "past the limit of 1099511627776 bytes"),
                    # The set's choice is the tensor's dtype if it is in the set.
                    dtype.value if spec.in_dtype_set(t) else first,
                )
            )
    return attacks, unreachable


def size_call(op: Op, attack: SizeAttack) -> tuple[dict[str, paddle.Tensor], dict[str, Any]]:
    """The tensors of a size attack: empty ones where they hold no elements,
    zeros otherwise; attributes over the base case's."""
    case_attrs = {a.name: a.default for a in op.attrs}
    for a in op.attrs:
        if a.enum is not None:
            case_attrs[a.name] = a.enum.value_of(str(a.default)) if a.default is not None else 0
    tensors = {}
    chosen = DType(attack.dtype) if attack.dtype is not None else None
    for t in spec.passed(op):
        shape = list(spec.shape(t, attack.dims))
        dtype = spec.dtype_of(t, chosen).value
        if 0 in shape:
            tensors[t.name] = paddle.empty(shape, dtype=dtype)
        else:
            tensors[t.name] = paddle.zeros(shape, dtype=dtype)
    return tensors, {**case_attrs, **attack.attrs}
