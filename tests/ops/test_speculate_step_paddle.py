"""speculate_step_paddle's block invariants (docs/ops/speculate_step_paddle.md, "Output
invariants") over many drawn states, on every backend: engine-like states (each block id in one
place, tables laid out as the engine keeps them, free lists short enough to force preemption) and
hostile ones (every tensor drawn from its dtype's whole range, bool bytes 2..255).

For any state, with a slot's held blocks the ids >= 0 among its table entries [enc, enc + used)
(none for a block-step slot) and the pool the ids >= 0 in free_list[0 .. free_list_len), all read
as the page's clamps say:

- the multiset pool + held blocks is the same before and after (no block made, lost or copied: a
  block handed out leaves the pool, a block released or preempted enters it once);
- so a state holding each id once still does after: no block is handed out twice;
- a slot released (stopped, not block-step, used_list_len > 0) whose blocks fit the free list ends
  holding none, with its ids on the free list once each;
- the list lengths stay in their buffers, the scratch lists are reset;

and every backend gives the reference's outputs.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend
from tests.ops.reference.speculate_step_paddle import INOUT, speculate_step_paddle

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "speculate_step_paddle"), reason="needs speculate_step_paddle"
)

I32, I64 = np.int32, np.int64
ORDER = (
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
    "first_token_ids",
    "accept_num",
)
OP = spec.project_op("speculate_step_paddle")
BACKENDS = spec.backends(OP)  # every backend its spec names


def engine_state(rng: np.random.Generator) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """A state as the engine keeps it: every block id in exactly one place."""
    bsz = int(rng.integers(1, 12))
    bnps = int(rng.integers(1, 8))
    block_size = int(rng.choice([1, 2, 4, 16]))
    k = int(rng.integers(0, 4))
    length = int(rng.integers(1, 40))
    pre_len = int(rng.integers(1, 40))
    ids = iter(rng.permutation(bsz * bnps + 8).tolist())
    tables = np.full((bsz, bnps), -1, I32)
    enc = np.zeros(bsz, I32)
    used = np.zeros(bsz, I32)
    blk = rng.random(bsz) < 0.25
    stop = blk | (rng.random(bsz) < 0.1)
    for b in range(bsz):
        enc[b] = rng.integers(0, bnps + 1)
        used[b] = rng.integers(0, bnps - enc[b] + 1)
        held = enc[b] if blk[b] else enc[b] + used[b]  # a block-step slot holds no decoder block
        for i in range(held):
            tables[b, i] = next(ids)
    rest = list(ids)
    n_free = 0 if rng.random() < 0.5 else int(rng.integers(0, min(len(rest), 6) + 1))
    cap = len(rest) + bsz * bnps  # room for every block
    free = np.full(cap, -1, I32)
    free[:n_free] = rest[:n_free]
    dec = np.zeros(bsz, I32)
    for b in range(bsz):
        edge = int(enc[b] + used[b]) * block_size - k - 1  # the next block is needed at dec >= edge
        dec[b] = max(0, edge + int(rng.integers(-block_size, block_size)))
    steps = [b for b in rng.permutation(bsz).tolist() if blk[b]]
    step_list = np.full(bsz, -1, I32)
    step_list[: len(steps)] = steps
    t = {
        "stop_flags": stop,
        "seq_lens_this_time": np.where(stop, 0, rng.integers(0, 3, bsz)).astype(I32),
        "ori_seq_lens_encoder": rng.integers(0, length + 1, bsz).astype(I32),
        "seq_lens_encoder": np.zeros(bsz, I32),
        "seq_lens_decoder": dec,
        "block_tables": tables,
        "encoder_block_lens": enc,
        "is_block_step": blk,
        "step_block_list": step_list,
        "step_lens": np.array([len(steps)], I32),
        "recover_block_list": np.full(bsz, -1, I32),
        "recover_lens": np.zeros(1, I32),
        "need_block_list": np.full(bsz, -1, I32),
        "need_block_len": np.zeros(1, I32),
        "used_list_len": used,
        "free_list": free,
        "free_list_len": np.array([n_free], I32),
        "input_ids": rng.integers(0, 100, (bsz, length)).astype(I64),
        "pre_ids": rng.integers(0, 100, (bsz, pre_len)).astype(I64),
        "step_idx": rng.integers(0, length + 1, bsz).astype(I64),
        "first_token_ids": rng.integers(0, 100, bsz).astype(I64),
        "accept_num": rng.integers(0, 4, bsz).astype(I32),
    }
    return t, {"block_size": block_size, "max_draft_tokens": k}


def hostile_state(rng: np.random.Generator) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """Every value drawn anywhere: small values (which index) mixed with each dtype's extremes."""
    t, attrs = engine_state(rng)

    def wild(a: np.ndarray) -> np.ndarray:
        if a.dtype == np.bool_:
            return rng.integers(0, 256, a.shape).astype(np.uint8).view(np.bool_)
        info = np.iinfo(a.dtype)
        pick = rng.integers(0, 4, a.shape)
        small = rng.integers(-3, 12, a.shape)
        huge = rng.integers(info.min, info.max, a.shape, dtype=a.dtype, endpoint=True)
        return np.where(pick == 0, huge, np.where(pick == 1, a, small)).astype(a.dtype)

    return {k: wild(v) for k, v in t.items()}, attrs


