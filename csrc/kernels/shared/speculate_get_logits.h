// The per-slot counts and offsets of speculate_get_logits, and where each row
// of a slot comes from. Contract: docs/ops/speculate_get_logits.md; the NumPy
// reference is tests/ops/reference/speculate_get_logits.py.
//
// Two parts:
//
// - The per-slot decisions, OPFORGE_SLOT_FN functions on values (a slot's
//   counts, the saturating offsets, a row's source): called by the CPU, XPU3
//   and CUDA kernels (docs/authoring.md, "Per-slot logic shared by the
//   kernels").
// - The prefix sum and the row lookup over the op's argument struct, for the
//   CPU and CUDA kernels only (thread 0 runs the sum on CUDA): `A` is the op's
//   CpuArgs or CudaArgs. They index the tensors, which a shared function may
//   not, so the XPU3 kernel runs the same steps with its own transfers on the
//   same decisions; the part is not compiled for XPU3.
#pragma once

#include <cstdint>

#include "opforge/slot_fn.h"

namespace opforge::speculate_get_logits_shared {

constexpr int64_t kMaxRow = 2147483647;  // offsets saturate here; rows at or past it are skipped

// A slot's rows: next_token_num (1 for a prefill, else seq_lens_this_time
// read into [0, token_num]) and batch_token_num (2 for a prefill: its
// first-token row and its step row).
struct Counts {
  int32_t next;
  int32_t batch;
};

OPFORGE_SLOT_FN Counts counts_of(int32_t seq_lens_encoder,
                                 int32_t seq_lens_this_time,
                                 int64_t token_num) {
  const bool prefill = seq_lens_encoder > 0;
  const int64_t n = slot_clamp<int64_t>(seq_lens_this_time, 0, token_num);
  return Counts{static_cast<int32_t>(prefill ? 1 : n), static_cast<int32_t>(prefill ? 2 : n)};
}

// The offset after a slot's `count` rows, saturating at kMaxRow.
OPFORGE_SLOT_FN int64_t offset_after(int64_t offset, int64_t count) {
  return offset + count < kMaxRow ? offset + count : kMaxRow;
}

// Row r of a slot whose rows start at `batch_offset` in draft_logits and
// whose sources start at `next_offset` in logits: copied unless its row is
// outside draft_logits (or at kMaxRow) or its source outside logits; from
// first_token_logits[b] for a prefill's row 0, else logits row `src`.
struct Row {
  bool copied;
  bool first;
  int64_t dst;  // the draft_logits row
  int64_t src;  // the logits row (when not first)
};

OPFORGE_SLOT_FN Row row_of(int32_t batch_offset,
                           int32_t next_offset,
                           int32_t seq_lens_encoder,
                           int64_t r,
                           int64_t draft_rows,
                           int64_t token_num) {
  Row row{false, false, static_cast<int64_t>(batch_offset) + r, 0};
  if (row.dst >= kMaxRow || row.dst >= draft_rows) return row;
  const bool prefill = seq_lens_encoder > 0;
  row.first = prefill && r == 0;
  row.src = static_cast<int64_t>(next_offset) + (prefill ? 0 : r);
  row.copied = row.first || row.src < token_num;
  return row;
}

}  // namespace opforge::speculate_get_logits_shared

// The prefix sum and the row lookup over the op's argument struct: the CPU
// and CUDA kernels only.
#if !defined(__xpu__)

#if defined(__CUDACC__) || defined(CUDASIM)
#define OPFORGE_LOGITS_FN __device__
#else
#define OPFORGE_LOGITS_FN
#endif

namespace opforge::speculate_get_logits_shared {

// Writes next_token_num, batch_token_num and both prefix sums (from 0).
template <class A>
OPFORGE_LOGITS_FN inline void offsets(const A& a) {
  int64_t next = 0;
  int64_t batch = 0;
  a.cu_next_token_offset[0] = 0;
  a.cu_batch_token_offset[0] = 0;
  for (int64_t b = 0; b < a.bsz; ++b) {
    const Counts c = counts_of(a.seq_lens_encoder[b], a.seq_lens_this_time[b], a.token_num);
    a.next_token_num[b] = c.next;
    a.batch_token_num[b] = c.batch;
    next = offset_after(next, c.next);
    batch = offset_after(batch, c.batch);
    a.cu_next_token_offset[b + 1] = static_cast<int32_t>(next);
    a.cu_batch_token_offset[b + 1] = static_cast<int32_t>(batch);
  }
}

// Row r of the slot's rows in draft_logits: where it comes from. Returns false
// when the row is skipped (outside draft_logits or its source outside logits);
// else *first is true for first_token_logits[b] and *src the logits row.
template <class A>
OPFORGE_LOGITS_FN inline bool row_source(
    const A& a, int64_t b, int64_t r, bool* first, int64_t* src) {
  const Row row = row_of(a.cu_batch_token_offset[b],
                         a.cu_next_token_offset[b],
                         a.seq_lens_encoder[b],
                         r,
                         a.draft_rows,
                         a.token_num);
  *first = row.first;
  *src = row.src;
  return row.copied;
}

}  // namespace opforge::speculate_get_logits_shared

#endif  // !defined(__xpu__)
