// Generated from opspec/draft_model_update.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of draft_model_update under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/draft_model_update.h"
#include "kernel_decls/draft_model_update_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::draft_model_update {

void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const int64_t> draft_next_tokens_device(
      draft_next_tokens, "draft_next_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_this_time_device(
      draft_seq_lens_this_time, "draft_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_encoder_device(
      draft_seq_lens_encoder, "draft_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_decoder_device(
      draft_seq_lens_decoder, "draft_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> draft_input_ids_device(
      draft_input_ids, "draft_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> end_tokens_device(
      end_tokens, "end_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> has_draft_seqs_device(
      has_draft_seqs, "has_draft_seqs", opforge::CopyIn::kYes);
  CudaArgs args;
  args.draft_next_tokens = opforge::cuda_arg("draft_model_update", draft_next_tokens_device.get());
  args.cu_seqlens_q = opforge::cuda_arg("draft_model_update", cu_seqlens_q_device.get());
  args.draft_seq_lens_this_time = opforge::cuda_arg(
      "draft_model_update", draft_seq_lens_this_time_device.get());
  args.draft_seq_lens_encoder = opforge::cuda_arg(
      "draft_model_update", draft_seq_lens_encoder_device.get());
  args.draft_seq_lens_decoder = opforge::cuda_arg(
      "draft_model_update", draft_seq_lens_decoder_device.get());
  args.draft_input_ids = opforge::cuda_arg("draft_model_update", draft_input_ids_device.get());
  args.step_input_ids = opforge::cuda_arg("draft_model_update", step_input_ids_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "draft_model_update", seq_lens_this_time_device.get());
  args.step_idx = opforge::cuda_arg("draft_model_update", step_idx_device.get());
  args.max_dec_len = opforge::cuda_arg("draft_model_update", max_dec_len_device.get());
  args.end_tokens = opforge::cuda_arg("draft_model_update", end_tokens_device.get());
  args.has_draft_seqs = opforge::cuda_arg("draft_model_update", has_draft_seqs_device.get());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.end_length = end_length;
  args.prefill_one_step_stop = prefill_one_step_stop;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "draft_model_update", &cuda_kernel, args);
  draft_seq_lens_this_time_device.copy_back();
  draft_seq_lens_encoder_device.copy_back();
  draft_seq_lens_decoder_device.copy_back();
  draft_input_ids_device.copy_back();
  step_input_ids_device.copy_back();
  seq_lens_this_time_device.copy_back();
  has_draft_seqs_device.copy_back();
}

}  // namespace opforge::draft_model_update
