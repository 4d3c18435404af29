// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_pre_process under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_pre_process.h"
#include "kernel_decls/speculate_pre_process_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_pre_process {

void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_len_device(
      seq_len, "seq_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> ids_remove_padding_device(
      ids_remove_padding, "ids_remove_padding", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> batch_id_per_token_device(
      batch_id_per_token, "batch_id_per_token", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_seqlens_k_device(
      cu_seqlens_k, "cu_seqlens_k", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_seq_lens_q_output_device(
      cu_seq_lens_q_output, "cu_seq_lens_q_output", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> batch_id_per_token_output_device(
      batch_id_per_token_output, "batch_id_per_token_output", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> real_output_token_num_device(
      real_output_token_num, "real_output_token_num", opforge::CopyIn::kNo);
  CudaArgs args;
  args.input_ids = opforge::cuda_arg("speculate_pre_process", input_ids_device.get());
  args.seq_len = opforge::cuda_arg("speculate_pre_process", seq_len_device.get());
  args.draft_tokens = opforge::cuda_arg("speculate_pre_process", draft_tokens_device.get());
  args.seq_lens_encoder = opforge::cuda_arg("speculate_pre_process", seq_lens_encoder_device.get());
  args.ids_remove_padding = opforge::cuda_arg(
      "speculate_pre_process", ids_remove_padding_device.get());
  args.batch_id_per_token = opforge::cuda_arg(
      "speculate_pre_process", batch_id_per_token_device.get());
  args.cu_seqlens_q = opforge::cuda_arg("speculate_pre_process", cu_seqlens_q_device.get());
  args.cu_seqlens_k = opforge::cuda_arg("speculate_pre_process", cu_seqlens_k_device.get());
  args.cu_seq_lens_q_output = opforge::cuda_arg(
      "speculate_pre_process", cu_seq_lens_q_output_device.get());
  args.batch_id_per_token_output = opforge::cuda_arg(
      "speculate_pre_process", batch_id_per_token_output_device.get());
  args.real_output_token_num = opforge::cuda_arg(
      "speculate_pre_process", real_output_token_num_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_seq_len = max_seq_len;
  args.max_draft_tokens = max_draft_tokens;
  args.token_num = token_num;
  args.cpu_token_num = cpu_token_num;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "speculate_pre_process", &cuda_kernel, args);
  ids_remove_padding_device.copy_back();
  batch_id_per_token_device.copy_back();
  cu_seqlens_q_device.copy_back();
  cu_seqlens_k_device.copy_back();
  cu_seq_lens_q_output_device.copy_back();
  batch_id_per_token_output_device.copy_back();
  real_output_token_num_device.copy_back();
}

}  // namespace opforge::speculate_pre_process
