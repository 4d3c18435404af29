// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_pre_process: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_pre_process.h"
#include "opforge/runtime.h"

namespace opforge::speculate_pre_process {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int64_t cpu_token_num);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> input_ids,
         opforge::Buffer<const int32_t> seq_len,
         opforge::Buffer<const int64_t> draft_tokens,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int64_t> ids_remove_padding,
         opforge::Buffer<int32_t> batch_id_per_token,
         opforge::Buffer<int32_t> cu_seqlens_q,
         opforge::Buffer<int32_t> cu_seqlens_k,
         opforge::Buffer<int32_t> cu_seq_lens_q_output,
         opforge::Buffer<int32_t> batch_id_per_token_output,
         opforge::Buffer<int32_t> real_output_token_num,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_seq_len,
         int64_t max_draft_tokens,
         int64_t token_num,
         int64_t cpu_token_num);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int32_t> seq_len,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int64_t> ids_remove_padding,
                     opforge::Buffer<int32_t> batch_id_per_token,
                     opforge::Buffer<int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> cu_seqlens_k,
                     opforge::Buffer<int32_t> cu_seq_lens_q_output,
                     opforge::Buffer<int32_t> batch_id_per_token_output,
                     opforge::Buffer<int32_t> real_output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_seq_len,
                     int64_t max_draft_tokens,
                     int64_t token_num,
                     int64_t cpu_token_num);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int32_t> seq_len,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int64_t> ids_remove_padding,
                        opforge::Buffer<int32_t> batch_id_per_token,
                        opforge::Buffer<int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> cu_seqlens_k,
                        opforge::Buffer<int32_t> cu_seq_lens_q_output,
                        opforge::Buffer<int32_t> batch_id_per_token_output,
                        opforge::Buffer<int32_t> real_output_token_num,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_seq_len,
                        int64_t max_draft_tokens,
                        int64_t token_num,
                        int64_t cpu_token_num);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int32_t> seq_len,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int64_t> ids_remove_padding,
                     opforge::Buffer<int32_t> batch_id_per_token,
                     opforge::Buffer<int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> cu_seqlens_k,
                     opforge::Buffer<int32_t> cu_seq_lens_q_output,
                     opforge::Buffer<int32_t> batch_id_per_token_output,
                     opforge::Buffer<int32_t> real_output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_seq_len,
                     int64_t max_draft_tokens,
                     int64_t token_num,
                     int64_t cpu_token_num);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int32_t> seq_len,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int64_t> ids_remove_padding,
                        opforge::Buffer<int32_t> batch_id_per_token,
                        opforge::Buffer<int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> cu_seqlens_k,
                        opforge::Buffer<int32_t> cu_seq_lens_q_output,
                        opforge::Buffer<int32_t> batch_id_per_token_output,
                        opforge::Buffer<int32_t> real_output_token_num,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_seq_len,
                        int64_t max_draft_tokens,
                        int64_t token_num,
                        int64_t cpu_token_num);
#endif

}  // namespace opforge::speculate_pre_process
