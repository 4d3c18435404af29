// The block bookkeeping of speculate_step_paddle and speculate_step_system_cache
// (and, through csrc/kernels/shared/mtp_step_paddle.h, of mtp_step_paddle).
// Contract: docs/ops/speculate_step_paddle.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/speculate_step_paddle.py.
//
// Two parts:
//
// - The per-slot decisions, OPFORGE_SLOT_FN functions on values (a slot's
//   decoder-block window, the table entry its next step reaches and whether
//   it lacks that block, which slot outranks the preemption's candidate, how
//   many blocks a recovered slot gets and its lengths): called by the CPU,
//   XPU3 and CUDA kernels of the three ops (docs/authoring.md, "Per-slot logic
//   shared by the kernels").
// - The steps themselves over the op's argument struct, for the CPU and CUDA
//   kernels only (one thread runs them on CUDA): `A` is the op's CpuArgs or
//   CudaArgs, the same field names, each indexed with [] (a plain pointer, or
//   the CUDA simulation's checked one). They touch the tensors, which a shared
//   function may not, so the XPU3 kernels, whose every access is a GM2LM or
//   LM2GM of their own, run the same steps in their own files, in the same
//   order, on the same decisions; the part is not compiled for XPU3.
//
// Everything here is sequential: the free list is one stack that every slot
// pushes to and pops from, in slot order. Each value that indexes is clamped
// first (window_of(), the free-list and step-list lengths), so no access leaves
// its buffer for any values.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_step_shared {

constexpr int64_t kInt32Max = 2147483647LL;

// A slot's decoder blocks: table entries [enc, enc + used) of its row, from
// its encoder_block_lens and used_list_len read into [0, block_num_per_seq]
// (each below 2^31, as the values read are int32).
struct Window {
  int32_t enc;
  int32_t used;
};

OPFORGE_SLOT_FN Window window_of(int32_t encoder_block_lens, int32_t used_list_len, int64_t bnps) {
  const int64_t enc = slot_clamp<int64_t>(encoder_block_lens, 0, bnps);
  const int64_t used = slot_clamp<int64_t>(used_list_len, 0, bnps - enc);
  return Window{static_cast<int32_t>(enc), static_cast<int32_t>(used)};
}

// The table entry a running slot's next step reaches (decoder read into
// [0, INT32_MAX]); it is named only below block_num_per_seq.
OPFORGE_SLOT_FN int64_t next_entry(int32_t decoder, int64_t max_draft_tokens, int64_t block_size) {
  return (slot_clamp<int64_t>(decoder, 0, kInt32Max) + max_draft_tokens + 1) / block_size;
}

// Whether a running slot lacks the block of entry `idx` (< block_num_per_seq)
// of its row, which holds `entry`: the entry holds none (-1) and lies past the
// slot's decoder blocks.
OPFORGE_SLOT_FN bool lacks_block(int32_t entry, Window w, int64_t idx) {
  return entry == -1 && static_cast<int64_t>(w.enc) + w.used <= idx;
}

// Whether a slot holding `used` decoder blocks outranks the preemption's
// candidate so far (holding `most`; the lowest slot wins a tie): slots at the
// most decoder blocks of one sequence (`mdbn`) only once `at_max_too`.
OPFORGE_SLOT_FN bool outranks(int64_t used, int64_t most, int64_t mdbn, bool at_max_too) {
  return (at_max_too || used != mdbn) && used > most;
}

// The blocks a recovered slot with window `w` gets: one more than it holds,
// at most mdbn - enc, within its row.
OPFORGE_SLOT_FN int32_t recovered_blocks(Window w, int64_t mdbn, int64_t bnps) {
  const int64_t want = slot_min<int64_t>(static_cast<int64_t>(w.used) + 1, mdbn - w.enc);
  return static_cast<int32_t>(slot_clamp<int64_t>(want, 0, bnps - w.enc));
}

// A recovered slot's lengths: its prompt (ori_seq_lens_encoder read into
// [0, length]) and generated tokens (step_idx read into [0, length - ori]) are
// fed again; the first `count` generated tokens (at most pre_id_length - 1)
// are copied back from pre_ids[slot, 1 ..] to input_ids[slot, ori ..].
struct Restored {
  int32_t ori;    // where the copy starts in the input row
  int32_t fed;    // seq_lens_this_time and seq_lens_encoder: ori + gen
  int64_t count;  // the tokens copied
};

