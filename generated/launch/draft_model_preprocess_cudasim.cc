// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of draft_model_preprocess under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/draft_model_preprocess.h"
#include "kernel_decls/draft_model_preprocess_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::draft_model_preprocess {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<const int64_t> token_ids_all,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> draft_input_ids,
                     opforge::Buffer<int32_t> draft_seq_lens_this_time,
                     opforge::Buffer<int32_t> draft_seq_lens_encoder,
                     opforge::Buffer<int32_t> draft_seq_lens_decoder,
                     opforge::Buffer<bool> has_draft_seqs,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len) {
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> draft_input_ids_device(
      draft_input_ids, "draft_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_this_time_device(
      draft_seq_lens_this_time, "draft_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_encoder_device(
      draft_seq_lens_encoder, "draft_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> draft_seq_lens_decoder_device(
      draft_seq_lens_decoder, "draft_seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> has_draft_seqs_device(
      has_draft_seqs, "has_draft_seqs", opforge::CopyIn::kYes);
  CudaArgs args;
  args.seq_lens_this_time = opforge::cuda_arg(
      "draft_model_preprocess", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg(
      "draft_model_preprocess", seq_lens_encoder_device.get());
  args.stop_flags = opforge::cuda_arg("draft_model_preprocess", stop_flags_device.get());
  args.step_idx = opforge::cuda_arg("draft_model_preprocess", step_idx_device.get());
  args.max_dec_len = opforge::cuda_arg("draft_model_preprocess", max_dec_len_device.get());
  args.prompt_lens = opforge::cuda_arg("draft_model_preprocess", prompt_lens_device.get());
  args.token_ids_all = opforge::cuda_arg("draft_model_preprocess", token_ids_all_device.get());
  args.step_input_ids = opforge::cuda_arg("draft_model_preprocess", step_input_ids_device.get());
  args.draft_input_ids = opforge::cuda_arg("draft_model_preprocess", draft_input_ids_device.get());
  args.draft_seq_lens_this_time = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_this_time_device.get());
  args.draft_seq_lens_encoder = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_encoder_device.get());
  args.draft_seq_lens_decoder = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_decoder_device.get());
  args.has_draft_seqs = opforge::cuda_arg("draft_model_preprocess", has_draft_seqs_device.get());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.max_model_len = max_model_len;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "draft_model_preprocess", &cuda_kernel, args);
  seq_lens_this_time_device.copy_back();
  step_input_ids_device.copy_back();
  draft_input_ids_device.copy_back();
  draft_seq_lens_this_time_device.copy_back();
  draft_seq_lens_encoder_device.copy_back();
  draft_seq_lens_decoder_device.copy_back();
  has_draft_seqs_device.copy_back();
}

}  // namespace opforge::draft_model_preprocess
