"""NumPy reference of ``unified_update_model_status`` (contract: docs/ops/unified_update_model_status.md).

Written as plain per-slot Python that follows the page step by step: for a running slot, steps
1-8 in the page's order; for a slot ``b < real_bsz`` that is not running, the page's reset; slots
``b >= real_bsz`` take no part (only the clamping of "Out-of-domain values" reaches them). It is deliberately not vectorised: it is the reference the
kernels are compared against.

The page's "Differences from FastDeploy" are followed: a slot ``b >= real_bsz`` is never
running (``seq_lens_this_time`` is never read there), a paused slot keeps its state, the history
row is contiguous (generated token ``s`` at ``prompt_lens[b] + s - 1``) and a token landing at or
past ``max_model_len`` is not written (the others of the same step still are).

Where the page leaves room, this reference decides (and the tests pin it down):

- A slot ``b < real_bsz`` that is both paused and stop-flagged is treated as paused: it keeps its
  decoder length (the page's "a paused slot keeps its decoder length and stop flag"); only a
  stop-flagged slot that is not paused gets ``seq_lens_decoder[b] = 0``.
- Steps 4 and 5 run in the page's order, so a prefill slot that stops with ``out_len == 0`` ends
  with ``seq_lens_decoder[b] = seq_lens_encoder[b]`` (zeroed by step 4, then step 5 adds the
  encoder length).
- ``has_running_seqs[0]`` is always written (false when no slot ran and stayed running).

The op is total: it is defined for any values in correctly shaped buffers, by the page's section
"Out-of-domain values", which this reference implements exactly as the kernels do (so they agree
bit for bit on hostile inputs too). In every slot, the in-place lengths and counters are first
clamped into their declared domains and written back (``seq_lens_encoder``, ``seq_lens_decoder``
and ``step_idx`` below 0 become 0; ``step_output_len`` goes into ``[0, max_step_tokens]``), which
is the identity on in-domain values; a running slot reads ``seq_lens_this_time`` clamped into
``[0, max_step_tokens]`` (it is never written back clamped), ``prompt_lens`` clamped into
``[0, max_model_len]`` and ``max_dec_len`` clamped to ``>= 0``; naive mode's one token is clamped to ``max_step_tokens``; sums
that would leave their dtype saturate (``seq_lens_decoder`` at INT32_MAX, ``step_idx`` at
INT64_MAX). A running slot always ends with ``seq_lens_encoder = 0``. Shapes the glue rejects are
handled too: ``real_bsz > max_bsz`` makes ``min(real_bsz, max_bsz)`` slots take part, and with no
end token a token at the length limit is kept (the slot still stops). The bool inputs
``stop_flags`` and ``is_paused`` are read as bytes, any non-zero byte true
(``array.view(np.uint8) != 0``); every bool written is ``True``/``False`` (byte 1/0), and an
element left untouched keeps the caller's byte.
"""

from __future__ import annotations

import numpy as np

__all__ = ["unified_update_model_status"]

INT32_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1


def _clamp(v: int, lo: int, hi: int) -> int:
    """``v`` clamped into ``[lo, hi]``: how an out-of-domain value is read (the page's
    "Out-of-domain values")."""
    return lo if v < lo else hi if v > hi else v


def _flag_bytes(flags: np.ndarray) -> np.ndarray:
    """A bool tensor read as its bytes: any non-zero byte is true (a bool array may hold bytes
    2..255; the kernels read such flags as bytes)."""
    a = np.ascontiguousarray(flags)
    return (a.view(np.uint8) if a.dtype == np.bool_ else a) != 0


