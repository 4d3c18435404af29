"""One decoding step as an engine runs it: top_p_candidates -> verify_draft_tokens
(TOPP) -> unified_update_model_status, on every backend, against the three
references chained the same way."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend, call_op, shared_backends, to_tensor
from tests.harness.references import call_reference, filled_scratch

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


def step_arrays(s: dict[str, Any]) -> dict[str, np.ndarray]:
    """The step's tensors by the names the ops give them (each op takes those it names)."""
    max_bsz, width = s["max_bsz"], s["width"]
    return {
        "probs": s["probs"],
        "top_p": s["top_p"],
        "topp": s["top_p"],
        "batch_id_per_token": s["batch_id_per_token"],
        "step_output_ids": np.zeros((max_bsz, width), np.int64),
        "step_output_len": np.zeros(max_bsz, np.int32),
        "step_input_ids": s["step_input_ids"],
        "stop_flags": s["stop_flags"],
        "seq_lens_encoder": s["seq_lens_encoder"],
        "seq_lens_decoder": s["seq_lens_decoder"],
        "seq_lens_this_time": s["slt"],
        "end_tokens": s["end_tokens"],
        "is_block_step": np.zeros(max_bsz, bool),
        "cu_seqlens_q_output": s["cu"],
        "reasoning_status": np.full(max_bsz, 2, np.int32),
        "max_dec_len": s["max_dec_len"],
        "step_idx": s["step_idx"],
        "has_running_seqs": np.array([False]),
        "is_paused": s["is_paused"],
        "mask_rollback": np.zeros(max_bsz, np.int32),
        "token_ids_all": s["token_ids_all"],
        "prompt_lens": s["prompt_lens"],
    }


TOP_P_ATTRS = {"candidates_len": 3}
# verify_draft_tokens' candidates: what top_p_candidates writes under these names.
CANDIDATES = {
    "candidate_scores": "verify_scores",
    "candidate_ids": "verify_tokens",
    "candidate_lens": "actual_candidate_lens",
}
UPDATE_ATTRS = {"is_naive_mode": False, "prefill_one_step_stop": False}


def verify_attrs(s: dict[str, Any]) -> dict[str, Any]:
    return {
        "max_seq_len": 0,
        "verify_window": 2,
        "verify_strategy": opforge.VerifyStrategy.TOPP,
        "reject_all": False,
        "accept_all": False,
        "seed": s["seed"],
    }


def _taken(op_name: str, arrays: dict[str, Any]) -> dict[str, Any]:
    """The arrays op_name takes (each tensor it names; absent: the ones not given)."""
    return {n: arrays[n] for n in spec.passed_names(spec.project_op(op_name)) if n in arrays}


def run_ops(s: dict[str, Any]) -> list[np.ndarray]:
    """The three ops chained on tensors: each op's in-place outputs are the very
    tensors the next one reads."""
    tensors: dict[str, Any] = {k: to_tensor(v) for k, v in step_arrays(s).items()}
    top_p = spec.project_op("top_p_candidates")
    written = dict(
        zip(
            spec.written_names(top_p),
            call_op(top_p, _taken(top_p.name, tensors), TOP_P_ATTRS),
            strict=True,
        )
    )
    tensors |= {name: written[output] for name, output in CANDIDATES.items()}
    verify = spec.project_op("verify_draft_tokens")
    call_op(verify, _taken(verify.name, tensors), verify_attrs(s))
    update = spec.project_op("unified_update_model_status")
    results = call_op(update, _taken(update.name, tensors), UPDATE_ATTRS)
    return [r.numpy() for r in results]


def run_references(s: dict[str, Any]) -> list[np.ndarray]:
    """The three references chained the same way, on arrays."""
    arrays: dict[str, Any] = step_arrays(s)
    top_p = spec.project_op("top_p_candidates")
    written = call_reference(top_p, _taken(top_p.name, arrays), TOP_P_ATTRS)
    arrays |= {name: written[output] for name, output in CANDIDATES.items()}
    verify = spec.project_op("verify_draft_tokens")
    strategy = verify.attr("verify_strategy").enum
    assert strategy is not None
    attrs = verify_attrs(s) | {"verify_strategy": strategy.value_of("topp")}
    scratch = filled_scratch(verify, {"max_bsz": s["max_bsz"]}, attrs)
    arrays |= call_reference(verify, _taken(verify.name, arrays), attrs, **scratch)
    update = spec.project_op("unified_update_model_status")
    return list(call_reference(update, _taken(update.name, arrays), UPDATE_ATTRS).values())


# Every backend the three ops all run on.
BACKENDS = shared_backends(
    *(
        spec.project_op(name)
        for name in ("top_p_candidates", "verify_draft_tokens", "unified_update_model_status")
    )
)


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("seed", range(8))
def test_one_step_matches_the_chained_references(seed: int, backend_name: str) -> None:
    step = make_step(seed)
    want = run_references(step)
    with backend(backend_name):
        got = run_ops(step)
    for g, w in zip(got, want, strict=True):
        np.testing.assert_array_equal(g, w)
