// Generated from opspec/speculate_update.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_update.h"

#include <memory>

namespace opforge::speculate_update {
namespace {
constexpr const char* kOp = "speculate_update";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<bool> not_need_stop,
         opforge::Buffer<int64_t> draft_tokens,
         opforge::Buffer<int32_t> actual_draft_token_nums,
         opforge::Buffer<const int64_t> accept_tokens,
         opforge::Buffer<const int32_t> accept_num,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const bool> is_block_step,
         opforge::Buffer<const int64_t> stop_nums,
         opforge::Buffer<int32_t> mask_rollback,
         int64_t max_bsz,
         int64_t max_draft_tokens,
         int64_t real_bsz) {
  check_attrs();
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "max_draft_tokens", max_draft_tokens);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_at_least(kOp, "max_draft_tokens", max_draft_tokens, 1, "1");
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "not_need_stop", not_need_stop, 1, "1");
  opforge::check_required(kOp,
                          "draft_tokens",
                          draft_tokens,
                          opforge::numel({max_bsz, max_draft_tokens}),
                          "max_bsz * max_draft_tokens");
  opforge::check_required(
      kOp, "actual_draft_token_nums", actual_draft_token_nums, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "accept_tokens",
                          accept_tokens,
                          opforge::numel({max_bsz, max_draft_tokens}),
                          "max_bsz * max_draft_tokens");
  opforge::check_required(kOp, "accept_num", accept_num, max_bsz, "max_bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "is_block_step", is_block_step, max_bsz, "max_bsz");
  opforge::check_optional(kOp, "stop_nums", stop_nums, 1, "1");
  opforge::check_required(kOp, "mask_rollback", mask_rollback, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("not_need_stop", not_need_stop, opforge::Access::kWritten, opforge::Memory::kHost),
       opforge::span("draft_tokens", draft_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("actual_draft_token_nums", actual_draft_token_nums, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("mask_rollback", mask_rollback, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_tokens", accept_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("is_block_step", is_block_step, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_nums", stop_nums, opforge::Access::kRead, opforge::Memory::kDevice)});

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
                                 "actual_draft_token_nums",
                                 opforge::Buffer<const int32_t>(actual_draft_token_nums),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_draft_tokens, "max_draft_tokens"));
      opforge::check_value_range(kOp,
                                 "accept_num",
                                 opforge::Buffer<const int32_t>(accept_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_draft_tokens, "max_draft_tokens"));
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      if (stop_nums.present())
        opforge::check_value_range(kOp,
                                   "stop_nums",
                                   opforge::Buffer<const int64_t>(stop_nums),
                                   opforge::at_least<int64_t>(0, "0"),
                                   opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.not_need_stop = not_need_stop.data;
      args.draft_tokens = draft_tokens.data;
      args.actual_draft_token_nums = actual_draft_token_nums.data;
      args.accept_tokens = accept_tokens.data;
      args.accept_num = accept_num.data;
      args.stop_flags = stop_flags.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.is_block_step = is_block_step.data;
      args.stop_nums = stop_nums.data;
      args.mask_rollback = mask_rollback.data;
      args.max_bsz = max_bsz;
      args.max_draft_tokens = max_draft_tokens;
      args.real_bsz = real_bsz;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      not_need_stop,
                      draft_tokens,
                      actual_draft_token_nums,
                      accept_tokens,
                      accept_num,
                      stop_flags,
                      seq_lens_this_time,
                      is_block_step,
                      stop_nums,
                      mask_rollback,
                      max_bsz,
                      max_draft_tokens,
                      real_bsz);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         not_need_stop,
                         draft_tokens,
                         actual_draft_token_nums,
                         accept_tokens,
                         accept_num,
                         stop_flags,
                         seq_lens_this_time,
                         is_block_step,
                         stop_nums,
                         mask_rollback,
                         max_bsz,
                         max_draft_tokens,
                         real_bsz);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      not_need_stop,
                      draft_tokens,
                      actual_draft_token_nums,
                      accept_tokens,
                      accept_num,
                      stop_flags,
                      seq_lens_this_time,
                      is_block_step,
                      stop_nums,
                      mask_rollback,
                      max_bsz,
                      max_draft_tokens,
                      real_bsz);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         not_need_stop,
                         draft_tokens,
                         actual_draft_token_nums,
                         accept_tokens,
                         accept_num,
                         stop_flags,
                         seq_lens_this_time,
                         is_block_step,
                         stop_nums,
                         mask_rollback,
                         max_bsz,
                         max_draft_tokens,
                         real_bsz);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::speculate_update
