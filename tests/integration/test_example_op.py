"""A new op needs only a spec, kernels and a reference: the example ops in
tests/fixtures/example_op (no test code of their own) are generated, built,
and put through the whole spec-derived suite, which must run every kind of
test for each (advance_seed_and_sample_params: on every backend, its in-place
tensor and its new outputs compared with the reference; match_stop_sequences:
its input with shape alternatives drawn in each form; pick_columns: an int
list attribute)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from tests import ROOT
from tools import build

EXAMPLE = ROOT / "tests" / "fixtures" / "example_op"
BACKENDS = ("cpu", "xpu3-sim", "cuda-sim")
KINDS = (
    "bad tensor (dtype)",
    "bad tensor (rank)",
    "bad tensor (axis)",
    "bad tensor (missing)",
    "bad tensor (strided)",
    "bad attribute",
    "value domain",
    "static graph",
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


@pytest.mark.xdist_group("trees")  # builds a tree: one worker builds them in turn
def test_example_op_gets_every_spec_derived_test() -> None:
    tree = build.build_tree(EXAMPLE / "opspec", EXAMPLE / "kernels", ROOT / "build" / "example_op")
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(EXAMPLE / "opspec"),
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_REFERENCES=str(EXAMPLE / "reference"),
    )
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "tests/ops/test_spec_suite.py",
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
    _assert_every_kind_ran(result.stdout, "clamp_lengths", ("cpu", "xpu3-sim"))
    _assert_every_kind_ran(result.stdout, "advance_seed_and_sample_params", BACKENDS)
    # How often the valid cases reached each written tensor, per backend.
    for backend in ("cpu", "xpu3-sim"):
        changed = _line(result.stdout, f"clamp_lengths ({backend}): ")
        assert re.search(r"clamped \d+/\d+, lengths \d+/\d+$", changed), changed
    # One tensor in place and three new outputs: the valid cases compared all four.
    for backend in BACKENDS:
        changed = _line(result.stdout, f"advance_seed_and_sample_params ({backend}): ")
        assert re.search(
            r"seed \d+/\d+, step_seed \d+/\d+, step_top_k \d+/\d+, step_top_p \d+/\d+$",
            changed,
        ), changed

    # An input with shape alternatives: the valid cases drew each of its forms.
    _assert_every_kind_ran(result.stdout, "match_stop_sequences", BACKENDS)
    summary = _line(result.stdout, "match_stop_sequences: ")
    for form in (0, 1):
        for backend in BACKENDS:
            assert f"valid with stop_seqs in form {form} ({backend}) " in summary, summary
        assert f"static graph with stop_seqs in form {form} " in summary, summary
    for backend in BACKENDS:
        changed = _line(result.stdout, f"match_stop_sequences ({backend}): ")
        assert re.search(r"hits \d+/\d+, stop_index \d+/\d+$", changed), changed
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


def _line(stdout: str, start: str) -> str:
    return next(line for line in stdout.splitlines() if line.startswith(start))


def _assert_every_kind_ran(stdout: str, op: str, backends: tuple[str, ...]) -> None:
    summary = _line(stdout, f"{op}: ")
    kinds = KINDS + tuple(f"{k} ({b})" for k in ("valid", "determinism") for b in backends)
    if op == "match_stop_sequences":  # it has no attribute to give a bad value
        kinds = tuple(k for k in kinds if k != "bad attribute")
    for kind in kinds:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
