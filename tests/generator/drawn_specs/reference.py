"""The NumPy reference of every drawn op: what its pattern kernels write
(``kernels.expected``, each `rows:` count within its rows), from the dims
bound by the arrays and attributes a call passes, as the glue binds them.

A tree's reference directory ($OPFORGE_REFERENCES) holds one ``<op>.py`` per
drawn op that names it (``write_references``), so the spec-derived suite runs
over drawn ops as over the project's own."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import numpy as np

from codegen.model import DimRef, DType, DTypeVar, Op
from tests.generator.drawn_specs.kernels import expected_outputs
from tests.harness import spec
from tests.harness.dtypes import paddle_dtype


def bound_dims(
    op: Op, arrays: Mapping[str, np.ndarray | None], attrs: Mapping[str, Any]
) -> dict[str, int]:
    """Each dim of a call: an attribute's value (or an int list's length), a
    [1] tensor's value, or an axis of a passed tensor that names it alone (a
    drawn spec's first tensor names every shape-bound dim alone)."""
    dims: dict[str, int] = {}
    for t in spec.passed(op):
        array = arrays.get(t.name)
        if array is None:
            continue
        for form in t.shapes:
            # The declared rank, or one more: FastDeploy's trailing unit axis.
            if array.ndim in (len(form), len(form) + t.unit_axis):
                for axis, e in enumerate(form):
                    if isinstance(e, DimRef):
                        dims.setdefault(e.name, int(array.shape[axis]))
                break
    for d in op.dims:
        if d.from_attr is not None:
            value = attrs[d.from_attr]
            dims[d.name] = len(value) if isinstance(value, (list, tuple)) else int(value)
        elif d.value_of is not None:
            source = arrays[d.value_of]
            assert source is not None, f"{op.name}: {d.value_of} sets {d.name}"
            dims[d.name] = int(np.asarray(source).reshape(-1)[0])
    missing = [d.name for d in op.dims if d.name not in dims]
    assert not missing, f"{op.name}: no passed tensor binds {missing}"
    return dims


def reference_of(op: Op) -> Callable[..., tuple[np.ndarray, ...]]:
    """``op``'s reference: ``(*passed tensors, **attrs, **filled scratch)``
    to what the op writes, in spec order."""

    def reference(*tensors: np.ndarray | None, **keywords: Any) -> tuple[np.ndarray, ...]:
        arrays = dict(zip(spec.passed_names(op), tensors, strict=True))
        attrs = {a.name: keywords[a.name] for a in op.attrs}
        dims = bound_dims(op, arrays, attrs)
        # A dtype set's choice: the dtype of a passed tensor of the set.
        chosen = next(
            (
                DType(paddle_dtype(a))
                for t in spec.passed(op)
                if isinstance(t.dtype, DTypeVar) and (a := arrays.get(t.name)) is not None
            ),
            None,
        )
        dtypes = {t.name: spec.dtype_of(t, chosen) for t in spec.writes(op)}
        env = spec.bound_env(op, dims, attrs)
        return tuple(expected_outputs(op, env, dtypes, within_rows=True).values())

    return reference


def write_references(ops: list[Op], directory: Path) -> None:
    """One module per op, named by the op's `reference:`, defining it."""
    directory.mkdir(parents=True, exist_ok=True)
    for op in ops:
        assert op.reference is not None, f"{op.source}: names no reference"
        (directory / f"{op.reference}.py").write_text(
            "# The pattern kernels' reference (tests/generator/drawn_specs/reference.py).\n"
            "from tests.generator.drawn_specs.reference import reference_of\n"
            "from tests.harness import spec\n\n"
            f"{op.name} = reference_of(spec.op_named({op.name!r}))\n",
            encoding="utf-8",
        )
