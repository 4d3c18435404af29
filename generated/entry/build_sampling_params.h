// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of build_sampling_params: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/build_sampling_params.h"
#include "opforge/runtime.h"

namespace opforge::build_sampling_params {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs(int64_t token_num_output_cpu, int64_t increment_value);

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
void run(const opforge::Context& ctx,
         opforge::Buffer<const float> top_p,
         opforge::Buffer<const int64_t> top_k,
         opforge::Buffer<int64_t> infer_seed,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<float> top_p_padding,
         opforge::Buffer<int64_t> top_k_padding,
         opforge::Buffer<int64_t> topp_seed,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t out_token_num,
         int64_t token_num_output_cpu,
         int64_t increment_value);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const float> top_p,
                     opforge::Buffer<const int64_t> top_k,
                     opforge::Buffer<int64_t> infer_seed,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<float> top_p_padding,
                     opforge::Buffer<int64_t> top_k_padding,
                     opforge::Buffer<int64_t> topp_seed,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t out_token_num,
                     int64_t token_num_output_cpu,
                     int64_t increment_value);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const float> top_p,
                        opforge::Buffer<const int64_t> top_k,
                        opforge::Buffer<int64_t> infer_seed,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<float> top_p_padding,
                        opforge::Buffer<int64_t> top_k_padding,
                        opforge::Buffer<int64_t> topp_seed,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t out_token_num,
                        int64_t token_num_output_cpu,
                        int64_t increment_value);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const float> top_p,
                     opforge::Buffer<const int64_t> top_k,
                     opforge::Buffer<int64_t> infer_seed,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<float> top_p_padding,
                     opforge::Buffer<int64_t> top_k_padding,
                     opforge::Buffer<int64_t> topp_seed,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t out_token_num,
                     int64_t token_num_output_cpu,
                     int64_t increment_value);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const float> top_p,
                        opforge::Buffer<const int64_t> top_k,
                        opforge::Buffer<int64_t> infer_seed,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<float> top_p_padding,
                        opforge::Buffer<int64_t> top_k_padding,
                        opforge::Buffer<int64_t> topp_seed,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t out_token_num,
                        int64_t token_num_output_cpu,
                        int64_t increment_value);
#endif

}  // namespace opforge::build_sampling_params
