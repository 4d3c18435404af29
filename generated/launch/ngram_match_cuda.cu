// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of ngram_match on a GPU, on the caller's stream.
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
#include "entry/ngram_match.h"
#include "kernel_decls/ngram_match_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::ngram_match {
namespace {
constexpr const char* kOp = "ngram_match";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> token_ids_all,
                        opforge::Buffer<const int64_t> prompt_lens,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<const int32_t> draft_token_num,
                        opforge::Buffer<int64_t> step_input_ids,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_encoder,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_step_tokens,
                        int64_t max_model_len,
                        int32_t max_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t infer_with_reference_tokenum_threshold) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.token_ids_all = opforge::cuda_arg("ngram_match", token_ids_all.data);
  args.prompt_lens = opforge::cuda_arg("ngram_match", prompt_lens.data);
  args.step_idx = opforge::cuda_arg("ngram_match", step_idx.data);
  args.draft_token_num = opforge::cuda_arg("ngram_match", draft_token_num.data);
  args.step_input_ids = opforge::cuda_arg("ngram_match", step_input_ids.data);
  args.seq_lens_this_time = opforge::cuda_arg("ngram_match", seq_lens_this_time.data);
  args.seq_lens_encoder = opforge::cuda_arg("ngram_match", seq_lens_encoder.data);
  args.seq_lens_decoder = opforge::cuda_arg("ngram_match", seq_lens_decoder.data);
  args.max_dec_len = opforge::cuda_arg("ngram_match", max_dec_len.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_step_tokens = max_step_tokens;
  args.max_model_len = max_model_len;
  args.max_ngram_size = max_ngram_size;
  args.max_draft_tokens = max_draft_tokens;
  args.infer_with_reference_tokenum_threshold = infer_with_reference_tokenum_threshold;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::ngram_match
