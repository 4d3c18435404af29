"""FastDeploy's MTP proposer, op for op, in the FastDeploy step (`--proposer mtp`).

The draft model is an MTP head on the target (model.MtpHead): fed a token and
the hidden state of the position before it, it returns the hidden state of
the token's position, from which the target's output projection predicts the
next token. The target's forward returns its hidden states beside its logits
(NgramLM.hidden_states); the head continues from them. One round, in the
order of FastDeploy's MTPProposer._run_impl (fastdeploy/spec_decode/mtp.py),
after the target step's post-processing and before its block scheduling:

  prepare       [draft_model_preprocess] (host, below), then
                eagle_get_hidden_states: the target's hidden rows the draft
                model continues from (a new request's prompt rows, a decoding
                slot's accepted rows)
  substeps      mtp_steps times, while some slot is fed:
                speculate_get_padding_offset, speculate_get_seq_lens_output,
                speculate_get_output_padding_offset (the draft's packing),
                [draft forward] (the head, over the draft model's own paged
                cache), rebuild_padding, speculate_get_logits (first substep:
                the draft's logits per slot, FastDeploy's logprobs path),
                [draft sample] (argmax), [draft_model_update] (host, below),
                and between substeps eagle_get_self_hidden_states: each slot's
                last hidden row, the next substep's input hidden state
  update status draft_model_postprocess: the target's tokens per slot for its
                next step (the input token and the drafts);
                mtp_step_paddle: the draft model's KV blocks
  hybrid        hybrid_mtp_ngram, when mtp_steps < draft_width (FastDeploy's
                `with_ngram` strategy): the MTP drafts extended by n-gram
                matches up to draft_width drafts

The FastDeploy ops are called through `opforge.fastdeploy.gpu`, positionally,
as FastDeploy calls them; the packing ops and rebuild_padding through
opforge's own API, as in the target's step (fastdeploy_step.py).

**Host bookkeeping in place of draft_model_preprocess and draft_model_update.**
opforge's two ops follow another FastDeploy form than mtp.py calls (see their
pages, docs/ops/draft_model_preprocess.md): a standalone draft model fed the
history unshifted from `token_ids_all`, its cache length tracked, with no
hidden states; FastDeploy's MTP call (24 and 15 arguments: the MTP's shifted
input_ids, accept_tokens, pre_ids, output_cum_offsets, `substep`) has no
`fastdeploy:` form, and their opforge signatures do not fit an MTP head fed
the target's accepted tokens and hidden rows. So both are done here on the
host, from FastDeploy's behaviour (`_preprocess`, `_update`):

- preprocess: the target's draft columns cleared to -1; a slot the target
  stopped feeds nothing, one it preempted is dropped for good (`batch_drop`:
  FastDeploy's MTP does not recover it; ngram drafts still extend it in the
  hybrid mode); a new request's first round prefills the draft model with
  its prompt shifted by one plus the target's first token (FastDeploy's
  truncate_first_token: draft position p holds token p + 1, and pairs it
  with the target's hidden row of position p); a decoding slot feeds its
  accept_num accepted tokens at the positions after the accepted history
  (`seq_lens_decoder` = the target's, less accept_num).
- update, per fed slot: its token is the sample of its last output row; it
  becomes the target's draft in column substep + 1 (dropped when that draft
  would be token max_dec_len or later); the slot is fed it again while it is
  not an end token and another draft fits; `seq_lens_decoder` grows by the
  tokens fed and `step_idx` counts them (1 after a prefill: what
  eagle_get_self_hidden_states reads as "first step").

**The draft model's KV blocks.** The draft has its own paged cache and pool
of blocks (the head reads the window of each token from it, for the end
bonus): a new request takes from the draft's free list the blocks of its
prefill round (its prompt and the round's drafts), mtp_step_paddle gives
each running slot the block its next round needs and releases a finished
or dropped slot's decoder blocks, and the host pushes back the prompt blocks
(mtp_step_paddle leaves them, as FastDeploy's does; its resource manager
frees them). After every round every draft block is in exactly one place,
and at the end all are free (`check_blocks`), as for the target's blocks.
FastDeploy's MTP reuses the target's prompt block ids in its own cache; here
the draft's prompt blocks come from its own pool, so one invariant covers
every draft block.

`mtp_steps` is 1, 2 or draft_width: with 3 .. draft_width - 1 substeps and
n-gram drafts after them, a round the draft stopped early (an end token
drafted) can be followed by one that needs two blocks more, which
mtp_step_paddle (one block per slot and call, as FastDeploy's) does not hand
out.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

import numpy as np
import paddle

from examples.speculative.model import MtpHead

if TYPE_CHECKING:
    from examples.speculative.engine import Request
    from examples.speculative.fastdeploy_step import FastDeployEngine


class MtpProposer:
    """The MTP proposer's state (FastDeploy's MTPProposer.model_inputs) and its round."""

    def __init__(self, engine: FastDeployEngine, mtp_steps: int) -> None:
        from examples.speculative.fastdeploy_step import BLOCK_SIZE, PagedCache

        cfg = engine.config
        width = cfg.draft_width
        if mtp_steps not in (1, 2, width) or mtp_steps > width:
            raise ValueError(
                f"mtp_steps must be 1, 2 or draft_width ({width}) and at most draft_width, "
                f"got {mtp_steps} (the module's docstring says why)"
            )
        self.engine, self.mtp_steps = engine, mtp_steps
        self.head = MtpHead(engine.target)
        bsz, length = cfg.batch_size, cfg.max_model_len
        i32, i64 = np.int32, np.int64

        def t(a: np.ndarray) -> paddle.Tensor:
            return paddle.to_tensor(a)

        # FastDeploy's MTP model_inputs, the ones this proposer reads.
        # The prompt from its second token, then the first generated token.
        self.input_ids = t(np.zeros((bsz, length), i64))
        self.input_ids_len = t(np.zeros(bsz, i64))  # prompt length - 1 (hybrid_mtp_ngram's prompt)
        self.draft_tokens = t(np.zeros((bsz, width + 1), i64))  # a decoding slot's fed tokens
        self.seq_lens_this_time = t(np.zeros(bsz, i32))
        self.seq_lens_encoder = t(np.zeros(bsz, i32))
        self.seq_lens_decoder = t(np.zeros(bsz, i32))
        self.step_idx = t(np.zeros(bsz, i64))
        self.stop_flags = t(np.ones(bsz, np.bool_))
        self.batch_drop = t(np.zeros(bsz, np.bool_))
        self.target_hidden_states: paddle.Tensor | None = None
        # speculate_get_logits' buffers (FastDeploy's logprobs path).
        vocab = engine.target.config.vocab
        self.draft_logits = t(np.zeros((bsz * (width + 1) + bsz, vocab), np.float32))
        self.next_token_num = t(np.zeros(bsz, i32))
        self.batch_token_num = t(np.zeros(bsz, i32))
        self.cu_next_token_offset = t(np.zeros(bsz + 1, i32))
        self.cu_batch_token_offset = t(np.zeros(bsz + 1, i32))
        # The draft model's KV blocks: its own cache and pool.
        self.block_size = BLOCK_SIZE
        self.blocks_per_seq = -(-(length + width) // BLOCK_SIZE) + 1
        self.kv_blocks = bsz * self.blocks_per_seq
        self.block_tables = t(np.full((bsz, self.blocks_per_seq), -1, i32))
        self.encoder_block_lens = t(np.zeros(bsz, i32))
        self.used_list_len = t(np.zeros(bsz, i32))
        self.free_list = t(np.arange(self.kv_blocks, dtype=i32)[::-1].copy())
        self.free_list_len = t(np.array([self.kv_blocks], i32))
        self.prompt_blocks: list[np.ndarray | None] = [None] * bsz  # host: freed by the host
        self.cache = PagedCache(t(np.zeros(self.kv_blocks * BLOCK_SIZE, i64)))
        # Counted for the main job's print.
        self.drafted = 0  # MTP drafts written into the target's rows
        self.extended = 0  # n-gram drafts hybrid_mtp_ngram appended to them

    # ------------------------------------------------------------ the scheduler (host)

    def prefill_blocks(self, prompt_len: int) -> int:
        """Blocks a new request's prefill round writes: its prompt, shifted by
        one, and the round's drafts after it."""
        return -(-(prompt_len + self.mtp_steps - 1) // self.block_size)

    def has_room(self, prompt_len: int) -> bool:
        return int(self.free_list_len.item()) >= self.prefill_blocks(prompt_len)

    def insert(self, b: int, request: Request) -> None:
        """FastDeploy's insert_prefill_inputs: the prompt from its second
        token, a prefill of the prompt's length, the prefill round's blocks."""
        n = len(request.prompt)
        row = np.zeros(self.input_ids.shape[1], np.int64)
        row[: n - 1] = request.prompt[1:]
        self.input_ids[b] = paddle.to_tensor(row)
        for name, value in (
            ("input_ids_len", n - 1),
            ("seq_lens_encoder", n),
            ("seq_lens_decoder", 0),
            ("seq_lens_this_time", 0),
            ("step_idx", 0),
            ("stop_flags", False),
            ("batch_drop", False),
        ):
            getattr(self, name)[b] = value
        enc = self.prefill_blocks(n)
        free = self.free_list.numpy()
        top = int(self.free_list_len.item())
        if enc > top:
            raise AssertionError("the draft model's free list cannot hold a new prompt")
        blocks = free[top - enc : top][::-1].copy()
        table = np.full(self.blocks_per_seq, -1, np.int32)
        table[:enc] = blocks
        self.free_list_len[0] = top - enc
        self.block_tables[b] = paddle.to_tensor(table)
        self.encoder_block_lens[b] = enc
        self.used_list_len[b] = 0
        self.prompt_blocks[b] = blocks

    def free_prompt_blocks(self) -> None:
        """Push back the prompt blocks of slots the target stopped or the draft
        dropped (mtp_step_paddle releases only the decoder blocks)."""
        done = (self.engine.stop_flags.numpy() & ~self.engine.is_block_step.numpy()) | (
            self.batch_drop.numpy()
        )
        slots = [b for b, blocks in enumerate(self.prompt_blocks) if blocks is not None and done[b]]
        if not slots:
            return
        free = self.free_list.numpy()
        top = int(self.free_list_len.item())
        for b in slots:
            blocks = self.prompt_blocks[b]
            assert blocks is not None
            free[top : top + len(blocks)] = blocks
            top += len(blocks)
            self.prompt_blocks[b] = None
            self.block_tables[b] = paddle.full([self.blocks_per_seq], -1, "int32")
            self.encoder_block_lens[b] = 0
        self.free_list = paddle.to_tensor(free)
        self.free_list_len[0] = top

    def check_blocks(self) -> None:
        """Every draft block is in exactly one place: the free list, or one
        slot's table (the prompt blocks the host gave it, then the decoder
        blocks mtp_step_paddle gave it)."""
        tables = self.block_tables.numpy()
        used = self.used_list_len.numpy()
        held = [self.free_list.numpy()[: int(self.free_list_len.item())]]
        for b, blocks in enumerate(self.prompt_blocks):
            enc = 0 if blocks is None else len(blocks)
            if blocks is not None and not np.array_equal(tables[b, :enc], blocks):
                raise AssertionError(f"slot {b}: the draft's prompt blocks were overwritten")
            held.append(tables[b, : enc + used[b]])
        blocks = np.sort(np.concatenate(held))
        if not np.array_equal(blocks, np.arange(self.kv_blocks)):
            raise AssertionError(f"draft KV blocks lost or handed out twice: {blocks.tolist()}")

    # ------------------------------------------------------------ one round

    def run(self, full_hidden_states: paddle.Tensor, fed: paddle.Tensor) -> None:
        """One round (FastDeploy's _run_impl): the next target step's drafts
        into its draft_tokens and seq_lens_this_time. `fed` is the target's
        seq_lens_this_time of the step just run."""
        e = self.engine
        self._preprocess()
        hidden, _ = e._fd(
            "eagle_get_hidden_states",
            full_hidden_states,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.stop_flags,
            e.accept_num,
            fed,
            e.seq_lens_encoder,
            self.mtp_steps,
        )
        self.target_hidden_states = hidden
        for substep in range(self.mtp_steps):
            if not bool((self.seq_lens_this_time > 0).any()):
                break
            self._substep(substep)
        # _update_status
        e._fd(
            "draft_model_postprocess",
            e.draft_tokens,
            e.seq_lens_this_time,
            e.seq_lens_encoder,
            e.stop_flags,
        )
        e._fd(
            "mtp_step_paddle",
            e.stop_flags,
            self.stop_flags,
            self.batch_drop,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
            self.block_tables,
            self.encoder_block_lens,
            self.used_list_len,
            self.free_list,
            self.free_list_len,
            self.block_size,
            e.config.draft_width,
        )
        self.free_prompt_blocks()
        self.check_blocks()
        drafted = int(np.maximum(e.seq_lens_this_time.numpy() - 1, 0).sum())
        self.drafted += drafted
        if self.mtp_steps < e.config.draft_width:
            self._extend_with_ngram()
            self.extended += int(np.maximum(e.seq_lens_this_time.numpy() - 1, 0).sum()) - drafted

    def _preprocess(self) -> None:
        """FastDeploy's draft_model_preprocess for an MTP head, on the host
        (the module's docstring)."""
        e = self.engine
        e.step_sequence.append("[draft_model_preprocess]")
        start = time.perf_counter()
        drafts = e.draft_tokens.numpy()
        drafts[:, 1:] = -1
        e.draft_tokens = paddle.to_tensor(drafts)
        stopped, parked = e.stop_flags.numpy(), e.is_block_step.numpy()
        accept_num, accept_tokens = e.accept_num.numpy(), e.accept_tokens.numpy()
        target_decoder, target_step = e.seq_lens_decoder.numpy(), e.step_idx.numpy()
        drop = self.batch_drop.numpy() | (stopped & parked)
        stop = self.stop_flags.numpy() | drop
        this_time = np.zeros_like(self.seq_lens_this_time.numpy())
        encoder, decoder = self.seq_lens_encoder.numpy(), self.seq_lens_decoder.numpy()
        step_idx, input_ids = self.step_idx.numpy(), self.input_ids.numpy()
        fed = self.draft_tokens.numpy()
        for b in range(len(this_time)):
            if stopped[b] or drop[b]:  # feeds nothing (a pending prefill included)
                stop[b], encoder[b] = True, 0
                continue
            stop[b] = False
            if encoder[b] > 0:  # the request's first round: prefill, shifted by one
                input_ids[b, encoder[b] - 1] = accept_tokens[b, 0]
                this_time[b], decoder[b], step_idx[b] = encoder[b], 0, 0
            else:
                a = int(accept_num[b])
                fed[b, :a] = accept_tokens[b, :a]
                this_time[b] = a
                decoder[b] = target_decoder[b] - a
                step_idx[b] = target_step[b]
        for name, value in (
            ("batch_drop", drop),
            ("stop_flags", stop),
            ("seq_lens_this_time", this_time),
            ("seq_lens_encoder", encoder),
            ("seq_lens_decoder", decoder),
            ("step_idx", step_idx),
            ("input_ids", input_ids),
            ("draft_tokens", fed),
        ):
            setattr(self, name, paddle.to_tensor(value))
        e.stats.draft_model_seconds += time.perf_counter() - start

    def _substep(self, substep: int) -> None:
        """One forward of the draft model (FastDeploy's _propose, one substep)."""
        e, cfg = self.engine, self.engine.config
        token_num = int(self.seq_lens_this_time.sum().item())
        ids, batch_id_per_token, cu_seqlens_q, _ = e._own(
            "speculate_get_padding_offset",
            self.input_ids,
            self.draft_tokens,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            cpu_token_num=token_num,
        )
        seq_lens_output = e._fd(
            "speculate_get_seq_lens_output",
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            self.seq_lens_decoder,
        )
        out_token_num = int(seq_lens_output.sum().item())
        _, _, cu_seqlens_q_output, _ = e._own(
            "speculate_get_output_padding_offset",
            seq_lens_output,
            cpu_out_token_num=out_token_num,
            max_seq_len=cfg.max_model_len,
        )
        last_seq_lens_this_time = self.seq_lens_this_time.clone()

        e.step_sequence.append("[draft forward]")
        start = time.perf_counter()
        target = e.target
        context = self.cache.context(
            ids,
            batch_id_per_token,
            cu_seqlens_q,
            self.seq_lens_decoder,
            self.block_tables,
            target.config.window,
            target.pad,
        )
        assert self.target_hidden_states is not None
        if self.target_hidden_states.shape[0] != token_num:
            raise AssertionError("the draft's hidden rows do not match its packed tokens")
        model_output = self.head.forward(ids, self.target_hidden_states, context)
        e.stats.draft_model_seconds += time.perf_counter() - start
        hidden = e._own(
            "rebuild_padding",
            model_output,
            cu_seqlens_q,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
            cu_seqlens_q_output,
            cpu_out_token_num=out_token_num,
        )
        start = time.perf_counter()
        logits = target.compute_logits(hidden)
        e.stats.draft_model_seconds += time.perf_counter() - start
        if substep == 0:
            self._logits_per_slot(logits, cu_seqlens_q_output)

        e.step_sequence.append("[draft sample]")
        start = time.perf_counter()
        sampled = paddle.argmax(logits, axis=1).numpy()
        e.stats.draft_model_seconds += time.perf_counter() - start
        self._update(substep, sampled, cu_seqlens_q_output.numpy())
        if substep < self.mtp_steps - 1:
            self.target_hidden_states, _ = e._fd(
                "eagle_get_self_hidden_states",
                hidden,
                last_seq_lens_this_time,
                self.seq_lens_this_time,
                self.step_idx,
            )

    def _logits_per_slot(self, logits: paddle.Tensor, cu_seqlens_q_output: paddle.Tensor) -> None:
        """speculate_get_logits (FastDeploy runs it in the first substep when
        logprobs are on): the draft's logits laid out per slot. A new
        request's first-token logits are the target's: the row its prefill
        sampled from (here a row of zeros stands for it; the draft's logprobs
        are not returned). Checked against the rows it gathers."""
        e = self.engine
        bsz = self.seq_lens_this_time.shape[0]
        first_token_logits = paddle.zeros([bsz, logits.shape[1]], "float32")
        e._fd(
            "speculate_get_logits",
            self.draft_logits,
            self.next_token_num,
            self.batch_token_num,
            self.cu_next_token_offset,
            self.cu_batch_token_offset,
            logits,
            first_token_logits,
            self.seq_lens_this_time,
            self.seq_lens_encoder,
        )
        # The op's per-slot layout of the rows rebuild_padding gave.
        cu_out = cu_seqlens_q_output.numpy()
        cu_batch = self.cu_batch_token_offset.numpy()
        prefill = self.seq_lens_encoder.numpy() > 0
        for b in np.flatnonzero(self.seq_lens_this_time.numpy() > 0):
            start = cu_batch[b] + (1 if prefill[b] else 0)
            rows = cu_out[b + 1] - cu_out[b]
            if not bool(
                (self.draft_logits[start : start + rows] == logits[cu_out[b] : cu_out[b + 1]]).all()
            ):
                raise AssertionError(f"speculate_get_logits: slot {b}'s rows differ")

    def _update(self, substep: int, sampled: np.ndarray, cu_out: np.ndarray) -> None:
        """FastDeploy's draft_model_update for an MTP head, on the host (the
        module's docstring)."""
        e = self.engine
        e.step_sequence.append("[draft_model_update]")
        start = time.perf_counter()
        this_time = self.seq_lens_this_time.numpy()
        encoder, decoder = self.seq_lens_encoder.numpy(), self.seq_lens_decoder.numpy()
        step_idx, fed = self.step_idx.numpy(), self.draft_tokens.numpy()
        drafts = e.draft_tokens.numpy()
        target_step, max_dec_len = e.step_idx.numpy(), e.max_dec_len.numpy()
        ends = set(e.eos_token_id.numpy().tolist())
        j = substep + 1  # the target's draft column, the guess for token number step_idx + j
        for b in np.flatnonzero(this_time > 0):
            n = int(this_time[b])
            token = int(sampled[cu_out[b + 1] - 1])
            if encoder[b] > 0:
                decoder[b], encoder[b], step_idx[b] = encoder[b] + decoder[b], 0, 1
            else:
                decoder[b] += n
                step_idx[b] += n
            this_time[b] = 0
            if target_step[b] + j >= max_dec_len[b]:
                continue  # verify_draft_tokens ends the request there, whatever the draft
            drafts[b, j] = token
            again = token not in ends and j < self.mtp_steps
            if again and target_step[b] + j + 1 < max_dec_len[b]:
                fed[b, 0] = token
                this_time[b] = 1
        for name, value in (
            ("seq_lens_this_time", this_time),
            ("seq_lens_encoder", encoder),
            ("seq_lens_decoder", decoder),
            ("step_idx", step_idx),
            ("draft_tokens", fed),
        ):
            setattr(self, name, paddle.to_tensor(value))
        e.draft_tokens = paddle.to_tensor(drafts)
        e.stats.draft_model_seconds += time.perf_counter() - start

    def _extend_with_ngram(self) -> None:
        """hybrid_mtp_ngram (FastDeploy's _extend_draft_token_with_ngram_match):
        n-gram drafts after the MTP drafts. Its generated tokens are the
        target's pre_ids with the MTP drafts after them (FastDeploy's MTP keeps
        that row as its own pre_ids), its prompt the MTP's shifted input_ids."""
        e, cfg = self.engine, self.engine.config
        pre_ids = e.pre_ids.numpy().copy()
        step_idx = e.step_idx.numpy().copy()
        drafts = e.draft_tokens.numpy()
        count = np.maximum(e.seq_lens_this_time.numpy() - 1, 0)
        for b in np.flatnonzero(count > 0):
            s, k = int(step_idx[b]), int(count[b])
            pre_ids[b, s + 1 : s + 1 + k] = drafts[b, 1 : 1 + k]
            step_idx[b] = s + k
        e._fd(
            "hybrid_mtp_ngram",
            self.input_ids,
            self.input_ids_len,
            paddle.to_tensor(pre_ids),
            paddle.to_tensor(step_idx),
            e.actual_draft_token_num,
            e.draft_tokens,
            e.seq_lens_this_time,
            self.seq_lens_decoder,
            e.max_dec_len,
            cfg.max_ngram_size,
            1,  # min_ngram_size
            cfg.draft_width,
        )
