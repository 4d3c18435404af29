// CPU kernel for ngram_match.
// Contract: docs/ops/ngram_match.md ("Semantics", "Out-of-domain values",
// "Differences from FastDeploy"); the NumPy reference is
// tests/ops/reference/ngram_match.py. The generated glue has already checked
// every buffer's length and the attributes' bounds, not the values.
//
// Slots are visited in order because the step's token budget
// (infer_with_reference_tokenum_threshold) is a running sum over them; the
// search of each decoding slot reads only its own history row.
//
// Total on any values: negative seq_lens_encoder, seq_lens_decoder,
// step_idx, draft_token_num and prefill seq_lens_this_time read as 0;
// prompt_lens is clamped into [0, max_model_len]; a history that does not fit
// its row (prompt_lens + step_idx > max_model_len) gives no drafts; the draft
// count is at most max_step_tokens - 1; sums are int64 and every difference
// is formed only where it cannot overflow. Every index stays inside its
// buffer: history positions < prompt_len + step_idx <= max_model_len, draft
// columns 1 .. max_step_tokens - 1.
#include "kernel_decls/ngram_match.h"

#include <cstdint>

#include "shared/ngram_match.h"

namespace opforge::ngram_match {
namespace {

int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// Where the drafts of a history h[0, len) come from: for n from
// max_ngram_size down to 1, the earliest window h[i, i + n), i < len - n,
// equal to the last n tokens h[len - n, len); the drafts start right after
// it. Returns that start, or -1 when no n-gram recurs.
int64_t find_draft_start(const int64_t* h, int64_t len, int32_t max_ngram_size) {
  for (int64_t n = max_ngram_size; n >= 1; --n) {
    if (len - n < 1) continue;  // no window before the n-gram
    const int64_t* gram = h + (len - n);
    for (int64_t i = 0; i < len - n; ++i) {
      int64_t j = 0;
      while (j < n && h[i + j] == gram[j]) ++j;
      if (j == n) return i + n;
    }
  }
  return -1;
}

}  // namespace
}  // namespace opforge::ngram_match

void opforge::ngram_match::Kernels::cpu(const CpuArgs& args) {
  const int64_t threshold = args.infer_with_reference_tokenum_threshold;
  // Slots with state (the glue rejects real_bsz > max_bsz; past max_bsz a
  // slot is idle).
  const int64_t nslots = min64(args.real_bsz, args.max_bsz);

  // Slots that still need tokens this step: prefill and decoding ones
  // (FastDeploy's count; only a decoding slot is taken off it).
  int64_t left = 0;
  for (int64_t b = 0; b < nslots; ++b) {
    if (needs_tokens(args.seq_lens_encoder[b], args.seq_lens_decoder[b])) ++left;
  }

  int64_t total = 0;  // tokens of the step so far, slot by slot
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    if (b >= nslots) {
      args.seq_lens_this_time[b] = 0;
      continue;
    }
    const int32_t kind = slot_kind(args.seq_lens_encoder[b], args.seq_lens_decoder[b]);
    if (kind == kPrefill) {  // keeps its length
      const int32_t fed = prefill_tokens(args.seq_lens_this_time[b]);
      args.seq_lens_this_time[b] = fed;
      total += fed;
      continue;
    }
    if (kind == kIdle) {
      args.seq_lens_this_time[b] = 0;
      continue;
    }

    // Decode: one token, then the drafts.
    args.seq_lens_this_time[b] = 1;
    --left;
    ++total;
    const bool has_num = args.draft_token_num != nullptr;
    const int64_t limit = draft_limit(args.step_idx[b],
                                      args.max_dec_len[b],
                                      args.max_draft_tokens,
                                      args.max_step_tokens,
                                      has_num,
                                      has_num ? args.draft_token_num[b] : 0);
    // Search only where drafts are possible: a positive limit, budget left
    // and a history that fits its row.
    if (limit <= 0 || !has_budget(total, left, threshold)) continue;
    const int64_t len = history_len(args.prompt_lens[b], args.step_idx[b], args.max_model_len);
    if (len < 0) continue;
    const int64_t* history = args.token_ids_all + b * args.max_model_len;
    const int64_t start = find_draft_start(history, len, args.max_ngram_size);
    if (start < 0) continue;
    const int64_t drafts = budget_drafts(slot_want(limit, len, start), total, left, threshold);
    int64_t* row = args.step_input_ids + b * args.max_step_tokens;
    for (int64_t k = 0; k < drafts; ++k) row[1 + k] = history[start + k];
    args.seq_lens_this_time[b] = static_cast<int32_t>(1 + drafts);
    total += drafts;
  }
}
