"""Self-checks of the NumPy references of top_p_candidates and unified_update_model_status against
hand-worked examples from docs/ops/top_p_candidates.md and unified_update_model_status.md.

Every expected value below is worked out by hand from the pages; the comments show the working.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tests.harness import spec

from .top_p_candidates import to_float32, tolerances, top_p_candidates
from .unified_update_model_status import unified_update_model_status

NAN = float("nan")
# What unified_update_model_status writes, in the spec's order: the order its
# reference returns them in.
WRITTEN = spec.written_names(spec.project_op("unified_update_model_status"))

# =============================================================== top_p_candidates


def _bf16(vals: list[float]) -> np.ndarray:
    """bfloat16 bit patterns by truncating float32 bits; only for exactly representable values."""
    f = np.array(vals, dtype=np.float32)
    bits = (f.view(np.uint32) >> 16).astype(np.uint16)
    back = (bits.astype(np.uint32) << 16).view(np.float32)
    assert np.array_equal(back, f, equal_nan=True), f"{vals} not exact in bfloat16"
    return bits


def _arr(vals: Any, dtype: str) -> np.ndarray:
    if dtype == "bfloat16":
        a = np.asarray(vals, dtype=np.float32)
        return _bf16(a.ravel().tolist()).reshape(a.shape)
    return np.asarray(vals, dtype=dtype)


def _topp(
    rows: list[list[float]],
    top_p: list[float],
    batch_ids: list[int] | None = None,
    C: int = 3,
    dtype: str = "float32",
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    probs = _arr(rows, dtype)
    tp = _arr(top_p, dtype)
    bid = np.asarray(batch_ids if batch_ids is not None else [0] * len(rows), dtype=np.int32)
    return top_p_candidates(probs, tp, bid, candidates_len=C)


def _f32(scores: np.ndarray) -> np.ndarray:
    return to_float32(scores)


def test_basic_order_cut_and_scores() -> None:
    # Row: 0.1, 0.4, 0.2, 0.3. Best first: 1 (0.4), 3 (0.3), 2 (0.2).
    # float32 sums: 0.4 < 0.65; 0.4 + 0.3 = 0.70000005 >= 0.65 -> length 2.
    scores, tokens, lens = _topp([[0.1, 0.4, 0.2, 0.3]], [0.65])
    assert tokens.dtype == np.int64 and lens.dtype == np.int32 and scores.dtype == np.float32
    assert scores.shape == (1, 3) and tokens.shape == (1, 3) and lens.shape == (1,)
    assert tokens.tolist() == [[1, 3, 2]]
    assert lens.tolist() == [2]
    assert scores.tolist() == [[np.float32(0.4), np.float32(0.3), 0.0]]


def test_first_candidate_alone_reaches_top_p() -> None:
    # 0.5 >= 0.5 at j = 0 -> length 1; the other tokens are still listed, scores 0.
    scores, tokens, lens = _topp([[0.125, 0.5, 0.25, 0.125]], [0.5])
    assert tokens.tolist() == [[1, 2, 0]]  # 0.125 tie between ids 0 and 3 -> 0
    assert lens.tolist() == [1]
    assert scores.tolist() == [[0.5, 0.0, 0.0]]


def test_ties_go_to_the_lower_id() -> None:
    # 0.3 at ids 1 and 3, 0.1 at ids 0 and 4: order 1, 3, 2, 0, 4.
    _, tokens, _ = _topp([[0.1, 0.3, 0.2, 0.3, 0.1]], [1.0], C=5)
    assert tokens.tolist() == [[1, 3, 2, 0, 4]]
    # All equal: ids in order.
    _, tokens, _ = _topp([[0.25, 0.25, 0.25, 0.25]], [1.0], C=4)
    assert tokens.tolist() == [[0, 1, 2, 3]]


def test_top_p_reached_exactly() -> None:
    # 0.25 + 0.25 = 0.5 exactly in float32, and 0.5 >= 0.5 -> length 2 (not 3).
    scores, tokens, lens = _topp([[0.25, 0.25, 0.25, 0.25]], [0.5])
    assert tokens.tolist() == [[0, 1, 2]]
    assert lens.tolist() == [2]
    assert scores.tolist() == [[0.25, 0.25, 0.0]]


def test_mass_never_reaches_top_p_gives_C() -> None:
    # Best two: 4 (0.5), 0 (0.125); 0.5 + 0.125 = 0.625 < 0.75 -> length C = 2, both scores kept.
    scores, tokens, lens = _topp([[0.125, 0.125, 0.125, 0.125, 0.5]], [0.75], C=2)
    assert tokens.tolist() == [[4, 0]]
    assert lens.tolist() == [2]
    assert scores.tolist() == [[0.5, 0.125]]


def test_nan_is_smaller_than_every_number() -> None:
    # NaN at 0 and 2: numbers first (1: 0.5, 3: 0.0), then NaNs by id (0, 2).
    row = [NAN, 0.5, NAN, 0.0]
    # top_p 0.9: 0.5, 0.5, NaN, NaN -> never >= 0.9 -> length 4; all four scores copied.
    scores, tokens, lens = _topp([row], [0.9], C=4)
    assert tokens.tolist() == [[1, 3, 0, 2]]
    assert lens.tolist() == [4]
    assert scores[0, :2].tolist() == [0.5, 0.0]
    assert np.isnan(scores[0, 2]) and np.isnan(scores[0, 3])
    # top_p 0.5: reached at j = 0 -> length 1, the NaNs are not copied.
    scores, tokens, lens = _topp([row], [0.5], C=4)
    assert tokens.tolist() == [[1, 3, 0, 2]]
    assert lens.tolist() == [1]
    assert scores.tolist() == [[0.5, 0.0, 0.0, 0.0]]
    # A NaN never beats a number, even 0 or a negative one.
    _, tokens, _ = _topp([[NAN, -1.0, NAN, 0.0]], [1.0], C=4)
    assert tokens.tolist() == [[3, 1, 0, 2]]


def test_signed_zeros_tie() -> None:
    # -0.0 == 0.0 in value: a tie, the lower id first.
    _, tokens, _ = _topp([[0.0, -0.0, 1.0]], [1.0], C=3)
    assert tokens.tolist() == [[2, 0, 1]]
    _, tokens, _ = _topp([[-0.0, 0.0, 1.0]], [1.0], C=3)
    assert tokens.tolist() == [[2, 0, 1]]


def test_slot_of_each_row_comes_from_batch_id_per_token() -> None:
    # Same row, slot 0 has top_p 0.5 and slot 1 has 1.0.
    # Row best first: 0.5, 0.25, 0.125 (ids 2, 0, 1). Slot 0: 0.5 >= 0.5 -> 1.
    # Slot 1: 0.5, 0.75, 0.875 < 1.0 -> C = 3.
    row = [0.25, 0.125, 0.5, 0.125]
    scores, tokens, lens = _topp([row, row, row], [0.5, 1.0], batch_ids=[1, 0, 1])
    assert tokens.tolist() == [[2, 0, 1]] * 3
    assert lens.tolist() == [3, 1, 3]
    assert scores.tolist() == [[0.5, 0.25, 0.125], [0.5, 0.0, 0.0], [0.5, 0.25, 0.125]]


def test_C_equals_vocab_and_C_one() -> None:
    scores, tokens, lens = _topp([[0.25, 0.75]], [1.0], C=2)
    # 0.75 + 0.25 = 1.0 >= 1.0 -> 2.
    assert tokens.tolist() == [[1, 0]] and lens.tolist() == [2]
    assert scores.tolist() == [[0.75, 0.25]]
    scores, tokens, lens = _topp([[0.25, 0.75]], [1.0], C=1)
    # 0.75 < 1.0 -> never -> C = 1.
    assert tokens.tolist() == [[1]] and lens.tolist() == [1] and scores.tolist() == [[0.75]]


def test_float16_copies_and_float32_accumulation() -> None:
    # Values exact in float16. top_p = float16(0.8) = 0.7998046875.
    # Best first: 0 (0.5), 2 (0.25), 1 (0.125); sums 0.5, 0.75, 0.875 >= 0.7998 -> length 3.
    scores, tokens, lens = _topp([[0.5, 0.125, 0.25, 0.0625]], [0.8], dtype="float16")
    assert scores.dtype == np.float16
    assert tokens.tolist() == [[0, 2, 1]] and lens.tolist() == [3]
    assert scores.tolist() == [[0.5, 0.25, 0.125]]
    # float32 (not float16) accumulation: 0.5 + 2^-12 rounds back to 0.5 in float16 but not in
    # float32. Row 0.5, then three 2^-12 (ids 1..3); top_p = 0.5 + 2^-11 (exact in float16).
    # float32 sums: 0.5, 0.5+2^-12, 0.5+2^-11 >= top_p -> length 3 (float16 sums would give C=4).
    e = 2.0**-12
    scores, tokens, lens = _topp([[0.5, e, e, e, e / 2]], [0.5 + 2 * e], C=4, dtype="float16")
    assert tokens.tolist() == [[0, 1, 2, 3]]
    assert lens.tolist() == [3]
    assert scores.tolist() == [[0.5, e, e, 0.0]]
    # top_p as T: float16(0.7) = 0.7001953125, which 0.5 + 0.125 + 0.0625 = 0.6875 misses
    # but 0.6875 + 0.0625 = 0.75 reaches.
    scores, tokens, lens = _topp([[0.0625, 0.5, 0.125, 0.0625]], [0.7], C=4, dtype="float16")
    assert tokens.tolist() == [[1, 2, 0, 3]] and lens.tolist() == [4]


def test_bfloat16_bit_patterns() -> None:
    # 0.5 = 0x3F00, 0.25 = 0x3E80, 0.375 = 0x3EC0, 0.125 = 0x3E00 (float32 bits >> 16).
    probs = _bf16([0.125, 0.375, 0.25, 0.5])
    assert probs.tolist() == [0x3E00, 0x3EC0, 0x3E80, 0x3F00]
    top_p = _bf16([0.75, 0.875])  # 0x3F40, 0x3F60
    probs2 = np.stack([probs, probs])
    scores, tokens, lens = top_p_candidates(
        probs2, top_p, np.array([0, 1], dtype=np.int32), candidates_len=3
    )
    # Best first: 3 (0.5), 1 (0.375), 2 (0.25). Slot 0: 0.5, 0.875 >= 0.75 -> 2.
    # Slot 1: 0.5, 0.875 >= 0.875 (exact) -> 2.
    assert scores.dtype == np.uint16
    assert tokens.tolist() == [[3, 1, 2], [3, 1, 2]]
    assert lens.tolist() == [2, 2]
    assert scores.tolist() == [[0x3F00, 0x3EC0, 0], [0x3F00, 0x3EC0, 0]]
    assert _f32(scores).tolist() == [[0.5, 0.375, 0.0], [0.5, 0.375, 0.0]]
    # bfloat16 NaN (0x7FC0) and a tie: 0.25 at ids 1 and 3 -> 1 first; NaN last.
    row = _bf16([NAN, 0.25, 0.125, 0.25])
    assert row[0] == 0x7FC0
    scores, tokens, lens = top_p_candidates(
        row[None, :], _bf16([1.0]), np.array([0], dtype=np.int32), candidates_len=4
    )
    # 0.25, 0.5, 0.625, NaN -> never >= 1 -> 4; the NaN's bits are copied.
    assert tokens.tolist() == [[1, 3, 2, 0]]
    assert lens.tolist() == [4]
    assert scores.tolist() == [[0x3E80, 0x3E80, 0x3E00, 0x7FC0]]


@pytest.mark.parametrize("dtype", ["float32", "float16", "bfloat16"])
def test_topp_inputs_not_modified(dtype: str) -> None:
    probs = _arr([[0.1 if dtype != "bfloat16" else 0.125, 0.5, 0.25], [0.5, 0.25, 0.25]], dtype)
    top_p = _arr([0.5, 0.75], dtype)
    bid = np.array([1, 0], dtype=np.int32)
    saved = [probs.copy(), top_p.copy(), bid.copy()]
    out = top_p_candidates(probs, top_p, bid, candidates_len=2)
    for a, b in zip([probs, top_p, bid], saved, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    for o in out:
        assert not any(np.shares_memory(o, a) for a in (probs, top_p, bid))


def test_topp_rejects_bad_arguments() -> None:
    probs = np.full((1, 4), 0.25, dtype=np.float32)
    tp = np.ones(1, dtype=np.float32)
    bid = np.zeros(1, dtype=np.int32)
    for C in (0, 5, 17):
        with pytest.raises(ValueError):
            top_p_candidates(probs, tp, bid, candidates_len=C)
    with pytest.raises(ValueError):
        top_p_candidates(probs, tp.astype(np.float16), bid, candidates_len=2)
    with pytest.raises(ValueError):  # strict: an out-of-range slot is an error
        top_p_candidates(probs, tp, np.array([1], dtype=np.int32), candidates_len=2, strict=True)
    with pytest.raises(ValueError):
        top_p_candidates(probs.astype(np.float64), tp.astype(np.float64), bid, candidates_len=2)


def test_topp_out_of_range_slot_keeps_one_candidate() -> None:
    # The op page's rule: a row whose slot is outside [0, max_bsz) reads no top_p
    # and keeps one candidate; its ids are the top C as for any row.
    probs = np.array([[0.1, 0.4, 0.2, 0.3]], dtype=np.float32)
    tp = np.ones(1, dtype=np.float32)
    for slot in (1, -1, 2**31 - 1, -(2**31)):
        scores, tokens, lens = top_p_candidates(
            probs, tp, np.array([slot], dtype=np.int32), candidates_len=3
        )
        assert lens.tolist() == [1], slot
        assert tokens.tolist() == [[1, 3, 2]], slot
        assert scores.tolist() == [[np.float32(0.4), 0.0, 0.0]], slot


def test_tolerances_are_exact() -> None:
    for d in (np.float32, np.float16, np.uint16, "float32", "float16", "bfloat16"):
        assert tolerances(d) == (0.0, 0.0)
    with pytest.raises(ValueError):
        tolerances(np.float64)


# =============================================================== unified_update_model_status

W = 4  # max_step_tokens
END = (2, 3)  # end_tokens; end_tokens[0] = 2
IN_FILL = 70  # step_input_ids[b, c] starts as 70 + c
HIST_EMPTY = -1  # token_ids_all past the prompt starts as -1


def _slot(**kw: Any) -> dict[str, Any]:
    s: dict[str, Any] = {
        "enc": 0,
        "dec": 10,
        "stop": False,
        "paused": False,
        "out": [],
        "slt": 1,
        "rollback": 99,
        "prompt": 3,
        "step_idx": 0,
        "max_dec": 1000,
    }
    s.update(kw)
    s.setdefault("out_len", len(s["out"]))
    return s


def _uni(
    slots: list[dict[str, Any]],
    *,
    real_bsz: int | None = None,
    naive: bool = False,
    pstop: bool = False,
    L: int = 12,
    has_running: bool = False,
) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
    B = len(slots)
    R = B if real_bsz is None else real_bsz
    out_ids = np.full((B, W), -1, dtype=np.int64)
    hist = np.full((B, L), HIST_EMPTY, dtype=np.int64)
    for b, s in enumerate(slots):
        out_ids[b, : len(s["out"])] = s["out"]
        hist[b, : min(s["prompt"], L)] = [100 + k for k in range(min(s["prompt"], L))]
    ins = {
        "seq_lens_encoder": np.array([s["enc"] for s in slots], dtype=np.int32),
        "seq_lens_decoder": np.array([s["dec"] for s in slots], dtype=np.int32),
        "has_running_seqs": np.array([has_running], dtype=np.bool_),
        "step_input_ids": np.tile(np.arange(IN_FILL, IN_FILL + W, dtype=np.int64), (B, 1)),
        "step_output_ids": out_ids,
        "step_output_len": np.array([s["out_len"] for s in slots], dtype=np.int32),
        "stop_flags": np.array([s["stop"] for s in slots], dtype=np.bool_),
        "seq_lens_this_time": np.array([s["slt"] for s in slots[:R]], dtype=np.int32),
        "is_paused": np.array([s["paused"] for s in slots], dtype=np.bool_),
        "mask_rollback": np.array([s["rollback"] for s in slots], dtype=np.int32),
        "token_ids_all": hist,
        "prompt_lens": np.array([s["prompt"] for s in slots], dtype=np.int64),
        "step_idx": np.array([s["step_idx"] for s in slots], dtype=np.int64),
        "end_tokens": np.array(END, dtype=np.int64),
        "max_dec_len": np.array([s["max_dec"] for s in slots], dtype=np.int64),
    }
    saved = {k: v.copy() for k, v in ins.items()}
    got = unified_update_model_status(
        *ins.values(), is_naive_mode=naive, prefill_one_step_stop=pstop
    )
    for k, v in ins.items():  # inputs never modified
        assert v.dtype == saved[k].dtype and np.array_equal(v, saved[k]), k
    assert len(got) == len(WRITTEN)
    outs = dict(zip(WRITTEN, got, strict=True))
    for k, v in outs.items():  # same dtype and shape as the tensor passed in, new memory
        assert v.dtype == ins[k].dtype and v.shape == ins[k].shape, k
        assert not np.shares_memory(v, ins[k]), k
    return ins, outs


def _hist(prompt: int, gen: dict[int, int], L: int = 12) -> list[int]:
    """Expected history row: prompt tokens 100.., then {position: token}, else -1."""
    row = [100 + k if k < prompt else HIST_EMPTY for k in range(L)]
    for p, t in gen.items():
        row[p] = t
    return row


def _unchanged(
    ins: dict[str, np.ndarray], outs: dict[str, np.ndarray], b: int, *names: str
) -> None:
    for n in names:
        assert np.array_equal(outs[n][b], ins[n][b]), n


def test_output_order_is_the_spec_inout_order() -> None:
    """The reference returns its arrays in this order (its return statement):
    the spec's in-place order must be it."""
    assert WRITTEN == (
        "seq_lens_encoder",
        "seq_lens_decoder",
        "has_running_seqs",
        "step_input_ids",
        "step_output_ids",
        "step_output_len",
        "stop_flags",
        "seq_lens_this_time",
        "mask_rollback",
        "token_ids_all",
        "step_idx",
    )


