// Generated from opspec/speculate_get_padding_offset.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_get_padding_offset.h"

#include <memory>

namespace opforge::speculate_get_padding_offset {
namespace {
constexpr const char* kOp = "speculate_get_padding_offset";
}  // namespace

void check_attrs(int64_t cpu_token_num) {
  opforge::check_attr_range(
      kOp, "cpu_token_num", static_cast<int64_t>(cpu_token_num), 0, 2147483647);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> input_ids,
         opforge::Buffer<const int64_t> step_input_ids,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int64_t> ids_remove_padding,
         opforge::Buffer<int32_t> batch_id_per_token,
         opforge::Buffer<int32_t> cu_seqlens_q,
         opforge::Buffer<int32_t> cu_seqlens_k,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_seq_len,
         int64_t max_step_tokens,
         int64_t token_num,
         int64_t cpu_token_num) {
  check_attrs(cpu_token_num);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_seq_len", max_seq_len);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(
      kOp, "input_ids", input_ids, opforge::numel({max_bsz, max_seq_len}), "max_bsz * max_seq_len");
  opforge::check_required(kOp,
                          "step_input_ids",
                          step_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "ids_remove_padding", ids_remove_padding, token_num, "token_num");
  opforge::check_required(kOp, "batch_id_per_token", batch_id_per_token, token_num, "token_num");
  opforge::check_required(kOp, "cu_seqlens_q", cu_seqlens_q, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(kOp, "cu_seqlens_k", cu_seqlens_k, real_bsz + 1, "real_bsz + 1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("ids_remove_padding", ids_remove_padding, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_id_per_token", batch_id_per_token, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q", cu_seqlens_q, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_k", cu_seqlens_k, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("input_ids", input_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_input_ids", step_input_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_seq_len, "max_seq_len"));
      opforge::check_total(kOp,
                           "seq_lens_this_time",
                           opforge::Buffer<const int32_t>(seq_lens_this_time),
                           token_num,
                           "token_num");
      opforge::check_value_range(kOp,
                                 "seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.input_ids = input_ids.data;
      args.step_input_ids = step_input_ids.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.ids_remove_padding = ids_remove_padding.data;
      args.batch_id_per_token = batch_id_per_token.data;
      args.cu_seqlens_q = cu_seqlens_q.data;
      args.cu_seqlens_k = cu_seqlens_k.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.max_seq_len = max_seq_len;
      args.max_step_tokens = max_step_tokens;
      args.token_num = token_num;
      args.cpu_token_num = cpu_token_num;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      input_ids,
                      step_input_ids,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      ids_remove_padding,
                      batch_id_per_token,
                      cu_seqlens_q,
                      cu_seqlens_k,
                      max_bsz,
                      real_bsz,
                      max_seq_len,
                      max_step_tokens,
                      token_num,
                      cpu_token_num);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         input_ids,
                         step_input_ids,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         ids_remove_padding,
                         batch_id_per_token,
                         cu_seqlens_q,
                         cu_seqlens_k,
                         max_bsz,
                         real_bsz,
                         max_seq_len,
                         max_step_tokens,
                         token_num,
                         cpu_token_num);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      input_ids,
                      step_input_ids,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      ids_remove_padding,
                      batch_id_per_token,
                      cu_seqlens_q,
                      cu_seqlens_k,
                      max_bsz,
                      real_bsz,
                      max_seq_len,
                      max_step_tokens,
                      token_num,
                      cpu_token_num);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         input_ids,
                         step_input_ids,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         ids_remove_padding,
                         batch_id_per_token,
                         cu_seqlens_q,
                         cu_seqlens_k,
                         max_bsz,
                         real_bsz,
                         max_seq_len,
                         max_step_tokens,
                         token_num,
                         cpu_token_num);
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
                                 "the kernel's batch_id_per_token",
                                 opforge::Buffer<const int32_t>(batch_id_per_token),
                                 opforge::no_lower_bound<int64_t>(),
                                 opforge::at_most<int64_t>(real_bsz - 1, "real_bsz - 1"));
      opforge::check_value_range(kOp,
                                 "the kernel's cu_seqlens_q",
                                 opforge::Buffer<const int32_t>(cu_seqlens_q),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(token_num, "token_num"));
      opforge::check_value_range(kOp,
                                 "the kernel's cu_seqlens_k",
                                 opforge::Buffer<const int32_t>(cu_seqlens_k),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(token_num, "token_num"));
    }
  }
}

}  // namespace opforge::speculate_get_padding_offset
