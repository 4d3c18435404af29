// Generated from opspec/speculate_step_paddle.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_step_paddle implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_step_paddle {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  bool* stop_flags;                     // [bsz]
  int32_t* seq_lens_this_time;          // [bsz]
  const int32_t* ori_seq_lens_encoder;  // [bsz]
  int32_t* seq_lens_encoder;            // [bsz]
  int32_t* seq_lens_decoder;            // [bsz]
  int32_t* block_tables;                // [bsz, block_num_per_seq]
  int32_t* encoder_block_lens;          // [bsz]
  bool* is_block_step;                  // [bsz]
  int32_t* step_block_list;             // [bsz]
  int32_t* step_lens;                   // [1]
  int32_t* recover_block_list;          // [bsz]
  int32_t* recover_lens;                // [1]
  int32_t* need_block_list;             // [bsz]
  int32_t* need_block_len;              // [1]
  int32_t* used_list_len;               // [bsz]
  int32_t* free_list;                   // [free_list_size]
  int32_t* free_list_len;               // [1]
  int64_t* input_ids;                   // [bsz, length]
  const int64_t* pre_ids;               // [bsz, pre_id_length]
  const int64_t* step_idx;              // [bsz]
  int64_t* first_token_ids;             // [bsz]
  int32_t* accept_num;                  // [bsz]
  int64_t bsz;
  int64_t block_num_per_seq;
  int64_t free_list_size;
  int64_t length;
  int64_t pre_id_length;
  int32_t block_size;
  int32_t max_draft_tokens;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_step_paddle::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_step_paddle::CpuArgs& args);
};

}  // namespace opforge::speculate_step_paddle
