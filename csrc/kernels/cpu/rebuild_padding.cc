// CPU kernel of rebuild_padding.
// Contract: docs/ops/rebuild_padding.md ("Semantics", "Output invariants",
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/rebuild_padding.py. Declaration:
// generated/kernel_decls/rebuild_padding.h. The generated glue has checked
// every buffer's length and real_bsz <= max_bsz, not the values.
//
// Per output row r: its slot b is the largest b < real_bsz with
// cu_seqlens_q_output[b] <= r, if r < cu_seqlens_q_output[b + 1] too; its
// index in the slot k = r - cu_seqlens_q_output[b] and the slot's row count
// len = cu_seqlens_q_output[b + 1] - cu_seqlens_q_output[b] name the fed
// position pos (a prefill slot's last len positions, a decode slot's first
// len), and the row is hidden[cu_seqlens_q[b] + pos]. Total for any values:
// every quantity is formed in int64 (int32 inputs, no overflow), and a row
// without a slot, of an idle slot, naming a position outside [0, fed) or a
// packed row outside [0, token_num) is written as zeros, so every read lies in
// hidden and every element of out is written. The XPU3 kernel
// (csrc/kernels/xpu3/rebuild_padding.xpu) follows the same steps.
//
// O(rows + slots), for any offsets: the set {b : cu_seqlens_q_output[b] <= r}
// only grows with r, so its largest member never decreases as r grows. The
// rows are visited from the last down, and the slot cursor only moves down
// from where the previous row left it (never a scan over the slots per row).
#include "kernel_decls/rebuild_padding.h"

#include <cstdint>
#include <cstring>

#include "shared/rebuild_padding.h"

namespace opforge::rebuild_padding {
namespace {

// The packed row of hidden that output row r of slot b copies, or kNoRow;
// b is the last slot with cu_seqlens_q_output[b] <= r (-1: none). Reads the
// slot's values and asks the shared rule (shared/rebuild_padding.h).
int64_t row_source(int64_t r,
                   int64_t b,
                   const int32_t* cu_seqlens_q,
                   const int32_t* seq_lens_this_time,
                   const int32_t* seq_lens_encoder,
                   const int32_t* cu_seqlens_q_output,
                   int64_t max_bsz,
                   int64_t token_num) {
  if (b < 0) return kNoRow;  // no slot
  const bool has_state = b < max_bsz;
  return source_row(r,
                    cu_seqlens_q_output[b],
                    cu_seqlens_q_output[b + 1],
                    seq_lens_this_time[b],
                    has_state,
                    has_state ? seq_lens_encoder[b] : 0,
                    has_state ? cu_seqlens_q[b] : 0,
                    token_num);
}

}  // namespace
}  // namespace opforge::rebuild_padding

template <typename T>
void opforge::rebuild_padding::Kernels::cpu(const CpuArgs<T>& args) {
  int64_t b = args.real_bsz - 1;  // the slot cursor: only moves down
  for (int64_t r = args.out_token_num - 1; r >= 0; --r) {
    while (b >= 0 && args.cu_seqlens_q_output[b] > r) --b;
    const int64_t src = row_source(r,
                                   b,
                                   args.cu_seqlens_q,
                                   args.seq_lens_this_time,
                                   args.seq_lens_encoder,
                                   args.cu_seqlens_q_output,
                                   args.max_bsz,
                                   args.token_num);
    // Bytes, not elements: a row is copied bit for bit, and all-zero bits are
    // +0.0 in every T; memcpy/memset move a row at the memcpy floor, where an
    // element loop over a 16-bit struct T ran 4-8x slower.
    const size_t row_bytes = static_cast<size_t>(args.hidden_size) * sizeof(T);
    T* dst = args.out + r * args.hidden_size;
    if (src == kNoRow) {
      std::memset(static_cast<void*>(dst), 0, row_bytes);
    } else {
      std::memcpy(static_cast<void*>(dst), args.hidden + src * args.hidden_size, row_bytes);
    }
  }
}

OPFORGE_REBUILD_PADDING_CPU_INSTANCES
