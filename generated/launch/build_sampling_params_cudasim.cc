// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of build_sampling_params under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/build_sampling_params.h"
#include "kernel_decls/build_sampling_params_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::build_sampling_params {

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
                     int64_t increment_value) {
  const opforge::cuda_sim::DeviceCopy<const float> top_p_device(
      top_p, "top_p", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> top_k_device(
      top_k, "top_k", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> infer_seed_device(
      infer_seed, "infer_seed", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<float> top_p_padding_device(
      top_p_padding, "top_p_padding", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int64_t> top_k_padding_device(
      top_k_padding, "top_k_padding", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int64_t> topp_seed_device(
      topp_seed, "topp_seed", opforge::CopyIn::kNo);
  CudaArgs args;
  args.top_p = opforge::cuda_arg("build_sampling_params", top_p_device.get());
  args.top_k = opforge::cuda_arg("build_sampling_params", top_k_device.get());
  args.infer_seed = opforge::cuda_arg("build_sampling_params", infer_seed_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "build_sampling_params", seq_lens_this_time_device.get());
  args.cu_seqlens_q_output = opforge::cuda_arg(
      "build_sampling_params", cu_seqlens_q_output_device.get());
  args.top_p_padding = opforge::cuda_arg("build_sampling_params", top_p_padding_device.get());
  args.top_k_padding = opforge::cuda_arg("build_sampling_params", top_k_padding_device.get());
  args.topp_seed = opforge::cuda_arg("build_sampling_params", topp_seed_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.out_token_num = out_token_num;
  args.token_num_output_cpu = token_num_output_cpu;
  args.increment_value = increment_value;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "build_sampling_params", &cuda_kernel, args);
  infer_seed_device.copy_back();
  top_p_padding_device.copy_back();
  top_k_padding_device.copy_back();
  topp_seed_device.copy_back();
}

}  // namespace opforge::build_sampling_params