def test_decode_slot_that_keeps_running() -> None:
    # step_idx 5 -> 8 (three tokens, none an end token, 8 < 1000).
    # History: tokens s = 6, 7, 8 at 3 + s - 1 = 8, 9, 10.
    # Decode: dec 10 + 3 = 13, rollback = slt 4 - 3 = 1. slt untouched (not naive).
    _, o = _uni([_slot(out=[11, 12, 13], slt=4, step_idx=5)])
    assert o["step_idx"].tolist() == [8]
    assert o["seq_lens_decoder"].tolist() == [13]
    assert o["seq_lens_encoder"].tolist() == [0]
    assert o["mask_rollback"].tolist() == [1]
    assert o["step_output_len"].tolist() == [3]
    assert o["stop_flags"].tolist() == [False]
    assert o["seq_lens_this_time"].tolist() == [4]
    assert o["step_output_ids"].tolist() == [[11, 12, 13, -1]]
    assert o["step_input_ids"].tolist() == [[13, 71, 72, 73]]
    assert o["token_ids_all"].tolist() == [_hist(3, {8: 11, 9: 12, 10: 13})]
    assert o["has_running_seqs"].tolist() == [True]


def test_decode_with_zero_decoder_length_still_adds_out_len() -> None:
    # The page's decode branch is seq_lens_encoder == 0, whatever seq_lens_decoder is: 0 + 2.
    _, o = _uni([_slot(dec=0, out=[11, 12], slt=2)])
    assert o["seq_lens_decoder"].tolist() == [2]
    assert o["mask_rollback"].tolist() == [0]


