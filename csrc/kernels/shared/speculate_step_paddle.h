// The block bookkeeping of speculate_step_paddle and speculate_step_system_cache,
// written once for their CPU and CUDA kernels (one thread runs it on CUDA).
// Contract: docs/ops/speculate_step_paddle.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/speculate_step_paddle.py.
//
// `A` is the op's CpuArgs or CudaArgs: the same field names, each indexed with
// [] (a plain pointer, or the CUDA simulation's checked one). The XPU3 kernels
// cannot include this file (the dialect check admits only functions defined
// in the kernel file and the toolchain's headers), so they carry the same
// steps in their own files, in the same order.
//
// Everything here is sequential: the free list is one stack that every slot
// pushes to and pops from, in slot order. Each value that indexes is clamped
// first (window(), the free-list and step-list lengths), so no access leaves
// its buffer for any values.
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_STEP_FN __device__
#else
#define OPFORGE_STEP_FN
#endif

namespace opforge::speculate_step_shared {

OPFORGE_STEP_FN inline int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
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
  *enc = clamp64(a.encoder_block_lens[b], 0, a.block_num_per_seq);
  *used = clamp64(a.used_list_len[b], 0, a.block_num_per_seq - *enc);
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
      int64_t enc = 0;
      int64_t used = 0;
      window(a, b, &enc, &used);
      const int64_t dec = clamp64(a.seq_lens_decoder[b], 0, INT32_MAX);
      const int64_t idx = (dec + a.max_draft_tokens + 1) / a.block_size;
      if (idx < bnps && a.block_tables[b * bnps + idx] == -1 && enc + used <= idx) {
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
      if ((at_max_too || used != mdbn) && used > most) {
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
      const int64_t enc = clamp64(a.encoder_block_lens[v], 0, bnps);
      const int64_t held = clamp64(a.used_list_len[v], 0, bnps - enc);
      const int64_t want = clamp64(held + 1 < mdbn - enc ? held + 1 : mdbn - enc, 0, bnps - enc);
      if (free_len >= want) {
        a.recover_block_list[0] = static_cast<int32_t>(v);
        a.is_block_step[v] = false;
        a.used_list_len[v] = static_cast<int32_t>(want);
        a.step_block_list[--steps] = -1;
        const int64_t ori = clamp64(a.ori_seq_lens_encoder[v], 0, a.length);
        const int64_t gen = clamp64(a.step_idx[v], 0, a.length - ori);
        a.seq_lens_this_time[v] = static_cast<int32_t>(ori + gen);
        a.seq_lens_encoder[v] = static_cast<int32_t>(ori + gen);
        if constexpr (kSystemCache) a.seq_lens_decoder[v] = a.ori_seq_lens_decoder[v];
        a.stop_flags[v] = false;
        a.input_ids[v * a.length] = a.first_token_ids[v];
        for (int64_t i = 0; i < want; ++i) {
          a.block_tables[v * bnps + enc + i] = a.free_list[free_len - 1 - i];
        }
        free_len -= want;
        rec->slot = v;
        rec->start = ori;
        rec->count = gen < a.pre_id_length - 1 ? gen : a.pre_id_length - 1;
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
