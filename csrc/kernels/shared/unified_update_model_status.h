// The per-slot rules of unified_update_model_status, written once for its
// CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// unified_update_model_status.*), each of which reads a slot's values its
// own way, calls these on them and writes what they return. Contract:
// docs/ops/unified_update_model_status.md ("Semantics, per slot b",
// "Out-of-domain values"): the steps below are the page's. Total on any
// values: every sum that could leave its type saturates.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::unified_update_model_status {

constexpr int64_t kInt32Max = 2147483647LL;
constexpr int64_t kInt64Max = 9223372036854775807LL;

// Steps 1-2: the step index once one more token is counted; it saturates at
// INT64_MAX, which is at or past any limit, so the slot stops there.
OPFORGE_SLOT_FN int64_t counted(int64_t step_idx) {
  return step_idx < kInt64Max ? step_idx + 1 : step_idx;
}

// Step 3: a slot that did not stop at a token stops after its prefill step
// when prefill_one_step_stop is set.
OPFORGE_SLOT_FN bool stops_after_prefill(bool stopped,
                                         bool prefill_one_step_stop,
                                         int64_t encoder) {
  return stopped || (prefill_one_step_stop && encoder > 0);
}

// What steps 4 and 5 write for a running slot.
struct Lengths {
  int32_t decoder;        // seq_lens_decoder
  int32_t mask_rollback;  // mask_rollback
};

// Steps 4 and 5 for a running slot with `encoder` and `decoder` in [0,
// INT32_MAX], `out_len` tokens counted this step and `this_time`
// (seq_lens_this_time) both in [0, max_step_tokens]: a stopped slot's decoder
// length drops to 0 if it counted no token; a decode slot (encoder 0) adds its
// tokens and rolls back the fed positions it did not count; then the prefill's
// length is added. Sums saturate at INT32_MAX.
OPFORGE_SLOT_FN Lengths
lengths_after(bool stopped, int64_t encoder, int64_t decoder, int64_t out_len, int64_t this_time) {
  Lengths lengths{0, 0};
  int64_t dec = decoder;
  if (stopped) {
    if (out_len == 0) dec = 0;
  } else if (encoder == 0) {  // decode
    dec = slot_min(dec + out_len, kInt32Max);
    lengths.mask_rollback = static_cast<int32_t>(this_time - out_len);
  }
  lengths.decoder = static_cast<int32_t>(slot_min(dec + encoder, kInt32Max));
  return lengths;
}

// Step 6: the history position of the slot's first token of this step (token
// number step_idx_before + 1 lands at prompt_len + step_idx_before), or
// max_model_len when that is at or past it; formed without overflow, both
// terms in [0, max_model_len] and >= 0.
OPFORGE_SLOT_FN int64_t first_history_position(int64_t prompt_len,
                                               int64_t step_idx_before,
                                               int64_t max_model_len) {
  return step_idx_before >= max_model_len - prompt_len ? max_model_len
                                                       : prompt_len + step_idx_before;
}

}  // namespace opforge::unified_update_model_status
