"""Self-checks of the NumPy reference of verify_draft_tokens against hand-worked page examples.

Every expected value below is worked out by hand from docs/ops/verify_draft_tokens.md; the
comments show the working. Slots are built with ``_run`` from a per-slot description, so each test
only spells out what matters for its rule.
"""

from __future__ import annotations

import warnings
from collections import Counter
from typing import Any

import numpy as np
import pytest

from tests.harness import spec

from .uniform import slot_uniforms
from .verify_draft_tokens import GREEDY, TARGET_MATCH, TOPP, run_reference, verify_draft_tokens
from .verify_draft_tokens_batches import (
    DTYPES,
    OP,
    OPTIONAL_TENSORS,
    TENSOR_NAMES,
    random_batch,
    required_tensors,
    validate_batch,
)

W = 6  # max_step_tokens of the hand-made batches
GARBAGE = 77  # what the in-place outputs hold before the call


def _slot(**kw: Any) -> dict[str, Any]:
    """One slot: ``ids`` = step_input_ids row (column 0 then the drafts); slt defaults to len(ids).

    Per packed row of the slot: ``targets`` (GREEDY / TARGET_MATCH) or ``cands``, ``scores``,
    ``lens`` (TOPP); missing rows are filled with harmless values (id 40+, lens 0).
    """
    s: dict[str, Any] = {
        "ids": [9],
        "topp": 1.0,
        "stop": False,
        "block": False,
        "enc": 0,
        "rs": 0,
        "step_idx": 0,
        "max_dec_len": 1000,
        "u": 0.0,
    }
    s.update(kw)
    s.setdefault("slt", len(s["ids"]))
    return s


def _build(
    strategy: int,
    slots: list[dict[str, Any]],
    *,
    real_bsz: int | None = None,
    K: int = 3,
    end_tokens: tuple[int, ...] = (2,),
    verify_window: int = 2,
    reject_all: bool = False,
    accept_all: bool = False,
) -> tuple[dict[str, Any], np.ndarray]:
    max_bsz = len(slots)
    if real_bsz is None:
        real_bsz = max_bsz
    slt = np.array([s["slt"] for s in slots[:real_bsz]], dtype=np.int32)
    cu = np.zeros(real_bsz + 1, dtype=np.int32)
    cu[1:] = np.cumsum(slt)
    token_num = int(cu[-1])

    step_input_ids = np.full((max_bsz, W), 48, dtype=np.int64)
    for b, s in enumerate(slots):
        step_input_ids[b, : len(s["ids"])] = s["ids"]

    target_tokens = candidate_ids = candidate_scores = candidate_lens = None
    if strategy in (GREEDY, TARGET_MATCH):
        target_tokens = np.full(token_num, 41, dtype=np.int64)
        for b in range(real_bsz):
            for i, t in enumerate(slots[b].get("targets", [])):
                target_tokens[cu[b] + i] = t
    else:
        candidate_ids = np.zeros((token_num, K), dtype=np.int64)
        candidate_scores = np.zeros((token_num, K), dtype=np.float32)
        candidate_lens = np.zeros(token_num, dtype=np.int32)
        for r in range(token_num):
            candidate_ids[r] = np.arange(40, 40 + K)
        for b in range(real_bsz):
            s = slots[b]
            for i, row in enumerate(s.get("cands", [])):
                candidate_ids[cu[b] + i] = row
            for i, row in enumerate(s.get("scores", [])):
                candidate_scores[cu[b] + i] = row
            for i, n in enumerate(s.get("lens", [])):
                candidate_lens[cu[b] + i] = n

    batch = {
        "step_output_ids": np.full((max_bsz, W), GARBAGE, dtype=np.int64),
        "step_output_len": np.full(max_bsz, GARBAGE, dtype=np.int32),
        "step_input_ids": step_input_ids,
        "target_tokens": target_tokens,
        "candidate_ids": candidate_ids,
        "candidate_scores": candidate_scores,
        "candidate_lens": candidate_lens,
        "topp": np.array([s["topp"] for s in slots], dtype=np.float32),
        "stop_flags": np.array([s["stop"] for s in slots], dtype=np.bool_),
        "seq_lens_encoder": np.array([s["enc"] for s in slots], dtype=np.int32),
        "seq_lens_this_time": slt,
        "end_tokens": np.array(end_tokens, dtype=np.int64),
        "is_block_step": np.array([s["block"] for s in slots], dtype=np.bool_),
        "cu_seqlens_q_output": cu,
        "reasoning_status": np.array([s["rs"] for s in slots], dtype=np.int32),
        "max_dec_len": np.array([s["max_dec_len"] for s in slots], dtype=np.int64),
        "step_idx": np.array([s["step_idx"] for s in slots], dtype=np.int64),
        "max_seq_len": 0,
        "verify_window": verify_window,
        "verify_strategy": strategy,
        "reject_all": reject_all,
        "accept_all": accept_all,
        "seed": 0,
    }
    uniforms = np.array([s["u"] for s in slots], dtype=np.float32)
    return batch, uniforms


