"""Valid calls from a spec: the arrays of one call from its sizes, attributes,
seed and dtype (drawn by ``draw``), values inside each tensor's value domain,
optional tensors present when required (and half the time otherwise); and the
ordinary call every suite starts from (``middling``, ``base_case``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from codegen.model import DType, Op, Tensor
from tests.harness import draw, spec
from tests.harness.dtypes import NUMPY, to_bfloat16_bits


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
    # The form each tensor with shape alternatives comes in (absent: form 0).
    forms: dict[str, int] = field(default_factory=dict)
    # Tensors whose value sets a dim go to the op as 0-D tensors (what
    # paddle.sum gives; the arrays here keep the declared [1]).
    scalar_sizes: bool = False

    @property
    def env(self) -> dict[str, int]:
        """What the call's value bounds are evaluated over: its dims and int attributes."""
        return spec.bound_env(self.op, self.dims, self.attrs)

    def describe(self) -> str:
        dims = " ".join(f"{k}={v}" for k, v in self.dims.items())
        attrs = " ".join(f"{k}={v}" for k, v in self.attrs.items())
        dtype = f" | {self.dtype.value}" if self.dtype else ""
        unit = " | with unit axes" if self.unit_axes else ""
        unit += " | 0-D sizes" if self.scalar_sizes else ""
        forms = "".join(f" | {t} in form {k}" for t, k in self.forms.items())
        return f"{self.op.name}[{dims} | {attrs}{dtype}{unit}{forms}]"

    def passed(self, t: Tensor) -> np.ndarray | None:
        """The array of `t` as the call passes it."""
        array = self.arrays[t.name]
        if array is not None and self.unit_axes and t.unit_axis:
            return array[..., None]
        if array is not None and self.scalar_sizes and t.name in spec.value_sources(self.op):
            return array.reshape(())
        return array

    def dtype_of(self, t: Tensor) -> DType:
        return spec.dtype_of(t, self.dtype)

    def form(self, t: Tensor) -> int:
        return self.forms.get(t.name, 0)

    def shape(self, t: Tensor) -> tuple[int, ...]:
        return spec.shape(t, self.dims, self.form(t))


def _fill(
    t: Tensor, dtype: DType, shape: tuple[int, ...], env: dict[str, int], rng: np.random.Generator
) -> np.ndarray:
    """Random values inside the tensor's domain (``env``: the dims and int
    attributes its bounds may name)."""
    if dtype is DType.BFLOAT16:
        return to_bfloat16_bits(_fill(t, DType.FLOAT32, shape, env, rng))
    v = t.values
    np_dtype = NUMPY[dtype]
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
            else (float(spec.evaluate(v.min, env)) if v.min is not None else 0.0)
        )
        high = float(spec.evaluate(v.max, env)) if v.max is not None else low + 1.0
        values = rng.uniform(low, high, shape)
        if v.above is not None:
            values = np.where(values <= v.above, high, values)
        return values.astype(np_dtype)
    low = int(spec.evaluate(v.min, env)) if v.min is not None else -5
    high = int(spec.evaluate(v.max, env)) if v.max is not None else low + 50
    if v.sample is not None:
        sample_low, sample_high = (int(spec.evaluate(end, env)) for end in v.sample)
        low, high = (
            max(low, sample_low),
            min(high, sample_high) if v.max is not None else sample_high,
        )
    # Inside what the dtype holds (a bound over a large attribute may pass it).
    info = np.iinfo(np_dtype)
    low, high = max(low, int(info.min)), min(high, int(info.max))
    values = rng.integers(low, max(low, high) + 1, shape)
    if v.density is not None:
        values = np.where(rng.random(shape) < v.density, values, 0)
    return values.astype(np_dtype)


