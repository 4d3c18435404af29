"""FastDeploy's own cases of speculate_get_token_penalty_multi_scores
(tests/operators/test_speculate_get_token_penalty_multi_scores.py on GPU,
custom_ops/xpu_ops/test/test_speculate_get_token_penalty_multi_scores.py on
XPU), rebuilt with their recipes and called as FastDeploy calls the op: its
fourteen positional arguments, seq_lens_this_time included, through
opforge.fastdeploy.gpu / .xpu, on every backend. The expected logits come from
the NumPy reference (tests/ops/reference/), not from FastDeploy's code.

The XPU test's sizes (a 100,352-token vocabulary, 12,288 tokens of history)
are scaled down to keep the simulated backends quick; its recipe is kept."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_get_token_penalty_multi_scores import (
    speculate_get_token_penalty_multi_scores as reference,
)

OP = "speculate_get_token_penalty_multi_scores"

BACKENDS = spec.backends(
    spec.project_op("speculate_get_token_penalty_multi_scores")
)  # every backend its spec names


def padding_offsets(bs: int, max_seq_len: int) -> tuple[np.ndarray, np.ndarray]:
    """FastDeploy's tests' layout: one output row per slot."""
    tokens = [1] * bs
    output_padding_offset: list[int] = []
    output_cum_offsets = [0]
    offset = 0
    for b in range(bs):
        output_padding_offset += [offset] * tokens[b]
        offset += max_seq_len - tokens[b]
        output_cum_offsets.append(offset)
    return (
        np.array(output_padding_offset, np.int32),
        np.array(output_cum_offsets[:-1], np.int32),
    )


def gpu_case(seed: int) -> tuple[dict[str, np.ndarray], int]:
    """The GPU test's recipe: bad_tokens [bs, 1] (all 1), eos_token_id [bs]."""
    rng = np.random.RandomState(seed)
    bs, max_seq_len, pre_ids_len, logits_len = 64, 1024, 122, 110
    opo, cum = padding_offsets(bs, max_seq_len)
    pre_ids = rng.randint(1, logits_len, size=(bs, pre_ids_len))
    negative_start = rng.randint(1, pre_ids_len + 1, size=(bs))
    for i in range(bs):
        pre_ids[:, negative_start[i] :] = -1  # as the test does: every row, each time
    arrays = {
        "pre_ids": pre_ids.astype(np.int64),
        "logits": np.zeros([bs, logits_len], np.float32),
        "penalty_scores": rng.random_sample([bs]).astype(np.float32),
        "frequency_scores": rng.random_sample([bs]).astype(np.float32),
        "presence_scores": rng.random_sample([bs]).astype(np.float32),
        "temperatures": rng.random_sample([bs]).astype(np.float32),
        "bad_tokens": rng.randint(1, 2, size=([bs, 1])).astype(np.int64),
        "cur_len": rng.randint(1, 50, size=(bs)).astype(np.int64),
        "min_len": rng.randint(1, 50, size=(bs)).astype(np.int64),
        "eos_token_id": rng.randint(1, 64, size=(bs)).astype(np.int64),
        "seq_lens_this_time": np.zeros(bs, np.int32),  # "value of seq_len_this_time is useless"
        "output_padding_offset": opo,
        "output_cum_offsets": cum,
    }
    return arrays, max_seq_len


