// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of mtp_step_paddle under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/mtp_step_paddle.h"
#include "kernel_decls/mtp_step_paddle_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::mtp_step_paddle {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<bool> batch_drop,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> block_tables,
                     opforge::Buffer<int32_t> encoder_block_lens,
                     opforge::Buffer<int32_t> used_list_len,
                     opforge::Buffer<int32_t> free_list,
                     opforge::Buffer<int32_t> free_list_len,
                     int64_t bsz,
                     int64_t block_num_per_seq,
                     int64_t free_list_size,
                     int32_t block_size,
                     int32_t max_draft_tokens) {
  const opforge::cuda_sim::DeviceCopy<const bool> base_model_stop_flags_device(
      base_model_stop_flags, "base_model_stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> batch_drop_device(
      batch_drop, "batch_drop", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> block_tables_device(
      block_tables, "block_tables", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> encoder_block_lens_device(
      encoder_block_lens, "encoder_block_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> used_list_len_device(
      used_list_len, "used_list_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> free_list_device(
      free_list, "free_list", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> free_list_len_device(
      free_list_len, "free_list_len", opforge::CopyIn::kYes);
  CudaArgs args;
  args.base_model_stop_flags = opforge::cuda_arg(
      "mtp_step_paddle", base_model_stop_flags_device.get());
  args.stop_flags = opforge::cuda_arg("mtp_step_paddle", stop_flags_device.get());
  args.batch_drop = opforge::cuda_arg("mtp_step_paddle", batch_drop_device.get());
  args.seq_lens_this_time = opforge::cuda_arg("mtp_step_paddle", seq_lens_this_time_device.get());
  args.seq_lens_decoder = opforge::cuda_arg("mtp_step_paddle", seq_lens_decoder_device.get());
  args.block_tables = opforge::cuda_arg("mtp_step_paddle", block_tables_device.get());
  args.encoder_block_lens = opforge::cuda_arg("mtp_step_paddle", encoder_block_lens_device.get());
  args.used_list_len = opforge::cuda_arg("mtp_step_paddle", used_list_len_device.get());
  args.free_list = opforge::cuda_arg("mtp_step_paddle", free_list_device.get());
  args.free_list_len = opforge::cuda_arg("mtp_step_paddle", free_list_len_device.get());
  args.bsz = bsz;
  args.block_num_per_seq = block_num_per_seq;
  args.free_list_size = free_list_size;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "mtp_step_paddle", &cuda_kernel, args);
  stop_flags_device.copy_back();
  batch_drop_device.copy_back();
  seq_lens_this_time_device.copy_back();
  seq_lens_decoder_device.copy_back();
  block_tables_device.copy_back();
  encoder_block_lens_device.copy_back();
  used_list_len_device.copy_back();
  free_list_device.copy_back();
  free_list_len_device.copy_back();
}

}  // namespace opforge::mtp_step_paddle
