// Generated from opspec/speculate_schedule_cache.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_schedule_cache.h"

#include <memory>

namespace opforge::speculate_schedule_cache {
namespace {
constexpr const char* kOp = "speculate_schedule_cache";
}  // namespace

void check_attrs(int32_t block_size, int32_t max_draft_tokens, bool prefill_one_step_stop) {
  opforge::check_attr_range(kOp, "block_size", static_cast<int64_t>(block_size), 1, std::nullopt);
  opforge::check_attr_range(
      kOp, "max_draft_tokens", static_cast<int64_t>(max_draft_tokens), 0, std::nullopt);
  (void)prefill_one_step_stop;
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> draft_tokens,
         opforge::Buffer<const int32_t> block_tables,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> prompt_lens,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<int32_t> step_seq_lens_decoder,
         opforge::Buffer<int64_t> step_draft_tokens,
         opforge::Buffer<int32_t> step_seq_lens_this_time,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<int64_t> accept_tokens,
         opforge::Buffer<bool> is_block_step,
         opforge::Buffer<bool> not_need_stop,
         opforge::Buffer<const int64_t> stop_nums,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t draft_tokens_len,
         int64_t accept_tokens_len,
         int64_t block_num_per_seq,
         int32_t block_size,
         int32_t max_draft_tokens,
         bool prefill_one_step_stop) {
  check_attrs(block_size, max_draft_tokens, prefill_one_step_stop);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "draft_tokens_len", draft_tokens_len);
  opforge::check_dim_value(kOp, "accept_tokens_len", accept_tokens_len);
  opforge::check_dim_value(kOp, "block_num_per_seq", block_num_per_seq);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");
  opforge::check_dim_at_least(kOp, "block_num_per_seq", block_num_per_seq, 1, "1");

  opforge::check_required(kOp,
                          "draft_tokens",
                          draft_tokens,
                          opforge::numel({max_bsz, draft_tokens_len}),
                          "max_bsz * draft_tokens_len");
  opforge::check_required(kOp,
                          "block_tables",
                          block_tables,
                          opforge::numel({max_bsz, block_num_per_seq}),
                          "max_bsz * block_num_per_seq");
  opforge::check_required(kOp, "stop_flags", stop_flags, max_bsz, "max_bsz");
  opforge::check_required(kOp, "prompt_lens", prompt_lens, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "step_seq_lens_decoder", step_seq_lens_decoder, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "step_draft_tokens",
                          step_draft_tokens,
                          opforge::numel({max_bsz, draft_tokens_len}),
                          "max_bsz * draft_tokens_len");
  opforge::check_required(
      kOp, "step_seq_lens_this_time", step_seq_lens_this_time, max_bsz, "max_bsz");
  opforge::check_required(kOp, "accept_num", accept_num, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "accept_tokens",
                          accept_tokens,
                          opforge::numel({max_bsz, accept_tokens_len}),
                          "max_bsz * accept_tokens_len");
  opforge::check_required(kOp, "is_block_step", is_block_step, max_bsz, "max_bsz");
  opforge::check_required(kOp, "not_need_stop", not_need_stop, 1, "1");
  opforge::check_optional(kOp, "stop_nums", stop_nums, 1, "1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_seq_lens_decoder", step_seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_draft_tokens", step_draft_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_seq_lens_this_time", step_seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_tokens", accept_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("is_block_step", is_block_step, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("not_need_stop", not_need_stop, opforge::Access::kWritten, opforge::Memory::kHost),
       opforge::span("draft_tokens", draft_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("block_tables", block_tables, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("prompt_lens", prompt_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_nums", stop_nums, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "block_tables",
                                 opforge::Buffer<const int32_t>(block_tables),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "prompt_lens",
                                 opforge::Buffer<const int64_t>(prompt_lens),
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
                                 "accept_num",
                                 opforge::Buffer<const int32_t>(accept_num),
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
      args.draft_tokens = draft_tokens.data;
      args.block_tables = block_tables.data;
      args.stop_flags = stop_flags.data;
      args.prompt_lens = prompt_lens.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.step_seq_lens_decoder = step_seq_lens_decoder.data;
      args.step_draft_tokens = step_draft_tokens.data;
      args.step_seq_lens_this_time = step_seq_lens_this_time.data;
      args.accept_num = accept_num.data;
      args.accept_tokens = accept_tokens.data;
      args.is_block_step = is_block_step.data;
      args.not_need_stop = not_need_stop.data;
      args.stop_nums = stop_nums.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.draft_tokens_len = draft_tokens_len;
      args.accept_tokens_len = accept_tokens_len;
      args.block_num_per_seq = block_num_per_seq;
      args.block_size = block_size;
      args.max_draft_tokens = max_draft_tokens;
      args.prefill_one_step_stop = prefill_one_step_stop;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      draft_tokens,
                      block_tables,
                      stop_flags,
                      prompt_lens,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      step_seq_lens_decoder,
                      step_draft_tokens,
                      step_seq_lens_this_time,
                      accept_num,
                      accept_tokens,
                      is_block_step,
                      not_need_stop,
                      stop_nums,
                      max_bsz,
                      real_bsz,
                      draft_tokens_len,
                      accept_tokens_len,
                      block_num_per_seq,
                      block_size,
                      max_draft_tokens,
                      prefill_one_step_stop);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         draft_tokens,
                         block_tables,
                         stop_flags,
                         prompt_lens,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         step_seq_lens_decoder,
                         step_draft_tokens,
                         step_seq_lens_this_time,
                         accept_num,
                         accept_tokens,
                         is_block_step,
                         not_need_stop,
                         stop_nums,
                         max_bsz,
                         real_bsz,
                         draft_tokens_len,
                         accept_tokens_len,
                         block_num_per_seq,
                         block_size,
                         max_draft_tokens,
                         prefill_one_step_stop);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      draft_tokens,
                      block_tables,
                      stop_flags,
                      prompt_lens,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      step_seq_lens_decoder,
                      step_draft_tokens,
                      step_seq_lens_this_time,
                      accept_num,
                      accept_tokens,
                      is_block_step,
                      not_need_stop,
                      stop_nums,
                      max_bsz,
                      real_bsz,
                      draft_tokens_len,
                      accept_tokens_len,
                      block_num_per_seq,
                      block_size,
                      max_draft_tokens,
                      prefill_one_step_stop);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         draft_tokens,
                         block_tables,
                         stop_flags,
                         prompt_lens,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         step_seq_lens_decoder,
                         step_draft_tokens,
                         step_seq_lens_this_time,
                         accept_num,
                         accept_tokens,
                         is_block_step,
                         not_need_stop,
                         stop_nums,
                         max_bsz,
                         real_bsz,
                         draft_tokens_len,
                         accept_tokens_len,
                         block_num_per_seq,
                         block_size,
                         max_draft_tokens,
                         prefill_one_step_stop);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::speculate_schedule_cache
