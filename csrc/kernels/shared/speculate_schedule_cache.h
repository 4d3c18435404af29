// The per-slot rules of speculate_schedule_cache, written once for its CPU,
// XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_schedule_cache.*), each of which reads a slot's values its own
// way, calls these on them, and writes what they decide its own way (the
// scalars of a stopped or swapped-out slot, the two rows of a swapped-out
// one, the stop count). Contract: docs/ops/speculate_schedule_cache.md
// ("Semantics, per slot b", "Out-of-domain values"). Total on any values: the
// decoder length is read clamped into [0, INT32_MAX], the block index is
// formed in int64 (never negative) and named only below block_num_per_seq.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_schedule_cache {

constexpr int64_t kInt32Max = 2147483647LL;

// The slots that take part: the first min(real_bsz, max_bsz); every other
// slot below max_bsz counts as stopped.
OPFORGE_SLOT_FN int64_t taking_part(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

// What a running slot (its stop_flags byte clear) does before its block
// table is read.
struct Schedule {
  bool stops;       // still in prefill (or a prefill node's one step): stopped
  bool reads;       // else its next step reaches entry `block` of its table
                    // (false past the table: it keeps running, nothing read)
  int64_t block;    // that entry
  int32_t decoder;  // its decoder length in its domain (saved when swapped out)
};

// A running slot at seq_lens_decoder `decoder` of a prompt of `prompt_len`:
// it stops while decoder < prompt_len or on a one-step prefill node; else
// its next step may reach table entry (decoder + 2 * max_draft_tokens + 2) /
// block_size (block_size read as at least 1), named only below
// block_num_per_seq.
OPFORGE_SLOT_FN Schedule schedule_of(int32_t decoder,
                                     int64_t prompt_len,
                                     bool prefill_one_step_stop,
                                     int64_t max_draft_tokens,
                                     int64_t block_size,
                                     int64_t block_num_per_seq) {
  const int64_t dec = slot_clamp<int64_t>(decoder, 0, kInt32Max);
  Schedule s{false, false, 0, static_cast<int32_t>(dec)};
  if (dec < prompt_len || prefill_one_step_stop) {
    s.stops = true;
    return s;
  }
  const int64_t reach = 2 * max_draft_tokens + 2;
  const int64_t k = (dec + reach) / slot_max<int64_t>(block_size, 1);
  s.reads = k < block_num_per_seq;
  s.block = k;
  return s;
}

// Whether the slot is swapped out: the table entry its next step may reach
// holds no block (-1).
OPFORGE_SLOT_FN bool swaps_out(int32_t entry) {
  return entry == -1;
}

// not_need_stop: fewer slots counted as stopped than the threshold
// (stop_nums[0], or max_bsz without it).
OPFORGE_SLOT_FN bool not_need_stop_of(int64_t stopped, int64_t threshold) {
  return stopped < threshold;
}

}  // namespace opforge::speculate_schedule_cache
