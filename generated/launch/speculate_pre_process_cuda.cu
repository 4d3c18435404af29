// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of speculate_pre_process on a GPU, on the caller's stream.
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
#include "entry/speculate_pre_process.h"
#include "kernel_decls/speculate_pre_process_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::speculate_pre_process {
namespace {
constexpr const char* kOp = "speculate_pre_process";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int32_t> seq_len,
                        opforge::Buffer<const int64_t> draft_tokens,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<int64_t> ids_remove_padding,
                        opforge::Buffer<int32_t> batch_id_per_token,
                        opforge::Buffer<int32_t> cu_seqlens_q,
                        opforge::Buffer<int32_t> cu_seqlens_k,
                        opforge::Buffer<int32_t> cu_seq_lens_q_output,
                        opforge::Buffer<int32_t> batch_id_per_token_output,
                        opforge::Buffer<int32_t> real_output_token_num,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_seq_len,
                        int64_t max_draft_tokens,
                        int64_t token_num,
                        int64_t cpu_token_num) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.input_ids = opforge::cuda_arg("speculate_pre_process", input_ids.data);
  args.seq_len = opforge::cuda_arg("speculate_pre_process", seq_len.data);
  args.draft_tokens = opforge::cuda_arg("speculate_pre_process", draft_tokens.data);
  args.seq_lens_encoder = opforge::cuda_arg("speculate_pre_process", seq_lens_encoder.data);
  args.ids_remove_padding = opforge::cuda_arg("speculate_pre_process", ids_remove_padding.data);
  args.batch_id_per_token = opforge::cuda_arg("speculate_pre_process", batch_id_per_token.data);
  args.cu_seqlens_q = opforge::cuda_arg("speculate_pre_process", cu_seqlens_q.data);
  args.cu_seqlens_k = opforge::cuda_arg("speculate_pre_process", cu_seqlens_k.data);
  args.cu_seq_lens_q_output = opforge::cuda_arg("speculate_pre_process", cu_seq_lens_q_output.data);
  args.batch_id_per_token_output = opforge::cuda_arg(
      "speculate_pre_process", batch_id_per_token_output.data);
  args.real_output_token_num = opforge::cuda_arg(
      "speculate_pre_process", real_output_token_num.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_seq_len = max_seq_len;
  args.max_draft_tokens = max_draft_tokens;
  args.token_num = token_num;
  args.cpu_token_num = cpu_token_num;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::speculate_pre_process
