"""The models and requests of the main job and of its tests."""

from __future__ import annotations

import dataclasses

import numpy as np

from examples.speculative.engine import Request
from examples.speculative.model import ModelConfig, NgramLM
from examples.speculative.processing import RequestParams


def target_model(seed: int = 0) -> NgramLM:
    return NgramLM(ModelConfig(seed=seed))


def draft_model_of(target: NgramLM) -> NgramLM:
    """The draft model: the target with a shorter context (its oldest context
    token dropped), sharing the rest of its weights: smaller and cheaper, and
    right about as often as a bigram can be."""
    return target.truncated(window=target.config.window - 1)


def make_requests(
    count: int, seed: int, config: ModelConfig, max_prompt: int = 48, max_dec_len: int = 96
) -> list[Request]:
    """Prompts of mixed lengths (4 .. max_prompt tokens), mostly of the model's
    common ids with a few rare ones, and generation limits from 8 to max_dec_len."""
    rng = np.random.default_rng(seed)
    common = np.arange(config.first_common, config.first_common + config.common)
    requests = []
    for rid in range(count):
        n = int(rng.integers(4, max_prompt + 1))
        prompt = rng.choice(common, n)
        rare = rng.random(n) < 0.1
        prompt[rare] = rng.integers(config.first_common + config.common, config.vocab, rare.sum())
        limit = int(rng.integers(8, max_dec_len + 1))
        requests.append(Request(rid, tuple(int(t) for t in prompt), limit))
    return requests


def with_processing(requests: list[Request], seed: int, sampling: bool) -> list[Request]:
    """The same requests, each asking for its own logits processing, stop
    sequences and thinking budget (the FastDeploy step's work), drawn from
    `seed`: greedy (top_k 1) unless `sampling`, then top-p 0.8 and top-k 0
    or 20 with a seed per request. The weights are powers of two, so the
    penalised logits stay exact in float32 (processing.py)."""
    rng = np.random.default_rng(seed + 1)
    config = ModelConfig()
    common = np.arange(config.first_common, config.first_common + config.common)
    out = []
    for r in requests:
        stop_seqs = tuple(
            tuple(int(t) for t in rng.choice(common, int(rng.integers(1, 3))))
            for _ in range(int(rng.integers(0, 3)))
        )
        params = RequestParams(
            repetition=float(rng.choice([1.0, 2.0])),
            frequency=float(rng.choice([0.0, 0.5])),
            presence=float(rng.choice([0.0, 0.25])),
            temperature=float(rng.choice([1.0, 0.5])),
            min_len=int(rng.integers(0, 6)),
            bad_tokens=tuple(int(t) for t in rng.choice(common, int(rng.integers(0, 3)))),
            stop_seqs=stop_seqs,
            max_think_len=int(rng.choice([-1, int(rng.integers(2, 24))])),
            top_p=0.8 if sampling else 1.0,
            top_k=int(rng.choice([0, 20])) if sampling else 1,
            seed=seed * 1000 + r.rid,
        )
        out.append(dataclasses.replace(r, params=params))
    return out
