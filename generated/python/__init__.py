# Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
"""The ops of opforge, one function per spec in opspec/."""

from __future__ import annotations

import enum

from opforge import _runtime
from opforge.errors import OpError as _OpError

__all__ = [
    "VerifyStrategy",
    "build_sampling_params",
    "draft_model_postprocess",
    "draft_model_preprocess",
    "draft_model_update",
    "eagle_gather_hidden_states",
    "eagle_get_hidden_states",
    "eagle_get_self_hidden_states",
    "hybrid_mtp_ngram",
    "mtp_step_paddle",
    "ngram_match",
    "rebuild_padding",
    "speculate_get_logits",
    "speculate_get_output_padding_offset",
    "speculate_get_padding_offset",
    "speculate_get_seq_lens_output",
    "speculate_get_token_penalty_multi_scores",
    "speculate_limit_thinking_content_length_v1",
    "speculate_limit_thinking_content_length_v2",
    "speculate_pre_process",
    "speculate_schedule_cache",
    "speculate_set_stop_value_multi_seqs",
    "speculate_set_value_by_flags_and_idx",
    "speculate_step_paddle",
    "speculate_step_system_cache",
    "speculate_update",
    "top_p_candidates",
    "unified_update_model_status",
    "verify_draft_tokens",
]

_C = _runtime.extension()
_in_dynamic_mode = _runtime.in_dynamic_mode


_build_sampling_params_arguments = _runtime.Arguments(
    "build_sampling_params",
    (
        ("top_p", False),
        ("top_k", False),
        ("infer_seed", False),
        ("seq_lens_this_time", False),
        ("cu_seqlens_q_output", False),
    ),
    (("token_num_output_cpu", "int64", None), ("increment_value", "int64", None)),
)


