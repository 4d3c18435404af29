// The per-slot rule of eagle_get_self_hidden_states, written once for its
// CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// eagle_get_self_hidden_states.*), each of which reads a slot's values its
// own way (args.<name>[b]; a chunk staged through GM2LM on XPU3), calls these
// on them, and copies the rows its own way. Contract:
// docs/ops/eagle_get_self_hidden_states.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is
// tests/ops/reference/eagle_get_self_hidden_states.py (its slot_rows).
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::eagle_get_self_hidden_states {

// The slots walked: the first min(real_bsz, max_bsz).
OPFORGE_SLOT_FN int64_t slots_walked(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

struct SlotRows {
  int64_t in;  // the slot's packed rows in hidden_states
  bool take;   // whether it takes its last row (then in >= 1)
};

// The page's "Semantics" for one slot, from its last_seq_lens_this_time (read
// as >= 0), seq_lens_this_time and step_idx (1: the last forward was the
// slot's prefill, which packed one row of it).
OPFORGE_SLOT_FN SlotRows slot_rows(int32_t last_this_time, int32_t this_time, int64_t step) {
  const int64_t last = slot_max<int64_t>(last_this_time, 0);
  const bool first_step = step == 1;  // the last forward was the slot's prefill
  if (this_time > 0) {
    const int64_t in = first_step ? 1 : last;
    return SlotRows{in, in > 0};
  }
  return SlotRows{first_step ? (last > 0 ? 1 : 0) : last, false};
}

// Whether a slot's last row, row end - 1, is taken: it takes one and the row
// lies inside hidden_states (`rows` rows).
OPFORGE_SLOT_FN bool row_taken(SlotRows s, int64_t end, int64_t rows) {
  return s.take && end <= rows;
}

}  // namespace opforge::eagle_get_self_hidden_states
