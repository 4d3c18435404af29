"""FastDeploy's own cases of speculate_schedule_cache (its
tests/operators/test_speculative_schedule_cache.py), called as FastDeploy calls the op:
``opforge.fastdeploy.gpu.speculate_schedule_cache`` with the GPU form's fifteen tensors and two
attributes, and ``opforge.fastdeploy.xpu.speculate_schedule_cache`` with the XPU form's fourteen
(no ``stop_nums``: the threshold is ``max_bsz``), on the CPU and under the XPU3 and CUDA
simulations. FastDeploy's test passes its per-slot tensors with ``real_bsz`` rows and only
``stop_flags`` with ``max_bsz``; the spec takes them as FastDeploy's runner does, ``max_bsz`` rows
(``seq_lens_this_time`` alone ``real_bsz``), so the rows past ``real_bsz`` are padding here, which
the op leaves alone. Expected values: FastDeploy's own assertions where it lists them, and the
NumPy reference."""

from __future__ import annotations

import contextlib
import importlib

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import calls, spec
from tests.ops.reference.speculate_schedule_cache import (
    speculate_schedule_cache as reference,
)

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "speculate_schedule_cache"), reason="needs speculate_schedule_cache"
)

OP = spec.project_op("speculate_schedule_cache")
BACKENDS = spec.backends(OP)  # every backend its spec names
ORDER = (
    "draft_tokens",
    "block_tables",
    "stop_flags",
    "prompt_lens",
    "seq_lens_this_time",
    "seq_lens_encoder",
    "seq_lens_decoder",
    "step_seq_lens_decoder",
    "step_draft_tokens",
    "step_seq_lens_this_time",
    "accept_num",
    "accept_tokens",
    "is_block_step",
    "not_need_stop",
    "stop_nums",
)
IN_PLACE = (
    "stop_flags",
    "seq_lens_this_time",
    "seq_lens_encoder",
    "seq_lens_decoder",
    "step_seq_lens_decoder",
    "step_draft_tokens",
    "step_seq_lens_this_time",
    "accept_num",
    "accept_tokens",
    "is_block_step",
    "not_need_stop",
)
BLOCK_SIZE = 4
MAX_DRAFT_TOKENS = 2  # a step reaches 2 * 2 + 2 = 6 tokens past the decoder length


def backend(name: str) -> contextlib.AbstractContextManager[None]:
    """Ops on CPU tensors run on `name`, under its default launch and a fixed schedule."""
    return calls.backend(name, schedule_seed=5)


def pad(rows: np.ndarray, n: int, fill: int | bool) -> np.ndarray:
    """rows followed by n - len(rows) rows of fill."""
    extra = np.full((n - rows.shape[0], *rows.shape[1:]), fill, dtype=rows.dtype)
    return np.concatenate([rows, extra])


def fastdeploy_case() -> dict[str, np.ndarray]:
    """FastDeploy's setUp: slot 0 swaps out (its block 1 is -1), slot 1 is stop-flagged, slot 2
    reaches block 4, past its 3-entry table; slots 3 and 4 are padding."""
    max_bsz = 5
    i32, i64 = np.int32, np.int64
    return {
        "draft_tokens": pad(np.repeat(np.array([[1], [2], [3]], i64), 6, axis=1), max_bsz, 0),
        "block_tables": np.full((max_bsz, 3), -1, i32),
        "stop_flags": np.array([False, True, False, False, False]),
        "prompt_lens": pad(np.array([1, 1, 1], i64), max_bsz, 0),
        "seq_lens_this_time": np.array([5, 6, 7], i32),
        "seq_lens_encoder": pad(np.array([1, 1, 1], i32), max_bsz, 0),
        "seq_lens_decoder": pad(np.array([1, 1, 10], i32), max_bsz, 0),
        "step_seq_lens_decoder": np.zeros(max_bsz, i32),
        "step_draft_tokens": np.zeros((max_bsz, 6), i64),
        "step_seq_lens_this_time": np.zeros(max_bsz, i32),
        "accept_num": pad(np.array([9, 8, 7], i32), max_bsz, 0),
        "accept_tokens": pad(np.arange(15, dtype=i64).reshape(3, 5), max_bsz, 0),
        "is_block_step": np.zeros(max_bsz, np.bool_),
        "not_need_stop": np.zeros(1, np.bool_),
        "stop_nums": np.array([5], i64),
    }


