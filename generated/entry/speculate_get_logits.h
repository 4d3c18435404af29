// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_get_logits: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_get_logits.h"
#include "opforge/runtime.h"

namespace opforge::speculate_get_logits {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<float> draft_logits,
         opforge::Buffer<int32_t> next_token_num,
         opforge::Buffer<int32_t> batch_token_num,
         opforge::Buffer<int32_t> cu_next_token_offset,
         opforge::Buffer<int32_t> cu_batch_token_offset,
         opforge::Buffer<const float> logits,
         opforge::Buffer<const float> first_token_logits,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         int64_t bsz,
         int64_t draft_rows,
         int64_t token_num,
         int64_t vocab_size);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<float> draft_logits,
                     opforge::Buffer<int32_t> next_token_num,
                     opforge::Buffer<int32_t> batch_token_num,
                     opforge::Buffer<int32_t> cu_next_token_offset,
                     opforge::Buffer<int32_t> cu_batch_token_offset,
                     opforge::Buffer<const float> logits,
                     opforge::Buffer<const float> first_token_logits,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     int64_t bsz,
                     int64_t draft_rows,
                     int64_t token_num,
                     int64_t vocab_size);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<float> draft_logits,
                        opforge::Buffer<int32_t> next_token_num,
                        opforge::Buffer<int32_t> batch_token_num,
                        opforge::Buffer<int32_t> cu_next_token_offset,
                        opforge::Buffer<int32_t> cu_batch_token_offset,
                        opforge::Buffer<const float> logits,
                        opforge::Buffer<const float> first_token_logits,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        int64_t bsz,
                        int64_t draft_rows,
                        int64_t token_num,
                        int64_t vocab_size);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<float> draft_logits,
                     opforge::Buffer<int32_t> next_token_num,
                     opforge::Buffer<int32_t> batch_token_num,
                     opforge::Buffer<int32_t> cu_next_token_offset,
                     opforge::Buffer<int32_t> cu_batch_token_offset,
                     opforge::Buffer<const float> logits,
                     opforge::Buffer<const float> first_token_logits,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     int64_t bsz,
                     int64_t draft_rows,
                     int64_t token_num,
                     int64_t vocab_size);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<float> draft_logits,
                        opforge::Buffer<int32_t> next_token_num,
                        opforge::Buffer<int32_t> batch_token_num,
                        opforge::Buffer<int32_t> cu_next_token_offset,
                        opforge::Buffer<int32_t> cu_batch_token_offset,
                        opforge::Buffer<const float> logits,
                        opforge::Buffer<const float> first_token_logits,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        int64_t bsz,
                        int64_t draft_rows,
                        int64_t token_num,
                        int64_t vocab_size);
#endif

}  // namespace opforge::speculate_get_logits
