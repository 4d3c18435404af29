// CPU kernel for speculate_get_seq_lens_output.
// Contract: docs/ops/speculate_get_seq_lens_output.md ("Semantics",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_get_seq_lens_output.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Total on any values: a slot's rows are output_rows()
// (csrc/kernels/shared/speculate_get_seq_lens_output.h, the rule the three
// kernels share): 0 for seq_lens_this_time <= 0, 1 for any non-zero
// seq_lens_encoder (prefill, as verify_draft_tokens reads it), otherwise the
// slot's seq_lens_this_time. Only seq_lens_encoder[b] for b < min(real_bsz,
// max_bsz) is read (the glue rejects real_bsz > max_bsz; a slot past max_bsz
// would have no state and is idle). Every element of seq_lens_output is
// written and is >= 0.
#include "kernel_decls/speculate_get_seq_lens_output.h"

#include <cstdint>

#include "shared/speculate_get_seq_lens_output.h"

void opforge::speculate_get_seq_lens_output::Kernels::cpu(const CpuArgs& args) {
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    const bool has_state = b < args.max_bsz;
    const int32_t encoder = has_state ? args.seq_lens_encoder[b] : 0;
    args.seq_lens_output[b] = output_rows(args.seq_lens_this_time[b], has_state, encoder);
  }
}
