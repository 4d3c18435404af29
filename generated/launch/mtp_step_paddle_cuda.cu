// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of mtp_step_paddle on a GPU, on the caller's stream.
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
#include "entry/mtp_step_paddle.h"
#include "kernel_decls/mtp_step_paddle_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::mtp_step_paddle {
namespace {
constexpr const char* kOp = "mtp_step_paddle";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const bool> base_model_stop_flags,
                        opforge::Buffer<bool> stop_flags,
                        opforge::Buffer<bool> batch_drop,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<int32_t> seq_lens_decoder,
                        opforge::Buffer<int32_t> block_tables,
                        opforge::Buffer<int32_t> encoder_block_lens,
                        opforge::Buffer<int32_t> used_list_len,
                        opforge::Buffer<int32_t> free_list,
                        opforge::Buffer<int32_t> free_list_len,
                        int64_t bsz,
                        int64_t block_num_per_seq,
                        int64_t free_list_size,
                        int32_t block_size,
                        int32_t max_draft_tokens) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.base_model_stop_flags = opforge::cuda_arg("mtp_step_paddle", base_model_stop_flags.data);
  args.stop_flags = opforge::cuda_arg("mtp_step_paddle", stop_flags.data);
  args.batch_drop = opforge::cuda_arg("mtp_step_paddle", batch_drop.data);
  args.seq_lens_this_time = opforge::cuda_arg("mtp_step_paddle", seq_lens_this_time.data);
  args.seq_lens_decoder = opforge::cuda_arg("mtp_step_paddle", seq_lens_decoder.data);
  args.block_tables = opforge::cuda_arg("mtp_step_paddle", block_tables.data);
  args.encoder_block_lens = opforge::cuda_arg("mtp_step_paddle", encoder_block_lens.data);
  args.used_list_len = opforge::cuda_arg("mtp_step_paddle", used_list_len.data);
  args.free_list = opforge::cuda_arg("mtp_step_paddle", free_list.data);
  args.free_list_len = opforge::cuda_arg("mtp_step_paddle", free_list_len.data);
  args.bsz = bsz;
  args.block_num_per_seq = block_num_per_seq;
  args.free_list_size = free_list_size;
  args.block_size = block_size;
  args.max_draft_tokens = max_draft_tokens;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::mtp_step_paddle
