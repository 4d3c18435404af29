// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
// Runs the CUDA kernel of speculate_get_token_penalty_multi_scores under the simulation: each buffer gets
// an exactly-sized device copy (so every kernel access is checked against its
// declared length), the kernel runs on ctx.cuda's blocks of kCudaBlock threads
// in a shuffled order, and in-place and output buffers are copied back.
#include "entry/speculate_get_token_penalty_multi_scores.h"
#include "kernel_decls/speculate_get_token_penalty_multi_scores_cuda.h"
#include "opforge/cuda_sim_glue.h"

namespace opforge::speculate_get_token_penalty_multi_scores {

template <typename T>
void launch_cuda_sim(const opforge::Context& ctx,
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
  const opforge::cuda_sim::DeviceCopy<const int64_t> pre_ids_device(
      pre_ids, "pre_ids", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<T> logits_device(logits, "logits", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const T> penalty_scores_device(
      penalty_scores, "penalty_scores", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const T> frequency_scores_device(
      frequency_scores, "frequency_scores", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const T> presence_scores_device(
      presence_scores, "presence_scores", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const float> temperatures_device(
      temperatures, "temperatures", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> bad_tokens_device(
      bad_tokens, "bad_tokens", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> cur_len_device(
      cur_len, "cur_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> min_len_device(
      min_len, "min_len", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int64_t> eos_token_id_device(
      eos_token_id, "eos_token_id", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> output_padding_offset_device(
      output_padding_offset, "output_padding_offset", opforge::CopyIn::kYes);
  const opforge::cuda_sim::DeviceCopy<const int32_t> output_cum_offsets_device(
      output_cum_offsets, "output_cum_offsets", opforge::CopyIn::kYes);
  CudaArgs<typename opforge::CudaElem<T>::type> args;
  args.pre_ids = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", pre_ids_device.get());
  args.logits = opforge::cuda_arg("speculate_get_token_penalty_multi_scores", logits_device.get());
  args.penalty_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", penalty_scores_device.get());
  args.frequency_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", frequency_scores_device.get());
  args.presence_scores = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", presence_scores_device.get());
  args.temperatures = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", temperatures_device.get());
  args.bad_tokens = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", bad_tokens_device.get());
  args.cur_len = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", cur_len_device.get());
  args.min_len = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", min_len_device.get());
  args.eos_token_id = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", eos_token_id_device.get());
  args.output_padding_offset = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", output_padding_offset_device.get());
  args.output_cum_offsets = opforge::cuda_arg(
      "speculate_get_token_penalty_multi_scores", output_cum_offsets_device.get());
  args.bs = bs;
  args.token_num = token_num;
  args.vocab_size = vocab_size;
  args.length_id = length_id;
  args.bad_words_len = bad_words_len;
  args.end_length = end_length;
  args.bad_tokens_form = bad_tokens_form;
  args.max_seq_len = max_seq_len;
  opforge::cuda_sim::launch(ctx,
                            ctx.cuda.nblocks,
                            kCudaBlock,
                            "speculate_get_token_penalty_multi_scores",
                            &cuda_kernel<typename opforge::CudaElem<T>::type>,
                            args);
  logits_device.copy_back();
}

template void launch_cuda_sim<float>(const opforge::Context&,
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
template void launch_cuda_sim<opforge::float16>(const opforge::Context&,
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
template void launch_cuda_sim<opforge::bfloat16>(const opforge::Context&,
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
