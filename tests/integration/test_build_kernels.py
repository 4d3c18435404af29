"""The build compiles exactly the kernels the specs name, and says which one is
missing instead of linking a module that cannot be imported."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from codegen.kinds import BY_NAME, KINDS, kinds_of
from tests import ROOT
from tools import build, kernel_drift, xpu3_check

# Names every kind of the registry; only the CPU kernel is written.
SPEC = (
    f"op: lonely\nkernels: [{', '.join(k.name for k in KINDS)}]\n"
    + """\
doc: an op whose kernels but the CPU's are not written yet
dims: {n: n}
tensors:
  - {name: x, dtype: int32, shape: [n], role: inout, doc: x}
"""
)
CPU_KERNEL = """\
#include "kernel_decls/lonely.h"
void opforge::lonely::Kernels::cpu(int32_t* x, int64_t n) {}
"""


def test_a_missing_kernel_stops_the_build_naming_op_backend_and_path(tmp_path: Path) -> None:
    specs, kernels = tmp_path / "opspec", tmp_path / "kernels"
    specs.mkdir()
    (kernels / "cpu").mkdir(parents=True)
    (specs / "lonely.yaml").write_text(SPEC)
    (kernels / "cpu" / "lonely.cc").write_text(CPU_KERNEL)
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build.py"),
            "--specs",
            str(specs),
            "--kernels",
            str(kernels),
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 2, result.stdout + result.stderr
    for kind in KINDS[1:]:  # every kind the spec names but the CPU kernel's
        assert f"op lonely: its spec names the {kind.name} kernel" in result.stderr
        assert str(kernels / kind.source("lonely").removeprefix("csrc/kernels/")) in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "build" / "obj").exists(), "something was compiled"


# ---------------------------------------------------------------- a kernel that drifted

OP = "rebuild_padding"  # both kernels; a dtype set, dims and an attribute
# (kernel file, text of the kernel, drifted text, the first line's words)
DRIFTS = {
    "xpu3-type": (
        "xpu3/rebuild_padding.xpu",
        "    int32_t max_bsz,\n",
        "    int64_t max_bsz,\n",
        (
            "parameter 7 'max_bsz' (dim max_bsz, opspec/rebuild_padding.yaml:",
            "the spec declares `int32_t max_bsz`; the kernel has `int64_t max_bsz`",
        ),
    ),
    "xpu3-renamed": (
        "xpu3/rebuild_padding.xpu",
        "    int32_t real_bsz,\n",
        "    int32_t batch,\n",
        (
            "parameter 8 'real_bsz' (dim real_bsz, opspec/rebuild_padding.yaml:",
            "the spec names it `int32_t real_bsz`; the kernel names it `int32_t batch`",
        ),
    ),
    "xpu3-dropped": (
        "xpu3/rebuild_padding.xpu",
        "    int32_t out_token_num,\n    long long /*cpu_out_token_num*/) {",
        "    int32_t out_token_num) {",
        (
            "parameter 12 'cpu_out_token_num' (attribute cpu_out_token_num, opspec/",
            "missing; the spec declares `long long cpu_out_token_num` as parameter 12",
        ),
    ),
    "cpu-field": (
        "cpu/rebuild_padding.cc",
        "args.max_bsz",
        "args.max_bs",
        ("reads args.max_bs, but CpuArgs", "did you mean 'max_bsz' (dim max_bsz, opspec/"),
    ),
}


def _drifted(kernels: Path, drift: str) -> Path:
    """A copy of the op's kernels with one drifted; the drifted file."""
    name, old, new, _ = DRIFTS[drift]
    for source in (ROOT / "csrc" / "kernels").glob(f"*/{OP}.*"):  # every kind the spec names
        copy = kernels / source.parent.name / source.name
        copy.parent.mkdir(parents=True, exist_ok=True)
        copy.write_text(source.read_text())
    text = (kernels / name).read_text()
    assert text.count(old) == 1, f"{name} changed: update the drift {drift!r}"
    (kernels / name).write_text(text.replace(old, new))
    return kernels / name


