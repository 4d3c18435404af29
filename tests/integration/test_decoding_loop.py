"""The speculative-decoding loop (examples/speculative), built only from
opforge ops, against plain greedy decoding of the same model: every request's
output must be the same, token for token, for any seed, batch size, draft
width and proposer, on the CPU kernels and on the XPU3 and CUDA kernels under
their simulations. TOPP sampling is reproducible with its seed."""

from __future__ import annotations

import itertools

import pytest

from examples.speculative.engine import YARDSTICK, Engine, EngineConfig, Request
from examples.speculative.model import NgramLM, greedy_decode
from examples.speculative.workload import draft_model_of, make_requests, target_model
from tests.harness import calls, spec

TARGET = target_model()


def _requests(seed: int, count: int) -> list[Request]:
    return make_requests(count, seed=seed, config=TARGET.config, max_prompt=24, max_dec_len=40)


def _greedy(model: NgramLM, requests: list[Request]) -> dict[int, list[int]]:
    end = [model.config.end_token]
    return {r.rid: greedy_decode(model, list(r.prompt), r.max_dec_len, end) for r in requests}


def _decode(
    config: EngineConfig, requests: list[Request], backend: str
) -> tuple[Engine, dict[int, list[int]]]:
    draft = draft_model_of(TARGET) if config.proposer == "draft-model" else None
    engine = Engine(TARGET, config, draft)
    with calls.backend(backend):
        return engine, engine.run(requests)


GRID = list(
    itertools.product(["ngram", "draft-model"], [0, 1, 2], [1, 3, 8], [1, 2, 5])
)  # proposer, seed, batch size, draft width


@pytest.mark.parametrize(
    "proposer,seed,batch,width", GRID, ids=[f"{p}-s{s}-b{b}-w{w}" for p, s, b, w in GRID]
)
def test_speculative_output_equals_greedy_decoding(
    proposer: str, seed: int, batch: int, width: int
) -> None:
    requests = _requests(seed, 2 * batch + 1)
    config = EngineConfig(batch_size=batch, draft_width=width, proposer=proposer)
    engine, outputs = _decode(config, requests, "cpu")
    want = _greedy(TARGET, requests)
    for r in requests:
        assert outputs[r.rid] == want[r.rid], f"request {r.rid} ({proposer}, seed {seed})"
    assert engine.stats.generated == sum(len(t) for t in want.values())


# Every backend all the project's ops run on, the CPU kernels first.
BACKENDS = calls.shared_backends(*spec.project_ops())
SIMULATED = [(p, b) for p in ("ngram", "draft-model") for b in BACKENDS[1:]]


@pytest.mark.parametrize("proposer,backend", SIMULATED, ids=[f"{p}-{b}" for p, b in SIMULATED])
def test_the_simulated_kernels_decode_the_same_tokens(proposer: str, backend: str) -> None:
    requests = _requests(7, 9)
    config = EngineConfig(batch_size=4, draft_width=3, proposer=proposer)
    _, outputs = _decode(config, requests, backend)
    want = _greedy(TARGET, requests)
    for r in requests:
        assert outputs[r.rid] == want[r.rid], f"request {r.rid} ({proposer}, {backend})"


def test_speculation_pays_off() -> None:
    """Not a speed claim: the n-gram proposer gets drafts accepted on this
    model's text (it repeats itself), so a forward yields more than one token."""
    requests = _requests(3, 12)
    engine, _ = _decode(EngineConfig(batch_size=4, draft_width=4), requests, "cpu")
    assert engine.stats.accepted > 0
    assert engine.stats.tokens_per_forward > 1.0


@pytest.mark.parametrize("backend", BACKENDS)
def test_topp_is_reproducible_with_its_seed(backend: str) -> None:
    requests = _requests(5, 6)
    config = EngineConfig(batch_size=3, draft_width=3, strategy="topp", seed=11)
    _, first = _decode(config, requests, backend)
    _, again = _decode(config, requests, backend)
    assert first == again
    for r in requests:
        assert 1 <= len(first[r.rid]) <= r.max_dec_len


def test_the_yardstick_is_timed_beside_the_ops_but_not_counted_as_theirs() -> None:
    """The per-op table's last row is Paddle's own add, timed once per step and
    replayed like our ops; its time is the host's, not opforge's share."""
    requests = _requests(5, 6)
    engine, _ = _decode(EngineConfig(batch_size=3, draft_width=2), requests, "cpu")
    assert len(engine.stats.op_call_seconds[YARDSTICK]) == engine.stats.steps
    assert YARDSTICK not in engine.stats.op_calls
    ours = [times for name, times in engine.stats.op_call_seconds.items() if name != YARDSTICK]
    assert abs(engine.stats.op_seconds - sum(map(sum, ours))) < 1e-9
    assert YARDSTICK in engine.isolated_seconds()