def test_end_token_mid_scan() -> None:
    # step_idx 5: i=0 -> 6, 11 not an end; i=1 -> 7, 3 is an end token -> out_len 2, stop.
    # 3 stays 3 (only non-end tokens are replaced); 13 is not scanned, not written anywhere.
    # Stopped: stop flag, rollback 0, dec unchanged (out_len != 0, no decode update).
    _, o = _uni([_slot(out=[11, 3, 13], slt=3, step_idx=5)], has_running=True)
    assert o["step_idx"].tolist() == [7]
    assert o["step_output_len"].tolist() == [2]
    assert o["step_output_ids"].tolist() == [[11, 3, 13, -1]]
    assert o["stop_flags"].tolist() == [True]
    assert o["mask_rollback"].tolist() == [0]
    assert o["seq_lens_decoder"].tolist() == [10]
    assert o["step_input_ids"].tolist() == [[3, 71, 72, 73]]
    # s = 6, 7 at 3 + 5 = 8 and 9.
    assert o["token_ids_all"].tolist() == [_hist(3, {8: 11, 9: 3})]
    assert o["seq_lens_this_time"].tolist() == [3]  # not naive: untouched
    assert o["has_running_seqs"].tolist() == [False]


def test_max_dec_len_hit_replaces_a_non_end_token() -> None:
    # step_idx 5, max_dec_len 7: i=0 -> 6 < 7; i=1 -> 7 >= 7, 12 is not an end -> becomes
    # end_tokens[0] = 2, out_len 2, stop. History and next input get the replaced token.
    _, o = _uni([_slot(out=[11, 12, 13], slt=3, step_idx=5, max_dec=7)])
    assert o["step_idx"].tolist() == [7]
    assert o["step_output_ids"].tolist() == [[11, 2, 13, -1]]
    assert o["step_output_len"].tolist() == [2]
    assert o["stop_flags"].tolist() == [True]
    assert o["step_input_ids"].tolist() == [[2, 71, 72, 73]]
    assert o["token_ids_all"].tolist() == [_hist(3, {8: 11, 9: 2})]
    assert o["mask_rollback"].tolist() == [0]


