// The per-slot rules of speculate_set_stop_value_multi_seqs, written once for
// its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_set_stop_value_multi_seqs.*), each of which reads a slot's values
// and its rows' tokens its own way and calls these on them. Contract:
// docs/ops/speculate_set_stop_value_multi_seqs.md ("Semantics, per slot b",
// "Out-of-domain values"). Total on any values: accept_num is read clamped
// into [0, max_accept_len], step_idx below 0 as 0; a history position outside
// [1, pre_ids_len) never matches; a stop length outside [1,
// stop_seqs_max_len] is no stop sequence. The position arithmetic is in int64
// on values the clamps bound (step_idx <= INT64_MAX, the rest below 2^31), so
// nothing overflows.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

constexpr int64_t kInt64Max = 9223372036854775807LL;

// step_idx read into its domain: below 0 as 0.
OPFORGE_SLOT_FN int64_t step_in_domain(int64_t step_idx) {
  return slot_clamp<int64_t>(step_idx, 0, kInt64Max);
}

// Whether a slot is checked: not stopped, and (with min_tokens) its step
// `step` (in its domain) has reached min_tokens[b].
OPFORGE_SLOT_FN bool checked(bool stopped, int64_t step, bool has_min_tokens, int64_t min_tokens) {
  return !stopped && !(has_min_tokens && step < min_tokens);
}

// The accepted tokens checked: accept_num clamped into [0, max_accept_len].
OPFORGE_SLOT_FN int32_t accepted_in_domain(int32_t accept_num, int64_t width) {
  return static_cast<int32_t>(slot_clamp<int64_t>(accept_num, 0, width));
}

// Whether stop_seqs_len `len` names a stop sequence: in [1, stop_seqs_max_len].
OPFORGE_SLOT_FN bool is_stop_sequence(int64_t len, int64_t max_len) {
  return len > 0 && len <= max_len;
}

// Whether a stop sequence of `len` tokens can end just before accepted token
// `a` of the `n` checked at step `step`: it needs s - n + a + 1 >= len tokens
// (formed so that nothing overflows: step >= 0, n and a below 2^31).
OPFORGE_SLOT_FN bool window_fits(int64_t step, int32_t n, int32_t a, int64_t len) {
  return step - n + a + 1 >= len;
}

// Where the token d places before the end of a window ending just before
// accepted token `a` is read: the accepted row at a - 1 - d for d < a, else
// the history row pre_ids at s - n + a - d, which matches only at a position
// in [1, pre_ids_len).
struct Source {
  bool inside;    // false: a history position outside [1, pre_ids_len), no match
  bool accepted;  // read from the accepted row (else from pre_ids)
  int64_t index;  // the column of that row
};

OPFORGE_SLOT_FN Source source_of(int32_t d, int32_t a, int64_t step, int32_t n, int64_t pre_len) {
  if (d < a) return Source{true, true, static_cast<int64_t>(a) - 1 - d};
  const int64_t p = step - n + a - d;
  return Source{p > 0 && p < pre_len, false, p};
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs
