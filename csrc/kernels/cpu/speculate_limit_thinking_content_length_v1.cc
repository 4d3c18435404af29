// CPU kernel of speculate_limit_thinking_content_length_v1.
// Contract: docs/ops/speculate_limit_thinking_content_length_v1.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_limit_thinking_content_length_v1.py. The generated glue has
// already checked every buffer's length, not its values.
//
// Total: accept_num is read as at most tokens_per_step, so every token read is inside the row;
// a token's number is compared with the budget as step_idx >= budget + n - 1 - t (the right side
// is below 2^33), never as a sum that could overflow; step_idx and seq_lens_decoder saturate at
// their dtype's minimum when the dropped tokens are taken off; stop_flags is read as bytes.
#include <cstdint>

#include "kernel_decls/speculate_limit_thinking_content_length_v1.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {
namespace {

bool is_eos(const int64_t* eos, int64_t len, int64_t tok) {
  for (int64_t i = 0; i < len; ++i) {
    if (eos[i] == tok) return true;
  }
  return false;
}

}  // namespace
}  // namespace opforge::speculate_limit_thinking_content_length_v1

void opforge::speculate_limit_thinking_content_length_v1::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.tokens_per_step;
  const int64_t end = args.think_end_id;
  for (int64_t b = 0; b < args.bsz; ++b) {
    const int64_t n_raw = args.accept_num[b];
    const int64_t limit = args.max_think_lens[b];
    int32_t status = args.limit_think_status[b];
    if (n_raw <= 0 || limit < 0 || (status == 2 && flags[b] != 0)) continue;
    const int64_t n = n_raw < width ? n_raw : width;
    const int64_t s = args.step_idx[b];
    int64_t* row = args.next_tokens + b * width;
    int64_t cut = -1;
    for (int64_t t = 0; t < n; ++t) {
      int64_t tok = row[t];
      bool forced = false;
      if (status < 1) {
        if (s >= limit + n - 1 - t) {  // token number s - n + 1 + t has reached the budget
          tok = end;
          status = 1;
          forced = true;
        } else if (is_eos(args.eos_token_ids, args.eos_len, tok)) {
          tok = end;
          status = 1;
          forced = true;
          args.stop_flags[b] = false;
        }
      }
      if (status < 2 && tok == end) status = 2;
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