def _call(batch: dict[str, Any], uniforms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return verify_draft_tokens(
        *(batch[n] for n in TENSOR_NAMES),
        max_seq_len=batch["max_seq_len"],
        verify_window=batch["verify_window"],
        verify_strategy=batch["verify_strategy"],
        reject_all=batch["reject_all"],
        accept_all=batch["accept_all"],
        topp_uniforms=uniforms,
    )


def _run(strategy: int, slots: list[dict[str, Any]], **kw: Any) -> list[list[int]]:
    """Run and return, per slot, the written tokens; also checks -1 after them and the count."""
    batch, uniforms = _build(strategy, slots, **kw)
    ids, lens = _call(batch, uniforms)
    assert ids.dtype == np.int64 and ids.shape == (len(slots), W)
    assert lens.dtype == np.int32 and lens.shape == (len(slots),)
    out = []
    for b in range(len(slots)):
        n = int(lens[b])
        assert np.all(ids[b, n:] == -1), ids[b]
        assert np.all(ids[b, :n] != -1), ids[b]
        out.append(ids[b, :n].tolist())
    return out


# --------------------------------------------------------------------------------------------
# The generator


def _splitmix_slot_plain(seed: int, b: int) -> float:
    m = (1 << 64) - 1
    z = ((seed & m) + (b + 1) * 0x9E3779B97F4A7C15) & m
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    z = z ^ (z >> 31)
    return (z >> 40) * 2.0**-24


def test_uniform_literal_values() -> None:
    # Computed once with plain Python integers. For seed 0 the 64-bit outputs are the known
    # SplitMix64 vectors 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F.
    assert slot_uniforms(0, 3).tolist() == [
        0xE220A8 / 2**24,  # 0.8833107948303223
        0x6E789E / 2**24,  # 0.4315279722213745
        0x06C45D / 2**24,  # 0.02643376588821411
    ]
    # seed 12345: 0x22118258A9D111A0, 0x346EDCE5F713F8ED, 0x1E9A57BC80E6721D
    assert slot_uniforms(12345, 3).tolist() == [
        0x221182 / 2**24,  # 0.1330796480178833
        0x346EDC / 2**24,  # 0.20481657981872559
        0x1E9A57 / 2**24,  # 0.11954253911972046
    ]
    # seed -1 == 2**64 - 1: 0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9
    assert slot_uniforms(-1, 3).tolist() == [
        0xE4D971 / 2**24,
        0xE99FF8 / 2**24,
        0x382FF8 / 2**24,
    ]


def test_uniform_properties() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no overflow warnings
        for seed in (0, 1, 12345, -1, 2**63 - 1, -(2**63), 2**64 - 1, 0xDEADBEEF):
            u = slot_uniforms(seed, 37)
            assert u.dtype == np.float32 and u.shape == (37,)
            assert np.all((u >= 0) & (u < 1))
            assert u.tolist() == [_splitmix_slot_plain(seed, b) for b in range(37)]
            assert slot_uniforms(seed, 5).tolist() == u[:5].tolist()  # one draw per slot
    assert slot_uniforms(-1, 4).tolist() == slot_uniforms(2**64 - 1, 4).tolist()
    assert slot_uniforms(np.int64(-1), 4).tolist() == slot_uniforms(-1, 4).tolist()
    assert slot_uniforms(7, 0).shape == (0,)
    assert slot_uniforms(7, 0).dtype == np.float32


# --------------------------------------------------------------------------------------------
# Step 1: reset and skip rules


def test_fill_with_minus_one_and_skip_rules() -> None:
    # max_bsz 6, real_bsz 5. Slot 0 is a normal greedy slot (target 5 != draft 6: phase 2
    # emits 5); slots 1-4 are skipped for slt == 0, is_block_step, stop_flags; slot 5 is
    # padding (b >= real_bsz) even though its per-slot state looks live.
    live = {"ids": [9, 6], "targets": [5, 7]}
    slots = [
        _slot(**live),
        _slot(ids=[9, 6], slt=0),
        _slot(**live, block=True),
        _slot(**live, stop=True),
        _slot(**live, block=True, stop=True),
        _slot(ids=[9, 6]),
    ]
    batch, uniforms = _build(GREEDY, slots, real_bsz=5)
    ids, lens = _call(batch, uniforms)
    expected = np.full((6, W), -1, dtype=np.int64)
    expected[0, 0] = 5
    assert ids.tolist() == expected.tolist()
    assert lens.tolist() == [1, 0, 0, 0, 0, 0]


def test_inputs_are_not_modified_and_outputs_are_new() -> None:
    batch, uniforms = _build(GREEDY, [_slot(ids=[9, 5, 6], targets=[5, 6, 7])])
    before = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in batch.items()}
    ids, lens = _call(batch, uniforms)
    assert ids.tolist() == [[5, 6, 7, -1, -1, -1]] and lens.tolist() == [3]
    for k, v in batch.items():
        if isinstance(v, np.ndarray):
            assert np.array_equal(v, before[k]), k
    assert batch["step_output_ids"].tolist() == [[GARBAGE] * W]
    assert ids is not batch["step_output_ids"] and lens is not batch["step_output_len"]


