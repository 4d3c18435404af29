// Generated from opspec/draft_model_postprocess.yaml by `python -m codegen`. Do not edit.
#include "entry/draft_model_postprocess.h"

#include <memory>

namespace opforge::draft_model_postprocess {
namespace {
constexpr const char* kOp = "draft_model_postprocess";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const int64_t> base_model_draft_tokens,
         opforge::Buffer<int32_t> base_model_seq_lens_this_time,
         opforge::Buffer<const int32_t> base_model_seq_lens_encoder,
         opforge::Buffer<const bool> base_model_stop_flags,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t draft_token_len) {
  check_attrs();
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "draft_token_len", draft_token_len);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(kOp,
                          "base_model_draft_tokens",
                          base_model_draft_tokens,
                          opforge::numel({max_bsz, draft_token_len}),
                          "max_bsz * draft_token_len");
  opforge::check_required(
      kOp, "base_model_seq_lens_this_time", base_model_seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "base_model_seq_lens_encoder", base_model_seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "base_model_stop_flags", base_model_stop_flags, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("base_model_seq_lens_this_time", base_model_seq_lens_this_time, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("base_model_draft_tokens", base_model_draft_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("base_model_seq_lens_encoder", base_model_seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("base_model_stop_flags", base_model_stop_flags, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "base_model_seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(base_model_seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "base_model_seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(base_model_seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.base_model_draft_tokens = base_model_draft_tokens.data;
      args.base_model_seq_lens_this_time = base_model_seq_lens_this_time.data;
      args.base_model_seq_lens_encoder = base_model_seq_lens_encoder.data;
      args.base_model_stop_flags = base_model_stop_flags.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.draft_token_len = draft_token_len;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      base_model_draft_tokens,
                      base_model_seq_lens_this_time,
                      base_model_seq_lens_encoder,
                      base_model_stop_flags,
                      max_bsz,
                      real_bsz,
                      draft_token_len);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         base_model_draft_tokens,
                         base_model_seq_lens_this_time,
                         base_model_seq_lens_encoder,
                         base_model_stop_flags,
                         max_bsz,
                         real_bsz,
                         draft_token_len);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      base_model_draft_tokens,
                      base_model_seq_lens_this_time,
                      base_model_seq_lens_encoder,
                      base_model_stop_flags,
                      max_bsz,
                      real_bsz,
                      draft_token_len);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         base_model_draft_tokens,
                         base_model_seq_lens_this_time,
                         base_model_seq_lens_encoder,
                         base_model_stop_flags,
                         max_bsz,
                         real_bsz,
                         draft_token_len);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::draft_model_postprocess
