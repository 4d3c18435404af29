"""A new op needs only a spec, kernels and a reference: the example ops in
tests/fixtures/example_op (no test code of their own) are generated, built,
and put through the whole spec-derived suite, which must run every kind of
test for each, and their kernels through the hostile values under the
sanitizers. Each example op exercises a part of the spec language on every
kernel it has: pick_columns an int list attribute, write_token_ids an int64
list attribute, gather_nonzero_rows an
output whose rows its kernel decides, advance_seed_and_sample_params a tensor
in place beside new outputs, match_stop_sequences an input with shape
alternatives, remove_padding an output sized by the value a tensor holds."""

from __future__ import annotations

import fcntl
import functools
import os
import re
import subprocess
import sys

from codegen.model import Op
from codegen.parse import load_spec
from tests import ROOT
from tests.harness import spec
from tests.harness.suite_run import run_suite
from tests.ops.hostile_values import runner
from tools import build

EXAMPLE = ROOT / "tests" / "fixtures" / "example_op"
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
    "bad tensor (dtype)",
    "bad tensor (rank)",
    "bad tensor (missing)",
    "bad tensor (strided)",
    "bad attribute",
    "int list forms",
    "static graph",
)


@functools.cache
def _op(name: str) -> Op:
    return load_spec(EXAMPLE / "opspec" / f"{name}.yaml", ROOT)


def _backends(op: str) -> tuple[str, ...]:
    """Every backend the example op's spec names: the suite runs it on each."""
    return tuple(spec.backends(_op(op)))


def _hostile(op: str) -> tuple[str, ...]:
    """The hostile-value runs of the op: on each backend, and through the
    device launcher of each device kind (tests/ops/hostile_values/runner.py)."""
    return tuple(f"hostile values ({b})" for b in runner.backends(_op(op)))