def test_max_dec_len_hit_on_an_end_token_keeps_it() -> None:
    # i=1 -> 7 >= 7 and 3 is an end token: kept as 3 (not replaced by 2).
    _, o = _uni([_slot(out=[11, 3, 13], slt=3, step_idx=5, max_dec=7)])
    assert o["step_output_ids"].tolist() == [[11, 3, 13, -1]]
    assert o["step_output_len"].tolist() == [2]
    assert o["step_input_ids"].tolist() == [[3, 71, 72, 73]]


def test_max_dec_len_already_reached_stops_at_the_first_token() -> None:
    # step_idx 9, max_dec_len 5: i=0 -> 10 >= 5 -> token 11 becomes 2, out_len 1.
    _, o = _uni([_slot(out=[11, 12], slt=2, step_idx=9, max_dec=5)], L=16)
    assert o["step_idx"].tolist() == [10]
    assert o["step_output_ids"].tolist() == [[2, 12, -1, -1]]
    assert o["step_output_len"].tolist() == [1]
    # History: s = 10 at 3 + 10 - 1 = 12 (max_model_len 16 here).
    assert o["token_ids_all"].tolist() == [_hist(3, {12: 2}, L=16)]


def test_naive_mode() -> None:
    # out_len = 1 whatever step_output_len says (here 3 and 0).
    # Slot 0 (decode): step_idx 0 -> 1, history at 3 + 1 - 1 = 3, dec 10 + 1, rollback 1 - 1 = 0,
    #   not stopped -> slt 1.
    # Slot 1 (decode): token 2 is an end -> stop, out_len 1, slt 0.
    # Slot 2 (prefill, enc 5, dec 2): not stopped -> rollback 0, dec 2 + 5 = 7, enc 0; slt 1.
    #   history: prompt 4, step_idx 0 -> position 4.
    _, o = _uni(
        [
            _slot(out=[11, 12, 13], slt=1, step_idx=0),
            _slot(out=[2], out_len=0, slt=1, step_idx=4),
            _slot(enc=5, dec=2, out=[15], out_len=3, slt=5, prompt=4),
        ],
        naive=True,
    )
    assert o["step_output_len"].tolist() == [1, 1, 1]
    assert o["step_idx"].tolist() == [1, 5, 1]
    assert o["stop_flags"].tolist() == [False, True, False]
    assert o["seq_lens_this_time"].tolist() == [1, 0, 1]
    assert o["seq_lens_decoder"].tolist() == [11, 10, 7]
    assert o["seq_lens_encoder"].tolist() == [0, 0, 0]
    assert o["mask_rollback"].tolist() == [0, 0, 0]
    assert o["step_input_ids"][:, 0].tolist() == [11, 2, 15]
    assert o["token_ids_all"].tolist() == [
        _hist(3, {3: 11}),
        _hist(3, {7: 2}),
        _hist(4, {4: 15}),
    ]
    assert o["has_running_seqs"].tolist() == [True]


