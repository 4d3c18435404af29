// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// The hand-written kernels of speculate_set_stop_value_multi_seqs implement these declarations.
#pragma once

#include <cstdint>

namespace opforge::speculate_set_stop_value_multi_seqs {

// What the CPU kernel receives, one named field each (tensors in spec
// order, then dims, then attributes): a kernel reads args.<name>, never a
// position, so two fields cannot be swapped. In-place and output buffers are
// mutable, all others const; optional tensors are null when absent.
struct CpuArgs {
  int64_t* accept_tokens;        // [bsz, max_accept_len]
  int32_t* accept_num;           // [bsz]
  const int64_t* pre_ids;        // [bsz, pre_ids_len]
  const int64_t* step_idx;       // [bsz]
  bool* stop_flags;              // [bsz]
  const int64_t* stop_seqs;      // [bsz, stop_seqs_num, stop_seqs_max_len]
  const int32_t* stop_seqs_len;  // [bsz, stop_seqs_num]
  const int64_t* end_ids;        // [end_length]
  const int64_t* min_tokens;     // [bsz], null when absent
  int64_t bsz;
  int64_t max_accept_len;
  int64_t pre_ids_len;
  int64_t stop_seqs_num;
  int64_t stop_seqs_max_len;
  int64_t end_length;
};

// Each kernel is defined out of class, e.g.
//   void opforge::speculate_set_stop_value_multi_seqs::Kernels::cpu(const CpuArgs& args) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Scratch is made and filled by the glue.
struct Kernels {
  static void cpu(const opforge::speculate_set_stop_value_multi_seqs::CpuArgs& args);
};

}  // namespace opforge::speculate_set_stop_value_multi_seqs
