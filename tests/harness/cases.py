"""Valid inputs from a spec: dim sizes from its sweep, values from each
tensor's value domain, optional tensors present when required (and at random
otherwise), attributes from their members, ranges or sweep."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import strategies as st

from codegen.model import Attr, AttrType, DimExpr, DType, Op, Role, Tensor
from codegen.parse import load_specs
from tests import ROOT

# The suite runs over opspec/ unless told otherwise (an example op's specs, say).
SPEC_DIR = Path(os.environ.get("OPFORGE_SPECS", ROOT / "opspec"))

NUMPY_DTYPES = {
    DType.BOOL: np.bool_,
    DType.INT32: np.int32,
    DType.INT64: np.int64,
    DType.FLOAT32: np.float32,
    DType.FLOAT16: np.float16,
    # NumPy has no bfloat16: such arrays hold the bit patterns, as paddle's
    # .numpy() gives them, and to_tensors() makes bfloat16 tensors of them.
    DType.BFLOAT16: np.uint16,
}


def to_bfloat16_bits(values: np.ndarray) -> np.ndarray:
    """float32 -> bfloat16 bit patterns, rounding to nearest even."""
    bits = np.asarray(values, np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    return rounded.astype(np.uint16)


def from_bfloat16_bits(bits: np.ndarray) -> np.ndarray:
    """bfloat16 bit patterns -> the float32 values they hold (exactly)."""
    return (np.asarray(bits).astype(np.uint32) << 16).view(np.float32)


def load_ops() -> list[Op]:
    return load_specs(SPEC_DIR.resolve(), ROOT)


@dataclass
class Case:
    """One call: sizes, attributes, and the caller's arrays (None: absent)."""

    op: Op
    dims: dict[str, int]
    attrs: dict[str, Any]
    arrays: dict[str, np.ndarray | None] = field(default_factory=dict)
    dtype: DType | None = None  # the op's dtype set, if it has one
    # Tensors declared `unit_axis` go to the op with their trailing axis of 1
    # (the arrays here keep the declared shape; the reference sees those).
    unit_axes: bool = False

    def describe(self) -> str:
        dims = " ".join(f"{k}={v}" for k, v in self.dims.items())
        attrs = " ".join(f"{k}={v}" for k, v in self.attrs.items())
        dtype = f" | {self.dtype.value}" if self.dtype else ""
        unit = " | with unit axes" if self.unit_axes else ""
        return f"{self.op.name}[{dims} | {attrs}{dtype}{unit}]"

    def passed(self, t: Tensor) -> np.ndarray | None:
        """The array of `t` as the call passes it."""
        array = self.arrays[t.name]
        if array is not None and self.unit_axes and t.unit_axis:
            return array[..., None]
        return array


def _evaluate(expr: DimExpr, env: dict[str, int]) -> int:
    return int(expr.evaluate(env))


def sizes(op: Op) -> st.SearchStrategy[dict[str, int]]:
    """Hypothesis strategy over the op's sweep (in spec order, so later entries
    may use earlier ones); shrinks towards the first listed sizes."""

    @st.composite
    def draw(draw_from: st.DrawFn) -> dict[str, int]:
        env: dict[str, int] = {}
        for name, choices in op.sweep:
            options = [_evaluate(e, env) for e in choices]
            env[name] = draw_from(st.sampled_from(options))
        return env

    return draw()


def _attr_choices(attr: Attr) -> list[Any] | None:
    if attr.enum is not None:
        return [value for _, value in attr.enum.members]
    if attr.type is AttrType.BOOL:
        return [False, True]
    return None


def attrs(op: Op, swept: dict[str, int]) -> st.SearchStrategy[dict[str, Any]]:
    @st.composite
    def draw(draw_from: st.DrawFn) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for a in op.attrs:
            choices = _attr_choices(a)
            if a.name in swept:
                values[a.name] = swept[a.name]
            elif choices is not None:
                values[a.name] = draw_from(st.sampled_from(choices))
            elif any(t.fill and t.fill.seed_attr == a.name for t in op.tensors):
                # A seed: fixed per case so the reference can reproduce the draws.
                values[a.name] = draw_from(st.integers(0, 2**31 - 1))
            else:
                values[a.name] = a.default
        return values

    return draw()


def required(op: Op, t: Tensor, attr_values: dict[str, Any]) -> bool:
    if not t.optional:
        return True
    for cond in t.required_when:
        a = op.attr(cond.attr)
        value = attr_values[a.name]
        wanted = [a.enum.value_of(str(v)) for v in cond.values] if a.enum else list(cond.values)
        if value in wanted:
            return True
    return False


def _fill(
    t: Tensor, dtype: DType, shape: tuple[int, ...], env: dict[str, int], rng: np.random.Generator
) -> np.ndarray:
    """Random values inside the tensor's domain."""
    if dtype is DType.BFLOAT16:
        return to_bfloat16_bits(_fill(t, DType.FLOAT32, shape, env, rng))
    v = t.values
    np_dtype = NUMPY_DTYPES[dtype]
    if dtype is DType.BOOL:
        return rng.random(shape) < (v.density if v.density is not None else 0.5)
    if v.probability_rows:
        raw = rng.random(shape) ** 3
        rows = raw / np.maximum(raw.sum(axis=-1, keepdims=True), 1e-6) * rng.uniform(0.5, 1.0)
        return -np.sort(-rows, axis=-1).astype(np_dtype)
    if dtype.is_float:
        low = (
            v.above
            if v.above is not None
            else (float(_bound(v.min, env)) if v.min is not None else 0.0)
        )
        high = float(_bound(v.max, env)) if v.max is not None else low + 1.0
        values = rng.uniform(low, high, shape)
        if v.above is not None:
            values = np.where(values <= v.above, high, values)
        return values.astype(np_dtype)
    low = int(_bound(v.min, env)) if v.min is not None else -5
    high = int(_bound(v.max, env)) if v.max is not None else low + 50
    if v.sample is not None:
        sample_low, sample_high = (int(_bound(end, env)) for end in v.sample)
        low, high = (
            max(low, sample_low),
            min(high, sample_high) if v.max is not None else sample_high,
        )
    values = rng.integers(low, max(low, high) + 1, shape)
    if v.density is not None:
        values = np.where(rng.random(shape) < v.density, values, 0)
    return values.astype(np_dtype)


