// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of rebuild_padding implement these declarations.
#pragma once

#include <cstdint>

#include "opforge/dtypes.h"

namespace opforge::rebuild_padding {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
template <typename T>
struct CpuArgs {
  const T* hidden;                     // [token_num, hidden_size]
  const int32_t* cu_seqlens_q;         // [real_bsz + 1]
  const int32_t* seq_lens_this_time;   // [real_bsz]
  const int32_t* seq_lens_encoder;     // [max_bsz]
  const int32_t* cu_seqlens_q_output;  // [real_bsz + 1]
  T* out;                              // [out_token_num, hidden_size]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t token_num;
  int64_t hidden_size;
  int64_t out_token_num;
  int64_t cpu_out_token_num;
};

// Each kernel is defined out of class, e.g.
//   void opforge::rebuild_padding::Kernels::cpu(const CpuArgs<T>& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  // A template over the dtype set T (float32, float16 or bfloat16); the kernel file
  // ends with OPFORGE_REBUILD_PADDING_CPU_INSTANCES.
  template <typename T>
  static void cpu(const opforge::rebuild_padding::CpuArgs<T>& args);
};

}  // namespace opforge::rebuild_padding

// Instantiates Kernels::cpu for every dtype of T; the kernel file ends with it.
#define OPFORGE_REBUILD_PADDING_CPU_INSTANCES                              \
  template void opforge::rebuild_padding::Kernels::cpu<float>(             \
      const opforge::rebuild_padding::CpuArgs<float>&);                    \
  template void opforge::rebuild_padding::Kernels::cpu<opforge::float16>(  \
      const opforge::rebuild_padding::CpuArgs<opforge::float16>&);         \
  template void opforge::rebuild_padding::Kernels::cpu<opforge::bfloat16>( \
      const opforge::rebuild_padding::CpuArgs<opforge::bfloat16>&);
