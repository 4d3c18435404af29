"""A new op needs only a spec, kernels and a reference: the example ops in
tests/fixtures/example_op (no test code of their own) are generated, built,
and put through the whole spec-derived suite, which must run every kind of
test for each, and their kernels through the hostile values under the
sanitizers."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests import ROOT
from tools import build

EXAMPLE = ROOT / "tests" / "fixtures" / "example_op"
KINDS = (
    "valid (cpu)",
    "valid (xpu3-sim)",
    "determinism (cpu)",
    "determinism (xpu3-sim)",
    "bad tensor (dtype)",
    "bad tensor (rank)",
    "bad tensor (axis)",
    "bad tensor (missing)",
    "bad tensor (strided)",
    "bad attribute",
    "value domain",
    "static graph",
    *(f"hostile values ({backend})" for backend in ("cpu", "xpu3-sim", "xpu3-device")),
)
# pick_columns: an int list attribute and a dim bound from its length, on every
# kernel kind (its x binds both of its dims alone: no axis case; no value domain).
LIST_KINDS = (
    "valid (cpu)",
    "valid (xpu3-sim)",
    "valid (cuda-sim)",
    "determinism (cpu)",
    "determinism (xpu3-sim)",
    "determinism (cuda-sim)",
    "bad tensor (dtype)",
    "bad tensor (rank)",
    "bad tensor (missing)",
    "bad tensor (strided)",
    "bad attribute",
    "int list forms",
    "static graph",
)
# gather_nonzero_rows: an output whose rows its kernel decides (`rows:`), on
# each of its three kernels, the static graph told the rows are dynamic.
GATHER_KINDS = (
    *(
        f"{check} ({backend})"
        for check in ("valid", "determinism")
        for backend in ("cpu", "xpu3-sim", "cuda-sim")
    ),
    "bad tensor (dtype)",
    "bad tensor (rank)",
    "bad tensor (axis)",
    "bad tensor (missing)",
    "bad tensor (strided)",
    "value domain",
    "static graph",
    *(
        f"hostile values ({backend})"
        for backend in ("cpu", "xpu3-sim", "cuda-sim", "xpu3-device", "cuda-device")
    ),
)


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_example_op_gets_every_spec_derived_test() -> None:
    tree = build.build_tree(EXAMPLE / "opspec", EXAMPLE / "kernels", ROOT / "build" / "example_op")
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(EXAMPLE / "opspec"),
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_REFERENCES=str(EXAMPLE / "reference"),
        OPFORGE_KERNELS=str(EXAMPLE / "kernels"),
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/ops/test_spec_suite.py",
            # The kernels under the sanitizers with hostile values (runners of
            # the tree's entries and kernels: OPFORGE_GENERATED, OPFORGE_KERNELS).
            "tests/ops/test_hostile_values.py::"
            "test_hostile_values_stay_inside_buffers_and_match_the_reference",
            "-q",
            "-n",
            "0",  # inside a worker of the outer run: one process
            "-p",
            "no:cacheprovider",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    summary = next(
        line for line in result.stdout.splitlines() if line.startswith("clamp_lengths: ")
    )
    for kind in KINDS:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
    # How often the valid cases reached each written tensor, per backend.
    for backend in ("cpu", "xpu3-sim"):
        changed = next(
            line
            for line in result.stdout.splitlines()
            if line.startswith(f"clamp_lengths ({backend}): ")
        )
        assert re.search(r"clamped \d+/\d+, lengths \d+/\d+$", changed), changed
    summary = next(line for line in result.stdout.splitlines() if line.startswith("pick_columns: "))
    for kind in LIST_KINDS:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
    # The eleven ways an int list can be wrong (tests/ops/test_spec_suite.py, _bad_lists).
    assert "bad attribute 11," in summary, summary
    for backend in ("cpu", "xpu3-sim", "cuda-sim"):
        changed = next(
            line
            for line in result.stdout.splitlines()
            if line.startswith(f"pick_columns ({backend}): ")
        )
        assert re.search(r"out \d+/\d+$", changed), changed
    summary = next(
        line for line in result.stdout.splitlines() if line.startswith("gather_nonzero_rows: ")
    )
    for kind in GATHER_KINDS:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
    for backend in ("cpu", "xpu3-sim", "cuda-sim"):
        changed = next(
            line
            for line in result.stdout.splitlines()
            if line.startswith(f"gather_nonzero_rows ({backend}): ")
        )
        # Some valid cases gather rows and count them (not all: n = 0 is swept).
        counts = re.search(r"count (\d+)/(\d+), out (\d+)/(\d+)$", changed)
        assert counts, changed
        assert 0 < int(counts[1]) < int(counts[2]), changed
        assert 0 < int(counts[3]) < int(counts[4]), changed
