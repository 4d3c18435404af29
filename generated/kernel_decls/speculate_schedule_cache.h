// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_schedule_cache implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_schedule_cache {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int64_t* draft_tokens;       // [max_bsz, draft_tokens_len]
  const int32_t* block_tables;       // [max_bsz, block_num_per_seq]
  bool* stop_flags;                  // [max_bsz]
  const int64_t* prompt_lens;        // [max_bsz]
  int32_t* seq_lens_this_time;       // [real_bsz]
  int32_t* seq_lens_encoder;         // [max_bsz]
  int32_t* seq_lens_decoder;         // [max_bsz]
  int32_t* step_seq_lens_decoder;    // [max_bsz]
  int64_t* step_draft_tokens;        // [max_bsz, draft_tokens_len]
  int32_t* step_seq_lens_this_time;  // [max_bsz]
  int32_t* accept_num;               // [max_bsz]
  int64_t* accept_tokens;            // [max_bsz, accept_tokens_len]
  bool* is_block_step;               // [max_bsz]
  bool* not_need_stop;               // [1]
  const int64_t* stop_nums;          // [1], null when absent
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t draft_tokens_len;
  int64_t accept_tokens_len;
  int64_t block_num_per_seq;
  int32_t block_size;
  int32_t max_draft_tokens;
  bool prefill_one_step_stop;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_schedule_cache::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_schedule_cache::CpuArgs& args);
};

}  // namespace opforge::speculate_schedule_cache
