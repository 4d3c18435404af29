"""speculate_pre_process called as FastDeploy calls it (fastdeploy/model_executor/pre_and_post_process.py,
``pre_process``; the XPU runner's ``xpu_pre_process`` makes the same call):
opforge.fastdeploy.gpu.speculate_pre_process with FastDeploy's six positional arguments, on every
backend. A port of the cases of FastDeploy's tests/operators/test_speculate_pre_process.py: its
mixed batch over every output-length branch, its empty step, its hand-checked token values and its
two random configurations, with the inputs rebuilt by its recipe (integer draws in [1, 1000) from
a seeded generator) and every output compared with the NumPy reference, whole (FastDeploy's test
compares batch_id_per_token_output's first real_output_token_num rows only: the rest is
uninitialised there, -1 here). And the op's relation to opforge's three separate ops: the same
layouts as speculate_get_padding_offset, speculate_get_seq_lens_output and
speculate_get_output_padding_offset chained."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_pre_process import speculate_pre_process

FD_ORDER = ("input_ids", "seq_len", "draft_tokens", "seq_lens_encoder", "seq_lens_decoder")
OUTPUTS = (
    "ids_remove_padding",
    "batch_id_per_token",
    "cu_seqlens_q",
    "cu_seqlens_k",
    "cu_seq_lens_q_output",
    "batch_id_per_token_output",
    "real_output_token_num",
)
BACKENDS = spec.backends(spec.project_op("speculate_pre_process"))  # every backend its spec names


def step_inputs(
    real_bsz: int,
    max_seq_len: int,
    max_draft_tokens: int,
    seq_lens: list[int],
    encoder: list[int],
    *,
    draft_tokens: list[list[int]] | None = None,
    input_ids: list[list[int]] | None = None,
    seed: int = 42,
) -> dict[str, np.ndarray]:
    """One step's inputs by the recipe of FastDeploy's test: prompt rows, then draft rows, drawn
    from one seeded generator where not given; seq_lens_decoder zeros (the op never reads it)."""
    rng = np.random.default_rng(seed)
    prompts = (
        rng.integers(1, 1000, size=(real_bsz, max_seq_len), dtype=np.int64)
        if input_ids is None
        else np.array(input_ids, np.int64).reshape(real_bsz, max_seq_len)
    )
    drafts = (
        rng.integers(1, 1000, size=(real_bsz, max_draft_tokens), dtype=np.int64)
        if draft_tokens is None
        else np.array(draft_tokens, np.int64).reshape(real_bsz, max_draft_tokens)
    )
    return {
        "input_ids": prompts,
        "seq_len": np.array(seq_lens, np.int32),
        "draft_tokens": drafts,
        "seq_lens_encoder": np.array(encoder, np.int32),
        "seq_lens_decoder": np.zeros(real_bsz, np.int32),
    }


def fastdeploy_call(
    backend_name: str, inputs: dict[str, np.ndarray], token_num: int, form: str = "gpu"
) -> dict[str, np.ndarray]:
    """FastDeploy's call on `backend_name`: its list of seven tensors, by name, as arrays. The
    count as each runner passes it: an int on GPU, a one-element int64 host tensor on XPU
    (``paddle.sum(seq_lens_this_time).cpu()``)."""
    tensors = [paddle.to_tensor(inputs[k]) for k in FD_ORDER]
    count = token_num if form == "gpu" else paddle.sum(tensors[1]).cpu()
    assert form == "gpu" or int(count) == token_num
    with backend(backend_name):
        out = getattr(opforge.fastdeploy, form).speculate_pre_process(count, *tensors)
    assert isinstance(out, list) and len(out) == len(OUTPUTS)  # FastDeploy returns a list of 7
    return {name: t.numpy() for name, t in zip(OUTPUTS, out, strict=True)}


def reference(inputs: dict[str, np.ndarray], token_num: int) -> dict[str, np.ndarray]:
    want = speculate_pre_process(
        inputs["input_ids"],
        inputs["seq_len"],
        inputs["draft_tokens"],
        inputs["seq_lens_encoder"],
        cpu_token_num=token_num,
    )
    return dict(zip(OUTPUTS, want, strict=True))


def assert_matches_reference(
    got: dict[str, np.ndarray], inputs: dict[str, np.ndarray], token_num: int
) -> None:
    for name, want in reference(inputs, token_num).items():
        assert got[name].dtype == want.dtype, name
        np.testing.assert_array_equal(got[name], want, err_msg=name)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_mixed_batch_all_branches(backend_name: str) -> None:
    # Slot 0 idle; 1 one decode token; 2 a prefill chunk of 5; 3 a decode slot of 4; 4 a prefill
    # chunk of 1; 5 a decode slot filling its draft row (8).
    inputs = step_inputs(6, 16, 8, [0, 1, 5, 4, 1, 8], [0, 0, 3, 0, 2, 0])
    got = fastdeploy_call(backend_name, inputs, 19)
    assert_matches_reference(got, inputs, 19)
    assert got["cu_seqlens_q"].tolist() == [0, 0, 1, 6, 10, 11, 19]
    assert got["cu_seq_lens_q_output"].tolist() == [0, 0, 1, 2, 6, 7, 15]
    assert got["real_output_token_num"].tolist() == [15]
    assert got["batch_id_per_token_output"][:15].tolist() == [1, 2, 3, 3, 3, 3, 4] + [5] * 8
    assert (got["batch_id_per_token_output"][15:] == -1).all()  # 48 rows: the rest is no slot's
    np.testing.assert_array_equal(got["ids_remove_padding"][1:6], inputs["input_ids"][2, :5])
    np.testing.assert_array_equal(got["ids_remove_padding"][11:], inputs["draft_tokens"][5])


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_all_zero_seq_lens(backend_name: str) -> None:
    # FastDeploy returns its seven outputs unwritten for an empty step; here every element is set.
    inputs = step_inputs(
        3, 8, 4, [0, 0, 0], [0, 0, 0], input_ids=[[0] * 8] * 3, draft_tokens=[[0] * 4] * 3
    )
    got = fastdeploy_call(backend_name, inputs, 0)
    assert_matches_reference(got, inputs, 0)
    assert got["ids_remove_padding"].shape == (0,) and got["batch_id_per_token"].shape == (0,)
    assert got["cu_seqlens_q"].tolist() == got["cu_seq_lens_q_output"].tolist() == [0, 0, 0, 0]
    assert got["batch_id_per_token_output"].tolist() == [-1] * 12
    assert got["real_output_token_num"].tolist() == [0]
    # FastDeploy's test then copies the two output-side tensors into buffers and slices by the count.
    cu_buffer = paddle.empty([4], dtype="int32")
    cu_buffer.copy_(paddle.to_tensor(got["cu_seq_lens_q_output"]), False)
    assert cu_buffer.numpy().tolist() == [0, 0, 0, 0]
    assert got["batch_id_per_token_output"][: int(got["real_output_token_num"][0])].size == 0


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_exact_token_values(backend_name: str) -> None:
    # Slot 0 decodes three tokens from its draft row; slot 1 prefills two from its prompt row.
    inputs = step_inputs(
        2,
        4,
        4,
        [3, 2],
        [0, 5],
        draft_tokens=[[10, 11, 12, 13], [20, 21, 22, 23]],
        input_ids=[[100, 101, 102, 103], [200, 201, 202, 203]],
    )
    got = fastdeploy_call(backend_name, inputs, 5)
    assert_matches_reference(got, inputs, 5)
    assert got["ids_remove_padding"].tolist() == [10, 11, 12, 200, 201]
    assert got["batch_id_per_token"].tolist() == [0, 0, 0, 1, 1]
    assert got["cu_seqlens_q"].tolist() == [0, 3, 5]
    assert got["real_output_token_num"].tolist() == [4]  # three decode rows and one prefill row
    assert got["batch_id_per_token_output"].tolist() == [0, 0, 0, 1, -1, -1, -1, -1]


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(
    ("real_bsz", "max_seq_len", "max_draft_tokens", "seed"), [(7, 32, 8, 200), (32, 128, 16, 400)]
)
def test_random_configs(
    backend_name: str, real_bsz: int, max_seq_len: int, max_draft_tokens: int, seed: int
) -> None:
    rng = np.random.default_rng(seed)
    seq_lens = rng.integers(0, max_draft_tokens + 1, size=real_bsz).tolist()
    encoder = rng.integers(0, 3, size=real_bsz).tolist()
    inputs = step_inputs(real_bsz, max_seq_len, max_draft_tokens, seq_lens, encoder, seed=seed)
    token_num = int(np.sum(inputs["seq_len"]))
    got = fastdeploy_call(backend_name, inputs, token_num)
    assert_matches_reference(got, inputs, token_num)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_xpu_form(backend_name: str) -> None:
    # FastDeploy's XPU runner makes the same call with the count in a host tensor, and per-slot
    # buffers of [max_num_seqs, 1].
    inputs = step_inputs(4, 6, 3, [3, 0, 6, 1], [0, 0, 6, 0], seed=7)
    inputs["seq_len"] = inputs["seq_len"].reshape(-1, 1)
    inputs["seq_lens_encoder"] = inputs["seq_lens_encoder"].reshape(-1, 1)
    got = fastdeploy_call(backend_name, inputs, 10, form="xpu")
    flat = {k: v.reshape(-1) if k.startswith("seq_len") else v for k, v in inputs.items()}
    assert_matches_reference(got, flat, 10)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_equals_the_three_ops_chained(backend_name: str) -> None:
    # With draft rows at least one column wide, the op is speculate_get_padding_offset (the draft
    # rows as step_input_ids), speculate_get_seq_lens_output, and speculate_get_output_padding_offset
    # over FastDeploy's output buffer of real_bsz * max_draft_tokens rows.
    rng = np.random.default_rng(11)
    real_bsz, max_seq_len, max_draft_tokens = 9, 12, 4
    encoder = (rng.random(real_bsz) < 0.3) * rng.integers(1, 9, size=real_bsz)
    seq_lens = np.where(
        encoder > 0, rng.integers(1, max_seq_len + 1, real_bsz), rng.integers(0, 5, real_bsz)
    )
    inputs = step_inputs(
        real_bsz, max_seq_len, max_draft_tokens, seq_lens.tolist(), encoder.tolist(), seed=12
    )
    token_num = int(seq_lens.sum())
    got = fastdeploy_call(backend_name, inputs, token_num)
    t = {k: paddle.to_tensor(v) for k, v in inputs.items()}
    with backend(backend_name):
        ids, slots, cu_q, cu_k = opforge.speculate_get_padding_offset(
            t["input_ids"],
            t["draft_tokens"],
            t["seq_len"],
            t["seq_lens_encoder"],
            cpu_token_num=token_num,
        )
        seq_lens_output = opforge.speculate_get_seq_lens_output(t["seq_len"], t["seq_lens_encoder"])
        _, _, cu_out, slots_out = opforge.speculate_get_output_padding_offset(
            seq_lens_output, cpu_out_token_num=real_bsz * max_draft_tokens, max_seq_len=max_seq_len
        )
    chained = [ids, slots, cu_q, cu_k, cu_out, slots_out]
    for name, tensor in zip(OUTPUTS, chained, strict=False):
        np.testing.assert_array_equal(got[name], tensor.numpy(), err_msg=name)
    assert got["real_output_token_num"].tolist() == [int(seq_lens_output.numpy().sum())]