def test_naive_mode_max_dec_len() -> None:
    # step_idx 6 -> 7 >= 7: token 11 -> 2, stop, slt 0.
    _, o = _uni([_slot(out=[11], slt=1, step_idx=6, max_dec=7)], naive=True)
    assert o["step_output_ids"].tolist() == [[2, -1, -1, -1]]
    assert o["stop_flags"].tolist() == [True]
    assert o["seq_lens_this_time"].tolist() == [0]
    assert o["has_running_seqs"].tolist() == [False]


def test_prefill_without_and_with_prefill_one_step_stop() -> None:
    # Prefill slot: enc 5, dec 2, one token 11, slt 5, prompt 5, step_idx 0.
    # Without the flag: not stopped, prefill -> rollback 0; step 5: dec 2 + 5 = 7, enc 0.
    #   History s = 1 at 5 + 1 - 1 = 5.
    # With the flag: stopped -> stop, rollback 0 (dec not zeroed: out_len 1), then dec 7, enc 0.
    # Decode slot next to it (enc 0) is not affected by the flag: keeps running.
    pre = _slot(enc=5, dec=2, out=[11], slt=5, prompt=5)
    dec_slot = _slot(out=[12], slt=1, step_idx=3)
    for pstop, stopped in ((False, False), (True, True)):
        _, o = _uni([pre, dec_slot], pstop=pstop)
        assert o["stop_flags"].tolist() == [stopped, False]
        assert o["seq_lens_encoder"].tolist() == [0, 0]
        assert o["seq_lens_decoder"].tolist() == [7, 11]
        assert o["mask_rollback"].tolist() == [0, 0]
        assert o["step_idx"].tolist() == [1, 4]
        assert o["step_output_len"].tolist() == [1, 1]
        assert o["step_input_ids"][:, 0].tolist() == [11, 12]
        assert o["token_ids_all"].tolist() == [_hist(5, {5: 11}), _hist(3, {6: 12})]
        assert o["seq_lens_this_time"].tolist() == [5, 1]
        assert o["has_running_seqs"].tolist() == [True]
    # Only the prefill slot, with the flag: nothing keeps running.
    _, o = _uni([pre], pstop=True, has_running=True)
    assert o["has_running_seqs"].tolist() == [False]


