// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_get_token_penalty_multi_scores implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
template <typename T>
struct CpuArgs {
  const int64_t* pre_ids;                // [bs, length_id]
  T* logits;                             // [token_num, vocab_size]
  const T* penalty_scores;               // [bs]
  const T* frequency_scores;             // [bs]
  const T* presence_scores;              // [bs]
  const float* temperatures;             // [bs]
  const int64_t* bad_tokens;             // [bs, bad_words_len] or [bad_words_len], as bad_tokens_form says
  const int64_t* cur_len;                // [bs]
  const int64_t* min_len;                // [bs]
  const int64_t* eos_token_id;           // [end_length]
  const int32_t* output_padding_offset;  // [token_num]
  const int32_t* output_cum_offsets;     // [bs]
  int64_t bs;
  int64_t token_num;
  int64_t vocab_size;
  int64_t length_id;
  int64_t bad_words_len;
  int64_t end_length;
  int32_t bad_tokens_form;  // 0: [bs, bad_words_len], 1: [bad_words_len]
  int32_t max_seq_len;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_get_token_penalty_multi_scores::Kernels::cpu(const CpuArgs<T>& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_CPU_INSTANCES.
  template <typename T>
  static void cpu(const opforge::speculate_get_token_penalty_multi_scores::CpuArgs<T>& args);
};

}  // namespace opforge::speculate_get_token_penalty_multi_scores

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_SPECULATE_GET_TOKEN_PENALTY_MULTI_SCORES_CPU_INSTANCES                              \
  template void opforge::speculate_get_token_penalty_multi_scores::Kernels::cpu<float>(             \
      const opforge::speculate_get_token_penalty_multi_scores::CpuArgs<float>&);                    \
  template void opforge::speculate_get_token_penalty_multi_scores::Kernels::cpu<opforge::float16>(  \
      const opforge::speculate_get_token_penalty_multi_scores::CpuArgs<opforge::float16>&);         \
  template void opforge::speculate_get_token_penalty_multi_scores::Kernels::cpu<opforge::bfloat16>( \
      const opforge::speculate_get_token_penalty_multi_scores::CpuArgs<opforge::bfloat16>&);
