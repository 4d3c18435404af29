// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_pre_process under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_pre_process.h"
#include "kernel_decls/speculate_pre_process_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_pre_process {

void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> input_ids,
                     opforge::Buffer<const int32_t> seq_len,
                     opforge::Buffer<const int64_t> draft_tokens,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int64_t> ids_remove_padding,
                     opforge::Buffer<int32_t> batch_id_per_token,
                     opforge::Buffer<int32_t> cu_seqlens_q,
                     opforge::Buffer<int32_t> cu_seqlens_k,
                     opforge::Buffer<int32_t> cu_seq_lens_q_output,
                     opforge::Buffer<int32_t> batch_id_per_token_output,
                     opforge::Buffer<int32_t> real_output_token_num,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t max_seq_len,
                     int64_t max_draft_tokens,
                     int64_t token_num,
                     int64_t cpu_token_num) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> seq_len_device(
      seq_len, "seq_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
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
  const opforge::xpu3_sim::DeviceCopy<int32_t> cu_seq_lens_q_output_device(
      cu_seq_lens_q_output, "cu_seq_lens_q_output", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> batch_id_per_token_output_device(
      batch_id_per_token_output, "batch_id_per_token_output", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> real_output_token_num_device(
      real_output_token_num, "real_output_token_num", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      std::min(ctx.xpu3.nclusters, 1),
      "speculate_pre_process",
      &xpu3_kernel,
      opforge::xpu3_arg(input_ids_device.get()),
      opforge::xpu3_arg(seq_len_device.get()),
      opforge::xpu3_arg(draft_tokens_device.get()),
      opforge::xpu3_arg(seq_lens_encoder_device.get()),
      opforge::xpu3_arg(ids_remove_padding_device.get()),
      opforge::xpu3_arg(batch_id_per_token_device.get()),
      opforge::xpu3_arg(cu_seqlens_q_device.get()),
      opforge::xpu3_arg(cu_seqlens_k_device.get()),
      opforge::xpu3_arg(cu_seq_lens_q_output_device.get()),
      opforge::xpu3_arg(batch_id_per_token_output_device.get()),
      opforge::xpu3_arg(real_output_token_num_device.get()),
      opforge::xpu3_dim("speculate_pre_process", "max_bsz", max_bsz),
      opforge::xpu3_dim("speculate_pre_process", "real_bsz", real_bsz),
      opforge::xpu3_dim("speculate_pre_process", "max_seq_len", max_seq_len),
      opforge::xpu3_dim("speculate_pre_process", "max_draft_tokens", max_draft_tokens),
      opforge::xpu3_dim("speculate_pre_process", "token_num", token_num),
      cpu_token_num);
  ids_remove_padding_device.copy_back();
  batch_id_per_token_device.copy_back();
  cu_seqlens_q_device.copy_back();
  cu_seqlens_k_device.copy_back();
  cu_seq_lens_q_output_device.copy_back();
  batch_id_per_token_output_device.copy_back();
  real_output_token_num_device.copy_back();
}

}  // namespace opforge::speculate_pre_process
