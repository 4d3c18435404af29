// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of rebuild_padding implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/rebuild_padding.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::rebuild_padding {

// Define it with its qualified name,
//   __global__ void opforge::rebuild_padding::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
template <typename T>
__global__ void xpu3_kernel(
    __global_ptr__ const T* hidden,                     // [token_num, hidden_size]
    __global_ptr__ const int32_t* cu_seqlens_q,         // [real_bsz + 1]
    __global_ptr__ const int32_t* seq_lens_this_time,   // [real_bsz]
    __global_ptr__ const int32_t* seq_lens_encoder,     // [max_bsz]
    __global_ptr__ const int32_t* cu_seqlens_q_output,  // [real_bsz + 1]
    __global_ptr__ T* out,                              // [out_token_num, hidden_size]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t token_num,
    int32_t hidden_size,
    int32_t out_token_num,
    long long cpu_out_token_num);

}  // namespace opforge::rebuild_padding

// Instantiates xpu3_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_REBUILD_PADDING_XPU3_INSTANCES                                                    \
  template void opforge::rebuild_padding::xpu3_kernel<float>(__global_ptr__ const float*,         \
                                                             __global_ptr__ const int32_t*,       \
                                                             __global_ptr__ const int32_t*,       \
                                                             __global_ptr__ const int32_t*,       \
                                                             __global_ptr__ const int32_t*,       \
                                                             __global_ptr__ float*,               \
                                                             int32_t,                             \
                                                             int32_t,                             \
                                                             int32_t,                             \
                                                             int32_t,                             \
                                                             int32_t,                             \
                                                             long long);                          \
  template void opforge::rebuild_padding::xpu3_kernel<::float16>(__global_ptr__ const ::float16*, \
                                                                 __global_ptr__ const int32_t*,   \
                                                                 __global_ptr__ const int32_t*,   \
                                                                 __global_ptr__ const int32_t*,   \
                                                                 __global_ptr__ const int32_t*,   \
                                                                 __global_ptr__ ::float16*,       \
                                                                 int32_t,                         \
                                                                 int32_t,                         \
                                                                 int32_t,                         \
                                                                 int32_t,                         \
                                                                 int32_t,                         \
                                                                 long long);                      \
  template void opforge::rebuild_padding::xpu3_kernel<::bfloat16>(                                \
      __global_ptr__ const ::bfloat16*,                                                           \
      __global_ptr__ const int32_t*,                                                              \
      __global_ptr__ const int32_t*,                                                              \
      __global_ptr__ const int32_t*,                                                              \
      __global_ptr__ const int32_t*,                                                              \
      __global_ptr__ ::bfloat16*,                                                                 \
      int32_t,                                                                                    \
      int32_t,                                                                                    \
      int32_t,                                                                                    \
      int32_t,                                                                                    \
      int32_t,                                                                                    \
      long long);
