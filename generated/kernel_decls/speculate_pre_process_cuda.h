// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_pre_process implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_pre_process.h"

namespace opforge::speculate_pre_process {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const int64_t> input_ids;            // [max_bsz, max_seq_len]
  cuda_global<const int32_t> seq_len;              // [real_bsz]
  cuda_global<const int64_t> draft_tokens;         // [max_bsz, max_draft_tokens]
  cuda_global<const int32_t> seq_lens_encoder;     // [max_bsz]
  cuda_global<int64_t> ids_remove_padding;         // [token_num]
  cuda_global<int32_t> batch_id_per_token;         // [token_num]
  cuda_global<int32_t> cu_seqlens_q;               // [real_bsz + 1]
  cuda_global<int32_t> cu_seqlens_k;               // [real_bsz + 1]
  cuda_global<int32_t> cu_seq_lens_q_output;       // [real_bsz + 1]
  cuda_global<int32_t> batch_id_per_token_output;  // [real_bsz * max_draft_tokens]
  cuda_global<int32_t> real_output_token_num;      // [1]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t max_seq_len;
  int64_t max_draft_tokens;
  int64_t token_num;
  int64_t cpu_token_num;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_pre_process::cuda_kernel(const opforge::speculate_pre_process::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::speculate_pre_process::CudaArgs args);

}  // namespace opforge::speculate_pre_process
