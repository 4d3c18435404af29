// The per-slot decision of draft_model_postprocess, written once for its CPU,
// XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// draft_model_postprocess.*), each of which reads a slot's values its own
// way, calls these on them, counts a decoding slot's row its own way (a loop,
// chunks through local memory, a warp's lanes and a shuffle reduction) and
// writes the count. Contract: docs/ops/draft_model_postprocess.md
// ("Semantics, per slot b", "Out-of-domain values").
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::draft_model_postprocess {

// The slots that take part: the first min(real_bsz, max_bsz) (the glue
// rejects real_bsz > max_bsz).
OPFORGE_SLOT_FN int64_t taking_part(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

// What a slot does with its base_model_seq_lens_this_time.
struct Action {
  bool writes;  // it is written (a slot in prefill keeps its count)
  bool counts;  // with the count of the row's tokens (else 0: a stopped slot)
};

// From the slot's base_model_stop_flags byte (any non-zero byte is stopped)
// and base_model_seq_lens_encoder (only compared with 0): stopped, 0; in
// prefill, kept; decoding, the count of its row's tokens.
OPFORGE_SLOT_FN Action action_of(bool stopped, int32_t encoder) {
  if (stopped) return Action{true, false};
  if (encoder != 0) return Action{false, false};
  return Action{true, true};
}

// Whether a row entry is a token (counted): every entry other than -1.
OPFORGE_SLOT_FN int32_t is_token(int64_t entry) {
  return entry != -1 ? 1 : 0;
}

}  // namespace opforge::draft_model_postprocess