def test_real_bsz_zero_only_resets() -> None:
    for strategy in (TOPP, GREEDY):
        slots = [_slot(ids=[9, 5, 6]), _slot(ids=[9, 5])]
        batch, uniforms = _build(strategy, slots, real_bsz=0)
        assert batch["cu_seqlens_q_output"].tolist() == [0]
        assert batch["seq_lens_this_time"].shape == (0,)
        ids, lens = _call(batch, uniforms)
        assert ids.tolist() == [[-1] * W, [-1] * W]
        assert lens.tolist() == [0, 0]


# --------------------------------------------------------------------------------------------
# Step 2: emit


def test_emit_end_token_among_accepted_drafts_stops_the_slot() -> None:
    # end_tokens [2, 7]. drafts 5, 7, 8 with targets 5, 7, 8, 4: 5 accepted, 7 accepted and is
    # an end token -> stopped; no further draft, no phase 2.
    out = _run(GREEDY, [_slot(ids=[9, 5, 7, 8], targets=[5, 7, 8, 4])], end_tokens=(2, 7))
    assert out == [[5, 7]]


def test_emit_end_token_from_phase_2() -> None:
    # draft 5 rejected (target 2); phase 2 emits the end token 2; len 1.
    assert _run(GREEDY, [_slot(ids=[9, 5], targets=[2, 3])], end_tokens=(2,)) == [[2]]


def test_emit_max_dec_len_hit_replaces_by_end_tokens_0() -> None:
    # step_idx 10, max_dec_len 12: emit(5) cur 11 no hit; emit(6) cur 12 hit, 6 is not an end
    # token -> replaced by end_tokens[0] = 2, stopped (draft 7 and phase 2 never happen).
    slot = _slot(ids=[9, 5, 6, 7], targets=[5, 6, 7, 8], step_idx=10, max_dec_len=12)
    assert _run(GREEDY, [slot], end_tokens=(2, 3)) == [[5, 2]]


def test_emit_max_dec_len_hit_keeps_an_end_token() -> None:
    # Same, but the token at the limit is end_tokens[1] = 3: eos, kept as is (not replaced by 2).
    slot = _slot(ids=[9, 5, 3, 7], targets=[5, 3, 7, 8], step_idx=10, max_dec_len=12)
    assert _run(GREEDY, [slot], end_tokens=(2, 3)) == [[5, 3]]


def test_emit_max_dec_len_hit_in_phase_2_and_already_past() -> None:
    # Slot 0: step_idx 4, max_dec_len 6; draft 5 accepted (cur 5), draft 6 rejected (target 8);
    # phase 2 emits 8 at cur 6 -> hit -> end_tokens[0] = 2.
    # Slot 1: step_idx 9 >= max_dec_len 7 already: the first emit (draft 5, cur 10) hits -> 2.
    slots = [
        _slot(ids=[9, 5, 6], targets=[5, 8, 1], step_idx=4, max_dec_len=6),
        _slot(ids=[9, 5, 6], targets=[5, 6, 1], step_idx=9, max_dec_len=7),
    ]
    assert _run(GREEDY, slots, end_tokens=(2,)) == [[5, 2], [2]]


# --------------------------------------------------------------------------------------------
# Phase 1 / phase 2: GREEDY and TARGET_MATCH


@pytest.mark.parametrize("strategy", [GREEDY, TARGET_MATCH])
def test_greedy_and_target_match_accept_then_reject(strategy: int) -> None:
    # Slot 0 (rows 0-3): drafts 5, 6, 7 vs targets 5, 6, 9: accept 5, 6; reject at i = 2 ->
    #   phase 2 emits target_tokens[row(2)] = 9.
    # Slot 1 (rows 4-6): drafts 5, 6 vs targets 5, 6, 8: all accepted, i = slt-1 = 2 -> 8.
    # Slot 2 (rows 7-9): first draft rejected (target 11 != 10) -> phase 2 emits 11 only,
    #   even though the second draft would match its target.
    # Slot 3 (row 10): slt 1, no drafts -> phase 2 at row(0): 13.
    slots = [
        _slot(ids=[9, 5, 6, 7], targets=[5, 6, 9, 4]),
        _slot(ids=[9, 5, 6], targets=[5, 6, 8]),
        _slot(ids=[9, 10, 12], targets=[11, 12, 14]),
        _slot(ids=[9], targets=[13]),
    ]
    assert _run(strategy, slots) == [[5, 6, 9], [5, 6, 8], [11], [13]]


