// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_get_logits under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_logits.h"
#include "kernel_decls/speculate_get_logits_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_get_logits {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<float> draft_logits,
                     opforge::Buffer<int32_t> next_token_num,
                     opforge::Buffer<int32_t> batch_token_num,
                     opforge::Buffer<int32_t> cu_next_token_offset,
                     opforge::Buffer<int32_t> cu_batch_token_offset,
                     opforge::Buffer<const float> logits,
                     opforge::Buffer<const float> first_token_logits,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     int64_t bsz,
                     int64_t draft_rows,
                     int64_t token_num,
                     int64_t vocab_size) {
  const opforge::cuda_sim::DeviceCopy<float> draft_logits_device(
      draft_logits, "draft_logits", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> next_token_num_device(
      next_token_num, "next_token_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> batch_token_num_device(
      batch_token_num, "batch_token_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_next_token_offset_device(
      cu_next_token_offset, "cu_next_token_offset", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_batch_token_offset_device(
      cu_batch_token_offset, "cu_batch_token_offset", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> logits_device(
      logits, "logits", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> first_token_logits_device(
      first_token_logits, "first_token_logits", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  CudaArgs args;
  args.draft_logits = opforge::cuda_arg("speculate_get_logits", draft_logits_device.get());
  args.next_token_num = opforge::cuda_arg("speculate_get_logits", next_token_num_device.get());
  args.batch_token_num = opforge::cuda_arg("speculate_get_logits", batch_token_num_device.get());
  args.cu_next_token_offset = opforge::cuda_arg(
      "speculate_get_logits", cu_next_token_offset_device.get());
  args.cu_batch_token_offset = opforge::cuda_arg(
      "speculate_get_logits", cu_batch_token_offset_device.get());
  args.logits = opforge::cuda_arg("speculate_get_logits", logits_device.get());
  args.first_token_logits = opforge::cuda_arg(
      "speculate_get_logits", first_token_logits_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_get_logits", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg("speculate_get_logits", seq_lens_encoder_device.get());
  args.bsz = bsz;
  args.draft_rows = draft_rows;
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "speculate_get_logits", &cuda_kernel, args);
  draft_logits_device.copy_back();
  next_token_num_device.copy_back();
  batch_token_num_device.copy_back();
  cu_next_token_offset_device.copy_back();
  cu_batch_token_offset_device.copy_back();
}

}  // namespace opforge::speculate_get_logits
