// CPU kernel for speculate_get_seq_lens_output.
// Contract: docs/ops/speculate_get_seq_lens_output.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/reference/speculate_get_seq_lens_output.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Total on any values: a slot with seq_lens_this_time <= 0 is idle (0 rows);
// any non-zero seq_lens_encoder means prefill (1 row), as verify_draft_tokens
// reads it; otherwise the slot's seq_lens_this_time, already > 0. Only
// seq_lens_encoder[b] for b < min(real_bsz, max_bsz) is read (the glue rejects
// real_bsz > max_bsz; a slot past max_bsz would have no state and is idle).
// Every element of seq_lens_output is written and is >= 0.
#include "kernel_decls/speculate_get_seq_lens_output.h"

#include <cstdint>

void opforge::speculate_get_seq_lens_output::Kernels::cpu(const int32_t* seq_lens_this_time,
                                                          const int32_t* seq_lens_encoder,
                                                          int32_t* seq_lens_output,
                                                          int64_t max_bsz,
                                                          int64_t real_bsz) {
  for (int64_t b = 0; b < real_bsz; ++b) {
    const int32_t fed = seq_lens_this_time[b];
    int32_t rows = 0;
    if (b < max_bsz && fed > 0) rows = seq_lens_encoder[b] != 0 ? 1 : fed;
    seq_lens_output[b] = rows;
  }
}
