"""mtp_step_paddle's block invariants (docs/ops/mtp_step_paddle.md, "Output invariants") over many
drawn states, on every backend: engine-like states (each block id in one place, tables laid out as
the engine keeps them, free lists short enough to force drops) and hostile ones (every tensor
drawn from its dtype's whole range, bool bytes 2..255).

For any state, with a slot's held blocks the ids >= 0 among its table entries [enc, enc + used)
and the pool the ids >= 0 in free_list[0 .. free_list_len), all read as the page's clamps say:

- the multiset pool + held blocks is the same before and after (no block made, lost or copied: a
  block handed out leaves the pool, a block released or dropped enters it once);
- so a state holding each id once still does after: no block is handed out twice;
- a slot released (stopped by the target or dropped, used_list_len > 0) whose blocks fit the free
  list ends holding none, with its ids on the free list once each;
- a slot dropped by the call is stopped, marked batch_drop, and holds nothing;
- every running slot that needed a block got one, unless the free list ran empty;
- the call returns (no state makes it loop), and free_list_len stays in its buffer;

and every backend, under each of its launch shapes, gives the reference's outputs.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import paddle
import pytest

import opforge
from tests.harness import spec
from tests.harness.calls import backend, runs
from tests.ops.reference.mtp_step_paddle import INOUT, mtp_step_paddle

pytestmark = pytest.mark.skipif(
    not hasattr(opforge, "mtp_step_paddle"), reason="needs mtp_step_paddle"
)

I32 = np.int32
ORDER = (
    "base_model_stop_flags",
    "stop_flags",
    "batch_drop",
    "seq_lens_this_time",
    "seq_lens_decoder",
    "block_tables",
    "encoder_block_lens",
    "used_list_len",
    "free_list",
    "free_list_len",
)
RUNS = runs(spec.project_op("mtp_step_paddle"))


def engine_state(rng: np.random.Generator) -> tuple[dict[str, np.ndarray], dict[str, int]]:
    """A state as the engine keeps it: every block id in exactly one place, a dropped slot
    holding no decoder block."""
    bsz = int(rng.integers(1, 12))
    bnps = int(rng.integers(1, 8))
    block_size = int(rng.choice([1, 2, 4, 16]))
    k = int(rng.integers(0, 4))
    ids = iter(rng.permutation(bsz * bnps + 8).tolist())
    tables = np.full((bsz, bnps), -1, I32)
    enc = np.zeros(bsz, I32)
    used = np.zeros(bsz, I32)
    drop = rng.random(bsz) < 0.2
    base_stop = rng.random(bsz) < 0.2
    for b in range(bsz):
        enc[b] = rng.integers(0, bnps + 1)
        used[b] = 0 if drop[b] else rng.integers(0, bnps - enc[b] + 1)
        for i in range(enc[b] + used[b]):
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
    t = {
        "base_model_stop_flags": base_stop,
        "stop_flags": base_stop | drop | (rng.random(bsz) < 0.1),
        "batch_drop": drop,
        "seq_lens_this_time": np.where(drop, 0, rng.integers(0, 3, bsz)).astype(I32),
        "seq_lens_decoder": np.where(drop, 0, dec).astype(I32),
        "block_tables": tables,
        "encoder_block_lens": enc,
        "used_list_len": used,
        "free_list": free,
        "free_list_len": np.array([n_free], I32),
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


def _flags(a: np.ndarray) -> np.ndarray:
    return a.view(np.uint8) != 0


def _window(t: dict[str, np.ndarray], b: int) -> tuple[int, int]:
    bnps = t["block_tables"].shape[1]
    enc = min(max(int(t["encoder_block_lens"][b]), 0), bnps)
    return enc, min(max(int(t["used_list_len"][b]), 0), bnps - enc)


def _free_len(t: dict[str, np.ndarray]) -> int:
    return min(max(int(t["free_list_len"][0]), 0), t["free_list"].shape[0])


def held(t: dict[str, np.ndarray]) -> Counter[int]:
    """The block ids >= 0 of the pool and of every slot's decoder window, as the page reads them."""
    ids = Counter(int(x) for x in t["free_list"][: _free_len(t)] if x >= 0)
    for b in range(t["block_tables"].shape[0]):
        enc, used = _window(t, b)
        ids.update(int(x) for x in t["block_tables"][b, enc : enc + used] if x >= 0)
    return ids


def needs_block(t: dict[str, np.ndarray], b: int, attrs: dict[str, int]) -> bool:
    if _flags(t["base_model_stop_flags"])[b] or _flags(t["batch_drop"])[b]:
        return False
    enc, used = _window(t, b)
    dec = max(int(t["seq_lens_decoder"][b]), 0)
    idx = (dec + attrs["max_draft_tokens"] + 1) // attrs["block_size"]
    bnps = t["block_tables"].shape[1]
    return idx < bnps and t["block_tables"][b, idx] == -1 and enc + used <= idx


