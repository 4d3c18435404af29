"""NumPy reference of ``speculate_get_output_padding_offset`` (contract:
docs/ops/speculate_get_output_padding_offset.md).

Plain per-slot Python that follows the page: each slot's number of output rows
read clamped to ``>= 0``, the packed offsets as the running sum of those
lengths, each capped at ``out_token_num``; slot ``b``'s rows carry slot ``b``
and the padding offset ``b * max_seq_len - cu_seqlens_q_output[b]``, saturated
to int32; rows no slot fills carry slot ``-1`` and the padding offset of a slot
``real_bsz`` after the last. Deliberately not vectorised: it is what the kernels
are compared against, in domain and out of it.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_get_output_padding_offset"]

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
NO_SLOT = -1  # the slot of an output row no slot fills


def _padding(b: int, max_seq_len: int, offset: int) -> int:
    """FastDeploy's padding before slot ``b``: ``b * max_seq_len - offset``, saturated to int32."""
    return min(max(b * max_seq_len - offset, INT32_MIN), INT32_MAX)


def speculate_get_output_padding_offset(
    seq_lens_output: np.ndarray, *, cpu_out_token_num: int, max_seq_len: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(output_padding_offset, output_cum_offsets, cu_seqlens_q_output,
    batch_id_per_token_output)``."""
    real_bsz = int(seq_lens_output.shape[0])
    rows = int(cpu_out_token_num)
    width = int(max_seq_len)

    padding = np.zeros(rows, np.int32)
    cum = np.zeros(real_bsz, np.int32)
    cu = np.zeros(real_bsz + 1, np.int32)
    slots = np.full(rows, NO_SLOT, np.int32)

    packed = 0  # the running sum of the lengths before slot b (Python int: exact)
    for b in range(real_bsz):
        start = min(packed, rows)
        packed += max(int(seq_lens_output[b]), 0)
        end = min(packed, rows)
        cu[b + 1] = end
        cum[b] = _padding(b, width, start)
        padding[start:end] = cum[b]
        slots[start:end] = b
    end_all = min(packed, rows)
    padding[end_all:] = _padding(real_bsz, width, end_all)
    return padding, cum, cu, slots
