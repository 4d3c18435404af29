// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of draft_model_postprocess implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/draft_model_postprocess.h"

namespace opforge::draft_model_postprocess {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const int64_t> base_model_draft_tokens;      // [max_bsz, draft_token_len]
  cuda_global<int32_t> base_model_seq_lens_this_time;      // [real_bsz]
  cuda_global<const int32_t> base_model_seq_lens_encoder;  // [max_bsz]
  cuda_global<const bool> base_model_stop_flags;           // [max_bsz]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t draft_token_len;
};

// Define it with its qualified name,
//   __global__ void opforge::draft_model_postprocess::cuda_kernel(const opforge::draft_model_postprocess::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::draft_model_postprocess::CudaArgs args);

}  // namespace opforge::draft_model_postprocess