def held(t: dict[str, np.ndarray]) -> Counter[int]:
    """The block ids >= 0 of the pool and of every slot's decoder window, as the page reads them."""
    bsz, bnps = t["block_tables"].shape
    cap = t["free_list"].shape[0]
    n_free = min(max(int(t["free_list_len"][0]), 0), cap)
    ids = Counter(int(x) for x in t["free_list"][:n_free] if x >= 0)
    blk = t["is_block_step"].view(np.uint8)
    for b in range(bsz):
        if blk[b]:
            continue
        enc = min(max(int(t["encoder_block_lens"][b]), 0), bnps)
        used = min(max(int(t["used_list_len"][b]), 0), bnps - enc)
        ids.update(int(x) for x in t["block_tables"][b, enc : enc + used] if x >= 0)
    return ids


def check_invariants(before: dict[str, np.ndarray], after: dict[str, np.ndarray]) -> None:
    bsz, bnps = before["block_tables"].shape
    cap = before["free_list"].shape[0]
    assert held(after) == held(before), "blocks made, lost or copied"
    assert 0 <= after["free_list_len"][0] <= cap
    assert 0 <= after["step_lens"][0] <= bsz
    assert after["need_block_len"][0] == 0 and after["recover_lens"][0] == 0
    assert (after["need_block_list"] == -1).all()
    n_free = int(after["free_list_len"][0])
    pool = Counter(int(x) for x in after["free_list"][:n_free] if x >= 0)
    others = held(after) - pool
    before_ids = held(before)
    stop = before["stop_flags"].view(np.uint8)
    blk = before["is_block_step"].view(np.uint8)
    room = cap - min(max(int(before["free_list_len"][0]), 0), cap)
    for b in range(bsz):
        if not (stop[b] and not blk[b]):
            continue
        assert after["first_token_ids"][b] == -1
        enc = min(max(int(before["encoder_block_lens"][b]), 0), bnps)
        used = min(max(int(before["used_list_len"][b]), 0), bnps - enc)
        mine = [int(x) for x in before["block_tables"][b, enc : enc + used] if x >= 0]
        if before["used_list_len"][b] > 0 and len(mine) <= room:
            # released (the earlier releases left room): it holds nothing, and each of its ids
            # is once more in the pool or, handed out again in the same call, in one other slot
            assert after["used_list_len"][b] == 0 and after["encoder_block_lens"][b] == 0
            assert (after["block_tables"][b, enc : enc + used] == -1).all()
            for x in mine:
                assert pool[x] + others[x] == before_ids[x], x
            room -= len(mine)


def run(name: str, t: dict[str, np.ndarray], attrs: dict[str, int]) -> dict[str, np.ndarray]:
    tensors = [paddle.to_tensor(t[k]) for k in ORDER]
    with backend(name):
        opforge.speculate_step_paddle(*tensors, **attrs)
    return {k: tensors[ORDER.index(k)].numpy() for k in INOUT}


@pytest.mark.parametrize("kind", ["engine", "hostile"])
@pytest.mark.parametrize("seed", range(40))
def test_block_invariants_on_drawn_states(kind: str, seed: int) -> None:
    rng = np.random.default_rng(1000 * (kind == "hostile") + seed)
    for case in range(10):
        t, attrs = (engine_state if kind == "engine" else hostile_state)(rng)
        expected = dict(
            zip(INOUT, speculate_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True)
        )
        after = dict(t) | expected
        check_invariants(t, after)
        if kind == "engine":
            assert max(held(after).values(), default=1) == 1, "a block handed out twice"
        name = BACKENDS[(seed + case) % len(BACKENDS)]
        got = run(name, t, attrs)
        for k in INOUT:
            np.testing.assert_array_equal(
                got[k].view(np.uint8) if got[k].dtype == np.bool_ else got[k],
                expected[k].view(np.uint8) if expected[k].dtype == np.bool_ else expected[k],
                err_msg=f"{name}: {k} (seed {seed}, case {case})",
            )


def test_engine_states_reach_every_phase() -> None:
    """The drawn engine states preempt, dispatch and recover (the invariants are not vacuous)."""
    rng = np.random.default_rng(7)
    seen = Counter()
    for _ in range(300):
        t, attrs = engine_state(rng)
        out = dict(zip(INOUT, speculate_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True))
        blk_before = t["is_block_step"].view(np.uint8)
        blk_after = out["is_block_step"].view(np.uint8)
        seen["preempted"] += int(((blk_after != 0) & (blk_before == 0)).any())
        seen["recovered"] += int(((blk_after == 0) & (blk_before != 0)).any())
        seen["dispatched"] += int((out["used_list_len"] > t["used_list_len"]).any())
        seen["released"] += int(out["free_list_len"][0] > t["free_list_len"][0])
    assert min(seen.values()) >= 20 and len(seen) == 4, seen