def test_max_seq_len_is_unused() -> None:
    batch, uniforms = _build(GREEDY, [_slot(ids=[9, 5, 6], targets=[5, 1, 1])])
    a = _call(batch, uniforms)
    batch["max_seq_len"] = 1
    b = _call(batch, uniforms)
    assert a[0].tolist() == b[0].tolist() == [[5, 1, -1, -1, -1, -1]]


# --------------------------------------------------------------------------------------------
# Phase 1: TOPP


def test_topp_accept_inside_top_p() -> None:
    # K 3, u 0 so phase 2 always takes the first candidate (r = 0 <= score 0.5).
    # Slot 0: row 0 cands [4, 5, 6] lens 2: draft 5 is at index 1 < 2 -> accepted; row 1 cands
    #   [6, 7, 8] lens 3: draft 8 at index 2 -> accepted; row 2 (all accepted) -> phase 2: 20.
    # Slot 1: row 0 cands [4, 5, 6] lens 2: draft 6 is at index 2, outside top-p, and is not
    #   candidate 1 -> no window fallback -> phase 2 at row 0 -> 4.
    sc = [0.5, 0.25, 0.125]
    slots = [
        _slot(
            ids=[9, 5, 8],
            cands=[[4, 5, 6], [6, 7, 8], [20, 21, 22]],
            scores=[sc] * 3,
            lens=[2, 3, 3],
        ),
        _slot(ids=[9, 6, 8], cands=[[4, 5, 6], [6, 7, 8]], scores=[sc] * 2, lens=[2, 3]),
    ]
    assert _run(TOPP, slots) == [[5, 8, 20], [4]]


def test_topp_lens_zero_rejects_even_the_top_candidate() -> None:
    # n = min(0, K) = 0: draft 4 == candidate 0 is not among the first 0 candidates and is not
    # candidate 1 -> break. Phase 2 at row 0 with n 0 -> candidate_ids[row, 0] = 4.
    slot = _slot(
        ids=[9, 4, 7],
        cands=[[4, 5, 6], [7, 8, 9]],
        scores=[[0.5, 0.3, 0.2]] * 2,
        lens=[0, 3],
        u=0.9,
    )
    assert _run(TOPP, [slot]) == [[4]]


def test_window_fallback_success() -> None:
    # verify_window 2, K 3, slt 6 (drafts 11, 20, 30, 99, 50).
    # i=0: row 0 cands [10, 11, 12] lens 1 -> 11 is outside top-1, but it is candidate 1 ->
    #   fallback: ii=1 cand[row1,0]=20 == 20 -> j=1; ii=2 cand[row2,0]=30 == 30 -> j=2;
    #   j == verify_window stops the count -> emit 11, 20, 30 and continue at i=3.
    # i=3: row 3 cands [60, 61, 62] lens 3, draft 99 not among them, 99 != 61 -> break.
    # Phase 2 at row 3: u 0 -> 60.
    sc = [0.5, 0.25, 0.125]
    slot = _slot(
        ids=[9, 11, 20, 30, 99, 50],
        cands=[[10, 11, 12], [20, 21, 22], [30, 31, 32], [60, 61, 62], [70, 71, 72], [1, 3, 4]],
        scores=[sc] * 6,
        lens=[1, 1, 1, 3, 3, 3],
    )
    assert _run(TOPP, [slot], verify_window=2) == [[11, 20, 30, 60]]


def test_window_fallback_success_then_all_accepted() -> None:
    # verify_window 1, drafts 11, 20: i=0 fallback (candidate 1) with j=1 (cand[row1,0] == 20)
    # -> emit 11, 20; i = 2 = slt-1 -> phase 2 at row 2: u 0 -> 30.
    sc = [0.5, 0.25, 0.125]
    slot = _slot(
        ids=[9, 11, 20],
        cands=[[10, 11, 12], [20, 21, 22], [30, 31, 32]],
        scores=[sc] * 3,
        lens=[0, 0, 0],
    )
    assert _run(TOPP, [slot], verify_window=1) == [[11, 20, 30]]


def test_window_fallback_failures() -> None:
    sc = [0.5, 0.25, 0.125]
    cands = [[10, 11, 12], [20, 21, 22], [30, 31, 32], [40, 41, 42]]
    # Slot 0: verify_window 2; ii=1 matches (j=1), ii=2 draft 31 != 30 -> j = 1 < 2 -> break
    #   at i=0 -> phase 2 at row 0 -> 10.
    # Slot 1: drafts 11, 20, 30 (slt 4): j counts ii=1, 2 -> j = 2 ... but verify_window is 3
    #   and ii=3 > slt-2 ends the count -> j = 2 < 3 -> fails -> 10. (Run with window 3.)
    slot0 = _slot(ids=[9, 11, 20, 31, 40], cands=cands, scores=[sc] * 4, lens=[1, 1, 1, 1])
    slot1 = _slot(ids=[9, 11, 20, 30], cands=cands, scores=[sc] * 4, lens=[1, 1, 1, 1])
    assert _run(TOPP, [slot0], verify_window=2) == [[10]]
    assert _run(TOPP, [slot1], verify_window=3) == [[10]]
    # Same slot 1 with window 2 succeeds: emit 11, 20, 30, i = 3 = slt-1 -> phase 2 row 3 -> 40.
    assert _run(TOPP, [slot1], verify_window=2) == [[11, 20, 30, 40]]


