"""NumPy reference of ``speculate_step_paddle`` (contract: docs/ops/speculate_step_paddle.md).

Plain sequential Python following the page's "Semantics": the free list is one stack shared by
every slot, so the four phases run in order and each walks the slots in order.

Per slot, the values are read as the page's "Out-of-domain values" says (the kernels do the same):
``enc = clamp(encoder_block_lens[b], 0, block_num_per_seq)``,
``used = clamp(used_list_len[b], 0, block_num_per_seq - enc)`` (the slot's decoder blocks are the
table entries ``[enc, enc + used)``), ``seq_lens_decoder`` below 0 read as 0, the free list's length
clamped into ``[0, free_list_size]`` and ``step_lens`` into ``[0, bsz]``; the incoming
``need_block_len``, ``need_block_list`` and ``recover_lens`` are not read (the op rebuilds them).
Only entries ``>= 0`` are block ids: releasing a slot pushes those of its decoder entries.

``ori_seq_lens_decoder`` is ``speculate_step_system_cache``'s extra input (its reference calls
:func:`step` with it); ``speculate_step_paddle`` passes ``None``.
"""

from __future__ import annotations

import numpy as np

__all__ = ["speculate_step_paddle", "step"]

INT32_MAX = 2**31 - 1


def _clamp(v: int, lo: int, hi: int) -> int:
    return lo if v < lo else hi if v > hi else v


def _flag(a: np.ndarray, b: int) -> bool:
    return bool(a.view(np.uint8)[b] != 0)


def step(
    t: dict[str, np.ndarray],
    *,
    block_size: int,
    max_draft_tokens: int,
    ori_seq_lens_decoder: np.ndarray | None,
) -> None:
    """The op on the arrays of ``t`` (updated in place), by their spec names."""
    stop = t["stop_flags"].view(np.uint8)
    blk = t["is_block_step"].view(np.uint8)
    slt, senc, sdec = t["seq_lens_this_time"], t["seq_lens_encoder"], t["seq_lens_decoder"]
    tables, encl, used_l = t["block_tables"], t["encoder_block_lens"], t["used_list_len"]
    free, step_list = t["free_list"], t["step_block_list"]
    bsz, bnps = (int(n) for n in tables.shape)
    cap = int(free.shape[0])
    length = int(t["input_ids"].shape[1])
    pre_len = int(t["pre_ids"].shape[1])
    mdbn = length // block_size  # most decoder blocks of one sequence

    def window(b: int) -> tuple[int, int]:
        enc = _clamp(int(encl[b]), 0, bnps)
        return enc, _clamp(int(used_l[b]), 0, bnps - enc)

    def held_ids(b: int) -> list[int]:
        enc, used = window(b)
        return [int(x) for x in tables[b, enc : enc + used] if x >= 0]

    L = _clamp(int(t["free_list_len"][0]), 0, cap)
    S = _clamp(int(t["step_lens"][0]), 0, bsz)

    def release(b: int) -> bool:
        """Push slot b's decoder block ids onto the free list and clear its entries; False (nothing
        done) when they do not fit."""
        nonlocal L
        ids = held_ids(b)
        if L + len(ids) > cap:
            return False
        free[L : L + len(ids)] = ids
        L += len(ids)
        enc, used = window(b)
        tables[b, enc : enc + used] = -1
        return True

    # 1. Release stopped slots; list the running slots that need a block.
    need: list[int] = []
    for b in range(bsz):
        if stop[b] and not blk[b]:
            t["first_token_ids"][b] = -1
            if int(used_l[b]) > 0 and release(b):
                encl[b] = 0
                used_l[b] = 0
        elif not blk[b] and int(slt[b]) != 0:
            enc, used = window(b)
            idx = (max(int(sdec[b]), 0) + max_draft_tokens + 1) // block_size
            if idx < bnps and int(tables[b, idx]) == -1 and enc + used <= idx:
                need.append(b)

    # 2. Preempt the slot holding the most decoder blocks while the free list is short.
    at_max_too = False
    while len(need) > L:
        victim, most = -1, 0
        for b in range(bsz):
            if blk[b]:
                continue
            used = window(b)[1]
            if (at_max_too or used != mdbn) and used > most:
                victim, most = b, used
        if victim < 0:
            if at_max_too:
                break  # no slot holds a decoder block: the rest get none
            at_max_too = True
            continue
        if S >= bsz or not release(victim):
            break
        step_list[S] = victim
        S += 1
        if victim in need:
            need.remove(victim)
        stop[victim] = 1
        blk[victim] = 1
        slt[victim] = 0
        sdec[victim] = 0
        t["accept_num"][victim] = 0

    # 3. One block per slot in need, in slot order, from the top of the free list.
    for b in need:
        if stop[b] or L == 0:
            continue
        enc, used = window(b)
        L -= 1
        tables[b, enc + used] = free[L]
        used_l[b] = used + 1

    # 4. Recover the most recently preempted slot if its blocks fit.
    if S > 0:
        v = int(step_list[S - 1])
        if not (0 <= v < bsz) or not blk[v]:
            step_list[S - 1] = -1  # names no preempted slot: dropped
            S -= 1
        else:
            enc = _clamp(int(encl[v]), 0, bnps)
            u0 = _clamp(int(used_l[v]), 0, bnps - enc)
            want = _clamp(min(u0 + 1, mdbn - enc), 0, bnps - enc)
            if L >= want:
                t["recover_block_list"][0] = v
                blk[v] = 0
                used_l[v] = want
                step_list[S - 1] = -1
                S -= 1
                ori = _clamp(int(t["ori_seq_lens_encoder"][v]), 0, length)
                gen = _clamp(int(t["step_idx"][v]), 0, length - ori)
                slt[v] = ori + gen
                senc[v] = ori + gen
                if ori_seq_lens_decoder is not None:
                    sdec[v] = ori_seq_lens_decoder[v]
                stop[v] = 0
                row = t["input_ids"][v]
                row[0] = t["first_token_ids"][v]
                for i in range(want):
                    tables[v, enc + i] = free[L - 1 - i]
                L -= want
                n = min(gen, pre_len - 1)
                row[ori : ori + n] = t["pre_ids"][v, 1 : 1 + n]

    need_list = t["need_block_list"]
    need_list[:] = -1
    t["need_block_len"][0] = 0
    t["recover_lens"][0] = 0
    t["free_list_len"][0] = L
    t["step_lens"][0] = S


