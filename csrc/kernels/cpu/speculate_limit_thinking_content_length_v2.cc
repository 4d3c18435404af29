// CPU kernel of speculate_limit_thinking_content_length_v2.
// Contract: docs/ops/speculate_limit_thinking_content_length_v2.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_limit_thinking_content_length_v2.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Its per-slot rules (which slot is left alone, the tokens walked, the budget, the token's state
// machine, the drop after a forced token) are the shared ones of
// csrc/kernels/shared/speculate_limit_thinking_content_length_v2.h (all but the state machine
// _v1's), called here on each slot's values; this kernel reads and writes the tensors. stop_flags
// is read as bytes.
#include "kernel_decls/speculate_limit_thinking_content_length_v2.h"

#include <cstdint>

#include "shared/speculate_limit_thinking_content_length_v2.h"

void opforge::speculate_limit_thinking_content_length_v2::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.tokens_per_step;
  const int64_t end = args.think_end_id;
  const int64_t lb = args.line_break_id;
  for (int64_t b = 0; b < args.bsz; ++b) {
    const int32_t limit = args.max_think_lens[b];
    int32_t status = args.limit_think_status[b];
    if (left_alone(args.accept_num[b], limit, status, flags[b] != 0, kDone)) continue;
    const int32_t n = walked(args.accept_num[b], width);
    const int64_t s = args.step_idx[b];
    int64_t* row = args.next_tokens + b * width;
    int32_t cut = -1;
    for (int32_t t = 0; t < n; ++t) {
      const Token step = limit_token(row[t], status, s, at_budget(limit, n, t), end, lb);
      status = step.status;
      row[t] = step.token;
      if (step.forced) {
        cut = t + 1;
        break;
      }
    }
    if (cut >= 0) {
      args.accept_num[b] = cut;
      if (n - cut > 0) {
        const Drop drop = after_drop(s, args.seq_lens_decoder[b], n - cut);
        args.step_idx[b] = drop.step_idx;
        args.seq_lens_decoder[b] = drop.seq_lens_decoder;
      }
    }
    args.limit_think_status[b] = status;
  }
}
