"""mtp_step_paddle called as FastDeploy calls it (fastdeploy/spec_decode/mtp.py,
MTPProposer._update_status): opforge.fastdeploy.gpu / .xpu.mtp_step_paddle with its 11 tensors and
2 attributes in its order (seq_lens_encoder passed and not used), the per-slot tensors in the
engine's [max_num_seqs, 1] shape. FastDeploy has no test of the op; this is one engine step built
by hand (a slot the target stopped, a slot dropped earlier, running slots at a block edge and a
free list one block short), run on every backend and compared with the NumPy reference, in place."""

from __future__ import annotations

import numpy as np
import opforge.fastdeploy
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.mtp_step_paddle import INOUT, mtp_step_paddle

BACKENDS = spec.backends(spec.project_op("mtp_step_paddle"))  # every backend its spec names
FD_ORDER = (
    "base_model_stop_flags",
    "stop_flags",
    "batch_drop",
    "seq_lens_this_time",
    "seq_lens_encoder",
    "seq_lens_decoder",
    "block_tables",
    "encoder_block_lens",
    "used_list_len",
    "free_list",
    "free_list_len",
)
BLOCK_SIZE, MAX_DRAFT_TOKENS = 4, 1


def engine_step() -> dict[str, np.ndarray]:
    """Five slots, 4-token blocks, one draft token: slot 0 stopped by the target (two decoder
    blocks to free), slot 1 dropped before (nothing held), slots 2-4 running; slots 2 and 4 reach
    their next block ((4 + 1 + 1) // 4 = entry 1); slot 3 holds the most blocks and has the next
    one. Slot 0's two blocks cover the two slots in need: nothing is dropped."""
    col = np.array
    t = {
        "base_model_stop_flags": col([[1], [0], [0], [0], [0]], np.bool_),
        "stop_flags": col([[1], [1], [0], [0], [0]], np.bool_),
        "batch_drop": col([[0], [1], [0], [0], [0]], np.bool_),
        "seq_lens_this_time": col([[0], [0], [2], [2], [2]], np.int32),
        "seq_lens_encoder": np.zeros((5, 1), np.int32),
        "seq_lens_decoder": col([[9], [0], [4], [8], [4]], np.int32),
        "block_tables": col(
            [
                [10, 11, 12, -1],  # enc 1, used 2
                [13, -1, -1, -1],  # enc 1, dropped
                [14, -1, -1, -1],  # enc 1, used 0: needs entry 1
                [15, 16, 17, -1],  # enc 1, used 2: the most
                [18, -1, -1, -1],  # enc 1, used 0: needs entry 1
            ],
            np.int32,
        ),
        "encoder_block_lens": np.ones((5, 1), np.int32),
        "used_list_len": col([[2], [0], [0], [2], [0]], np.int32),
        "free_list": np.full(16, -1, np.int32),
        "free_list_len": col([0], np.int32),
    }
    return t


def _expected(t: dict[str, np.ndarray]) -> tuple[np.ndarray, ...]:
    flat = {k: v.reshape(-1) if k not in ("block_tables",) else v for k, v in t.items()}
    return mtp_step_paddle(
        *(flat[k] for k in FD_ORDER if k != "seq_lens_encoder"),
        block_size=BLOCK_SIZE,
        max_draft_tokens=MAX_DRAFT_TOKENS,
    )


@pytest.mark.parametrize("form", ["gpu", "xpu"])
@pytest.mark.parametrize("backend_name", BACKENDS)
@pytest.mark.parametrize("short", [False, True])
def test_fastdeploy_call(backend_name: str, form: str, short: bool) -> None:
    t = engine_step()
    if short:  # slot 0 running, in need of entry 2; one free block: slot 3 (the most) is dropped
        t["base_model_stop_flags"][0] = False
        t["stop_flags"][0] = False
        t["seq_lens_decoder"][0] = 6
        t["block_tables"][0, 2] = -1
        t["used_list_len"][0] = 1
        t["free_list"][0] = 30
        t["free_list_len"][0] = 1
    expected = _expected(t)
    tensors = {k: paddle.to_tensor(v) for k, v in t.items()}
    call = getattr(opforge.fastdeploy, form).mtp_step_paddle
    with backend(backend_name):
        result = call(*(tensors[k] for k in FD_ORDER), BLOCK_SIZE, MAX_DRAFT_TOKENS)
    assert result is None  # FastDeploy's C++ function is void
    for name, want in zip(INOUT, expected, strict=True):
        got = tensors[name].numpy()
        np.testing.assert_array_equal(got.reshape(want.shape), want, err_msg=name)
        assert got.shape == t[name].shape, name  # [max_num_seqs, 1] kept
    drop = tensors["batch_drop"].numpy().reshape(-1).tolist()
    tables = tensors["block_tables"].numpy()
    if short:
        # slots 0, 2 and 4 need a block, one is free: slot 3 is dropped (16, 17 pushed onto 30),
        # then slots 0, 2, 4 take 17, 16, 30 from the top in slot order
        assert drop == [False, True, False, True, False]
        assert [tables[0, 2], tables[2, 1], tables[4, 1]] == [17, 16, 30]
        assert (tables[3, 1:] == -1).all() and tensors["stop_flags"].numpy()[3]
    else:
        # slot 0's blocks 11, 12 are freed and handed to slots 2 and 4 (the top first)
        assert drop == [False, True, False, False, False]
        assert tables[:, 1].tolist() == [-1, -1, 12, 16, 11]
        assert tensors["free_list_len"].numpy()[0] == 0
