// Generated from opspec/eagle_get_self_hidden_states.yaml by `python -m codegen`. Do not edit.
// Framework-free entry of eagle_get_self_hidden_states: typed buffers in, checked on every
// backend, then the backend's kernel.
#pragma once

#include "kernel_decls/eagle_get_self_hidden_states.h"
#include "opforge/runtime.h"

namespace opforge::eagle_get_self_hidden_states {

// Rejects attributes outside their declared ranges (throws opforge::OpError).
void check_attrs();

// Checks every buffer (presence, non-null, element count from the shape
// expressions) and every attribute, then runs the kernel of ctx.backend.
// Nothing is written unless every check passes.
template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> hidden_states,
         opforge::Buffer<const int32_t> last_seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<T> out,
         opforge::Buffer<int32_t> output_token_num,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t input_token_num,
         int64_t dim_embed);

// Runs the XPU3 kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden_states,
                     opforge::Buffer<const int32_t> last_seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<T> out,
                     opforge::Buffer<int32_t> output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t input_token_num,
                     int64_t dim_embed);

#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
// Runs the XPU3 kernel on the device.
template <typename T>
void launch_xpu3_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> hidden_states,
                        opforge::Buffer<const int32_t> last_seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<T> out,
                        opforge::Buffer<int32_t> output_token_num,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t input_token_num,
                        int64_t dim_embed);
#endif

// Runs the CUDA kernel under the simulation; called by run() once every check
// has passed.
template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden_states,
                     opforge::Buffer<const int32_t> last_seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<T> out,
                     opforge::Buffer<int32_t> output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t input_token_num,
                     int64_t dim_embed);

#ifdef OPFORGE_WITH_CUDA
// Runs the CUDA kernel on the GPU, on the caller's stream.
template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> hidden_states,
                        opforge::Buffer<const int32_t> last_seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<T> out,
                        opforge::Buffer<int32_t> output_token_num,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t input_token_num,
                        int64_t dim_embed);
#endif

}  // namespace opforge::eagle_get_self_hidden_states
