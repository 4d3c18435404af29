// The per-slot rules of speculate_set_value_by_flags_and_idx, written once
// for its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_set_value_by_flags_and_idx.*), each of which reads a slot's values
// its own way, calls these on them, and copies the tokens they name its own
// way. Contract: docs/ops/speculate_set_value_by_flags_and_idx.md
// ("Semantics, per slot b", "Out-of-domain values"). Total on any values:
// accept_num is read clamped into [0, max_draft_tokens], so every accepted
// token read is inside its row; a history position outside [0, pre_ids_len)
// is skipped (step_idx > 0 and i < 2^31, so step_idx - i cannot overflow).
// A stopped slot (its accept_num and seq_lens_decoder cleared) is the
// kernels' before any of these is called.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_set_value_by_flags_and_idx {

// Whether a running slot writes its history: it is not idle (encoder or
// decoder length not 0) and its step_idx is above 0.
OPFORGE_SLOT_FN bool writes_history(int32_t encoder, int32_t decoder, int64_t step_idx) {
  return !(encoder == 0 && decoder == 0) && step_idx > 0;
}

// The accepted tokens copied: accept_num clamped into [0, max_draft_tokens].
OPFORGE_SLOT_FN int32_t accepted_in_domain(int32_t accept_num, int64_t width) {
  return static_cast<int32_t>(slot_clamp<int64_t>(accept_num, 0, width));
}

// Copy i (of the n accepted): accepted token n - 1 - i goes to history
// position step_idx - i, written only inside [0, pre_ids_len).
struct Copy {
  bool inside;       // the position is inside the history row
  int64_t position;  // step_idx - i
  int32_t column;    // n - 1 - i, the accepted token
};

OPFORGE_SLOT_FN Copy copy_of(int64_t step_idx, int32_t i, int32_t n, int64_t length) {
  const int64_t p = step_idx - i;
  return Copy{p >= 0 && p < length, p, n - 1 - i};
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx
