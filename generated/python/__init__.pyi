# Generated from opspec/*.yaml by `python -m codegen`. Do not edit.
import enum

import paddle

__all__ = [
    "VerifyStrategy",
    "draft_model_preprocess",
    "draft_model_update",
    "ngram_match",
    "rebuild_padding",
    "speculate_get_output_padding_offset",
    "speculate_get_padding_offset",
    "speculate_get_seq_lens_output",
    "top_p_candidates",
    "unified_update_model_status",
    "verify_draft_tokens",
]

def draft_model_preprocess(
    seq_lens_this_time: paddle.Tensor,
    seq_lens_encoder: paddle.Tensor,
    stop_flags: paddle.Tensor,
    step_idx: paddle.Tensor,
    max_dec_len: paddle.Tensor,
    prompt_lens: paddle.Tensor,
    token_ids_all: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    draft_input_ids: paddle.Tensor,
    draft_seq_lens_this_time: paddle.Tensor,
    draft_seq_lens_encoder: paddle.Tensor,
    draft_seq_lens_decoder: paddle.Tensor,
    has_draft_seqs: paddle.Tensor,
) -> tuple[
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
]: ...
def draft_model_update(
    draft_next_tokens: paddle.Tensor,
    cu_seqlens_q: paddle.Tensor,
    draft_seq_lens_this_time: paddle.Tensor,
    draft_seq_lens_encoder: paddle.Tensor,
    draft_seq_lens_decoder: paddle.Tensor,
    draft_input_ids: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    step_idx: paddle.Tensor,
    max_dec_len: paddle.Tensor,
    end_tokens: paddle.Tensor,
    has_draft_seqs: paddle.Tensor,
    *,
    prefill_one_step_stop: bool = ...,
) -> tuple[
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
]: ...
def ngram_match(
    token_ids_all: paddle.Tensor,
    prompt_lens: paddle.Tensor,
    step_idx: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    seq_lens_encoder: paddle.Tensor,
    seq_lens_decoder: paddle.Tensor,
    max_dec_len: paddle.Tensor,
    *,
    draft_token_num: paddle.Tensor | None = ...,
    max_ngram_size: int = ...,
    max_draft_tokens: int = ...,
    infer_with_reference_tokenum_threshold: int = ...,
) -> tuple[paddle.Tensor, paddle.Tensor]: ...
def rebuild_padding(
    hidden: paddle.Tensor,
    cu_seqlens_q: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    seq_lens_encoder: paddle.Tensor,
    cu_seqlens_q_output: paddle.Tensor,
    *,
    cpu_out_token_num: int,
) -> paddle.Tensor: ...
def speculate_get_output_padding_offset(
    seq_lens_output: paddle.Tensor, *, cpu_out_token_num: int, max_seq_len: int
) -> tuple[paddle.Tensor, paddle.Tensor, paddle.Tensor, paddle.Tensor]: ...
def speculate_get_padding_offset(
    input_ids: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    seq_lens_encoder: paddle.Tensor,
    *,
    cpu_token_num: int,
) -> tuple[paddle.Tensor, paddle.Tensor, paddle.Tensor, paddle.Tensor]: ...
def speculate_get_seq_lens_output(
    seq_lens_this_time: paddle.Tensor, seq_lens_encoder: paddle.Tensor
) -> paddle.Tensor: ...
def top_p_candidates(
    probs: paddle.Tensor,
    top_p: paddle.Tensor,
    batch_id_per_token: paddle.Tensor,
    *,
    candidates_len: int,
) -> tuple[paddle.Tensor, paddle.Tensor, paddle.Tensor]: ...
def unified_update_model_status(
    seq_lens_encoder: paddle.Tensor,
    seq_lens_decoder: paddle.Tensor,
    has_running_seqs: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    step_output_ids: paddle.Tensor,
    step_output_len: paddle.Tensor,
    stop_flags: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    is_paused: paddle.Tensor,
    mask_rollback: paddle.Tensor,
    token_ids_all: paddle.Tensor,
    prompt_lens: paddle.Tensor,
    step_idx: paddle.Tensor,
    end_tokens: paddle.Tensor,
    max_dec_len: paddle.Tensor,
    *,
    is_naive_mode: bool = ...,
    prefill_one_step_stop: bool = ...,
) -> tuple[
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
    paddle.Tensor,
]: ...

class VerifyStrategy(enum.IntEnum):
    TOPP = 0
    GREEDY = 1
    TARGET_MATCH = 2

def verify_draft_tokens(
    step_output_ids: paddle.Tensor,
    step_output_len: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    topp: paddle.Tensor,
    stop_flags: paddle.Tensor,
    seq_lens_encoder: paddle.Tensor,
    seq_lens_this_time: paddle.Tensor,
    end_tokens: paddle.Tensor,
    is_block_step: paddle.Tensor,
    cu_seqlens_q_output: paddle.Tensor,
    reasoning_status: paddle.Tensor,
    max_dec_len: paddle.Tensor,
    step_idx: paddle.Tensor,
    *,
    target_tokens: paddle.Tensor | None = ...,
    candidate_ids: paddle.Tensor | None = ...,
    candidate_scores: paddle.Tensor | None = ...,
    candidate_lens: paddle.Tensor | None = ...,
    max_seq_len: int = ...,
    verify_window: int = ...,
    verify_strategy: VerifyStrategy | int = ...,
    reject_all: bool = ...,
    accept_all: bool = ...,
    seed: int = ...,
) -> tuple[paddle.Tensor, paddle.Tensor]: ...
