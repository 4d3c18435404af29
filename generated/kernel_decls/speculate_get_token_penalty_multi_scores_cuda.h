// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// The CUDA kernel of speculate_get_token_penalty_multi_scores implements this declaration. It compiles
// with nvcc for the device and, for tests on any machine, with g++ against the
// simulation in csrc/cudasim.
#pragma once

#include <cuda_bf16.h>  // __nv_bfloat16
#include <cuda_fp16.h>  // half
#include <cuda_runtime.h>

#include "cuda_portable.h"
#include "kernel_decls/speculate_get_token_penalty_multi_scores.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

// threads per block of the CUDA kernel, which reads it as kCudaBlock (default 256)
inline constexpr int kCudaBlock = 256;

// What the CUDA kernel receives, by value, one named field each (tensors
// in spec order, then dims, then attributes): a kernel reads args.<name>,
// never a position, so two fields cannot be swapped. Pointers are device
// (global) memory: in-place and output buffers mutable, all others const;
// optional tensors are null when absent; scratch is made and filled by the glue.
template <typename T>
struct CudaArgs {
  cuda_global<const int64_t> pre_ids;                // [bs, length_id]
  cuda_global<T> logits;                             // [token_num, vocab_size]
  cuda_global<const T> penalty_scores;               // [bs]
  cuda_global<const T> frequency_scores;             // [bs]
  cuda_global<const T> presence_scores;              // [bs]
  cuda_global<const float> temperatures;             // [bs]
  cuda_global<const int64_t> bad_tokens;             // [bs, bad_words_len] or [bad_words_len], as bad_tokens_form says
  cuda_global<const int64_t> cur_len;                // [bs]
  cuda_global<const int64_t> min_len;                // [bs]
  cuda_global<const int64_t> eos_token_id;           // [end_length]
  cuda_global<const int32_t> output_padding_offset;  // [token_num]
  cuda_global<const int32_t> output_cum_offsets;     // [bs]
  int64_t bs;
  int64_t token_num;
  int64_t vocab_size;
  int64_t length_id;
  int64_t bad_words_len;
  int64_t end_length;
  int32_t bad_tokens_form;  // 0: [bs, bad_words_len], 1: [bad_words_len]
  int32_t max_seq_len;
};

// Define it with its qualified name,
//   __global__ void opforge::speculate_get_token_penalty_multi_scores::cuda_kernel(const opforge::speculate_get_token_penalty_multi_scores::CudaArgs<T> args) { ... }
// so a definition whose parameters differ from this declaration does not compile.
template <typename T>
__global__ void cuda_kernel(
    const opforge::speculate_get_token_penalty_multi_scores::CudaArgs<T> args);

}  // namespace opforge::speculate_get_token_penalty_multi_scores

// Instantiates cuda_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_CUDA_INSTANCES                                   \
  template __global__ void opforge::speculate_get_token_penalty_multi_scores::cuda_kernel<float>(         \
      const opforge::speculate_get_token_penalty_multi_scores::CudaArgs<float>);                          \
  template __global__ void opforge::speculate_get_token_penalty_multi_scores::cuda_kernel<half>(          \
      const opforge::speculate_get_token_penalty_multi_scores::CudaArgs<half>);                           \
  template __global__ void opforge::speculate_get_token_penalty_multi_scores::cuda_kernel<__nv_bfloat16>( \
      const opforge::speculate_get_token_penalty_multi_scores::CudaArgs<__nv_bfloat16>);
