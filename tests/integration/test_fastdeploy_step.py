"""FastDeploy's speculative step (examples/speculative/fastdeploy_step.py), op
for op, against greedy decoding with the same logits processing, stop
sequences and thinking limit (processing.py): every request's output the
same, token for token, on the CPU kernels and on every other backend the ops
all run on (each kind's kernels under its simulation); sampling reproducible with its seeds; the KV blocks
never handed out twice and all freed, also when they run short."""

from __future__ import annotations

import dataclasses

import pytest

from examples.speculative.engine import EngineConfig, Request
from examples.speculative.fastdeploy_step import FastDeployEngine
from examples.speculative.processing import greedy_decode_processed
from examples.speculative.workload import make_requests, target_model, with_processing
from tests.harness import calls, spec

TARGET = target_model()
END = [TARGET.config.end_token]


def _requests(seed: int, count: int, sampling: bool = False) -> list[Request]:
    plain = make_requests(count, seed=seed, config=TARGET.config, max_prompt=24, max_dec_len=40)
    return with_processing(plain, seed, sampling)


def _decode(
    requests: list[Request], backend: str, batch: int = 4, width: int = 3, **kw: int
) -> tuple[FastDeployEngine, dict[int, list[int]]]:
    longest = max(len(r.prompt) + r.max_dec_len for r in requests)
    config = EngineConfig(batch_size=batch, draft_width=width, max_model_len=longest + width + 1)
    engine = FastDeployEngine(TARGET, config, **kw)
    with calls.backend(backend):
        return engine, engine.run(requests)


def _assert_greedy(requests: list[Request], outputs: dict[int, list[int]], what: str) -> None:
    for r in requests:
        want = greedy_decode_processed(TARGET, list(r.prompt), r.max_dec_len, END, r.params)
        assert outputs[r.rid] == want, f"request {r.rid} ({what}, {r.params})"


# Every backend all the project's ops run on, the CPU kernels first: three
# configurations there, one on each other backend (each seed once).
BACKENDS = calls.shared_backends(*spec.project_ops())
CASES = [
    (BACKENDS[0], 0, 4, 3),
    (BACKENDS[0], 1, 1, 2),
    (BACKENDS[0], 2, 8, 5),
    *((name, 3 + i, 4, 3) for i, name in enumerate(BACKENDS[1:])),
]


@pytest.mark.parametrize(
    "backend,seed,batch,width", CASES, ids=[f"{b}-s{s}-b{n}-w{w}" for b, s, n, w in CASES]
)
def test_the_fastdeploy_step_equals_greedy_decoding(
    backend: str, seed: int, batch: int, width: int
) -> None:
    requests = _requests(seed, 2 * batch + 1)
    engine, outputs = _decode(requests, backend, batch, width)
    _assert_greedy(requests, outputs, f"{backend}, seed {seed}")
    # Every op of FastDeploy's step ran, in FastDeploy's order.
    order = engine.step_sequence
    assert (
        order.index("speculate_get_token_penalty_multi_scores")
        < order.index("build_sampling_params")
        < order.index("verify_draft_tokens")
        < order.index("speculate_limit_thinking_content_length_v1")
        < order.index("speculate_set_stop_value_multi_seqs")
        < order.index("speculate_update")
        < order.index("speculate_set_value_by_flags_and_idx")
        < order.index("speculate_step_paddle")
    )


def test_the_workload_exercises_what_the_step_adds() -> None:
    """The comparison means something: requests stop on stop sequences and
    on the thinking limit, and penalties change tokens."""
    requests = _requests(0, 24)
    _, outputs = _decode(requests, "cpu", batch=8, width=4)
    thought = [r for r in requests if r.params.max_think_len >= 0]
    assert any(1 in outputs[r.rid] for r in thought)  # THINK_END injected
    stopped_early = [
        r for r in requests if r.params.stop_seqs and len(outputs[r.rid]) < r.max_dec_len
    ]
    assert stopped_early


def test_preemption_when_blocks_run_short_keeps_the_output() -> None:
    """With 10 blocks for 4 slots speculate_step_paddle preempts and recovers
    slots; check_blocks (every step) and the final count hold, and the output
    is still greedy decoding's."""
    requests = _requests(0, 12)
    engine, outputs = _decode(requests, "cpu", kv_blocks=10)
    assert engine.preemptions > 0
    assert int(engine.free_list_len.item()) == engine.kv_blocks
    _assert_greedy(requests, outputs, "10 blocks")