def test_window_fallback_needs_k_at_least_2() -> None:
    # K 1: no candidate 1 exists -> no fallback -> break -> phase 2 row 0 -> 10.
    slot = _slot(ids=[9, 11, 20], cands=[[10], [20], [30]], scores=[[1.0]] * 3, lens=[1, 1, 1])
    assert _run(TOPP, [slot], K=1, verify_window=1) == [[10]]


def test_window_fallback_stops_early_when_the_slot_stops() -> None:
    # Fallback accepts 11, 20, 30 (window 2), but step_idx 0 / max_dec_len 2: emit(11) cur 1,
    # emit(20) cur 2 hit -> end_tokens[0] = 2, stopped; 30 and phase 2 never happen.
    sc = [0.5, 0.25, 0.125]
    slot = _slot(
        ids=[9, 11, 20, 30, 99],
        cands=[[10, 11, 12], [20, 21, 22], [30, 31, 32], [60, 61, 62]],
        scores=[sc] * 4,
        lens=[1, 1, 1, 1],
        max_dec_len=2,
    )
    assert _run(TOPP, [slot], verify_window=2) == [[11, 2]]


# --------------------------------------------------------------------------------------------
# Phase 2: TOPP sampling


def test_topp_phase2_picks_by_cumulative_score() -> None:
    # Every slot has slt 1 (phase 2 at its row 0), cands [20, 21, 22, 23] with the exact
    # float32 scores 0.5, 0.25, 0.125, 0.0625 (cumulative 0.5, 0.75, 0.875, 0.9375).
    #  slot 0: u 0.6,  topp 1   -> r 0.6   : 0.5 < r <= 0.75          -> j 1 -> 21
    #  slot 1: u 0.8,  topp 1   -> r 0.8   : 0.75 < r <= 0.875        -> j 2 -> 22
    #  slot 2: u 0.5,  topp 1   -> r 0.5   : r <= 0.5 (<= boundary)   -> j 0 -> 20
    #  slot 3: u 0.9,  topp 0.5 -> r 0.45  : r <= 0.5                 -> j 0 -> 20
    #  slot 4: u 0.9,  topp 1   -> r 0.9   : 0.875 < r <= 0.9375      -> j 3 -> 23
    #  slot 5: u 0.95, topp 1   -> r 0.95  > 0.9375: none             -> column 0 -> 20
    #  slot 6: u 0.8,  topp 1, lens 2 -> sums 0.5, 0.75 only: none    -> column 0 -> 20
    #  slot 7: u 0.8,  topp 1, lens 0 -> n 0                          -> column 0 -> 20
    c, s = [[20, 21, 22, 23]], [[0.5, 0.25, 0.125, 0.0625]]
    cases = [
        (0.6, 1.0, 4),
        (0.8, 1.0, 4),
        (0.5, 1.0, 4),
        (0.9, 0.5, 4),
        (0.9, 1.0, 4),
        (0.95, 1.0, 4),
        (0.8, 1.0, 2),
        (0.8, 1.0, 0),
    ]
    slots = [_slot(ids=[9], cands=c, scores=s, lens=[n], u=u, topp=p) for u, p, n in cases]
    assert _run(TOPP, slots, K=4) == [[21], [22], [20], [20], [23], [20], [20], [20]]


def test_topp_phase2_uses_the_slot_uniform_from_the_seed() -> None:
    # seed 0 -> u = 0.88331..., 0.43152..., 0.02643... (slot 0, 1, 2); topp 1; each slot has
    # slt 1 and cands [20, 21, 22, 23], scores 0.5, 0.25, 0.125, 0.0625:
    #   slot 0: r 0.8833 -> 0.875 < r <= 0.9375 -> 23; slot 1: r 0.4315 <= 0.5 -> 20;
    #   slot 2: r 0.0264 <= 0.5 -> 20.  Slot 3 is padding (real_bsz 3).
    c, s = [[20, 21, 22, 23]], [[0.5, 0.25, 0.125, 0.0625]]
    slots = [_slot(ids=[9], cands=c, scores=s, lens=[4]) for _ in range(4)]
    batch, _ = _build(TOPP, slots, K=4, real_bsz=3)
    batch["seed"] = 0
    ids, lens = run_reference(batch)
    assert ids[:, 0].tolist() == [23, 20, 20, -1]
    assert lens.tolist() == [1, 1, 1, 0]
    # The draw is per slot (+ b), never per token position: slot 0 now accepts draft 7 (row 0
    # cands [7, 1, 3, 4], lens 1) and samples at row 1 = i 1 with its own u_0 = 0.8833 -> 23
    # (a draw read at + i, u_1 = 0.4315, would give 20).
    slots[0] = _slot(ids=[9, 7], cands=[[7, 1, 3, 4]] + c, scores=[[1, 0, 0, 0]] + s, lens=[1, 4])
    batch, _ = _build(TOPP, slots, K=4, real_bsz=3)
    batch["seed"] = 0
    ids, lens = run_reference(batch)
    assert ids[:, :2].tolist() == [[7, 23], [20, -1], [20, -1], [-1, -1]]
    assert lens.tolist() == [2, 1, 1, 0]


