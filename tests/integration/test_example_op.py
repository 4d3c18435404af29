"""A new op needs only a spec, kernels and a reference: the example ops in
tests/fixtures/example_op (no test code of their own) are generated, built,
and put through the whole spec-derived suite, which must run every kind of
test for each, and their kernels through the hostile values under the
sanitizers. Each example op exercises a part of the spec language on every
kernel it has: pick_columns an int list attribute, gather_nonzero_rows an
output whose rows its kernel decides, advance_seed_and_sample_params a tensor
in place beside new outputs, match_stop_sequences an input with shape
alternatives."""

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


def _hostile(backends: tuple[str, ...]) -> tuple[str, ...]:
    """The hostile-value runs of an op with these simulated backends: each,
    and the device launcher of each device kind."""
    devices = tuple(b.replace("-sim", "-device") for b in backends if b.endswith("-sim"))
    return tuple(f"hostile values ({b})" for b in (*backends, *devices))


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
        timeout=900,
        check=False,
    )
    out = result.stdout
    assert result.returncode == 0, out[-4000:] + result.stderr[-2000:]

    _assert_every_kind_ran(out, "clamp_lengths", ("cpu", "xpu3-sim"))
    # How often the valid cases reached each written tensor, per backend.
    for backend in ("cpu", "xpu3-sim"):
        changed = _line(out, f"clamp_lengths ({backend}): ")
        assert re.search(r"clamped \d+/\d+, lengths \d+/\d+$", changed), changed

    summary = _line(out, "pick_columns: ")
    for kind in (*LIST_KINDS, *_hostile(BACKENDS)):
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
    # The eleven ways an int list can be wrong (tests/ops/test_spec_suite.py, _bad_lists).
    assert "bad attribute 11," in summary, summary
    for backend in BACKENDS:
        changed = _line(out, f"pick_columns ({backend}): ")
        assert re.search(r"out \d+/\d+$", changed), changed

    # Rows the kernel decides: no attribute; the static graph told the rows are dynamic.
    _assert_every_kind_ran(out, "gather_nonzero_rows", BACKENDS, attributes=False)
    for backend in BACKENDS:
        changed = _line(out, f"gather_nonzero_rows ({backend}): ")
        # Some valid cases gather rows and count them (not all: n = 0 is swept).
        counts = re.search(r"count (\d+)/(\d+), out (\d+)/(\d+)$", changed)
        assert counts, changed
        assert 0 < int(counts[1]) < int(counts[2]), changed
        assert 0 < int(counts[3]) < int(counts[4]), changed

    # One tensor in place and three new outputs: the valid cases compared all four.
    _assert_every_kind_ran(out, "advance_seed_and_sample_params", BACKENDS)
    for backend in BACKENDS:
        changed = _line(out, f"advance_seed_and_sample_params ({backend}): ")
        assert re.search(
            r"seed \d+/\d+, step_seed \d+/\d+, step_top_k \d+/\d+, step_top_p \d+/\d+$",
            changed,
        ), changed

    # An input with shape alternatives: the valid cases drew each of its forms.
    _assert_every_kind_ran(out, "match_stop_sequences", BACKENDS, attributes=False)
    summary = _line(out, "match_stop_sequences: ")
    for form in (0, 1):
        for backend in BACKENDS:
            assert f"valid with stop_seqs in form {form} ({backend}) " in summary, summary
        assert f"static graph with stop_seqs in form {form} " in summary, summary
    for backend in BACKENDS:
        changed = _line(out, f"match_stop_sequences ({backend}): ")
        assert re.search(r"hits \d+/\d+, stop_index \d+/\d+$", changed), changed


def _line(stdout: str, start: str) -> str:
    return next(line for line in stdout.splitlines() if line.startswith(start))


def _assert_every_kind_ran(
    stdout: str, op: str, backends: tuple[str, ...], attributes: bool = True
) -> None:
    """Every kind of spec-derived test ran for the op on these backends, and
    its hostile values (an op without attributes has no bad-attribute case)."""
    summary = _line(stdout, f"{op}: ")
    kinds = KINDS + tuple(f"{k} ({b})" for k in ("valid", "determinism") for b in backends)
    kinds += _hostile(backends)
    if not attributes:
        kinds = tuple(k for k in kinds if k != "bad attribute")
    for kind in kinds:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
