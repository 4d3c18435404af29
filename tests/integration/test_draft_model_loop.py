"""The draft-model proposer composed with the target's ops, as a decoding loop
runs them: target step -> verify_draft_tokens (GREEDY) ->
unified_update_model_status -> draft_model_preprocess -> [draft forward ->
draft_model_update] x k -> next target step, over requests that start, finish
and are replaced, on every backend the ops all run on (the CPU kernels and each
simulation).

The two "models" are deterministic functions of a token prefix that read it
from a per-slot cache written only at the positions the packed step feeds, so
a cache position that an op's bookkeeping leaves stale changes what they
predict. The test checks, at every forward, that each model's cache holds the
slot's true sequence below the first fed position and that the fed tokens
continue it (the contract of draft_model_preprocess and draft_model_update on
the draft side, of unified_update_model_status and the draft rows on the
target side), and that every request's output equals plain greedy decoding of
the target function, token for token. The packing of a step (done by an op of
its own in the real loop) is written here in NumPy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend, call_numpy, shared_backends

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "draft_model_update"), reason="needs the draft-model ops"
)

VOCAB = 23
END = 0
UNSET = -7  # a cache position never written


def target_next(prefix: np.ndarray) -> int:
    """The target model: the token after `prefix` (depends on its last three
    tokens and its length, so an error anywhere near the end shows)."""
    tail = [int(t) for t in prefix[-3:]]
    h = len(prefix) * 7 + sum((i + 3) * (t + 11) for i, t in enumerate(tail))
    tok = h % VOCAB
    if tok == END and len(prefix) % 4 != 0:
        tok = 1  # the end token only now and then
    return tok


def draft_next(prefix: np.ndarray) -> int:
    """The draft model: the target's token, except at about one position in four."""
    tok = target_next(prefix)
    if (int(prefix[-1]) * 5 + len(prefix)) % 4 == 0:
        tok = (tok + 3) % VOCAB
    return tok


def greedy(prompt: list[int], max_dec_len: int) -> list[int]:
    """Plain greedy decoding of the target, with the ops' length rule: the
    max_dec_len-th token becomes the end token unless it is one."""
    seq, out = list(prompt), []
    while True:
        tok = target_next(np.array(seq, np.int64))
        if len(out) + 1 >= max_dec_len and tok != END:
            tok = END
        out.append(tok)
        seq.append(tok)
        if tok == END or len(out) >= max_dec_len:
            return out


@dataclass
class Request:
    prompt: list[int]
    max_dec_len: int


# The ops the loop calls, and every backend they all run on.
OPS = (
    "verify_draft_tokens",
    "unified_update_model_status",
    "draft_model_preprocess",
    "draft_model_update",
)
BACKENDS = shared_backends(*(spec.project_op(name) for name in OPS))


