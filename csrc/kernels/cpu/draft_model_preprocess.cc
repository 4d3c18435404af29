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
#include <limits>

namespace opforge::draft_model_preprocess {
namespace {

constexpr int64_t kInt32Max = std::numeric_limits<int32_t>::max();

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

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
    const int64_t enc_d = clamp64(args.draft_seq_lens_encoder[b], 0, kInt32Max);
    const int64_t dec_d = clamp64(args.draft_seq_lens_decoder[b], 0, kInt32Max);
    args.draft_seq_lens_encoder[b] = static_cast<int32_t>(enc_d);
    args.draft_seq_lens_decoder[b] = static_cast<int32_t>(dec_d);
    if (b >= nslots) continue;

    // Unless the slot is fed below, the draft model skips it.
    args.draft_seq_lens_this_time[b] = 0;
    args.draft_seq_lens_encoder[b] = 0;
    if (flag(args.stop_flags, b)) {
      args.seq_lens_this_time[b] = 0;      // the target does not feed it either
      args.draft_seq_lens_decoder[b] = 0;  // the request is over
      continue;
    }
    if (args.seq_lens_this_time[b] <= 0) continue;  // idle or paused: the cache is kept
    if (args.seq_lens_encoder[b] > 0) {
      args.draft_seq_lens_decoder[b] = 0;  // a new request, not prefilled by the target yet
      continue;
    }

    // The slot keeps decoding: its target row is its next input token alone.
    args.seq_lens_this_time[b] = 1;
    int64_t* in_row = args.step_input_ids + b * args.max_step_tokens;
    for (int64_t c = 1; c < args.max_step_tokens; ++c) in_row[c] = -1;

    const int64_t s = clamp64(args.step_idx[b], 0, std::numeric_limits<int64_t>::max());
    const int64_t limit = clamp64(args.max_dec_len[b], 0, std::numeric_limits<int64_t>::max());
    const int64_t prompt = clamp64(args.prompt_lens[b], 0, args.max_model_len);
    // s + 1 < limit, and 1 <= prompt + s <= max_model_len, with no sum that
    // could overflow (limit - 1 >= -1; max_model_len - prompt >= 0).
    if (args.max_step_tokens < 2 || s >= limit - 1 || s > args.max_model_len - prompt) continue;
    const int64_t hist = prompt + s;
    if (hist < 1 || hist > kInt32Max) continue;

    const int64_t v = dec_d < hist - 1 ? dec_d : hist - 1;
    if (v > 0 && hist - v <= args.max_step_tokens) {
      const int64_t n = hist - v;
      const int64_t* history = args.token_ids_all + b * args.max_model_len;
      int64_t* draft_row = args.draft_input_ids + b * args.max_step_tokens;
      for (int64_t k = 0; k < n; ++k) draft_row[k] = history[v + k];
      args.draft_seq_lens_this_time[b] = static_cast<int32_t>(n);
      args.draft_seq_lens_decoder[b] = static_cast<int32_t>(v);
    } else {
      args.draft_seq_lens_this_time[b] = static_cast<int32_t>(hist);
      args.draft_seq_lens_encoder[b] = static_cast<int32_t>(hist);
      args.draft_seq_lens_decoder[b] = 0;
    }
    any_fed = true;
  }

  args.has_draft_seqs[0] = any_fed;
}
