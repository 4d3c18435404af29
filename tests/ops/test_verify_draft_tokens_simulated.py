"""The simulated kernels of verify_draft_tokens (every backend its spec names
that runs a kind's kernel under its simulation, on CPU tensors) against the
CPU kernel (exact) for several launch shapes and every strategy; and the
simulations' errors reaching Python."""

from __future__ import annotations

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import LAUNCHES, attrs_of, backend, by_name, simulated, tensors_of
from tests.ops.reference.verify_draft_tokens import GREEDY, TARGET_MATCH, TOPP, run_reference
from tests.ops.reference.verify_draft_tokens_batches import random_batch

OP = spec.project_op("verify_draft_tokens")
STRATEGIES = {"topp": TOPP, "greedy": GREEDY, "target_match": TARGET_MATCH}
# Each simulation under each of its launch shapes, named "<backend>-<launch>" ("xpu3-sim-2x4").
SIMULATED_RUNS = {
    f"{name}-{'x'.join(map(str, launch))}": (name, launch)
    for name in simulated(OP)
    for launch in LAUNCHES[name]
}


def run(batch: dict) -> tuple[np.ndarray, np.ndarray]:
    ids, lens = opforge.verify_draft_tokens(
        **by_name(OP, tensors_of(OP, batch)), **attrs_of(OP, batch)
    )
    return ids.numpy(), lens.numpy()


@pytest.mark.parametrize("strategy", STRATEGIES.values(), ids=STRATEGIES.keys())
@pytest.mark.parametrize("run_on", SIMULATED_RUNS.values(), ids=SIMULATED_RUNS.keys())
def test_simulated_kernel_matches_cpu_kernel(
    run_on: tuple[str, tuple[int, ...]], strategy: int
) -> None:
    name, launch = run_on
    rng = np.random.default_rng(hash((launch, strategy)) % 2**32)
    for case in range(70):
        batch = random_batch(rng, strategy=strategy)
        cpu = run(batch)
        # A new schedule per launch (schedule_seed -1), so an order-dependent
        # kernel is caught across cases.
        with backend(name, launch):
            simulated_run = run(batch)
        where = f"{name} {launch}, case {case}"
        np.testing.assert_array_equal(simulated_run[1], cpu[1], err_msg=f"{where}: step_output_len")
        np.testing.assert_array_equal(simulated_run[0], cpu[0], err_msg=f"{where}: step_output_ids")
        np.testing.assert_array_equal(simulated_run[0], run_reference(batch)[0], err_msg=where)


@pytest.mark.parametrize("name", simulated(OP))
def test_simulation_is_deterministic_across_schedules(name: str) -> None:
    batch = random_batch(np.random.default_rng(99), strategy=TOPP, max_bsz=24, real_bsz=20)
    results = set()
    for schedule in range(6):
        with backend(name, LAUNCHES[name][-1], schedule_seed=schedule):
            ids, lens = run(batch)
        results.add((ids.tobytes(), lens.tobytes()))
    assert len(results) == 1


@pytest.mark.parametrize("name", simulated(OP))
def test_backend_switch_is_restored(name: str) -> None:
    default = opforge.CPU_TENSOR_BACKENDS[0]
    assert opforge.cpu_tensor_backend() == default
    with backend(name):
        assert opforge.cpu_tensor_backend() == name
    assert opforge.cpu_tensor_backend() == default


@pytest.mark.parametrize("name", simulated(OP))
def test_checks_run_before_the_simulated_kernel(name: str) -> None:
    batch = random_batch(np.random.default_rng(5), strategy=GREEDY, real_bsz=3)
    batch["cu_seqlens_q_output"] = batch["cu_seqlens_q_output"][:-1]
    with backend(name), pytest.raises(opforge.OpValueError, match="real_bsz \\+ 1"):
        run(batch)
