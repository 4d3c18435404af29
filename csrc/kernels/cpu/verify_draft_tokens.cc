// CPU kernel for verify_draft_tokens.
// Contract: docs/ops/verify_draft_tokens.md ("Semantics, per slot b" and
// "Decisions where FastDeploy differs"). The generated glue has already checked
// shapes, required-when optional tensors and filled topp_uniforms.
//
// Total on any input values (the page's "Out-of-domain values"): the glue checks
// shapes only, so every value used as an index or a length is clamped or makes
// the slot inactive here, and all integer arithmetic is exact (no wrap-around).
// Nothing is read or written outside the buffers, whatever the values.
#include "kernel_decls/verify_draft_tokens.h"

#include <cstdint>
#include <cstring>

#include "shared/verify_draft_tokens.h"

namespace opforge::verify_draft_tokens {
namespace {

// The target model's per-packed-row outputs and the call-wide verification
// settings. Only the tensors of the chosen strategy are ever dereferenced; the
// others may be null.
struct TargetView {
  const int64_t* target_tokens;   // [token_num], GREEDY / TARGET_MATCH
  const int64_t* candidate_ids;   // [token_num, K], TOPP
  const float* candidate_scores;  // [token_num, K], TOPP
  const int32_t* candidate_lens;  // [token_num], TOPP
  int64_t K;                      // max_candidate_len
  int32_t verify_window;
  VerifyStrategy strategy;

  const int64_t* candidates(int64_t row) const { return candidate_ids + row * K; }
  const float* scores(int64_t row) const { return candidate_scores + row * K; }
  // Candidates inside top-p, clamped into [0, K]: a negative count is an empty
  // top-p set, and the row never holds more than K.
  int64_t top_p_count(int64_t row) const { return clamped_top_p_count(candidate_lens[row], K); }
};

// One slot's drafts and packed rows.
struct SlotView {
  const int64_t* input_row;  // step_input_ids row b: column 0 is last step's token
  int64_t first_row;         // cu_seqlens_q_output[b]
  int64_t slt;               // seq_lens_this_time[b]

  int64_t draft(int64_t i) const { return input_row[i + 1]; }
  int64_t row(int64_t i) const { return first_row + i; }
};

// Output cursor of one slot: tracks how many tokens were written and whether
// the slot has stopped, so every emitted token obeys the same end rules.
struct Emitter {
  int64_t* out;  // step_output_ids row b
  const int64_t* end_tokens;
  int64_t end_length;
  int64_t max_dec_len;  // max_dec_len[b]
  int64_t cur;          // starts at step_idx[b], advanced per token (saturating)
  int32_t len;
  bool stopped;
};

// The per-token functions are forced inline: at -O2 g++ kept emit() a call
// (several call sites), which cost about half of a greedy slot's time.
#define OPFORGE_INLINE inline __attribute__((always_inline))

OPFORGE_INLINE bool is_end_token(const Emitter& e, int64_t tok) {
  for (int64_t k = 0; k < e.end_length; ++k) {
    if (e.end_tokens[k] == tok) return true;
  }
  return false;
}

// emit(tok) of the page: reaching max_dec_len forces an end token so the
// sequence terminates cleanly; an end token or the limit stops the slot.
// cur saturates at INT64_MAX instead of overflowing: the exact step_idx + k is
// then >= INT64_MAX >= max_dec_len, so `hit` is what exact arithmetic gives.
OPFORGE_INLINE void emit(Emitter& e, int64_t tok) {
  e.cur = next_step(e.cur);
  const bool eos = is_end_token(e, tok);
  const bool hit = e.cur >= e.max_dec_len;
  if (replaced_by_end(eos, hit)) tok = e.end_tokens[0];
  e.out[e.len] = tok;
  e.len += 1;
  if (stops(eos, hit)) e.stopped = true;
}

bool in_top_p(const TargetView& t, int64_t row, int64_t tok) {
  const int64_t* cand = t.candidates(row);
  const int64_t n = t.top_p_count(row);
  for (int64_t j = 0; j < n; ++j) {
    if (cand[j] == tok) return true;
  }
  return false;
}

// TOPP window fallback for a draft that missed top-p: it is still accepted if
// it was the runner-up and the next verify_window drafts were all top-1.
// Returns j (the number of consecutive top-1 matches) or -1 if the window fails.
int64_t topp_window(const TargetView& t, const SlotView& s, int64_t i) {
  if (t.K < 2 || t.candidates(s.row(i))[1] != s.draft(i)) return -1;
  int64_t j = 0;
  // Only rows of drafts (ii <= slt - 2) are looked at, never the slot's last row.
  for (int64_t ii = i + 1; ii <= s.slt - 2 && j < t.verify_window; ++ii) {
    if (t.candidates(s.row(ii))[0] != s.draft(ii)) break;
    ++j;
  }
  return j >= t.verify_window ? j : -1;
}

// Phase 1: accept drafts in order until one is rejected or the slot stops.
// Returns the first position that was not accepted (slt - 1 if all were).
// The mode is tested once per slot, not once per draft: each loop below is
// the general one with its mode fixed.
int64_t accept_drafts(Emitter& e, const TargetView& t, const SlotView& s, bool accept_all) {
  int64_t i = 0;
  if (accept_all) {
    // Emitted as is, even if it is an end token (FastDeploy XPU swaps in id 5).
    for (; i <= s.slt - 2 && !e.stopped; ++i) emit(e, s.draft(i));
    return i;
  }
  if (t.strategy != VerifyStrategy::topp) {
    for (; i <= s.slt - 2 && !e.stopped; ++i) {
      const int64_t draft = s.draft(i);
      if (t.target_tokens[s.row(i)] != draft) break;
      emit(e, draft);
    }
    return i;
  }
  while (i <= s.slt - 2 && !e.stopped) {
    const int64_t draft = s.draft(i);
    if (in_top_p(t, s.row(i), draft)) {
      emit(e, draft);
      ++i;
      continue;
    }
    const int64_t j = topp_window(t, s, i);
    if (j < 0) break;
    for (int64_t k = i; k <= i + j && !e.stopped; ++k) emit(e, s.draft(k));
    i += j + 1;
  }
  return i;
}

// Phase 2: the target model's own token at packed row `row`.
int64_t target_token(const TargetView& t, int64_t row, float uniform, float top_p) {
  if (t.strategy != VerifyStrategy::topp) return t.target_tokens[row];
  // Inverse-CDF sample over the top-p candidates, accumulated in float32 so all
  // backends and the reference land on the same candidate.
  const float r = uniform * top_p;
  const int64_t* cand = t.candidates(row);
  const float* score = t.scores(row);
  const int64_t n = t.top_p_count(row);
  float sum = 0.0f;
  for (int64_t j = 0; j < n; ++j) {
    sum += score[j];
    if (r <= sum) return cand[j];
  }
  // Rounding left r above the total (or top-p is empty): fall back to the best.
  return cand[0];
}

// A bool flag read as its byte: any non-zero byte is true (a bool load of a
// byte other than 0 or 1 would be undefined behaviour).
bool flag(const bool* flags, int64_t b) {
  return reinterpret_cast<const unsigned char*>(flags)[b] != 0;
}

}  // namespace
}  // namespace opforge::verify_draft_tokens

