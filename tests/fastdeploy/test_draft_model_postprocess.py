"""FastDeploy's own cases of draft_model_postprocess (its tests/operators/test_draft_model_postprocess.py
and custom_ops/xpu_ops/test/test_draft_model_postprocess.py), called as FastDeploy calls the op:
``opforge.fastdeploy.gpu.draft_model_postprocess`` and ``.xpu`` with FastDeploy's four positional
tensors, nothing returned, ``base_model_seq_lens_this_time`` updated in place. The inputs follow
FastDeploy's recipe (tokens drawn from {-1, 0}, encoder lengths from {0, 1}, half the slots
stopped, the count starting at 1); the expected counts come from the NumPy reference."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy.gpu
import opforge.fastdeploy.xpu
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.draft_model_postprocess import draft_model_postprocess as reference

BACKENDS = spec.backends(spec.project_op("draft_model_postprocess"))  # every backend its spec names

# (batch_size, base_model_draft_token_len): the GPU test's cases, then the XPU test's extra ones.
GPU_CASES = [
    (100, 1024),
    (1, 11),
    (1, 8192),
    (2, 2048),
    (3, 1023),
    (4, 2047),
    (5, 4095),
    (10, 9191),
]
XPU_CASES = GPU_CASES + [(20, 618), (30, 703), (100, 1025), (1536, 1026)]


def fastdeploy_inputs(batch_size: int, token_len: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(batch_size * 100_003 + token_len)
    return {
        "tokens": rng.integers(-1, 1, size=(batch_size, token_len), dtype=np.int64),
        "encoder": rng.integers(0, 2, size=batch_size, dtype=np.int32),
        "stop": rng.random(batch_size) >= 0.5,
    }


def run_case(form: str, backend_name: str, batch_size: int, token_len: int) -> None:
    a = fastdeploy_inputs(batch_size, token_len)
    seq_lens = np.ones(batch_size, np.int32)
    want = reference(a["tokens"], seq_lens.copy(), a["encoder"], a["stop"])
    # FastDeploy's test computes the same with its own loop; spell its rule out once more here.
    counts = np.count_nonzero(a["tokens"] != -1, axis=1)
    rule = np.where(a["stop"], 0, np.where(a["encoder"] == 0, counts, 1))
    np.testing.assert_array_equal(want, rule)

    t = paddle.to_tensor
    tokens, seq_t, enc, stop = t(a["tokens"]), t(seq_lens), t(a["encoder"]), t(a["stop"])
    op = getattr(opforge.fastdeploy, form).draft_model_postprocess
    with backend(backend_name):
        result = op(tokens, seq_t, enc, stop)
    assert result is None
    np.testing.assert_array_equal(seq_t.numpy(), want)
    np.testing.assert_array_equal(tokens.numpy(), a["tokens"])
    np.testing.assert_array_equal(stop.numpy(), a["stop"])


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(("batch_size", "token_len"), GPU_CASES)
def test_fastdeploy_gpu_cases(backend_name: str, batch_size: int, token_len: int) -> None:
    run_case("gpu", backend_name, batch_size, token_len)


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(("batch_size", "token_len"), XPU_CASES)
def test_fastdeploy_xpu_cases(backend_name: str, batch_size: int, token_len: int) -> None:
    run_case("xpu", backend_name, batch_size, token_len)


def test_per_slot_buffers_with_a_trailing_axis() -> None:
    """FastDeploy's per-slot buffers are [max_bsz, 1]; the count keeps its shape."""
    tokens = np.array([[5, -1, 7], [1, 2, 3], [-1, -1, -1], [4, 4, -1]], np.int64)
    encoder = np.array([[0], [3], [0], [0]], np.int32)
    stop = np.array([[False], [False], [False], [True]])
    seq = paddle.to_tensor(np.full((4, 1), 9, np.int32))
    opforge.fastdeploy.gpu.draft_model_postprocess(
        paddle.to_tensor(tokens), seq, paddle.to_tensor(encoder), paddle.to_tensor(stop)
    )
    assert seq.shape == [4, 1]
    np.testing.assert_array_equal(seq.numpy()[:, 0], [2, 9, 0, 0])
