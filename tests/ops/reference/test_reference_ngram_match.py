"""Hand-worked cases of the NumPy reference of ngram_match, from docs/ops/ngram_match.md
("Semantics", "Out-of-domain values"); the comments show the working."""

from __future__ import annotations

from typing import Any

import numpy as np

from .ngram_match import ngram_match

W = 6  # max_step_tokens
M = 16  # max_model_len
FILL = 99  # step_input_ids before the call


def _slot(**kw: Any) -> dict[str, Any]:
    """One slot: ``history`` = prompt then generated tokens (``prompt`` of them are the prompt)."""
    s: dict[str, Any] = {
        "history": [],
        "prompt": 0,
        "enc": 0,
        "dec": 5,
        "slt": 7,
        "max_dec_len": 1000,
        "num": None,
    }
    s.update(kw)
    return s


def _run(slots: list[dict[str, Any]], **attrs: Any) -> list[tuple[int, list[int]]]:
    """Per slot: (seq_lens_this_time, its drafts = step_input_ids[b, 1 : seq_lens_this_time])."""
    n = len(slots)
    hist = np.full((n, M), -7, np.int64)
    for b, s in enumerate(slots):
        hist[b, : len(s["history"])] = s["history"]
    nums = [s["num"] for s in slots]
    args = dict(
        token_ids_all=hist,
        prompt_lens=np.array([s["prompt"] for s in slots], np.int64),
        step_idx=np.array([len(s["history"]) - s["prompt"] for s in slots], np.int64),
        draft_token_num=None if all(v is None for v in nums) else np.array(nums, np.int32),
        step_input_ids=np.full((n, W), FILL, np.int64),
        seq_lens_this_time=np.array([s["slt"] for s in slots], np.int32),
        seq_lens_encoder=np.array([s["enc"] for s in slots], np.int32),
        seq_lens_decoder=np.array([s["dec"] for s in slots], np.int32),
        max_dec_len=np.array([s["max_dec_len"] for s in slots], np.int64),
    )
    before = {k: None if v is None else v.copy() for k, v in args.items()}
    ids, lens = ngram_match(**args, **attrs)
    for k, v in args.items():
        assert (v is None and before[k] is None) or np.array_equal(v, before[k]), k
    out = []
    for b in range(n):
        assert ids[b, 0] == FILL  # column 0 is never written
        # the drafts: the written columns (no token here equals FILL), contiguous from column 1
        row = [int(t) for t in ids[b, 1:]]
        drafts = row[: next((i for i, t in enumerate(row) if t == FILL), len(row))]
        assert all(t == FILL for t in row[len(drafts) :])
        out.append((int(lens[b]), drafts))
    return out


def test_longest_ngram_then_earliest_window() -> None:
    # history 5 6 7 5 6 (prompt 5 6 7): n=3 "7 5 6" has no earlier window; n=2 "5 6" stands at
    # 0, drafts from 2: 7 5 6
    assert _run([_slot(history=[5, 6, 7, 5, 6], prompt=3)]) == [(4, [7, 5, 6])]
    # 1 2 3 9 2 3 1 2 3: n=3 "1 2 3" at 0 (not "9 2 3" at 3 for n=2): drafts 9 2 3 1 2 (limit 5)
    assert _run([_slot(history=[1, 2, 3, 9, 2, 3, 1, 2, 3], prompt=4)]) == [(6, [9, 2, 3, 1, 2])]
    # 4 1 8 1 8: n=2 "1 8" at 1 wins over n=1 "8" at 2: drafts from 3: 1 8
    assert _run([_slot(history=[4, 1, 8, 1, 8], prompt=2)]) == [(3, [1, 8])]


def test_the_last_token_can_be_a_draft() -> None:
    # 3 1 3: n=1 "3" at 0, the drafts are 1 3 (the last token included)
    assert _run([_slot(history=[3, 1, 3], prompt=2)]) == [(3, [1, 3])]
    # 2 5 5: n=2 "5 5" has no earlier window; n=1 "5" at 1: drafts 5
    assert _run([_slot(history=[2, 5, 5], prompt=1)]) == [(2, [5])]


def test_windows_cross_the_prompt_boundary() -> None:
    # prompt 1 2 | generated 3 4 1 2 3: n=3 "1 2 3" at 0 spans prompt and generated tokens;
    # the drafts 4 1 2 3 run from generated tokens back to the last one
    assert _run([_slot(history=[1, 2, 3, 4, 1, 2, 3], prompt=2)]) == [(5, [4, 1, 2, 3])]
    # the n-gram itself may reach into the prompt: prompt 7 8 9 7 8 | generated 9
    assert _run([_slot(history=[7, 8, 9, 7, 8, 9], prompt=5)]) == [(4, [7, 8, 9])]


def test_no_match_short_or_unfitting_history() -> None:
    assert _run([_slot(history=[1, 2, 3, 4], prompt=2)]) == [(1, [])]  # nothing recurs
    assert _run([_slot(history=[1], prompt=0)]) == [(1, [])]  # no window before the 1-gram
    assert _run([_slot(history=[], prompt=0)]) == [(1, [])]
    # prompt_lens + step_idx past max_model_len: the row does not hold the last tokens
    hist = [1, 2] * 8
    out = _run([_slot(history=hist, prompt=8)])
    assert out == [(6, [1, 2, 1, 2, 1])]  # 16 tokens fit exactly
    res = ngram_match(
        np.array([hist], np.int64),
        np.array([8], np.int64),
        np.array([9], np.int64),  # 8 + 9 = 17 > 16
        None,
        np.full((1, W), FILL, np.int64),
        np.array([1], np.int32),
        np.array([0], np.int32),
        np.array([5], np.int32),
        np.array([1000], np.int64),
    )
    assert int(res[1][0]) == 1 and (res[0] == FILL).all()


