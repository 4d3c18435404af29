// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_schedule_cache under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_schedule_cache.h"
#include "kernel_decls/speculate_schedule_cache_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_schedule_cache {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> block_tables,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> step_seq_lens_decoder,
                     opforge::Buffer<int64_t> step_draft_tokens,
                     opforge::Buffer<int32_t> step_seq_lens_this_time,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<bool> is_block_step,
                     opforge::Buffer<bool> not_need_stop,
                     opforge::Buffer<const int64_t> stop_nums,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_tokens_len,
                     int64_t accept_tokens_len,
                     int64_t block_num_per_seq,
                     int32_t block_size,
                     int32_t max_draft_tokens,
                     bool prefill_one_step_stop) {
  const opforge::cuda_sim::DeviceCopy<const int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> block_tables_device(
      block_tables, "block_tables", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_seq_lens_decoder_device(
      step_seq_lens_decoder, "step_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_draft_tokens_device(
      step_draft_tokens, "step_draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_seq_lens_this_time_device(
      step_seq_lens_this_time, "step_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> not_need_stop_device(
      not_need_stop, "not_need_stop", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> stop_nums_device(
      stop_nums, "stop_nums", opforge::CopyIn::kYes);
  CudaArgs args;
  args.draft_tokens = opforge::cuda_arg("speculate_schedule_cache", draft_tokens_device.get());
  args.block_tables = opforge::cuda_arg("speculate_schedule_cache", block_tables_device.get());
  args.stop_flags = opforge::cuda_arg("speculate_schedule_cache", stop_flags_device.get());
  args.prompt_lens = opforge::cuda_arg("speculate_schedule_cache", prompt_lens_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_schedule_cache", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg(
      "speculate_schedule_cache", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_schedule_cache", seq_lens_decoder_device.get());
  args.step_seq_lens_decoder = opforge::cuda_arg(
      "speculate_schedule_cache", step_seq_lens_decoder_device.get());
  args.step_draft_tokens = opforge::cuda_arg(
      "speculate_schedule_cache", step_draft_tokens_device.get());
  args.step_seq_lens_this_time = opforge::cuda_arg(
      "speculate_schedule_cache", step_seq_lens_this_time_device.get());
  args.accept_num = opforge::cuda_arg("speculate_schedule_cache", accept_num_device.get());
  args.accept_tokens = opforge::cuda_arg("speculate_schedule_cache", accept_tokens_device.get());
  args.is_block_step = opforge::cuda_arg("speculate_schedule_cache", is_block_step_device.get());
  args.not_need_stop = opforge::cuda_arg("speculate_schedule_cache", not_need_stop_device.get());
  args.stop_nums = opforge::cuda_arg("speculate_schedule_cache", stop_nums_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.draft_tokens_len = draft_tokens_len;
  args.accept_tokens_len = accept_tokens_len;
  args.block_num_per_seq = block_num_per_seq;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  args.prefill_one_step_stop = prefill_one_step_stop;
  opforge::cuda_sim::launch(ctx,
                            std::min(ctx.cuda.nblocks, 1),
                            kCudaBlock,
                            "speculate_schedule_cache",
                            &cuda_kernel,
                            args);
  stop_flags_device.copy_back();
  seq_lens_this_time_device.copy_back();
  seq_lens_encoder_device.copy_back();
  seq_lens_decoder_device.copy_back();
  step_seq_lens_decoder_device.copy_back();
  step_draft_tokens_device.copy_back();
  step_seq_lens_this_time_device.copy_back();
  accept_num_device.copy_back();
  accept_tokens_device.copy_back();
  is_block_step_device.copy_back();
  not_need_stop_device.copy_back();
}

}  // namespace opforge::speculate_schedule_cache