OPFORGE_SLOT_FN Restored restored_of(int32_t ori_seq_lens_encoder,
                                     int64_t step_idx,
                                     int64_t length,
                                     int64_t pre_id_length) {
  const int64_t ori = slot_clamp<int64_t>(ori_seq_lens_encoder, 0, length);
  const int64_t gen = slot_clamp<int64_t>(step_idx, 0, length - ori);
  return Restored{static_cast<int32_t>(ori),
                  static_cast<int32_t>(ori + gen),
                  slot_min<int64_t>(gen, pre_id_length - 1)};
}

}  // namespace opforge::speculate_step_shared

// The steps over the op's argument struct: the CPU and CUDA kernels only.
#if !defined(__xpu__)

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_STEP_FN __device__
#else
#define OPFORGE_STEP_FN
#endif

namespace opforge::speculate_step_shared {

OPFORGE_STEP_FN inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return slot_clamp<int64_t>(v, lo, hi);
}

// A bool tensor's bytes (a bool tensor may hold 2..255, and any non-zero
// byte is true): the CUDA kernel defines OPFORGE_STEP_BYTES as
// opforge::cuda_bytes before including this file.
#ifndef OPFORGE_STEP_BYTES
#define OPFORGE_STEP_BYTES(p) reinterpret_cast<const unsigned char*>(p)
#endif
template <class P>
OPFORGE_STEP_FN inline bool flag(const P& p, int64_t i) {
  return OPFORGE_STEP_BYTES(p)[i] != 0;
}

// What the recovery left for the caller: copy pre_ids[slot, 1 .. 1 + count)
// into input_ids[slot, start ..) (slot -1: nothing recovered).
struct Recovered {
  int64_t slot;
  int64_t start;
  int64_t count;
};

// The slot's decoder blocks: table entries [enc, enc + used) of its row.
template <class A>
OPFORGE_STEP_FN inline void window(const A& a, int64_t b, int64_t* enc, int64_t* used) {
  const Window w = window_of(a.encoder_block_lens[b], a.used_list_len[b], a.block_num_per_seq);
  *enc = w.enc;
  *used = w.used;
}

// Pushes slot b's decoder block ids (entries >= 0) onto the free list and
// clears its entries to -1; false, with nothing changed, if they do not fit.
template <class A>
OPFORGE_STEP_FN inline bool release(const A& a, int64_t b, int64_t* free_len) {
  int64_t enc = 0;
  int64_t used = 0;
  window(a, b, &enc, &used);
  const int64_t row = b * a.block_num_per_seq;
  int64_t ids = 0;
  for (int64_t i = enc; i < enc + used; ++i) ids += a.block_tables[row + i] >= 0 ? 1 : 0;
  if (*free_len + ids > a.free_list_size) return false;
  for (int64_t i = enc; i < enc + used; ++i) {
    const int32_t id = a.block_tables[row + i];
    if (id >= 0) a.free_list[(*free_len)++] = id;
    a.block_tables[row + i] = -1;
  }
  return true;
}

