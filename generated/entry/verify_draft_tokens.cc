// Generated from opspec/verify_draft_tokens.yaml by `python -m codegen`. Do not edit.
#include "entry/verify_draft_tokens.h"

#include <memory>

namespace opforge::verify_draft_tokens {
namespace {
constexpr const char* kOp = "verify_draft_tokens";
}  // namespace

void check_attrs(int32_t max_seq_len,
                 int32_t verify_window,
                 opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
                 bool reject_all,
                 bool accept_all,
                 int64_t seed) {
  opforge::check_attr_range(
      kOp, "verify_window", static_cast<int64_t>(verify_window), 1, std::nullopt);
  opforge::check_enum(kOp,
                      "verify_strategy",
                      static_cast<int64_t>(verify_strategy),
                      {0, 1, 2},
                      "topp (0), greedy (1), target_match (2)");
  opforge::check_attr_range(kOp, "seed", static_cast<int64_t>(seed), -1, std::nullopt);
  (void)max_seq_len;
  (void)reject_all;
  (void)accept_all;
}

void run(const opforge::Context& ctx,
         opforge::Buffer<int64_t> step_output_ids,
         opforge::Buffer<int32_t> step_output_len,
         opforge::Buffer<const int64_t> step_input_ids,
         opforge::Buffer<const int64_t> target_tokens,
         opforge::Buffer<const int64_t> candidate_ids,
         opforge::Buffer<const float> candidate_scores,
         opforge::Buffer<const int32_t> candidate_lens,
         opforge::Buffer<const float> topp,
         opforge::Buffer<const bool> stop_flags,
         opforge::Buffer<const int32_t> seq_lens_encoder,
         opforge::Buffer<const int32_t> seq_lens_this_time,
         opforge::Buffer<const int64_t> end_tokens,
         opforge::Buffer<const bool> is_block_step,
         opforge::Buffer<const int32_t> cu_seqlens_q_output,
         opforge::Buffer<const int32_t> reasoning_status,
         opforge::Buffer<const int64_t> max_dec_len,
         opforge::Buffer<const int64_t> step_idx,
         int64_t max_bsz,
         int64_t max_step_tokens,
         int64_t real_bsz,
         int64_t token_num,
         int64_t max_candidate_len,
         int64_t end_length,
         int32_t max_seq_len,
         int32_t verify_window,
         opforge::verify_draft_tokens::VerifyStrategy verify_strategy,
         bool reject_all,
         bool accept_all,
         int64_t seed) {
  check_attrs(max_seq_len, verify_window, verify_strategy, reject_all, accept_all, seed);
  opforge::check_dim_value(kOp, "max_bsz", max_bsz);
  opforge::check_dim_value(kOp, "max_step_tokens", max_step_tokens);
  opforge::check_dim_value(kOp, "real_bsz", real_bsz);
  opforge::check_dim_value(kOp, "token_num", token_num);
  opforge::check_dim_value(kOp, "max_candidate_len", max_candidate_len);
  opforge::check_dim_value(kOp, "end_length", end_length);
  opforge::check_dim_at_most(kOp, "real_bsz", real_bsz, max_bsz, "max_bsz");
  if (candidate_ids.present() || candidate_scores.present())
    opforge::check_dim_at_least(kOp, "max_candidate_len", max_candidate_len, 1, "1");
  opforge::check_dim_at_least(kOp, "end_length", end_length, 1, "1");

  opforge::check_required(kOp,
                          "step_output_ids",
                          step_output_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required(kOp, "step_output_len", step_output_len, max_bsz, "max_bsz");
  opforge::check_required(kOp,
                          "step_input_ids",
                          step_input_ids,
                          opforge::numel({max_bsz, max_step_tokens}),
                          "max_bsz * max_step_tokens");
  opforge::check_required_when(
      kOp,
      "target_tokens",
      target_tokens,
      token_num,
      "token_num",
      (verify_strategy == VerifyStrategy::greedy || verify_strategy == VerifyStrategy::target_match),
      "verify_strategy is greedy or target_match");
  opforge::check_required_when(kOp,
                               "candidate_ids",
                               candidate_ids,
                               opforge::numel({token_num, max_candidate_len}),
                               "token_num * max_candidate_len",
                               (verify_strategy == VerifyStrategy::topp),
                               "verify_strategy is topp");
  opforge::check_required_when(kOp,
                               "candidate_scores",
                               candidate_scores,
                               opforge::numel({token_num, max_candidate_len}),
                               "token_num * max_candidate_len",
                               (verify_strategy == VerifyStrategy::topp),
                               "verify_strategy is topp");
  opforge::check_required_when(kOp,
                               "candidate_lens",
                               candidate_lens,
                               token_num,
                               "token_num",
                               (verify_strategy == VerifyStrategy::topp),
                               "verify_strategy is topp");
  opforge::check_required(kOp, "topp", topp, max_bsz, "max_bsz");
  opforge::check_required(kOp, "stop_flags", stop_flags, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_encoder", seq_lens_encoder, max_bsz, "max_bsz");
  opforge::check_required(kOp, "seq_lens_this_time", seq_lens_this_time, real_bsz, "real_bsz");
  opforge::check_required(kOp, "end_tokens", end_tokens, end_length, "end_length");
  opforge::check_required(kOp, "is_block_step", is_block_step, max_bsz, "max_bsz");
  opforge::check_required(
      kOp, "cu_seqlens_q_output", cu_seqlens_q_output, real_bsz + 1, "real_bsz + 1");
  opforge::check_required(kOp, "reasoning_status", reasoning_status, max_bsz, "max_bsz");
  opforge::check_required(kOp, "max_dec_len", max_dec_len, max_bsz, "max_bsz");
  opforge::check_required(kOp, "step_idx", step_idx, max_bsz, "max_bsz");
  // No two buffers share memory where the kernel writes one (the same tensor
  // twice, or views of one allocation).
  opforge::check_disjoint(
      kOp,
      ctx.backend == opforge::Backend::kXpu3 || ctx.backend == opforge::Backend::kCuda,
      {opforge::span("step_output_ids", step_output_ids, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_output_len", step_output_len, opforge::Access::kWritten, opforge::Memory::kDevice),
       opforge::span("step_input_ids", step_input_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("target_tokens", target_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("candidate_ids", candidate_ids, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("candidate_scores", candidate_scores, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("candidate_lens", candidate_lens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("topp", topp, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("stop_flags", stop_flags, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_encoder", seq_lens_encoder, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("seq_lens_this_time", seq_lens_this_time, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("end_tokens", end_tokens, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("is_block_step", is_block_step, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("cu_seqlens_q_output", cu_seqlens_q_output, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("reasoning_status", reasoning_status, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("max_dec_len", max_dec_len, opforge::Access::kRead, opforge::Memory::kDevice),
       opforge::span("step_idx", step_idx, opforge::Access::kRead, opforge::Memory::kDevice)});

  // The value-checked mode: each tensor's declared value domain.
  if (opforge::value_checks()) {
    // On a device backend these tensors hold device pointers: never read them here.
    if (ctx.backend != opforge::Backend::kXpu3 && ctx.backend != opforge::Backend::kCuda) {
      if (candidate_scores.present())
        opforge::check_probability_rows(kOp,
                                        "candidate_scores",
                                        opforge::Buffer<const float>(candidate_scores),
                                        max_candidate_len);
      if ((candidate_lens.present()) && (candidate_ids.present() || candidate_scores.present()))
        opforge::check_value_range(
            kOp,
            "candidate_lens",
            opforge::Buffer<const int32_t>(candidate_lens),
            opforge::at_least<int64_t>(0, "0"),
            opforge::at_most<int64_t>(max_candidate_len, "max_candidate_len"));
      opforge::check_value_range(kOp,
                                 "topp",
                                 opforge::Buffer<const float>(topp),
                                 opforge::above<double>(0.0, "0.0"),
                                 opforge::at_most<double>(1.0, "1"));
      opforge::check_value_range(kOp,
                                 "seq_lens_encoder",
                                 opforge::Buffer<const int32_t>(seq_lens_encoder),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "seq_lens_this_time",
                                 opforge::Buffer<const int32_t>(seq_lens_this_time),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_step_tokens, "max_step_tokens"));
      if (target_tokens.present() || candidate_ids.present() || candidate_scores.present() || candidate_lens.present())
        opforge::check_prefix_sum_ending_at(kOp,
                                            "cu_seqlens_q_output",
                                            opforge::Buffer<const int32_t>(cu_seqlens_q_output),
                                            "seq_lens_this_time",
                                            opforge::Buffer<const int32_t>(seq_lens_this_time),
                                            token_num,
                                            "token_num");
      if (!(target_tokens.present() || candidate_ids.present() || candidate_scores.present() || candidate_lens.present()))
        opforge::check_prefix_sum(kOp,
                                  "cu_seqlens_q_output",
                                  opforge::Buffer<const int32_t>(cu_seqlens_q_output),
                                  "seq_lens_this_time",
                                  opforge::Buffer<const int32_t>(seq_lens_this_time));
      opforge::check_value_range(kOp,
                                 "reasoning_status",
                                 opforge::Buffer<const int32_t>(reasoning_status),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(3, "3"));
      opforge::check_value_range(kOp,
                                 "max_dec_len",
                                 opforge::Buffer<const int64_t>(max_dec_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
      opforge::check_value_range(kOp,
                                 "step_idx",
                                 opforge::Buffer<const int64_t>(step_idx),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::no_upper_bound<int64_t>());
    }
  }

  // Scratch lives in this frame, so it outlives the kernel call below; its
  // size is checked against the limit before it is allocated.
  std::unique_ptr<float[]> topp_uniforms_storage(
      new float[opforge::check_alloc(kOp, "topp_uniforms", "[max_bsz]", {max_bsz}, sizeof(float))]());
  opforge::fill_uniform(topp_uniforms_storage.get(), max_bsz, opforge::resolve_seed(seed));

  switch (ctx.backend) {
    case opforge::Backend::kCpu: {
      CpuArgs args;
      args.step_output_ids = step_output_ids.data;
      args.step_output_len = step_output_len.data;
      args.step_input_ids = step_input_ids.data;
      args.target_tokens = target_tokens.data;
      args.candidate_ids = candidate_ids.data;
      args.candidate_scores = candidate_scores.data;
      args.candidate_lens = candidate_lens.data;
      args.topp = topp.data;
      args.stop_flags = stop_flags.data;
      args.seq_lens_encoder = seq_lens_encoder.data;
      args.seq_lens_this_time = seq_lens_this_time.data;
      args.end_tokens = end_tokens.data;
      args.is_block_step = is_block_step.data;
      args.cu_seqlens_q_output = cu_seqlens_q_output.data;
      args.reasoning_status = reasoning_status.data;
      args.max_dec_len = max_dec_len.data;
      args.step_idx = step_idx.data;
      args.topp_uniforms = topp_uniforms_storage.get();
      args.max_bsz = max_bsz;
      args.max_step_tokens = max_step_tokens;
      args.real_bsz = real_bsz;
      args.token_num = token_num;
      args.max_candidate_len = max_candidate_len;
      args.end_length = end_length;
      args.max_seq_len = max_seq_len;
      args.verify_window = verify_window;
      args.verify_strategy = verify_strategy;
      args.reject_all = reject_all;
      args.accept_all = accept_all;
      args.seed = seed;
      Kernels::cpu(args);
      break;
    }
    case opforge::Backend::kXpu3Sim: {
      launch_xpu3_sim(ctx,
                      step_output_ids,
                      step_output_len,
                      step_input_ids,
                      target_tokens,
                      candidate_ids,
                      candidate_scores,
                      candidate_lens,
                      topp,
                      stop_flags,
                      seq_lens_encoder,
                      seq_lens_this_time,
                      end_tokens,
                      is_block_step,
                      cu_seqlens_q_output,
                      reasoning_status,
                      max_dec_len,
                      step_idx,
                      opforge::Buffer<const float>{topp_uniforms_storage.get(), max_bsz},
                      max_bsz,
                      max_step_tokens,
                      real_bsz,
                      token_num,
                      max_candidate_len,
                      end_length,
                      max_seq_len,
                      verify_window,
                      verify_strategy,
                      reject_all,
                      accept_all,
                      seed);
      break;
    }
#ifdef OPFORGE_WITH_XPU3_TOOLCHAIN
    case opforge::Backend::kXpu3: {
      launch_xpu3_device(ctx,
                         step_output_ids,
                         step_output_len,
                         step_input_ids,
                         target_tokens,
                         candidate_ids,
                         candidate_scores,
                         candidate_lens,
                         topp,
                         stop_flags,
                         seq_lens_encoder,
                         seq_lens_this_time,
                         end_tokens,
                         is_block_step,
                         cu_seqlens_q_output,
                         reasoning_status,
                         max_dec_len,
                         step_idx,
                         opforge::Buffer<const float>{topp_uniforms_storage.get(), max_bsz},
                         max_bsz,
                         max_step_tokens,
                         real_bsz,
                         token_num,
                         max_candidate_len,
                         end_length,
                         max_seq_len,
                         verify_window,
                         verify_strategy,
                         reject_all,
                         accept_all,
                         seed);
      break;
    }
#endif
    case opforge::Backend::kCudaSim: {
      launch_cuda_sim(ctx,
                      step_output_ids,
                      step_output_len,
                      step_input_ids,
                      target_tokens,
                      candidate_ids,
                      candidate_scores,
                      candidate_lens,
                      topp,
                      stop_flags,
                      seq_lens_encoder,
                      seq_lens_this_time,
                      end_tokens,
                      is_block_step,
                      cu_seqlens_q_output,
                      reasoning_status,
                      max_dec_len,
                      step_idx,
                      opforge::Buffer<const float>{topp_uniforms_storage.get(), max_bsz},
                      max_bsz,
                      max_step_tokens,
                      real_bsz,
                      token_num,
                      max_candidate_len,
                      end_length,
                      max_seq_len,
                      verify_window,
                      verify_strategy,
                      reject_all,
                      accept_all,
                      seed);
      break;
    }
#ifdef OPFORGE_WITH_CUDA
    case opforge::Backend::kCuda: {
      launch_cuda_device(ctx,
                         step_output_ids,
                         step_output_len,
                         step_input_ids,
                         target_tokens,
                         candidate_ids,
                         candidate_scores,
                         candidate_lens,
                         topp,
                         stop_flags,
                         seq_lens_encoder,
                         seq_lens_this_time,
                         end_tokens,
                         is_block_step,
                         cu_seqlens_q_output,
                         reasoning_status,
                         max_dec_len,
                         step_idx,
                         opforge::Buffer<const float>{topp_uniforms_storage.get(), max_bsz},
                         max_bsz,
                         max_step_tokens,
                         real_bsz,
                         token_num,
                         max_candidate_len,
                         end_length,
                         max_seq_len,
                         verify_window,
                         verify_strategy,
                         reject_all,
                         accept_all,
                         seed);
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
                                 "the kernel's step_output_len",
                                 opforge::Buffer<const int32_t>(step_output_len),
                                 opforge::at_least<int64_t>(0, "0"),
                                 opforge::at_most<int64_t>(max_step_tokens, "max_step_tokens"));
    }
  }
}

}  // namespace opforge::verify_draft_tokens
