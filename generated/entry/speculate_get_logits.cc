// Generated from opspec/speculate_get_logits.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_get_logits.h"

#include <memory>

namespace opforge::speculate_get_logits {
namespace {
constexpr const char* kOp = "speculate_get_logits";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<float> draft_logits,
         opforge::Buffer<int32_t> next_token_num,
         opforge::Buffer<int32_t> batch_token_num,
         opforge::Buffer<int32_t> cu_next_token_offset,
         opforge::Buffer<int32_t> cu_batch_token_offset,
         opforge::Buffer<const float> logits,
         opforge::Buffer<const float> first_token_logits,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         int64_t bsz,
         int64_t draft_rows,
         int64_t token_num,
         int64_t vocab_size) {
  check_attrs();
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "draft_rows", draft_rows);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_value(kOp, "vocab_size", vocab_size);
  opforge::check_dim_at_least(kOp, "bsz", bsz, 1, "1");
  opforge::check_dim_at_least(kOp, "vocab_size", vocab_size, 1, "1");

  opforge::check_required(kOp,
                          "draft_logits",
                          draft_logits,
                          opforge::numel({draft_rows, vocab_size}),
                          "draft_rows * vocab_size");
  opforge::check_required(kOp, "next_token_num", next_token_num, bsz, "bsz");
  opforge::check_required(kOp, "batch_token_num", batch_token_num, bsz, "bsz");
  opforge::check_required(kOp, "cu_next_token_offset", cu_next_token_offset, bsz + 1, "bsz + 1");
  opforge::check_required(kOp, "cu_batch_token_offset", cu_batch_token_offset, bsz + 1, "bsz + 1");
  opforge::check_required(
      kOp, "logits", logits, opforge::numel({token_num, vocab_size}), "token_num * vocab_size");
  opforge::check_required(kOp,
                          "first_token_logits",
                          first_token_logits,
                          opforge::numel({bsz, vocab_size}),
                          "bsz * vocab_size");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, bsz, "bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("draft_logits", draft_logits, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("next_token_num", next_token_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("batch_token_num", batch_token_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_next_token_offset", cu_next_token_offset, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("cu_batch_token_offset", cu_batch_token_offset, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("logits", logits, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("first_token_logits", first_token_logits, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "draft_logits",
                                 opforge::Buffer<const float>(draft_logits),
                                 opforge::at_least<double>(-4.0, "-4.0"),
                                 opforge::at_most<double>(4.0, "4.0"));
      opforge::check_value_range(kOp,
                                 "next_token_num",
                                 opforge::Buffer<const int32_t>(next_token_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(4, "4"));
      opforge::check_value_range(kOp,
                                 "batch_token_num",
                                 opforge::Buffer<const int32_t>(batch_token_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(4, "4"));
      opforge::check_value_range(kOp,
                                 "cu_next_token_offset",
                                 opforge::Buffer<const int32_t>(cu_next_token_offset),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(8, "8"));
      opforge::check_value_range(kOp,
                                 "cu_batch_token_offset",
                                 opforge::Buffer<const int32_t>(cu_batch_token_offset),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(8, "8"));
      opforge::check_value_range(kOp,
                                 "logits",
                                 opforge::Buffer<const float>(logits),
                                 opforge::at_least<double>(-4.0, "-4.0"),
                                 opforge::at_most<double>(4.0, "4.0"));
      opforge::check_value_range(kOp,
                                 "first_token_logits",
                                 opforge::Buffer<const float>(first_token_logits),
                                 opforge::at_least<double>(-4.0, "-4.0"),
                                 opforge::at_most<double>(4.0, "4.0"));
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
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.draft_logits = draft_logits.data;
      args.next_token_num = next_token_num.data;
      args.batch_token_num = batch_token_num.data;
      args.cu_next_token_offset = cu_next_token_offset.data;
      args.cu_batch_token_offset = cu_batch_token_offset.data;
      args.logits = logits.data;
      args.first_token_logits = first_token_logits.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.bsz = bsz;
      args.draft_rows = draft_rows;
      args.token_num = token_num;
      args.vocab_size = vocab_size;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      draft_logits,
                      next_token_num,
                      batch_token_num,
                      cu_next_token_offset,
                      cu_batch_token_offset,
                      logits,
                      first_token_logits,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      bsz,
                      draft_rows,
                      token_num,
                      vocab_size);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         draft_logits,
                         next_token_num,
                         batch_token_num,
                         cu_next_token_offset,
                         cu_batch_token_offset,
                         logits,
                         first_token_logits,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         bsz,
                         draft_rows,
                         token_num,
                         vocab_size);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      draft_logits,
                      next_token_num,
                      batch_token_num,
                      cu_next_token_offset,
                      cu_batch_token_offset,
                      logits,
                      first_token_logits,
                      seq_lens_this_time,
                      seq_lens_encoder,
                      bsz,
                      draft_rows,
                      token_num,
                      vocab_size);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         draft_logits,
                         next_token_num,
                         batch_token_num,
                         cu_next_token_offset,
                         cu_batch_token_offset,
                         logits,
                         first_token_logits,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         bsz,
                         draft_rows,
                         token_num,
                         vocab_size);
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
                                 "the kernel's cu_next_token_offset",
                                 opforge::Buffer<const int32_t>(cu_next_token_offset),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "the kernel's cu_batch_token_offset",
                                 opforge::Buffer<const int32_t>(cu_batch_token_offset),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }
}

}  // namespace opforge::speculate_get_logits
