"""Trivial kernels for drawn specs: each fills every buffer it may write with a
pattern the test knows, so a call checks the whole path (binding, checks,
plugin, kernel signature, outputs) without any op semantics.

Element ``i`` (row-major) of the tensor at spec position ``k`` becomes
``(3 * i + k) % 5`` in the tensor's type (``true`` where that is non-zero).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from codegen import api
from codegen.model import Op, Role, Tensor
from codegen.views import numel_cpp


def pattern(numel: int, position: int) -> np.ndarray:
    return (np.arange(numel, dtype=np.int64) * 3 + position) % 5


def written(t: Tensor) -> bool:
    return t.role in (Role.INOUT, Role.OUTPUT) or (t.role is Role.SCRATCH and t.fill is None)


def cpu_kernel(op: Op) -> str:
    sig = api.cpu_kernel(op)
    template = f"template <typename {sig.tparam}>\n" if sig.tparam else ""
    fills = "".join(
        f"  fill_pattern({t.name}, {numel_cpp(t.shape)}, {k});\n"
        for k, t in enumerate(op.tensors)
        if written(t)
    )
    instances = f"OPFORGE_{op.name.upper()}_CPU_INSTANCES\n" if sig.tparam else ""
    return (
        f"// A drawn op's CPU kernel: fills what it may write with a known pattern.\n"
        f'#include "kernel_decls/{op.name}.h"\n\n'
        f"namespace opforge::{op.name} {{\n"
        "namespace {\n"
        "template <typename E>\n"
        "void fill_pattern(E* data, int64_t n, int64_t position) {\n"
        "  for (int64_t i = 0; i < n; ++i) data[i] = E(static_cast<float>((3 * i + position) % 5));\n"
        "}\n"
        "}  // namespace\n"
        f"}}  // namespace opforge::{op.name}\n\n"
        f"{template}void {sig.qualified}({sig.params_text()}) {{\n{fills}}}\n{instances}"
    )


def write_kernels(ops: list[Op], kernels: Path) -> None:
    (kernels / "cpu").mkdir(parents=True, exist_ok=True)
    for op in ops:
        (kernels / "cpu" / f"{op.name}.cc").write_text(cpu_kernel(op), encoding="utf-8")
