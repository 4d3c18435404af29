// The block bookkeeping of mtp_step_paddle (the draft model's KV blocks).
// Contract: docs/ops/mtp_step_paddle.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/mtp_step_paddle.py.
//
// It reuses speculate_step_paddle's shared header
// (csrc/kernels/shared/speculate_step_paddle.h): a slot's decoder blocks are
// the same table entries, the entry its next step reaches and whether it
// lacks that block are the same decisions, and releasing them pushes the same
// ids onto the same kind of stack. Like that header, two parts: the per-slot
// decisions, OPFORGE_SLOT_FN functions on values that the CPU, XPU3 and CUDA
// kernels all call; and the steps over the op's argument struct (`A` is the
// op's CpuArgs or CudaArgs), for the CPU and CUDA kernels only (one thread
// runs them on CUDA): they index the tensors, so the XPU3 kernel runs the same
// steps, in the same order, with its own transfers, and they are not compiled
// for XPU3.
//
// Everything here is sequential: the free list is one stack that every slot
// pushes to and pops from, in slot order. Each value that indexes is clamped
// first, so no access leaves its buffer for any values.
#pragma once

#include <cstdint>

#include "speculate_step_paddle.h"

namespace opforge::mtp_step_shared {

using speculate_step_shared::lacks_block;
using speculate_step_shared::next_entry;
using speculate_step_shared::Window;
using speculate_step_shared::window_of;

// Whether a slot runs: neither stopped by the target model
// (base_model_stop_flags) nor dropped by the draft (batch_drop).
OPFORGE_SLOT_FN bool running(bool base_model_stopped, bool dropped) {
  return !base_model_stopped && !dropped;
}

// Whether a running slot holding `used` decoder blocks is dropped before the
// candidate so far (holding `most`): the most blocks, the lowest slot on a
// tie.
OPFORGE_SLOT_FN bool drops_before(int64_t used, int64_t most) {
  return used > most;
}

}  // namespace opforge::mtp_step_shared

// The steps over the op's argument struct: the CPU and CUDA kernels only.
#if !defined(__xpu__)

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
  if (!running(flag(a.base_model_stop_flags, b), flag(a.batch_drop, b))) return false;
  const int64_t bnps = a.block_num_per_seq;
  const Window w = window_of(a.encoder_block_lens[b], a.used_list_len[b], bnps);
  const int64_t idx = next_entry(a.seq_lens_decoder[b], a.max_draft_tokens, a.block_size);
  return idx < bnps && lacks_block(a.block_tables[b * bnps + idx], w, idx);
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
    if (!running(flag(a.base_model_stop_flags, b), flag(a.batch_drop, b))) {
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
      if (!running(flag(a.base_model_stop_flags, b), flag(a.batch_drop, b))) continue;
      int64_t enc = 0;
      int64_t used = 0;
      window(a, b, &enc, &used);
      if (drops_before(used, most)) {
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

#endif  // !defined(__xpu__)
