// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of verify_draft_tokens on a GPU, on the caller's stream.
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
#include "entry/verify_draft_tokens.h"
#include "kernel_decls/verify_draft_tokens_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::verify_draft_tokens {
namespace {
constexpr const char* kOp = "verify_draft_tokens";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int64_t> step_output_ids,
                        opforge::Buffer<int32_t> step_output_len,
                        opforge::Buffer<const int64_t> step_input_ids,
                        opforge::Buffer<const int64_t> target_tokens,
                        opforge::Buffer<const int64_t> candidate_ids,
                        opforge::Buffer<const float> candidate_scores,
                        opforge::Buffer<const int32_t> candidate_lens,
                        opforge::Buffer<const float> topp,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> seq_lens_this_time,
                        opforge::Buffer<const int64_t> end_tokens,
                        opforge::Buffer<const bool> is_block_step,
                        opforge::Buffer<const int32_t> cu_seqlens_q_output,
                        opforge::Buffer<const int32_t> reasoning_status,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const float> topp_uniforms,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t token_num,
                        int64_t max_candidate_len,
                        int64_t end_length,
                        int32_t max_seq_len,
                        int32_t verify_window,
                        opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                        bool reject_all,
                        bool accept_all,
                        int64_t seed) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  // 'topp_uniforms' is in host memory: staged on the device, freed on every path.
  opforge::cuda_device::Staged<const float> topp_uniforms_device(
      kOp, "topp_uniforms", topp_uniforms, opforge::CopyIn::kYes, stream);
  CudaArgs args;
  args.step_output_ids = opforge::cuda_arg("verify_draft_tokens", step_output_ids.data);
  args.step_output_len = opforge::cuda_arg("verify_draft_tokens", step_output_len.data);
  args.step_input_ids = opforge::cuda_arg("verify_draft_tokens", step_input_ids.data);
  args.target_tokens = opforge::cuda_arg("verify_draft_tokens", target_tokens.data);
  args.candidate_ids = opforge::cuda_arg("verify_draft_tokens", candidate_ids.data);
  args.candidate_scores = opforge::cuda_arg("verify_draft_tokens", candidate_scores.data);
  args.candidate_lens = opforge::cuda_arg("verify_draft_tokens", candidate_lens.data);
  args.topp = opforge::cuda_arg("verify_draft_tokens", topp.data);
  args.stop_flags = opforge::cuda_arg("verify_draft_tokens", stop_flags.data);
  args.seq_lens_encoder = opforge::cuda_arg("verify_draft_tokens", seq_lens_encoder.data);
  args.seq_lens_this_time = opforge::cuda_arg("verify_draft_tokens", seq_lens_this_time.data);
  args.end_tokens = opforge::cuda_arg("verify_draft_tokens", end_tokens.data);
  args.is_block_step = opforge::cuda_arg("verify_draft_tokens", is_block_step.data);
  args.cu_seqlens_q_output = opforge::cuda_arg("verify_draft_tokens", cu_seqlens_q_output.data);
  args.reasoning_status = opforge::cuda_arg("verify_draft_tokens", reasoning_status.data);
  args.max_dec_len = opforge::cuda_arg("verify_draft_tokens", max_dec_len.data);
  args.step_idx = opforge::cuda_arg("verify_draft_tokens", step_idx.data);
  args.topp_uniforms = opforge::cuda_arg("verify_draft_tokens", topp_uniforms_device.device());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.token_num = token_num;
  args.max_candidate_len = max_candidate_len;
  args.end_length = end_length;
  args.max_seq_len = max_seq_len;
  args.verify_window = verify_window;
  args.verify_strategy = verify_strategy;
  args.reject_all = reject_all;
  args.accept_all = accept_all;
  args.seed = seed;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::verify_draft_tokens
