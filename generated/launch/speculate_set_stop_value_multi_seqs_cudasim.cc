// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_set_stop_value_multi_seqs under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_set_stop_value_multi_seqs.h"
#include "kernel_decls/speculate_set_stop_value_multi_seqs_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_set_stop_value_multi_seqs {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<int64_t> accept_tokens,
                     opforge::Buffer<int32_t> accept_num,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<const int64_t> step_idx,
                     opforge::Buffer<bool> stop_flags,
                     opforge::Buffer<const int64_t> stop_seqs,
                     opforge::Buffer<const int32_t> stop_seqs_len,
                     opforge::Buffer<const int64_t> end_ids,
                     opforge::Buffer<const int64_t> min_tokens,
                     int64_t bsz,
                     int64_t max_accept_len,
                     int64_t pre_ids_len,
                     int64_t stop_seqs_num,
                     int64_t stop_seqs_max_len,
                     int64_t end_length) {
  const opforge::cuda_sim::DeviceCopy<int64_t> accept_tokens_device(
      accept_tokens, "accept_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> accept_num_device(
      accept_num, "accept_num", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> step_idx_device(
      step_idx, "step_idx", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<bool> stop_flags_device(
      stop_flags, "stop_flags", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> stop_seqs_device(
      stop_seqs, "stop_seqs", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> stop_seqs_len_device(
      stop_seqs_len, "stop_seqs_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> end_ids_device(
      end_ids, "end_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> min_tokens_device(
      min_tokens, "min_tokens", opforge::CopyIn::kYes);
  CudaArgs args;
  args.accept_tokens = opforge::cuda_arg(
      "speculate_set_stop_value_multi_seqs", accept_tokens_device.get());
  args.accept_num = opforge::cuda_arg(
      "speculate_set_stop_value_multi_seqs", accept_num_device.get());
  args.pre_ids = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", pre_ids_device.get());
  args.step_idx = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", step_idx_device.get());
  args.stop_flags = opforge::cuda_arg(
      "speculate_set_stop_value_multi_seqs", stop_flags_device.get());
  args.stop_seqs = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", stop_seqs_device.get());
  args.stop_seqs_len = opforge::cuda_arg(
      "speculate_set_stop_value_multi_seqs", stop_seqs_len_device.get());
  args.end_ids = opforge::cuda_arg("speculate_set_stop_value_multi_seqs", end_ids_device.get());
  args.min_tokens = opforge::cuda_arg(
      "speculate_set_stop_value_multi_seqs", min_tokens_device.get());
  args.bsz = bsz;
  args.max_accept_len = max_accept_len;
  args.pre_ids_len = pre_ids_len;
  args.stop_seqs_num = stop_seqs_num;
  args.stop_seqs_max_len = stop_seqs_max_len;
  args.end_length = end_length;
  opforge::cuda_sim::launch(
      ctx, ctx.cuda.nblocks, kCudaBlock, "speculate_set_stop_value_multi_seqs", &cuda_kernel, args);
  accept_tokens_device.copy_back();
  accept_num_device.copy_back();
  stop_flags_device.copy_back();
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs
