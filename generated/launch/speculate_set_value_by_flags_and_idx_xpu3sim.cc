// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_set_value_by_flags_and_idx under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_set_value_by_flags_and_idx.h"
#include "kernel_decls/speculate_set_value_by_flags_and_idx_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_set_value_by_flags_and_idx {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> pre_ids_all,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> step_idx,
                     int64_t bsz,
                     int64_t pre_ids_len,
                     int64_t max_draft_tokens) {
  const opforge::xpu3_sim::DeviceCopy<int64_t> pre_ids_all_device(
      pre_ids_all, "pre_ids_all", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "speculate_set_value_by_flags_and_idx",
      &xpu3_kernel,
      opforge::xpu3_arg(pre_ids_all_device.get()),
      opforge::xpu3_arg(accept_tokens_device.get()),
      opforge::xpu3_arg(accept_num_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_dim("speculate_set_value_by_flags_and_idx", "bsz", bsz),
      opforge::xpu3_dim("speculate_set_value_by_flags_and_idx", "pre_ids_len", pre_ids_len),
      opforge::xpu3_dim("speculate_set_value_by_flags_and_idx", "max_draft_tokens", max_draft_tokens));
  pre_ids_all_device.copy_back();
  accept_num_device.copy_back();
  seq_lens_decoder_device.copy_back();
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx
