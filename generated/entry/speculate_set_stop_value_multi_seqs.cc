// Generated from opspec/speculate_set_stop_value_multi_seqs.yaml by `python -m codegen`. Do not edit.
#include "entry/speculate_set_stop_value_multi_seqs.h"

#include <memory>

namespace opforge::speculate_set_stop_value_multi_seqs {
namespace {
constexpr const char* kOp = "speculate_set_stop_value_multi_seqs";
}  // namespace

void check_attrs() {
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> accept_tokens,
         opforge::Buffer<int32_t> accept_num,
         opforge::Buffer<const int64_t> pre_ids,
         opforge::Buffer<const int64_t> step_idx,
         opforge::Buffer<bool> stop_flags,
         opforge::Buffer<const int64_t> stop_seqs,
         opforge::Buffer<const int32_t> stop_seqs_len,
         opforge::Buffer<const int64_t> end_ids,
         opforge::Buffer<const int64_t> min_tokens,
         int64_t bsz,
         int64_t max_accept_len,
         int64_t pre_ids_len,
         int64_t stop_seqs_num,
         int64_t stop_seqs_max_len,
         int64_t end_length) {
  check_attrs();
  opforge::check_dim_value(kOp, "bsz", bsz);
  opforge::check_dim_value(kOp, "max_accept_len", max_accept_len);
  opforge::check_dim_value(kOp, "pre_ids_len", pre_ids_len);
  opforge::check_dim_value(kOp, "stop_seqs_num", stop_seqs_num);
  opforge::check_dim_value(kOp, "stop_seqs_max_len", stop_seqs_max_len);
  opforge::check_dim_value(kOp, "end_length", end_length);
  opforge::check_dim_at_least(kOp, "max_accept_len", max_accept_len, 1, "1");
  opforge::check_dim_at_least(kOp, "pre_ids_len", pre_ids_len, 1, "1");
  opforge::check_dim_at_least(kOp, "stop_seqs_max_len", stop_seqs_max_len, 1, "1");
  opforge::check_dim_at_least(kOp, "end_length", end_length, 1, "1");

  opforge::check_required(kOp,
                          "accept_tokens",
                          accept_tokens,
                          opforge::numel({bsz, max_accept_len}),
                          "bsz * max_accept_len");
  opforge::check_required(kOp, "accept_num", accept_num, bsz, "bsz");
  opforge::check_required(
      kOp, "pre_ids", pre_ids, opforge::numel({bsz, pre_ids_len}), "bsz * pre_ids_len");
  opforge::check_required(kOp, "step_idx", step_idx, bsz, "bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, bsz, "bsz");
  opforge::check_required(kOp,
                          "stop_seqs",
                          stop_seqs,
                          opforge::numel({bsz, stop_seqs_num, stop_seqs_max_len}),
                          "bsz * stop_seqs_num * stop_seqs_max_len");
  opforge::check_required(kOp,
                          "stop_seqs_len",
                          stop_seqs_len,
                          opforge::numel({bsz, stop_seqs_num}),
                          "bsz * stop_seqs_num");
  opforge::check_required(kOp, "end_ids", end_ids, end_length, "end_length");
  opforge::check_optional(kOp, "min_tokens", min_tokens, bsz, "bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("accept_tokens", accept_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("accept_num", accept_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("pre_ids", pre_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_seqs", stop_seqs, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_seqs_len", stop_seqs_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("end_ids", end_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("min_tokens", min_tokens, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "accept_num",
                                 opforge::Buffer<const int32_t>(accept_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_accept_len, "max_accept_len"));
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(pre_ids_len, "pre_ids_len"));
      opforge::check_value_range(kOp,
                                 "stop_seqs_len",
                                 opforge::Buffer<const int32_t>(stop_seqs_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(stop_seqs_max_len, "stop_seqs_max_len"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.accept_tokens = accept_tokens.data;
      args.accept_num = accept_num.data;
      args.pre_ids = pre_ids.data;
      args.step_idx = step_idx.data;
      args.stop_flags = stop_flags.data;
      args.stop_seqs = stop_seqs.data;
      args.stop_seqs_len = stop_seqs_len.data;
      args.end_ids = end_ids.data;
      args.min_tokens = min_tokens.data;
      args.bsz = bsz;
      args.max_accept_len = max_accept_len;
      args.pre_ids_len = pre_ids_len;
      args.stop_seqs_num = stop_seqs_num;
      args.stop_seqs_max_len = stop_seqs_max_len;
      args.end_length = end_length;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      accept_tokens,
                      accept_num,
                      pre_ids,
                      step_idx,
                      stop_flags,
                      stop_seqs,
                      stop_seqs_len,
                      end_ids,
                      min_tokens,
                      bsz,
                      max_accept_len,
                      pre_ids_len,
                      stop_seqs_num,
                      stop_seqs_max_len,
                      end_length);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         accept_tokens,
                         accept_num,
                         pre_ids,
                         step_idx,
                         stop_flags,
                         stop_seqs,
                         stop_seqs_len,
                         end_ids,
                         min_tokens,
                         bsz,
                         max_accept_len,
                         pre_ids_len,
                         stop_seqs_num,
                         stop_seqs_max_len,
                         end_length);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      accept_tokens,
                      accept_num,
                      pre_ids,
                      step_idx,
                      stop_flags,
                      stop_seqs,
                      stop_seqs_len,
                      end_ids,
                      min_tokens,
                      bsz,
                      max_accept_len,
                      pre_ids_len,
                      stop_seqs_num,
                      stop_seqs_max_len,
                      end_length);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         accept_tokens,
                         accept_num,
                         pre_ids,
                         step_idx,
                         stop_flags,
                         stop_seqs,
                         stop_seqs_len,
                         end_ids,
                         min_tokens,
                         bsz,
                         max_accept_len,
                         pre_ids_len,
                         stop_seqs_num,
                         stop_seqs_max_len,
                         end_length);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

}  // namespace opforge::speculate_set_stop_value_multi_seqs