class Engine:
    """The per-slot buffers of both models, kept as NumPy arrays between op
    calls (each call takes them as tensors and its in-place results are copied
    back)."""

    def __init__(self, max_bsz: int, width: int, model_len: int) -> None:
        self.max_bsz, self.width, self.model_len = max_bsz, width, model_len
        i32, i64 = np.int32, np.int64
        self.s = {
            # the target model's slot state
            "seq_lens_this_time": np.zeros(max_bsz, i32),
            "seq_lens_encoder": np.zeros(max_bsz, i32),
            "seq_lens_decoder": np.zeros(max_bsz, i32),
            "stop_flags": np.ones(max_bsz, bool),
            "step_idx": np.zeros(max_bsz, i64),
            "max_dec_len": np.zeros(max_bsz, i64),
            "prompt_lens": np.zeros(max_bsz, i64),
            "token_ids_all": np.full((max_bsz, model_len), -1, i64),
            "step_input_ids": np.full((max_bsz, width), -1, i64),
            "step_output_ids": np.full((max_bsz, width), -1, i64),
            "step_output_len": np.zeros(max_bsz, i32),
            "mask_rollback": np.zeros(max_bsz, i32),
            "has_running_seqs": np.zeros(1, bool),
            # the draft model's
            "draft_input_ids": np.full((max_bsz, width), -1, i64),
            "draft_seq_lens_this_time": np.zeros(max_bsz, i32),
            "draft_seq_lens_encoder": np.zeros(max_bsz, i32),
            "draft_seq_lens_decoder": np.zeros(max_bsz, i32),
            "has_draft_seqs": np.zeros(1, bool),
        }
        # Each model's cache: the token at each position it has been fed.
        self.target_cache = np.full((max_bsz, model_len + width), UNSET, i64)
        self.draft_cache = np.full((max_bsz, model_len + width), UNSET, i64)
        self.slot_request: list[int | None] = [None] * max_bsz
        self.end_tokens = np.array([END], np.int64)
        self.target_forwards = 0
        self.draft_forwards = 0

    def call(self, op_name: str, given: dict[str, np.ndarray], **attrs: Any) -> dict[str, Any]:
        """Call an op on the state tensors it takes, by name (`given` supplies
        the others and overrides; a name in neither is an absent optional
        tensor), copy what it writes in place back into the state, and return
        what it writes."""
        op = spec.project_op(op_name)
        arrays = {n: given[n] if n in given else self.s.get(n) for n in spec.passed_names(op)}
        written = call_numpy(op, arrays, attrs)
        for t in spec.in_place(op):
            if t.name in self.s and t.name not in given:
                self.s[t.name] = written[t.name]
        return written

    def true_sequence(self, b: int) -> np.ndarray:
        """The slot's history followed by the drafts in its target row."""
        s = self.s
        hist = int(s["prompt_lens"][b] + s["step_idx"][b])
        drafts = s["step_input_ids"][b, 1 : int(s["seq_lens_this_time"][b])]
        return np.concatenate([s["token_ids_all"][b, :hist], drafts])

    def insert(self, b: int, request: Request, index: int) -> None:
        s, p = self.s, len(request.prompt)
        s["token_ids_all"][b] = -1
        s["token_ids_all"][b, :p] = request.prompt
        s["prompt_lens"][b] = p
        s["seq_lens_encoder"][b] = p
        s["seq_lens_this_time"][b] = p
        s["seq_lens_decoder"][b] = 0
        s["step_idx"][b] = 0
        s["stop_flags"][b] = False
        s["max_dec_len"][b] = request.max_dec_len
        self.target_cache[b] = UNSET
        self.slot_request[b] = index

    def target_step(self) -> None:
        """The target forward over the packed step, then verify and update."""
        s, rows, offsets = self.s, [], [0]
        for b in range(self.max_bsz):
            n, start = int(s["seq_lens_this_time"][b]), int(s["seq_lens_decoder"][b])
            prefill = s["seq_lens_encoder"][b] > 0
            if n > 0:
                if prefill:
                    fed = s["token_ids_all"][b, start : start + n]
                else:
                    fed = s["step_input_ids"][b, :n]
                    # The row continues the history: the next input, then the drafts.
                    want = self.true_sequence(b)
                    assert start == len(want) - n, (b, start, len(want), n)
                    np.testing.assert_array_equal(fed, want[start:])
                self.target_cache[b, start : start + n] = fed
                preds = [target_next(self.target_cache[b, : start + i + 1]) for i in range(n)]
                rows += preds[-1:] if prefill else preds
            offsets.append(len(rows))
        self.target_forwards += 1
        zeros_i32, no = np.zeros(self.max_bsz, np.int32), np.zeros(self.max_bsz, bool)
        self.call(
            "verify_draft_tokens",
            {
                "topp": np.ones(self.max_bsz, np.float32),
                "end_tokens": self.end_tokens,
                "is_block_step": no,
                "cu_seqlens_q_output": np.array(offsets, np.int32),
                "reasoning_status": zeros_i32,
                "target_tokens": np.array(rows, np.int64),
            },
            verify_strategy=opforge.VerifyStrategy.GREEDY,
        )
        self.call(
            "unified_update_model_status",
            {"is_paused": no, "end_tokens": self.end_tokens},
        )

    def preprocess(self) -> None:
        self.call("draft_model_preprocess", {})

    def draft_step(self, output_rows_only: bool, one_step: bool = False) -> None:
        """A draft forward over its packed step (every fed row, or only a
        prefill's last one), then draft_model_update."""
        s, rows, offsets = self.s, [], [0]
        for b in range(self.max_bsz):
            n, start = int(s["draft_seq_lens_this_time"][b]), int(s["draft_seq_lens_decoder"][b])
            prefill = s["draft_seq_lens_encoder"][b] > 0
            if n > 0:
                want = self.true_sequence(b)
                if prefill:
                    assert start == 0
                    fed = s["token_ids_all"][b, :n]
                else:
                    fed = s["draft_input_ids"][b, :n]
                # The cache holds the true sequence below `start`; the fed
                # tokens continue it.
                np.testing.assert_array_equal(self.draft_cache[b, :start], want[:start])
                np.testing.assert_array_equal(fed, want[start : start + n])
                self.draft_cache[b, start : start + n] = fed
                preds = [draft_next(self.draft_cache[b, : start + i + 1]) for i in range(n)]
                rows += preds[-1:] if prefill and output_rows_only else preds
            offsets.append(len(rows))
        self.draft_forwards += 1
        self.call(
            "draft_model_update",
            {
                "draft_next_tokens": np.array(rows, np.int64),
                "cu_seqlens_q": np.array(offsets, np.int32),
                "end_tokens": self.end_tokens,
            },
            prefill_one_step_stop=one_step,
        )


