// Generated from opspec/speculate_get_padding_offset.yaml by `python -m codegen`. Do not edit.
#include "plugin/speculate_get_padding_offset.h"

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
  opforge::check_dim_bound(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz", false);

  opforge::check_buffer(kOp,
                        "input_ids",
                        input_ids,
                        opforge::numel({max_bsz, max_seq_len}),
                        "max_bsz * max_seq_len",
                        true,
                        "");
  opforge::check_buffer(kOp,
                        "step_input_ids",
                        step_input_ids,
                        opforge::numel({max_bsz, max_step_tokens}),
                        "max_bsz * max_step_tokens",
                        true,
                        "");
  opforge::check_buffer(
      kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz", true, "");
  opforge::check_buffer(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz", true, "");
  opforge::check_buffer(
      kOp, "ids_remove_padding", ids_remove_padding, token_num, "token_num", true, "");
  opforge::check_buffer(
      kOp, "batch_id_per_token", batch_id_per_token, token_num, "token_num", true, "");
  opforge::check_buffer(kOp, "cu_seqlens_q", cu_seqlens_q, real_bsz + 1, "real_bsz + 1", true, "");
  opforge::check_buffer(kOp, "cu_seqlens_k", cu_seqlens_k, real_bsz + 1, "real_bsz + 1", true, "");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3,
      {opforge::span("ids_remove_padding", ids_remove_padding, true, false),
       opforge::span("batch_id_per_token", batch_id_per_token, true, false),
       opforge::span("cu_seqlens_q", cu_seqlens_q, true, false),
       opforge::span("cu_seqlens_k", cu_seqlens_k, true, false),
       opforge::span("input_ids", input_ids, false, false),
       opforge::span("step_input_ids", step_input_ids, false, false),
       opforge::span("seq_lens_this_time", seq_lens_this_time, false, false),
       opforge::span("seq_lens_encoder", seq_lens_encoder, false, false)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3) {
      opforge::check_value_range<int64_t>(kOp,
                                          "seq_lens_this_time",
                                          opforge::Buffer<const int32_t>(seq_lens_this_time),
                                          0,
                                          false,
                                          "0",
                                          max_seq_len,
                                          "max_seq_len");
      opforge::check_total(kOp,
                           "seq_lens_this_time",
                           opforge::Buffer<const int32_t>(seq_lens_this_time),
                           token_num,
                           "token_num");
      opforge::check_value_range<int64_t>(kOp,
                                          "seq_lens_encoder",
                                          opforge::Buffer<const int32_t>(seq_lens_encoder),
                                          0,
                                          false,
                                          "0",
                                          std::nullopt,
                                          "");
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu:
      Kernels::cpu(input_ids.data,
                   step_input_ids.data,
                   seq_lens_this_time.data,
                   seq_lens_encoder.data,
                   ids_remove_padding.data,
                   batch_id_per_token.data,
                   cu_seqlens_q.data,
                   cu_seqlens_k.data,
                   max_bsz,
                   real_bsz,
                   max_seq_len,
                   max_step_tokens,
                   token_num,
                   cpu_token_num);
      break;
    case opforge::Backend::kXpu3Sim:
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
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3:
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
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }

  // The value-checked mode, after the kernel: what it must leave in its
  // outputs whatever the inputs (a failure here is a kernel bug).
  if (opforge::value_checks()) {
    if (ctx.backend != opforge::Backend::kXpu3) {
      opforge::check_value_range<int64_t>(kOp,
                                          "the kernel's batch_id_per_token",
                                          opforge::Buffer<const int32_t>(batch_id_per_token),
                                          std::nullopt,
                                          false,
                                          "",
                                          real_bsz - 1,
                                          "real_bsz - 1");
      opforge::check_value_range<int64_t>(kOp,
                                          "the kernel's cu_seqlens_q",
                                          opforge::Buffer<const int32_t>(cu_seqlens_q),
                                          0,
                                          false,
                                          "0",
                                          token_num,
                                          "token_num");
      opforge::check_value_range<int64_t>(kOp,
                                          "the kernel's cu_seqlens_k",
                                          opforge::Buffer<const int32_t>(cu_seqlens_k),
                                          0,
                                          false,
                                          "0",
                                          token_num,
                                          "token_num");
    }
  }
}

}  // namespace opforge::speculate_get_padding_offset
