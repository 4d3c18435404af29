// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of build_sampling_params implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/build_sampling_params.h"

namespace opforge::build_sampling_params {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const float> top_p;                  // [max_bsz]
  cuda_global<const int64_t> top_k;                // [max_bsz]
  cuda_global<int64_t> infer_seed;                 // [max_bsz]
  cuda_global<const int32_t> seq_lens_this_time;   // [real_bsz]
  cuda_global<const int32_t> cu_seqlens_q_output;  // [real_bsz + 1]
  cuda_global<float> top_p_padding;                // [out_token_num, 1]
  cuda_global<int64_t> top_k_padding;              // [out_token_num, 1]
  cuda_global<int64_t> topp_seed;                  // [out_token_num, 1]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t out_token_num;
  int64_t token_num_output_cpu;
  int64_t increment_value;
};

// Define it with its qualified name,
//   __global__ void opforge::build_sampling_params::cuda_kernel(const opforge::build_sampling_params::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::build_sampling_params::CudaArgs args);

}  // namespace opforge::build_sampling_params
