// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// Runs the XPU3 kernel of speculate_get_token_penalty_multi_scores under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel transfer is checked against
// its declared length), the kernel runs on ctx.xpu3's clusters x cores in a
// shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_token_penalty_multi_scores.h"
#include "kernel_decls/speculate_get_token_penalty_multi_scores_xpu3.h"
#include "opforge/xpu3_sim_glue.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

template <typename T>
void launch_xpu3_sim(const opforge::Context& ctx,
                     opforge::Buffer<const int64_t> pre_ids,
                     opforge::Buffer<T> logits,
                     opforge::Buffer<const T> penalty_scores,
                     opforge::Buffer<const T> frequency_scores,
                     opforge::Buffer<const T> presence_scores,
                     opforge::Buffer<const float> temperatures,
                     opforge::Buffer<const int64_t> bad_tokens,
                     opforge::Buffer<const int64_t> cur_len,
                     opforge::Buffer<const int64_t> min_len,
                     opforge::Buffer<const int64_t> eos_token_id,
                     opforge::Buffer<const int32_t> output_padding_offset,
                     opforge::Buffer<const int32_t> output_cum_offsets,
                     int64_t bs,
                     int64_t token_num,
                     int64_t vocab_size,
                     int64_t length_id,
                     int64_t bad_words_len,
                     int64_t end_length,
                     int32_t bad_tokens_form,
                     int32_t max_seq_len) {
  const opforge::xpu3_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<T> logits_device(logits, "logits", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const T> penalty_scores_device(
      penalty_scores, "penalty_scores", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const T> frequency_scores_device(
      frequency_scores, "frequency_scores", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const T> presence_scores_device(
      presence_scores, "presence_scores", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const float> temperatures_device(
      temperatures, "temperatures", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> bad_tokens_device(
      bad_tokens, "bad_tokens", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> cur_len_device(
      cur_len, "cur_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> min_len_device(
      min_len, "min_len", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int64_t> eos_token_id_device(
      eos_token_id, "eos_token_id", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> output_padding_offset_device(
      output_padding_offset, "output_padding_offset", opforge::CopyIn::kYes);
  const opforge::xpu3_sim::DeviceCopy<const int32_t> output_cum_offsets_device(
      output_cum_offsets, "output_cum_offsets", opforge::CopyIn::kYes);
  opforge::xpu3_sim::launch(
      ctx,
      ctx.xpu3.nclusters,
      "speculate_get_token_penalty_multi_scores",
      &xpu3_kernel<typename opforge::Xpu3Elem<T>::type>,
      opforge::xpu3_arg(pre_ids_device.get()),
      opforge::xpu3_arg(logits_device.get()),
      opforge::xpu3_arg(penalty_scores_device.get()),
      opforge::xpu3_arg(frequency_scores_device.get()),
      opforge::xpu3_arg(presence_scores_device.get()),
      opforge::xpu3_arg(temperatures_device.get()),
      opforge::xpu3_arg(bad_tokens_device.get()),
      opforge::xpu3_arg(cur_len_device.get()),
      opforge::xpu3_arg(min_len_device.get()),
      opforge::xpu3_arg(eos_token_id_device.get()),
      opforge::xpu3_arg(output_padding_offset_device.get()),
      opforge::xpu3_arg(output_cum_offsets_device.get()),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "bs", bs),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "token_num", token_num),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "vocab_size", vocab_size),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "length_id", length_id),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "bad_words_len", bad_words_len),
      opforge::xpu3_dim("speculate_get_token_penalty_multi_scores", "end_length", end_length),
      bad_tokens_form,
      max_seq_len);
  logits_device.copy_back();
}

template void launch_xpu3_sim<float>(const opforge::Context&,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<float>,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const float>,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<const int64_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int32_t,
                                     int32_t);
template void launch_xpu3_sim<opforge::float16>(const opforge::Context&,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<opforge::float16>,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const opforge::float16>,
                                                opforge::Buffer<const float>,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<const int64_t>,
                                                opforge::Buffer<const int32_t>,
                                                opforge::Buffer<const int32_t>,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int64_t,
                                                int32_t,
                                                int32_t);
template void launch_xpu3_sim<opforge::bfloat16>(const opforge::Context&,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<opforge::bfloat16>,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const opforge::bfloat16>,
                                                 opforge::Buffer<const float>,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<const int64_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 opforge::Buffer<const int32_t>,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int64_t,
                                                 int32_t,
                                                 int32_t);

}  // namespace opforge::speculate_get_token_penalty_multi_scores