def build(
    op: Op,
    dims: dict[str, int],
    attr_values: dict[str, Any],
    seed: int,
    dtype: DType | None = None,
    forms: Mapping[str, int] | None = None,
) -> Case:
    """The arrays of one valid call. Prefix sums are made from their source,
    and set their total dim, as a tensor of lengths sets the dim its elements
    add up to (and the attribute that sets that dim, if one does); optional
    tensors that are not required are present half the time; a tensor with
    shape alternatives comes in the form `forms` gives, else in one drawn
    from the seed (so the valid draws cover every form)."""
    rng = np.random.default_rng(seed)
    env = {k: v for k, v in dims.items()}
    for d in op.dims:
        # (A required attribute that sets a total is None until its tensor is drawn.)
        if d.from_attr is not None and attr_values.get(d.from_attr) is not None:
            value = attr_values[d.from_attr]
            # An int list sets its dim to its length.
            env[d.name] = len(value) if isinstance(value, (list, tuple)) else int(value)
    if op.dtype_vars and dtype is None:
        dtype = op.dtype_vars[0].choices[0]
    # Half the calls pass the unit_axis tensors as [..., 1].
    unit_axes = any(t.unit_axis for t in op.tensors) and seed % 2 == 1
    # ... and the tensors whose value sets a dim as 0-D in the other half.
    scalar_sizes = bool(spec.value_sources(op)) and seed % 2 == 0
    case = Case(op, {}, attr_values, dtype=dtype, unit_axes=unit_axes, scalar_sizes=scalar_sizes)
    pending = list(spec.passed(op))
    # Sources of prefix sums first, so that the totals they set are known.
    pending.sort(key=lambda t: t.values.prefix_sum_of is not None)
    for t in pending:
        if t.forms:
            given = (forms or {}).get(t.name)
            case.forms[t.name] = int(rng.integers(len(t.forms))) if given is None else given
    late = [
        t for t in pending if any(r not in env for e in t.shapes[case.form(t)] for r in e.refs())
    ]
    for t in [t for t in pending if t not in late] + late:
        if t.optional and not spec.required(op, t, attr_values) and rng.random() < 0.5:
            case.arrays[t.name] = None
            continue
        tensor_dtype = spec.dtype_of(t, dtype)
        if t.values.prefix_sum_of is not None:
            source = case.arrays[t.values.prefix_sum_of]
            assert source is not None
            offsets = np.concatenate([[0], np.cumsum(source, dtype=np.int64)])
            case.arrays[t.name] = offsets.astype(NUMPY[tensor_dtype])
            if t.values.total is not None:
                _set_total(op, t.values.total, int(offsets[-1]), env, attr_values)
            continue
        shape = spec.shape(t, env, case.form(t))
        array = _fill(t, tensor_dtype, shape, spec.bound_env(op, env, attr_values), rng)
        case.arrays[t.name] = array
        if t.values.total is not None:  # lengths: their sum is the total
            _set_total(op, t.values.total, int(array.astype(np.int64).sum()), env, attr_values)
    _write_size_values(op, case, dims, env, rng)
    for d in op.dims:
        env.setdefault(d.name, 0)
    case.dims = env
    # Keep the caller's order.
    case.arrays = {t.name: case.arrays[t.name] for t in spec.passed(op)}
    return case


def built(op: Op, drawn: draw.Drawn) -> Case:
    """The case of a drawn call."""
    return build(op, drawn.dims, dict(drawn.attrs), drawn.seed, drawn.dtype)


def _write_size_values(
    op: Op, case: Case, given: Mapping[str, int], env: dict[str, int], rng: np.random.Generator
) -> None:
    """Each dim a tensor's value sets (``value_of``) written into that tensor:
    as given (``draw.size_values``, or a test forcing one past its bound),
    else as a tensor of lengths totals it, else drawn here inside its bounds
    (its bound used a totalled dim, known only now)."""
    for d in op.dims:
        if d.value_of is None:
            continue
        if d.name in given:
            env[d.name] = given[d.name]
        elif d.name not in env and d.max is not None:
            low = int(spec.evaluate(d.min, env)) if d.min is not None else 0
            high = min(int(spec.evaluate(d.max, env)), low + draw.VALUE_SIZES)
            env[d.name] = int(rng.integers(low, max(low, high) + 1))
        source = op.tensor(d.value_of)
        dtype = NUMPY[spec.dtype_of(source, case.dtype)]
        case.arrays[source.name] = np.array([env.get(d.name, 0)], dtype)


