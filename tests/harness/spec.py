"""Questions about an op, answered from its model (codegen.model.Op) and its
calling conventions (codegen.api): which specs the suite runs over, what the
op writes, which tensors the caller passes and in which order, which dtype a
tensor has in a call. Every test asks here instead of reading roles, dtype
sets or parameter lists itself."""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from codegen import api
from codegen.kinds import KernelKind, kinds_of
from codegen.model import AttrType, DimExpr, DType, Op, Role, Tensor
from codegen.parse import load_specs
from tests import ROOT

# The suite runs over opspec/ unless told otherwise (an example op's specs, say).
SPEC_DIR = Path(os.environ.get("OPFORGE_SPECS", ROOT / "opspec"))


def load_ops() -> list[Op]:
    """The ops the suite runs over: opspec/, or $OPFORGE_SPECS."""
    return load_specs(SPEC_DIR.resolve(), ROOT)


@functools.cache
def _suite_ops() -> dict[str, Op]:
    return {op.name: op for op in load_ops()}


def op_named(name: str) -> Op:
    """An op the suite runs over, by name (a KeyError names a missing one)."""
    return _suite_ops()[name]


@functools.cache
def _project_ops() -> dict[str, Op]:
    return {op.name: op for op in load_specs(ROOT / "opspec", ROOT)}


def project_op(name: str) -> Op:
    """An op of the project's own opspec/ (whatever $OPFORGE_SPECS says): for
    the tests written for one op."""
    return _project_ops()[name]


def project_ops() -> list[Op]:
    return list(_project_ops().values())


# ---------------------------------------------------------------- what an op writes


def writes(op: Op) -> tuple[Tensor, ...]:
    """What the call returns: the in-place tensors (written into the caller's
    own), then the new outputs, each in spec order. A reference returns the same."""
    return op.outputs


def written_names(op: Op) -> tuple[str, ...]:
    return tuple(t.name for t in writes(op))


def is_in_place(t: Tensor) -> bool:
    """A caller's tensor the op writes (returned as the very tensor passed)."""
    return t.is_argument and t.role.kernel_writes


def is_new_output(t: Tensor) -> bool:
    """A tensor the op allocates and returns."""
    return t.role.kernel_writes and not t.is_argument


def in_place(op: Op) -> tuple[Tensor, ...]:
    return tuple(t for t in writes(op) if is_in_place(t))


def new_outputs(op: Op) -> tuple[Tensor, ...]:
    return op.new_outputs


def is_scratch(t: Tensor) -> bool:
    """Made by the glue for the kernel alone: never passed, never returned."""
    return t.role is Role.SCRATCH


def allocated(op: Op) -> tuple[Tensor, ...]:
    """What the glue allocates for a call: the new outputs and the scratch."""
    return tuple(t for t in op.tensors if not t.is_argument)


def kernel_may_write(t: Tensor) -> bool:
    """The kernel receives a mutable pointer: in-place and new outputs, and
    workspace scratch (scratch the glue fills is only read)."""
    return not t.read_only


# ---------------------------------------------------------------- what the caller passes


def passed(op: Op) -> tuple[Tensor, ...]:
    """The tensors a caller passes (optional ones included), in spec order: the
    order of a reference's positional parameters and of a Case's arrays."""
    return op.arguments


def passed_names(op: Op) -> tuple[str, ...]:
    return tuple(t.name for t in passed(op))


def python_order(op: Op) -> tuple[str, ...]:
    """The tensors in the order the Python function declares them: the required
    ones (positional) first, then the optional ones (keyword-only)."""
    return tuple(p.name for p in api.python(op).params if p.kind is api.Kind.TENSOR)


def positional(op: Op) -> tuple[str, ...]:
    """The tensors a call may pass by position."""
    return tuple(
        p.name for p in api.python(op).params if p.kind is api.Kind.TENSOR and not p.keyword_only
    )


def run_tensors(op: Op) -> tuple[Tensor, ...]:
    """The tensors of the framework-free entry run() (codegen.api.run): the
    caller's and the new outputs, in its order; scratch is made inside."""
    return tuple(p.tensor for p in api.run(op).params if p.tensor is not None)


def required(op: Op, t: Tensor, attrs: Mapping[str, Any]) -> bool:
    """Whether a call with these attribute values must pass `t` (enum
    attributes by value)."""
    if not t.optional:
        return True
    for cond in t.required_when:
        a = op.attr(cond.attr)
        wanted = [a.enum.value_of(str(v)) for v in cond.values] if a.enum else list(cond.values)
        if attrs[a.name] in wanted:
            return True
    return False


def seed_attrs(op: Op) -> frozenset[str]:
    """Attributes that seed a filled scratch tensor's draws."""
    return frozenset(t.fill.seed_attr for t in op.tensors if t.fill is not None)


def dim_of_attr(op: Op, attr: str) -> str | None:
    """The dim an attribute sets, if it sets one."""
    return next((d.name for d in op.dims if d.from_attr == attr), None)


# ---------------------------------------------------------------- kernels


