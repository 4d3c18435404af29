// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_schedule_cache implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_schedule_cache.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_schedule_cache {

// Define it with its qualified name,
//   __global__ void opforge::speculate_schedule_cache::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const long long* draft_tokens,     // [max_bsz, draft_tokens_len]
    __global_ptr__ const int32_t* block_tables,       // [max_bsz, block_num_per_seq]
    __global_ptr__ bool* stop_flags,                  // [max_bsz]
    __global_ptr__ const long long* prompt_lens,      // [max_bsz]
    __global_ptr__ int32_t* seq_lens_this_time,       // [real_bsz]
    __global_ptr__ int32_t* seq_lens_encoder,         // [max_bsz]
    __global_ptr__ int32_t* seq_lens_decoder,         // [max_bsz]
    __global_ptr__ int32_t* step_seq_lens_decoder,    // [max_bsz]
    __global_ptr__ long long* step_draft_tokens,      // [max_bsz, draft_tokens_len]
    __global_ptr__ int32_t* step_seq_lens_this_time,  // [max_bsz]
    __global_ptr__ int32_t* accept_num,               // [max_bsz]
    __global_ptr__ long long* accept_tokens,          // [max_bsz, accept_tokens_len]
    __global_ptr__ bool* is_block_step,               // [max_bsz]
    __global_ptr__ bool* not_need_stop,               // [1]
    __global_ptr__ const long long* stop_nums,        // [1], null when absent
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t draft_tokens_len,
    int32_t accept_tokens_len,
    int32_t block_num_per_seq,
    int32_t block_size,
    int32_t max_draft_tokens,
    bool prefill_one_step_stop);

}  // namespace opforge::speculate_schedule_cache
