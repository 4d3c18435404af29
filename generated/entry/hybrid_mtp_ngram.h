// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of hybrid_mtp_ngram: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/hybrid_mtp_ngram.h"
#include "opforge/runtime.h"

namespace opforge::hybrid_mtp_ngram {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t max_ngram_size,
                 int32_t min_ngram_size,
                 int32_t max_draft_tokens,
                 int32_t spec_tokenum_threshold);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> input_ids,
         opforge::Buffer<const int64_t> input_ids_len,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<int64_t> draft_tokens,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_decoder,
         opforge::Buffer<const int64_t> max_dec_len,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_input_len,
         int64_t max_pre_len,
         int64_t max_step_tokens,
         int32_t max_ngram_size,
         int32_t min_ngram_size,
         int32_t max_draft_tokens,
         int32_t spec_tokenum_threshold);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int64_t> input_ids_len,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_input_len,
                     int64_t max_pre_len,
                     int64_t max_step_tokens,
                     int32_t max_ngram_size,
                     int32_t min_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t spec_tokenum_threshold);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int64_t> input_ids_len,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_input_len,
                        int64_t max_pre_len,
                        int64_t max_step_tokens,
                        int32_t max_ngram_size,
                        int32_t min_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t spec_tokenum_threshold);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int64_t> input_ids_len,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_input_len,
                     int64_t max_pre_len,
                     int64_t max_step_tokens,
                     int32_t max_ngram_size,
                     int32_t min_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t spec_tokenum_threshold);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int64_t> input_ids_len,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_input_len,
                        int64_t max_pre_len,
                        int64_t max_step_tokens,
                        int32_t max_ngram_size,
                        int32_t min_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t spec_tokenum_threshold);
#endif

}  // namespace opforge::hybrid_mtp_ngram
