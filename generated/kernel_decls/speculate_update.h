// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_update implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_update {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int32_t* seq_lens_encoder;          // [max_bsz]
  int32_t* seq_lens_decoder;          // [max_bsz]
  bool* not_need_stop;                // [1]
  int64_t* draft_tokens;              // [max_bsz, max_draft_tokens]
  int32_t* actual_draft_token_nums;   // [max_bsz]
  const int64_t* accept_tokens;       // [max_bsz, max_draft_tokens]
  const int32_t* accept_num;          // [max_bsz]
  const bool* stop_flags;             // [max_bsz]
  const int32_t* seq_lens_this_time;  // [real_bsz]
  const bool* is_block_step;          // [max_bsz]
  const int64_t* stop_nums;           // [1], null when absent
  int32_t* mask_rollback;             // [max_bsz]
  int64_t max_bsz;
  int64_t max_draft_tokens;
  int64_t real_bsz;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_update::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_update::CpuArgs& args);
};

}  // namespace opforge::speculate_update
