// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_get_logits on a GPU, on the caller's stream.
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
#include "entry/speculate_get_logits.h"
#include "kernel_decls/speculate_get_logits_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_get_logits {
namespace {
constexpr const char* kOp = "speculate_get_logits";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<float> draft_logits,
                        opforge::Buffer<int32_t> next_token_num,
                        opforge::Buffer<int32_t> batch_token_num,
                        opforge::Buffer<int32_t> cu_next_token_offset,
                        opforge::Buffer<int32_t> cu_batch_token_offset,
                        opforge::Buffer<const float> logits,
                        opforge::Buffer<const float> first_token_logits,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        int64_t bsz,
                        int64_t draft_rows,
                        int64_t token_num,
                        int64_t vocab_size) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.draft_logits = opforge::cuda_arg("speculate_get_logits", draft_logits.data);
  args.next_token_num = opforge::cuda_arg("speculate_get_logits", next_token_num.data);
  args.batch_token_num = opforge::cuda_arg("speculate_get_logits", batch_token_num.data);
  args.cu_next_token_offset = opforge::cuda_arg("speculate_get_logits", cu_next_token_offset.data);
  args.cu_batch_token_offset = opforge::cuda_arg(
      "speculate_get_logits", cu_batch_token_offset.data);
  args.logits = opforge::cuda_arg("speculate_get_logits", logits.data);
  args.first_token_logits = opforge::cuda_arg("speculate_get_logits", first_token_logits.data);
  args.seq_lens_this_time = opforge::cuda_arg("speculate_get_logits", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_get_logits", seq_lens_encoder.data);
  args.bsz = bsz;
  args.draft_rows = draft_rows;
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_get_logits
