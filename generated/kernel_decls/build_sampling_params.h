// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of build_sampling_params implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::build_sampling_params {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const float* top_p;                  // [max_bsz]
  const int64_t* top_k;                // [max_bsz]
  int64_t* infer_seed;                 // [max_bsz]
  const int32_t* seq_lens_this_time;   // [real_bsz]
  const int32_t* cu_seqlens_q_output;  // [real_bsz + 1]
  float* top_p_padding;                // [out_token_num, 1]
  int64_t* top_k_padding;              // [out_token_num, 1]
  int64_t* topp_seed;                  // [out_token_num, 1]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t out_token_num;
  int64_t token_num_output_cpu;
  int64_t increment_value;
};

// Each kernel is defined out of class, e.g.
//   void opforge::build_sampling_params::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::build_sampling_params::CpuArgs& args);
};

}  // namespace opforge::build_sampling_params
