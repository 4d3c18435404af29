"""NumPy reference of ``top_p_candidates`` (contract: docs/ops/top_p_candidates.md).

Written as plain per-row Python that follows the page step by step: (1) the row's slot,
(2) the C best tokens in the page's total order, (3) the float32 top-p cut, (4) the scores.
It is deliberately simple: it is the reference the kernels are compared against.

``T`` is float32, float16 or bfloat16. NumPy has no bfloat16: a bfloat16 array arrives as
``np.uint16`` holding the bit patterns (what Paddle's ``.numpy()`` gives), is widened to float32
exactly by ``(u.astype(np.uint32) << 16).view(np.float32)``, and ``verify_scores`` is returned in
the same representation (the bit patterns of the chosen input elements).

Exact comparison (``tolerances`` gives ``(0, 0)`` for every T) is right for this op: every value
it produces is either a bit-for-bit copy of an input element (``verify_scores``) or an integer
decided by exact operations — the ordering compares input values, which every T widens to float32
without rounding, and the length compares a float32 running sum, accumulated in candidate order
j = 0, 1, ..., with ``top_p[b]`` widened to float32. Nothing is computed in T, so there is no
dtype-dependent rounding to allow for; a kernel that sums in the page's order gets the same bits.

It is total, like the kernels (the page's "Out-of-domain values"): a ``batch_id_per_token`` entry
outside ``[0, max_bsz)`` makes the row keep one candidate without reading ``top_p`` (pass
``strict=True`` to get the ``ValueError`` the value-checked mode would raise instead); NaN, +-inf,
negative and > 1 values of ``probs`` and ``top_p`` go through the same order, float32 sums and
``>=`` comparisons as the kernels (IEEE 754: any comparison with NaN is false, inf - inf is NaN,
float32 overflow is inf), with NumPy's floating-point warnings silenced for them.
"""

from __future__ import annotations

import numpy as np

__all__ = ["MAX_CANDIDATES", "to_float32", "tolerances", "top_p_candidates"]

MAX_CANDIDATES = 16

_FLOAT_DTYPES = {
    np.dtype(np.float32): "float32",
    np.dtype(np.float16): "float16",
    np.dtype(np.uint16): "bfloat16",  # bit patterns
}


def _dtype_name(dtype: object) -> str:
    if isinstance(dtype, str) and dtype in ("float32", "float16", "bfloat16"):
        return dtype
    try:
        d = np.dtype(dtype)  # type: ignore[call-overload]
    except TypeError as e:
        raise ValueError(f"unsupported dtype {dtype!r}") from e
    if d not in _FLOAT_DTYPES:
        raise ValueError(f"unsupported dtype {dtype!r}: T is float32, float16 or bfloat16")
    return _FLOAT_DTYPES[d]


def tolerances(dtype: object) -> tuple[float, float]:
    """``(rtol, atol)`` for comparing ``verify_scores`` of dtype T: exact for every T.

    ``dtype`` may be a NumPy dtype (``np.uint16`` meaning bfloat16 bit patterns) or one of the
    names ``"float32"``, ``"float16"``, ``"bfloat16"``. See the module docstring for why.
    """
    _dtype_name(dtype)  # rejects anything that is not a T
    return (0.0, 0.0)


def to_float32(a: np.ndarray) -> np.ndarray:
    """Widen a T array to float32 exactly (uint16 = bfloat16 bit patterns)."""
    name = _dtype_name(a.dtype)
    if name == "bfloat16":
        return (np.asarray(a).astype(np.uint32) << 16).view(np.float32)
    return np.asarray(a).astype(np.float32)


def _order(values: np.ndarray) -> list[int]:
    """Token ids of one row, best first: descending by value, ties to the lower id, NaN last
    (smaller than every number, among themselves by id). ``values`` is float32."""
    ids = np.arange(values.shape[0], dtype=np.int64)
    nan = np.isnan(values)
    neg = np.where(nan, np.float32(0.0), -values)  # -0.0 == 0.0: a tie, broken by id
    # np.lexsort sorts by the last key first: NaN flag, then -value, then id.
    return [int(t) for t in np.lexsort((ids, neg, nan))]


def top_p_candidates(
    probs: np.ndarray,
    top_p: np.ndarray,
    batch_id_per_token: np.ndarray,
    *,
    candidates_len: int,
    strict: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return new ``(verify_scores, verify_tokens, actual_candidate_lens)``.

    ``verify_scores`` has the dtype of ``probs`` (uint16 bit patterns for bfloat16),
    ``verify_tokens`` is int64, ``actual_candidate_lens`` int32. The inputs are never modified.
    With ``strict``, a slot outside ``[0, max_bsz)`` raises ``ValueError`` instead of taking the
    page's out-of-domain rule.
    """
    C = int(candidates_len)
    if probs.ndim != 2:
        raise ValueError(f"probs must be [token_num, vocab_size], got shape {probs.shape}")
    token_num, vocab_size = probs.shape
    if probs.dtype != top_p.dtype:
        raise ValueError(f"probs ({probs.dtype}) and top_p ({top_p.dtype}) must share T")
    _dtype_name(probs.dtype)
    if not 1 <= C <= MAX_CANDIDATES or C > vocab_size:
        raise ValueError(
            f"candidates_len must be in [1, {MAX_CANDIDATES}] and <= vocab_size ({vocab_size}),"
            f" got {C}"
        )
    if batch_id_per_token.shape != (token_num,):
        raise ValueError("batch_id_per_token must be [token_num]")
    max_bsz = int(top_p.shape[0])

    probs32 = to_float32(probs)  # exact widening, for ordering and summing only
    top_p32 = to_float32(top_p)

    verify_scores = np.zeros((token_num, C), dtype=probs.dtype)  # 0 in T (also bits 0x0000)
    verify_tokens = np.zeros((token_num, C), dtype=np.int64)
    actual_candidate_lens = np.zeros((token_num,), dtype=np.int32)

    for i in range(token_num):
        # Step 1: the row's slot.
        b = int(batch_id_per_token[i])
        has_slot = 0 <= b < max_bsz
        if strict and not has_slot:
            raise ValueError(f"batch_id_per_token[{i}] = {b} is outside [0, {max_bsz})")

        # Step 2: the C best tokens, always all C.
        best = _order(probs32[i])[:C]
        verify_tokens[i, :] = best

        # Step 3: the smallest j with float32 sum(0..j) >= top_p[b]; C if never (a NaN sum or
        # top_p never compares >=). Out of domain: a row without a valid slot keeps one
        # candidate and reads no top_p.
        n = 1
        if has_slot:
            tp = np.float32(top_p32[b])
            total = np.float32(0.0)
            n = C
            with np.errstate(over="ignore", invalid="ignore"):  # inf sums, inf - inf = NaN
                for j, tok in enumerate(best):
                    total = np.float32(total + np.float32(probs32[i, tok]))
                    if total >= tp:
                        n = j + 1
                        break
        actual_candidate_lens[i] = n

        # Step 4: exact copies (in T) of the first n probabilities, 0 after.
        for j in range(n):
            verify_scores[i, j] = probs[i, best[j]]

    return verify_scores, verify_tokens, actual_candidate_lens
