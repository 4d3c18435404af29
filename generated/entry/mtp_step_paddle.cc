// Generated from opspec/mtp_step_paddle.yaml by `python -m codegen`. Do not edit.
#include "entry/mtp_step_paddle.h"

#include <memory>

namespace opforge::mtp_step_paddle {
namespace {
constexpr const char* kOp = "mtp_step_paddle";
}  // namespace

void check_attrs(int32_t block_size, int32_t max_draft_tokens) {
  opforge::check_attr_range(kOp, "block_size", static_cast<int64_t>(block_size), 1, std::nullopt);
  opforge::check_attr_range(
      kOp, "max_draft_tokens", static_cast<int64_t>(max_draft_tokens), 0, std::nullopt);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const bool> base_model_stop_flags,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<bool> batch_drop,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<int32_t> block_tables,
         opforge::Buffer<int32_t> encoder_block_lens,
         opforge::Buffer<int32_t> used_list_len,
         opforge::Buffer<int32_t> free_list,
         opforge::Buffer<int32_t> free_list_len,
         int64_t bsz,
         int64_t block_num_per_seq,
         int64_t free_list_size,
         int32_t block_size,
         int32_t max_draft_tokens) {
  check_attrs(block_size, max_draft_tokens);
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "block_num_per_seq", block_num_per_seq);
  opforge::check_dim_value(kOp, "free_list_size", free_list_size);
  opforge::check_dim_at_least(kOp, "bsz", bsz, 1, "1");
  opforge::check_dim_at_least(kOp, "block_num_per_seq", block_num_per_seq, 1, "1");

  opforge::check_required(kOp, "base_model_stop_flags", base_model_stop_flags, bsz, "bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, bsz, "bsz");
  opforge::check_required(kOp, "batch_drop", batch_drop, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, bsz, "bsz");
  opforge::check_required(kOp,
                          "block_tables",
                          block_tables,
                          opforge::numel({bsz, block_num_per_seq}),
                          "bsz * block_num_per_seq");
  opforge::check_required(kOp, "encoder_block_lens", encoder_block_lens, bsz, "bsz");
  opforge::check_required(kOp, "used_list_len", used_list_len, bsz, "bsz");
  opforge::check_required(kOp, "free_list", free_list, free_list_size, "free_list_size");
  opforge::check_required(kOp, "free_list_len", free_list_len, 1, "1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_drop", batch_drop, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("block_tables", block_tables, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("encoder_block_lens", encoder_block_lens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("used_list_len", used_list_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("free_list", free_list, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("free_list_len", free_list_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("base_model_stop_flags", base_model_stop_flags, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "seq_lens_decoder",
                                 opforge::Buffer<const int32_t>(seq_lens_decoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "block_tables",
                                 opforge::Buffer<const int32_t>(block_tables),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "encoder_block_lens",
                                 opforge::Buffer<const int32_t>(encoder_block_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(block_num_per_seq, "block_num_per_seq"));
      opforge::check_value_range(kOp,
                                 "used_list_len",
                                 opforge::Buffer<const int32_t>(used_list_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(block_num_per_seq, "block_num_per_seq"));
      opforge::check_value_range(kOp,
                                 "free_list",
                                 opforge::Buffer<const int32_t>(free_list),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "free_list_len",
                                 opforge::Buffer<const int32_t>(free_list_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(free_list_size, "free_list_size"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.base_model_stop_flags = base_model_stop_flags.data;
      args.stop_flags = stop_flags.data;
      args.batch_drop = batch_drop.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.block_tables = block_tables.data;
      args.encoder_block_lens = encoder_block_lens.data;
      args.used_list_len = used_list_len.data;
      args.free_list = free_list.data;
      args.free_list_len = free_list_len.data;
      args.bsz = bsz;
      args.block_num_per_seq = block_num_per_seq;
      args.free_list_size = free_list_size;
      args.block_size = block_size;
      args.max_draft_tokens = max_draft_tokens;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      base_model_stop_flags,
                      stop_flags,
                      batch_drop,
                      seq_lens_this_time,
                      seq_lens_decoder,
                      block_tables,
                      encoder_block_lens,
                      used_list_len,
                      free_list,
                      free_list_len,
                      bsz,
                      block_num_per_seq,
                      free_list_size,
                      block_size,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         base_model_stop_flags,
                         stop_flags,
                         batch_drop,
                         seq_lens_this_time,
                         seq_lens_decoder,
                         block_tables,
                         encoder_block_lens,
                         used_list_len,
                         free_list,
                         free_list_len,
                         bsz,
                         block_num_per_seq,
                         free_list_size,
                         block_size,
                         max_draft_tokens);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      base_model_stop_flags,
                      stop_flags,
                      batch_drop,
                      seq_lens_this_time,
                      seq_lens_decoder,
                      block_tables,
                      encoder_block_lens,
                      used_list_len,
                      free_list,
                      free_list_len,
                      bsz,
                      block_num_per_seq,
                      free_list_size,
                      block_size,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         base_model_stop_flags,
                         stop_flags,
                         batch_drop,
                         seq_lens_this_time,
                         seq_lens_decoder,
                         block_tables,
                         encoder_block_lens,
                         used_list_len,
                         free_list,
                         free_list_len,
                         bsz,
                         block_num_per_seq,
                         free_list_size,
                         block_size,
                         max_draft_tokens);
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
                                 "the kernel's free_list_len",
                                 opforge::Buffer<const int32_t>(free_list_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(free_list_size, "free_list_size"));
    }
  }
}

}  // namespace opforge::mtp_step_paddle
