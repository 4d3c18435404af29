"""NumPy reference of ``draft_model_update`` (contract: docs/ops/draft_model_update.md).

Plain per-slot Python following the page's "Semantics, per slot b"; deliberately not vectorised.

For a slot ``b < real_bsz`` fed in the forward just run (``n = draft_seq_lens_this_time[b] > 0``):
the draft cache length grows by ``n`` (saturating at INT32_MAX); the slot's token is
``draft_next_tokens[cu_seqlens_q[b+1] - 1]``, its last packed row (none if the rows
``cu[b] .. cu[b+1]-1`` are empty or leave ``[0, token_num)``); with ``j = seq_lens_this_time[b]``
(the index of the draft being appended, ``1 + drafts so far``), the token is appended as
``step_input_ids[b, j]`` and ``seq_lens_this_time[b] = j + 1`` iff ``1 <= j < max_step_tokens``
and ``step_idx[b] + j < max_dec_len[b]``; it is fed again (``draft_input_ids[b, 0] = token``,
``draft_seq_lens_this_time[b] = 1``) iff it was appended, ``prefill_one_step_stop`` is off, it is
not an end token, and one more draft would be appended too (``j + 1 < max_step_tokens`` and
``step_idx[b] + j + 1 < max_dec_len[b]``);
otherwise ``draft_seq_lens_this_time[b] = 0``. Every slot ``b < real_bsz`` ends with
``draft_seq_lens_encoder[b] = 0`` and ``draft_seq_lens_this_time[b]`` in ``{0, 1}``.

``has_draft_seqs[0]`` is written in every call: true iff some slot is fed again.

Out of domain (the page's "Out-of-domain values", which the kernels implement identically):
``draft_seq_lens_encoder`` and ``draft_seq_lens_decoder`` below 0 are read and written back as 0 in
every slot; ``draft_seq_lens_this_time < 0`` is a slot not fed; ``seq_lens_this_time[b] < 1``
appends nothing, ``> max_step_tokens`` is read as ``max_step_tokens`` (the row is full);
``step_idx`` and ``max_dec_len`` below 0 are read as 0; ``real_bsz > max_bsz`` makes
``min(real_bsz, max_bsz)`` slots take part; with no end token nothing matches.
"""

from __future__ import annotations

import numpy as np

__all__ = ["draft_model_update"]

INT32_MAX = 2**31 - 1


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def draft_model_update(
    draft_next_tokens: np.ndarray,
    cu_seqlens_q: np.ndarray,
    draft_seq_lens_this_time: np.ndarray,
    draft_seq_lens_encoder: np.ndarray,
    draft_seq_lens_decoder: np.ndarray,
    draft_input_ids: np.ndarray,
    step_input_ids: np.ndarray,
    seq_lens_this_time: np.ndarray,
    step_idx: np.ndarray,
    max_dec_len: np.ndarray,
    end_tokens: np.ndarray,
    has_draft_seqs: np.ndarray,
    *,
    prefill_one_step_stop: bool = False,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order: ``(draft_seq_lens_this_time,
    draft_seq_lens_encoder, draft_seq_lens_decoder, draft_input_ids, step_input_ids,
    seq_lens_this_time, has_draft_seqs)``.
    The inputs are never modified."""
    max_bsz, width = (int(n) for n in step_input_ids.shape)
    real_bsz = int(draft_seq_lens_this_time.shape[0])
    token_num = int(draft_next_tokens.shape[0])
    ends = [int(t) for t in end_tokens.tolist()]  # empty only if the glue was bypassed

    dslt = draft_seq_lens_this_time.copy()
    denc = draft_seq_lens_encoder.copy()
    ddec = draft_seq_lens_decoder.copy()
    draft_ids = draft_input_ids.copy()
    in_ids = step_input_ids.copy()
    slt_out = seq_lens_this_time.copy()
    flag = has_draft_seqs.copy()

    any_fed = False
    nslots = min(real_bsz, max_bsz)
    for b in range(max_bsz):
        # Every slot: the draft model's lengths clamped into their domains and written back.
        denc[b] = _clamp(int(draft_seq_lens_encoder[b]), 0, INT32_MAX)
        dec_d = _clamp(int(draft_seq_lens_decoder[b]), 0, INT32_MAX)
        ddec[b] = dec_d
        if b >= nslots:
            continue
        fed = int(draft_seq_lens_this_time[b])
        denc[b] = 0  # a prefill is over once its forward has run
        dslt[b] = 0  # unless fed again below
        if fed <= 0:
            continue
        ddec[b] = min(dec_d + fed, INT32_MAX)

        lo, hi = int(cu_seqlens_q[b]), int(cu_seqlens_q[b + 1])
        if not (0 <= lo < hi <= token_num):
            continue  # no packed row: no token, the slot is not drafted further
        tok = int(draft_next_tokens[hi - 1])

        j = _clamp(int(seq_lens_this_time[b]), 0, width)  # the draft's column, 1 + drafts so far
        s = max(int(step_idx[b]), 0)
        limit = max(int(max_dec_len[b]), 0)
        if j < 1 or j >= width or s + j >= limit:
            continue  # it would not fit the row, or is past the length limit: dropped
        in_ids[b, j] = tok
        slt_out[b] = j + 1
        if bool(prefill_one_step_stop) or tok in ends or j + 1 >= width or s + j + 1 >= limit:
            continue  # one draft per round, an end token, or no further draft would fit
        draft_ids[b, 0] = tok
        dslt[b] = 1
        any_fed = True

    flag[0] = any_fed
    return (dslt, denc, ddec, draft_ids, in_ids, slt_out, flag)
