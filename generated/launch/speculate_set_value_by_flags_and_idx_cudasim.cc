// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_set_value_by_flags_and_idx under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_set_value_by_flags_and_idx.h"
#include "kernel_decls/speculate_set_value_by_flags_and_idx_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_set_value_by_flags_and_idx {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> pre_ids_all,
                     opforge::Buffer<const int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const bool> stop_flags,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_decoder,
                     opforge::Buffer<const int64_t> step_idx,
                     int64_t bsz,
                     int64_t pre_ids_len,
                     int64_t max_draft_tokens) {
  const opforge::cuda_sim::DeviceCopy<int64_t> pre_ids_all_device(
      pre_ids_all, "pre_ids_all", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_decoder_device(
      seq_lens_decoder, "seq_lens_decoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  CudaArgs args;
  args.pre_ids_all = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", pre_ids_all_device.get());
  args.accept_tokens = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", accept_tokens_device.get());
  args.accept_num = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", accept_num_device.get());
  args.stop_flags = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", stop_flags_device.get());
  args.seq_lens_encoder = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", seq_lens_encoder_device.get());
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", seq_lens_decoder_device.get());
  args.step_idx = opforge::cuda_arg("speculate_set_value_by_flags_and_idx", step_idx_device.get());
  args.bsz = bsz;
  args.pre_ids_len = pre_ids_len;
  args.max_draft_tokens = max_draft_tokens;
  opforge::cuda_sim::launch(ctx,
                            ctx.cuda.nblocks,
                            kCudaBlock,
                            "speculate_set_value_by_flags_and_idx",
                            &cuda_kernel,
                            args);
  pre_ids_all_device.copy_back();
  accept_num_device.copy_back();
  seq_lens_decoder_device.copy_back();
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx
