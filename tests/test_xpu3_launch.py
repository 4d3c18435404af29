"""The launchers' narrowing of dims to the XPU3 kernel's 32 bits
(opforge::xpu3_dim, csrc/include/opforge/xpu3_types.h): the largest int32
passes unchanged, one more is an OpError naming the op, the dim, its value and
the limit, never a truncation. (Allocating a tensor with 2^31 rows to reach it
through an op is not possible here; every launcher narrows every dim through
this one function, codegen/views.py.) The launchers themselves, the device
launcher included, run in tests/test_hostile_values.py."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

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


def test_a_dim_past_int32_is_refused_by_name(tmp_path: Path) -> None:
    source = tmp_path / "dim.cc"
    source.write_text(PROGRAM, encoding="utf-8")
    binary = tmp_path / "dim"
    build = subprocess.run(
        [
            "g++",
            "-std=c++17",
            f"-I{ROOT / 'csrc' / 'include'}",
            f"-I{ROOT / 'csrc' / 'xpu3sim' / 'include'}",
            str(source),
            str(ROOT / "csrc" / "runtime" / "runtime.cc"),
            "-o",
            str(binary),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr[-3000:]
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    message = done.stdout.strip()
    assert message == (
        "some_op(): dim 'token_num' is 2147483648; the XPU3 kernel indexes in 32 bits, "
        "so it must be at most 2147483647"
    ), message
