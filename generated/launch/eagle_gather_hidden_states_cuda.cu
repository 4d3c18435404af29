// Generated from opspec/eagle_gather_hidden_states.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of eagle_gather_hidden_states on a GPU, on the caller's stream.
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
#include "entry/eagle_gather_hidden_states.h"
#include "kernel_decls/eagle_gather_hidden_states_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::eagle_gather_hidden_states {
namespace {
constexpr const char* kOp = "eagle_gather_hidden_states";
}  // namespace

template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> hidden_states,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<T> out,
                        opforge::Buffer<int32_t> output_token_num,
                        int64_t real_bsz,
                        int64_t input_token_num,
                        int64_t dim_embed) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.hidden_states = opforge::cuda_arg("eagle_gather_hidden_states", hidden_states.data);
  args.seq_lens_this_time = opforge::cuda_arg(
      "eagle_gather_hidden_states", seq_lens_this_time.data);
  args.out = opforge::cuda_arg("eagle_gather_hidden_states", out.data);
  args.output_token_num = opforge::cuda_arg("eagle_gather_hidden_states", output_token_num.data);
  args.real_bsz = real_bsz;
  args.input_token_num = input_token_num;
  args.dim_embed = dim_embed;
  OPFORGE_CUDA_LAUNCH(
      cuda_kernel<typename opforge::CudaElem<T>::type>, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel<typename opforge::CudaElem<T>::type>");
}

template void launch_cuda_device<float>(const opforge::Context&,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const int32_t>,
                                        opforge::Buffer<float>,
                                        opforge::Buffer<int32_t>,
                                        int64_t,
                                        int64_t,
                                        int64_t);
template void launch_cuda_device<opforge::float16>(const opforge::Context&,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const int32_t>,
                                                   opforge::Buffer<opforge::float16>,
                                                   opforge::Buffer<int32_t>,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t);
template void launch_cuda_device<opforge::bfloat16>(const opforge::Context&,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const int32_t>,
                                                    opforge::Buffer<opforge::bfloat16>,
                                                    opforge::Buffer<int32_t>,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t);

}  // namespace opforge::eagle_gather_hidden_states
