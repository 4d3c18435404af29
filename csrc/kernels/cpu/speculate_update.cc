// CPU kernel of speculate_update.
// Contract: docs/ops/speculate_update.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_update.py. The generated glue has already
// checked every buffer's length, not its values.
//
// Total on any values: a taking-part slot's encoder and decoder lengths are
// read clamped into [0, INT32_MAX] (and written back so), its accepted count
// clamped into [0, max_draft_tokens] (so accept_tokens[b, a - 1] is inside the
// row, and nothing is read when a == 0); every sum is formed in int64 and
// saturated into int32. Bools are read as bytes. real_bsz > max_bsz (which the
// glue rejects) still takes min(real_bsz, max_bsz) slots.
#include "kernel_decls/speculate_update.h"

#include <cstdint>
#include <limits>

namespace opforge::speculate_update {
namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();
constexpr int64_t kInt32Min = std::numeric_limits<int32_t>::min();

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

bool byte_true(const bool* flags, int64_t i) {
  return reinterpret_cast<const unsigned char*>(flags)[i] != 0;
}

}  // namespace
}  // namespace opforge::speculate_update

void opforge::speculate_update::Kernels::cpu(const CpuArgs& args) {
  const int64_t width = args.max_draft_tokens;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  int64_t stopped = 0;

  for (int64_t b = 0; b < args.max_bsz; ++b) {
    if (b >= nslots) {
      ++stopped;  // not taking part: counts as stopped
      continue;
    }
    if (byte_true(args.is_block_step, b)) continue;  // swapped out: not counted

    int64_t enc = clamp64(args.seq_lens_encoder[b], 0, kInt32Max);
    int64_t dec = clamp64(args.seq_lens_decoder[b], 0, kInt32Max);
    const int64_t a = clamp64(args.accept_num[b], 0, width);
    const int64_t n = args.seq_lens_this_time[b];

    if (byte_true(args.stop_flags, b)) {
      ++stopped;
      args.mask_rollback[b] = 0;
    } else if (enc == 0) {
      dec = clamp64(dec + a, 0, kInt32Max);
      args.mask_rollback[b] = static_cast<int32_t>(clamp64(n - a, kInt32Min, kInt32Max));
    } else {
      args.mask_rollback[b] = 0;
    }

    // Decode with drafts: the next draft count follows whether all were accepted.
    if (enc == 0 && n > 1) {
      const int64_t cur = args.actual_draft_token_nums[b];
      const int64_t next = (a - 1 == cur) ? (cur + 2 < width - 1 ? cur + 2 : width - 1)
                                          : (cur - 1 > 1 ? cur - 1 : 1);
      args.actual_draft_token_nums[b] = static_cast<int32_t>(next);
    }

    if (enc != 0) {  // prefill: the prompt is now in the cache
      dec = clamp64(dec + enc, 0, kInt32Max);
      enc = 0;
    }
    args.seq_lens_encoder[b] = static_cast<int32_t>(enc);
    args.seq_lens_decoder[b] = static_cast<int32_t>(dec);

    if (a >= 1) args.draft_tokens[b * width] = args.accept_tokens[b * width + a - 1];
  }

  const int64_t threshold = args.stop_nums != nullptr ? args.stop_nums[0] : args.max_bsz;
  args.not_need_stop[0] = stopped < threshold;
}
