"""NumPy reference of ``speculate_get_token_penalty_multi_scores`` (contract:
docs/ops/speculate_get_token_penalty_multi_scores.md): the page's five steps per
logit row, written independently of the kernels.

Every value is computed in float32 in the page's order (``x * alpha`` or
``x / alpha``, then ``- n * beta``, ``- gamma``, then ``/ temperature``) and
stored in T once, as the kernels do, so the comparison is exact for every T
(``tolerances`` gives ``(0, 0)``). ``T`` is float32, float16 or bfloat16; a
bfloat16 array arrives and is returned as its ``uint16`` bit patterns.

Total like the kernels: a row whose position is negative or whose slot is past
``bs`` is left as it is, token ids outside ``[0, vocab_size)`` (in ``pre_ids``,
``eos_token_id``, ``bad_tokens``) are skipped, and NaN or infinite values go
through the same IEEE float32 operations (NumPy's warnings silenced).
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_get_token_penalty_multi_scores", "tolerances"]

INT64_MAX = np.iinfo(np.int64).max
MIN_LEN_LOGIT = {"float16": np.float32(-1e4)}  # -1e10 for float32 and bfloat16
BANNED_LOGIT = np.float32(-1e10)


def tolerances(dtype: object) -> tuple[float, float]:
    """Exact for every T: the same float32 operations in the same order."""
    return (0.0, 0.0)


def _kind(a: np.ndarray) -> str:
    if a.dtype == np.uint16:
        return "bfloat16"
    if a.dtype == np.float16:
        return "float16"
    if a.dtype == np.float32:
        return "float32"
    raise ValueError(f"unsupported dtype {a.dtype}: T is float32, float16 or bfloat16")


def _widen(a: np.ndarray) -> np.ndarray:
    """T -> float32, exactly."""
    if a.dtype == np.uint16:
        return (a.astype(np.uint32) << 16).view(np.float32)
    return a.astype(np.float32)


def _store(x: np.ndarray, kind: str) -> np.ndarray:
    """float32 -> T, rounding to nearest even (a bfloat16 NaN keeps its sign
    and becomes quiet, as the kernels' conversion does)."""
    x = np.asarray(x, np.float32)
    if kind == "float32":
        return x.copy()
    if kind == "float16":
        with np.errstate(over="ignore"):  # past float16: infinity, as in the kernels
            return x.astype(np.float16)
    u = x.view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    nan = (u & 0x7FFFFFFF) > 0x7F800000
    quiet = ((u >> 16) | 0x40).astype(np.uint16)
    return np.where(nan, quiet, rounded).astype(np.uint16)


def speculate_get_token_penalty_multi_scores(
    pre_ids: np.ndarray,
    logits: np.ndarray,
    penalty_scores: np.ndarray,
    frequency_scores: np.ndarray,
    presence_scores: np.ndarray,
    temperatures: np.ndarray,
    bad_tokens: np.ndarray,
    cur_len: np.ndarray,
    min_len: np.ndarray,
    eos_token_id: np.ndarray,
    output_padding_offset: np.ndarray,
    output_cum_offsets: np.ndarray,
    *,
    max_seq_len: int,
) -> np.ndarray:
    """Return the penalised logits (a new array of the dtype of ``logits``)."""
    kind = _kind(logits)
    out = logits.copy()
    token_num, vocab = logits.shape
    bs = penalty_scores.shape[0]
    min_len_logit = MIN_LEN_LOGIT.get(kind, np.float32(-1e10))
    alphas, betas, gammas = (_widen(a) for a in (penalty_scores, frequency_scores, presence_scores))
    for t in range(token_num):
        # 1. The row's slot.
        position = t + int(output_padding_offset[t])
        if position < 0 or max_seq_len <= 0 or position // max_seq_len >= bs:
            continue
        b = position // max_seq_len
        row = _widen(out[t])
        c, m = int(cur_len[b]), int(min_len[b])
        # 2. The minimum length: cur_len + (t - the slot's first row) < min_len,
        # a sum past INT64_MAX counting as not below.
        pos = t - (b * max_seq_len - int(output_cum_offsets[b]))
        if c >= 0 and c + pos <= INT64_MAX and c + pos < m:
            for e in eos_token_id.reshape(-1):
                if 0 <= int(e) < vocab:
                    row[int(e)] = _widen(_store(np.float32([min_len_logit]), kind))[0]
        # 3. How often each token occurs in the history, up to its first negative entry.
        counts = np.zeros(vocab, np.int64)
        if c >= 0:
            for token in pre_ids[b]:
                if token < 0:
                    break
                if token < vocab:
                    counts[int(token)] += 1
        # 4. Penalties on repeated tokens, then the temperature, in float32.
        alpha, beta, gamma = alphas[b], betas[b], gammas[b]
        temperature = np.float32(temperatures[b])
        with np.errstate(all="ignore"):
            penalised = np.where(row < 0, row * alpha, row / alpha)
            penalised = penalised - counts.astype(np.float32) * beta - gamma
            row = np.where(counts != 0, penalised, row) / temperature
        out[t] = _store(row, kind)
        # 5. The banned tokens: the slot's list (form 0) or the shared one (form 1).
        banned = bad_tokens[b] if bad_tokens.ndim == 2 else bad_tokens
        for e in banned:
            if 0 <= int(e) < vocab:
                out[t, int(e)] = _store(np.float32([BANNED_LOGIT]), kind)[0]
    return out
