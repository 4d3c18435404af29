// The per-row decisions of speculate_get_token_penalty_multi_scores, written
// once for its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_get_token_penalty_multi_scores.*), each of which reads a row's
// values its own way and calls them. Contract:
// docs/ops/speculate_get_token_penalty_multi_scores.md ("Semantics",
// "Out-of-domain values").
//
// The penalty formula stays in each kernel: the CUDA kernel rounds its
// products with __fmul_rn so that nvcc cannot contract them into FMAs (a
// kind's own intrinsic, which a shared function may not call). So does the
// end tokens' logit below the minimum length (-1e4 in float16, -1e10
// otherwise), chosen by each kind's own float16 type; and the counts, the
// windows of the vocabulary and the writes.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

constexpr int64_t kNoSlot = -1;  // a row that belongs to no slot
constexpr int64_t kInt64Max = 0x7fffffffffffffffLL;
constexpr float kBannedLogit = -1e10f;  // a banned token's logit

// The slot of packed row t: (t + output_padding_offset[t]) / max_seq_len in
// int64, kNoSlot for a negative position, max_seq_len <= 0 or a slot >= bs.
OPFORGE_SLOT_FN int64_t slot_of(int64_t t, int32_t offset, int64_t max_seq_len, int64_t bs) {
  const int64_t position = t + offset;
  if (position < 0 || max_seq_len <= 0) return kNoSlot;
  const int64_t b = position / max_seq_len;
  return b < bs ? b : kNoSlot;
}

// cur_len + pos < min_len, with a sum past INT64_MAX taken as not below (and
// a negative cur_len never below).
OPFORGE_SLOT_FN bool below_min_length(int64_t cur_len, int64_t min_len, int64_t pos) {
  if (cur_len < 0) return false;
  if (pos > 0 && cur_len > kInt64Max - pos) return false;
  return cur_len + pos < min_len;
}

}  // namespace opforge::speculate_get_token_penalty_multi_scores
