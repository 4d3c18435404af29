// The per-slot rules of draft_model_preprocess, written once for its CPU,
// XPU3 and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/draft_model_preprocess.*),
// each of which reads a slot's values its own way and calls them. Contract:
// docs/ops/draft_model_preprocess.md ("Semantics, per slot b", "Out-of-domain
// values").
//
// The row fill (-1 after the next input token), the copy of the history into
// the draft row and the OR of has_draft_seqs stay in the kernels, which move
// the data each its own way.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::draft_model_preprocess {

constexpr int64_t kInt32Max = 2147483647LL;

// A draft-model length (draft_seq_lens_encoder / _decoder) read into its
// domain [0, INT32_MAX].
OPFORGE_SLOT_FN int32_t draft_len(int32_t raw) {
  return raw > 0 ? raw : 0;
}

// What a taking-part slot (b < min(real_bsz, max_bsz)) is this step.
constexpr int32_t kKept = 0;      // idle or paused (seq_lens_this_time <= 0): its cache is kept
constexpr int32_t kStopped = 1;   // stop_flags[b]: the request is over
constexpr int32_t kNew = 2;       // seq_lens_encoder > 0: not prefilled by the target yet
constexpr int32_t kDecoding = 3;  // keeps decoding: the draft model may be fed

OPFORGE_SLOT_FN int32_t slot_state(bool stopped, int32_t fed, int32_t encoder) {
  if (stopped) return kStopped;
  if (fed <= 0) return kKept;
  return encoder > 0 ? kNew : kDecoding;
}

// A decoding slot's history length prompt + s, s = step_idx and prompt =
// prompt_lens read into [0, INT64_MAX] and [0, max_model_len], when the draft
// model is fed: a row of at least 2 columns, s + 1 < max_dec_len and
// 1 <= prompt + s <= max_model_len (no sum that could overflow); else 0.
OPFORGE_SLOT_FN int64_t fed_history(int64_t step_idx,
                                    int64_t max_dec_len,
                                    int64_t prompt_lens,
                                    int64_t max_model_len,
                                    int64_t max_step_tokens) {
  const int64_t s = step_idx > 0 ? step_idx : 0;
  const int64_t limit = max_dec_len > 0 ? max_dec_len : 0;
  const int64_t prompt = slot_clamp(prompt_lens, static_cast<int64_t>(0), max_model_len);
  if (max_step_tokens < 2 || s >= limit - 1 || s > max_model_len - prompt) return 0;
  const int64_t hist = prompt + s;
  if (hist < 1 || hist > kInt32Max) return 0;
  return hist;
}

// What the draft model is fed for a history of hist >= 1 tokens with dec
// cached: the tokens after the cache, from history position `from` (when
// they fit the row), else the whole history again as a prefill (from = -1,
// nothing copied).
struct DraftFeed {
  int32_t this_time;  // draft_seq_lens_this_time
  int32_t encoder;    // draft_seq_lens_encoder
  int32_t decoder;    // draft_seq_lens_decoder
  int32_t from;       // the first history position copied into the draft row, or -1
};

OPFORGE_SLOT_FN DraftFeed draft_feed(int32_t hist, int32_t dec, int64_t max_step_tokens) {
  const int32_t v = slot_min(dec, hist - 1);
  if (v > 0 && hist - v <= max_step_tokens) return DraftFeed{hist - v, 0, v, v};
  return DraftFeed{hist, hist, 0, -1};
}

}  // namespace opforge::draft_model_preprocess
