"""FastDeploy's own cases of speculate_set_stop_value_multi_seqs (its GPU test,
tests/operators/test_speculate_set_stop_value_multi_seqs.py, and its XPU test,
custom_ops/xpu_ops/test/test_speculate_set_stop_value_multi_seqs.py, the same four cases),
called through opforge.fastdeploy.gpu and .xpu with FastDeploy's positional arguments, on every
backend of the spec; expected values from the NumPy reference, and FastDeploy's listed ones.

FastDeploy's tests pass stop_seqs as [bsz, L] and stop_seqs_len as [bsz], one sequence per slot
(their comments say "batch 0", "batch 1"); the op takes [bsz, stop_seqs_num, L] and
[bsz, stop_seqs_num] (docs/ops/speculate_set_stop_value_multi_seqs.md, "Differences from
FastDeploy"), so the cases are passed with stop_seqs_num = 1."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy.gpu
import opforge.fastdeploy.xpu
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_set_stop_value_multi_seqs import (
    speculate_set_stop_value_multi_seqs as reference,
)

OP = spec.project_op("speculate_set_stop_value_multi_seqs")
BACKENDS = spec.backends(OP)  # every backend its spec names


def _case(
    accept_tokens, accept_num, pre_ids, step_idx, stop_flags, seq_lens, stop_seqs, stop_seqs_len
):
    bsz = len(accept_tokens)
    return {
        "accept_tokens": np.array(accept_tokens, np.int64),
        "accept_num": np.array(accept_num, np.int32),
        "pre_ids": np.array(pre_ids, np.int64),
        "step_idx": np.array(step_idx, np.int64),
        "stop_flags": np.array(stop_flags, bool),
        "seq_lens": np.array(seq_lens, np.int32),
        "stop_seqs": np.array(stop_seqs, np.int64).reshape(bsz, 1, -1),
        "stop_seqs_len": np.array(stop_seqs_len, np.int32).reshape(bsz, 1),
        "end_ids": np.array([-1], np.int64),
    }


CASES = {
    "basic_functionality": (
        _case(
            [[4, 5, 0, 0, 0], [1, 2, 3, 0, 0]],
            [3, 4],
            [[7, 8, 9, 3, 4, 5], [7, 8, 9, 1, 2, 3]],
            [6, 6],
            [False, False],
            [6, 6],
            [[3, 4, 5], [0, 0, 0]],
            [3, 0],
        ),
        np.array([[4, 5, -1, 0, 0], [1, 2, 3, 0, 0]]),
        np.array([True, False]),
    ),
    "no_match": (
        _case(
            [[10, 20, 30, 0, 0], [40, 50, 60, 0, 0]],
            [3, 3],
            [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]],
            [8, 8],
            [False, False],
            [10, 10],
            [[11, 12, 13], [14, 15, 16]],
            [3, 3],
        ),
        None,
        None,
    ),
    "partial_match": (
        _case([[10, 20, 30, 0, 0]], [3], [[1, 2, 3, 4, 5]], [8], [False], [10], [[5, 4, 99]], [3]),
        None,
        None,
    ),
    "already_stopped": (
        _case([[10, 20, 30, 0, 0]], [3], [[1, 2, 3, 4, 5]], [8], [True], [10], [[5, 4, 3]], [3]),
        None,
        None,
    ),
}


def _expected(case: dict[str, np.ndarray], min_tokens: np.ndarray | None):
    args = {k: v.copy() for k, v in case.items() if k != "seq_lens"}
    return reference(**args, min_tokens=min_tokens)


@pytest.mark.parametrize("form", ["gpu", "xpu"])
@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("name", sorted(CASES))
def test_fastdeploy_case(name: str, backend_name: str, form: str) -> None:
    case, listed_tokens, listed_flags = CASES[name]
    bsz = case["accept_tokens"].shape[0]
    # The XPU form's min_tokens: 0 lets every slot stop, as FastDeploy's GPU form does.
    min_tokens = np.zeros(bsz, np.int64) if form == "xpu" else None
    want_tokens, want_num, want_flags = _expected(case, min_tokens)
    if listed_tokens is None:  # FastDeploy's test: nothing changes
        listed_tokens, listed_flags = case["accept_tokens"], case["stop_flags"]
    np.testing.assert_array_equal(want_tokens, listed_tokens)
    np.testing.assert_array_equal(want_flags, listed_flags)

    t = {k: paddle.to_tensor(v) for k, v in case.items()}
    args = [
        t["accept_tokens"],
        t["accept_num"],
        t["pre_ids"],
        t["step_idx"],
        t["stop_flags"],
        t["seq_lens"],
        t["stop_seqs"],
        t["stop_seqs_len"],
        t["end_ids"],
    ]
    with backend(backend_name):
        if form == "gpu":
            ret = opforge.fastdeploy.gpu.speculate_set_stop_value_multi_seqs(*args)
        else:
            ret = opforge.fastdeploy.xpu.speculate_set_stop_value_multi_seqs(
                *args, paddle.to_tensor(min_tokens)
            )
    assert ret is None
    np.testing.assert_array_equal(t["accept_tokens"].numpy(), want_tokens)
    np.testing.assert_array_equal(t["accept_num"].numpy(), want_num)
    np.testing.assert_array_equal(t["stop_flags"].numpy(), want_flags)


@pytest.mark.parametrize("backend_name", BACKENDS)
def test_xpu_form_min_tokens_holds_a_slot(backend_name: str) -> None:
    """The XPU form's min_tokens: the basic case's matching slot, below its minimum, is not stopped."""
    case = CASES["basic_functionality"][0]
    min_tokens = np.array([7, 0], np.int64)  # step_idx is 6 in both slots
    want_tokens, want_num, want_flags = _expected(case, min_tokens)
    np.testing.assert_array_equal(want_tokens, case["accept_tokens"])
    t = {k: paddle.to_tensor(v) for k, v in case.items()}
    with backend(backend_name):
        opforge.fastdeploy.xpu.speculate_set_stop_value_multi_seqs(
            t["accept_tokens"],
            t["accept_num"],
            t["pre_ids"],
            t["step_idx"],
            t["stop_flags"],
            t["seq_lens"],
            t["stop_seqs"],
            t["stop_seqs_len"],
            t["end_ids"],
            paddle.to_tensor(min_tokens),
        )
    np.testing.assert_array_equal(t["accept_tokens"].numpy(), want_tokens)
    np.testing.assert_array_equal(t["accept_num"].numpy(), want_num)
    np.testing.assert_array_equal(t["stop_flags"].numpy(), want_flags)
