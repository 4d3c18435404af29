// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_get_output_padding_offset implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_get_output_padding_offset {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int32_t* seq_lens_output;      // [real_bsz]
  int32_t* output_padding_offset;      // [out_token_num]
  int32_t* output_cum_offsets;         // [real_bsz]
  int32_t* cu_seqlens_q_output;        // [real_bsz + 1]
  int32_t* batch_id_per_token_output;  // [out_token_num]
  int64_t real_bsz;
  int64_t out_token_num;
  int64_t cpu_out_token_num;
  int32_t max_seq_len;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_get_output_padding_offset::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_get_output_padding_offset::CpuArgs& args);
};

}  // namespace opforge::speculate_get_output_padding_offset
