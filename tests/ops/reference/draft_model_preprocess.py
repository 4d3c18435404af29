"""NumPy reference of ``draft_model_preprocess`` (contract: docs/ops/draft_model_preprocess.md).

Plain per-slot Python that follows the page's "Semantics, per slot b" in its order; it is
deliberately not vectorised: it is what the kernels are compared against.

For a slot ``b < real_bsz`` (slots ``b >= real_bsz`` only get the clamping of "Out-of-domain
values"), in the page's order of cases:

- stop-flagged: the target's ``seq_lens_this_time[b] = 0`` (the next step does not feed it), the
  draft model skips it (``draft_seq_lens_this_time = 0``, encoder 0) and its cache length is reset
  to 0 (the request is over);
- ``seq_lens_this_time[b] <= 0`` (idle or paused): skipped, the draft cache length kept;
- ``seq_lens_encoder[b] > 0`` (the target has not prefilled the slot yet): skipped, the draft
  cache length reset to 0 (a new request);
- otherwise the slot keeps decoding: the target's ``seq_lens_this_time[b] = 1`` and
  ``step_input_ids[b, 1:] = -1``; with ``L = prompt_lens[b] + step_idx[b]`` history tokens (the
  last one, ``token_ids_all[b, L-1]``, the target's next input), the draft model is fed iff
  ``max_step_tokens >= 2``, ``step_idx[b] + 1 < max_dec_len[b]`` and ``1 <= L <= max_model_len``:
  with ``v = min(draft_seq_lens_decoder[b], L - 1)`` valid cache tokens, a decode of the ``L - v``
  tokens ``token_ids_all[b, v:L]`` copied to ``draft_input_ids[b, :L-v]`` if ``v > 0`` and
  ``L - v <= max_step_tokens``, else a prefill of the whole history (encoder ``L``, cache 0).

``has_draft_seqs[0]`` is written in every call: true iff some slot is fed.

Out of domain (the page's "Out-of-domain values", which the kernels implement identically):
``draft_seq_lens_encoder`` and ``draft_seq_lens_decoder`` below 0 are read and written back as 0
in every slot; ``seq_lens_encoder``, ``step_idx`` and ``max_dec_len`` below 0 are read as 0,
``prompt_lens`` clamped into ``[0, max_model_len]``; ``real_bsz > max_bsz`` makes
``min(real_bsz, max_bsz)`` slots take part; ``stop_flags`` is read as bytes, any non-zero byte
true.
"""

from __future__ import annotations

import numpy as np

__all__ = ["draft_model_preprocess"]

INT32_MAX = 2**31 - 1


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def _flag_bytes(flags: np.ndarray) -> np.ndarray:
    """A bool tensor read as its bytes: any non-zero byte is true."""
    a = np.ascontiguousarray(flags)
    return (a.view(np.uint8) if a.dtype == np.bool_ else a) != 0


def draft_model_preprocess(
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    stop_flags: np.ndarray,
    step_idx: np.ndarray,
    max_dec_len: np.ndarray,
    prompt_lens: np.ndarray,
    token_ids_all: np.ndarray,
    step_input_ids: np.ndarray,
    draft_input_ids: np.ndarray,
    draft_seq_lens_this_time: np.ndarray,
    draft_seq_lens_encoder: np.ndarray,
    draft_seq_lens_decoder: np.ndarray,
    has_draft_seqs: np.ndarray,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order: ``(seq_lens_this_time,
    step_input_ids, draft_input_ids, draft_seq_lens_this_time, draft_seq_lens_encoder,
    draft_seq_lens_decoder, has_draft_seqs)``.
    The inputs are never modified."""
    max_bsz, width = (int(n) for n in step_input_ids.shape)
    real_bsz = int(seq_lens_this_time.shape[0])
    max_model_len = int(token_ids_all.shape[1])

    slt_out = seq_lens_this_time.copy()
    in_ids = step_input_ids.copy()
    draft_ids = draft_input_ids.copy()
    dslt = draft_seq_lens_this_time.copy()
    denc = draft_seq_lens_encoder.copy()
    ddec = draft_seq_lens_decoder.copy()
    flag = has_draft_seqs.copy()

    stopped_in = _flag_bytes(stop_flags)
    any_fed = False
    nslots = min(real_bsz, max_bsz)
    for b in range(max_bsz):
        # Every slot: the draft model's lengths clamped into their domains and written back.
        enc_d = _clamp(int(draft_seq_lens_encoder[b]), 0, INT32_MAX)
        dec_d = _clamp(int(draft_seq_lens_decoder[b]), 0, INT32_MAX)
        denc[b], ddec[b] = enc_d, dec_d
        if b >= nslots:
            continue
        # Unless the slot is fed below, the draft model skips it.
        dslt[b] = 0
        denc[b] = 0
        if stopped_in[b]:
            slt_out[b] = 0  # the target does not feed it either
            ddec[b] = 0  # the request is over
            continue
        if int(seq_lens_this_time[b]) <= 0:
            continue  # idle or paused: the draft cache is kept
        if max(int(seq_lens_encoder[b]), 0) > 0:
            ddec[b] = 0  # a new request, not prefilled by the target yet
            continue

        # The slot keeps decoding: its target row is its next input token alone.
        slt_out[b] = 1
        in_ids[b, 1:] = -1

        s = max(int(step_idx[b]), 0)
        limit = max(int(max_dec_len[b]), 0)
        prompt = _clamp(int(prompt_lens[b]), 0, max_model_len)
        hist = prompt + s  # L, the history length
        if width < 2 or s + 1 >= limit or not 1 <= hist <= min(max_model_len, INT32_MAX):
            continue  # no draft can be used or read: the cache is kept
        v = min(dec_d, hist - 1)
        if v > 0 and hist - v <= width:
            n = hist - v
            draft_ids[b, :n] = token_ids_all[b, v:hist]
            dslt[b] = n
            ddec[b] = v
        else:
            dslt[b] = hist
            denc[b] = hist
            ddec[b] = 0
        any_fed = True

    flag[0] = any_fed
    return (slt_out, in_ids, draft_ids, dslt, denc, ddec, flag)
