// Generated from opspec/speculate_get_padding_offset.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_get_padding_offset under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_padding_offset.h"
#include "kernel_decls/speculate_get_padding_offset_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_get_padding_offset {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int64_t> step_input_ids,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int64_t> ids_remove_padding,
                     opforge::Buffer<int32_t> batch_id_per_token,
                     opforge::Buffer<int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> cu_seqlens_k,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_seq_len,
                     int64_t max_step_tokens,
                     int64_t token_num,
                     int64_t cpu_token_num) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<int64_t> ids_remove_padding_device(
      ids_remove_padding, "ids_remove_padding", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> batch_id_per_token_device(
      batch_id_per_token, "batch_id_per_token", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> cu_seqlens_k_device(
      cu_seqlens_k, "cu_seqlens_k", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "speculate_get_padding_offset",
      &xpu3_kernel,
      opforge::xpu3_arg(input_ids_device.get()),
      opforge::xpu3_arg(step_input_ids_device.get()),
      opforge::xpu3_arg(seq_lens_this_time_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(ids_remove_padding_device.get()),
      opforge::xpu3_arg(batch_id_per_token_device.get()),
      opforge::xpu3_arg(cu_seqlens_q_device.get()),
      opforge::xpu3_arg(cu_seqlens_k_device.get()),
      opforge::xpu3_dim("speculate_get_padding_offset", "max_bsz", max_bsz),
      opforge::xpu3_dim("speculate_get_padding_offset", "real_bsz", real_bsz),
      opforge::xpu3_dim("speculate_get_padding_offset", "max_seq_len", max_seq_len),
      opforge::xpu3_dim("speculate_get_padding_offset", "max_step_tokens", max_step_tokens),
      opforge::xpu3_dim("speculate_get_padding_offset", "token_num", token_num),
      cpu_token_num);
  ids_remove_padding_device.copy_back();
  batch_id_per_token_device.copy_back();
  cu_seqlens_q_device.copy_back();
  cu_seqlens_k_device.copy_back();
}

}  // namespace opforge::speculate_get_padding_offset
