// Generated from opspec/speculate_limit_thinking_content_length_v1.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_limit_thinking_content_length_v1.h"

#include <memory>

namespace opforge::speculate_limit_thinking_content_length_v1 {
namespace {
constexpr const char* kOp = "speculate_limit_thinking_content_length_v1";
}  // namespace

void check_attrs(int64_t think_end_id) {
  (void)think_end_id;
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> next_tokens,
         opforge::Buffer<const int32_t> max_think_lens,
         opforge::Buffer<int64_t> step_idx,
         opforge::Buffer<int32_t> limit_think_status,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> eos_token_ids,
         int64_t bsz,
         int64_t tokens_per_step,
         int64_t eos_len,
         int64_t think_end_id) {
  check_attrs(think_end_id);
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "tokens_per_step", tokens_per_step);
  opforge::check_dim_value(kOp, "eos_len", eos_len);
  opforge::check_dim_at_least(kOp, "tokens_per_step", tokens_per_step, 1, "1");

  opforge::check_required(kOp,
                          "next_tokens",
                          next_tokens,
                          opforge::numel({bsz, tokens_per_step}),
                          "bsz * tokens_per_step");
  opforge::check_required(kOp, "max_think_lens", max_think_lens, bsz, "bsz");
  opforge::check_required(kOp, "step_idx", step_idx, bsz, "bsz");
  opforge::check_required(kOp, "limit_think_status", limit_think_status, bsz, "bsz");
  opforge::check_required(kOp, "accept_num", accept_num, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, bsz, "bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, bsz, "bsz");
  opforge::check_required(kOp, "eos_token_ids", eos_token_ids, eos_len, "eos_len");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("next_tokens", next_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("limit_think_status", limit_think_status, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("max_think_lens", max_think_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("eos_token_ids", eos_token_ids, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "max_think_lens",
                                 opforge::Buffer<const int32_t>(max_think_lens),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "limit_think_status",
                                 opforge::Buffer<const int32_t>(limit_think_status),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(2, "2"));
      opforge::check_value_range(kOp,
                                 "accept_num",
                                 opforge::Buffer<const int32_t>(accept_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(tokens_per_step, "tokens_per_step"));
      opforge::check_value_range(kOp,
                                 "seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.next_tokens = next_tokens.data;
      args.max_think_lens = max_think_lens.data;
      args.step_idx = step_idx.data;
      args.limit_think_status = limit_think_status.data;
      args.accept_num = accept_num.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.stop_flags = stop_flags.data;
      args.eos_token_ids = eos_token_ids.data;
      args.bsz = bsz;
      args.tokens_per_step = tokens_per_step;
      args.eos_len = eos_len;
      args.think_end_id = think_end_id;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      next_tokens,
                      max_think_lens,
                      step_idx,
                      limit_think_status,
                      accept_num,
                      seq_lens_decoder,
                      stop_flags,
                      eos_token_ids,
                      bsz,
                      tokens_per_step,
                      eos_len,
                      think_end_id);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         next_tokens,
                         max_think_lens,
                         step_idx,
                         limit_think_status,
                         accept_num,
                         seq_lens_decoder,
                         stop_flags,
                         eos_token_ids,
                         bsz,
                         tokens_per_step,
                         eos_len,
                         think_end_id);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      next_tokens,
                      max_think_lens,
                      step_idx,
                      limit_think_status,
                      accept_num,
                      seq_lens_decoder,
                      stop_flags,
                      eos_token_ids,
                      bsz,
                      tokens_per_step,
                      eos_len,
                      think_end_id);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         next_tokens,
                         max_think_lens,
                         step_idx,
                         limit_think_status,
                         accept_num,
                         seq_lens_decoder,
                         stop_flags,
                         eos_token_ids,
                         bsz,
                         tokens_per_step,
                         eos_len,
                         think_end_id);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::speculate_limit_thinking_content_length_v1
