// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_set_value_by_flags_and_idx: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_set_value_by_flags_and_idx.h"
#include "opforge/runtime.h"

namespace opforge::speculate_set_value_by_flags_and_idx {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> pre_ids_all,
         opforge::Buffer<const int64_t> accept_tokens,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<const int64_t> step_idx,
         int64_t bsz,
         int64_t pre_ids_len,
         int64_t max_draft_tokens);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> pre_ids_all,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> step_idx,
                     int64_t bsz,
                     int64_t pre_ids_len,
                     int64_t max_draft_tokens);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> pre_ids_all,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> step_idx,
                        int64_t bsz,
                        int64_t pre_ids_len,
                        int64_t max_draft_tokens);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> pre_ids_all,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> step_idx,
                     int64_t bsz,
                     int64_t pre_ids_len,
                     int64_t max_draft_tokens);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> pre_ids_all,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> step_idx,
                        int64_t bsz,
                        int64_t pre_ids_len,
                        int64_t max_draft_tokens);
#endif

}  // namespace opforge::speculate_set_value_by_flags_and_idx
