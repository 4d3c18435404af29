// CPU kernel of speculate_set_stop_value_multi_seqs.
// Contract: docs/ops/speculate_set_stop_value_multi_seqs.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_set_stop_value_multi_seqs.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Total: accept_num is read clamped into [0, max_accept_len], step_idx below 0 as 0; a history
// position outside [1, pre_ids_len) never matches; a stop length outside [1, stop_seqs_max_len]
// is no stop sequence; stop_flags is read as bytes (any non-zero byte is true). Every index
// formed is inside its row. The position arithmetic is in int64 on values bounded by the clamps
// (step_idx <= INT64_MAX, the rest below 2^31), so nothing overflows.
#include <cstdint>

#include "kernel_decls/speculate_set_stop_value_multi_seqs.h"

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) { return v < lo ? lo : (v > hi ? hi : v); }

// Whether the stop sequence seq[0 .. len-1] ends just before accepted token a: the token d
// places before the end is acc[a-1-d] for d < a, else pre[s - n + a - d], which matches only at
// a history position in [1, pre_len).
bool matches_at(const int64_t* acc, const int64_t* pre, int64_t pre_len, const int64_t* seq,
                int64_t len, int64_t n, int64_t s, int64_t a) {
  // s - n + a + 1 >= len, written so that nothing overflows (s >= 0, n and a below 2^31).
  if (s - n + a + 1 < len) return false;
  for (int64_t d = 0; d < len; ++d) {
    int64_t tok = 0;
    if (d < a) {
      tok = acc[a - 1 - d];
    } else {
      const int64_t p = s - n + a - d;
      if (p <= 0 || p >= pre_len) return false;
      tok = pre[p];
    }
    if (tok != seq[len - 1 - d]) return false;
  }
  return true;
}

}  // namespace
}  // namespace opforge::speculate_set_stop_value_multi_seqs

void opforge::speculate_set_stop_value_multi_seqs::Kernels::cpu(const CpuArgs& args) {
  const unsigned char* flags = reinterpret_cast<const unsigned char*>(args.stop_flags);
  const int64_t width = args.max_accept_len;
  const int64_t nseq = args.stop_seqs_num;
  const int64_t max_len = args.stop_seqs_max_len;
  for (int64_t b = 0; b < args.bsz; ++b) {
    if (flags[b] != 0) continue;
    const int64_t s = clamp64(args.step_idx[b], 0, INT64_MAX);
    if (args.min_tokens != nullptr && s < args.min_tokens[b]) continue;
    const int64_t n = clamp64(args.accept_num[b], 0, width);
    int64_t* acc = args.accept_tokens + b * width;
    const int64_t* pre = args.pre_ids + b * args.pre_ids_len;
    int64_t best = n;  // the earliest check position at which a sequence ends; n: none
    for (int64_t k = 0; k < nseq; ++k) {
      const int64_t len = args.stop_seqs_len[b * nseq + k];
      if (len <= 0 || len > max_len) continue;
      const int64_t* seq = args.stop_seqs + (b * nseq + k) * max_len;
      for (int64_t a = 0; a < best; ++a) {
        if (matches_at(acc, pre, args.pre_ids_len, seq, len, n, s, a)) {
          best = a;
          break;
        }
      }
    }
    if (best < n) {
      acc[best] = args.end_ids[0];
      args.accept_num[b] = static_cast<int32_t>(best + 1);
      args.stop_flags[b] = true;
    }
  }
}