def test_sampling_is_reproducible_with_its_seeds() -> None:
    """Top-p 0.8 with top-k 0 or 20: the same seeds give the same tokens;
    other seeds give others."""
    requests = _requests(5, 6, sampling=True)
    _, first = _decode(requests, "cpu", batch=3)
    _, again = _decode(requests, "cpu", batch=3)
    assert first == again
    reseeded = [
        dataclasses.replace(r, params=dataclasses.replace(r.params, seed=r.params.seed + 7))
        for r in requests
    ]
    _, other = _decode(reseeded, "cpu", batch=3)
    assert other != first


# The MTP proposer (examples/speculative/mtp.py): the same step with drafts
# from an MTP head fed the target's hidden states, extended by n-gram matches
# below draft_width forwards.
MTP_CASES = [
    (BACKENDS[0], 0, 4, 3, 2),
    (BACKENDS[0], 1, 3, 4, 4),
    (BACKENDS[0], 2, 2, 2, 1),
    *((name, 3 + i, 4, 3, 2) for i, name in enumerate(BACKENDS[1:])),
]
MTP_ROUND = [
    "eagle_get_hidden_states",
    "speculate_get_padding_offset",
    "[draft forward]",
    "rebuild_padding",
    "speculate_get_logits",
    "[draft_model_update]",
    "draft_model_postprocess",
    "mtp_step_paddle",
]


def _decode_mtp(
    requests: list[Request], backend: str, batch: int, width: int, steps: int, **kw: int
) -> tuple[FastDeployEngine, dict[int, list[int]]]:
    longest = max(len(r.prompt) + r.max_dec_len for r in requests)
    config = EngineConfig(
        batch_size=batch,
        draft_width=width,
        max_model_len=longest + width + 1,
        proposer="mtp",
        mtp_steps=steps,
    )
    engine = FastDeployEngine(TARGET, config, **kw)
    with calls.backend(backend):
        outputs = engine.run(requests)
    return engine, outputs


@pytest.mark.parametrize(
    "backend,seed,batch,width,steps",
    MTP_CASES,
    ids=[f"{b}-s{s}-b{n}-w{w}-m{m}" for b, s, n, w, m in MTP_CASES],
)
def test_the_mtp_proposer_equals_greedy_decoding(
    backend: str, seed: int, batch: int, width: int, steps: int
) -> None:
    """Equal to greedy decoding; every draft block in one place after every
    round (MtpProposer.check_blocks) and all free at the end (run); the MTP
    round's ops in FastDeploy's order, between the target's update and its
    block scheduling."""
    requests = _requests(seed, 2 * batch + 1)
    engine, outputs = _decode_mtp(requests, backend, batch, width, steps)
    _assert_greedy(requests, outputs, f"mtp, {backend}, seed {seed}")
    order = engine.fullest_sequence
    # The round: after the target's post-processing, before its block scheduling.
    start = order.index("speculate_set_value_by_flags_and_idx") + 1
    end = order.index("speculate_step_paddle")
    round_ = order[start:end]
    positions = [round_.index(name) for name in MTP_ROUND]
    assert positions == sorted(positions), round_
    assert round_.count("[draft forward]") == steps
    assert round_.count("eagle_get_self_hidden_states") == steps - 1
    assert ("hybrid_mtp_ngram" in round_) == (steps < width)
    assert round_[-1] == ("hybrid_mtp_ngram" if steps < width else "mtp_step_paddle")
    mtp = engine.mtp
    assert mtp is not None and mtp.drafted > 0
    assert int(mtp.free_list_len.item()) == mtp.kv_blocks
    assert engine.stats.accepted > 0


def test_the_mtp_head_drafts_the_target_s_own_continuation() -> None:
    """Without per-request processing the head's drafts are the target's
    tokens but where the end token's hash needs the first prompt tokens: nearly
    every draft is accepted."""
    requests = make_requests(9, seed=7, config=TARGET.config, max_prompt=24, max_dec_len=40)
    engine, outputs = _decode_mtp(requests, "cpu", 4, 3, 3)
    _assert_greedy(requests, outputs, "mtp, no processing")
    assert engine.stats.acceptance > 0.9


def test_the_mtp_proposer_under_preemption() -> None:
    """Target blocks short: speculate_step_paddle preempts and recovers
    slots; the draft drops a preempted slot (batch_drop) and frees its blocks;
    the output is still greedy decoding's."""
    requests = _requests(0, 12)
    engine, outputs = _decode_mtp(requests, "cpu", 4, 3, 2, kv_blocks=10)
    assert engine.preemptions > 0
    _assert_greedy(requests, outputs, "mtp, 10 blocks")
