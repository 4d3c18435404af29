// CPU kernel of speculate_update.
// Contract: docs/ops/speculate_update.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_update.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Its per-slot rules (the slots taking part; a slot's lengths, rollback and
// next draft count, read into their domains and saturated; not_need_stop) are
// the shared ones of csrc/kernels/shared/speculate_update.h, called here on
// each slot's values; this kernel reads and writes the tensors and counts the
// stopped slots. Bools are read as bytes.
#include "kernel_decls/speculate_update.h"

#include <cstdint>

#include "shared/speculate_update.h"

namespace opforge::speculate_update {
namespace {

bool byte_true(const bool* flags, int64_t i) {
  return reinterpret_cast<const unsigned char*>(flags)[i] != 0;
}

}  // namespace
}  // namespace opforge::speculate_update

void opforge::speculate_update::Kernels::cpu(const CpuArgs& args) {
  const int64_t width = args.max_draft_tokens;
  const int64_t nslots = taking_part(args.real_bsz, args.max_bsz);
  int64_t stopped = 0;

  for (int64_t b = 0; b < args.max_bsz; ++b) {
    if (b >= nslots) {
      ++stopped;  // not taking part: counts as stopped
      continue;
    }
    if (byte_true(args.is_block_step, b)) continue;  // swapped out: not counted

    const Update u = update_of(args.seq_lens_encoder[b],
                               args.seq_lens_decoder[b],
                               args.accept_num[b],
                               args.seq_lens_this_time[b],
                               args.actual_draft_token_nums[b],
                               byte_true(args.stop_flags, b),
                               width);
    if (u.stopped) ++stopped;
    args.mask_rollback[b] = u.mask_rollback;
    if (u.adapts) args.actual_draft_token_nums[b] = u.draft_count;
    args.seq_lens_encoder[b] = u.encoder;
    args.seq_lens_decoder[b] = u.decoder;
    if (u.accepted >= 1)
      args.draft_tokens[b * width] = args.accept_tokens[b * width + u.accepted - 1];
  }

  const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
  args.not_need_stop[0] = not_need_stop_of(stopped, threshold);
}
