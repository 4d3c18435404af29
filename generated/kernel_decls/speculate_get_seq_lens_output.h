// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_get_seq_lens_output implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_get_seq_lens_output {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int32_t* seq_lens_this_time;  // [real_bsz]
  const int32_t* seq_lens_encoder;    // [max_bsz]
  int32_t* seq_lens_output;           // [real_bsz]
  int64_t max_bsz;
  int64_t real_bsz;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_get_seq_lens_output::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_get_seq_lens_output::CpuArgs& args);
};

}  // namespace opforge::speculate_get_seq_lens_output
