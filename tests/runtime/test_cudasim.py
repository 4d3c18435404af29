"""The CUDA simulation's self-tests (tests/runtime/cudasim/: a driver and kernels
written as .cu files), built with g++ twice, plain and with AddressSanitizer +
UndefinedBehaviorSanitizer, with the harness flags and ninja of tools/build.py;
and the 16-bit float conversions against NumPy. The correct kernels also meet
the real nvcc: tools/nvcc_check.py compiles them with the op kernels."""

from __future__ import annotations

import fcntl
import functools
import os
import re
import shlex
import subprocess
from pathlib import Path

import numpy as np
import pytest

from codegen.kinds import CUDA
from tools.build import BUILD, HARNESS_FLAVORS, NINJA_RULES, ROOT, _run_ninja

HERE = Path(__file__).resolve().parent / "cudasim"
# The simulation and the core it shares with the XPU3 one (csrc/simcore), as
# the kind registry lists them.
RUNTIME = [ROOT / unit.source for unit in CUDA.runtime]
KERNELS = sorted((HERE / "kernels").glob("*.cu"))
DRIVER = HERE / "test_main.cc"
# What a simulated kernel is compiled with, besides the flavor's flags: g++
# treats .cu as C++, and no sibling calls, so every checked access's return
# address lies in the kernel that made it; the rule's include directories.
SIM_FLAGS = ["-fno-optimize-sibling-calls", *(f"-I{ROOT / d}" for d in CUDA.rule.includes)]
SANITIZER_ENV = {
    "ASAN_OPTIONS": "detect_leaks=1:abort_on_error=0",
    "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1",
}
# The driver's tests, each run on its own so that a failure names it.
DRIVER_TESTS = re.findall(r'\{"(\w+)",\s*test_\w+\}', DRIVER.read_text(encoding="utf-8"))


@functools.cache
def _built(flavor: str) -> Path:
    """The self-test executable of a flavor, built (incrementally) once per session."""
    directory = BUILD / "cudasim_tests" / flavor
    directory.mkdir(parents=True, exist_ok=True)
    flags = [*HARNESS_FLAVORS[flavor], *SIM_FLAGS]
    q = shlex.quote
    lines = list(NINJA_RULES)
    objects = []
    for source in [*RUNTIME, DRIVER, *KERNELS]:
        language = ["-x", "c++"] if source.suffix == ".cu" else []
        obj = directory / "obj" / (source.name + ".o")
        objects.append(str(obj))
        lines += [
            f"build {obj}: cxx {source}",
            f"  flags = {' '.join(q(f) for f in [*flags, *language])}",
        ]
    binary = directory / "cudasim_tests"
    ldflags = " ".join(q(f) for f in HARNESS_FLAVORS[flavor] if f.startswith("-fsanitize"))
    lines += [f"build {binary}: exe {' '.join(objects)}", f"  ldflags = {ldflags}"]
    # One ninja at a time in the directory: xdist workers share it.
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        (directory / "build.ninja").write_text("\n".join(lines) + "\n", encoding="utf-8")
        done = _run_ninja(directory, binary, capture=True)
    assert done.returncode == 0, done.stdout[-6000:]
    return binary


def _run(binary: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(binary), *args],
        capture_output=True,
        text=True,
        env=dict(os.environ, **SANITIZER_ENV),
        cwd=ROOT,
        timeout=300,
        check=False,
    )


def test_the_driver_lists_every_report() -> None:
    # Each report of the simulation has a test that makes it fire.
    reports = {
        "report_read_past_end",
        "report_write_past_end",
        "report_shared_past_end",
        "report_uninitialised_global",
        "report_uninitialised_shared",
        "report_exit_before_barrier",
        "report_divergent_barriers",
        "report_shared_race",
        "report_plain_read_during_atomics",
        "report_temp_storage_reuse",
        "report_null",
        "report_partial_warp_shuffle",
        "report_deadlock",
    }
    assert reports <= set(DRIVER_TESTS), sorted(reports - set(DRIVER_TESTS))


@pytest.mark.parametrize("test", DRIVER_TESTS)
def test_self_test(test: str) -> None:
    done = _run(_built("plain"), test)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert done.stdout.splitlines()[-1] == "1 of 1 tests passed", done.stdout


def test_the_self_tests_pass_under_the_sanitizers() -> None:
    done = _run(_built("sanitized"))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    passed = re.search(r"^(\d+) of (\d+) tests passed$", done.stdout, re.MULTILINE)
    assert passed and passed[1] == passed[2] == str(len(DRIVER_TESTS)), done.stdout[-4000:]


