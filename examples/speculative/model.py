"""A small deterministic language model in Paddle, and plain greedy decoding
with it: the target (and draft) model of the speculative-decoding loop.

The model is an n-gram network: the logits of a position are a function of
the last `window` tokens of its sequence (the position's token and the ones
before it; a missing one, before the sequence starts, is a pad id):

    h      = relu(sum_k E_k[token at q - k])        E_k: [vocab + 1, hidden]
    logits = h @ W + common_bonus + end_bonus(context)   W: [hidden, vocab]

Every weight is a small integer held in float32, so every value the forward
computes is an integer far below 2^24 and every sum is exact, in any order:
a position's logits are bit for bit the same whatever else is packed with it
in a batch, however Paddle's kernels block or vectorize the matmul. That is
what makes the speculative loop's output equal greedy decoding token for
token (a near-tie can no longer flip with the batch). argmax breaks ties by
the lowest id, the same way in both.

`end_bonus` gives the end token a large bonus on one context in 29 (a hash of
the window), so requests end at varied lengths instead of only at max_dec_len.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np
import paddle

END_PERIOD = 29  # one window in END_PERIOD makes the end token win
END_BONUS = 4096.0  # larger than any logit the weights can give
COMMON_BONUS = 1024.0  # the common ids beat every other (|h @ W| <= 2 * window * hidden)


@dataclass(frozen=True)
class ModelConfig:
    vocab: int = 1000
    hidden: int = 64
    window: int = 3  # tokens of context per position (this one and window - 1 before it)
    end_token: int = 2
    # Ids [first_common, first_common + common) get a bonus: text keeps coming
    # back to a small set of tokens, so it repeats itself, as real text does
    # and as the n-gram proposer needs (prompts are drawn from the same set).
    common: int = 48
    first_common: int = 3
    seed: int = 0


class NgramLM:
    def __init__(self, config: ModelConfig) -> None:
        self.config = config
        rng = np.random.default_rng(config.seed)
        pad = config.vocab  # the id of "before the sequence starts"
        self.pad = pad
        # |E| <= 1 summed over the window, W in [-2, 2]: |logit| <= window * 2 * hidden.
        self.embeddings = [
            paddle.to_tensor(rng.integers(-1, 2, (config.vocab + 1, config.hidden)), "float32")
            for _ in range(config.window)
        ]
        self.out = paddle.to_tensor(rng.integers(-2, 3, (config.hidden, config.vocab)), "float32")
        self.hash_weights = paddle.to_tensor(
            rng.integers(1, 1 << 20, (config.window,)), dtype="int64"
        )
        end = np.zeros(config.vocab, np.float32)
        end[config.end_token] = END_BONUS
        self.end_row = paddle.to_tensor(end)
        common = np.zeros(config.vocab, np.float32)
        common[config.first_common : config.first_common + config.common] = COMMON_BONUS
        self.common_row = paddle.to_tensor(common)

    def truncated(self, window: int) -> NgramLM:
        """The same model reading only the last `window` tokens (shares weights)."""
        if not 1 <= window <= self.config.window:
            raise ValueError(f"window must be in [1, {self.config.window}], got {window}")
        smaller = object.__new__(NgramLM)
        smaller.__dict__.update(self.__dict__)
        smaller.config = dataclasses.replace(self.config, window=window)
        smaller.embeddings = self.embeddings[:window]
        smaller.hash_weights = self.hash_weights[:window]
        return smaller

    def logits(self, context: paddle.Tensor) -> paddle.Tensor:
        """context [n, window] int64: for each position its token (column 0)
        and the tokens before it (pad where none). Returns [n, vocab] float32."""
        h = self.embeddings[0][context[:, 0]]
        for k in range(1, self.config.window):
            h = h + self.embeddings[k][context[:, k]]
        logits = paddle.matmul(paddle.nn.functional.relu(h), self.out)
        key = paddle.sum(context * self.hash_weights, axis=1) % END_PERIOD
        ends = (key == 0).astype("float32").unsqueeze(1)
        return logits + self.common_row + ends * self.end_row

    # ------------------------------------------------------------ hidden states (MTP)

    @property
    def hidden_size(self) -> int:
        """Width of a hidden-state row: [h | S_1 .. S_{window-1} | e] (hidden_states)."""
        return self.config.hidden * self.config.window + 1

    def hidden_states(self, context: paddle.Tensor) -> paddle.Tensor:
        """The hidden state of each position, [n, hidden_size]: what the
        position's forward knows, laid out so that an MTP head can continue
        from it (MtpHead):

        - h: the hidden layer relu(sum_k E_k[token at q - k]), which the
          output projection reads;
        - S_j, j = 1 .. window - 1: the part of position q + j's pre-activation
          that the tokens up to q already fix, sum_{k >= j} E_k[token at q + j - k];
        - e: 1 where the window's hash gives the end token its bonus, else 0.

        compute_logits(hidden_states(c)) equals logits(c) bit for bit (every
        value is a small integer in float32)."""
        cfg = self.config
        h = self.embeddings[0][context[:, 0]]
        for k in range(1, cfg.window):
            h = h + self.embeddings[k][context[:, k]]
        parts = [paddle.nn.functional.relu(h)]
        for j in range(1, cfg.window):
            s = self.embeddings[j][context[:, 0]]
            for k in range(j + 1, cfg.window):
                s = s + self.embeddings[k][context[:, k - j]]
            parts.append(s)
        key = paddle.sum(context * self.hash_weights, axis=1) % END_PERIOD
        parts.append((key == 0).astype("float32").unsqueeze(1))
        return paddle.concat(parts, axis=1)

    def compute_logits(self, hidden: paddle.Tensor) -> paddle.Tensor:
        """The logits of hidden-state rows (the output projection and the two
        bonuses), [n, vocab]."""
        h = hidden[:, : self.config.hidden]
        ends = hidden[:, -1:]
        return paddle.matmul(h, self.out) + self.common_row + ends * self.end_row


class MtpHead:
    """A multi-token-prediction head on the target (FastDeploy's MTP draft
    model, reduced to this model): fed a token x at position q + 1 and the
    hidden state of position q (the target's, or its own from the substep
    before), it returns the hidden state of position q + 1, from which
    target.compute_logits predicts the token after x:

        h'   = relu(E_0[x] + S_1)            the target's hidden layer at q + 1
        S'_j = E_j[x] + S_{j+1}, S'_{w-1} = E_{w-1}[x]
        e'   = the end bonus of the window (x, and the two tokens before it),
               read from the draft model's own paged cache

    It shares the target's embeddings and output projection (as FastDeploy's
    MTP layer shares the target's embedding and lm_head) and has no weights
    of its own. Its logits are the target's logits before any request's
    processing: its drafts miss only where penalties, banned tokens, a minimum
    length, a stop sequence or the thinking limit change the target's token."""

    def __init__(self, target: NgramLM) -> None:
        self.target = target

    def forward(
        self, tokens: paddle.Tensor, previous: paddle.Tensor, context: paddle.Tensor
    ) -> paddle.Tensor:
        """tokens [n] int64, previous [n, hidden_size] (the hidden state of the
        position before each token's), context [n, window] (each token's
        window, from the draft model's cache): [n, hidden_size]."""
        t = self.target
        cfg = t.config
        H, w = cfg.hidden, cfg.window
        s = [previous[:, H * j : H * (j + 1)] for j in range(1, w)]  # S_1 .. S_{w-1}
        parts = [paddle.nn.functional.relu(t.embeddings[0][tokens] + s[0])]
        for j in range(1, w):
            part = t.embeddings[j][tokens]
            parts.append(part + s[j] if j < w - 1 else part)
        key = paddle.sum(context * t.hash_weights, axis=1) % END_PERIOD
        parts.append((key == 0).astype("float32").unsqueeze(1))
        return paddle.concat(parts, axis=1)


