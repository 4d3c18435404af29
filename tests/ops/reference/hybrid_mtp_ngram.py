"""NumPy reference of ``hybrid_mtp_ngram`` (contract: docs/ops/hybrid_mtp_ngram.md).

Plain per-slot Python that follows the page. Slots are visited in order ``b = 0 .. real_bsz-1``
because the step's token budget (``spec_tokenum_threshold``) is a running sum over them. A slot
that feeds tokens (``seq_lens_this_time[b] = ori > 0``) and has room for a draft
(``min(max_draft_tokens - ori + 1, max_dec_len[b] - step_idx[b] - 1) > 0``) takes part: it is taken
off ``left`` (the slots counted as still needing a token) and, if the budget allows, gets the drafts
the n-gram search finds, appended after its ``ori`` tokens.

The search (``_match``): for n from ``max_ngram_size`` down to ``min_ngram_size``, the n-gram is the
last n generated tokens ``pre_ids[b, s + 1 - n .. s]`` (``s = step_idx[b]``, needs ``s >= n``); the
earliest window of the prompt ``input_ids[b, 0 .. input_ids_len[b])`` with a token after it, else
the earliest window of ``pre_ids[b, 0 .. s]`` that starts before the n-gram, wins; the drafts are
the tokens after it, up to the end of that haystack.

Out-of-domain values are read as the page's "Out-of-domain values" says (the same rules as the
kernels): negative ``seq_lens_this_time`` and ``step_idx`` read as 0; ``input_ids_len`` clamped into
``[0, max_input_len]``; ``step_idx >= max_pre_len`` gives no drafts; the drafts stay inside the
row; all arithmetic is in exact integers.
"""

from __future__ import annotations

import numpy as np

__all__ = ["hybrid_mtp_ngram"]


def _first_window(hay: list[int], hay_len: int, gram: list[int]) -> int:
    """The earliest ``i < hay_len - n`` with ``hay[i : i + n] == gram``, or -1."""
    n = len(gram)
    for i in range(hay_len - n):
        if hay[i : i + n] == gram:
            return i
    return -1


def _match(
    prompt: np.ndarray, prompt_len: int, pre: np.ndarray, s: int, max_n: int, min_n: int
) -> tuple[str, int, int] | None:
    """``(source, start, available)`` of the drafts for a slot, or None."""
    p = [int(v) for v in prompt[:prompt_len]]
    g = [int(v) for v in pre[: s + 1]]
    for n in range(max_n, min_n - 1, -1):
        if s < n:  # the n-gram would reach column 0, which holds no generated token
            continue
        gram = g[s + 1 - n :]
        i = _first_window(p, prompt_len, gram)
        if i >= 0:
            return "input_ids", i + n, prompt_len - (i + n)
        i = _first_window(g, s + 1, gram)
        if i >= 0:
            return "pre_ids", i + n, s + 1 - (i + n)
    return None


def hybrid_mtp_ngram(
    input_ids: np.ndarray,
    input_ids_len: np.ndarray,
    pre_ids: np.ndarray,
    step_idx: np.ndarray,
    draft_tokens: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_decoder: np.ndarray,
    max_dec_len: np.ndarray,
    *,
    max_ngram_size: int = 3,
    min_ngram_size: int = 1,
    max_draft_tokens: int = 10,
    spec_tokenum_threshold: int = 1024,
) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(draft_tokens, seq_lens_this_time)`` after the op, as new arrays; the inputs are
    not modified."""
    max_bsz, max_input_len = (int(n) for n in input_ids.shape)
    max_pre_len = int(pre_ids.shape[1])
    max_step_tokens = int(draft_tokens.shape[1])
    real_bsz = int(seq_lens_this_time.shape[0])
    threshold = int(spec_tokenum_threshold)

    ids_out = draft_tokens.copy()
    slt_out = seq_lens_this_time.copy()
    sources = {"input_ids": input_ids, "pre_ids": pre_ids}

    nslots = min(real_bsz, max_bsz)  # slots with state (real_bsz > max_bsz only past the glue)
    # Slots counted as still needing a token: the draft model's decoding ones (FastDeploy's count;
    # every slot that takes part is taken off it, whether counted or not).
    left = sum(1 for b in range(nslots) if int(seq_lens_decoder[b]) > 0)
    total = 0  # tokens of the step so far: seq_lens_this_time[0 .. b] as updated
    for b in range(real_bsz):
        ori = max(0, int(seq_lens_this_time[b]))
        total += ori
        if b >= nslots or ori == 0:
            continue
        done = max(0, int(step_idx[b]))
        limit = min(int(max_draft_tokens) - ori + 1, int(max_dec_len[b]) - done - 1)
        if limit <= 0:
            continue
        left -= 1
        if total + left >= threshold - 1:
            continue
        # The row's room (the identity in FastDeploy's use, a row of max_draft_tokens + 1).
        limit = min(limit, max_step_tokens - ori)
        if limit <= 0 or done >= max_pre_len:
            continue
        prompt_len = min(max(0, int(input_ids_len[b])), max_input_len)
        found = _match(
            input_ids[b], prompt_len, pre_ids[b], done, int(max_ngram_size), int(min_ngram_size)
        )
        if found is None:
            continue
        source, start, available = found
        drafts = min(limit, available, threshold - total - left)
        ids_out[b, ori : ori + drafts] = sources[source][b, start : start + drafts]
        slt_out[b] = ori + drafts
        total += drafts
    return ids_out, slt_out
