// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_get_logits implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_get_logits {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  float* draft_logits;                // [draft_rows, vocab_size]
  int32_t* next_token_num;            // [bsz]
  int32_t* batch_token_num;           // [bsz]
  int32_t* cu_next_token_offset;      // [bsz + 1]
  int32_t* cu_batch_token_offset;     // [bsz + 1]
  const float* logits;                // [token_num, vocab_size]
  const float* first_token_logits;    // [bsz, vocab_size]
  const int32_t* seq_lens_this_time;  // [bsz]
  const int32_t* seq_lens_encoder;    // [bsz]
  int64_t bsz;
  int64_t draft_rows;
  int64_t token_num;
  int64_t vocab_size;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_get_logits::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_get_logits::CpuArgs& args);
};

}  // namespace opforge::speculate_get_logits
