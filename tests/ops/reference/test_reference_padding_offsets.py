"""Self-checks of the NumPy references of speculate_get_padding_offset and
speculate_get_output_padding_offset against hand-worked examples from their pages
(docs/ops/speculate_get_padding_offset.md, docs/ops/speculate_get_output_padding_offset.md).

Every expected value is worked out by hand; the comments show the working. The last tests hold
the padded outputs to FastDeploy's own formulas (offsets from the caller's cumsum of the padding).
"""

from __future__ import annotations

import numpy as np

from .speculate_get_output_padding_offset import speculate_get_output_padding_offset
from .speculate_get_padding_offset import speculate_get_padding_offset

I32 = np.int32

# A batch of 4 slots: prompt rows 5 wide, token rows 3 wide.
INPUT_IDS = np.arange(20, dtype=np.int64).reshape(4, 5)  # row b: 5b .. 5b+4
STEP_IDS = 100 + np.arange(12, dtype=np.int64).reshape(4, 3)  # row b: 100+3b .. 100+3b+2
ENCODER = np.array([2, 0, 0, 0], I32)  # slot 0 in prefill


def _pack(lens: list[int], token_num: int, encoder: np.ndarray = ENCODER) -> list[list[int]]:
    out = speculate_get_padding_offset(
        INPUT_IDS, STEP_IDS, np.array(lens, I32), encoder, cpu_token_num=token_num
    )
    return [a.tolist() for a in out]


def test_prefill_then_decode_slots_pack_in_order() -> None:
    # slot 0 prefill, 3 prompt tokens 0 1 2; slot 1 decode, 1 token 103; slot 2 idle;
    # slot 3 decode, 2 tokens 109 110. Offsets 0 3 4 4 6.
    ids, slots, cu_q, cu_k = _pack([3, 1, 0, 2], 6)
    assert ids == [0, 1, 2, 103, 109, 110]
    assert slots == [0, 0, 0, 1, 3, 3]
    assert cu_q == cu_k == [0, 3, 4, 4, 6]


def test_a_decode_slot_past_its_row_packs_minus_one() -> None:
    # slot 1 claims 4 tokens, its row holds 3: 103 104 105, then -1; the layout keeps 4.
    ids, slots, cu_q, _ = _pack([1, 4], 5)
    assert ids == [0, 103, 104, 105, -1]
    assert slots == [0, 1, 1, 1, 1]
    assert cu_q == [0, 1, 5]


def test_lengths_above_the_count_are_capped() -> None:
    # lengths 3 + 2 + 2 = 7 > 4: slot 0 gets 0..2, slot 1 one position (103), slot 2 none.
    ids, slots, cu_q, _ = _pack([3, 2, 2], 4)
    assert ids == [0, 1, 2, 103]
    assert slots == [0, 0, 0, 1]
    assert cu_q == [0, 3, 4, 4]


def test_lengths_below_the_count_leave_positions_without_a_slot() -> None:
    # lengths 1 + 1 = 2 < 4 (slot 1's -5 reads as 0): positions 2, 3 get id -1 and slot -1.
    ids, slots, cu_q, _ = _pack([1, -5, 1], 4)
    assert ids == [0, 106, -1, -1]
    assert slots == [0, 2, -1, -1]
    assert cu_q == [0, 1, 1, 2]


def test_a_negative_encoder_length_is_a_decode_slot() -> None:
    ids, _, _, _ = _pack([2], 2, np.array([-3, 0, 0, 0], I32))
    assert ids == [100, 101]


def test_an_empty_step() -> None:
    assert _pack([], 0) == [[], [], [0], [0]]
    # No slot, yet 2 positions: nobody fills them.
    assert _pack([], 2) == [[-1, -1], [-1, -1], [0], [0]]


def _out(lens: list[int], rows: int, width: int) -> list[list[int]]:
    out = speculate_get_output_padding_offset(
        np.array(lens, I32), cpu_out_token_num=rows, max_seq_len=width
    )
    return [a.tolist() for a in out]


