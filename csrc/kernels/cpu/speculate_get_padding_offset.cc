// CPU kernel of speculate_get_padding_offset.
// Contract: docs/ops/speculate_get_padding_offset.md ("Semantics", "Output
// invariants", "Out-of-domain values"); the NumPy reference is
// tests/reference/speculate_get_padding_offset.py. Declaration:
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

namespace opforge::speculate_get_padding_offset {
namespace {

constexpr int64_t kNoToken = -1;  // the id of a position no source row fills
constexpr int32_t kNoSlot = -1;   // the slot of a position no slot fills

int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_get_padding_offset

void opforge::speculate_get_padding_offset::Kernels::cpu(const int64_t* input_ids,
                                                         const int64_t* step_input_ids,
                                                         const int32_t* seq_lens_this_time,
                                                         const int32_t* seq_lens_encoder,
                                                         int64_t* ids_remove_padding,
                                                         int32_t* batch_id_per_token,
                                                         int32_t* cu_seqlens_q,
                                                         int32_t* cu_seqlens_k,
                                                         int64_t max_bsz,
                                                         int64_t real_bsz,
                                                         int64_t max_seq_len,
                                                         int64_t max_step_tokens,
                                                         int64_t token_num,
                                                         int64_t /*cpu_token_num*/) {
  cu_seqlens_q[0] = 0;
  cu_seqlens_k[0] = 0;
  int64_t packed = 0;  // lengths of the slots before b: at most real_bsz * INT32_MAX
  for (int64_t b = 0; b < real_bsz; ++b) {
    const int64_t len = b < max_bsz && seq_lens_this_time[b] > 0 ? seq_lens_this_time[b] : 0;
    const int64_t start = min64(packed, token_num);
    packed += len;
    const int64_t end = min64(packed, token_num);
    cu_seqlens_q[b + 1] = static_cast<int32_t>(end);  // <= token_num <= INT32_MAX
    cu_seqlens_k[b + 1] = static_cast<int32_t>(end);
    if (end == start) continue;
    // b < max_bsz here (a slot past max_bsz has no length).
    const bool prefill = seq_lens_encoder[b] > 0;
    const int64_t* row =
        prefill ? input_ids + b * max_seq_len : step_input_ids + b * max_step_tokens;
    const int64_t width = prefill ? max_seq_len : max_step_tokens;
    const int64_t n = end - start;
    const int64_t from_row = min64(n, width);
    for (int64_t k = 0; k < from_row; ++k) ids_remove_padding[start + k] = row[k];
    for (int64_t k = from_row; k < n; ++k) ids_remove_padding[start + k] = kNoToken;
    for (int64_t k = 0; k < n; ++k) batch_id_per_token[start + k] = static_cast<int32_t>(b);
  }
  // Positions past the last slot's tokens (only when the lengths add up to
  // less than token_num, out of the domain).
  for (int64_t r = min64(packed, token_num); r < token_num; ++r) {
    ids_remove_padding[r] = kNoToken;
    batch_id_per_token[r] = kNoSlot;
  }
}
