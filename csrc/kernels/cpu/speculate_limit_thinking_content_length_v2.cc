// CPU kernel of speculate_limit_thinking_content_length_v2.
// Contract: docs/ops/speculate_limit_thinking_content_length_v2.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_limit_thinking_content_length_v2.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Total: accept_num is read as at most tokens_per_step, so every token read is inside the row;
// a token's distance past the budget is found by comparing step_idx with budget + n - 1 - t
// (below 2^33) and subtracting only when step_idx lies within 3 of it, so nothing overflows;
// step_idx and seq_lens_decoder saturate at their dtype's minimum; stop_flags is read as bytes.
#include <cstdint>

#include "kernel_decls/speculate_limit_thinking_content_length_v2.h"

void opforge::speculate_limit_thinking_content_length_v2::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.tokens_per_step;
  const int64_t end = args.think_end_id;
  const int64_t lb = args.line_break_id;
  for (int64_t b = 0; b < args.bsz; ++b) {
    const int64_t n_raw = args.accept_num[b];
    const int64_t limit = args.max_think_lens[b];
    int32_t status = args.limit_think_status[b];
    if (n_raw <= 0 || limit < 0 || (status == 3 && flags[b] != 0)) continue;
    const int64_t n = n_raw < width ? n_raw : width;
    const int64_t s = args.step_idx[b];
    int64_t* row = args.next_tokens + b * width;
    int64_t cut = -1;
    for (int64_t t = 0; t < n; ++t) {
      int64_t tok = row[t];
      bool forced = false;
      if (status <= 1) {
        const int64_t at_budget = limit + n - 1 - t;  // step_idx when token t is number `limit`
        if (s >= at_budget && s <= at_budget + 3) {
          const int64_t k = s - at_budget;  // 0 .. 3 past the budget
          tok = k == 1 ? end : lb;
          status = k == 3 ? 2 : 1;
          forced = true;
        }
      }
      if (status == 0 && tok == end) status = 3;
      if (status == 2) status = 3;
      row[t] = tok;
      if (forced) {
        cut = t + 1;
        break;
      }
    }
    if (cut >= 0) {
      const int64_t dropped = n - cut;
      args.accept_num[b] = static_cast<int32_t>(cut);
      if (dropped > 0) {
        args.step_idx[b] = s < INT64_MIN + dropped ? INT64_MIN : s - dropped;
        const int64_t dec = static_cast<int64_t>(args.seq_lens_decoder[b]) - dropped;
        args.seq_lens_decoder[b] = static_cast<int32_t>(dec < INT32_MIN ? INT32_MIN : dec);
      }
    }
    args.limit_think_status[b] = status;
  }
}
