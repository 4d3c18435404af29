// The per-slot rule of speculate_get_seq_lens_output, written once for its
// CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_get_seq_lens_output.*), each of which reads a slot's values its
// own way and calls it. Contract: docs/ops/speculate_get_seq_lens_output.md
// ("Semantics", "Out-of-domain values").
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_get_seq_lens_output {

// The output rows of a slot: `fed` its seq_lens_this_time, `has_state`
// whether it has a seq_lens_encoder entry (b < max_bsz; a slot past max_bsz,
// which the glue rejects, is idle) and `encoder` that entry (ignored without
// one). Total on any values: a slot with fed <= 0 is idle (0 rows); any
// non-zero encoder means prefill (1 row); otherwise every fed position
// (fed > 0). Never negative.
OPFORGE_SLOT_FN int32_t output_rows(int32_t fed, bool has_state, int32_t encoder) {
  if (!has_state || fed <= 0) return 0;
  return encoder != 0 ? 1 : fed;
}

}  // namespace opforge::speculate_get_seq_lens_output
