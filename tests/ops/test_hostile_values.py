"""Kernels are total: with the value-checked mode off (the default), every
declared input domain violated (tests/ops/hostile_values/cases.py) must leave each
kernel inside its buffers, under AddressSanitizer and UndefinedBehaviorSanitizer
(the CPU kernel) and under the simulation's checked transfers built with the
same sanitizers (the XPU3 kernel); the outputs must keep their declared
postconditions (`after` in the spec) and equal the NumPy reference, which
follows the op page's rules for out-of-domain values. No per-op code."""

from __future__ import annotations

import statistics
import warnings
import zlib

import numpy as np
import pytest

from codegen.model import DType, Op
from tests import budgets
from tests.harness import spec
from tests.harness.cases import Case, zeros
from tests.harness.counts import COUNTS, SECONDS
from tests.harness.domains import postcondition_violations
from tests.harness.dtypes import NUMPY, as_float32, encode
from tests.harness.references import reference, tolerance
from tests.harness.timing import SlowCase, slow_cases
from tests.ops.hostile_values import runner
from tests.ops.hostile_values.cases import hostile_cases

OPS = spec.load_ops()
BACKENDS = [(op, b) for op in OPS for b in runner.backends(op)]
# Each op's share of the tier's per-push cases (tests/budgets.py, op_share); at
# least 200 simulated (every attack kind, combined) and 50 through a device launcher.
HOSTILE_CASES = budgets.CURRENT.op_share(budgets.CURRENT.hostile_cases, len(OPS), floor=200)
HOSTILE_DEVICE_CASES = budgets.CURRENT.op_share(
    budgets.CURRENT.hostile_device_cases, len(OPS), floor=50
)
# The first two of each kind's test launches (one core or block, then a few);
# the largest costs too much under the sanitizers.
LAUNCH_SHAPES = 2


def _sentinel(shape: tuple[int, ...], dtype: np.dtype) -> np.ndarray:  # type: ignore[type-arg]
    """What a new output holds before the kernel runs: NaN or an odd integer,
    so an element the kernel forgets to write shows."""
    if dtype == NUMPY[DType.BFLOAT16]:
        return np.full(shape, 0x7FC0, NUMPY[DType.BFLOAT16])  # bfloat16 NaN
    if dtype.kind == "f":
        return np.full(shape, np.nan, dtype)
    if dtype.kind == "b":
        return np.ones(shape, np.bool_)
    return np.full(shape, -0x5A5A5A5, dtype)


def _call(op: Op, case: Case, backend: str, index: int) -> runner.Call:
    """The runner's call of a case: the caller's arrays, and each new output's
    initial contents."""
    arrays: dict[str, np.ndarray | None] = {}
    for t in spec.run_tensors(op):
        if spec.is_new_output(t):
            arrays[t.name] = _sentinel(case.shape(t), np.dtype(NUMPY[case.dtype_of(t)]))
        else:
            source = case.arrays[t.name]
            arrays[t.name] = None if source is None else source.copy()
    return runner.Call(
        backend,
        case.dims,
        case.attrs,
        arrays,
        spec.dtype_index(op, case.dtype),
        launch_shape=index % LAUNCH_SHAPES,
        schedule_seed=index,
        forms=dict(case.forms),
    )


def _differs(got: np.ndarray, want: np.ndarray, rtol: float, atol: float) -> str | None:
    if got.shape != want.shape:
        return f"shape {got.shape} != {want.shape}"
    g, w = as_float32(got), as_float32(np.asarray(want).astype(got.dtype, copy=False))
    if g.dtype.kind == "b":  # any non-zero byte is true (a bool byte a caller made)
        g, w = g.view(np.uint8) != 0, w.view(np.uint8) != 0
    if g.dtype.kind == "f":
        nan = np.isnan(g) != np.isnan(w.astype(g.dtype))
        with np.errstate(all="ignore"):
            far = ~np.isclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
        bad = nan | far
    else:
        bad = g != w
    if not bad.any():
        return None
    i = int(np.flatnonzero(bad.reshape(-1))[0])
    return f"element {i}: kernel {g.reshape(-1)[i]}, reference {w.reshape(-1)[i]} ({int(bad.sum())} differ)"


