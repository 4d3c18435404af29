"""NumPy reference of ``eagle_get_hidden_states`` (contract: docs/ops/eagle_get_hidden_states.md).

Plain per-slot Python following the page's "Semantics"; deliberately not vectorised.

``hidden_states`` holds the target model's rows slot after slot. For each slot ``b < real_bsz``,
``(in, take)``:

- ``seq_lens_encoder[b] > 0`` (the draft model prefills it): ``in = take = seq_lens_encoder[b]``;
- else ``in = max(base_model_seq_lens_this_time[b], 0)``, and ``take = 0`` if
  ``seq_lens_this_time[b] == 0`` (the draft model skips it), else ``accept_nums[b]`` clamped into
  ``[0, in]``.

The slot's first ``take`` packed rows are appended to ``out``; its ``in`` rows are skipped in
``hidden_states``. A row past the end of ``hidden_states`` is not taken (nor any after it).
Returns the rows taken and their number (``output_token_num``, int32 ``[1]``).
"""

from __future__ import annotations

import numpy as np

__all__ = ["eagle_get_hidden_states", "slot_rows"]


def slot_rows(encoder: int, base: int, this_time: int, accepted: int) -> tuple[int, int]:
    """``(packed rows of the slot, rows taken)`` for one slot's four counts."""
    if encoder > 0:
        return encoder, encoder
    packed = max(base, 0)
    if this_time == 0:
        return packed, 0
    return packed, min(max(accepted, 0), packed)


def eagle_get_hidden_states(
    hidden_states: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    accept_nums: np.ndarray,
    base_model_seq_lens_this_time: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(out, output_token_num)``: the rows taken, ``[count, dim_embed]`` of the dtype of
    ``hidden_states``, and ``[count]`` as int32 ``[1]``."""
    rows = int(hidden_states.shape[0])
    real_bsz = min(int(seq_lens_this_time.shape[0]), int(seq_lens_encoder.shape[0]))
    taken: list[int] = []
    in_off = 0
    for b in range(real_bsz):
        packed, take = slot_rows(
            int(seq_lens_encoder[b]),
            int(base_model_seq_lens_this_time[b]),
            int(seq_lens_this_time[b]),
            int(accept_nums[b]),
        )
        taken.extend(range(in_off, min(in_off + take, rows)))  # none past hidden_states
        in_off += packed
    out = hidden_states[np.array(taken, dtype=np.int64)].reshape(len(taken), hidden_states.shape[1])
    return out.copy(), np.array([len(taken)], np.int32)
