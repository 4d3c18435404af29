// The per-slot rules of speculate_limit_thinking_content_length_v2, written
// once for its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_limit_thinking_content_length_v2.*), each of which reads a slot's
// values its own way, walks its accepted tokens calling these, and writes what
// they return. Contract: docs/ops/speculate_limit_thinking_content_length_v2.md
// ("Semantics, per slot b", "Out-of-domain values").
//
// All but the state machine is _v1's (which slot is left alone, how many
// tokens are walked, a token's place against the budget, the drop after a
// forced token), taken from its header.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"
#include "speculate_limit_thinking_content_length_v1.h"

namespace opforge::speculate_limit_thinking_content_length_v2 {

using speculate_limit_thinking_content_length_v1::after_drop;
using speculate_limit_thinking_content_length_v1::at_budget;
using speculate_limit_thinking_content_length_v1::Drop;
using speculate_limit_thinking_content_length_v1::left_alone;
using speculate_limit_thinking_content_length_v1::walked;

// The status of a slot whose walk is done with (3); the slot is left alone
// while also stopped.
constexpr int32_t kDone = 3;

// One walked token after _v2's rule.
struct Token {
  int64_t token;   // what the row holds at t afterwards
  int32_t status;  // the slot's status afterwards
  bool forced;     // the token was forced: the walk stops after it
};

// Token `token` at step_idx `step_idx`, `budget` the at_budget() of its
// place: at status <= 1, the token k = 0 .. 3 past the budget becomes
// line_break_id (`line_break`), think_end_id (`end`), line_break_id,
// line_break_id, with status 1 (2 for k = 3), and is forced; then a
// think_end_id met at status 0 sets status 3, and status 2 becomes 3. The
// window is tested before the difference is taken (budget + 3 is below 2^34
// in magnitude), so nothing overflows.
OPFORGE_SLOT_FN Token limit_token(int64_t token,
                                  int32_t status,
                                  int64_t step_idx,
                                  int64_t budget,
                                  int64_t end,
                                  int64_t line_break) {
  Token out{token, status, false};
  if (status <= 1 && step_idx >= budget && step_idx <= budget + 3) {
    const int64_t k = step_idx - budget;  // 0 .. 3 past the budget
    out = Token{k == 1 ? end : line_break, k == 3 ? 2 : 1, true};
  }
  if (out.status == 0 && out.token == end) out.status = 3;
  if (out.status == 2) out.status = 3;
  return out;
}

}  // namespace opforge::speculate_limit_thinking_content_length_v2
