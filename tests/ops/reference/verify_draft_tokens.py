"""NumPy reference of ``verify_draft_tokens`` (contract: docs/ops/verify_draft_tokens.md).

Written as plain per-slot Python that follows the page step by step: (1) reset and skip rules,
(2) ``emit``, (3) phase 1 with the TOPP window fallback, (4) phase 2, (5) the written count.
It is deliberately not vectorised: it is the reference the kernels are compared against.

TOPP's phase 2 is done in float32 exactly like a C++ ``float`` implementation:
``r = float32(u_b) * float32(topp[b])`` is rounded to float32 once, the running sum is a float32
accumulated left to right, and ``r <= sum`` is a float32 comparison (IEEE: NaN compares false).

It is total like the kernels: every out-of-domain value follows the page's "Out-of-domain values"
rules (``seq_lens_this_time`` clamped to ``max_step_tokens``; a slot whose packed rows, ``slt`` of
them when its drafts are verified, else row ``cu[b]``, do not all lie in ``[0, token_num)``
inactive; ``candidate_lens`` clamped into ``[0, K]``; exact integers for
``step_idx + k >= max_dec_len``; any non-zero flag byte true; IEEE float32 for NaN / inf), so the
kernels can be compared with it on hostile inputs too.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

__all__ = [
    "GREEDY",
    "STRATEGIES",
    "TARGET_MATCH",
    "TOPP",
    "run_reference",
    "verify_draft_tokens",
]

TOPP = 0
GREEDY = 1
TARGET_MATCH = 2
STRATEGIES = {"topp": TOPP, "greedy": GREEDY, "target_match": TARGET_MATCH}


def _strategy_code(verify_strategy: int | str) -> int:
    if isinstance(verify_strategy, str):
        return STRATEGIES[verify_strategy]
    code = int(verify_strategy)
    if code not in (TOPP, GREEDY, TARGET_MATCH):
        raise ValueError(f"unknown verify_strategy {verify_strategy!r}")
    return code


class _Emitter:
    """The page's step 2: ``cur``, ``len`` and ``emit(tok)`` for one slot."""

    def __init__(self, cur: int, max_dec_len: int, end_tokens: list[int]) -> None:
        self.cur = cur
        self.max_dec_len = max_dec_len
        self.end_tokens = end_tokens
        self.tokens: list[int] = []
        self.stopped = False
        self.hit_limit = False  # for the trace only
        self.saw_eos = False  # for the trace only

    @property
    def length(self) -> int:
        return len(self.tokens)

    def emit(self, tok: int) -> None:
        self.cur += 1  # exact (a Python int); the kernels saturate at INT64_MAX, same test result
        eos = tok in self.end_tokens
        hit = self.cur >= self.max_dec_len
        if hit and not eos:
            tok = self.end_tokens[0]
        self.tokens.append(tok)
        self.hit_limit |= hit
        self.saw_eos |= eos
        if eos or hit:
            self.stopped = True


def verify_draft_tokens(
    step_output_ids: np.ndarray,
    step_output_len: np.ndarray,
    step_input_ids: np.ndarray,
    target_tokens: np.ndarray | None,
    candidate_ids: np.ndarray | None,
    candidate_scores: np.ndarray | None,
    candidate_lens: np.ndarray | None,
    topp: np.ndarray,
    stop_flags: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_this_time: np.ndarray,
    end_tokens: np.ndarray,
    is_block_step: np.ndarray,
    cu_seqlens_q_output: np.ndarray,
    reasoning_status: np.ndarray,
    max_dec_len: np.ndarray,
    step_idx: np.ndarray,
    *,
    max_seq_len: int,
    verify_window: int,
    verify_strategy: int,
    reject_all: bool,
    accept_all: bool,
    topp_uniforms: np.ndarray,
    seed: int = -1,
    trace: Counter[str] | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Return new ``(step_output_ids, step_output_len)``; the inputs are never modified.

    ``topp_uniforms`` is the per-slot float32 draw array of length ``max_bsz``
    (``slot_uniforms(seed, max_bsz)``), the op's scratch; ``seed`` (which made it) and
    ``max_seq_len`` are accepted and ignored, as on the page.
    ``trace``, if given, counts which rules fired (for coverage checks of random batches only).
    """
    events: Counter[str] = trace if trace is not None else Counter()
    del max_seq_len, seed  # unused: interface compatibility, and the draws come filled
    uniforms = topp_uniforms
    strategy = _strategy_code(verify_strategy)
    verify_window = int(verify_window)
    reject_all = bool(reject_all)
    accept_all = bool(accept_all)
    if verify_window < 1:
        raise ValueError(f"verify_window must be >= 1, got {verify_window}")

    max_bsz, max_step_tokens = step_output_ids.shape
    real_bsz = int(seq_lens_this_time.shape[0])
    if real_bsz > max_bsz:
        raise ValueError(f"real_bsz ({real_bsz}) > max_bsz ({max_bsz})")
    if strategy in (GREEDY, TARGET_MATCH) and target_tokens is None:
        raise ValueError("target_tokens is required for GREEDY and TARGET_MATCH")
    if strategy == TOPP and (
        candidate_ids is None or candidate_scores is None or candidate_lens is None
    ):
        raise ValueError("candidate_ids, candidate_scores and candidate_lens are required for TOPP")

    K = int(candidate_ids.shape[1]) if candidate_ids is not None else 0
    # The packed length: the rows of the strategy's target-model tensors.
    if strategy == TOPP:
        assert candidate_ids is not None
        token_num = int(candidate_ids.shape[0])
    else:
        assert target_tokens is not None
        token_num = int(target_tokens.shape[0])
    ends = [int(t) for t in end_tokens.tolist()]
    if not ends:
        raise ValueError("end_tokens must hold at least one id")

    # Step 1: every row of the (new) outputs starts as -1 / 0.
    out_ids = np.full((max_bsz, max_step_tokens), -1, dtype=np.int64)
    out_len = np.zeros((max_bsz,), dtype=np.int32)

    for b in range(max_bsz):
        if b >= real_bsz:
            continue
        # Out-of-domain rules: slt clamped to the row width; slt <= 0 skips the slot.
        slt = min(int(seq_lens_this_time[b]), max_step_tokens)
        if slt <= 0 or bool(is_block_step[b]) or bool(stop_flags[b]):
            events["skip"] += 1
            continue
        # The packed rows the slot reads: slt of them when its drafts are verified, else one.
        verified = not (
            reject_all or int(seq_lens_encoder[b]) != 0 or int(reasoning_status[b]) == 1
        )
        base = int(cu_seqlens_q_output[b])
        if base < 0 or base + (slt if verified else 1) > token_num:  # not all exist: inactive
            events["skip_rows_outside"] += 1
            continue

        # The page's draft(i) is draft[i] and row(i) is row[i]: cu_seqlens_q_output[b] + i.
        draft = [int(t) for t in step_input_ids[b, 1:slt]]
        row = range(base, base + slt)

        # Step 2: cur = step_idx[b], len = 0.
        slot = _Emitter(cur=int(step_idx[b]), max_dec_len=int(max_dec_len[b]), end_tokens=ends)

        # Step 3: phase 1.
        i = 0
        while i <= slt - 2 and not slot.stopped:
            if reject_all or int(seq_lens_encoder[b]) != 0 or int(reasoning_status[b]) == 1:
                events["phase1_break_flag"] += 1
                break
            if accept_all:
                slot.emit(draft[i])
                i += 1
                continue
            if strategy in (GREEDY, TARGET_MATCH):
                assert target_tokens is not None
                if int(target_tokens[row[i]]) == draft[i]:
                    slot.emit(draft[i])
                    i += 1
                    continue
                events["phase1_reject"] += 1
                break
            # TOPP: accept a draft inside the row's top-p candidates.
            assert candidate_ids is not None and candidate_lens is not None
            n = min(max(int(candidate_lens[row[i]]), 0), K)
            if draft[i] in [int(c) for c in candidate_ids[row[i], :n]]:
                slot.emit(draft[i])
                i += 1
                continue
            # Window fallback: draft[i] is the 2nd candidate and the next drafts are top-1.
            if K >= 2 and int(candidate_ids[row[i], 1]) == draft[i]:
                j = 0
                ii = i + 1
                while ii <= slt - 2 and j < verify_window:
                    if int(candidate_ids[row[ii], 0]) != draft[ii]:
                        break
                    j += 1
                    ii += 1
                if j >= verify_window:
                    events["window_fallback_ok"] += 1
                    for k in range(i, i + j + 1):
                        if slot.stopped:
                            break
                        slot.emit(draft[k])
                    i = i + j + 1
                    continue
                events["window_fallback_fail"] += 1
            events["phase1_reject"] += 1
            break
        # Here i is the first position that was not accepted (slt - 1 if all were).
        if slt >= 2 and i == slt - 1 and not slot.stopped:
            events["phase1_all_accepted"] += 1

        # Step 4: phase 2, the target's own token at position i.
        if not slot.stopped:
            if strategy in (GREEDY, TARGET_MATCH):
                assert target_tokens is not None
                slot.emit(int(target_tokens[row[i]]))
            else:
                assert candidate_ids is not None and candidate_scores is not None
                assert candidate_lens is not None
                if K < 1:
                    raise ValueError("TOPP phase 2 needs max_candidate_len >= 1")
                n = min(max(int(candidate_lens[row[i]]), 0), K)
                chosen = int(candidate_ids[row[i], 0])  # if no j qualifies, or n == 0
                # IEEE float32 as in C++: NaN / inf in topp or the scores are not errors.
                with np.errstate(all="ignore"):
                    r = np.float32(np.float32(uniforms[b]) * np.float32(topp[b]))
                    total = np.float32(0.0)
                    for j in range(n):
                        total = np.float32(total + np.float32(candidate_scores[row[i], j]))
                        if r <= total:
                            chosen = int(candidate_ids[row[i], j])
                            events[f"phase2_topp_j{min(j, 2)}"] += 1
                            break
                    else:
                        events["phase2_topp_col0_fallback"] += 1
                slot.emit(chosen)
        else:
            events["stopped_in_phase1"] += 1
        if slot.hit_limit:
            events["max_dec_len_hit"] += 1
        if slot.saw_eos:
            events["eos"] += 1

        # Step 5: the number of tokens written.
        if slot.length > slt:  # cannot happen: at most slt <= max_step_tokens tokens
            raise ValueError(f"slot {b} wrote {slot.length} > slt = {slt} tokens")
        out_ids[b, : slot.length] = slot.tokens
        out_len[b] = slot.length

    return out_ids, out_len


def run_reference(batch: dict, trace: Counter[str] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Run the reference on a batch dict as made by ``random_batch`` (uses its ``seed``).

    ``seed = -1`` means "a process-wide counter" to the op, which the reference cannot know:
    TOPP batches must carry an explicit seed >= 0 (the draws are unused by the other strategies).
    """
    from .uniform import slot_uniforms
    from .verify_draft_tokens_batches import ATTR_NAMES, TENSOR_NAMES

    if int(batch["seed"]) == -1 and _strategy_code(batch["verify_strategy"]) == TOPP:
        raise ValueError("seed -1 draws from a process-wide counter; pass an explicit seed")
    max_bsz = batch["step_output_ids"].shape[0]
    uniforms = slot_uniforms(int(batch["seed"]), max_bsz)
    attrs = {k: batch[k] for k in ATTR_NAMES}
    return verify_draft_tokens(
        *(batch[name] for name in TENSOR_NAMES), **attrs, topp_uniforms=uniforms, trace=trace
    )
