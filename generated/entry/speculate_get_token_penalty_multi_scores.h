// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of speculate_get_token_penalty_multi_scores: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/speculate_get_token_penalty_multi_scores.h"
#include "opforge/runtime.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t max_seq_len);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<T> logits,
         opforge::Buffer<const T> penalty_scores,
         opforge::Buffer<const T> frequency_scores,
         opforge::Buffer<const T> presence_scores,
         opforge::Buffer<const float> temperatures,
         opforge::Buffer<const int64_t> bad_tokens,
         opforge::Buffer<const int64_t> cur_len,
         opforge::Buffer<const int64_t> min_len,
         opforge::Buffer<const int64_t> eos_token_id,
         opforge::Buffer<const int32_t> output_padding_offset,
         opforge::Buffer<const int32_t> output_cum_offsets,
         int64_t bs,
         int64_t token_num,
         int64_t vocab_size,
         int64_t length_id,
         int64_t bad_words_len,
         int64_t end_length,
         int32_t bad_tokens_form,
         int32_t max_seq_len);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<T> logits,
                     opforge::Buffer<const T> penalty_scores,
                     opforge::Buffer<const T> frequency_scores,
                     opforge::Buffer<const T> presence_scores,
                     opforge::Buffer<const float> temperatures,
                     opforge::Buffer<const int64_t> bad_tokens,
                     opforge::Buffer<const int64_t> cur_len,
                     opforge::Buffer<const int64_t> min_len,
                     opforge::Buffer<const int64_t> eos_token_id,
                     opforge::Buffer<const int32_t> output_padding_offset,
                     opforge::Buffer<const int32_t> output_cum_offsets,
                     int64_t bs,
                     int64_t token_num,
                     int64_t vocab_size,
                     int64_t length_id,
                     int64_t bad_words_len,
                     int64_t end_length,
                     int32_t bad_tokens_form,
                     int32_t max_seq_len);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
template <typename T>
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<T> logits,
                        opforge::Buffer<const T> penalty_scores,
                        opforge::Buffer<const T> frequency_scores,
                        opforge::Buffer<const T> presence_scores,
                        opforge::Buffer<const float> temperatures,
                        opforge::Buffer<const int64_t> bad_tokens,
                        opforge::Buffer<const int64_t> cur_len,
                        opforge::Buffer<const int64_t> min_len,
                        opforge::Buffer<const int64_t> eos_token_id,
                        opforge::Buffer<const int32_t> output_padding_offset,
                        opforge::Buffer<const int32_t> output_cum_offsets,
                        int64_t bs,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t length_id,
                        int64_t bad_words_len,
                        int64_t end_length,
                        int32_t bad_tokens_form,
                        int32_t max_seq_len);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<T> logits,
                     opforge::Buffer<const T> penalty_scores,
                     opforge::Buffer<const T> frequency_scores,
                     opforge::Buffer<const T> presence_scores,
                     opforge::Buffer<const float> temperatures,
                     opforge::Buffer<const int64_t> bad_tokens,
                     opforge::Buffer<const int64_t> cur_len,
                     opforge::Buffer<const int64_t> min_len,
                     opforge::Buffer<const int64_t> eos_token_id,
                     opforge::Buffer<const int32_t> output_padding_offset,
                     opforge::Buffer<const int32_t> output_cum_offsets,
                     int64_t bs,
                     int64_t token_num,
                     int64_t vocab_size,
                     int64_t length_id,
                     int64_t bad_words_len,
                     int64_t end_length,
                     int32_t bad_tokens_form,
                     int32_t max_seq_len);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<T> logits,
                        opforge::Buffer<const T> penalty_scores,
                        opforge::Buffer<const T> frequency_scores,
                        opforge::Buffer<const T> presence_scores,
                        opforge::Buffer<const float> temperatures,
                        opforge::Buffer<const int64_t> bad_tokens,
                        opforge::Buffer<const int64_t> cur_len,
                        opforge::Buffer<const int64_t> min_len,
                        opforge::Buffer<const int64_t> eos_token_id,
                        opforge::Buffer<const int32_t> output_padding_offset,
                        opforge::Buffer<const int32_t> output_cum_offsets,
                        int64_t bs,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t length_id,
                        int64_t bad_words_len,
                        int64_t end_length,
                        int32_t bad_tokens_form,
                        int32_t max_seq_len);
#endif

}  // namespace opforge::speculate_get_token_penalty_multi_scores
