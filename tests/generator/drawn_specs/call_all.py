"""Call every op of a drawn tree once with spec-valid inputs and check the
outputs: ``python -m tests.generator.drawn_specs.call_all <specs dir>``, in a
process whose OPFORGE_EXTENSION and OPFORGE_GENERATED name the tree's build.
Prints one line per op and backend and exits 1 if any failed.

A call is drawn as every suite draws one (tests.harness.draw; a drawn spec has
no sweep: its dims are small), from a seeded chooser, and built from the
tensors' value domains (tests.harness.cases). The kernels write a known
pattern (tests/generator/drawn_specs/kernels.py): every output must carry it,
in-place outputs must be the tensors passed in, inputs must be unchanged.
An op with a `fastdeploy:` section is then called positionally through the
tree's opforge.fastdeploy modules (and its pybind11 bindings, where
$OPFORGE_FASTDEPLOY_OPS names their build), against its own call."""

from __future__ import annotations

import importlib.util
import os
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

import opforge
from codegen.model import FastDeployForm, Op
from codegen.parse import load_specs
from codegen.speclang import FASTDEPLOY_BACKENDS
from tests.fastdeploy import surface
from tests.generator.drawn_specs.kernels import expected
from tests.harness import draw, spec
from tests.harness.calls import backend, call_op, to_tensor
from tests.harness.cases import built
from tests.harness.dtypes import encode


def call_one(op: Op, seed: int) -> str:
    # What a kernel may write is what the call returns, or scratch: never an input.
    assert all(spec.is_in_place(t) or not t.is_argument for t in op.tensors if not t.read_only)
    rng = np.random.default_rng(seed)
    case = built(op, draw.call(draw.NumpyChooser(rng), op))
    passed = {t.name: case.passed(t) for t in spec.passed(op)}
    tensors = {name: to_tensor(a) for name, a in passed.items() if a is not None}
    # A `rows:` output is cut to the count its kernel wrote: the pattern's first
    # element at the count's position. Past the declared rows, the glue must
    # refuse it as the kernel bug it is.
    rows = {
        t.name: int(expected(op, op.tensor(t.rows), case.env, within_rows=False)[0])
        for t in spec.writes(op)
        if t.rows is not None
    }
    too_many = [n for n, got in rows.items() if got > spec.shape(op.tensor(n), case.dims)[0]]
    if too_many:
        try:
            call_op(op, tensors, case.attrs)
        except opforge.OpKernelError as exc:
            if f"rows of '{too_many[0]}', outside [0, " in str(exc):
                return "ok"
            raise
        return f"{too_many[0]}: a count past its rows was not refused"
    outputs = call_op(op, tensors, case.attrs)
    if len(outputs) != len(spec.writes(op)):
        return f"returned {len(outputs)} tensors, the spec has {len(spec.writes(op))} outputs"
    for t, out in zip(spec.writes(op), outputs, strict=True):
        if spec.is_in_place(t) and out is not tensors[t.name]:
            return f"{t.name}: in-place output is not the tensor passed in"
        shape = list(case.shape(t))
        numel = spec.numel(t, case.dims)
        if t.name in rows:
            numel = numel // shape[0] * rows[t.name] if shape[0] else 0
            shape[0] = rows[t.name]
        given = passed.get(t.name)
        want_shape = list(given.shape) if given is not None else shape
        if list(out.shape) != want_shape:
            return f"{t.name}: shape {list(out.shape)}, expected {want_shape}"
        want = encode(expected(op, t, case.env, within_rows=False)[:numel], case.dtype_of(t))
        if not np.array_equal(out.numpy().reshape(-1), want):
            return f"{t.name}: the kernel's pattern did not arrive"
    for t in spec.passed(op):
        before = passed[t.name]
        if not spec.is_in_place(t) and before is not None:
            if not np.array_equal(tensors[t.name].numpy(), before):
                return f"{t.name}: an input changed"
    return "ok"


def _module(path: Path, name: str) -> ModuleType:
    loader = importlib.util.spec_from_file_location(name, path)
    assert loader is not None and loader.loader is not None, path
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module


def fastdeploy_surfaces() -> Iterator[tuple[str, str, ModuleType, bool]]:
    """The tree's FastDeploy surfaces, per FastDeploy backend: (what, backend,
    the module holding its functions, whether it is the Python one). Its
    opforge.fastdeploy.<backend> modules (generated/python/fastdeploy/), and
    its pybind11 bindings where $OPFORGE_FASTDEPLOY_OPS names their build."""
    generated = Path(os.environ["OPFORGE_GENERATED"]) / "python" / "fastdeploy"
    for name in FASTDEPLOY_BACKENDS:
        yield "python", name, _module(generated / f"{name}.py", f"drawn_fastdeploy_{name}"), True
    built_ops = os.environ.get("OPFORGE_FASTDEPLOY_OPS")
    if built_ops:
        bindings = _module(Path(built_ops), "fastdeploy_ops")
        for name in FASTDEPLOY_BACKENDS:
            yield "bindings", name, getattr(bindings, name), False


def call_fastdeploy(op: Op, form: FastDeployForm, function: Any, python: bool, seed: int) -> str:
    """FastDeploy's positional call of the op against the op's own call."""
    rng = np.random.default_rng(seed)
    drawn = surface.defaults_for_the_rest(op, form, draw.call(draw.NumpyChooser(rng), op))
    case = built(op, drawn)
    if not python:  # a binding: FastDeploy's C++ returns a vector
        function = surface.as_fastdeploy_python(function, form)
    # The drawn kernels write inside the outputs' domains: value checks on.
    surface.check_call(op, form, case, function, same_objects=python, checks=True)
    return "ok"


def main() -> int:
    specs = Path(sys.argv[1])
    failed = 0
    ops = load_specs(specs, specs.parent)
    for index, op in enumerate(ops):
        for name in spec.backends(op):
            try:
                with backend(name):
                    outcome = call_one(op, index)
            except Exception:  # each op's failure is reported, then the next runs
                outcome = "raised:\n" + traceback.format_exc(limit=3)
            failed += outcome != "ok"
            print(f"{op.name} ({name}): {outcome}")
    for what, backend_name, module, python in fastdeploy_surfaces():
        for index, op in enumerate(ops):
            for form in (f for f in op.fastdeploy if f.backend == backend_name):
                try:
                    function = getattr(module, op.name)
                    outcome = call_fastdeploy(op, form, function, python, index)
                except Exception:
                    outcome = "raised:\n" + traceback.format_exc(limit=3)
                failed += outcome != "ok"
                print(f"{op.name} (fastdeploy {what} {backend_name}): {outcome}")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
