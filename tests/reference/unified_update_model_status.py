"""NumPy reference of ``unified_update_model_status`` (contract: docs/ops/unified_update_model_status.md).

Written as plain per-slot Python that follows the page step by step: for a running slot, steps
1-8 in the page's order; for a slot ``b < real_bsz`` that is not running, the page's reset; slots
``b >= real_bsz`` are left untouched. It is deliberately not vectorised: it is the reference the
kernels are compared against.

The page's "Decisions where FastDeploy differs" are followed: a slot ``b >= real_bsz`` is never
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
- ``out_len`` read from ``step_output_len`` (non-naive mode) outside ``[0, max_step_tokens]`` is
  an invalid input and raises ``ValueError``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["INOUT_NAMES", "unified_update_model_status"]

# The in-place tensors, in spec order: the order of the returned arrays.
INOUT_NAMES = (
    "seq_lens_encoder",
    "seq_lens_decoder",
    "has_running_seqs",
    "step_input_ids",
    "step_output_ids",
    "step_output_len",
    "stop_flags",
    "seq_lens_this_time",
    "mask_rollback",
    "token_ids_all",
    "step_idx",
)


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
    """Return the in-place tensors after the op, as new arrays, in spec order (``INOUT_NAMES``):
    ``(seq_lens_encoder, seq_lens_decoder, has_running_seqs, step_input_ids, step_output_ids,
    step_output_len, stop_flags, seq_lens_this_time, mask_rollback, token_ids_all, step_idx)``.
    The inputs are never modified.
    """
    is_naive_mode = bool(is_naive_mode)
    prefill_one_step_stop = bool(prefill_one_step_stop)

    max_bsz, max_step_tokens = step_input_ids.shape
    real_bsz = int(seq_lens_this_time.shape[0])
    max_model_len = int(token_ids_all.shape[1])
    if real_bsz > max_bsz:
        raise ValueError(f"real_bsz ({real_bsz}) > max_bsz ({max_bsz})")
    ends = [int(t) for t in end_tokens.tolist()]
    if not ends:
        raise ValueError("end_tokens must hold at least one id")

    # New arrays for every in-place tensor; the read-only ones are only read.
    enc = seq_lens_encoder.copy()
    dec = seq_lens_decoder.copy()
    running_out = has_running_seqs.copy()
    in_ids = step_input_ids.copy()
    out_ids = step_output_ids.copy()
    out_lens = step_output_len.copy()
    stops = stop_flags.copy()
    slt = seq_lens_this_time.copy()
    rollback = mask_rollback.copy()
    history = token_ids_all.copy()
    idx = step_idx.copy()

    any_still_running = False
    for b in range(max_bsz):
        if b >= real_bsz:
            continue  # padding: not running, not touched
        running = not bool(stop_flags[b]) and not bool(is_paused[b])

        if not running:
            slt[b] = 0
            out_lens[b] = 0
            if bool(stop_flags[b]) and not bool(is_paused[b]):
                dec[b] = 0
            # paused: keeps its decoder length and stop flag (and everything else)
            continue

        # Step 1.
        out_len = 1 if is_naive_mode else int(step_output_len[b])
        if not 0 <= out_len <= max_step_tokens:
            raise ValueError(
                f"slot {b}: step_output_len {out_len} outside [0, max_step_tokens={max_step_tokens}]"
            )
        step_idx_before = int(step_idx[b])

        # Step 2: scan for end tokens and the length limit.
        cur = step_idx_before
        stopped = False
        for i in range(out_len):
            cur += 1
            tok = int(out_ids[b, i])
            is_end = tok in ends
            if is_end or cur >= int(max_dec_len[b]):
                if not is_end:
                    out_ids[b, i] = ends[0]
                out_len = i + 1
                stopped = True
                break
        idx[b] = cur

        # Step 3.
        if not stopped and prefill_one_step_stop and int(enc[b]) > 0:
            stopped = True

        # Step 4.
        if stopped:
            stops[b] = True
            rollback[b] = 0
            if out_len == 0:
                dec[b] = 0
        elif int(enc[b]) == 0:  # decode
            dec[b] = int(dec[b]) + out_len
            rollback[b] = int(seq_lens_this_time[b]) - out_len
        else:  # prefill
            rollback[b] = 0

        # Step 5: prefill bookkeeping.
        if int(enc[b]) > 0:
            dec[b] = int(dec[b]) + int(enc[b])
            enc[b] = 0

        # Step 6: output length and the contiguous history.
        out_lens[b] = out_len
        for k in range(out_len):
            s = step_idx_before + k + 1  # the generated token's number, 1-based
            pos = int(prompt_lens[b]) + s - 1
            if pos < 0:
                raise ValueError(f"slot {b}: history position {pos} < 0")
            if pos < max_model_len:
                history[b, pos] = out_ids[b, k]

        # Step 7.
        if out_len > 0:
            in_ids[b, 0] = out_ids[b, out_len - 1]

        # Step 8.
        if is_naive_mode:
            slt[b] = 0 if stopped else 1

        if not stopped:
            any_still_running = True

    running_out[0] = any_still_running
    return (enc, dec, running_out, in_ids, out_ids, out_lens, stops, slt, rollback, history, idx)
