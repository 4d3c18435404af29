// CPU kernel for unified_update_model_status.
// Contract: docs/ops/unified_update_model_status.md ("Semantics, per
// slot b" and "Decisions where FastDeploy differs"); the NumPy reference is
// tests/reference/unified_update_model_status.py. The generated glue has
// already checked every buffer's length.
//
// Where the page leaves room, this kernel decides as the reference does:
// - a slot b < real_bsz that is both paused and stop-flagged counts as paused
//   and keeps its decoder length; only a stop-flagged slot that is not paused
//   gets seq_lens_decoder[b] = 0;
// - steps 4 and 5 run in the page's order (a prefill slot that stops with
//   out_len == 0 ends with seq_lens_decoder[b] = seq_lens_encoder[b]);
// - has_running_seqs[0] is written in every call.
// Inputs the reference rejects as invalid cannot make the kernel touch memory
// outside its buffers: slots are min(real_bsz, max_bsz), out_len is clamped to
// [0, max_step_tokens] (also in naive mode, so max_step_tokens == 0 emits
// nothing), history positions below 0 are skipped like those at or past
// max_model_len, and with end_length == 0 a token at the length limit is kept.
#include "kernel_decls/unified_update_model_status.h"

#include <cstdint>

namespace opforge::unified_update_model_status {
namespace {

bool is_end_token(const int64_t* end_tokens, int64_t end_length, int64_t tok) {
  for (int64_t k = 0; k < end_length; ++k) {
    if (end_tokens[k] == tok) return true;
  }
  return false;
}

// Step 1's out_len, clamped to the row so that invalid lengths stay in bounds.
int32_t emitted_len(int32_t step_output_len, bool is_naive_mode, int64_t max_step_tokens) {
  int64_t n = is_naive_mode ? 1 : step_output_len;
  if (n < 0) n = 0;
  if (n > max_step_tokens) n = max_step_tokens;
  return static_cast<int32_t>(n);
}

}  // namespace
}  // namespace opforge::unified_update_model_status

void opforge::unified_update_model_status::Kernels::cpu(
    int32_t* seq_lens_encoder, int32_t* seq_lens_decoder, bool* has_running_seqs,
    int64_t* step_input_ids, int64_t* step_output_ids, int32_t* step_output_len, bool* stop_flags,
    int32_t* seq_lens_this_time, const bool* is_paused, int32_t* mask_rollback,
    int64_t* token_ids_all, const int64_t* prompt_lens, int64_t* step_idx,
    const int64_t* end_tokens, const int64_t* max_dec_len, int64_t max_bsz,
    int64_t max_step_tokens, int64_t real_bsz, int64_t max_model_len, int64_t end_length,
    bool is_naive_mode, bool prefill_one_step_stop) {
  bool any_still_running = false;
  // Slots b >= real_bsz are padding: never running, never read, never written.
  const int64_t nslots = real_bsz < max_bsz ? real_bsz : max_bsz;

  for (int64_t b = 0; b < nslots; ++b) {
    if (stop_flags[b] || is_paused[b]) {
      // Not running. A paused slot keeps its decoder length and stop flag.
      seq_lens_this_time[b] = 0;
      step_output_len[b] = 0;
      if (!is_paused[b]) seq_lens_decoder[b] = 0;
      continue;
    }

    int64_t* out_row = step_output_ids + b * max_step_tokens;
    const int64_t step_idx_before = step_idx[b];

    // Steps 1-2: count each token, stop at an end token or the length limit.
    int32_t out_len = emitted_len(step_output_len[b], is_naive_mode, max_step_tokens);
    int64_t cur = step_idx_before;
    bool stopped = false;
    for (int32_t i = 0; i < out_len; ++i) {
      cur += 1;
      const bool eos = is_end_token(end_tokens, end_length, out_row[i]);
      if (eos || cur >= max_dec_len[b]) {
        if (!eos && end_length > 0) out_row[i] = end_tokens[0];
        out_len = i + 1;
        stopped = true;
        break;
      }
    }
    step_idx[b] = cur;

    // Step 3.
    const int32_t enc = seq_lens_encoder[b];
    if (!stopped && prefill_one_step_stop && enc > 0) stopped = true;

    // Step 4.
    if (stopped) {
      stop_flags[b] = true;
      mask_rollback[b] = 0;
      if (out_len == 0) seq_lens_decoder[b] = 0;
    } else if (enc == 0) {  // decode
      seq_lens_decoder[b] += out_len;
      mask_rollback[b] = seq_lens_this_time[b] - out_len;
    } else {  // prefill
      mask_rollback[b] = 0;
    }

    // Step 5: prefill bookkeeping.
    if (enc > 0) {
      seq_lens_decoder[b] += enc;
      seq_lens_encoder[b] = 0;
    }

    // Step 6: generated token s = step_idx_before + i + 1 lands at
    // prompt_lens[b] + s - 1; positions outside the row are not written.
    step_output_len[b] = out_len;
    int64_t* history = token_ids_all + b * max_model_len;
    const int64_t first_pos = prompt_lens[b] + step_idx_before;
    for (int32_t i = 0; i < out_len; ++i) {
      const int64_t pos = first_pos + i;
      if (pos >= 0 && pos < max_model_len) history[pos] = out_row[i];
    }

    // Step 7.
    if (out_len > 0) step_input_ids[b * max_step_tokens] = out_row[out_len - 1];

    // Step 8.
    if (is_naive_mode) seq_lens_this_time[b] = stopped ? 0 : 1;

    if (!stopped) any_still_running = true;
  }

  has_running_seqs[0] = any_still_running;
}