def kinds(op: Op) -> tuple[KernelKind, ...]:
    """The kinds of hand-written kernel the op has (codegen/kinds.py)."""
    return kinds_of(op.kernels)


def backends(op: Op) -> list[str]:
    """The Python-side backends the op runs on in the tests: each of its kernel
    kinds' (codegen/kinds.py)."""
    return [b for k in kinds(op) for b in k.test_backends]


# ---------------------------------------------------------------- dtypes and shapes


def own_dtype(t: Tensor) -> DType | None:
    """`t`'s own dtype; None if it takes the one its call chooses for the op's
    dtype set (the one place a test tells the two apart)."""
    return t.dtype if isinstance(t.dtype, DType) else None


def in_dtype_set(t: Tensor) -> bool:
    """`t` takes the dtype the call chooses for the op's set."""
    return own_dtype(t) is None


def dtype_choices(t: Tensor) -> tuple[DType, ...]:
    """The dtypes `t` may have: its own, or every dtype of its set."""
    own = own_dtype(t)
    return (own,) if own is not None else t.dtype.choices  # type: ignore[union-attr]


def op_dtypes(op: Op) -> tuple[DType | None, ...]:
    """The dtypes a call may choose for the op's set; (None,) without a set."""
    return op.dtype_vars[0].choices if op.dtype_vars else (None,)


def dtype_of(t: Tensor, chosen: DType | None) -> DType:
    """`t`'s dtype in a call whose dtype set took `chosen`."""
    own = own_dtype(t)
    if own is not None:
        return own
    if chosen is None:
        raise ValueError(f"{t.name} has a dtype set: the call must choose one of it")
    return chosen


def dtype_index(op: Op, chosen: DType | None) -> int:
    """The position of `chosen` in the op's set (0 without a set)."""
    return op.dtype_vars[0].choices.index(chosen) if op.dtype_vars and chosen else 0


def evaluate(expr: DimExpr | int | float, dims: Mapping[str, int]) -> Any:
    """A bound or size: a number as is, a dim expression evaluated (a value
    bound over ``bound_env``, which holds the int attributes too)."""
    return expr if isinstance(expr, (int, float)) else expr.evaluate(dims)


def bound_env(op: Op, dims: Mapping[str, int], attrs: Mapping[str, Any]) -> dict[str, int]:
    """What a value bound is evaluated over: the call's dims and its int and
    int64 attributes (a bound may name either; one not yet set is left out)."""
    env = dict(dims)
    for a in op.attrs:
        if a.type in (AttrType.INT, AttrType.INT64) and attrs.get(a.name) is not None:
            env.setdefault(a.name, int(attrs[a.name]))
    return env


def shape(t: Tensor, dims: Mapping[str, int], form: int = 0) -> tuple[int, ...]:
    """`t`'s shape in a call of these dims (in its form `form`, for a tensor with
    shape alternatives)."""
    return tuple(int(e.evaluate(dims)) for e in t.shapes[form])


def numel(t: Tensor, dims: Mapping[str, int], form: int = 0) -> int:
    count = 1
    for n in shape(t, dims, form):
        count *= n
    return count


def inferred_shape(op: Op, t: Tensor, dims: Mapping[str, int]) -> list[int]:
    """What static shape inference tells a program about `t`: its shape, with
    axis 0 dynamic (-1) where the kernel decides the rows (`rows:`), and
    every axis that uses a dim a tensor's value sets (`value_of:`) dynamic."""
    from_values = set(value_dims(op))
    axes = [
        -1 if from_values & set(e.refs()) else n
        for e, n in zip(t.shape, shape(t, dims), strict=True)
    ]
    if t.rows is not None:
        axes[0] = -1
    return axes


def value_dims(op: Op) -> dict[str, Tensor]:
    """The dims a tensor's value sets (`value_of:`), and that tensor each."""
    return {d.name: op.tensor(d.value_of) for d in op.dims if d.value_of is not None}


def value_sources(op: Op) -> frozenset[str]:
    """The tensors whose value sets a dim: the glue reads them, binds the dim
    and refuses a value outside its bounds; below the glue (the entry, its
    kernels) such a tensor always holds its dim."""
    return frozenset(t.name for t in value_dims(op).values())


def written_rows(
    op: Op, dims: Mapping[str, int], outputs: Mapping[str, np.ndarray]
) -> tuple[dict[str, np.ndarray], list[str]]:
    """Outputs as the op returns them, from the whole buffers the entry
    fills: each `rows:` output cut to the count its kernel wrote. Also what is
    wrong: a count outside [0, the declared rows] (a kernel bug, which the
    glue refuses)."""
    cut = dict(outputs)
    problems = []
    for t in writes(op):
        if t.rows is None:
            continue
        most = int(evaluate(t.shape[0], dims))
        got = int(np.asarray(outputs[t.rows]).reshape(-1)[0])
        if not 0 <= got <= most:
            problems.append(f"{t.rows} = {got} rows of {t.name}, outside [0, {most}]")
            continue
        cut[t.name] = outputs[t.name][:got]
    return cut, problems
