// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of top_p_candidates under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/top_p_candidates.h"
#include "kernel_decls/top_p_candidates_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::top_p_candidates {

template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
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
  const opforge::xpu3_sim::DeviceCopy<const T> probs_device(probs, "probs", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const T> top_p_device(top_p, "top_p", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> batch_id_per_token_device(
      batch_id_per_token, "batch_id_per_token", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<T> verify_scores_device(
      verify_scores, "verify_scores", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int64_t> verify_tokens_device(
      verify_tokens, "verify_tokens", opforge::CopyIn::kNo);
  const opforge::xpu3_sim::DeviceCopy<int32_t> actual_candidate_lens_device(
      actual_candidate_lens, "actual_candidate_lens", opforge::CopyIn::kNo);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "top_p_candidates",
      &xpu3_kernel<typename opforge::Xpu3Elem<T>::type>,
      opforge::xpu3_arg(probs_device.get()),
      opforge::xpu3_arg(top_p_device.get()),
      opforge::xpu3_arg(batch_id_per_token_device.get()),
      opforge::xpu3_arg(verify_scores_device.get()),
      opforge::xpu3_arg(verify_tokens_device.get()),
      opforge::xpu3_arg(actual_candidate_lens_device.get()),
      opforge::xpu3_dim("top_p_candidates", "token_num", token_num),
      opforge::xpu3_dim("top_p_candidates", "vocab_size", vocab_size),
      opforge::xpu3_dim("top_p_candidates", "max_bsz", max_bsz),
      opforge::xpu3_dim("top_p_candidates", "max_candidate_len", max_candidate_len),
      candidates_len);
  verify_scores_device.copy_back();
  verify_tokens_device.copy_back();
  actual_candidate_lens_device.copy_back();
}

template void launch_xpu3_sim<float>(const opforge::Context&,
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
template void launch_xpu3_sim<opforge::float16>(const opforge::Context&,
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
template void launch_xpu3_sim<opforge::bfloat16>(const opforge::Context&,
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
