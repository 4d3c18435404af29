// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of top_p_candidates implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>
#include <cuda_bf16.h>  // __nv_bfloat16
#include <cuda_fp16.h>  // half

#include "kernel_decls/top_p_candidates.h"
#include "cuda_portable.h"

namespace opforge::top_p_candidates {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
template <typename T>
struct CudaArgs {
  cuda_global<const T> probs;                     // [token_num, vocab_size]
  cuda_global<const T> top_p;                     // [max_bsz]
  cuda_global<const int32_t> batch_id_per_token;  // [token_num]
  cuda_global<T> verify_scores;                   // [token_num, max_candidate_len]
  cuda_global<int64_t> verify_tokens;             // [token_num, max_candidate_len]
  cuda_global<int32_t> actual_candidate_lens;     // [token_num]
  int64_t token_num;
  int64_t vocab_size;
  int64_t max_bsz;
  int64_t max_candidate_len;
  int32_t candidates_len;
};

// Define it with its qualified name,
//   __global__ void opforge::top_p_candidates::cuda_kernel(const opforge::top_p_candidates::CudaArgs<T> args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
template <typename T>
__global__ void cuda_kernel(const opforge::top_p_candidates::CudaArgs<T> args);

}  // namespace opforge::top_p_candidates

// Instantiates cuda_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_TOP_P_CANDIDATES_CUDA_INSTANCES                                   \
  template __global__ void opforge::top_p_candidates::cuda_kernel<float>(         \
      const opforge::top_p_candidates::CudaArgs<float>);                          \
  template __global__ void opforge::top_p_candidates::cuda_kernel<half>(          \
      const opforge::top_p_candidates::CudaArgs<half>);                           \
  template __global__ void opforge::top_p_candidates::cuda_kernel<__nv_bfloat16>( \
      const opforge::top_p_candidates::CudaArgs<__nv_bfloat16>);