def check_invariants(
    before: dict[str, np.ndarray], after: dict[str, np.ndarray], attrs: dict[str, int]
) -> None:
    bsz = before["block_tables"].shape[0]
    cap = before["free_list"].shape[0]
    assert held(after) == held(before), "blocks made, lost or copied"
    assert 0 <= after["free_list_len"][0] <= cap
    pool = Counter(int(x) for x in after["free_list"][: _free_len(after)] if x >= 0)
    others = held(after) - pool
    before_ids = held(before)
    out = _flags(before["base_model_stop_flags"]) | _flags(before["batch_drop"])
    dropped = _flags(after["batch_drop"]) & ~_flags(before["batch_drop"])
    room = cap - _free_len(before)
    for b in range(bsz):
        if dropped[b]:
            assert not out[b], "a slot not running dropped"
            assert _flags(after["stop_flags"])[b]
            assert after["seq_lens_this_time"][b] == 0 and after["seq_lens_decoder"][b] == 0
            assert after["used_list_len"][b] == 0
        if not out[b]:
            continue
        enc, used = _window(before, b)
        mine = [int(x) for x in before["block_tables"][b, enc : enc + used] if x >= 0]
        if before["used_list_len"][b] > 0 and len(mine) <= room:
            # released (the earlier releases left room): it holds nothing, and each of its ids
            # is once more in the pool or, handed out again in the same call, in one other slot
            assert after["used_list_len"][b] == 0 and after["encoder_block_lens"][b] == 0
            assert (after["block_tables"][b, enc : enc + used] == -1).all()
            for x in mine:
                assert pool[x] + others[x] == before_ids[x], x
            room -= len(mine)
    if after["free_list_len"][0] > 0:
        for b in range(bsz):
            if needs_block(before, b, attrs) and not dropped[b]:
                assert after["used_list_len"][b] == _window(before, b)[1] + 1, f"slot {b} unserved"


def run(name: str, launch: tuple[int, ...] | None, t: dict[str, np.ndarray], attrs: dict[str, int]):
    tensors = [paddle.to_tensor(t[k]) for k in ORDER]
    with backend(name, launch):
        opforge.mtp_step_paddle(*tensors, **attrs)
    return {k: tensors[ORDER.index(k)].numpy() for k in INOUT}


@pytest.mark.parametrize("kind", ["engine", "hostile"])
@pytest.mark.parametrize("seed", range(40))
def test_block_invariants_on_drawn_states(kind: str, seed: int) -> None:
    rng = np.random.default_rng(2000 * (kind == "hostile") + seed)
    for case in range(10):
        t, attrs = (engine_state if kind == "engine" else hostile_state)(rng)
        expected = dict(zip(INOUT, mtp_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True))
        after = dict(t) | expected
        check_invariants(t, after, attrs)
        if kind == "engine":
            assert max(held(after).values(), default=1) == 1, "a block handed out twice"
        name, launch = RUNS[(seed + case) % len(RUNS)]
        got = run(name, launch, t, attrs)
        for k in INOUT:
            np.testing.assert_array_equal(
                got[k].view(np.uint8) if got[k].dtype == np.bool_ else got[k],
                expected[k].view(np.uint8) if expected[k].dtype == np.bool_ else expected[k],
                err_msg=f"{name} {launch}: {k} (seed {seed}, case {case})",
            )


def test_engine_states_reach_every_phase() -> None:
    """The drawn engine states release, drop and dispatch (the invariants are not vacuous)."""
    rng = np.random.default_rng(7)
    seen = Counter()
    for _ in range(300):
        t, attrs = engine_state(rng)
        out = dict(zip(INOUT, mtp_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True))
        seen["dropped"] += int((_flags(out["batch_drop"]) & ~_flags(t["batch_drop"])).any())
        seen["dispatched"] += int((out["used_list_len"] > t["used_list_len"]).any())
        seen["released"] += int(out["free_list_len"][0] > t["free_list_len"][0])
        seen["left short"] += int(
            out["free_list_len"][0] == 0
            and any(
                needs_block(t | out, b, attrs) and out["used_list_len"][b] == t["used_list_len"][b]
                for b in range(t["block_tables"].shape[0])
            )
        )
    assert min(seen.values()) >= 10 and len(seen) == 4, seen


def test_no_slot_to_drop_ends_the_call() -> None:
    """More slots in need than free blocks and no running slot holding a decoder block: FastDeploy's
    GPU loop never ends; here the call returns, nothing dispatched, nothing dropped."""
    bsz, bnps = 3, 4
    t = {
        "base_model_stop_flags": np.zeros(bsz, np.bool_),
        "stop_flags": np.zeros(bsz, np.bool_),
        "batch_drop": np.zeros(bsz, np.bool_),
        "seq_lens_this_time": np.ones(bsz, I32),
        "seq_lens_decoder": np.zeros(bsz, I32),
        "block_tables": np.full((bsz, bnps), -1, I32),
        "encoder_block_lens": np.zeros(bsz, I32),
        "used_list_len": np.zeros(bsz, I32),
        "free_list": np.array([7, 8], I32),
        "free_list_len": np.array([1], I32),
    }
    attrs = {"block_size": 1, "max_draft_tokens": 0}
    expected = dict(zip(INOUT, mtp_step_paddle(*(t[k] for k in ORDER), **attrs), strict=True))
    # slot 0 gets the one free block at entry 0; slots 1 and 2 wait, none dropped
    assert expected["block_tables"][:, 0].tolist() == [7, -1, -1]
    assert expected["free_list_len"][0] == 0 and not expected["batch_drop"].any()
    for name, launch in RUNS:
        got = run(name, launch, t, attrs)
        for k in INOUT:
            np.testing.assert_array_equal(got[k], expected[k], err_msg=f"{name} {launch}: {k}")
