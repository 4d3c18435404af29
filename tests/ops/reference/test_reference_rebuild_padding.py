"""Self-checks of the NumPy reference of rebuild_padding against hand-worked examples from its
page (docs/ops/rebuild_padding.md). Every expected row is worked out by hand; the comments show
the working. Row i of ``HIDDEN`` holds 10 * i, 10 * i + 1, so a copied row names its source."""

from __future__ import annotations

import numpy as np

from .rebuild_padding import rebuild_padding

I32 = np.int32
HIDDEN = (10 * np.arange(8, dtype=np.float32)[:, None] + np.arange(2, dtype=np.float32)).copy()
ZERO = -1  # marks a row of zeros in the expectations


def _gather(
    lens: list[int], encoder: list[int], cu_out: list[int], rows: int, cu_q: list[int] | None = None
) -> list[int]:
    """The source row of each output row (ZERO for a row of zeros)."""
    slt = np.array(lens, I32)
    cu = np.array(cu_q if cu_q is not None else np.concatenate([[0], np.cumsum(slt)]), I32)
    out = rebuild_padding(
        HIDDEN[: max(int(cu[-1]), 0)] if cu_q is None else HIDDEN,
        cu,
        slt,
        np.array(encoder, I32),
        np.array(cu_out, I32),
        cpu_out_token_num=rows,
    )
    got = []
    for row in out:
        if not row.any():
            got.append(ZERO)
        else:
            assert row[1] == row[0] + 1
            got.append(int(row[0]) // 10)
    return got


def test_prefill_decode_and_idle_slots() -> None:
    # slot 0 prefill, 3 prompt tokens at packed rows 0 1 2: one output row, its last, row 2;
    # slot 1 decode, input token and 2 drafts at rows 3 4 5: all three; slot 2 idle: none;
    # slot 3 decode, 1 token at row 6. Output offsets 0 1 4 4 5.
    assert _gather([3, 3, 0, 1], [3, 0, 0, 0], [0, 1, 4, 4, 5], 5) == [2, 3, 4, 5, 6]


def test_empty_step() -> None:
    assert _gather([0, 0], [0, 0], [0, 0, 0], 0) == []


def test_a_prefill_slot_with_more_rows_takes_its_last_positions() -> None:
    # slot 0 prefill, 4 tokens (rows 0..3), 2 output rows: its last two positions, rows 2 3.
    assert _gather([4], [1], [0, 2], 2) == [2, 3]


def test_a_decode_slot_with_fewer_rows_takes_its_first_positions() -> None:
    # slot 0 decode, 4 tokens (rows 0..3), 2 output rows: its first two positions, rows 0 1.
    assert _gather([4], [0], [0, 2], 2) == [0, 1]


def test_rows_past_a_slots_fed_tokens_are_zeros() -> None:
    # slot 0 decode, 2 tokens, 4 output rows: positions 0 1 are rows 0 1, positions 2 3 were
    # never fed; slot 0 prefill with 2 tokens and 4 rows: positions -2 -1 0 1.
    assert _gather([2], [0], [0, 4], 4) == [0, 1, ZERO, ZERO]
    assert _gather([2], [5], [0, 4], 4) == [ZERO, ZERO, 0, 1]


def test_rows_without_a_slot_are_zeros() -> None:
    # offsets 0 1 1 end at 1 < 3 rows: rows 1 2 belong to no slot.
    assert _gather([1, 1], [0, 0], [0, 1, 1], 3) == [0, ZERO, ZERO]
    # the first offset 2 > 0: rows 0 1 precede every slot; slot 0 owns row 2 (position 0).
    assert _gather([1], [0], [2, 3], 3) == [ZERO, ZERO, 0]


def test_decreasing_offsets_give_a_row_to_the_last_slot_that_starts_at_or_before_it() -> None:
    # offsets 0 3 1 4: slot 2 starts at 1 <= row 1, 2, 3 and ends at 4: rows 1..3 are its
    # positions 0 1 2 (decode, 3 tokens at rows 2 3 4); slot 0 keeps row 0 (its row 0).
    assert _gather([2, 0, 3], [0, 0, 0], [0, 3, 1, 4], 4) == [0, 2, 3, 4]


def test_an_idle_or_negative_slot_gives_zeros() -> None:
    # slot 0 fed -3 (read as idle) with an output row; slot 1 decode, 1 token at row 0.
    assert _gather([-3, 1], [0, 0], [0, 1, 2], 2, cu_q=[0, 0, 1]) == [ZERO, 0]


def test_packed_rows_outside_hidden_are_zeros() -> None:
    # cu_seqlens_q puts slot 0 at row 7 (the last of 8) and slot 1 at row -2.
    assert _gather([2, 1], [0, 0], [0, 2, 3], 3, cu_q=[7, -2, 8]) == [7, ZERO, ZERO]