def _bound(bound: Any, env: dict[str, int]) -> float:
    return bound if isinstance(bound, (int, float)) else _evaluate(bound, env)


def dtypes(op: Op) -> st.SearchStrategy[DType | None]:
    """The dtype of the op's set for one case (None if it has none)."""
    return st.sampled_from(op.dtype_vars[0].choices) if op.dtype_vars else st.none()


def build(
    op: Op, dims: dict[str, int], attr_values: dict[str, Any], seed: int, dtype: DType | None = None
) -> Case:
    """The arrays of one valid call. Prefix sums are made from their source,
    and set their total dim, as a tensor of lengths sets the dim its elements
    add up to (and the attribute that sets that dim, if one does); optional
    tensors that are not required are present half the time."""
    rng = np.random.default_rng(seed)
    env = {k: v for k, v in dims.items()}
    for d in op.dims:
        # (A required attribute that sets a total is None until its tensor is drawn.)
        if d.from_attr is not None and attr_values.get(d.from_attr) is not None:
            env[d.name] = int(attr_values[d.from_attr])
    if op.dtype_vars and dtype is None:
        dtype = op.dtype_vars[0].choices[0]
    # Half the calls pass the unit_axis tensors as [..., 1].
    unit_axes = any(t.unit_axis for t in op.tensors) and seed % 2 == 1
    case = Case(op, {}, attr_values, dtype=dtype, unit_axes=unit_axes)
    pending = [t for t in op.tensors if t.is_argument]
    # Sources of prefix sums first, so that the totals they set are known.
    pending.sort(key=lambda t: t.values.prefix_sum_of is not None)
    late = [t for t in pending if any(r not in env for e in t.shape for r in e.refs())]
    for t in [t for t in pending if t not in late] + late:
        if t.optional and not required(op, t, attr_values) and rng.random() < 0.5:
            case.arrays[t.name] = None
            continue
        if t.values.prefix_sum_of is not None:
            source = case.arrays[t.values.prefix_sum_of]
            assert source is not None
            offsets = np.concatenate([[0], np.cumsum(source, dtype=np.int64)])
            case.arrays[t.name] = offsets.astype(NUMPY_DTYPES[t.dtype])  # type: ignore[index]
            if t.values.total is not None:
                _set_total(op, t.values.total, int(offsets[-1]), env, attr_values)
            continue
        shape = tuple(_evaluate(e, env) for e in t.shape)
        tensor_dtype = t.dtype if isinstance(t.dtype, DType) else dtype
        assert tensor_dtype is not None
        array = _fill(t, tensor_dtype, shape, env, rng)
        case.arrays[t.name] = array
        if t.values.total is not None:  # lengths: their sum is the total
            _set_total(op, t.values.total, int(array.astype(np.int64).sum()), env, attr_values)
    for d in op.dims:
        env.setdefault(d.name, 0)
    case.dims = env
    # Keep the caller's order.
    case.arrays = {t.name: case.arrays[t.name] for t in op.tensors if t.is_argument}
    return case


def _set_total(
    op: Op, dim: str, total: int, env: dict[str, int], attr_values: dict[str, Any]
) -> None:
    """A dim a value domain totals takes that total, and so does the attribute
    that sets it, if one does."""
    env[dim] = total
    for d in op.dims:
        if d.name == dim and d.from_attr is not None:
            attr_values[d.from_attr] = total


def expected_shape(t: Tensor, dims: dict[str, int]) -> tuple[int, ...]:
    return tuple(_evaluate(e, dims) for e in t.shape)


def outputs(op: Op) -> list[Tensor]:
    return [t for t in op.tensors if t.role in (Role.INOUT, Role.OUTPUT)]


def middling(op: Op) -> tuple[dict[str, int], dict[str, Any]]:
    """Sizes and attributes of one ordinary call: each swept dim at the first of
    its sizes of at least 3, the attributes at their defaults (enums by value),
    a seeded scratch's seed fixed at 1234 (-1 would take the process-wide
    counter, so two calls would differ)."""
    dims: dict[str, int] = {}
    for name, choices in op.sweep:
        options = sorted({int(e.evaluate(dims)) for e in choices})
        dims[name] = next((o for o in options if o >= 3), options[-1])
    attrs: dict[str, Any] = {a.name: a.default for a in op.attrs}
    attrs.update({k: v for k, v in dims.items() if k in attrs})
    for a in op.attrs:
        if a.enum is not None:
            attrs[a.name] = a.enum.value_of(str(a.default)) if a.default is not None else 0
        if any(t.fill and t.fill.seed_attr == a.name for t in op.tensors):
            attrs[a.name] = 1234
    return dims, attrs
