// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of top_p_candidates: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/top_p_candidates.h"
#include "opforge/runtime.h"

namespace opforge::top_p_candidates {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int32_t candidates_len);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> probs,
         opforge::Buffer<const T> top_p,
         opforge::Buffer<const int32_t> batch_id_per_token,
         opforge::Buffer<T> verify_scores,
         opforge::Buffer<int64_t> verify_tokens,
         opforge::Buffer<int32_t> actual_candidate_lens,
         int64_t token_num,
         int64_t vocab_size,
         int64_t max_bsz,
         int64_t max_candidate_len,
         int32_t candidates_len);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> probs,
                     opforge::Buffer<const T> top_p,
                     opforge::Buffer<const int32_t> batch_id_per_token,
                     opforge::Buffer<T> verify_scores,
                     opforge::Buffer<int64_t> verify_tokens,
                     opforge::Buffer<int32_t> actual_candidate_lens,
                     int64_t token_num,
                     int64_t vocab_size,
                     int64_t max_bsz,
                     int64_t max_candidate_len,
                     int32_t candidates_len);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
template <typename T>
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> probs,
                        opforge::Buffer<const T> top_p,
                        opforge::Buffer<const int32_t> batch_id_per_token,
                        opforge::Buffer<T> verify_scores,
                        opforge::Buffer<int64_t> verify_tokens,
                        opforge::Buffer<int32_t> actual_candidate_lens,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t max_bsz,
                        int64_t max_candidate_len,
                        int32_t candidates_len);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> probs,
                     opforge::Buffer<const T> top_p,
                     opforge::Buffer<const int32_t> batch_id_per_token,
                     opforge::Buffer<T> verify_scores,
                     opforge::Buffer<int64_t> verify_tokens,
                     opforge::Buffer<int32_t> actual_candidate_lens,
                     int64_t token_num,
                     int64_t vocab_size,
                     int64_t max_bsz,
                     int64_t max_candidate_len,
                     int32_t candidates_len);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> probs,
                        opforge::Buffer<const T> top_p,
                        opforge::Buffer<const int32_t> batch_id_per_token,
                        opforge::Buffer<T> verify_scores,
                        opforge::Buffer<int64_t> verify_tokens,
                        opforge::Buffer<int32_t> actual_candidate_lens,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t max_bsz,
                        int64_t max_candidate_len,
                        int32_t candidates_len);
#endif

}  // namespace opforge::top_p_candidates
