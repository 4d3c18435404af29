// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_update under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_update.h"
#include "kernel_decls/speculate_update_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_update {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> actual_draft_token_nums,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<const int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_block_step,
                     opforge::Buffer<const int64_t> stop_nums,
                     opforge::Buffer<int32_t> mask_rollback,
                     int64_t max_bsz,
                     int64_t max_draft_tokens,
                     int64_t real_bsz) {
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> not_need_stop_device(
      not_need_stop, "not_need_stop", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> actual_draft_token_nums_device(
      actual_draft_token_nums, "actual_draft_token_nums", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> stop_nums_device(
      stop_nums, "stop_nums", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> mask_rollback_device(
      mask_rollback, "mask_rollback", opforge::CopyIn::kYes);
  CudaArgs args;
  args.seq_lens_encoder = opforge::cuda_arg("speculate_update", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg("speculate_update", seq_lens_decoder_device.get());
  args.not_need_stop = opforge::cuda_arg("speculate_update", not_need_stop_device.get());
  args.draft_tokens = opforge::cuda_arg("speculate_update", draft_tokens_device.get());
  args.actual_draft_token_nums = opforge::cuda_arg(
      "speculate_update", actual_draft_token_nums_device.get());
  args.accept_tokens = opforge::cuda_arg("speculate_update", accept_tokens_device.get());
  args.accept_num = opforge::cuda_arg("speculate_update", accept_num_device.get());
  args.stop_flags = opforge::cuda_arg("speculate_update", stop_flags_device.get());
  args.seq_lens_this_time = opforge::cuda_arg("speculate_update", seq_lens_this_time_device.get());
  args.is_block_step = opforge::cuda_arg("speculate_update", is_block_step_device.get());
  args.stop_nums = opforge::cuda_arg("speculate_update", stop_nums_device.get());
  args.mask_rollback = opforge::cuda_arg("speculate_update", mask_rollback_device.get());
  args.max_bsz = max_bsz;
  args.max_draft_tokens = max_draft_tokens;
  args.real_bsz = real_bsz;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "speculate_update", &cuda_kernel, args);
  seq_lens_encoder_device.copy_back();
  seq_lens_decoder_device.copy_back();
  not_need_stop_device.copy_back();
  draft_tokens_device.copy_back();
  actual_draft_token_nums_device.copy_back();
  mask_rollback_device.copy_back();
}

}  // namespace opforge::speculate_update
