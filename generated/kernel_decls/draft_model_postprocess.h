// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of draft_model_postprocess implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::draft_model_postprocess {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int64_t* base_model_draft_tokens;      // [max_bsz, draft_token_len]
  int32_t* base_model_seq_lens_this_time;      // [real_bsz]
  const int32_t* base_model_seq_lens_encoder;  // [max_bsz]
  const bool* base_model_stop_flags;           // [max_bsz]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t draft_token_len;
};

// Each kernel is defined out of class, e.g.
//   void opforge::draft_model_postprocess::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::draft_model_postprocess::CpuArgs& args);
};

}  // namespace opforge::draft_model_postprocess
