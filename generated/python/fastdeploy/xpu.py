# Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
"""FastDeploy's XPU ops (``fastdeploy.model_executor.ops.xpu``) on opforge.

Each function takes FastDeploy's arguments in FastDeploy's positional order
(its Python call's, as declared in the op's spec) and returns what FastDeploy
returns: None for an op that updates its tensors in place, else the tensor or
the list FastDeploy gives. It calls the opforge op of the same name, so every
check of opforge's API holds; its page in docs/ops/ states each difference
from FastDeploy's op.
"""

import opforge as _ops
from opforge import _runtime

__all__ = [
    "draft_model_postprocess",
    "eagle_get_hidden_states",
    "eagle_get_self_hidden_states",
    "mtp_step_paddle",
    "speculate_get_output_padding_offset",
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
    "unified_update_model_status",
    "verify_draft_tokens",
]


def draft_model_postprocess(
    base_model_draft_tokens,
    base_model_seq_lens_this_time,
    base_model_seq_lens_encoder,
    base_model_stop_flags,
):
    """FastDeploy's XPU ``draft_model_postprocess``, called as FastDeploy calls it: opforge.draft_model_postprocess.

    Generated from opspec/draft_model_postprocess.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.draft_model_postprocess(
        base_model_draft_tokens=base_model_draft_tokens,
        base_model_seq_lens_this_time=base_model_seq_lens_this_time,
        base_model_seq_lens_encoder=base_model_seq_lens_encoder,
        base_model_stop_flags=base_model_stop_flags,
    )
    return None


def eagle_get_hidden_states(
    input,
    seq_lens_this_time,
    seq_lens_encoder,
    seq_lens_decoder,
    stop_flags,
    accept_nums,
    base_model_seq_lens_this_time,
    base_model_seq_lens_encoder,
    actual_draft_token_num,
):
    """FastDeploy's XPU ``eagle_get_hidden_states``, called as FastDeploy calls it: opforge.eagle_get_hidden_states.

    Generated from opspec/eagle_get_hidden_states.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_decoder: FastDeploy's kernels never read it.
        stop_flags: FastDeploy's kernels never read it (a stopped slot has seq_lens_this_time 0).
        base_model_seq_lens_encoder: FastDeploy's XPU3 kernel loads it and never uses it.
        actual_draft_token_num: FastDeploy's XPU3 kernel never reads it.

    Returns:
        [out] (a list).
    """
    _out = _ops.eagle_get_hidden_states(
        hidden_states=input,
        seq_lens_this_time=seq_lens_this_time,
        seq_lens_encoder=seq_lens_encoder,
        accept_nums=accept_nums,
        base_model_seq_lens_this_time=base_model_seq_lens_this_time,
    )
    return [_out[0]]


def eagle_get_self_hidden_states(input, last_seq_lens_this_time, seq_lens_this_time, step_idx):
    """FastDeploy's XPU ``eagle_get_self_hidden_states``, called as FastDeploy calls it: opforge.eagle_get_self_hidden_states.

    Generated from opspec/eagle_get_self_hidden_states.yaml (its fastdeploy.xpu section).

    Returns:
        [out] (a list).
    """
    _out = _ops.eagle_get_self_hidden_states(
        hidden_states=input,
        last_seq_lens_this_time=last_seq_lens_this_time,
        seq_lens_this_time=seq_lens_this_time,
        step_idx=step_idx,
    )
    return [_out[0]]


def mtp_step_paddle(
    base_model_stop_flags,
    stop_flags,
    batch_drop,
    seq_lens_this_time,
    seq_lens_encoder,
    seq_lens_decoder,
    block_tables,
    encoder_block_lens,
    used_list_len,
    free_list,
    free_list_len,
    block_size,
    max_draft_tokens,
):
    """FastDeploy's XPU ``mtp_step_paddle``, called as FastDeploy calls it: opforge.mtp_step_paddle.

    Generated from opspec/mtp_step_paddle.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_encoder: FastDeploy's kernels take it and never read it.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.mtp_step_paddle(
        base_model_stop_flags=base_model_stop_flags,
        stop_flags=stop_flags,
        batch_drop=batch_drop,
        seq_lens_this_time=seq_lens_this_time,
        seq_lens_decoder=seq_lens_decoder,
        block_tables=block_tables,
        encoder_block_lens=encoder_block_lens,
        used_list_len=used_list_len,
        free_list=free_list,
        free_list_len=free_list_len,
        block_size=block_size,
        max_draft_tokens=max_draft_tokens,
    )
    return None


