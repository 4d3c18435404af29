// The per-slot rules of speculate_update, written once for its CPU, XPU3 and
// CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/speculate_update.*), each of
// which reads a slot's values its own way, calls these on them, writes what
// they return, copies the accepted token and counts the stopped slots its own
// way. Contract: docs/ops/speculate_update.md ("Semantics, per slot b",
// "Out-of-domain values"). Total on any values: the lengths and the accepted
// count are read clamped into their domains, and every sum is formed in int64
// and saturated into int32.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_update {

constexpr int64_t kInt32Max = 2147483647LL;
constexpr int64_t kInt32Min = -2147483648LL;

// The slots that take part: the first min(real_bsz, max_bsz) (real_bsz >
// max_bsz, which the glue rejects, still takes max_bsz); every other slot
// below max_bsz counts as stopped.
OPFORGE_SLOT_FN int64_t taking_part(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

// What a slot that takes part (and is not swapped out by is_block_step) ends
// with.
struct Update {
  bool stopped;           // its stop_flags byte is set: it counts as stopped
  int32_t mask_rollback;  // 0, or seq_lens_this_time - accepted saturated
  bool adapts;            // actual_draft_token_nums is written (decode with drafts)
  int32_t draft_count;    // ... with this
  int32_t encoder;        // seq_lens_encoder (0: a prefill's prompt is now in the cache)
  int32_t decoder;        // seq_lens_decoder
  int64_t accepted;       // a, accept_num clamped into [0, width]: when a >= 1,
                          // accept_tokens[b, a - 1] is copied to draft_tokens[b, 0]
};

// The update of a slot from its seq_lens_encoder, seq_lens_decoder,
// accept_num, seq_lens_this_time, actual_draft_token_nums (`drafts`, used only
// when it adapts) and stop_flags byte, `width` max_draft_tokens: the lengths
// read clamped into [0, INT32_MAX]; a running decode slot's decoder grows by
// the accepted count and its rollback is this_time - a; a decode slot fed
// more than one token sets its next draft count to min(cur + 2, width - 1)
// when every draft was accepted, else max(cur - 1, 1); a prefill's prompt
// moves into the decoder length.
OPFORGE_SLOT_FN Update update_of(int32_t encoder,
                                 int32_t decoder,
                                 int32_t accept_num,
                                 int32_t this_time,
                                 int32_t drafts,
                                 bool stopped,
                                 int64_t width) {
  Update u{stopped, 0, false, 0, 0, 0, 0};
  int64_t enc = slot_clamp<int64_t>(encoder, 0, kInt32Max);
  int64_t dec = slot_clamp<int64_t>(decoder, 0, kInt32Max);
  const int64_t a = slot_clamp<int64_t>(accept_num, 0, width);
  const int64_t n = this_time;
  if (!stopped && enc == 0) {
    dec = slot_clamp<int64_t>(dec + a, 0, kInt32Max);
    u.mask_rollback = static_cast<int32_t>(slot_clamp<int64_t>(n - a, kInt32Min, kInt32Max));
  }
  // Decode with drafts: the next draft count follows whether all were accepted.
  if (enc == 0 && n > 1) {
    const int64_t cur = drafts;
    const int64_t next =
        (a - 1 == cur) ? slot_min<int64_t>(cur + 2, width - 1) : slot_max<int64_t>(cur - 1, 1);
    u.adapts = true;
    u.draft_count = static_cast<int32_t>(next);
  }
  if (enc != 0) {  // prefill: the prompt is now in the cache
    dec = slot_clamp<int64_t>(dec + enc, 0, kInt32Max);
    enc = 0;
  }
  u.encoder = static_cast<int32_t>(enc);
  u.decoder = static_cast<int32_t>(dec);
  u.accepted = a;
  return u;
}

// not_need_stop: fewer slots counted as stopped than the threshold (stop_nums[0],
// or max_bsz without it).
OPFORGE_SLOT_FN bool not_need_stop_of(int64_t stopped, int64_t threshold) {
  return stopped < threshold;
}

}  // namespace opforge::speculate_update