def test_output_rows_and_paddings() -> None:
    # lens 0 1 3 1, width 4: offsets 0 0 1 4 5; paddings b*4 - offset: 0, 4, 7, 8.
    padding, cum, cu, slots = _out([0, 1, 3, 1], 5, 4)
    assert cu == [0, 0, 1, 4, 5]
    assert cum == [0, 4, 7, 8]
    assert slots == [1, 2, 2, 2, 3]
    assert padding == [4, 7, 7, 7, 8]
    # Each row's padded position is b * 4 + k.
    assert [r + p for r, p in enumerate(padding)] == [4, 8, 9, 10, 12]


def test_output_rows_past_the_lengths_belong_to_no_slot() -> None:
    # lens 1 1 = 2 < 4 rows: rows 2, 3 get slot -1 and the padding of a slot 2: 2*3 - 2 = 4.
    padding, cum, cu, slots = _out([1, 1], 4, 3)
    assert (cu, cum) == ([0, 1, 2], [0, 2])
    assert slots == [0, 1, -1, -1]
    assert padding == [0, 2, 4, 4]


def test_paddings_saturate_to_int32() -> None:
    # width INT32_MAX: slot 1's padding is 2147483647 - 2, slot 2's 2 * INT32_MAX - 4 saturates.
    padding, cum, _, _ = _out([2, 2, 1], 5, 2**31 - 1)
    assert cum == [0, 2**31 - 3, 2**31 - 1]
    assert padding == [0, 0, 2**31 - 3, 2**31 - 3, 2**31 - 1]


def test_the_padded_outputs_are_fastdeploys() -> None:
    """FastDeploy: tmp = cumsum(max_seq_len - seq_lens_output); output_cum_offsets[b] = tmp[b-1]
    (0 for b = 0); output_padding_offset at row b * max_seq_len - tmp[b-1] + k is tmp[b-1]."""
    rng = np.random.default_rng(7)
    for _ in range(50):
        width = int(rng.integers(1, 9))
        lens = rng.integers(0, width + 1, int(rng.integers(0, 12)))
        tmp = np.cumsum(width - lens)
        want_cum = np.concatenate([[0], tmp[:-1]]) if lens.size else np.zeros(0)
        want_padding = np.zeros(int(lens.sum()), np.int64)
        for b, n in enumerate(lens):
            for k in range(n):
                want_padding[b * width - int(want_cum[b]) + k] = want_cum[b]
        padding, cum, _, _ = _out(lens.tolist(), int(lens.sum()), width)
        assert cum == want_cum.tolist()
        assert padding == want_padding.tolist()


def test_the_input_offsets_are_fastdeploys() -> None:
    """FastDeploy: cum_offsets = cumsum(max_seq_len - seq_len); cu_seqlens_q[b+1] =
    (b+1) * max_seq_len - cum_offsets[b]; a slot's tokens at b * max_seq_len - cum_offsets[b-1]."""
    rng = np.random.default_rng(11)
    for _ in range(50):
        bsz = int(rng.integers(1, 5))
        lens = rng.integers(0, 4, bsz).astype(I32)
        cum_offsets = np.cumsum(5 - lens)
        want_cu = [0] + [(b + 1) * 5 - int(cum_offsets[b]) for b in range(bsz)]
        encoder = rng.integers(0, 2, 4).astype(I32)
        ids, slots, cu, _ = _pack(lens.tolist() + [0] * (4 - bsz), int(lens.sum()), encoder)
        assert cu[: bsz + 1] == want_cu
        for b in range(bsz):
            first = b * 5 - (int(cum_offsets[b - 1]) if b else 0)
            row = INPUT_IDS[b] if encoder[b] > 0 else STEP_IDS[b]
            assert ids[first : first + lens[b]] == row[: lens[b]].tolist()
            assert slots[first : first + lens[b]] == [b] * int(lens[b])
