"""Random VALID batches for ``verify_draft_tokens`` (value domain of docs/ops/verify_draft_tokens.md).

``random_batch(rng, strategy=...)`` returns a dict holding the 17 tensors of the spec (names, dtypes
and shapes of opspec/verify_draft_tokens.yaml, taken from its model; optional tensors the strategy
does not require are ``None``) and the attributes ``max_seq_len, verify_window, verify_strategy, reject_all, accept_all,
seed``. The batches are biased towards the interesting cases: drafts that often match the
target / candidates (accepted prefixes of every length), end tokens among drafts and targets,
``max_dec_len`` hit, stopped / parked / prefill / ``reasoning_status == 1`` slots, ``slt == 0``
slots, ``real_bsz < max_bsz`` and ``real_bsz == 0``, TOPP window-fallback situations, a small vocab.

``validate_batch(batch)`` returns the list of violations of the spec / value domain (empty if
valid).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.harness import spec
from tests.harness.dtypes import numpy_dtype

from .verify_draft_tokens import GREEDY, TARGET_MATCH, TOPP

__all__ = [
    "ATTR_NAMES",
    "DTYPES",
    "OP",
    "OPTIONAL_TENSORS",
    "TENSOR_NAMES",
    "random_batch",
    "required_tensors",
    "validate_batch",
]

OP = spec.project_op("verify_draft_tokens")
# From the spec: the tensors a caller passes, in spec order (the positional order
# of the reference), the optional ones, the attributes, each tensor's NumPy dtype.
TENSOR_NAMES = spec.passed_names(OP)
OPTIONAL_TENSORS = tuple(t.name for t in spec.passed(OP) if t.optional)
ATTR_NAMES = tuple(a.name for a in OP.attrs)
DTYPES: dict[str, Any] = {t.name: numpy_dtype(spec.dtype_of(t, None)) for t in spec.passed(OP)}


def required_tensors(strategy: int) -> tuple[str, ...]:
    """The optional tensors that ``strategy`` requires (the spec's ``required_when``)."""
    if strategy not in (TOPP, GREEDY, TARGET_MATCH):
        raise ValueError(f"unknown strategy {strategy!r}")
    attrs = {"verify_strategy": strategy}
    return tuple(t.name for t in spec.passed(OP) if t.optional and spec.required(OP, t, attrs))


def _chance(rng: np.random.Generator, p: float) -> bool:
    return bool(rng.random() < p)


def random_batch(
    rng: np.random.Generator,
    *,
    strategy: int,
    max_bsz: int | None = None,
    real_bsz: int | None = None,
    max_step_tokens: int | None = None,
    max_candidate_len: int | None = None,
    end_length: int | None = None,
    vocab: int = 50,
    verify_window: int | None = None,
    reject_all: bool | None = None,
    accept_all: bool | None = None,
    seed: int | None = None,
    max_seq_len: int | None = None,
) -> dict[str, Any]:
    """One valid random batch; every argument left ``None`` is drawn from ``rng``."""
    if strategy not in (TOPP, GREEDY, TARGET_MATCH):
        raise ValueError(f"unknown strategy {strategy!r}")
    if vocab < 4:
        raise ValueError("vocab must be >= 4")

    # ---- dims -------------------------------------------------------------------------------
    if max_bsz is None:
        max_bsz = int(rng.integers(1, 9))
    if real_bsz is None:
        if _chance(rng, 0.05):
            real_bsz = 0
        elif _chance(rng, 0.5):
            real_bsz = max_bsz
        else:
            real_bsz = int(rng.integers(1, max_bsz + 1))
    if not 0 <= real_bsz <= max_bsz:
        raise ValueError(f"need 0 <= real_bsz <= max_bsz, got {real_bsz}, {max_bsz}")
    if max_step_tokens is None:
        max_step_tokens = int(rng.integers(1, 9))
    if max_candidate_len is None:
        max_candidate_len = int(rng.choice([1, 2, 2, 3, 4, 5]))
    K = max_candidate_len
    if strategy == TOPP and K < 1:
        raise ValueError("TOPP needs max_candidate_len >= 1")
    if end_length is None:
        end_length = int(rng.integers(1, 4))
    if verify_window is None:
        verify_window = int(rng.choice([1, 1, 2, 2, 3]))
    if reject_all is None:
        reject_all = _chance(rng, 0.08)
    if accept_all is None:
        accept_all = _chance(rng, 0.12)
    if seed is None:
        seed = int(rng.integers(0, 1000)) if _chance(rng, 0.5) else int(rng.integers(0, 2**63))
    if max_seq_len is None:
        max_seq_len = int(rng.choice([0, 2048, 8192]))

    if end_length < 1 or end_length > vocab or K > vocab:
        raise ValueError("need 1 <= end_length <= vocab and max_candidate_len <= vocab")
    end_tokens = rng.choice(vocab, size=end_length, replace=False).astype(np.int64)

    def token() -> int:
        """A random token, an end token somewhat more often than uniform."""
        if _chance(rng, 0.07):
            return int(rng.choice(end_tokens))
        return int(rng.integers(0, vocab))

    def other_than(tok: int) -> int:
        t = int(rng.integers(0, vocab - 1))
        return t if t < tok else t + 1

    # ---- per-slot state (all max_bsz slots, padding ones included) --------------------------
    slt = np.zeros(real_bsz, dtype=np.int32)
    for b in range(real_bsz):
        u = rng.random()
        if u < 0.08:
            slt[b] = 0
        elif u < 0.2:
            slt[b] = min(1, max_step_tokens)
        elif u < 0.45:
            slt[b] = max_step_tokens
        else:
            slt[b] = int(rng.integers(0, max_step_tokens + 1))
    cu = np.zeros(real_bsz + 1, dtype=np.int32)
    cu[1:] = np.cumsum(slt, dtype=np.int64).astype(np.int32)
    token_num = int(cu[real_bsz])

    stop_flags = rng.random(max_bsz) < 0.08
    is_block_step = rng.random(max_bsz) < 0.06
    seq_lens_encoder = np.zeros(max_bsz, dtype=np.int32)
    for b in range(max_bsz):
        if _chance(rng, 0.08):
            seq_lens_encoder[b] = int(rng.integers(1, 64))
    reasoning_status = rng.choice(
        np.array([0, 1, 2, 3], dtype=np.int32), size=max_bsz, p=[0.4, 0.1, 0.4, 0.1]
    ).astype(np.int32)

    step_idx = np.zeros(max_bsz, dtype=np.int64)
    max_dec_len = np.zeros(max_bsz, dtype=np.int64)
    for b in range(max_bsz):
        step_idx[b] = int(rng.integers(0, 100))
        u = rng.random()
        if u < 0.25:  # hit within (or just after) this step
            max_dec_len[b] = step_idx[b] + int(rng.integers(1, max_step_tokens + 2))
        elif u < 0.3:  # already at / past the limit
            max_dec_len[b] = max(int(step_idx[b]) - int(rng.integers(0, 3)), 1)
        else:
            max_dec_len[b] = step_idx[b] + int(rng.integers(max_step_tokens + 2, 1000))

    topp = np.empty(max_bsz, dtype=np.float32)
    for b in range(max_bsz):
        u = rng.random()
        if u < 0.2:
            topp[b] = np.float32(1.0)
        elif u < 0.3:
            topp[b] = np.float32(rng.choice([0.5, 0.25, 0.75, 0.9]))
        else:
            topp[b] = np.float32(rng.uniform(0.01, 1.0))
    topp = np.clip(topp, np.float32(1e-3), np.float32(1.0)).astype(np.float32)

    # ---- step_input_ids and the target-model outputs ----------------------------------------
    step_input_ids = rng.integers(0, vocab, size=(max_bsz, max_step_tokens)).astype(np.int64)
    target_tokens = None
    candidate_ids = None
    candidate_scores = None
    candidate_lens = None

    if strategy in (GREEDY, TARGET_MATCH):
        target_tokens = np.array([token() for _ in range(token_num)], dtype=np.int64)
        for b in range(real_bsz):
            p_match = float(rng.choice([0.3, 0.7, 0.9, 1.0]))
            for i in range(int(slt[b]) - 1):
                t = int(target_tokens[cu[b] + i])
                step_input_ids[b, i + 1] = t if _chance(rng, p_match) else other_than(t)
    else:
        candidate_ids = np.zeros((token_num, K), dtype=np.int64)
        candidate_scores = np.zeros((token_num, K), dtype=np.float32)
        candidate_lens = np.zeros(token_num, dtype=np.int32)
        owner = np.repeat(np.arange(real_bsz), slt)  # slot owning each packed row
        for r in range(token_num):
            ids = rng.choice(vocab, size=K, replace=False).astype(np.int64)
            if _chance(rng, 0.1) and not np.isin(end_tokens, ids).any():
                ids[int(rng.integers(0, K))] = int(rng.choice(end_tokens))  # still distinct
            candidate_ids[r] = ids
            # A descending probability-like row: sorted Dirichlet weights of K + extra tokens.
            extra = int(rng.integers(0, 4))
            alpha = float(rng.choice([0.3, 1.0, 3.0]))
            w = np.sort(rng.dirichlet(np.full(K + extra, alpha)))[::-1]
            scores = w[:K].astype(np.float32)
            candidate_scores[r] = scores
            u = rng.random()
            if u < 0.5:  # consistent with the slot's top-p: smallest prefix reaching topp
                csum = np.cumsum(scores, dtype=np.float32)
                reach = np.nonzero(csum >= topp[owner[r]])[0]
                candidate_lens[r] = int(reach[0]) + 1 if reach.size else K
            elif u < 0.6:
                candidate_lens[r] = 0
            elif u < 0.8:
                candidate_lens[r] = 1
            else:
                candidate_lens[r] = int(rng.integers(0, K + 1))
        for b in range(real_bsz):
            # Per-slot mixture: top-1, the 2nd candidate (window-fallback trigger), any
            # candidate, or a random token.
            weights = np.array(
                [
                    rng.choice([0.3, 0.6, 0.9]),
                    rng.choice([0.0, 0.15, 0.3]) if K >= 2 else 0.0,
                    0.1,
                    rng.choice([0.03, 0.15]),
                ]
            )
            weights = weights / weights.sum()
            for i in range(int(slt[b]) - 1):
                r = int(cu[b]) + i
                kind = int(rng.choice(4, p=weights))
                if kind == 0:
                    tok = int(candidate_ids[r, 0])
                elif kind == 1:
                    tok = int(candidate_ids[r, 1])
                elif kind == 2:
                    tok = int(candidate_ids[r, int(rng.integers(0, K))])
                else:
                    tok = token()
                step_input_ids[b, i + 1] = tok
            # Sometimes stage a window fallback: at position i the draft is the 2nd candidate,
            # outside top-p (candidate_lens <= 1), followed by a run of top-1 drafts whose
            # length is around verify_window (so it both succeeds and fails).
            n_drafts = int(slt[b]) - 1
            if K >= 2 and n_drafts >= 1 and _chance(rng, 0.3):
                i = int(rng.integers(0, n_drafts))
                r = int(cu[b]) + i
                candidate_lens[r] = int(rng.integers(0, 2))
                step_input_ids[b, i + 1] = candidate_ids[r, 1]
                run = int(rng.integers(max(0, verify_window - 1), verify_window + 2))
                for ii in range(i + 1, min(i + 1 + run, n_drafts)):
                    step_input_ids[b, ii + 1] = candidate_ids[int(cu[b]) + ii, 0]

    # Sprinkle end tokens among the drafts.
    for b in range(real_bsz):
        for i in range(int(slt[b]) - 1):
            if _chance(rng, 0.04):
                step_input_ids[b, i + 1] = int(rng.choice(end_tokens))

    # In-place outputs start as garbage: the op must reset them.
    step_output_ids = rng.integers(-5, vocab, size=(max_bsz, max_step_tokens)).astype(np.int64)
    step_output_len = rng.integers(-2, max_step_tokens + 3, size=max_bsz).astype(np.int32)

    batch: dict[str, Any] = {
        "step_output_ids": step_output_ids,
        "step_output_len": step_output_len,
        "step_input_ids": step_input_ids,
        "target_tokens": target_tokens,
        "candidate_ids": candidate_ids,
        "candidate_scores": candidate_scores,
        "candidate_lens": candidate_lens,
        "topp": topp,
        "stop_flags": stop_flags.astype(np.bool_),
        "seq_lens_encoder": seq_lens_encoder,
        "seq_lens_this_time": slt,
        "end_tokens": end_tokens,
        "is_block_step": is_block_step.astype(np.bool_),
        "cu_seqlens_q_output": cu,
        "reasoning_status": reasoning_status,
        "max_dec_len": max_dec_len,
        "step_idx": step_idx,
        "max_seq_len": max_seq_len,
        "verify_window": verify_window,
        "verify_strategy": strategy,
        "reject_all": bool(reject_all),
        "accept_all": bool(accept_all),
        "seed": seed,
    }
    problems = validate_batch(batch)
    assert not problems, problems
    return batch


def validate_batch(batch: dict[str, Any]) -> list[str]:
    """Violations of the spec (names, dtypes, shapes) and the page's value domain."""
    out: list[str] = []
    for name in (*TENSOR_NAMES, *ATTR_NAMES):
        if name not in batch:
            out.append(f"missing {name}")
    if out:
        return out
    strategy = batch["verify_strategy"]
    if strategy not in (TOPP, GREEDY, TARGET_MATCH):
        return [f"unknown verify_strategy {strategy!r}"]
    required = required_tensors(strategy)
    for name in TENSOR_NAMES:
        arr = batch[name]
        if arr is None:
            if name not in OPTIONAL_TENSORS or name in required:
                out.append(f"{name} is required")
            continue
        if not isinstance(arr, np.ndarray):
            out.append(f"{name} is not an ndarray")
            continue
        if arr.dtype != np.dtype(DTYPES[name]):
            out.append(f"{name} dtype {arr.dtype}, want {np.dtype(DTYPES[name])}")
    if out:
        return out

    if batch["step_output_ids"].ndim != 2:
        return ["step_output_ids must be 2-D"]
    max_bsz, mst = batch["step_output_ids"].shape
    slt = batch["seq_lens_this_time"]
    if slt.ndim != 1:
        return ["seq_lens_this_time must be 1-D"]
    real_bsz = int(slt.shape[0])
    cu = batch["cu_seqlens_q_output"]
    token_num = int(cu[-1]) if cu.ndim == 1 and cu.shape[0] == real_bsz + 1 else -1
    end_length = int(batch["end_tokens"].shape[0])

    shapes: dict[str, tuple[int, ...]] = {
        "step_output_ids": (max_bsz, mst),
        "step_output_len": (max_bsz,),
        "step_input_ids": (max_bsz, mst),
        "topp": (max_bsz,),
        "stop_flags": (max_bsz,),
        "seq_lens_encoder": (max_bsz,),
        "seq_lens_this_time": (real_bsz,),
        "end_tokens": (end_length,),
        "is_block_step": (max_bsz,),
        "cu_seqlens_q_output": (real_bsz + 1,),
        "reasoning_status": (max_bsz,),
        "max_dec_len": (max_bsz,),
        "step_idx": (max_bsz,),
    }
    if batch["target_tokens"] is not None:
        shapes["target_tokens"] = (token_num,)
    if batch["candidate_ids"] is not None:
        K = int(batch["candidate_ids"].shape[1]) if batch["candidate_ids"].ndim == 2 else -1
        shapes["candidate_ids"] = (token_num, K)
        shapes["candidate_scores"] = (token_num, K)
        shapes["candidate_lens"] = (token_num,)
    for name, want in shapes.items():
        if batch[name] is None:
            continue
        if tuple(batch[name].shape) != want:
            out.append(f"{name} shape {batch[name].shape}, want {want}")
    if out:
        return out

    # Value domain.
    if real_bsz > max_bsz:
        out.append("real_bsz > max_bsz")
    if end_length < 1:
        out.append("end_length must be >= 1")
    if np.any(slt < 0) or np.any(slt > mst):
        out.append("seq_lens_this_time outside [0, max_step_tokens]")
    if int(cu[0]) != 0:
        out.append("cu_seqlens_q_output[0] != 0")
    if np.any(np.diff(cu.astype(np.int64)) < 0):
        out.append("cu_seqlens_q_output decreasing")
    for b in range(min(real_bsz, max_bsz)):
        s = int(slt[b])
        if s == 0 or batch["is_block_step"][b] or batch["stop_flags"][b]:
            continue
        prefill = int(batch["seq_lens_encoder"][b]) != 0
        need = 1 if prefill else s
        if int(cu[b]) + need > token_num:
            out.append(f"slot {b} reads rows past token_num")
    if batch["candidate_lens"] is not None:
        K = int(batch["candidate_ids"].shape[1])
        cl = batch["candidate_lens"]
        if np.any(cl < 0) or np.any(cl > K):
            out.append("candidate_lens outside [0, max_candidate_len]")
        if strategy == TOPP and K < 1 and token_num > 0:
            out.append("TOPP needs max_candidate_len >= 1")
    topp = batch["topp"]
    if not np.all((topp > 0) & (topp <= 1)):
        out.append("topp outside (0, 1]")
    if int(batch["verify_window"]) < 1:
        out.append("verify_window < 1")
    seed = int(batch["seed"])
    if seed < -1 or seed >= 2**63:
        out.append("seed outside [-1, 2**63)")
    return out