def _set_total(
    op: Op, dim: str, total: int, env: dict[str, int], attr_values: dict[str, Any]
) -> None:
    """A dim a value domain totals takes that total, and so does the attribute
    that sets it, if one does."""
    env[dim] = total
    for d in op.dims:
        if d.name == dim and d.from_attr is not None:
            attr_values[d.from_attr] = total


def middling(op: Op) -> tuple[dict[str, int], dict[str, Any]]:
    """Sizes and attributes of one ordinary call: each swept dim at the first of
    its sizes of at least 3, the attributes at their defaults (enums by value,
    an enum without a default at its first member, a required one that nothing
    sets at draw.least_required), a seeded scratch's seed fixed at 1234 (-1
    would take the process-wide counter, so two calls would differ)."""
    dims: dict[str, int] = {}
    for name, choices in op.sweep:
        options = sorted({int(e.evaluate(dims)) for e in choices})
        dims[name] = next((o for o in options if o >= 3), options[-1])
    attrs: dict[str, Any] = {a.name: a.default for a in op.attrs}
    attrs.update({k: v for k, v in dims.items() if k in attrs})
    seeds, totals = spec.seed_attrs(op), draw.totalled(op)
    for a in op.attrs:
        if a.enum is not None:
            attrs[a.name] = (
                a.enum.value_of(str(a.default)) if a.default is not None else a.enum.members[0][1]
            )
        if a.name in seeds:
            attrs[a.name] = 1234
        if a.is_list:
            attrs[a.name] = list(a.default) if a.default is not None else draw.least_list(a)
        elif attrs[a.name] is None and spec.dim_of_attr(op, a.name) not in totals:
            attrs[a.name] = draw.least_required(a, dims)
    return dims, attrs


def base_case(
    op: Op,
    need: Tensor | None = None,
    seeds: range = range(100),
    forms: Mapping[str, int] | None = None,
) -> Case:
    """A valid case of middling sizes in which `need` is present (an optional
    tensor: its first condition made true); the first seed of `seeds` that
    gives one; tensors with shape alternatives in `forms` (form 0 if not given)."""
    dims, attrs = middling(op)
    if need is not None and need.optional:
        for cond in need.required_when:
            a = op.attr(cond.attr)
            attrs[a.name] = a.enum.value_of(str(cond.values[0])) if a.enum else cond.values[0]
            break
    fixed = {t.name: 0 for t in op.tensors if t.forms} | dict(forms or {})
    for seed in seeds:
        case = build(op, dims, dict(attrs), seed, forms=fixed)
        if need is None or case.arrays[need.name] is not None:
            return case
    raise AssertionError(f"{op.name}: no valid case with {need.name if need else 'defaults'}")


def with_every_tensor(op: Op) -> Case:
    """A valid call of middling sizes with every optional tensor present, in
    the declared shapes (even seeds: no unit axes), seeded attributes fixed
    (so two calls give the same outputs)."""
    dims, attrs = middling(op)
    for seed in range(0, 200, 2):
        case = build(op, dims, dict(attrs), seed)
        if all(case.arrays[t.name] is not None for t in spec.passed(op)):
            return case
    raise AssertionError(f"{op.name}: no case with every optional tensor present")


def zeros(op: Op, dims: dict[str, int], dtype: DType | None, present: set[str]) -> Case:
    """A call of zeros: the required tensors and the optional ones in `present`."""
    arrays: dict[str, np.ndarray | None] = {}
    for t in spec.passed(op):
        if t.optional and t.name not in present:
            arrays[t.name] = None
        else:
            arrays[t.name] = np.zeros(spec.shape(t, dims), NUMPY[spec.dtype_of(t, dtype)])
    return Case(op, dims, {}, arrays, dtype)
