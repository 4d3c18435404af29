// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of hybrid_mtp_ngram under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/hybrid_mtp_ngram.h"
#include "kernel_decls/hybrid_mtp_ngram_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::hybrid_mtp_ngram {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int64_t> input_ids_len,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<int64_t> draft_tokens,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_input_len,
                     int64_t max_pre_len,
                     int64_t max_step_tokens,
                     int32_t max_ngram_size,
                     int32_t min_ngram_size,
                     int32_t max_draft_tokens,
                     int32_t spec_tokenum_threshold) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> input_ids_len_device(
      input_ids_len, "input_ids_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "hybrid_mtp_ngram",
      &xpu3_kernel,
      opforge::xpu3_arg(input_ids_device.get()),
      opforge::xpu3_arg(input_ids_len_device.get()),
      opforge::xpu3_arg(pre_ids_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(draft_tokens_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(max_dec_len_device.get()),
      opforge::xpu3_dim("hybrid_mtp_ngram", "max_bsz", max_bsz),
      opforge::xpu3_dim("hybrid_mtp_ngram", "real_bsz", real_bsz),
      opforge::xpu3_dim("hybrid_mtp_ngram", "max_input_len", max_input_len),
      opforge::xpu3_dim("hybrid_mtp_ngram", "max_pre_len", max_pre_len),
      opforge::xpu3_dim("hybrid_mtp_ngram", "max_step_tokens", max_step_tokens),
      max_ngram_size,
      min_ngram_size,
      max_draft_tokens,
      spec_tokenum_threshold);
  draft_tokens_device.copy_back();
  seq_lens_this_time_device.copy_back();
}

}  // namespace opforge::hybrid_mtp_ngram
