// Generated from opspec/draft_model_update.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of draft_model_update under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/draft_model_update.h"
#include "kernel_decls/draft_model_update_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::draft_model_update {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> draft_next_tokens,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t end_length,
                     bool prefill_one_step_stop) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> draft_next_tokens_device(
      draft_next_tokens, "draft_next_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_this_time_device(
      draft_seq_lens_this_time, "draft_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_encoder_device(
      draft_seq_lens_encoder, "draft_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> draft_seq_lens_decoder_device(
      draft_seq_lens_decoder, "draft_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> draft_input_ids_device(
      draft_input_ids, "draft_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> end_tokens_device(
      end_tokens, "end_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<bool> has_draft_seqs_device(
      has_draft_seqs, "has_draft_seqs", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "draft_model_update",
      &xpu3_kernel,
      opforge::xpu3_arg(draft_next_tokens_device.get()),
      opforge::xpu3_arg(cu_seqlens_q_device.get()),
      opforge::xpu3_arg(draft_seq_lens_this_time_device.get()),
      opforge::xpu3_arg(draft_seq_lens_encoder_device.get()),
      opforge::xpu3_arg(draft_seq_lens_decoder_device.get()),
      opforge::xpu3_arg(draft_input_ids_device.get()),
      opforge::xpu3_arg(step_input_ids_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(max_dec_len_device.get()),
      opforge::xpu3_arg(end_tokens_device.get()),
      opforge::xpu3_arg(has_draft_seqs_device.get()),
      opforge::xpu3_dim("draft_model_update", "max_bsz", max_bsz),
      opforge::xpu3_dim("draft_model_update", "max_step_tokens", max_step_tokens),
      opforge::xpu3_dim("draft_model_update", "real_bsz", real_bsz),
      opforge::xpu3_dim("draft_model_update", "token_num", token_num),
      opforge::xpu3_dim("draft_model_update", "end_length", end_length),
      prefill_one_step_stop);
  draft_seq_lens_this_time_device.copy_back();
  draft_seq_lens_encoder_device.copy_back();
  draft_seq_lens_decoder_device.copy_back();
  draft_input_ids_device.copy_back();
  step_input_ids_device.copy_back();
  seq_lens_this_time_device.copy_back();
  has_draft_seqs_device.copy_back();
}

}  // namespace opforge::draft_model_update
