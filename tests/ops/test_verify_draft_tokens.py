"""verify_draft_tokens end to end: the generated binding and the CPU kernel
against the independent NumPy reference, the rejection of bad arguments
(derived from the spec), the static graph, and the seeded draws."""

from __future__ import annotations

from typing import Any

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import attrs_of, by_name, snapshot, static_inputs, tensors_of
from tests.ops.reference.uniform import slot_uniforms
from tests.ops.reference.verify_draft_tokens import GREEDY, TARGET_MATCH, TOPP, run_reference
from tests.ops.reference.verify_draft_tokens_batches import random_batch

OP = spec.project_op("verify_draft_tokens")
STRATEGIES = {"topp": TOPP, "greedy": GREEDY, "target_match": TARGET_MATCH}


def call(batch: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    ids, lens = opforge.verify_draft_tokens(
        **by_name(OP, tensors_of(OP, batch)), **attrs_of(OP, batch)
    )
    return ids.numpy(), lens.numpy()


# ---------------------------------------------------------------- values


@pytest.mark.parametrize("strategy", STRATEGIES.values(), ids=STRATEGIES.keys())
def test_cpu_kernel_matches_reference(strategy: int) -> None:
    rng = np.random.default_rng(1000 + strategy)
    for case in range(200):
        batch = random_batch(rng, strategy=strategy)
        want_ids, want_len = run_reference(batch)
        got_ids, got_len = call(batch)
        np.testing.assert_array_equal(got_len, want_len, err_msg=f"case {case}")
        np.testing.assert_array_equal(got_ids, want_ids, err_msg=f"case {case}")


def test_topp_with_counter_seed_accepts_the_reference_prefix_and_a_candidate() -> None:
    """seed = -1 draws from the process-wide counter, which the reference cannot
    know: the accepted prefix must still be exact, and the last token one of
    its row's candidates."""
    rng = np.random.default_rng(7)
    for _ in range(100):
        batch = random_batch(rng, strategy=TOPP)
        want_ids, want_len = run_reference(batch)
        batch["seed"] = -1
        got_ids, got_len = call(batch)
        np.testing.assert_array_equal(got_len, want_len)
        cu, slt = batch["cu_seqlens_q_output"], batch["seq_lens_this_time"]
        for b, n in enumerate(got_len):
            if n == 0:
                continue
            np.testing.assert_array_equal(got_ids[b, : n - 1], want_ids[b, : n - 1])
            last = got_ids[b, n - 1]
            if last == want_ids[b, n - 1] or last in batch["end_tokens"]:
                continue  # same draw, or an end token forced by max_dec_len
            rows = batch["candidate_ids"][cu[b] : cu[b] + slt[b]]
            assert last in rows, f"slot {b}: {last} is not a candidate of its rows"


def test_counter_seed_draws_differ_between_calls() -> None:
    # One slot, TOPP, two equally likely candidates: over 40 calls both must come up.
    batch = random_batch(
        np.random.default_rng(3), strategy=TOPP, max_bsz=1, real_bsz=1, max_candidate_len=2
    )
    batch.update(seed=-1, reject_all=True, accept_all=False)
    batch["candidate_lens"][:] = 2
    batch["candidate_scores"][:] = 0
    batch["candidate_scores"][:, :2] = 0.5
    batch["topp"][:] = 1.0
    batch["stop_flags"][:] = False
    batch["is_block_step"][:] = False
    batch["max_dec_len"][:] = 1 << 40
    batch["step_idx"][:] = 0
    batch["end_tokens"][:] = -7
    batch["seq_lens_this_time"][:] = 1
    batch["cu_seqlens_q_output"][:] = [0, 1][: len(batch["cu_seqlens_q_output"])]
    firsts = {int(call(batch)[0][0, 0]) for _ in range(40)}
    assert len(firsts) == 2


def test_glue_draws_match_the_documented_generator() -> None:
    ext = opforge._runtime.extension()
    for seed in (0, 1, 12345, 2**62 + 17):
        np.testing.assert_array_equal(
            np.array(ext.uniform_draws(seed, 64), np.float32), slot_uniforms(seed, 64)
        )


def test_in_place_outputs_are_the_tensors_passed_in() -> None:
    batch = random_batch(np.random.default_rng(5), strategy=GREEDY)
    args = tensors_of(OP, batch)
    ids, lens = opforge.verify_draft_tokens(**by_name(OP, args), **attrs_of(OP, batch))
    assert ids is args[0] and lens is args[1]
    np.testing.assert_array_equal(ids.numpy(), run_reference(batch)[0])


def test_empty_step_only_resets_the_outputs() -> None:
    batch = random_batch(np.random.default_rng(11), strategy=GREEDY, real_bsz=0)
    assert batch["seq_lens_this_time"].shape == (0,)
    ids, lens = call(batch)
    assert (ids == -1).all() and (lens == 0).all()


def test_strategy_accepts_the_enum_and_its_int() -> None:
    batch = random_batch(np.random.default_rng(13), strategy=TARGET_MATCH)
    want = run_reference(batch)
    batch["verify_strategy"] = opforge.VerifyStrategy.TARGET_MATCH
    np.testing.assert_array_equal(call(batch)[0], want[0])


# ---------------------------------------------------------------- rejections
# The full matrix (every tensor and attribute) is derived from the spec in
# test_spec_suite.py; here, the seed review's own bug.


def _valid_batch(strategy: int) -> dict[str, Any]:
    # real_bsz < max_bsz, so that every dim has its own size.
    return random_batch(
        np.random.default_rng(21 + strategy),
        strategy=strategy,
        max_bsz=6,
        real_bsz=4,
        max_step_tokens=5,
        max_candidate_len=3,
        end_length=2,
    )


def _expect_rejected(
    batch: dict[str, Any], args: list[Any], error: type[Exception], *fragments: str
) -> str:
    before = snapshot(args)
    with pytest.raises(error) as raised:
        opforge.verify_draft_tokens(**by_name(OP, args), **attrs_of(OP, batch))
    message = str(raised.value)
    assert message.startswith("verify_draft_tokens(): "), message
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    for name, old, new in zip(spec.passed_names(OP), before, snapshot(args), strict=True):
        if old is not None:
            np.testing.assert_array_equal(new, old, err_msg=f"rejected call modified {name}")
    return message


def test_cu_seqlens_of_real_bsz_entries_is_rejected() -> None:
    """The seed review's bug class: a real_bsz-long buffer where real_bsz + 1 is declared."""
    batch = _valid_batch(GREEDY)
    batch["cu_seqlens_q_output"] = batch["cu_seqlens_q_output"][:-1]
    _expect_rejected(
        batch,
        tensors_of(OP, batch),
        opforge.OpValueError,
        "'cu_seqlens_q_output'",
        "real_bsz + 1 = 5",
        "real_bsz = 4 from seq_lens_this_time.shape[0]",
        "got 4",
    )


def test_in_place_outputs_are_declared_in_the_spec() -> None:
    assert [t.name for t in spec.in_place(OP)] == [
        "step_output_ids",
        "step_output_len",
    ]


# ---------------------------------------------------------------- static graph


def test_static_graph_matches_eager() -> None:
    batch = random_batch(np.random.default_rng(17), strategy=TOPP)
    want_ids, want_len = run_reference(batch)
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            args, feeds = static_inputs(OP, batch)
            ids, lens = opforge.verify_draft_tokens(**by_name(OP, args), **attrs_of(OP, batch))
            assert ids.shape == list(batch["step_output_ids"].shape) and ids.dtype == paddle.int64
            assert lens.shape == list(batch["step_output_len"].shape) and lens.dtype == paddle.int32
        exe = paddle.static.Executor(paddle.CPUPlace())
        got_ids, got_len = exe.run(program, feed=feeds, fetch_list=[ids, lens])
    finally:
        paddle.disable_static()
    np.testing.assert_array_equal(got_ids, want_ids)
    np.testing.assert_array_equal(got_len, want_len)


def test_static_graph_rejection_keeps_our_message() -> None:
    batch = _valid_batch(GREEDY)
    batch["cu_seqlens_q_output"] = batch["cu_seqlens_q_output"][:-1]
    paddle.enable_static()
    try:
        program = paddle.static.Program()
        with paddle.static.program_guard(program):
            args, feeds = static_inputs(OP, batch)
            outs = opforge.verify_draft_tokens(**by_name(OP, args), **attrs_of(OP, batch))
        exe = paddle.static.Executor(paddle.CPUPlace())
        # Paddle raises its InvalidArgumentError (a ValueError) from the executor.
        with pytest.raises(
            ValueError,
            match=r"verify_draft_tokens\(\): argument 'cu_seqlens_q_output' dim 0 must be real_bsz \+ 1",
        ):
            exe.run(program, feed=feeds, fetch_list=list(outs))
    finally:
        paddle.disable_static()
