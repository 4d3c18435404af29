// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of draft_model_preprocess on a GPU, on the caller's stream.
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
#include "entry/draft_model_preprocess.h"
#include "kernel_decls/draft_model_preprocess_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::draft_model_preprocess {
namespace {
constexpr const char* kOp = "draft_model_preprocess";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const bool> stop_flags,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int64_t> max_dec_len,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int64_t> draft_input_ids,
                        opforge::Buffer<int32_t> draft_seq_lens_this_time,
                        opforge::Buffer<int32_t> draft_seq_lens_encoder,
                        opforge::Buffer<int32_t> draft_seq_lens_decoder,
                        opforge::Buffer<bool> has_draft_seqs,
                        int64_t max_bsz,
                        int64_t max_step_tokens,
                        int64_t real_bsz,
                        int64_t max_model_len) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  // 'has_draft_seqs' is in host memory: staged on the device, freed on every path.
  opforge::cuda_device::Staged<bool> has_draft_seqs_device(
      kOp, "has_draft_seqs", has_draft_seqs, opforge::CopyIn::kYes, stream);
  CudaArgs args;
  args.seq_lens_this_time = opforge::cuda_arg("draft_model_preprocess", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("draft_model_preprocess", seq_lens_encoder.data);
  args.stop_flags = opforge::cuda_arg("draft_model_preprocess", stop_flags.data);
  args.step_idx = opforge::cuda_arg("draft_model_preprocess", step_idx.data);
  args.max_dec_len = opforge::cuda_arg("draft_model_preprocess", max_dec_len.data);
  args.prompt_lens = opforge::cuda_arg("draft_model_preprocess", prompt_lens.data);
  args.token_ids_all = opforge::cuda_arg("draft_model_preprocess", token_ids_all.data);
  args.step_input_ids = opforge::cuda_arg("draft_model_preprocess", step_input_ids.data);
  args.draft_input_ids = opforge::cuda_arg("draft_model_preprocess", draft_input_ids.data);
  args.draft_seq_lens_this_time = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_this_time.data);
  args.draft_seq_lens_encoder = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_encoder.data);
  args.draft_seq_lens_decoder = opforge::cuda_arg(
      "draft_model_preprocess", draft_seq_lens_decoder.data);
  args.has_draft_seqs = opforge::cuda_arg("draft_model_preprocess", has_draft_seqs_device.device());
  args.max_bsz = max_bsz;
  args.max_step_tokens = max_step_tokens;
  args.real_bsz = real_bsz;
  args.max_model_len = max_model_len;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
  has_draft_seqs_device.copy_back();
}

}  // namespace opforge::draft_model_preprocess
