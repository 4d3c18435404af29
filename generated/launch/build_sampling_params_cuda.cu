// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of build_sampling_params on a GPU, on the caller's stream.
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
#include "entry/build_sampling_params.h"
#include "kernel_decls/build_sampling_params_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::build_sampling_params {
namespace {
constexpr const char* kOp = "build_sampling_params";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const float> top_p,
                        opforge::Buffer<const int64_t> top_k,
                        opforge::Buffer<int64_t> infer_seed,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<float> top_p_padding,
                        opforge::Buffer<int64_t> top_k_padding,
                        opforge::Buffer<int64_t> topp_seed,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t out_token_num,
                        int64_t token_num_output_cpu,
                        int64_t increment_value) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.top_p = opforge::cuda_arg("build_sampling_params", top_p.data);
  args.top_k = opforge::cuda_arg("build_sampling_params", top_k.data);
  args.infer_seed = opforge::cuda_arg("build_sampling_params", infer_seed.data);
  args.seq_lens_this_time = opforge::cuda_arg("build_sampling_params", seq_lens_this_time.data);
  args.cu_seqlens_q_output = opforge::cuda_arg("build_sampling_params", cu_seqlens_q_output.data);
  args.top_p_padding = opforge::cuda_arg("build_sampling_params", top_p_padding.data);
  args.top_k_padding = opforge::cuda_arg("build_sampling_params", top_k_padding.data);
  args.topp_seed = opforge::cuda_arg("build_sampling_params", topp_seed.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.out_token_num = out_token_num;
  args.token_num_output_cpu = token_num_output_cpu;
  args.increment_value = increment_value;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::build_sampling_params
