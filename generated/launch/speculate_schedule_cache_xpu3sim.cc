// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_schedule_cache under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_schedule_cache.h"
#include "kernel_decls/speculate_schedule_cache_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_schedule_cache {

void launch_xpu3_sim(const opforge::Context& ctx,
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
  const opforge::xpu3_sim::DeviceCopy<const int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> block_tables_device(
      block_tables, "block_tables", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> step_seq_lens_decoder_device(
      step_seq_lens_decoder, "step_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_draft_tokens_device(
      step_draft_tokens, "step_draft_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> step_seq_lens_this_time_device(
      step_seq_lens_this_time, "step_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> not_need_stop_device(
      not_need_stop, "not_need_stop", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> stop_nums_device(
      stop_nums, "stop_nums", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "speculate_schedule_cache",
      &xpu3_kernel,
      opforge::xpu3_arg(draft_tokens_device.get()),
      opforge::xpu3_arg(block_tables_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(prompt_lens_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(step_seq_lens_decoder_device.get()),
      opforge::xpu3_arg(step_draft_tokens_device.get()),
      opforge::xpu3_arg(step_seq_lens_this_time_device.get()),
      opforge::xpu3_arg(accept_num_device.get()),
      opforge::xpu3_arg(accept_tokens_device.get()),
      opforge::xpu3_arg(is_block_step_device.get()),
      opforge::xpu3_arg(not_need_stop_device.get()),
      opforge::xpu3_arg(stop_nums_device.get()),
      opforge::xpu3_dim("speculate_schedule_cache", "max_bsz", max_bsz),
      opforge::xpu3_dim("speculate_schedule_cache", "real_bsz", real_bsz),
      opforge::xpu3_dim("speculate_schedule_cache", "draft_tokens_len", draft_tokens_len),
      opforge::xpu3_dim("speculate_schedule_cache", "accept_tokens_len", accept_tokens_len),
      opforge::xpu3_dim("speculate_schedule_cache", "block_num_per_seq", block_num_per_seq),
      block_size,
      max_draft_tokens,
      prefill_one_step_stop);
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
