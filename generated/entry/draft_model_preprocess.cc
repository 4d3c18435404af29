// Generated from opspec/draft_model_preprocess.yaml by `python -m codegen`. Do not edit.
#include "entry/draft_model_preprocess.h"

#include <memory>

namespace opforge::draft_model_preprocess {
namespace {
constexpr const char* kOp = "draft_model_preprocess";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
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
  check_attrs();
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_model_len", max_model_len);
  opforge::check_dim_at_least(kOp, "max_step_tokens", max_step_tokens, 1, "1");
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, max_bsz, "max_bsz");
  opforge::check_required(kOp, "step_idx", step_idx, max_bsz, "max_bsz");
  opforge::check_required(kOp, "max_dec_len", max_dec_len, max_bsz, "max_bsz");
  opforge::check_required(kOp, "prompt_lens", prompt_lens, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "token_ids_all",
                          token_ids_all,
                          opforge::numel({max_bsz, max_model_len}),
                          "max_bsz * max_model_len");
  opforge::check_required(kOp,
                          "step_input_ids",
                          step_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp,
                          "draft_input_ids",
                          draft_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(
      kOp, "draft_seq_lens_this_time", draft_seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "draft_seq_lens_encoder", draft_seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(
      kOp, "draft_seq_lens_decoder", draft_seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "has_draft_seqs", has_draft_seqs, 1, "1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_input_ids", step_input_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("draft_input_ids", draft_input_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("draft_seq_lens_this_time", draft_seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("draft_seq_lens_encoder", draft_seq_lens_encoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("draft_seq_lens_decoder", draft_seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("has_draft_seqs", has_draft_seqs, opforge::Access::kWritten, opforge::Memory::kHost),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("max_dec_len", max_dec_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("prompt_lens", prompt_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("token_ids_all", token_ids_all, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
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
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "max_dec_len",
                                 opforge::Buffer<const int64_t>(max_dec_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "prompt_lens",
                                 opforge::Buffer<const int64_t>(prompt_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_model_len, "max_model_len"));
      opforge::check_value_range(kOp,
                                 "draft_seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(draft_seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "draft_seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(draft_seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.stop_flags = stop_flags.data;
      args.step_idx = step_idx.data;
      args.max_dec_len = max_dec_len.data;
      args.prompt_lens = prompt_lens.data;
      args.token_ids_all = token_ids_all.data;
      args.step_input_ids = step_input_ids.data;
      args.draft_input_ids = draft_input_ids.data;
      args.draft_seq_lens_this_time = draft_seq_lens_this_time.data;
      args.draft_seq_lens_encoder = draft_seq_lens_encoder.data;
      args.draft_seq_lens_decoder = draft_seq_lens_decoder.data;
      args.has_draft_seqs = has_draft_seqs.data;
      args.max_bsz = max_bsz;
      args.max_step_tokens = max_step_tokens;
      args.real_bsz = real_bsz;
      args.max_model_len = max_model_len;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      stop_flags,
                      step_idx,
                      max_dec_len,
                      prompt_lens,
                      token_ids_all,
                      step_input_ids,
                      draft_input_ids,
                      draft_seq_lens_this_time,
                      draft_seq_lens_encoder,
                      draft_seq_lens_decoder,
                      has_draft_seqs,
                      max_bsz,
                      max_step_tokens,
                      real_bsz,
                      max_model_len);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         stop_flags,
                         step_idx,
                         max_dec_len,
                         prompt_lens,
                         token_ids_all,
                         step_input_ids,
                         draft_input_ids,
                         draft_seq_lens_this_time,
                         draft_seq_lens_encoder,
                         draft_seq_lens_decoder,
                         has_draft_seqs,
                         max_bsz,
                         max_step_tokens,
                         real_bsz,
                         max_model_len);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      stop_flags,
                      step_idx,
                      max_dec_len,
                      prompt_lens,
                      token_ids_all,
                      step_input_ids,
                      draft_input_ids,
                      draft_seq_lens_this_time,
                      draft_seq_lens_encoder,
                      draft_seq_lens_decoder,
                      has_draft_seqs,
                      max_bsz,
                      max_step_tokens,
                      real_bsz,
                      max_model_len);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         stop_flags,
                         step_idx,
                         max_dec_len,
                         prompt_lens,
                         token_ids_all,
                         step_input_ids,
                         draft_input_ids,
                         draft_seq_lens_this_time,
                         draft_seq_lens_encoder,
                         draft_seq_lens_decoder,
                         has_draft_seqs,
                         max_bsz,
                         max_step_tokens,
                         real_bsz,
                         max_model_len);
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
                                 "the kernel's draft_seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(draft_seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "the kernel's draft_seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(draft_seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "the kernel's draft_seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(draft_seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }
}

}  // namespace opforge::draft_model_preprocess
