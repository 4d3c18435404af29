// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of unified_update_model_status: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/unified_update_model_status.h"
#include "opforge/runtime.h"

namespace opforge::unified_update_model_status {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(bool is_naive_mode, bool prefill_one_step_stop);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> has_running_seqs,
         opforge::Buffer<int64_t> step_input_ids,
         opforge::Buffer<int64_t> step_output_ids,
         opforge::Buffer<int32_t> step_output_len,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const bool> is_paused,
         opforge::Buffer<int32_t> mask_rollback,
         opforge::Buffer<int64_t> token_ids_all,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<int64_t> step_idx,
         opforge::Buffer<const int64_t> end_tokens,
         opforge::Buffer<const int64_t> max_dec_len,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t max_model_len,
         int64_t end_length,
         bool is_naive_mode,
         bool prefill_one_step_stop);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> has_running_seqs,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_paused,
                     opforge::Buffer<int32_t> mask_rollback,
                     opforge::Buffer<int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len,
                     int64_t end_length,
                     bool is_naive_mode,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> has_running_seqs,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> step_output_ids,
                        opforge::Buffer<int32_t> step_output_len,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_paused,
                        opforge::Buffer<int32_t> mask_rollback,
                        opforge::Buffer<int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len,
                        int64_t end_length,
                        bool is_naive_mode,
                        bool prefill_one_step_stop);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> has_running_seqs,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_paused,
                     opforge::Buffer<int32_t> mask_rollback,
                     opforge::Buffer<int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len,
                     int64_t end_length,
                     bool is_naive_mode,
                     bool prefill_one_step_stop);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> has_running_seqs,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> step_output_ids,
                        opforge::Buffer<int32_t> step_output_len,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_paused,
                        opforge::Buffer<int32_t> mask_rollback,
                        opforge::Buffer<int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len,
                        int64_t end_length,
                        bool is_naive_mode,
                        bool prefill_one_step_stop);
#endif

}  // namespace opforge::unified_update_model_status
