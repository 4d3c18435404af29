// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_set_stop_value_multi_seqs implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_set_stop_value_multi_seqs.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

// Define it with its qualified name,
//   __global__ void opforge::speculate_set_stop_value_multi_seqs::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ long long* accept_tokens,      // [bsz, max_accept_len]
    __global_ptr__ int32_t* accept_num,           // [bsz]
    __global_ptr__ const long long* pre_ids,      // [bsz, pre_ids_len]
    __global_ptr__ const long long* step_idx,     // [bsz]
    __global_ptr__ bool* stop_flags,              // [bsz]
    __global_ptr__ const long long* stop_seqs,    // [bsz, stop_seqs_num, stop_seqs_max_len]
    __global_ptr__ const int32_t* stop_seqs_len,  // [bsz, stop_seqs_num]
    __global_ptr__ const long long* end_ids,      // [end_length]
    __global_ptr__ const long long* min_tokens,   // [bsz], null when absent
    int32_t bsz,
    int32_t max_accept_len,
    int32_t pre_ids_len,
    int32_t stop_seqs_num,
    int32_t stop_seqs_max_len,
    int32_t end_length);

}  // namespace opforge::speculate_set_stop_value_multi_seqs
