// Generated from opspec/speculate_step_system_cache.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_step_system_cache implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_step_system_cache.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_step_system_cache {

// Define it with its qualified name,
//   __global__ void opforge::speculate_step_system_cache::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ bool* stop_flags,                     // [bsz]
    __global_ptr__ int32_t* seq_lens_this_time,          // [bsz]
    __global_ptr__ const int32_t* ori_seq_lens_encoder,  // [bsz]
    __global_ptr__ const int32_t* ori_seq_lens_decoder,  // [bsz]
    __global_ptr__ int32_t* seq_lens_encoder,            // [bsz]
    __global_ptr__ int32_t* seq_lens_decoder,            // [bsz]
    __global_ptr__ int32_t* block_tables,                // [bsz, block_num_per_seq]
    __global_ptr__ int32_t* encoder_block_lens,          // [bsz]
    __global_ptr__ bool* is_block_step,                  // [bsz]
    __global_ptr__ int32_t* step_block_list,             // [bsz]
    __global_ptr__ int32_t* step_lens,                   // [1]
    __global_ptr__ int32_t* recover_block_list,          // [bsz]
    __global_ptr__ int32_t* recover_lens,                // [1]
    __global_ptr__ int32_t* need_block_list,             // [bsz]
    __global_ptr__ int32_t* need_block_len,              // [1]
    __global_ptr__ int32_t* used_list_len,               // [bsz]
    __global_ptr__ int32_t* free_list,                   // [free_list_size]
    __global_ptr__ int32_t* free_list_len,               // [1]
    __global_ptr__ long long* input_ids,                 // [bsz, length]
    __global_ptr__ const long long* pre_ids,             // [bsz, pre_id_length]
    __global_ptr__ const long long* step_idx,            // [bsz]
    __global_ptr__ long long* first_token_ids,           // [bsz]
    __global_ptr__ int32_t* accept_num,                  // [bsz]
    int32_t bsz,
    int32_t block_num_per_seq,
    int32_t free_list_size,
    int32_t length,
    int32_t pre_id_length,
    int32_t block_size,
    int32_t max_draft_tokens);

}  // namespace opforge::speculate_step_system_cache
