// The block bookkeeping of mtp_step_paddle (the draft model's KV blocks),
// written once for its CPU and CUDA kernels (one thread runs it on CUDA).
// Contract: docs/ops/mtp_step_paddle.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/mtp_step_paddle.py.
//
// It reuses the window and release of speculate_step_paddle's shared steps
// (csrc/kernels/shared/speculate_step_paddle.h): a slot's decoder blocks are
// the same table entries, and releasing them pushes the same ids onto the
// same kind of stack. `A` is the op's CpuArgs or CudaArgs. The XPU3 kernel
// cannot include this file (the dialect check admits only functions defined
// in the kernel file and the toolchain's headers), so it carries the same
// steps in its own file, in the same order.
//
// Everything here is sequential: the free list is one stack that every slot
// pushes to and pops from, in slot order. Each value that indexes is clamped
// first, so no access leaves its buffer for any values.
#pragma once

#include <cstdint>

#include "speculate_step_paddle.h"

namespace opforge::mtp_step_shared {

using speculate_step_shared::clamp64;
using speculate_step_shared::flag;
using speculate_step_shared::release;
using speculate_step_shared::window;

// A running slot (neither stopped by the target model nor dropped) whose
// next max_draft_tokens + 1 tokens reach table entry idx, which is -1 and
// past the end of its decoder blocks: it needs one block this step.
template <class A>
OPFORGE_STEP_FN inline bool needs_block(const A& a, int64_t b) {
  if (flag(a.base_model_stop_flags, b) || flag(a.batch_drop, b)) return false;
  int64_t enc = 0;
  int64_t used = 0;
  window(a, b, &enc, &used);
  const int64_t dec = clamp64(a.seq_lens_decoder[b], 0, INT32_MAX);
  const int64_t idx = (dec + a.max_draft_tokens + 1) / a.block_size;
  return idx < a.block_num_per_seq && a.block_tables[b * a.block_num_per_seq + idx] == -1 &&
         enc + used <= idx;
}

template <class A>
OPFORGE_STEP_FN void step(const A& a) {
  const int64_t bsz = a.bsz;
  const int64_t bnps = a.block_num_per_seq;
  int64_t free_len = clamp64(a.free_list_len[0], 0, a.free_list_size);

  // 1. Release the slots the target model stopped or the draft dropped; count
  //    the running slots that need a block.
  int64_t nneed = 0;
  for (int64_t b = 0; b < bsz; ++b) {
    if (flag(a.base_model_stop_flags, b) || flag(a.batch_drop, b)) {
      if (a.used_list_len[b] > 0 && release(a, b, &free_len)) {
        a.encoder_block_lens[b] = 0;
        a.used_list_len[b] = 0;
      }
    } else if (needs_block(a, b)) {
      ++nneed;
    }
  }

  // 2. Drop the running slot holding the most decoder blocks (the lowest on a
  //    tie) while the free list is short. A dropped slot is no longer running,
  //    so each slot is dropped at most once: at most bsz rounds.
  while (nneed > free_len) {
    int64_t victim = -1;
    int64_t most = 0;
    for (int64_t b = 0; b < bsz; ++b) {
      if (flag(a.base_model_stop_flags, b) || flag(a.batch_drop, b)) continue;
      int64_t enc = 0;
      int64_t used = 0;
      window(a, b, &enc, &used);
      if (used > most) {
        victim = b;
        most = used;
      }
    }
    if (victim < 0) break;  // no running slot holds a decoder block
    const bool needed = needs_block(a, victim);
    if (!release(a, victim, &free_len)) break;  // out of domain: no room
    if (needed) --nneed;
    a.stop_flags[victim] = true;
    a.batch_drop[victim] = true;
    a.seq_lens_this_time[victim] = 0;
    a.seq_lens_decoder[victim] = 0;
    a.used_list_len[victim] = 0;
  }

  // 3. One block per slot still in need, in slot order, from the top of the
  //    free list. Only the dropped slots changed since step 1, and they no
  //    longer need one, so the test is the same.
  for (int64_t b = 0; b < bsz && free_len > 0; ++b) {
    if (!needs_block(a, b)) continue;
    int64_t enc = 0;
    int64_t used = 0;
    window(a, b, &enc, &used);
    a.block_tables[b * bnps + enc + used] = a.free_list[--free_len];
    a.used_list_len[b] = static_cast<int32_t>(used + 1);
  }

  a.free_list_len[0] = static_cast<int32_t>(free_len);
}

}  // namespace opforge::mtp_step_shared
