// Generated from opspec/unified_update_model_status.yaml by `python -m codegen`. Do not edit.
#include "entry/unified_update_model_status.h"

#include <memory>

namespace opforge::unified_update_model_status {
namespace {
constexpr const char* kOp = "unified_update_model_status";
}  // namespace

void check_attrs(bool is_naive_mode, bool prefill_one_step_stop) {
  (void)is_naive_mode;
  (void)prefill_one_step_stop;
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> has_running_seqs,
         opforge::Buffer<int64_t> step_input_ids,
         opforge::Buffer<int64_t> step_output_ids,
         opforge::Buffer<int32_t> step_output_len,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const bool> is_paused,
         opforge::Buffer<int32_t> mask_rollback,
         opforge::Buffer<int64_t> token_ids_all,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<int64_t> step_idx,
         opforge::Buffer<const int64_t> end_tokens,
         opforge::Buffer<const int64_t> max_dec_len,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t max_model_len,
         int64_t end_length,
         bool is_naive_mode,
         bool prefill_one_step_stop) {
  check_attrs(is_naive_mode, prefill_one_step_stop);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_model_len", max_model_len);
  opforge::check_dim_value(kOp, "end_length", end_length);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");
  opforge::check_dim_at_least(kOp, "end_length", end_length, 1, "1");

  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "has_running_seqs", has_running_seqs, 1, "1");
  opforge::check_required(kOp,
                          "step_input_ids",
                          step_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp,
                          "step_output_ids",
                          step_output_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp, "step_output_len", step_output_len, max_bsz, "max_bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "is_paused", is_paused, max_bsz, "max_bsz");
  opforge::check_required(kOp, "mask_rollback", mask_rollback, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "token_ids_all",
                          token_ids_all,
                          opforge::numel({max_bsz, max_model_len}),
                          "max_bsz * max_model_len");
  opforge::check_required(kOp, "prompt_lens", prompt_lens, max_bsz, "max_bsz");
  opforge::check_required(kOp, "step_idx", step_idx, max_bsz, "max_bsz");
  opforge::check_required(kOp, "end_tokens", end_tokens, end_length, "end_length");
  opforge::check_required(kOp, "max_dec_len", max_dec_len, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("has_running_seqs", has_running_seqs, opforge::Access::kWritten, opforge::Memory::kHost),
       opforge::span("step_input_ids", step_input_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_output_ids", step_output_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_output_len", step_output_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("mask_rollback", mask_rollback, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("token_ids_all", token_ids_all, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("is_paused", is_paused, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("prompt_lens", prompt_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("end_tokens", end_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("max_dec_len", max_dec_len, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
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
                                 "step_output_len",
                                 opforge::Buffer<const int32_t>(step_output_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_step_tokens, "max_step_tokens"));
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_step_tokens, "max_step_tokens"));
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
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.has_running_seqs = has_running_seqs.data;
      args.step_input_ids = step_input_ids.data;
      args.step_output_ids = step_output_ids.data;
      args.step_output_len = step_output_len.data;
      args.stop_flags = stop_flags.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.is_paused = is_paused.data;
      args.mask_rollback = mask_rollback.data;
      args.token_ids_all = token_ids_all.data;
      args.prompt_lens = prompt_lens.data;
      args.step_idx = step_idx.data;
      args.end_tokens = end_tokens.data;
      args.max_dec_len = max_dec_len.data;
      args.max_bsz = max_bsz;
      args.max_step_tokens = max_step_tokens;
      args.real_bsz = real_bsz;
      args.max_model_len = max_model_len;
      args.end_length = end_length;
      args.is_naive_mode = is_naive_mode;
      args.prefill_one_step_stop = prefill_one_step_stop;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      has_running_seqs,
                      step_input_ids,
                      step_output_ids,
                      step_output_len,
                      stop_flags,
                      seq_lens_this_time,
                      is_paused,
                      mask_rollback,
                      token_ids_all,
                      prompt_lens,
                      step_idx,
                      end_tokens,
                      max_dec_len,
                      max_bsz,
                      max_step_tokens,
                      real_bsz,
                      max_model_len,
                      end_length,
                      is_naive_mode,
                      prefill_one_step_stop);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         has_running_seqs,
                         step_input_ids,
                         step_output_ids,
                         step_output_len,
                         stop_flags,
                         seq_lens_this_time,
                         is_paused,
                         mask_rollback,
                         token_ids_all,
                         prompt_lens,
                         step_idx,
                         end_tokens,
                         max_dec_len,
                         max_bsz,
                         max_step_tokens,
                         real_bsz,
                         max_model_len,
                         end_length,
                         is_naive_mode,
                         prefill_one_step_stop);
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
                                 "the kernel's seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "the kernel's seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "the kernel's step_output_len",
                                 opforge::Buffer<const int32_t>(step_output_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_step_tokens, "max_step_tokens"));
      opforge::check_value_range(kOp,
                                 "the kernel's step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }
}

}  // namespace opforge::unified_update_model_status
