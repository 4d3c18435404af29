// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of rebuild_padding implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>
#include <cuda_bf16.h>  // __nv_bfloat16
#include <cuda_fp16.h>  // half

#include "kernel_decls/rebuild_padding.h"
#include "cuda_portable.h"

namespace opforge::rebuild_padding {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
template <typename T>
struct CudaArgs {
  cuda_global<const T> hidden;                     // [token_num, hidden_size]
  cuda_global<const int32_t> cu_seqlens_q;         // [real_bsz + 1]
  cuda_global<const int32_t> seq_lens_this_time;   // [real_bsz]
  cuda_global<const int32_t> seq_lens_encoder;     // [max_bsz]
  cuda_global<const int32_t> cu_seqlens_q_output;  // [real_bsz + 1]
  cuda_global<T> out;                              // [out_token_num, hidden_size]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t token_num;
  int64_t hidden_size;
  int64_t out_token_num;
  int64_t cpu_out_token_num;
};

// Define it with its qualified name,
//   __global__ void opforge::rebuild_padding::cuda_kernel(const opforge::rebuild_padding::CudaArgs<T> args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
template <typename T>
__global__ void cuda_kernel(const opforge::rebuild_padding::CudaArgs<T> args);

}  // namespace opforge::rebuild_padding

// Instantiates cuda_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_REBUILD_PADDING_CUDA_INSTANCES                                   \
  template __global__ void opforge::rebuild_padding::cuda_kernel<float>(         \
      const opforge::rebuild_padding::CudaArgs<float>);                          \
  template __global__ void opforge::rebuild_padding::cuda_kernel<half>(          \
      const opforge::rebuild_padding::CudaArgs<half>);                           \
  template __global__ void opforge::rebuild_padding::cuda_kernel<__nv_bfloat16>( \
      const opforge::rebuild_padding::CudaArgs<__nv_bfloat16>);
