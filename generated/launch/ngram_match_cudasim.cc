// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of ngram_match under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/ngram_match.h"
#include "kernel_decls/ngram_match_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::ngram_match {

void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> draft_token_num_device(
      draft_token_num, "draft_token_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  CudaArgs args;
  args.token_ids_all = opforge::cuda_arg("ngram_match", token_ids_all_device.get());
  args.prompt_lens = opforge::cuda_arg("ngram_match", prompt_lens_device.get());
  args.step_idx = opforge::cuda_arg("ngram_match", step_idx_device.get());
  args.draft_token_num = opforge::cuda_arg("ngram_match", draft_token_num_device.get());
  args.step_input_ids = opforge::cuda_arg("ngram_match", step_input_ids_device.get());
  args.seq_lens_this_time = opforge::cuda_arg("ngram_match", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg("ngram_match", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg("ngram_match", seq_lens_decoder_device.get());
  args.max_dec_len = opforge::cuda_arg("ngram_match", max_dec_len_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_step_tokens = max_step_tokens;
  args.max_model_len = max_model_len;
  args.max_ngram_size = max_ngram_size;
  args.max_draft_tokens = max_draft_tokens;
  args.infer_with_reference_tokenum_threshold = infer_with_reference_tokenum_threshold;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "ngram_match", &cuda_kernel, args);
  step_input_ids_device.copy_back();
  seq_lens_this_time_device.copy_back();
}

}  // namespace opforge::ngram_match
