// CPU kernel of speculate_set_stop_value_multi_seqs.
// Contract: docs/ops/speculate_set_stop_value_multi_seqs.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_set_stop_value_multi_seqs.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Its per-slot rules (which slot is checked, the values read into their domains, whether a stop
// length names a sequence, whether a window fits, where each of its tokens is read) are the
// shared ones of csrc/kernels/shared/speculate_set_stop_value_multi_seqs.h, called here on each
// slot's values; this kernel reads the rows' tokens and writes the tensors. stop_flags is read as
// bytes (any non-zero byte is true). Every index formed is inside its row.
#include "kernel_decls/speculate_set_stop_value_multi_seqs.h"

#include <cstdint>

#include "shared/speculate_set_stop_value_multi_seqs.h"

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {

// Whether the stop sequence seq[0 .. len-1] ends just before accepted token a (source_of says
// where each of its tokens is read).
bool matches_at(const int64_t* acc,
                const int64_t* pre,
                int64_t pre_len,
                const int64_t* seq,
                int64_t len,
                int32_t n,
                int64_t s,
                int32_t a) {
  if (!window_fits(s, n, a, len)) return false;
  for (int32_t d = 0; d < len; ++d) {
    const Source src = source_of(d, a, s, n, pre_len);
    if (!src.inside) return false;
    const int64_t tok = src.accepted ? acc[src.index] : pre[src.index];
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
    const int64_t s = step_in_domain(args.step_idx[b]);
    const bool has_min = args.min_tokens != nullptr;
    if (!checked(flags[b] != 0, s, has_min, has_min ? args.min_tokens[b] : int64_t{0})) continue;
    const int32_t n = accepted_in_domain(args.accept_num[b], width);
    int64_t* acc = args.accept_tokens + b * width;
    const int64_t* pre = args.pre_ids + b * args.pre_ids_len;
    int32_t best = n;  // the earliest check position at which a sequence ends; n: none
    for (int64_t k = 0; k < nseq; ++k) {
      const int64_t len = args.stop_seqs_len[b * nseq + k];
      if (!is_stop_sequence(len, max_len)) continue;
      const int64_t* seq = args.stop_seqs + (b * nseq + k) * max_len;
      for (int32_t a = 0; a < best; ++a) {
        if (matches_at(acc, pre, args.pre_ids_len, seq, len, n, s, a)) {
          best = a;
          break;
        }
      }
    }
    if (best < n) {
      acc[best] = args.end_ids[0];
      args.accept_num[b] = best + 1;
      args.stop_flags[b] = true;
    }
  }
}
