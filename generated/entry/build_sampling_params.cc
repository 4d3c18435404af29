// Generated from opspec/build_sampling_params.yaml by `python -m codegen`. Do not edit.
#include "entry/build_sampling_params.h"

#include <memory>

namespace opforge::build_sampling_params {
namespace {
constexpr const char* kOp = "build_sampling_params";
}  // namespace

void check_attrs(int64_t token_num_output_cpu, int64_t increment_value) {
  opforge::check_attr_range(
      kOp, "token_num_output_cpu", static_cast<int64_t>(token_num_output_cpu), 0, 2147483647);
  opforge::check_attr_range(
      kOp, "increment_value", static_cast<int64_t>(increment_value), 0, std::nullopt);
}

void run(const opforge::Context& ctx,
         opforge::Buffer<const float> top_p,
         opforge::Buffer<const int64_t> top_k,
         opforge::Buffer<int64_t> infer_seed,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<float> top_p_padding,
         opforge::Buffer<int64_t> top_k_padding,
         opforge::Buffer<int64_t> topp_seed,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t out_token_num,
         int64_t token_num_output_cpu,
         int64_t increment_value) {
  check_attrs(token_num_output_cpu, increment_value);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "out_token_num", out_token_num);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(kOp, "top_p", top_p, max_bsz, "max_bsz");
  opforge::check_required(kOp, "top_k", top_k, max_bsz, "max_bsz");
  opforge::check_required(kOp, "infer_seed", infer_seed, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "cu_seqlens_q_output", cu_seqlens_q_output, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(
      kOp, "top_p_padding", top_p_padding, opforge::numel({out_token_num, 1}), "out_token_num * 1");
  opforge::check_required(
      kOp, "top_k_padding", top_k_padding, opforge::numel({out_token_num, 1}), "out_token_num * 1");
  opforge::check_required(
      kOp, "topp_seed", topp_seed, opforge::numel({out_token_num, 1}), "out_token_num * 1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("infer_seed", infer_seed, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("top_p_padding", top_p_padding, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("top_k_padding", top_k_padding, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("topp_seed", topp_seed, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("top_p", top_p, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("top_k", top_k, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q_output", cu_seqlens_q_output, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "top_p",
                                 opforge::Buffer<const float>(top_p),
                                 opforge::at_least<double>(0.0, "0.0"),
                                 opforge::at_most<double>(1.0, "1.0"));
      opforge::check_value_range(kOp,
                                 "top_k",
                                 opforge::Buffer<const int64_t>(top_k),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(
          kOp,
          "infer_seed",
          opforge::Buffer<const int64_t>(infer_seed),
          opforge::at_least<int64_t>(0, "0"),
          opforge::at_most<int64_t>(9223372036854775805LL, "9223372036854775805"));
      opforge::check_value_range(kOp,
                                 "cu_seqlens_q_output",
                                 opforge::Buffer<const int32_t>(cu_seqlens_q_output),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(out_token_num, "out_token_num"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.top_p = top_p.data;
      args.top_k = top_k.data;
      args.infer_seed = infer_seed.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.cu_seqlens_q_output = cu_seqlens_q_output.data;
      args.top_p_padding = top_p_padding.data;
      args.top_k_padding = top_k_padding.data;
      args.topp_seed = topp_seed.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.out_token_num = out_token_num;
      args.token_num_output_cpu = token_num_output_cpu;
      args.increment_value = increment_value;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      top_p,
                      top_k,
                      infer_seed,
                      seq_lens_this_time,
                      cu_seqlens_q_output,
                      top_p_padding,
                      top_k_padding,
                      topp_seed,
                      max_bsz,
                      real_bsz,
                      out_token_num,
                      token_num_output_cpu,
                      increment_value);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         top_p,
                         top_k,
                         infer_seed,
                         seq_lens_this_time,
                         cu_seqlens_q_output,
                         top_p_padding,
                         top_k_padding,
                         topp_seed,
                         max_bsz,
                         real_bsz,
                         out_token_num,
                         token_num_output_cpu,
                         increment_value);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      top_p,
                      top_k,
                      infer_seed,
                      seq_lens_this_time,
                      cu_seqlens_q_output,
                      top_p_padding,
                      top_k_padding,
                      topp_seed,
                      max_bsz,
                      real_bsz,
                      out_token_num,
                      token_num_output_cpu,
                      increment_value);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         top_p,
                         top_k,
                         infer_seed,
                         seq_lens_this_time,
                         cu_seqlens_q_output,
                         top_p_padding,
                         top_k_padding,
                         topp_seed,
                         max_bsz,
                         real_bsz,
                         out_token_num,
                         token_num_output_cpu,
                         increment_value);
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
      opforge::check_value_range(
          kOp,
          "the kernel's topp_seed",
          opforge::Buffer<const int64_t>(topp_seed),
          opforge::at_least<int64_t>(0, "0"),
          opforge::at_most<int64_t>(9223372036854775805LL, "9223372036854775805"));
    }
  }
}

}  // namespace opforge::build_sampling_params
