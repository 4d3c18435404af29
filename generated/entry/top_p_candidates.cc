// Generated from opspec/top_p_candidates.yaml by `python -m codegen`. Do not edit.
#include "entry/top_p_candidates.h"

#include <memory>

namespace opforge::top_p_candidates {
namespace {
constexpr const char* kOp = "top_p_candidates";
}  // namespace

void check_attrs(int32_t candidates_len) {
  opforge::check_attr_range(kOp, "candidates_len", static_cast<int64_t>(candidates_len), 1, 16);
}

template <typename T>
void run(const opforge::Context& ctx,
         opforge::Buffer<const T> probs,
         opforge::Buffer<const T> top_p,
         opforge::Buffer<const int32_t> batch_id_per_token,
         opforge::Buffer<T> verify_scores,
         opforge::Buffer<int64_t> verify_tokens,
         opforge::Buffer<int32_t> actual_candidate_lens,
         int64_t token_num,
         int64_t vocab_size,
         int64_t max_bsz,
         int64_t max_candidate_len,
         int32_t candidates_len) {
  check_attrs(candidates_len);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_value(kOp, "vocab_size", vocab_size);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "max_candidate_len", max_candidate_len);
  opforge::check_attr_at_most(kOp, "candidates_len", candidates_len, vocab_size, "vocab_size");

  opforge::check_required(
      kOp, "probs", probs, opforge::numel({token_num, vocab_size}), "token_num * vocab_size");
  opforge::check_required(kOp, "top_p", top_p, max_bsz, "max_bsz");
  opforge::check_required(kOp, "batch_id_per_token", batch_id_per_token, token_num, "token_num");
  opforge::check_required(kOp,
                          "verify_scores",
                          verify_scores,
                          opforge::numel({token_num, max_candidate_len}),
                          "token_num * max_candidate_len");
  opforge::check_required(kOp,
                          "verify_tokens",
                          verify_tokens,
                          opforge::numel({token_num, max_candidate_len}),
                          "token_num * max_candidate_len");
  opforge::check_required(
      kOp, "actual_candidate_lens", actual_candidate_lens, token_num, "token_num");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("verify_scores", verify_scores, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("verify_tokens", verify_tokens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("actual_candidate_lens", actual_candidate_lens, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("probs", probs, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("top_p", top_p, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("batch_id_per_token", batch_id_per_token, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      opforge::check_probability_rows(kOp, "probs", opforge::Buffer<const T>(probs), vocab_size);
      opforge::check_value_range(kOp,
                                 "top_p",
                                 opforge::Buffer<const T>(top_p),
                                 opforge::above<double>(0.0, "0.0"),
                                 opforge::at_most<double>(1.0, "1"));
      opforge::check_value_range(kOp,
                                 "batch_id_per_token",
                                 opforge::Buffer<const int32_t>(batch_id_per_token),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_bsz - 1, "max_bsz - 1"));
    }
  }

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs<T> args;
      args.probs = probs.data;
      args.top_p = top_p.data;
      args.batch_id_per_token = batch_id_per_token.data;
      args.verify_scores = verify_scores.data;
      args.verify_tokens = verify_tokens.data;
      args.actual_candidate_lens = actual_candidate_lens.data;
      args.token_num = token_num;
      args.vocab_size = vocab_size;
      args.max_bsz = max_bsz;
      args.max_candidate_len = max_candidate_len;
      args.candidates_len = candidates_len;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim<T>(ctx,
                         probs,
                         top_p,
                         batch_id_per_token,
                         verify_scores,
                         verify_tokens,
                         actual_candidate_lens,
                         token_num,
                         vocab_size,
                         max_bsz,
                         max_candidate_len,
                         candidates_len);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device<T>(ctx,
                            probs,
                            top_p,
                            batch_id_per_token,
                            verify_scores,
                            verify_tokens,
                            actual_candidate_lens,
                            token_num,
                            vocab_size,
                            max_bsz,
                            max_candidate_len,
                            candidates_len);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim<T>(ctx,
                         probs,
                         top_p,
                         batch_id_per_token,
                         verify_scores,
                         verify_tokens,
                         actual_candidate_lens,
                         token_num,
                         vocab_size,
                         max_bsz,
                         max_candidate_len,
                         candidates_len);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device<T>(ctx,
                            probs,
                            top_p,
                            batch_id_per_token,
                            verify_scores,
                            verify_tokens,
                            actual_candidate_lens,
                            token_num,
                            vocab_size,
                            max_bsz,
                            max_candidate_len,
                            candidates_len);
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
                                 "the kernel's verify_tokens",
                                 opforge::Buffer<const int64_t>(verify_tokens),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(vocab_size - 1, "vocab_size - 1"));
      opforge::check_value_range(kOp,
                                 "the kernel's actual_candidate_lens",
                                 opforge::Buffer<const int32_t>(actual_candidate_lens),
                                 opforge::at_least<int64_t>(1, "1"),
                                 opforge::at_most<int64_t>(max_candidate_len, "max_candidate_len"));
    }
  }
}

// One instance per dtype of T (the Paddle glue dispatches on it).
template void run<float>(const opforge::Context&,
                         opforge::Buffer<const float>,
                         opforge::Buffer<const float>,
                         opforge::Buffer<const int32_t>,
                         opforge::Buffer<float>,
                         opforge::Buffer<int64_t>,
                         opforge::Buffer<int32_t>,
                         int64_t,
                         int64_t,
                         int64_t,
                         int64_t,
                         int32_t);
template void run<opforge::float16>(const opforge::Context&,
                                    opforge::Buffer<const opforge::float16>,
                                    opforge::Buffer<const opforge::float16>,
                                    opforge::Buffer<const int32_t>,
                                    opforge::Buffer<opforge::float16>,
                                    opforge::Buffer<int64_t>,
                                    opforge::Buffer<int32_t>,
                                    int64_t,
                                    int64_t,
                                    int64_t,
                                    int64_t,
                                    int32_t);
template void run<opforge::bfloat16>(const opforge::Context&,
                                     opforge::Buffer<const opforge::bfloat16>,
                                     opforge::Buffer<const opforge::bfloat16>,
                                     opforge::Buffer<const int32_t>,
                                     opforge::Buffer<opforge::bfloat16>,
                                     opforge::Buffer<int64_t>,
                                     opforge::Buffer<int32_t>,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int64_t,
                                     int32_t);

}  // namespace opforge::top_p_candidates
