"""One speculative-decoding step through verify_draft_tokens, on a small batch
you can check by eye. Run after setup: `.venv/bin/python examples/verify_draft_tokens_demo.py`."""

from __future__ import annotations

import warnings

import numpy as np

warnings.filterwarnings("ignore", "No ccache found")  # printed by `import paddle` itself
import paddle  # noqa: E402

import opforge  # noqa: E402

# Three slots take part (real_bsz = 3) out of four (max_bsz = 4); each feeds its
# last token and three drafts (max_step_tokens = 4). End-of-sequence id: 2.
step_input_ids = np.array(
    [
        [100, 11, 12, 13],  # slot 0: drafts 11 12 13
        [200, 21, 22, 23],  # slot 1: drafts 21 22 23
        [300, 31, 32, 33],  # slot 2: drafts 31 32 33, but it may emit only 2 more tokens
        [0, 0, 0, 0],  # slot 3: padding
    ],
    dtype=np.int64,
)
seq_lens_this_time = np.array([4, 4, 4], dtype=np.int32)
cu_seqlens_q_output = np.array([0, 4, 8, 12], dtype=np.int32)
# The target model's own token after each of the 12 packed positions.
target_tokens = np.array(
    [11, 12, 99, 0, 21, 22, 23, 24, 31, 32, 33, 34],
    dtype=np.int64,
)
max_bsz = 4
inputs = dict(
    step_output_ids=np.zeros((max_bsz, 4), np.int64),
    step_output_len=np.zeros(max_bsz, np.int32),
    step_input_ids=step_input_ids,
    target_tokens=target_tokens,
    candidate_ids=None,
    candidate_scores=None,
    candidate_lens=None,
    topp=np.ones(max_bsz, np.float32),
    stop_flags=np.zeros(max_bsz, bool),
    seq_lens_encoder=np.zeros(max_bsz, np.int32),
    seq_lens_this_time=seq_lens_this_time,
    end_tokens=np.array([2], np.int64),
    is_block_step=np.zeros(max_bsz, bool),
    cu_seqlens_q_output=cu_seqlens_q_output,
    reasoning_status=np.full(max_bsz, 2, np.int32),
    max_dec_len=np.array([100, 100, 100, 100], np.int64),
    step_idx=np.array([10, 10, 98, 0], np.int64),
)

tensors = {k: None if v is None else paddle.to_tensor(v) for k, v in inputs.items()}
ids, lens = opforge.verify_draft_tokens(
    **tensors, verify_strategy=opforge.VerifyStrategy.GREEDY, verify_window=2
)

print("verify_draft_tokens, GREEDY, real_bsz=3 of max_bsz=4, end token 2")
for b in range(max_bsz):
    n = int(lens[b])
    print(
        f"  slot {b}: drafts {step_input_ids[b, 1:].tolist()} -> {n} token(s) {ids[b, :n].tolist()}"
    )
expected = {0: [11, 12, 99], 1: [21, 22, 23, 24], 2: [31, 2], 3: []}
assert all(ids[b, : int(lens[b])].tolist() == want for b, want in expected.items()), (
    "unexpected result"
)
print("  slot 0 accepts 11 12, rejects 13 and appends the target's 99")
print("  slot 1 accepts all drafts and appends 24")
print("  slot 2 reaches max_dec_len after 2 tokens: the second becomes the end token 2")
print("  slot 3 is padding: nothing written")

try:
    opforge.verify_draft_tokens(
        **{**tensors, "cu_seqlens_q_output": paddle.to_tensor(cu_seqlens_q_output[:3])},
        verify_strategy=opforge.VerifyStrategy.GREEDY,
    )
except opforge.OpValueError as error:
    print(f"and a mis-sized buffer is rejected before anything is written:\n  {error}")
