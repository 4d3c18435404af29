// The per-slot rules of verify_draft_tokens, written once for its CPU, XPU3
// and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/verify_draft_tokens.*), each
// of which reads a slot's values its own way and calls them. Contract:
// docs/ops/verify_draft_tokens.md ("Semantics", "Out-of-domain values").
//
// The walks over the drafts and the candidate rows (acceptance, the top-p
// window, the inverse-CDF sample) stay in each kernel: they read rows of
// global memory, each kind its own way (plain loads; LM windows and chunks on
// XPU3; cuda_global proxies), and call these rules at each step.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::verify_draft_tokens {

constexpr int64_t kStepMax = 0x7fffffffffffffffLL;  // where the step counter saturates

// A slot's fed tokens, seq_lens_this_time[b] clamped to the row width (the
// drafts and outputs of a slot live in one max_step_tokens-wide row).
OPFORGE_SLOT_FN int64_t slot_tokens(int64_t slt_in, int64_t max_step_tokens) {
  return slt_in < max_step_tokens ? slt_in : max_step_tokens;
}

// Whether a slot's drafts are verified: reject_all wins over accept_all; a
// prefill slot has no drafts and a slot emitting the reasoning boundary
// takes the target's token.
OPFORGE_SLOT_FN bool verifies(bool reject_all, int32_t encoder, int32_t reasoning_status) {
  return !reject_all && encoder == 0 && reasoning_status != 1;
}

// The packed rows a slot reads from first_row on: every fed row when
// verified, else the first.
OPFORGE_SLOT_FN int64_t packed_rows(int64_t slt, bool verify) {
  return verify ? slt : 1;
}

// Whether packed rows first_row .. first_row + nrows - 1 all exist; if not,
// the slot is inactive (int64: no overflow).
OPFORGE_SLOT_FN bool rows_inside(int64_t first_row, int64_t nrows, int64_t token_num) {
  return first_row >= 0 && first_row + nrows <= token_num;
}

// Candidates inside top-p: candidate_lens[row] clamped into [0, K] (a
// negative count is an empty top-p set; a row never holds more than K).
OPFORGE_SLOT_FN int64_t clamped_top_p_count(int32_t len, int64_t K) {
  return len < 0 ? 0 : (len < K ? len : K);
}

// The step counter after one more token: step_idx + k saturated at
// INT64_MAX (the exact value would be >= INT64_MAX >= max_dec_len, so the
// length test is what exact arithmetic gives).
OPFORGE_SLOT_FN int64_t next_step(int64_t cur) {
  return cur < kStepMax ? cur + 1 : cur;
}

// What emitting a token does, given whether it is an end token (eos) and
// whether the step counter reached max_dec_len (hit): a non-end token at the
// limit is replaced by end_tokens[0]; either ends the slot.
OPFORGE_SLOT_FN bool replaced_by_end(bool eos, bool hit) {
  return hit && !eos;
}
OPFORGE_SLOT_FN bool stops(bool eos, bool hit) {
  return eos || hit;
}

}  // namespace opforge::verify_draft_tokens
