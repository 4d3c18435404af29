// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_update: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_update.h"
#include "opforge/runtime.h"

namespace opforge::speculate_update {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> not_need_stop,
         opforge::Buffer<int64_t> draft_tokens,
         opforge::Buffer<int32_t> actual_draft_token_nums,
         opforge::Buffer<const int64_t> accept_tokens,
         opforge::Buffer<const int32_t> accept_num,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const bool> is_block_step,
         opforge::Buffer<const int64_t> stop_nums,
         opforge::Buffer<int32_t> mask_rollback,
         int64_t max_bsz,
         int64_t max_draft_tokens,
         int64_t real_bsz);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> actual_draft_token_nums,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<const int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_block_step,
                     opforge::Buffer<const int64_t> stop_nums,
                     opforge::Buffer<int32_t> mask_rollback,
                     int64_t max_bsz,
                     int64_t max_draft_tokens,
                     int64_t real_bsz);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> actual_draft_token_nums,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<const int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_block_step,
                        opforge::Buffer<const int64_t> stop_nums,
                        opforge::Buffer<int32_t> mask_rollback,
                        int64_t max_bsz,
                        int64_t max_draft_tokens,
                        int64_t real_bsz);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> actual_draft_token_nums,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<const int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_block_step,
                     opforge::Buffer<const int64_t> stop_nums,
                     opforge::Buffer<int32_t> mask_rollback,
                     int64_t max_bsz,
                     int64_t max_draft_tokens,
                     int64_t real_bsz);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> actual_draft_token_nums,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<const int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_block_step,
                        opforge::Buffer<const int64_t> stop_nums,
                        opforge::Buffer<int32_t> mask_rollback,
                        int64_t max_bsz,
                        int64_t max_draft_tokens,
                        int64_t real_bsz);
#endif

}  // namespace opforge::speculate_update
