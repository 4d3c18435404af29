// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_limit_thinking_content_length_v1 on a GPU, on the caller's stream.
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
#include "entry/speculate_limit_thinking_content_length_v1.h"
#include "kernel_decls/speculate_limit_thinking_content_length_v1_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_limit_thinking_content_length_v1 {
namespace {
constexpr const char* kOp = "speculate_limit_thinking_content_length_v1";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> next_tokens,
                        opforge::Buffer<const int32_t> max_think_lens,
                        opforge::Buffer<int64_t> step_idx,
                        opforge::Buffer<int32_t> limit_think_status,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<const int64_t> eos_token_ids,
                        int64_t bsz,
                        int64_t tokens_per_step,
                        int64_t eos_len,
                        int64_t think_end_id) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.next_tokens = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", next_tokens.data);
  args.max_think_lens = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", max_think_lens.data);
  args.step_idx = opforge::cuda_arg("speculate_limit_thinking_content_length_v1", step_idx.data);
  args.limit_think_status = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", limit_think_status.data);
  args.accept_num = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", accept_num.data);
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", seq_lens_decoder.data);
  args.stop_flags = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", stop_flags.data);
  args.eos_token_ids = opforge::cuda_arg(
      "speculate_limit_thinking_content_length_v1", eos_token_ids.data);
  args.bsz = bsz;
  args.tokens_per_step = tokens_per_step;
  args.eos_len = eos_len;
  args.think_end_id = think_end_id;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_limit_thinking_content_length_v1
