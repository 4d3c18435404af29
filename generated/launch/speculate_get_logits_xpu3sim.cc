// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_get_logits under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_logits.h"
#include "kernel_decls/speculate_get_logits_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_get_logits {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<float> draft_logits,
                     opforge::Buffer<int32_t> next_token_num,
                     opforge::Buffer<int32_t> batch_token_num,
                     opforge::Buffer<int32_t> cu_next_token_offset,
                     opforge::Buffer<int32_t> cu_batch_token_offset,
                     opforge::Buffer<const float> logits,
                     opforge::Buffer<const float> first_token_logits,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     int64_t bsz,
                     int64_t draft_rows,
                     int64_t token_num,
                     int64_t vocab_size) {
  const opforge::xpu3_sim::DeviceCopy<float> draft_logits_device(
      draft_logits, "draft_logits", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> next_token_num_device(
      next_token_num, "next_token_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> batch_token_num_device(
      batch_token_num, "batch_token_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> cu_next_token_offset_device(
      cu_next_token_offset, "cu_next_token_offset", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> cu_batch_token_offset_device(
      cu_batch_token_offset, "cu_batch_token_offset", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const float> logits_device(
      logits, "logits", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const float> first_token_logits_device(
      first_token_logits, "first_token_logits", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(ctx,
                            std::min(ctx.xpu3.nclusters, 1),
                            "speculate_get_logits",
                            &xpu3_kernel,
                            opforge::xpu3_arg(draft_logits_device.get()),
                            opforge::xpu3_arg(next_token_num_device.get()),
                            opforge::xpu3_arg(batch_token_num_device.get()),
                            opforge::xpu3_arg(cu_next_token_offset_device.get()),
                            opforge::xpu3_arg(cu_batch_token_offset_device.get()),
                            opforge::xpu3_arg(logits_device.get()),
                            opforge::xpu3_arg(first_token_logits_device.get()),
                            opforge::xpu3_arg(seq_lens_this_time_device.get()),
                            opforge::xpu3_arg(seq_lens_encoder_device.get()),
                            opforge::xpu3_dim("speculate_get_logits", "bsz", bsz),
                            opforge::xpu3_dim("speculate_get_logits", "draft_rows", draft_rows),
                            opforge::xpu3_dim("speculate_get_logits", "token_num", token_num),
                            opforge::xpu3_dim("speculate_get_logits", "vocab_size", vocab_size));
  draft_logits_device.copy_back();
  next_token_num_device.copy_back();
  batch_token_num_device.copy_back();
  cu_next_token_offset_device.copy_back();
  cu_batch_token_offset_device.copy_back();
}

}  // namespace opforge::speculate_get_logits
