// The per-slot rule of eagle_get_hidden_states, written once for its CPU,
// XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// eagle_get_hidden_states.*), each of which reads a slot's counts its own way
// (args.<name>[b]; a chunk staged through GM2LM on XPU3), calls these on them,
// and copies the rows its own way. Contract: docs/ops/eagle_get_hidden_states.md
// ("Semantics", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/eagle_get_hidden_states.py (its slot_rows).
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::eagle_get_hidden_states {

// The slots walked: the first min(real_bsz, max_bsz).
OPFORGE_SLOT_FN int64_t slots_walked(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

struct SlotRows {
  int64_t in;    // the slot's packed rows in hidden_states
  int64_t take;  // the rows it takes, the first `take` of them (0 <= take <= in)
};

// The page's "Semantics" for one slot, from its seq_lens_encoder,
// base_model_seq_lens_this_time, seq_lens_this_time and accept_nums: a slot
// the draft model prefills takes its encoder rows; else its packed rows are
// the base model's (read as >= 0), none taken when the draft model skips it,
// else its accepted count clamped into [0, in].
OPFORGE_SLOT_FN SlotRows slot_rows(int32_t encoder,
                                   int32_t base,
                                   int32_t this_time,
                                   int32_t accepted) {
  if (encoder > 0) return SlotRows{encoder, encoder};  // the draft model prefills the slot
  const int64_t in = slot_max<int64_t>(base, 0);
  if (this_time == 0) return SlotRows{in, 0};  // the draft model skips the slot
  return SlotRows{in, slot_clamp<int64_t>(accepted, 0, in)};
}

// The rows actually copied of a slot taking `take`, with `room` packed rows
// of hidden_states left from its first (none when room <= 0).
OPFORGE_SLOT_FN int64_t rows_copied(int64_t take, int64_t room) {
  return room <= 0 ? 0 : slot_min<int64_t>(take, room);
}

}  // namespace opforge::eagle_get_hidden_states
