// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of top_p_candidates under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/top_p_candidates.h"
#include "kernel_decls/top_p_candidates_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::top_p_candidates {

template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const T> probs_device(probs, "probs", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const T> top_p_device(top_p, "top_p", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> batch_id_per_token_device(
      batch_id_per_token, "batch_id_per_token", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<T> verify_scores_device(
      verify_scores, "verify_scores", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int64_t> verify_tokens_device(
      verify_tokens, "verify_tokens", opforge::CopyIn::kNo);
  const opforge::cuda_sim::DeviceCopy<int32_t> actual_candidate_lens_device(
      actual_candidate_lens, "actual_candidate_lens", opforge::CopyIn::kNo);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.probs = opforge::cuda_arg("top_p_candidates", probs_device.get());
  args.top_p = opforge::cuda_arg("top_p_candidates", top_p_device.get());
  args.batch_id_per_token = opforge::cuda_arg("top_p_candidates", batch_id_per_token_device.get());
  args.verify_scores = opforge::cuda_arg("top_p_candidates", verify_scores_device.get());
  args.verify_tokens = opforge::cuda_arg("top_p_candidates", verify_tokens_device.get());
  args.actual_candidate_lens = opforge::cuda_arg(
      "top_p_candidates", actual_candidate_lens_device.get());
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  args.max_bsz = max_bsz;
  args.max_candidate_len = max_candidate_len;
  args.candidates_len = candidates_len;
  opforge::cuda_sim::launch(ctx,
                            ctx.cuda.nblocks,
                            kCudaBlock,
                            "top_p_candidates",
                            &cuda_kernel<typename opforge::CudaElem<T>::type>,
                            args);
  verify_scores_device.copy_back();
  verify_tokens_device.copy_back();
  actual_candidate_lens_device.copy_back();
}

template void launch_cuda_sim<float>(const opforge::Context&,
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
template void launch_cuda_sim<opforge::float16>(const opforge::Context&,
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
template void launch_cuda_sim<opforge::bfloat16>(const opforge::Context&,
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