def xpu_case(seed: int) -> tuple[dict[str, np.ndarray], int]:
    """The XPU test's recipe at smaller sizes: one shared bad token [1], one eos [1],
    random logits (the test's commented-out variant) besides its zeros."""
    rng = np.random.RandomState(seed)
    bs, max_seq_len, pre_ids_len, logits_len = 64, 32768, 300, 2100
    opo, cum = padding_offsets(bs, max_seq_len)
    pre_ids = rng.randint(1, logits_len, size=(bs, pre_ids_len))
    negative_start = rng.randint(1, pre_ids_len + 1, size=(bs))
    for i in range(bs):
        pre_ids[:, negative_start[i] :] = -1
    logits = (
        np.zeros([bs, logits_len], np.float32)
        if seed % 2 == 0
        else rng.random_sample([bs, logits_len]).astype(np.float32) * 4 - 2
    )
    arrays = {
        "pre_ids": pre_ids.astype(np.int64),
        "logits": logits,
        "penalty_scores": rng.random_sample([bs]).astype(np.float32),
        "frequency_scores": rng.random_sample([bs]).astype(np.float32),
        "presence_scores": rng.random_sample([bs]).astype(np.float32),
        "temperatures": rng.random_sample([bs]).astype(np.float32),
        "bad_tokens": rng.randint(0, 101, size=(1)).astype(np.int64),
        "cur_len": rng.randint(1, 50, size=(bs)).astype(np.int64),
        "min_len": rng.randint(1, 50, size=(bs)).astype(np.int64),
        "eos_token_id": rng.randint(1, 101, size=(1)).astype(np.int64),
        "seq_lens_this_time": np.zeros(bs, np.int32),
        "output_padding_offset": opo,
        "output_cum_offsets": cum,
    }
    return arrays, max_seq_len


ORDER = (
    "pre_ids",
    "logits",
    "penalty_scores",
    "frequency_scores",
    "presence_scores",
    "temperatures",
    "bad_tokens",
    "cur_len",
    "min_len",
    "eos_token_id",
    "seq_lens_this_time",
    "output_padding_offset",
    "output_cum_offsets",
)


def expected(arrays: dict[str, np.ndarray], max_seq_len: int, dtype: str) -> np.ndarray:
    """The reference on the case, the scores in T as the op takes them."""
    ins = {k: v.copy() for k, v in arrays.items() if k != "seq_lens_this_time"}
    for name in ("logits", "penalty_scores", "frequency_scores", "presence_scores"):
        ins[name] = paddle.to_tensor(ins[name]).astype(dtype).numpy()
    want = reference(*ins.values(), max_seq_len=max_seq_len)
    return paddle.to_tensor(want).astype("float32").numpy()


def run(
    form: object, arrays: dict[str, np.ndarray], max_seq_len: int, dtype: str
) -> tuple[object, np.ndarray]:
    tensors = {k: paddle.to_tensor(v) for k, v in arrays.items()}
    for name in ("logits", "penalty_scores", "frequency_scores", "presence_scores"):
        tensors[name] = tensors[name].astype(dtype)
    logits = tensors["logits"]
    returned = getattr(form, OP)(*(tensors[k] for k in ORDER), max_seq_len)
    return returned, logits.astype("float32").numpy()


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("seed", [2023, 7])
def test_gpu_test_case(backend_name: str, seed: int) -> None:
    arrays, max_seq_len = gpu_case(seed)
    with backend(backend_name):
        returned, got = run(opforge.fastdeploy.gpu, arrays, max_seq_len, "float32")
    assert returned is None  # FastDeploy's GPU op returns nothing: logits in place
    np.testing.assert_array_equal(got, expected(arrays, max_seq_len, "float32"))
    # What the case reaches: token 1 banned in every row (bad_tokens), and the
    # history penalised where it was (ids in [1, 110)).
    assert (got[:, 1] == np.float32(-1e10)).all()


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(("seed", "dtype"), [(1, "float32"), (2, "float32"), (3, "bfloat16")])
def test_xpu_test_case(backend_name: str, seed: int, dtype: str) -> None:
    arrays, max_seq_len = xpu_case(seed)
    with backend(backend_name):
        returned, got = run(opforge.fastdeploy.xpu, arrays, max_seq_len, dtype)
    assert returned is None  # FastDeploy's XPU op returns nothing either
    np.testing.assert_array_equal(got, expected(arrays, max_seq_len, dtype))
    bad = int(arrays["bad_tokens"][0])
    if bad < arrays["logits"].shape[1]:
        assert (
            got[:, bad]
            == np.float32(paddle.to_tensor([-1e10]).astype(dtype).astype("float32").numpy()[0])
        ).all()