def test_prefill_one_step_stop_with_zero_out_len() -> None:
    # enc 4, dec 3, out_len 0: no scan; step 3 stops it (enc > 0); step 4: out_len 0 -> dec 0;
    # step 5: dec 0 + 4 = 4, enc 0. step_idx, history, step_input_ids unchanged.
    ins, o = _uni([_slot(enc=4, dec=3, out=[], slt=4, step_idx=2)], pstop=True)
    assert o["stop_flags"].tolist() == [True]
    assert o["seq_lens_decoder"].tolist() == [4]
    assert o["seq_lens_encoder"].tolist() == [0]
    assert o["mask_rollback"].tolist() == [0]
    assert o["step_output_len"].tolist() == [0]
    _unchanged(ins, o, 0, "step_idx", "token_ids_all", "step_input_ids", "step_output_ids")
    assert o["has_running_seqs"].tolist() == [False]


def test_out_len_zero_decode_slot_keeps_running() -> None:
    # out_len 0: no scan, not stopped, decode: dec 10 + 0, rollback = slt 3 - 0 = 3;
    # step_idx, history, step_input_ids unchanged; still running.
    ins, o = _uni([_slot(out=[], slt=3, step_idx=4)])
    assert o["seq_lens_decoder"].tolist() == [10]
    assert o["mask_rollback"].tolist() == [3]
    assert o["step_output_len"].tolist() == [0]
    assert o["stop_flags"].tolist() == [False]
    _unchanged(ins, o, 0, "step_idx", "token_ids_all", "step_input_ids", "step_output_ids")
    assert o["has_running_seqs"].tolist() == [True]


