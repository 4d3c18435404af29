// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of unified_update_model_status under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/unified_update_model_status.h"
#include "kernel_decls/unified_update_model_status_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::unified_update_model_status {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> has_running_seqs,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_paused,
                     opforge::Buffer<int32_t> mask_rollback,
                     opforge::Buffer<int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len,
                     int64_t end_length,
                     bool is_naive_mode,
                     bool prefill_one_step_stop) {
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> has_running_seqs_device(
      has_running_seqs, "has_running_seqs", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_output_ids_device(
      step_output_ids, "step_output_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> step_output_len_device(
      step_output_len, "step_output_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const bool> is_paused_device(
      is_paused, "is_paused", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> mask_rollback_device(
      mask_rollback, "mask_rollback", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> end_tokens_device(
      end_tokens, "end_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "unified_update_model_status",
      &xpu3_kernel,
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(has_running_seqs_device.get()),
      opforge::xpu3_arg(step_input_ids_device.get()),
      opforge::xpu3_arg(step_output_ids_device.get()),
      opforge::xpu3_arg(step_output_len_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(is_paused_device.get()),
      opforge::xpu3_arg(mask_rollback_device.get()),
      opforge::xpu3_arg(token_ids_all_device.get()),
      opforge::xpu3_arg(prompt_lens_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(end_tokens_device.get()),
      opforge::xpu3_arg(max_dec_len_device.get()),
      opforge::xpu3_dim("unified_update_model_status", "max_bsz", max_bsz),
      opforge::xpu3_dim("unified_update_model_status", "max_step_tokens", max_step_tokens),
      opforge::xpu3_dim("unified_update_model_status", "real_bsz", real_bsz),
      opforge::xpu3_dim("unified_update_model_status", "max_model_len", max_model_len),
      opforge::xpu3_dim("unified_update_model_status", "end_length", end_length),
      is_naive_mode,
      prefill_one_step_stop);
  seq_lens_encoder_device.copy_back();
  seq_lens_decoder_device.copy_back();
  has_running_seqs_device.copy_back();
  step_input_ids_device.copy_back();
  step_output_ids_device.copy_back();
  step_output_len_device.copy_back();
  stop_flags_device.copy_back();
  seq_lens_this_time_device.copy_back();
  mask_rollback_device.copy_back();
  token_ids_all_device.copy_back();
  step_idx_device.copy_back();
}

}  // namespace opforge::unified_update_model_status
