// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of hybrid_mtp_ngram implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/hybrid_mtp_ngram.h"

namespace opforge::hybrid_mtp_ngram {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<const int64_t> input_ids;         // [max_bsz, max_input_len]
  cuda_global<const int64_t> input_ids_len;     // [max_bsz]
  cuda_global<const int64_t> pre_ids;           // [max_bsz, max_pre_len]
  cuda_global<const int64_t> step_idx;          // [max_bsz]
  cuda_global<int64_t> draft_tokens;            // [max_bsz, max_step_tokens]
  cuda_global<int32_t> seq_lens_this_time;      // [real_bsz]
  cuda_global<const int32_t> seq_lens_decoder;  // [max_bsz]
  cuda_global<const int64_t> max_dec_len;       // [max_bsz]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t max_input_len;
  int64_t max_pre_len;
  int64_t max_step_tokens;
  int32_t max_ngram_size;
  int32_t min_ngram_size;
  int32_t max_draft_tokens;
  int32_t spec_tokenum_threshold;
};

// Define it with its qualified name,
//   __global__ void opforge::hybrid_mtp_ngram::cuda_kernel(const opforge::hybrid_mtp_ngram::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::hybrid_mtp_ngram::CudaArgs args);

}  // namespace opforge::hybrid_mtp_ngram
