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
from codegen.kinds import KINDS
from codegen.model import Op
from tests.harness import spec, timing
from tests.harness.cases import Case
from tests.harness.dtypes import is_bfloat16, paddle_dtype

# The launches each backend's cases run under, the second the default: its
# kind's test launches (codegen/kinds.py: XPU3 clusters x cores, CUDA blocks of
# each op's cuda_block threads); none (twice) for a kind launched by no context.
LAUNCHES: dict[str, list[tuple[int, ...]]] = {
    b: list(k.launch.test_launches) if k.launch is not None else [(), ()]
    for k in KINDS
    for b in k.test_backends
}
# The block that runs a kind's kernels under its simulation, by its backend's name.
SIMULATIONS = {
    k.simulated_backend.name: getattr(opforge, k.launch.simulation)
    for k in KINDS
    if k.launch is not None and k.simulated_backend is not None
}


def to_tensor(array: np.ndarray) -> paddle.Tensor:
    return paddle.to_tensor(array, dtype="bfloat16" if is_bfloat16(array) else None)


def maybe_tensor(array: np.ndarray | None) -> paddle.Tensor | None:
    return None if array is None else to_tensor(array)


def to_tensors(case: Case) -> list[paddle.Tensor | None]:
    """The case's tensors as the call passes them, in spec order (spec.passed)."""
    return [maybe_tensor(case.passed(t)) for t in spec.passed(case.op)]


@contextlib.contextmanager
def backend(
    name: str, launch: tuple[int, ...] | None = None, schedule_seed: int | None = None
) -> Iterator[None]:
    """Ops on CPU tensors run on backend `name` within the block, under
    `launch` (a simulation's; None: its default, LAUNCHES[name][1]) and
    `schedule_seed` (None: a new schedule per launch)."""
    if name not in SIMULATIONS:
        with opforge.cpu_tensors_on(name):
            yield
    else:
        values = LAUNCHES[name][1] if launch is None else launch
        seed = () if schedule_seed is None else (schedule_seed,)
        with SIMULATIONS[name](*values, *seed):
            yield


def runs(op: Op, every_launch: bool = True) -> list[tuple[str, tuple[int, ...] | None]]:
    """(backend, launch) for every backend the op runs on in the tests
    (spec.backends): a simulation under each of its launches (LAUNCHES), or
    with `every_launch` False under its default only (launch None)."""
    found: list[tuple[str, tuple[int, ...] | None]] = []
    for name in spec.backends(op):
        if name in SIMULATIONS and every_launch:
            found += [(name, launch) for launch in LAUNCHES[name]]
        else:
            found.append((name, None))
    return found


def shared_backends(*ops: Op) -> list[str]:
    """The backends every one of `ops` runs on in the tests (a chain of calls
    runs on one backend), in the registry's order."""
    return [name for name in spec.backends(ops[0]) if all(name in spec.backends(o) for o in ops)]


def simulated(op: Op) -> list[str]:
    """The backends the op runs on in the tests that are simulations (each has launches)."""
    return [name for name in spec.backends(op) if name in SIMULATIONS]


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
