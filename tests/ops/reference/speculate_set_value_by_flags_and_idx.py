"""NumPy reference of ``speculate_set_value_by_flags_and_idx`` (contract:
docs/ops/speculate_set_value_by_flags_and_idx.md). Plain per-slot Python following the page's
"Semantics"; deliberately not vectorised.

A stopped slot gets ``accept_num = 0`` and ``seq_lens_decoder = 0``. A running slot with a
non-zero ``seq_lens_encoder`` or ``seq_lens_decoder`` and ``step_idx > 0`` writes accepted token
``n-1-i`` (``n = accept_num``) at history position ``step_idx - i`` for ``i = 0 .. n-1``; a
position outside ``[0, pre_ids_len)`` is skipped.

Out of domain (the page's "Out-of-domain values"): ``accept_num`` is read clamped into
``[0, max_draft_tokens]``; stop_flags bytes other than 0 are true.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_set_value_by_flags_and_idx"]


def speculate_set_value_by_flags_and_idx(
    pre_ids_all: np.ndarray,
    accept_tokens: np.ndarray,
    accept_num: np.ndarray,
    stop_flags: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    step_idx: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(pre_ids_all, accept_num, seq_lens_decoder)`` after the op."""
    bsz, length = (int(v) for v in pre_ids_all.shape)
    width = int(accept_tokens.shape[1])
    flags = stop_flags.view(np.uint8) != 0
    pre_out = pre_ids_all.copy()
    num_out = accept_num.copy()
    dec_out = seq_lens_decoder.copy()
    for b in range(bsz):
        if flags[b]:
            num_out[b] = 0
            dec_out[b] = 0
            continue
        if int(seq_lens_encoder[b]) == 0 and int(seq_lens_decoder[b]) == 0:
            continue  # an idle slot
        s = int(step_idx[b])
        if s <= 0:
            continue
        n = min(max(int(accept_num[b]), 0), width)
        for i in range(n):
            p = s - i
            if 0 <= p < length:
                pre_out[b, p] = accept_tokens[b, n - 1 - i]
    return pre_out, num_out, dec_out
