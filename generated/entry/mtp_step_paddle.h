// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of mtp_step_paddle: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/mtp_step_paddle.h"
#include "opforge/runtime.h"

namespace opforge::mtp_step_paddle {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t block_size, int32_t max_draft_tokens);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const bool> base_model_stop_flags,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<bool> batch_drop,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<int32_t> block_tables,
         opforge::Buffer<int32_t> encoder_block_lens,
         opforge::Buffer<int32_t> used_list_len,
         opforge::Buffer<int32_t> free_list,
         opforge::Buffer<int32_t> free_list_len,
         int64_t bsz,
         int64_t block_num_per_seq,
         int64_t free_list_size,
         int32_t block_size,
         int32_t max_draft_tokens);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<bool> batch_drop,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> block_tables,
                     opforge::Buffer<int32_t> encoder_block_lens,
                     opforge::Buffer<int32_t> used_list_len,
                     opforge::Buffer<int32_t> free_list,
                     opforge::Buffer<int32_t> free_list_len,
                     int64_t bsz,
                     int64_t block_num_per_seq,
                     int64_t free_list_size,
                     int32_t block_size,
                     int32_t max_draft_tokens);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<bool> batch_drop,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> block_tables,
                        opforge::Buffer<int32_t> encoder_block_lens,
                        opforge::Buffer<int32_t> used_list_len,
                        opforge::Buffer<int32_t> free_list,
                        opforge::Buffer<int32_t> free_list_len,
                        int64_t bsz,
                        int64_t block_num_per_seq,
                        int64_t free_list_size,
                        int32_t block_size,
                        int32_t max_draft_tokens);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<bool> batch_drop,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> block_tables,
                     opforge::Buffer<int32_t> encoder_block_lens,
                     opforge::Buffer<int32_t> used_list_len,
                     opforge::Buffer<int32_t> free_list,
                     opforge::Buffer<int32_t> free_list_len,
                     int64_t bsz,
                     int64_t block_num_per_seq,
                     int64_t free_list_size,
                     int32_t block_size,
                     int32_t max_draft_tokens);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<bool> batch_drop,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> block_tables,
                        opforge::Buffer<int32_t> encoder_block_lens,
                        opforge::Buffer<int32_t> used_list_len,
                        opforge::Buffer<int32_t> free_list,
                        opforge::Buffer<int32_t> free_list_len,
                        int64_t bsz,
                        int64_t block_num_per_seq,
                        int64_t free_list_size,
                        int32_t block_size,
                        int32_t max_draft_tokens);
#endif

}  // namespace opforge::mtp_step_paddle
