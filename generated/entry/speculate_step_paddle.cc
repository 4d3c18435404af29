// Generated from opspec/speculate_step_paddle.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_step_paddle.h"

#include <memory>

namespace opforge::speculate_step_paddle {
namespace {
constexpr const char* kOp = "speculate_step_paddle";
}  // namespace

void check_attrs(int32_t block_size, int32_t max_draft_tokens) {
  opforge::check_attr_range(kOp, "block_size", static_cast<int64_t>(block_size), 1, std::nullopt);
  opforge::check_attr_range(
      kOp, "max_draft_tokens", static_cast<int64_t>(max_draft_tokens), 0, std::nullopt);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> ori_seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<int32_t> block_tables,
         opforge::Buffer<int32_t> encoder_block_lens,
         opforge::Buffer<bool> is_block_step,
         opforge::Buffer<int32_t> step_block_list,
         opforge::Buffer<int32_t> step_lens,
         opforge::Buffer<int32_t> recover_block_list,
         opforge::Buffer<int32_t> recover_lens,
         opforge::Buffer<int32_t> need_block_list,
         opforge::Buffer<int32_t> need_block_len,
         opforge::Buffer<int32_t> used_list_len,
         opforge::Buffer<int32_t> free_list,
         opforge::Buffer<int32_t> free_list_len,
         opforge::Buffer<int64_t> input_ids,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<int64_t> first_token_ids,
         opforge::Buffer<int32_t> accept_num,
         int64_t bsz,
         int64_t block_num_per_seq,
         int64_t free_list_size,
         int64_t length,
         int64_t pre_id_length,
         int32_t block_size,
         int32_t max_draft_tokens) {
  check_attrs(block_size, max_draft_tokens);
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "block_num_per_seq", block_num_per_seq);
  opforge::check_dim_value(kOp, "free_list_size", free_list_size);
  opforge::check_dim_value(kOp, "length", length);
  opforge::check_dim_value(kOp, "pre_id_length", pre_id_length);
  opforge::check_dim_at_least(kOp, "bsz", bsz, 1, "1");
  opforge::check_dim_at_least(kOp, "block_num_per_seq", block_num_per_seq, 1, "1");
  opforge::check_dim_at_least(kOp, "length", length, 1, "1");
  opforge::check_dim_at_least(kOp, "pre_id_length", pre_id_length, 1, "1");

