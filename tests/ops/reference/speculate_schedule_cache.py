"""NumPy reference of ``speculate_schedule_cache`` (contract: docs/ops/speculate_schedule_cache.md).

Plain per-slot Python following the page's "Semantics, per slot b"; deliberately not vectorised.

A slot ``b < real_bsz`` whose stop flag is clear is **running**. With ``dec`` its decoder length
(read clamped into ``[0, INT32_MAX]``):

- ``dec < prompt_lens[b]`` (still in prefill), or ``prefill_one_step_stop``: it is **stopped**:
  ``stop_flags = 1``, ``seq_lens_this_time = seq_lens_decoder = seq_lens_encoder = accept_num = 0``;
- else, with ``k = (dec + 2 * max_draft_tokens + 2) // block_size`` (the block the next step may
  reach): if ``k < block_num_per_seq`` and ``block_tables[b, k] == -1`` it is **swapped out**:
  ``is_block_step = 1``, ``step_seq_lens_this_time = seq_lens_this_time``,
  ``step_seq_lens_decoder = dec``, ``step_draft_tokens[b] = draft_tokens[b]``,
  ``stop_flags = 1``, ``seq_lens_this_time = seq_lens_decoder = accept_num = 0``,
  ``accept_tokens[b, :] = -1``;
- else nothing changes.

A slot counts as stopped if it was stop-flagged, is stopped or swapped out here, or is
``b >= real_bsz``. ``not_need_stop[0] = stopped < threshold`` (``stop_nums[0]``, or ``max_bsz``
when absent). ``draft_tokens`` and ``block_tables`` are never written.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_schedule_cache"]

INT32_MAX = 2**31 - 1


def speculate_schedule_cache(
    draft_tokens: np.ndarray,
    block_tables: np.ndarray,
    stop_flags: np.ndarray,
    prompt_lens: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    step_seq_lens_decoder: np.ndarray,
    step_draft_tokens: np.ndarray,
    step_seq_lens_this_time: np.ndarray,
    accept_num: np.ndarray,
    accept_tokens: np.ndarray,
    is_block_step: np.ndarray,
    not_need_stop: np.ndarray,
    stop_nums: np.ndarray | None,
    *,
    block_size: int,
    max_draft_tokens: int,
    prefill_one_step_stop: bool = False,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order: ``(stop_flags,
    seq_lens_this_time, seq_lens_encoder, seq_lens_decoder, step_seq_lens_decoder,
    step_draft_tokens, step_seq_lens_this_time, accept_num, accept_tokens, is_block_step,
    not_need_stop)``. The inputs are never modified."""
    max_bsz, block_num_per_seq = (int(n) for n in block_tables.shape)
    real_bsz = int(seq_lens_this_time.shape[0])
    reach = 2 * int(max_draft_tokens) + 2  # tokens a step may add past the decoder length
    bsize = max(int(block_size), 1)

    stop = stop_flags.copy()
    slt = seq_lens_this_time.copy()
    enc = seq_lens_encoder.copy()
    dec_out = seq_lens_decoder.copy()
    step_dec = step_seq_lens_decoder.copy()
    step_drafts = step_draft_tokens.copy()
    step_slt = step_seq_lens_this_time.copy()
    acc_num = accept_num.copy()
    acc_tokens = accept_tokens.copy()
    block_step = is_block_step.copy()
    flag = not_need_stop.copy()
    stopped_on_entry = stop_flags.view(np.uint8) != 0

    stopped = 0
    nslots = min(real_bsz, max_bsz)
    for b in range(max_bsz):
        if b >= nslots or stopped_on_entry[b]:
            stopped += 1
            continue
        dec = min(max(int(seq_lens_decoder[b]), 0), INT32_MAX)
        if dec < int(prompt_lens[b]) or bool(prefill_one_step_stop):
            stop[b] = True
            slt[b] = 0
            dec_out[b] = 0
            enc[b] = 0
            acc_num[b] = 0
            stopped += 1
            continue
        k = (dec + reach) // bsize
        if k < block_num_per_seq and int(block_tables[b, k]) == -1:
            block_step[b] = True
            step_slt[b] = slt[b]
            slt[b] = 0
            stop[b] = True
            step_dec[b] = dec
            dec_out[b] = 0
            acc_num[b] = 0
            acc_tokens[b, :] = -1
            step_drafts[b, :] = draft_tokens[b, :]
            stopped += 1

    threshold = max_bsz if stop_nums is None else int(stop_nums.reshape(-1)[0])
    flag[0] = stopped < threshold
    return (
        stop,
        slt,
        enc,
        dec_out,
        step_dec,
        step_drafts,
        step_slt,
        acc_num,
        acc_tokens,
        block_step,
        flag,
    )