def _tree_environment() -> dict[str, str]:
    """The example tree built (once: later callers find it up to date), and
    the environment in which a fresh process loads it."""
    out = ROOT / "build" / "example_op"
    out.mkdir(parents=True, exist_ok=True)
    # Workers run these tests side by side: one generates and builds the tree
    # while the others wait, then find it up to date.
    with open(out.parent / "example_op.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        tree = build.build_tree(EXAMPLE / "opspec", EXAMPLE / "kernels", out)
    env = dict(
        os.environ,
        OPFORGE_SPECS=str(EXAMPLE / "opspec"),
        OPFORGE_EXTENSION=str(tree.module),
        OPFORGE_GENERATED=str(tree.generated),
        OPFORGE_REFERENCES=str(EXAMPLE / "reference"),
        OPFORGE_KERNELS=str(EXAMPLE / "kernels"),
    )
    return env


def _run_suite(op: str) -> str:
    """One op's spec-derived tests and hostile values run over the example
    tree in a fresh process; its output."""
    result = run_suite(
        _tree_environment(),
        "-k",
        # The op's tests (no example op's name is part of another's), and
        # the suite's check of every spec of the tree.
        f"{op} or test_every_op_names_a_reference_and_sweeps_its_dims",
        timeout=900,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    return result.stdout


# One test per example op, so the workers share them; each runs its op alone.
def test_clamp_lengths() -> None:
    out = _run_suite("clamp_lengths")
    _assert_every_kind_ran(out, "clamp_lengths")
    # How often the valid cases reached each written tensor, per backend.
    for backend in _backends("clamp_lengths"):
        changed = _line(out, f"clamp_lengths ({backend}): ")
        assert re.search(r"clamped \d+/\d+, lengths \d+/\d+$", changed), changed


def _run_list_op_suite(op: str, bad_attributes: int, written: str) -> None:
    """The suite of an op whose int list binds both of its dims alone (no axis
    case) and that has no value domain: every kind of LIST_KINDS and every
    hostile run, `bad_attributes` rejection cases, and the share of valid
    cases that changed `written` on each backend."""
    out = _run_suite(op)
    summary = _line(out, f"{op}: ")
    every = tuple(f"{k} ({b})" for k in ("valid", "determinism") for b in _backends(op))
    for kind in (*every, *LIST_KINDS, *_hostile(op)):
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
    assert f"bad attribute {bad_attributes}," in summary, summary
    for backend in _backends(op):
        changed = _line(out, f"{op} ({backend}): ")
        assert re.search(rf"{written} \d+/\d+$", changed), changed


def test_pick_columns_an_int_list() -> None:
    # The eleven ways an int list can be wrong (tests/ops/test_spec_suite.py, _bad_lists).
    _run_list_op_suite("pick_columns", 11, "out")


# Ids past int32 (and the element bound, 2**62) written by each backend's
# kernel, eagerly and through a static program run by Paddle's executor.
_ROUND_TRIP = """
import numpy as np
import paddle

import opforge

ids = [2**31, 2**40 + 7, 2**62, 3, 2**33 + 1]
start = np.full((3, 4), -1, np.int64)
want = start.copy()
want[1] = ids[:4]
for backend in BACKENDS:
    with opforge.cpu_tensors_on(backend):
        got = opforge.write_token_ids(paddle.to_tensor(start), token_ids=ids, row=1)
    np.testing.assert_array_equal(got.numpy(), want, err_msg=backend)
    print(backend, "eager", got.numpy()[1].tolist())
paddle.enable_static()
program = paddle.static.Program()
with paddle.static.program_guard(program):
    placeholder = paddle.static.data("ids", [3, 4], "int64")
    out = opforge.write_token_ids(placeholder, token_ids=ids, row=1)
    assert list(out.shape) == [3, 4], out.shape
(fetched,) = paddle.static.Executor(paddle.CPUPlace()).run(
    program, feed={"ids": start}, fetch_list=[out]
)
paddle.disable_static()
np.testing.assert_array_equal(fetched, want)
print("static", fetched[1].tolist())
"""


def test_write_token_ids_an_int64_list() -> None:
    # The eleven ways an int list can be wrong (past int64 instead of int32),
    # and row below its min and past int32.
    _run_list_op_suite("write_token_ids", 13, "ids")
    result = subprocess.run(
        [sys.executable, "-c", f"BACKENDS = {_backends('write_token_ids')!r}\n{_ROUND_TRIP}"],
        cwd=ROOT,
        env=_tree_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-4000:]
    written = str([2**31, 2**40 + 7, 2**62, 3])
    for way in (*(f"{b} eager" for b in _backends("write_token_ids")), "static"):
        assert f"{way} {written}" in result.stdout, result.stdout


def test_gather_nonzero_rows_rows_the_kernel_decides() -> None:
    out = _run_suite("gather_nonzero_rows")
    # No attribute; the static graph told the rows are dynamic.
    _assert_every_kind_ran(out, "gather_nonzero_rows", attributes=False)
    for backend in _backends("gather_nonzero_rows"):
        changed = _line(out, f"gather_nonzero_rows ({backend}): ")
        # Some valid cases gather rows and count them (not all: n = 0 is swept).
        counts = re.search(r"count (\d+)/(\d+), out (\d+)/(\d+)$", changed)
        assert counts, changed
        assert 0 < int(counts[1]) < int(counts[2]), changed
        assert 0 < int(counts[3]) < int(counts[4]), changed


def test_advance_seed_and_sample_params_in_place_and_new_outputs() -> None:
    out = _run_suite("advance_seed_and_sample_params")
    _assert_every_kind_ran(out, "advance_seed_and_sample_params")
    # One tensor in place and three new outputs: the valid cases compared all four.
    for backend in _backends("advance_seed_and_sample_params"):
        changed = _line(out, f"advance_seed_and_sample_params ({backend}): ")
        assert re.search(
            r"seed \d+/\d+, step_seed \d+/\d+, step_top_k \d+/\d+, step_top_p \d+/\d+$",
            changed,
        ), changed


def test_match_stop_sequences_shape_alternatives() -> None:
    out = _run_suite("match_stop_sequences")
    # An input with shape alternatives: the valid cases drew each of its forms.
    _assert_every_kind_ran(out, "match_stop_sequences", attributes=False)
    summary = _line(out, "match_stop_sequences: ")
    for form in (0, 1):
        for backend in _backends("match_stop_sequences"):
            assert f"valid with stop_seqs in form {form} ({backend}) " in summary, summary
        assert f"static graph with stop_seqs in form {form} " in summary, summary
    for backend in _backends("match_stop_sequences"):
        changed = _line(out, f"match_stop_sequences ({backend}): ")
        assert re.search(r"hits \d+/\d+, stop_index \d+/\d+$", changed), changed


def test_remove_padding_a_size_read_from_a_tensors_value() -> None:
    out = _run_suite("remove_padding")
    # No attribute; the static graph told the size is dynamic.
    _assert_every_kind_ran(out, "remove_padding", attributes=False)
    summary = _line(out, "remove_padding: ")
    # token_num below 0, past bsz * max_len, at int64's extremes: each refused
    # before anything is allocated.
    assert "bad size value 4," in summary, summary
    assert "dim bound " in summary, summary  # past its max, through the tree's own test
    for backend in _backends("remove_padding"):  # token_num also as the 0-D tensor paddle.sum gives
        assert f"valid with 0-D sizes ({backend}) " in summary, summary
    for backend in _backends("remove_padding"):
        changed = _line(out, f"remove_padding ({backend}): ")
        # Some valid cases pack tokens (not all: bsz = 0 and max_len = 0 are swept).
        counts = re.search(r"out (\d+)/(\d+)$", changed)
        assert counts, changed
        assert 0 < int(counts[1]) < int(counts[2]), changed


def test_every_example_op_has_its_test() -> None:
    tested = {"clamp_lengths", "pick_columns", "write_token_ids", "gather_nonzero_rows"}
    tested |= {"advance_seed_and_sample_params", "match_stop_sequences", "remove_padding"}
    specs = {path.stem for path in (EXAMPLE / "opspec").glob("*.yaml")}
    assert specs == tested, f"example ops without a test here: {sorted(specs - tested)}"


def _line(stdout: str, start: str) -> str:
    return next(line for line in stdout.splitlines() if line.startswith(start))


def _assert_every_kind_ran(stdout: str, op: str, attributes: bool = True) -> None:
    """Every kind of spec-derived test ran for the op on every backend its
    spec names, and its hostile values (an op without attributes has no
    bad-attribute case)."""
    summary = _line(stdout, f"{op}: ")
    kinds = KINDS + tuple(f"{k} ({b})" for k in ("valid", "determinism") for b in _backends(op))
    kinds += _hostile(op)
    if not attributes:
        kinds = tuple(k for k in kinds if k != "bad attribute")
    for kind in kinds:
        assert f"{kind} " in summary, f"{kind!r} missing from: {summary}"
