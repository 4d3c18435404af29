// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of mtp_step_paddle implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::mtp_step_paddle {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const bool* base_model_stop_flags;  // [bsz]
  bool* stop_flags;                   // [bsz]
  bool* batch_drop;                   // [bsz]
  int32_t* seq_lens_this_time;        // [bsz]
  int32_t* seq_lens_decoder;          // [bsz]
  int32_t* block_tables;              // [bsz, block_num_per_seq]
  int32_t* encoder_block_lens;        // [bsz]
  int32_t* used_list_len;             // [bsz]
  int32_t* free_list;                 // [free_list_size]
  int32_t* free_list_len;             // [1]
  int64_t bsz;
  int64_t block_num_per_seq;
  int64_t free_list_size;
  int32_t block_size;
  int32_t max_draft_tokens;
};

// Each kernel is defined out of class, e.g.
//   void opforge::mtp_step_paddle::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::mtp_step_paddle::CpuArgs& args);
};

}  // namespace opforge::mtp_step_paddle
