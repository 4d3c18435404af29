// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of verify_draft_tokens implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::verify_draft_tokens {

// how a draft token is judged
enum class VerifyStrategy : int32_t {
  topp = 0,
  greedy = 1,
  target_match = 2,
};

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int64_t* step_output_ids;            // [max_bsz, max_step_tokens]
  int32_t* step_output_len;            // [max_bsz]
  const int64_t* step_input_ids;       // [max_bsz, max_step_tokens]
  const int64_t* target_tokens;        // [token_num], null when absent
  const int64_t* candidate_ids;        // [token_num, max_candidate_len], null when absent
  const float* candidate_scores;       // [token_num, max_candidate_len], null when absent
  const int32_t* candidate_lens;       // [token_num], null when absent
  const float* topp;                   // [max_bsz]
  const bool* stop_flags;              // [max_bsz]
  const int32_t* seq_lens_encoder;     // [max_bsz]
  const int32_t* seq_lens_this_time;   // [real_bsz]
  const int64_t* end_tokens;           // [end_length]
  const bool* is_block_step;           // [max_bsz]
  const int32_t* cu_seqlens_q_output;  // [real_bsz + 1]
  const int32_t* reasoning_status;     // [max_bsz]
  const int64_t* max_dec_len;          // [max_bsz]
  const int64_t* step_idx;             // [max_bsz]
  const float* topp_uniforms;          // [max_bsz], scratch
  int64_t max_bsz;
  int64_t max_step_tokens;
  int64_t real_bsz;
  int64_t token_num;
  int64_t max_candidate_len;
  int64_t end_length;
  int32_t max_seq_len;
  int32_t verify_window;
  opforge::verify_draft_tokens::VerifyStrategy verify_strategy;
  bool reject_all;
  bool accept_all;
  int64_t seed;
};

// Each kernel is defined out of class, e.g.
//   void opforge::verify_draft_tokens::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::verify_draft_tokens::CpuArgs& args);
};

}  // namespace opforge::verify_draft_tokens
