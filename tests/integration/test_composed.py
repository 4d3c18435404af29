"""One decoding step as an engine runs it: top_p_candidates -> verify_draft_tokens
(TOPP) -> unified_update_model_status, on every backend, against the three
references chained the same way."""

from __future__ import annotations

from typing import Any

import numpy as np
import paddle
import pytest

import opforge
from tests.ops.reference.top_p_candidates import top_p_candidates as top_p_ref
from tests.ops.reference.unified_update_model_status import (
    unified_update_model_status as update_ref,
)
from tests.ops.reference.uniform import slot_uniforms
from tests.ops.reference.verify_draft_tokens import verify_draft_tokens as verify_ref

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "unified_update_model_status"), reason="needs all three ops"
)


def make_step(seed: int) -> dict[str, Any]:
    rng = np.random.default_rng(seed)
    max_bsz, real_bsz, width, vocab, model_len = 6, 5, 4, 7, 24
    slt = rng.integers(0, width + 1, real_bsz).astype(np.int32)
    cu = np.concatenate([[0], np.cumsum(slt)]).astype(np.int32)
    token_num = int(cu[-1])
    logits = rng.random((token_num, vocab)).astype(np.float32) ** 4
    probs = (logits / logits.sum(axis=1, keepdims=True)).astype(np.float32)
    step_input_ids = rng.integers(0, vocab, (max_bsz, width)).astype(np.int64)
    # Drafts often equal the target's most likely token, so prefixes are accepted.
    for b in range(real_bsz):
        for i in range(1, int(slt[b])):
            if rng.random() < 0.7:
                step_input_ids[b, i] = int(np.argmax(probs[cu[b] + i - 1]))
    return dict(
        probs=probs,
        top_p=rng.uniform(0.5, 1.0, max_bsz).astype(np.float32),
        batch_id_per_token=np.repeat(np.arange(real_bsz), slt).astype(np.int32),
        step_input_ids=step_input_ids,
        slt=slt,
        cu=cu,
        stop_flags=rng.random(max_bsz) < 0.1,
        seq_lens_encoder=np.where(rng.random(max_bsz) < 0.2, 3, 0).astype(np.int32),
        seq_lens_decoder=rng.integers(0, 10, max_bsz).astype(np.int32),
        end_tokens=np.array([vocab - 1], np.int64),
        max_dec_len=rng.integers(3, 30, max_bsz).astype(np.int64),
        step_idx=rng.integers(0, 10, max_bsz).astype(np.int64),
        token_ids_all=rng.integers(0, vocab, (max_bsz, model_len)).astype(np.int64),
        prompt_lens=rng.integers(0, 8, max_bsz).astype(np.int64),
        is_paused=rng.random(max_bsz) < 0.1,
        seed=int(rng.integers(0, 2**31)),
        max_bsz=max_bsz,
        width=width,
    )


def run_ops(s: dict[str, Any]) -> list[np.ndarray]:
    t = paddle.to_tensor
    scores, tokens, lens = opforge.top_p_candidates(
        t(s["probs"]), t(s["top_p"]), t(s["batch_id_per_token"]), candidates_len=3
    )
    max_bsz, width = s["max_bsz"], s["width"]
    out_ids, out_len = t(np.zeros((max_bsz, width), np.int64)), t(np.zeros(max_bsz, np.int32))
    stop_flags, step_idx, step_input_ids = (
        t(s["stop_flags"]),
        t(s["step_idx"]),
        t(s["step_input_ids"]),
    )
    opforge.verify_draft_tokens(
        out_ids,
        out_len,
        step_input_ids,
        t(s["top_p"]),
        stop_flags,
        t(s["seq_lens_encoder"]),
        t(s["slt"]),
        t(s["end_tokens"]),
        t(np.zeros(max_bsz, bool)),
        t(s["cu"]),
        t(np.full(max_bsz, 2, np.int32)),
        t(s["max_dec_len"]),
        step_idx,
        candidate_ids=tokens,
        candidate_scores=scores,
        candidate_lens=lens,
        verify_strategy=opforge.VerifyStrategy.TOPP,
        verify_window=2,
        seed=s["seed"],
    )
    state = [
        t(s["seq_lens_encoder"]),
        t(s["seq_lens_decoder"]),
        t(np.array([False])),
        step_input_ids,
        out_ids,
        out_len,
        stop_flags,
        t(s["slt"]),
        t(s["is_paused"]),
        t(np.zeros(max_bsz, np.int32)),
        t(s["token_ids_all"]),
        t(s["prompt_lens"]),
        step_idx,
        t(s["end_tokens"]),
        t(s["max_dec_len"]),
    ]
    results = opforge.unified_update_model_status(*state)
    return [r.numpy() for r in results]


def run_references(s: dict[str, Any]) -> list[np.ndarray]:
    scores, tokens, lens = top_p_ref(
        s["probs"], s["top_p"], s["batch_id_per_token"], candidates_len=3
    )
    max_bsz, width = s["max_bsz"], s["width"]
    out_ids, out_len = verify_ref(
        np.zeros((max_bsz, width), np.int64),
        np.zeros(max_bsz, np.int32),
        s["step_input_ids"],
        None,
        tokens,
        scores,
        lens,
        s["top_p"],
        s["stop_flags"],
        s["seq_lens_encoder"],
        s["slt"],
        s["end_tokens"],
        np.zeros(max_bsz, bool),
        s["cu"],
        np.full(max_bsz, 2, np.int32),
        s["max_dec_len"],
        s["step_idx"],
        max_seq_len=0,
        verify_window=2,
        verify_strategy=0,
        reject_all=False,
        accept_all=False,
        topp_uniforms=slot_uniforms(s["seed"], max_bsz),
        seed=s["seed"],
    )
    return list(
        update_ref(
            s["seq_lens_encoder"],
            s["seq_lens_decoder"],
            np.array([False]),
            s["step_input_ids"],
            out_ids,
            out_len,
            s["stop_flags"],
            s["slt"],
            s["is_paused"],
            np.zeros(max_bsz, np.int32),
            s["token_ids_all"],
            s["prompt_lens"],
            s["step_idx"],
            s["end_tokens"],
            s["max_dec_len"],
            is_naive_mode=False,
            prefill_one_step_stop=False,
        )
    )


@pytest.mark.parametrize("backend", ["cpu", "xpu3-sim"])
@pytest.mark.parametrize("seed", range(8))
def test_one_step_matches_the_chained_references(seed: int, backend: str) -> None:
    step = make_step(seed)
    want = run_references(step)
    if backend == "cpu":
        got = run_ops(step)
    else:
        with opforge.xpu3_simulation(2, 4):
            got = run_ops(step)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)
