// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of draft_model_postprocess under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/draft_model_postprocess.h"
#include "kernel_decls/draft_model_postprocess_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::draft_model_postprocess {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> base_model_draft_tokens,
                     opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                     opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                     opforge::Buffer<const bool> base_model_stop_flags,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t draft_token_len) {
  const opforge::cuda_sim::DeviceCopy<const int64_t> base_model_draft_tokens_device(
      base_model_draft_tokens, "base_model_draft_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> base_model_seq_lens_this_time_device(
      base_model_seq_lens_this_time, "base_model_seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> base_model_seq_lens_encoder_device(
      base_model_seq_lens_encoder, "base_model_seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> base_model_stop_flags_device(
      base_model_stop_flags, "base_model_stop_flags", opforge::CopyIn::kYes);
  CudaArgs args;
  args.base_model_draft_tokens = opforge::cuda_arg(
      "draft_model_postprocess", base_model_draft_tokens_device.get());
  args.base_model_seq_lens_this_time = opforge::cuda_arg(
      "draft_model_postprocess", base_model_seq_lens_this_time_device.get());
  args.base_model_seq_lens_encoder = opforge::cuda_arg(
      "draft_model_postprocess", base_model_seq_lens_encoder_device.get());
  args.base_model_stop_flags = opforge::cuda_arg(
      "draft_model_postprocess", base_model_stop_flags_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.draft_token_len = draft_token_len;
  opforge::cuda_sim::launch(
      ctx, ctx.cuda.nblocks, kCudaBlock, "draft_model_postprocess", &cuda_kernel, args);
  base_model_seq_lens_this_time_device.copy_back();
}

}  // namespace opforge::draft_model_postprocess
