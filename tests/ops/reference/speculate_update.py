"""NumPy reference of ``speculate_update`` (contract: docs/ops/speculate_update.md).

Plain per-slot Python following the page's "Semantics, per slot b"; deliberately not vectorised.

A slot ``b`` takes part iff ``b < real_bsz`` and ``is_block_step[b]`` is false. With
``enc``/``dec`` its encoder and decoder lengths (read clamped into ``[0, INT32_MAX]``), ``a`` its
accepted count (read clamped into ``[0, max_draft_tokens]``) and ``n = seq_lens_this_time[b]``:

1. stop-flagged: it counts as stopped and ``mask_rollback[b] = 0``; else in decode (``enc == 0``)
   ``dec += a`` and ``mask_rollback[b] = n - a``; else (prefill) ``mask_rollback[b] = 0``;
2. in decode with ``n > 1`` (drafts were verified): ``actual_draft_token_nums[b]`` becomes
   ``min(cur + 2, max_draft_tokens - 1)`` if every draft was accepted (``a - 1 == cur``), else
   ``max(cur - 1, 1)``;
3. in prefill: ``dec += enc``, ``enc = 0``;
4. ``draft_tokens[b, 0] = accept_tokens[b, a - 1]`` if ``a >= 1``.

Sums saturate at INT32_MAX; ``n - a`` saturates into int32. Slots ``b >= real_bsz`` count as
stopped; block-step slots do not count. ``not_need_stop[0] = stopped < threshold``, the threshold
``stop_nums[0]`` (``max_bsz`` when ``stop_nums`` is absent). Nothing else is written.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_update"]

INT32_MAX = 2**31 - 1
INT32_MIN = -(2**31)


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def speculate_update(
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    not_need_stop: np.ndarray,
    draft_tokens: np.ndarray,
    actual_draft_token_nums: np.ndarray,
    accept_tokens: np.ndarray,
    accept_num: np.ndarray,
    stop_flags: np.ndarray,
    seq_lens_this_time: np.ndarray,
    is_block_step: np.ndarray,
    stop_nums: np.ndarray | None,
    mask_rollback: np.ndarray,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order: ``(seq_lens_encoder,
    seq_lens_decoder, not_need_stop, draft_tokens, actual_draft_token_nums, mask_rollback)``.
    The inputs are never modified."""
    max_bsz, width = (int(n) for n in draft_tokens.shape)
    real_bsz = int(seq_lens_this_time.shape[0])
    stopped_flag = stop_flags.view(np.uint8) != 0
    block_step = is_block_step.view(np.uint8) != 0

    enc_out = seq_lens_encoder.copy()
    dec_out = seq_lens_decoder.copy()
    flag = not_need_stop.copy()
    drafts = draft_tokens.copy()
    actual = actual_draft_token_nums.copy()
    rollback = mask_rollback.copy()

    stopped = 0
    nslots = min(real_bsz, max_bsz)
    for b in range(max_bsz):
        if b >= nslots:
            stopped += 1  # not taking part: counts as stopped
            continue
        if block_step[b]:
            continue  # swapped out: takes no part, not counted
        enc = _clamp(int(seq_lens_encoder[b]), 0, INT32_MAX)
        dec = _clamp(int(seq_lens_decoder[b]), 0, INT32_MAX)
        a = _clamp(int(accept_num[b]), 0, width)
        n = int(seq_lens_this_time[b])

        if stopped_flag[b]:
            stopped += 1
            rollback[b] = 0
        elif enc == 0:
            dec = min(dec + a, INT32_MAX)
            rollback[b] = _clamp(n - a, INT32_MIN, INT32_MAX)
        else:
            rollback[b] = 0

        if enc == 0 and n > 1:
            cur = int(actual_draft_token_nums[b])
            actual[b] = min(cur + 2, width - 1) if a - 1 == cur else max(cur - 1, 1)

        if enc != 0:
            dec = min(dec + enc, INT32_MAX)
            enc = 0
        enc_out[b] = enc
        dec_out[b] = dec

        if a >= 1:
            drafts[b, 0] = accept_tokens[b, a - 1]

    threshold = max_bsz if stop_nums is None else int(stop_nums.reshape(-1)[0])
    flag[0] = stopped < threshold
    return (enc_out, dec_out, flag, drafts, actual, rollback)
