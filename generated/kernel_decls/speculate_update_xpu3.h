// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_update implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_update.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_update {

// Define it with its qualified name,
//   __global__ void opforge::speculate_update::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ int32_t* seq_lens_encoder,          // [max_bsz]
    __global_ptr__ int32_t* seq_lens_decoder,          // [max_bsz]
    __global_ptr__ bool* not_need_stop,                // [1]
    __global_ptr__ long long* draft_tokens,            // [max_bsz, max_draft_tokens]
    __global_ptr__ int32_t* actual_draft_token_nums,   // [max_bsz]
    __global_ptr__ const long long* accept_tokens,     // [max_bsz, max_draft_tokens]
    __global_ptr__ const int32_t* accept_num,          // [max_bsz]
    __global_ptr__ const bool* stop_flags,             // [max_bsz]
    __global_ptr__ const int32_t* seq_lens_this_time,  // [real_bsz]
    __global_ptr__ const bool* is_block_step,          // [max_bsz]
    __global_ptr__ const long long* stop_nums,         // [1], null when absent
    __global_ptr__ int32_t* mask_rollback,             // [max_bsz]
    int32_t max_bsz,
    int32_t max_draft_tokens,
    int32_t real_bsz);

}  // namespace opforge::speculate_update
