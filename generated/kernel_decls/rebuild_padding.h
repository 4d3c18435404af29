// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of rebuild_padding implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::rebuild_padding {

// Each kernel is defined out of class, e.g.
//   void opforge::rebuild_padding::Kernels::cpu(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. In-place and output buffers are mutable, all others const; optional
// tensors are null when absent; scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_REBUILD_PADDING_CPU_INSTANCES.
  template <typename T>
  static void cpu(
      const T* hidden,                     // [token_num, hidden_size]
      const int32_t* cu_seqlens_q,         // [real_bsz + 1]
      const int32_t* seq_lens_this_time,   // [real_bsz]
      const int32_t* seq_lens_encoder,     // [max_bsz]
      const int32_t* cu_seqlens_q_output,  // [real_bsz + 1]
      T* out,                              // [out_token_num, hidden_size]
      int64_t max_bsz,
      int64_t real_bsz,
      int64_t token_num,
      int64_t hidden_size,
      int64_t out_token_num,
      int64_t cpu_out_token_num);
};

}  // namespace opforge::rebuild_padding

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_REBUILD_PADDING_CPU_INSTANCES                                                     \
  template void opforge::rebuild_padding::Kernels::cpu<float>(const float*,                       \
                                                              const int32_t*,                     \
                                                              const int32_t*,                     \
                                                              const int32_t*,                     \
                                                              const int32_t*,                     \
                                                              float*,                             \
                                                              int64_t,                            \
                                                              int64_t,                            \
                                                              int64_t,                            \
                                                              int64_t,                            \
                                                              int64_t,                            \
                                                              int64_t);                           \
  template void opforge::rebuild_padding::Kernels::cpu<opforge::float16>(const opforge::float16*, \
                                                                         const int32_t*,          \
                                                                         const int32_t*,          \
                                                                         const int32_t*,          \
                                                                         const int32_t*,          \
                                                                         opforge::float16*,       \
                                                                         int64_t,                 \
                                                                         int64_t,                 \
                                                                         int64_t,                 \
                                                                         int64_t,                 \
                                                                         int64_t,                 \
                                                                         int64_t);                \
  template void opforge::rebuild_padding::Kernels::cpu<opforge::bfloat16>(                        \
      const opforge::bfloat16*,                                                                   \
      const int32_t*,                                                                             \
      const int32_t*,                                                                             \
      const int32_t*,                                                                             \
      const int32_t*,                                                                             \
      opforge::bfloat16*,                                                                         \
      int64_t,                                                                                    \
      int64_t,                                                                                    \
      int64_t,                                                                                    \
      int64_t,                                                                                    \
      int64_t,                                                                                    \
      int64_t);
