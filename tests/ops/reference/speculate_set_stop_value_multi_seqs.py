"""NumPy reference of ``speculate_set_stop_value_multi_seqs`` (contract:
docs/ops/speculate_set_stop_value_multi_seqs.md). Plain per-slot Python following the page's
"Semantics"; deliberately not vectorised.

A running slot ``b`` (``stop_flags[b]`` false; with ``min_tokens``, ``step_idx[b] >=
min_tokens[b]``) with ``n = accept_num[b]`` accepted tokens is checked at positions ``a = 0 ..
n-1``. At position ``a`` the candidate window ends at the token just before accepted token ``a``:
accepted token ``a-1`` when ``a >= 1``, else the history token ``pre_ids[b, step_idx - n]``. The
token ``d`` places before that end is ``accept_tokens[b, a-1-d]`` when ``d < a``, else
``pre_ids[b, step_idx - n + a - d]``, which only matches at a history position ``>= 1`` (position
0 never matches). Stop sequence ``k`` of length ``L = stop_seqs_len[b, k]`` (``1 <= L``) matches at
``a`` iff ``step_idx - n + a + 1 >= L`` and its ``L`` tokens equal the window's. The slot stops at
the least ``a`` over all its sequences: ``accept_tokens[b, a] = end_ids[0]``, ``accept_num[b] = a +
1``, ``stop_flags[b] = true``.

Out of domain (the page's "Out-of-domain values", which the kernels implement identically):
``accept_num`` is read clamped into ``[0, max_accept_len]``; ``step_idx < 0`` is read as 0 (no
position can match); a history position past the row never matches; a stop length above
``stop_seqs_max_len`` makes that row no stop sequence; a stop_flags byte other than 0 is true.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_set_stop_value_multi_seqs"]


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def _matches(acc: list[int], pre: list[int], seq: list[int], n: int, s: int, a: int) -> bool:
    """Whether ``seq`` ends just before accepted token ``a`` (the window described above)."""
    length = len(seq)
    if s - n + a + 1 < length:
        return False
    for d in range(length):
        if d < a:
            tok = acc[a - 1 - d]
        else:
            p = s - n + a - d
            if p <= 0 or p >= len(pre):
                return False
            tok = pre[p]
        if tok != seq[length - 1 - d]:
            return False
    return True


def speculate_set_stop_value_multi_seqs(
    accept_tokens: np.ndarray,
    accept_num: np.ndarray,
    pre_ids: np.ndarray,
    step_idx: np.ndarray,
    stop_flags: np.ndarray,
    stop_seqs: np.ndarray,
    stop_seqs_len: np.ndarray,
    end_ids: np.ndarray,
    min_tokens: np.ndarray | None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return ``(accept_tokens, accept_num, stop_flags)`` after the op."""
    bsz, width = (int(v) for v in accept_tokens.shape)
    nseq, max_len = int(stop_seqs.shape[1]), int(stop_seqs.shape[2])
    flags = stop_flags.view(np.uint8) != 0
    acc_out = accept_tokens.copy()
    num_out = accept_num.copy()
    flags_out = stop_flags.copy()
    end = int(end_ids[0])

    for b in range(bsz):
        if flags[b]:
            continue
        s = max(int(step_idx[b]), 0)
        if min_tokens is not None and s < int(min_tokens[b]):
            continue
        n = _clamp(int(accept_num[b]), 0, width)
        acc = [int(t) for t in accept_tokens[b, :n]]
        pre = [int(t) for t in pre_ids[b]]
        best = n  # no stop
        for k in range(nseq):
            length = int(stop_seqs_len[b, k])
            if length <= 0 or length > max_len:
                continue
            seq = [int(t) for t in stop_seqs[b, k, :length]]
            for a in range(best):
                if _matches(acc, pre, seq, n, s, a):
                    best = a
                    break
        if best < n:
            acc_out[b, best] = end
            num_out[b] = best + 1
            flags_out[b] = True
    return acc_out, num_out, flags_out
