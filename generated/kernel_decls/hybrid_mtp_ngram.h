// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of hybrid_mtp_ngram implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::hybrid_mtp_ngram {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int64_t* input_ids;         // [max_bsz, max_input_len]
  const int64_t* input_ids_len;     // [max_bsz]
  const int64_t* pre_ids;           // [max_bsz, max_pre_len]
  const int64_t* step_idx;          // [max_bsz]
  int64_t* draft_tokens;            // [max_bsz, max_step_tokens]
  int32_t* seq_lens_this_time;      // [real_bsz]
  const int32_t* seq_lens_decoder;  // [max_bsz]
  const int64_t* max_dec_len;       // [max_bsz]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t max_input_len;
  int64_t max_pre_len;
  int64_t max_step_tokens;
  int32_t max_ngram_size;
  int32_t min_ngram_size;
  int32_t max_draft_tokens;
  int32_t spec_tokenum_threshold;
};

// Each kernel is defined out of class, e.g.
//   void opforge::hybrid_mtp_ngram::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::hybrid_mtp_ngram::CpuArgs& args);
};

}  // namespace opforge::hybrid_mtp_ngram
