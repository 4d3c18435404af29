// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_get_logits implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_get_logits.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_get_logits {

// Define it with its qualified name,
//   __global__ void opforge::speculate_get_logits::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ float* draft_logits,                // [draft_rows, vocab_size]
    __global_ptr__ int32_t* next_token_num,            // [bsz]
    __global_ptr__ int32_t* batch_token_num,           // [bsz]
    __global_ptr__ int32_t* cu_next_token_offset,      // [bsz + 1]
    __global_ptr__ int32_t* cu_batch_token_offset,     // [bsz + 1]
    __global_ptr__ const float* logits,                // [token_num, vocab_size]
    __global_ptr__ const float* first_token_logits,    // [bsz, vocab_size]
    __global_ptr__ const int32_t* seq_lens_this_time,  // [bsz]
    __global_ptr__ const int32_t* seq_lens_encoder,    // [bsz]
    int32_t bsz,
    int32_t draft_rows,
    int32_t token_num,
    int32_t vocab_size);

}  // namespace opforge::speculate_get_logits