def test_topp_phase2_product_is_rounded_to_float32() -> None:
    # u = topp = 1 - 2**-24. Exact product 1 - 2**-23 + 2**-48, rounded to float32:
    # r = 1 - 2**-23. Scores [1 - 2**-23, 2**-24]: r <= 1 - 2**-23 at j 0 -> 30.
    # (An exact / double product would exceed score 0 and give 31.)
    one_m = 1 - 2**-24
    slot = _slot(
        ids=[9], cands=[[30, 31]], scores=[[1 - 2**-23, 2**-24]], lens=[2], u=one_m, topp=one_m
    )
    assert _run(TOPP, [slot], K=2) == [[30]]


def test_topp_phase2_sum_is_accumulated_in_float32() -> None:
    # Scores [0.5, 2**-25, 2**-25]: float32 sums 0.5, 0.5 (0.5 + 2**-25 ties to even), 0.5.
    # u = 0.5 + 2**-24, topp 1 -> r = 0.5 + 2**-24 > every float32 sum -> column 0 -> 30.
    # (Exact sums reach 0.5 + 2**-24 at j 2 and would give 32.)
    slot = _slot(
        ids=[9],
        cands=[[30, 31, 32]],
        scores=[[0.5, 2**-25, 2**-25]],
        lens=[3],
        u=0.5 + 2**-24,
        topp=1.0,
    )
    assert _run(TOPP, [slot], K=3) == [[30]]


# --------------------------------------------------------------------------------------------
# reject_all / accept_all / prefill / reasoning_status


@pytest.mark.parametrize("accept_all", [False, True])
def test_reject_all_wins(accept_all: bool) -> None:
    # All drafts match their targets, but reject_all breaks phase 1 at once (also over
    # accept_all) -> phase 2 at row 0: 5.
    out = _run(
        GREEDY, [_slot(ids=[9, 5, 6], targets=[5, 6, 7])], reject_all=True, accept_all=accept_all
    )
    assert out == [[5]]


def test_accept_all_accepts_everything_and_emits_end_token_draft_as_is() -> None:
    # end_tokens [7]. accept_all: drafts 30, 31 emitted whatever the targets say; draft 7 is an
    # end token: emitted as 7 (not 5, FastDeploy XPU's literal) and the slot stops.
    # Slot 1: accept_all with no end token: 30, 31 then phase 2 at row 2 -> target 44.
    slots = [
        _slot(ids=[9, 30, 31, 7, 32], targets=[40, 41, 42, 43, 44]),
        _slot(ids=[9, 30, 31], targets=[40, 41, 44]),
    ]
    assert _run(GREEDY, slots, accept_all=True, end_tokens=(7,)) == [[30, 31, 7], [30, 31, 44]]


def test_accept_all_topp() -> None:
    # TOPP with accept_all: drafts 33, 34 accepted even with lens 0; phase 2 at row 2 -> u 0 ->
    # candidate 0 = 40.
    slot = _slot(
        ids=[9, 33, 34], cands=[[40, 41, 42]] * 3, scores=[[0.5, 0.3, 0.2]] * 3, lens=[0, 0, 3]
    )
    assert _run(TOPP, [slot], accept_all=True) == [[33, 34, 40]]


def test_prefill_and_reasoning_boundary_break_phase_1() -> None:
    # Every slot's drafts match its targets (5, 6), target at row 2 is 7.
    # Slot 0: seq_lens_encoder 3 (prefill) -> break at i 0 -> phase 2 at row 0 -> 5.
    # Slot 1: reasoning_status 1 -> same -> 5.
    # Slots 2, 3, 4: reasoning_status 0, 2, 3 do not break -> 5, 6, 7.
    common = {"ids": [9, 5, 6], "targets": [5, 6, 7]}
    slots = [
        _slot(**common, enc=3),
        _slot(**common, rs=1),
        _slot(**common, rs=0),
        _slot(**common, rs=2),
        _slot(**common, rs=3),
    ]
    assert _run(GREEDY, slots) == [[5], [5], [5, 6, 7], [5, 6, 7], [5, 6, 7]]