def test_not_running_slots_below_real_bsz() -> None:
    # Slot 0: stopped (not paused): slt 0, out_len 0, dec 0; the rest unchanged.
    # Slot 1: paused: slt 0, out_len 0, keeps dec 9 and stop flag False; the rest unchanged.
    # Slot 2: paused and stop-flagged: treated as paused -> keeps dec 8 and its stop flag.
    # Nothing ran -> has_running_seqs False (it was True).
    ins, o = _uni(
        [
            _slot(stop=True, enc=2, dec=7, out=[11, 12], slt=3, step_idx=5, rollback=4),
            _slot(paused=True, dec=9, out=[11, 12], slt=3, step_idx=5, rollback=4),
            _slot(paused=True, stop=True, dec=8, out=[11], slt=2, step_idx=1, rollback=4),
        ],
        has_running=True,
    )
    assert o["seq_lens_this_time"].tolist() == [0, 0, 0]
    assert o["step_output_len"].tolist() == [0, 0, 0]
    assert o["seq_lens_decoder"].tolist() == [0, 9, 8]
    assert o["stop_flags"].tolist() == [True, False, True]
    for b in range(3):
        _unchanged(
            ins,
            o,
            b,
            "seq_lens_encoder",
            "step_idx",
            "mask_rollback",
            "token_ids_all",
            "step_input_ids",
            "step_output_ids",
        )
    assert o["has_running_seqs"].tolist() == [False]


