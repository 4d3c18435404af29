"""FastDeploy's own cases of speculate_update (its tests/operators/test_speculate_update.py),
called as FastDeploy calls the op: ``opforge.fastdeploy.gpu.speculate_update`` with the GPU
form's twelve positional arguments, and ``opforge.fastdeploy.xpu.speculate_update`` with the XPU
form's eleven (``mask_rollback`` where the GPU form has ``stop_nums``; the threshold is then
``max_bsz``), on the CPU and under the XPU3 and CUDA simulations. The inputs follow FastDeploy's
recipe (512 slots, 201 taking part, rows 32 wide, ``stop_nums = 5``); the expected values come
from the NumPy reference. Both forms return ``None`` and update their tensors in place."""

from __future__ import annotations

import contextlib
import importlib

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import calls, spec
from tests.ops.reference.speculate_update import speculate_update as reference

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "speculate_update"), reason="needs speculate_update"
)

OP = spec.project_op("speculate_update")
BACKENDS = spec.backends(OP)  # every backend its spec names
IN_PLACE = (
    "seq_lens_encoder",
    "seq_lens_decoder",
    "not_need_stop",
    "draft_tokens",
    "actual_draft_token_nums",
    "mask_rollback",
)


def backend(name: str) -> contextlib.AbstractContextManager[None]:
    """Ops on CPU tensors run on `name`, under its default launch and a fixed schedule."""
    return calls.backend(name, schedule_seed=3)


def fastdeploy_inputs(
    max_bsz: int, max_draft_tokens: int, real_bsz: int, seed: int
) -> dict[str, np.ndarray]:
    """FastDeploy's gen_inputs recipe, in its GPU call's order."""
    rng = np.random.default_rng(seed)
    w = max_draft_tokens
    return {
        "seq_lens_encoder": rng.integers(0, 3, size=max_bsz, dtype=np.int32),
        "seq_lens_decoder": rng.integers(0, 20, size=max_bsz, dtype=np.int32),
        "not_need_stop": rng.integers(0, 1, size=1, dtype=np.bool_),
        "draft_tokens": rng.integers(0, 1000, size=(max_bsz, w), dtype=np.int64),
        "actual_draft_token_nums": rng.integers(1, w, size=max_bsz, dtype=np.int32),
        "accept_tokens": rng.integers(0, 1000, size=(max_bsz, w), dtype=np.int64),
        "accept_num": rng.integers(1, w, size=max_bsz, dtype=np.int32),
        "stop_flags": rng.integers(0, 2, size=max_bsz, dtype=np.bool_),
        "is_block_step": rng.integers(0, 2, size=max_bsz, dtype=np.bool_),
        "stop_nums": np.array([5], dtype=np.int64),
        "mask_rollback": np.zeros([max_bsz], dtype=np.int32),
        "seq_lens_this_time": rng.integers(1, w, size=real_bsz, dtype=np.int32),
    }


GPU_ORDER = (
    "seq_lens_encoder",
    "seq_lens_decoder",
    "not_need_stop",
    "draft_tokens",
    "actual_draft_token_nums",
    "accept_tokens",
    "accept_num",
    "stop_flags",
    "seq_lens_this_time",
    "is_block_step",
    "stop_nums",
    "mask_rollback",
)
XPU_ORDER = tuple(name for name in GPU_ORDER if name != "stop_nums")


def expected(inputs: dict[str, np.ndarray], with_stop_nums: bool) -> dict[str, np.ndarray]:
    args = {k: v.copy() for k, v in inputs.items()}
    if not with_stop_nums:
        args["stop_nums"] = None
    return dict(zip(IN_PLACE, reference(**args), strict=True))


def run_form(form: str, inputs: dict[str, np.ndarray], backend_name: str) -> dict[str, np.ndarray]:
    order = GPU_ORDER if form == "gpu" else XPU_ORDER
    tensors = {k: paddle.to_tensor(v) for k, v in inputs.items()}
    tensors["not_need_stop"] = tensors["not_need_stop"].cpu()  # host memory, as FastDeploy keeps it
    fn = importlib.import_module(f"opforge.fastdeploy.{form}").speculate_update
    with backend(backend_name):
        result = fn(*(tensors[name] for name in order))
    assert result is None
    return {name: tensors[name].numpy() for name in IN_PLACE}


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("form", ["gpu", "xpu"])
def test_fastdeploys_case(form: str, backend_name: str) -> None:
    inputs = fastdeploy_inputs(max_bsz=512, max_draft_tokens=32, real_bsz=201, seed=2022)
    got = run_form(form, inputs, backend_name)
    want = expected(inputs, with_stop_nums=form == "gpu")
    for name in IN_PLACE:
        np.testing.assert_array_equal(got[name], want[name], err_msg=name)


@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize(
    ("max_bsz", "max_draft_tokens", "real_bsz", "seed"),
    [(1, 2, 1, 0), (8, 4, 3, 1), (64, 6, 64, 2), (300, 16, 120, 3)],
)
def test_fastdeploys_recipe_at_other_sizes(
    backend_name: str, max_bsz: int, max_draft_tokens: int, real_bsz: int, seed: int
) -> None:
    inputs = fastdeploy_inputs(max_bsz, max_draft_tokens, real_bsz, seed)
    inputs["stop_nums"] = np.array([max_bsz], dtype=np.int64)  # FastDeploy's runner: max_num_seqs
    got = run_form("gpu", inputs, backend_name)
    want = expected(inputs, with_stop_nums=True)
    for name in IN_PLACE:
        np.testing.assert_array_equal(got[name], want[name], err_msg=name)
