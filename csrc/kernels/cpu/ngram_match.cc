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

namespace opforge::ngram_match {
namespace {

int64_t max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}
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
    if (args.seq_lens_encoder[b] > 0 || args.seq_lens_decoder[b] > 0) ++left;
  }

  int64_t total = 0;  // tokens of the step so far, slot by slot
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    if (b >= nslots) {
      args.seq_lens_this_time[b] = 0;
      continue;
    }
    if (args.seq_lens_encoder[b] > 0) {  // prefill: keeps its length
      const int32_t fed = args.seq_lens_this_time[b] > 0 ? args.seq_lens_this_time[b] : 0;
      args.seq_lens_this_time[b] = fed;
      total += fed;
      continue;
    }
    if (args.seq_lens_decoder[b] <= 0) {  // idle
      args.seq_lens_this_time[b] = 0;
      continue;
    }

    // Decode: one token, then the drafts.
    args.seq_lens_this_time[b] = 1;
    --left;
    ++total;
    const int64_t done = max64(args.step_idx[b], 0);
    // The slot's draft limit; max_dec_len - done - 1 is formed only when
    // max_dec_len > done >= 0 (no overflow), else it is negative: no draft.
    if (args.max_dec_len[b] <= done) continue;
    int64_t limit = min64(args.max_draft_tokens, args.max_step_tokens - 1);
    limit = min64(limit, args.max_dec_len[b] - done - 1);
    if (args.draft_token_num != nullptr) limit = min64(limit, max64(args.draft_token_num[b], 0));
    if (limit <= 0 || total + left >= threshold - 1) continue;
    const int64_t cap = min64(limit, threshold - total - left);  // >= 2

    const int64_t prompt_len = min64(max64(args.prompt_lens[b], 0), args.max_model_len);
    if (done > args.max_model_len - prompt_len) continue;  // the history does not fit its row
    const int64_t len = prompt_len + done;
    const int64_t* history = args.token_ids_all + b * args.max_model_len;
    const int64_t start = find_draft_start(history, len, args.max_ngram_size);
    if (start < 0) continue;
    const int64_t drafts = min64(cap, len - start);
    int64_t* row = args.step_input_ids + b * args.max_step_tokens;
    for (int64_t k = 0; k < drafts; ++k) row[1 + k] = history[start + k];
    args.seq_lens_this_time[b] = static_cast<int32_t>(1 + drafts);
    total += drafts;
  }
}
