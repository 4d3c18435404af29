// CUDA kernel of verify_draft_tokens. Contract:
// docs/ops/verify_draft_tokens.md ("Semantics, per slot b", "Decisions where
// FastDeploy differs", "Out-of-domain values"); the same steps as the CPU
// kernel, slot by slot.
//
// One thread per slot over a grid-stride loop: a slot's verification is a
// chain (each draft is accepted only after the one before), and slots are
// independent. Total on any values: every value used as an index or a length
// is clamped or makes the slot inactive, integer arithmetic is exact (the
// step counter saturates), bool flags are read as bytes, and nothing is read
// or written outside the buffers.
#include <cstdint>

#include "kernel_decls/verify_draft_tokens_cuda.h"
#include "opforge/cuda_bytes.h"
#include "shared/verify_draft_tokens.h"

namespace opforge::verify_draft_tokens {
namespace {

// The target model's per-packed-row outputs and the call's verification
// settings. Only the tensors of the chosen strategy are ever read.
struct TargetView {
  cuda_global<const int64_t> target_tokens;   // [token_num], GREEDY / TARGET_MATCH
  cuda_global<const int64_t> candidate_ids;   // [token_num, K], TOPP
  cuda_global<const float> candidate_scores;  // [token_num, K], TOPP
  cuda_global<const int32_t> candidate_lens;  // [token_num], TOPP
  int64_t K;                                  // max_candidate_len
  int32_t verify_window;
  VerifyStrategy strategy;

  __device__ auto candidates(int64_t row) const { return candidate_ids + row * K; }
  __device__ auto scores(int64_t row) const { return candidate_scores + row * K; }
  // Candidates inside top-p, clamped into [0, K].
  __device__ int64_t top_p_count(int64_t row) const {
    return clamped_top_p_count(candidate_lens[row], K);
  }
};

// One slot's drafts and packed rows.
struct SlotView {
  cuda_global<const int64_t> input_row;  // step_input_ids row b: column 0 is last step's token
  int64_t first_row;                     // cu_seqlens_q_output[b]
  int64_t slt;                           // seq_lens_this_time[b], clamped

  __device__ int64_t draft(int64_t i) const { return input_row[i + 1]; }
  __device__ int64_t row(int64_t i) const { return first_row + i; }
};

// Output cursor of one slot.
struct Emitter {
  cuda_global<int64_t> out;  // step_output_ids row b
  cuda_global<const int64_t> end_tokens;
  int64_t end_length;
  int64_t max_dec_len;  // max_dec_len[b]
  int64_t cur;          // starts at step_idx[b], advanced per token (saturating)
  int32_t len;
  bool stopped;

  __device__ bool is_end_token(int64_t tok) const {
    for (int64_t k = 0; k < end_length; ++k) {
      if (end_tokens[k] == tok) return true;
    }
    return false;
  }

