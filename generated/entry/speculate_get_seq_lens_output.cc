// Generated from opspec/speculate_get_seq_lens_output.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_get_seq_lens_output.h"

#include <memory>

namespace opforge::speculate_get_seq_lens_output {
namespace {
constexpr const char* kOp = "speculate_get_seq_lens_output";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_output,
         int64_t max_bsz,
         int64_t real_bsz) {
  check_attrs();
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_output", seq_lens_output, real_bsz, "real_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("seq_lens_output", seq_lens_output, opforge::Access::kWritten, opforge::Memory::kDevice),
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
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_output = seq_lens_output.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(
          ctx, seq_lens_this_time, seq_lens_encoder, seq_lens_output, max_bsz, real_bsz);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(
          ctx, seq_lens_this_time, seq_lens_encoder, seq_lens_output, max_bsz, real_bsz);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(
          ctx, seq_lens_this_time, seq_lens_encoder, seq_lens_output, max_bsz, real_bsz);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(
          ctx, seq_lens_this_time, seq_lens_encoder, seq_lens_output, max_bsz, real_bsz);
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
                                 "the kernel's seq_lens_output",
                                 opforge::Buffer<const int32_t>(seq_lens_output),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }
}

}  // namespace opforge::speculate_get_seq_lens_output