  opforge::check_required(kOp, "stop_flags", stop_flags, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, bsz, "bsz");
  opforge::check_required(kOp, "ori_seq_lens_encoder", ori_seq_lens_encoder, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, bsz, "bsz");
  opforge::check_required(kOp,
                          "block_tables",
                          block_tables,
                          opforge::numel({bsz, block_num_per_seq}),
                          "bsz * block_num_per_seq");
  opforge::check_required(kOp, "encoder_block_lens", encoder_block_lens, bsz, "bsz");
  opforge::check_required(kOp, "is_block_step", is_block_step, bsz, "bsz");
  opforge::check_required(kOp, "step_block_list", step_block_list, bsz, "bsz");
  opforge::check_required(kOp, "step_lens", step_lens, 1, "1");
  opforge::check_required(kOp, "recover_block_list", recover_block_list, bsz, "bsz");
  opforge::check_required(kOp, "recover_lens", recover_lens, 1, "1");
  opforge::check_required(kOp, "need_block_list", need_block_list, bsz, "bsz");
  opforge::check_required(kOp, "need_block_len", need_block_len, 1, "1");
  opforge::check_required(kOp, "used_list_len", used_list_len, bsz, "bsz");
  opforge::check_required(kOp, "free_list", free_list, free_list_size, "free_list_size");
  opforge::check_required(kOp, "free_list_len", free_list_len, 1, "1");
  opforge::check_required(
      kOp, "input_ids", input_ids, opforge::numel({bsz, length}), "bsz * length");
  opforge::check_required(
      kOp, "pre_ids", pre_ids, opforge::numel({bsz, pre_id_length}), "bsz * pre_id_length");
  opforge::check_required(kOp, "step_idx", step_idx, bsz, "bsz");
  opforge::check_required(kOp, "first_token_ids", first_token_ids, bsz, "bsz");
  opforge::check_required(kOp, "accept_num", accept_num, bsz, "bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("block_tables", block_tables, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("encoder_block_lens", encoder_block_lens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("is_block_step", is_block_step, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_block_list", step_block_list, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_lens", step_lens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("recover_block_list", recover_block_list, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("recover_lens", recover_lens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("need_block_list", need_block_list, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("need_block_len", need_block_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("used_list_len", used_list_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("free_list", free_list, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("free_list_len", free_list_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("input_ids", input_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("first_token_ids", first_token_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("ori_seq_lens_encoder", ori_seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("pre_ids", pre_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "ori_seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(ori_seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(length, "length"));
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
                                 "step_block_list",
                                 opforge::Buffer<const int32_t>(step_block_list),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(bsz - 1, "bsz - 1"));
      opforge::check_value_range(kOp,
                                 "step_lens",
                                 opforge::Buffer<const int32_t>(step_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(bsz, "bsz"));
      opforge::check_value_range(kOp,
                                 "recover_block_list",
                                 opforge::Buffer<const int32_t>(recover_block_list),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(bsz - 1, "bsz - 1"));
      opforge::check_value_range(kOp,
                                 "recover_lens",
                                 opforge::Buffer<const int32_t>(recover_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(0, "0"));
      opforge::check_value_range(kOp,
                                 "need_block_list",
                                 opforge::Buffer<const int32_t>(need_block_list),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(-1, "-1"));
      opforge::check_value_range(kOp,
                                 "need_block_len",
                                 opforge::Buffer<const int32_t>(need_block_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(0, "0"));
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
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.stop_flags = stop_flags.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.ori_seq_lens_encoder = ori_seq_lens_encoder.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.block_tables = block_tables.data;
      args.encoder_block_lens = encoder_block_lens.data;
      args.is_block_step = is_block_step.data;
      args.step_block_list = step_block_list.data;
      args.step_lens = step_lens.data;
      args.recover_block_list = recover_block_list.data;
      args.recover_lens = recover_lens.data;
      args.need_block_list = need_block_list.data;
      args.need_block_len = need_block_len.data;
      args.used_list_len = used_list_len.data;
      args.free_list = free_list.data;
      args.free_list_len = free_list_len.data;
      args.input_ids = input_ids.data;
      args.pre_ids = pre_ids.data;
      args.step_idx = step_idx.data;
      args.first_token_ids = first_token_ids.data;
      args.accept_num = accept_num.data;
      args.bsz = bsz;
      args.block_num_per_seq = block_num_per_seq;
      args.free_list_size = free_list_size;
      args.length = length;
      args.pre_id_length = pre_id_length;
      args.block_size = block_size;
      args.max_draft_tokens = max_draft_tokens;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      stop_flags,
                      seq_lens_this_time,
                      ori_seq_lens_encoder,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      block_tables,
                      encoder_block_lens,
                      is_block_step,
                      step_block_list,
                      step_lens,
                      recover_block_list,
                      recover_lens,
                      need_block_list,
                      need_block_len,
                      used_list_len,
                      free_list,
                      free_list_len,
                      input_ids,
                      pre_ids,
                      step_idx,
                      first_token_ids,
                      accept_num,
                      bsz,
                      block_num_per_seq,
                      free_list_size,
                      length,
                      pre_id_length,
                      block_size,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         stop_flags,
                         seq_lens_this_time,
                         ori_seq_lens_encoder,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         block_tables,
                         encoder_block_lens,
                         is_block_step,
                         step_block_list,
                         step_lens,
                         recover_block_list,
                         recover_lens,
                         need_block_list,
                         need_block_len,
                         used_list_len,
                         free_list,
                         free_list_len,
                         input_ids,
                         pre_ids,
                         step_idx,
                         first_token_ids,
                         accept_num,
                         bsz,
                         block_num_per_seq,
                         free_list_size,
                         length,
                         pre_id_length,
                         block_size,
                         max_draft_tokens);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      stop_flags,
                      seq_lens_this_time,
                      ori_seq_lens_encoder,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      block_tables,
                      encoder_block_lens,
                      is_block_step,
                      step_block_list,
                      step_lens,
                      recover_block_list,
                      recover_lens,
                      need_block_list,
                      need_block_len,
                      used_list_len,
                      free_list,
                      free_list_len,
                      input_ids,
                      pre_ids,
                      step_idx,
                      first_token_ids,
                      accept_num,
                      bsz,
                      block_num_per_seq,
                      free_list_size,
                      length,
                      pre_id_length,
                      block_size,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         stop_flags,
                         seq_lens_this_time,
                         ori_seq_lens_encoder,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         block_tables,
                         encoder_block_lens,
                         is_block_step,
                         step_block_list,
                         step_lens,
                         recover_block_list,
                         recover_lens,
                         need_block_list,
                         need_block_len,
                         used_list_len,
                         free_list,
                         free_list_len,
                         input_ids,
                         pre_ids,
                         step_idx,
                         first_token_ids,
                         accept_num,
                         bsz,
                         block_num_per_seq,
                         free_list_size,
                         length,
                         pre_id_length,
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
                                 "the kernel's step_lens",
                                 opforge::Buffer<const int32_t>(step_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(bsz, "bsz"));
      opforge::check_value_range(kOp,
                                 "the kernel's recover_lens",
                                 opforge::Buffer<const int32_t>(recover_lens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(0, "0"));
      opforge::check_value_range(kOp,
                                 "the kernel's need_block_list",
                                 opforge::Buffer<const int32_t>(need_block_list),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(-1, "-1"));
      opforge::check_value_range(kOp,
                                 "the kernel's need_block_len",
                                 opforge::Buffer<const int32_t>(need_block_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(0, "0"));
      opforge::check_value_range(kOp,
                                 "the kernel's free_list_len",
                                 opforge::Buffer<const int32_t>(free_list_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(free_list_size, "free_list_size"));
    }
  }
}

}  // namespace opforge::speculate_step_paddle
