"""The kernel benchmark (bench/kernels.py) still builds and runs for every op:
its harness is written from each spec and calls the kernel through the
generated CpuArgs, so a change of the kernels' calling convention breaks it
here rather than silently (as bench/baseline.cc once did). No timing is
asserted: only that the harness compiles and each kernel runs on its inputs."""

from __future__ import annotations

import importlib.util
import math
import sys
from types import ModuleType

import pytest

from codegen.model import Op
from tests import ROOT
from tests.harness import spec


def _bench() -> ModuleType:
    path = ROOT / "bench" / "kernels.py"
    found = importlib.util.spec_from_file_location("bench_kernels", path)
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules["bench_kernels"] = module
    found.loader.exec_module(module)
    return module


@pytest.mark.parametrize("op", spec.project_ops(), ids=lambda op: op.name)
def test_each_kernel_runs_under_the_benchmark_harness(op: Op) -> None:
    kernels = _bench()
    library = kernels.build(op)
    for setting in kernels.variants(op):
        row = kernels.measure(op, library, 8, setting, 3, python=False)
        assert row.bytes_moved > 0 and row.kernel_ns > 0 and row.memcpy_ns > 0
        assert math.isnan(row.call_us)  # python=False: the Python call is left out
