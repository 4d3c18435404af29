// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_get_logits implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_get_logits.h"

namespace opforge::speculate_get_logits {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<float> draft_logits;                // [draft_rows, vocab_size]
  cuda_global<int32_t> next_token_num;            // [bsz]
  cuda_global<int32_t> batch_token_num;           // [bsz]
  cuda_global<int32_t> cu_next_token_offset;      // [bsz + 1]
  cuda_global<int32_t> cu_batch_token_offset;     // [bsz + 1]
  cuda_global<const float> logits;                // [token_num, vocab_size]
  cuda_global<const float> first_token_logits;    // [bsz, vocab_size]
  cuda_global<const int32_t> seq_lens_this_time;  // [bsz]
  cuda_global<const int32_t> seq_lens_encoder;    // [bsz]
  int64_t bsz;
  int64_t draft_rows;
  int64_t token_num;
  int64_t vocab_size;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_get_logits::cuda_kernel(const opforge::speculate_get_logits::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::speculate_get_logits::CudaArgs args);

}  // namespace opforge::speculate_get_logits