def test_a_plain_shared_overrun_is_stopped_by_the_sanitizer() -> None:
    # Plain __shared__ is an unchecked static here; the sanitizers see its
    # overrun in the kernel that made it (UBSan's bounds check on the array
    # first, else AddressSanitizer).
    done = _run(_built("sanitized"), "asan_plain_shared_overrun")
    assert done.returncode != 0, done.stdout
    ubsan = re.search(r"broken\.cu:\d+:\d+: runtime error: index \d+ out of bounds", done.stderr)
    asan = "AddressSanitizer: global-buffer-overflow" in done.stderr and (
        "in cudasim_tests::plain_shared_overrun" in done.stderr
    )
    assert ubsan or asan, done.stderr[-4000:]


def _float_samples() -> np.ndarray:
    """float32 values that exercise every rounding case of half and bfloat16:
    every half, the exact midpoints between neighbouring halves and their
    float neighbours, bfloat16 midpoints, specials, and random bit patterns."""
    rng = np.random.default_rng(20240611)
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    finite = np.sort(halves[np.isfinite(halves)].astype(np.float32))
    finite = np.unique(finite)
    mids = (finite[:-1].astype(np.float64) + finite[1:].astype(np.float64)) / 2
    mids32 = mids.astype(np.float32)  # exact: halves have 11 significant bits
    assert np.array_equal(mids32.astype(np.float64), mids)
    around = np.concatenate(
        [
            np.nextafter(mids32, np.float32(np.inf)),
            np.nextafter(mids32, np.float32(-np.inf)),
        ]
    )
    # Past the largest half: 65504 + half its ulp (65520) rounds to infinity.
    edges = np.array(
        [65504, 65519.996, 65520, 65536, 1e30, 5.96e-8, 2.98e-8, 2.9802322e-8], dtype=np.float32
    )
    bf_upper = rng.integers(0, 1 << 16, size=1 << 16, dtype=np.uint32) << 16
    bf_mids = (bf_upper | 0x8000).view(np.float32)
    random_bits = rng.integers(0, 1 << 32, size=1 << 20, dtype=np.uint64).astype(np.uint32)
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan], dtype=np.float32)
    quiet_nan_payload = np.array([0x7FC01234, 0xFF800001], dtype=np.uint32).view(np.float32)
    parts = [
        finite,
        mids32,
        around,
        edges,
        -edges,
        bf_mids,
        random_bits.view(np.float32),
        specials,
        quiet_nan_payload,
    ]
    return np.concatenate([p.astype(np.float32) for p in parts])


def _bfloat16_rne(values: np.ndarray) -> np.ndarray:
    """Round-to-nearest-even float32 -> bfloat16 bits, from the float bits: keep
    the upper half, add one when the dropped half is above 0x8000, or equal
    and the kept half is odd; NaN becomes the device's canonical 0x7fff."""
    bits = values.view(np.uint32)
    upper = (bits >> 16).astype(np.uint32)
    lower = bits & 0xFFFF
    round_up = (lower > 0x8000) | ((lower == 0x8000) & ((upper & 1) == 1))
    result = (upper + round_up.astype(np.uint32)).astype(np.uint16)
    return np.where(np.isnan(values), np.uint16(0x7FFF), result)


def test_float_to_half_and_bfloat16_round_as_the_device(tmp_path: Path) -> None:
    values = _float_samples()
    (tmp_path / "in").write_bytes(values.tobytes())
    done = _run(_built("plain"), "convert", str(tmp_path / "in"), str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    got = np.frombuffer((tmp_path / "out").read_bytes(), dtype=np.uint16).reshape(-1, 2)
    assert len(got) == len(values)
    with np.errstate(over="ignore"):
        half = values.astype(np.float16).view(np.uint16)
    # NaN: the device (and CUDA's own host path) gives the canonical 0x7fff.
    half = np.where(np.isnan(values), np.uint16(0x7FFF), half)
    wrong = np.nonzero(got[:, 0] != half)[0]
    assert wrong.size == 0, [
        (hex(int(values.view(np.uint32)[i])), hex(int(got[i, 0])), hex(int(half[i])))
        for i in wrong[:10]
    ]
    bf16 = _bfloat16_rne(values)
    wrong = np.nonzero(got[:, 1] != bf16)[0]
    assert wrong.size == 0, [
        (hex(int(values.view(np.uint32)[i])), hex(int(got[i, 1])), hex(int(bf16[i])))
        for i in wrong[:10]
    ]


def test_half_to_float_is_exact_for_every_half(tmp_path: Path) -> None:
    halves = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    (tmp_path / "in").write_bytes(halves.tobytes())
    done = _run(_built("plain"), "widen", str(tmp_path / "in"), str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    got = np.frombuffer((tmp_path / "out").read_bytes(), dtype=np.uint32)
    expected = halves.view(np.float16).astype(np.float32).view(np.uint32)
    wrong = np.nonzero(got != expected)[0]
    assert wrong.size == 0, [(hex(int(halves[i])), hex(int(got[i]))) for i in wrong[:10]]
