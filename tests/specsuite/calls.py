"""Running a case: through the generated op on a backend, and through the
op's NumPy reference (named by the spec)."""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import paddle

import opforge
from codegen.model import Op, Role
from specsuite.cases import Case
from specsuite.counts import COUNTS  # noqa: F401 - the suites count through here

XPU3_LAUNCHES = [(1, 1), (2, 4), (8, 64)]


def to_tensor(array: np.ndarray) -> paddle.Tensor:
    # uint16 arrays are bfloat16 bit patterns (no spec dtype is uint16).
    return paddle.to_tensor(array, dtype="bfloat16" if array.dtype == np.uint16 else None)


def to_tensors(case: Case) -> list[paddle.Tensor | None]:
    passed = [case.passed(t) for t in case.op.arguments]
    return [None if a is None else to_tensor(a) for a in passed]


@contextlib.contextmanager
def backend(name: str, launch: tuple[int, int] = (2, 4)) -> Iterator[None]:
    if name == "cpu":
        yield
    else:
        with opforge.xpu3_simulation(*launch):
            yield


@contextlib.contextmanager
def value_checks(on: bool = True) -> Iterator[None]:
    saved = opforge.value_checks()
    opforge.set_value_checks(on)
    try:
        yield
    finally:
        opforge.set_value_checks(saved)


def call(op: Op, case: Case, tensors: list[paddle.Tensor | None]) -> tuple[Any, ...]:
    result = getattr(opforge, op.name)(*tensors, **case.attrs)
    return result if isinstance(result, tuple) else (result,)


def reference_module(op: Op) -> Any:
    """tests/reference/<reference>.py, or <$OPFORGE_REFERENCES>/<reference>.py
    when the suite runs over another spec directory."""
    directory = os.environ.get("OPFORGE_REFERENCES")
    if not directory:
        return importlib.import_module(f"reference.{op.reference}")
    spec = importlib.util.spec_from_file_location(
        f"references_{op.reference}", os.path.join(directory, f"{op.reference}.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tolerance(op: Op, case: Case) -> tuple[float, float]:
    """(rtol, atol) for float outputs, as the op's reference states it for the
    case's dtype (`tolerances(dtype_name)`); exact when it states none."""
    module = reference_module(op)
    stated = getattr(module, "tolerances", None)
    return stated(case.dtype.value) if stated and case.dtype else (0.0, 0.0)


def reference(op: Op, case: Case) -> tuple[np.ndarray, ...]:
    """The spec's reference: tests/reference/<reference>.py, function <op>,
    called with the arrays, the attributes, and each filled scratch tensor."""
    assert op.reference, f"{op.source}: names no reference"
    module = reference_module(op)
    from reference.uniform import slot_uniforms

    scratch = {}
    for t in op.tensors:
        if t.role is Role.SCRATCH and t.fill is not None:
            n = int(np.prod([e.evaluate(case.dims) for e in t.shape]))
            scratch[t.name] = slot_uniforms(int(case.attrs[t.fill.seed_attr]), n)
    copies = [None if a is None else a.copy() for a in case.arrays.values()]
    result = getattr(module, op.name)(*copies, **case.attrs, **scratch)
    return result if isinstance(result, tuple) else (result,)
