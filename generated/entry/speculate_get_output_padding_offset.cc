// Generated from opspec/speculate_get_output_padding_offset.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_get_output_padding_offset.h"

#include <memory>

namespace opforge::speculate_get_output_padding_offset {
namespace {
constexpr const char* kOp = "speculate_get_output_padding_offset";
}  // namespace

void check_attrs(int64_t cpu_out_token_num, int32_t max_seq_len) {
  opforge::check_attr_range(
      kOp, "cpu_out_token_num", static_cast<int64_t>(cpu_out_token_num), 0, 2147483647);
  opforge::check_attr_range(kOp, "max_seq_len", static_cast<int64_t>(max_seq_len), 1, std::nullopt);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int32_t> seq_lens_output,
         opforge::Buffer<int32_t> output_padding_offset,
         opforge::Buffer<int32_t> output_cum_offsets,
         opforge::Buffer<int32_t> cu_seqlens_q_output,
         opforge::Buffer<int32_t> batch_id_per_token_output,
         int64_t real_bsz,
         int64_t out_token_num,
         int64_t cpu_out_token_num,
         int32_t max_seq_len) {
  check_attrs(cpu_out_token_num, max_seq_len);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "out_token_num", out_token_num);

  opforge::check_required(kOp, "seq_lens_output", seq_lens_output, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "output_padding_offset", output_padding_offset, out_token_num, "out_token_num");
  opforge::check_required(kOp, "output_cum_offsets", output_cum_offsets, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "cu_seqlens_q_output", cu_seqlens_q_output, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(
      kOp, "batch_id_per_token_output", batch_id_per_token_output, out_token_num, "out_token_num");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("output_padding_offset", output_padding_offset, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("output_cum_offsets", output_cum_offsets, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q_output", cu_seqlens_q_output, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_id_per_token_output", batch_id_per_token_output, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_output", seq_lens_output, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "seq_lens_output",
                                 opforge::Buffer<const int32_t>(seq_lens_output),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_total(kOp,
                           "seq_lens_output",
                           opforge::Buffer<const int32_t>(seq_lens_output),
                           out_token_num,
                           "out_token_num");
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.seq_lens_output = seq_lens_output.data;
      args.output_padding_offset = output_padding_offset.data;
      args.output_cum_offsets = output_cum_offsets.data;
      args.cu_seqlens_q_output = cu_seqlens_q_output.data;
      args.batch_id_per_token_output = batch_id_per_token_output.data;
      args.real_bsz = real_bsz;
      args.out_token_num = out_token_num;
      args.cpu_out_token_num = cpu_out_token_num;
      args.max_seq_len = max_seq_len;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      seq_lens_output,
                      output_padding_offset,
                      output_cum_offsets,
                      cu_seqlens_q_output,
                      batch_id_per_token_output,
                      real_bsz,
                      out_token_num,
                      cpu_out_token_num,
                      max_seq_len);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         seq_lens_output,
                         output_padding_offset,
                         output_cum_offsets,
                         cu_seqlens_q_output,
                         batch_id_per_token_output,
                         real_bsz,
                         out_token_num,
                         cpu_out_token_num,
                         max_seq_len);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      seq_lens_output,
                      output_padding_offset,
                      output_cum_offsets,
                      cu_seqlens_q_output,
                      batch_id_per_token_output,
                      real_bsz,
                      out_token_num,
                      cpu_out_token_num,
                      max_seq_len);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         seq_lens_output,
                         output_padding_offset,
                         output_cum_offsets,
                         cu_seqlens_q_output,
                         batch_id_per_token_output,
                         real_bsz,
                         out_token_num,
                         cpu_out_token_num,
                         max_seq_len);
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
                                 "the kernel's cu_seqlens_q_output",
                                 opforge::Buffer<const int32_t>(cu_seqlens_q_output),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(out_token_num, "out_token_num"));
      opforge::check_value_range(kOp,
                                 "the kernel's batch_id_per_token_output",
                                 opforge::Buffer<const int32_t>(batch_id_per_token_output),
                                 opforge::no_lower_bound<int64_t>(),
                                 opforge::at_most<int64_t>(real_bsz - 1, "real_bsz - 1"));
    }
  }
}

}  // namespace opforge::speculate_get_output_padding_offset
