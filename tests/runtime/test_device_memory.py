"""The generated entry never reads device memory on the host, value checks on.

On a device (a real XPU3, a GPU) a tensor not declared host-resident holds a
device pointer. This test drives each op's framework-free entry (``run``) on
every device backend of the registry (codegen/kinds.py), in the value-checked
mode, with every such buffer pointing at memory the process cannot read (an
mmap with PROT_NONE): any host read faults. The entry must get through all of
its checks and stop at the backend switch (this build has no device
launcher: "no <backend> kernel"). A planted copy of the entry without the
host-memory guard on value checks must fault, so the test can fail.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from codegen import api
from codegen.emit import format_files, render
from codegen.kinds import BACKENDS
from codegen.model import Op
from codegen.views.entry import on_host
from tests import ROOT
from tests.harness import cpp, spec
from tools.build import BUILD, write_if_changed

OPS = spec.project_ops()
# The backends whose caller's buffers are device memory.
DEVICE_BACKENDS = [b for b in BACKENDS if not b.host_tensors]


def _harness(op: Op) -> str:
    """main(): run() on each device backend with value checks on and device
    buffers unreadable; stub kernels and launchers that must never be reached."""
    dims = {d.name: 2 for d in op.dims}
    dtype = cpp.first_dtype(op)
    entry = api.run(op)
    scope = {"ctx": "ctx"} | {d: str(n) for d, n in dims.items()} | cpp.attr_values(op, dims)
    scope |= cpp.form_values(op)
    for i, p in enumerate(cpp.tensor_params(entry)):
        assert p.tensor is not None
        # Each buffer at its own offset: buffers sharing memory are refused.
        memory = "host_memory" if p.tensor.host else "static_cast<unsigned char*>(device_memory)"
        scope[p.name] = cpp.buffer(p, dtype, f"{memory} + {64 * i}", spec.numel(p.tensor, dims))
    run = entry.call(scope, cpp.template_args(dtype))
    backends = ", ".join(f"opforge::Backend::{b.enumerator}" for b in DEVICE_BACKENDS)
    return f"""#include <sys/mman.h>
#include <cstdio>
#include <cstdlib>
#include "{cpp.entry_header(op)}"

{cpp.aborting_kernels(op)}

[[maybe_unused]] alignas(64) static unsigned char host_memory[1 << 16];  // host tensors, if any

int main() {{
  void* device_memory = mmap(nullptr, 1 << 16, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (device_memory == MAP_FAILED) return 3;
  opforge::set_value_checks(true);
  for (const opforge::Backend backend : {{{backends}}}) {{
    opforge::Context ctx;
    ctx.backend = backend;
    try {{
      opforge::{op.name}::{run};
    }} catch (const opforge::OpError& error) {{
      std::printf("%s\\n", error.what());
      continue;
    }}
    return 2;  // a device call cannot succeed in a build without the device launcher
  }}
  return 0;
}}
"""


def _compile_and_run(op: Op, generated: Path, where: Path) -> subprocess.CompletedProcess[str]:
    """Build the op's harness in `where` against `generated`, run it."""
    source = where / f"{op.name}_harness.cc"
    write_if_changed(source, _harness(op))
    binary = where / f"{op.name}_harness"
    cpp.build([source, cpp.entry_source(op, generated)], binary, "plain", generated)
    return subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)


def _checked_tensors(op: Op) -> list[str]:
    return [t.name for t in op.tensors if not t.host and t.values != type(t.values)()]


@pytest.mark.parametrize("op", [op for op in OPS if _checked_tensors(op)], ids=lambda op: op.name)
def test_value_checks_never_read_device_memory(op: Op) -> None:
    # Built in build/ (not a temporary directory), so a rerun compiles only what changed.
    result = _compile_and_run(op, ROOT / "generated", BUILD / "device_memory")
    assert result.returncode == 0, f"exit {result.returncode}: {result.stdout}{result.stderr}"
    for backend in DEVICE_BACKENDS:
        assert f"no {backend.name} kernel" in result.stdout, result.stdout


@pytest.mark.parametrize(
    "op", [op for op in OPS if _checked_tensors(op)][:1], ids=lambda op: op.name
)
def test_without_the_guard_the_harness_faults(op: Op, tmp_path: Path) -> None:
    generated = tmp_path / "generated"
    files = format_files(render([op]), ROOT)
    for path, text in files.items():
        (generated / path).parent.mkdir(parents=True, exist_ok=True)
        (generated / path).write_text(text.replace(f"if ({on_host()})", ""), encoding="utf-8")
    result = _compile_and_run(op, generated, tmp_path)
    assert result.returncode < 0, f"exit {result.returncode}: {result.stdout}{result.stderr}"
