// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of mtp_step_paddle implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/mtp_step_paddle.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::mtp_step_paddle {

// Define it with its qualified name,
//   __global__ void opforge::mtp_step_paddle::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const bool* base_model_stop_flags,  // [bsz]
    __global_ptr__ bool* stop_flags,                   // [bsz]
    __global_ptr__ bool* batch_drop,                   // [bsz]
    __global_ptr__ int32_t* seq_lens_this_time,        // [bsz]
    __global_ptr__ int32_t* seq_lens_decoder,          // [bsz]
    __global_ptr__ int32_t* block_tables,              // [bsz, block_num_per_seq]
    __global_ptr__ int32_t* encoder_block_lens,        // [bsz]
    __global_ptr__ int32_t* used_list_len,             // [bsz]
    __global_ptr__ int32_t* free_list,                 // [free_list_size]
    __global_ptr__ int32_t* free_list_len,             // [1]
    int32_t bsz,
    int32_t block_num_per_seq,
    int32_t free_list_size,
    int32_t block_size,
    int32_t max_draft_tokens);

}  // namespace opforge::mtp_step_paddle