def speculate_get_output_padding_offset(
    output_cum_offsets_tmp, out_token_num, seq_lens_output, max_seq_len
):
    """FastDeploy's XPU ``speculate_get_output_padding_offset``, called as FastDeploy calls it: opforge.speculate_get_output_padding_offset.

    Generated from opspec/speculate_get_output_padding_offset.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        output_cum_offsets_tmp: the offsets follow from seq_lens_output itself here; FastDeploy's caller computes
            them with a separate cumsum.

    Returns:
        [output_padding_offset, output_cum_offsets] (a list).
    """
    _out = _ops.speculate_get_output_padding_offset(
        cpu_out_token_num=_runtime.tensor_value(
            "speculate_get_output_padding_offset", "out_token_num", out_token_num
        ),
        seq_lens_output=seq_lens_output,
        max_seq_len=max_seq_len,
    )
    return [_out[0], _out[1]]


def speculate_get_seq_lens_output(seq_lens_this_time, seq_lens_encoder, seq_lens_decoder):
    """FastDeploy's XPU ``speculate_get_seq_lens_output``, called as FastDeploy calls it: opforge.speculate_get_seq_lens_output.

    Generated from opspec/speculate_get_seq_lens_output.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_decoder: FastDeploy's kernel takes it and never reads it.

    Returns:
        [seq_lens_output] (a list).
    """
    _out = _ops.speculate_get_seq_lens_output(
        seq_lens_this_time=seq_lens_this_time, seq_lens_encoder=seq_lens_encoder
    )
    return [_out]


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
    seq_lens_this_time,
    output_padding_offset,
    output_cum_offsets,
    max_seq_len,
):
    """FastDeploy's XPU ``speculate_get_token_penalty_multi_scores``, called as FastDeploy calls it: opforge.speculate_get_token_penalty_multi_scores.

    Generated from opspec/speculate_get_token_penalty_multi_scores.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_this_time: FastDeploy reads only its length, the slot count, which penalty_scores and the other
            per-slot tensors give.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_get_token_penalty_multi_scores(
        pre_ids=pre_ids,
        logits=logits,
        penalty_scores=penalty_scores,
        frequency_scores=frequency_scores,
        presence_scores=presence_scores,
        temperatures=temperatures,
        bad_tokens=bad_tokens,
        cur_len=cur_len,
        min_len=min_len,
        eos_token_id=eos_token_id,
        output_padding_offset=output_padding_offset,
        output_cum_offsets=output_cum_offsets,
        max_seq_len=max_seq_len,
    )
    return None


def speculate_limit_thinking_content_length_v1(
    next_tokens,
    max_think_lens,
    step_idx,
    limit_think_status,
    accept_num,
    seq_lens_decoder,
    stop_flags,
    eos_token_ids,
    think_end_id,
):
    """FastDeploy's XPU ``speculate_limit_thinking_content_length_v1``, called as FastDeploy calls it: opforge.speculate_limit_thinking_content_length_v1.

    Generated from opspec/speculate_limit_thinking_content_length_v1.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_limit_thinking_content_length_v1(
        next_tokens=next_tokens,
        max_think_lens=max_think_lens,
        step_idx=step_idx,
        limit_think_status=limit_think_status,
        accept_num=accept_num,
        seq_lens_decoder=seq_lens_decoder,
        stop_flags=stop_flags,
        eos_token_ids=eos_token_ids,
        think_end_id=think_end_id,
    )
    return None


