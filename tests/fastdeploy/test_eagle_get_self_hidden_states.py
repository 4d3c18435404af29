"""FastDeploy's own case of eagle_get_self_hidden_states (its
tests/operators/test_eagle_get_self_hidden_states.py), called as FastDeploy calls the op:
``opforge.fastdeploy.gpu.eagle_get_self_hidden_states`` (returns ``[out, output_token_num]``) and
``.xpu`` (returns ``[out]``), with FastDeploy's four positional tensors. The inputs follow
FastDeploy's recipe (seed 2023, two slots, ten packed rows of 512, float16, step_idx 0 and 1); the
expected rows come from the NumPy reference. Then consistent batches (slots at their first step,
drafting slots, slots that stop), every dtype."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy.gpu
import opforge.fastdeploy.xpu
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.eagle_get_self_hidden_states import (
    eagle_get_self_hidden_states as reference,
)

I32 = np.int32
BACKENDS = spec.backends(
    spec.project_op("eagle_get_self_hidden_states")
)  # every backend its spec names
ORDER = ("input", "last_seq_lens_this_time", "seq_lens_this_time", "step_idx")


def fastdeploy_case() -> dict[str, np.ndarray]:
    """FastDeploy's test inputs, drawn in its order from its seed."""
    np.random.seed(2023)
    bs, input_token_num, dim_embed = 2, 10, 512
    case = {
        "last_seq_lens_this_time": np.random.randint(0, input_token_num // bs, bs, dtype=I32),
        "seq_lens_this_time": np.random.randint(0, input_token_num // bs, bs, dtype=I32),
        "step_idx": np.arange(0, bs, dtype=I32).astype(np.int64),
    }
    case["input"] = np.random.randint(0, 10, (input_token_num, dim_embed), dtype=I32).astype(
        np.float32
    )
    return case


def consistent_batch(seed: int) -> dict[str, np.ndarray]:
    """Slots as the proposer lays them out between two draft-model forwards: a slot whose last
    forward was its prefill left one row, a drafting slot its fed tokens' rows, and a slot that
    stops runs no more."""
    rng = np.random.default_rng(seed)
    bs = int(rng.integers(1, 40))
    last, this_time = np.zeros(bs, I32), np.zeros(bs, I32)
    step = rng.integers(2, 9, size=bs).astype(np.int64)
    for b in range(bs):
        kind = rng.choice(["first", "drafting", "stopping", "idle"], p=[0.2, 0.5, 0.2, 0.1])
        if kind == "first":
            step[b] = 1
            last[b] = rng.integers(1, 30)  # its prompt chunk; the forward left one row for it
            this_time[b] = 1
        elif kind == "drafting":
            last[b] = rng.integers(1, 4)
            this_time[b] = 1
        elif kind == "stopping":
            last[b] = rng.integers(1, 4)
    rows = int(np.where(step == 1, np.minimum(last, 1), last).sum())
    dim_embed = int(rng.choice([1, 7, 256, 1030]))
    return {
        "input": rng.standard_normal((rows, dim_embed)).astype(np.float32),
        "last_seq_lens_this_time": last,
        "seq_lens_this_time": this_time,
        "step_idx": step,
    }


def check(form: str, backend_name: str, case: dict[str, np.ndarray], dtype: str) -> np.ndarray:
    hidden = paddle.to_tensor(case["input"]).astype(dtype)
    want_out, want_count = reference(
        hidden.astype("float32").numpy(),
        case["last_seq_lens_this_time"],
        case["seq_lens_this_time"],
        case["step_idx"],
    )
    args = [hidden] + [paddle.to_tensor(case[name]) for name in ORDER[1:]]
    with backend(backend_name):
        result = getattr(opforge.fastdeploy, form).eagle_get_self_hidden_states(*args)
    assert isinstance(result, list)
    if form == "gpu":
        assert len(result) == 2
        np.testing.assert_array_equal(result[1].numpy(), want_count)
    else:
        assert len(result) == 1
    assert result[0].dtype == hidden.dtype
    np.testing.assert_array_equal(result[0].astype("float32").numpy(), want_out)
    return want_count


@pytest.mark.parametrize("form", ["gpu", "xpu"])
@pytest.mark.parametrize("backend_name", BACKENDS)
def test_fastdeploy_case(form: str, backend_name: str) -> None:
    count = check(form, backend_name, fastdeploy_case(), "float16")
    assert int(count[0]) > 0  # FastDeploy's draw takes a row


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("seed", range(6))
def test_consistent_batches(backend_name: str, seed: int) -> None:
    case = consistent_batch(seed)
    dtype = ("float32", "float16", "bfloat16")[seed % 3]
    count = check("gpu" if seed % 2 == 0 else "xpu", backend_name, case, dtype)
    assert int(count[0]) == int(np.count_nonzero(case["seq_lens_this_time"] > 0))
