"""speculate_get_logits called as FastDeploy calls it (fastdeploy/spec_decode/mtp.py, the first
substep with logprobs): opforge.fastdeploy.gpu.speculate_get_logits with its nine tensors in its
order, on every backend, compared with the NumPy reference in place. FastDeploy has no test of the
op; this is one step built by hand: a prefill slot (two rows: its first token's logits, then its
step logits), a decode slot of three tokens, an inactive slot."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_get_logits import speculate_get_logits

FD_ORDER = (
    "draft_logits",
    "next_token_num",
    "batch_token_num",
    "cu_next_token_offset",
    "cu_batch_token_offset",
    "logits",
    "first_token_logits",
    "seq_lens_this_time",
    "seq_lens_encoder",
)
INOUT = FD_ORDER[:5]


def engine_step() -> dict[str, np.ndarray]:
    vocab = 5
    rng = np.random.default_rng(3)
    return {
        "draft_logits": np.full((8, vocab), -9.0, np.float32),
        "next_token_num": np.zeros(3, np.int32),
        "batch_token_num": np.zeros(3, np.int32),
        "cu_next_token_offset": np.zeros(4, np.int32),
        "cu_batch_token_offset": np.zeros(4, np.int32),
        "logits": rng.standard_normal((4, vocab)).astype(np.float32),  # 1 + 3 tokens
        "first_token_logits": rng.standard_normal((3, vocab)).astype(np.float32),
        "seq_lens_this_time": np.array([[6], [3], [0]], np.int32),
        "seq_lens_encoder": np.array([[6], [0], [0]], np.int32),
    }


@pytest.mark.parametrize("backend_name", spec.backends(spec.project_op("speculate_get_logits")))
def test_fastdeploy_call(backend_name: str) -> None:
    t = engine_step()
    flat = {k: v.reshape(-1) if k.startswith("seq_lens") else v for k, v in t.items()}
    expected = speculate_get_logits(*(flat[k] for k in FD_ORDER))
    tensors = {k: paddle.to_tensor(v) for k, v in t.items()}
    with backend(backend_name):
        result = opforge.fastdeploy.gpu.speculate_get_logits(*(tensors[k] for k in FD_ORDER))
    assert result is None  # FastDeploy's C++ function is void
    for name, want in zip(INOUT, expected, strict=True):
        np.testing.assert_array_equal(tensors[name].numpy(), want, err_msg=name)
    got = {k: tensors[k].numpy() for k in INOUT}
    assert got["next_token_num"].tolist() == [1, 3, 0]
    assert got["batch_token_num"].tolist() == [2, 3, 0]
    assert got["cu_next_token_offset"].tolist() == [0, 1, 4, 4]
    assert got["cu_batch_token_offset"].tolist() == [0, 2, 5, 5]
    np.testing.assert_array_equal(got["draft_logits"][0], t["first_token_logits"][0])
    np.testing.assert_array_equal(got["draft_logits"][1:5], t["logits"][0:4])
    assert (got["draft_logits"][5:] == -9.0).all()  # rows past the last slot's keep their values
