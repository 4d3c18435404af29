// CPU kernel for speculate_get_logits. Contract: docs/ops/speculate_get_logits.md;
// the NumPy reference is tests/ops/reference/speculate_get_logits.py. The counts,
// offsets and each row's source are csrc/kernels/shared/speculate_get_logits.h,
// whose per-slot decisions the XPU3 kernel shares; every row index is checked
// there.
#include "kernel_decls/speculate_get_logits.h"

#include <cstring>

#include "shared/speculate_get_logits.h"

void opforge::speculate_get_logits::Kernels::cpu(const CpuArgs& args) {
  namespace sh = speculate_get_logits_shared;
  sh::offsets(args);
  const int64_t v = args.vocab_size;
  for (int64_t b = 0; b < args.bsz; ++b) {
    const int64_t rows = args.batch_token_num[b];
    for (int64_t r = 0; r < rows; ++r) {
      bool first = false;
      int64_t src = 0;
      if (!sh::row_source(args, b, r, &first, &src)) continue;
      const float* from = first ? args.first_token_logits + b * v : args.logits + src * v;
      std::memcpy(args.draft_logits + (args.cu_batch_token_offset[b] + r) * v,
                  from,
                  static_cast<size_t>(v) * sizeof(float));
    }
  }
}
