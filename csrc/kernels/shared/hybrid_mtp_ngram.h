// The per-slot decisions of hybrid_mtp_ngram, written once for its CPU, XPU3
// and CUDA kernels (csrc/kernels/{cpu,xpu3,cuda}/hybrid_mtp_ngram.*): the
// slots with state, whether a slot takes part and its draft limit, its prompt
// length, and the step's token budget. Each kernel reads a slot's values its
// own way (args.<name>[b], or GM2LM on XPU3) and calls these on them.
// Contract: docs/ops/hybrid_mtp_ngram.md ("Semantics", "Out-of-domain
// values"); the NumPy reference is tests/ops/reference/hybrid_mtp_ngram.py.
//
// The n-gram search is not here: it reads the rows (global memory, which a
// shared function may not touch), and each kind searches its own way (the CPU
// kernel a window at a time, the CUDA kernel 32 windows per warp step with a
// ballot, the XPU3 kernel windows streamed through local memory).
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::hybrid_mtp_ngram::shared {

// The slots with state: the first min(real_bsz, max_bsz) (the glue rejects
// real_bsz > max_bsz).
OPFORGE_SLOT_FN int64_t slots_with_state(int64_t real_bsz, int64_t max_bsz) {
  return slot_min<int64_t>(real_bsz, max_bsz);
}

// A slot before the search: its tokens `ori` (seq_lens_this_time read as
// >= 0), `done` (step_idx read as >= 0: the column of its last generated
// token), whether it takes part (FastDeploy's limit min(max_draft_tokens - ori
// + 1, max_dec_len - done - 1) > 0), and `limit`, that limit within the row's
// room (max_step_tokens - ori; may be <= 0). `search` says whether drafts are
// possible at all: a positive limit and the n-gram inside pre_ids' row.
struct Slot {
  int64_t ori;
  int64_t done;
  int64_t limit;
  bool takes_part;
  bool search;
};

// The slot from its seq_lens_this_time, whether it has state (b below
// slots_with_state()), and its step_idx and max_dec_len (read by the kernel
// only for a slot with state, and used only for one that feeds tokens).
OPFORGE_SLOT_FN Slot slot_of(int32_t seq_lens_this_time,
                             bool has_state,
                             int64_t step_idx,
                             int64_t max_dec_len,
                             int64_t max_draft_tokens,
                             int64_t max_step_tokens,
                             int64_t max_pre_len) {
  Slot s{slot_max<int64_t>(seq_lens_this_time, 0), 0, 0, false, false};
  if (!has_state || s.ori == 0) return s;  // no state, or feeds nothing
  s.done = slot_max<int64_t>(step_idx, 0);
  // max_dec_len - done - 1 is formed only when max_dec_len > done >= 0.
  if (max_dec_len <= s.done) return s;
  const int64_t limit = slot_min<int64_t>(max_draft_tokens - s.ori + 1, max_dec_len - s.done - 1);
  if (limit <= 0) return s;
  s.takes_part = true;
  s.limit = slot_min<int64_t>(limit, max_step_tokens - s.ori);
  s.search = s.limit > 0 && s.done < max_pre_len;
  return s;
}

// A slot's prompt length: input_ids_len clamped into [0, max_input_len].
OPFORGE_SLOT_FN int64_t prompt_len_of(int64_t input_ids_len, int64_t max_input_len) {
  return slot_min<int64_t>(slot_max<int64_t>(input_ids_len, 0), max_input_len);
}

// The budget, called for every slot in slot order: adds the slot's tokens to
// the running sum `total`, takes a slot that takes part off `left` (both the
// caller's locals), and returns the most drafts the budget leaves it: 0 when
// total + left >= threshold - 1, else threshold - total - left (>= 2). The
// caller adds the drafts it writes to `total`.
OPFORGE_SLOT_FN int64_t
budget_room(int64_t ori, bool takes_part, int64_t threshold, int64_t* total, int64_t* left) {
  *total += ori;
  if (!takes_part) return 0;
  --*left;
  return *total + *left < threshold - 1 ? threshold - *total - *left : 0;
}

}  // namespace opforge::hybrid_mtp_ngram::shared
