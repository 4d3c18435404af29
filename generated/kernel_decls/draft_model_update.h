// Generated from opspec/draft_model_update.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of draft_model_update implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::draft_model_update {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int64_t* draft_next_tokens;   // [token_num]
  const int32_t* cu_seqlens_q;        // [real_bsz + 1]
  int32_t* draft_seq_lens_this_time;  // [real_bsz]
  int32_t* draft_seq_lens_encoder;    // [max_bsz]
  int32_t* draft_seq_lens_decoder;    // [max_bsz]
  int64_t* draft_input_ids;           // [max_bsz, max_step_tokens]
  int64_t* step_input_ids;            // [max_bsz, max_step_tokens]
  int32_t* seq_lens_this_time;        // [real_bsz]
  const int64_t* step_idx;            // [max_bsz]
  const int64_t* max_dec_len;         // [max_bsz]
  const int64_t* end_tokens;          // [end_length]
  bool* has_draft_seqs;               // [1]
  int64_t max_bsz;
  int64_t max_step_tokens;
  int64_t real_bsz;
  int64_t token_num;
  int64_t end_length;
  bool prefill_one_step_stop;
};

// Each kernel is defined out of class, e.g.
//   void opforge::draft_model_update::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::draft_model_update::CpuArgs& args);
};

}  // namespace opforge::draft_model_update
