// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of ngram_match: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/ngram_match.h"
#include "opforge/runtime.h"

namespace opforge::ngram_match {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t max_ngram_size,
                 int32_t max_draft_tokens,
                 int32_t infer_with_reference_tokenum_threshold);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> token_ids_all,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<const int32_t> draft_token_num,
         opforge::Buffer<int64_t> step_input_ids,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const int32_t> seq_lens_decoder,
         opforge::Buffer<const int64_t> max_dec_len,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_step_tokens,
         int64_t max_model_len,
         int32_t max_ngram_size,
         int32_t max_draft_tokens,
         int32_t infer_with_reference_tokenum_threshold);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int32_t> draft_token_num,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_step_tokens,
                     int64_t max_model_len,
                     int32_t max_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t infer_with_reference_tokenum_threshold);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int32_t> draft_token_num,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_step_tokens,
                        int64_t max_model_len,
                        int32_t max_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t infer_with_reference_tokenum_threshold);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int32_t> draft_token_num,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_step_tokens,
                     int64_t max_model_len,
                     int32_t max_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t infer_with_reference_tokenum_threshold);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int32_t> draft_token_num,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_step_tokens,
                        int64_t max_model_len,
                        int32_t max_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t infer_with_reference_tokenum_threshold);
#endif

}  // namespace opforge::ngram_match
