// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_set_stop_value_multi_seqs: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_set_stop_value_multi_seqs.h"
#include "opforge/runtime.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> accept_tokens,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> stop_seqs,
         opforge::Buffer<const int32_t> stop_seqs_len,
         opforge::Buffer<const int64_t> end_ids,
         opforge::Buffer<const int64_t> min_tokens,
         int64_t bsz,
         int64_t max_accept_len,
         int64_t pre_ids_len,
         int64_t stop_seqs_num,
         int64_t stop_seqs_max_len,
         int64_t end_length);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> stop_seqs,
                     opforge::Buffer<const int32_t> stop_seqs_len,
                     opforge::Buffer<const int64_t> end_ids,
                     opforge::Buffer<const int64_t> min_tokens,
                     int64_t bsz,
                     int64_t max_accept_len,
                     int64_t pre_ids_len,
                     int64_t stop_seqs_num,
                     int64_t stop_seqs_max_len,
                     int64_t end_length);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> accept_tokens,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> stop_seqs,
                        opforge::Buffer<const int32_t> stop_seqs_len,
                        opforge::Buffer<const int64_t> end_ids,
                        opforge::Buffer<const int64_t> min_tokens,
                        int64_t bsz,
                        int64_t max_accept_len,
                        int64_t pre_ids_len,
                        int64_t stop_seqs_num,
                        int64_t stop_seqs_max_len,
                        int64_t end_length);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> stop_seqs,
                     opforge::Buffer<const int32_t> stop_seqs_len,
                     opforge::Buffer<const int64_t> end_ids,
                     opforge::Buffer<const int64_t> min_tokens,
                     int64_t bsz,
                     int64_t max_accept_len,
                     int64_t pre_ids_len,
                     int64_t stop_seqs_num,
                     int64_t stop_seqs_max_len,
                     int64_t end_length);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> accept_tokens,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> stop_seqs,
                        opforge::Buffer<const int32_t> stop_seqs_len,
                        opforge::Buffer<const int64_t> end_ids,
                        opforge::Buffer<const int64_t> min_tokens,
                        int64_t bsz,
                        int64_t max_accept_len,
                        int64_t pre_ids_len,
                        int64_t stop_seqs_num,
                        int64_t stop_seqs_max_len,
                        int64_t end_length);
#endif

}  // namespace opforge::speculate_set_stop_value_multi_seqs
