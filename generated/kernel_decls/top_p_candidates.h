// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of top_p_candidates implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::top_p_candidates {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
template <typename T>
struct CpuArgs {
  const T* probs;                     // [token_num, vocab_size]
  const T* top_p;                     // [max_bsz]
  const int32_t* batch_id_per_token;  // [token_num]
  T* verify_scores;                   // [token_num, max_candidate_len]
  int64_t* verify_tokens;             // [token_num, max_candidate_len]
  int32_t* actual_candidate_lens;     // [token_num]
  int64_t token_num;
  int64_t vocab_size;
  int64_t max_bsz;
  int64_t max_candidate_len;
  int32_t candidates_len;
};

// Each kernel is defined out of class, e.g.
//   void opforge::top_p_candidates::Kernels::cpu(const CpuArgs<T>& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_TOP_P_CANDIDATES_CPU_INSTANCES.
  template <typename T>
  static void cpu(const opforge::top_p_candidates::CpuArgs<T>& args);
};

}  // namespace opforge::top_p_candidates

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_TOP_P_CANDIDATES_CPU_INSTANCES                              \
  template void opforge::top_p_candidates::Kernels::cpu<float>(             \
      const opforge::top_p_candidates::CpuArgs<float>&);                    \
  template void opforge::top_p_candidates::Kernels::cpu<opforge::float16>(  \
      const opforge::top_p_candidates::CpuArgs<opforge::float16>&);         \
  template void opforge::top_p_candidates::Kernels::cpu<opforge::bfloat16>( \
      const opforge::top_p_candidates::CpuArgs<opforge::bfloat16>&);
