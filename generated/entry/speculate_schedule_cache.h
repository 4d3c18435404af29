// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_schedule_cache: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_schedule_cache.h"
#include "opforge/runtime.h"

namespace opforge::speculate_schedule_cache {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t block_size, int32_t max_draft_tokens, bool prefill_one_step_stop);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> draft_tokens,
         opforge::Buffer<const int32_t> block_tables,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<int32_t> step_seq_lens_decoder,
         opforge::Buffer<int64_t> step_draft_tokens,
         opforge::Buffer<int32_t> step_seq_lens_this_time,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<int64_t> accept_tokens,
         opforge::Buffer<bool> is_block_step,
         opforge::Buffer<bool> not_need_stop,
         opforge::Buffer<const int64_t> stop_nums,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t draft_tokens_len,
         int64_t accept_tokens_len,
         int64_t block_num_per_seq,
         int32_t block_size,
         int32_t max_draft_tokens,
         bool prefill_one_step_stop);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> block_tables,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> step_seq_lens_decoder,
                     opforge::Buffer<int64_t> step_draft_tokens,
                     opforge::Buffer<int32_t> step_seq_lens_this_time,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<bool> is_block_step,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<const int64_t> stop_nums,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_tokens_len,
                     int64_t accept_tokens_len,
                     int64_t block_num_per_seq,
                     int32_t block_size,
                     int32_t max_draft_tokens,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> block_tables,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> step_seq_lens_decoder,
                        opforge::Buffer<int64_t> step_draft_tokens,
                        opforge::Buffer<int32_t> step_seq_lens_this_time,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int64_t> accept_tokens,
                        opforge::Buffer<bool> is_block_step,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<const int64_t> stop_nums,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_tokens_len,
                        int64_t accept_tokens_len,
                        int64_t block_num_per_seq,
                        int32_t block_size,
                        int32_t max_draft_tokens,
                        bool prefill_one_step_stop);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> block_tables,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> step_seq_lens_decoder,
                     opforge::Buffer<int64_t> step_draft_tokens,
                     opforge::Buffer<int32_t> step_seq_lens_this_time,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<bool> is_block_step,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<const int64_t> stop_nums,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_tokens_len,
                     int64_t accept_tokens_len,
                     int64_t block_num_per_seq,
                     int32_t block_size,
                     int32_t max_draft_tokens,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> block_tables,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> step_seq_lens_decoder,
                        opforge::Buffer<int64_t> step_draft_tokens,
                        opforge::Buffer<int32_t> step_seq_lens_this_time,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int64_t> accept_tokens,
                        opforge::Buffer<bool> is_block_step,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<const int64_t> stop_nums,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_tokens_len,
                        int64_t accept_tokens_len,
                        int64_t block_num_per_seq,
                        int32_t block_size,
                        int32_t max_draft_tokens,
                        bool prefill_one_step_stop);
#endif

}  // namespace opforge::speculate_schedule_cache