def run_form(form: str, inputs: dict[str, np.ndarray], backend_name: str) -> dict[str, np.ndarray]:
    tensors = {k: paddle.to_tensor(v) for k, v in inputs.items()}
    tensors["not_need_stop"] = tensors["not_need_stop"].cpu()  # host memory, as FastDeploy keeps it
    order = ORDER if form == "gpu" else tuple(n for n in ORDER if n != "stop_nums")
    fn = importlib.import_module(f"opforge.fastdeploy.{form}").speculate_schedule_cache
    with backend(backend_name):
        result = fn(*(tensors[n] for n in order), BLOCK_SIZE, MAX_DRAFT_TOKENS)
    assert result is None
    for name in ("draft_tokens", "block_tables"):  # only read
        np.testing.assert_array_equal(tensors[name].numpy(), inputs[name], err_msg=name)
    return {name: tensors[name].numpy() for name in IN_PLACE}


def expected(inputs: dict[str, np.ndarray], form: str) -> dict[str, np.ndarray]:
    args = {k: v.copy() for k, v in inputs.items()}
    if form == "xpu":
        args["stop_nums"] = None
    outs = reference(**args, block_size=BLOCK_SIZE, max_draft_tokens=MAX_DRAFT_TOKENS)
    return dict(zip(IN_PLACE, outs, strict=True))


def check(got: dict[str, np.ndarray], want: dict[str, np.ndarray]) -> None:
    for name in IN_PLACE:
        np.testing.assert_array_equal(got[name], want[name], err_msg=name)


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("form", ["gpu", "xpu"])
def test_correctness_against_cpu_reference(
    form: str, backend_name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PREFILL_NODE_ONE_STEP_STOP_V1", raising=False)
    inputs = fastdeploy_case()
    got = run_form(form, inputs, backend_name)
    check(got, expected(inputs, form))
    # FastDeploy's case, spelled out: slot 0 swapped out, slot 1 stop-flagged, slot 2 unchanged.
    assert got["is_block_step"].tolist() == [True, False, False, False, False]
    assert got["stop_flags"].tolist() == [True, True, False, False, False]
    assert got["seq_lens_this_time"].tolist() == [0, 6, 7]
    assert got["step_seq_lens_this_time"][0] == 5
    assert got["seq_lens_decoder"][:3].tolist() == [0, 1, 10]
    assert got["step_seq_lens_decoder"][0] == 1
    assert got["accept_num"][:3].tolist() == [0, 8, 7]
    assert (got["accept_tokens"][0] == -1).all()
    assert got["step_draft_tokens"][0].tolist() == [1] * 6
    # 4 stopped (slot 0, slot 1, two padding slots) against 5: the engine runs on.
    assert bool(got["not_need_stop"][0])


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_no_trigger_path(backend_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PREFILL_NODE_ONE_STEP_STOP_V1", raising=False)
    inputs = fastdeploy_case()
    inputs["block_tables"][:, 1] = 7  # slot 0's (and 1's) next block is held
    inputs["accept_num"][:] = -123
    inputs["accept_tokens"][:] = -777
    got = run_form("gpu", inputs, backend_name)
    check(got, expected(inputs, "gpu"))
    np.testing.assert_array_equal(got["step_draft_tokens"], 0)
    np.testing.assert_array_equal(got["is_block_step"], False)
    np.testing.assert_array_equal(got["accept_tokens"], -777)
    np.testing.assert_array_equal(got["accept_num"], -123)
    assert bool(got["not_need_stop"][0])  # 3 stopped (slot 1, two padding slots) against 5


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_prefill_node_one_step_stop(backend_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The environment variable FastDeploy reads: every running slot stops after the step."""
    monkeypatch.setenv("PREFILL_NODE_ONE_STEP_STOP_V1", "1")
    inputs = fastdeploy_case()
    got = run_form("gpu", inputs, backend_name)
    want = dict(
        zip(
            IN_PLACE,
            reference(
                **{k: v.copy() for k, v in inputs.items()},
                block_size=BLOCK_SIZE,
                max_draft_tokens=MAX_DRAFT_TOKENS,
                prefill_one_step_stop=True,
            ),
            strict=True,
        )
    )
    check(got, want)
    assert got["stop_flags"].tolist() == [True, True, True, False, False]
    assert not bool(got["not_need_stop"][0])  # all 5 stopped
