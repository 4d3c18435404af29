// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_get_output_padding_offset under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_output_padding_offset.h"
#include "kernel_decls/speculate_get_output_padding_offset_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_get_output_padding_offset {

void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int32_t> seq_lens_output,
                     opforge::Buffer<int32_t> output_padding_offset,
                     opforge::Buffer<int32_t> output_cum_offsets,
                     opforge::Buffer<int32_t> cu_seqlens_q_output,
                     opforge::Buffer<int32_t> batch_id_per_token_output,
                     int64_t real_bsz,
                     int64_t out_token_num,
                     int64_t cpu_out_token_num,
                     int32_t max_seq_len) {
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_output_device(
      seq_lens_output, "seq_lens_output", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<int32_t> output_padding_offset_device(
      output_padding_offset, "output_padding_offset", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> output_cum_offsets_device(
      output_cum_offsets, "output_cum_offsets", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> batch_id_per_token_output_device(
      batch_id_per_token_output, "batch_id_per_token_output", opforge::CopyIn::kNo);
  CudaArgs args;
  args.seq_lens_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", seq_lens_output_device.get());
  args.output_padding_offset = opforge::cuda_arg(
      "speculate_get_output_padding_offset", output_padding_offset_device.get());
  args.output_cum_offsets = opforge::cuda_arg(
      "speculate_get_output_padding_offset", output_cum_offsets_device.get());
  args.cu_seqlens_q_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", cu_seqlens_q_output_device.get());
  args.batch_id_per_token_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", batch_id_per_token_output_device.get());
  args.real_bsz = real_bsz;
  args.out_token_num = out_token_num;
  args.cpu_out_token_num = cpu_out_token_num;
  args.max_seq_len = max_seq_len;
  opforge::cuda_sim::launch(ctx,
                            std::min(ctx.cuda.nblocks, 1),
                            kCudaBlock,
                            "speculate_get_output_padding_offset",
                            &cuda_kernel,
                            args);
  output_padding_offset_device.copy_back();
  output_cum_offsets_device.copy_back();
  cu_seqlens_q_output_device.copy_back();
  batch_id_per_token_output_device.copy_back();
}

}  // namespace opforge::speculate_get_output_padding_offset