@pytest.mark.parametrize("drift", list(DRIFTS))
def test_a_drifted_kernel_is_named_by_its_parameter(drift: str, tmp_path: Path) -> None:
    """The kernel alone against the project's generated declaration: g++
    refuses it, and what the build prints first names the parameter."""
    source = _drifted(tmp_path, drift)
    kind = source.parent.name
    unit = build.Unit(source, False, False, BY_NAME[kind].rule.name, kernel=True)
    compiled = subprocess.run(
        build.compile_command(unit, tmp_path / "kernel.o"),
        capture_output=True,
        text=True,
        check=False,
    )
    assert compiled.returncode != 0, f"the drifted {kind} kernel compiled"
    header = ROOT / "generated" / BY_NAME[kind].decl(OP)
    kernel = kernel_drift.Kernel(OP, kind, source, header, ROOT / "opspec" / f"{OP}.yaml")
    lines = kernel_drift.explain([kernel], compiled.stderr)
    assert lines, compiled.stderr
    first = lines[0]
    assert first.startswith(f"{source}:"), first
    for words in DRIFTS[drift][3]:
        assert words in first, first
    # The line it names is the parameter's (or the field read's).
    line = int(first.split(":")[1])
    assert DRIFTS[drift][2].split("\n")[0].strip() in source.read_text().splitlines()[line - 1]


def test_an_undrifted_kernel_says_nothing(tmp_path: Path) -> None:
    for kind in sorted({name.split("/")[0] for name, *_ in DRIFTS.values()}):  # the drifts' kinds
        source = ROOT / BY_NAME[kind].source(OP)
        decl = ROOT / "generated" / BY_NAME[kind].decl(OP)
        kernel = kernel_drift.Kernel(OP, kind, source, decl, ROOT / "opspec" / f"{OP}.yaml")
        assert kernel_drift.diagnose(kernel) == []


@pytest.mark.xdist_group("trees")
def test_the_build_names_the_drifted_parameter_on_its_first_line(tmp_path: Path) -> None:
    """Through tools/build.py: the first line of the build's output is the
    parameter, before ninja's and the compiler's text."""
    specs = tmp_path / "opspec"
    specs.mkdir()
    (specs / f"{OP}.yaml").write_text((ROOT / "opspec" / f"{OP}.yaml").read_text())
    source = _drifted(tmp_path / "kernels", "xpu3-type")
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tools" / "build.py"),
            "--specs",
            str(specs),
            "--kernels",
            str(tmp_path / "kernels"),
            "--out",
            str(tmp_path / "out"),
        ],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 1, result.stdout + result.stderr
    first = result.stdout.splitlines()[0]
    line = source.read_text().splitlines().index("    int64_t max_bsz,") + 1
    assert first.startswith(
        f"{source}:{line}: {OP}'s xpu3 kernel does not match its declaration: "
    ), result.stdout
    assert "parameter 7 'max_bsz' (dim max_bsz, " in first
    assert "error:" in result.stdout  # the compiler's text follows
    assert "Traceback" not in result.stderr


def test_a_kernel_ninja_only_lists_is_not_blamed(tmp_path: Path) -> None:
    """A build failing elsewhere says nothing about a kernel that compiled."""
    source = _drifted(tmp_path, "cpu-field")
    header = ROOT / "generated" / "kernel_decls" / f"{OP}.h"
    kernel = kernel_drift.Kernel(OP, "cpu", source, header, ROOT / "opspec" / f"{OP}.yaml")
    listed = f"[3/7] CXX {source}\nFAILED: other.o\nother.cc:1:1: error: something else\n"
    assert kernel_drift.explain([kernel], listed) == []
    assert kernel_drift.explain([kernel], listed + f"In file included from {source}:3:\n")


# ---------------------------------------------------------------- a shared header

