"""A saved program with every op, run in a fresh process.

    python -m tests.runtime.api_boundary.deploy save DIR   # to_static, paddle.jit.save, eager outputs
    python -m tests.runtime.api_boundary.deploy load DIR   # import opforge; jit.load, Paddle Inference

`save` (run by the test in its own process) builds one static function that calls every op in opspec/ on its own
inputs (each op's valid base case, every optional tensor present), saves it
with paddle.jit.save, and stores the inputs and the eager outputs. `load`, in
a process that has never run an op, imports opforge (which registers the ops
with Paddle), runs the saved program through paddle.jit.load and through
Paddle Inference's predictor, and compares every output with eager's; then
runs the predictor once more inside opforge.value_checked() with one value
outside its declared domain, which must be refused (the predictor runs the
ops on the calling thread, so the thread's switch reaches them). Prints "ok"
and exits 0 when all holds.
"""

from __future__ import annotations

import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import paddle

from codegen.model import Op
from tests.harness import spec
from tests.harness.calls import to_tensor
from tests.harness.dtypes import paddle_dtype

OPS = spec.load_ops()


def _inputs() -> list[tuple[Op, str, np.ndarray]]:
    from tests.runtime.api_boundary.attacks import base_case

    found = []
    for op in OPS:
        case = base_case(op)
        for t in spec.passed(op):
            array = case.passed(t)
            assert array is not None
            found.append((op, t.name, array))
    return found


def _program(flat: list[tuple[Op, str, np.ndarray]]) -> Any:
    import opforge
    from tests.runtime.api_boundary.attacks import base_case

    attrs = {op.name: base_case(op).attrs for op in OPS}

    def every_op(tensors: list[paddle.Tensor]) -> list[paddle.Tensor]:
        outputs: list[paddle.Tensor] = []
        at = 0
        for op in OPS:
            names = spec.passed_names(op)
            named = {name: tensors[at + i] for i, name in enumerate(names)}
            at += len(names)
            result = getattr(opforge, op.name)(**named, **attrs[op.name])
            outputs += list(result) if isinstance(result, tuple) else [result]
        return outputs

    return every_op


def save(directory: Path) -> None:
    flat = _inputs()
    every_op = _program(flat)
    eager = [t.numpy() for t in every_op([to_tensor(a) for _, _, a in flat])]
    specs = [
        paddle.static.InputSpec(list(a.shape), paddle_dtype(a), f"{op.name}__{name}")
        for op, name, a in flat
    ]
    static = paddle.jit.to_static(every_op, input_spec=[specs], full_graph=True)
    with warnings.catch_warnings():  # "no variable in your model": none is needed
        warnings.simplefilter("ignore")
        paddle.jit.save(static, str(directory / "model"))
    np.savez(
        directory / "data.npz",
        **{f"in{i}": a for i, (_, _, a) in enumerate(flat)},
        **{f"out{i}": a for i, a in enumerate(eager)},
    )
    print(f"saved {len(OPS)} ops, {len(flat)} inputs, {len(eager)} outputs")


def _compare(what: str, got: list[np.ndarray], want: list[np.ndarray]) -> list[str]:
    if len(got) != len(want):
        return [f"{what}: {len(got)} outputs, eager gave {len(want)}"]
    return [
        f"{what}: output {i} differs from eager"
        for i, (g, w) in enumerate(zip(got, want, strict=True))
        if g.shape != w.shape or not np.array_equal(g, w)
    ]


def _out_of_domain(flat: list[tuple[Op, str, np.ndarray]]) -> tuple[int, str] | None:
    """An integer input with a numeric lower bound, and the op it belongs to."""
    for i, (op, name, array) in enumerate(flat):
        t = op.tensor(name)
        if isinstance(t.values.min, int) and array.dtype.kind == "i" and array.size > 0:
            return i, f"{op.name}(): {name}[0]"
    return None


def load(directory: Path) -> int:
    import opforge  # registers the ops with Paddle

    flat = _inputs()
    data = np.load(directory / "data.npz")
    inputs = [data[f"in{i}"] for i in range(len(flat))]
    want = [data[f"out{i}"] for i in range(len(data.files) - len(flat))]
    problems = []

    layer = paddle.jit.load(str(directory / "model"))
    got = layer(*[to_tensor(a) for a in inputs])
    problems += _compare("paddle.jit.load", [t.numpy() for t in got], want)

    config = paddle.inference.Config(
        str(directory / "model.json"), str(directory / "model.pdiparams")
    )
    config.disable_gpu()
    predictor = paddle.inference.create_predictor(config)

    def predict(arrays: list[np.ndarray]) -> list[np.ndarray]:
        for name, array in zip(predictor.get_input_names(), arrays, strict=True):
            predictor.get_input_handle(name).copy_from_cpu(array)
        predictor.run()
        return [predictor.get_output_handle(n).copy_to_cpu() for n in predictor.get_output_names()]

    problems += _compare("Paddle Inference", predict(inputs), want)

    bad = _out_of_domain(flat)
    if bad is not None:
        index, where = bad
        changed = [a.copy() for a in inputs]
        changed[index].reshape(-1)[0] = -(2**30)
        with opforge.value_checked():
            try:
                predict(changed)
                problems.append(f"value_checked(): {where} outside its domain was not refused")
            except ValueError as error:
                if "outside its domain" not in str(error):
                    problems.append(f"value_checked(): refused, but not by the check: {error}")
    for problem in problems:
        print(problem)
    if not problems:
        print("ok")
    return 1 if problems else 0


def main() -> int:
    warnings.filterwarnings("ignore")
    mode, directory = sys.argv[1], Path(sys.argv[2])
    if mode == "save":
        save(directory)
        return 0
    return load(directory)


if __name__ == "__main__":
    sys.exit(main())
