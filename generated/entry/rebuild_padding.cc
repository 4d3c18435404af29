// Generated from opspec/rebuild_padding.yaml by `python -m codegen`. Do not edit.
#include "entry/rebuild_padding.h"

#include <memory>

namespace opforge::rebuild_padding {
namespace {
constexpr const char* kOp = "rebuild_padding";
}  // namespace

void check_attrs(int64_t cpu_out_token_num) {
  opforge::check_attr_range(
      kOp, "cpu_out_token_num", static_cast<int64_t>(cpu_out_token_num), 0, 2147483647);
}

template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> hidden,
         opforge::Buffer<const int32_t> cu_seqlens_q,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<T> out,
         int64_t max_bsz,
         int64_t real_bsz,
         int64_t token_num,
         int64_t hidden_size,
         int64_t out_token_num,
         int64_t cpu_out_token_num) {
  check_attrs(cpu_out_token_num);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_value(kOp, "hidden_size", hidden_size);
  opforge::check_dim_value(kOp, "out_token_num", out_token_num);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");

  opforge::check_required(
      kOp, "hidden", hidden, opforge::numel({token_num, hidden_size}), "token_num * hidden_size");
  opforge::check_required(kOp, "cu_seqlens_q", cu_seqlens_q, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(
      kOp, "cu_seqlens_q_output", cu_seqlens_q_output, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(
      kOp, "out", out, opforge::numel({out_token_num, hidden_size}), "out_token_num * hidden_size");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("out", out, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("hidden", hidden, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q", cu_seqlens_q, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q_output", cu_seqlens_q_output, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_prefix_sum_ending_at(kOp,
                                          "cu_seqlens_q",
                                          opforge::Buffer<const int32_t>(cu_seqlens_q),
                                          "seq_lens_this_time",
                                          opforge::Buffer<const int32_t>(seq_lens_this_time),
                                          token_num,
                                          "token_num");
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
      opforge::check_value_range(kOp,
                                 "cu_seqlens_q_output",
                                 opforge::Buffer<const int32_t>(cu_seqlens_q_output),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(out_token_num, "out_token_num"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs<T> args;
      args.hidden = hidden.data;
      args.cu_seqlens_q = cu_seqlens_q.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.cu_seqlens_q_output = cu_seqlens_q_output.data;
      args.out = out.data;
      args.max_bsz = max_bsz;
      args.real_bsz = real_bsz;
      args.token_num = token_num;
      args.hidden_size = hidden_size;
      args.out_token_num = out_token_num;
      args.cpu_out_token_num = cpu_out_token_num;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim<T>(ctx,
                         hidden,
                         cu_seqlens_q,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         cu_seqlens_q_output,
                         out,
                         max_bsz,
                         real_bsz,
                         token_num,
                         hidden_size,
                         out_token_num,
                         cpu_out_token_num);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device<T>(ctx,
                            hidden,
                            cu_seqlens_q,
                            seq_lens_this_time,
                            seq_lens_encoder,
                            cu_seqlens_q_output,
                            out,
                            max_bsz,
                            real_bsz,
                            token_num,
                            hidden_size,
                            out_token_num,
                            cpu_out_token_num);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim<T>(ctx,
                         hidden,
                         cu_seqlens_q,
                         seq_lens_this_time,
                         seq_lens_encoder,
                         cu_seqlens_q_output,
                         out,
                         max_bsz,
                         real_bsz,
                         token_num,
                         hidden_size,
                         out_token_num,
                         cpu_out_token_num);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device<T>(ctx,
                            hidden,
                            cu_seqlens_q,
                            seq_lens_this_time,
                            seq_lens_encoder,
                            cu_seqlens_q_output,
                            out,
                            max_bsz,
                            real_bsz,
                            token_num,
                            hidden_size,
                            out_token_num,
                            cpu_out_token_num);
      break;
    }
#endif
    default:
      throw opforge::OpError(
          opforge::ErrorKind::kBackend,
          std::string(kOp) + "(): no " + opforge::backend_name(ctx.backend) + " kernel");
  }
}

// One instance per dtype of T (the Paddle glue dispatches on it).
template void run<float>(const opforge::Context&,
                         opforge::Buffer<const float>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<float>,
                         int64_t,
                         int64_t,
                         int64_t,
                         int64_t,
                         int64_t,
                         int64_t);
template void run<opforge::float16>(const opforge::Context&,
                                    opforge::Buffer<const opforge::float16>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<opforge::float16>,
                                    int64_t,
                                    int64_t,
                                    int64_t,
                                    int64_t,
                                    int64_t,
                                    int64_t);
template void run<opforge::bfloat16>(const opforge::Context&,
                                     opforge::Buffer<const opforge::bfloat16>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<opforge::bfloat16>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t);

}  // namespace opforge::rebuild_padding
