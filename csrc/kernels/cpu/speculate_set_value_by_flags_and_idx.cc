// CPU kernel of speculate_set_value_by_flags_and_idx.
// Contract: docs/ops/speculate_set_value_by_flags_and_idx.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_set_value_by_flags_and_idx.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Total: accept_num is read clamped into [0, max_draft_tokens], so every accepted token read is
// inside its row; a history position outside [0, pre_ids_len) is skipped (step_idx > 0 and
// i < 2^31, so step_idx - i cannot overflow); stop_flags is read as bytes.
#include <cstdint>

#include "kernel_decls/speculate_set_value_by_flags_and_idx.h"

void opforge::speculate_set_value_by_flags_and_idx::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.max_draft_tokens;
  const int64_t length = args.pre_ids_len;
  for (int64_t b = 0; b < args.bsz; ++b) {
    if (flags[b] != 0) {
      args.accept_num[b] = 0;
      args.seq_lens_decoder[b] = 0;
      continue;
    }
    if (args.seq_lens_encoder[b] == 0 && args.seq_lens_decoder[b] == 0) continue;  // idle
    const int64_t s = args.step_idx[b];
    if (s <= 0) continue;
    const int64_t num = args.accept_num[b];
    const int64_t n = num < 0 ? 0 : (num > width ? width : num);
    const int64_t* acc = args.accept_tokens + b * width;
    int64_t* pre = args.pre_ids_all + b * length;
    for (int64_t i = 0; i < n; ++i) {
      const int64_t p = s - i;
      if (p >= 0 && p < length) pre[p] = acc[n - 1 - i];
    }
  }
}
