"""Hand-worked cases of the NumPy reference of speculate_get_seq_lens_output, from
docs/ops/speculate_get_seq_lens_output.md ("Semantics", "Out-of-domain values")."""

from __future__ import annotations

import numpy as np

from .speculate_get_seq_lens_output import speculate_get_seq_lens_output

I32_MIN = -(2**31)
I32_MAX = 2**31 - 1


def _run(fed: list[int], enc: list[int]) -> list[int]:
    slt = np.array(fed, np.int32)
    encoder = np.array(enc, np.int32)
    before = (slt.copy(), encoder.copy())
    out = speculate_get_seq_lens_output(slt, encoder)
    assert out.dtype == np.int32 and out.shape == (len(fed),)
    assert np.array_equal(slt, before[0]) and np.array_equal(encoder, before[1])
    return [int(v) for v in out]


def test_idle_prefill_decode() -> None:
    # idle 0; prefill chunk of 7 -> 1; decode 1 + 3 drafts -> 4; decode without drafts -> 1;
    # prefill of one token -> 1
    assert _run([0, 7, 4, 1, 1], [0, 7, 0, 0, 5]) == [0, 1, 4, 1, 1]


def test_idle_slot_ignores_the_encoder() -> None:
    assert _run([0, 0], [3, 0]) == [0, 0]


def test_out_of_domain() -> None:
    # negative fed: idle, whatever the encoder; negative encoder: prefill; huge fed: kept (decode)
    assert _run([-1, I32_MIN, 5, I32_MAX, I32_MAX], [0, 4, -2, 0, I32_MIN]) == [0, 0, 1, I32_MAX, 1]


def test_fewer_slots_than_the_batch_and_none() -> None:
    assert _run([3], [0, 9, 9]) == [3]
    assert _run([], [1, 2]) == []


def test_slot_past_max_bsz_is_idle() -> None:
    # real_bsz > max_bsz (the glue rejects it): a slot without a seq_lens_encoder entry is idle
    assert _run([2, 2, 2], [0]) == [2, 0, 0]
