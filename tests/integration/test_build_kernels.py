"""The build compiles exactly the kernels the specs name, and says which one is
missing instead of linking a module that cannot be imported."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import ROOT

SPEC = """\
op: lonely
kernels: [cpu, xpu3]
doc: an op whose XPU3 kernel is not written yet
dims: {n: n}
tensors:
  - {name: x, dtype: int32, shape: [n], role: inout, doc: x}
"""
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
    assert "op lonely: its spec names the xpu3 kernel" in result.stderr
    assert str(kernels / "xpu3" / "lonely.xpu") in result.stderr
    assert "Traceback" not in result.stderr
    assert not (tmp_path / "out" / "build" / "obj").exists(), "something was compiled"
