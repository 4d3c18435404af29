// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of draft_model_postprocess on a GPU, on the caller's stream.
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
#include "entry/draft_model_postprocess.h"
#include "kernel_decls/draft_model_postprocess_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::draft_model_postprocess {
namespace {
constexpr const char* kOp = "draft_model_postprocess";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> base_model_draft_tokens,
                        opforge::Buffer<int32_t> base_model_seq_lens_this_time,
                        opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t draft_token_len) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.base_model_draft_tokens = opforge::cuda_arg(
      "draft_model_postprocess", base_model_draft_tokens.data);
  args.base_model_seq_lens_this_time = opforge::cuda_arg(
      "draft_model_postprocess", base_model_seq_lens_this_time.data);
  args.base_model_seq_lens_encoder = opforge::cuda_arg(
      "draft_model_postprocess", base_model_seq_lens_encoder.data);
  args.base_model_stop_flags = opforge::cuda_arg(
      "draft_model_postprocess", base_model_stop_flags.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.draft_token_len = draft_token_len;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::draft_model_postprocess
