// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of verify_draft_tokens implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "kernel_decls/verify_draft_tokens.h"
#include "cuda_portable.h"

namespace opforge::verify_draft_tokens {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<int64_t> step_output_ids;            // [max_bsz, max_step_tokens]
  cuda_global<int32_t> step_output_len;            // [max_bsz]
  cuda_global<const int64_t> step_input_ids;       // [max_bsz, max_step_tokens]
  cuda_global<const int64_t> target_tokens;        // [token_num], null when absent
  cuda_global<const int64_t> candidate_ids;        // [token_num, max_candidate_len], null when absent
  cuda_global<const float> candidate_scores;       // [token_num, max_candidate_len], null when absent
  cuda_global<const int32_t> candidate_lens;       // [token_num], null when absent
  cuda_global<const float> topp;                   // [max_bsz]
  cuda_global<const bool> stop_flags;              // [max_bsz]
  cuda_global<const int32_t> seq_lens_encoder;     // [max_bsz]
  cuda_global<const int32_t> seq_lens_this_time;   // [real_bsz]
  cuda_global<const int64_t> end_tokens;           // [end_length]
  cuda_global<const bool> is_block_step;           // [max_bsz]
  cuda_global<const int32_t> cu_seqlens_q_output;  // [real_bsz + 1]
  cuda_global<const int32_t> reasoning_status;     // [max_bsz]
  cuda_global<const int64_t> max_dec_len;          // [max_bsz]
  cuda_global<const int64_t> step_idx;             // [max_bsz]
  cuda_global<const float> topp_uniforms;          // [max_bsz], scratch
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

// Define it with its qualified name,
//   __global__ void opforge::verify_draft_tokens::cuda_kernel(const opforge::verify_draft_tokens::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::verify_draft_tokens::CudaArgs args);

}  // namespace opforge::verify_draft_tokens
