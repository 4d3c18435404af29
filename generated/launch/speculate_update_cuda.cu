// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_update on a GPU, on the caller's stream.
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
#include "entry/speculate_update.h"
#include "kernel_decls/speculate_update_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_update {
namespace {
constexpr const char* kOp = "speculate_update";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_encoder,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<bool> not_need_stop,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> actual_draft_token_nums,
                        opforge::Buffer<const int64_t> accept_tokens,
                        opforge::Buffer<const int32_t> accept_num,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const bool> is_block_step,
                        opforge::Buffer<const int64_t> stop_nums,
                        opforge::Buffer<int32_t> mask_rollback,
                        int64_t max_bsz,
                        int64_t max_draft_tokens,
                        int64_t real_bsz) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  // 'not_need_stop' is in host memory: staged on the device, freed on every path.
  opforge::cuda_device::Staged<bool> not_need_stop_device(
      kOp, "not_need_stop", not_need_stop, opforge::CopyIn::kYes, stream);
  CudaArgs args;
  args.seq_lens_encoder = opforge::cuda_arg("speculate_update", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg("speculate_update", seq_lens_decoder.data);
  args.not_need_stop = opforge::cuda_arg("speculate_update", not_need_stop_device.device());
  args.draft_tokens = opforge::cuda_arg("speculate_update", draft_tokens.data);
  args.actual_draft_token_nums = opforge::cuda_arg(
      "speculate_update", actual_draft_token_nums.data);
  args.accept_tokens = opforge::cuda_arg("speculate_update", accept_tokens.data);
  args.accept_num = opforge::cuda_arg("speculate_update", accept_num.data);
  args.stop_flags = opforge::cuda_arg("speculate_update", stop_flags.data);
  args.seq_lens_this_time = opforge::cuda_arg("speculate_update", seq_lens_this_time.data);
  args.is_block_step = opforge::cuda_arg("speculate_update", is_block_step.data);
  args.stop_nums = opforge::cuda_arg("speculate_update", stop_nums.data);
  args.mask_rollback = opforge::cuda_arg("speculate_update", mask_rollback.data);
  args.max_bsz = max_bsz;
  args.max_draft_tokens = max_draft_tokens;
  args.real_bsz = real_bsz;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
  not_need_stop_device.copy_back();
}

}  // namespace opforge::speculate_update
