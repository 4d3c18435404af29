// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_schedule_cache implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_schedule_cache.h"

namespace opforge::speculate_schedule_cache {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const int64_t> draft_tokens;       // [max_bsz, draft_tokens_len]
  cuda_global<const int32_t> block_tables;       // [max_bsz, block_num_per_seq]
  cuda_global<bool> stop_flags;                  // [max_bsz]
  cuda_global<const int64_t> prompt_lens;        // [max_bsz]
  cuda_global<int32_t> seq_lens_this_time;       // [real_bsz]
  cuda_global<int32_t> seq_lens_encoder;         // [max_bsz]
  cuda_global<int32_t> seq_lens_decoder;         // [max_bsz]
  cuda_global<int32_t> step_seq_lens_decoder;    // [max_bsz]
  cuda_global<int64_t> step_draft_tokens;        // [max_bsz, draft_tokens_len]
  cuda_global<int32_t> step_seq_lens_this_time;  // [max_bsz]
  cuda_global<int32_t> accept_num;               // [max_bsz]
  cuda_global<int64_t> accept_tokens;            // [max_bsz, accept_tokens_len]
  cuda_global<bool> is_block_step;               // [max_bsz]
  cuda_global<bool> not_need_stop;               // [1]
  cuda_global<const int64_t> stop_nums;          // [1], null when absent
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t draft_tokens_len;
  int64_t accept_tokens_len;
  int64_t block_num_per_seq;
  int32_t block_size;
  int32_t max_draft_tokens;
  bool prefill_one_step_stop;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_schedule_cache::cuda_kernel(const opforge::speculate_schedule_cache::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::speculate_schedule_cache::CudaArgs args);

}  // namespace opforge::speculate_schedule_cache
