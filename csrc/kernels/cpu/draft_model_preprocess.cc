// CPU kernel for draft_model_preprocess.
// Contract: docs/ops/draft_model_preprocess.md ("Semantics, per slot b" and
// "Out-of-domain values"); the NumPy reference is
// tests/ops/reference/draft_model_preprocess.py. The generated glue has already
// checked every buffer's length, not its values.
//
// The op is total: every slot's draft-model lengths (draft_seq_lens_encoder,
// draft_seq_lens_decoder) are clamped to >= 0 and written back; the target's
// counters are clamped where a slot reads them (seq_lens_encoder, step_idx,
// max_dec_len >= 0, prompt_lens into [0, max_model_len]); the history length
// prompt_lens + step_idx is compared with max_model_len without forming a sum
// that could overflow, and the history is read only below it. stop_flags is
// read as bytes (any non-zero byte true); has_draft_seqs is only written, 0/1.
// The glue rejects real_bsz > max_bsz and max_step_tokens == 0; the kernel
// still handles both (min(real_bsz, max_bsz) slots take part; a row of width 0
// gets no -1 fill and no draft).
#include "kernel_decls/draft_model_preprocess.h"

#include <cstdint>

#include "shared/draft_model_preprocess.h"

namespace opforge::draft_model_preprocess {
namespace {

bool flag(const bool* flags, int64_t b) {
  return reinterpret_cast<const unsigned char*>(flags)[b] != 0;
}

}  // namespace
}  // namespace opforge::draft_model_preprocess

void opforge::draft_model_preprocess::Kernels::cpu(const CpuArgs& args) {
  bool any_fed = false;
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;

  for (int64_t b = 0; b < args.max_bsz; ++b) {
    // Every slot: the draft model's lengths, clamped into their domains.
    const int32_t enc_d = draft_len(args.draft_seq_lens_encoder[b]);
    const int32_t dec_d = draft_len(args.draft_seq_lens_decoder[b]);
    args.draft_seq_lens_encoder[b] = enc_d;
    args.draft_seq_lens_decoder[b] = dec_d;
    if (b >= nslots) continue;

    // Unless the slot is fed below, the draft model skips it.
    args.draft_seq_lens_this_time[b] = 0;
    args.draft_seq_lens_encoder[b] = 0;
    const int32_t state =
        slot_state(flag(args.stop_flags, b), args.seq_lens_this_time[b], args.seq_lens_encoder[b]);
    if (state == kStopped) {
      args.seq_lens_this_time[b] = 0;      // the target does not feed it either
      args.draft_seq_lens_decoder[b] = 0;  // the request is over
      continue;
    }
    if (state == kKept) continue;  // idle or paused: the cache is kept
    if (state == kNew) {
      args.draft_seq_lens_decoder[b] = 0;  // a new request, not prefilled by the target yet
      continue;
    }

    // The slot keeps decoding: its target row is its next input token alone.
    args.seq_lens_this_time[b] = 1;
    int64_t* in_row = args.step_input_ids + b * args.max_step_tokens;
    for (int64_t c = 1; c < args.max_step_tokens; ++c) in_row[c] = -1;

    const int64_t hist = fed_history(args.step_idx[b],
                                     args.max_dec_len[b],
                                     args.prompt_lens[b],
                                     args.max_model_len,
                                     args.max_step_tokens);
    if (hist == 0) continue;

    // <= INT32_MAX (fed_history): fits int32.
    const DraftFeed feed = draft_feed(static_cast<int32_t>(hist), dec_d, args.max_step_tokens);
    if (feed.from >= 0) {
      const int64_t* history = args.token_ids_all + b * args.max_model_len + feed.from;
      int64_t* draft_row = args.draft_input_ids + b * args.max_step_tokens;
      for (int64_t k = 0; k < feed.this_time; ++k) draft_row[k] = history[k];
    }
    args.draft_seq_lens_this_time[b] = feed.this_time;
    args.draft_seq_lens_encoder[b] = feed.encoder;
    args.draft_seq_lens_decoder[b] = feed.decoder;
    any_fed = true;
  }

  args.has_draft_seqs[0] = any_fed;
}
