// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_set_value_by_flags_and_idx implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_set_value_by_flags_and_idx.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_set_value_by_flags_and_idx {

// Define it with its qualified name,
//   __global__ void opforge::speculate_set_value_by_flags_and_idx::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ long long* pre_ids_all,           // [bsz, pre_ids_len]
    __global_ptr__ const long long* accept_tokens,   // [bsz, max_draft_tokens]
    __global_ptr__ int32_t* accept_num,              // [bsz]
    __global_ptr__ const bool* stop_flags,           // [bsz]
    __global_ptr__ const int32_t* seq_lens_encoder,  // [bsz]
    __global_ptr__ int32_t* seq_lens_decoder,        // [bsz]
    __global_ptr__ const long long* step_idx,        // [bsz]
    int32_t bsz,
    int32_t pre_ids_len,
    int32_t max_draft_tokens);

}  // namespace opforge::speculate_set_value_by_flags_and_idx
