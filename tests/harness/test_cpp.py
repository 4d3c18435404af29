"""The C++ harness generator (tests/harness/cpp.py) against the generated
code of every op: kernels that abort, defined by the signatures codegen.api
gives, compile and link with the op's entry and every launcher the default
build compiles, through tools/build.py's build_harness. (The spec fuzzer
applies the same check to every accepted mutated spec; here it must
accept the real ones.)"""

from __future__ import annotations

import subprocess

import pytest

from codegen.model import Op
from tests.harness import cpp, spec
from tools.build import BUILD

OPS = spec.project_ops()


@pytest.mark.parametrize("op", OPS, ids=lambda op: op.name)
def test_stub_kernels_link_with_the_generated_entry_and_launchers(op: Op) -> None:
    # Built in build/ (not a temporary directory), so a rerun compiles only what changed.
    where = BUILD / "harness_link_check" / op.name
    sources = cpp.link_check_sources(op, cpp.GENERATED, where)
    binary = cpp.build(sources, where / "harness", "plain")
    done = subprocess.run([str(binary)], capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
