"""The XPU3 simulation's self-tests (tests/runtime/xpu3sim/: a driver and kernels
written in the dialect), built twice with the one harness build of
tools/build.py: plain, and with AddressSanitizer + UndefinedBehaviorSanitizer,
where two tests that overrun a buffer directly (not through a checked
transfer) must be stopped by the sanitizer inside the kernel that did it."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tools.build import BUILD, build_harness

HERE = Path(__file__).resolve().parent / "xpu3sim"
SOURCES = [HERE / "test_main.cc", *sorted((HERE / "kernels").glob("*.xpu"))]
# Run by name only: each must die under AddressSanitizer (test_main.cc).
ASAN_ONLY = {
    "asan_direct_global_overrun": ("direct_global_overrun", "heap-buffer-overflow"),
    "asan_direct_local_overrun": ("direct_local_overrun", "use-after-poison"),
}
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}


def _built(flavor: str) -> Path:
    binary = BUILD / "xpu3sim_tests" / flavor / "xpu3sim_tests"
    done = build_harness(SOURCES, binary, flavor, None)
    assert done.returncode == 0, done.stdout[-4000:]
    return binary


def _run(binary: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(binary), *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, **SANITIZER_ENV),
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("flavor", ["plain", "sanitized"])
def test_the_self_tests_pass(flavor: str) -> None:
    done = _run(_built(flavor))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    passed = re.search(r"^(\d+) of (\d+) tests passed$", done.stdout, re.MULTILINE)
    assert passed and passed[1] == passed[2] and int(passed[1]) > 0, done.stdout[-4000:]


@pytest.mark.parametrize("test", sorted(ASAN_ONLY))
def test_a_direct_overrun_is_stopped_by_the_sanitizer(test: str) -> None:
    kernel, report = ASAN_ONLY[test]
    done = _run(_built("sanitized"), test)
    assert done.returncode != 0, f"{test}: the out-of-bounds access was not reported"
    assert f"AddressSanitizer: {report}" in done.stderr, done.stderr[-4000:]
    assert f"in xpu3sim_tests::{kernel}" in done.stderr, done.stderr[-4000:]
