"""The launchers' narrowing of dims to the XPU3 kernel's 32 bits
(opforge::xpu3_dim, csrc/include/opforge/xpu3_types.h): the largest int32
passes unchanged, one more is an OpError naming the op, the dim, its value and
the limit, never a truncation. (Allocating a tensor with 2^31 rows to reach it
through an op is not possible here; every launcher narrows every dim through
this one function, codegen/views.py.) The launchers themselves, the device
launcher included, run in tests/ops/test_hostile_values.py."""

from __future__ import annotations

import subprocess

import pytest

from codegen import api
from codegen.kinds import KernelKind, Launcher, kinds_of
from tests import ROOT
from tests.harness import cpp, spec
from tools.build import BUILD, write_if_changed

# Built in build/ (not a temporary directory), so a rerun compiles only what changed.
HARNESSES = BUILD / "xpu3_launch"

PROGRAM = r"""
#include <cstdio>
#include "opforge/xpu3_types.h"

int main() {
  if (opforge::xpu3_dim("some_op", "token_num", 2147483647LL) != 2147483647) return 2;
  if (opforge::xpu3_dim("some_op", "token_num", 0) != 0) return 3;
  try {
    opforge::xpu3_dim("some_op", "token_num", 2147483648LL);
  } catch (const opforge::OpError& error) {
    std::printf("%s\n", error.what());
    return 0;
  }
  return 4;
}
"""


def test_a_dim_past_int32_is_refused_by_name() -> None:
    source = HARNESSES / "dim.cc"
    write_if_changed(source, PROGRAM)
    binary = HARNESSES / "dim"
    cpp.build([source], binary, "plain", None)
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    message = done.stdout.strip()
    assert message == (
        "some_op(): dim 'token_num' is 2147483648; the XPU3 kernel indexes in 32 bits, "
        "so it must be at most 2147483647"
    ), message


# ---------------------------------------------------------------- failed runtime calls
# The device launcher (generated/launch/<op>_xpu3.xpu) checks every
# runtime call and frees what it staged on every path. Built against the
# stand-in runtime with AddressSanitizer's leak checker, a harness makes the
# n-th runtime call fail (xpu3sim_runtime::fail_countdown) for n = 1, 2, ...
# until a launch succeeds: each failure must be an OpError naming the call,
# and no run may leak. The two ops stage a host flag (unified_update_model_status)
# and a scratch buffer (verify_draft_tokens) on the device.

STAGING_OPS = ["unified_update_model_status", "verify_draft_tokens"]


def _device_launcher(op_name: str) -> tuple[KernelKind, Launcher]:
    """The op's kernel kind that launches onto a real device, and that launcher
    (the one whose caller's buffers are device memory)."""
    op = spec.project_op(op_name)
    return next((k, x) for k in kinds_of(op.kernels) for x in k.launchers if x.device_memory)


def _launch_harness(op_name: str) -> str:
    op = spec.project_op(op_name)
    launcher = _device_launcher(op_name)[1]
    signature = api.launch(op, launcher)
    dims = {d.name: 2 for d in op.dims}
    dtype = cpp.first_dtype(op)
    scope = {"ctx": "ctx"} | {d: str(n) for d, n in dims.items()} | cpp.attr_values(op, dims)
    scope |= cpp.form_values(op)
    allocations = []
    for p in cpp.tensor_params(signature):
        t = p.tensor
        assert t is not None
        count = spec.numel(t, dims)
        # The launcher stages host-resident tensors and scratch onto the device itself.
        on_device = "false" if t.host or spec.is_scratch(t) else "true"
        elem = cpp.elem(t, dtype)
        allocations.append(f"  Memory {p.name}_memory({count} * sizeof({elem}), {on_device});")
        scope[p.name] = cpp.buffer(p, dtype, f"{p.name}_memory.data", count)
    allocation_lines = "\n".join(allocations)
    call = signature.call(scope, cpp.template_args(dtype))
    return f"""#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "{cpp.entry_header(op)}"
#include "xpu/runtime.h"

namespace {{
// Zeroed memory, in simulated device memory or on the host.
struct Memory {{
  void* data;
  bool device;
  Memory(size_t bytes, bool on_device) : device(on_device) {{
    data = device ? xpu3sim::device_malloc(bytes, "tensor") : std::calloc(1, bytes);
    if (device) std::memset(data, 0, bytes);
  }}
  ~Memory() {{
    if (device) {{
      xpu3sim::device_free(data);
    }} else {{
      std::free(data);
    }}
  }}
}};
}}  // namespace

int main(int argc, char** argv) {{
  xpu3sim_runtime::fail_countdown() = std::atoi(argv[1]);
{allocation_lines}
  opforge::Context ctx;
  ctx.backend = opforge::Backend::{launcher.backend.enumerator};
  ctx.xpu3.nclusters = 2;
  ctx.xpu3.ncores = 4;
  try {{
    opforge::{op.name}::{call};
  }} catch (const opforge::OpError& error) {{
    std::printf("%s\\n", error.what());
    return 0;
  }}
  std::printf("ok\\n");
  return 0;
}}
"""


@pytest.mark.parametrize("op_name", STAGING_OPS)
def test_every_failed_runtime_call_is_an_error_and_leaks_nothing(
    op_name: str,
) -> None:
    source = HARNESSES / f"{op_name}_launch.cc"
    write_if_changed(source, _launch_harness(op_name))
    binary = HARNESSES / f"{op_name}_launch"
    kind, launcher = _device_launcher(op_name)
    units = [
        source,
        ROOT / "generated" / launcher.path.format(op=op_name),
        ROOT / kind.source(op_name),
    ]
    cpp.build(units, binary, "sanitized", defines=("OPFORGE_WITH_XPU3_TOOLCHAIN",))
    env = {"ASAN_OPTIONS": "detect_leaks=1:halt_on_error=1", "PATH": "/usr/bin:/bin"}
    failures = []
    for n in range(1, 20):
        done = subprocess.run(
            [str(binary), str(n)], capture_output=True, text=True, check=False, env=env, timeout=60
        )
        assert done.returncode == 0, (
            f"call {n} failing: exit {done.returncode}\\n{done.stderr[-3000:]}"
        )
        said = done.stdout.strip()
        if said == "ok":
            break
        assert said.startswith(f"{op_name}(): ") and "(XPU runtime error 1)" in said, said
        failures.append(said)
    else:
        pytest.fail("the launch never succeeded")
    # Staging in (allocate, copy), the launch and the wait, and for an in-place
    # host tensor the copy back: each failed once, each named.
    assert any("launching the kernel failed" in f for f in failures), failures
    assert any("waiting for the kernel failed" in f for f in failures), failures
    assert any("allocating '" in f for f in failures), failures
