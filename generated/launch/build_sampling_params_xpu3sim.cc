// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of build_sampling_params under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/build_sampling_params.h"
#include "kernel_decls/build_sampling_params_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::build_sampling_params {

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
                     int64_t increment_value) {
  const opforge::xpu3_sim::DeviceCopy<const float> top_p_device(
      top_p, "top_p", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> top_k_device(
      top_k, "top_k", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> infer_seed_device(
      infer_seed, "infer_seed", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<float> top_p_padding_device(
      top_p_padding, "top_p_padding", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int64_t> top_k_padding_device(
      top_k_padding, "top_k_padding", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int64_t> topp_seed_device(
      topp_seed, "topp_seed", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "build_sampling_params",
      &xpu3_kernel,
      opforge::xpu3_arg(top_p_device.get()),
      opforge::xpu3_arg(top_k_device.get()),
      opforge::xpu3_arg(infer_seed_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(cu_seqlens_q_output_device.get()),
      opforge::xpu3_arg(top_p_padding_device.get()),
      opforge::xpu3_arg(top_k_padding_device.get()),
      opforge::xpu3_arg(topp_seed_device.get()),
      opforge::xpu3_dim("build_sampling_params", "max_bsz", max_bsz),
      opforge::xpu3_dim("build_sampling_params", "real_bsz", real_bsz),
      opforge::xpu3_dim("build_sampling_params", "out_token_num", out_token_num),
      token_num_output_cpu,
      increment_value);
  infer_seed_device.copy_back();
  top_p_padding_device.copy_back();
  top_k_padding_device.copy_back();
  topp_seed_device.copy_back();
}

}  // namespace opforge::build_sampling_params
