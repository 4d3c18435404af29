// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of draft_model_preprocess: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/draft_model_preprocess.h"
#include "opforge/runtime.h"

namespace opforge::draft_model_preprocess {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<const int64_t> max_dec_len,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<const int64_t> token_ids_all,
         opforge::Buffer<int64_t> step_input_ids,
         opforge::Buffer<int64_t> draft_input_ids,
         opforge::Buffer<int32_t> draft_seq_lens_this_time,
         opforge::Buffer<int32_t> draft_seq_lens_encoder,
         opforge::Buffer<int32_t> draft_seq_lens_decoder,
         opforge::Buffer<bool> has_draft_seqs,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t max_model_len);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> draft_input_ids,
                        opforge::Buffer<int32_t> draft_seq_lens_this_time,
                        opforge::Buffer<int32_t> draft_seq_lens_encoder,
                        opforge::Buffer<int32_t> draft_seq_lens_decoder,
                        opforge::Buffer<bool> has_draft_seqs,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> draft_input_ids,
                        opforge::Buffer<int32_t> draft_seq_lens_this_time,
                        opforge::Buffer<int32_t> draft_seq_lens_encoder,
                        opforge::Buffer<int32_t> draft_seq_lens_decoder,
                        opforge::Buffer<bool> has_draft_seqs,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len);
#endif

}  // namespace opforge::draft_model_preprocess
