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
from codegen.cpp import numel_cpp
from codegen.kinds import CPU, XPU3, kinds_of
from codegen.model import Op
from tests.harness import spec


def pattern(numel: int, position: int) -> np.ndarray:
    return (np.arange(numel, dtype=np.int64) * 3 + position) % 5


def _parts(op: Op, sig: api.Signature, backend: str, scope: str = "") -> tuple[str, str]:
    """(the fill calls, the instantiation macro) of a kernel whose
    arguments are named `scope` + name (``args.`` in a kernel given a struct)."""
    names = {d.name: scope + d.name for d in op.dims}
    fills = "".join(
        f"  fill_pattern({scope}{t.name}, {numel_cpp(t.shape, names)}, {k});\n"
        for k, t in enumerate(op.tensors)
        if spec.kernel_may_write(t)
    )
    instances = f"OPFORGE_{op.name.upper()}_{backend}_INSTANCES\n" if sig.tparam else ""
    return fills, instances


def cpu_kernel(op: Op) -> str:
    sig = api.kernel(op, CPU)
    fills, instances = _parts(op, sig, "CPU", "args." if CPU.receives == "struct" else "")
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
        f"{sig.out_of_class(CPU.define_prefix)} {{\n{fills}}}\n{instances}"
    )


def xpu3_kernel(op: Op) -> str:
    """The same pattern from the XPU3 kernel: cluster 0's core 0 stages chunks in
    local memory and copies them out (the simulation checks every transfer)."""
    sig = api.kernel(op, XPU3)
    fills, instances = _parts(op, sig, "XPU3")
    return (
        f"// A drawn op's XPU3 kernel: fills what it may write with a known pattern.\n"
        f'#include "kernel_decls/{op.name}_xpu3.h"\n'
        "\n"
        f"namespace opforge::{op.name} {{\n"
        "namespace {\n"
        "// E is a device type (the toolchain's float16 / bfloat16 are trivial, so\n"
        "// local memory holds them; they convert from float explicitly).\n"
        "template <typename E>\n"
        "__device__ void fill_pattern(__global_ptr__ E* data, int64_t n, int64_t position) {\n"
        "  XPU3_LM_ARRAY(E, chunk, 64);\n"
        "  for (int64_t start = 0; start < n; start += 64) {\n"
        "    const int count = n - start < 64 ? static_cast<int>(n - start) : 64;\n"
        "    for (int i = 0; i < count; ++i) {\n"
        "      chunk[i] = E(static_cast<float>((3 * (start + i) + position) % 5));\n"
        "    }\n"
        "    LM2GM(chunk, data + start, count * sizeof(E));\n"
        "  }\n"
        "}\n"
        "}  // namespace\n"
        f"}}  // namespace opforge::{op.name}\n\n"
        f"{sig.out_of_class(XPU3.define_prefix)} {{\n"
        "  if (cluster_id() != 0 || core_id() != 0) return;\n"
        f"{fills}}}\n{instances}"
    )


WRITERS = {CPU.name: cpu_kernel, XPU3.name: xpu3_kernel}


def write_kernels(ops: list[Op], kernels: Path) -> None:
    """Each op's kernel of every kind it names, where the build looks for it."""
    for op in ops:
        for kind in kinds_of(op.kernels):
            path = kernels / kind.name / f"{op.name}{kind.suffix}"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(WRITERS[kind.name](op), encoding="utf-8")
