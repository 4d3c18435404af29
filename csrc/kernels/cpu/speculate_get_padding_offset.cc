// CPU kernel of speculate_get_padding_offset.
// Contract: docs/ops/speculate_get_padding_offset.md ("Semantics", "Output
// invariants", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_get_padding_offset.py. Declaration:
// generated/kernel_decls/speculate_get_padding_offset.h. The generated glue has
// checked every buffer's length, not its values.
//
// Total for any values: a slot's length is read clamped to >= 0 (and a slot
// b >= max_bsz, which the glue rejects, has none); the lengths are summed in
// int64 (real_bsz int32 lengths cannot overflow it) and every offset is capped
// at token_num, so each slot writes only inside [0, token_num); a token column
// at or past its source row's width is not read (-1 is packed instead); the
// positions no slot reaches get id -1 and slot -1. Every element of the four
// outputs is written. token_num is the dim set by cpu_token_num (the same value).
#include "kernel_decls/speculate_get_padding_offset.h"

#include <cstdint>

#include "shared/speculate_get_padding_offset.h"

namespace opforge::speculate_get_padding_offset {
namespace {

constexpr int64_t kNoToken = -1;  // the id of a position no source row fills
constexpr int32_t kNoSlot = -1;   // the slot of a position no slot fills

int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_get_padding_offset

void opforge::speculate_get_padding_offset::Kernels::cpu(const CpuArgs& args) {
  args.cu_seqlens_q[0] = 0;
  args.cu_seqlens_k[0] = 0;
  int64_t packed = 0;  // lengths of the slots before b: at most real_bsz * INT32_MAX
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    const bool has_state = b < args.max_bsz;
    const int64_t len = fed_tokens(has_state ? args.seq_lens_this_time[b] : 0, has_state);
    const int64_t start = min64(packed, args.token_num);
    packed += len;
    const int64_t end = min64(packed, args.token_num);
    args.cu_seqlens_q[b + 1] = static_cast<int32_t>(end);  // <= token_num <= INT32_MAX
    args.cu_seqlens_k[b + 1] = static_cast<int32_t>(end);
    if (end == start) continue;
    // b < max_bsz here (a slot past max_bsz has no length).
    const bool prefill = reads_prompt(args.seq_lens_encoder[b]);
    const int64_t* row = prefill ? args.input_ids + b * args.max_seq_len
                                 : args.step_input_ids + b * args.max_step_tokens;
    const int64_t width = prefill ? args.max_seq_len : args.max_step_tokens;
    const int64_t n = end - start;
    const int64_t from_row = min64(n, width);
    for (int64_t k = 0; k < from_row; ++k) args.ids_remove_padding[start + k] = row[k];
    for (int64_t k = from_row; k < n; ++k) args.ids_remove_padding[start + k] = kNoToken;
    for (int64_t k = 0; k < n; ++k) args.batch_id_per_token[start + k] = static_cast<int32_t>(b);
  }
  // Positions past the last slot's tokens (only when the lengths add up to
  // less than token_num, out of the domain).
  for (int64_t r = min64(packed, args.token_num); r < args.token_num; ++r) {
    args.ids_remove_padding[r] = kNoToken;
    args.batch_id_per_token[r] = kNoSlot;
  }
}
