// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of mtp_step_paddle implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/mtp_step_paddle.h"

namespace opforge::mtp_step_paddle {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const bool> base_model_stop_flags;  // [bsz]
  cuda_global<bool> stop_flags;                   // [bsz]
  cuda_global<bool> batch_drop;                   // [bsz]
  cuda_global<int32_t> seq_lens_this_time;        // [bsz]
  cuda_global<int32_t> seq_lens_decoder;          // [bsz]
  cuda_global<int32_t> block_tables;              // [bsz, block_num_per_seq]
  cuda_global<int32_t> encoder_block_lens;        // [bsz]
  cuda_global<int32_t> used_list_len;             // [bsz]
  cuda_global<int32_t> free_list;                 // [free_list_size]
  cuda_global<int32_t> free_list_len;             // [1]
  int64_t bsz;
  int64_t block_num_per_seq;
  int64_t free_list_size;
  int32_t block_size;
  int32_t max_draft_tokens;
};

// Define it with its qualified name,
//   __global__ void opforge::mtp_step_paddle::cuda_kernel(const opforge::mtp_step_paddle::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::mtp_step_paddle::CudaArgs args);

}  // namespace opforge::mtp_step_paddle
