"""FastDeploy's own case of eagle_get_hidden_states (its tests/operators/test_eagle_get_hidden_states.py),
called as FastDeploy calls the op: ``opforge.fastdeploy.gpu.eagle_get_hidden_states`` (returns
``[out, output_token_num]``) and ``.xpu`` (returns ``[out]``), with FastDeploy's nine positional
arguments, four of which opforge does not need. The inputs follow FastDeploy's recipe (seed 2023,
two slots, ten packed rows of 512, float16); the expected rows come from the NumPy reference. Then
consistent batches (prefill, decoding and stopped slots, the packed rows adding up), every dtype."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy.gpu
import opforge.fastdeploy.xpu
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.eagle_get_hidden_states import eagle_get_hidden_states as reference

I32 = np.int32
BACKENDS = spec.backends(spec.project_op("eagle_get_hidden_states"))  # every backend its spec names


def fastdeploy_case() -> dict[str, np.ndarray | int]:
    """FastDeploy's test inputs, drawn in its order from its seed."""
    np.random.seed(2023)
    bs, input_token_num, dim_embed = 2, 10, 512
    actual_draft_token_num = int(np.random.randint(2, 6, dtype=I32))
    case: dict[str, np.ndarray | int] = {
        "seq_lens_this_time": np.random.randint(0, 2, bs, dtype=I32),
        "seq_lens_encoder": np.random.randint(0, input_token_num // bs + 1, bs, dtype=I32),
        "accept_nums": np.random.randint(0, actual_draft_token_num + 1, bs, dtype=I32),
        "base_model_seq_lens_this_time": np.random.randint(
            0, input_token_num // bs + 1, bs, dtype=I32
        ),
        "base_model_seq_lens_encoder": np.random.randint(0, 2, bs, dtype=I32),
        "seq_lens_decoder": np.random.randint(0, input_token_num // bs + 1, bs, dtype=I32),
        "stop_flags": np.random.randint(0, 2, bs, dtype=I32),
        "actual_draft_token_num": actual_draft_token_num,
    }
    case["input"] = np.random.randint(0, 10, (input_token_num, dim_embed), dtype=I32).astype(
        np.float16
    )
    return case


def consistent_batch(seed: int, dtype: type) -> dict[str, np.ndarray | int]:
    """Slots as the proposer lays them out: a prefill slot's packed rows are its prompt chunk, a
    decoding slot's are 1 + drafts with 1 + accepted drafts accepted, a stopped slot has none."""
    rng = np.random.default_rng(seed)
    bs = int(rng.integers(1, 40))
    kind = rng.choice(
        ["prefill", "decode", "stopped", "last_verify"], size=bs, p=[0.2, 0.5, 0.2, 0.1]
    )
    slt, enc, acc, base = (np.zeros(bs, I32) for _ in range(4))
    for b in range(bs):
        if kind[b] == "prefill":
            enc[b] = base[b] = slt[b] = rng.integers(1, 30)
        elif kind[b] == "decode":
            base[b] = rng.integers(1, 6)
            acc[b] = rng.integers(1, base[b] + 1)
            slt[b] = acc[b]
        elif kind[b] == "last_verify":  # the target ran it; the draft model does not
            base[b] = rng.integers(1, 6)
            acc[b] = rng.integers(1, base[b] + 1)
    rows = int(base.sum())
    dim_embed = int(rng.choice([1, 7, 256, 1030]))
    return {
        "input": rng.standard_normal((rows, dim_embed)).astype(dtype),
        "seq_lens_this_time": slt,
        "seq_lens_encoder": enc,
        "accept_nums": acc,
        "base_model_seq_lens_this_time": base,
        "base_model_seq_lens_encoder": enc.copy(),
        "seq_lens_decoder": np.zeros(bs, I32),
        "stop_flags": (kind == "stopped"),
        "actual_draft_token_num": 4,
    }


ORDER = (
    "input",
    "seq_lens_this_time",
    "seq_lens_encoder",
    "seq_lens_decoder",
    "stop_flags",
    "accept_nums",
    "base_model_seq_lens_this_time",
    "base_model_seq_lens_encoder",
)


def call(
    form: str, backend_name: str, case: dict[str, np.ndarray | int], dtype: str
) -> list[paddle.Tensor]:
    args = [paddle.to_tensor(case[name]) for name in ORDER]
    args[0] = args[0].astype(dtype)
    op = getattr(opforge.fastdeploy, form).eagle_get_hidden_states
    with backend(backend_name):
        return op(*args, case["actual_draft_token_num"])


def expected(
    case: dict[str, np.ndarray | int], dtype: str = "float32"
) -> tuple[np.ndarray, np.ndarray]:
    """The reference's rows and count, on the input as the op receives it (rounded to dtype)."""
    rows = paddle.to_tensor(np.asarray(case["input"], np.float32)).astype(dtype).astype("float32")
    out, count = reference(
        rows.numpy(),
        case["seq_lens_this_time"],
        case["seq_lens_encoder"],
        case["accept_nums"],
        case["base_model_seq_lens_this_time"],
    )
    return out, count


def check(form: str, backend_name: str, case: dict[str, np.ndarray | int], dtype: str) -> None:
    want_out, want_count = expected(case, dtype)
    result = call(form, backend_name, case, dtype)
    assert isinstance(result, list)
    if form == "gpu":
        assert len(result) == 2
        np.testing.assert_array_equal(result[1].numpy(), want_count)
    else:
        assert len(result) == 1
    out = result[0]
    assert out.dtype == paddle.to_tensor(np.zeros(1, np.float32)).astype(dtype).dtype
    np.testing.assert_array_equal(out.astype("float32").numpy(), want_out)


@pytest.mark.parametrize("form", ["gpu", "xpu"])
@pytest.mark.parametrize("backend_name", BACKENDS)
def test_fastdeploy_case(form: str, backend_name: str) -> None:
    case = fastdeploy_case()
    want_out, want_count = expected(case)
    # FastDeploy's draw: slot 0 decoding (seq_lens_this_time 1) and prefilled by the draft model.
    assert int(want_count[0]) == want_out.shape[0] > 0
    check(form, backend_name, case, "float16")


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("seed", range(6))
def test_consistent_batches(backend_name: str, seed: int) -> None:
    dtype = ("float32", "float16", "bfloat16")[seed % 3]
    case = consistent_batch(seed, np.float32)
    _, want_count = expected(case)
    slt = np.asarray(case["seq_lens_this_time"])
    enc = np.asarray(case["seq_lens_encoder"])
    # Every prefill slot's prompt rows and every running decoding slot's accepted rows.
    assert int(want_count[0]) == int(
        np.where(enc > 0, enc, np.where(slt > 0, case["accept_nums"], 0)).sum()
    )
    check("gpu" if seed % 2 == 0 else "xpu", backend_name, case, dtype)
