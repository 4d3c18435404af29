"""Call every op of a drawn tree once with spec-valid inputs and check the
outputs: ``python -m tests.generator.drawn_specs.call_all <specs dir>``, in a
process whose OPFORGE_EXTENSION and OPFORGE_GENERATED name the tree's build.
Prints one line per op and backend and exits 1 if any failed.

A call is drawn as every suite draws one (tests.harness.draw; a drawn spec has
no sweep: its dims are small), from a seeded chooser, and built from the
tensors' value domains (tests.harness.cases). The kernels write a known
pattern (tests/generator/drawn_specs/kernels.py): every output must carry it,
in-place outputs must be the tensors passed in, inputs must be unchanged."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

import numpy as np

import opforge
from codegen.model import Op
from codegen.parse import load_specs
from tests.generator.drawn_specs.kernels import pattern
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
        t.name: int(pattern(1, op.tensors.index(op.tensor(t.rows)))[0])
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
        expected = list(given.shape) if given is not None else shape
        if list(out.shape) != expected:
            return f"{t.name}: shape {list(out.shape)}, expected {expected}"
        want = encode(pattern(numel, op.tensors.index(t)), case.dtype_of(t))
        if not np.array_equal(out.numpy().reshape(-1), want):
            return f"{t.name}: the kernel's pattern did not arrive"
    for t in spec.passed(op):
        before = passed[t.name]
        if not spec.is_in_place(t) and before is not None:
            if not np.array_equal(tensors[t.name].numpy(), before):
                return f"{t.name}: an input changed"
    return "ok"


def main() -> int:
    specs = Path(sys.argv[1])
    failed = 0
    for index, op in enumerate(load_specs(specs, specs.parent)):
        for name in spec.backends(op):
            try:
                with backend(name):
                    outcome = call_one(op, index)
            except Exception:  # each op's failure is reported, then the next runs
                outcome = "raised:\n" + traceback.format_exc(limit=3)
            failed += outcome != "ok"
            print(f"{op.name} ({name}): {outcome}")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
