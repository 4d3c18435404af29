// Generated from opspec/eagle_gather_hidden_states.yaml by `python -m codegen`. Do not edit.
#include "entry/eagle_gather_hidden_states.h"

#include <memory>

namespace opforge::eagle_gather_hidden_states {
namespace {
constexpr const char* kOp = "eagle_gather_hidden_states";
}  // namespace

void check_attrs() {
}

template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> hidden_states,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<T> out,
         opforge::Buffer<int32_t> output_token_num,
         int64_t real_bsz,
         int64_t input_token_num,
         int64_t dim_embed) {
  check_attrs();
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "input_token_num", input_token_num);
  opforge::check_dim_value(kOp, "dim_embed", dim_embed);

  opforge::check_required(kOp,
                          "hidden_states",
                          hidden_states,
                          opforge::numel({input_token_num, dim_embed}),
                          "input_token_num * dim_embed");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(
      kOp, "out", out, opforge::numel({real_bsz, dim_embed}), "real_bsz * dim_embed");
  opforge::check_required(kOp, "output_token_num", output_token_num, 1, "1");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("out", out, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("output_token_num", output_token_num, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("hidden_states", hidden_states, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_total(kOp,
                           "seq_lens_this_time",
                           opforge::Buffer<const int32_t>(seq_lens_this_time),
                           input_token_num,
                           "input_token_num");
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs<T> args;
      args.hidden_states = hidden_states.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.out = out.data;
      args.output_token_num = output_token_num.data;
      args.real_bsz = real_bsz;
      args.input_token_num = input_token_num;
      args.dim_embed = dim_embed;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim<T>(ctx,
                         hidden_states,
                         seq_lens_this_time,
                         out,
                         output_token_num,
                         real_bsz,
                         input_token_num,
                         dim_embed);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device<T>(ctx,
                            hidden_states,
                            seq_lens_this_time,
                            out,
                            output_token_num,
                            real_bsz,
                            input_token_num,
                            dim_embed);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim<T>(ctx,
                         hidden_states,
                         seq_lens_this_time,
                         out,
                         output_token_num,
                         real_bsz,
                         input_token_num,
                         dim_embed);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device<T>(ctx,
                            hidden_states,
                            seq_lens_this_time,
                            out,
                            output_token_num,
                            real_bsz,
                            input_token_num,
                            dim_embed);
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
                                 "the kernel's output_token_num",
                                 opforge::Buffer<const int32_t>(output_token_num),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(real_bsz, "real_bsz"));
    }
  }
}

// One instance per dtype of T (the Paddle glue dispatches on it).
template void run<float>(const opforge::Context&,
                         opforge::Buffer<const float>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<float>,
                         opforge::Buffer<int32_t>,
                         int64_t,
                         int64_t,
                         int64_t);
template void run<opforge::float16>(const opforge::Context&,
                                    opforge::Buffer<const opforge::float16>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<opforge::float16>,
                                    opforge::Buffer<int32_t>,
                                    int64_t,
                                    int64_t,
                                    int64_t);
template void run<opforge::bfloat16>(const opforge::Context&,
                                     opforge::Buffer<const opforge::bfloat16>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<opforge::bfloat16>,
                                     opforge::Buffer<int32_t>,
                                     int64_t,
                                     int64_t,
                                     int64_t);

}  // namespace opforge::eagle_gather_hidden_states
