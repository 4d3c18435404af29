// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of rebuild_padding: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/rebuild_padding.h"
#include "opforge/runtime.h"

namespace opforge::rebuild_padding {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int64_t cpu_out_token_num);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> hidden,
         opforge::Buffer<const int32_t> cu_seqlens_q,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<T> out,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t token_num,
         int64_t hidden_size,
         int64_t out_token_num,
         int64_t cpu_out_token_num);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<T> out,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t hidden_size,
                     int64_t out_token_num,
                     int64_t cpu_out_token_num);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
template <typename T>
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> hidden,
                        opforge::Buffer<const int32_t> cu_seqlens_q,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<T> out,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t hidden_size,
                        int64_t out_token_num,
                        int64_t cpu_out_token_num);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<T> out,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t hidden_size,
                     int64_t out_token_num,
                     int64_t cpu_out_token_num);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> hidden,
                        opforge::Buffer<const int32_t> cu_seqlens_q,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<T> out,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t hidden_size,
                        int64_t out_token_num,
                        int64_t cpu_out_token_num);
#endif

}  // namespace opforge::rebuild_padding