template <bool kSystemCache, class A>
OPFORGE_STEP_FN void step(const A& a, Recovered* rec) {
  const int64_t bsz = a.bsz;
  const int64_t bnps = a.block_num_per_seq;
  const int64_t mdbn = a.length / a.block_size;  // most decoder blocks of one sequence
  int64_t free_len = clamp64(a.free_list_len[0], 0, a.free_list_size);
  int64_t steps = clamp64(a.step_lens[0], 0, bsz);
  rec->slot = -1;
  rec->start = 0;
  rec->count = 0;

  // 1. Release stopped slots; list the running slots that need a block
  //    (need_block_list[0 .. nlisted), in slot order).
  int64_t nlisted = 0;
  for (int64_t b = 0; b < bsz; ++b) {
    if (flag(a.stop_flags, b) && !flag(a.is_block_step, b)) {
      a.first_token_ids[b] = -1;
      if (a.used_list_len[b] > 0 && release(a, b, &free_len)) {
        a.encoder_block_lens[b] = 0;
        a.used_list_len[b] = 0;
      }
    } else if (!flag(a.is_block_step, b) && a.seq_lens_this_time[b] != 0) {
      const Window w = window_of(a.encoder_block_lens[b], a.used_list_len[b], bnps);
      const int64_t idx = next_entry(a.seq_lens_decoder[b], a.max_draft_tokens, a.block_size);
      if (idx < bnps && lacks_block(a.block_tables[b * bnps + idx], w, idx)) {
        a.need_block_list[nlisted++] = static_cast<int32_t>(b);
      }
    }
  }
  int64_t nneed = nlisted;

  // 2. Preempt the slot holding the most decoder blocks (the lowest on a tie)
  //    while the free list is short; slots at mdbn blocks only if no other.
  bool at_max_too = false;
  while (nneed > free_len) {
    int64_t victim = -1;
    int64_t most = 0;
    for (int64_t b = 0; b < bsz; ++b) {
      if (flag(a.is_block_step, b)) continue;
      int64_t enc = 0;
      int64_t used = 0;
      window(a, b, &enc, &used);
      if (outranks(used, most, mdbn, at_max_too)) {
        victim = b;
        most = used;
      }
    }
    if (victim < 0) {
      if (at_max_too) break;  // no slot holds a decoder block
      at_max_too = true;
      continue;
    }
    if (steps >= bsz || !release(a, victim, &free_len)) break;
    a.step_block_list[steps++] = static_cast<int32_t>(victim);
    for (int64_t i = 0; i < nlisted; ++i) {
      if (a.need_block_list[i] == victim) {
        a.need_block_list[i] = -1;
        --nneed;
      }
    }
    a.stop_flags[victim] = true;
    a.is_block_step[victim] = true;
    a.seq_lens_this_time[victim] = 0;
    a.seq_lens_decoder[victim] = 0;
    a.accept_num[victim] = 0;
  }

  // 3. One block per listed slot, in slot order, from the top of the free list.
  for (int64_t i = 0; i < nlisted; ++i) {
    const int64_t b = a.need_block_list[i];
    a.need_block_list[i] = -1;
    if (b < 0 || flag(a.stop_flags, b) || free_len == 0) continue;
    int64_t enc = 0;
    int64_t used = 0;
    window(a, b, &enc, &used);
    a.block_tables[b * bnps + enc + used] = a.free_list[--free_len];
    a.used_list_len[b] = static_cast<int32_t>(used + 1);
  }

  // 4. Recover the most recently preempted slot if its blocks fit.
  if (steps > 0) {
    const int64_t v = a.step_block_list[steps - 1];
    if (v < 0 || v >= bsz || !flag(a.is_block_step, v)) {
      a.step_block_list[--steps] = -1;  // names no preempted slot: dropped
    } else {
      const Window w = window_of(a.encoder_block_lens[v], a.used_list_len[v], bnps);
      const int64_t enc = w.enc;
      const int64_t want = recovered_blocks(w, mdbn, bnps);
      if (free_len >= want) {
        a.recover_block_list[0] = static_cast<int32_t>(v);
        a.is_block_step[v] = false;
        a.used_list_len[v] = static_cast<int32_t>(want);
        a.step_block_list[--steps] = -1;
        const Restored r =
            restored_of(a.ori_seq_lens_encoder[v], a.step_idx[v], a.length, a.pre_id_length);
        a.seq_lens_this_time[v] = r.fed;
        a.seq_lens_encoder[v] = r.fed;
        if constexpr (kSystemCache) a.seq_lens_decoder[v] = a.ori_seq_lens_decoder[v];
        a.stop_flags[v] = false;
        a.input_ids[v * a.length] = a.first_token_ids[v];
        for (int64_t i = 0; i < want; ++i) {
          a.block_tables[v * bnps + enc + i] = a.free_list[free_len - 1 - i];
        }
        free_len -= want;
        rec->slot = v;
        rec->start = r.ori;
        rec->count = r.count;
      }
    }
  }

  for (int64_t i = nlisted; i < bsz; ++i) a.need_block_list[i] = -1;
  a.need_block_len[0] = 0;
  a.recover_lens[0] = 0;
  a.free_list_len[0] = static_cast<int32_t>(free_len);
  a.step_lens[0] = static_cast<int32_t>(steps);
}

}  // namespace opforge::speculate_step_shared

#endif  // !defined(__xpu__)
