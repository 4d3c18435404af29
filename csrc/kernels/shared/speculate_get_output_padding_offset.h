// The per-slot rules of speculate_get_output_padding_offset, written once for
// its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_get_output_padding_offset.*), each of which reads a slot's values
// its own way and calls them. Contract:
// docs/ops/speculate_get_output_padding_offset.md ("Semantics", "Out-of-domain
// values").
//
// The layout (prefix sums, the cap at out_token_num, the row fills) stays in
// the kernels, which move the data each its own way.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_get_output_padding_offset {

constexpr int64_t kInt32Min = -2147483648LL;
constexpr int64_t kInt32Max = 2147483647LL;

// The output rows of a slot: its seq_lens_output read clamped to >= 0.
OPFORGE_SLOT_FN int32_t slot_rows(int32_t len) {
  return len > 0 ? len : 0;
}

// FastDeploy's padding before slot b, b * max_seq_len - offset, formed in
// int64 (|b * max_seq_len| < 2^62: no overflow) and saturated to int32.
OPFORGE_SLOT_FN int32_t padding(int64_t b, int64_t max_seq_len, int64_t offset) {
  const int64_t v = b * max_seq_len - offset;
  return static_cast<int32_t>(slot_clamp(v, kInt32Min, kInt32Max));
}

}  // namespace opforge::speculate_get_output_padding_offset
