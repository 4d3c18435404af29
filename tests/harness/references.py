"""The op's NumPy reference (named by its spec) and the tolerance it states:
what every suite compares a kernel with. Imports no Paddle, so the
Paddle-free suites (the hostile-values runners) load it cheaply."""

from __future__ import annotations

import importlib
import importlib.util
import os
from typing import Any

import numpy as np

from codegen.model import Op, Role
from tests.harness.cases import Case


def reference_module(op: Op) -> Any:
    """tests/ops/reference/<reference>.py, or <$OPFORGE_REFERENCES>/<reference>.py
    when the suite runs over another spec directory."""
    directory = os.environ.get("OPFORGE_REFERENCES")
    if not directory:
        return importlib.import_module(f"tests.ops.reference.{op.reference}")
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
    """The spec's reference: tests/ops/reference/<reference>.py, function <op>,
    called with the arrays, the attributes, and each filled scratch tensor."""
    assert op.reference, f"{op.source}: names no reference"
    module = reference_module(op)
    from tests.ops.reference.uniform import slot_uniforms

    scratch = {}
    for t in op.tensors:
        if t.role is Role.SCRATCH and t.fill is not None:
            n = int(np.prod([e.evaluate(case.dims) for e in t.shape]))
            scratch[t.name] = slot_uniforms(int(case.attrs[t.fill.seed_attr]), n)
    copies = [None if a is None else a.copy() for a in case.arrays.values()]
    result = getattr(module, op.name)(*copies, **case.attrs, **scratch)
    return result if isinstance(result, tuple) else (result,)
