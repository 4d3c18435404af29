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

from tests import ROOT
from tools.build import BUILD, build_harness, write_if_changed

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
    build = build_harness([source], binary, "plain", None)
    assert build.returncode == 0, build.stdout[-3000:]
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


def _launch_harness(op_name: str) -> str:
    from codegen import api
    from codegen.kinds import HOST_ELEM, XPU3
    from codegen.model import AttrType, DTypeVar
    from codegen.parse import load_specs

    op = next(o for o in load_specs(ROOT / "opspec", ROOT) if o.name == op_name)
    signature = api.launch(op, XPU3.launchers[1])
    dims = {d.name: 2 for d in op.dims}
    scope = {"ctx": "ctx"} | {d.name: "2" for d in op.dims}
    for a in op.attrs:
        if a.enum is not None:
            scope[a.name] = f"opforge::{op.name}::{a.enum.name}::{a.enum.members[0][0]}"
        elif a.type is AttrType.BOOL:
            scope[a.name] = "false"
        else:
            scope[a.name] = "2" if any(d.from_attr == a.name for d in op.dims) else "1"
    allocations = []
    for t in op.tensors:
        assert not isinstance(t.dtype, DTypeVar), "a dtype-set op needs a template argument"
        count = 1
        for e in t.shape:
            count *= int(e.evaluate(dims))
        on_device = not (t.host or t.role.value == "scratch")
        allocations.append(
            f"  Memory {t.name}_memory({count} * sizeof({HOST_ELEM[t.dtype]}), {'true' if on_device else 'false'});"
        )
        const = "const " if t.read_only else ""
        scope[t.name] = (
            f"opforge::Buffer<{const}{HOST_ELEM[t.dtype]}>{{"
            f"static_cast<{HOST_ELEM[t.dtype]}*>({t.name}_memory.data), {count}}}"
        )
    allocation_lines = "\n".join(allocations)
    return f"""#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "entry/{op.name}.h"
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
  ctx.backend = opforge::Backend::kXpu3;
  ctx.xpu3.nclusters = 2;
  ctx.xpu3.ncores = 4;
  try {{
    opforge::{op.name}::{signature.call(scope)};
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
    units = [
        source,
        ROOT / "generated" / "launch" / f"{op_name}_xpu3.xpu",
        ROOT / "csrc" / "kernels" / "xpu3" / f"{op_name}.xpu",
    ]
    build = build_harness(units, binary, "sanitized", defines=("OPFORGE_WITH_XPU3_TOOLCHAIN",))
    assert build.returncode == 0, build.stdout[-3000:]
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