def test_prefill_topp_reads_row_0() -> None:
    # TOPP prefill slot with slt 3: phase 1 breaks, phase 2 at row 0: u 0.6 topp 1 with scores
    # 0.5, 0.25 -> j 1 -> 21 (row 0's candidates; rows 1, 2 would give 41 / 40).
    slot = _slot(
        ids=[9, 20, 21],
        cands=[[20, 21, 22], [40, 41, 42], [40, 41, 42]],
        scores=[[0.5, 0.25, 0.25]] * 3,
        lens=[3, 3, 3],
        u=0.6,
        enc=17,
    )
    assert _run(TOPP, [slot]) == [[21]]


def test_missing_required_tensor_is_an_error() -> None:
    batch, uniforms = _build(GREEDY, [_slot(ids=[9, 5], targets=[5, 6])])
    batch["target_tokens"] = None
    with pytest.raises(ValueError):
        _call(batch, uniforms)
    batch, uniforms = _build(TOPP, [_slot(ids=[9])])
    batch["candidate_lens"] = None
    with pytest.raises(ValueError):
        _call(batch, uniforms)


# --------------------------------------------------------------------------------------------
# random_batch


def _check_batch(batch: dict[str, Any], strategy: int) -> None:
    assert validate_batch(batch) == []
    max_bsz, mst = batch["step_output_ids"].shape
    real_bsz = batch["seq_lens_this_time"].shape[0]
    assert 0 <= real_bsz <= max_bsz and max_bsz >= 1
    cu = batch["cu_seqlens_q_output"]
    slt = batch["seq_lens_this_time"]
    assert cu.tolist() == [0] + np.cumsum(slt).tolist()
    token_num = int(cu[-1])
    K = batch["candidate_ids"].shape[1] if batch["candidate_ids"] is not None else None
    dims = {
        "max_bsz": max_bsz,
        "max_step_tokens": mst,
        "real_bsz": real_bsz,
        "token_num": token_num,
        "max_candidate_len": K,
        "end_length": batch["end_tokens"].shape[0],
    }
    for name in TENSOR_NAMES:
        arr = batch[name]
        if name in OPTIONAL_TENSORS and name not in required_tensors(strategy):
            assert arr is None, name
            continue
        assert isinstance(arr, np.ndarray), name
        assert arr.dtype == np.dtype(DTYPES[name]), name
        assert arr.shape == spec.shape(OP.tensor(name), dims), name  # type: ignore[arg-type]
    assert set(batch) == set(TENSOR_NAMES) | {
        "max_seq_len",
        "verify_window",
        "verify_strategy",
        "reject_all",
        "accept_all",
        "seed",
    }
    assert batch["verify_strategy"] == strategy
    assert batch["verify_window"] >= 1
    assert isinstance(batch["reject_all"], bool) and isinstance(batch["accept_all"], bool)
    assert 0 <= batch["seed"] < 2**63
    assert np.all((slt >= 0) & (slt <= mst))
    assert np.all((batch["topp"] > 0) & (batch["topp"] <= 1))
    assert batch["end_tokens"].shape[0] >= 1
    assert np.all((batch["step_input_ids"] >= 0) & (batch["step_input_ids"] < 50))
    if strategy == TOPP:
        assert K is not None and K >= 1
        cl = batch["candidate_lens"]
        assert np.all((cl >= 0) & (cl <= K))
        sc = batch["candidate_scores"]
        assert np.all(sc >= 0) and np.all(sc.sum(axis=1, dtype=np.float64) <= 1 + 1e-5)
        assert np.all(np.diff(sc, axis=1) <= 0)  # descending
        for r in range(token_num):
            assert len(set(batch["candidate_ids"][r].tolist())) == K
        assert np.all((batch["candidate_ids"] >= 0) & (batch["candidate_ids"] < 50))
    else:
        assert np.all((batch["target_tokens"] >= 0) & (batch["target_tokens"] < 50))


