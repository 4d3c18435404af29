"""NumPy reference of ``speculate_pre_process`` (contract: docs/ops/speculate_pre_process.md).

Plain per-slot Python that follows the page, in two layouts over the same slots:

- the input side, as ``speculate_get_padding_offset``'s reference: each slot's length read
  clamped to ``>= 0`` (a slot ``b >= max_bsz`` has none), the packed offsets the running sums
  capped at ``token_num``; a slot's tokens from its draft row when ``max_draft_tokens > 0`` and
  ``seq_lens_encoder[b] <= 0`` (FastDeploy's rule), else from its prompt row, ``-1`` past the
  end of that row; positions no slot fills get id ``-1`` and slot ``-1``;
- the output side, as ``speculate_get_seq_lens_output`` then ``speculate_get_output_padding_offset``
  with ``real_bsz * max_draft_tokens`` rows: a slot's output rows are 0 (idle or a negative
  length), 1 (prefill, ``seq_lens_encoder[b] != 0``) or its length (decode); the offsets are the
  running sums capped at the buffer's rows; rows no slot fills get slot ``-1``; the row count is
  the last offset.

Deliberately not vectorised: it is what the kernels are compared against, in domain and out of it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_pre_process"]

NO_TOKEN = -1  # the id of a packed position no source row fills
NO_SLOT = -1  # the slot of a position or output row no slot fills
INT32_MAX = 2**31 - 1


def speculate_pre_process(
    input_ids: np.ndarray,
    seq_len: np.ndarray,
    draft_tokens: np.ndarray,
    seq_lens_encoder: np.ndarray,
    *,
    cpu_token_num: int,
) -> tuple[np.ndarray, ...]:
    """Return ``(ids_remove_padding, batch_id_per_token, cu_seqlens_q, cu_seqlens_k,
    cu_seq_lens_q_output, batch_id_per_token_output, real_output_token_num)``."""
    max_bsz, max_seq_len = (int(n) for n in input_ids.shape)
    max_draft_tokens = int(draft_tokens.shape[1])
    real_bsz = int(seq_len.shape[0])
    token_num = int(cpu_token_num)
    out_rows = real_bsz * max_draft_tokens  # batch_id_per_token_output's length
    out_cap = min(out_rows, INT32_MAX)  # the offsets are int32

    ids = np.full(token_num, NO_TOKEN, np.int64)
    slots = np.full(token_num, NO_SLOT, np.int32)
    cu = np.zeros(real_bsz + 1, np.int32)
    cu_out = np.zeros(real_bsz + 1, np.int32)
    slots_out = np.full(out_rows, NO_SLOT, np.int32)

    packed = 0  # tokens of the slots before b (Python int: exact)
    emitted = 0  # output rows of the slots before b
    for b in range(real_bsz):
        has_state = b < max_bsz
        length = max(int(seq_len[b]), 0) if has_state else 0
        encoder = int(seq_lens_encoder[b]) if has_state else 0

        # Input side.
        start = min(packed, token_num)
        packed += length
        end = min(packed, token_num)
        cu[b + 1] = end
        if end > start:
            drafts = max_draft_tokens > 0 and encoder <= 0
            row, width = (
                (draft_tokens[b], max_draft_tokens) if drafts else (input_ids[b], max_seq_len)
            )
            for k in range(end - start):
                ids[start + k] = int(row[k]) if k < width else NO_TOKEN
                slots[start + k] = b

        # Output side.
        rows = 0 if length == 0 else (1 if encoder != 0 else length)
        first = min(emitted, out_cap)
        emitted += rows
        last = min(emitted, out_cap)
        cu_out[b + 1] = last
        slots_out[first:last] = b

    real_output_token_num = np.array([min(emitted, out_cap)], np.int32)
    return ids, slots, cu, cu.copy(), cu_out, slots_out, real_output_token_num