def speculate_limit_thinking_content_length_v2(
    next_tokens,
    max_think_lens,
    step_idx,
    limit_think_status,
    accept_num,
    seq_lens_decoder,
    stop_flags,
    think_end_id,
    line_break_id,
):
    """FastDeploy's XPU ``speculate_limit_thinking_content_length_v2``, called as FastDeploy calls it: opforge.speculate_limit_thinking_content_length_v2.

    Generated from opspec/speculate_limit_thinking_content_length_v2.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_limit_thinking_content_length_v2(
        next_tokens=next_tokens,
        max_think_lens=max_think_lens,
        step_idx=step_idx,
        limit_think_status=limit_think_status,
        accept_num=accept_num,
        seq_lens_decoder=seq_lens_decoder,
        stop_flags=stop_flags,
        think_end_id=think_end_id,
        line_break_id=line_break_id,
    )
    return None


def speculate_pre_process(
    cpu_token_num, input_ids, seq_len, draft_tokens, seq_lens_encoder, seq_lens_decoder
):
    """FastDeploy's XPU ``speculate_pre_process``, called as FastDeploy calls it: opforge.speculate_pre_process.

    Generated from opspec/speculate_pre_process.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_decoder: FastDeploy's kernels take it and never read it.

    Returns:
        [ids_remove_padding, batch_id_per_token, cu_seqlens_q, cu_seqlens_k, cu_seq_lens_q_output, batch_id_per_token_output, real_output_token_num] (a list).
    """
    _out = _ops.speculate_pre_process(
        cpu_token_num=_runtime.tensor_value(
            "speculate_pre_process", "cpu_token_num", cpu_token_num
        ),
        input_ids=input_ids,
        seq_len=seq_len,
        draft_tokens=draft_tokens,
        seq_lens_encoder=seq_lens_encoder,
    )
    return [_out[0], _out[1], _out[2], _out[3], _out[4], _out[5], _out[6]]


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
    block_size,
    max_draft_tokens,
):
    """FastDeploy's XPU ``speculate_schedule_cache``, called as FastDeploy calls it: opforge.speculate_schedule_cache.

    Generated from opspec/speculate_schedule_cache.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_schedule_cache(
        draft_tokens=draft_tokens,
        block_tables=block_tables,
        stop_flags=stop_flags,
        prompt_lens=prompt_lens,
        seq_lens_this_time=seq_lens_this_time,
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        step_seq_lens_decoder=step_seq_lens_decoder,
        step_draft_tokens=step_draft_tokens,
        step_seq_lens_this_time=step_seq_lens_this_time,
        accept_num=accept_num,
        accept_tokens=accept_tokens,
        is_block_step=is_block_step,
        not_need_stop=not_need_stop,
        block_size=block_size,
        max_draft_tokens=max_draft_tokens,
    )
    return None


