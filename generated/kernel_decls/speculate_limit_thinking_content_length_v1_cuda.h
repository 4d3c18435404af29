// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_limit_thinking_content_length_v1 implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v1.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<int64_t> next_tokens;           // [bsz, tokens_per_step]
  cuda_global<const int32_t> max_think_lens;  // [bsz]
  cuda_global<int64_t> step_idx;              // [bsz]
  cuda_global<int32_t> limit_think_status;    // [bsz]
  cuda_global<int32_t> accept_num;            // [bsz]
  cuda_global<int32_t> seq_lens_decoder;      // [bsz]
  cuda_global<bool> stop_flags;               // [bsz]
  cuda_global<const int64_t> eos_token_ids;   // [eos_len]
  int64_t bsz;
  int64_t tokens_per_step;
  int64_t eos_len;
  int64_t think_end_id;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_limit_thinking_content_length_v1::cuda_kernel(const opforge::speculate_limit_thinking_content_length_v1::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(
    const opforge::speculate_limit_thinking_content_length_v1::CudaArgs args);

}  // namespace opforge::speculate_limit_thinking_content_length_v1
