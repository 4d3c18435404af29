// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_pre_process implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_pre_process {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  const int64_t* input_ids;            // [max_bsz, max_seq_len]
  const int32_t* seq_len;              // [real_bsz]
  const int64_t* draft_tokens;         // [max_bsz, max_draft_tokens]
  const int32_t* seq_lens_encoder;     // [max_bsz]
  int64_t* ids_remove_padding;         // [token_num]
  int32_t* batch_id_per_token;         // [token_num]
  int32_t* cu_seqlens_q;               // [real_bsz + 1]
  int32_t* cu_seqlens_k;               // [real_bsz + 1]
  int32_t* cu_seq_lens_q_output;       // [real_bsz + 1]
  int32_t* batch_id_per_token_output;  // [real_bsz * max_draft_tokens]
  int32_t* real_output_token_num;      // [1]
  int64_t max_bsz;
  int64_t real_bsz;
  int64_t max_seq_len;
  int64_t max_draft_tokens;
  int64_t token_num;
  int64_t cpu_token_num;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_pre_process::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_pre_process::CpuArgs& args);
};

}  // namespace opforge::speculate_pre_process
