"""rebuild_padding where the decoding loop calls it: after speculate_get_seq_lens_output and
speculate_get_output_padding_offset, on realistic batches (prefill slots with long prompts,
decode slots with drafts, idle slots), logits ~1,000 wide, every dtype, on every backend its spec
names (the CPU kernel and each simulated kernel). Each output row must be the packed row the loop's formula names,
cu_seqlens_q[b] + seq_lens_this_time[b] - seq_lens_output[b] + k, and, where the batch is laid
out as FastDeploy's (a prefill slot's seq_lens_encoder is its fed count), the row FastDeploy's
kernel reads, cu_seqlens_q[b] + k + (seq_lens_encoder[b] - 1 if prefill else 0)."""

from __future__ import annotations

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "rebuild_padding"), reason="needs rebuild_padding"
)

I32 = np.int32
OP = spec.project_op("rebuild_padding")
BACKENDS = spec.backends(OP)  # every backend its spec names, each under its default launch
DTYPES = [d.value for d in spec.op_dtypes(OP)]


def make_batch(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    max_bsz = int(rng.integers(1, 9))
    real_bsz = int(rng.integers(0, max_bsz + 1))
    kind = rng.choice(["idle", "prefill", "decode"], size=max_bsz, p=[0.2, 0.3, 0.5])
    slt = np.zeros(max_bsz, I32)
    enc = np.zeros(max_bsz, I32)
    for b in range(max_bsz):
        if kind[b] == "prefill":
            slt[b] = rng.integers(1, 20)
            enc[b] = slt[b]  # FastDeploy's layout: the chunk length
        elif kind[b] == "decode":
            slt[b] = rng.integers(1, 6)
    return {"slt": slt[:real_bsz].copy(), "enc": enc}


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("seed", range(12))
def test_the_loops_rows_on_realistic_batches(backend_name: str, seed: int) -> None:
    batch = make_batch(seed)
    slt, enc = batch["slt"], batch["enc"]
    dtype = DTYPES[seed % 3]
    hidden_size = (997, 1024, 2100)[seed % 3]
    cu_q = np.concatenate([[0], np.cumsum(slt)]).astype(I32)
    token_num = int(cu_q[-1])
    rng = np.random.default_rng(100 + seed)
    hidden32 = rng.standard_normal((token_num, hidden_size)).astype(np.float32)
    t = paddle.to_tensor
    with backend(backend_name):
        seq_lens_output = opforge.speculate_get_seq_lens_output(t(slt), t(enc))
        lens = seq_lens_output.numpy()
        out_token_num = int(lens.sum())
        _, _, cu_out, _ = opforge.speculate_get_output_padding_offset(
            seq_lens_output, cpu_out_token_num=out_token_num, max_seq_len=64
        )
        hidden = t(hidden32).astype(dtype)
        out = opforge.rebuild_padding(
            hidden, t(cu_q), t(slt), t(enc), cu_out, cpu_out_token_num=out_token_num
        )
    assert out.shape == [out_token_num, hidden_size]
    assert out.dtype == hidden.dtype
    got = out.astype("float32").numpy()
    want_h = hidden.astype("float32").numpy()
    cu_out_np = cu_out.numpy()
    for b in range(len(slt)):
        for k in range(int(lens[b])):
            r = int(cu_out_np[b]) + k
            loop_row = int(cu_q[b]) + int(slt[b]) - int(lens[b]) + k
            fastdeploy_row = int(cu_q[b]) + k + (int(enc[b]) - 1 if enc[b] > 0 else 0)
            assert loop_row == fastdeploy_row
            np.testing.assert_array_equal(got[r], want_h[loop_row])


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_rows_naming_no_fed_position_are_zeros(backend_name: str) -> None:
    # slot 0 decode with 2 tokens but 3 output rows: its third row names position 2, never fed.
    t = paddle.to_tensor
    hidden = t(np.ones((2, 1500), np.float32))
    with backend(backend_name):
        out = opforge.rebuild_padding(
            hidden,
            t(np.array([0, 2], I32)),
            t(np.array([2], I32)),
            t(np.array([0], I32)),
            t(np.array([0, 3], I32)),
            cpu_out_token_num=3,
        ).numpy()
    assert (out[:2] == 1).all()
    assert (out[2] == 0).all()
