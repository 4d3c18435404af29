// Generated from opspec/speculate_get_padding_offset.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_get_padding_offset on a GPU, on the caller's stream.
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
#include "entry/speculate_get_padding_offset.h"
#include "kernel_decls/speculate_get_padding_offset_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_get_padding_offset {
namespace {
constexpr const char* kOp = "speculate_get_padding_offset";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int64_t> step_input_ids,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int64_t> ids_remove_padding,
                        opforge::Buffer<int32_t> batch_id_per_token,
                        opforge::Buffer<int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> cu_seqlens_k,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_seq_len,
                        int64_t max_step_tokens,
                        int64_t token_num,
                        int64_t cpu_token_num) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.input_ids = opforge::cuda_arg("speculate_get_padding_offset", input_ids.data);
  args.step_input_ids = opforge::cuda_arg("speculate_get_padding_offset", step_input_ids.data);
  args.seq_lens_this_time = opforge::cuda_arg(
      "speculate_get_padding_offset", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_get_padding_offset", seq_lens_encoder.data);
  args.ids_remove_padding = opforge::cuda_arg(
      "speculate_get_padding_offset", ids_remove_padding.data);
  args.batch_id_per_token = opforge::cuda_arg(
      "speculate_get_padding_offset", batch_id_per_token.data);
  args.cu_seqlens_q = opforge::cuda_arg("speculate_get_padding_offset", cu_seqlens_q.data);
  args.cu_seqlens_k = opforge::cuda_arg("speculate_get_padding_offset", cu_seqlens_k.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_seq_len = max_seq_len;
  args.max_step_tokens = max_step_tokens;
  args.token_num = token_num;
  args.cpu_token_num = cpu_token_num;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_get_padding_offset
