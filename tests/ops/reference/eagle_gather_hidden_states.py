"""NumPy reference of ``eagle_gather_hidden_states`` (contract:
docs/ops/eagle_gather_hidden_states.md).

Plain per-slot Python following the page's "Semantics"; deliberately not vectorised.

``hidden_states`` holds the rows of the slots fed this step, slot after slot. Slot ``b`` is fed iff
``seq_lens_this_time[b] > 0`` (a length below 0 counts as 0); the k-th fed slot's last packed row,
``seq_lens_this_time[0] + ... + seq_lens_this_time[b] - 1`` (over the positive lengths), becomes
row ``k`` of ``out``, or zeros if it lies past the end of ``hidden_states``. The rows after the fed
slots' are zeros. ``output_token_num`` is the number of fed slots.
"""

from __future__ import annotations

import numpy as np

__all__ = ["eagle_gather_hidden_states"]


def eagle_gather_hidden_states(
    hidden_states: np.ndarray, seq_lens_this_time: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(out, output_token_num)``: ``[real_bsz, dim_embed]`` of the dtype of
    ``hidden_states``, and int32 ``[1]``."""
    rows, width = (int(n) for n in hidden_states.shape)
    real_bsz = int(seq_lens_this_time.shape[0])
    out = np.zeros((real_bsz, width), dtype=hidden_states.dtype)  # all bits 0 for every dtype
    end = 0
    k = 0
    for b in range(real_bsz):
        length = int(seq_lens_this_time[b])
        if length <= 0:
            continue
        end += length
        if end <= rows:
            out[k] = hidden_states[end - 1]
        k += 1
    return out, np.array([k], np.int32)
