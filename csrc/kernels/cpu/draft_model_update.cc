// CPU kernel for draft_model_update.
// Contract: docs/ops/draft_model_update.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/draft_model_update.py. The generated glue has already
// checked every buffer's length, not its values.
//
// The per-slot rules are written once for the three kernels, in
// csrc/kernels/shared/draft_model_update.h; this kernel reads and writes the
// slots. The op is total: every slot's draft-model lengths
// (draft_seq_lens_encoder, draft_seq_lens_decoder) are clamped to >= 0 and
// written back, and the cache length saturates at INT32_MAX; a slot's packed
// rows are used only if 0 <= cu[b] < cu[b+1] <= token_num (compared, never
// formed out of range); the target's seq_lens_this_time is read clamped into
// [0, max_step_tokens], so the draft's column is inside the row; step_idx and
// max_dec_len are read clamped to >= 0 and the limit is compared without a
// sum that could overflow. has_draft_seqs is only written, 0/1. The glue
// rejects real_bsz > max_bsz, max_step_tokens == 0 and end_length == 0; the
// kernel still handles them (min(real_bsz, max_bsz) slots take part; nothing
// fits a row of width 0; with no end token nothing matches).
#include "kernel_decls/draft_model_update.h"

#include <cstdint>

#include "shared/draft_model_update.h"

namespace opforge::draft_model_update {
namespace {

bool is_end_token(const int64_t* end_tokens, int64_t end_length, int64_t tok) {
  for (int64_t k = 0; k < end_length; ++k) {
    if (end_tokens[k] == tok) return true;
  }
  return false;
}

}  // namespace
}  // namespace opforge::draft_model_update

void opforge::draft_model_update::Kernels::cpu(const CpuArgs& args) {
  bool any_fed = false;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;

  for (int64_t b = 0; b < args.max_bsz; ++b) {
    // Every slot: the draft model's lengths, clamped into their domains.
    args.draft_seq_lens_encoder[b] = length_in_domain(args.draft_seq_lens_encoder[b]);
    const int32_t dec_d = length_in_domain(args.draft_seq_lens_decoder[b]);
    args.draft_seq_lens_decoder[b] = dec_d;
    if (b >= nslots) continue;

    const int32_t fed = args.draft_seq_lens_this_time[b];
    args.draft_seq_lens_encoder[b] = 0;    // a prefill is over once its forward has run
    args.draft_seq_lens_this_time[b] = 0;  // unless fed again below
    if (fed <= 0) continue;
    args.draft_seq_lens_decoder[b] = decoder_after(dec_d, fed);

    // The slot's token: its last packed row, if it has rows inside [0, token_num).
    const int64_t lo = args.cu_seqlens_q[b];
    const int64_t hi = args.cu_seqlens_q[b + 1];
    if (!rows_inside(lo, hi, args.token_num)) continue;
    const int64_t tok = args.draft_next_tokens[hi - 1];

    const Append append = append_of(
        args.seq_lens_this_time[b], args.step_idx[b], args.max_dec_len[b], args.max_step_tokens);
    if (!append.appended) continue;
    args.step_input_ids[b * args.max_step_tokens + append.column] = tok;
    args.seq_lens_this_time[b] = append.length;
    // The end tokens are looked up only where it matters.
    const bool end =
        !args.prefill_one_step_stop && is_end_token(args.end_tokens, args.end_length, tok);
    if (!fed_again(append, args.prefill_one_step_stop, end)) continue;
    args.draft_input_ids[b * args.max_step_tokens] = tok;
    args.draft_seq_lens_this_time[b] = 1;
    any_fed = true;
  }

  args.has_draft_seqs[0] = any_fed;
}