@pytest.mark.parametrize("op,backend", BACKENDS, ids=[f"{o.name}-{b}" for o, b in BACKENDS])
def test_hostile_values_stay_inside_buffers_and_match_the_reference(op: Op, backend: str) -> None:
    binary = runner.build(op)
    seed = zlib.crc32(f"{op.name}/{backend}".encode())
    if backend.endswith("-device"):
        # The same kernel as the simulated backend's, through the device
        # launcher (staging, copies back, launch checks), which no value
        # steers: every attack once, then a few combined.
        hostile = hostile_cases(op, HOSTILE_DEVICE_CASES, seed=seed, rounds=1)
        assert len(hostile) >= min(HOSTILE_DEVICE_CASES, 50)
    else:
        hostile = hostile_cases(op, HOSTILE_CASES, seed=seed)
        assert len(hostile) >= 200
    calls = [_call(op, h.case, backend, i) for i, h in enumerate(hostile)]
    try:
        outcomes = runner.run(op, binary, calls)
    except runner.SanitizerReport as stopped:
        # The case it stopped in, described as a failing case is, then the
        # sanitizer's or the simulation's own report (its file:line).
        i = stopped.index
        where = (
            f"{hostile[i].case.describe()} [{hostile[i].what}]"
            if 0 <= i < len(hostile)
            else "before the first case"
        )
        pytest.fail(
            f"{op.name} on {backend}: the runner stopped (a sanitizer's or the simulation's "
            f"report) in hostile-value case {i} of {len(hostile)}, value checks off:\n"
            f"  {where}\n" + stopped.log,
            pytrace=False,
        )
    # A case far past its siblings (a loop running on a value no clamp bounds)
    # is named with its inputs; the batch goes on.
    seconds = [o.seconds for o in outcomes]
    for i in slow_cases(seconds):
        warnings.warn(
            f"{op.name} on {backend}: case {i} took {seconds[i]:.1f} s, over 50x the batch's "
            f"median ({statistics.median(seconds) * 1e6:.0f} us): "
            f"{hostile[i].case.describe()} [{hostile[i].what}]",
            SlowCase,
            stacklevel=1,
        )
    SECONDS[(op.name, f"hostile values ({backend})")] += sum(seconds)
    written = spec.writes(op)
    failures = []
    for h, outcome in zip(hostile, outcomes, strict=True):
        where = f"{h.case.describe()} [{h.what}]"
        if outcome.refused is not None:
            failures.append(f"{where}: refused with checks off: {outcome.refused}")
            continue
        with np.errstate(all="ignore"):
            want = reference(op, h.case)
        rtol, atol = tolerance(op, h.case)
        # What the op returns: a `rows:` output, the rows its kernel counted.
        outputs, bad_counts = spec.written_rows(op, h.case.dims, outcome.outputs)
        failures += [f"{where}: {p}" for p in bad_counts]
        for t, w in zip(written, want, strict=True):
            problem = _differs(outputs[t.name], w, rtol, atol)
            if problem is not None:
                failures.append(f"{where}: {t.name}: {problem}")
        failures += [f"{where}: {p}" for p in postcondition_violations(op, h.case.env, outputs)]
    COUNTS[(op.name, f"hostile values ({backend})")] += len(hostile)
    if failures:
        # The cases themselves, not this test's source and the list's repr
        # (pytrace=False), as a failing valid case is reported.
        shown = failures[:12]
        pytest.fail(
            f"{op.name} on {backend}: {len(failures)} of {len(hostile)} hostile-value cases "
            f"fail (value checks off; each: sizes | attributes [the attack]: what differs); "
            f"the first {len(shown)}:\n" + "\n".join(f"  {f}" for f in shown),
            pytrace=False,
        )


# ---------------------------------------------------------------- the probes that began it
# Before the kernels were total, these read and wrote past their buffers with
# value checks off (the CPU kernel returned step_output_len[0] = 6 for a
# 3-wide row; the XPU3 kernels faulted under the simulation).


