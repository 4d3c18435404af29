"""FastDeploy's tests/operators/test_hybrid_mtp_ngram.py, ported: its case called as FastDeploy
calls the op (opforge.fastdeploy.gpu.hybrid_mtp_ngram, FastDeploy's positional arguments,
[max_bsz, 1] per-slot buffers, CPU tensors as FastDeploy passes them), on every backend its spec
names; expected values from the NumPy reference, which gives FastDeploy's listed ones."""

from __future__ import annotations

import numpy as np
import paddle
import pytest
from opforge.fastdeploy import gpu as fd

from tests.harness import spec
from tests.harness.calls import backend, runs
from tests.ops.reference.hybrid_mtp_ngram import hybrid_mtp_ngram as reference

# Every backend its spec names, under its default launch.
BACKENDS = runs(spec.project_op("hybrid_mtp_ngram"), every_launch=False)
MAX_BSZ, MAX_DRAFT_TOKENS, MAX_LEN, MAX_DEC_LEN = 2, 5, 32, 10
MAX_NGRAM_SIZE, MIN_NGRAM_SIZE = 5, 2


def setup() -> dict[str, np.ndarray]:
    """FastDeploy's setUp: every buffer filled with -1, then the case's values."""
    bsz = MAX_BSZ
    arrays = {
        "input_ids": np.full((bsz, MAX_LEN), -1, np.int64),
        "input_ids_len": np.full((bsz, 1), -1, np.int64),
        "pre_ids": np.full((bsz, MAX_LEN), -1, np.int64),
        "step_idx": np.full((bsz, 1), -1, np.int64),
        "draft_token_num": np.full((bsz, 1), -1, np.int32),
        "draft_tokens": np.full((bsz, MAX_DRAFT_TOKENS + 1), -1, np.int64),
        "seq_lens_this_time": np.full((bsz, 1), -1, np.int32),
        "seq_lens_decoder": np.full((bsz, 1), -1, np.int32),
        "max_dec_len": np.full((bsz, 1), MAX_DEC_LEN, np.int64),
    }
    arrays["input_ids"][:, :10] = np.arange(0, 10)
    arrays["input_ids_len"][:] = 10
    pre_ids = np.array([10, 9, 8, 7, 6, 10, 9, 8, 7], dtype="int32")
    arrays["pre_ids"][:, : pre_ids.shape[0]] = pre_ids
    arrays["step_idx"][:] = 8
    arrays["draft_token_num"][:] = 5
    arrays["draft_tokens"][:, :2] = np.array([8, 7])
    arrays["seq_lens_this_time"][:] = 2
    arrays["seq_lens_decoder"][:] = 12
    arrays["max_dec_len"][:] = 512
    return arrays


def expected(arrays: dict[str, np.ndarray], threshold: int) -> tuple[np.ndarray, np.ndarray]:
    """The reference on FastDeploy's arrays (its per-slot buffers as [max_bsz])."""
    a = {k: v.copy() for k, v in arrays.items()}
    return reference(
        a["input_ids"],
        a["input_ids_len"].reshape(-1),
        a["pre_ids"],
        a["step_idx"].reshape(-1),
        a["draft_tokens"],
        a["seq_lens_this_time"].reshape(-1),
        a["seq_lens_decoder"].reshape(-1),
        a["max_dec_len"].reshape(-1),
        max_ngram_size=MAX_NGRAM_SIZE,
        min_ngram_size=MIN_NGRAM_SIZE,
        max_draft_tokens=MAX_DRAFT_TOKENS,
        spec_tokenum_threshold=threshold,
    )


def call(arrays: dict[str, np.ndarray]) -> tuple[object, paddle.Tensor, paddle.Tensor]:
    """FastDeploy's call, positionally, on CPU tensors; what it returns and the two tensors
    it updates."""
    t = {k: paddle.to_tensor(v).cpu() for k, v in arrays.items()}
    result = fd.hybrid_mtp_ngram(
        t["input_ids"],
        t["input_ids_len"],
        t["pre_ids"],
        t["step_idx"],
        t["draft_token_num"],
        t["draft_tokens"],
        t["seq_lens_this_time"],
        t["seq_lens_decoder"],
        t["max_dec_len"],
        MAX_NGRAM_SIZE,
        MIN_NGRAM_SIZE,
        MAX_DRAFT_TOKENS,
    )
    return result, t["draft_tokens"], t["seq_lens_this_time"]


@pytest.mark.parametrize(("name", "launch"), BACKENDS)
def test_ngram_match_mixed(
    name: str, launch: tuple[int, ...] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SPEC_TOKENUM_THRESHOLD", raising=False)  # FastDeploy's default, 1024
    arrays = setup()
    want_ids, want_lens = expected(arrays, 1024)
    # FastDeploy's expected values, which the reference gives.
    np.testing.assert_array_equal(want_lens.reshape(-1, 1), [[6], [6]])
    np.testing.assert_array_equal(want_ids, [[8, 7, 6, 10, 9, 8], [8, 7, 6, 10, 9, 8]])
    with backend(name, launch):
        result, draft_tokens, seq_lens_this_time = call(arrays)
    np.testing.assert_array_equal(seq_lens_this_time.numpy(), want_lens.reshape(-1, 1))
    np.testing.assert_array_equal(draft_tokens.numpy(), want_ids)
    # FastDeploy's Python gets the Paddle op's two in-place outputs, as a list.
    assert isinstance(result, list) and len(result) == 2
    assert result[0] is draft_tokens and result[1] is seq_lens_this_time


@pytest.mark.parametrize(("name", "launch"), BACKENDS)
def test_threshold_from_the_environment(
    name: str, launch: tuple[int, ...] | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """FastDeploy's op reads SPEC_TOKENUM_THRESHOLD at each call; so does its call here."""
    monkeypatch.setenv("SPEC_TOKENUM_THRESHOLD", "6")
    arrays = setup()
    want_ids, want_lens = expected(arrays, 6)
    np.testing.assert_array_equal(want_lens, [5, 2])  # slot 0: 6 - 2 - 1 drafts; slot 1: none
    with backend(name, launch):
        _, draft_tokens, seq_lens_this_time = call(arrays)
    np.testing.assert_array_equal(seq_lens_this_time.numpy(), want_lens.reshape(-1, 1))
    np.testing.assert_array_equal(draft_tokens.numpy(), want_ids)
