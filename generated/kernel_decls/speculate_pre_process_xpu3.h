// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_pre_process implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_pre_process.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_pre_process {

// Define it with its qualified name,
//   __global__ void opforge::speculate_pre_process::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const long long* input_ids,          // [max_bsz, max_seq_len]
    __global_ptr__ const int32_t* seq_len,              // [real_bsz]
    __global_ptr__ const long long* draft_tokens,       // [max_bsz, max_draft_tokens]
    __global_ptr__ const int32_t* seq_lens_encoder,     // [max_bsz]
    __global_ptr__ long long* ids_remove_padding,       // [token_num]
    __global_ptr__ int32_t* batch_id_per_token,         // [token_num]
    __global_ptr__ int32_t* cu_seqlens_q,               // [real_bsz + 1]
    __global_ptr__ int32_t* cu_seqlens_k,               // [real_bsz + 1]
    __global_ptr__ int32_t* cu_seq_lens_q_output,       // [real_bsz + 1]
    __global_ptr__ int32_t* batch_id_per_token_output,  // [real_bsz * max_draft_tokens]
    __global_ptr__ int32_t* real_output_token_num,      // [1]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t max_seq_len,
    int32_t max_draft_tokens,
    int32_t token_num,
    long long cpu_token_num);

}  // namespace opforge::speculate_pre_process
