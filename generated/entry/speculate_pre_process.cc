// Generated from opspec/speculate_pre_process.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_pre_process.h"

#include <memory>

namespace opforge::speculate_pre_process {
namespace {
constexpr const char* kOp = "speculate_pre_process";
}  // namespace

void check_attrs(int64_t cpu_token_num) {
  opforge::check_attr_range(
      kOp, "cpu_token_num", static_cast<int64_t>(cpu_token_num), 0, 2147483647);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> input_ids,
         opforge::Buffer<const int32_t> seq_len,
         opforge::Buffer<const int64_t> draft_tokens,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int64_t> ids_remove_padding,
         opforge::Buffer<int32_t> batch_id_per_token,
         opforge::Buffer<int32_t> cu_seqlens_q,
         opforge::Buffer<int32_t> cu_seqlens_k,
         opforge::Buffer<int32_t> cu_seq_lens_q_output,
         opforge::Buffer<int32_t> batch_id_per_token_output,
         opforge::Buffer<int32_t> real_output_token_num,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t max_seq_len,
         int64_t max_draft_tokens,
         int64_t token_num,
         int64_t cpu_token_num) {
  check_attrs(cpu_token_num);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "max_seq_len", max_seq_len);
  opforge::check_dim_value(kOp, "max_draft_tokens", max_draft_tokens);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(
      kOp, "input_ids", input_ids, opforge::numel({max_bsz, max_seq_len}), "max_bsz * max_seq_len");
  opforge::check_required(kOp, "seq_len", seq_len, real_bsz, "real_bsz");
  opforge::check_required(kOp,
                          "draft_tokens",
                          draft_tokens,
                          opforge::numel({max_bsz, max_draft_tokens}),
                          "max_bsz * max_draft_tokens");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "ids_remove_padding", ids_remove_padding, token_num, "token_num");
  opforge::check_required(kOp, "batch_id_per_token", batch_id_per_token, token_num, "token_num");
  opforge::check_required(kOp, "cu_seqlens_q", cu_seqlens_q, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(kOp, "cu_seqlens_k", cu_seqlens_k, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(
      kOp, "cu_seq_lens_q_output", cu_seq_lens_q_output, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(kOp,
                          "batch_id_per_token_output",
                          batch_id_per_token_output,
                          real_bsz * max_draft_tokens,
                          "real_bsz * max_draft_tokens");
  opforge::check_required(kOp, "real_output_token_num", real_output_token_num, 1, "1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("ids_remove_padding", ids_remove_padding, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_id_per_token", batch_id_per_token, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q", cu_seqlens_q, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_k", cu_seqlens_k, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seq_lens_q_output", cu_seq_lens_q_output, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_id_per_token_output", batch_id_per_token_output, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("real_output_token_num", real_output_token_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("input_ids", input_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_len", seq_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("draft_tokens", draft_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "seq_len",
                                 opforge::Buffer<const int32_t>(seq_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_seq_len, "max_seq_len"));
      opforge::check_total(
          kOp, "seq_len", opforge::Buffer<const int32_t>(seq_len), token_num, "token_num");
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
      args.seq_len = seq_len.data;
      args.draft_tokens = draft_tokens.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.ids_remove_padding = ids_remove_padding.data;
      args.batch_id_per_token = batch_id_per_token.data;
      args.cu_seqlens_q = cu_seqlens_q.data;
      args.cu_seqlens_k = cu_seqlens_k.data;
      args.cu_seq_lens_q_output = cu_seq_lens_q_output.data;
      args.batch_id_per_token_output = batch_id_per_token_output.data;
      args.real_output_token_num = real_output_token_num.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.max_seq_len = max_seq_len;
      args.max_draft_tokens = max_draft_tokens;
      args.token_num = token_num;
      args.cpu_token_num = cpu_token_num;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      input_ids,
                      seq_len,
                      draft_tokens,
                      seq_lens_encoder,
                      ids_remove_padding,
                      batch_id_per_token,
                      cu_seqlens_q,
                      cu_seqlens_k,
                      cu_seq_lens_q_output,
                      batch_id_per_token_output,
                      real_output_token_num,
                      max_bsz,
                      real_bsz,
                      max_seq_len,
                      max_draft_tokens,
                      token_num,
                      cpu_token_num);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         input_ids,
                         seq_len,
                         draft_tokens,
                         seq_lens_encoder,
                         ids_remove_padding,
                         batch_id_per_token,
                         cu_seqlens_q,
                         cu_seqlens_k,
                         cu_seq_lens_q_output,
                         batch_id_per_token_output,
                         real_output_token_num,
                         max_bsz,
                         real_bsz,
                         max_seq_len,
                         max_draft_tokens,
                         token_num,
                         cpu_token_num);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      input_ids,
                      seq_len,
                      draft_tokens,
                      seq_lens_encoder,
                      ids_remove_padding,
                      batch_id_per_token,
                      cu_seqlens_q,
                      cu_seqlens_k,
                      cu_seq_lens_q_output,
                      batch_id_per_token_output,
                      real_output_token_num,
                      max_bsz,
                      real_bsz,
                      max_seq_len,
                      max_draft_tokens,
                      token_num,
                      cpu_token_num);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         input_ids,
                         seq_len,
                         draft_tokens,
                         seq_lens_encoder,
                         ids_remove_padding,
                         batch_id_per_token,
                         cu_seqlens_q,
                         cu_seqlens_k,
                         cu_seq_lens_q_output,
                         batch_id_per_token_output,
                         real_output_token_num,
                         max_bsz,
                         real_bsz,
                         max_seq_len,
                         max_draft_tokens,
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
                                 opforge::at_least<int64_t>(-1, "-1"),
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
      opforge::check_value_range(
          kOp,
          "the kernel's cu_seq_lens_q_output",
          opforge::Buffer<const int32_t>(cu_seq_lens_q_output),
          opforge::at_least<int64_t>(0, "0"),
          opforge::at_most<int64_t>(real_bsz * max_draft_tokens, "real_bsz * max_draft_tokens"));
      opforge::check_value_range(kOp,
                                 "the kernel's batch_id_per_token_output",
                                 opforge::Buffer<const int32_t>(batch_id_per_token_output),
                                 opforge::at_least<int64_t>(-1, "-1"),
                                 opforge::at_most<int64_t>(real_bsz - 1, "real_bsz - 1"));
      opforge::check_value_range(
          kOp,
          "the kernel's real_output_token_num",
          opforge::Buffer<const int32_t>(real_output_token_num),
          opforge::at_least<int64_t>(0, "0"),
          opforge::at_most<int64_t>(real_bsz * max_draft_tokens, "real_bsz * max_draft_tokens"));
    }
  }
}

}  // namespace opforge::speculate_pre_process
