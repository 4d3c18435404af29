// CPU kernel for unified_update_model_status.
// Contract: docs/ops/unified_update_model_status.md ("Semantics, per
// slot b", "Decisions where FastDeploy differs" and "Out-of-domain values");
// the NumPy reference is tests/ops/reference/unified_update_model_status.py. The
// generated glue has already checked every buffer's length, not its values.
//
// Where the page leaves room, this kernel decides as the reference does:
// - a slot b < real_bsz that is both paused and stop-flagged counts as paused
//   and keeps its decoder length; only a stop-flagged slot that is not paused
//   gets seq_lens_decoder[b] = 0;
// - steps 4 and 5 run in the page's order (a prefill slot that stops with
//   out_len == 0 ends with seq_lens_decoder[b] = seq_lens_encoder[b]);
// - has_running_seqs[0] is written in every call.
//
// Steps 1-2's count, 3, 4-5 and 6's first position are written once for the
// three kernels, in csrc/kernels/shared/unified_update_model_status.h.
//
// The op is total (the page's "Out-of-domain values"): every slot's in-place
// lengths and counters are first clamped into their declared domains and
// written back (seq_lens_encoder, seq_lens_decoder, step_idx >= 0,
// step_output_len in [0, max_step_tokens]), seq_lens_this_time, prompt_lens
// and max_dec_len are clamped where a running slot reads them, and
// every sum that could leave its type saturates (seq_lens_decoder at
// INT32_MAX, step_idx at INT64_MAX). A clamp is the identity on in-domain
// values, so in-domain behaviour is the page's. Arithmetic is int64; each int32
// result is in int32 range before it is stored. The glue rejects
// real_bsz > max_bsz and end_length == 0; the kernel still handles both
// (min(real_bsz, max_bsz) slots take part; no end token to match or write).
// The bool inputs stop_flags and is_paused are read as bytes (any non-zero
// byte is true); every bool the kernel writes is a proper 0/1 byte.
#include "kernel_decls/unified_update_model_status.h"

#include <cstdint>

#include "shared/unified_update_model_status.h"

namespace opforge::unified_update_model_status {
namespace {

int64_t clamp64(int64_t v, int64_t lo, int64_t hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

bool is_end_token(const int64_t* end_tokens, int64_t end_length, int64_t tok) {
  for (int64_t k = 0; k < end_length; ++k) {
    if (end_tokens[k] == tok) return true;
  }
  return false;
}

// A bool flag read as its byte: any non-zero byte is true (Paddle keeps any byte
// a bool tensor was given, and a bool load of a byte other than 0 or 1 would be
// undefined behaviour).
bool flag(const bool* flags, int64_t b) {
  return reinterpret_cast<const unsigned char*>(flags)[b] != 0;
}

}  // namespace
}  // namespace opforge::unified_update_model_status

void opforge::unified_update_model_status::Kernels::cpu(const CpuArgs& args) {
  bool any_still_running = false;
  // Slots b >= real_bsz are padding: never running.
  const int64_t nslots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;

  for (int64_t b = 0; b < args.max_bsz; ++b) {
    // Every slot: the in-place lengths and counters, clamped into their
    // domains (the identity in-domain); padding slots b >= real_bsz get only this.
    const int64_t enc = clamp64(args.seq_lens_encoder[b], 0, kInt32Max);
    const int64_t dec_in = clamp64(args.seq_lens_decoder[b], 0, kInt32Max);
    const int64_t len_in = clamp64(args.step_output_len[b], 0, args.max_step_tokens);
    const int64_t step_idx_before = clamp64(args.step_idx[b], 0, kInt64Max);
    args.seq_lens_encoder[b] = static_cast<int32_t>(enc);
    args.seq_lens_decoder[b] = static_cast<int32_t>(dec_in);
    args.step_output_len[b] = static_cast<int32_t>(len_in);
    args.step_idx[b] = step_idx_before;
    if (b >= nslots) continue;
    // Flags read as bytes, any non-zero byte true (the page's "Out-of-domain values").
    const bool stopped_in = flag(args.stop_flags, b);
    const bool paused = flag(args.is_paused, b);
    if (stopped_in || paused) {
      // Not running. A paused slot keeps its decoder length and stop flag
      // (the flag's byte is left as the caller gave it).
      args.seq_lens_this_time[b] = 0;
      args.step_output_len[b] = 0;
      if (!paused) args.seq_lens_decoder[b] = 0;
      continue;
    }

    // The values the semantics only read, clamped into their domains here
    // (seq_lens_this_time is kept as it is: prefill slots may feed more
    // tokens than a row holds).
    const int64_t slt = clamp64(args.seq_lens_this_time[b], 0, args.max_step_tokens);
    const int64_t prompt_len = clamp64(args.prompt_lens[b], 0, args.max_model_len);
    const int64_t dec_limit = clamp64(args.max_dec_len[b], 0, kInt64Max);

    int64_t* out_row = args.step_output_ids + b * args.max_step_tokens;

    // Steps 1-2: count each token, stop at an end token or the length limit.
    // out_len is clamped to the row, [0, max_step_tokens] (naive mode too).
    int64_t out_len = args.is_naive_mode ? clamp64(1, 0, args.max_step_tokens) : len_in;
    int64_t cur = step_idx_before;
    bool stopped = false;
    for (int64_t i = 0; i < out_len; ++i) {
      cur = counted(cur);
      const bool eos = is_end_token(args.end_tokens, args.end_length, out_row[i]);
      if (eos || cur >= dec_limit) {
        if (!eos && args.end_length > 0) out_row[i] = args.end_tokens[0];
        out_len = i + 1;
        stopped = true;
        break;
      }
    }
    args.step_idx[b] = cur;

    // Step 3.
    stopped = stops_after_prefill(stopped, args.prefill_one_step_stop, enc);

    // Steps 4 and 5 (prefill bookkeeping). A running slot ends with seq_lens_encoder 0.
    if (stopped) args.stop_flags[b] = true;
    const Lengths lengths = lengths_after(stopped, enc, dec_in, out_len, slt);
    args.mask_rollback[b] = lengths.mask_rollback;
    args.seq_lens_decoder[b] = lengths.decoder;
    args.seq_lens_encoder[b] = 0;

    // Step 6: generated token s = step_idx_before + i + 1 lands at
    // prompt_len + s - 1; positions at or past max_model_len are not written.
    args.step_output_len[b] = static_cast<int32_t>(out_len);
    int64_t* history = args.token_ids_all + b * args.max_model_len;
    const int64_t first_pos =
        first_history_position(prompt_len, step_idx_before, args.max_model_len);
    for (int64_t i = 0; i < out_len && first_pos + i < args.max_model_len; ++i) {
      history[first_pos + i] = out_row[i];
    }

    // Step 7.
    if (out_len > 0) args.step_input_ids[b * args.max_step_tokens] = out_row[out_len - 1];

    // Step 8.
    if (args.is_naive_mode) args.seq_lens_this_time[b] = stopped ? 0 : 1;

    if (!stopped) any_still_running = true;
  }

  args.has_running_seqs[0] = any_still_running;
}
