// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_get_output_padding_offset on a GPU, on the caller's stream.
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
#include "entry/speculate_get_output_padding_offset.h"
#include "kernel_decls/speculate_get_output_padding_offset_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_get_output_padding_offset {
namespace {
constexpr const char* kOp = "speculate_get_output_padding_offset";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int32_t> seq_lens_output,
                        opforge::Buffer<int32_t> output_padding_offset,
                        opforge::Buffer<int32_t> output_cum_offsets,
                        opforge::Buffer<int32_t> cu_seqlens_q_output,
                        opforge::Buffer<int32_t> batch_id_per_token_output,
                        int64_t real_bsz,
                        int64_t out_token_num,
                        int64_t cpu_out_token_num,
                        int32_t max_seq_len) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.seq_lens_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", seq_lens_output.data);
  args.output_padding_offset = opforge::cuda_arg(
      "speculate_get_output_padding_offset", output_padding_offset.data);
  args.output_cum_offsets = opforge::cuda_arg(
      "speculate_get_output_padding_offset", output_cum_offsets.data);
  args.cu_seqlens_q_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", cu_seqlens_q_output.data);
  args.batch_id_per_token_output = opforge::cuda_arg(
      "speculate_get_output_padding_offset", batch_id_per_token_output.data);
  args.real_bsz = real_bsz;
  args.out_token_num = out_token_num;
  args.cpu_out_token_num = cpu_out_token_num;
  args.max_seq_len = max_seq_len;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_get_output_padding_offset
