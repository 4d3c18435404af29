// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of verify_draft_tokens implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/verify_draft_tokens.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::verify_draft_tokens {

// Define it with its qualified name,
//   __global__ void opforge::verify_draft_tokens::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ long long* step_output_ids,          // [max_bsz, max_step_tokens]
    __global_ptr__ int32_t* step_output_len,            // [max_bsz]
    __global_ptr__ const long long* step_input_ids,     // [max_bsz, max_step_tokens]
    __global_ptr__ const long long* target_tokens,      // [token_num], null when absent
    __global_ptr__ const long long* candidate_ids,      // [token_num, max_candidate_len], null when absent
    __global_ptr__ const float* candidate_scores,       // [token_num, max_candidate_len], null when absent
    __global_ptr__ const int32_t* candidate_lens,       // [token_num], null when absent
    __global_ptr__ const float* topp,                   // [max_bsz]
    __global_ptr__ const bool* stop_flags,              // [max_bsz]
    __global_ptr__ const int32_t* seq_lens_encoder,     // [max_bsz]
    __global_ptr__ const int32_t* seq_lens_this_time,   // [real_bsz]
    __global_ptr__ const long long* end_tokens,         // [end_length]
    __global_ptr__ const bool* is_block_step,           // [max_bsz]
    __global_ptr__ const int32_t* cu_seqlens_q_output,  // [real_bsz + 1]
    __global_ptr__ const int32_t* reasoning_status,     // [max_bsz]
    __global_ptr__ const long long* max_dec_len,        // [max_bsz]
    __global_ptr__ const long long* step_idx,           // [max_bsz]
    __global_ptr__ const float* topp_uniforms,          // [max_bsz], scratch
    int32_t max_bsz,
    int32_t max_step_tokens,
    int32_t real_bsz,
    int32_t token_num,
    int32_t max_candidate_len,
    int32_t end_length,
    int32_t max_seq_len,
    int32_t verify_window,
    opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
    bool reject_all,
    bool accept_all,
    long long seed);

}  // namespace opforge::verify_draft_tokens
