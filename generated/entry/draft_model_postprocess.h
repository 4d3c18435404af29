// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of draft_model_postprocess: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/draft_model_postprocess.h"
#include "opforge/runtime.h"

namespace opforge::draft_model_postprocess {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> base_model_draft_tokens,
         opforge::Buffer<int32_t> base_model_seq_lens_this_time,
         opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
         opforge::Buffer<const bool> base_model_stop_flags,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t draft_token_len);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> base_model_draft_tokens,
                     opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                     opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_token_len);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> base_model_draft_tokens,
                        opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                        opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_token_len);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> base_model_draft_tokens,
                     opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                     opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_token_len);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> base_model_draft_tokens,
                        opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                        opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_token_len);
#endif

}  // namespace opforge::draft_model_postprocess
