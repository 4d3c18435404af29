// Generated from opspec/speculate_limit_thinking_content_length_v2.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_limit_thinking_content_length_v2 under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_limit_thinking_content_length_v2.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v2_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_limit_thinking_content_length_v2 {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> next_tokens,
                     opforge::Buffer<const int32_t> max_think_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<int32_t> limit_think_status,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const bool> stop_flags,
                     int64_t bsz,
                     int64_t tokens_per_step,
                     int64_t think_end_id,
                     int64_t line_break_id) {
  const opforge::xpu3_sim::DeviceCopy<int64_t> next_tokens_device(
      next_tokens, "next_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> max_think_lens_device(
      max_think_lens, "max_think_lens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> limit_think_status_device(
      limit_think_status, "limit_think_status", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "speculate_limit_thinking_content_length_v2",
      &xpu3_kernel,
      opforge::xpu3_arg(next_tokens_device.get()),
      opforge::xpu3_arg(max_think_lens_device.get()),
      opforge::xpu3_arg(step_idx_device.get()),
      opforge::xpu3_arg(limit_think_status_device.get()),
      opforge::xpu3_arg(accept_num_device.get()),
      opforge::xpu3_arg(seq_lens_decoder_device.get()),
      opforge::xpu3_arg(stop_flags_device.get()),
      opforge::xpu3_dim("speculate_limit_thinking_content_length_v2", "bsz", bsz),
      opforge::xpu3_dim(
          "speculate_limit_thinking_content_length_v2", "tokens_per_step", tokens_per_step),
      think_end_id,
      line_break_id);
  next_tokens_device.copy_back();
  step_idx_device.copy_back();
  limit_think_status_device.copy_back();
  accept_num_device.copy_back();
  seq_lens_decoder_device.copy_back();
}

}  // namespace opforge::speculate_limit_thinking_content_length_v2
