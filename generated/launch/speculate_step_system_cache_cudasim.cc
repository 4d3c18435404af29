// Generated from opspec/speculate_step_system_cache.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_step_system_cache under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_step_system_cache.h"
#include "kernel_decls/speculate_step_system_cache_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_step_system_cache {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> ori_seq_lens_encoder,
                     opforge::Buffer<const int32_t> ori_seq_lens_decoder,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<int32_t> block_tables,
                     opforge::Buffer<int32_t> encoder_block_lens,
                     opforge::Buffer<bool> is_block_step,
                     opforge::Buffer<int32_t> step_block_list,
                     opforge::Buffer<int32_t> step_lens,
                     opforge::Buffer<int32_t> recover_block_list,
                     opforge::Buffer<int32_t> recover_lens,
                     opforge::Buffer<int32_t> need_block_list,
                     opforge::Buffer<int32_t> need_block_len,
                     opforge::Buffer<int32_t> used_list_len,
                     opforge::Buffer<int32_t> free_list,
                     opforge::Buffer<int32_t> free_list_len,
                     opforge::Buffer<int64_t> input_ids,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<int64_t> first_token_ids,
                     opforge::Buffer<int32_t> accept_num,
                     int64_t bsz,
                     int64_t block_num_per_seq,
                     int64_t free_list_size,
                     int64_t length,
                     int64_t pre_id_length,
                     int32_t block_size,
                     int32_t max_draft_tokens) {
  const opforge::cuda_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> ori_seq_lens_encoder_device(
      ori_seq_lens_encoder, "ori_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> ori_seq_lens_decoder_device(
      ori_seq_lens_decoder, "ori_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> block_tables_device(
      block_tables, "block_tables", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> encoder_block_lens_device(
      encoder_block_lens, "encoder_block_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_block_list_device(
      step_block_list, "step_block_list", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_lens_device(
      step_lens, "step_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> recover_block_list_device(
      recover_block_list, "recover_block_list", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> recover_lens_device(
      recover_lens, "recover_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> need_block_list_device(
      need_block_list, "need_block_list", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> need_block_len_device(
      need_block_len, "need_block_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> used_list_len_device(
      used_list_len, "used_list_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> free_list_device(
      free_list, "free_list", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> free_list_len_device(
      free_list_len, "free_list_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> first_token_ids_device(
      first_token_ids, "first_token_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  CudaArgs args;
  args.stop_flags = opforge::cuda_arg("speculate_step_system_cache", stop_flags_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_step_system_cache", seq_lens_this_time_device.get());
  args.ori_seq_lens_encoder = opforge::cuda_arg(
      "speculate_step_system_cache", ori_seq_lens_encoder_device.get());
  args.ori_seq_lens_decoder = opforge::cuda_arg(
      "speculate_step_system_cache", ori_seq_lens_decoder_device.get());
  args.seq_lens_encoder = opforge::cuda_arg(
      "speculate_step_system_cache", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_step_system_cache", seq_lens_decoder_device.get());
  args.block_tables = opforge::cuda_arg("speculate_step_system_cache", block_tables_device.get());
  args.encoder_block_lens = opforge::cuda_arg(
      "speculate_step_system_cache", encoder_block_lens_device.get());
  args.is_block_step = opforge::cuda_arg("speculate_step_system_cache", is_block_step_device.get());
  args.step_block_list = opforge::cuda_arg(
      "speculate_step_system_cache", step_block_list_device.get());
  args.step_lens = opforge::cuda_arg("speculate_step_system_cache", step_lens_device.get());
  args.recover_block_list = opforge::cuda_arg(
      "speculate_step_system_cache", recover_block_list_device.get());
  args.recover_lens = opforge::cuda_arg("speculate_step_system_cache", recover_lens_device.get());
  args.need_block_list = opforge::cuda_arg(
      "speculate_step_system_cache", need_block_list_device.get());
  args.need_block_len = opforge::cuda_arg(
      "speculate_step_system_cache", need_block_len_device.get());
  args.used_list_len = opforge::cuda_arg("speculate_step_system_cache", used_list_len_device.get());
  args.free_list = opforge::cuda_arg("speculate_step_system_cache", free_list_device.get());
  args.free_list_len = opforge::cuda_arg("speculate_step_system_cache", free_list_len_device.get());
  args.input_ids = opforge::cuda_arg("speculate_step_system_cache", input_ids_device.get());
  args.pre_ids = opforge::cuda_arg("speculate_step_system_cache", pre_ids_device.get());
  args.step_idx = opforge::cuda_arg("speculate_step_system_cache", step_idx_device.get());
  args.first_token_ids = opforge::cuda_arg(
      "speculate_step_system_cache", first_token_ids_device.get());
  args.accept_num = opforge::cuda_arg("speculate_step_system_cache", accept_num_device.get());
  args.bsz = bsz;
  args.block_num_per_seq = block_num_per_seq;
  args.free_list_size = free_list_size;
  args.length = length;
  args.pre_id_length = pre_id_length;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  opforge::cuda_sim::launch(ctx,
                            std::min(ctx.cuda.nblocks, 1),
                            kCudaBlock,
                            "speculate_step_system_cache",
                            &cuda_kernel,
                            args);
  stop_flags_device.copy_back();
  seq_lens_this_time_device.copy_back();
  seq_lens_encoder_device.copy_back();
  seq_lens_decoder_device.copy_back();
  block_tables_device.copy_back();
  encoder_block_lens_device.copy_back();
  is_block_step_device.copy_back();
  step_block_list_device.copy_back();
  step_lens_device.copy_back();
  recover_block_list_device.copy_back();
  recover_lens_device.copy_back();
  need_block_list_device.copy_back();
  need_block_len_device.copy_back();
  used_list_len_device.copy_back();
  free_list_device.copy_back();
  free_list_len_device.copy_back();
  input_ids_device.copy_back();
  first_token_ids_device.copy_back();
  accept_num_device.copy_back();
}

}  // namespace opforge::speculate_step_system_cache