def run_loop(
    seed: int, max_bsz: int, width: int, drafts: int, name: str, one_step: bool = False
) -> tuple[dict[int, list[int]], list[Request], Engine]:
    rng = np.random.default_rng(seed)
    model_len = 40
    requests = []
    for _ in range(3 * max_bsz + 2):
        p = int(rng.integers(1, 9))
        requests.append(
            Request([int(x) for x in rng.integers(1, VOCAB, p)], int(rng.integers(1, 14)))
        )
    engine = Engine(max_bsz, width, model_len)
    pending = list(range(len(requests)))
    done: dict[int, list[int]] = {}

    def collect_and_refill() -> None:
        s = engine.s
        for b in range(max_bsz):
            index = engine.slot_request[b]
            if index is not None and s["stop_flags"][b]:
                p, n = int(s["prompt_lens"][b]), int(s["step_idx"][b])
                done[index] = [int(x) for x in s["token_ids_all"][b, p : p + n]]
                engine.slot_request[b] = None
            if engine.slot_request[b] is None and pending and rng.random() < 0.7:
                engine.insert(b, requests[pending[0]], pending.pop(0))

    with backend(name):
        collect_and_refill()
        for _ in range(400):
            if not pending and all(r is None for r in engine.slot_request):
                break
            if (engine.s["seq_lens_this_time"] > 0).any():
                engine.target_step()
            refill_first = bool(rng.integers(2))
            if refill_first:
                collect_and_refill()  # new requests before the draft model's round
            engine.preprocess()
            for _ in range(drafts):
                if not engine.s["has_draft_seqs"][0]:
                    break
                engine.draft_step(output_rows_only=bool(rng.integers(2)), one_step=one_step)
            if not refill_first:
                collect_and_refill()  # ... or after it
    return done, requests, engine


@pytest.mark.parametrize("name", BACKENDS)
@pytest.mark.parametrize(
    "seed,max_bsz,width,drafts",
    [(0, 1, 4, 3), (1, 3, 4, 3), (2, 4, 3, 2), (3, 5, 6, 5), (4, 3, 2, 1), (5, 2, 5, 2)],
)
def test_draft_model_loop_equals_greedy(
    seed: int, max_bsz: int, width: int, drafts: int, name: str
) -> None:
    done, requests, engine = run_loop(seed, max_bsz, width, drafts, name)
    assert sorted(done) == list(range(len(requests)))
    for index, request in enumerate(requests):
        assert done[index] == greedy(request.prompt, request.max_dec_len), index
    generated = sum(len(v) for v in done.values())
    # Drafts were accepted: fewer target forwards than tokens.
    assert engine.target_forwards < generated
    assert engine.draft_forwards > 0


@pytest.mark.parametrize("name", BACKENDS)
def test_one_draft_per_round_with_prefill_one_step_stop(name: str) -> None:
    done, requests, engine = run_loop(6, 3, 4, 3, name, one_step=True)
    for index, request in enumerate(requests):
        assert done[index] == greedy(request.prompt, request.max_dec_len), index
    # One draft-model forward per round (the slots are not fed again).
    assert engine.draft_forwards <= engine.target_forwards + 1
