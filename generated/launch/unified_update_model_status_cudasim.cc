// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of unified_update_model_status under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/unified_update_model_status.h"
#include "kernel_decls/unified_update_model_status_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::unified_update_model_status {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<bool> has_running_seqs,
                     opforge::Buffer<int64_t> step_input_ids,
                     opforge::Buffer<int64_t> step_output_ids,
                     opforge::Buffer<int32_t> step_output_len,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<int32_t> seq_lens_this_time,
                     opforge::Buffer<const bool> is_paused,
                     opforge::Buffer<int32_t> mask_rollback,
                     opforge::Buffer<int64_t> token_ids_all,
                     opforge::Buffer<const int64_t> prompt_lens,
                     opforge::Buffer<int64_t> step_idx,
                     opforge::Buffer<const int64_t> end_tokens,
                     opforge::Buffer<const int64_t> max_dec_len,
                     int64_t max_bsz,
                     int64_t max_step_tokens,
                     int64_t real_bsz,
                     int64_t max_model_len,
                     int64_t end_length,
                     bool is_naive_mode,
                     bool prefill_one_step_stop) {
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> has_running_seqs_device(
      has_running_seqs, "has_running_seqs", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_input_ids_device(
      step_input_ids, "step_input_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_output_ids_device(
      step_output_ids, "step_output_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> step_output_len_device(
      step_output_len, "step_output_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> is_paused_device(
      is_paused, "is_paused", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> mask_rollback_device(
      mask_rollback, "mask_rollback", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> token_ids_all_device(
      token_ids_all, "token_ids_all", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> prompt_lens_device(
      prompt_lens, "prompt_lens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> end_tokens_device(
      end_tokens, "end_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> max_dec_len_device(
      max_dec_len, "max_dec_len", opforge::CopyIn::kYes);
  CudaArgs args;
  args.seq_lens_encoder = opforge::cuda_arg(
      "unified_update_model_status", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg(
      "unified_update_model_status", seq_lens_decoder_device.get());
  args.has_running_seqs = opforge::cuda_arg(
      "unified_update_model_status", has_running_seqs_device.get());
  args.step_input_ids = opforge::cuda_arg(
      "unified_update_model_status", step_input_ids_device.get());
  args.step_output_ids = opforge::cuda_arg(
      "unified_update_model_status", step_output_ids_device.get());
  args.step_output_len = opforge::cuda_arg(
      "unified_update_model_status", step_output_len_device.get());
  args.stop_flags = opforge::cuda_arg("unified_update_model_status", stop_flags_device.get());
  args.seq_lens_this_time = opforge::cuda_arg(
      "unified_update_model_status", seq_lens_this_time_device.get());
  args.is_paused = opforge::cuda_arg("unified_update_model_status", is_paused_device.get());
  args.mask_rollback = opforge::cuda_arg("unified_update_model_status", mask_rollback_device.get());
  args.token_ids_all = opforge::cuda_arg("unified_update_model_status", token_ids_all_device.get());
  args.prompt_lens = opforge::cuda_arg("unified_update_model_status", prompt_lens_device.get());
  args.step_idx = opforge::cuda_arg("unified_update_model_status", step_idx_device.get());
  args.end_tokens = opforge::cuda_arg("unified_update_model_status", end_tokens_device.get());
  args.max_dec_len = opforge::cuda_arg("unified_update_model_status", max_dec_len_device.get());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.max_model_len = max_model_len;
  args.end_length = end_length;
  args.is_naive_mode = is_naive_mode;
  args.prefill_one_step_stop = prefill_one_step_stop;
  opforge::cuda_sim::launch(ctx,
                            std::min(ctx.cuda.nblocks, 1),
                            kCudaBlock,
                            "unified_update_model_status",
                            &cuda_kernel,
                            args);
  seq_lens_encoder_device.copy_back();
  seq_lens_decoder_device.copy_back();
  has_running_seqs_device.copy_back();
  step_input_ids_device.copy_back();
  step_output_ids_device.copy_back();
  step_output_len_device.copy_back();
  stop_flags_device.copy_back();
  seq_lens_this_time_device.copy_back();
  mask_rollback_device.copy_back();
  token_ids_all_device.copy_back();
  step_idx_device.copy_back();
}

}  // namespace opforge::unified_update_model_status
