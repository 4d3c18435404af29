// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_set_stop_value_multi_seqs implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_set_stop_value_multi_seqs.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<int64_t> accept_tokens;        // [bsz, max_accept_len]
  cuda_global<int32_t> accept_num;           // [bsz]
  cuda_global<const int64_t> pre_ids;        // [bsz, pre_ids_len]
  cuda_global<const int64_t> step_idx;       // [bsz]
  cuda_global<bool> stop_flags;              // [bsz]
  cuda_global<const int64_t> stop_seqs;      // [bsz, stop_seqs_num, stop_seqs_max_len]
  cuda_global<const int32_t> stop_seqs_len;  // [bsz, stop_seqs_num]
  cuda_global<const int64_t> end_ids;        // [end_length]
  cuda_global<const int64_t> min_tokens;     // [bsz], null when absent
  int64_t bsz;
  int64_t max_accept_len;
  int64_t pre_ids_len;
  int64_t stop_seqs_num;
  int64_t stop_seqs_max_len;
  int64_t end_length;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_set_stop_value_multi_seqs::cuda_kernel(const opforge::speculate_set_stop_value_multi_seqs::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::speculate_set_stop_value_multi_seqs::CudaArgs args);

}  // namespace opforge::speculate_set_stop_value_multi_seqs
