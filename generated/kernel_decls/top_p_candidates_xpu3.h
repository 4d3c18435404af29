// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of top_p_candidates implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/top_p_candidates.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::top_p_candidates {

// Define it with its qualified name,
//   __global__ void opforge::top_p_candidates::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
template <typename T>
__global__ void xpu3_kernel(
    __global_ptr__ const T* probs,                     // [token_num, vocab_size]
    __global_ptr__ const T* top_p,                     // [max_bsz]
    __global_ptr__ const int32_t* batch_id_per_token,  // [token_num]
    __global_ptr__ T* verify_scores,                   // [token_num, max_candidate_len]
    __global_ptr__ long long* verify_tokens,           // [token_num, max_candidate_len]
    __global_ptr__ int32_t* actual_candidate_lens,     // [token_num]
    int32_t token_num,
    int32_t vocab_size,
    int32_t max_bsz,
    int32_t max_candidate_len,
    int32_t candidates_len);

}  // namespace opforge::top_p_candidates

// Instantiates xpu3_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_TOP_P_CANDIDATES_XPU3_INSTANCES                                                    \
  template void opforge::top_p_candidates::xpu3_kernel<float>(__global_ptr__ const float*,         \
                                                              __global_ptr__ const float*,         \
                                                              __global_ptr__ const int32_t*,       \
                                                              __global_ptr__ float*,               \
                                                              __global_ptr__ long long*,           \
                                                              __global_ptr__ int32_t*,             \
                                                              int32_t,                             \
                                                              int32_t,                             \
                                                              int32_t,                             \
                                                              int32_t,                             \
                                                              int32_t);                            \
  template void opforge::top_p_candidates::xpu3_kernel<::float16>(__global_ptr__ const ::float16*, \
                                                                  __global_ptr__ const ::float16*, \
                                                                  __global_ptr__ const int32_t*,   \
                                                                  __global_ptr__ ::float16*,       \
                                                                  __global_ptr__ long long*,       \
                                                                  __global_ptr__ int32_t*,         \
                                                                  int32_t,                         \
                                                                  int32_t,                         \
                                                                  int32_t,                         \
                                                                  int32_t,                         \
                                                                  int32_t);                        \
  template void opforge::top_p_candidates::xpu3_kernel<::bfloat16>(                                \
      __global_ptr__ const ::bfloat16*,                                                            \
      __global_ptr__ const ::bfloat16*,                                                            \
      __global_ptr__ const int32_t*,                                                               \
      __global_ptr__ ::bfloat16*,                                                                  \
      __global_ptr__ long long*,                                                                   \
      __global_ptr__ int32_t*,                                                                     \
      int32_t,                                                                                     \
      int32_t,                                                                                     \
      int32_t,                                                                                     \
      int32_t,                                                                                     \
      int32_t);
