// CPU kernel of speculate_pre_process.
// Contract: docs/ops/speculate_pre_process.md ("Semantics", "Output
// invariants", "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/speculate_pre_process.py. Declaration:
// generated/kernel_decls/speculate_pre_process.h. The generated glue has
// checked every buffer's length, not its values.
//
// One walk over the slots builds both layouts. A slot's fed tokens, its
// source row and its output rows are the shared rules
// (csrc/kernels/shared/speculate_pre_process.h): the length clamped to >= 0
// (none for a slot b >= max_bsz, which the glue rejects), the draft row for a
// decode slot when the draft rows have a column, one output row for a
// prefill slot and every fed position for a decode slot. Sums are int64
// (real_bsz int32 lengths cannot overflow them); the input offsets are capped
// at token_num and the output offsets at the output buffer's rows (and
// INT32_MAX), so every write stays inside its buffer; a column at or past
// its source row's width is not read (-1 is packed); positions and output
// rows no slot reaches get -1. Every element of the seven outputs is written.
#include "kernel_decls/speculate_pre_process.h"

#include <cstdint>

#include "shared/speculate_pre_process.h"

namespace opforge::speculate_pre_process {
namespace {

constexpr int64_t kNoToken = -1;  // the id of a position no source row fills
constexpr int32_t kNoSlot = -1;   // the slot of a position or output row no slot fills
constexpr int64_t kInt32Max = 2147483647;

int64_t min64(int64_t a, int64_t b) {
  return a < b ? a : b;
}

}  // namespace
}  // namespace opforge::speculate_pre_process

void opforge::speculate_pre_process::Kernels::cpu(const CpuArgs& args) {
  const int64_t out_rows = args.real_bsz * args.max_draft_tokens;  // batch_id_per_token_output
  const int64_t out_cap = min64(out_rows, kInt32Max);              // the offsets are int32
  const int32_t draft_width = static_cast<int32_t>(args.max_draft_tokens);  // a dim: <= INT32_MAX
  args.cu_seqlens_q[0] = 0;
  args.cu_seqlens_k[0] = 0;
  args.cu_seq_lens_q_output[0] = 0;
  int64_t packed = 0;   // tokens of the slots before b
  int64_t emitted = 0;  // output rows of the slots before b
  for (int64_t b = 0; b < args.real_bsz; ++b) {
    const bool has_state = b < args.max_bsz;
    const int32_t len = has_state ? args.seq_len[b] : 0;
    const int32_t encoder = has_state ? args.seq_lens_encoder[b] : 0;

    // Input side: the slot's tokens at [start, end).
    const int64_t start = min64(packed, args.token_num);
    packed += fed_tokens(len, has_state);
    const int64_t end = min64(packed, args.token_num);
    args.cu_seqlens_q[b + 1] = static_cast<int32_t>(end);  // <= token_num <= INT32_MAX
    args.cu_seqlens_k[b + 1] = static_cast<int32_t>(end);
    if (end > start) {  // b < max_bsz here (a slot past it feeds nothing)
      const bool drafts = reads_drafts(encoder, draft_width);
      const int64_t* row = drafts ? args.draft_tokens + b * args.max_draft_tokens
                                  : args.input_ids + b * args.max_seq_len;
      const int64_t width = drafts ? args.max_draft_tokens : args.max_seq_len;
      const int64_t n = end - start;
      const int64_t from_row = min64(n, width);
      for (int64_t k = 0; k < from_row; ++k) args.ids_remove_padding[start + k] = row[k];
      for (int64_t k = from_row; k < n; ++k) args.ids_remove_padding[start + k] = kNoToken;
      for (int64_t k = 0; k < n; ++k) args.batch_id_per_token[start + k] = static_cast<int32_t>(b);
    }

    // Output side: the slot's output rows at [first, last).
    const int64_t first = min64(emitted, out_cap);
    emitted += slot_output_rows(len, has_state, encoder);
    const int64_t last = min64(emitted, out_cap);
    args.cu_seq_lens_q_output[b + 1] = static_cast<int32_t>(last);  // <= INT32_MAX
    for (int64_t r = first; r < last; ++r) {
      args.batch_id_per_token_output[r] = static_cast<int32_t>(b);
    }
  }
  // Positions past the last slot's tokens (only when the lengths add up to
  // less than token_num, out of the domain), and output rows past the last
  // slot's (the buffer has real_bsz * max_draft_tokens rows).
  for (int64_t r = min64(packed, args.token_num); r < args.token_num; ++r) {
    args.ids_remove_padding[r] = kNoToken;
    args.batch_id_per_token[r] = kNoSlot;
  }
  const int64_t out_end = min64(emitted, out_cap);
  for (int64_t r = out_end; r < out_rows; ++r) args.batch_id_per_token_output[r] = kNoSlot;
  args.real_output_token_num[0] = static_cast<int32_t>(out_end);
}
