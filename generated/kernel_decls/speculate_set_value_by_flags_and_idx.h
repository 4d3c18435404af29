// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_set_value_by_flags_and_idx implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_set_value_by_flags_and_idx {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int64_t* pre_ids_all;             // [bsz, pre_ids_len]
  const int64_t* accept_tokens;     // [bsz, max_draft_tokens]
  int32_t* accept_num;              // [bsz]
  const bool* stop_flags;           // [bsz]
  const int32_t* seq_lens_encoder;  // [bsz]
  int32_t* seq_lens_decoder;        // [bsz]
  const int64_t* step_idx;          // [bsz]
  int64_t bsz;
  int64_t pre_ids_len;
  int64_t max_draft_tokens;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_set_value_by_flags_and_idx::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_set_value_by_flags_and_idx::CpuArgs& args);
};

}  // namespace opforge::speculate_set_value_by_flags_and_idx