def unified_update_model_status(
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    has_running_seqs: np.ndarray,
    step_input_ids: np.ndarray,
    step_output_ids: np.ndarray,
    step_output_len: np.ndarray,
    stop_flags: np.ndarray,
    seq_lens_this_time: np.ndarray,
    is_paused: np.ndarray,
    mask_rollback: np.ndarray,
    token_ids_all: np.ndarray,
    prompt_lens: np.ndarray,
    step_idx: np.ndarray,
    end_tokens: np.ndarray,
    max_dec_len: np.ndarray,
    *,
    is_naive_mode: bool = False,
    prefill_one_step_stop: bool = False,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order:
    ``(seq_lens_encoder, seq_lens_decoder, has_running_seqs, step_input_ids, step_output_ids,
    step_output_len, stop_flags, seq_lens_this_time, mask_rollback, token_ids_all, step_idx)``.
    The inputs are never modified.
    """
    is_naive_mode = bool(is_naive_mode)
    prefill_one_step_stop = bool(prefill_one_step_stop)

    max_bsz, max_step_tokens = (int(n) for n in step_input_ids.shape)
    real_bsz = int(seq_lens_this_time.shape[0])
    max_model_len = int(token_ids_all.shape[1])
    ends = [int(t) for t in end_tokens.tolist()]  # empty only if the glue was bypassed

    # New arrays for every in-place tensor; the read-only ones are only read.
    enc_out = seq_lens_encoder.copy()
    dec_out = seq_lens_decoder.copy()
    running_out = has_running_seqs.copy()
    in_ids = step_input_ids.copy()
    out_ids = step_output_ids.copy()
    out_lens = step_output_len.copy()
    stops = stop_flags.copy()
    slt_out = seq_lens_this_time.copy()
    rollback = mask_rollback.copy()
    history = token_ids_all.copy()
    idx = step_idx.copy()

    # The bool inputs read as bytes, any non-zero byte true (the page's "Out-of-domain values":
    # Paddle keeps whatever byte a bool tensor was given, and the kernels read the flags as bytes).
    stop_in = _flag_bytes(stop_flags)
    paused_in = _flag_bytes(is_paused)

    any_still_running = False
    nslots = min(real_bsz, max_bsz)  # slots b >= real_bsz: padding, never running
    for b in range(max_bsz):
        # Every slot: the in-place lengths and counters, clamped into their domains and written
        # back (the identity on in-domain values); a padding slot gets only this.
        enc = _clamp(int(seq_lens_encoder[b]), 0, INT32_MAX)
        dec = _clamp(int(seq_lens_decoder[b]), 0, INT32_MAX)
        len_in = _clamp(int(step_output_len[b]), 0, max_step_tokens)
        step_idx_before = _clamp(int(step_idx[b]), 0, INT64_MAX)
        enc_out[b], dec_out[b], out_lens[b], idx[b] = enc, dec, len_in, step_idx_before
        if b >= nslots:
            continue
        running = not stop_in[b] and not paused_in[b]
        if not running:
            slt_out[b] = 0
            out_lens[b] = 0
            if stop_in[b] and not paused_in[b]:
                dec_out[b] = 0
            # paused: keeps its decoder length and stop flag (and everything else)
            continue

        # The values the semantics only read, clamped into their domains here (seq_lens_this_time
        # is kept as it is: prefill slots may feed more tokens than a row holds).
        slt = _clamp(int(seq_lens_this_time[b]), 0, max_step_tokens)
        prompt_len = _clamp(int(prompt_lens[b]), 0, max_model_len)
        dec_limit = _clamp(int(max_dec_len[b]), 0, INT64_MAX)

        # Step 1, out_len clamped to the row (naive mode's 1 too).
        out_len = _clamp(1, 0, max_step_tokens) if is_naive_mode else len_in

        # Step 2: scan for end tokens and the length limit; step_idx saturates at INT64_MAX
        # (which is >= every limit, so a saturated slot stops at that token).
        cur = step_idx_before
        stopped = False
        for i in range(out_len):
            cur = min(cur + 1, INT64_MAX)
            tok = int(out_ids[b, i])
            is_end = tok in ends
            if is_end or cur >= dec_limit:
                if not is_end and ends:
                    out_ids[b, i] = ends[0]
                out_len = i + 1
                stopped = True
                break
        idx[b] = cur

        # Step 3.
        if not stopped and prefill_one_step_stop and enc > 0:
            stopped = True

        # Step 4.
        if stopped:
            stops[b] = True
            rollback[b] = 0
            if out_len == 0:
                dec = 0
        elif enc == 0:  # decode
            dec = min(dec + out_len, INT32_MAX)
            rollback[b] = slt - out_len
        else:  # prefill
            rollback[b] = 0

        # Step 5: prefill bookkeeping; a running slot ends with seq_lens_encoder 0.
        dec_out[b] = min(dec + enc, INT32_MAX)
        enc_out[b] = 0

        # Step 6: output length and the contiguous history.
        out_lens[b] = out_len
        for k in range(out_len):
            s = step_idx_before + k + 1  # the generated token's number, 1-based
            pos = prompt_len + s - 1  # >= 0: both terms are clamped to >= 0
            if pos < max_model_len:
                history[b, pos] = out_ids[b, k]

        # Step 7.
        if out_len > 0:
            in_ids[b, 0] = out_ids[b, out_len - 1]

        # Step 8.
        if is_naive_mode:
            slt_out[b] = 0 if stopped else 1

        if not stopped:
            any_still_running = True

    running_out[0] = any_still_running
    return (
        enc_out,
        dec_out,
        running_out,
        in_ids,
        out_ids,
        out_lens,
        stops,
        slt_out,
        rollback,
        history,
        idx,
    )
