// Generated from opspec/ngram_match.yaml by `python -m codegen`. Do not edit.
#include "entry/ngram_match.h"

#include <memory>

namespace opforge::ngram_match {
namespace {
constexpr const char* kOp = "ngram_match";
}  // namespace

void check_attrs(int32_t max_ngram_size,
                 int32_t max_draft_tokens,
                 int32_t infer_with_reference_tokenum_threshold) {
  opforge::check_attr_range(kOp, "max_ngram_size", static_cast<int64_t>(max_ngram_size), 1, 64);
  opforge::check_attr_range(
      kOp, "max_draft_tokens", static_cast<int64_t>(max_draft_tokens), 0, std::nullopt);
  opforge::check_attr_range(kOp,
                            "infer_with_reference_tokenum_threshold",
                            static_cast<int64_t>(infer_with_reference_tokenum_threshold),
                            0,
                            std::nullopt);
}

void run(const opforge::Context& ctx,
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
  check_attrs(max_ngram_size, max_draft_tokens, infer_with_reference_tokenum_threshold);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_value(kOp, "max_model_len", max_model_len);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");
  opforge::check_dim_at_least(kOp, "max_step_tokens", max_step_tokens, 1, "1");

  opforge::check_required(kOp,
                          "token_ids_all",
                          token_ids_all,
                          opforge::numel({max_bsz, max_model_len}),
                          "max_bsz * max_model_len");
  opforge::check_required(kOp, "prompt_lens", prompt_lens, max_bsz, "max_bsz");
  opforge::check_required(kOp, "step_idx", step_idx, max_bsz, "max_bsz");
  opforge::check_optional(kOp, "draft_token_num", draft_token_num, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "step_input_ids",
                          step_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "max_dec_len", max_dec_len, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("step_input_ids", step_input_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("token_ids_all", token_ids_all, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("prompt_lens", prompt_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("draft_token_num", draft_token_num, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("max_dec_len", max_dec_len, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "prompt_lens",
                                 opforge::Buffer<const int64_t>(prompt_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_model_len, "max_model_len"));
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      if (draft_token_num.present())
        opforge::check_value_range(kOp,
                                   "draft_token_num",
                                   opforge::Buffer<const int32_t>(draft_token_num),
                                   opforge::at_least<int64_t>(0, "0"),
                                   opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "max_dec_len",
                                 opforge::Buffer<const int64_t>(max_dec_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.token_ids_all = token_ids_all.data;
      args.prompt_lens = prompt_lens.data;
      args.step_idx = step_idx.data;
      args.draft_token_num = draft_token_num.data;
      args.step_input_ids = step_input_ids.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.max_dec_len = max_dec_len.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.max_step_tokens = max_step_tokens;
      args.max_model_len = max_model_len;
      args.max_ngram_size = max_ngram_size;
      args.max_draft_tokens = max_draft_tokens;
      args.infer_with_reference_tokenum_threshold = infer_with_reference_tokenum_threshold;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      token_ids_all,
                      prompt_lens,
                      step_idx,
                      draft_token_num,
                      step_input_ids,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      max_dec_len,
                      max_bsz,
                      real_bsz,
                      max_step_tokens,
                      max_model_len,
                      max_ngram_size,
                      max_draft_tokens,
                      infer_with_reference_tokenum_threshold);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         token_ids_all,
                         prompt_lens,
                         step_idx,
                         draft_token_num,
                         step_input_ids,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         max_dec_len,
                         max_bsz,
                         real_bsz,
                         max_step_tokens,
                         max_model_len,
                         max_ngram_size,
                         max_draft_tokens,
                         infer_with_reference_tokenum_threshold);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }

  // The value-checked mode, after the kernel: what it must leave in its
  // outputs whatever the inputs (a failure here is a kernel bug).
  if (opforge::value_checks()) {
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "the kernel's seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }
}

}  // namespace opforge::ngram_match
