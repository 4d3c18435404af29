// Generated from opspec/draft_model_update.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of draft_model_update: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/draft_model_update.h"
#include "opforge/runtime.h"

namespace opforge::draft_model_update {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(bool prefill_one_step_stop);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> draft_next_tokens,
         opforge::Buffer<const int32_t> cu_seqlens_q,
         opforge::Buffer<int32_t> draft_seq_lens_this_time,
         opforge::Buffer<int32_t> draft_seq_lens_encoder,
         opforge::Buffer<int32_t> draft_seq_lens_decoder,
         opforge::Buffer<int64_t> draft_input_ids,
         opforge::Buffer<int64_t> step_input_ids,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<const int64_t> max_dec_len,
         opforge::Buffer<const int64_t> end_tokens,
         opforge::Buffer<bool> has_draft_seqs,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t token_num,
         int64_t end_length,
         bool prefill_one_step_stop);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_next_tokens,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t end_length,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> draft_next_tokens,
                        opforge::Buffer<const int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> draft_seq_lens_this_time,
                        opforge::Buffer<int32_t> draft_seq_lens_encoder,
                        opforge::Buffer<int32_t> draft_seq_lens_decoder,
                        opforge::Buffer<int64_t> draft_input_ids,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<bool> has_draft_seqs,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t end_length,
                        bool prefill_one_step_stop);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_next_tokens,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t end_length,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> draft_next_tokens,
                        opforge::Buffer<const int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> draft_seq_lens_this_time,
                        opforge::Buffer<int32_t> draft_seq_lens_encoder,
                        opforge::Buffer<int32_t> draft_seq_lens_decoder,
                        opforge::Buffer<int64_t> draft_input_ids,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<bool> has_draft_seqs,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t end_length,
                        bool prefill_one_step_stop);
#endif

}  // namespace opforge::draft_model_update
