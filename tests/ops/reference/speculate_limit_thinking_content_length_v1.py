"""NumPy reference of ``speculate_limit_thinking_content_length_v1`` (contract:
docs/ops/speculate_limit_thinking_content_length_v1.md). Plain per-slot Python following the
page's "Semantics"; deliberately not vectorised.

A slot ``b`` with ``accept_num[b] > 0``, ``max_think_lens[b] >= 0`` and not (``status == 2`` and
stopped) walks its accepted tokens ``t = 0 .. n-1`` (token number ``step_idx - n + 1 + t``). While
``status < 1``: a token numbered ``>= max_think_lens[b]`` becomes ``think_end_id`` (status 1, the
walk stops after it); else an end-of-sequence token becomes ``think_end_id`` (status 1, stop_flags
cleared, the walk stops after it). Then, while ``status < 2``, a ``think_end_id`` token sets status
2. When the walk stopped at ``t``: ``accept_num = t + 1``, and ``step_idx`` and
``seq_lens_decoder`` shrink by ``n - (t + 1)``. The status is written back.

Out of domain (the page's "Out-of-domain values"): ``accept_num`` above ``tokens_per_step`` is read
as ``tokens_per_step``; the token-number comparison is made without forming a sum that could
overflow; ``step_idx`` and ``seq_lens_decoder`` saturate at their dtype's minimum; stop_flags bytes
other than 0 are true.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_limit_thinking_content_length_v1"]

INT32_MIN = -(2**31)
INT64_MIN = -(2**63)


def speculate_limit_thinking_content_length_v1(
    next_tokens: np.ndarray,
    max_think_lens: np.ndarray,
    step_idx: np.ndarray,
    limit_think_status: np.ndarray,
    accept_num: np.ndarray,
    seq_lens_decoder: np.ndarray,
    stop_flags: np.ndarray,
    eos_token_ids: np.ndarray,
    *,
    think_end_id: int,
) -> tuple[np.ndarray, ...]:
    """Return ``(next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder,
    stop_flags)`` after the op."""
    bsz, width = (int(v) for v in next_tokens.shape)
    eos = {int(e) for e in eos_token_ids.tolist()}
    flags = stop_flags.view(np.uint8) != 0
    toks = next_tokens.copy()
    steps = step_idx.copy()
    status_out = limit_think_status.copy()
    num_out = accept_num.copy()
    dec_out = seq_lens_decoder.copy()
    flags_out = stop_flags.copy()
    end = int(think_end_id)

    for b in range(bsz):
        n_raw = int(accept_num[b])
        limit = int(max_think_lens[b])
        status = int(limit_think_status[b])
        if n_raw <= 0 or limit < 0 or (status == 2 and flags[b]):
            continue
        n = min(n_raw, width)
        s = int(step_idx[b])
        cut = None
        for t in range(n):
            tok = int(next_tokens[b, t])
            forced = False
            if status < 1:
                if s - n + 1 + t >= limit:  # the token's number has reached the budget
                    tok, status, forced = end, 1, True
                elif tok in eos:
                    tok, status, forced = end, 1, True
                    flags_out[b] = False
            if status < 2 and tok == end:
                status = 2
            toks[b, t] = tok
            if forced:
                cut = t + 1
                break
        if cut is not None:
            dropped = n - cut
            num_out[b] = cut
            if dropped > 0:
                steps[b] = max(s - dropped, INT64_MIN)
                dec_out[b] = max(int(seq_lens_decoder[b]) - dropped, INT32_MIN)
        status_out[b] = status
    return toks, steps, status_out, num_out, dec_out, flags_out
