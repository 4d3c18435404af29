// The per-slot counts and offsets of speculate_get_logits, written once for its
// CPU and CUDA kernels (thread 0 runs them on CUDA). Contract:
// docs/ops/speculate_get_logits.md; the NumPy reference is
// tests/ops/reference/speculate_get_logits.py. `A` is the op's CpuArgs or
// CudaArgs. The XPU3 kernel carries the same steps in its own file (the
// dialect check admits only functions defined in the kernel file).
#pragma once

#include <cstdint>

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_LOGITS_FN __device__
#else
#define OPFORGE_LOGITS_FN
#endif

namespace opforge::speculate_get_logits_shared {

constexpr int64_t kMaxRow = 2147483647;  // offsets saturate here; rows at or past it are skipped

// Writes next_token_num, batch_token_num and both prefix sums (from 0).
template <class A>
OPFORGE_LOGITS_FN inline void offsets(const A& a) {
  int64_t next = 0;
  int64_t batch = 0;
  a.cu_next_token_offset[0] = 0;
  a.cu_batch_token_offset[0] = 0;
  for (int64_t b = 0; b < a.bsz; ++b) {
    const bool prefill = a.seq_lens_encoder[b] > 0;
    const int64_t slt = a.seq_lens_this_time[b];
    const int64_t n = slt < 0 ? 0 : (slt > a.token_num ? a.token_num : slt);
    const int64_t nn = prefill ? 1 : n;
    const int64_t nb = prefill ? 2 : n;
    a.next_token_num[b] = static_cast<int32_t>(nn);
    a.batch_token_num[b] = static_cast<int32_t>(nb);
    next = next + nn < kMaxRow ? next + nn : kMaxRow;
    batch = batch + nb < kMaxRow ? batch + nb : kMaxRow;
    a.cu_next_token_offset[b + 1] = static_cast<int32_t>(next);
    a.cu_batch_token_offset[b + 1] = static_cast<int32_t>(batch);
  }
}

// Row r of the slot's rows in draft_logits: where it comes from. Returns false
// when the row is skipped (outside draft_logits or its source outside logits);
// else *first is true for first_token_logits[b] and *src the logits row.
template <class A>
OPFORGE_LOGITS_FN inline bool row_source(const A& a, int64_t b, int64_t r, bool* first, int64_t* src) {
  const int64_t dst = static_cast<int64_t>(a.cu_batch_token_offset[b]) + r;
  if (dst >= kMaxRow || dst >= a.draft_rows) return false;
  const bool prefill = a.seq_lens_encoder[b] > 0;
  *first = prefill && r == 0;
  *src = static_cast<int64_t>(a.cu_next_token_offset[b]) + (prefill ? 0 : r);
  return *first || *src < a.token_num;
}

}  // namespace opforge::speculate_get_logits_shared
