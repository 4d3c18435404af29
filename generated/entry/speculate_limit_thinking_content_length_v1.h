// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_limit_thinking_content_length_v1: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_limit_thinking_content_length_v1.h"
#include "opforge/runtime.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int64_t think_end_id);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> next_tokens,
         opforge::Buffer<const int32_t> max_think_lens,
         opforge::Buffer<int64_t> step_idx,
         opforge::Buffer<int32_t> limit_think_status,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> eos_token_ids,
         int64_t bsz,
         int64_t tokens_per_step,
         int64_t eos_len,
         int64_t think_end_id);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> next_tokens,
                     opforge::Buffer<const int32_t> max_think_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<int32_t> limit_think_status,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> eos_token_ids,
                     int64_t bsz,
                     int64_t tokens_per_step,
                     int64_t eos_len,
                     int64_t think_end_id);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> next_tokens,
                        opforge::Buffer<const int32_t> max_think_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<int32_t> limit_think_status,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> eos_token_ids,
                        int64_t bsz,
                        int64_t tokens_per_step,
                        int64_t eos_len,
                        int64_t think_end_id);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> next_tokens,
                     opforge::Buffer<const int32_t> max_think_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<int32_t> limit_think_status,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> eos_token_ids,
                     int64_t bsz,
                     int64_t tokens_per_step,
                     int64_t eos_len,
                     int64_t think_end_id);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> next_tokens,
                        opforge::Buffer<const int32_t> max_think_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<int32_t> limit_think_status,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> eos_token_ids,
                        int64_t bsz,
                        int64_t tokens_per_step,
                        int64_t eos_len,
                        int64_t think_end_id);
#endif

}  // namespace opforge::speculate_limit_thinking_content_length_v1
