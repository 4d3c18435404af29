"""NumPy reference of ``speculate_limit_thinking_content_length_v1`` (contract:
docs/ops/speculate_limit_thinking_content_length_v1.md). Plain per-slot Python following the
page's "Semantics"; deliberately not vectorised.

The walk of a slot and the drop after a forced token are the ``_v2`` op's too
(``limit_thinking.py``); this op's rule for one token, while ``status < 1``: a
token numbered ``>= max_think_lens[b]`` becomes ``think_end_id`` (status 1, the walk stops after
it); else an end-of-sequence token becomes ``think_end_id`` (status 1, stop_flags cleared, the walk
stops after it). Then, while ``status < 2``, a ``think_end_id`` token sets status 2. A slot at
status 2 and stopped is left alone.
"""

from __future__ import annotations

import numpy as np

from tests.ops.reference.limit_thinking import limit_thinking

__all__ = ["speculate_limit_thinking_content_length_v1"]


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
    eos = {int(e) for e in eos_token_ids.tolist()}
    end = int(think_end_id)

    def token_rule(tok: int, status: int, number: int, limit: int) -> tuple[int, int, bool, bool]:
        forced = clears_stop = False
        if status < 1:
            if number >= limit:  # the token's number has reached the budget
                tok, status, forced = end, 1, True
            elif tok in eos:
                tok, status, forced, clears_stop = end, 1, True, True
        if status < 2 and tok == end:
            status = 2
        return tok, status, forced, clears_stop

    return limit_thinking(
        next_tokens,
        max_think_lens,
        step_idx,
        limit_think_status,
        accept_num,
        seq_lens_decoder,
        stop_flags,
        done=2,
        token_rule=token_rule,
    )
