// CPU kernel of draft_model_postprocess.
// Contract: docs/ops/draft_model_postprocess.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/draft_model_postprocess.py. The generated glue has
// already checked every buffer's length, not its values.
//
// The op is total as it stands: a bool is read as its byte (any non-zero byte
// is a stopped slot), base_model_seq_lens_encoder is only compared with 0, a
// token only with -1, and a count is at most draft_token_len, which fits
// int32 (the launchers' dim limit). Slots b < min(real_bsz, max_bsz) take
// part (the glue already rejects real_bsz > max_bsz). The per-slot decision
// and what a token is are csrc/kernels/shared/draft_model_postprocess.h,
// written once for the three kernels.
#include "kernel_decls/draft_model_postprocess.h"

#include <cstdint>

#include "shared/draft_model_postprocess.h"

namespace opforge::draft_model_postprocess {
namespace {

// The entries of row b other than -1.
int32_t count_tokens(const CpuArgs& args, int64_t b) {
  const int64_t* row = args.base_model_draft_tokens + b * args.draft_token_len;
  int32_t n = 0;
  for (int64_t i = 0; i < args.draft_token_len; ++i) n += is_token(row[i]);
  return n;
}

}  // namespace
}  // namespace opforge::draft_model_postprocess

void opforge::draft_model_postprocess::Kernels::cpu(const CpuArgs& args) {
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  const auto* stop = reinterpret_cast<const unsigned char*>(args.base_model_stop_flags);
  for (int64_t b = 0; b < nslots; ++b) {
    const Action act = action_of(stop[b] != 0, args.base_model_seq_lens_encoder[b]);
    if (!act.writes) continue;  // a slot in prefill keeps its count
    args.base_model_seq_lens_this_time[b] = act.counts ? count_tokens(args, b) : 0;
  }
}
