"""FastDeploy's own case of speculate_step_paddle (custom_ops/xpu_ops/test/test_speculate_step.py),
called as FastDeploy calls it: opforge.fastdeploy.gpu.speculate_step_paddle with its 23 tensors
and 3 attributes in its order (next_tokens and encoder_decoder_block_num passed and not used).
FastDeploy's test compares its XPU kernel with its CPU one; here its inputs, rebuilt with its
recipe (seed 2023, eight slots, 64-token blocks, a quarter of 512 blocks free), are run on every
backend and compared with the NumPy reference, in place, on each of its outputs."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_step_paddle import INOUT, speculate_step_paddle

BACKENDS = spec.backends(spec.project_op("speculate_step_paddle"))  # every backend its spec names
FD_ORDER = (
    "stop_flags",
    "seq_lens_this_time",
    "ori_seq_lens_encoder",
    "seq_lens_encoder",
    "seq_lens_decoder",
    "block_tables",
    "encoder_block_lens",
    "is_block_step",
    "step_block_list",
    "step_lens",
    "recover_block_list",
    "recover_lens",
    "need_block_list",
    "need_block_len",
    "used_list_len",
    "free_list",
    "free_list_len",
    "input_ids",
    "pre_ids",
    "step_idx",
    "next_tokens",
    "first_token_ids",
    "accept_num",
)


def fastdeploy_case() -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """FastDeploy's generate_test_data, its recipe and seed."""
    rng = np.random.RandomState(2023)
    max_bs = bs = 8
    max_seq_len, block_size, block_bs, block_ratio = 8192, 64, 8, 0.75
    stop_flags = rng.randint(0, 2, [max_bs]).astype("bool")
    seq_lens_this_time = np.zeros([bs], "int32")
    seq_lens_encoder = np.zeros([max_bs], "int32")
    seq_lens_decoder = np.zeros([max_bs], "int32")
    accept_num = rng.randint(1, 3, [max_bs]).astype("int32")
    for i in range(bs):
        seq_lens_decoder[i] = 2 + i * 2
        seq_lens_this_time[i] = 1
    ori_seq_lens_encoder = (seq_lens_decoder // 2).astype("int32")
    step_idx = (seq_lens_decoder - ori_seq_lens_encoder).astype("int64")
    max_block_num = block_bs * max_seq_len // block_size
    n_free = int(max_block_num * (1 - block_ratio))
    free_list_len = np.full([1], n_free, "int32")
    free_list = np.arange(max_block_num - 1, max_block_num - n_free - 1, -1, dtype="int32")
    encoder_block_lens = np.zeros([max_bs], "int32")
    used_list_len = np.zeros([max_bs], "int32")
    block_tables = np.full([max_bs, 128], -1, "int32")
    encoder_block_id = 0
    for i in range(bs):
        enc_block_num = (ori_seq_lens_encoder[i] + block_size - 1) // block_size
        encoder_block_lens[i] = enc_block_num
        dec_block_num = (seq_lens_decoder[i] + block_size - 1) // block_size - enc_block_num
        used_list_len[i] = dec_block_num
        block_tables[i, :enc_block_num] = np.arange(
            encoder_block_id, encoder_block_id + enc_block_num, 1, "int32"
        )
        encoder_block_id += enc_block_num
        if dec_block_num > 0:
            lo, hi = free_list_len[0] - 1 - dec_block_num, free_list_len[0] - 1
            block_tables[i, enc_block_num : enc_block_num + dec_block_num] = free_list[lo:hi]
            free_list[lo:hi] = -1
            free_list_len[0] -= dec_block_num
    is_block_step = np.zeros([max_bs], "bool")
    is_block_step[:bs] = rng.randint(0, 2, [bs]).astype("bool")
    step_block_list = np.full([max_bs], -1, "int32")
    step_lens = np.full([1], 0, "int32")
    for i in range(bs):
        if is_block_step[i]:
            step_block_list[step_lens[0]] = i
            step_lens[0] += 1
    t = {
        "stop_flags": stop_flags,
        "seq_lens_this_time": seq_lens_this_time,
        "ori_seq_lens_encoder": ori_seq_lens_encoder,
        "seq_lens_encoder": seq_lens_encoder,
        "seq_lens_decoder": seq_lens_decoder,
        "block_tables": block_tables,
        "encoder_block_lens": encoder_block_lens,
        "is_block_step": is_block_step,
        "step_block_list": step_block_list,
        "step_lens": step_lens,
        "recover_block_list": np.full([max_bs], -1, "int32"),
        "recover_lens": np.full([1], 0, "int32"),
        "need_block_list": np.full([max_bs], -1, "int32"),
        "need_block_len": np.full([1], 0, "int32"),
        "used_list_len": used_list_len,
        "free_list": free_list,
        "free_list_len": free_list_len,
        "input_ids": rng.randint(0, 1000, [max_bs, max_seq_len]).astype("int64"),
        "pre_ids": rng.randint(0, 1000, [max_bs, max_seq_len]).astype("int64"),
        "step_idx": step_idx,
        "next_tokens": rng.randint(0, 1000, [max_bs]).astype("int64"),
        "first_token_ids": rng.randint(0, 1000, [max_bs]).astype("int64"),
        "accept_num": accept_num,
    }
    return t, {"block_size": block_size, "encoder_decoder_block_num": 1, "max_draft_tokens": 1}


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_fastdeploy_case(backend_name: str) -> None:
    t, attrs = fastdeploy_case()
    spec_inputs = [t[k] for k in FD_ORDER if k != "next_tokens"]
    expected = speculate_step_paddle(
        *spec_inputs, block_size=attrs["block_size"], max_draft_tokens=attrs["max_draft_tokens"]
    )
    tensors = {k: paddle.to_tensor(v) for k, v in t.items()}
    with backend(backend_name):
        result = opforge.fastdeploy.gpu.speculate_step_paddle(
            *(tensors[k] for k in FD_ORDER),
            attrs["block_size"],
            attrs["encoder_decoder_block_num"],
            attrs["max_draft_tokens"],
        )
    assert result is None  # FastDeploy's C++ function is void
    for name, want in zip(INOUT, expected, strict=True):
        np.testing.assert_array_equal(tensors[name].numpy(), want, err_msg=name)
    # The case's stopped slots are released: each stopped, non-block-step slot's first token is -1.
    released = t["stop_flags"] & ~t["is_block_step"]
    assert (tensors["first_token_ids"].numpy()[released] == -1).all()
