"""A speculative-decoding engine built only from opforge ops, around the
n-gram language model of model.py.

One step of the loop (Engine.step), each part done by the op named:

1. propose drafts for every decoding slot: `ngram_match` (from the slot's own
   history) or the draft model (`draft_model_preprocess`, then per draft the
   draft model's forward and `draft_model_update`);
2. pack the step's tokens: `speculate_get_padding_offset` (prefill slots'
   prompts, decode slots' input token and drafts, slot after slot);
3. run the target model once over the packed tokens (Paddle, model.py);
4. find the rows whose logits are sampled: `speculate_get_seq_lens_output`
   (1 for a prefill slot, every position of a decode slot) and
   `speculate_get_output_padding_offset` (their offsets and slots), and
   gather their logits: `rebuild_padding`;
5. sample: greedy argmax (Paddle), or TOPP through `top_p_candidates`;
6. verify the drafts: `verify_draft_tokens`;
7. update every slot (end tokens, length limits, counters, history, next
   input token): `unified_update_model_status`.

Between steps the host scheduler (Python, as in any serving engine) hands
finished requests back and puts waiting ones into free slots. All state lives
in Paddle tensors on the CPU; under `opforge.xpu3_simulation()` every op runs
its XPU3 kernel.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import paddle

import opforge
from examples.speculative.model import NgramLM, packed_context
from examples.speculative.processing import RequestParams

PROPOSERS = ("ngram", "draft-model", "mtp")
STRATEGIES = ("greedy", "topp")


@dataclass(frozen=True)
class Request:
    rid: int
    prompt: tuple[int, ...]
    max_dec_len: int
    # What the FastDeploy step applies (fastdeploy_step.py); today's step ignores it.
    params: RequestParams = field(default_factory=RequestParams)


@dataclass(frozen=True)
class EngineConfig:
    batch_size: int = 8
    draft_width: int = 4  # drafts per slot and step (max_step_tokens = draft_width + 1)
    proposer: str = "ngram"
    strategy: str = "greedy"
    top_p: float = 0.8
    candidates: int = 8  # TOPP: candidates kept per row (top_p_candidates' C)
    seed: int = 0  # TOPP draws
    max_ngram_size: int = 3
    # ngram_match's budget of tokens per step over the batch (FastDeploy's
    # INFER_WITH_REFERENCE_TOKENUM_THRESHOLD, default 128); prefill tokens count.
    token_budget: int = 1024
    max_model_len: int = 512  # history row width: longest prompt + max_dec_len + draft_width
    # The MTP proposer (FastDeploy step only): draft model forwards per round;
    # below draft_width, n-gram matches extend its drafts (hybrid_mtp_ngram).
    mtp_steps: int = 2


# Every this many calls of an op, its arguments are kept (copied, outside the
# timed call) to be replayed on their own after the run: the isolated time.
REPLAY_EVERY = 4
REPLAY_REPEATS = 7  # each kept call replayed this often back to back (first one warms)
# The name of the Paddle op timed beside ours (Engine.step).
YARDSTICK = "paddle.add (not ours)"


@dataclass
class Replay:
    fn: Callable[..., object]
    args: tuple[Any, ...]
    kwargs: dict[str, Any]


def _copied(value: Any) -> Any:
    return value.clone() if isinstance(value, paddle.Tensor) else value


@dataclass
class Stats:
    steps: int = 0  # target model forwards (each over the whole batch)
    sequence_steps: int = 0  # (slot, forward) pairs in which the slot emitted tokens
    generated: int = 0  # tokens emitted
    proposed: int = 0  # drafts offered for verification
    accepted: int = 0  # drafts the target accepted
    op_seconds: float = 0.0
    model_seconds: float = 0.0
    draft_model_seconds: float = 0.0
    wall_seconds: float = 0.0
    op_calls: dict[str, float] = field(default_factory=dict)
    # Each call's seconds, per op (the per-op table's in-loop medians).
    op_call_seconds: dict[str, list[float]] = field(default_factory=dict)

    @property
    def tokens_per_forward(self) -> float:
        """Tokens a sequence gains per target forward (1 without speculation)."""
        return self.generated / self.sequence_steps if self.sequence_steps else 0.0

    @property
    def acceptance(self) -> float:
        return self.accepted / self.proposed if self.proposed else 0.0


class Engine:
    # The proposers this step runs (the FastDeploy step runs others).
    proposers: tuple[str, ...] = ("ngram", "draft-model")

    def __init__(self, target: NgramLM, config: EngineConfig, draft: NgramLM | None = None) -> None:
        if config.proposer not in self.proposers:
            raise ValueError(
                f"this step's proposer must be one of {self.proposers}, got {config.proposer!r}"
            )
        if config.strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {STRATEGIES}, got {config.strategy!r}")
        if config.proposer == "draft-model" and draft is None:
            raise ValueError("the draft-model proposer needs a draft model")
        self.target, self.draft, self.config = target, draft, config
        self.stats = Stats()
        bsz, width = config.batch_size, config.draft_width + 1
        length = config.max_model_len
        zeros = np.zeros
        # Per-slot state, shared by every op (the layout of docs/ops/*.md).
        self.token_ids_all = paddle.to_tensor(zeros((bsz, length), np.int64))
        self.prompt_lens = paddle.to_tensor(zeros(bsz, np.int64))
        self.step_idx = paddle.to_tensor(zeros(bsz, np.int64))
        self.max_dec_len = paddle.to_tensor(zeros(bsz, np.int64))
        self.seq_lens_this_time = paddle.to_tensor(zeros(bsz, np.int32))
        self.seq_lens_encoder = paddle.to_tensor(zeros(bsz, np.int32))
        self.seq_lens_decoder = paddle.to_tensor(zeros(bsz, np.int32))
        self.stop_flags = paddle.to_tensor(np.ones(bsz, np.bool_))
        self.is_paused = paddle.to_tensor(zeros(bsz, np.bool_))
        self.is_block_step = paddle.to_tensor(zeros(bsz, np.bool_))
        self.reasoning_status = paddle.to_tensor(np.full(bsz, 2, np.int32))  # response
        self.mask_rollback = paddle.to_tensor(zeros(bsz, np.int32))
        self.step_input_ids = paddle.to_tensor(zeros((bsz, width), np.int64))
        self.step_output_ids = paddle.to_tensor(zeros((bsz, width), np.int64))
        self.step_output_len = paddle.to_tensor(zeros(bsz, np.int32))
        self.has_running_seqs = paddle.to_tensor(zeros(1, np.bool_))
        self.topp = paddle.to_tensor(np.full(bsz, config.top_p, np.float32))
        self.end_tokens = paddle.to_tensor(np.array([target.config.end_token], np.int64))
        # The draft model's per-slot state (draft-model proposer).
        self.draft_input_ids = paddle.to_tensor(zeros((bsz, width), np.int64))
        self.draft_seq_lens_this_time = paddle.to_tensor(zeros(bsz, np.int32))
        self.draft_seq_lens_encoder = paddle.to_tensor(zeros(bsz, np.int32))
        self.draft_seq_lens_decoder = paddle.to_tensor(zeros(bsz, np.int32))
        self.has_draft_seqs = paddle.to_tensor(zeros(1, np.bool_))
        self.slot_request: list[Request | None] = [None] * bsz
        self._replays: dict[str, list[Replay]] = {}

    # ------------------------------------------------------------ timing

    def _op(self, name: str, fn: Callable[..., object], *args: object, **kwargs: object) -> object:
        start = time.perf_counter()
        result = fn(*args, **kwargs)
        spent = time.perf_counter() - start
        if name != YARDSTICK:  # its time is the host's, not opforge's
            self.stats.op_seconds += spent
            self.stats.op_calls[name] = self.stats.op_calls.get(name, 0.0) + spent
        calls = self.stats.op_call_seconds.setdefault(name, [])
        calls.append(spent)
        if len(calls) % REPLAY_EVERY == 1:
            # In-place arguments were written by the call: the copies hold its
            # outputs, which is the same work to redo.
            self._replays.setdefault(name, []).append(
                Replay(
                    fn,
                    tuple(_copied(a) for a in args),
                    {k: _copied(v) for k, v in kwargs.items()},
                )
            )
        return result

    def isolated_seconds(self) -> dict[str, float]:
        """Per op, the median over its kept calls of each one replayed on its
        own, back to back (the first replay warms, the rest are timed): what
        the op costs out of the loop, on the loop's own arguments."""
        medians = {}
        for name, replays in self._replays.items():
            times = []
            for r in replays:
                for repeat in range(REPLAY_REPEATS):
                    start = time.perf_counter()
                    r.fn(*r.args, **r.kwargs)
                    if repeat:
                        times.append(time.perf_counter() - start)
            medians[name] = statistics.median(times)
        return medians

    # ------------------------------------------------------------ the scheduler (host)

    def free_slots(self) -> list[int]:
        return [b for b, r in enumerate(self.slot_request) if r is None]

    def insert(self, b: int, request: Request) -> None:
        """Put a request into free slot b: its prompt becomes the slot's history
        and its prefill is this slot's next step."""
        n = len(request.prompt)
        if n == 0 or n + request.max_dec_len + self.config.draft_width > self.config.max_model_len:
            raise ValueError(
                f"request {request.rid}: prompt of {n} tokens and max_dec_len "
                f"{request.max_dec_len} do not fit max_model_len {self.config.max_model_len}"
            )
        row = np.zeros(self.config.max_model_len, np.int64)
        row[:n] = request.prompt
        self.token_ids_all[b] = paddle.to_tensor(row)
        self.prompt_lens[b] = n
        self.step_idx[b] = 0
        self.max_dec_len[b] = request.max_dec_len
        self.seq_lens_encoder[b] = n
        self.seq_lens_decoder[b] = 0
        self.seq_lens_this_time[b] = n
        self.stop_flags[b] = False
        self.draft_seq_lens_this_time[b] = 0
        self.draft_seq_lens_encoder[b] = 0
        self.draft_seq_lens_decoder[b] = 0  # nothing of this request in the draft's cache
        self.slot_request[b] = request

    def release_finished(self) -> list[tuple[Request, list[int]]]:
        """Requests whose slot stopped: their generated tokens, read from the
        history; the slot is idle until a request is inserted."""
        stopped = self.stop_flags.numpy()
        done = []
        for b, request in enumerate(self.slot_request):
            if request is None or not stopped[b]:
                continue
            n, generated = len(request.prompt), int(self.step_idx[b].item())
            tokens = self.token_ids_all[b, n : n + generated].numpy().tolist()
            done.append((request, tokens))
            self.slot_request[b] = None
            self.seq_lens_this_time[b] = 0
            self.seq_lens_encoder[b] = 0
            self.seq_lens_decoder[b] = 0
        return done

    # ------------------------------------------------------------ one step

    def step(self) -> bool:
        """One target forward over every active slot; False if none is active."""
        # Not ours: one of Paddle's own ops on two [bsz] tensors, timed and
        # replayed like ours. Its in-loop/isolated ratio is what the loop's other
        # work (the model, the scheduler) costs any op through the CPU's caches,
        # the yardstick for ours.
        self._op(YARDSTICK, paddle.add, self.seq_lens_this_time, self.seq_lens_encoder)
        self._propose()
        forward = self._forward(
            self.target,
            self.step_input_ids,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.token_ids_all,
        )
        if forward is None:
            return False
        logits, cu_seqlens_q, seconds = forward
        self.stats.model_seconds += seconds
        cfg = self.config

        sampled, cu_seqlens_q_output, batch_id_per_token_output = self._output_rows(
            logits, cu_seqlens_q
        )
        start = time.perf_counter()
        target_tokens = paddle.argmax(sampled, axis=1) if cfg.strategy == "greedy" else None
        probs = paddle.nn.functional.softmax(sampled, axis=1) if cfg.strategy == "topp" else None
        self.stats.model_seconds += time.perf_counter() - start

        candidates: dict[str, paddle.Tensor] = {}
        if probs is not None:
            scores, ids_c, lens = self._op(
                "top_p_candidates",
                opforge.top_p_candidates,
                probs,
                self.topp,
                batch_id_per_token_output,
                candidates_len=cfg.candidates,
            )
            candidates = {
                "candidate_ids": ids_c,
                "candidate_scores": scores,
                "candidate_lens": lens,
            }
        proposed = self.seq_lens_this_time.numpy() - 1
        decoding = self.seq_lens_encoder.numpy() == 0
        self._op(
            "verify_draft_tokens",
            opforge.verify_draft_tokens,
            self.step_output_ids,
            self.step_output_len,
            self.step_input_ids,
            self.topp,
            self.stop_flags,
            self.seq_lens_encoder,
            self.seq_lens_this_time,
            self.end_tokens,
            self.is_block_step,
            cu_seqlens_q_output,
            self.reasoning_status,
            self.max_dec_len,
            self.step_idx,
            target_tokens=target_tokens,
            **candidates,
            verify_strategy=(
                opforge.VerifyStrategy.GREEDY
                if cfg.strategy == "greedy"
                else opforge.VerifyStrategy.TOPP
            ),
            seed=cfg.seed + self.stats.steps,
        )
        emitted = self.step_output_len.numpy()
        self.stats.steps += 1
        self.stats.generated += int(emitted.sum())
        self.stats.sequence_steps += int((emitted > 0).sum())
        verified = decoding & (proposed > 0) & (emitted > 0)
        self.stats.proposed += int(proposed[verified].sum())
        # Accepted drafts: all emitted tokens but the target's own (one per slot,
        # unless the slot stopped on an accepted draft).
        self.stats.accepted += int(np.minimum(emitted[verified] - 1, proposed[verified]).sum())
        self._op(
            "unified_update_model_status",
            opforge.unified_update_model_status,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.has_running_seqs,
            self.step_input_ids,
            self.step_output_ids,
            self.step_output_len,
            self.stop_flags,
            self.seq_lens_this_time,
            self.is_paused,
            self.mask_rollback,
            self.token_ids_all,
            self.prompt_lens,
            self.step_idx,
            self.end_tokens,
            self.max_dec_len,
        )
        return True

    def _forward(
        self,
        model: NgramLM,
        rows: paddle.Tensor,
        seq_lens_this_time: paddle.Tensor,
        seq_lens_encoder: paddle.Tensor,
        seq_lens_decoder: paddle.Tensor,
        history: paddle.Tensor,
    ) -> tuple[paddle.Tensor, paddle.Tensor, float] | None:
        """Pack the tokens each slot feeds (`speculate_get_padding_offset`: a
        prefill's from the history, a decoding slot's from `rows`) and run
        `model` over them: (logits, cu_seqlens_q, seconds in the model), or
        None when no slot feeds a token. The target and the draft model share it."""
        token_num = int(seq_lens_this_time.sum().item())
        if token_num == 0:
            return None
        ids, batch_id_per_token, cu_seqlens_q, _ = self._op(
            "speculate_get_padding_offset",
            opforge.speculate_get_padding_offset,
            self.token_ids_all,
            rows,
            seq_lens_this_time,
            seq_lens_encoder,
            cpu_token_num=token_num,
        )
        start = time.perf_counter()
        context = packed_context(
            ids,
            batch_id_per_token,
            cu_seqlens_q,
            seq_lens_decoder,
            history,
            model.config.window,
            model.pad,
        )
        return model.logits(context), cu_seqlens_q, time.perf_counter() - start

    def _propose(self) -> None:
        """Drafts into step_input_ids[b, 1..] and seq_lens_this_time[b] = 1 +
        drafts for every decoding slot; prefill slots keep their prompt length,
        idle ones get 0."""
        cfg = self.config
        if cfg.proposer == "ngram":
            self._op(
                "ngram_match",
                opforge.ngram_match,
                self.token_ids_all,
                self.prompt_lens,
                self.step_idx,
                self.step_input_ids,
                self.seq_lens_this_time,
                self.seq_lens_encoder,
                self.seq_lens_decoder,
                self.max_dec_len,
                max_ngram_size=cfg.max_ngram_size,
                max_draft_tokens=cfg.draft_width,
                infer_with_reference_tokenum_threshold=cfg.token_budget,
            )
        else:
            self._propose_with_draft_model()

    def _propose_with_draft_model(self) -> None:
        """draft_model_preprocess, then up to draft_width rounds of the draft
        model: pack its fed tokens, forward, argmax, draft_model_update (which
        appends each slot's token to its drafts in step_input_ids)."""
        draft = self.draft
        assert draft is not None
        self._op(
            "draft_model_preprocess",
            opforge.draft_model_preprocess,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.stop_flags,
            self.step_idx,
            self.max_dec_len,
            self.prompt_lens,
            self.token_ids_all,
            self.step_input_ids,
            self.draft_input_ids,
            self.draft_seq_lens_this_time,
            self.draft_seq_lens_encoder,
            self.draft_seq_lens_decoder,
            self.has_draft_seqs,
        )
        for _ in range(self.config.draft_width):
            if not bool(self.has_draft_seqs.item()):
                break
            start = time.perf_counter()
            # The draft model's sequence: the history, then the drafts so far.
            drafted = self._history_with_drafts()
            self.stats.draft_model_seconds += time.perf_counter() - start
            forward = self._forward(
                draft,
                self.draft_input_ids,
                self.draft_seq_lens_this_time,
                self.draft_seq_lens_encoder,
                self.draft_seq_lens_decoder,
                drafted,
            )
            if forward is None:  # has_draft_seqs says a slot is fed: not reached
                break
            logits, cu_seqlens_q, seconds = forward
            next_tokens = paddle.argmax(logits, axis=1)
            self.stats.draft_model_seconds += seconds
            self._op(
                "draft_model_update",
                opforge.draft_model_update,
                next_tokens,
                cu_seqlens_q,
                self.draft_seq_lens_this_time,
                self.draft_seq_lens_encoder,
                self.draft_seq_lens_decoder,
                self.draft_input_ids,
                self.step_input_ids,
                self.seq_lens_this_time,
                self.step_idx,
                self.max_dec_len,
                self.end_tokens,
                self.has_draft_seqs,
            )

    def _history_with_drafts(self) -> paddle.Tensor:
        """token_ids_all with each decoding slot's drafts (step_input_ids[b, 1 ..
        seq_lens_this_time[b])) written after its history: the positions a
        draft-model forward may read (the draft model's KV cache)."""
        bsz, width = self.step_input_ids.shape
        length = self.config.max_model_len
        end = (self.prompt_lens + self.step_idx).astype("int64")  # history length
        k = paddle.arange(1, width, dtype="int64")
        valid = (k.unsqueeze(0) < self.seq_lens_this_time.astype("int64").unsqueeze(1)) & (
            self.seq_lens_encoder == 0
        ).unsqueeze(1)
        position = paddle.clip(end.unsqueeze(1) + k.unsqueeze(0) - 1, max=length - 1)
        flat = paddle.arange(bsz, dtype="int64").unsqueeze(1) * length + position
        rows = self.token_ids_all.reshape([-1])
        drafts = self.step_input_ids[:, 1:]
        kept = paddle.where(valid, drafts, rows[flat])
        return paddle.scatter(rows, flat.reshape([-1]), kept.reshape([-1])).reshape([bsz, length])

    def _output_rows(
        self, logits: paddle.Tensor, cu_seqlens_q: paddle.Tensor
    ) -> tuple[paddle.Tensor, paddle.Tensor, paddle.Tensor]:
        """(the logits of the rows to sample, cu_seqlens_q_output,
        batch_id_per_token_output)."""
        seq_lens_output = self._op(
            "speculate_get_seq_lens_output",
            opforge.speculate_get_seq_lens_output,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
        )
        out_token_num = int(seq_lens_output.sum().item())
        _, _, cu_seqlens_q_output, batch_id_per_token_output = self._op(
            "speculate_get_output_padding_offset",
            opforge.speculate_get_output_padding_offset,
            seq_lens_output,
            cpu_out_token_num=out_token_num,
            max_seq_len=self.config.max_model_len,
        )
        sampled = self._op(
            "rebuild_padding",
            opforge.rebuild_padding,
            logits,
            cu_seqlens_q,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            cu_seqlens_q_output,
            cpu_out_token_num=out_token_num,
        )
        return sampled, cu_seqlens_q_output, batch_id_per_token_output

    # ------------------------------------------------------------ the loop

    def run(
        self, requests: list[Request], progress: Callable[[int], None] | None = None
    ) -> dict[int, list[int]]:
        """Decode every request with continuous batching; returns each
        request's generated tokens by id."""
        waiting = list(requests)
        outputs: dict[int, list[int]] = {}
        start = time.perf_counter()
        while waiting or any(r is not None for r in self.slot_request):
            for b in self.free_slots():
                if not waiting:
                    break
                self.insert(b, waiting.pop(0))
            if not self.step():
                raise RuntimeError("no slot is active although requests remain")
            for request, tokens in self.release_finished():
                outputs[request.rid] = tokens
                if progress is not None:
                    progress(1)
        self.stats.wall_seconds += time.perf_counter() - start
        return outputs
