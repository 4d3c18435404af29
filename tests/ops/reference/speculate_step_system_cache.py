"""NumPy reference of ``speculate_step_system_cache`` (contract:
docs/ops/speculate_step_system_cache.md): speculate_step_paddle's steps
(``tests/ops/reference/speculate_step_paddle.py``, :func:`step`), with the recovered slot's
``seq_lens_decoder`` set to its ``ori_seq_lens_decoder`` (copied as it is: a length, never an
index)."""

from __future__ import annotations

import numpy as np

from tests.ops.reference.speculate_step_paddle import INOUT, step

__all__ = ["speculate_step_system_cache"]


def speculate_step_system_cache(
    stop_flags: np.ndarray,
    seq_lens_this_time: np.ndarray,
    ori_seq_lens_encoder: np.ndarray,
    ori_seq_lens_decoder: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    block_tables: np.ndarray,
    encoder_block_lens: np.ndarray,
    is_block_step: np.ndarray,
    step_block_list: np.ndarray,
    step_lens: np.ndarray,
    recover_block_list: np.ndarray,
    recover_lens: np.ndarray,
    need_block_list: np.ndarray,
    need_block_len: np.ndarray,
    used_list_len: np.ndarray,
    free_list: np.ndarray,
    free_list_len: np.ndarray,
    input_ids: np.ndarray,
    pre_ids: np.ndarray,
    step_idx: np.ndarray,
    first_token_ids: np.ndarray,
    accept_num: np.ndarray,
    *,
    block_size: int,
    max_draft_tokens: int,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order (speculate_step_paddle's
    ``INOUT``). The inputs are never modified."""
    t = {k: np.array(v, copy=True) for k, v in locals().items() if isinstance(v, np.ndarray)}
    step(
        t,
        block_size=block_size,
        max_draft_tokens=max_draft_tokens,
        ori_seq_lens_decoder=t["ori_seq_lens_decoder"],
    )
    return tuple(t[k] for k in INOUT)
