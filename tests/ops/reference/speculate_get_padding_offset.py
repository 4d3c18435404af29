"""NumPy reference of ``speculate_get_padding_offset`` (contract:
docs/ops/speculate_get_padding_offset.md).

Plain per-slot Python that follows the page: each slot's length read clamped to
``>= 0`` (a slot ``b >= max_bsz`` has none), the packed offsets as the running
sum of those lengths, each capped at ``token_num``; a slot's tokens from its
prompt row (prefill, ``seq_lens_encoder[b] > 0``) or its token row (decode),
``-1`` past the end of that row; positions no slot fills get id ``-1`` and slot
``-1``. It is deliberately not vectorised: it is what the kernels are compared
against, in domain and out of it ("Out-of-domain values" on the page).
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_get_padding_offset"]

NO_TOKEN = -1  # the id of a packed position no source row fills
NO_SLOT = -1  # the slot of a packed position no slot fills


def speculate_get_padding_offset(
    input_ids: np.ndarray,
    step_input_ids: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    *,
    cpu_token_num: int,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(ids_remove_padding, batch_id_per_token, cu_seqlens_q, cu_seqlens_k)``."""
    max_bsz, max_seq_len = (int(n) for n in input_ids.shape)
    max_step_tokens = int(step_input_ids.shape[1])
    real_bsz = int(seq_lens_this_time.shape[0])
    token_num = int(cpu_token_num)

    ids = np.full(token_num, NO_TOKEN, np.int64)
    slots = np.full(token_num, NO_SLOT, np.int32)
    cu = np.zeros(real_bsz + 1, np.int32)

    packed = 0  # the running sum of the lengths before slot b (Python int: exact)
    for b in range(real_bsz):
        length = max(int(seq_lens_this_time[b]), 0) if b < max_bsz else 0
        start = min(packed, token_num)
        packed += length
        end = min(packed, token_num)
        cu[b + 1] = end
        if end == start:
            continue
        prefill = int(seq_lens_encoder[b]) > 0
        row, width = (
            (input_ids[b], max_seq_len) if prefill else (step_input_ids[b], max_step_tokens)
        )
        for k in range(end - start):
            ids[start + k] = int(row[k]) if k < width else NO_TOKEN
            slots[start + k] = b
    return ids, slots, cu, cu.copy()
