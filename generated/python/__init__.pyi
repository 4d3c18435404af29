# Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
import enum

import paddle

__all__ = [
    "VerifyStrategy",
    "verify_draft_tokens",
]

class VerifyStrategy(enum.IntEnum):
    TOPP = 0
    GREEDY = 1
    TARGET_MATCH = 2

def verify_draft_tokens(
    step_output_ids: paddle.Tensor,
    step_output_len: paddle.Tensor,
    step_input_ids: paddle.Tensor,
    target_tokens: paddle.Tensor | None,
    candidate_ids: paddle.Tensor | None,
    candidate_scores: paddle.Tensor | None,
    candidate_lens: paddle.Tensor | None,
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
    max_seq_len: int = ...,
    verify_window: int = ...,
    verify_strategy: VerifyStrategy | int = ...,
    reject_all: bool = ...,
    accept_all: bool = ...,
    seed: int = ...,
) -> tuple[paddle.Tensor, paddle.Tensor]: ...