@pytest.mark.parametrize("strategy", [TOPP, GREEDY, TARGET_MATCH])
def test_random_batch_is_valid_and_interesting(strategy: int) -> None:
    events: Counter[str] = Counter()
    seen = Counter()
    for seed in range(400):
        batch = random_batch(np.random.default_rng([strategy, seed]), strategy=strategy)
        _check_batch(batch, strategy)
        again = random_batch(np.random.default_rng([strategy, seed]), strategy=strategy)
        for k, v in batch.items():  # deterministic in the rng
            if isinstance(v, np.ndarray):
                assert np.array_equal(v, again[k]), k
            else:
                assert v == again[k], k
        before = {k: v.copy() for k, v in batch.items() if isinstance(v, np.ndarray)}
        ids, lens = run_reference(batch, events)
        for k, v in before.items():
            assert np.array_equal(batch[k], v), k
        # Output invariants.
        real_bsz = batch["seq_lens_this_time"].shape[0]
        for b in range(ids.shape[0]):
            n = int(lens[b])
            assert np.all(ids[b, n:] == -1)
            if b >= real_bsz:
                assert n == 0
            else:
                assert n <= max(int(batch["seq_lens_this_time"][b]), 0)
            seen["len>=3"] += n >= 3
        real_bsz = batch["seq_lens_this_time"].shape[0]
        seen["real_bsz==0"] += real_bsz == 0
        seen["real_bsz<max_bsz"] += 0 < real_bsz < batch["step_output_ids"].shape[0]
        seen["slt==0"] += bool(np.any(batch["seq_lens_this_time"] == 0))
        seen["reject_all"] += batch["reject_all"]
        seen["accept_all"] += batch["accept_all"]
        seen["prefill"] += bool(np.any(batch["seq_lens_encoder"][:real_bsz] != 0))
        seen["reasoning1"] += bool(np.any(batch["reasoning_status"][:real_bsz] == 1))
        drafts = [
            batch["step_input_ids"][b, 1 : batch["seq_lens_this_time"][b]] for b in range(real_bsz)
        ]
        if drafts:
            seen["eos_draft"] += bool(np.isin(np.concatenate(drafts), batch["end_tokens"]).any())
    for key in (
        "real_bsz==0",
        "real_bsz<max_bsz",
        "slt==0",
        "reject_all",
        "accept_all",
        "prefill",
        "reasoning1",
        "eos_draft",
        "len>=3",
    ):
        assert seen[key] >= 5, (key, seen)
    wanted = [
        "skip",
        "phase1_break_flag",
        "phase1_reject",
        "phase1_all_accepted",
        "stopped_in_phase1",
        "max_dec_len_hit",
        "eos",
    ]
    if strategy == TOPP:
        wanted += [
            "window_fallback_ok",
            "window_fallback_fail",
            "phase2_topp_j0",
            "phase2_topp_j1",
            "phase2_topp_j2",
            "phase2_topp_col0_fallback",
        ]
    for key in wanted:
        assert events[key] >= 5, (key, events)


def test_random_batch_honours_explicit_arguments() -> None:
    rng = np.random.default_rng(5)
    b = random_batch(rng, strategy=TOPP, max_bsz=4, real_bsz=0, max_candidate_len=3)
    _check_batch(b, TOPP)
    assert b["step_output_ids"].shape[0] == 4 and b["seq_lens_this_time"].shape == (0,)
    assert b["candidate_ids"].shape == (0, 3) and b["cu_seqlens_q_output"].tolist() == [0]
    ids, lens = run_reference(b)
    assert ids.tolist() == [[-1] * ids.shape[1]] * 4 and lens.tolist() == [0] * 4
    b = random_batch(
        rng,
        strategy=GREEDY,
        max_bsz=3,
        real_bsz=3,
        max_step_tokens=5,
        end_length=2,
        verify_window=3,
        reject_all=False,
        accept_all=True,
        seed=11,
    )
    _check_batch(b, GREEDY)
    assert b["step_output_ids"].shape == (3, 5) and b["end_tokens"].shape == (2,)
    assert (b["verify_window"], b["reject_all"], b["accept_all"], b["seed"]) == (3, False, True, 11)


def test_validate_batch_reports_violations() -> None:
    rng = np.random.default_rng(1)
    base = random_batch(
        rng, strategy=TOPP, max_bsz=3, real_bsz=3, max_step_tokens=4, max_candidate_len=3
    )
    assert validate_batch(base) == []

    def broken(**changes: Any) -> list[str]:
        b = {k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in base.items()}
        b.update(changes)
        return validate_batch(b)

    assert broken(topp=np.zeros(3, dtype=np.float32))
    assert broken(topp=base["topp"].astype(np.float64))
    assert broken(candidate_lens=np.full_like(base["candidate_lens"], 4))
    assert broken(candidate_ids=None)
    assert broken(seq_lens_this_time=np.full(3, 5, dtype=np.int32))
    assert broken(end_tokens=np.zeros(0, dtype=np.int64))
    assert broken(verify_window=0)
    cu = base["cu_seqlens_q_output"].copy()
    cu[0] = 1
    assert broken(cu_seqlens_q_output=cu)


def test_run_reference_refuses_the_counter_seed_for_topp() -> None:
    batch, _ = _build(TOPP, [_slot(ids=[9], cands=[[20, 21, 22]], scores=[[1, 0, 0]], lens=[3])])
    batch["seed"] = -1
    with pytest.raises(ValueError):
        run_reference(batch)
    batch, _ = _build(GREEDY, [_slot(ids=[9], targets=[4])])
    batch["seed"] = -1
    assert run_reference(batch)[0][0, 0] == 4
