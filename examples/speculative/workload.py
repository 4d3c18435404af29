"""The models and requests of the main job and of its tests."""

from __future__ import annotations

import numpy as np

from examples.speculative.engine import Request
from examples.speculative.model import ModelConfig, NgramLM


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
