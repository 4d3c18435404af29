// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of hybrid_mtp_ngram under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/hybrid_mtp_ngram.h"
#include "kernel_decls/hybrid_mtp_ngram_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::hybrid_mtp_ngram {

void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const int64_t> input_ids_device(
      input_ids, "input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> input_ids_len_device(
      input_ids_len, "input_ids_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> draft_tokens_device(
      draft_tokens, "draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  CudaArgs args;
  args.input_ids = opforge::cuda_arg("hybrid_mtp_ngram", input_ids_device.get());
  args.input_ids_len = opforge::cuda_arg("hybrid_mtp_ngram", input_ids_len_device.get());
  args.pre_ids = opforge::cuda_arg("hybrid_mtp_ngram", pre_ids_device.get());
  args.step_idx = opforge::cuda_arg("hybrid_mtp_ngram", step_idx_device.get());
  args.draft_tokens = opforge::cuda_arg("hybrid_mtp_ngram", draft_tokens_device.get());
  args.seq_lens_this_time = opforge::cuda_arg("hybrid_mtp_ngram", seq_lens_this_time_device.get());
  args.seq_lens_decoder = opforge::cuda_arg("hybrid_mtp_ngram", seq_lens_decoder_device.get());
  args.max_dec_len = opforge::cuda_arg("hybrid_mtp_ngram", max_dec_len_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_input_len = max_input_len;
  args.max_pre_len = max_pre_len;
  args.max_step_tokens = max_step_tokens;
  args.max_ngram_size = max_ngram_size;
  args.min_ngram_size = min_ngram_size;
  args.max_draft_tokens = max_draft_tokens;
  args.spec_tokenum_threshold = spec_tokenum_threshold;
  opforge::cuda_sim::launch(
      ctx, std::min(ctx.cuda.nblocks, 1), kCudaBlock, "hybrid_mtp_ngram", &cuda_kernel, args);
  draft_tokens_device.copy_back();
  seq_lens_this_time_device.copy_back();
}

}  // namespace opforge::hybrid_mtp_ngram