SLOTTED = """\
op: slotted
kernels: [cpu, xpu3, cuda]
doc: each slot's value replaced by a rule its three kernels share
dims: {n: n}
tensors:
  - {name: x, dtype: int32, shape: [n], role: inout, doc: a value per slot}
"""
# The rule, written once (docs/authoring.md, "Per-slot logic shared by the kernels").
SLOTTED_SHARED = """\
#pragma once
#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::slotted {
OPFORGE_SLOT_FN int32_t next_value(int32_t v) { return opforge::slot_max(v, 0) + STEP; }
}  // namespace opforge::slotted
"""
SLOTTED_KERNELS = {
    "cpu/slotted.cc": """\
#include "kernel_decls/slotted.h"
#include "shared/slotted.h"

void opforge::slotted::Kernels::cpu(const CpuArgs& args) {
  for (int64_t b = 0; b < args.n; ++b) args.x[b] = next_value(args.x[b]);
}
""",
    "xpu3/slotted.xpu": """\
#include "kernel_decls/slotted_xpu3.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/xtdk.h"
#include "xpu/kernel/xtdk_io.h"
#include "xpu3_portable.h"
#include "shared/slotted.h"

__global__ void opforge::slotted::xpu3_kernel(__global_ptr__ int32_t* x, int32_t n) {
  const int cores = cluster_num() * core_num();
  for (int b = cluster_id() * core_num() + core_id(); b < n; b = xpu3_stride(b, cores, n)) {
    int32_t v = 0;
    GM2LM(x + b, &v, sizeof(int32_t));
    v = next_value(v);
    LM2GM(&v, x + b, sizeof(int32_t));
  }
}
""",
    "cuda/slotted.cu": """\
#include "kernel_decls/slotted_cuda.h"
#include "shared/slotted.h"

__global__ void opforge::slotted::cuda_kernel(const CudaArgs args) {
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.n;
       b += stride) {
    args.x[b] = next_value(args.x[b]);
  }
}
""",
}
# Calls the op on each backend in a fresh process (the tree's module) and prints the results.
SLOTTED_CALL = """\
import opforge, paddle
for name in opforge.CPU_TENSOR_BACKENDS:
    x = paddle.to_tensor([-3, 0, 5], dtype="int32")
    with opforge.cpu_tensors_on(name):
        opforge.slotted(x)
    print(name, x.numpy().tolist())
"""


@pytest.mark.xdist_group("trees")
def test_a_shared_header_serves_every_kind_and_its_edit_rebuilds_them(tmp_path: Path) -> None:
    """Each kind's kernel includes "shared/<op>.h" from its tree's kernel
    directory and calls the one rule; editing the header recompiles the three
    kernels (the build's depfiles list it) and nothing else, and the op then
    follows the new rule on every backend. The XPU3 dialect check finds the
    header the same way and accepts it."""
    specs, kernels = tmp_path / "opspec", tmp_path / "kernels"
    specs.mkdir()
    (specs / "slotted.yaml").write_text(SLOTTED)
    for name, text in SLOTTED_KERNELS.items():
        (kernels / name).parent.mkdir(parents=True, exist_ok=True)
        (kernels / name).write_text(text)
    shared = kernels / "shared" / "slotted.h"
    shared.parent.mkdir()

    def built(step: int) -> tuple[str, dict[str, str]]:
        shared.write_text(SLOTTED_SHARED.replace("STEP", str(step)))
        command = [sys.executable, str(ROOT / "tools" / "build.py"), "--specs", str(specs)]
        command += ["--kernels", str(kernels), "--out", str(tmp_path / "out")]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        env = dict(
            os.environ,
            OPFORGE_SPECS=str(specs),
            OPFORGE_EXTENSION=done.stdout.strip().splitlines()[-1],
            OPFORGE_GENERATED=str(tmp_path / "out" / "generated"),
        )
        called = subprocess.run(
            [sys.executable, "-c", SLOTTED_CALL],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert called.returncode == 0, called.stdout + called.stderr
        results = dict(line.split(" ", 1) for line in called.stdout.splitlines())
        return done.stdout, results

    _, first = built(1)
    # The backends of the kinds it has kernels of (SLOTTED names those).
    kinds = kinds_of(tuple(name.split("/")[0] for name in SLOTTED_KERNELS))
    backends = [name for kind in kinds for name in kind.test_backends]
    assert first == dict.fromkeys(backends, "[1, 1, 6]"), first
    output, second = built(2)
    assert second == dict.fromkeys(backends, "[2, 2, 7]"), second
    compiled = sorted(line.split()[-1] for line in output.splitlines() if " CXX " in line)
    assert compiled == sorted(str(kernels / name) for name in SLOTTED_KERNELS), output
    generated = tmp_path / "out" / "generated"
    assert xpu3_check.check(kernels / "xpu3" / "slotted.xpu", generated) == []
