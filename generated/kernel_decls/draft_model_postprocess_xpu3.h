// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of draft_model_postprocess implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/draft_model_postprocess.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::draft_model_postprocess {

// Define it with its qualified name,
//   __global__ void opforge::draft_model_postprocess::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const long long* base_model_draft_tokens,    // [max_bsz, draft_token_len]
    __global_ptr__ int32_t* base_model_seq_lens_this_time,      // [real_bsz]
    __global_ptr__ const int32_t* base_model_seq_lens_encoder,  // [max_bsz]
    __global_ptr__ const bool* base_model_stop_flags,           // [max_bsz]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t draft_token_len);

}  // namespace opforge::draft_model_postprocess
