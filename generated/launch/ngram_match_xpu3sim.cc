// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of ngram_match under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/ngram_match.h"
#include "kernel_decls/ngram_match_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::ngram_match {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int32_t> draft_token_num,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_step_tokens,
                     int64_t max_model_len,
                     int32_t max_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t infer_with_reference_tokenum_threshold) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> draft_token_num_device(
      draft_token_num, "draft_token_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(ctx,
                            std::min(ctx.xpu3.nclusters, 1),
                            "ngram_match",
                            &xpu3_kernel,
                            opforge::xpu3_arg(token_ids_all_device.get()),
                            opforge::xpu3_arg(prompt_lens_device.get()),
                            opforge::xpu3_arg(step_idx_device.get()),
                            opforge::xpu3_arg(draft_token_num_device.get()),
                            opforge::xpu3_arg(step_input_ids_device.get()),
                            opforge::xpu3_arg(seq_lens_this_time_device.get()),
                            opforge::xpu3_arg(seq_lens_encoder_device.get()),
                            opforge::xpu3_arg(seq_lens_decoder_device.get()),
                            opforge::xpu3_arg(max_dec_len_device.get()),
                            opforge::xpu3_dim("ngram_match", "max_bsz", max_bsz),
                            opforge::xpu3_dim("ngram_match", "real_bsz", real_bsz),
                            opforge::xpu3_dim("ngram_match", "max_step_tokens", max_step_tokens),
                            opforge::xpu3_dim("ngram_match", "max_model_len", max_model_len),
                            max_ngram_size,
                            max_draft_tokens,
                            infer_with_reference_tokenum_threshold);
  step_input_ids_device.copy_back();
  seq_lens_this_time_device.copy_back();
}

}  // namespace opforge::ngram_match
