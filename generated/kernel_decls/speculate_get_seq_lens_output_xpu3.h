// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of speculate_get_seq_lens_output implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/speculate_get_seq_lens_output.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::speculate_get_seq_lens_output {

// Define it with its qualified name,
//   __global__ void opforge::speculate_get_seq_lens_output::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const int32_t* seq_lens_this_time,  // [real_bsz]
    __global_ptr__ const int32_t* seq_lens_encoder,    // [max_bsz]
    __global_ptr__ int32_t* seq_lens_output,           // [real_bsz]
    int32_t max_bsz,
    int32_t real_bsz);

}  // namespace opforge::speculate_get_seq_lens_output
