// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_limit_thinking_content_length_v1 implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_limit_thinking_content_length_v1.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {

// Define it with its qualified name,
//   __global__ void opforge::speculate_limit_thinking_content_length_v1::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ long long* next_tokens,          // [bsz, tokens_per_step]
    __global_ptr__ const int32_t* max_think_lens,   // [bsz]
    __global_ptr__ long long* step_idx,             // [bsz]
    __global_ptr__ int32_t* limit_think_status,     // [bsz]
    __global_ptr__ int32_t* accept_num,             // [bsz]
    __global_ptr__ int32_t* seq_lens_decoder,       // [bsz]
    __global_ptr__ bool* stop_flags,                // [bsz]
    __global_ptr__ const long long* eos_token_ids,  // [eos_len]
    int32_t bsz,
    int32_t tokens_per_step,
    int32_t eos_len,
    long long think_end_id);

}  // namespace opforge::speculate_limit_thinking_content_length_v1
