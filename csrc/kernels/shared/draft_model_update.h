// The per-slot rules of draft_model_update, written once for its CPU, XPU3
// and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/draft_model_update.*), each
// of which reads a slot's values its own way, calls these on them and writes
// what they return. Contract: docs/ops/draft_model_update.md ("Semantics, per
// slot b", "Out-of-domain values"). Total on any values: every value is read
// clamped into its domain, and no sum or difference can overflow.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::draft_model_update {

constexpr int64_t kInt32Max = 2147483647LL;
constexpr int64_t kInt64Max = 9223372036854775807LL;

// A draft-model length (draft_seq_lens_encoder, draft_seq_lens_decoder) read
// into its domain, [0, INT32_MAX].
OPFORGE_SLOT_FN int32_t length_in_domain(int64_t v) {
  return static_cast<int32_t>(slot_clamp<int64_t>(v, 0, kInt32Max));
}

// The draft model's cache length after a forward of `fed` > 0 tokens, from
// `decoder` in its domain: saturates at INT32_MAX (the sum of two int32
// values cannot overflow int64).
OPFORGE_SLOT_FN int32_t decoder_after(int32_t decoder, int32_t fed) {
  const int64_t sum = static_cast<int64_t>(decoder) + fed;
  return static_cast<int32_t>(sum < kInt32Max ? sum : kInt32Max);
}

// Whether a slot's packed rows [lo, hi) of cu_seqlens_q are a non-empty range
// inside [0, token_num): only then is its token, row hi - 1, read.
OPFORGE_SLOT_FN bool rows_inside(int64_t lo, int64_t hi, int64_t token_num) {
  return lo >= 0 && lo < hi && hi <= token_num;
}

// What appending the slot's token to its step_input_ids row does.
struct Append {
  bool appended;      // the token goes into column `column` of the row
  int32_t column;     // j: 1 + the drafts the row holds
  int32_t length;     // the target's new seq_lens_this_time, j + 1
  bool room_for_one;  // one more draft would be appended after this one
};

// The append of a slot whose target seq_lens_this_time is `this_time`, at
// `step_idx` of `max_dec_len`, rows `width` (max_step_tokens) wide: j is
// this_time clamped into [0, width], step_idx and max_dec_len are read
// clamped to >= 0; appended iff 1 <= j < width and step_idx + j < limit
// (compared as limit - j, which cannot overflow: limit >= 0, j <= width).
OPFORGE_SLOT_FN Append append_of(int64_t this_time,
                                 int64_t step_idx,
                                 int64_t max_dec_len,
                                 int64_t width) {
  Append append{false, 0, 0, false};
  const int64_t j = slot_clamp<int64_t>(this_time, 0, width);
  const int64_t s = slot_clamp<int64_t>(step_idx, 0, kInt64Max);
  const int64_t limit = slot_clamp<int64_t>(max_dec_len, 0, kInt64Max);
  if (j < 1 || j >= width || s >= limit - j) return append;
  append.appended = true;
  append.column = static_cast<int32_t>(j);  // j <= this_time, an int32
  append.length = static_cast<int32_t>(j + 1);
  append.room_for_one = j + 1 < width && s < limit - j - 1;
  return append;
}

// Whether the slot is fed to the draft model again: its token was appended,
// drafting goes on (prefill_one_step_stop off), the token is no end token,
// and one more draft would be appended.
OPFORGE_SLOT_FN bool fed_again(const Append& append, bool prefill_one_step_stop, bool end_token) {
  return append.appended && append.room_for_one && !prefill_one_step_stop && !end_token;
}

}  // namespace opforge::draft_model_update
