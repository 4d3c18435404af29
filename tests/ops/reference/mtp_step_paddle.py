"""NumPy reference of ``mtp_step_paddle`` (contract: docs/ops/mtp_step_paddle.md).

Plain sequential Python following the page's "Semantics": the free list is one stack shared by
every slot, so the three phases run in order and each walks the slots in order.

Per slot, the values are read as the page's "Out-of-domain values" says (the kernels do the same):
``enc = clamp(encoder_block_lens[b], 0, block_num_per_seq)``,
``used = clamp(used_list_len[b], 0, block_num_per_seq - enc)`` (the slot's decoder blocks are the
table entries ``[enc, enc + used)``), ``seq_lens_decoder`` below 0 read as 0, the free list's length
clamped into ``[0, free_list_size]``; bools read as bytes, any non-zero byte true. Only entries
``>= 0`` are block ids: releasing a slot pushes those of its decoder entries.
"""

from __future__ import annotations

import numpy as np

__all__ = ["INOUT", "mtp_step_paddle"]

INT32_MAX = 2**31 - 1

INOUT = (
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


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def mtp_step_paddle(
    base_model_stop_flags: np.ndarray,
    stop_flags: np.ndarray,
    batch_drop: np.ndarray,
    seq_lens_this_time: np.ndarray,
    seq_lens_decoder: np.ndarray,
    block_tables: np.ndarray,
    encoder_block_lens: np.ndarray,
    used_list_len: np.ndarray,
    free_list: np.ndarray,
    free_list_len: np.ndarray,
    *,
    block_size: int,
    max_draft_tokens: int,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order (the names of
    ``INOUT``). The inputs are never modified."""
    base_stop = base_model_stop_flags.view(np.uint8)
    stop = np.array(stop_flags, copy=True).view(np.uint8)
    drop = np.array(batch_drop, copy=True).view(np.uint8)
    slt = np.array(seq_lens_this_time, copy=True)
    dec = np.array(seq_lens_decoder, copy=True)
    tables = np.array(block_tables, copy=True)
    encl = np.array(encoder_block_lens, copy=True)
    used_l = np.array(used_list_len, copy=True)
    free = np.array(free_list, copy=True)
    bsz, bnps = (int(n) for n in tables.shape)
    cap = int(free.shape[0])
    L = _clamp(int(free_list_len[0]), 0, cap)

    def window(b: int) -> tuple[int, int]:
        enc = _clamp(int(encl[b]), 0, bnps)
        return enc, _clamp(int(used_l[b]), 0, bnps - enc)

    def running(b: int) -> bool:
        return not base_stop[b] and not drop[b]

    def needs_block(b: int) -> bool:
        if not running(b):
            return False
        enc, used = window(b)
        idx = (max(int(dec[b]), 0) + max_draft_tokens + 1) // block_size
        return idx < bnps and int(tables[b, idx]) == -1 and enc + used <= idx

    def release(b: int) -> bool:
        """Push slot b's decoder block ids onto the free list and clear its entries; False
        (nothing done) when they do not fit."""
        nonlocal L
        enc, used = window(b)
        ids = [int(x) for x in tables[b, enc : enc + used] if x >= 0]
        if L + len(ids) > cap:
            return False
        free[L : L + len(ids)] = ids
        L += len(ids)
        tables[b, enc : enc + used] = -1
        return True

    # 1. Release the slots the target stopped or the draft dropped; list the slots in need.
    need: list[int] = []
    for b in range(bsz):
        if not running(b):
            if int(used_l[b]) > 0 and release(b):
                encl[b] = 0
                used_l[b] = 0
        elif needs_block(b):
            need.append(b)

    # 2. Drop the running slot holding the most decoder blocks while the free list is short.
    while len(need) > L:
        victim, most = -1, 0
        for b in range(bsz):
            if running(b) and window(b)[1] > most:
                victim, most = b, window(b)[1]
        if victim < 0 or not release(victim):
            break
        if victim in need:
            need.remove(victim)
        stop[victim] = 1
        drop[victim] = 1
        slt[victim] = 0
        dec[victim] = 0
        used_l[victim] = 0

    # 3. One block per slot still in need, in slot order, from the top of the free list.
    for b in need:
        if L == 0:
            break
        enc, used = window(b)
        L -= 1
        tables[b, enc + used] = free[L]
        used_l[b] = used + 1

    return (
        stop.view(np.bool_),
        drop.view(np.bool_),
        slt,
        dec,
        tables,
        encl,
        used_l,
        free,
        np.array([L], dtype=free_list_len.dtype),
    )
