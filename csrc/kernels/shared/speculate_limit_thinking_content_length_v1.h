// The per-slot rules of speculate_limit_thinking_content_length_v1, written
// once for its CPU, XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/
// speculate_limit_thinking_content_length_v1.*), each of which reads a slot's
// values its own way, walks its accepted tokens calling these, and writes what
// they return. Contract: docs/ops/speculate_limit_thinking_content_length_v1.md
// ("Semantics, per slot b", "Out-of-domain values").
//
// What is not the state machine is the same for the _v2 op (which slot is
// left alone, how many tokens are walked, a token's place against the budget,
// the drop of the tokens after a forced one): its header
// (shared/speculate_limit_thinking_content_length_v2.h) includes this one and
// uses those functions. Total on any values: no sum or difference overflows,
// and the dropped count saturates step_idx and seq_lens_decoder.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {

constexpr int64_t kInt64Min = -9223372036854775807LL - 1;
constexpr int64_t kInt32Min = -2147483648LL;

// Whether a slot is left alone: it accepted nothing, has no budget
// (max_think_lens < 0), or is done (its status is `done`: 2 for _v1, 3 for
// _v2) and stopped (its stop_flags byte is not 0).
OPFORGE_SLOT_FN bool left_alone(
    int32_t accepted, int32_t limit, int32_t status, bool stopped, int32_t done) {
  return accepted <= 0 || limit < 0 || (status == done && stopped);
}

// The accepted tokens walked: accept_num read as at most tokens_per_step, so
// every token read is inside the row (accepted > 0 here).
OPFORGE_SLOT_FN int32_t walked(int32_t accepted, int64_t width) {
  return static_cast<int32_t>(slot_min<int64_t>(accepted, width));
}

// The step_idx at which token t of the n walked is number `limit` of the
// thinking content (token t is number step_idx - n + 1 + t): the budget is
// reached from there on. Compared with step_idx, never added to it (the sum
// is below 2^33 in magnitude, so nothing overflows).
OPFORGE_SLOT_FN int64_t at_budget(int32_t limit, int32_t n, int32_t t) {
  return static_cast<int64_t>(limit) + n - 1 - t;
}

// What a slot writes after its walk stopped at a forced token, `dropped`
// (>= 0) of its walked tokens after it: step_idx and seq_lens_decoder less the
// dropped count, each saturating at its dtype's minimum.
struct Drop {
  int64_t step_idx;
  int32_t seq_lens_decoder;
};

OPFORGE_SLOT_FN Drop after_drop(int64_t step_idx, int32_t seq_lens_decoder, int32_t dropped) {
  Drop drop{0, 0};
  drop.step_idx = step_idx < kInt64Min + dropped ? kInt64Min : step_idx - dropped;
  const int64_t dec = static_cast<int64_t>(seq_lens_decoder) - dropped;
  drop.seq_lens_decoder = static_cast<int32_t>(dec < kInt32Min ? kInt32Min : dec);
  return drop;
}

// The status of a slot whose walk is done with (2); the slot is left alone
// while also stopped.
constexpr int32_t kDone = 2;

// Whether the slot is still thinking (status < 1): only then is a token
// forced, and only then does the kernel look its token up among the end
// tokens.
OPFORGE_SLOT_FN bool thinking(int32_t status) {
  return status < 1;
}

// One walked token after _v1's rule.
struct Token {
  int64_t token;     // what the row holds at t afterwards
  int32_t status;    // the slot's status afterwards
  bool forced;       // the token was forced: the walk stops after it
  bool clears_stop;  // an end token was replaced: stop_flags is cleared
};

// Token `token` at step_idx `step_idx`, `budget` the at_budget() of its
// place, `is_end` whether it is one of eos_token_ids (read only while
// thinking(status)): while thinking, a token that has reached the budget, or
// else an end token, becomes think_end_id (`end`) with status 1 and is
// forced (an end token also clears stop_flags); then, below status 2, a
// think_end_id token sets status 2.
OPFORGE_SLOT_FN Token limit_token(
    int64_t token, int32_t status, int64_t step_idx, int64_t budget, bool is_end, int64_t end) {
  Token out{token, status, false, false};
  if (thinking(status)) {
    if (step_idx >= budget) {  // the token's number has reached the budget
      out = Token{end, 1, true, false};
    } else if (is_end) {
      out = Token{end, 1, true, true};
    }
  }
  if (out.status < 2 && out.token == end) out.status = 2;
  return out;
}

}  // namespace opforge::speculate_limit_thinking_content_length_v1
