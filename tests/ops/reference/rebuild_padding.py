"""NumPy reference of ``rebuild_padding`` (contract: docs/ops/rebuild_padding.md).

Plain per-row Python that follows the page: an output row's slot is the last slot whose output
offset is at or before it (and whose next offset is past it); its index in the slot and the
slot's row count name a fed position (a prefill slot's last positions, a decode slot's first);
the row is the hidden row at that packed position, or zeros when any of these steps finds
nothing. Deliberately not vectorised: it is what the kernels are compared against, in domain and
out of it.

``T`` is float32, float16 or bfloat16; a bfloat16 array arrives as ``np.uint16`` bit patterns.
The op only copies rows and writes zeros, so the output holds exact copies of input elements
(bit for bit) and zeros (all bits 0), whatever ``T``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["rebuild_padding", "source_row"]


def source_row(
    r: int,
    cu_seqlens_q: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    cu_seqlens_q_output: np.ndarray,
    token_num: int,
) -> int | None:
    """The packed row of ``hidden`` that output row ``r`` copies, or None (a row of zeros)."""
    real_bsz = int(seq_lens_this_time.shape[0])
    max_bsz = int(seq_lens_encoder.shape[0])
    # The slot: the last b < real_bsz whose output offset is <= r ...
    b = real_bsz - 1
    while b >= 0 and int(cu_seqlens_q_output[b]) > r:
        b -= 1
    # ... if its rows reach r.
    if b < 0 or r >= int(cu_seqlens_q_output[b + 1]):
        return None
    k = r - int(cu_seqlens_q_output[b])
    length = int(cu_seqlens_q_output[b + 1]) - int(cu_seqlens_q_output[b])
    fed = int(seq_lens_this_time[b])
    if fed <= 0 or b >= max_bsz:  # an idle slot owns no packed row
        return None
    prefill = int(seq_lens_encoder[b]) != 0
    pos = fed - length + k if prefill else k
    if not 0 <= pos < fed:
        return None
    src = int(cu_seqlens_q[b]) + pos
    if not 0 <= src < token_num:
        return None
    return src


def rebuild_padding(
    hidden: np.ndarray,
    cu_seqlens_q: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    cu_seqlens_q_output: np.ndarray,
    *,
    cpu_out_token_num: int,
) -> np.ndarray:
    """Return ``out`` ``[cpu_out_token_num, hidden_size]``, of the dtype of ``hidden``."""
    token_num, hidden_size = (int(n) for n in hidden.shape)
    rows = int(cpu_out_token_num)
    out = np.zeros((rows, hidden_size), dtype=hidden.dtype)  # all bits 0 for every T
    for r in range(rows):
        src = source_row(
            r, cu_seqlens_q, seq_lens_this_time, seq_lens_encoder, cu_seqlens_q_output, token_num
        )
        if src is not None:
            out[r, :] = hidden[src, :]
    return out
