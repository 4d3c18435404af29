// The per-slot rule of eagle_gather_hidden_states, written once for its CPU,
// XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// eagle_gather_hidden_states.*), each of which reads the slots' lengths its
// own way (args.<name>[b]; chunks staged through GM2LM on XPU3), calls these
// on them, and writes the rows its own way. Contract:
// docs/ops/eagle_gather_hidden_states.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is
// tests/ops/reference/eagle_gather_hidden_states.py.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::eagle_gather_hidden_states {

// An out row that copies nothing: zeros.
constexpr int64_t kNoRow = -1;

// A slot's packed rows: its seq_lens_this_time read as >= 0. A slot with
// none is not fed: it has no out row.
OPFORGE_SLOT_FN int64_t packed_rows(int32_t seq_lens_this_time) {
  return slot_max<int64_t>(seq_lens_this_time, 0);
}

// The hidden_states row a fed slot's out row copies, its last packed row
// end - 1 (end: one past it, the running sum of the packed rows), or kNoRow
// when that row lies past hidden_states (`rows` rows; out of the domain).
OPFORGE_SLOT_FN int64_t source_row(int64_t end, int64_t rows) {
  return end <= rows ? end - 1 : kNoRow;
}

}  // namespace opforge::eagle_gather_hidden_states