def _probe(
    op_name: str, dims: dict[str, int], attrs: dict[str, object], **values: object
) -> Case | None:
    """A call of zeros (absent optional tensors unless given), then `values`
    (None: this run has no such op)."""
    op = next((o for o in OPS if o.name == op_name), None)
    if op is None:
        return None
    case = zeros(op, dims, spec.op_dtypes(op)[0], set(values))
    for name, value in values.items():
        target = case.arrays[name]
        assert target is not None
        target[...] = encode(value, case.dtype_of(op.tensor(name))).reshape(target.shape)
    case.attrs = {a.name: a.default for a in op.attrs} | attrs
    return case


_PROBES = {
    "verify_draft_tokens: 50 tokens for a 3-wide row (greedy)": _probe(
        "verify_draft_tokens",
        {
            "max_bsz": 2,
            "real_bsz": 2,
            "max_step_tokens": 3,
            "token_num": 51,
            "max_candidate_len": 1,
            "end_length": 1,
        },
        {"verify_strategy": 1},
        seq_lens_this_time=[50, 1],
        cu_seqlens_q_output=[0, 50, 51],
        target_tokens=np.arange(51),
        # Slot 0's drafts match targets 0, 1, and so does what lies past its row.
        step_input_ids=[[5, 0, 1], [2, 3, 4]],
        end_tokens=[-7],
        max_dec_len=[100, 100],
    ),
    "top_p_candidates: slot 1000 of 2": _probe(
        "top_p_candidates",
        {"token_num": 1, "vocab_size": 4, "max_bsz": 2, "max_candidate_len": 2},
        {"candidates_len": 2},
        probs=[[0.1, 0.4, 0.2, 0.3]],
        top_p=[0.5, 0.5],
        batch_id_per_token=[1000],
    ),
}
# Another spec directory (an example op's) runs without them.
PROBES = {name: case for name, case in _PROBES.items() if case is not None}

PROBE_RUNS = [(name, b) for name, case in PROBES.items() for o, b in BACKENDS if o is case.op]


@pytest.mark.parametrize("name,backend", PROBE_RUNS, ids=[f"{n[:24]}-{b}" for n, b in PROBE_RUNS])
def test_the_first_probes_stay_inside_their_buffers(name: str, backend: str) -> None:
    case = PROBES[name]
    op = case.op
    (outcome,) = runner.run(op, runner.build(op), [_call(op, case, backend, 0)])
    assert outcome.refused is None, outcome.refused
    assert not postcondition_violations(op, case.env, outcome.outputs)
    written = spec.writes(op)
    with np.errstate(all="ignore"):
        want = reference(op, case)
    for t, w in zip(written, want, strict=True):
        assert _differs(outcome.outputs[t.name], w, *tolerance(op, case)) is None, t.name
    if op.name == "verify_draft_tokens":
        assert outcome.outputs["step_output_len"].tolist() == [3, 1]  # the row's width, then 1
    else:
        assert outcome.outputs["actual_candidate_lens"].tolist() == [1]  # no slot: one candidate


# ---------------------------------------------------------------- slow cases


def test_a_case_far_past_its_batch_is_named() -> None:
    # A missing clamp made one case loop ~2^31 times: 460 s of a 50 s run, and
    # nothing said which case.
    batch = [0.0002] * 599 + [2.5]
    assert slow_cases(batch) == [599]
    assert slow_cases([0.0002] * 599 + [0.011]) == []  # 55x, but a scheduler tick
    assert slow_cases([0.02, 0.03, 0.025]) == []  # a batch of slow cases is not slow


def test_every_call_is_timed_inside_the_runner() -> None:
    op = next(o for o in OPS if o.name == "speculate_get_seq_lens_output")
    hostile = hostile_cases(op, 20, seed=1)
    outcomes = runner.run(
        op, runner.build(op), [_call(op, h.case, "cpu", i) for i, h in enumerate(hostile)]
    )
    assert len(outcomes) == len(hostile)
    assert all(0 < o.seconds < 60 for o in outcomes), [o.seconds for o in outcomes]
