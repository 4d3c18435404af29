// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of verify_draft_tokens: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/verify_draft_tokens.h"
#include "opforge/runtime.h"

namespace opforge::verify_draft_tokens {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t max_seq_len,
                 int32_t verify_window,
                 opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                 bool reject_all,
                 bool accept_all,
                 int64_t seed);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> step_output_ids,
         opforge::Buffer<int32_t> step_output_len,
         opforge::Buffer<const int64_t> step_input_ids,
         opforge::Buffer<const int64_t> target_tokens,
         opforge::Buffer<const int64_t> candidate_ids,
         opforge::Buffer<const float> candidate_scores,
         opforge::Buffer<const int32_t> candidate_lens,
         opforge::Buffer<const float> topp,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int64_t> end_tokens,
         opforge::Buffer<const bool> is_block_step,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<const int32_t> reasoning_status,
         opforge::Buffer<const int64_t> max_dec_len,
         opforge::Buffer<const int64_t> step_idx,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t token_num,
         int64_t max_candidate_len,
         int64_t end_length,
         int32_t max_seq_len,
         int32_t verify_window,
         opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
         bool reject_all,
         bool accept_all,
         int64_t seed);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<const int64_t> step_input_ids,
                     opforge::Buffer<const int64_t> target_tokens,
                     opforge::Buffer<const int64_t> candidate_ids,
                     opforge::Buffer<const float> candidate_scores,
                     opforge::Buffer<const int32_t> candidate_lens,
                     opforge::Buffer<const float> topp,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const bool> is_block_step,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<const int32_t> reasoning_status,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const float> topp_uniforms,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t max_candidate_len,
                     int64_t end_length,
                     int32_t max_seq_len,
                     int32_t verify_window,
                     opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                     bool reject_all,
                     bool accept_all,
                     int64_t seed);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> step_output_ids,
                        opforge::Buffer<int32_t> step_output_len,
                        opforge::Buffer<const int64_t> step_input_ids,
                        opforge::Buffer<const int64_t> target_tokens,
                        opforge::Buffer<const int64_t> candidate_ids,
                        opforge::Buffer<const float> candidate_scores,
                        opforge::Buffer<const int32_t> candidate_lens,
                        opforge::Buffer<const float> topp,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<const bool> is_block_step,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<const int32_t> reasoning_status,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const float> topp_uniforms,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t max_candidate_len,
                        int64_t end_length,
                        int32_t max_seq_len,
                        int32_t verify_window,
                        opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                        bool reject_all,
                        bool accept_all,
                        int64_t seed);
#endif

}  // namespace opforge::verify_draft_tokens
