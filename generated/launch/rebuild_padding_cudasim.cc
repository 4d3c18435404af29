// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of rebuild_padding under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/rebuild_padding.h"
#include "kernel_decls/rebuild_padding_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::rebuild_padding {

template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
                     opforge::Buffer<const T> hidden,
                     opforge::Buffer<const int32_t> cu_seqlens_q,
                     opforge::Buffer<const int32_t> seq_lens_this_time,
                     opforge::Buffer<const int32_t> seq_lens_encoder,
                     opforge::Buffer<const int32_t> cu_seqlens_q_output,
                     opforge::Buffer<T> out,
                     int64_t max_bsz,
                     int64_t real_bsz,
                     int64_t token_num,
                     int64_t hidden_size,
                     int64_t out_token_num,
                     int64_t cpu_out_token_num) {
  const opforge::cuda_sim::DeviceCopy<const T> hidden_device(
      hidden, "hidden", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> cu_seqlens_q_device(
      cu_seqlens_q, "cu_seqlens_q", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_this_time_device(
      seq_lens_this_time, "seq_lens_this_time", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> seq_lens_encoder_device(
      seq_lens_encoder, "seq_lens_encoder", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> cu_seqlens_q_output_device(
      cu_seqlens_q_output, "cu_seqlens_q_output", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<T> out_device(out, "out", opforge::CopyIn::kNo);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.hidden = opforge::cuda_arg("rebuild_padding", hidden_device.get());
  args.cu_seqlens_q = opforge::cuda_arg("rebuild_padding", cu_seqlens_q_device.get());
  args.seq_lens_this_time = opforge::cuda_arg("rebuild_padding", seq_lens_this_time_device.get());
  args.seq_lens_encoder = opforge::cuda_arg("rebuild_padding", seq_lens_encoder_device.get());
  args.cu_seqlens_q_output = opforge::cuda_arg("rebuild_padding", cu_seqlens_q_output_device.get());
  args.out = opforge::cuda_arg("rebuild_padding", out_device.get());
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.hidden_size = hidden_size;
  args.out_token_num = out_token_num;
  args.cpu_out_token_num = cpu_out_token_num;
  opforge::cuda_sim::launch(ctx,
                            ctx.cuda.nblocks,
                            kCudaBlock,
                            "rebuild_padding",
                            &cuda_kernel<typename opforge::CudaElem<T>::type>,
                            args);
  out_device.copy_back();
}

template void launch_cuda_sim<float>(const opforge::Context&,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<float>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t);
template void launch_cuda_sim<opforge::float16>(const opforge::Context&,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<opforge::float16>,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t);
template void launch_cuda_sim<opforge::bfloat16>(const opforge::Context&,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<opforge::bfloat16>,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t);

}  // namespace opforge::rebuild_padding
