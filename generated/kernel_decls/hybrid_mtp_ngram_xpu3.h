// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// The XPU3 kernel of hybrid_mtp_ngram implements this declaration, in the XPU3
// dialect. It compiles with the XPU3 toolchain and, for tests on any machine,
// with g++ against the simulation in csrc/xpu3sim.
#pragma once

#include "kernel_decls/hybrid_mtp_ngram.h"
#include "xpu/kernel/cluster.h"
#include "xpu/kernel/cluster3_type.h"  // float16, bfloat16
#include "xpu3_portable.h"

namespace opforge::hybrid_mtp_ngram {

// Define it with its qualified name,
//   __global__ void opforge::hybrid_mtp_ngram::xpu3_kernel(...) { ... }
// so a definition whose parameters differ from this declaration does not
// compile. Pointers are device (global) memory: in-place and output buffers
// mutable, all others const; optional tensors are null when absent; scratch is
// made and filled by the glue.
__global__ void xpu3_kernel(
    __global_ptr__ const long long* input_ids,       // [max_bsz, max_input_len]
    __global_ptr__ const long long* input_ids_len,   // [max_bsz]
    __global_ptr__ const long long* pre_ids,         // [max_bsz, max_pre_len]
    __global_ptr__ const long long* step_idx,        // [max_bsz]
    __global_ptr__ long long* draft_tokens,          // [max_bsz, max_step_tokens]
    __global_ptr__ int32_t* seq_lens_this_time,      // [real_bsz]
    __global_ptr__ const int32_t* seq_lens_decoder,  // [max_bsz]
    __global_ptr__ const long long* max_dec_len,     // [max_bsz]
    int32_t max_bsz,
    int32_t real_bsz,
    int32_t max_input_len,
    int32_t max_pre_len,
    int32_t max_step_tokens,
    int32_t max_ngram_size,
    int32_t min_ngram_size,
    int32_t max_draft_tokens,
    int32_t spec_tokenum_threshold);

}  // namespace opforge::hybrid_mtp_ngram
