// Generated from opspec/eagle_gather_hidden_states.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of eagle_gather_hidden_states implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::eagle_gather_hidden_states {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
template <typename T>
struct CpuArgs {
  const T* hidden_states;             // [input_token_num, dim_embed]
  const int32_t* seq_lens_this_time;  // [real_bsz]
  T* out;                             // [real_bsz, dim_embed]
  int32_t* output_token_num;          // [1]
  int64_t real_bsz;
  int64_t input_token_num;
  int64_t dim_embed;
};

// Each kernel is defined out of class, e.g.
//   void opforge::eagle_gather_hidden_states::Kernels::cpu(const CpuArgs<T>& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_EAGLE_GATHER_HIDDEN_STATES_CPU_INSTANCES.
  template <typename T>
  static void cpu(const opforge::eagle_gather_hidden_states::CpuArgs<T>& args);
};

}  // namespace opforge::eagle_gather_hidden_states

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_EAGLE_GATHER_HIDDEN_STATES_CPU_INSTANCES                              \
  template void opforge::eagle_gather_hidden_states::Kernels::cpu<float>(             \
      const opforge::eagle_gather_hidden_states::CpuArgs<float>&);                    \
  template void opforge::eagle_gather_hidden_states::Kernels::cpu<opforge::float16>(  \
      const opforge::eagle_gather_hidden_states::CpuArgs<opforge::float16>&);         \
  template void opforge::eagle_gather_hidden_states::Kernels::cpu<opforge::bfloat16>( \
      const opforge::eagle_gather_hidden_states::CpuArgs<opforge::bfloat16>&);