def speculate_set_stop_value_multi_seqs(
    accept_tokens,
    accept_num,
    pre_ids,
    step_idx,
    stop_flags,
    seq_lens,
    stop_seqs,
    stop_seqs_len,
    end_ids,
    min_tokens,
):
    """FastDeploy's XPU ``speculate_set_stop_value_multi_seqs``, called as FastDeploy calls it: opforge.speculate_set_stop_value_multi_seqs.

    Generated from opspec/speculate_set_stop_value_multi_seqs.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens: FastDeploy's kernels never read it (the caller passes seq_lens_this_time).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_set_stop_value_multi_seqs(
        accept_tokens=accept_tokens,
        accept_num=accept_num,
        pre_ids=pre_ids,
        step_idx=step_idx,
        stop_flags=stop_flags,
        stop_seqs=stop_seqs,
        stop_seqs_len=stop_seqs_len,
        end_ids=end_ids,
        min_tokens=min_tokens,
    )
    return None


def speculate_set_value_by_flags_and_idx(
    pre_ids_all,
    accept_tokens,
    accept_num,
    stop_flags,
    seq_lens_this_time,
    seq_lens_encoder,
    seq_lens_decoder,
    step_idx,
):
    """FastDeploy's XPU ``speculate_set_value_by_flags_and_idx``, called as FastDeploy calls it: opforge.speculate_set_value_by_flags_and_idx.

    Generated from opspec/speculate_set_value_by_flags_and_idx.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        seq_lens_this_time: FastDeploy reads only its length, the batch size, which the other tensors give.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_set_value_by_flags_and_idx(
        pre_ids_all=pre_ids_all,
        accept_tokens=accept_tokens,
        accept_num=accept_num,
        stop_flags=stop_flags,
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        step_idx=step_idx,
    )
    return None


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
    next_tokens,
    first_token_ids,
    accept_num,
    block_size,
    encoder_decoder_block_num,
    max_draft_tokens,
):
    """FastDeploy's XPU ``speculate_step_paddle``, called as FastDeploy calls it: opforge.speculate_step_paddle.

    Generated from opspec/speculate_step_paddle.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        next_tokens: FastDeploy's kernels no longer write the next token into input_ids (the line is
            commented out), so the op never reads it.
        encoder_decoder_block_num: FastDeploy's op reads it only in a commented-out line; the decoder-block limit is
            input_ids' width // block_size.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_step_paddle(
        stop_flags=stop_flags,
        seq_lens_this_time=seq_lens_this_time,
        ori_seq_lens_encoder=ori_seq_lens_encoder,
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        block_tables=block_tables,
        encoder_block_lens=encoder_block_lens,
        is_block_step=is_block_step,
        step_block_list=step_block_list,
        step_lens=step_lens,
        recover_block_list=recover_block_list,
        recover_lens=recover_lens,
        need_block_list=need_block_list,
        need_block_len=need_block_len,
        used_list_len=used_list_len,
        free_list=free_list,
        free_list_len=free_list_len,
        input_ids=input_ids,
        pre_ids=pre_ids,
        step_idx=step_idx,
        first_token_ids=first_token_ids,
        accept_num=accept_num,
        block_size=block_size,
        max_draft_tokens=max_draft_tokens,
    )
    return None


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
    next_tokens,
    first_token_ids,
    accept_num,
    block_size,
    encoder_decoder_block_num,
    max_draft_tokens,
):
    """FastDeploy's XPU ``speculate_step_system_cache``, called as FastDeploy calls it: opforge.speculate_step_system_cache.

    Generated from opspec/speculate_step_system_cache.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        next_tokens: FastDeploy's kernels no longer write the next token into input_ids (the line is
            commented out), so the op never reads it.
        encoder_decoder_block_num: FastDeploy's op reads it only in a commented-out line; the decoder-block limit is
            input_ids' width // block_size.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_step_system_cache(
        stop_flags=stop_flags,
        seq_lens_this_time=seq_lens_this_time,
        ori_seq_lens_encoder=ori_seq_lens_encoder,
        ori_seq_lens_decoder=ori_seq_lens_decoder,
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        block_tables=block_tables,
        encoder_block_lens=encoder_block_lens,
        is_block_step=is_block_step,
        step_block_list=step_block_list,
        step_lens=step_lens,
        recover_block_list=recover_block_list,
        recover_lens=recover_lens,
        need_block_list=need_block_list,
        need_block_len=need_block_len,
        used_list_len=used_list_len,
        free_list=free_list,
        free_list_len=free_list_len,
        input_ids=input_ids,
        pre_ids=pre_ids,
        step_idx=step_idx,
        first_token_ids=first_token_ids,
        accept_num=accept_num,
        block_size=block_size,
        max_draft_tokens=max_draft_tokens,
    )
    return None


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
):
    """FastDeploy's XPU ``speculate_update``, called as FastDeploy calls it: opforge.speculate_update.

    Generated from opspec/speculate_update.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.speculate_update(
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        not_need_stop=not_need_stop,
        draft_tokens=draft_tokens,
        actual_draft_token_nums=actual_draft_token_nums,
        accept_tokens=accept_tokens,
        accept_num=accept_num,
        stop_flags=stop_flags,
        seq_lens_this_time=seq_lens_this_time,
        is_block_step=is_block_step,
        mask_rollback=mask_rollback,
    )
    return None


def unified_update_model_status(
    seq_lens_encoder,
    seq_lens_decoder,
    has_running_seqs,
    step_input_ids,
    adaptive_step_input_len,
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
):
    """FastDeploy's XPU ``unified_update_model_status``, called as FastDeploy calls it: opforge.unified_update_model_status.

    Generated from opspec/unified_update_model_status.yaml (its fastdeploy.xpu section).

    Passed by FastDeploy and not used here:
        adaptive_step_input_len: FastDeploy maps it in place, and neither its GPU kernel nor its XPU kernels read or
            write it.

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.unified_update_model_status(
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_decoder=seq_lens_decoder,
        has_running_seqs=has_running_seqs,
        step_input_ids=step_input_ids,
        step_output_ids=step_output_ids,
        step_output_len=step_output_len,
        stop_flags=stop_flags,
        seq_lens_this_time=seq_lens_this_time,
        is_paused=is_paused,
        mask_rollback=mask_rollback,
        token_ids_all=token_ids_all,
        prompt_lens=prompt_lens,
        step_idx=step_idx,
        end_tokens=end_tokens,
        max_dec_len=max_dec_len,
        is_naive_mode=is_naive_mode,
        prefill_one_step_stop=prefill_one_step_stop,
    )
    return None


def verify_draft_tokens(
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
):
    """FastDeploy's XPU ``verify_draft_tokens``, called as FastDeploy calls it: opforge.verify_draft_tokens.

    Generated from opspec/verify_draft_tokens.yaml (its fastdeploy.xpu section).

    Returns:
        None (the op updates its tensors in place).
    """
    _ops.verify_draft_tokens(
        step_output_ids=step_output_ids,
        step_output_len=step_output_len,
        step_input_ids=step_input_ids,
        target_tokens=target_tokens,
        candidate_ids=candidate_ids,
        candidate_scores=candidate_scores,
        candidate_lens=candidate_lens,
        topp=topp,
        stop_flags=stop_flags,
        seq_lens_encoder=seq_lens_encoder,
        seq_lens_this_time=seq_lens_this_time,
        end_tokens=end_tokens,
        is_block_step=is_block_step,
        cu_seqlens_q_output=cu_seqlens_q_output,
        reasoning_status=reasoning_status,
        max_dec_len=max_dec_len,
        step_idx=step_idx,
        max_seq_len=max_seq_len,
        verify_window=verify_window,
        verify_strategy=verify_strategy,
        reject_all=reject_all,
        accept_all=accept_all,
    )
    return None
