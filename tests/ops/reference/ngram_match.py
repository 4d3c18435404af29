"""NumPy reference of ``ngram_match`` (contract: docs/ops/ngram_match.md).

Plain per-slot Python that follows the page: slots are visited in order ``b = 0 .. real_bsz-1``
because the step's token budget (``infer_with_reference_tokenum_threshold``) is a running sum over
them. For each slot:

- prefill (``seq_lens_encoder[b] > 0``): ``seq_lens_this_time[b]`` is kept (read, and written back,
  as ``max(0, value)``) and counts toward the running sum;
- idle (not prefill, ``seq_lens_decoder[b] <= 0``): ``seq_lens_this_time[b] = 0``;
- decode (the rest): 1 token, plus the drafts the n-gram search finds, within the slot's draft
  limit and what the budget leaves.

The search (``_match``) reads the slot's history ``token_ids_all[b, 0 : prompt_len + step_idx]``
as one sequence: for n from ``max_ngram_size`` down to 1, the earliest window ``i < L - n`` equal
to the last n tokens ``[L - n, L)`` wins, and the drafts are the tokens after it (at least one
always follows, since the window starts before ``L - n``).

Out-of-domain values are read as the page's "Out-of-domain values" says (the same rules as both
kernels): negative ``seq_lens_encoder``, ``seq_lens_decoder``, ``step_idx``,
``draft_token_num`` and prefill ``seq_lens_this_time`` read as 0; ``prompt_lens`` clamped into
``[0, max_model_len]``; a history that does not fit the row gives no drafts; all arithmetic is in
exact integers.
"""

from __future__ import annotations

import numpy as np

__all__ = ["ngram_match"]


def _match(row: np.ndarray, length: int, max_ngram_size: int) -> tuple[int, int] | None:
    """The drafts' source in the history ``row[:length]``: ``(start, available)`` of the earliest
    earlier occurrence of the longest n-gram that recurs, or None."""
    h = [int(v) for v in row[:length]]
    for n in range(max_ngram_size, 0, -1):
        if length - n < 1:  # the n-gram needs a window before it
            continue
        gram = h[length - n :]
        for i in range(length - n):
            if h[i : i + n] == gram:
                return i + n, length - (i + n)
    return None


def ngram_match(
    token_ids_all: np.ndarray,
    prompt_lens: np.ndarray,
    step_idx: np.ndarray,
    draft_token_num: np.ndarray | None,
    step_input_ids: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    max_dec_len: np.ndarray,
    *,
    max_ngram_size: int = 3,
    max_draft_tokens: int = 10,
    infer_with_reference_tokenum_threshold: int = 128,
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(step_input_ids, seq_lens_this_time)`` after the op, as new arrays; the inputs
    are not modified."""
    max_bsz, max_model_len = (int(n) for n in token_ids_all.shape)
    max_step_tokens = int(step_input_ids.shape[1])
    real_bsz = int(seq_lens_this_time.shape[0])
    threshold = int(infer_with_reference_tokenum_threshold)

    ids_out = step_input_ids.copy()
    slt_out = seq_lens_this_time.copy()

    nslots = min(real_bsz, max_bsz)  # slots with state (real_bsz > max_bsz only past the glue)

    def kind(b: int) -> str:
        if int(seq_lens_encoder[b]) > 0:
            return "prefill"
        return "decode" if int(seq_lens_decoder[b]) > 0 else "idle"

    # Slots that still need tokens: every prefill and decode slot (FastDeploy's count, never
    # decremented for a prefill slot).
    left = sum(1 for b in range(nslots) if kind(b) != "idle")
    total = 0  # tokens of the step so far, slot by slot
    for b in range(real_bsz):
        if b >= nslots:
            slt_out[b] = 0
            continue
        k = kind(b)
        if k == "prefill":
            fed = max(0, int(seq_lens_this_time[b]))
            slt_out[b] = fed
            total += fed
            continue
        if k == "idle":
            slt_out[b] = 0
            continue

        # Decode: one token, then the drafts.
        slt_out[b] = 1
        left -= 1
        total += 1
        done = max(0, int(step_idx[b]))
        limit = min(int(max_draft_tokens), max_step_tokens - 1, int(max_dec_len[b]) - done - 1)
        if draft_token_num is not None:
            limit = min(limit, max(0, int(draft_token_num[b])))
        if limit <= 0 or total + left >= threshold - 1:
            continue
        cap = min(limit, threshold - total - left)  # >= 2 here

        prompt_len = min(max(0, int(prompt_lens[b])), max_model_len)
        if done > max_model_len - prompt_len:
            continue  # the history does not fit its row: no drafts
        found = _match(token_ids_all[b], prompt_len + done, int(max_ngram_size))
        if found is None:
            continue
        start, available = found
        drafts = min(cap, available)
        ids_out[b, 1 : 1 + drafts] = token_ids_all[b, start : start + drafts]
        slt_out[b] = 1 + drafts
        total += drafts
    return ids_out, slt_out