  // The page's emit(tok): reaching max_dec_len forces an end token; an end
  // token or the limit stops the slot. cur saturates at INT64_MAX.
  __device__ void emit(int64_t tok) {
    cur = next_step(cur);
    const bool eos = is_end_token(tok);
    const bool hit = cur >= max_dec_len;
    if (replaced_by_end(eos, hit)) tok = end_tokens[0];
    out[len] = tok;
    len += 1;
    if (stops(eos, hit)) stopped = true;
  }
};

__device__ bool in_top_p(const TargetView& t, int64_t row, int64_t tok) {
  const cuda_global<const int64_t> cand = t.candidates(row);
  const int64_t n = t.top_p_count(row);
  for (int64_t j = 0; j < n; ++j) {
    if (cand[j] == tok) return true;
  }
  return false;
}

// TOPP window fallback for a draft that missed top-p: accepted if it was the
// runner-up and the next verify_window drafts were all top-1. Returns the
// number of consecutive top-1 matches, or -1 if the window fails.
__device__ int64_t topp_window(const TargetView& t, const SlotView& s, int64_t i) {
  if (t.K < 2 || t.candidates(s.row(i))[1] != s.draft(i)) return -1;
  int64_t j = 0;
  for (int64_t ii = i + 1; ii <= s.slt - 2 && j < t.verify_window; ++ii) {
    if (t.candidates(s.row(ii))[0] != s.draft(ii)) break;
    ++j;
  }
  return j >= t.verify_window ? j : -1;
}

// Phase 1: accept drafts in order until one is rejected or the slot stops;
// the first position not accepted (slt - 1 if all were).
__device__ int64_t accept_drafts(Emitter& e,
                                 const TargetView& t,
                                 const SlotView& s,
                                 bool accept_all) {
  int64_t i = 0;
  while (i <= s.slt - 2 && !e.stopped) {
    const int64_t draft = s.draft(i);
    if (accept_all) {
      e.emit(draft);
      ++i;
      continue;
    }
    if (t.strategy != VerifyStrategy::topp) {
      if (t.target_tokens[s.row(i)] != draft) break;
      e.emit(draft);
      ++i;
      continue;
    }
    if (in_top_p(t, s.row(i), draft)) {
      e.emit(draft);
      ++i;
      continue;
    }
    const int64_t j = topp_window(t, s, i);
    if (j < 0) break;
    for (int64_t k = i; k <= i + j && !e.stopped; ++k) e.emit(s.draft(k));
    i += j + 1;
  }
  return i;
}

// Phase 2: the target model's own token at packed row `row` (TOPP: an
// inverse-CDF sample over the top-p candidates, summed in float32 in order).
__device__ int64_t target_token(const TargetView& t, int64_t row, float uniform, float top_p) {
  if (t.strategy != VerifyStrategy::topp) return t.target_tokens[row];
  const float r = uniform * top_p;
  const cuda_global<const int64_t> cand = t.candidates(row);
  const cuda_global<const float> score = t.scores(row);
  const int64_t n = t.top_p_count(row);
  float sum = 0.0f;
  for (int64_t j = 0; j < n; ++j) {
    sum += score[j];
    if (r <= sum) return cand[j];
  }
  return cand[0];
}

}  // namespace
}  // namespace opforge::verify_draft_tokens

__global__ void opforge::verify_draft_tokens::cuda_kernel(const CudaArgs args) {
  const TargetView target{args.target_tokens,
                          args.candidate_ids,
                          args.candidate_scores,
                          args.candidate_lens,
                          args.max_candidate_len,
                          args.verify_window,
                          args.verify_strategy};
  const cuda_global<const unsigned char> block_step = opforge::cuda_bytes(args.is_block_step);
  const cuda_global<const unsigned char> stop = opforge::cuda_bytes(args.stop_flags);
  const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
  for (int64_t b = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; b < args.max_bsz;
       b += stride) {
    const cuda_global<int64_t> out_row = args.step_output_ids + b * args.max_step_tokens;
    for (int64_t c = 0; c < args.max_step_tokens; ++c) out_row[c] = -1;
    args.step_output_len[b] = 0;

    // b < real_bsz first: seq_lens_this_time has real_bsz entries. slt is
    // clamped to the row width; slt <= 0 owns no packed row.
    if (b >= args.real_bsz) continue;
    const int64_t slt_in = args.seq_lens_this_time[b];
    const int64_t slt = slot_tokens(slt_in, args.max_step_tokens);
    if (slt <= 0 || block_step[b] != 0 || stop[b] != 0) continue;

    const bool verify =
        verifies(args.reject_all, args.seq_lens_encoder[b], args.reasoning_status[b]);
    // The packed rows the slot reads must all exist, else it is inactive.
    const int64_t first_row = args.cu_seqlens_q_output[b];
    const int64_t nrows = packed_rows(slt, verify);
    if (!rows_inside(first_row, nrows, args.token_num)) continue;

    const SlotView slot{args.step_input_ids + b * args.max_step_tokens, first_row, slt};
    Emitter e{
        out_row, args.end_tokens, args.end_length, args.max_dec_len[b], args.step_idx[b], 0, false};
    const int64_t i = verify ? accept_drafts(e, target, slot, args.accept_all) : 0;

    if (!e.stopped) e.emit(target_token(target, slot.row(i), args.topp_uniforms[b], args.topp[b]));
    args.step_output_len[b] = e.len;
  }
}
