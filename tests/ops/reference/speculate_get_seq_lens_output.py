"""NumPy reference of ``speculate_get_seq_lens_output`` (contract:
docs/ops/speculate_get_seq_lens_output.md).

Plain per-slot Python following the page: a slot ``b < real_bsz`` produces 0 output rows if it is
idle (``seq_lens_this_time[b] <= 0``: 0 is the in-domain idle slot, a negative count is read as
idle too), 1 if it is in prefill (``seq_lens_encoder[b] != 0``, a negative value included, as
verify_draft_tokens reads it), and ``seq_lens_this_time[b]`` otherwise (a decode slot: its input
token and each draft get a row). A slot ``b >= max_bsz`` (only reachable past the glue, which
rejects ``real_bsz > max_bsz``) has no state and is idle.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_get_seq_lens_output"]


def speculate_get_seq_lens_output(
    seq_lens_this_time: np.ndarray, seq_lens_encoder: np.ndarray
) -> np.ndarray:
    """Return ``seq_lens_output`` (int32, ``[real_bsz]``), a new array; the inputs are not
    modified."""
    real_bsz = int(seq_lens_this_time.shape[0])
    max_bsz = int(seq_lens_encoder.shape[0])
    out = np.zeros(real_bsz, dtype=np.int32)
    for b in range(real_bsz):
        fed = int(seq_lens_this_time[b])
        if b >= max_bsz or fed <= 0:
            out[b] = 0  # idle: no token fed, no row
        elif int(seq_lens_encoder[b]) != 0:
            out[b] = 1  # prefill: only the last prompt position is sampled
        else:
            out[b] = fed  # decode: the input token and each draft
    return out
