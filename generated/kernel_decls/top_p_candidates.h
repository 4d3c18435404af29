// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of top_p_candidates implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::top_p_candidates {

// Each kernel is defined out of class, e.g.
//   void opforge::top_p_candidates::Kernels::cpu(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. In-place and output buffers are mutable, all others const; optional
// tensors are null when absent; scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_TOP_P_CANDIDATES_CPU_INSTANCES.
  template <typename T>
  static void cpu(
      const T* probs,                     // [token_num, vocab_size]
      const T* top_p,                     // [max_bsz]
      const int32_t* batch_id_per_token,  // [token_num]
      T* verify_scores,                   // [token_num, max_candidate_len]
      int64_t* verify_tokens,             // [token_num, max_candidate_len]
      int32_t* actual_candidate_lens,     // [token_num]
      int64_t token_num,
      int64_t vocab_size,
      int64_t max_bsz,
      int64_t max_candidate_len,
      int32_t candidates_len);
};

}  // namespace opforge::top_p_candidates

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_TOP_P_CANDIDATES_CPU_INSTANCES                                                     \
  template void opforge::top_p_candidates::Kernels::cpu<float>(const float*,                       \
                                                               const float*,                       \
                                                               const int32_t*,                     \
                                                               float*,                             \
                                                               int64_t*,                           \
                                                               int32_t*,                           \
                                                               int64_t,                            \
                                                               int64_t,                            \
                                                               int64_t,                            \
                                                               int64_t,                            \
                                                               int32_t);                           \
  template void opforge::top_p_candidates::Kernels::cpu<opforge::float16>(const opforge::float16*, \
                                                                          const opforge::float16*, \
                                                                          const int32_t*,          \
                                                                          opforge::float16*,       \
                                                                          int64_t*,                \
                                                                          int32_t*,                \
                                                                          int64_t,                 \
                                                                          int64_t,                 \
                                                                          int64_t,                 \
                                                                          int64_t,                 \
                                                                          int32_t);                \
  template void opforge::top_p_candidates::Kernels::cpu<opforge::bfloat16>(                        \
      const opforge::bfloat16*,                                                                    \
      const opforge::bfloat16*,                                                                    \
      const int32_t*,                                                                              \
      opforge::bfloat16*,                                                                          \
      int64_t*,                                                                                    \
      int32_t*,                                                                                    \
      int64_t,                                                                                     \
      int64_t,                                                                                     \
      int64_t,                                                                                     \
      int64_t,                                                                                     \
      int32_t);
