// Generated from opspec/speculate_limit_thinking_content_length_v2.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_limit_thinking_content_length_v2 under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_limit_thinking_content_length_v2.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v2_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_limit_thinking_content_length_v2 {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> next_tokens,
                     opforge::Buffer<const int32_t> max_think_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<int32_t> limit_think_status,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const bool> stop_flags,
                     int64_t bsz,
                     int64_t tokens_per_step,
                     int64_t think_end_id,
                     int64_t line_break_id) {
  const opforge::cuda_sim::DeviceCopy<int64_t> next_tokens_device(
      next_tokens, "next_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> max_think_lens_device(
      max_think_lens, "max_think_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> limit_think_status_device(
      limit_think_status, "limit_think_status", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  CudaArgs args;
  args.next_tokens = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", next_tokens_device.get());
  args.max_think_lens = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", max_think_lens_device.get());
  args.step_idx = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", step_idx_device.get());
  args.limit_think_status = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", limit_think_status_device.get());
  args.accept_num = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", accept_num_device.get());
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", seq_lens_decoder_device.get());
  args.stop_flags = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v2", stop_flags_device.get());
  args.bsz = bsz;
  args.tokens_per_step = tokens_per_step;
  args.think_end_id = think_end_id;
  args.line_break_id = line_break_id;
  opforge::cuda_sim::launch(ctx,
                            ctx.cuda.nblocks,
                            kCudaBlock,
                            "speculate_limit_thinking_content_length_v2",
                            &cuda_kernel,
                            args);
  next_tokens_device.copy_back();
  step_idx_device.copy_back();
  limit_think_status_device.copy_back();
  accept_num_device.copy_back();
  seq_lens_decoder_device.copy_back();
}

}  // namespace opforge::speculate_limit_thinking_content_length_v2
