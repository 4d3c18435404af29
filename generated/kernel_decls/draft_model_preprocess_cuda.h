// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of draft_model_preprocess implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_runtime.h>

#include "kernel_decls/draft_model_preprocess.h"
#include "cuda_portable.h"

namespace opforge::draft_model_preprocess {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
struct CudaArgs {
  cuda_global<int32_t> seq_lens_this_time;        // [real_bsz]
  cuda_global<const int32_t> seq_lens_encoder;    // [max_bsz]
  cuda_global<const bool> stop_flags;             // [max_bsz]
  cuda_global<const int64_t> step_idx;            // [max_bsz]
  cuda_global<const int64_t> max_dec_len;         // [max_bsz]
  cuda_global<const int64_t> prompt_lens;         // [max_bsz]
  cuda_global<const int64_t> token_ids_all;       // [max_bsz, max_model_len]
  cuda_global<int64_t> step_input_ids;            // [max_bsz, max_step_tokens]
  cuda_global<int64_t> draft_input_ids;           // [max_bsz, max_step_tokens]
  cuda_global<int32_t> draft_seq_lens_this_time;  // [real_bsz]
  cuda_global<int32_t> draft_seq_lens_encoder;    // [max_bsz]
  cuda_global<int32_t> draft_seq_lens_decoder;    // [max_bsz]
  cuda_global<bool> has_draft_seqs;               // [1]
  int64_t max_bsz;
  int64_t max_step_tokens;
  int64_t real_bsz;
  int64_t max_model_len;
};

// Define it with its qualified name,
//   __global__ void opforge::draft_model_preprocess::cuda_kernel(const opforge::draft_model_preprocess::CudaArgs args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
__global__ void cuda_kernel(const opforge::draft_model_preprocess::CudaArgs args);

}  // namespace opforge::draft_model_preprocess
