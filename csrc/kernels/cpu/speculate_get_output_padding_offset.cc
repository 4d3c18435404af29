// CPU kernel of speculate_get_output_padding_offset.
// Contract: docs/ops/speculate_get_output_padding_offset.md ("Semantics",
// "Output invariants", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_get_output_padding_offset.py. Declaration:
// generated/kernel_decls/speculate_get_output_padding_offset.h. The generated
// glue has checked every buffer's length, not its values.
//
// Total for any values: a slot's length is read clamped to >= 0, the lengths
// are summed in int64 and every offset is capped at out_token_num, so each slot
// writes only inside [0, out_token_num); the padding offsets are formed in
// int64 (|b * max_seq_len| < 2^62) and saturated to int32; the rows no slot
// reaches get slot -1 and the padding offset of a slot real_bsz after the
// last. Every element of the four outputs is written. out_token_num is the dim
// set by cpu_out_token_num (the same value).
#include "kernel_decls/speculate_get_output_padding_offset.h"

#include <cstdint>

#include "shared/speculate_get_output_padding_offset.h"

namespace opforge::speculate_get_output_padding_offset {
namespace {

constexpr int32_t kNoSlot = -1;  // the slot of a row no slot fills

int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_get_output_padding_offset

void opforge::speculate_get_output_padding_offset::Kernels::cpu(const CpuArgs& args) {
  // Local restrict pointers: the four outputs never overlap (the glue checks
  // it), and without the promise g++ reloads the pointers after every store.
  int32_t* __restrict cu = args.cu_seqlens_q_output;
  int32_t* __restrict cum = args.output_cum_offsets;
  int32_t* __restrict pads = args.output_padding_offset;
  int32_t* __restrict slots = args.batch_id_per_token_output;
  const int32_t* __restrict lens = args.seq_lens_output;
  const int64_t out = args.out_token_num;
  cu[0] = 0;
  int64_t packed = 0;  // lengths of the slots before b: at most real_bsz * INT32_MAX
  int64_t start = 0;   // min(packed, out): where slot b's rows start
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    packed += slot_rows(lens[b]);
    const int64_t end = min64(packed, out);
    cu[b + 1] = static_cast<int32_t>(end);  // <= out_token_num <= INT32_MAX
    const int32_t pad = padding(b, args.max_seq_len, start);
    cum[b] = pad;
    const int32_t slot = static_cast<int32_t>(b);
    for (int64_t r = start; r < end; ++r) {
      pads[r] = pad;
      slots[r] = slot;
    }
    start = end;
  }
  // Rows past the last slot's (only when the lengths add up to less than
  // out_token_num, out of the domain): laid out as a slot real_bsz's.
  const int32_t pad = padding(args.real_bsz, args.max_seq_len, start);
  for (int64_t r = start; r < out; ++r) {
    pads[r] = pad;
    slots[r] = kNoSlot;
  }
}