def window_of(sequence: list[int], position: int, window: int, pad: int) -> list[int]:
    """The context of `position` in `sequence`: its token, then the ones before."""
    return [sequence[position - k] if position - k >= 0 else pad for k in range(window)]


def greedy_decode(
    model: NgramLM, prompt: list[int], max_dec_len: int, end_tokens: list[int]
) -> list[int]:
    """Plain greedy decoding, one token per forward: generate until an end
    token or max_dec_len tokens; a token that reaches max_dec_len and is not
    an end token is replaced by end_tokens[0] (the stop rule of
    unified_update_model_status, docs/ops/unified_update_model_status.md)."""
    cfg = model.config
    sequence = list(prompt)
    out: list[int] = []
    while True:
        context = window_of(sequence, len(sequence) - 1, cfg.window, model.pad)
        logits = model.logits(paddle.to_tensor([context], dtype="int64"))
        token = int(paddle.argmax(logits, axis=1).item())
        out.append(token)
        sequence.append(token)
        if token in end_tokens:
            return out
        if len(out) >= max_dec_len:
            out[-1] = end_tokens[0]
            return out


def packed_context(
    ids: paddle.Tensor,
    batch_id_per_token: paddle.Tensor,
    cu_seqlens_q: paddle.Tensor,
    seq_lens_decoder: paddle.Tensor,
    history: paddle.Tensor,
    window: int,
    pad: int,
) -> paddle.Tensor:
    """The context windows of a step's packed tokens, [token_num, window].

    Packed token j of slot b = batch_id_per_token[j] sits at position
    q = seq_lens_decoder[b] + (j - cu_seqlens_q[b]) of the slot's sequence:
    the positions before seq_lens_decoder[b] are in the slot's history row
    (prompt, then generated tokens), the step's own tokens follow. This is the
    model's input layer, what a real model's attention reads from its KV cache."""
    n = ids.shape[0]
    width = history.shape[1]
    b = batch_id_per_token.astype("int64")
    q = seq_lens_decoder.astype("int64")[b] + (
        paddle.arange(n, dtype="int64") - cu_seqlens_q.astype("int64")[b]
    )
    # The slot rows with this step's tokens written at their positions.
    rows = history.clone().reshape([-1])
    rows = paddle.scatter(rows, b * width + q, ids.astype("int64"), overwrite=True)
    columns = []
    for k in range(window):
        position = q - k
        inside = position >= 0
        flat = b * width + paddle.clip(position, min=0)
        columns.append(paddle.where(inside, rows[flat], paddle.full_like(flat, pad)))
    return paddle.stack(columns, axis=1)