def build_sampling_params(
    top_p,
    top_k,
    infer_seed,
    seq_lens_this_time,
    cu_seqlens_q_output,
    *,
    token_num_output_cpu,
    increment_value,
):
    """For each packed output row r of slot b (cu_seqlens_q_output[b] <= r < cu_seqlens_q_output[b
    + 1], k = r - cu_seqlens_q_output[b]): the slot's top_p and top_k, and the seed
    (infer_seed[b] + 4 k) mod MAX_INFER_SEED; rows no slot owns are zeros. Then each
    taking-part slot's infer_seed advances by increment_value, mod MAX_INFER_SEED (2^63 -
    2).

    Generated from opspec/build_sampling_params.yaml; dims: max_bsz, real_bsz, out_token_num.

    Args:
        top_p: float32 [max_bsz]. each slot's top-p.
        top_k: int64 [max_bsz]. each slot's top-k.
        infer_seed: int64 [max_bsz], in-place. each slot's seed; the first real_bsz advance by increment_value (mod 2^63 - 2).
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot; only its length (real_bsz) is read, as in FastDeploy.
        cu_seqlens_q_output: int32 [real_bsz + 1]. packed output offsets: slot b's rows are cu_seqlens_q_output[b] .. [b+1]-1.
        token_num_output_cpu: int, default required. the step's packed output row count, known on the host
            (cu_seqlens_q_output[real_bsz]); it sizes the three outputs.
        increment_value: int, default required. how far each taking-part slot's seed advances (mod 2^63 - 2).

    Returns:
        (infer_seed, top_p_padding, top_k_padding, topp_seed): infer_seed passed in and updated in place, then the new outputs.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(token_num_output_cpu) is not int or type(increment_value) is not int:
        token_num_output_cpu, increment_value = _build_sampling_params_arguments.attributes(
            token_num_output_cpu, increment_value
        )
    if _in_dynamic_mode():
        try:
            return infer_seed, *_C.build_sampling_params(
                top_p,
                top_k,
                infer_seed,
                seq_lens_this_time,
                cu_seqlens_q_output,
                token_num_output_cpu,
                increment_value,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _build_sampling_params_arguments.refused(
                _error,
                (top_p, top_k, infer_seed, seq_lens_this_time, cu_seqlens_q_output),
                (token_num_output_cpu, increment_value),
            ) from None
    return _runtime.run_static(
        "opforge_build_sampling_params",
        (top_p, top_k, infer_seed, seq_lens_this_time, cu_seqlens_q_output),
        _build_sampling_params_arguments.attributes(token_num_output_cpu, increment_value),
    )


_draft_model_postprocess_arguments = _runtime.Arguments(
    "draft_model_postprocess",
    (
        ("base_model_draft_tokens", False),
        ("base_model_seq_lens_this_time", False),
        ("base_model_seq_lens_encoder", False),
        ("base_model_stop_flags", False),
    ),
    (),
)


def draft_model_postprocess(
    base_model_draft_tokens,
    base_model_seq_lens_this_time,
    base_model_seq_lens_encoder,
    base_model_stop_flags,
):
    """Set the target model's tokens per slot for its next step from its draft-token row: a slot
    that is running and decoding (not stopped, no prompt left to prefill) feeds as many
    tokens as its row holds entries other than -1; a stopped slot feeds none; a slot still
    in prefill keeps its count.

    Generated from opspec/draft_model_postprocess.yaml; dims: max_bsz, real_bsz, draft_token_len.

    Args:
        base_model_draft_tokens: int64 [max_bsz, draft_token_len]. the target model's token row per slot: the input token, then the drafts; -1 marks an
            empty entry.
        base_model_seq_lens_this_time: int32 [real_bsz], in-place. the target model's tokens per slot for its next step: the row's entries other than
            -1 (decoding), 0 (stopped), unchanged (prefill).
        base_model_seq_lens_encoder: int32 [max_bsz]. the target model's prompt tokens still to prefill; non-zero: the slot is not
            decoding.
        base_model_stop_flags: bool [max_bsz]. slot finished (its count becomes 0).

    Returns:
        base_model_seq_lens_this_time (the tensor passed in, updated in place).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.draft_model_postprocess(
                base_model_draft_tokens,
                base_model_seq_lens_this_time,
                base_model_seq_lens_encoder,
                base_model_stop_flags,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _draft_model_postprocess_arguments.refused(
                _error,
                (
                    base_model_draft_tokens,
                    base_model_seq_lens_this_time,
                    base_model_seq_lens_encoder,
                    base_model_stop_flags,
                ),
                (),
            ) from None
        return base_model_seq_lens_this_time
    return _runtime.run_static(
        "opforge_draft_model_postprocess",
        (
            base_model_draft_tokens,
            base_model_seq_lens_this_time,
            base_model_seq_lens_encoder,
            base_model_stop_flags,
        ),
        (),
    )


_draft_model_preprocess_arguments = _runtime.Arguments(
    "draft_model_preprocess",
    (
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
        ("stop_flags", False),
        ("step_idx", False),
        ("max_dec_len", False),
        ("prompt_lens", False),
        ("token_ids_all", False),
        ("step_input_ids", False),
        ("draft_input_ids", False),
        ("draft_seq_lens_this_time", False),
        ("draft_seq_lens_encoder", False),
        ("draft_seq_lens_decoder", False),
        ("has_draft_seqs", False),
    ),
    (),
)


def draft_model_preprocess(
    seq_lens_this_time,
    seq_lens_encoder,
    stop_flags,
    step_idx,
    max_dec_len,
    prompt_lens,
    token_ids_all,
    step_input_ids,
    draft_input_ids,
    draft_seq_lens_this_time,
    draft_seq_lens_encoder,
    draft_seq_lens_decoder,
    has_draft_seqs,
):
    """Prepare the draft model's first forward of a round: for each slot that keeps decoding, reset
    its target row to the next input token alone and give the draft model the history tokens
    its cache does not hold yet (from the last valid cache position, or the whole history as
    a prefill); report whether any slot is fed to the draft model.

    Generated from opspec/draft_model_preprocess.yaml; dims: max_bsz, max_step_tokens, real_bsz, max_model_len.

    Args:
        seq_lens_this_time: int32 [real_bsz], in-place. the target's tokens per slot; becomes 1 in a slot that keeps decoding (its next
            input token).
        seq_lens_encoder: int32 [max_bsz]. the target's prompt tokens still to prefill; non-zero: the slot is not decoding yet.
        stop_flags: bool [max_bsz]. slot finished.
        step_idx: int64 [max_bsz]. tokens generated so far.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        prompt_lens: int64 [max_bsz]. prompt length per slot.
        token_ids_all: int64 [max_bsz, max_model_len]. per-slot history, the prompt then the generated tokens.
        step_input_ids: int64 [max_bsz, max_step_tokens], in-place. the target's input rows: columns 1 .. of a slot that keeps decoding become -1 (no
            draft yet).
        draft_input_ids: int64 [max_bsz, max_step_tokens], in-place. the draft model's input rows: a decoding slot's columns 0 ..
            draft_seq_lens_this_time-1.
        draft_seq_lens_this_time: int32 [real_bsz], in-place. tokens fed to the draft model in its next forward per slot; 0 for a slot it skips.
        draft_seq_lens_encoder: int32 [max_bsz], in-place. non-zero: the draft model prefills the slot's history token_ids_all[b, 0 .. this).
        draft_seq_lens_decoder: int32 [max_bsz], in-place. tokens of the slot's history valid in the draft model's cache.
        has_draft_seqs: bool [1], in-place, host memory. set iff some slot is fed to the draft model in its next forward (host memory).

    Returns:
        (seq_lens_this_time, step_input_ids, draft_input_ids, draft_seq_lens_this_time, draft_seq_lens_encoder, draft_seq_lens_decoder, has_draft_seqs): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.draft_model_preprocess(
                seq_lens_this_time,
                seq_lens_encoder,
                stop_flags,
                step_idx,
                max_dec_len,
                prompt_lens,
                token_ids_all,
                step_input_ids,
                draft_input_ids,
                draft_seq_lens_this_time,
                draft_seq_lens_encoder,
                draft_seq_lens_decoder,
                has_draft_seqs,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _draft_model_preprocess_arguments.refused(
                _error,
                (
                    seq_lens_this_time,
                    seq_lens_encoder,
                    stop_flags,
                    step_idx,
                    max_dec_len,
                    prompt_lens,
                    token_ids_all,
                    step_input_ids,
                    draft_input_ids,
                    draft_seq_lens_this_time,
                    draft_seq_lens_encoder,
                    draft_seq_lens_decoder,
                    has_draft_seqs,
                ),
                (),
            ) from None
        return (
            seq_lens_this_time,
            step_input_ids,
            draft_input_ids,
            draft_seq_lens_this_time,
            draft_seq_lens_encoder,
            draft_seq_lens_decoder,
            has_draft_seqs,
        )
    return _runtime.run_static(
        "opforge_draft_model_preprocess",
        (
            seq_lens_this_time,
            seq_lens_encoder,
            stop_flags,
            step_idx,
            max_dec_len,
            prompt_lens,
            token_ids_all,
            step_input_ids,
            draft_input_ids,
            draft_seq_lens_this_time,
            draft_seq_lens_encoder,
            draft_seq_lens_decoder,
            has_draft_seqs,
        ),
        (),
    )


_draft_model_update_arguments = _runtime.Arguments(
    "draft_model_update",
    (
        ("draft_next_tokens", False),
        ("cu_seqlens_q", False),
        ("draft_seq_lens_this_time", False),
        ("draft_seq_lens_encoder", False),
        ("draft_seq_lens_decoder", False),
        ("draft_input_ids", False),
        ("step_input_ids", False),
        ("seq_lens_this_time", False),
        ("step_idx", False),
        ("max_dec_len", False),
        ("end_tokens", False),
        ("has_draft_seqs", False),
    ),
    (("prefill_one_step_stop", "bool", None),),
)


def draft_model_update(
    draft_next_tokens,
    cu_seqlens_q,
    draft_seq_lens_this_time,
    draft_seq_lens_encoder,
    draft_seq_lens_decoder,
    draft_input_ids,
    step_input_ids,
    seq_lens_this_time,
    step_idx,
    max_dec_len,
    end_tokens,
    has_draft_seqs,
    *,
    prefill_one_step_stop=False,
):
    """After a draft-model forward: take each fed slot's token from its last packed row, append it
    to the slot's drafts (step_input_ids[b, 1..] and seq_lens_this_time), count the fed
    tokens into the draft model's cache, and feed the token back unless it is an end token
    or no further draft fits the row or the slot's length limit; report whether any slot is
    fed again.

    Generated from opspec/draft_model_update.yaml; dims: max_bsz, max_step_tokens, real_bsz, token_num, end_length.

    Args:
        draft_next_tokens: int64 [token_num]. the draft model's sampled token after each packed row.
        cu_seqlens_q: int32 [real_bsz + 1]. packed row offsets of the draft-model forward, [0] == 0; slot b's rows are cu[b] ..
            cu[b+1]-1.
        draft_seq_lens_this_time: int32 [real_bsz], in-place. tokens fed in the forward just run per slot; becomes 1 (fed again) or 0.
        draft_seq_lens_encoder: int32 [max_bsz], in-place. non-zero: the forward just run prefilled the slot; 0 afterwards.
        draft_seq_lens_decoder: int32 [max_bsz], in-place. tokens of the slot's history valid in the draft model's cache; grows by the tokens
            fed.
        draft_input_ids: int64 [max_bsz, max_step_tokens], in-place. the draft model's input rows: column 0 becomes the appended token of a slot fed
            again.
        step_input_ids: int64 [max_bsz, max_step_tokens], in-place. the target's input rows: the appended token goes to column seq_lens_this_time[b].
        seq_lens_this_time: int32 [real_bsz], in-place. the target's tokens per slot (1 + drafts); grows by one per appended draft.
        step_idx: int64 [max_bsz]. tokens generated so far.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        end_tokens: int64 [end_length]. end-of-sequence ids.
        has_draft_seqs: bool [1], in-place, host memory. set iff some slot is fed to the draft model again (host memory).
        prefill_one_step_stop: bool, default False. one draft per round: no slot is fed again (FastDeploy's PREFILL_NODE_ONE_STEP_STOP).

    Returns:
        (draft_seq_lens_this_time, draft_seq_lens_encoder, draft_seq_lens_decoder, draft_input_ids, step_input_ids, seq_lens_this_time, has_draft_seqs): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(prefill_one_step_stop) is not bool:
        (prefill_one_step_stop,) = _draft_model_update_arguments.attributes(prefill_one_step_stop)
    if _in_dynamic_mode():
        try:
            _C.draft_model_update(
                draft_next_tokens,
                cu_seqlens_q,
                draft_seq_lens_this_time,
                draft_seq_lens_encoder,
                draft_seq_lens_decoder,
                draft_input_ids,
                step_input_ids,
                seq_lens_this_time,
                step_idx,
                max_dec_len,
                end_tokens,
                has_draft_seqs,
                prefill_one_step_stop,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _draft_model_update_arguments.refused(
                _error,
                (
                    draft_next_tokens,
                    cu_seqlens_q,
                    draft_seq_lens_this_time,
                    draft_seq_lens_encoder,
                    draft_seq_lens_decoder,
                    draft_input_ids,
                    step_input_ids,
                    seq_lens_this_time,
                    step_idx,
                    max_dec_len,
                    end_tokens,
                    has_draft_seqs,
                ),
                (prefill_one_step_stop,),
            ) from None
        return (
            draft_seq_lens_this_time,
            draft_seq_lens_encoder,
            draft_seq_lens_decoder,
            draft_input_ids,
            step_input_ids,
            seq_lens_this_time,
            has_draft_seqs,
        )
    return _runtime.run_static(
        "opforge_draft_model_update",
        (
            draft_next_tokens,
            cu_seqlens_q,
            draft_seq_lens_this_time,
            draft_seq_lens_encoder,
            draft_seq_lens_decoder,
            draft_input_ids,
            step_input_ids,
            seq_lens_this_time,
            step_idx,
            max_dec_len,
            end_tokens,
            has_draft_seqs,
        ),
        _draft_model_update_arguments.attributes(prefill_one_step_stop),
    )


_eagle_gather_hidden_states_arguments = _runtime.Arguments(
    "eagle_gather_hidden_states", (("hidden_states", False), ("seq_lens_this_time", False)), ()
)


def eagle_gather_hidden_states(hidden_states, seq_lens_this_time):
    """Gather the last packed hidden row of every slot fed this step (seq_lens_this_time > 0), in
    slot order, into the first rows of out; the rows after them are zeros, and
    output_token_num says how many were gathered.

    Generated from opspec/eagle_gather_hidden_states.yaml; dims: real_bsz, input_token_num, dim_embed.

    Args:
        hidden_states: T [input_token_num, dim_embed]. the forward's hidden rows over the step's packed tokens, slot after slot
            (FastDeploy's `input`).
        seq_lens_this_time: int32 [real_bsz]. tokens fed per slot this step (its packed rows in hidden_states); > 0: the slot's
            last row is gathered.

    Returns:
        (out, output_token_num).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            return tuple(_C.eagle_gather_hidden_states(hidden_states, seq_lens_this_time))
        except _OpError:
            raise
        except TypeError as _error:
            raise _eagle_gather_hidden_states_arguments.refused(
                _error, (hidden_states, seq_lens_this_time), ()
            ) from None
    return _runtime.run_static(
        "opforge_eagle_gather_hidden_states", (hidden_states, seq_lens_this_time), ()
    )


_eagle_get_hidden_states_arguments = _runtime.Arguments(
    "eagle_get_hidden_states",
    (
        ("hidden_states", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
        ("accept_nums", False),
        ("base_model_seq_lens_this_time", False),
    ),
    (),
)


def eagle_get_hidden_states(
    hidden_states, seq_lens_this_time, seq_lens_encoder, accept_nums, base_model_seq_lens_this_time
):
    """Gather the target model's hidden rows that the draft model continues from, slot after slot:
    every row of a slot the draft model prefills (seq_lens_encoder > 0), the first
    accept_nums rows of a decoding slot, none of a slot the draft model does not run; out
    holds them packed, and output_token_num their number.

    Generated from opspec/eagle_get_hidden_states.yaml; dims: max_bsz, real_bsz, input_token_num, dim_embed.

    Args:
        hidden_states: T [input_token_num, dim_embed]. the target model's hidden rows over the step's packed tokens, slot after slot
            (FastDeploy's `input`).
        seq_lens_this_time: int32 [real_bsz]. the draft model's tokens per slot this round; 0: the draft model does not run the
            slot.
        seq_lens_encoder: int32 [max_bsz]. the draft model's prompt tokens to prefill; > 0: the slot's first seq_lens_encoder
            packed rows are all taken.
        accept_nums: int32 [max_bsz]. tokens the target accepted per slot (1 + accepted drafts): a decoding slot's rows
            taken.
        base_model_seq_lens_this_time: int32 [real_bsz]. the target model's tokens per slot in the forward (its packed rows in hidden_states).

    Returns:
        (out, output_token_num). out holds the first output_token_num[0] rows (of at most input_token_num): those the kernel wrote.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            return tuple(
                _C.eagle_get_hidden_states(
                    hidden_states,
                    seq_lens_this_time,
                    seq_lens_encoder,
                    accept_nums,
                    base_model_seq_lens_this_time,
                )
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _eagle_get_hidden_states_arguments.refused(
                _error,
                (
                    hidden_states,
                    seq_lens_this_time,
                    seq_lens_encoder,
                    accept_nums,
                    base_model_seq_lens_this_time,
                ),
                (),
            ) from None
    return _runtime.run_static(
        "opforge_eagle_get_hidden_states",
        (
            hidden_states,
            seq_lens_this_time,
            seq_lens_encoder,
            accept_nums,
            base_model_seq_lens_this_time,
        ),
        (),
    )


_eagle_get_self_hidden_states_arguments = _runtime.Arguments(
    "eagle_get_self_hidden_states",
    (
        ("hidden_states", False),
        ("last_seq_lens_this_time", False),
        ("seq_lens_this_time", False),
        ("step_idx", False),
    ),
    (),
)


def eagle_get_self_hidden_states(
    hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx
):
    """After a draft-model forward, gather one hidden row per slot the draft model runs again: the
    first row of a slot at its first step (step_idx == 1), else the last of the rows the
    slot was fed; out holds them packed, and output_token_num their number.

    Generated from opspec/eagle_get_self_hidden_states.yaml; dims: max_bsz, real_bsz, input_token_num, dim_embed.

    Args:
        hidden_states: T [input_token_num, dim_embed]. the draft model's hidden rows of its last forward, slot after slot (FastDeploy's
            `input`).
        last_seq_lens_this_time: int32 [real_bsz]. the draft model's tokens per slot in its last forward: the slot's packed rows (one
            for a slot at its first step).
        seq_lens_this_time: int32 [real_bsz]. the draft model's tokens per slot in its next forward; > 0: the slot takes a row.
        step_idx: int64 [max_bsz]. the draft model's steps per slot; 1: the last forward was the slot's first (its
            prefill's one row).

    Returns:
        (out, output_token_num). out holds the first output_token_num[0] rows (of at most input_token_num): those the kernel wrote.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            return tuple(
                _C.eagle_get_self_hidden_states(
                    hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx
                )
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _eagle_get_self_hidden_states_arguments.refused(
                _error, (hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx), ()
            ) from None
    return _runtime.run_static(
        "opforge_eagle_get_self_hidden_states",
        (hidden_states, last_seq_lens_this_time, seq_lens_this_time, step_idx),
        (),
    )


_hybrid_mtp_ngram_arguments = _runtime.Arguments(
    "hybrid_mtp_ngram",
    (
        ("input_ids", False),
        ("input_ids_len", False),
        ("pre_ids", False),
        ("step_idx", False),
        ("draft_tokens", False),
        ("seq_lens_this_time", False),
        ("seq_lens_decoder", False),
        ("max_dec_len", False),
    ),
    (
        ("max_ngram_size", "int32", None),
        ("min_ngram_size", "int32", None),
        ("max_draft_tokens", "int32", None),
        ("spec_tokenum_threshold", "int32", None),
    ),
    (_runtime.EnvAttribute("spec_tokenum_threshold", "SPEC_TOKENUM_THRESHOLD", 1024, 0, None),),
)


def hybrid_mtp_ngram(
    input_ids,
    input_ids_len,
    pre_ids,
    step_idx,
    draft_tokens,
    seq_lens_this_time,
    seq_lens_decoder,
    max_dec_len,
    *,
    max_ngram_size=3,
    min_ngram_size=1,
    max_draft_tokens=10,
    spec_tokenum_threshold=None,
):
    """For each slot that already feeds tokens (seq_lens_this_time[b] > 0: the input token and the
    draft model's drafts), find the last n generated tokens (n from max_ngram_size down to
    min_ngram_size) earlier in the slot's prompt, else earlier in its generated tokens, and
    append the tokens that followed the earliest occurrence to its drafts, within
    max_draft_tokens, the slot's length limit and the batch's token budget: draft_tokens[b,
    ori ..] and seq_lens_this_time[b] grow by their number.

    Generated from opspec/hybrid_mtp_ngram.yaml; dims: max_bsz, real_bsz, max_input_len, max_pre_len, max_step_tokens.

    Args:
        input_ids: int64 [max_bsz, max_input_len]. per-slot prompt tokens, the first input_ids_len[b] of the row.
        input_ids_len: int64 [max_bsz]. prompt length per slot.
        pre_ids: int64 [max_bsz, max_pre_len]. per-slot generated tokens: token s (1-based) at column s, the last at column
            step_idx[b]; column 0 is no generated token.
        step_idx: int64 [max_bsz]. tokens generated so far (the column of the last one in pre_ids).
        draft_tokens: int64 [max_bsz, max_step_tokens], in-place. per-slot token rows: columns seq_lens_this_time[b] .. of a slot that gets n-gram
            drafts become them; the columns before are not touched.
        seq_lens_this_time: int32 [real_bsz], in-place. tokens fed this step per slot (the input token and the draft model's drafts); grows
            by the n-gram drafts appended.
        seq_lens_decoder: int32 [max_bsz]. tokens in the draft model's KV cache; the slots with > 0 are counted as needing a
            token in the budget.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        max_ngram_size: int, default 3. longest n-gram searched (the XPU3 kernel keeps it in local memory).
        min_ngram_size: int, default 1. shortest n-gram searched (none when above max_ngram_size).
        max_draft_tokens: int, default 10. most drafts per slot, the draft model's and the n-gram's together
            (seq_lens_this_time[b] - 1 of them are the draft model's).
        spec_tokenum_threshold: int, default $SPEC_TOKENUM_THRESHOLD when set, else 1024; read at each call without spec_tokenum_threshold (or with None). token budget of the step over all slots.

    Returns:
        (draft_tokens, seq_lens_this_time): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if spec_tokenum_threshold is None:
        spec_tokenum_threshold = _hybrid_mtp_ngram_arguments.from_environment(
            "spec_tokenum_threshold"
        )
    if (
        type(max_ngram_size) is not int
        or type(min_ngram_size) is not int
        or type(max_draft_tokens) is not int
        or type(spec_tokenum_threshold) is not int
    ):
        max_ngram_size, min_ngram_size, max_draft_tokens, spec_tokenum_threshold = (
            _hybrid_mtp_ngram_arguments.attributes(
                max_ngram_size, min_ngram_size, max_draft_tokens, spec_tokenum_threshold
            )
        )
    if _in_dynamic_mode():
        try:
            _C.hybrid_mtp_ngram(
                input_ids,
                input_ids_len,
                pre_ids,
                step_idx,
                draft_tokens,
                seq_lens_this_time,
                seq_lens_decoder,
                max_dec_len,
                max_ngram_size,
                min_ngram_size,
                max_draft_tokens,
                spec_tokenum_threshold,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _hybrid_mtp_ngram_arguments.refused(
                _error,
                (
                    input_ids,
                    input_ids_len,
                    pre_ids,
                    step_idx,
                    draft_tokens,
                    seq_lens_this_time,
                    seq_lens_decoder,
                    max_dec_len,
                ),
                (max_ngram_size, min_ngram_size, max_draft_tokens, spec_tokenum_threshold),
            ) from None
        return draft_tokens, seq_lens_this_time
    return _runtime.run_static(
        "opforge_hybrid_mtp_ngram",
        (
            input_ids,
            input_ids_len,
            pre_ids,
            step_idx,
            draft_tokens,
            seq_lens_this_time,
            seq_lens_decoder,
            max_dec_len,
        ),
        _hybrid_mtp_ngram_arguments.attributes(
            max_ngram_size, min_ngram_size, max_draft_tokens, spec_tokenum_threshold
        ),
    )


_mtp_step_paddle_arguments = _runtime.Arguments(
    "mtp_step_paddle",
    (
        ("base_model_stop_flags", False),
        ("stop_flags", False),
        ("batch_drop", False),
        ("seq_lens_this_time", False),
        ("seq_lens_decoder", False),
        ("block_tables", False),
        ("encoder_block_lens", False),
        ("used_list_len", False),
        ("free_list", False),
        ("free_list_len", False),
    ),
    (("block_size", "int32", None), ("max_draft_tokens", "int32", None)),
)


def mtp_step_paddle(
    base_model_stop_flags,
    stop_flags,
    batch_drop,
    seq_lens_this_time,
    seq_lens_decoder,
    block_tables,
    encoder_block_lens,
    used_list_len,
    free_list,
    free_list_len,
    *,
    block_size,
    max_draft_tokens,
):
    """Draft-model block bookkeeping after a speculative step: release the decoder blocks of slots
    the target model stopped (or the draft dropped) to the free list, hand one free block to
    each running slot whose next max_draft_tokens + 1 tokens reach an unallocated block, and
    drop (stop and mark batch_drop) the running slots holding the most decoder blocks while
    the free list is short.

    Generated from opspec/mtp_step_paddle.yaml; dims: bsz, block_num_per_seq, free_list_size.

    Args:
        base_model_stop_flags: bool [bsz]. the target model's stop flags: a stopped slot's draft blocks are released.
        stop_flags: bool [bsz], in-place. the draft model's stop flags; set for a dropped slot.
        batch_drop: bool [bsz], in-place. slot dropped by the draft model (its blocks released); set for a slot dropped by
            this call.
        seq_lens_this_time: int32 [bsz], in-place. draft tokens fed this step; 0 for a dropped slot.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's draft KV cache; 0 for a dropped slot.
        block_tables: int32 [bsz, block_num_per_seq], in-place. per-slot block ids (-1: none): encoder blocks at [0, enc), decoder blocks at [enc,
            enc + used).
        encoder_block_lens: int32 [bsz], in-place. enc: encoder (prompt) blocks at the start of the row; 0 once a stopped or dropped
            slot is released.
        used_list_len: int32 [bsz], in-place. used: decoder blocks the slot holds; 0 once released or dropped.
        free_list: int32 [free_list_size], in-place. free block ids, a stack: free_list[0 .. free_list_len) are free, the top last.
        free_list_len: int32 [1], in-place. entries of free_list that are free.
        block_size: int, default required. tokens per KV-cache block.
        max_draft_tokens: int, default required. draft tokens per step: a slot needs the block holding token seq_lens_decoder +
            max_draft_tokens + 1.

    Returns:
        (stop_flags, batch_drop, seq_lens_this_time, seq_lens_decoder, block_tables, encoder_block_lens, used_list_len, free_list, free_list_len): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(block_size) is not int or type(max_draft_tokens) is not int:
        block_size, max_draft_tokens = _mtp_step_paddle_arguments.attributes(
            block_size, max_draft_tokens
        )
    if _in_dynamic_mode():
        try:
            _C.mtp_step_paddle(
                base_model_stop_flags,
                stop_flags,
                batch_drop,
                seq_lens_this_time,
                seq_lens_decoder,
                block_tables,
                encoder_block_lens,
                used_list_len,
                free_list,
                free_list_len,
                block_size,
                max_draft_tokens,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _mtp_step_paddle_arguments.refused(
                _error,
                (
                    base_model_stop_flags,
                    stop_flags,
                    batch_drop,
                    seq_lens_this_time,
                    seq_lens_decoder,
                    block_tables,
                    encoder_block_lens,
                    used_list_len,
                    free_list,
                    free_list_len,
                ),
                (block_size, max_draft_tokens),
            ) from None
        return (
            stop_flags,
            batch_drop,
            seq_lens_this_time,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            used_list_len,
            free_list,
            free_list_len,
        )
    return _runtime.run_static(
        "opforge_mtp_step_paddle",
        (
            base_model_stop_flags,
            stop_flags,
            batch_drop,
            seq_lens_this_time,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            used_list_len,
            free_list,
            free_list_len,
        ),
        _mtp_step_paddle_arguments.attributes(block_size, max_draft_tokens),
    )


_ngram_match_arguments = _runtime.Arguments(
    "ngram_match",
    (
        ("token_ids_all", False),
        ("prompt_lens", False),
        ("step_idx", False),
        ("draft_token_num", True),
        ("step_input_ids", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("max_dec_len", False),
    ),
    (
        ("max_ngram_size", "int32", None),
        ("max_draft_tokens", "int32", None),
        ("infer_with_reference_tokenum_threshold", "int32", None),
    ),
)


def ngram_match(
    token_ids_all,
    prompt_lens,
    step_idx,
    step_input_ids,
    seq_lens_this_time,
    seq_lens_encoder,
    seq_lens_decoder,
    max_dec_len,
    *,
    draft_token_num=None,
    max_ngram_size=3,
    max_draft_tokens=10,
    infer_with_reference_tokenum_threshold=128,
):
    """For each decoding slot, find the earliest earlier occurrence of the last n tokens of its
    history (n from max_ngram_size down to 1) and propose the tokens that followed it as
    drafts, within the slot's draft limit and the batch's token budget; write them to
    step_input_ids[b, 1..] and set seq_lens_this_time[b] to 1 + the number of drafts (0 for
    an idle slot; a prefill slot keeps its length).

    Generated from opspec/ngram_match.yaml; dims: max_bsz, real_bsz, max_step_tokens, max_model_len.

    Args:
        token_ids_all: int64 [max_bsz, max_model_len]. per-slot history, the prompt then the generated tokens.
        prompt_lens: int64 [max_bsz]. prompt length per slot.
        step_idx: int64 [max_bsz]. tokens generated so far (the history is prompt_lens + step_idx long).
        step_input_ids: int64 [max_bsz, max_step_tokens], in-place. columns 1 .. n of a decoding slot become its n drafts; column 0 is not touched.
        seq_lens_this_time: int32 [real_bsz], in-place. tokens fed this step per slot: set to 1 + drafts (decode) or 0 (idle); a prefill
            slot's is kept.
        seq_lens_encoder: int32 [max_bsz]. prompt tokens still to prefill; > 0: the slot is in prefill.
        seq_lens_decoder: int32 [max_bsz]. tokens in the KV cache; > 0 (and no prefill): the slot decodes, 0: idle.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        draft_token_num: int32 [max_bsz], or None. per-slot draft limit (absent, max_draft_tokens for every slot).
        max_ngram_size: int, default 3. longest n-gram searched (the XPU3 kernel keeps it in local memory).
        max_draft_tokens: int, default 10. most drafts per slot (also limited by draft_token_num, the row width and
            max_dec_len).
        infer_with_reference_tokenum_threshold: int, default 128. token budget of the step over all slots (FastDeploy's environment variable of that
            name).

    Returns:
        (step_input_ids, seq_lens_this_time): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if (
        type(max_ngram_size) is not int
        or type(max_draft_tokens) is not int
        or type(infer_with_reference_tokenum_threshold) is not int
    ):
        max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold = (
            _ngram_match_arguments.attributes(
                max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold
            )
        )
    if _in_dynamic_mode():
        try:
            _C.ngram_match(
                token_ids_all,
                prompt_lens,
                step_idx,
                draft_token_num,
                step_input_ids,
                seq_lens_this_time,
                seq_lens_encoder,
                seq_lens_decoder,
                max_dec_len,
                max_ngram_size,
                max_draft_tokens,
                infer_with_reference_tokenum_threshold,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _ngram_match_arguments.refused(
                _error,
                (
                    token_ids_all,
                    prompt_lens,
                    step_idx,
                    draft_token_num,
                    step_input_ids,
                    seq_lens_this_time,
                    seq_lens_encoder,
                    seq_lens_decoder,
                    max_dec_len,
                ),
                (max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold),
            ) from None
        return step_input_ids, seq_lens_this_time
    return _runtime.run_static(
        "opforge_ngram_match",
        (
            token_ids_all,
            prompt_lens,
            step_idx,
            draft_token_num,
            step_input_ids,
            seq_lens_this_time,
            seq_lens_encoder,
            seq_lens_decoder,
            max_dec_len,
        ),
        _ngram_match_arguments.attributes(
            max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold
        ),
    )


_rebuild_padding_arguments = _runtime.Arguments(
    "rebuild_padding",
    (
        ("hidden", False),
        ("cu_seqlens_q", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
        ("cu_seqlens_q_output", False),
    ),
    (("cpu_out_token_num", "int64", None),),
)


def rebuild_padding(
    hidden,
    cu_seqlens_q,
    seq_lens_this_time,
    seq_lens_encoder,
    cu_seqlens_q_output,
    *,
    cpu_out_token_num,
):
    """Gather the target model's output rows whose next token is wanted into the packed output
    layout: output row cu_seqlens_q_output[b] + k of slot b is the hidden row of a prefill
    slot's last prompt position (k = 0), or of a decode slot's k-th fed token (its input
    token, then each draft); rows that name no fed position are zeros.

    Generated from opspec/rebuild_padding.yaml; dims: max_bsz, real_bsz, token_num, hidden_size, out_token_num.

    Args:
        hidden: T [token_num, hidden_size]. the target model's output over the step's packed tokens, one row per packed token.
        cu_seqlens_q: int32 [real_bsz + 1]. packed input offsets: slot b's fed tokens are rows cu_seqlens_q[b] .. [b+1]-1 of
            hidden.
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot (the prompt or chunk, 1 + drafts, 0 if idle).
        seq_lens_encoder: int32 [max_bsz]. non-zero: the slot is in prefill this step.
        cu_seqlens_q_output: int32 [real_bsz + 1]. packed output offsets: slot b's output rows are cu_seqlens_q_output[b] .. [b+1]-1.
        cpu_out_token_num: int, default required. the step's packed output row count, known on the host (the sum of seq_lens_output,
            cu_seqlens_q_output[real_bsz]); it sizes out.

    Returns:
        out.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(cpu_out_token_num) is not int:
        (cpu_out_token_num,) = _rebuild_padding_arguments.attributes(cpu_out_token_num)
    if _in_dynamic_mode():
        try:
            return _C.rebuild_padding(
                hidden,
                cu_seqlens_q,
                seq_lens_this_time,
                seq_lens_encoder,
                cu_seqlens_q_output,
                cpu_out_token_num,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _rebuild_padding_arguments.refused(
                _error,
                (hidden, cu_seqlens_q, seq_lens_this_time, seq_lens_encoder, cu_seqlens_q_output),
                (cpu_out_token_num,),
            ) from None
    return _runtime.run_static(
        "opforge_rebuild_padding",
        (hidden, cu_seqlens_q, seq_lens_this_time, seq_lens_encoder, cu_seqlens_q_output),
        _rebuild_padding_arguments.attributes(cpu_out_token_num),
    )


_speculate_get_logits_arguments = _runtime.Arguments(
    "speculate_get_logits",
    (
        ("draft_logits", False),
        ("next_token_num", False),
        ("batch_token_num", False),
        ("cu_next_token_offset", False),
        ("cu_batch_token_offset", False),
        ("logits", False),
        ("first_token_logits", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
    ),
    (),
)


def speculate_get_logits(
    draft_logits,
    next_token_num,
    batch_token_num,
    cu_next_token_offset,
    cu_batch_token_offset,
    logits,
    first_token_logits,
    seq_lens_this_time,
    seq_lens_encoder,
):
    """Per slot b: next_token_num[b] = 1 and batch_token_num[b] = 2 for a prefill slot
    (seq_lens_encoder[b] > 0), else both seq_lens_this_time[b]; cu_next_token_offset and
    cu_batch_token_offset their prefix sums from 0; then the slot's rows of draft_logits
    from cu_batch_token_offset[b] are, for a prefill slot, first_token_logits[b] and
    logits[cu_next_token_offset[b]], else logits[cu_next_token_offset[b] + j] for j <
    seq_lens_this_time[b]. Rows that would fall outside draft_logits or logits are skipped.

    Generated from opspec/speculate_get_logits.yaml; dims: bsz, draft_rows, token_num, vocab_size.

    Args:
        draft_logits: float32 [draft_rows, vocab_size], in-place. the gathered rows, slot b's from cu_batch_token_offset[b]; rows past the last slot's
            keep their values.
        next_token_num: int32 [bsz], in-place. written: rows of logits per slot (1 for a prefill slot, else seq_lens_this_time).
        batch_token_num: int32 [bsz], in-place. written: rows of draft_logits per slot (2 for a prefill slot, else
            seq_lens_this_time).
        cu_next_token_offset: int32 [bsz + 1], in-place. written: prefix sums of next_token_num, [0] = 0.
        cu_batch_token_offset: int32 [bsz + 1], in-place. written: prefix sums of batch_token_num, [0] = 0.
        logits: float32 [token_num, vocab_size]. the draft model's logits of this substep, one row per token (one per prefill slot).
        first_token_logits: float32 [bsz, vocab_size]. per slot, the logits of the prefill slot's first token.
        seq_lens_this_time: int32 [bsz]. tokens of the slot this step (0: inactive).
        seq_lens_encoder: int32 [bsz]. prompt tokens prefilled this step (> 0: a prefill slot).

    Returns:
        (draft_logits, next_token_num, batch_token_num, cu_next_token_offset, cu_batch_token_offset): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.speculate_get_logits(
                draft_logits,
                next_token_num,
                batch_token_num,
                cu_next_token_offset,
                cu_batch_token_offset,
                logits,
                first_token_logits,
                seq_lens_this_time,
                seq_lens_encoder,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_get_logits_arguments.refused(
                _error,
                (
                    draft_logits,
                    next_token_num,
                    batch_token_num,
                    cu_next_token_offset,
                    cu_batch_token_offset,
                    logits,
                    first_token_logits,
                    seq_lens_this_time,
                    seq_lens_encoder,
                ),
                (),
            ) from None
        return (
            draft_logits,
            next_token_num,
            batch_token_num,
            cu_next_token_offset,
            cu_batch_token_offset,
        )
    return _runtime.run_static(
        "opforge_speculate_get_logits",
        (
            draft_logits,
            next_token_num,
            batch_token_num,
            cu_next_token_offset,
            cu_batch_token_offset,
            logits,
            first_token_logits,
            seq_lens_this_time,
            seq_lens_encoder,
        ),
        (),
    )


_speculate_get_output_padding_offset_arguments = _runtime.Arguments(
    "speculate_get_output_padding_offset",
    (("seq_lens_output", False),),
    (("cpu_out_token_num", "int64", None), ("max_seq_len", "int32", None)),
)


def speculate_get_output_padding_offset(seq_lens_output, *, cpu_out_token_num, max_seq_len):
    """From each slot's number of output rows (seq_lens_output), the packed output offsets
    cu_seqlens_q_output and the slot of each output row (batch_id_per_token_output), and
    FastDeploy's padded form of the same layout: each row's padding offset and each slot's
    cumulative padding.

    Generated from opspec/speculate_get_output_padding_offset.yaml; dims: real_bsz, out_token_num.

    Args:
        seq_lens_output: int32 [real_bsz]. output rows per slot (0 idle, 1 prefill, seq_lens_this_time decode).
        cpu_out_token_num: int, default required. the step's packed output row count, known on the host (the sum of seq_lens_output);
            it sizes output_padding_offset and batch_id_per_token_output.
        max_seq_len: int, default required. the width of a slot's row in FastDeploy's padded layout (for the padding offsets).

    Returns:
        (output_padding_offset, output_cum_offsets, cu_seqlens_q_output, batch_id_per_token_output).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(cpu_out_token_num) is not int or type(max_seq_len) is not int:
        cpu_out_token_num, max_seq_len = _speculate_get_output_padding_offset_arguments.attributes(
            cpu_out_token_num, max_seq_len
        )
    if _in_dynamic_mode():
        try:
            return tuple(
                _C.speculate_get_output_padding_offset(
                    seq_lens_output, cpu_out_token_num, max_seq_len
                )
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_get_output_padding_offset_arguments.refused(
                _error, (seq_lens_output,), (cpu_out_token_num, max_seq_len)
            ) from None
    return _runtime.run_static(
        "opforge_speculate_get_output_padding_offset",
        (seq_lens_output,),
        _speculate_get_output_padding_offset_arguments.attributes(cpu_out_token_num, max_seq_len),
    )


_speculate_get_padding_offset_arguments = _runtime.Arguments(
    "speculate_get_padding_offset",
    (
        ("input_ids", False),
        ("step_input_ids", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
    ),
    (("cpu_token_num", "int64", None),),
)


def speculate_get_padding_offset(
    input_ids, step_input_ids, seq_lens_this_time, seq_lens_encoder, *, cpu_token_num
):
    """Pack the tokens each slot feeds the target model this step, in slot order: a prefill slot's
    prompt tokens from input_ids, a decode slot's next input token and drafts from
    step_input_ids; with each packed token's slot and the packed offsets of every slot.

    Generated from opspec/speculate_get_padding_offset.yaml; dims: max_bsz, real_bsz, max_seq_len, max_step_tokens, token_num.

    Args:
        input_ids: int64 [max_bsz, max_seq_len]. a prefill slot's prompt tokens (or this step's chunk of them), from column 0.
        step_input_ids: int64 [max_bsz, max_step_tokens]. a decode slot's tokens: column 0 the next input token, then the drafts.
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot (the prompt or chunk, 1 + drafts, 0 if idle).
        seq_lens_encoder: int32 [max_bsz]. non-zero: the slot is in prefill this step.
        cpu_token_num: int, default required. the step's packed token count, known on the host (the sum of seq_lens_this_time); it
            sizes ids_remove_padding and batch_id_per_token.

    Returns:
        (ids_remove_padding, batch_id_per_token, cu_seqlens_q, cu_seqlens_k).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(cpu_token_num) is not int:
        (cpu_token_num,) = _speculate_get_padding_offset_arguments.attributes(cpu_token_num)
    if _in_dynamic_mode():
        try:
            return tuple(
                _C.speculate_get_padding_offset(
                    input_ids, step_input_ids, seq_lens_this_time, seq_lens_encoder, cpu_token_num
                )
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_get_padding_offset_arguments.refused(
                _error,
                (input_ids, step_input_ids, seq_lens_this_time, seq_lens_encoder),
                (cpu_token_num,),
            ) from None
    return _runtime.run_static(
        "opforge_speculate_get_padding_offset",
        (input_ids, step_input_ids, seq_lens_this_time, seq_lens_encoder),
        _speculate_get_padding_offset_arguments.attributes(cpu_token_num),
    )


_speculate_get_seq_lens_output_arguments = _runtime.Arguments(
    "speculate_get_seq_lens_output",
    (("seq_lens_this_time", False), ("seq_lens_encoder", False)),
    (),
)


def speculate_get_seq_lens_output(seq_lens_this_time, seq_lens_encoder):
    """For each slot of the step, the number of output rows it produces: 0 for an idle slot, 1 for
    a prefill slot (only its last position is sampled), and seq_lens_this_time for a decode
    slot (its input token and each draft are verified).

    Generated from opspec/speculate_get_seq_lens_output.yaml; dims: max_bsz, real_bsz.

    Args:
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot (1 + drafts for a decode slot, the prompt or chunk for
            a prefill slot, 0 if idle).
        seq_lens_encoder: int32 [max_bsz]. non-zero: the slot is in prefill this step.

    Returns:
        seq_lens_output.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            return _C.speculate_get_seq_lens_output(seq_lens_this_time, seq_lens_encoder)
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_get_seq_lens_output_arguments.refused(
                _error, (seq_lens_this_time, seq_lens_encoder), ()
            ) from None
    return _runtime.run_static(
        "opforge_speculate_get_seq_lens_output", (seq_lens_this_time, seq_lens_encoder), ()
    )


_speculate_get_token_penalty_multi_scores_arguments = _runtime.Arguments(
    "speculate_get_token_penalty_multi_scores",
    (
        ("pre_ids", False),
        ("logits", False),
        ("penalty_scores", False),
        ("frequency_scores", False),
        ("presence_scores", False),
        ("temperatures", False),
        ("bad_tokens", False),
        ("cur_len", False),
        ("min_len", False),
        ("eos_token_id", False),
        ("output_padding_offset", False),
        ("output_cum_offsets", False),
    ),
    (("max_seq_len", "int32", None),),
)


def speculate_get_token_penalty_multi_scores(
    pre_ids,
    logits,
    penalty_scores,
    frequency_scores,
    presence_scores,
    temperatures,
    bad_tokens,
    cur_len,
    min_len,
    eos_token_id,
    output_padding_offset,
    output_cum_offsets,
    *,
    max_seq_len,
):
    """For each packed logit row whose slot b (row + output_padding_offset[row]) // max_seq_len is
    below bs: end tokens get a large negative logit while the slot is below its minimum
    length; every token of the slot's history (pre_ids[b] up to its first negative entry)
    gets the repetition, frequency and presence penalties; the whole row is divided by the
    slot's temperature; then the banned tokens get a large negative logit.

    Generated from opspec/speculate_get_token_penalty_multi_scores.yaml; dims: bs, token_num, vocab_size, length_id, bad_words_len, end_length.

    Args:
        pre_ids: int64 [bs, length_id]. each slot's tokens so far; the history ends at the first negative entry.
        logits: T [token_num, vocab_size], in-place. the target model's logits, one row per packed output row, penalised in place.
        penalty_scores: T [bs]. repetition penalty alpha per slot: a repeated token's logit is multiplied by alpha
            if negative, divided by it otherwise.
        frequency_scores: T [bs]. frequency penalty beta per slot, subtracted once per occurrence in the history.
        presence_scores: T [bs]. presence penalty gamma per slot, subtracted once from every token of the history.
        temperatures: float32 [bs]. the temperature per slot; every logit of the slot's rows is divided by it.
        bad_tokens: int64 [bs, bad_words_len] or [bad_words_len]. banned tokens, each slot's own list (form 0, row b for slot b) or one list for every
            slot (form 1); an entry outside [0, vocab_size) bans nothing (FastDeploy
            pads the lists with -1).
        cur_len: int64 [bs]. tokens the slot has generated (FastDeploy's step_idx); negative: no history
            penalties or minimum length for the slot.
        min_len: int64 [bs]. the slot's minimum length; below it its end tokens are banned.
        eos_token_id: int64 [end_length]. the end-of-sequence tokens.
        output_padding_offset: int32 [token_num]. per packed row, its padding offset; row + offset is its position in a [bs,
            max_seq_len] padded layout.
        output_cum_offsets: int32 [bs]. per slot b: b * max_seq_len - (the slot's first packed row), the padding before it.
        max_seq_len: int, default required. the width of a slot's row in FastDeploy's padded layout (the divisor that gives a
            packed row's slot).

    Returns:
        logits (the tensor passed in, updated in place).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(max_seq_len) is not int:
        (max_seq_len,) = _speculate_get_token_penalty_multi_scores_arguments.attributes(max_seq_len)
    if _in_dynamic_mode():
        try:
            _C.speculate_get_token_penalty_multi_scores(
                pre_ids,
                logits,
                penalty_scores,
                frequency_scores,
                presence_scores,
                temperatures,
                bad_tokens,
                cur_len,
                min_len,
                eos_token_id,
                output_padding_offset,
                output_cum_offsets,
                max_seq_len,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_get_token_penalty_multi_scores_arguments.refused(
                _error,
                (
                    pre_ids,
                    logits,
                    penalty_scores,
                    frequency_scores,
                    presence_scores,
                    temperatures,
                    bad_tokens,
                    cur_len,
                    min_len,
                    eos_token_id,
                    output_padding_offset,
                    output_cum_offsets,
                ),
                (max_seq_len,),
            ) from None
        return logits
    return _runtime.run_static(
        "opforge_speculate_get_token_penalty_multi_scores",
        (
            pre_ids,
            logits,
            penalty_scores,
            frequency_scores,
            presence_scores,
            temperatures,
            bad_tokens,
            cur_len,
            min_len,
            eos_token_id,
            output_padding_offset,
            output_cum_offsets,
        ),
        _speculate_get_token_penalty_multi_scores_arguments.attributes(max_seq_len),
    )


_speculate_limit_thinking_content_length_v1_arguments = _runtime.Arguments(
    "speculate_limit_thinking_content_length_v1",
    (
        ("next_tokens", False),
        ("max_think_lens", False),
        ("step_idx", False),
        ("limit_think_status", False),
        ("accept_num", False),
        ("seq_lens_decoder", False),
        ("stop_flags", False),
        ("eos_token_ids", False),
    ),
    (("think_end_id", "int64", None),),
)


def speculate_limit_thinking_content_length_v1(
    next_tokens,
    max_think_lens,
    step_idx,
    limit_think_status,
    accept_num,
    seq_lens_decoder,
    stop_flags,
    eos_token_ids,
    *,
    think_end_id,
):
    """For each slot with a thinking budget, walk this step's accepted tokens: while the slot is
    thinking, the first token at or past its budget, or the first end-of-sequence token, is
    replaced by think_end_id and the tokens after it are dropped (accept_num, step_idx and
    seq_lens_decoder shrink by the dropped count; an end token also clears stop_flags); a
    think_end_id, emitted or injected, ends the thinking (status 2).

    Generated from opspec/speculate_limit_thinking_content_length_v1.yaml; dims: bsz, tokens_per_step, eos_len.

    Args:
        next_tokens: int64 [bsz, tokens_per_step], in-place. the step's accepted tokens per slot (columns 0 .. accept_num-1); a forced token
            becomes think_end_id.
        max_think_lens: int32 [bsz]. thinking budget per slot in tokens; negative: no limit (the slot is left alone).
        step_idx: int64 [bsz], in-place. number of the slot's last accepted token; the step's token t is number step_idx -
            accept_num + 1 + t; shrinks by the dropped tokens.
        limit_think_status: int32 [bsz], in-place. 0 thinking, 1 think_end_id being injected (never left after a call), 2 thinking over.
        accept_num: int32 [bsz], in-place. accepted tokens per slot; cut after a forced token.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's cache; shrinks by the dropped tokens.
        stop_flags: bool [bsz], in-place. slot finished; cleared when an end token met while thinking is replaced (thinking
            must end first).
        eos_token_ids: int64 [eos_len]. end-of-sequence ids.
        think_end_id: int, default required. the token that ends thinking (\"</think>\").

    Returns:
        (next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder, stop_flags): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(think_end_id) is not int:
        (think_end_id,) = _speculate_limit_thinking_content_length_v1_arguments.attributes(
            think_end_id
        )
    if _in_dynamic_mode():
        try:
            _C.speculate_limit_thinking_content_length_v1(
                next_tokens,
                max_think_lens,
                step_idx,
                limit_think_status,
                accept_num,
                seq_lens_decoder,
                stop_flags,
                eos_token_ids,
                think_end_id,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_limit_thinking_content_length_v1_arguments.refused(
                _error,
                (
                    next_tokens,
                    max_think_lens,
                    step_idx,
                    limit_think_status,
                    accept_num,
                    seq_lens_decoder,
                    stop_flags,
                    eos_token_ids,
                ),
                (think_end_id,),
            ) from None
        return next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder, stop_flags
    return _runtime.run_static(
        "opforge_speculate_limit_thinking_content_length_v1",
        (
            next_tokens,
            max_think_lens,
            step_idx,
            limit_think_status,
            accept_num,
            seq_lens_decoder,
            stop_flags,
            eos_token_ids,
        ),
        _speculate_limit_thinking_content_length_v1_arguments.attributes(think_end_id),
    )


_speculate_limit_thinking_content_length_v2_arguments = _runtime.Arguments(
    "speculate_limit_thinking_content_length_v2",
    (
        ("next_tokens", False),
        ("max_think_lens", False),
        ("step_idx", False),
        ("limit_think_status", False),
        ("accept_num", False),
        ("seq_lens_decoder", False),
        ("stop_flags", False),
    ),
    (("think_end_id", "int64", None), ("line_break_id", "int64", None)),
)


def speculate_limit_thinking_content_length_v2(
    next_tokens,
    max_think_lens,
    step_idx,
    limit_think_status,
    accept_num,
    seq_lens_decoder,
    stop_flags,
    *,
    think_end_id,
    line_break_id,
):
    """For each slot with a thinking budget, walk this step's accepted tokens: while the slot is
    thinking or injecting (status 0 or 1), the token numbered budget, budget + 1, budget + 2
    or budget + 3 is replaced by line_break_id, think_end_id, line_break_id, line_break_id
    and the tokens after it are dropped (accept_num, step_idx and seq_lens_decoder shrink by
    the dropped count); the last one ends the thinking (status 3), as does a think_end_id
    the model emits while thinking.

    Generated from opspec/speculate_limit_thinking_content_length_v2.yaml; dims: bsz, tokens_per_step.

    Args:
        next_tokens: int64 [bsz, tokens_per_step], in-place. the step's accepted tokens per slot (columns 0 .. accept_num-1); a forced token
            becomes line_break_id or think_end_id.
        max_think_lens: int32 [bsz]. thinking budget per slot in tokens; negative: no limit (the slot is left alone).
        step_idx: int64 [bsz], in-place. number of the slot's last accepted token; the step's token t is number step_idx -
            accept_num + 1 + t; shrinks by the dropped tokens.
        limit_think_status: int32 [bsz], in-place. 0 thinking, 1 injecting the closing tokens, 2 the last one injected (never left
            after a call), 3 thinking over.
        accept_num: int32 [bsz], in-place. accepted tokens per slot; cut after a forced token.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's cache; shrinks by the dropped tokens.
        stop_flags: bool [bsz]. slot finished: a slot whose thinking is over (status 3) and that is stopped is left
            alone.
        think_end_id: int, default required. the token that ends thinking (\"</think>\").
        line_break_id: int, default required. the line-break token injected around think_end_id.

    Returns:
        (next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(think_end_id) is not int or type(line_break_id) is not int:
        think_end_id, line_break_id = (
            _speculate_limit_thinking_content_length_v2_arguments.attributes(
                think_end_id, line_break_id
            )
        )
    if _in_dynamic_mode():
        try:
            _C.speculate_limit_thinking_content_length_v2(
                next_tokens,
                max_think_lens,
                step_idx,
                limit_think_status,
                accept_num,
                seq_lens_decoder,
                stop_flags,
                think_end_id,
                line_break_id,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_limit_thinking_content_length_v2_arguments.refused(
                _error,
                (
                    next_tokens,
                    max_think_lens,
                    step_idx,
                    limit_think_status,
                    accept_num,
                    seq_lens_decoder,
                    stop_flags,
                ),
                (think_end_id, line_break_id),
            ) from None
        return next_tokens, step_idx, limit_think_status, accept_num, seq_lens_decoder
    return _runtime.run_static(
        "opforge_speculate_limit_thinking_content_length_v2",
        (
            next_tokens,
            max_think_lens,
            step_idx,
            limit_think_status,
            accept_num,
            seq_lens_decoder,
            stop_flags,
        ),
        _speculate_limit_thinking_content_length_v2_arguments.attributes(
            think_end_id, line_break_id
        ),
    )


_speculate_pre_process_arguments = _runtime.Arguments(
    "speculate_pre_process",
    (
        ("input_ids", False),
        ("seq_len", False),
        ("draft_tokens", False),
        ("seq_lens_encoder", False),
    ),
    (("cpu_token_num", "int64", None),),
)


def speculate_pre_process(input_ids, seq_len, draft_tokens, seq_lens_encoder, *, cpu_token_num):
    """Pack the tokens each slot feeds the target model this step (a prefill slot's from input_ids,
    a decode slot's from draft_tokens), with each packed token's slot and every slot's
    packed offsets; and lay out the step's output rows (one per prefill slot, every position
    of a decode slot) with their offsets, the slot of each row and their number.

    Generated from opspec/speculate_pre_process.yaml; dims: max_bsz, real_bsz, max_seq_len, max_draft_tokens, token_num.

    Args:
        input_ids: int64 [max_bsz, max_seq_len]. a prefill slot's prompt tokens (or this step's chunk of them), from column 0.
        seq_len: int32 [real_bsz]. tokens fed this step per slot (FastDeploy's seq_lens_this_time; 0 if idle).
        draft_tokens: int64 [max_bsz, max_draft_tokens]. a decode slot's tokens: column 0 its next input token, then its drafts.
        seq_lens_encoder: int32 [max_bsz]. non-zero: the slot is in prefill this step.
        cpu_token_num: int, default required. the step's packed token count, known on the host (the sum of seq_len); it sizes
            ids_remove_padding and batch_id_per_token.

    Returns:
        (ids_remove_padding, batch_id_per_token, cu_seqlens_q, cu_seqlens_k, cu_seq_lens_q_output, batch_id_per_token_output, real_output_token_num).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(cpu_token_num) is not int:
        (cpu_token_num,) = _speculate_pre_process_arguments.attributes(cpu_token_num)
    if _in_dynamic_mode():
        try:
            return tuple(
                _C.speculate_pre_process(
                    input_ids, seq_len, draft_tokens, seq_lens_encoder, cpu_token_num
                )
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_pre_process_arguments.refused(
                _error, (input_ids, seq_len, draft_tokens, seq_lens_encoder), (cpu_token_num,)
            ) from None
    return _runtime.run_static(
        "opforge_speculate_pre_process",
        (input_ids, seq_len, draft_tokens, seq_lens_encoder),
        _speculate_pre_process_arguments.attributes(cpu_token_num),
    )


_speculate_schedule_cache_arguments = _runtime.Arguments(
    "speculate_schedule_cache",
    (
        ("draft_tokens", False),
        ("block_tables", False),
        ("stop_flags", False),
        ("prompt_lens", False),
        ("seq_lens_this_time", False),
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("step_seq_lens_decoder", False),
        ("step_draft_tokens", False),
        ("step_seq_lens_this_time", False),
        ("accept_num", False),
        ("accept_tokens", False),
        ("is_block_step", False),
        ("not_need_stop", False),
        ("stop_nums", True),
    ),
    (
        ("block_size", "int32", None),
        ("max_draft_tokens", "int32", None),
        ("prefill_one_step_stop", "bool", None),
    ),
    (
        _runtime.EnvAttribute(
            "prefill_one_step_stop", "PREFILL_NODE_ONE_STEP_STOP_V1", False, None, None
        ),
    ),
)


def speculate_schedule_cache(
    draft_tokens,
    block_tables,
    stop_flags,
    prompt_lens,
    seq_lens_this_time,
    seq_lens_encoder,
    seq_lens_decoder,
    step_seq_lens_decoder,
    step_draft_tokens,
    step_seq_lens_this_time,
    accept_num,
    accept_tokens,
    is_block_step,
    not_need_stop,
    *,
    stop_nums=None,
    block_size,
    max_draft_tokens,
    prefill_one_step_stop=None,
):
    """At the end of a step: swap out each running decoding slot whose next step would reach a KV
    block its block table does not hold (its lengths and drafts saved in the step_ tensors,
    the slot stopped and marked block-step, its accepted tokens cleared), stop each running
    slot still in prefill (and, on a prefill node that stops after one step, each decoding
    slot), and tell the host whether fewer slots are stopped than the stop threshold. Block
    tables are only read.

    Generated from opspec/speculate_schedule_cache.yaml; dims: max_bsz, real_bsz, draft_tokens_len, accept_tokens_len, block_num_per_seq.

    Args:
        draft_tokens: int64 [max_bsz, draft_tokens_len]. the next step's draft rows (saved into step_draft_tokens when a slot is swapped out).
        block_tables: int32 [max_bsz, block_num_per_seq]. each slot's KV block ids, -1 where no block is held; only read.
        stop_flags: bool [max_bsz], in-place. slot finished; set for a slot this op stops or swaps out.
        prompt_lens: int64 [max_bsz]. prompt length per slot: a slot whose decoder length is below it is still in prefill.
        seq_lens_this_time: int32 [real_bsz], in-place. tokens fed this step per slot; 0 for a slot stopped or swapped out.
        seq_lens_encoder: int32 [max_bsz], in-place. prompt tokens still to prefill; 0 for a slot stopped.
        seq_lens_decoder: int32 [max_bsz], in-place. tokens in the KV cache; 0 for a slot stopped or swapped out.
        step_seq_lens_decoder: int32 [max_bsz], in-place. a swapped-out slot's decoder length, kept for its return.
        step_draft_tokens: int64 [max_bsz, draft_tokens_len], in-place. a swapped-out slot's draft row, kept for its return.
        step_seq_lens_this_time: int32 [max_bsz], in-place. a swapped-out slot's seq_lens_this_time, kept for its return.
        accept_num: int32 [max_bsz], in-place. tokens accepted this step per slot; 0 for a slot stopped or swapped out.
        accept_tokens: int64 [max_bsz, accept_tokens_len], in-place. tokens accepted this step per slot; a swapped-out slot's row becomes -1.
        is_block_step: bool [max_bsz], in-place. slot swapped out for lack of a KV block; set for a slot this op swaps out.
        not_need_stop: bool [1], in-place, host memory. set iff fewer slots count as stopped than the threshold.
        stop_nums: int64 [1], or None. the stop threshold: not_need_stop iff fewer slots count as stopped (absent: max_bsz,
            FastDeploy's XPU form).
        block_size: int, default required. tokens per KV block.
        max_draft_tokens: int, default required. drafts per step; a step feeds at most 2 * max_draft_tokens + 2 tokens past the
            decoder length.
        prefill_one_step_stop: bool, default $PREFILL_NODE_ONE_STEP_STOP_V1 when set, else False; read at each call without prefill_one_step_stop (or with None). a prefill node: every running slot stops after this step (FastDeploy's
            PREFILL_NODE_ONE_STEP_STOP_V1).

    Returns:
        (stop_flags, seq_lens_this_time, seq_lens_encoder, seq_lens_decoder, step_seq_lens_decoder, step_draft_tokens, step_seq_lens_this_time, accept_num, accept_tokens, is_block_step, not_need_stop): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if prefill_one_step_stop is None:
        prefill_one_step_stop = _speculate_schedule_cache_arguments.from_environment(
            "prefill_one_step_stop"
        )
    if (
        type(block_size) is not int
        or type(max_draft_tokens) is not int
        or type(prefill_one_step_stop) is not bool
    ):
        block_size, max_draft_tokens, prefill_one_step_stop = (
            _speculate_schedule_cache_arguments.attributes(
                block_size, max_draft_tokens, prefill_one_step_stop
            )
        )
    if _in_dynamic_mode():
        try:
            _C.speculate_schedule_cache(
                draft_tokens,
                block_tables,
                stop_flags,
                prompt_lens,
                seq_lens_this_time,
                seq_lens_encoder,
                seq_lens_decoder,
                step_seq_lens_decoder,
                step_draft_tokens,
                step_seq_lens_this_time,
                accept_num,
                accept_tokens,
                is_block_step,
                not_need_stop,
                stop_nums,
                block_size,
                max_draft_tokens,
                prefill_one_step_stop,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_schedule_cache_arguments.refused(
                _error,
                (
                    draft_tokens,
                    block_tables,
                    stop_flags,
                    prompt_lens,
                    seq_lens_this_time,
                    seq_lens_encoder,
                    seq_lens_decoder,
                    step_seq_lens_decoder,
                    step_draft_tokens,
                    step_seq_lens_this_time,
                    accept_num,
                    accept_tokens,
                    is_block_step,
                    not_need_stop,
                    stop_nums,
                ),
                (block_size, max_draft_tokens, prefill_one_step_stop),
            ) from None
        return (
            stop_flags,
            seq_lens_this_time,
            seq_lens_encoder,
            seq_lens_decoder,
            step_seq_lens_decoder,
            step_draft_tokens,
            step_seq_lens_this_time,
            accept_num,
            accept_tokens,
            is_block_step,
            not_need_stop,
        )
    return _runtime.run_static(
        "opforge_speculate_schedule_cache",
        (
            draft_tokens,
            block_tables,
            stop_flags,
            prompt_lens,
            seq_lens_this_time,
            seq_lens_encoder,
            seq_lens_decoder,
            step_seq_lens_decoder,
            step_draft_tokens,
            step_seq_lens_this_time,
            accept_num,
            accept_tokens,
            is_block_step,
            not_need_stop,
            stop_nums,
        ),
        _speculate_schedule_cache_arguments.attributes(
            block_size, max_draft_tokens, prefill_one_step_stop
        ),
    )


_speculate_set_stop_value_multi_seqs_arguments = _runtime.Arguments(
    "speculate_set_stop_value_multi_seqs",
    (
        ("accept_tokens", False),
        ("accept_num", False),
        ("pre_ids", False),
        ("step_idx", False),
        ("stop_flags", False),
        ("stop_seqs", False),
        ("stop_seqs_len", False),
        ("end_ids", False),
        ("min_tokens", True),
    ),
    (),
)


def speculate_set_stop_value_multi_seqs(
    accept_tokens,
    accept_num,
    pre_ids,
    step_idx,
    stop_flags,
    stop_seqs,
    stop_seqs_len,
    end_ids,
    *,
    min_tokens=None,
):
    """For each running slot, find the earliest check position of this step's accepted tokens at
    which one of the slot's stop sequences has just ended (the sequence read over the slot's
    history pre_ids and its accepted tokens); there, cut the accepted tokens after that
    position, write end_ids[0] in its place and stop the slot. With min_tokens, a slot that
    has generated fewer tokens than its minimum is not stopped.

    Generated from opspec/speculate_set_stop_value_multi_seqs.yaml; dims: bsz, max_accept_len, pre_ids_len, stop_seqs_num, stop_seqs_max_len, end_length.

    Args:
        accept_tokens: int64 [bsz, max_accept_len], in-place. tokens accepted this step; on a stop, the token after the stop sequence becomes
            end_ids[0].
        accept_num: int32 [bsz], in-place. accepted tokens per slot; on a stop, cut to the position of end_ids[0] plus one.
        pre_ids: int64 [bsz, pre_ids_len]. each slot's generated tokens so far by position; the step's accepted tokens are
            positions step_idx - accept_num + 1 .. step_idx.
        step_idx: int64 [bsz]. position of the slot's last accepted token (tokens generated so far).
        stop_flags: bool [bsz], in-place. slot finished; set when a stop sequence matches.
        stop_seqs: int64 [bsz, stop_seqs_num, stop_seqs_max_len]. each slot's stop sequences, one per row, left-aligned.
        stop_seqs_len: int32 [bsz, stop_seqs_num]. length of each stop sequence; 0 for an unused row.
        end_ids: int64 [end_length]. end-of-sequence ids; end_ids[0] is written after a stop sequence.
        min_tokens: int64 [bsz], or None. (FastDeploy's XPU form) a slot with step_idx below its minimum is not stopped.

    Returns:
        (accept_tokens, accept_num, stop_flags): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.speculate_set_stop_value_multi_seqs(
                accept_tokens,
                accept_num,
                pre_ids,
                step_idx,
                stop_flags,
                stop_seqs,
                stop_seqs_len,
                end_ids,
                min_tokens,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_set_stop_value_multi_seqs_arguments.refused(
                _error,
                (
                    accept_tokens,
                    accept_num,
                    pre_ids,
                    step_idx,
                    stop_flags,
                    stop_seqs,
                    stop_seqs_len,
                    end_ids,
                    min_tokens,
                ),
                (),
            ) from None
        return accept_tokens, accept_num, stop_flags
    return _runtime.run_static(
        "opforge_speculate_set_stop_value_multi_seqs",
        (
            accept_tokens,
            accept_num,
            pre_ids,
            step_idx,
            stop_flags,
            stop_seqs,
            stop_seqs_len,
            end_ids,
            min_tokens,
        ),
        (),
    )


_speculate_set_value_by_flags_and_idx_arguments = _runtime.Arguments(
    "speculate_set_value_by_flags_and_idx",
    (
        ("pre_ids_all", False),
        ("accept_tokens", False),
        ("accept_num", False),
        ("stop_flags", False),
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("step_idx", False),
    ),
    (),
)


def speculate_set_value_by_flags_and_idx(
    pre_ids_all, accept_tokens, accept_num, stop_flags, seq_lens_encoder, seq_lens_decoder, step_idx
):
    """For each slot: if it is stopped, set accept_num and seq_lens_decoder to 0; else, if it is
    active (a non-zero seq_lens_encoder or seq_lens_decoder) and step_idx > 0, write its
    accept_num accepted tokens into pre_ids_all so that the last lands at position step_idx
    (positions outside the row are skipped).

    Generated from opspec/speculate_set_value_by_flags_and_idx.yaml; dims: bsz, pre_ids_len, max_draft_tokens.

    Args:
        pre_ids_all: int64 [bsz, pre_ids_len], in-place. each slot's tokens by number; the step's accepted tokens are written at step_idx -
            accept_num + 1 .. step_idx.
        accept_tokens: int64 [bsz, max_draft_tokens]. the step's accepted tokens per slot (columns 0 .. accept_num-1).
        accept_num: int32 [bsz], in-place. accepted tokens per slot; 0 for a stopped slot.
        stop_flags: bool [bsz]. slot finished.
        seq_lens_encoder: int32 [bsz]. non-zero: the slot is in prefill.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's cache; 0 for a stopped slot.
        step_idx: int64 [bsz]. number of the slot's last accepted token.

    Returns:
        (pre_ids_all, accept_num, seq_lens_decoder): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.speculate_set_value_by_flags_and_idx(
                pre_ids_all,
                accept_tokens,
                accept_num,
                stop_flags,
                seq_lens_encoder,
                seq_lens_decoder,
                step_idx,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_set_value_by_flags_and_idx_arguments.refused(
                _error,
                (
                    pre_ids_all,
                    accept_tokens,
                    accept_num,
                    stop_flags,
                    seq_lens_encoder,
                    seq_lens_decoder,
                    step_idx,
                ),
                (),
            ) from None
        return pre_ids_all, accept_num, seq_lens_decoder
    return _runtime.run_static(
        "opforge_speculate_set_value_by_flags_and_idx",
        (
            pre_ids_all,
            accept_tokens,
            accept_num,
            stop_flags,
            seq_lens_encoder,
            seq_lens_decoder,
            step_idx,
        ),
        (),
    )


_speculate_step_paddle_arguments = _runtime.Arguments(
    "speculate_step_paddle",
    (
        ("stop_flags", False),
        ("seq_lens_this_time", False),
        ("ori_seq_lens_encoder", False),
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("block_tables", False),
        ("encoder_block_lens", False),
        ("is_block_step", False),
        ("step_block_list", False),
        ("step_lens", False),
        ("recover_block_list", False),
        ("recover_lens", False),
        ("need_block_list", False),
        ("need_block_len", False),
        ("used_list_len", False),
        ("free_list", False),
        ("free_list_len", False),
        ("input_ids", False),
        ("pre_ids", False),
        ("step_idx", False),
        ("first_token_ids", False),
        ("accept_num", False),
    ),
    (("block_size", "int32", None), ("max_draft_tokens", "int32", None)),
)


def speculate_step_paddle(
    stop_flags,
    seq_lens_this_time,
    ori_seq_lens_encoder,
    seq_lens_encoder,
    seq_lens_decoder,
    block_tables,
    encoder_block_lens,
    is_block_step,
    step_block_list,
    step_lens,
    recover_block_list,
    recover_lens,
    need_block_list,
    need_block_len,
    used_list_len,
    free_list,
    free_list_len,
    input_ids,
    pre_ids,
    step_idx,
    first_token_ids,
    accept_num,
    *,
    block_size,
    max_draft_tokens,
):
    """Block bookkeeping after a speculative step: release the decoder blocks of stopped slots to
    the free list, hand one free block to each running slot whose next max_draft_tokens + 1
    tokens reach an unallocated block, preempt (stop and mark block-step) the slots holding
    the most decoder blocks while the free list is short, then recover the most recently
    preempted slot if its blocks fit (re-prefill of its prompt and generated tokens).

    Generated from opspec/speculate_step_paddle.yaml; dims: bsz, block_num_per_seq, free_list_size, length, pre_id_length.

    Args:
        stop_flags: bool [bsz], in-place. slot finished or preempted; set for a preempted slot, cleared for the recovered one.
        seq_lens_this_time: int32 [bsz], in-place. tokens fed this step (0: inactive); 0 for a preempted slot, the re-prefill length
            for the recovered one.
        ori_seq_lens_encoder: int32 [bsz]. prompt length of the slot's request (FastDeploy's step_seq_lens_encoder).
        seq_lens_encoder: int32 [bsz], in-place. prompt tokens to prefill; the re-prefill length for the recovered slot.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's KV cache; 0 for a preempted slot.
        block_tables: int32 [bsz, block_num_per_seq], in-place. per-slot block ids (-1: none): encoder blocks at [0, enc), decoder blocks at [enc,
            enc + used).
        encoder_block_lens: int32 [bsz], in-place. enc: encoder (prompt) blocks at the start of the row; 0 once a stopped slot is
            released.
        is_block_step: bool [bsz], in-place. slot preempted and waiting in step_block_list (it holds no decoder blocks).
        step_block_list: int32 [bsz], in-place. preempted slots, oldest first, step_lens[0] of them; -1 past the end.
        step_lens: int32 [1], in-place. entries of step_block_list.
        recover_block_list: int32 [bsz], in-place. [0] becomes the slot recovered by this call, if any.
        recover_lens: int32 [1], in-place. 0 before and after (the recovery is finished inside the call).
        need_block_list: int32 [bsz], in-place. scratch list of the slots needing a block; all -1 before and after.
        need_block_len: int32 [1], in-place. 0 before and after.
        used_list_len: int32 [bsz], in-place. used: decoder blocks the slot holds (a block-step slot: the blocks it held when
            preempted).
        free_list: int32 [free_list_size], in-place. free block ids, a stack: free_list[0 .. free_list_len) are free, the top last.
        free_list_len: int32 [1], in-place. entries of free_list that are free.
        input_ids: int64 [bsz, length], in-place. per-slot prompt row; the recovered slot's becomes its first token, its prompt and
            its generated tokens.
        pre_ids: int64 [bsz, pre_id_length]. generated tokens per slot, pre_ids[b, 1 + i] the i-th.
        step_idx: int64 [bsz]. tokens generated so far.
        first_token_ids: int64 [bsz], in-place. the request's first prompt token; -1 once a stopped slot is released.
        accept_num: int32 [bsz], in-place. accepted tokens per slot; 0 for a preempted slot.
        block_size: int, default required. tokens per KV-cache block.
        max_draft_tokens: int, default required. draft tokens per step: a slot needs the block holding token seq_lens_decoder +
            max_draft_tokens + 1.

    Returns:
        (stop_flags, seq_lens_this_time, seq_lens_encoder, seq_lens_decoder, block_tables, encoder_block_lens, is_block_step, step_block_list, step_lens, recover_block_list, recover_lens, need_block_list, need_block_len, used_list_len, free_list, free_list_len, input_ids, first_token_ids, accept_num): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(block_size) is not int or type(max_draft_tokens) is not int:
        block_size, max_draft_tokens = _speculate_step_paddle_arguments.attributes(
            block_size, max_draft_tokens
        )
    if _in_dynamic_mode():
        try:
            _C.speculate_step_paddle(
                stop_flags,
                seq_lens_this_time,
                ori_seq_lens_encoder,
                seq_lens_encoder,
                seq_lens_decoder,
                block_tables,
                encoder_block_lens,
                is_block_step,
                step_block_list,
                step_lens,
                recover_block_list,
                recover_lens,
                need_block_list,
                need_block_len,
                used_list_len,
                free_list,
                free_list_len,
                input_ids,
                pre_ids,
                step_idx,
                first_token_ids,
                accept_num,
                block_size,
                max_draft_tokens,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_step_paddle_arguments.refused(
                _error,
                (
                    stop_flags,
                    seq_lens_this_time,
                    ori_seq_lens_encoder,
                    seq_lens_encoder,
                    seq_lens_decoder,
                    block_tables,
                    encoder_block_lens,
                    is_block_step,
                    step_block_list,
                    step_lens,
                    recover_block_list,
                    recover_lens,
                    need_block_list,
                    need_block_len,
                    used_list_len,
                    free_list,
                    free_list_len,
                    input_ids,
                    pre_ids,
                    step_idx,
                    first_token_ids,
                    accept_num,
                ),
                (block_size, max_draft_tokens),
            ) from None
        return (
            stop_flags,
            seq_lens_this_time,
            seq_lens_encoder,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            is_block_step,
            step_block_list,
            step_lens,
            recover_block_list,
            recover_lens,
            need_block_list,
            need_block_len,
            used_list_len,
            free_list,
            free_list_len,
            input_ids,
            first_token_ids,
            accept_num,
        )
    return _runtime.run_static(
        "opforge_speculate_step_paddle",
        (
            stop_flags,
            seq_lens_this_time,
            ori_seq_lens_encoder,
            seq_lens_encoder,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            is_block_step,
            step_block_list,
            step_lens,
            recover_block_list,
            recover_lens,
            need_block_list,
            need_block_len,
            used_list_len,
            free_list,
            free_list_len,
            input_ids,
            pre_ids,
            step_idx,
            first_token_ids,
            accept_num,
        ),
        _speculate_step_paddle_arguments.attributes(block_size, max_draft_tokens),
    )


_speculate_step_system_cache_arguments = _runtime.Arguments(
    "speculate_step_system_cache",
    (
        ("stop_flags", False),
        ("seq_lens_this_time", False),
        ("ori_seq_lens_encoder", False),
        ("ori_seq_lens_decoder", False),
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("block_tables", False),
        ("encoder_block_lens", False),
        ("is_block_step", False),
        ("step_block_list", False),
        ("step_lens", False),
        ("recover_block_list", False),
        ("recover_lens", False),
        ("need_block_list", False),
        ("need_block_len", False),
        ("used_list_len", False),
        ("free_list", False),
        ("free_list_len", False),
        ("input_ids", False),
        ("pre_ids", False),
        ("step_idx", False),
        ("first_token_ids", False),
        ("accept_num", False),
    ),
    (("block_size", "int32", None), ("max_draft_tokens", "int32", None)),
)


def speculate_step_system_cache(
    stop_flags,
    seq_lens_this_time,
    ori_seq_lens_encoder,
    ori_seq_lens_decoder,
    seq_lens_encoder,
    seq_lens_decoder,
    block_tables,
    encoder_block_lens,
    is_block_step,
    step_block_list,
    step_lens,
    recover_block_list,
    recover_lens,
    need_block_list,
    need_block_len,
    used_list_len,
    free_list,
    free_list_len,
    input_ids,
    pre_ids,
    step_idx,
    first_token_ids,
    accept_num,
    *,
    block_size,
    max_draft_tokens,
):
    """Block bookkeeping after a speculative step: release the decoder blocks of stopped slots to
    the free list, hand one free block to each running slot whose next max_draft_tokens + 1
    tokens reach an unallocated block, preempt (stop and mark block-step) the slots holding
    the most decoder blocks while the free list is short, then recover the most recently
    preempted slot if its blocks fit (re-prefill of its prompt and generated tokens, its
    cache length restored from ori_seq_lens_decoder: the prefix the cache keeps).

    Generated from opspec/speculate_step_system_cache.yaml; dims: bsz, block_num_per_seq, free_list_size, length, pre_id_length.

    Args:
        stop_flags: bool [bsz], in-place. slot finished or preempted; set for a preempted slot, cleared for the recovered one.
        seq_lens_this_time: int32 [bsz], in-place. tokens fed this step (0: inactive); 0 for a preempted slot, the re-prefill length
            for the recovered one.
        ori_seq_lens_encoder: int32 [bsz]. prompt length of the slot's request (FastDeploy's step_seq_lens_encoder).
        ori_seq_lens_decoder: int32 [bsz]. the slot's cached prefix length (FastDeploy's step_seq_lens_decoder); the recovered
            slot's seq_lens_decoder.
        seq_lens_encoder: int32 [bsz], in-place. prompt tokens to prefill; the re-prefill length for the recovered slot.
        seq_lens_decoder: int32 [bsz], in-place. tokens in the slot's KV cache; 0 for a preempted slot, ori_seq_lens_decoder for the
            recovered one.
        block_tables: int32 [bsz, block_num_per_seq], in-place. per-slot block ids (-1: none): encoder blocks at [0, enc), decoder blocks at [enc,
            enc + used).
        encoder_block_lens: int32 [bsz], in-place. enc: encoder (prompt) blocks at the start of the row; 0 once a stopped slot is
            released.
        is_block_step: bool [bsz], in-place. slot preempted and waiting in step_block_list (it holds no decoder blocks).
        step_block_list: int32 [bsz], in-place. preempted slots, oldest first, step_lens[0] of them; -1 past the end.
        step_lens: int32 [1], in-place. entries of step_block_list.
        recover_block_list: int32 [bsz], in-place. [0] becomes the slot recovered by this call, if any.
        recover_lens: int32 [1], in-place. 0 before and after (the recovery is finished inside the call).
        need_block_list: int32 [bsz], in-place. scratch list of the slots needing a block; all -1 before and after.
        need_block_len: int32 [1], in-place. 0 before and after.
        used_list_len: int32 [bsz], in-place. used: decoder blocks the slot holds (a block-step slot: the blocks it held when
            preempted).
        free_list: int32 [free_list_size], in-place. free block ids, a stack: free_list[0 .. free_list_len) are free, the top last.
        free_list_len: int32 [1], in-place. entries of free_list that are free.
        input_ids: int64 [bsz, length], in-place. per-slot prompt row; the recovered slot's becomes its first token, its prompt and
            its generated tokens.
        pre_ids: int64 [bsz, pre_id_length]. generated tokens per slot, pre_ids[b, 1 + i] the i-th.
        step_idx: int64 [bsz]. tokens generated so far.
        first_token_ids: int64 [bsz], in-place. the request's first prompt token; -1 once a stopped slot is released.
        accept_num: int32 [bsz], in-place. accepted tokens per slot; 0 for a preempted slot.
        block_size: int, default required. tokens per KV-cache block.
        max_draft_tokens: int, default required. draft tokens per step: a slot needs the block holding token seq_lens_decoder +
            max_draft_tokens + 1.

    Returns:
        (stop_flags, seq_lens_this_time, seq_lens_encoder, seq_lens_decoder, block_tables, encoder_block_lens, is_block_step, step_block_list, step_lens, recover_block_list, recover_lens, need_block_list, need_block_len, used_list_len, free_list, free_list_len, input_ids, first_token_ids, accept_num): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(block_size) is not int or type(max_draft_tokens) is not int:
        block_size, max_draft_tokens = _speculate_step_system_cache_arguments.attributes(
            block_size, max_draft_tokens
        )
    if _in_dynamic_mode():
        try:
            _C.speculate_step_system_cache(
                stop_flags,
                seq_lens_this_time,
                ori_seq_lens_encoder,
                ori_seq_lens_decoder,
                seq_lens_encoder,
                seq_lens_decoder,
                block_tables,
                encoder_block_lens,
                is_block_step,
                step_block_list,
                step_lens,
                recover_block_list,
                recover_lens,
                need_block_list,
                need_block_len,
                used_list_len,
                free_list,
                free_list_len,
                input_ids,
                pre_ids,
                step_idx,
                first_token_ids,
                accept_num,
                block_size,
                max_draft_tokens,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_step_system_cache_arguments.refused(
                _error,
                (
                    stop_flags,
                    seq_lens_this_time,
                    ori_seq_lens_encoder,
                    ori_seq_lens_decoder,
                    seq_lens_encoder,
                    seq_lens_decoder,
                    block_tables,
                    encoder_block_lens,
                    is_block_step,
                    step_block_list,
                    step_lens,
                    recover_block_list,
                    recover_lens,
                    need_block_list,
                    need_block_len,
                    used_list_len,
                    free_list,
                    free_list_len,
                    input_ids,
                    pre_ids,
                    step_idx,
                    first_token_ids,
                    accept_num,
                ),
                (block_size, max_draft_tokens),
            ) from None
        return (
            stop_flags,
            seq_lens_this_time,
            seq_lens_encoder,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            is_block_step,
            step_block_list,
            step_lens,
            recover_block_list,
            recover_lens,
            need_block_list,
            need_block_len,
            used_list_len,
            free_list,
            free_list_len,
            input_ids,
            first_token_ids,
            accept_num,
        )
    return _runtime.run_static(
        "opforge_speculate_step_system_cache",
        (
            stop_flags,
            seq_lens_this_time,
            ori_seq_lens_encoder,
            ori_seq_lens_decoder,
            seq_lens_encoder,
            seq_lens_decoder,
            block_tables,
            encoder_block_lens,
            is_block_step,
            step_block_list,
            step_lens,
            recover_block_list,
            recover_lens,
            need_block_list,
            need_block_len,
            used_list_len,
            free_list,
            free_list_len,
            input_ids,
            pre_ids,
            step_idx,
            first_token_ids,
            accept_num,
        ),
        _speculate_step_system_cache_arguments.attributes(block_size, max_draft_tokens),
    )


_speculate_update_arguments = _runtime.Arguments(
    "speculate_update",
    (
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("not_need_stop", False),
        ("draft_tokens", False),
        ("actual_draft_token_nums", False),
        ("accept_tokens", False),
        ("accept_num", False),
        ("stop_flags", False),
        ("seq_lens_this_time", False),
        ("is_block_step", False),
        ("stop_nums", True),
        ("mask_rollback", False),
    ),
    (),
)


def speculate_update(
    seq_lens_encoder,
    seq_lens_decoder,
    not_need_stop,
    draft_tokens,
    actual_draft_token_nums,
    accept_tokens,
    accept_num,
    stop_flags,
    seq_lens_this_time,
    is_block_step,
    mask_rollback,
    *,
    stop_nums=None,
):
    """After verification: advance each taking-part slot's decoder length by its accepted tokens (a
    prefill's by its prompt), record the KV positions to roll back, adapt the next step's
    draft count to whether every draft was accepted, set the next step's first draft token
    to the last accepted one, and tell the host whether fewer slots stopped than the stop
    threshold.

    Generated from opspec/speculate_update.yaml; dims: max_bsz, max_draft_tokens, real_bsz.

    Args:
        seq_lens_encoder: int32 [max_bsz], in-place. prompt tokens prefilled this step; 0 once a taking-part slot is updated.
        seq_lens_decoder: int32 [max_bsz], in-place. tokens in the KV cache; grows by the accepted tokens (decode) or the prompt
            (prefill).
        not_need_stop: bool [1], in-place, host memory. set iff fewer slots count as stopped than the threshold.
        draft_tokens: int64 [max_bsz, max_draft_tokens], in-place. the next step's draft rows: column 0 becomes the slot's last accepted token.
        actual_draft_token_nums: int32 [max_bsz], in-place. drafts to propose next step per slot: +2 after a step with every draft accepted,
            else -1, within [1, max_draft_tokens - 1].
        accept_tokens: int64 [max_bsz, max_draft_tokens]. tokens accepted this step per slot, in their first accept_num[b] columns.
        accept_num: int32 [max_bsz]. tokens accepted this step per slot (1 + accepted drafts).
        stop_flags: bool [max_bsz]. slot finished.
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot (1 + drafts in decode, the prompt chunk in prefill).
        is_block_step: bool [max_bsz]. slot swapped out for lack of KV blocks this step; takes no part.
        mask_rollback: int32 [max_bsz], in-place. KV positions to roll back: fed minus accepted in decode, 0 in prefill or once
            stopped.
        stop_nums: int64 [1], or None. the stop threshold: not_need_stop iff fewer slots count as stopped (absent: max_bsz,
            FastDeploy's XPU form).

    Returns:
        (seq_lens_encoder, seq_lens_decoder, not_need_stop, draft_tokens, actual_draft_token_nums, mask_rollback): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if _in_dynamic_mode():
        try:
            _C.speculate_update(
                seq_lens_encoder,
                seq_lens_decoder,
                not_need_stop,
                draft_tokens,
                actual_draft_token_nums,
                accept_tokens,
                accept_num,
                stop_flags,
                seq_lens_this_time,
                is_block_step,
                stop_nums,
                mask_rollback,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _speculate_update_arguments.refused(
                _error,
                (
                    seq_lens_encoder,
                    seq_lens_decoder,
                    not_need_stop,
                    draft_tokens,
                    actual_draft_token_nums,
                    accept_tokens,
                    accept_num,
                    stop_flags,
                    seq_lens_this_time,
                    is_block_step,
                    stop_nums,
                    mask_rollback,
                ),
                (),
            ) from None
        return (
            seq_lens_encoder,
            seq_lens_decoder,
            not_need_stop,
            draft_tokens,
            actual_draft_token_nums,
            mask_rollback,
        )
    return _runtime.run_static(
        "opforge_speculate_update",
        (
            seq_lens_encoder,
            seq_lens_decoder,
            not_need_stop,
            draft_tokens,
            actual_draft_token_nums,
            accept_tokens,
            accept_num,
            stop_flags,
            seq_lens_this_time,
            is_block_step,
            stop_nums,
            mask_rollback,
        ),
        (),
    )


_top_p_candidates_arguments = _runtime.Arguments(
    "top_p_candidates",
    (("probs", False), ("top_p", False), ("batch_id_per_token", False)),
    (("candidates_len", "int32", None),),
)


def top_p_candidates(probs, top_p, batch_id_per_token, *, candidates_len):
    """For each packed token row of the target model's probabilities, the C most likely tokens,
    their probabilities, and how many of them lie inside the slot's top-p mass.

    Generated from opspec/top_p_candidates.yaml; dims: token_num, vocab_size, max_bsz, max_candidate_len.

    Args:
        probs: T [token_num, vocab_size]. each row a probability distribution.
        top_p: T [max_bsz]. per-slot top-p, in (0, 1].
        batch_id_per_token: int32 [token_num]. the slot of each packed row.
        candidates_len: int, default required. C, the candidates kept per row.

    Returns:
        (verify_scores, verify_tokens, actual_candidate_lens).

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(candidates_len) is not int:
        (candidates_len,) = _top_p_candidates_arguments.attributes(candidates_len)
    if _in_dynamic_mode():
        try:
            return tuple(_C.top_p_candidates(probs, top_p, batch_id_per_token, candidates_len))
        except _OpError:
            raise
        except TypeError as _error:
            raise _top_p_candidates_arguments.refused(
                _error, (probs, top_p, batch_id_per_token), (candidates_len,)
            ) from None
    return _runtime.run_static(
        "opforge_top_p_candidates",
        (probs, top_p, batch_id_per_token),
        _top_p_candidates_arguments.attributes(candidates_len),
    )


_unified_update_model_status_arguments = _runtime.Arguments(
    "unified_update_model_status",
    (
        ("seq_lens_encoder", False),
        ("seq_lens_decoder", False),
        ("has_running_seqs", False),
        ("step_input_ids", False),
        ("step_output_ids", False),
        ("step_output_len", False),
        ("stop_flags", False),
        ("seq_lens_this_time", False),
        ("is_paused", False),
        ("mask_rollback", False),
        ("token_ids_all", False),
        ("prompt_lens", False),
        ("step_idx", False),
        ("end_tokens", False),
        ("max_dec_len", False),
    ),
    (("is_naive_mode", "bool", None), ("prefill_one_step_stop", "bool", None)),
)


def unified_update_model_status(
    seq_lens_encoder,
    seq_lens_decoder,
    has_running_seqs,
    step_input_ids,
    step_output_ids,
    step_output_len,
    stop_flags,
    seq_lens_this_time,
    is_paused,
    mask_rollback,
    token_ids_all,
    prompt_lens,
    step_idx,
    end_tokens,
    max_dec_len,
    *,
    is_naive_mode=False,
    prefill_one_step_stop=False,
):
    """Re-check the emitted tokens for end tokens and length limits, advance each slot's counters,
    append the tokens to the slot's history, set the next step's input token, and report
    whether any slot is still running.

    Generated from opspec/unified_update_model_status.yaml; dims: max_bsz, max_step_tokens, real_bsz, max_model_len, end_length.

    Args:
        seq_lens_encoder: int32 [max_bsz], in-place. prompt tokens still to prefill; 0 once the slot decodes.
        seq_lens_decoder: int32 [max_bsz], in-place. tokens already in the KV cache.
        has_running_seqs: bool [1], in-place, host memory. set iff a slot was running and did not stop in this step (host memory).
        step_input_ids: int64 [max_bsz, max_step_tokens], in-place. column 0 becomes the last emitted token.
        step_output_ids: int64 [max_bsz, max_step_tokens], in-place. emitted tokens; a token past the length limit becomes end_tokens[0].
        step_output_len: int32 [max_bsz], in-place. tokens emitted per slot.
        stop_flags: bool [max_bsz], in-place. slot finished.
        seq_lens_this_time: int32 [real_bsz], in-place. tokens fed this step per slot.
        is_paused: bool [max_bsz]. slot is paused and keeps its state.
        mask_rollback: int32 [max_bsz], in-place. KV positions to roll back.
        token_ids_all: int64 [max_bsz, max_model_len], in-place. per-slot history, the prompt then the generated tokens.
        prompt_lens: int64 [max_bsz]. prompt length per slot.
        step_idx: int64 [max_bsz], in-place. tokens generated so far.
        end_tokens: int64 [end_length]. end-of-sequence ids.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        is_naive_mode: bool, default False. no speculation, one token per step.
        prefill_one_step_stop: bool, default False. a slot in prefill stops after this step.

    Returns:
        (seq_lens_encoder, seq_lens_decoder, has_running_seqs, step_input_ids, step_output_ids, step_output_len, stop_flags, seq_lens_this_time, mask_rollback, token_ids_all, step_idx): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if type(is_naive_mode) is not bool or type(prefill_one_step_stop) is not bool:
        is_naive_mode, prefill_one_step_stop = _unified_update_model_status_arguments.attributes(
            is_naive_mode, prefill_one_step_stop
        )
    if _in_dynamic_mode():
        try:
            _C.unified_update_model_status(
                seq_lens_encoder,
                seq_lens_decoder,
                has_running_seqs,
                step_input_ids,
                step_output_ids,
                step_output_len,
                stop_flags,
                seq_lens_this_time,
                is_paused,
                mask_rollback,
                token_ids_all,
                prompt_lens,
                step_idx,
                end_tokens,
                max_dec_len,
                is_naive_mode,
                prefill_one_step_stop,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _unified_update_model_status_arguments.refused(
                _error,
                (
                    seq_lens_encoder,
                    seq_lens_decoder,
                    has_running_seqs,
                    step_input_ids,
                    step_output_ids,
                    step_output_len,
                    stop_flags,
                    seq_lens_this_time,
                    is_paused,
                    mask_rollback,
                    token_ids_all,
                    prompt_lens,
                    step_idx,
                    end_tokens,
                    max_dec_len,
                ),
                (is_naive_mode, prefill_one_step_stop),
            ) from None
        return (
            seq_lens_encoder,
            seq_lens_decoder,
            has_running_seqs,
            step_input_ids,
            step_output_ids,
            step_output_len,
            stop_flags,
            seq_lens_this_time,
            mask_rollback,
            token_ids_all,
            step_idx,
        )
    return _runtime.run_static(
        "opforge_unified_update_model_status",
        (
            seq_lens_encoder,
            seq_lens_decoder,
            has_running_seqs,
            step_input_ids,
            step_output_ids,
            step_output_len,
            stop_flags,
            seq_lens_this_time,
            is_paused,
            mask_rollback,
            token_ids_all,
            prompt_lens,
            step_idx,
            end_tokens,
            max_dec_len,
        ),
        _unified_update_model_status_arguments.attributes(is_naive_mode, prefill_one_step_stop),
    )


class VerifyStrategy(enum.IntEnum):
    """verify_draft_tokens: how a draft token is judged."""

    TOPP = 0
    GREEDY = 1
    TARGET_MATCH = 2


_verify_draft_tokens_arguments = _runtime.Arguments(
    "verify_draft_tokens",
    (
        ("step_output_ids", False),
        ("step_output_len", False),
        ("step_input_ids", False),
        ("target_tokens", True),
        ("candidate_ids", True),
        ("candidate_scores", True),
        ("candidate_lens", True),
        ("topp", False),
        ("stop_flags", False),
        ("seq_lens_encoder", False),
        ("seq_lens_this_time", False),
        ("end_tokens", False),
        ("is_block_step", False),
        ("cu_seqlens_q_output", False),
        ("reasoning_status", False),
        ("max_dec_len", False),
        ("step_idx", False),
    ),
    (
        ("max_seq_len", "int32", None),
        ("verify_window", "int32", None),
        ("verify_strategy", "enum", VerifyStrategy),
        ("reject_all", "bool", None),
        ("accept_all", "bool", None),
        ("seed", "int64", None),
    ),
)


def verify_draft_tokens(
    step_output_ids,
    step_output_len,
    step_input_ids,
    topp,
    stop_flags,
    seq_lens_encoder,
    seq_lens_this_time,
    end_tokens,
    is_block_step,
    cu_seqlens_q_output,
    reasoning_status,
    max_dec_len,
    step_idx,
    *,
    target_tokens=None,
    candidate_ids=None,
    candidate_scores=None,
    candidate_lens=None,
    max_seq_len=0,
    verify_window=2,
    verify_strategy=VerifyStrategy.TOPP,
    reject_all=False,
    accept_all=False,
    seed=-1,
):
    """Decide per slot which draft tokens the target model accepts, append one token of the
    target's own at the first rejected position, and write the resulting tokens and their
    count.

    Generated from opspec/verify_draft_tokens.yaml; dims: max_bsz, max_step_tokens, real_bsz, token_num, max_candidate_len, end_length.

    Args:
        step_output_ids: int64 [max_bsz, max_step_tokens], in-place. accepted tokens, then the target's token; -1 after.
        step_output_len: int32 [max_bsz], in-place. tokens written per slot.
        step_input_ids: int64 [max_bsz, max_step_tokens]. column 0: the token fed last step; columns 1 .. slt-1: the drafts.
        topp: float32 [max_bsz]. per-slot top-p, in (0, 1].
        stop_flags: bool [max_bsz]. slot already finished.
        seq_lens_encoder: int32 [max_bsz]. non-zero: the slot is in prefill this step.
        seq_lens_this_time: int32 [real_bsz]. tokens fed this step per slot (1 + drafts).
        end_tokens: int64 [end_length]. end-of-sequence ids.
        is_block_step: bool [max_bsz]. slot is parked this step.
        cu_seqlens_q_output: int32 [real_bsz + 1]. packed row offsets, [0] == 0.
        reasoning_status: int32 [max_bsz]. 0 thinking, 1 emitting the reasoning boundary, 2 response, 3 end.
        max_dec_len: int64 [max_bsz]. generation limit per slot.
        step_idx: int64 [max_bsz]. tokens generated so far.
        target_tokens: int64 [token_num], or None (required when verify_strategy is greedy or target_match). the target's token after each packed position.
        candidate_ids: int64 [token_num, max_candidate_len], or None (required when verify_strategy is topp). top candidates per packed position, best first.
        candidate_scores: float32 [token_num, max_candidate_len], or None (required when verify_strategy is topp). probabilities of the candidates.
        candidate_lens: int32 [token_num], or None (required when verify_strategy is topp). how many candidates lie inside top-p.
        max_seq_len: int, default 0. kept for interface compatibility, unused.
        verify_window: int, default 2. consecutive top-1 matches the window fallback needs.
        verify_strategy: VerifyStrategy | int, default topp. how a draft token is judged.
        reject_all: bool, default False. accept no draft (wins over accept_all).
        accept_all: bool, default False. accept every draft.
        seed: int, default -1. seed of the per-slot uniform draws; -1 takes a process-wide counter.

    Returns:
        (step_output_ids, step_output_len): the tensors passed in, updated in place.

    Raises:
        OpTypeError: a tensor has the wrong dtype, a required one is None, or an
            argument has the wrong type (an attribute not of its declared type).
        OpValueError: a shape, place, layout, size limit or attribute value is
            wrong, or two arguments share memory where the op writes one.
        Nothing is written when an error is raised.
    """
    if (
        type(max_seq_len) is not int
        or type(verify_window) is not int
        or (type(verify_strategy) is not VerifyStrategy and type(verify_strategy) is not int)
        or type(reject_all) is not bool
        or type(accept_all) is not bool
        or type(seed) is not int
    ):
        max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed = (
            _verify_draft_tokens_arguments.attributes(
                max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed
            )
        )
    if _in_dynamic_mode():
        try:
            _C.verify_draft_tokens(
                step_output_ids,
                step_output_len,
                step_input_ids,
                target_tokens,
                candidate_ids,
                candidate_scores,
                candidate_lens,
                topp,
                stop_flags,
                seq_lens_encoder,
                seq_lens_this_time,
                end_tokens,
                is_block_step,
                cu_seqlens_q_output,
                reasoning_status,
                max_dec_len,
                step_idx,
                max_seq_len,
                verify_window,
                verify_strategy,
                reject_all,
                accept_all,
                seed,
            )
        except _OpError:
            raise
        except TypeError as _error:
            raise _verify_draft_tokens_arguments.refused(
                _error,
                (
                    step_output_ids,
                    step_output_len,
                    step_input_ids,
                    target_tokens,
                    candidate_ids,
                    candidate_scores,
                    candidate_lens,
                    topp,
                    stop_flags,
                    seq_lens_encoder,
                    seq_lens_this_time,
                    end_tokens,
                    is_block_step,
                    cu_seqlens_q_output,
                    reasoning_status,
                    max_dec_len,
                    step_idx,
                ),
                (max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed),
            ) from None
        return step_output_ids, step_output_len
    return _runtime.run_static(
        "opforge_verify_draft_tokens",
        (
            step_output_ids,
            step_output_len,
            step_input_ids,
            target_tokens,
            candidate_ids,
            candidate_scores,
            candidate_lens,
            topp,
            stop_flags,
            seq_lens_encoder,
            seq_lens_this_time,
            end_tokens,
            is_block_step,
            cu_seqlens_q_output,
            reasoning_status,
            max_dec_len,
            step_idx,
        ),
        _verify_draft_tokens_arguments.attributes(
            max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed
        ),
    )
