// Generated from opspec/eagle_gather_hidden_states.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of eagle_gather_hidden_states implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_bf16.h>  // __nv_bfloat16
#include <cuda_fp16.h>  // half
#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/eagle_gather_hidden_states.h"

namespace opforge::eagle_gather_hidden_states {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
template <typename T>
struct CudaArgs {
  cuda_global<const T> hidden_states;             // [input_token_num, dim_embed]
  cuda_global<const int32_t> seq_lens_this_time;  // [real_bsz]
  cuda_global<T> out;                             // [real_bsz, dim_embed]
  cuda_global<int32_t> output_token_num;          // [1]
  int64_t real_bsz;
  int64_t input_token_num;
  int64_t dim_embed;
};

// Define it with its qualified name,
//   __global__ void opforge::eagle_gather_hidden_states::cuda_kernel(const opforge::eagle_gather_hidden_states::CudaArgs<T> args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
template <typename T>
__global__ void cuda_kernel(const opforge::eagle_gather_hidden_states::CudaArgs<T> args);

}  // namespace opforge::eagle_gather_hidden_states

// Instantiates cuda_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_EAGLE_GATHER_HIDDEN_STATES_CUDA_INSTANCES                                   \
  template __global__ void opforge::eagle_gather_hidden_states::cuda_kernel<float>(         \
      const opforge::eagle_gather_hidden_states::CudaArgs<float>);                          \
  template __global__ void opforge::eagle_gather_hidden_states::cuda_kernel<half>(          \
      const opforge::eagle_gather_hidden_states::CudaArgs<half>);                           \
  template __global__ void opforge::eagle_gather_hidden_states::cuda_kernel<__nv_bfloat16>( \
      const opforge::eagle_gather_hidden_states::CudaArgs<__nv_bfloat16>);