def test_draft_limits() -> None:
    hist = [1, 2, 3, 4, 5, 6, 7, 1]  # n=1 "1" at 0: up to 7 drafts 2..7 1
    # the row: max_step_tokens - 1 = 5
    assert _run([_slot(history=hist, prompt=1)]) == [(6, [2, 3, 4, 5, 6])]
    # max_draft_tokens
    assert _run([_slot(history=hist, prompt=1)], max_draft_tokens=2) == [(3, [2, 3])]
    # draft_token_num[b] (and a negative one reads as 0)
    assert _run([_slot(history=hist, prompt=1, num=3), _slot(history=hist, prompt=1, num=-4)]) == [
        (4, [2, 3, 4]),
        (1, []),
    ]
    # max_dec_len - step_idx - 1: step_idx 7, max_dec_len 10 -> 2 drafts; 8 -> none
    assert _run([_slot(history=hist, prompt=1, max_dec_len=10)]) == [(3, [2, 3])]
    assert _run([_slot(history=hist, prompt=1, max_dec_len=8)]) == [(1, [])]
    assert _run([_slot(history=hist, prompt=1, max_dec_len=-(2**63))]) == [(1, [])]


def test_kinds_of_slot() -> None:
    hist = [4, 4]
    out = _run(
        [
            _slot(history=hist, prompt=1, enc=3, slt=3),  # prefill: keeps 3
            _slot(history=hist, prompt=1, dec=0, slt=5),  # idle: 0
            _slot(history=hist, prompt=1, enc=-1, dec=-1, slt=5),  # negatives read as 0: idle
            _slot(history=hist, prompt=1, enc=-1, dec=2),  # decode
            _slot(history=hist, prompt=1, enc=2, slt=-9),  # prefill, negative length: 0
        ]
    )
    assert out == [(3, []), (0, []), (0, []), (2, [4]), (0, [])]


def test_token_budget_over_the_batch() -> None:
    # Four decoding slots, each able to take 5 drafts; threshold 12.
    hist = [1, 2, 3, 4, 5, 6, 1]
    slots = [_slot(history=hist, prompt=1) for _ in range(4)]
    # slot 0: total 1, left 3 -> 1 + 3 >= 11? no; cap min(5, 12 - 1 - 3 = 8) = 5 -> total 6
    # slot 1: total 7, left 2 -> 9 >= 11? no; cap min(5, 12 - 7 - 2 = 3) = 3 -> total 10
    # slot 2: total 11, left 1 -> 12 >= 11: no drafts; slot 3: total 12, left 0 -> no drafts
    assert _run(slots, infer_with_reference_tokenum_threshold=12) == [
        (6, [2, 3, 4, 5, 6]),
        (4, [2, 3, 4]),
        (1, []),
        (1, []),
    ]
    # threshold 0: no drafts at all
    assert [k for k, _ in _run(slots, infer_with_reference_tokenum_threshold=0)] == [1, 1, 1, 1]


def test_prefill_slots_in_the_budget() -> None:
    # prefill (8 tokens), decode, prefill (2 tokens), decode; threshold 16.
    # left starts at 4 (prefill slots are never taken off it).
    # slot 0: total 8. slot 1: total 9, left 3 -> 12 >= 15? no; cap min(5, 16 - 9 - 3 = 4) = 4
    # -> total 13. slot 2: total 15. slot 3: total 16, left 2 -> 18 >= 15: no drafts.
    hist = [1, 2, 3, 4, 5, 6, 1]
    slots = [
        _slot(enc=8, slt=8),
        _slot(history=hist, prompt=1),
        _slot(enc=2, slt=2),
        _slot(history=hist, prompt=1),
    ]
    assert _run(slots, infer_with_reference_tokenum_threshold=16) == [
        (8, []),
        (5, [2, 3, 4, 5]),
        (2, []),
        (1, []),
    ]


def test_slots_past_real_bsz_and_max_bsz() -> None:
    # real_bsz 1 of max_bsz 2: slot 1 takes no part (its row is not written)
    hist = np.array([[1, 1, 0, 0], [1, 1, 0, 0]], np.int64)
    ids, lens = ngram_match(
        hist,
        np.array([0, 0], np.int64),
        np.array([2, 2], np.int64),
        None,
        np.full((2, 3), FILL, np.int64),
        np.array([1], np.int32),
        np.array([0, 0], np.int32),
        np.array([1, 1], np.int32),
        np.array([100, 100], np.int64),
    )
    assert lens.tolist() == [2] and ids.tolist() == [[FILL, 1, FILL], [FILL] * 3]
    # real_bsz 3 > max_bsz 2 (only past the glue): slot 2 has no state, idle
    ids, lens = ngram_match(
        hist,
        np.array([0, 0], np.int64),
        np.array([2, 2], np.int64),
        None,
        np.full((2, 3), FILL, np.int64),
        np.array([1, 1, 4], np.int32),
        np.array([0, 0], np.int32),
        np.array([1, 1], np.int32),
        np.array([100, 100], np.int64),
    )
    assert lens.tolist() == [2, 2, 0]
