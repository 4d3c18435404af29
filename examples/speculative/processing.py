"""What a request asks of decoding beyond its prompt (penalties, temperature,
banned tokens, a minimum length, stop sequences, a thinking budget, top-p and
top-k), and plain one-token-per-forward decoding that applies all of it: the
reference the FastDeploy-style step (fastdeploy_step.py) is checked against.

The reference is written token by token from the ops' contracts, in the order
FastDeploy's step applies them to each token (docs/ops/):

1. the logits: `speculate_get_token_penalty_multi_scores` (minimum length,
   repetition/frequency/presence penalties over the history, temperature,
   banned tokens), in float32 in the op's order, then the greedy token (the
   lowest id on a tie, as argmax);
2. the end rule of `verify_draft_tokens` (an end token stops; the token that
   reaches max_dec_len becomes end_tokens[0] and stops);
3. the thinking limit of `speculate_limit_thinking_content_length_v1`;
4. the stop sequences of `speculate_set_stop_value_multi_seqs`.

The penalties' weights are powers of two and the logits integers, so every
float32 operation is exact: the op and this NumPy code agree bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import paddle

from examples.speculative.model import NgramLM, window_of

BANNED = np.float32(-1e10)  # the op's value for a banned or too-early end token
THINK_END = 1  # the token that ends thinking: below the model's common ids, never in a prompt


@dataclass(frozen=True)
class RequestParams:
    repetition: float = (
        1.0  # penalty_scores: a repeated token's logit divided (or multiplied) by it
    )
    frequency: float = 0.0  # frequency_scores: subtracted per occurrence in the history
    presence: float = 0.0  # presence_scores: subtracted once from every token of the history
    temperature: float = 1.0
    min_len: int = 0  # end tokens banned before this many generated tokens
    bad_tokens: tuple[int, ...] = ()
    stop_seqs: tuple[tuple[int, ...], ...] = ()  # generated text ending with one stops the request
    max_think_len: int = -1  # thinking budget in tokens; -1: the request does not think
    top_p: float = 1.0
    top_k: int = 1  # 1: greedy; 0: no top-k cut
    seed: int = 0  # the request's first sampling seed (build_sampling_params' infer_seed)


def processed_logits(
    logits: np.ndarray,
    history: list[int],
    generated: int,
    params: RequestParams,
    end_tokens: list[int],
) -> np.ndarray:
    """One position's logits after the penalty op: `history` is the request's
    pre_ids (its last prompt token, then every generated token), `generated`
    the count of generated tokens before this position (the op's cur_len)."""
    x = logits.astype(np.float32)
    if generated < params.min_len:
        x[end_tokens] = BANNED
    counts = np.bincount(np.asarray(history, np.int64), minlength=x.shape[0])[: x.shape[0]]
    seen = counts != 0
    alpha = np.float32(params.repetition)
    x = np.where(seen, np.where(x < 0, x * alpha, x / alpha), x).astype(np.float32)
    penalty = counts.astype(np.float32) * np.float32(params.frequency)
    x = np.where(seen, x - penalty - np.float32(params.presence), x).astype(np.float32)
    x = (x / np.float32(params.temperature)).astype(np.float32)
    if params.bad_tokens:
        x[list(params.bad_tokens)] = BANNED
    return x


def ends_with_stop_sequence(generated: list[int], params: RequestParams) -> bool:
    """Whether the generated tokens end with one of the request's stop
    sequences (generated tokens only: the op never matches pre_ids[0], the
    last prompt token)."""
    return any(
        0 < len(s) <= len(generated) and generated[-len(s) :] == list(s) for s in params.stop_seqs
    )


def greedy_decode_processed(
    model: NgramLM,
    prompt: list[int],
    max_dec_len: int,
    end_tokens: list[int],
    params: RequestParams,
) -> list[int]:
    """Greedy decoding, one token per forward, with the request's logits
    processing, thinking limit and stop sequences (the module's steps 1-4)."""
    cfg = model.config
    sequence = list(prompt)
    out: list[int] = []
    thinking = 0 if params.max_think_len >= 0 else 2  # limit_think_status
    while True:
        context = window_of(sequence, len(sequence) - 1, cfg.window, model.pad)
        logits = model.logits(paddle.to_tensor([context], dtype="int64")).numpy()[0]
        history = [prompt[-1], *out]
        x = processed_logits(logits, history, len(out), params, end_tokens)
        token = int(np.argmax(x))
        number = len(out) + 1  # the token's number (step_idx once it is accepted)
        stopped = token in end_tokens
        if not stopped and number >= max_dec_len:
            token, stopped = end_tokens[0], True
        if thinking < 1:
            if number >= params.max_think_len:
                token, thinking = THINK_END, 1
            elif token in end_tokens:
                token, thinking, stopped = THINK_END, 1, False
        if thinking < 2 and token == THINK_END:
            thinking = 2
        if not stopped and ends_with_stop_sequence(out, params):
            token, stopped = end_tokens[0], True
        out.append(token)
        sequence.append(token)
        if stopped:
            return out
