"""NumPy reference of ``speculate_limit_thinking_content_length_v2`` (contract:
docs/ops/speculate_limit_thinking_content_length_v2.md). Plain per-slot Python following the
page's "Semantics"; deliberately not vectorised.

The walk of a slot and the drop after a forced token are the ``_v1`` op's too
(``limit_thinking.py``); this op's rule for one token, while ``status <= 1``:
the token numbered ``budget + k`` for ``k = 0, 1, 2, 3`` is replaced by ``line_break_id``,
``think_end_id``, ``line_break_id``, ``line_break_id`` (status 1, or 2 for ``k = 3``) and the walk
stops after it. Then a ``think_end_id`` met at status 0 sets status 3, and status 2 becomes 3. A
slot at status 3 and stopped is left alone; stop_flags is only read.
"""

from __future__ import annotations

import numpy as np

from tests.ops.reference.limit_thinking import limit_thinking

__all__ = ["speculate_limit_thinking_content_length_v2"]


def speculate_limit_thinking_content_length_v2(
    next_tokens: np.ndarray,
    max_think_lens: np.ndarray,
    step_idx: np.ndarray,
    limit_think_status: np.ndarray,
    accept_num: np.ndarray,
    seq_lens_decoder: np.ndarray,
    stop_flags: np.ndarray,
    *,
    think_end_id: int,
    line_break_id: int,
) -> tuple[np.ndarray, ...]:
    """Return ``(next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder)``
    after the op."""
    end, lb = int(think_end_id), int(line_break_id)
    # token budget + k becomes inject[k][0], with status inject[k][1]
    inject = ((lb, 1), (end, 1), (lb, 1), (lb, 2))

    def token_rule(tok: int, status: int, number: int, limit: int) -> tuple[int, int, bool, bool]:
        forced = False
        if status <= 1:
            k = number - limit  # how far past the budget this token is
            if 0 <= k <= 3:
                tok, status = inject[k]
                forced = True
        if status == 0 and tok == end:
            status = 3
        if status == 2:
            status = 3
        return tok, status, forced, False

    return limit_thinking(
        next_tokens,
        max_think_lens,
        step_idx,
        limit_think_status,
        accept_num,
        seq_lens_decoder,
        stop_flags,
        done=3,
        token_rule=token_rule,
    )[:5]
