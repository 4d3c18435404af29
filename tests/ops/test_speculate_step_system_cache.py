"""speculate_step_system_cache on the drawn states of tests/ops/test_speculate_step_paddle.py
(engine-like and hostile), each with an ori_seq_lens_decoder: the same block invariants, every
backend equal to the reference, and the recovered slot's seq_lens_decoder its
ori_seq_lens_decoder while everything else is what speculate_step_paddle gives."""

from __future__ import annotations

import numpy as np
import paddle
import pytest

import opforge
from tests.ops.reference.speculate_step_paddle import INOUT, speculate_step_paddle
from tests.ops.reference.speculate_step_system_cache import speculate_step_system_cache
from tests.ops.test_speculate_step_paddle import (
    BACKENDS,
    ORDER,
    backend,
    check_invariants,
    engine_state,
    hostile_state,
)

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "speculate_step_system_cache"), reason="needs speculate_step_system_cache"
)

SC_ORDER = ORDER[:3] + ("ori_seq_lens_decoder",) + ORDER[3:]


@pytest.mark.parametrize("kind", ["engine", "hostile"])
@pytest.mark.parametrize("seed", range(12))
def test_system_cache_on_drawn_states(kind: str, seed: int) -> None:
    rng = np.random.default_rng(5000 + 1000 * (kind == "hostile") + seed)
    for case in range(8):
        t, attrs = (engine_state if kind == "engine" else hostile_state)(rng)
        bsz = t["stop_flags"].shape[0]
        t["ori_seq_lens_decoder"] = rng.integers(-3 if kind == "hostile" else 0, 40, bsz).astype(
            np.int32
        )
        t["recover_block_list"][0] = -1  # not read by the op; tells which slot it recovers
        got_ref = speculate_step_system_cache(*(t[k] for k in SC_ORDER), **attrs)
        expected = dict(zip(INOUT, got_ref, strict=True))
        plain = dict(
            zip(INOUT, speculate_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True)
        )
        check_invariants(t, dict(t) | expected)
        v = int(expected["recover_block_list"][0])  # -1 on entry (set below): none recovered
        recovered = np.arange(bsz) == v
        for k in INOUT:
            if k != "seq_lens_decoder":
                np.testing.assert_array_equal(expected[k], plain[k], err_msg=k)
        want_dec = np.where(recovered, t["ori_seq_lens_decoder"], plain["seq_lens_decoder"])
        np.testing.assert_array_equal(expected["seq_lens_decoder"], want_dec)

        name = BACKENDS[(seed + case) % len(BACKENDS)]
        tensors = [paddle.to_tensor(t[k]) for k in SC_ORDER]
        with backend(name):
            opforge.speculate_step_system_cache(*tensors, **attrs)
        for k in INOUT:
            got = tensors[SC_ORDER.index(k)].numpy()
            want = expected[k]
            if got.dtype == np.bool_:
                got, want = got.view(np.uint8), want.view(np.uint8)
            np.testing.assert_array_equal(
                got, want, err_msg=f"{name}: {k} (seed {seed}, case {case})"
            )
