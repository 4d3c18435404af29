// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of build_sampling_params implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/build_sampling_params.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::build_sampling_params {

// Define it with its qualified name,
//   __global__ void opforge::build_sampling_params::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const float* top_p,                  // [max_bsz]
    __global_ptr__ const long long* top_k,              // [max_bsz]
    __global_ptr__ long long* infer_seed,               // [max_bsz]
    __global_ptr__ const int32_t* seq_lens_this_time,   // [real_bsz]
    __global_ptr__ const int32_t* cu_seqlens_q_output,  // [real_bsz + 1]
    __global_ptr__ float* top_p_padding,                // [out_token_num, 1]
    __global_ptr__ long long* top_k_padding,            // [out_token_num, 1]
    __global_ptr__ long long* topp_seed,                // [out_token_num, 1]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t out_token_num,
    long long token_num_output_cpu,
    long long increment_value);

}  // namespace opforge::build_sampling_params
