// Generated from opspec/eagle_get_self_hidden_states.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of eagle_get_self_hidden_states implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/eagle_get_self_hidden_states.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::eagle_get_self_hidden_states {

// Define it with its qualified name,
//   __global__ void opforge::eagle_get_self_hidden_states::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
template <typename T>
__global__ void xpu3_kernel(
    __global_ptr__ const T* hidden_states,                  // [input_token_num, dim_embed]
    __global_ptr__ const int32_t* last_seq_lens_this_time,  // [real_bsz]
    __global_ptr__ const int32_t* seq_lens_this_time,       // [real_bsz]
    __global_ptr__ const long long* step_idx,               // [max_bsz]
    __global_ptr__ T* out,                                  // [input_token_num, dim_embed], write the first rows, their number into output_token_num
    __global_ptr__ int32_t* output_token_num,               // [1]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t input_token_num,
    int32_t dim_embed);

}  // namespace opforge::eagle_get_self_hidden_states

// Instantiates xpu3_kernel for every dtype of T; the kernel file ends with it.
#define OPFORGE_EAGLE_GET_SELF_HIDDEN_STATES_XPU3_INSTANCES                     \
  template void opforge::eagle_get_self_hidden_states::xpu3_kernel<float>(      \
      __global_ptr__ const float*,                                              \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const long long*,                                          \
      __global_ptr__ float*,                                                    \
      __global_ptr__ int32_t*,                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t);                                                                 \
  template void opforge::eagle_get_self_hidden_states::xpu3_kernel<::float16>(  \
      __global_ptr__ const ::float16*,                                          \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const long long*,                                          \
      __global_ptr__ ::float16*,                                                \
      __global_ptr__ int32_t*,                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t);                                                                 \
  template void opforge::eagle_get_self_hidden_states::xpu3_kernel<::bfloat16>( \
      __global_ptr__ const ::bfloat16*,                                         \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const int32_t*,                                            \
      __global_ptr__ const long long*,                                          \
      __global_ptr__ ::bfloat16*,                                               \
      __global_ptr__ int32_t*,                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t,                                                                  \
      int32_t);
