// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_set_value_by_flags_and_idx on a GPU, on the caller's stream.
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
#include "entry/speculate_set_value_by_flags_and_idx.h"
#include "kernel_decls/speculate_set_value_by_flags_and_idx_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_set_value_by_flags_and_idx {
namespace {
constexpr const char* kOp = "speculate_set_value_by_flags_and_idx";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> pre_ids_all,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> step_idx,
                        int64_t bsz,
                        int64_t pre_ids_len,
                        int64_t max_draft_tokens) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.pre_ids_all = opforge::cuda_arg("speculate_set_value_by_flags_and_idx", pre_ids_all.data);
  args.accept_tokens = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", accept_tokens.data);
  args.accept_num = opforge::cuda_arg("speculate_set_value_by_flags_and_idx", accept_num.data);
  args.stop_flags = opforge::cuda_arg("speculate_set_value_by_flags_and_idx", stop_flags.data);
  args.seq_lens_encoder = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg(
      "speculate_set_value_by_flags_and_idx", seq_lens_decoder.data);
  args.step_idx = opforge::cuda_arg("speculate_set_value_by_flags_and_idx", step_idx.data);
  args.bsz = bsz;
  args.pre_ids_len = pre_ids_len;
  args.max_draft_tokens = max_draft_tokens;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx
