"""FastDeploy's own cases of eagle_gather_hidden_states (its
tests/operators/test_eagle_gather_hidden_states.py), called as FastDeploy calls the op:
``opforge.fastdeploy.gpu.eagle_gather_hidden_states`` with FastDeploy's eight positional tensors
(six of which the op does not need), returning ``[out, output_token_num]`` with ``out`` whole,
``[real_bsz, dim_embed]``. The inputs follow FastDeploy's recipe (lengths drawn from [0, 5), the
packed rows adding up, the unused tensors as its placeholders); the expected values come from the
NumPy reference, and FastDeploy's own hand-checked pattern is kept as it wrote it."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy.gpu
import paddle
import pytest

from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.eagle_gather_hidden_states import (
    eagle_gather_hidden_states as reference,
)

I32 = np.int32
BACKENDS = spec.backends(
    spec.project_op("eagle_gather_hidden_states")
)  # every backend its spec names
ORDER = (
    "input",
    "cu_seqlens_q",
    "seq_lens_this_time",
    "seq_lens_decoder",
    "seq_lens_encoder",
    "batch_id_per_token_output",
    "cu_seqlens_q_output",
    "real_output_token_num",
)
# FastDeploy's TEST_CONFIGS: (real_bsz, dim_embed, seed).
CONFIGS = [
    (1, 512, 42),
    (4, 512, 42),
    (64, 512, 42),
    (4, 128, 42),
    (4, 4096, 42),
    (4, 512, 1),
    (8, 512, 123),
]


def fastdeploy_inputs(real_bsz: int, dim_embed: int, seed: int) -> dict[str, np.ndarray]:
    """FastDeploy's input recipe: lengths in [0, 5) (one row at least), rows adding up to them."""
    rng = np.random.default_rng(seed)
    lens = rng.integers(0, 5, size=real_bsz, dtype=I32)
    if int(lens.sum()) == 0:
        lens[0] = 1
    rows = int(lens.sum())
    return {
        "input": rng.random((rows, dim_embed), dtype=np.float32),
        "cu_seqlens_q": np.zeros(real_bsz + 1, I32),
        "seq_lens_this_time": lens,
        "seq_lens_decoder": rng.integers(0, 10, size=real_bsz, dtype=I32),
        "seq_lens_encoder": rng.integers(0, 2, size=real_bsz, dtype=I32),
        "batch_id_per_token_output": np.zeros(real_bsz, I32),
        "cu_seqlens_q_output": np.zeros(real_bsz + 1, I32),
        "real_output_token_num": np.array([0], I32),
    }


def run(
    backend_name: str, case: dict[str, np.ndarray], dtype: str
) -> tuple[np.ndarray, np.ndarray]:
    args = [paddle.to_tensor(case[name]) for name in ORDER]
    args[0] = args[0].astype(dtype)
    with backend(backend_name):
        result = opforge.fastdeploy.gpu.eagle_gather_hidden_states(*args)
    assert isinstance(result, list) and len(result) == 2
    out, count = result
    assert out.dtype == args[0].dtype
    assert out.shape == [case["seq_lens_this_time"].shape[0], case["input"].shape[1]]
    return out.astype("float32").numpy(), count.numpy()


def expected(case: dict[str, np.ndarray], dtype: str) -> tuple[np.ndarray, np.ndarray]:
    rows = paddle.to_tensor(case["input"]).astype(dtype).astype("float32").numpy()
    return reference(rows, case["seq_lens_this_time"])


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(("real_bsz", "dim_embed", "seed"), CONFIGS)
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32"])
def test_fastdeploy_configs(
    backend_name: str, real_bsz: int, dim_embed: int, seed: int, dtype: str
) -> None:
    case = fastdeploy_inputs(real_bsz, dim_embed, seed)
    out, count = run(backend_name, case, dtype)
    want_out, want_count = expected(case, dtype)
    np.testing.assert_array_equal(count, want_count)
    assert int(count[0]) == int(np.count_nonzero(case["seq_lens_this_time"] > 0))
    np.testing.assert_array_equal(out, want_out)  # the rows past the count included: zeros


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_one_fed_slot(backend_name: str) -> None:
    """FastDeploy's all-zero case: only slot 0 fed, with one row."""
    case = fastdeploy_inputs(4, 512, 42)
    case["seq_lens_this_time"] = np.array([1, 0, 0, 0], I32)
    case["input"] = case["input"][:1]
    out, count = run(backend_name, case, "float16")
    assert int(count[0]) == 1
    np.testing.assert_array_equal(out, expected(case, "float16")[0])


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_specific_gather_pattern(backend_name: str) -> None:
    """FastDeploy's hand-checked pattern: lengths [2, 0, 3] gather rows 1 and 4."""
    rows = np.arange(3 * 8 * 2, dtype=np.float32).reshape(-1, 8)[:5]
    case = {
        "input": rows,
        "cu_seqlens_q": np.zeros(4, I32),
        "seq_lens_this_time": np.array([2, 0, 3], I32),
        "seq_lens_decoder": np.zeros(3, I32),
        "seq_lens_encoder": np.zeros(3, I32),
        "batch_id_per_token_output": np.zeros(3, I32),
        "cu_seqlens_q_output": np.zeros(4, I32),
        "real_output_token_num": np.array([0], I32),
    }
    out, count = run(backend_name, case, "float16")
    assert int(count[0]) == 2
    np.testing.assert_array_equal(out[0], rows[1])
    np.testing.assert_array_equal(out[1], rows[4])
    np.testing.assert_array_equal(out[2], np.zeros(8, np.float32))
