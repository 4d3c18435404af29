// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_limit_thinking_content_length_v1 implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_limit_thinking_content_length_v1 {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int64_t* next_tokens;           // [bsz, tokens_per_step]
  const int32_t* max_think_lens;  // [bsz]
  int64_t* step_idx;              // [bsz]
  int32_t* limit_think_status;    // [bsz]
  int32_t* accept_num;            // [bsz]
  int32_t* seq_lens_decoder;      // [bsz]
  bool* stop_flags;               // [bsz]
  const int64_t* eos_token_ids;   // [eos_len]
  int64_t bsz;
  int64_t tokens_per_step;
  int64_t eos_len;
  int64_t think_end_id;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_limit_thinking_content_length_v1::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_limit_thinking_content_length_v1::CpuArgs& args);
};

}  // namespace opforge::speculate_limit_thinking_content_length_v1
