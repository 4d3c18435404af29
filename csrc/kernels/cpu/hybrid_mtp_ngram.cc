// CPU kernel of hybrid_mtp_ngram.
// Contract: docs/ops/hybrid_mtp_ngram.md ("Semantics", "Out-of-domain values",
// "Differences from FastDeploy"); the NumPy reference is
// tests/ops/reference/hybrid_mtp_ngram.py. The generated glue has already
// checked every buffer's length and the attributes' bounds, not the values.
//
// Slots are visited in order because the step's token budget
// (spec_tokenum_threshold) is a running sum over them; the search of a slot
// reads only its own prompt and generated-token rows. The per-slot decisions
// (taking part, the limit, the budget) are csrc/kernels/shared/hybrid_mtp_ngram.h,
// shared with the XPU3 and CUDA kernels.
//
// Total on any values: negative seq_lens_this_time and step_idx read as 0;
// input_ids_len is clamped into [0, max_input_len]; step_idx >= max_pre_len
// gives no drafts (the n-gram is not in the row); the drafts end inside the
// row (column < max_step_tokens); sums are int64 and every difference is
// formed only where it cannot overflow.
#include "kernel_decls/hybrid_mtp_ngram.h"

#include <cstdint>

#include "shared/hybrid_mtp_ngram.h"

namespace opforge::hybrid_mtp_ngram {
namespace {

// The earliest window hay[i, i + n), i < hay_len - n (a token follows it),
// equal to gram[0, n); -1 when none is. The search of ngram_match
// (csrc/kernels/cpu/ngram_match.cc) is this with the n-gram at the end of the
// haystack itself.
int64_t first_window(const int64_t* hay, int64_t hay_len, const int64_t* gram, int64_t n) {
  for (int64_t i = 0; i < hay_len - n; ++i) {
    int64_t j = 0;
    while (j < n && hay[i + j] == gram[j]) ++j;
    if (j == n) return i;
  }
  return -1;
}

// Where a slot's drafts come from: for n from max_n down to min_n (n <= s),
// the n-gram pre[s + 1 - n, s + 1); its earliest window in the prompt, else
// in pre[0, s + 1) before the n-gram. Sets *from_prompt and returns the
// drafts' start (the haystack ends at *hay_end), or -1.
int64_t find_drafts(const int64_t* prompt,
                    int64_t prompt_len,
                    const int64_t* pre,
                    int64_t s,
                    int64_t max_n,
                    int64_t min_n,
                    bool* from_prompt,
                    int64_t* hay_end) {
  for (int64_t n = slot_min<int64_t>(max_n, s); n >= min_n; --n) {
    const int64_t* gram = pre + (s + 1 - n);
    int64_t i = first_window(prompt, prompt_len, gram, n);
    if (i >= 0) {
      *from_prompt = true;
      *hay_end = prompt_len;
      return i + n;
    }
    i = first_window(pre, s + 1, gram, n);
    if (i >= 0) {
      *from_prompt = false;
      *hay_end = s + 1;
      return i + n;
    }
  }
  return -1;
}

}  // namespace
}  // namespace opforge::hybrid_mtp_ngram

void opforge::hybrid_mtp_ngram::Kernels::cpu(const CpuArgs& args) {
  const int64_t threshold = args.spec_tokenum_threshold;
  // Slots with state (the glue rejects real_bsz > max_bsz).
  const int64_t nslots = shared::slots_with_state(args.real_bsz, args.max_bsz);

  // Slots counted as still needing a token: the draft model's decoding ones
  // (FastDeploy's count; every slot that takes part is taken off it).
  int64_t left = 0;
  for (int64_t b = 0; b < nslots; ++b) {
    if (args.seq_lens_decoder[b] > 0) ++left;
  }

  int64_t total = 0;  // seq_lens_this_time[0 .. b] as updated
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    const bool has_state = b < nslots;
    const shared::Slot slot = shared::slot_of(args.seq_lens_this_time[b],
                                              has_state,
                                              has_state ? args.step_idx[b] : int64_t{0},
                                              has_state ? args.max_dec_len[b] : int64_t{0},
                                              args.max_draft_tokens,
                                              args.max_step_tokens,
                                              args.max_pre_len);
    const int64_t room = shared::budget_room(slot.ori, slot.takes_part, threshold, &total, &left);
    if (room <= 0 || !slot.search) continue;

    const int64_t prompt_len = shared::prompt_len_of(args.input_ids_len[b], args.max_input_len);
    const int64_t* prompt = args.input_ids + b * args.max_input_len;
    const int64_t* pre = args.pre_ids + b * args.max_pre_len;
    bool from_prompt = false;
    int64_t hay_end = 0;
    const int64_t start = find_drafts(prompt,
                                      prompt_len,
                                      pre,
                                      slot.done,
                                      args.max_ngram_size,
                                      args.min_ngram_size,
                                      &from_prompt,
                                      &hay_end);
    if (start < 0) continue;
    const int64_t drafts = slot_min<int64_t>(slot_min<int64_t>(slot.limit, hay_end - start), room);
    const int64_t* src = (from_prompt ? prompt : pre) + start;
    int64_t* row = args.draft_tokens + b * args.max_step_tokens + slot.ori;
    for (int64_t k = 0; k < drafts; ++k) row[k] = src[k];
    args.seq_lens_this_time[b] = static_cast<int32_t>(slot.ori + drafts);
    total += drafts;
  }
}
