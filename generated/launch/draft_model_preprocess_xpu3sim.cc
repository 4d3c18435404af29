// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of draft_model_preprocess under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/draft_model_preprocess.h"
#include "kernel_decls/draft_model_preprocess_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::draft_model_preprocess {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len) {
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> draft_input_ids_device(
      draft_input_ids, "draft_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_this_time_device(
      draft_seq_lens_this_time, "draft_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_encoder_device(
      draft_seq_lens_encoder, "draft_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_decoder_device(
      draft_seq_lens_decoder, "draft_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> has_draft_seqs_device(
      has_draft_seqs, "has_draft_seqs", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "draft_model_preprocess",
      &xpu3_kernel,
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(max_dec_len_device.get()),
      opforge::xpu3_arg(prompt_lens_device.get()),
      opforge::xpu3_arg(token_ids_all_device.get()),
      opforge::xpu3_arg(step_input_ids_device.get()),
      opforge::xpu3_arg(draft_input_ids_device.get()),
      opforge::xpu3_arg(draft_seq_lens_this_time_device.get()),
      opforge::xpu3_arg(draft_seq_lens_encoder_device.get()),
      opforge::xpu3_arg(draft_seq_lens_decoder_device.get()),
      opforge::xpu3_arg(has_draft_seqs_device.get()),
      opforge::xpu3_dim("draft_model_preprocess", "max_bsz", max_bsz),
      opforge::xpu3_dim("draft_model_preprocess", "max_step_tokens", max_step_tokens),
      opforge::xpu3_dim("draft_model_preprocess", "real_bsz", real_bsz),
      opforge::xpu3_dim("draft_model_preprocess", "max_model_len", max_model_len));
  seq_lens_this_time_device.copy_back();
  step_input_ids_device.copy_back();
  draft_input_ids_device.copy_back();
  draft_seq_lens_this_time_device.copy_back();
  draft_seq_lens_encoder_device.copy_back();
  draft_seq_lens_decoder_device.copy_back();
  has_draft_seqs_device.copy_back();
}

}  // namespace opforge::draft_model_preprocess
