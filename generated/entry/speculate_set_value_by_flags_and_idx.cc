// Generated from opspec/speculate_set_value_by_flags_and_idx.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_set_value_by_flags_and_idx.h"

#include <memory>

namespace opforge::speculate_set_value_by_flags_and_idx {
namespace {
constexpr const char* kOp = "speculate_set_value_by_flags_and_idx";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> pre_ids_all,
         opforge::Buffer<const int64_t> accept_tokens,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<int32_t> seq_lens_decoder,
         opforge::Buffer<const int64_t> step_idx,
         int64_t bsz,
         int64_t pre_ids_len,
         int64_t max_draft_tokens) {
  check_attrs();
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "pre_ids_len", pre_ids_len);
  opforge::check_dim_value(kOp, "max_draft_tokens", max_draft_tokens);
  opforge::check_dim_at_least(kOp, "pre_ids_len", pre_ids_len, 1, "1");
  opforge::check_dim_at_least(kOp, "max_draft_tokens", max_draft_tokens, 1, "1");

  opforge::check_required(
      kOp, "pre_ids_all", pre_ids_all, opforge::numel({bsz, pre_ids_len}), "bsz * pre_ids_len");
  opforge::check_required(kOp,
                          "accept_tokens",
                          accept_tokens,
                          opforge::numel({bsz, max_draft_tokens}),
                          "bsz * max_draft_tokens");
  opforge::check_required(kOp, "accept_num", accept_num, bsz, "bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, bsz, "bsz");
  opforge::check_required(kOp, "seq_lens_decoder", seq_lens_decoder, bsz, "bsz");
  opforge::check_required(kOp, "step_idx", step_idx, bsz, "bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("pre_ids_all", pre_ids_all, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("seq_lens_decoder", seq_lens_decoder, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_tokens", accept_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "accept_num",
                                 opforge::Buffer<const int32_t>(accept_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_draft_tokens, "max_draft_tokens"));
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
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(pre_ids_len - 1, "pre_ids_len - 1"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.pre_ids_all = pre_ids_all.data;
      args.accept_tokens = accept_tokens.data;
      args.accept_num = accept_num.data;
      args.stop_flags = stop_flags.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_decoder = seq_lens_decoder.data;
      args.step_idx = step_idx.data;
      args.bsz = bsz;
      args.pre_ids_len = pre_ids_len;
      args.max_draft_tokens = max_draft_tokens;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      pre_ids_all,
                      accept_tokens,
                      accept_num,
                      stop_flags,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      step_idx,
                      bsz,
                      pre_ids_len,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         pre_ids_all,
                         accept_tokens,
                         accept_num,
                         stop_flags,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         step_idx,
                         bsz,
                         pre_ids_len,
                         max_draft_tokens);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      pre_ids_all,
                      accept_tokens,
                      accept_num,
                      stop_flags,
                      seq_lens_encoder,
                      seq_lens_decoder,
                      step_idx,
                      bsz,
                      pre_ids_len,
                      max_draft_tokens);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         pre_ids_all,
                         accept_tokens,
                         accept_num,
                         stop_flags,
                         seq_lens_encoder,
                         seq_lens_decoder,
                         step_idx,
                         bsz,
                         pre_ids_len,
                         max_draft_tokens);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::speculate_set_value_by_flags_and_idx
