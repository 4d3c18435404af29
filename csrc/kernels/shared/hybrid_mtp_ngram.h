// The per-slot decisions of hybrid_mtp_ngram, written once for its CPU and
// CUDA kernels: whether a slot takes part and its draft limit, its prompt
// length, and the step's token budget. Contract: docs/ops/hybrid_mtp_ngram.md
// ("Semantics", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/hybrid_mtp_ngram.py.
//
// `A` is the op's CpuArgs or CudaArgs: the same field names, each indexed with
// [] (a plain pointer, or the CUDA simulation's checked one). The XPU3 kernel
// cannot include this file (the dialect check admits only functions defined in
// the kernel file and the toolchain's headers, and its scalars arrive through
// GM2LM, not []), so it carries the same decisions in its own file, in the same
// order. The n-gram search is not here: the CPU kernel scans a window at a
// time, the CUDA kernel 32 windows per warp step with a ballot.
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_HYBRID_FN __device__
#else
#define OPFORGE_HYBRID_FN
#endif

namespace opforge::hybrid_mtp_ngram::shared {

OPFORGE_HYBRID_FN inline int64_t max64(int64_t a, int64_t b) {
  return a > b ? a : b;
}
OPFORGE_HYBRID_FN inline int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// Slot b before the search: its tokens `ori` (seq_lens_this_time read as >= 0),
// `done` (step_idx read as >= 0: the column of its last generated token),
// whether it takes part (FastDeploy's limit min(max_draft_tokens - ori + 1,
// max_dec_len - done - 1) > 0), and `limit`, that limit within the row's room
// (max_step_tokens - ori; may be <= 0). `search` says whether drafts are
// possible at all: a positive limit and the n-gram inside pre_ids' row.
struct Slot {
  int64_t ori;
  int64_t done;
  int64_t limit;
  bool takes_part;
  bool search;
};

template <class A>
OPFORGE_HYBRID_FN inline Slot slot(const A& a, int64_t b, int64_t nslots) {
  Slot s{max64(a.seq_lens_this_time[b], 0), 0, 0, false, false};
  if (b >= nslots || s.ori == 0) return s;  // no state, or feeds nothing
  s.done = max64(a.step_idx[b], 0);
  const int64_t dec_limit = a.max_dec_len[b];
  // max_dec_len - done - 1 is formed only when max_dec_len > done >= 0.
  if (dec_limit <= s.done) return s;
  const int64_t limit =
      min64(static_cast<int64_t>(a.max_draft_tokens) - s.ori + 1, dec_limit - s.done - 1);
  if (limit <= 0) return s;
  s.takes_part = true;
  s.limit = min64(limit, a.max_step_tokens - s.ori);
  s.search = s.limit > 0 && s.done < a.max_pre_len;
  return s;
}

// Slot b's prompt length: input_ids_len clamped into [0, max_input_len].
template <class A>
OPFORGE_HYBRID_FN inline int64_t prompt_len(const A& a, int64_t b) {
  return min64(max64(a.input_ids_len[b], 0), a.max_input_len);
}

// The budget, called for every slot in slot order: adds the slot's tokens to
// the running sum `total`, takes a slot that takes part off `left`, and
// returns the most drafts the budget leaves it: 0 when total + left >=
// threshold - 1, else threshold - total - left (>= 2). The caller adds the
// drafts it writes to `total`.
OPFORGE_HYBRID_FN inline int64_t budget_room(
    int64_t ori, bool takes_part, int64_t threshold, int64_t* total, int64_t* left) {
  *total += ori;
  if (!takes_part) return 0;
  --*left;
  return *total + *left < threshold - 1 ? threshold - *total - *left : 0;
}

}  // namespace opforge::hybrid_mtp_ngram::shared
