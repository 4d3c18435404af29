"""Call every op of a drawn tree once with spec-valid inputs and check the
outputs: ``python -m tests.generator.drawn_specs.call_all <specs dir>`` (from the
repository root), in a process whose OPFORGE_EXTENSION and OPFORGE_GENERATED
name the tree's build. Prints one line per op and exits 1 if any op failed."""

from __future__ import annotations

import sys
import traceback
from pathlib import Path

import numpy as np
import paddle

import opforge
from codegen.kinds import kinds_of
from codegen.model import Attr, AttrType, DType, DTypeVar, Op, Role, Tensor
from codegen.parse import load_specs
from tests.generator.drawn_specs.kernels import pattern, written

NUMPY = {
    DType.BOOL: np.bool_,
    DType.INT32: np.int32,
    DType.INT64: np.int64,
    DType.FLOAT32: np.float32,
    DType.FLOAT16: np.float16,
    DType.BFLOAT16: np.float32,  # made on the host as float32, cast by Paddle
}


def attr_value(op: Op, a: Attr) -> object:
    if a.default is not None:
        return a.enum.value_of(str(a.default)) if a.enum is not None else a.default
    return {
        AttrType.INT: 3,
        AttrType.INT64: 5,
        AttrType.FLOAT: 0.5,
        AttrType.BOOL: True,
        AttrType.ENUM: a.enum.members[0][1] if a.enum else 0,
    }[a.type]


def required(op: Op, t: Tensor, attrs: dict[str, object]) -> bool:
    if not t.optional:
        return True
    for cond in t.required_when:
        a = op.attr(cond.attr)
        wanted = [a.enum.value_of(str(v)) for v in cond.values] if a.enum else list(cond.values)
        if attrs[cond.attr] in wanted:
            return True
    return False


def as_numpy(x: paddle.Tensor) -> np.ndarray:
    if x.dtype == paddle.bfloat16:
        x = paddle.cast(x, "float32")
    return np.asarray(x.numpy())


def call_one(op: Op, seed: int) -> str:
    rng = np.random.default_rng(seed)
    attrs = {a.name: attr_value(op, a) for a in op.attrs}
    env = {d.name: int(rng.integers(0, 4)) for d in op.dims if d.from_attr is None}
    env |= {d.name: int(attrs[d.from_attr]) for d in op.dims if d.from_attr}  # type: ignore[call-overload]
    dtype = (
        op.dtype_vars[0].choices[int(rng.integers(0, len(op.dtype_vars[0].choices)))]
        if op.dtype_vars
        else None
    )

    def dtype_of(t: Tensor) -> DType:
        return dtype if isinstance(t.dtype, DTypeVar) else t.dtype  # type: ignore[return-value]

    # Tensors declared unit_axis go with their trailing axis of 1 in odd seeds.
    unit_axes = seed % 2 == 1
    args, before = [], {}
    for t in op.arguments:
        if not required(op, t, attrs):
            args.append(None)
            continue
        shape = [e.evaluate(env) for e in t.shape] + ([1] if unit_axes and t.unit_axis else [])
        values = rng.integers(0, 7, size=shape).astype(NUMPY[dtype_of(t)])
        tensor = paddle.to_tensor(values)
        if dtype_of(t) is DType.BFLOAT16:
            tensor = paddle.cast(tensor, "bfloat16")
        args.append(tensor)
        before[t.name] = values
    # By name: optional tensors and attributes are keyword-only.
    named = {t.name: a for t, a in zip(op.arguments, args, strict=True)}
    result = getattr(opforge, op.name)(**named, **attrs)
    outputs = [result] if isinstance(result, paddle.Tensor) else list(result)
    if len(outputs) != len(op.outputs):
        return f"returned {len(outputs)} tensors, the spec has {len(op.outputs)} outputs"
    for t, out in zip(op.outputs, outputs, strict=True):
        if t.role is Role.INOUT and out is not args[[a.name for a in op.arguments].index(t.name)]:
            return f"{t.name}: in-place output is not the tensor passed in"
        shape = [e.evaluate(env) for e in t.shape]
        passed = shape + ([1] if unit_axes and t.unit_axis else [])
        if list(out.shape) != passed:
            return f"{t.name}: shape {list(out.shape)}, expected {passed}"
        position = op.tensors.index(t)
        want = pattern(int(np.prod(shape, dtype=np.int64)), position).reshape(shape)
        want = want.astype(NUMPY[dtype_of(t)])
        if not np.array_equal(as_numpy(out).reshape(shape).astype(want.dtype), want):
            return f"{t.name}: the kernel's pattern did not arrive"
    for t in op.arguments:
        if t.role is Role.INPUT and t.name in before:
            now = as_numpy(args[[a.name for a in op.arguments].index(t.name)])
            if not np.array_equal(now.astype(before[t.name].dtype), before[t.name]):
                return f"{t.name}: an input changed"
    assert not any(written(t) and t.role is Role.INPUT for t in op.tensors)
    return "ok"


def main() -> int:
    specs = Path(sys.argv[1])
    failed = 0
    for index, op in enumerate(load_specs(specs, specs.parent)):
        backends = [b for k in kinds_of(op.kernels) for b in k.test_backends]
        for backend in backends:
            try:
                if backend == "cpu":
                    outcome = call_one(op, index)
                else:
                    with opforge.xpu3_simulation(nclusters=2, ncores=4):
                        outcome = call_one(op, index)
            except Exception:  # each op's failure is reported, then the next runs
                outcome = "raised:\n" + traceback.format_exc(limit=3)
            failed += outcome != "ok"
            print(f"{op.name} ({backend}): {outcome}")
    print(f"{failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
