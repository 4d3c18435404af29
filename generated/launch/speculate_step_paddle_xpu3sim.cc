// Generated from opspec/speculate_step_paddle.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_step_paddle under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_step_paddle.h"
#include "kernel_decls/speculate_step_paddle_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_step_paddle {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> ori_seq_lens_encoder,
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
  const opforge::xpu3_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> ori_seq_lens_encoder_device(
      ori_seq_lens_encoder, "ori_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> block_tables_device(
      block_tables, "block_tables", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> encoder_block_lens_device(
      encoder_block_lens, "encoder_block_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> step_block_list_device(
      step_block_list, "step_block_list", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> step_lens_device(
      step_lens, "step_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> recover_block_list_device(
      recover_block_list, "recover_block_list", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> recover_lens_device(
      recover_lens, "recover_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> need_block_list_device(
      need_block_list, "need_block_list", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> need_block_len_device(
      need_block_len, "need_block_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> used_list_len_device(
      used_list_len, "used_list_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> free_list_device(
      free_list, "free_list", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> free_list_len_device(
      free_list_len, "free_list_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> first_token_ids_device(
      first_token_ids, "first_token_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "speculate_step_paddle",
      &xpu3_kernel,
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(ori_seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(block_tables_device.get()),
      opforge::xpu3_arg(encoder_block_lens_device.get()),
      opforge::xpu3_arg(is_block_step_device.get()),
      opforge::xpu3_arg(step_block_list_device.get()),
      opforge::xpu3_arg(step_lens_device.get()),
      opforge::xpu3_arg(recover_block_list_device.get()),
      opforge::xpu3_arg(recover_lens_device.get()),
      opforge::xpu3_arg(need_block_list_device.get()),
      opforge::xpu3_arg(need_block_len_device.get()),
      opforge::xpu3_arg(used_list_len_device.get()),
      opforge::xpu3_arg(free_list_device.get()),
      opforge::xpu3_arg(free_list_len_device.get()),
      opforge::xpu3_arg(input_ids_device.get()),
      opforge::xpu3_arg(pre_ids_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(first_token_ids_device.get()),
      opforge::xpu3_arg(accept_num_device.get()),
      opforge::xpu3_dim("speculate_step_paddle", "bsz", bsz),
      opforge::xpu3_dim("speculate_step_paddle", "block_num_per_seq", block_num_per_seq),
      opforge::xpu3_dim("speculate_step_paddle", "free_list_size", free_list_size),
      opforge::xpu3_dim("speculate_step_paddle", "length", length),
      opforge::xpu3_dim("speculate_step_paddle", "pre_id_length", pre_id_length),
      block_size,
      max_draft_tokens);
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

}  // namespace opforge::speculate_step_paddle
