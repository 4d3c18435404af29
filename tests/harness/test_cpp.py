"""The C++ harness generator (tests/harness/cpp.py) against the generated
code of every op: kernels that abort, defined by the signatures codegen.api
gives, compile and link with the op's entry and every launcher the default
build compiles, through tools/build.py's build_harness. (The spec fuzzer
applies the same check to every accepted mutated spec; here it must
accept the real ones.)

The ops are compiled a few to a unit (tests.harness.cpp.link_check_unity:
the runtime's headers parsed once per unit, not once per op), as the fuzzer
compiles its specs; that each generated file includes what it uses on its
own is checked by the build, which compiles each as a unit of its own."""

from __future__ import annotations

import subprocess

import pytest

from codegen.model import Op
from tests.harness import cpp, spec
from tools.build import BUILD

OPS = spec.project_ops()
# Two units: one per core, each a few seconds of the compiler (28 ops: 14
# each), instead of a process per op parsing the same headers again.
UNITS = 2
GROUPS = [OPS[i::UNITS] for i in range(UNITS)]


@pytest.mark.parametrize("ops", GROUPS, ids=lambda ops: f"{ops[0].name}+{len(ops) - 1}")
def test_stub_kernels_link_with_the_generated_entry_and_launchers(ops: list[Op]) -> None:
    # Built in build/ (not a temporary directory), so a rerun compiles only what changed.
    where = BUILD / "harness_link_check" / f"unity_{ops[0].name}"
    unit = cpp.link_check_unity(ops, where)
    binary = cpp.build([unit], where / "harness", "plain")
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
