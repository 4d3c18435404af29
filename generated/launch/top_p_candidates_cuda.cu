// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// Launches the CUDA kernel of top_p_candidates on a GPU, on the caller's stream.
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
#include "entry/top_p_candidates.h"
#include "kernel_decls/top_p_candidates_cuda.h"
#include "opforge/cuda_device_glue.h"

namespace opforge::top_p_candidates {
namespace {
constexpr const char* kOp = "top_p_candidates";
}  // namespace

template <typename T>
void launch_cuda_device(const opforge::Context& ctx,
                        opforge::Buffer<const T> probs,
                        opforge::Buffer<const T> top_p,
                        opforge::Buffer<const int32_t> batch_id_per_token,
                        opforge::Buffer<T> verify_scores,
                        opforge::Buffer<int64_t> verify_tokens,
                        opforge::Buffer<int32_t> actual_candidate_lens,
                        int64_t token_num,
                        int64_t vocab_size,
                        int64_t max_bsz,
                        int64_t max_candidate_len,
                        int32_t candidates_len) {
  const auto stream = static_cast<cudaStream_t>(ctx.cuda_stream);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.probs = opforge::cuda_arg("top_p_candidates", probs.data);
  args.top_p = opforge::cuda_arg("top_p_candidates", top_p.data);
  args.batch_id_per_token = opforge::cuda_arg("top_p_candidates", batch_id_per_token.data);
  args.verify_scores = opforge::cuda_arg("top_p_candidates", verify_scores.data);
  args.verify_tokens = opforge::cuda_arg("top_p_candidates", verify_tokens.data);
  args.actual_candidate_lens = opforge::cuda_arg("top_p_candidates", actual_candidate_lens.data);
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  args.max_bsz = max_bsz;
  args.max_candidate_len = max_candidate_len;
  args.candidates_len = candidates_len;
  OPFORGE_CUDA_LAUNCH(
      cuda_kernel<typename opforge::CudaElem<T>::type>, ctx.cuda.nblocks, kCudaBlock, stream, args);
  opforge::cuda_device::check_launch(kOp, "cuda_kernel<typename opforge::CudaElem<T>::type>");
}

template void launch_cuda_device<float>(const opforge::Context&,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const float>,
                                        opforge::Buffer<const int32_t>,
                                        opforge::Buffer<float>,
                                        opforge::Buffer<int64_t>,
                                        opforge::Buffer<int32_t>,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int64_t,
                                        int32_t);
template void launch_cuda_device<opforge::float16>(const opforge::Context&,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const opforge::float16>,
                                                   opforge::Buffer<const int32_t>,
                                                   opforge::Buffer<opforge::float16>,
                                                   opforge::Buffer<int64_t>,
                                                   opforge::Buffer<int32_t>,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int64_t,
                                                   int32_t);
template void launch_cuda_device<opforge::bfloat16>(const opforge::Context&,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const opforge::bfloat16>,
                                                    opforge::Buffer<const int32_t>,
                                                    opforge::Buffer<opforge::bfloat16>,
                                                    opforge::Buffer<int64_t>,
                                                    opforge::Buffer<int32_t>,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int64_t,
                                                    int32_t);

}  // namespace opforge::top_p_candidates
