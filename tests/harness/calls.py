"""Calling an op through its Python API: arrays to tensors (bfloat16 from
their bit patterns), the backend switch, a call by name, and the placeholders
of a static program. The tensors go by name (optional tensors and attributes
are keyword-only), so no test restates an op's argument order."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np
import paddle

import opforge
from codegen.model import Op
from tests.harness import spec, timing
from tests.harness.cases import Case
from tests.harness.dtypes import is_bfloat16, paddle_dtype

# The launches each backend's cases run under, the second the default: XPU3
# clusters x cores, CUDA blocks (of each op's cuda_block threads).
LAUNCHES: dict[str, list[tuple[int, ...]]] = {
    "cpu": [(), ()],
    "xpu3-sim": [(1, 1), (2, 4), (8, 64)],
    "cuda-sim": [(1,), (2,), (5,)],
}
SIMULATIONS = {"xpu3-sim": opforge.xpu3_simulation, "cuda-sim": opforge.cuda_simulation}


def to_tensor(array: np.ndarray) -> paddle.Tensor:
    return paddle.to_tensor(array, dtype="bfloat16" if is_bfloat16(array) else None)


def maybe_tensor(array: np.ndarray | None) -> paddle.Tensor | None:
    return None if array is None else to_tensor(array)


def to_tensors(case: Case) -> list[paddle.Tensor | None]:
    """The case's tensors as the call passes them, in spec order (spec.passed)."""
    return [maybe_tensor(case.passed(t)) for t in spec.passed(case.op)]


@contextlib.contextmanager
def backend(name: str, launch: tuple[int, ...] | None = None) -> Iterator[None]:
    """Ops on CPU tensors run on backend `name` within the block, under
    `launch` (a simulation's; None: its default, LAUNCHES[name][1])."""
    if name == "cpu":
        yield
    else:
        with SIMULATIONS[name](*(LAUNCHES[name][1] if launch is None else launch)):
            yield


def by_name(op: Op, tensors: list[Any]) -> dict[str, Any]:
    """Tensors in spec order (spec.passed) as the keywords of a call."""
    return dict(zip(spec.passed_names(op), tensors, strict=True))


def call_op(op: Op, tensors: Mapping[str, Any], attrs: Mapping[str, Any]) -> tuple[Any, ...]:
    """The op on named tensors (a name left out: an absent optional tensor) and
    attributes; what it returns, always as a tuple (spec.writes' order). A
    call that does not return within timing.call_limit() s ends the process
    (timing.watchdog), which the run then names."""
    unknown = set(tensors) - set(spec.passed_names(op))
    assert not unknown, f"{op.name} takes no tensor {sorted(unknown)}"
    with timing.watchdog():
        result = getattr(opforge, op.name)(**tensors, **attrs)
    return result if isinstance(result, tuple) else (result,)


def call(op: Op, case: Case, tensors: list[Any]) -> tuple[Any, ...]:
    """The op on `tensors` (spec order) with the case's attributes."""
    return call_op(op, by_name(op, tensors), case.attrs)


def call_numpy(
    op: Op, arrays: Mapping[str, np.ndarray | None], attrs: Mapping[str, Any]
) -> dict[str, np.ndarray]:
    """The op on named arrays: what it writes, by name, as arrays."""
    got = call_op(op, {k: maybe_tensor(a) for k, a in arrays.items()}, attrs)
    return {t.name: g.numpy() for t, g in zip(spec.writes(op), got, strict=True)}


def tensors_of(op: Op, batch: Mapping[str, Any]) -> list[paddle.Tensor | None]:
    """A batch's tensors (the op's tensor names) in spec order."""
    return [maybe_tensor(batch[name]) for name in spec.passed_names(op)]


def attrs_of(op: Op, batch: Mapping[str, Any]) -> dict[str, Any]:
    return {a.name: batch[a.name] for a in op.attrs}


def snapshot(args: list[paddle.Tensor | None]) -> list[np.ndarray | None]:
    return [None if a is None else a.numpy().copy() for a in args]


def static_inputs(op: Op, arrays: Mapping[str, Any]) -> tuple[list[Any], dict[str, np.ndarray]]:
    """Inside a static program: a placeholder per present argument (None for
    absent ones), in spec order, and the feed that fills them."""
    args: list[Any] = []
    feeds: dict[str, np.ndarray] = {}
    for name in spec.passed_names(op):
        array = arrays[name]
        if array is None:
            args.append(None)
            continue
        args.append(paddle.static.data(name, list(array.shape), paddle_dtype(array)))
        feeds[name] = array
    return args, feeds
