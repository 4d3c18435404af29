"""FastDeploy's speculative step, op for op (`--step fastdeploy`).

Every op that FastDeploy calls is called here as FastDeploy calls it: through
`opforge.fastdeploy.gpu`, positionally, in the order of FastDeploy's model
runner (gpu_model_runner.execute_model, pre_and_post_process.py); the ops
FastDeploy's Python reaches by another signature (the packing ops,
rebuild_padding, verification, ngram_match) are called through opforge's own
API. One step:

  pre-process   speculate_get_padding_offset, speculate_get_seq_lens_output,
                speculate_get_output_padding_offset
  forward       the target model over the packed tokens, reading its context
                through the block table from a paged cache (`PagedCache`)
                rebuild_padding: the rows whose next token is wanted
  sample        speculate_get_token_penalty_multi_scores, build_sampling_params,
                top-k/top-p sampling of every row (`sample_rows`),
                verify_draft_tokens (TARGET_MATCH: a draft is accepted where it
                equals the target's sampled token)
  post-process  speculate_limit_thinking_content_length_v1,
                speculate_set_stop_value_multi_seqs, speculate_update, the
                output read (FastDeploy's speculate_save_output),
                speculate_set_value_by_flags_and_idx
  propose       ngram_match: the next step's drafts
  schedule      speculate_step_paddle: KV blocks released, dispatched,
                preempted, recovered

`Engine.step_sequence` records the names in the order run, `fullest_sequence`
those of the step that ran the most (with the MTP proposer, the last steps
draft nothing); the main job prints the latter.

With `--proposer mtp` the drafts come from FastDeploy's MTP proposer instead
of ngram_match (mtp.py: an MTP head fed the target's hidden states,
eagle_get_hidden_states, eagle_get_self_hidden_states, draft_model_postprocess,
mtp_step_paddle, hybrid_mtp_ngram, speculate_get_logits).
speculate_schedule_cache, FastDeploy's other block scheduler (its V1 KV-cache
scheduler), is the alternative to speculate_step_paddle and is not run.

Where this step departs from FastDeploy, on purpose (each keeps the output
equal to one-token-per-forward decoding with the same processing, which
FastDeploy's step does not guarantee):

- Penalties are computed per output row, not per slot. FastDeploy penalises
  every row of a slot with the slot's history as it was before the step, so
  the row after draft k does not count drafts 0..k-1, which the model read
  and which are accepted if that row's token is: with penalties on, its
  output depends on what was drafted. Here each row is its own slot of the
  op's padded layout (max_seq_len 1): its history is the slot's plus the
  drafts before it, its cur_len the slot's step_idx plus its index.
- FastDeploy's speculate_verify advances step_idx and sets the stop flags of
  slots that emitted an end token or reached max_dec_len; opforge's
  verify_draft_tokens leaves both to the caller: two tensor lines below.
- The stop-sequence op is given the stop flags as they were before the step
  (then or-ed with the op's): in FastDeploy a slot that a stop sequence should
  have stopped in the middle of a step, and that reached an end token or its
  length later in the same step, is skipped by the op (it is already
  stopped), and its output runs past the stop sequence.
- The thinking-limit op shrinks seq_lens_decoder by the tokens it drops, and
  speculate_update then adds the shortened accept_num: FastDeploy's order
  counts the dropped tokens off twice, leaving the KV length short. Here the
  op shrinks a copy.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import opforge.fastdeploy.gpu as fd
import paddle

import opforge
from examples.speculative.engine import YARDSTICK, Engine, EngineConfig, Request
from examples.speculative.model import NgramLM
from examples.speculative.mtp import MtpProposer
from examples.speculative.processing import THINK_END

BLOCK_SIZE = 16  # KV positions per block; must exceed draft_width + 1 (one block per step suffices)
MAX_STOP_SEQS, MAX_STOP_LEN = 2, 4  # stop_seqs is [bsz, MAX_STOP_SEQS, MAX_STOP_LEN]
MAX_BAD_TOKENS = 4
SEED_INCREMENT = 4  # build_sampling_params' increment_value: each row k of a slot takes seed + 4k


@dataclass
class PagedCache:
    """The target's KV cache, reduced to what this model attends to: the token
    at each position, in blocks of BLOCK_SIZE positions, addressed through each
    slot's block table. A block handed to two slots, or a position whose block
    the table lacks, gives the model the wrong context, and the output differs
    from greedy decoding: the block scheduling is load-bearing."""

    tokens: paddle.Tensor  # int64 [blocks * BLOCK_SIZE]

    def context(
        self,
        ids: paddle.Tensor,
        batch_id_per_token: paddle.Tensor,
        cu_seqlens_q: paddle.Tensor,
        seq_lens_decoder: paddle.Tensor,
        block_tables: paddle.Tensor,
        window: int,
        pad: int,
    ) -> paddle.Tensor:
        """Write the step's tokens at their positions, then read each one's
        window of context, [token_num, window] (packed_context of model.py,
        through the block table)."""
        n = ids.shape[0]
        b = batch_id_per_token.astype("int64")
        q = seq_lens_decoder.astype("int64")[b] + (
            paddle.arange(n, dtype="int64") - cu_seqlens_q.astype("int64")[b]
        )
        tables = block_tables.astype("int64")

        def address(position: paddle.Tensor) -> paddle.Tensor:
            block = paddle.take_along_axis(
                tables[b], (position // BLOCK_SIZE).unsqueeze(1), axis=1
            ).squeeze(1)
            if bool((block < 0).any()):
                raise AssertionError("a position's block is missing from its slot's table")
            return block * BLOCK_SIZE + position % BLOCK_SIZE

        self.tokens = paddle.scatter(self.tokens, address(q), ids.astype("int64"), overwrite=True)
        columns = []
        for k in range(window):
            position = q - k
            inside = position >= 0
            read = self.tokens[address(paddle.clip(position, min=0))]
            columns.append(paddle.where(inside, read, paddle.full_like(read, pad)))
        return paddle.stack(columns, axis=1)


def sample_rows(
    logits: paddle.Tensor, top_p: np.ndarray, top_k: np.ndarray, seeds: np.ndarray
) -> paddle.Tensor:
    """One token per row (FastDeploy's top_k_top_p_sampling, on the host):
    top_k 1 is the argmax (the lowest id on a tie); otherwise the row's
    softmax, cut to its top_k (0: no cut) and its top_p, renormalised, and
    drawn with a generator seeded by the row's own seed, so the same seeds
    give the same tokens whatever else is in the batch."""
    x = logits.numpy().astype(np.float64)
    tokens = np.argmax(x, axis=1)
    for r in np.flatnonzero(top_k != 1):
        order = np.argsort(-x[r], kind="stable")
        probs = np.exp(x[r, order] - x[r, order[0]])
        probs /= probs.sum()
        keep = len(order) if top_k[r] <= 0 else int(top_k[r])
        inside = np.cumsum(probs) - probs < top_p[r]  # the smallest prefix reaching top_p
        keep = max(1, min(keep, int(inside.sum())))
        kept = probs[:keep] / probs[:keep].sum()
        u = np.random.default_rng(int(seeds[r])).random()
        tokens[r] = order[min(int(np.searchsorted(np.cumsum(kept), u, side="right")), keep - 1)]
    return paddle.to_tensor(tokens.astype(np.int64))


class FastDeployEngine(Engine):
    """The Engine's loop (run, timing, stats) around FastDeploy's step."""

    proposers = ("ngram", "mtp")

    def __init__(
        self,
        target: NgramLM,
        config: EngineConfig,
        kv_blocks: int | None = None,
    ) -> None:
        if BLOCK_SIZE <= config.draft_width + 1:
            raise ValueError(f"draft_width must be below {BLOCK_SIZE - 1} (the KV block size - 1)")
        super().__init__(target, config)
        bsz, width, length = config.batch_size, config.draft_width + 1, config.max_model_len
        i32, i64 = np.int32, np.int64

        def t(a: np.ndarray) -> paddle.Tensor:
            return paddle.to_tensor(a)

        self.step_sequence: list[str] = []
        self.fullest_sequence: list[str] = []  # the longest step's (every op a step can run)
        self.outputs: dict[int, list[int]] = {}
        # FastDeploy's share_inputs (gpu_model_runner), the ones this step reads.
        self.input_ids = t(np.zeros((bsz, length), i64))  # the prompt (recovery: + generated)
        self.pre_ids = t(
            np.full((bsz, length), -1, i64)
        )  # [b, 0] last prompt token, then generated
        self.draft_tokens = t(np.zeros((bsz, width), i64))  # [b, 0] last token, then drafts
        self.accept_tokens = t(np.zeros((bsz, width), i64))
        self.accept_num = t(np.zeros(bsz, i32))
        self.actual_draft_token_num = t(np.full(bsz, config.draft_width, i32))
        self.not_need_stop = t(np.zeros(1, np.bool_))
        self.stop_nums = t(np.array([bsz], i64))
        self.ori_seq_lens_encoder = t(np.zeros(bsz, i32))  # FastDeploy's step_seq_lens_encoder
        self.first_token_ids = t(np.full(bsz, -1, i64))
        self.eos_token_id = self.end_tokens
        # Sampling and processing, per slot (the request's RequestParams).
        f32 = np.float32
        self.penalty_scores = t(np.ones(bsz, f32))
        self.frequency_scores = t(np.zeros(bsz, f32))
        self.presence_scores = t(np.zeros(bsz, f32))
        self.temperatures = t(np.ones(bsz, f32))
        self.min_dec_lens = t(np.zeros(bsz, i64))
        self.bad_tokens = t(np.full((bsz, MAX_BAD_TOKENS), -1, i64))
        self.top_p = t(np.ones(bsz, f32))
        self.top_k = t(np.ones(bsz, i64))
        self.infer_seed = t(np.zeros(bsz, i64))
        self.stop_seqs = t(np.zeros((bsz, MAX_STOP_SEQS, MAX_STOP_LEN), i64))
        self.stop_seqs_len = t(np.zeros((bsz, MAX_STOP_SEQS), i32))
        self.max_think_lens = t(np.full(bsz, -1, i32))
        self.limit_think_status = t(np.zeros(bsz, i32))
        # KV blocks: enough for every slot at max_model_len unless kv_blocks says fewer.
        self.blocks_per_seq = -(-length // BLOCK_SIZE) + 1
        self.kv_blocks = kv_blocks if kv_blocks is not None else bsz * self.blocks_per_seq
        self.block_tables = t(np.full((bsz, self.blocks_per_seq), -1, i32))
        self.encoder_block_lens = t(np.zeros(bsz, i32))
        self.used_list_len = t(np.zeros(bsz, i32))
        self.free_list = t(np.arange(self.kv_blocks, dtype=i32)[::-1].copy())  # top: block 0
        self.free_list_len = t(np.array([self.kv_blocks], i32))
        self.step_block_list = t(np.full(bsz, -1, i32))
        self.step_lens = t(np.zeros(1, i32))
        self.recover_block_list = t(np.full(bsz, -1, i32))
        self.recover_lens = t(np.zeros(1, i32))
        self.need_block_list = t(np.full(bsz, -1, i32))
        self.need_block_len = t(np.zeros(1, i32))
        self.cache = PagedCache(t(np.zeros(self.kv_blocks * BLOCK_SIZE, i64)))
        self.preemptions = 0  # slots parked by speculate_step_paddle for want of blocks
        self.mtp = MtpProposer(self, config.mtp_steps) if config.proposer == "mtp" else None

    # ------------------------------------------------------------ calls

    def _fd(self, name: str, *args: object) -> object:
        """Call FastDeploy's op `name` as FastDeploy calls it, timed and recorded."""
        self.step_sequence.append(name)
        return self._op(name, getattr(fd, name), *args)

    def _own(self, name: str, *args: object, **kwargs: object) -> object:
        """Call an op through opforge's API (FastDeploy calls it by another signature)."""
        self.step_sequence.append(name)
        return self._op(name, getattr(opforge, name), *args, **kwargs)

    # ------------------------------------------------------------ the scheduler (host)

    def free_slots(self) -> list[int]:
        """Free slots while the free list holds a new prompt's blocks (the
        longest prompt's, to keep the test simple)."""
        slots = super().free_slots()
        free = int(self.free_list_len.item())
        return slots if free >= self.blocks_per_seq else []

    def insert(self, b: int, request: Request) -> None:
        """FastDeploy's insert_tasks: the prompt row, the request's processing
        parameters, and its prompt's blocks popped off the free list."""
        n, cfg = len(request.prompt), self.config
        if n + request.max_dec_len + cfg.draft_width + 1 > cfg.max_model_len:
            raise ValueError(
                f"request {request.rid} does not fit max_model_len {cfg.max_model_len}"
            )
        p = request.params
        row = np.zeros(cfg.max_model_len, np.int64)
        row[:n] = request.prompt
        self.input_ids[b] = paddle.to_tensor(row)
        pre = np.full(cfg.max_model_len, -1, np.int64)
        pre[0] = request.prompt[-1]
        self.pre_ids[b] = paddle.to_tensor(pre)
        for name, value in (
            ("prompt_lens", n),
            ("ori_seq_lens_encoder", n),
            ("seq_lens_encoder", n),
            ("seq_lens_this_time", n),
            ("seq_lens_decoder", 0),
            ("step_idx", 0),
            ("max_dec_len", request.max_dec_len),
            ("stop_flags", False),
            ("accept_num", 0),
            ("actual_draft_token_num", cfg.draft_width),
            ("first_token_ids", request.prompt[0]),
            ("penalty_scores", p.repetition),
            ("frequency_scores", p.frequency),
            ("presence_scores", p.presence),
            ("temperatures", p.temperature),
            ("min_dec_lens", p.min_len),
            ("top_p", p.top_p),
            ("top_k", p.top_k),
            ("infer_seed", p.seed),
            ("max_think_lens", p.max_think_len),
            ("limit_think_status", 0),
        ):
            getattr(self, name)[b] = value
        bad = np.full(MAX_BAD_TOKENS, -1, np.int64)
        bad[: len(p.bad_tokens)] = p.bad_tokens
        self.bad_tokens[b] = paddle.to_tensor(bad)
        seqs = np.zeros((MAX_STOP_SEQS, MAX_STOP_LEN), np.int64)
        lens = np.zeros(MAX_STOP_SEQS, np.int32)
        for k, s in enumerate(p.stop_seqs):
            seqs[k, : len(s)], lens[k] = s, len(s)
        self.stop_seqs[b] = paddle.to_tensor(seqs)
        self.stop_seqs_len[b] = paddle.to_tensor(lens)
        # The prompt's blocks (FastDeploy's resource manager hands them out).
        enc = -(-n // BLOCK_SIZE)
        free = self.free_list.numpy()
        top = int(self.free_list_len.item())
        table = np.full(self.blocks_per_seq, -1, np.int32)
        table[:enc] = free[top - enc : top][::-1]
        self.free_list_len[0] = top - enc
        self.block_tables[b] = paddle.to_tensor(table)
        self.encoder_block_lens[b] = enc
        self.used_list_len[b] = 0
        self.slot_request[b] = request
        self.outputs[request.rid] = []
        if self.mtp is not None:
            self.mtp.insert(b, request)

    def release_finished(self) -> list[tuple[Request, list[int]]]:
        """Slots that stopped (not preempted) hand their request's output back."""
        stopped = self.stop_flags.numpy() & ~self.is_block_step.numpy()
        done = []
        for b, request in enumerate(self.slot_request):
            if request is not None and stopped[b]:
                done.append((request, self.outputs.pop(request.rid)))
                self.slot_request[b] = None
                self.seq_lens_this_time[b] = 0
                self.seq_lens_encoder[b] = 0
                self.seq_lens_decoder[b] = 0
        return done

    def _free_prompt_blocks(self, slots: list[int], blocks: list[np.ndarray]) -> None:
        """Push the prompt blocks of finished slots back (speculate_step_paddle
        frees only the decoder blocks: FastDeploy's resource manager frees the rest)."""
        free = self.free_list.numpy()
        top = int(self.free_list_len.item())
        for b, ids in zip(slots, blocks, strict=True):
            free[top : top + len(ids)] = ids
            top += len(ids)
            self.block_tables[b] = paddle.full([self.blocks_per_seq], -1, "int32")
            self.encoder_block_lens[b] = 0
        self.free_list = paddle.to_tensor(free)
        self.free_list_len[0] = top

    def check_blocks(self) -> None:
        """Every block is in exactly one place: the free list, or one slot's
        table (its prompt blocks, then the decoder blocks it holds; a preempted
        slot holds none). None is handed out twice, none is lost."""
        tables = self.block_tables.numpy()
        enc, used = self.encoder_block_lens.numpy(), self.used_list_len.numpy()
        parked = self.is_block_step.numpy()
        held = [self.free_list.numpy()[: int(self.free_list_len.item())]]
        for b in range(self.config.batch_size):
            held.append(tables[b, : enc[b] + (0 if parked[b] else used[b])])
        blocks = np.sort(np.concatenate(held))
        if not np.array_equal(blocks, np.arange(self.kv_blocks)):
            raise AssertionError(f"KV blocks lost or handed out twice: {blocks.tolist()}")

    # ------------------------------------------------------------ one step

    def step(self) -> bool:
        self.step_sequence = []
        self._op(YARDSTICK, paddle.add, self.seq_lens_this_time, self.seq_lens_encoder)
        cfg, tgt = self.config, self.target
        token_num = int(self.seq_lens_this_time.sum().item())
        if token_num == 0:
            return False

        # Pre-process (pre_and_post_process.pre_process).
        ids, batch_id_per_token, cu_seqlens_q, _ = self._own(
            "speculate_get_padding_offset",
            self.input_ids,
            self.draft_tokens,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            cpu_token_num=token_num,
        )
        seq_lens_output = self._fd(
            "speculate_get_seq_lens_output",
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
        )
        out_token_num = int(seq_lens_output.sum().item())
        _, _, cu_seqlens_q_output, batch_id_per_token_output = self._own(
            "speculate_get_output_padding_offset",
            seq_lens_output,
            cpu_out_token_num=out_token_num,
            max_seq_len=cfg.max_model_len,
        )

        # The target's forward, then the rows whose next token is wanted.
        self.step_sequence.append("[target forward]")
        start = time.perf_counter()
        context = self.cache.context(
            ids,
            batch_id_per_token,
            cu_seqlens_q,
            self.seq_lens_decoder,
            self.block_tables,
            tgt.config.window,
            tgt.pad,
        )
        hidden_states = None
        if self.mtp is not None:  # the MTP head continues from the target's hidden states
            hidden_states = tgt.hidden_states(context)
            logits = tgt.compute_logits(hidden_states)
        else:
            logits = tgt.logits(context)
        self.stats.model_seconds += time.perf_counter() - start
        logits = self._own(
            "rebuild_padding",
            logits,
            cu_seqlens_q,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            cu_seqlens_q_output,
            cpu_out_token_num=out_token_num,
        )

        # Sample (the sampler's forward_cuda).
        self._penalties(logits, batch_id_per_token_output, cu_seqlens_q_output)
        top_p, top_k, seeds = self._fd(
            "build_sampling_params",
            self.top_p,
            self.top_k,
            self.infer_seed,
            self.seq_lens_this_time,
            cu_seqlens_q_output,
            out_token_num,
            SEED_INCREMENT,
        )
        self.step_sequence.append("[top_k_top_p_sampling]")
        start = time.perf_counter()
        sampled = sample_rows(logits, top_p.numpy()[:, 0], top_k.numpy()[:, 0], seeds.numpy()[:, 0])
        self.stats.model_seconds += time.perf_counter() - start
        stopped_before = self.stop_flags.clone()
        proposed = self.seq_lens_this_time.numpy() - 1
        decoding = self.seq_lens_encoder.numpy() == 0
        self._own(
            "verify_draft_tokens",
            self.accept_tokens,
            self.accept_num,
            self.draft_tokens,
            self.top_p,
            self.stop_flags,
            self.seq_lens_encoder,
            self.seq_lens_this_time,
            self.eos_token_id,
            self.is_block_step,
            cu_seqlens_q_output,
            self.limit_think_status,  # as reasoning_status: 1 (injecting) never outlasts a step
            self.max_dec_len,
            self.step_idx,
            target_tokens=sampled,
            verify_strategy=opforge.VerifyStrategy.TARGET_MATCH,
        )
        # What FastDeploy's speculate_verify does beyond verify_draft_tokens:
        # step_idx counts the accepted tokens; a slot whose last accepted token
        # is an end token (verify_draft_tokens writes end_tokens[0] at max_dec_len) stops.
        self.step_idx += self.accept_num.astype("int64")
        last = paddle.take_along_axis(
            self.accept_tokens,
            paddle.clip(self.accept_num.astype("int64") - 1, min=0).unsqueeze(1),
            axis=1,
        ).squeeze(1)
        ended = (self.accept_num > 0) & paddle.isin(last, self.eos_token_id)
        self.stop_flags = self.stop_flags | ended
        self._count(proposed, decoding)

        # Post-process (post_process_specualate).
        self._fd(
            "speculate_limit_thinking_content_length_v1",
            self.accept_tokens,
            self.max_think_lens,
            self.step_idx,
            self.limit_think_status,
            self.accept_num,
            self.seq_lens_decoder.clone(),  # see the module's docstring
            self.stop_flags,
            self.eos_token_id,
            THINK_END,
        )
        stop_flags = stopped_before  # see the module's docstring
        self._fd(
            "speculate_set_stop_value_multi_seqs",
            self.accept_tokens,
            self.accept_num,
            self.pre_ids,
            self.step_idx,
            stop_flags,
            self.seq_lens_this_time,
            self.stop_seqs,
            self.stop_seqs_len,
            self.eos_token_id,
        )
        paddle.assign(self.stop_flags | stop_flags, self.stop_flags)
        self._fd(
            "speculate_update",
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.not_need_stop,
            self.draft_tokens,
            self.actual_draft_token_num,
            self.accept_tokens,
            self.accept_num,
            self.stop_flags,
            self.seq_lens_this_time,
            self.is_block_step,
            self.stop_nums,
            self.mask_rollback,
        )
        self._save_output()
        self._fd(
            "speculate_set_value_by_flags_and_idx",
            self.pre_ids,
            self.accept_tokens,
            self.accept_num,
            self.stop_flags,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.step_idx,
        )

        # The next step's drafts (the proposer's run).
        if self.mtp is not None:
            assert hidden_states is not None
            self.mtp.run(hidden_states, self.seq_lens_this_time)
        else:
            self._ngram_match()

        # KV blocks (step_cuda).
        finished = (self.stop_flags & ~self.is_block_step).numpy()
        slots = [b for b in range(cfg.batch_size) if finished[b] and self.slot_request[b]]
        enc = self.encoder_block_lens.numpy()
        parked = self.is_block_step.numpy()
        prompt_blocks = [self.block_tables.numpy()[b, : enc[b]].copy() for b in slots]
        self._fd(
            "speculate_step_paddle",
            self.stop_flags,
            self.seq_lens_this_time,
            self.ori_seq_lens_encoder,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.block_tables,
            self.encoder_block_lens,
            self.is_block_step,
            self.step_block_list,
            self.step_lens,
            self.recover_block_list,
            self.recover_lens,
            self.need_block_list,
            self.need_block_len,
            self.used_list_len,
            self.free_list,
            self.free_list_len,
            self.input_ids,
            self.pre_ids,
            self.step_idx,
            self.draft_tokens[:, 0],  # next_tokens: FastDeploy passes it, the op does not read it
            self.first_token_ids,
            self.accept_num,
            BLOCK_SIZE,
            0,  # encoder_decoder_block_num
            cfg.draft_width,
        )
        self._free_prompt_blocks(slots, prompt_blocks)
        self.preemptions += int((self.is_block_step.numpy() & ~parked).sum())
        self.check_blocks()
        if len(self.step_sequence) > len(self.fullest_sequence):
            self.fullest_sequence = list(self.step_sequence)
        return True

    def _ngram_match(self) -> None:
        """The n-gram proposer: drafts from each slot's own history."""
        cfg = self.config
        self._own(
            "ngram_match",
            self._token_ids_all(),
            self.prompt_lens,
            self.step_idx,
            self.draft_tokens,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.max_dec_len,
            max_ngram_size=cfg.max_ngram_size,
            max_draft_tokens=cfg.draft_width,
            infer_with_reference_tokenum_threshold=cfg.token_budget,
        )

    def _penalties(
        self,
        logits: paddle.Tensor,
        batch_id_per_token_output: paddle.Tensor,
        cu_seqlens_q_output: paddle.Tensor,
    ) -> None:
        """speculate_get_token_penalty_multi_scores on the step's rows, each
        row its own slot (the module's docstring says why): row k of slot b
        reads pre_ids[b] with the slot's drafts 1..k after its step_idx."""
        rows = batch_id_per_token_output.numpy().astype(np.int64)
        k = np.arange(len(rows)) - cu_seqlens_q_output.numpy()[rows]
        step_idx = self.step_idx.numpy()[rows]
        pre_ids = self.pre_ids.numpy()[rows]
        drafts = self.draft_tokens.numpy()[rows]
        for j in range(1, drafts.shape[1]):
            before = k >= j
            pre_ids[before, step_idx[before] + j] = drafts[before, j]
        n = len(rows)
        zeros = np.zeros(n, np.int32)
        self._fd(
            "speculate_get_token_penalty_multi_scores",
            paddle.to_tensor(pre_ids),
            logits,
            self.penalty_scores[rows],
            self.frequency_scores[rows],
            self.presence_scores[rows],
            self.temperatures[rows],
            self.bad_tokens[rows],
            paddle.to_tensor(step_idx + k),
            self.min_dec_lens[rows],
            self.eos_token_id,
            paddle.to_tensor(np.ones(n, np.int32)),
            paddle.to_tensor(zeros),  # output_padding_offset: row t is at t of a [n, 1] layout
            paddle.to_tensor(zeros),  # output_cum_offsets
            1,  # max_seq_len
        )

    def _save_output(self) -> None:
        """FastDeploy's speculate_save_output: each slot's accepted tokens of
        the step go to its request's output."""
        num = self.accept_num.numpy()
        tokens = self.accept_tokens.numpy()
        for b, request in enumerate(self.slot_request):
            if request is not None and num[b] > 0:
                self.outputs[request.rid].extend(tokens[b, : num[b]].tolist())

    def _token_ids_all(self) -> paddle.Tensor:
        """Each slot's prompt then generated tokens (what ngram_match searches):
        position q is input_ids[b, q] inside the prompt, else pre_ids[b, q - prompt_len + 1]."""
        length = self.config.max_model_len
        q = paddle.arange(length, dtype="int64").unsqueeze(0)
        prompt = self.prompt_lens.unsqueeze(1)
        generated = paddle.clip(q - prompt + 1, min=0, max=length - 1)
        from_pre = paddle.take_along_axis(self.pre_ids, generated.expand_as(self.pre_ids), axis=1)
        return paddle.where(q < prompt, self.input_ids, from_pre)

    def _count(self, proposed: np.ndarray, decoding: np.ndarray) -> None:
        emitted = self.accept_num.numpy()
        self.stats.steps += 1
        self.stats.generated += int(emitted.sum())
        self.stats.sequence_steps += int((emitted > 0).sum())
        verified = decoding & (proposed > 0) & (emitted > 0)
        self.stats.proposed += int(proposed[verified].sum())
        self.stats.accepted += int(np.minimum(emitted[verified] - 1, proposed[verified]).sum())

    def run(
        self, requests: list[Request], progress: Callable[[int], None] | None = None
    ) -> dict[int, list[int]]:
        outputs = super().run(requests, progress)
        if int(self.free_list_len.item()) != self.kv_blocks:
            raise AssertionError("a finished request's KV blocks were not all freed")
        if self.mtp is not None and int(self.mtp.free_list_len.item()) != self.mtp.kv_blocks:
            raise AssertionError("a finished request's draft KV blocks were not all freed")
        return outputs
