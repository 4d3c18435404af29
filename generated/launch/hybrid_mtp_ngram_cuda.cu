// Generated from opspec/hybrid_mtp_ngram.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of hybrid_mtp_ngram on a GPU, on the caller's stream.
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
#include "entry/hybrid_mtp_ngram.h"
#include "kernel_decls/hybrid_mtp_ngram_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::hybrid_mtp_ngram {
namespace {
constexpr const char* kOp = "hybrid_mtp_ngram";
}  // namespace

void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const int64_t> input_ids,
                        opforge::Buffer<const int64_t> input_ids_len,
                        opforge::Buffer<const int64_t> pre_ids,
                        opforge::Buffer<const int64_t> step_idx,
                        opforge::Buffer<int64_t> draft_tokens,
                        opforge::Buffer<int32_t> seq_lens_this_time,
                        opforge::Buffer<const int32_t> seq_lens_decoder,
                        opforge::Buffer<const int64_t> max_dec_len,
                        int64_t max_bsz,
                        int64_t real_bsz,
                        int64_t max_input_len,
                        int64_t max_pre_len,
                        int64_t max_step_tokens,
                        int32_t max_ngram_size,
                        int32_t min_ngram_size,
                        int32_t max_draft_tokens,
                        int32_t spec_tokenum_threshold) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs args;
  args.input_ids = opforge::cuda_arg("hybrid_mtp_ngram", input_ids.data);
  args.input_ids_len = opforge::cuda_arg("hybrid_mtp_ngram", input_ids_len.data);
  args.pre_ids = opforge::cuda_arg("hybrid_mtp_ngram", pre_ids.data);
  args.step_idx = opforge::cuda_arg("hybrid_mtp_ngram", step_idx.data);
  args.draft_tokens = opforge::cuda_arg("hybrid_mtp_ngram", draft_tokens.data);
  args.seq_lens_this_time = opforge::cuda_arg("hybrid_mtp_ngram", seq_lens_this_time.data);
  args.seq_lens_decoder = opforge::cuda_arg("hybrid_mtp_ngram", seq_lens_decoder.data);
  args.max_dec_len = opforge::cuda_arg("hybrid_mtp_ngram", max_dec_len.data);
  args.max_bsz = max_bsz;
  args.real_bsz = real_bsz;
  args.max_input_len = max_input_len;
  args.max_pre_len = max_pre_len;
  args.max_step_tokens = max_step_tokens;
  args.max_ngram_size = max_ngram_size;
  args.min_ngram_size = min_ngram_size;
  args.max_draft_tokens = max_draft_tokens;
  args.spec_tokenum_threshold = spec_tokenum_threshold;
  OPFORGE_CUDA_LAUNCH(cuda_kernel, std::min(ctx.cuda.nblocks, 1), kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel");
}

}  // namespace opforge::hybrid_mtp_ngram
