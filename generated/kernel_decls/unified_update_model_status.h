// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of unified_update_model_status implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::unified_update_model_status {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int32_t* seq_lens_encoder;    // [max_bsz]
  int32_t* seq_lens_decoder;    // [max_bsz]
  bool* has_running_seqs;       // [1]
  int64_t* step_input_ids;      // [max_bsz, max_step_tokens]
  int64_t* step_output_ids;     // [max_bsz, max_step_tokens]
  int32_t* step_output_len;     // [max_bsz]
  bool* stop_flags;             // [max_bsz]
  int32_t* seq_lens_this_time;  // [real_bsz]
  const bool* is_paused;        // [max_bsz]
  int32_t* mask_rollback;       // [max_bsz]
  int64_t* token_ids_all;       // [max_bsz, max_model_len]
  const int64_t* prompt_lens;   // [max_bsz]
  int64_t* step_idx;            // [max_bsz]
  const int64_t* end_tokens;    // [end_length]
  const int64_t* max_dec_len;   // [max_bsz]
  int64_t max_bsz;
  int64_t max_step_tokens;
  int64_t real_bsz;
  int64_t max_model_len;
  int64_t end_length;
  bool is_naive_mode;
  bool prefill_one_step_stop;
};

// Each kernel is defined out of class, e.g.
//   void opforge::unified_update_model_status::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::unified_update_model_status::CpuArgs& args);
};

}  // namespace opforge::unified_update_model_status