INOUT = (
    "stop_flags",
    "seq_lens_this_time",
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
    "first_token_ids",
    "accept_num",
)


def speculate_step_paddle(
    stop_flags: np.ndarray,
    seq_lens_this_time: np.ndarray,
    ori_seq_lens_encoder: np.ndarray,
    seq_lens_encoder: np.ndarray,
    seq_lens_decoder: np.ndarray,
    block_tables: np.ndarray,
    encoder_block_lens: np.ndarray,
    is_block_step: np.ndarray,
    step_block_list: np.ndarray,
    step_lens: np.ndarray,
    recover_block_list: np.ndarray,
    recover_lens: np.ndarray,
    need_block_list: np.ndarray,
    need_block_len: np.ndarray,
    used_list_len: np.ndarray,
    free_list: np.ndarray,
    free_list_len: np.ndarray,
    input_ids: np.ndarray,
    pre_ids: np.ndarray,
    step_idx: np.ndarray,
    first_token_ids: np.ndarray,
    accept_num: np.ndarray,
    *,
    block_size: int,
    max_draft_tokens: int,
) -> tuple[np.ndarray, ...]:
    """Return the in-place tensors after the op, as new arrays, in spec order (the names of
    ``INOUT``). The inputs are never modified."""
    t = {k: np.array(v, copy=True) for k, v in locals().items() if isinstance(v, np.ndarray)}
    step(t, block_size=block_size, max_draft_tokens=max_draft_tokens, ori_seq_lens_decoder=None)
    return tuple(t[k] for k in INOUT)
