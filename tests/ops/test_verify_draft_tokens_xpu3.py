"""The XPU3 kernel of verify_draft_tokens, run under the XPU3 simulation on CPU
tensors, against the CPU kernel (exact) for several launch shapes and every
strategy; and the simulation's errors reaching Python."""

from __future__ import annotations

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import attrs_of, by_name, tensors_of
from tests.ops.reference.verify_draft_tokens import GREEDY, TARGET_MATCH, TOPP, run_reference
from tests.ops.reference.verify_draft_tokens_batches import random_batch

OP = spec.project_op("verify_draft_tokens")
STRATEGIES = {"topp": TOPP, "greedy": GREEDY, "target_match": TARGET_MATCH}
LAUNCHES = [(1, 1), (2, 4), (8, 64)]


def run(batch: dict) -> tuple[np.ndarray, np.ndarray]:
    ids, lens = opforge.verify_draft_tokens(
        **by_name(OP, tensors_of(OP, batch)), **attrs_of(OP, batch)
    )
    return ids.numpy(), lens.numpy()


@pytest.mark.parametrize("strategy", STRATEGIES.values(), ids=STRATEGIES.keys())
@pytest.mark.parametrize("launch", LAUNCHES, ids=[f"{c}x{n}" for c, n in LAUNCHES])
def test_xpu3_matches_cpu_kernel(launch: tuple[int, int], strategy: int) -> None:
    rng = np.random.default_rng(hash((launch, strategy)) % 2**32)
    for case in range(70):
        batch = random_batch(rng, strategy=strategy)
        cpu = run(batch)
        # A new core order per launch (schedule_seed -1), so an order-dependent
        # kernel is caught across cases.
        with opforge.xpu3_simulation(*launch):
            xpu3 = run(batch)
        np.testing.assert_array_equal(xpu3[1], cpu[1], err_msg=f"case {case}: step_output_len")
        np.testing.assert_array_equal(xpu3[0], cpu[0], err_msg=f"case {case}: step_output_ids")
        np.testing.assert_array_equal(xpu3[0], run_reference(batch)[0], err_msg=f"case {case}")


def test_xpu3_is_deterministic_across_schedules() -> None:
    batch = random_batch(np.random.default_rng(99), strategy=TOPP, max_bsz=24, real_bsz=20)
    results = set()
    for schedule in range(6):
        with opforge.xpu3_simulation(4, 8, schedule_seed=schedule):
            ids, lens = run(batch)
        results.add((ids.tobytes(), lens.tobytes()))
    assert len(results) == 1


def test_backend_switch_is_restored() -> None:
    assert opforge.cpu_tensor_backend() == "cpu"
    with opforge.xpu3_simulation(2, 4):
        assert opforge.cpu_tensor_backend() == "xpu3-sim"
    assert opforge.cpu_tensor_backend() == "cpu"


def test_bad_launch_shape_is_rejected() -> None:
    with pytest.raises(opforge.OpValueError, match="1 <= ncores <= 64"):
        opforge.set_xpu3_launch(8, 65)


def test_checks_run_before_the_simulated_kernel() -> None:
    batch = random_batch(np.random.default_rng(5), strategy=GREEDY, real_bsz=3)
    batch["cu_seqlens_q_output"] = batch["cu_seqlens_q_output"][:-1]
    with opforge.xpu3_simulation(2, 4), pytest.raises(opforge.OpValueError, match="real_bsz \\+ 1"):
        run(batch)
