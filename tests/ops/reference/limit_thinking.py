"""What the NumPy references of ``speculate_limit_thinking_content_length_v1`` and ``_v2`` share
(contracts: docs/ops/speculate_limit_thinking_content_length_v1.md and ``_v2.md``): the walk of a
slot's accepted tokens and what a forced token does to the slot. Each op's reference gives its
own state machine (``token_rule``) and done status; plain per-slot Python, deliberately not
vectorised.

A slot ``b`` with ``accept_num[b] > 0``, ``max_think_lens[b] >= 0`` and not (``status == done``
and stopped) walks its accepted tokens ``t = 0 .. n-1`` (token number ``step_idx - n + 1 + t``),
each through the op's rule, and stops after a forced token at ``t``: then ``accept_num = t + 1``,
and ``step_idx`` and ``seq_lens_decoder`` shrink by ``n - (t + 1)``. The status is written back.

Out of domain: ``accept_num`` above ``tokens_per_step`` is read as ``tokens_per_step``;
``step_idx`` and ``seq_lens_decoder`` saturate at their dtype's minimum; stop_flags bytes other
than 0 are true. (Python integers do not overflow, so the token number is formed here; the
kernels compare instead.)
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

INT32_MIN = -(2**31)
INT64_MIN = -(2**63)

# token_rule(tok, status, number, limit) -> (tok, status, forced, clears_stop): one walked
# token, `number` its token number, `limit` the slot's max_think_lens.
TokenRule = Callable[[int, int, int, int], tuple[int, int, bool, bool]]


def limit_thinking(
    next_tokens: np.ndarray,
    max_think_lens: np.ndarray,
    step_idx: np.ndarray,
    limit_think_status: np.ndarray,
    accept_num: np.ndarray,
    seq_lens_decoder: np.ndarray,
    stop_flags: np.ndarray,
    *,
    done: int,
    token_rule: TokenRule,
) -> tuple[np.ndarray, ...]:
    """Return ``(next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder,
    stop_flags)`` after the walk of every slot under ``token_rule``."""
    bsz, width = (int(v) for v in next_tokens.shape)
    flags = stop_flags.view(np.uint8) != 0
    toks = next_tokens.copy()
    steps = step_idx.copy()
    status_out = limit_think_status.copy()
    num_out = accept_num.copy()
    dec_out = seq_lens_decoder.copy()
    flags_out = stop_flags.copy()

    for b in range(bsz):
        n_raw = int(accept_num[b])
        limit = int(max_think_lens[b])
        status = int(limit_think_status[b])
        if n_raw <= 0 or limit < 0 or (status == done and flags[b]):
            continue
        n = min(n_raw, width)
        s = int(step_idx[b])
        cut = None
        for t in range(n):
            tok, status, forced, clears_stop = token_rule(
                int(next_tokens[b, t]), status, s - n + 1 + t, limit
            )
            if clears_stop:
                flags_out[b] = False
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
