// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_get_token_penalty_multi_scores implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_get_token_penalty_multi_scores.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

// Define it with its qualified name,
//   __global__ void opforge::speculate_get_token_penalty_multi_scores::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
template <typename T>
__global__ void xpu3_kernel(
    __global_ptr__ const long long* pre_ids,              // [bs, length_id]
    __global_ptr__ T* logits,                             // [token_num, vocab_size]
    __global_ptr__ const T* penalty_scores,               // [bs]
    __global_ptr__ const T* frequency_scores,             // [bs]
    __global_ptr__ const T* presence_scores,              // [bs]
    __global_ptr__ const float* temperatures,             // [bs]
    __global_ptr__ const long long* bad_tokens,           // [bs, bad_words_len] or [bad_words_len], as bad_tokens_form says
    __global_ptr__ const long long* cur_len,              // [bs]
    __global_ptr__ const long long* min_len,              // [bs]
    __global_ptr__ const long long* eos_token_id,         // [end_length]
    __global_ptr__ const int32_t* output_padding_offset,  // [token_num]
    __global_ptr__ const int32_t* output_cum_offsets,     // [bs]
    int32_t bs,
    int32_t token_num,
    int32_t vocab_size,
    int32_t length_id,
    int32_t bad_words_len,
    int32_t end_length,
    int32_t bad_tokens_form,  // 0: [bs, bad_words_len], 1: [bad_words_len]
    int32_t max_seq_len);

}  // namespace opforge::speculate_get_token_penalty_multi_scores

// Instantiates xpu3_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_XPU3_INSTANCES                     \
  template void opforge::speculate_get_token_penalty_multi_scores::xpu3_kernel<float>(      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ float*,                                                                \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const int32_t*,                                                        \
      __global_ptr__ const int32_t*,                                                        \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t);                                                                             \
  template void opforge::speculate_get_token_penalty_multi_scores::xpu3_kernel<::float16>(  \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ ::float16*,                                                            \
      __global_ptr__ const ::float16*,                                                      \
      __global_ptr__ const ::float16*,                                                      \
      __global_ptr__ const ::float16*,                                                      \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const int32_t*,                                                        \
      __global_ptr__ const int32_t*,                                                        \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t);                                                                             \
  template void opforge::speculate_get_token_penalty_multi_scores::xpu3_kernel<::bfloat16>( \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ ::bfloat16*,                                                           \
      __global_ptr__ const ::bfloat16*,                                                     \
      __global_ptr__ const ::bfloat16*,                                                     \
      __global_ptr__ const ::bfloat16*,                                                     \
      __global_ptr__ const float*,                                                          \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const long long*,                                                      \
      __global_ptr__ const int32_t*,                                                        \
      __global_ptr__ const int32_t*,                                                        \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t,                                                                              \
      int32_t);
