// Generated from opspec/speculate_get_token_penalty_multi_scores.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_get_token_penalty_multi_scores.h"

#include <memory>

namespace opforge::speculate_get_token_penalty_multi_scores {
namespace {
constexpr const char* kOp = "speculate_get_token_penalty_multi_scores";
}  // namespace

void check_attrs(int32_t max_seq_len) {
  opforge::check_attr_range(kOp, "max_seq_len", static_cast<int64_t>(max_seq_len), 1, std::nullopt);
}

template <typename T>
void run(const opforge::Context& ctx,
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
  check_attrs(max_seq_len);
  opforge::check_dim_value(kOp, "bs", bs);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_value(kOp, "vocab_size", vocab_size);
  opforge::check_dim_value(kOp, "length_id", length_id);
  opforge::check_dim_value(kOp, "bad_words_len", bad_words_len);
  opforge::check_dim_value(kOp, "end_length", end_length);
  opforge::check_dim_at_least(kOp, "vocab_size", vocab_size, 1, "1");
  opforge::check_form(
      kOp, "bad_tokens", bad_tokens_form, 2, "[bs, bad_words_len] or [bad_words_len]");

  opforge::check_required(
      kOp, "pre_ids", pre_ids, opforge::numel({bs, length_id}), "bs * length_id");
  opforge::check_required(
      kOp, "logits", logits, opforge::numel({token_num, vocab_size}), "token_num * vocab_size");
  opforge::check_required(kOp, "penalty_scores", penalty_scores, bs, "bs");
  opforge::check_required(kOp, "frequency_scores", frequency_scores, bs, "bs");
  opforge::check_required(kOp, "presence_scores", presence_scores, bs, "bs");
  opforge::check_required(kOp, "temperatures", temperatures, bs, "bs");
  opforge::check_required(
      kOp,
      "bad_tokens",
      bad_tokens,
      opforge::of_form<int64_t>(
          bad_tokens_form, {opforge::numel({bs, bad_words_len}), bad_words_len}),
      opforge::of_form<const char*>(bad_tokens_form, {"bs * bad_words_len", "bad_words_len"}));
  opforge::check_required(kOp, "cur_len", cur_len, bs, "bs");
  opforge::check_required(kOp, "min_len", min_len, bs, "bs");
  opforge::check_required(kOp, "eos_token_id", eos_token_id, end_length, "end_length");
  opforge::check_required(
      kOp, "output_padding_offset", output_padding_offset, token_num, "token_num");
  opforge::check_required(kOp, "output_cum_offsets", output_cum_offsets, bs, "bs");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("logits", logits, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("pre_ids", pre_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("penalty_scores", penalty_scores, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("frequency_scores", frequency_scores, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("presence_scores", presence_scores, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("temperatures", temperatures, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("bad_tokens", bad_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("cur_len", cur_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("min_len", min_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("eos_token_id", eos_token_id, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("output_padding_offset", output_padding_offset, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("output_cum_offsets", output_cum_offsets, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "pre_ids",
                                 opforge::Buffer<const int64_t>(pre_ids),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(vocab_size - 1, "vocab_size - 1"));
      opforge::check_value_range(kOp,
                                 "logits",
                                 opforge::Buffer<const T>(logits),
                                 opforge::at_least<double>(-65280.0, "-65280.0"),
                                 opforge::at_most<double>(65280.0, "65280.0"));
      opforge::check_value_range(kOp,
                                 "penalty_scores",
                                 opforge::Buffer<const T>(penalty_scores),
                                 opforge::above<double>(0.0, "0.0"),
                                 opforge::at_most<double>(4.0, "4.0"));
      opforge::check_value_range(kOp,
                                 "frequency_scores",
                                 opforge::Buffer<const T>(frequency_scores),
                                 opforge::at_least<double>(-2.0, "-2.0"),
                                 opforge::at_most<double>(2.0, "2.0"));
      opforge::check_value_range(kOp,
                                 "presence_scores",
                                 opforge::Buffer<const T>(presence_scores),
                                 opforge::at_least<double>(-2.0, "-2.0"),
                                 opforge::at_most<double>(2.0, "2.0"));
      opforge::check_value_range(kOp,
                                 "temperatures",
                                 opforge::Buffer<const float>(temperatures),
                                 opforge::above<double>(0.0, "0.0"),
                                 opforge::at_most<double>(2.0, "2.0"));
      opforge::check_value_range(kOp,
                                 "cur_len",
                                 opforge::Buffer<const int64_t>(cur_len),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "min_len",
                                 opforge::Buffer<const int64_t>(min_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "eos_token_id",
                                 opforge::Buffer<const int64_t>(eos_token_id),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(vocab_size - 1, "vocab_size - 1"));
      opforge::check_value_range(
          kOp,
          "output_padding_offset",
          opforge::Buffer<const int32_t>(output_padding_offset),
          opforge::at_least<int64_t>(0, "0"),
          opforge::at_most<int64_t>(bs * int64_t{max_seq_len}, "bs * max_seq_len"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs<T> args;
      args.pre_ids = pre_ids.data;
      args.logits = logits.data;
      args.penalty_scores = penalty_scores.data;
      args.frequency_scores = frequency_scores.data;
      args.presence_scores = presence_scores.data;
      args.temperatures = temperatures.data;
      args.bad_tokens = bad_tokens.data;
      args.cur_len = cur_len.data;
      args.min_len = min_len.data;
      args.eos_token_id = eos_token_id.data;
      args.output_padding_offset = output_padding_offset.data;
      args.output_cum_offsets = output_cum_offsets.data;
      args.bs = bs;
      args.token_num = token_num;
      args.vocab_size = vocab_size;
      args.length_id = length_id;
      args.bad_words_len = bad_words_len;
      args.end_length = end_length;
      args.bad_tokens_form = bad_tokens_form;
      args.max_seq_len = max_seq_len;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim<T>(ctx,
                         pre_ids,
                         logits,
                         penalty_scores,
                         frequency_scores,
                         presence_scores,
                         temperatures,
                         bad_tokens,
                         cur_len,
                         min_len,
                         eos_token_id,
                         output_padding_offset,
                         output_cum_offsets,
                         bs,
                         token_num,
                         vocab_size,
                         length_id,
                         bad_words_len,
                         end_length,
                         bad_tokens_form,
                         max_seq_len);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device<T>(ctx,
                            pre_ids,
                            logits,
                            penalty_scores,
                            frequency_scores,
                            presence_scores,
                            temperatures,
                            bad_tokens,
                            cur_len,
                            min_len,
                            eos_token_id,
                            output_padding_offset,
                            output_cum_offsets,
                            bs,
                            token_num,
                            vocab_size,
                            length_id,
                            bad_words_len,
                            end_length,
                            bad_tokens_form,
                            max_seq_len);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim<T>(ctx,
                         pre_ids,
                         logits,
                         penalty_scores,
                         frequency_scores,
                         presence_scores,
                         temperatures,
                         bad_tokens,
                         cur_len,
                         min_len,
                         eos_token_id,
                         output_padding_offset,
                         output_cum_offsets,
                         bs,
                         token_num,
                         vocab_size,
                         length_id,
                         bad_words_len,
                         end_length,
                         bad_tokens_form,
                         max_seq_len);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device<T>(ctx,
                            pre_ids,
                            logits,
                            penalty_scores,
                            frequency_scores,
                            presence_scores,
                            temperatures,
                            bad_tokens,
                            cur_len,
                            min_len,
                            eos_token_id,
                            output_padding_offset,
                            output_cum_offsets,
                            bs,
                            token_num,
                            vocab_size,
                            length_id,
                            bad_words_len,
                            end_length,
                            bad_tokens_form,
                            max_seq_len);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

// One instance per dtype of T (the Paddle glue dispatches on it).
template void run<float>(const opforge::Context&,
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
template void run<opforge::float16>(const opforge::Context&,
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
template void run<opforge::bfloat16>(const opforge::Context&,
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