void opforge::verify_draft_tokens::Kernels::cpu(const CpuArgs& args) {
  const TargetView target{args.target_tokens,
                          args.candidate_ids,
                          args.candidate_scores,
                          args.candidate_lens,
                          args.max_candidate_len,
                          args.verify_window,
                          args.verify_strategy};

  // Step 1 for every slot at once: one fill of the whole output (all bits set
  // is -1) instead of a memset call per slot; the slots then write their tokens.
  std::memset(static_cast<void*>(args.step_output_ids),
              0xff,
              static_cast<size_t>(args.max_bsz * args.max_step_tokens) * sizeof(int64_t));
  std::memset(static_cast<void*>(args.step_output_len),
              0,
              static_cast<size_t>(args.max_bsz) * sizeof(int32_t));
  // (real_bsz <= max_bsz is a dim bound the glue checks; min() keeps the rows
  // in the buffer whatever calls the kernel.)
  const int64_t slots = args.real_bsz < args.max_bsz ? args.real_bsz : args.max_bsz;
  for (int64_t b = 0; b < slots; ++b) {
    int64_t* out_row = args.step_output_ids + b * args.max_step_tokens;

    // Only b < real_bsz is visited: seq_lens_this_time has real_bsz entries,
    // and a slot past it keeps the reset row. slt is clamped to the row width (the drafts and
    // outputs of a slot live in one max_step_tokens-wide row); slt <= 0 owns no packed row, so
    // nothing may be read for it.
    const int64_t slt_in = args.seq_lens_this_time[b];
    const int64_t slt = slot_tokens(slt_in, args.max_step_tokens);
    if (slt <= 0 || flag(args.is_block_step, b) || flag(args.stop_flags, b)) continue;

    // reject_all wins over accept_all; a prefill slot has no drafts and a slot
    // emitting the reasoning boundary must take the target's token.
    const bool verify =
        verifies(args.reject_all, args.seq_lens_encoder[b], args.reasoning_status[b]);
    // The packed rows the slot reads, first_row .. first_row + nrows - 1, must
    // all exist; if they do not, the slot is inactive (int64: no overflow).
    const int64_t first_row = args.cu_seqlens_q_output[b];
    const int64_t nrows = packed_rows(slt, verify);
    if (!rows_inside(first_row, nrows, args.token_num)) continue;

    const SlotView slot{args.step_input_ids + b * args.max_step_tokens, first_row, slt};
    Emitter e{
        out_row, args.end_tokens, args.end_length, args.max_dec_len[b], args.step_idx[b], 0, false};
    const int64_t i = verify ? accept_drafts(e, target, slot, args.accept_all) : 0;

    if (!e.stopped) emit(e, target_token(target, slot.row(i), args.topp_uniforms[b], args.topp[b]));
    args.step_output_len[b] = e.len;
  }
}
