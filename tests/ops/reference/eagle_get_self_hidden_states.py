"""NumPy reference of ``eagle_get_self_hidden_states`` (contract:
docs/ops/eagle_get_self_hidden_states.md).

Plain per-slot Python following the page's "Semantics"; deliberately not vectorised.

``hidden_states`` holds the draft model's rows of its last forward slot after slot. For each slot
``b < real_bsz``, with ``last = max(last_seq_lens_this_time[b], 0)`` and ``first = step_idx[b] == 1``,
``(in, take)``:

- ``seq_lens_this_time[b] > 0``: ``(1, True)`` if ``first``, else ``(last, last > 0)``;
- else: ``(1 if last > 0 else 0, False)`` if ``first``, else ``(last, False)``.

A slot that takes a row takes the last of its ``in`` packed rows, unless it lies past the end of
``hidden_states`` (then no later slot takes one either). Returns the rows taken and their number
(``output_token_num``, int32 ``[1]``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["eagle_get_self_hidden_states", "slot_rows"]


def slot_rows(last_this_time: int, this_time: int, step: int) -> tuple[int, bool]:
    """``(packed rows of the slot, whether it takes its last row)``."""
    last = max(last_this_time, 0)
    first = step == 1
    if this_time > 0:
        return (1, True) if first else (last, last > 0)
    return (1 if last > 0 else 0, False) if first else (last, False)


def eagle_get_self_hidden_states(
    hidden_states: np.ndarray,
    last_seq_lens_this_time: np.ndarray,
    seq_lens_this_time: np.ndarray,
    step_idx: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(out, output_token_num)``: the rows taken, ``[count, dim_embed]`` of the dtype of
    ``hidden_states``, and ``[count]`` as int32 ``[1]``."""
    rows = int(hidden_states.shape[0])
    real_bsz = min(int(seq_lens_this_time.shape[0]), int(step_idx.shape[0]))
    taken: list[int] = []
    in_off = 0
    for b in range(real_bsz):
        packed, take = slot_rows(
            int(last_seq_lens_this_time[b]), int(seq_lens_this_time[b]), int(step_idx[b])
        )
        in_off += packed
        if take and in_off <= rows:
            taken.append(in_off - 1)
    out = hidden_states[np.array(taken, dtype=np.int64)].reshape(len(taken), hidden_states.shape[1])
    return out.copy(), np.array([len(taken)], np.int32)