def test_slots_at_or_past_real_bsz_are_untouched() -> None:
    # max_bsz 3, real_bsz 1: slot 0 runs; slots 1 (would run) and 2 (stopped) are not touched
    # at all (no scan, no reset, seq_lens_this_time has only one entry).
    ins, o = _uni(
        [
            _slot(out=[11], slt=1),
            _slot(out=[12, 2], slt=2, step_idx=3, rollback=5),
            _slot(stop=True, dec=6, out=[13], step_idx=2, rollback=5),
        ],
        real_bsz=1,
    )
    assert o["seq_lens_this_time"].shape == (1,)
    assert o["seq_lens_this_time"].tolist() == [1]
    for b in (1, 2):
        _unchanged(
            ins,
            o,
            b,
            "seq_lens_encoder",
            "seq_lens_decoder",
            "step_input_ids",
            "step_output_ids",
            "step_output_len",
            "stop_flags",
            "mask_rollback",
            "token_ids_all",
            "step_idx",
        )
    assert o["step_idx"].tolist() == [1, 3, 2]
    assert o["has_running_seqs"].tolist() == [True]
    # real_bsz 0: nothing runs, nothing touched, has_running_seqs False.
    ins, o = _uni([_slot(out=[11], slt=1)], real_bsz=0, has_running=True)
    for n in WRITTEN:
        if n != "has_running_seqs":
            assert np.array_equal(o[n], ins[n]), n
    assert o["has_running_seqs"].tolist() == [False]


def test_history_is_contiguous_and_cut_at_max_model_len() -> None:
    # L = 8, prompt 5, step_idx 1, tokens 11 12 13: s = 2, 3, 4 at 5 + s - 1 = 6, 7, 8;
    # 8 >= max_model_len -> not written; 6 and 7 are. step_idx still 4, out_len 3.
    _, o = _uni([_slot(out=[11, 12, 13], slt=3, prompt=5, step_idx=1)], L=8)
    assert o["token_ids_all"].tolist() == [[100, 101, 102, 103, 104, -1, 11, 12]]
    assert o["step_idx"].tolist() == [4]
    assert o["step_output_len"].tolist() == [3]
    assert o["step_input_ids"].tolist() == [[13, 71, 72, 73]]
    # prompt 8 = max_model_len: nothing fits, the row is unchanged.
    _, o = _uni([_slot(out=[11, 12], slt=2, prompt=8, step_idx=0)], L=8)
    assert o["token_ids_all"].tolist() == [[100, 101, 102, 103, 104, 105, 106, 107]]
    assert o["step_idx"].tolist() == [2]
    # Fresh slot: step_idx 0, prompt 2: the first token right after the prompt (no gap).
    _, o = _uni([_slot(out=[11, 12], slt=2, prompt=2, step_idx=0)], L=6)
    assert o["token_ids_all"].tolist() == [[100, 101, 11, 12, -1, -1]]


def test_has_running_seqs_true_if_any_slot_keeps_running() -> None:
    # Slot 0 stops on an end token, slot 1 keeps running -> True (input was False).
    _, o = _uni([_slot(out=[2], slt=1), _slot(out=[11], slt=1)])
    assert o["stop_flags"].tolist() == [True, False]
    assert o["has_running_seqs"].tolist() == [True]
    # Both stop -> False (input was True).
    _, o = _uni([_slot(out=[2], slt=1), _slot(out=[11, 3], slt=2)], has_running=True)
    assert o["stop_flags"].tolist() == [True, True]
    assert o["has_running_seqs"].tolist() == [False]


def test_out_of_range_step_output_len_is_clamped() -> None:
    # The op page's rule: step_output_len is clamped to [0, max_step_tokens].
    for hostile, clamped in ((W + 1, W), (2**31 - 1, W), (-1, 0), (-(2**31), 0)):
        _, got = _uni([_slot(out=[11], out_len=hostile)])
        _, want = _uni([_slot(out=[11], out_len=clamped)])
        for name in WRITTEN:
            assert np.array_equal(got[name], want[name]), (hostile, name)
