// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_get_seq_lens_output under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_seq_lens_output.h"
#include "kernel_decls/speculate_get_seq_lens_output_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_get_seq_lens_output {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<int32_t> seq_lens_output,
                     int64_t max_bsz,
                     int64_t real_bsz) {
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> seq_lens_output_device(
      seq_lens_output, "seq_lens_output", opforge::CopyIn::kNo);
  CudaArgs args;
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_get_seq_lens_output", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg(
      "speculate_get_seq_lens_output", seq_lens_encoder_device.get());
  args.seq_lens_output = opforge::cuda_arg(
      "speculate_get_seq_lens_output", seq_lens_output_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  opforge::cuda_sim::launch(
      ctx, ctx.cuda.nblocks, kCudaBlock, "speculate_get_seq_lens_output", &cuda_kernel, args);
  seq_lens_output_device.copy_back();
}

}  // namespace opforge::speculate_get_seq_lens_output
