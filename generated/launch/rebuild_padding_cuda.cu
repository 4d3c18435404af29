// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of rebuild_padding on a GPU, on the caller's stream.
// Built only where nvcc and a GPU build of Paddle are (OPFORGE_WITH_CUDA);
// the tests compile it with nvcc, and build and run it against the CUDA
// simulation's stand-in runtime (csrc/cudasim), where OPFORGE_CUDA_LAUNCH is
// a simulated launch instead of <<<...>>>.
//
// Device tensors arrive as device pointers; tensors declared host-resident are
// staged on the device for the kernel and copied back afterwards, on the same
// stream, every runtime call's return code checked and every staged copy freed
// on every path (opforge/cuda_device_glue.h). Nothing here waits for the
// stream unless a host-resident tensor must be copied back.
#include "entry/rebuild_padding.h"
#include "kernel_decls/rebuild_padding_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::rebuild_padding {
namespace {
constexpr const char* kOp = "rebuild_padding";
}  // namespace

template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
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
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.hidden = opforge::cuda_arg("rebuild_padding", hidden.data);
  args.cu_seqlens_q = opforge::cuda_arg("rebuild_padding", cu_seqlens_q.data);
  args.seq_lens_this_time = opforge::cuda_arg("rebuild_padding", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("rebuild_padding", seq_lens_encoder.data);
  args.cu_seqlens_q_output = opforge::cuda_arg("rebuild_padding", cu_seqlens_q_output.data);
  args.out = opforge::cuda_arg("rebuild_padding", out.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.hidden_size = hidden_size;
  args.out_token_num = out_token_num;
  args.cpu_out_token_num = cpu_out_token_num;
  OPFORGE_CUDA_LAUNCH(
      cuda_kernel<typename opforge::CudaElem<T>::type>, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel<typename opforge::CudaElem<T>::type>");
}

template void launch_cuda_device<float>(const opforge::Context&,
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
template void launch_cuda_device<opforge::float16>(const opforge::Context&,
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
template void launch_cuda_device<opforge::bfloat16>(const opforge::Context&,
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
