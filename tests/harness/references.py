"""The op's NumPy reference (named by its spec) and the tolerance it states:
what every suite compares a kernel with. Imports no Paddle, so the
Paddle-free suites (the hostile-values runners) load it cheaply.

A reference is ``<op>(*tensors, **attrs, **filled_scratch)``: the tensors a
caller passes, in spec order (``spec.passed``), absent ones None; it returns
what the op writes, in spec order (``spec.writes``), as new arrays."""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from codegen.model import Op
from tests.harness import spec
from tests.harness.cases import Case

PACKAGE = "tests.ops.reference"  # where the references named by specs live


def reference_module(op: Op) -> Any:
    """tests/ops/reference/<reference>.py, or <$OPFORGE_REFERENCES>/<reference>.py
    when the suite runs over another spec directory."""
    directory = os.environ.get("OPFORGE_REFERENCES")
    if not directory:
        return importlib.import_module(f"{PACKAGE}.{op.reference}")
    spec_ = importlib.util.spec_from_file_location(
        f"references_{op.reference}", os.path.join(directory, f"{op.reference}.py")
    )
    assert spec_ is not None and spec_.loader is not None
    module = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(module)
    return module


def tolerance(op: Op, case: Case) -> tuple[float, float]:
    """(rtol, atol) for float outputs, as the op's reference states it for the
    case's dtype (`tolerances(dtype_name)`); exact when it states none."""
    module = reference_module(op)
    stated = getattr(module, "tolerances", None)
    return stated(case.dtype.value) if stated and case.dtype else (0.0, 0.0)


def filled_scratch(op: Op, dims: Mapping[str, int], attrs: Mapping[str, Any]) -> dict[str, Any]:
    """Each scratch tensor the glue fills, as the reference takes it: the draws
    of its seed attribute."""
    from tests.ops.reference.uniform import slot_uniforms

    scratch = {}
    for t in spec.allocated(op):
        if t.fill is not None:
            scratch[t.name] = slot_uniforms(int(attrs[t.fill.seed_attr]), spec.numel(t, dims))
    return scratch


def call_reference(
    op: Op, arrays: Mapping[str, np.ndarray | None], attrs: Mapping[str, Any], **extra: Any
) -> dict[str, np.ndarray]:
    """The reference on named arrays (each tensor the caller passes; a missing
    name is an absent tensor): what the op writes, by name. `extra` reaches
    the reference as keywords (a filled scratch's draws, a trace)."""
    module = reference_module(op)
    args = [arrays.get(name) for name in spec.passed_names(op)]
    result = getattr(module, op.name)(*args, **attrs, **extra)
    result = result if isinstance(result, tuple) else (result,)
    names = spec.written_names(op)
    assert len(result) == len(names), f"{op.name}: the reference returned {len(result)} arrays"
    return dict(zip(names, result, strict=True))


def reference(op: Op, case: Case) -> tuple[np.ndarray, ...]:
    """The spec's reference on a case: what the op writes, in spec order (each
    filled scratch tensor drawn from its seed; the case's arrays copied)."""
    assert op.reference, f"{op.source}: names no reference"
    copies = {k: None if a is None else a.copy() for k, a in case.arrays.items()}
    scratch = filled_scratch(op, case.dims, case.attrs)
    return tuple(call_reference(op, copies, case.attrs, **scratch).values())
