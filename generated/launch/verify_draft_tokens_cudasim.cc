// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of verify_draft_tokens under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/verify_draft_tokens.h"
#include "kernel_decls/verify_draft_tokens_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::verify_draft_tokens {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<const int64_t> step_input_ids,
                     opforge::Buffer<const int64_t> target_tokens,
                     opforge::Buffer<const int64_t> candidate_ids,
                     opforge::Buffer<const float> candidate_scores,
                     opforge::Buffer<const int32_t> candidate_lens,
                     opforge::Buffer<const float> topp,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const bool> is_block_step,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<const int32_t> reasoning_status,
                     opforge::Buffer<const int64_t> max_dec_len,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<const float> topp_uniforms,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t max_candidate_len,
                     int64_t end_length,
                     int32_t max_seq_len,
                     int32_t verify_window,
                     opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                     bool reject_all,
                     bool accept_all,
                     int64_t seed) {
  const opforge::cuda_sim::DeviceCopy<int64_t> step_output_ids_device(
      step_output_ids, "step_output_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_output_len_device(
      step_output_len, "step_output_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> target_tokens_device(
      target_tokens, "target_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> candidate_ids_device(
      candidate_ids, "candidate_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> candidate_scores_device(
      candidate_scores, "candidate_scores", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> candidate_lens_device(
      candidate_lens, "candidate_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> topp_device(topp, "topp", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> end_tokens_device(
      end_tokens, "end_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> is_block_step_device(
      is_block_step, "is_block_step", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> reasoning_status_device(
      reasoning_status, "reasoning_status", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> topp_uniforms_device(
      topp_uniforms, "topp_uniforms", opforge::CopyIn::kYes);
  CudaArgs args;
  args.step_output_ids = opforge::cuda_arg("verify_draft_tokens", step_output_ids_device.get());
  args.step_output_len = opforge::cuda_arg("verify_draft_tokens", step_output_len_device.get());
  args.step_input_ids = opforge::cuda_arg("verify_draft_tokens", step_input_ids_device.get());
  args.target_tokens = opforge::cuda_arg("verify_draft_tokens", target_tokens_device.get());
  args.candidate_ids = opforge::cuda_arg("verify_draft_tokens", candidate_ids_device.get());
  args.candidate_scores = opforge::cuda_arg("verify_draft_tokens", candidate_scores_device.get());
  args.candidate_lens = opforge::cuda_arg("verify_draft_tokens", candidate_lens_device.get());
  args.topp = opforge::cuda_arg("verify_draft_tokens", topp_device.get());
  args.stop_flags = opforge::cuda_arg("verify_draft_tokens", stop_flags_device.get());
  args.seq_lens_encoder = opforge::cuda_arg("verify_draft_tokens", seq_lens_encoder_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "verify_draft_tokens", seq_lens_this_time_device.get());
  args.end_tokens = opforge::cuda_arg("verify_draft_tokens", end_tokens_device.get());
  args.is_block_step = opforge::cuda_arg("verify_draft_tokens", is_block_step_device.get());
  args.cu_seqlens_q_output = opforge::cuda_arg(
      "verify_draft_tokens", cu_seqlens_q_output_device.get());
  args.reasoning_status = opforge::cuda_arg("verify_draft_tokens", reasoning_status_device.get());
  args.max_dec_len = opforge::cuda_arg("verify_draft_tokens", max_dec_len_device.get());
  args.step_idx = opforge::cuda_arg("verify_draft_tokens", step_idx_device.get());
  args.topp_uniforms = opforge::cuda_arg("verify_draft_tokens", topp_uniforms_device.get());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.max_candidate_len = max_candidate_len;
  args.end_length = end_length;
  args.max_seq_len = max_seq_len;
  args.verify_window = verify_window;
  args.verify_strategy = verify_strategy;
  args.reject_all = reject_all;
  args.accept_all = accept_all;
  args.seed = seed;
  opforge::cuda_sim::launch(
      ctx, ctx.cuda.nblocks, kCudaBlock, "verify_draft_tokens", &cuda_kernel, args);
  step_output_ids_device.copy_back();
  step_output_len_device.copy_back();
}

}  // namespace opforge::verify_draft_tokens
