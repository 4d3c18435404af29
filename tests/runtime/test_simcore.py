"""The two device simulations report through one core (csrc/simcore).

tests/runtime/simcore/test_main.cc does the same hostile acts under the XPU3
simulation and under the CUDA one (a host copy past the end of an allocation,
a launch given host memory or the other simulation's memory, a kernel reading
one element past its input, a kernel that throws, ...) and prints each report.
Once the names each simulation has for its own things are taken out (its name,
a cluster's core or a block's thread, the source file, addresses), the two
reports of a case must be the same text, and that text is pinned here: a
simulation that words a report on its own, or forgets a check the other makes,
fails. Built with tools/build.py's harness build, plain and sanitized."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

from tools.build import BUILD, ROOT, build_harness

HERE = Path(__file__).resolve().parent / "simcore"
SOURCES = [HERE / "test_main.cc", *sorted((HERE / "kernels").glob("*"))]
SIMULATIONS = ("xpu3sim", "cudasim")

# What each case's reports say once normalised (see _normalised).
EXPECTED = {
    "h2d_past_end": "<sim>: memcpy_h2d destination: bytes [120, 136) of device allocation "
    "'buffer' (128 bytes) run 8 bytes past its end",
    "d2h_past_end": "<sim>: memcpy_d2h source: bytes [120, 136) of device allocation "
    "'buffer' (128 bytes) run 8 bytes past its end",
    "h2d_into_host_memory": "<sim>: memcpy_h2d destination: address <address> is not inside any "
    "device allocation",
    "h2d_into_other_simulation": "<sim>: memcpy_h2d destination: address <address> is in "
    "<other>'s device allocation 'foreign', not in <sim>'s memory",
    "free_host_memory": "<sim>: device_free(<address>): not the start of a live device allocation",
    "free_other_simulation": "<sim>: device_free(<address>): device allocation 'foreign' is "
    "<other>'s; free it with <other>::device_free",
    "argument_in_host_memory": "<sim>: kernel 'read_past_end': argument 0 (<address>) is not "
    "device memory; kernels may only be given pointers from <sim>::device_malloc (or null)",
    "argument_of_other_simulation": "<sim>: kernel 'read_past_end': argument 2 (<address>) is in "
    "<other>'s device allocation 'foreign', not in <sim>'s memory; kernels may only be given "
    "pointers from <sim>::device_malloc (or null)",
    "kernel_reads_past_end": "<sim>: kernel 'read_past_end', <group> <worker> (<file>:<line>): "
    "<access>: bytes [128, 132) lie past the end of device allocation 'buffer' (128 bytes)",
    "kernel_throws": "<sim>: kernel 'throws', <group> <worker>: the kernel threw: thrown by the "
    "kernel",
    "intrinsic_outside_a_kernel": "<sim>: <intrinsic> called outside a running kernel",
}

# The words only one simulation has, each replaced by a placeholder.
NORMALISE = [
    # Where it happened: a cluster's core, a block's thread.
    (r"cluster \d+ core \d+|block \(\d+,\d+,\d+\) thread \(\d+,\d+,\d+\)", "<group> <worker>"),
    # Each names its kernel's file relative to the working directory.
    (r"\(tests/runtime/simcore/kernels/hostile\.(?:xpu|cu):\d+\)", "(<file>:<line>)"),
    (r"0x[0-9a-f]+|\(nil\)", "<address>"),
    # What the access was: an XPU3 transfer, a CUDA element read (which also
    # says which element: XPU3 transfers bytes, not elements).
    (r"\): (?:GM2LM global source|out-of-bounds read): ", "): <access>: "),
    (r" \(element \d+ of \d+-byte elements; it has \d+\)", ""),
    (r"core_id\(\)|__activemask", "<intrinsic>"),
]


def _normalised(report: str, simulation: str) -> str:
    other = next(s for s in SIMULATIONS if s != simulation)
    text = report.replace(simulation, "<sim>").replace(other, "<other>")
    for pattern, placeholder in NORMALISE:
        text = re.sub(pattern, placeholder, text)
    return text


def _reports(flavor: str) -> dict[str, dict[str, str]]:
    binary = BUILD / "simcore_tests" / flavor / "simcore_tests"
    built = build_harness(SOURCES, binary, flavor, None)
    assert built.returncode == 0, built.stdout[-4000:]
    done = subprocess.run(
        [str(binary)],
        capture_output=True,
        text=True,
        env=dict(os.environ, ASAN_OPTIONS="detect_leaks=1", UBSAN_OPTIONS="halt_on_error=1"),
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    reports: dict[str, dict[str, str]] = {}
    for line in done.stdout.splitlines():
        case, simulation, report = line.split("\t")
        reports.setdefault(case, {})[simulation] = report
    return reports


@pytest.mark.parametrize("flavor", ["plain", "sanitized"])
def test_both_simulations_report_a_hostile_act_in_one_form(flavor: str) -> None:
    reports = _reports(flavor)
    assert sorted(reports) == sorted(EXPECTED)
    wrong = []
    for case, expected in EXPECTED.items():
        assert sorted(reports[case]) == sorted(SIMULATIONS), case
        for simulation, report in reports[case].items():
            assert report.startswith(f"{simulation}: "), (case, report)
            if _normalised(report, simulation) != expected:
                wrong.append(f"{case} ({simulation}):\n  got      {report}\n  expected {expected}")
    assert not wrong, "\n".join(wrong)
