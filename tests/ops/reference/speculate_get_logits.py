"""NumPy reference of ``speculate_get_logits`` (contract: docs/ops/speculate_get_logits.md).

Per slot ``b``: a prefill slot (``seq_lens_encoder[b] > 0``) counts 1 row of ``logits`` and 2 rows
of ``draft_logits``; any other slot ``n = clamp(seq_lens_this_time[b], 0, token_num)`` of each.
The offsets are their prefix sums from 0, saturating at ``2**31 - 1``. The slot's rows of
``draft_logits`` from ``cu_batch_token_offset[b]`` are ``first_token_logits[b]`` then
``logits[cu_next_token_offset[b]]`` (prefill), or ``logits[cu_next_token_offset[b] + j]`` for
``j < n``; a row outside ``draft_logits`` (or at or past ``2**31 - 1``), or whose source row is
outside ``logits``, is skipped.
"""

from __future__ import annotations

import numpy as np

MAX_ROW = 2**31 - 1


def speculate_get_logits(
    draft_logits: np.ndarray,
    next_token_num: np.ndarray,
    batch_token_num: np.ndarray,
    cu_next_token_offset: np.ndarray,
    cu_batch_token_offset: np.ndarray,
    logits: np.ndarray,
    first_token_logits: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The five in-place tensors after the op, in spec order."""
    out = np.array(draft_logits, copy=True)
    nxt = np.array(next_token_num, copy=True)
    bat = np.array(batch_token_num, copy=True)
    cu_n = np.array(cu_next_token_offset, copy=True)
    cu_b = np.array(cu_batch_token_offset, copy=True)
    bsz = nxt.shape[0]
    draft_rows, token_num = out.shape[0], logits.shape[0]
    cu_n[0] = cu_b[0] = 0
    for b in range(bsz):
        prefill = int(seq_lens_encoder[b]) > 0
        n = min(max(int(seq_lens_this_time[b]), 0), token_num)
        nxt[b] = 1 if prefill else n
        bat[b] = 2 if prefill else n
        cu_n[b + 1] = min(int(cu_n[b]) + int(nxt[b]), MAX_ROW)
        cu_b[b + 1] = min(int(cu_b[b]) + int(bat[b]), MAX_ROW)
    for b in range(bsz):
        prefill = int(seq_lens_encoder[b]) > 0
        for r in range(int(bat[b])):
            dst = int(cu_b[b]) + r
            if dst >= MAX_ROW or dst >= draft_rows:
                continue
            if prefill and r == 0:
                out[dst] = first_token_logits[b]
                continue
            src = int(cu_n[b]) + (0 if prefill else r)
            if src < token_num:
                out[dst] = logits[src]
    return out, nxt, bat, cu_n, cu_b
