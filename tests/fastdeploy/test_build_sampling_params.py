"""FastDeploy's own cases of build_sampling_params (tests/operators/test_build_sampling_params.py),
rebuilt with their recipes and called as FastDeploy's GPU op is called: seven positional
arguments through opforge.fastdeploy.gpu, on every backend. FastDeploy's golden values are kept
where its test lists them; otherwise the expected values come from the NumPy reference."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.build_sampling_params import MAX_INFER_SEED, build_sampling_params

BACKENDS = spec.backends(spec.project_op("build_sampling_params"))  # every backend its spec names


def build_inputs(lens: list[int], encoder: list[int], seed: int) -> dict[str, object]:
    """FastDeploy's test's recipe: prefill slots give 1 output row, decode slots
    seq_lens_this_time, empty slots 0."""
    rng = np.random.default_rng(seed)
    bsz = len(lens)
    slt = np.array(lens, np.int32)
    enc = np.array(encoder, np.int32)
    out = np.where(slt == 0, 0, np.where(enc > 0, 1, slt)).astype(np.int32)
    return {
        "top_p": rng.uniform(0.0, 1.0, size=(bsz,)).astype(np.float32),
        "top_k": rng.integers(1, 100, size=(bsz,)).astype(np.int64),
        "infer_seed": rng.integers(0, MAX_INFER_SEED, size=(bsz,)).astype(np.int64),
        "seq_lens_this_time": slt,
        "cu_seqlens_q_output": np.concatenate([[0], np.cumsum(out)]).astype(np.int32),
        "token_num_output_cpu": int(out.sum()),
    }


def run(inputs: dict[str, object], increment_value: int) -> tuple[list[np.ndarray], np.ndarray]:
    t = {k: paddle.to_tensor(v) for k, v in inputs.items() if isinstance(v, np.ndarray)}
    outs = opforge.fastdeploy.gpu.build_sampling_params(
        t["top_p"],
        t["top_k"],
        t["infer_seed"],
        t["seq_lens_this_time"],
        t["cu_seqlens_q_output"],
        inputs["token_num_output_cpu"],
        increment_value,
    )
    assert isinstance(outs, list) and len(outs) == 3  # FastDeploy's GPU op returns a list of three
    return [o.numpy() for o in outs], t["infer_seed"].numpy()


def check(inputs: dict[str, object], increment_value: int, backend_name: str) -> None:
    with backend(backend_name):
        got, seeds = run(inputs, increment_value)
    arrays = {k: v for k, v in inputs.items() if isinstance(v, np.ndarray)}
    want = build_sampling_params(
        *(a.copy() for a in arrays.values()),
        token_num_output_cpu=inputs["token_num_output_cpu"],
        increment_value=increment_value,
    )
    np.testing.assert_array_equal(seeds, want[0])
    for g, w in zip(got, want[1:], strict=True):
        np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_exact_golden_values(backend_name: str) -> None:
    inputs = {
        "top_p": np.array([0.9, 0.5], np.float32),
        "top_k": np.array([50, 10], np.int64),
        "infer_seed": np.array([100, 200], np.int64),
        "seq_lens_this_time": np.array([2, 10], np.int32),
        "cu_seqlens_q_output": np.array([0, 2, 3], np.int32),
        "token_num_output_cpu": 3,
    }
    with backend(backend_name):
        (top_p, top_k, seeds), infer_seed = run(inputs, 1)
    np.testing.assert_allclose(top_p.flatten(), [0.9, 0.9, 0.5], rtol=1e-6)
    np.testing.assert_array_equal(top_k.flatten(), [50, 50, 10])
    np.testing.assert_array_equal(seeds.flatten(), [100, 104, 200])
    np.testing.assert_array_equal(infer_seed, [101, 201])
    assert top_p.shape == (3, 1)
    check(inputs, 1, backend_name)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_mixed_prefill_decode(backend_name: str) -> None:
    inputs = build_inputs([3, 50, 5, 100, 0], [0, 50, 0, 100, 0], seed=300)
    assert inputs["token_num_output_cpu"] == 10
    check(inputs, 5, backend_name)


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(
    ("bsz", "max_seq_len", "increment_value", "seed"), [(8, 4, 1, 700), (32, 16, 16, 800)]
)
def test_random_configs(
    backend_name: str, bsz: int, max_seq_len: int, increment_value: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    lens = rng.integers(0, max_seq_len + 1, size=bsz).tolist()
    encoder = [s if s > 0 and rng.random() < 0.3 else 0 for s in lens]
    inputs = build_inputs(lens, encoder, seed)
    check(inputs, increment_value, backend_name)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_seed_wraparound(backend_name: str) -> None:
    """FastDeploy's XPU test's wrap-around case, with the GPU op's modulus (2^63 - 2)."""
    near_max = MAX_INFER_SEED - 8
    inputs = {
        "top_p": np.array([0.9, 0.9], np.float32),
        "top_k": np.array([50, 50], np.int64),
        "infer_seed": np.array([near_max, near_max - 1], np.int64),
        "seq_lens_this_time": np.array([4, 4], np.int32),
        "cu_seqlens_q_output": np.array([0, 4, 8], np.int32),
        "token_num_output_cpu": 8,
    }
    with backend(backend_name):
        (_, _, seeds), infer_seed = run(inputs, 16)
    np.testing.assert_array_equal(
        seeds.flatten(), [near_max, near_max + 4, 0, 4, near_max - 1, near_max + 3, near_max + 7, 3]
    )
    np.testing.assert_array_equal(infer_seed, [8, 7])
    check(inputs, 16, backend_name)
