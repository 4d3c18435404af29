// The per-slot rules of ngram_match, written once for its CPU, XPU3 and CUDA
// kernels (csrc/kernels/{cpu,xpu3,cuda}/ngram_match.*), each of which reads a
// slot's values its own way and calls them. Contract: docs/ops/ngram_match.md
// ("Semantics", "Out-of-domain values").
//
// The search for a recurring n-gram stays in each kernel: it walks a history
// row in global memory, each kind its own way (a CPU loop; XPU3 windows
// streamed through local memory; a CUDA warp per slot and a ballot). So does
// the order of the budget's walk over the slots (one core or thread, in slot
// order), which calls budget_drafts for each decoding slot.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::ngram_match {

// A slot's kind this step.
constexpr int32_t kIdle = 0;
constexpr int32_t kPrefill = 1;
constexpr int32_t kDecode = 2;

// Prefill (seq_lens_encoder > 0), else decoding (seq_lens_decoder > 0), else
// idle; negative lengths read as 0.
OPFORGE_SLOT_FN int32_t slot_kind(int32_t encoder, int32_t decoder) {
  if (encoder > 0) return kPrefill;
  return decoder > 0 ? kDecode : kIdle;
}

// Whether a slot counts in the budget's initial `left` (FastDeploy's count of
// prefill and decoding slots).
OPFORGE_SLOT_FN bool needs_tokens(int32_t encoder, int32_t decoder) {
  return slot_kind(encoder, decoder) != kIdle;
}

// A prefill slot's tokens: its seq_lens_this_time read as >= 0.
OPFORGE_SLOT_FN int32_t prefill_tokens(int32_t fed) {
  return fed > 0 ? fed : 0;
}

// A decoding slot's draft limit: min(max_draft_tokens, max_step_tokens - 1,
// max_dec_len - done - 1, draft_token_num read as >= 0 when given), with done
// = step_idx read as >= 0. max_dec_len - done - 1 is formed only when
// max_dec_len > done (no overflow); otherwise -1, no draft.
OPFORGE_SLOT_FN int64_t draft_limit(int64_t step_idx,
                                    int64_t max_dec_len,
                                    int64_t max_draft_tokens,
                                    int64_t max_step_tokens,
                                    bool has_draft_token_num,
                                    int32_t draft_token_num) {
  const int64_t done = step_idx > 0 ? step_idx : 0;
  if (max_dec_len <= done) return -1;
  int64_t limit = slot_min(max_draft_tokens, max_step_tokens - 1);
  limit = slot_min(limit, max_dec_len - done - 1);
  if (has_draft_token_num)
    limit = slot_min(limit, static_cast<int64_t>(slot_max(draft_token_num, 0)));
  return limit;
}

// The length of a decoding slot's history, prompt_lens clamped into
// [0, max_model_len] plus step_idx read as >= 0; -1 when it does not fit its
// row (no drafts). Every difference is formed without overflow.
OPFORGE_SLOT_FN int64_t history_len(int64_t prompt_lens, int64_t step_idx, int64_t max_model_len) {
  const int64_t done = step_idx > 0 ? step_idx : 0;
  const int64_t prompt = slot_clamp(prompt_lens, static_cast<int64_t>(0), max_model_len);
  if (done > max_model_len - prompt) return -1;
  return prompt + done;
}

// The drafts a slot would take with no budget: those after the match at
// start (>= 0) of a history of len tokens, at most limit (>= 1 when
// limit >= 1: a token follows every window).
OPFORGE_SLOT_FN int64_t slot_want(int64_t limit, int64_t len, int64_t start) {
  return slot_min(limit, len - start);
}

// Whether the step's budget still allows drafts: total tokens so far (this
// decoding slot's own included) plus the slots still to come, below
// threshold - 1.
OPFORGE_SLOT_FN bool has_budget(int64_t total, int64_t left, int64_t threshold) {
  return total + left < threshold - 1;
}

// A decoding slot's drafts under the budget: min(want, threshold - total -
// left) while the budget is open, else 0.
OPFORGE_SLOT_FN int64_t budget_drafts(int64_t want,
                                      int64_t total,
                                      int64_t left,
                                      int64_t threshold) {
  if (want <= 0 || !has_budget(total, left, threshold)) return 0;
  return slot_min(want, threshold - total - left);
}

}  // namespace opforge::ngram_match
