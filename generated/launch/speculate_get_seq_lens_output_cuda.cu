// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_get_seq_lens_output on a GPU, on the caller's stream.
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
#include "entry/speculate_get_seq_lens_output.h"
#include "kernel_decls/speculate_get_seq_lens_output_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_get_seq_lens_output {
namespace {
constexpr const char* kOp = "speculate_get_seq_lens_output";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_output,
                        int64_t max_bsz,
                        int64_t real_bsz) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_get_seq_lens_output", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_get_seq_lens_output", seq_lens_encoder.data);
  args.seq_lens_output = opforge::cuda_arg("speculate_get_seq_lens_output", seq_lens_output.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_get_seq_lens_output
